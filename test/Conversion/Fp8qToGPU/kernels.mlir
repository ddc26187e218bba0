// RUN: fp8-opt %s --convert-fp8q-to-gpu -cse -split-input-file | FileCheck %s

// The 1x128 kernel: shape-generic signature, 16-byte invariant loads,
// packed bf16 magnitude keys, an 8-lane xor-shuffle reduction, IEEE scale
// and reciprocal, the E4M3 conversion, 16-byte code stores.

// CHECK-LABEL: gpu.module @fp8q_quantize_1x128_bf16_fp32 [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// CHECK-NOT:     llvm.mlir.global
// CHECK:         gpu.func @fp8q_quantize_1x128_bf16_fp32(
// CHECK-SAME:        %[[X:.*]]: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:        %[[Q:.*]]: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias},
// CHECK-SAME:        %[[S:.*]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias},
// CHECK-SAME:        %[[M:.*]]: i64, %[[K:.*]]: i64) kernel
// CHECK-SAME:        known_block_size = array<i32: 256, 1, 1>
// CHECK:           llvm.addrspacecast %[[X]] : !llvm.ptr to !llvm.ptr<1>
// CHECK:           %[[EPS:.*]] = arith.constant 9.99999974E-5 : f32
// CHECK:           gpu.thread_id x
// CHECK:           gpu.block_id x
// CHECK:           gpu.block_id y
// 4 strips of 16 bf16 per thread, 2 x 16 bytes each:
// CHECK-COUNT-8:   llvm.load %{{.*}} invariant {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
// CHECK:           %[[MASK:.*]] = arith.constant 2147450879 : i32
// CHECK:           arith.andi %{{.*}}, %[[MASK]] : i32
// CHECK:           arith.maxui %{{.*}}, %{{.*}} : vector<2xi16>
// CHECK:           %[[C1:.*]] = arith.constant 1 : i32
// CHECK:           gpu.shuffle  xor %{{.*}}, %[[C1]], %[[C32:.*]] : i32
// CHECK:           %[[C2:.*]] = arith.constant 2 : i32
// CHECK:           gpu.shuffle  xor %{{.*}}, %[[C2]], %[[C32]] : i32
// CHECK:           %[[C4:.*]] = arith.constant 4 : i32
// CHECK:           gpu.shuffle  xor %{{.*}}, %[[C4]], %[[C32]] : i32
// CHECK:           %[[AMAX:.*]] = arith.maximumf %{{.*}}, %[[EPS]] : f32
// CHECK:           %[[C448:.*]] = arith.constant 4.480000e+02 : f32
// CHECK:           %[[SCALE:.*]] = arith.divf %[[AMAX]], %[[C448]] : f32
// CHECK:           %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:           %[[RCP:.*]] = arith.divf %[[ONE]], %[[SCALE]] : f32
// CHECK:           %[[LO:.*]] = arith.mulf %{{.*}}, %[[RCP]] : f32
// CHECK:           %[[HI:.*]] = arith.mulf %{{.*}}, %[[RCP]] : f32
// CHECK:           nvvm.convert.f32x2.to.f8x2 %[[HI]], %[[LO]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : i16(f8E4M3FN)
// CHECK-COUNT-7:   nvvm.convert.f32x2.to.f8x2
// CHECK:           scf.if
// CHECK:             llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK:           } else {
// CHECK:             llvm.store %{{.*}}, %{{.*}} {alignment = 1 : i64} : i8, !llvm.ptr<1>
// CHECK:           llvm.store %[[SCALE]], %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NOT:       gpu.barrier
// CHECK:           gpu.return
func.func @rowwise(%x: tensor<?x?xbf16>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<?x?xbf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}

// -----

// The 128x128 kernel: a full-warp reduction (xor 16, 8, 4, 2, 1), then the
// 8 warp maxima through dynamic shared memory; pow2 scales are rounded up on
// the bits (count leading zeros for subnormal quotients).

