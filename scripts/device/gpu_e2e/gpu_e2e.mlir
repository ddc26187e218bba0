// The end-to-end GPU test program of scripts/device/build_gpu_e2e.sh: a
// self-contained fp8q program with a @main that builds deterministic inputs,
// quantizes them on the GPU, dequantizes and multiplies on the host, and
// dumps every input and result as raw bytes (fp8q_e2e_dump, gpu_e2e_dump.c).
// check_gpu_e2e.py rebuilds the inputs with numpy from the same formulas and
// compares the dumps with python/fp8q/reference.py bit for bit.
//
//   x [200, 384] bf16   activations   quantize 1x128 fp32      (GPU, rowwise)
//   w [256, 384] f32    weights       quantize 128x128 fp32    (GPU, block)
//   g [136, 272] bf16   gradient      quantize 1x128 pow2 and
//                                     128x1 transposed pow2    (GPU, fused)
//   dw = dequantize(qw, sw) f32                                (host loops)
//   y  = scaled_matmul(qx, sx, qw, sw) f32 [200, 256]          (host loops)
//
// Formulas (i = row, j = column; every value is exact in its type):
//   x[i, j] = (((37 i + 11 j + 3) mod 251) - 125) * 2^((i mod 7) + j div 128 - 6)
//             except x[3, 5] = NaN, x[4, 200] = +Inf, and row 6 = +-0
//             (-0 at odd j)
//   w[i, j] = (((13 i + 7 j + 1) mod 241) - 120) * 2^(2 (i div 128) + (j mod 3) - 10)
//   g[i, j] = (((5 i + 29 j) mod 199) - 99) * 2^((j mod 4) - 2)
// Tails: M = 200 and 136 are not multiples of 128; K = 272 is not either.

#id2 = affine_map<(i, j) -> (i, j)>

