// Shared by the CPU integration programs that run on an edge-case source
// (scale-layout-mn-major.mlir, block-transposed.mlir): the 130x300 f32
// source and the bit-comparison and print helpers. A test prepends this file
// (`cat %S/Inputs/edge-source.mlir %s | fp8-opt ...`).

func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefF32(tensor<*xf32>)

// x[i, j] for 130x300: v = (h - 125) / 16 * 2^((i + 2j) mod 9 - 4) with
// h = (37i + 101j + 7ij) mod 251, placed in six 128x128 tile regions:
//   rows < 128:  cols < 128 v; cols 128..255 below eps (v * 1e-9 on even
//                rows, v * 1e-41, f32 subnormals, on odd rows); cols >= 256
//                v * 1000;
//   rows >= 128: cols < 128 v * 1e30, and 3e38 at (129, 5); cols 128..255
//                v * 1e-3; cols >= 256 zero.
func.func @source() -> tensor<130x300xf32> {
  %e = tensor.empty() : tensor<130x300xf32>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<130x300xf32>) {
  ^bb0(%o: f32):
    %i0 = linalg.index 0 : index
    %j0 = linalg.index 1 : index
    %i = arith.index_cast %i0 : index to i32
    %j = arith.index_cast %j0 : index to i32
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %c5 = arith.constant 5 : i32
    %c7 = arith.constant 7 : i32
    %c9 = arith.constant 9 : i32
    %c23 = arith.constant 23 : i32
    %c37 = arith.constant 37 : i32
    %c101 = arith.constant 101 : i32
    %c125 = arith.constant 125 : i32
    %c127 = arith.constant 127 : i32
    %c128 = arith.constant 128 : i32
    %c129 = arith.constant 129 : i32
    %c251 = arith.constant 251 : i32
    %c256 = arith.constant 256 : i32
    %a = arith.muli %i, %c37 : i32
    %b = arith.muli %j, %c101 : i32
    %ij = arith.muli %i, %j : i32
    %c = arith.muli %ij, %c7 : i32
    %s0 = arith.addi %a, %b : i32
    %s1 = arith.addi %s0, %c : i32
    %h = arith.remui %s1, %c251 : i32
    %hm = arith.subi %h, %c125 : i32
    %hf = arith.sitofp %hm : i32 to f32
    %sixteenth = arith.constant 0.0625 : f32
    %m = arith.mulf %hf, %sixteenth : f32
    %j2 = arith.muli %j, %c2 : i32
    %ej = arith.addi %i, %j2 : i32
    %er = arith.remui %ej, %c9 : i32
    %e0 = arith.subi %er, %c4 : i32
    %eb = arith.addi %e0, %c127 : i32
    %pbits = arith.shli %eb, %c23 : i32
    %p = arith.bitcast %pbits : i32 to f32
    %v = arith.mulf %m, %p : f32
    // Regions.
    %tail_rows = arith.cmpi uge, %i, %c128 : i32
    %mid_cols = arith.cmpi uge, %j, %c128 : i32
    %tail_cols = arith.cmpi uge, %j, %c256 : i32
    %k1e3 = arith.constant 1.0e3 : f32
    %k1em3 = arith.constant 1.0e-3 : f32
    %k1e30 = arith.constant 1.0e30 : f32
    %k1em9 = arith.constant 1.0e-9 : f32
    %k1em41 = arith.constant 1.0e-41 : f32
    %zero = arith.constant 0.0 : f32
    %huge = arith.constant 3.0e38 : f32
    %v_big = arith.mulf %v, %k1e3 : f32
    %v_small = arith.mulf %v, %k1em3 : f32
    %v_huge = arith.mulf %v, %k1e30 : f32
    %v_tiny = arith.mulf %v, %k1em9 : f32
    %v_sub = arith.mulf %v, %k1em41 : f32
    %one = arith.constant 1 : i32
    %zero_i = arith.constant 0 : i32
    %par = arith.andi %i, %one : i32
    %odd_row = arith.cmpi ne, %par, %zero_i : i32
    %below_eps = arith.select %odd_row, %v_sub, %v_tiny : f32
    // rows < 128
    %top_mid = arith.select %tail_cols, %v_big, %below_eps : f32
    %top = arith.select %mid_cols, %top_mid, %v : f32
    // rows >= 128
    %at_i = arith.cmpi eq, %i, %c129 : i32
    %at_j = arith.cmpi eq, %j, %c5 : i32
    %at = arith.andi %at_i, %at_j : i1
    %bot_left = arith.select %at, %huge, %v_huge : f32
    %bot_mid = arith.select %tail_cols, %zero, %v_small : f32
    %bot = arith.select %mid_cols, %bot_mid, %bot_left : f32
    %r = arith.select %tail_rows, %bot, %top : f32
    linalg.yield %r : f32
  } -> tensor<130x300xf32>
  return %x : tensor<130x300xf32>
}

// The number of elements whose bits differ.
func.func @mismatches_f32(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> i32 {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<i32>
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<i32>) -> tensor<i32>
  %n = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> ()>],
      iterator_types = ["reduction", "reduction"]}
      ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%init : tensor<i32>) {
  ^bb0(%x: f32, %y: f32, %acc: i32):
    %xb = arith.bitcast %x : f32 to i32
    %yb = arith.bitcast %y : f32 to i32
    %ne = arith.cmpi ne, %xb, %yb : i32
    %d = arith.extui %ne : i1 to i32
    %s = arith.addi %acc, %d : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  %r = tensor.extract %n[] : tensor<i32>
  return %r : i32
}

func.func @mismatches_e4m3(%a: tensor<?x?xf8E4M3FN>, %b: tensor<?x?xf8E4M3FN>) -> i32 {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<i32>
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<i32>) -> tensor<i32>
  %n = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> ()>],
      iterator_types = ["reduction", "reduction"]}
      ins(%a, %b : tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>) outs(%init : tensor<i32>) {
  ^bb0(%x: f8E4M3FN, %y: f8E4M3FN, %acc: i32):
    %xb = arith.bitcast %x : f8E4M3FN to i8
    %yb = arith.bitcast %y : f8E4M3FN to i8
    %ne = arith.cmpi ne, %xb, %yb : i8
    %d = arith.extui %ne : i1 to i32
    %s = arith.addi %acc, %d : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  %r = tensor.extract %n[] : tensor<i32>
  return %r : i32
}

// The number of codes equal to +-448 (0x7E / 0xFE), the saturated maximum.
func.func @count_max_codes(%q: tensor<?x?xf8E4M3FN>) -> i32 {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<i32>
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<i32>) -> tensor<i32>
  %n = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
      iterator_types = ["reduction", "reduction"]}
      ins(%q : tensor<?x?xf8E4M3FN>) outs(%init : tensor<i32>) {
  ^bb0(%x: f8E4M3FN, %acc: i32):
    %xb = arith.bitcast %x : f8E4M3FN to i8
    %mask = arith.constant 127 : i8
    %mag = arith.andi %xb, %mask : i8
    %max = arith.constant 126 : i8
    %eq = arith.cmpi eq, %mag, %max : i8
    %d = arith.extui %eq : i1 to i32
    %s = arith.addi %acc, %d : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  %r = tensor.extract %n[] : tensor<i32>
  return %r : i32
}

func.func @print_f32(%values: tensor<?x?xf32>) {
  %u = tensor.cast %values : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @print_i32(%values: tensor<3xi32>) {
  %u = tensor.cast %values : tensor<3xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