// CHECK-LABEL: gpu.module @fp8q_quantize_128x128_f32_pow2
// CHECK:         gpu.func @fp8q_quantize_128x128_f32_pow2(
// CHECK:           %[[SMEM:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:           %[[MAXIMA:.*]] = memref.view %[[SMEM]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xi32, #gpu.address_space<workgroup>>
// 4 strips of 16 f32 per thread, 4 x 16 bytes each:
// CHECK-COUNT-16:  llvm.load %{{.*}} invariant {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
// CHECK:           %[[ABS:.*]] = arith.constant 2147483647 : i32
// CHECK:           arith.andi %{{.*}}, %[[ABS]] : i32
// CHECK:           gpu.shuffle  xor %{{.*}}, %c16_i32, %c32_i32 : i32
// CHECK:           gpu.shuffle  xor %{{.*}}, %c8_i32, %c32_i32 : i32
// CHECK:           gpu.shuffle  xor %{{.*}}, %c4_i32, %c32_i32 : i32
// CHECK:           gpu.shuffle  xor %{{.*}}, %c2_i32, %c32_i32 : i32
// CHECK:           gpu.shuffle  xor %{{.*}}, %c1_i32, %c32_i32 : i32
// CHECK:           memref.store %{{.*}}, %[[MAXIMA]][%{{.*}}] : memref<8xi32, #gpu.address_space<workgroup>>
// CHECK:           gpu.barrier
// CHECK-COUNT-8:   memref.load %[[MAXIMA]][%{{.*}}] : memref<8xi32, #gpu.address_space<workgroup>>
// CHECK:           arith.divf
// CHECK:           llvm.intr.ctlz
// CHECK:           arith.select
// CHECK:           arith.divf
// CHECK:           nvvm.convert.f32x2.to.f8x2
func.func @block(%x: tensor<?x?xf32>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<?x?xf32> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}

// -----

// The 128x1 transposed kernel (staged): the tile goes into a swizzled
// shared-memory stage with 16-byte cp.async copies (zero-filled past the
// edges); each lane then reads 16 rows of one stage word, a 128-row column is
// reduced over 8 lanes (xor 1, 2, 4) without shared memory or a barrier, and
// the codes leave as 16-byte K-major strips.

// CHECK-LABEL: gpu.module @fp8q_quantize_128x1t_f16_fp32
// CHECK:         gpu.func @fp8q_quantize_128x1t_f16_fp32(
// CHECK-SAME:        %{{.*}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:        %{{.*}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias},
// CHECK-SAME:        %{{.*}}: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias},
// CHECK-SAME:        %{{.*}}: i64, %{{.*}}: i64) kernel
// CHECK-SAME:        known_block_size = array<i32: 256, 1, 1>, nvvm.minctasm = 4 : i32
// CHECK:           %[[EPS:.*]] = arith.constant 9.99999974E-5 : f32
// CHECK:           gpu.block_id x
// The raster: pairs of column tiles walked down the rows from 128 row tiles on.
// CHECK:           %[[GROUPED:.*]] = arith.cmpi uge, %{{.*}}, %c128_i64 : i64
// CHECK:           arith.select %[[GROUPED]], %{{.*}}, %{{.*}} : i64
// CHECK:           arith.select %[[GROUPED]], %{{.*}}, %{{.*}} : i64
// CHECK:           scf.for
// One tile per CTA: no barrier before the copy.
// CHECK-NOT:         gpu.barrier
// 8 chunks of 16 bytes per thread (a 32 KiB tile):
// CHECK-COUNT-8:     nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache =  cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK:             nvvm.cp.async.commit.group
// CHECK-NEXT:        nvvm.cp.async.wait.group 0
// CHECK-NEXT:        gpu.barrier
// CHECK-COUNT-16:    memref.load %{{.*}}[%{{.*}}] : memref<8192xi32, #gpu.address_space<workgroup>>
// CHECK:             arith.maxui %{{.*}}, %{{.*}} : vector<2xi16>
// CHECK:             gpu.shuffle  xor %{{.*}}, %c1_i32, %c32_i32 : i32
// CHECK:             gpu.shuffle  xor %{{.*}}, %c2_i32, %c32_i32 : i32
// CHECK:             gpu.shuffle  xor %{{.*}}, %c4_i32, %c32_i32 : i32
// The f16 elements are widened exactly before scaling.
// CHECK:             arith.extf %{{.*}} : f16 to f32
// CHECK:             arith.maximumf %{{.*}}, %[[EPS]] : f32
// CHECK:             llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK:             nvvm.convert.f32x2.to.f8x2
// CHECK:             llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK-NOT:         gpu.barrier
// CHECK:           gpu.return
func.func @colwise(%x: tensor<?x?xf16>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<?x?xf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}