module {
  llvm.mlir.global internal constant @name_x("x\00")
  llvm.mlir.global internal constant @name_w("w\00")
  llvm.mlir.global internal constant @name_g("g\00")
  llvm.mlir.global internal constant @name_qx("qx\00")
  llvm.mlir.global internal constant @name_sx("sx\00")
  llvm.mlir.global internal constant @name_qw("qw\00")
  llvm.mlir.global internal constant @name_sw("sw\00")
  llvm.mlir.global internal constant @name_qg("qg\00")
  llvm.mlir.global internal constant @name_sg("sg\00")
  llvm.mlir.global internal constant @name_qgt("qgt\00")
  llvm.mlir.global internal constant @name_sgt("sgt\00")
  llvm.mlir.global internal constant @name_dw("dw\00")
  llvm.mlir.global internal constant @name_y("y\00")

  /// Writes `bytes` bytes at `data` to $FP8Q_E2E_OUT/<name>.bin and prints
  /// their size and hash (gpu_e2e_dump.c).
  func.func private @fp8q_e2e_dump(!llvm.ptr, !llvm.ptr, i64)

  /// 2^e for a small integer e, exactly: (1 << (e + 16)) * 2^-16.
  func.func private @pow2(%e: i32) -> f32 {
    %c16 = arith.constant 16 : i32
    %one = arith.constant 1 : i32
    %shift = arith.addi %e, %c16 : i32
    %bits = arith.shli %one, %shift : i32
    %f = arith.sitofp %bits : i32 to f32
    %unit = arith.constant 1.52587890625e-05 : f32
    %r = arith.mulf %f, %unit : f32
    return %r : f32
  }

  /// ((a i + b j + c) mod p) - h as f32, times 2^e.
  func.func private @pattern(%i: index, %j: index, %a: i32, %b: i32, %c: i32,
                             %p: i32, %h: i32, %e: i32) -> f32 {
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %ai = arith.muli %a, %ii : i32
    %bj = arith.muli %b, %jj : i32
    %s0 = arith.addi %ai, %bj : i32
    %s1 = arith.addi %s0, %c : i32
    %m = arith.remui %s1, %p : i32
    %v = arith.subi %m, %h : i32
    %vf = arith.sitofp %v : i32 to f32
    %scale = func.call @pow2(%e) : (i32) -> f32
    %r = arith.mulf %vf, %scale : f32
    return %r : f32
  }

  func.func private @make_x() -> tensor<200x384xbf16> {
    %e = tensor.empty() : tensor<200x384xbf16>
    %x = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
        outs(%e : tensor<200x384xbf16>) {
    ^bb0(%out: bf16):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %c7 = arith.constant 7 : i32
      %c128 = arith.constant 128 : i32
      %c6 = arith.constant 6 : i32
      %im = arith.remui %ii, %c7 : i32
      %jd = arith.divui %jj, %c128 : i32
      %e0 = arith.addi %im, %jd : i32
      %ex = arith.subi %e0, %c6 : i32
      %a = arith.constant 37 : i32
      %b = arith.constant 11 : i32
      %c = arith.constant 3 : i32
      %p = arith.constant 251 : i32
      %h = arith.constant 125 : i32
      %v = func.call @pattern(%i, %j, %a, %b, %c, %p, %h, %ex)
          : (index, index, i32, i32, i32, i32, i32, i32) -> f32
      // Special values.
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6i = arith.constant 6 : index
      %c200 = arith.constant 200 : index
      %nan = arith.constant 0x7FC00000 : f32
      %inf = arith.constant 0x7F800000 : f32
      %zero = arith.constant 0.0 : f32
      %nzero = arith.constant -0.0 : f32
      %r3 = arith.cmpi eq, %i, %c3 : index
      %k5 = arith.cmpi eq, %j, %c5 : index
      %isnan = arith.andi %r3, %k5 : i1
      %r4 = arith.cmpi eq, %i, %c4 : index
      %k200 = arith.cmpi eq, %j, %c200 : index
      %isinf = arith.andi %r4, %k200 : i1
      %r6 = arith.cmpi eq, %i, %c6i : index
      %one = arith.constant 1 : i32
      %odd = arith.andi %jj, %one : i32
      %isodd = arith.cmpi ne, %odd, %one : i32
      %z = arith.select %isodd, %zero, %nzero : f32
      %v1 = arith.select %isnan, %nan, %v : f32
      %v2 = arith.select %isinf, %inf, %v1 : f32
      %v3 = arith.select %r6, %z, %v2 : f32
      %t = arith.truncf %v3 : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<200x384xbf16>
    return %x : tensor<200x384xbf16>
  }

  func.func private @make_w() -> tensor<256x384xf32> {
    %e = tensor.empty() : tensor<256x384xf32>
    %w = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
        outs(%e : tensor<256x384xf32>) {
    ^bb0(%out: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %c128 = arith.constant 128 : i32
      %c2 = arith.constant 2 : i32
      %c3 = arith.constant 3 : i32
      %c10 = arith.constant 10 : i32
      %id = arith.divui %ii, %c128 : i32
      %i2 = arith.muli %id, %c2 : i32
      %jm = arith.remui %jj, %c3 : i32
      %e0 = arith.addi %i2, %jm : i32
      %ex = arith.subi %e0, %c10 : i32
      %a = arith.constant 13 : i32
      %b = arith.constant 7 : i32
      %c = arith.constant 1 : i32
      %p = arith.constant 241 : i32
      %h = arith.constant 120 : i32
      %v = func.call @pattern(%i, %j, %a, %b, %c, %p, %h, %ex)
          : (index, index, i32, i32, i32, i32, i32, i32) -> f32
      linalg.yield %v : f32
    } -> tensor<256x384xf32>
    return %w : tensor<256x384xf32>
  }

  func.func private @make_g() -> tensor<136x272xbf16> {
    %e = tensor.empty() : tensor<136x272xbf16>
    %g = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
        outs(%e : tensor<136x272xbf16>) {
    ^bb0(%out: bf16):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %jj = arith.index_cast %j : index to i32
      %c4 = arith.constant 4 : i32
      %c2 = arith.constant 2 : i32
      %jm = arith.remui %jj, %c4 : i32
      %ex = arith.subi %jm, %c2 : i32
      %a = arith.constant 5 : i32
      %b = arith.constant 29 : i32
      %c = arith.constant 0 : i32
      %p = arith.constant 199 : i32
      %h = arith.constant 99 : i32
      %v = func.call @pattern(%i, %j, %a, %b, %c, %p, %h, %ex)
          : (index, index, i32, i32, i32, i32, i32, i32) -> f32
      %t = arith.truncf %v : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<136x272xbf16>
    return %g : tensor<136x272xbf16>
  }

  func.func @main() -> i32 {
    %x = func.call @make_x() : () -> tensor<200x384xbf16>
    %w = func.call @make_w() : () -> tensor<256x384xf32>
    %g = func.call @make_g() : () -> tensor<136x272xbf16>

    // Activations, 1x128 (rowwise kernel).
    %qx0 = tensor.empty() : tensor<200x384xf8E4M3FN>
    %sx0 = tensor.empty() : tensor<200x3xf32>
    %qx, %sx = fp8q.quantize %x outs(%qx0, %sx0) {tile = #fp8q.tile<1x128>}
        : tensor<200x384xbf16> -> tensor<200x384xf8E4M3FN>, tensor<200x3xf32>
    // Weights, 128x128 (block kernel).
    %qw0 = tensor.empty() : tensor<256x384xf8E4M3FN>
    %sw0 = tensor.empty() : tensor<2x3xf32>
    %qw, %sw = fp8q.quantize %w outs(%qw0, %sw0) {tile = #fp8q.tile<128x128>}
        : tensor<256x384xf32> -> tensor<256x384xf8E4M3FN>, tensor<2x3xf32>
    // Gradient, 1x128 and 128x1 transposed with pow2 scales (fused kernel).
    %qg0 = tensor.empty() : tensor<136x272xf8E4M3FN>
    %sg0 = tensor.empty() : tensor<136x3xf32>
    %qg, %sg = fp8q.quantize %g outs(%qg0, %sg0)
        {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<pow2>}
        : tensor<136x272xbf16> -> tensor<136x272xf8E4M3FN>, tensor<136x3xf32>
    %qgt0 = tensor.empty() : tensor<272x136xf8E4M3FN>
    %sgt0 = tensor.empty() : tensor<272x2xf32>
    %qgt, %sgt = fp8q.quantize %g outs(%qgt0, %sgt0)
        {tile = #fp8q.tile<128x1>, transpose, scale_mode = #fp8q.scale_mode<pow2>}
        : tensor<136x272xbf16> -> tensor<272x136xf8E4M3FN>, tensor<272x2xf32>
    // Host loops (convert-fp8q-to-linalg): dequantize and the scaled GEMM.
    %dw0 = tensor.empty() : tensor<256x384xf32>
    %dw = fp8q.dequantize %qw, %sw outs(%dw0) {tile = #fp8q.tile<128x128>}
        : tensor<256x384xf8E4M3FN>, tensor<2x3xf32> -> tensor<256x384xf32>
    %y0 = tensor.empty() : tensor<200x256xf32>
    %y = fp8q.scaled_matmul %qx, %sx, %qw, %sw outs(%y0)
        : tensor<200x384xf8E4M3FN>, tensor<200x3xf32>, tensor<256x384xf8E4M3FN>, tensor<2x3xf32> -> tensor<200x256xf32>

    // Every input and result as raw row-major bytes: the dense buffer of the
    // tensor, its address and size.
    %b_x = bufferization.to_buffer %x read_only : tensor<200x384xbf16> to memref<200x384xbf16>
    %a_x = memref.extract_aligned_pointer_as_index %b_x : memref<200x384xbf16> -> index
    %i_x = arith.index_cast %a_x : index to i64
    %p_x = llvm.inttoptr %i_x : i64 to !llvm.ptr
    %n_x = llvm.mlir.addressof @name_x : !llvm.ptr
    %size_x = arith.constant 153600 : i64
    func.call @fp8q_e2e_dump(%n_x, %p_x, %size_x) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %b_w = bufferization.to_buffer %w read_only : tensor<256x384xf32> to memref<256x384xf32>
    %a_w = memref.extract_aligned_pointer_as_index %b_w : memref<256x384xf32> -> index
    %i_w = arith.index_cast %a_w : index to i64
    %p_w = llvm.inttoptr %i_w : i64 to !llvm.ptr
    %n_w = llvm.mlir.addressof @name_w : !llvm.ptr
    %size_w = arith.constant 393216 : i64
    func.call @fp8q_e2e_dump(%n_w, %p_w, %size_w) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %b_g = bufferization.to_buffer %g read_only : tensor<136x272xbf16> to memref<136x272xbf16>
    %a_g = memref.extract_aligned_pointer_as_index %b_g : memref<136x272xbf16> -> index
    %i_g = arith.index_cast %a_g : index to i64
    %p_g = llvm.inttoptr %i_g : i64 to !llvm.ptr
    %n_g = llvm.mlir.addressof @name_g : !llvm.ptr
    %size_g = arith.constant 73984 : i64
    func.call @fp8q_e2e_dump(%n_g, %p_g, %size_g) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %b_qx = bufferization.to_buffer %qx read_only : tensor<200x384xf8E4M3FN> to memref<200x384xf8E4M3FN>
    %a_qx = memref.extract_aligned_pointer_as_index %b_qx : memref<200x384xf8E4M3FN> -> index
    %i_qx = arith.index_cast %a_qx : index to i64
    %p_qx = llvm.inttoptr %i_qx : i64 to !llvm.ptr
    %n_qx = llvm.mlir.addressof @name_qx : !llvm.ptr
    %size_qx = arith.constant 76800 : i64
    func.call @fp8q_e2e_dump(%n_qx, %p_qx, %size_qx) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %b_sx = bufferization.to_buffer %sx read_only : tensor<200x3xf32> to memref<200x3xf32>
    %a_sx = memref.extract_aligned_pointer_as_index %b_sx : memref<200x3xf32> -> index
    %i_sx = arith.index_cast %a_sx : index to i64
    %p_sx = llvm.inttoptr %i_sx : i64 to !llvm.ptr
    %n_sx = llvm.mlir.addressof @name_sx : !llvm.ptr
    %size_sx = arith.constant 2400 : i64
    func.call @fp8q_e2e_dump(%n_sx, %p_sx, %size_sx) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %b_qw = bufferization.to_buffer %qw read_only : tensor<256x384xf8E4M3FN> to memref<256x384xf8E4M3FN>
    %a_qw = memref.extract_aligned_pointer_as_index %b_qw : memref<256x384xf8E4M3FN> -> index
    %i_qw = arith.index_cast %a_qw : index to i64
    %p_qw = llvm.inttoptr %i_qw : i64 to !llvm.ptr
    %n_qw = llvm.mlir.addressof @name_qw : !llvm.ptr
    %size_qw = arith.constant 98304 : i64
    func.call @fp8q_e2e_dump(%n_qw, %p_qw, %size_qw) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %b_sw = bufferization.to_buffer %sw read_only : tensor<2x3xf32> to memref<2x3xf32>
    %a_sw = memref.extract_aligned_pointer_as_index %b_sw : memref<2x3xf32> -> index
    %i_sw = arith.index_cast %a_sw : index to i64
    %p_sw = llvm.inttoptr %i_sw : i64 to !llvm.ptr
    %n_sw = llvm.mlir.addressof @name_sw : !llvm.ptr
    %size_sw = arith.constant 24 : i64
    func.call @fp8q_e2e_dump(%n_sw, %p_sw, %size_sw) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %b_qg = bufferization.to_buffer %qg read_only : tensor<136x272xf8E4M3FN> to memref<136x272xf8E4M3FN>
    %a_qg = memref.extract_aligned_pointer_as_index %b_qg : memref<136x272xf8E4M3FN> -> index
    %i_qg = arith.index_cast %a_qg : index to i64
    %p_qg = llvm.inttoptr %i_qg : i64 to !llvm.ptr
    %n_qg = llvm.mlir.addressof @name_qg : !llvm.ptr
    %size_qg = arith.constant 36992 : i64
    func.call @fp8q_e2e_dump(%n_qg, %p_qg, %size_qg) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %b_sg = bufferization.to_buffer %sg read_only : tensor<136x3xf32> to memref<136x3xf32>
    %a_sg = memref.extract_aligned_pointer_as_index %b_sg : memref<136x3xf32> -> index
    %i_sg = arith.index_cast %a_sg : index to i64
    %p_sg = llvm.inttoptr %i_sg : i64 to !llvm.ptr
    %n_sg = llvm.mlir.addressof @name_sg : !llvm.ptr
    %size_sg = arith.constant 1632 : i64
    func.call @fp8q_e2e_dump(%n_sg, %p_sg, %size_sg) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %b_qgt = bufferization.to_buffer %qgt read_only : tensor<272x136xf8E4M3FN> to memref<272x136xf8E4M3FN>
    %a_qgt = memref.extract_aligned_pointer_as_index %b_qgt : memref<272x136xf8E4M3FN> -> index
    %i_qgt = arith.index_cast %a_qgt : index to i64
    %p_qgt = llvm.inttoptr %i_qgt : i64 to !llvm.ptr
    %n_qgt = llvm.mlir.addressof @name_qgt : !llvm.ptr
    %size_qgt = arith.constant 36992 : i64
    func.call @fp8q_e2e_dump(%n_qgt, %p_qgt, %size_qgt) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %b_sgt = bufferization.to_buffer %sgt read_only : tensor<272x2xf32> to memref<272x2xf32>
    %a_sgt = memref.extract_aligned_pointer_as_index %b_sgt : memref<272x2xf32> -> index
    %i_sgt = arith.index_cast %a_sgt : index to i64
    %p_sgt = llvm.inttoptr %i_sgt : i64 to !llvm.ptr
    %n_sgt = llvm.mlir.addressof @name_sgt : !llvm.ptr
    %size_sgt = arith.constant 2176 : i64
    func.call @fp8q_e2e_dump(%n_sgt, %p_sgt, %size_sgt) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %b_dw = bufferization.to_buffer %dw read_only : tensor<256x384xf32> to memref<256x384xf32>
    %a_dw = memref.extract_aligned_pointer_as_index %b_dw : memref<256x384xf32> -> index
    %i_dw = arith.index_cast %a_dw : index to i64
    %p_dw = llvm.inttoptr %i_dw : i64 to !llvm.ptr
    %n_dw = llvm.mlir.addressof @name_dw : !llvm.ptr
    %size_dw = arith.constant 393216 : i64
    func.call @fp8q_e2e_dump(%n_dw, %p_dw, %size_dw) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %b_y = bufferization.to_buffer %y read_only : tensor<200x256xf32> to memref<200x256xf32>
    %a_y = memref.extract_aligned_pointer_as_index %b_y : memref<200x256xf32> -> index
    %i_y = arith.index_cast %a_y : index to i64
    %p_y = llvm.inttoptr %i_y : i64 to !llvm.ptr
    %n_y = llvm.mlir.addressof @name_y : !llvm.ptr
    %size_y = arith.constant 204800 : i64
    func.call @fp8q_e2e_dump(%n_y, %p_y, %size_y) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}
