// Exported by scripts/export-corpus.sh: python -m fp8q.frontend.export llama --exporter tosa
module {
  func.func @forward(%arg0: tensor<1x16xi64>, %arg1: tensor<512x256xf32>, %arg2: tensor<256xf32>, %arg3: tensor<256x256xf32>, %arg4: tensor<256x256xf32>, %arg5: tensor<256x256xf32>, %arg6: tensor<256x256xf32>, %arg7: tensor<256xf32>, %arg8: tensor<512x256xf32>, %arg9: tensor<512x256xf32>, %arg10: tensor<256x512xf32>, %arg11: tensor<256xf32>, %arg12: tensor<256x256xf32>, %arg13: tensor<256x256xf32>, %arg14: tensor<256x256xf32>, %arg15: tensor<256x256xf32>, %arg16: tensor<256xf32>, %arg17: tensor<512x256xf32>, %arg18: tensor<512x256xf32>, %arg19: tensor<256x512xf32>, %arg20: tensor<256xf32>, %arg21: tensor<512x256xf32>, %arg22: tensor<16x128xf32>, %arg23: tensor<16x128xf32>) -> tensor<1x16x512xf32> {
    %0 = "tosa.const"() <{values = dense<true> : tensor<16x16xi1>}> : () -> tensor<16x16xi1>
    %1 = tosa.const_shape  {values = dense<[1, 512, 256]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %2 = tosa.const_shape  {values = dense<[1, 16]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %3 = tosa.const_shape  {values = dense<[1, 16, 256]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %5 = tosa.const_shape  {values = dense<[1, 1, 256]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %6 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %7 = tosa.const_shape  {values = dense<[1, 256, 256]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %8 = tosa.const_shape  {values = dense<[1, 16, 2, 128]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %9 = tosa.const_shape  {values = dense<[1, 1, 16, 128]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %10 = tosa.const_shape  {values = dense<[1, 2, 16, 64]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %11 = tosa.const_shape  {values = dense<[0, 0, 0, 64]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %12 = tosa.const_shape  {values = dense<0> : tensor<4xindex>} : () -> !tosa.shape<4>
    %13 = tosa.const_shape  {values = dense<[2, 16, 128]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %14 = tosa.const_shape  {values = dense<[2, 128, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %15 = tosa.const_shape  {values = dense<[1, 2, 16, 16]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %16 = "tosa.const"() <{values = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi64>}> : () -> tensor<16xi64>
    %17 = tosa.const_shape  {values = dense<[16, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %18 = tosa.const_shape  {values = dense<[1, 1, 16, 16]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %19 = tosa.const_shape  {values = dense<[2, 16, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %20 = tosa.const_shape  {values = dense<[1, 2, 16, 128]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %21 = tosa.const_shape  {values = dense<[1, 256, 512]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %22 = "tosa.const"() <{values = dense<2.000000e+00> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %23 = "tosa.const"() <{values = dense<3.906250e-03> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %24 = "tosa.const"() <{values = dense<9.99999997E-7> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %25 = "tosa.const"() <{values = dense<0.0883883461> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %26 = "tosa.const"() <{values = dense<1> : tensor<1x1xi64>}> : () -> tensor<1x1xi64>
    %27 = "tosa.const"() <{values = dense<0xFF800000> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %28 = tosa.reshape %arg1, %1 : (tensor<512x256xf32>, !tosa.shape<3>) -> tensor<1x512x256xf32>
    %29 = tosa.cast %arg0 : (tensor<1x16xi64>) -> tensor<1x16xi32>
    %30 = tosa.gather %28, %29 : (tensor<1x512x256xf32>, tensor<1x16xi32>) -> tensor<1x16x256xf32>
    %31 = tosa.pow %30, %22 : (tensor<1x16x256xf32>, tensor<1x1x1xf32>) -> tensor<1x16x256xf32>
    %32 = tosa.reduce_sum %31 {axis = 2 : i32} : (tensor<1x16x256xf32>) -> tensor<1x16x1xf32>
    %33 = tosa.mul %32, %23, %4 : (tensor<1x16x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x16x1xf32>
    %34 = tosa.add %33, %24 : (tensor<1x16x1xf32>, tensor<1x1x1xf32>) -> tensor<1x16x1xf32>
    %35 = tosa.rsqrt %34 : (tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %36 = tosa.mul %30, %35, %4 : (tensor<1x16x256xf32>, tensor<1x16x1xf32>, tensor<1xi8>) -> tensor<1x16x256xf32>
    %37 = tosa.reshape %arg2, %5 : (tensor<256xf32>, !tosa.shape<3>) -> tensor<1x1x256xf32>
    %38 = tosa.mul %36, %37, %4 : (tensor<1x16x256xf32>, tensor<1x1x256xf32>, tensor<1xi8>) -> tensor<1x16x256xf32>
    %39 = tosa.transpose %arg3 {perms = array<i32: 1, 0>} : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %40 = tosa.reshape %39, %7 : (tensor<256x256xf32>, !tosa.shape<3>) -> tensor<1x256x256xf32>
    %41 = tosa.matmul %38, %40, %6, %6 : (tensor<1x16x256xf32>, tensor<1x256x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x256xf32>
    %42 = tosa.reshape %41, %8 : (tensor<1x16x256xf32>, !tosa.shape<4>) -> tensor<1x16x2x128xf32>
    %43 = tosa.transpose %42 {perms = array<i32: 0, 2, 1, 3>} : (tensor<1x16x2x128xf32>) -> tensor<1x2x16x128xf32>
    %44 = tosa.transpose %arg4 {perms = array<i32: 1, 0>} : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %45 = tosa.reshape %44, %7 : (tensor<256x256xf32>, !tosa.shape<3>) -> tensor<1x256x256xf32>
    %46 = tosa.matmul %38, %45, %6, %6 : (tensor<1x16x256xf32>, tensor<1x256x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x256xf32>
    %47 = tosa.reshape %46, %8 : (tensor<1x16x256xf32>, !tosa.shape<4>) -> tensor<1x16x2x128xf32>
    %48 = tosa.transpose %47 {perms = array<i32: 0, 2, 1, 3>} : (tensor<1x16x2x128xf32>) -> tensor<1x2x16x128xf32>
    %49 = tosa.transpose %arg5 {perms = array<i32: 1, 0>} : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %50 = tosa.reshape %49, %7 : (tensor<256x256xf32>, !tosa.shape<3>) -> tensor<1x256x256xf32>
    %51 = tosa.matmul %38, %50, %6, %6 : (tensor<1x16x256xf32>, tensor<1x256x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x256xf32>
    %52 = tosa.reshape %51, %8 : (tensor<1x16x256xf32>, !tosa.shape<4>) -> tensor<1x16x2x128xf32>
    %53 = tosa.transpose %52 {perms = array<i32: 0, 2, 1, 3>} : (tensor<1x16x2x128xf32>) -> tensor<1x2x16x128xf32>
    %54 = tosa.reshape %arg22, %9 : (tensor<16x128xf32>, !tosa.shape<4>) -> tensor<1x1x16x128xf32>
    %55 = tosa.mul %43, %54, %4 : (tensor<1x2x16x128xf32>, tensor<1x1x16x128xf32>, tensor<1xi8>) -> tensor<1x2x16x128xf32>
    %56 = tosa.slice %43, %11, %10 : (tensor<1x2x16x128xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x2x16x64xf32>
    %57 = tosa.negate %56, %6, %6 : (tensor<1x2x16x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x16x64xf32>
    %58 = tosa.slice %43, %12, %10 : (tensor<1x2x16x128xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x2x16x64xf32>
    %59 = tosa.concat %57, %58 {axis = 3 : i32} : (tensor<1x2x16x64xf32>, tensor<1x2x16x64xf32>) -> tensor<1x2x16x128xf32>
    %60 = tosa.reshape %arg23, %9 : (tensor<16x128xf32>, !tosa.shape<4>) -> tensor<1x1x16x128xf32>
    %61 = tosa.mul %59, %60, %4 : (tensor<1x2x16x128xf32>, tensor<1x1x16x128xf32>, tensor<1xi8>) -> tensor<1x2x16x128xf32>
    %62 = tosa.add %55, %61 : (tensor<1x2x16x128xf32>, tensor<1x2x16x128xf32>) -> tensor<1x2x16x128xf32>
    %63 = tosa.mul %48, %54, %4 : (tensor<1x2x16x128xf32>, tensor<1x1x16x128xf32>, tensor<1xi8>) -> tensor<1x2x16x128xf32>
    %64 = tosa.slice %48, %11, %10 : (tensor<1x2x16x128xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x2x16x64xf32>
    %65 = tosa.negate %64, %6, %6 : (tensor<1x2x16x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x16x64xf32>
    %66 = tosa.slice %48, %12, %10 : (tensor<1x2x16x128xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x2x16x64xf32>
    %67 = tosa.concat %65, %66 {axis = 3 : i32} : (tensor<1x2x16x64xf32>, tensor<1x2x16x64xf32>) -> tensor<1x2x16x128xf32>
    %68 = tosa.mul %67, %60, %4 : (tensor<1x2x16x128xf32>, tensor<1x1x16x128xf32>, tensor<1xi8>) -> tensor<1x2x16x128xf32>
    %69 = tosa.add %63, %68 : (tensor<1x2x16x128xf32>, tensor<1x2x16x128xf32>) -> tensor<1x2x16x128xf32>
    %70 = tosa.transpose %69 {perms = array<i32: 0, 1, 3, 2>} : (tensor<1x2x16x128xf32>) -> tensor<1x2x128x16xf32>
    %71 = tosa.reshape %62, %13 : (tensor<1x2x16x128xf32>, !tosa.shape<3>) -> tensor<2x16x128xf32>
    %72 = tosa.reshape %70, %14 : (tensor<1x2x128x16xf32>, !tosa.shape<3>) -> tensor<2x128x16xf32>
    %73 = tosa.matmul %71, %72, %6, %6 : (tensor<2x16x128xf32>, tensor<2x128x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x16x16xf32>
    %74 = tosa.reshape %73, %15 : (tensor<2x16x16xf32>, !tosa.shape<4>) -> tensor<1x2x16x16xf32>
    %75 = tosa.mul %74, %25, %4 : (tensor<1x2x16x16xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x2x16x16xf32>
    %76 = tosa.reshape %16, %2 : (tensor<16xi64>, !tosa.shape<2>) -> tensor<1x16xi64>
    %77 = tosa.reshape %16, %17 : (tensor<16xi64>, !tosa.shape<2>) -> tensor<16x1xi64>
    %78 = tosa.cast %77 : (tensor<16x1xi64>) -> tensor<16x1xi32>
    %79 = tosa.cast %76 : (tensor<1x16xi64>) -> tensor<1x16xi32>
    %80 = tosa.sub %79, %78 : (tensor<1x16xi32>, tensor<16x1xi32>) -> tensor<16x16xi32>
    %81 = tosa.cast %80 : (tensor<16x16xi32>) -> tensor<16x16xi64>
    %82 = tosa.greater_equal %81, %26 : (tensor<16x16xi64>, tensor<1x1xi64>) -> tensor<16x16xi1>
    %83 = tosa.logical_and %82, %0 : (tensor<16x16xi1>, tensor<16x16xi1>) -> tensor<16x16xi1>
    %84 = tosa.reshape %83, %18 : (tensor<16x16xi1>, !tosa.shape<4>) -> tensor<1x1x16x16xi1>
    %85 = tosa.select %84, %27, %75 : (tensor<1x1x16x16xi1>, tensor<1x1x1x1xf32>, tensor<1x2x16x16xf32>) -> tensor<1x2x16x16xf32>
    %86 = tosa.reduce_max %85 {axis = 3 : i32} : (tensor<1x2x16x16xf32>) -> tensor<1x2x16x1xf32>
    %87 = tosa.sub %85, %86 : (tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) -> tensor<1x2x16x16xf32>
    %88 = tosa.exp %87 : (tensor<1x2x16x16xf32>) -> tensor<1x2x16x16xf32>
    %89 = tosa.reduce_sum %88 {axis = 3 : i32} : (tensor<1x2x16x16xf32>) -> tensor<1x2x16x1xf32>
    %90 = tosa.reciprocal %89 : (tensor<1x2x16x1xf32>) -> tensor<1x2x16x1xf32>
    %91 = tosa.mul %88, %90, %4 : (tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>, tensor<1xi8>) -> tensor<1x2x16x16xf32>
    %92 = tosa.reshape %91, %19 : (tensor<1x2x16x16xf32>, !tosa.shape<3>) -> tensor<2x16x16xf32>
    %93 = tosa.reshape %53, %13 : (tensor<1x2x16x128xf32>, !tosa.shape<3>) -> tensor<2x16x128xf32>
    %94 = tosa.matmul %92, %93, %6, %6 : (tensor<2x16x16xf32>, tensor<2x16x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x16x128xf32>
    %95 = tosa.reshape %94, %20 : (tensor<2x16x128xf32>, !tosa.shape<4>) -> tensor<1x2x16x128xf32>
    %96 = tosa.transpose %95 {perms = array<i32: 0, 2, 1, 3>} : (tensor<1x2x16x128xf32>) -> tensor<1x16x2x128xf32>
    %97 = tosa.reshape %96, %3 : (tensor<1x16x2x128xf32>, !tosa.shape<3>) -> tensor<1x16x256xf32>
    %98 = tosa.transpose %arg6 {perms = array<i32: 1, 0>} : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %99 = tosa.reshape %98, %7 : (tensor<256x256xf32>, !tosa.shape<3>) -> tensor<1x256x256xf32>
    %100 = tosa.matmul %97, %99, %6, %6 : (tensor<1x16x256xf32>, tensor<1x256x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x256xf32>
    %101 = tosa.add %30, %100 : (tensor<1x16x256xf32>, tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %102 = tosa.pow %101, %22 : (tensor<1x16x256xf32>, tensor<1x1x1xf32>) -> tensor<1x16x256xf32>
    %103 = tosa.reduce_sum %102 {axis = 2 : i32} : (tensor<1x16x256xf32>) -> tensor<1x16x1xf32>
    %104 = tosa.mul %103, %23, %4 : (tensor<1x16x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x16x1xf32>
    %105 = tosa.add %104, %24 : (tensor<1x16x1xf32>, tensor<1x1x1xf32>) -> tensor<1x16x1xf32>
    %106 = tosa.rsqrt %105 : (tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %107 = tosa.mul %101, %106, %4 : (tensor<1x16x256xf32>, tensor<1x16x1xf32>, tensor<1xi8>) -> tensor<1x16x256xf32>
    %108 = tosa.reshape %arg7, %5 : (tensor<256xf32>, !tosa.shape<3>) -> tensor<1x1x256xf32>
    %109 = tosa.mul %107, %108, %4 : (tensor<1x16x256xf32>, tensor<1x1x256xf32>, tensor<1xi8>) -> tensor<1x16x256xf32>
    %110 = tosa.transpose %arg8 {perms = array<i32: 1, 0>} : (tensor<512x256xf32>) -> tensor<256x512xf32>
    %111 = tosa.reshape %110, %21 : (tensor<256x512xf32>, !tosa.shape<3>) -> tensor<1x256x512xf32>
    %112 = tosa.matmul %109, %111, %6, %6 : (tensor<1x16x256xf32>, tensor<1x256x512xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x512xf32>
    %113 = tosa.sigmoid %112 : (tensor<1x16x512xf32>) -> tensor<1x16x512xf32>
    %114 = tosa.mul %112, %113, %4 : (tensor<1x16x512xf32>, tensor<1x16x512xf32>, tensor<1xi8>) -> tensor<1x16x512xf32>
    %115 = tosa.transpose %arg9 {perms = array<i32: 1, 0>} : (tensor<512x256xf32>) -> tensor<256x512xf32>
    %116 = tosa.reshape %115, %21 : (tensor<256x512xf32>, !tosa.shape<3>) -> tensor<1x256x512xf32>
    %117 = tosa.matmul %109, %116, %6, %6 : (tensor<1x16x256xf32>, tensor<1x256x512xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x512xf32>
    %118 = tosa.mul %114, %117, %4 : (tensor<1x16x512xf32>, tensor<1x16x512xf32>, tensor<1xi8>) -> tensor<1x16x512xf32>
    %119 = tosa.transpose %arg10 {perms = array<i32: 1, 0>} : (tensor<256x512xf32>) -> tensor<512x256xf32>
    %120 = tosa.reshape %119, %1 : (tensor<512x256xf32>, !tosa.shape<3>) -> tensor<1x512x256xf32>
    %121 = tosa.matmul %118, %120, %6, %6 : (tensor<1x16x512xf32>, tensor<1x512x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x256xf32>
    %122 = tosa.add %101, %121 : (tensor<1x16x256xf32>, tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %123 = tosa.pow %122, %22 : (tensor<1x16x256xf32>, tensor<1x1x1xf32>) -> tensor<1x16x256xf32>
    %124 = tosa.reduce_sum %123 {axis = 2 : i32} : (tensor<1x16x256xf32>) -> tensor<1x16x1xf32>
    %125 = tosa.mul %124, %23, %4 : (tensor<1x16x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x16x1xf32>
    %126 = tosa.add %125, %24 : (tensor<1x16x1xf32>, tensor<1x1x1xf32>) -> tensor<1x16x1xf32>
    %127 = tosa.rsqrt %126 : (tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %128 = tosa.mul %122, %127, %4 : (tensor<1x16x256xf32>, tensor<1x16x1xf32>, tensor<1xi8>) -> tensor<1x16x256xf32>
    %129 = tosa.reshape %arg11, %5 : (tensor<256xf32>, !tosa.shape<3>) -> tensor<1x1x256xf32>
    %130 = tosa.mul %128, %129, %4 : (tensor<1x16x256xf32>, tensor<1x1x256xf32>, tensor<1xi8>) -> tensor<1x16x256xf32>
    %131 = tosa.transpose %arg12 {perms = array<i32: 1, 0>} : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %132 = tosa.reshape %131, %7 : (tensor<256x256xf32>, !tosa.shape<3>) -> tensor<1x256x256xf32>
    %133 = tosa.matmul %130, %132, %6, %6 : (tensor<1x16x256xf32>, tensor<1x256x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x256xf32>
    %134 = tosa.reshape %133, %8 : (tensor<1x16x256xf32>, !tosa.shape<4>) -> tensor<1x16x2x128xf32>
    %135 = tosa.transpose %134 {perms = array<i32: 0, 2, 1, 3>} : (tensor<1x16x2x128xf32>) -> tensor<1x2x16x128xf32>
    %136 = tosa.transpose %arg13 {perms = array<i32: 1, 0>} : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %137 = tosa.reshape %136, %7 : (tensor<256x256xf32>, !tosa.shape<3>) -> tensor<1x256x256xf32>
    %138 = tosa.matmul %130, %137, %6, %6 : (tensor<1x16x256xf32>, tensor<1x256x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x256xf32>
    %139 = tosa.reshape %138, %8 : (tensor<1x16x256xf32>, !tosa.shape<4>) -> tensor<1x16x2x128xf32>
    %140 = tosa.transpose %139 {perms = array<i32: 0, 2, 1, 3>} : (tensor<1x16x2x128xf32>) -> tensor<1x2x16x128xf32>
    %141 = tosa.transpose %arg14 {perms = array<i32: 1, 0>} : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %142 = tosa.reshape %141, %7 : (tensor<256x256xf32>, !tosa.shape<3>) -> tensor<1x256x256xf32>
    %143 = tosa.matmul %130, %142, %6, %6 : (tensor<1x16x256xf32>, tensor<1x256x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x256xf32>
    %144 = tosa.reshape %143, %8 : (tensor<1x16x256xf32>, !tosa.shape<4>) -> tensor<1x16x2x128xf32>
    %145 = tosa.transpose %144 {perms = array<i32: 0, 2, 1, 3>} : (tensor<1x16x2x128xf32>) -> tensor<1x2x16x128xf32>
    %146 = tosa.mul %135, %54, %4 : (tensor<1x2x16x128xf32>, tensor<1x1x16x128xf32>, tensor<1xi8>) -> tensor<1x2x16x128xf32>
    %147 = tosa.slice %135, %11, %10 : (tensor<1x2x16x128xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x2x16x64xf32>
    %148 = tosa.negate %147, %6, %6 : (tensor<1x2x16x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x16x64xf32>
    %149 = tosa.slice %135, %12, %10 : (tensor<1x2x16x128xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x2x16x64xf32>
    %150 = tosa.concat %148, %149 {axis = 3 : i32} : (tensor<1x2x16x64xf32>, tensor<1x2x16x64xf32>) -> tensor<1x2x16x128xf32>
    %151 = tosa.mul %150, %60, %4 : (tensor<1x2x16x128xf32>, tensor<1x1x16x128xf32>, tensor<1xi8>) -> tensor<1x2x16x128xf32>
    %152 = tosa.add %146, %151 : (tensor<1x2x16x128xf32>, tensor<1x2x16x128xf32>) -> tensor<1x2x16x128xf32>
    %153 = tosa.mul %140, %54, %4 : (tensor<1x2x16x128xf32>, tensor<1x1x16x128xf32>, tensor<1xi8>) -> tensor<1x2x16x128xf32>
    %154 = tosa.slice %140, %11, %10 : (tensor<1x2x16x128xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x2x16x64xf32>
    %155 = tosa.negate %154, %6, %6 : (tensor<1x2x16x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x16x64xf32>
    %156 = tosa.slice %140, %12, %10 : (tensor<1x2x16x128xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x2x16x64xf32>
    %157 = tosa.concat %155, %156 {axis = 3 : i32} : (tensor<1x2x16x64xf32>, tensor<1x2x16x64xf32>) -> tensor<1x2x16x128xf32>
    %158 = tosa.mul %157, %60, %4 : (tensor<1x2x16x128xf32>, tensor<1x1x16x128xf32>, tensor<1xi8>) -> tensor<1x2x16x128xf32>
    %159 = tosa.add %153, %158 : (tensor<1x2x16x128xf32>, tensor<1x2x16x128xf32>) -> tensor<1x2x16x128xf32>
    %160 = tosa.transpose %159 {perms = array<i32: 0, 1, 3, 2>} : (tensor<1x2x16x128xf32>) -> tensor<1x2x128x16xf32>
    %161 = tosa.reshape %152, %13 : (tensor<1x2x16x128xf32>, !tosa.shape<3>) -> tensor<2x16x128xf32>
    %162 = tosa.reshape %160, %14 : (tensor<1x2x128x16xf32>, !tosa.shape<3>) -> tensor<2x128x16xf32>
    %163 = tosa.matmul %161, %162, %6, %6 : (tensor<2x16x128xf32>, tensor<2x128x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x16x16xf32>
    %164 = tosa.reshape %163, %15 : (tensor<2x16x16xf32>, !tosa.shape<4>) -> tensor<1x2x16x16xf32>
    %165 = tosa.mul %164, %25, %4 : (tensor<1x2x16x16xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x2x16x16xf32>
    %166 = tosa.select %84, %27, %165 : (tensor<1x1x16x16xi1>, tensor<1x1x1x1xf32>, tensor<1x2x16x16xf32>) -> tensor<1x2x16x16xf32>
    %167 = tosa.reduce_max %166 {axis = 3 : i32} : (tensor<1x2x16x16xf32>) -> tensor<1x2x16x1xf32>
    %168 = tosa.sub %166, %167 : (tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) -> tensor<1x2x16x16xf32>
    %169 = tosa.exp %168 : (tensor<1x2x16x16xf32>) -> tensor<1x2x16x16xf32>
    %170 = tosa.reduce_sum %169 {axis = 3 : i32} : (tensor<1x2x16x16xf32>) -> tensor<1x2x16x1xf32>
    %171 = tosa.reciprocal %170 : (tensor<1x2x16x1xf32>) -> tensor<1x2x16x1xf32>
    %172 = tosa.mul %169, %171, %4 : (tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>, tensor<1xi8>) -> tensor<1x2x16x16xf32>
    %173 = tosa.reshape %172, %19 : (tensor<1x2x16x16xf32>, !tosa.shape<3>) -> tensor<2x16x16xf32>
    %174 = tosa.reshape %145, %13 : (tensor<1x2x16x128xf32>, !tosa.shape<3>) -> tensor<2x16x128xf32>
    %175 = tosa.matmul %173, %174, %6, %6 : (tensor<2x16x16xf32>, tensor<2x16x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x16x128xf32>
    %176 = tosa.reshape %175, %20 : (tensor<2x16x128xf32>, !tosa.shape<4>) -> tensor<1x2x16x128xf32>
    %177 = tosa.transpose %176 {perms = array<i32: 0, 2, 1, 3>} : (tensor<1x2x16x128xf32>) -> tensor<1x16x2x128xf32>
    %178 = tosa.reshape %177, %3 : (tensor<1x16x2x128xf32>, !tosa.shape<3>) -> tensor<1x16x256xf32>
    %179 = tosa.transpose %arg15 {perms = array<i32: 1, 0>} : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %180 = tosa.reshape %179, %7 : (tensor<256x256xf32>, !tosa.shape<3>) -> tensor<1x256x256xf32>
    %181 = tosa.matmul %178, %180, %6, %6 : (tensor<1x16x256xf32>, tensor<1x256x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x256xf32>
    %182 = tosa.add %122, %181 : (tensor<1x16x256xf32>, tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %183 = tosa.pow %182, %22 : (tensor<1x16x256xf32>, tensor<1x1x1xf32>) -> tensor<1x16x256xf32>
    %184 = tosa.reduce_sum %183 {axis = 2 : i32} : (tensor<1x16x256xf32>) -> tensor<1x16x1xf32>
    %185 = tosa.mul %184, %23, %4 : (tensor<1x16x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x16x1xf32>
    %186 = tosa.add %185, %24 : (tensor<1x16x1xf32>, tensor<1x1x1xf32>) -> tensor<1x16x1xf32>
    %187 = tosa.rsqrt %186 : (tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %188 = tosa.mul %182, %187, %4 : (tensor<1x16x256xf32>, tensor<1x16x1xf32>, tensor<1xi8>) -> tensor<1x16x256xf32>
    %189 = tosa.reshape %arg16, %5 : (tensor<256xf32>, !tosa.shape<3>) -> tensor<1x1x256xf32>
    %190 = tosa.mul %188, %189, %4 : (tensor<1x16x256xf32>, tensor<1x1x256xf32>, tensor<1xi8>) -> tensor<1x16x256xf32>
    %191 = tosa.transpose %arg17 {perms = array<i32: 1, 0>} : (tensor<512x256xf32>) -> tensor<256x512xf32>
    %192 = tosa.reshape %191, %21 : (tensor<256x512xf32>, !tosa.shape<3>) -> tensor<1x256x512xf32>
    %193 = tosa.matmul %190, %192, %6, %6 : (tensor<1x16x256xf32>, tensor<1x256x512xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x512xf32>
    %194 = tosa.sigmoid %193 : (tensor<1x16x512xf32>) -> tensor<1x16x512xf32>
    %195 = tosa.mul %193, %194, %4 : (tensor<1x16x512xf32>, tensor<1x16x512xf32>, tensor<1xi8>) -> tensor<1x16x512xf32>
    %196 = tosa.transpose %arg18 {perms = array<i32: 1, 0>} : (tensor<512x256xf32>) -> tensor<256x512xf32>
    %197 = tosa.reshape %196, %21 : (tensor<256x512xf32>, !tosa.shape<3>) -> tensor<1x256x512xf32>
    %198 = tosa.matmul %190, %197, %6, %6 : (tensor<1x16x256xf32>, tensor<1x256x512xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x512xf32>
    %199 = tosa.mul %195, %198, %4 : (tensor<1x16x512xf32>, tensor<1x16x512xf32>, tensor<1xi8>) -> tensor<1x16x512xf32>
    %200 = tosa.transpose %arg19 {perms = array<i32: 1, 0>} : (tensor<256x512xf32>) -> tensor<512x256xf32>
    %201 = tosa.reshape %200, %1 : (tensor<512x256xf32>, !tosa.shape<3>) -> tensor<1x512x256xf32>
    %202 = tosa.matmul %199, %201, %6, %6 : (tensor<1x16x512xf32>, tensor<1x512x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x256xf32>
    %203 = tosa.add %182, %202 : (tensor<1x16x256xf32>, tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %204 = tosa.pow %203, %22 : (tensor<1x16x256xf32>, tensor<1x1x1xf32>) -> tensor<1x16x256xf32>
    %205 = tosa.reduce_sum %204 {axis = 2 : i32} : (tensor<1x16x256xf32>) -> tensor<1x16x1xf32>
    %206 = tosa.mul %205, %23, %4 : (tensor<1x16x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x16x1xf32>
    %207 = tosa.add %206, %24 : (tensor<1x16x1xf32>, tensor<1x1x1xf32>) -> tensor<1x16x1xf32>
    %208 = tosa.rsqrt %207 : (tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %209 = tosa.mul %203, %208, %4 : (tensor<1x16x256xf32>, tensor<1x16x1xf32>, tensor<1xi8>) -> tensor<1x16x256xf32>
    %210 = tosa.reshape %arg20, %5 : (tensor<256xf32>, !tosa.shape<3>) -> tensor<1x1x256xf32>
    %211 = tosa.mul %209, %210, %4 : (tensor<1x16x256xf32>, tensor<1x1x256xf32>, tensor<1xi8>) -> tensor<1x16x256xf32>
    %212 = tosa.transpose %arg21 {perms = array<i32: 1, 0>} : (tensor<512x256xf32>) -> tensor<256x512xf32>
    %213 = tosa.reshape %212, %21 : (tensor<256x512xf32>, !tosa.shape<3>) -> tensor<1x256x512xf32>
    %214 = tosa.matmul %211, %213, %6, %6 : (tensor<1x16x256xf32>, tensor<1x256x512xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x512xf32>
    return %214 : tensor<1x16x512xf32>
  }
}