// -----

// The 128x128 transposed kernel (staged like 128x1-T): every lane folds the
// keys of all its stage words, a full-warp reduction (xor 16 .. 1) and the 8
// warp maxima through shared memory give the block's one scale, which thread
// 0 stores; the codes leave as 16-byte K-major strips like 128x1-T's.

// CHECK-LABEL: gpu.module @fp8q_quantize_128x128t_f32_fp32
// CHECK:         gpu.func @fp8q_quantize_128x128t_f32_fp32(
// CHECK-SAME:        %{{.*}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:        %{{.*}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias},
// CHECK-SAME:        %{{.*}}: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias},
// CHECK-SAME:        %{{.*}}: i64, %{{.*}}: i64) kernel
// CHECK-SAME:        known_block_size = array<i32: 256, 1, 1>, nvvm.minctasm = 3 : i32
// CHECK:           scf.for
// 16 chunks of 16 bytes per thread (a 64 KiB f32 tile):
// CHECK-COUNT-16:    nvvm.cp.async.shared.global
// CHECK:             nvvm.cp.async.wait.group 0
// CHECK-NEXT:        gpu.barrier
// The block amax: 4 tasks x 16 words per lane, then the whole warp.
// CHECK-COUNT-64:    memref.load %{{.*}}[%{{.*}}] : memref<16384xi32, #gpu.address_space<workgroup>>
// CHECK:             gpu.shuffle  xor %{{.*}}, %c16_i32, %c32_i32 : i32
// CHECK:             gpu.shuffle  xor %{{.*}}, %c8_i32, %c32_i32 : i32
// CHECK:             gpu.shuffle  xor %{{.*}}, %c4_i32, %c32_i32 : i32
// CHECK:             gpu.shuffle  xor %{{.*}}, %c2_i32, %c32_i32 : i32
// CHECK:             gpu.shuffle  xor %{{.*}}, %c1_i32, %c32_i32 : i32
// CHECK:             memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<8xi32, #gpu.address_space<workgroup>>
// CHECK:             gpu.barrier
// CHECK-COUNT-8:     memref.load %{{.*}}[%{{.*}}] : memref<8xi32, #gpu.address_space<workgroup>>
// CHECK:             arith.maximumf %{{.*}}, %{{.*}} : f32
// No per-column reduction and no per-column scale store:
// CHECK-NOT:         gpu.shuffle
// CHECK:             nvvm.convert.f32x2.to.f8x2
// CHECK:             llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK:             llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NOT:         gpu.barrier
// CHECK:           gpu.return
func.func @block_transposed(%x: tensor<?x?xf32>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x128>, transpose}
      : tensor<?x?xf32> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}

// -----

// The fused kernel has both outputs from one staged tile: the row path reads
// 16-byte row strips of the stage (xor 1, 2, 4 over a row's 8 strips), then
// the column path reads stage words (xor 1, 2, 4 over a column's 8 lanes).

// CHECK-LABEL: gpu.module @fp8q_quantize_1x128_128x1t_bf16_fp32
// CHECK:         gpu.func @fp8q_quantize_1x128_128x1t_bf16_fp32(
// CHECK-SAME:        !llvm.ptr {{.*}}, %{{[a-z0-9]+}}: !llvm.ptr {{.*}}, %{{[a-z0-9]+}}: !llvm.ptr {{.*}}, %{{[a-z0-9]+}}: !llvm.ptr {{.*}}, %{{[a-z0-9]+}}: !llvm.ptr {{.*}}, %{{[a-z0-9]+}}: i64, %{{[a-z0-9]+}}: i64) kernel
// CHECK-SAME:        nvvm.minctasm = 3 : i32
// CHECK:           nvvm.cp.async.wait.group 0
// CHECK-NEXT:      gpu.barrier
// CHECK:           vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<8192xi32, #gpu.address_space<workgroup>>, vector<4xi32>
// CHECK:           gpu.shuffle  xor %{{.*}}, %c4_i32, %c32_i32 : i32
// CHECK:           arith.maximumf
// CHECK:           memref.load %{{.*}}[%{{.*}}] : memref<8192xi32, #gpu.address_space<workgroup>>
// CHECK:           gpu.shuffle  xor %{{.*}}, %c4_i32, %c32_i32 : i32
// CHECK:           arith.maximumf
// CHECK-NOT:       gpu.barrier
// CHECK:           gpu.return
func.func @fused(%x: tensor<?x?xbf16>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<?x?xbf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  %qt, %st = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<?x?xbf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %qt : tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>
}

// -----

// scale_layout = mn_major compiles the `_mn` variants: the same kernels, but
// the scale of tile (row, col) is stored at col * rows + row (the transposed
// grid) instead of row * cols + col. 1x128: (column tile = block x) * M + row.

// CHECK-LABEL: gpu.module @fp8q_quantize_1x128_bf16_fp32_mn
// CHECK:         gpu.func @fp8q_quantize_1x128_bf16_fp32_mn(
// CHECK-SAME:        %[[S:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias},
// CHECK-SAME:        %[[M:[a-z0-9_]+]]: i64, %[[K:[a-z0-9_]+]]: i64) kernel
// CHECK:           %[[SG:.*]] = llvm.addrspacecast %[[S]] : !llvm.ptr to !llvm.ptr<1>
// CHECK:           %[[BXI:.*]] = gpu.block_id x
// CHECK-NEXT:      %[[BX:.*]] = arith.index_castui %[[BXI]] : index to i64
// CHECK:           nvvm.convert.f32x2.to.f8x2
// CHECK:           %[[I:.*]] = arith.muli %[[BX]], %[[M]] : i64
// CHECK-NEXT:      %[[J:.*]] = arith.addi %[[I]], %{{.*}} : i64
// CHECK:           %[[B:.*]] = arith.muli %[[J]], %{{.*}} : i64
// CHECK-NEXT:      %[[P:.*]] = llvm.getelementptr %[[SG]][%[[B]]]
// CHECK-NEXT:      llvm.store %{{.*}}, %[[P]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK:           gpu.return
func.func @rowwise_mn_major(%x: tensor<?x?xbf16>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<?x?xbf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}

// -----

// 128x128 mn_major: (block x) * cdiv(M, 128) + (block y).

// CHECK-LABEL: gpu.module @fp8q_quantize_128x128_f32_fp32_mn
// CHECK:         gpu.func @fp8q_quantize_128x128_f32_fp32_mn(
// CHECK-SAME:        %[[S:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias},
// CHECK-SAME:        %[[M:[a-z0-9_]+]]: i64, %[[K:[a-z0-9_]+]]: i64) kernel
// CHECK:           %[[SG:.*]] = llvm.addrspacecast %[[S]] : !llvm.ptr to !llvm.ptr<1>
// CHECK:           %[[MP:.*]] = arith.addi %[[M]], %{{.*}} : i64
// CHECK-NEXT:      %[[MT:.*]] = arith.shrui %[[MP]], %{{.*}} : i64
// CHECK:           %[[BXI:.*]] = gpu.block_id x
// CHECK-NEXT:      %[[BX:.*]] = arith.index_castui %[[BXI]] : index to i64
// CHECK-NEXT:      %[[BYI:.*]] = gpu.block_id y
// CHECK-NEXT:      %[[BY:.*]] = arith.index_castui %[[BYI]] : index to i64
// CHECK:           %[[I:.*]] = arith.muli %[[BX]], %[[MT]] : i64
// CHECK-NEXT:      %[[J:.*]] = arith.addi %[[I]], %[[BY]] : i64
// CHECK-NEXT:      %[[B:.*]] = arith.muli %[[J]], %{{.*}} : i64
// CHECK-NEXT:      %[[P:.*]] = llvm.getelementptr %[[SG]][%[[B]]]
// CHECK-NEXT:      llvm.store %{{.*}}, %[[P]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK:           gpu.return
func.func @block_mn_major(%x: tensor<?x?xf32>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<?x?xf32> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}

// -----

// 128x1 transposed mn_major: the scale of code row k (a source column) and
// row tile r at r * K + k (k_major: k * cdiv(M, 128) + r).

// CHECK-LABEL: gpu.module @fp8q_quantize_128x1t_f16_fp32_mn
// CHECK:         gpu.func @fp8q_quantize_128x1t_f16_fp32_mn(
// CHECK-SAME:        %[[S:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias},
// CHECK-SAME:        %[[M:[a-z0-9_]+]]: i64, %[[K:[a-z0-9_]+]]: i64) kernel
// CHECK:           %[[SG:.*]] = llvm.addrspacecast %[[S]] : !llvm.ptr to !llvm.ptr<1>
// CHECK:           %[[EPS:.*]] = arith.constant 9.99999974E-5 : f32
// CHECK:           arith.maximumf %{{.*}}, %[[EPS]] : f32
// CHECK:           %[[IN:.*]] = arith.cmpi slt, %[[KK:.*]], %[[K]] : i64
// CHECK-NEXT:      scf.if %[[IN]] {
// CHECK-NEXT:        %[[I:.*]] = arith.muli %{{.*}}, %[[K]] : i64
// CHECK-NEXT:        %[[J:.*]] = arith.addi %[[I]], %[[KK]] : i64
// CHECK:             %[[B:.*]] = arith.muli %[[J]], %{{.*}} : i64
// CHECK-NEXT:        %[[P:.*]] = llvm.getelementptr %[[SG]][%[[B]]]
// CHECK-NEXT:        llvm.store %{{.*}}, %[[P]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK:           gpu.return
func.func @colwise_mn_major(%x: tensor<?x?xf16>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<?x?xf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}

// -----

// The fused _mn kernel transposes both scale outputs: row scales at
// (column tile) * M + row, column scales at (row tile) * K + k.

// CHECK-LABEL: gpu.module @fp8q_quantize_1x128_128x1t_bf16_fp32_mn
// CHECK:         gpu.func @fp8q_quantize_1x128_128x1t_bf16_fp32_mn(
// CHECK-SAME:        %[[S:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias},
// CHECK-SAME:        %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias},
// CHECK-SAME:        %[[ST:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias},
// CHECK-SAME:        %[[M:[a-z0-9_]+]]: i64, %[[K:[a-z0-9_]+]]: i64) kernel
// CHECK:           %[[SG:.*]] = llvm.addrspacecast %[[S]] : !llvm.ptr to !llvm.ptr<1>
// CHECK:           %[[STG:.*]] = llvm.addrspacecast %[[ST]] : !llvm.ptr to !llvm.ptr<1>
// CHECK:           %[[I:.*]] = arith.muli %{{.*}}, %[[M]] : i64
// CHECK-NEXT:      %[[J:.*]] = arith.addi %[[I]], %{{.*}} : i64
// CHECK:           %[[B:.*]] = arith.muli %[[J]], %{{.*}} : i64
// CHECK-NEXT:      %[[P:.*]] = llvm.getelementptr %[[SG]][%[[B]]]
// CHECK-NEXT:      llvm.store %{{.*}}, %[[P]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK:           %[[IN:.*]] = arith.cmpi slt, %[[KK:.*]], %[[K]] : i64
// CHECK-NEXT:      scf.if %[[IN]] {
// CHECK-NEXT:        %[[TI:.*]] = arith.muli %{{.*}}, %[[K]] : i64
// CHECK-NEXT:        %[[TJ:.*]] = arith.addi %[[TI]], %[[KK]] : i64
// CHECK:             %[[TB:.*]] = arith.muli %[[TJ]], %{{.*}} : i64
// CHECK-NEXT:        %[[TP:.*]] = llvm.getelementptr %[[STG]][%[[TB]]]
// CHECK-NEXT:        llvm.store %{{.*}}, %[[TP]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK:           gpu.return
func.func @fused_mn_major(%x: tensor<?x?xbf16>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<?x?xbf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  %qt, %st = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<?x?xbf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %qt : tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>
}
