// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified" -split-input-file -verify-diagnostics

func.func @group_64(%a: tensor<64x256xf8E4M3FN>, %sa: tensor<64x4xf32>, %b: tensor<128x256xf8E4M3FN>, %sb: tensor<2x4xf32>, %y0: tensor<64x128xbf16>) -> tensor<64x128xbf16> {
  // expected-error @+1 {{'fp8q.scaled_matmul' op unsupported group_size 64 on the GPU path: the wgmma kernel takes groups of a multiple of 128 K elements}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {group_size = 64, b_tile = #fp8q.tile<64x64>, promotion_interval = 64}
      : tensor<64x256xf8E4M3FN>, tensor<64x4xf32>, tensor<128x256xf8E4M3FN>, tensor<2x4xf32> -> tensor<64x128xbf16>
  return %y : tensor<64x128xbf16>
}

// -----

// Weight blocks of 128 rows under 256-wide groups: not the GxG form.
func.func @group256_block128(%a: tensor<64x512xf8E4M3FN>, %sa: tensor<64x2xf32>, %b: tensor<128x512xf8E4M3FN>, %sb: tensor<1x2xf32>, %y0: tensor<64x128xbf16>) -> tensor<64x128xbf16> {
  // expected-error @+1 {{'fp8q.scaled_matmul' op unsupported b_tile 128x256 on the GPU path: the wgmma kernel covers GxG weight blocks and 1xG rows (Wgrad), G = group_size = 256}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {group_size = 256, b_tile = #fp8q.tile<128x256>}
      : tensor<64x512xf8E4M3FN>, tensor<64x2xf32>, tensor<128x512xf8E4M3FN>, tensor<1x2xf32> -> tensor<64x128xbf16>
  return %y : tensor<64x128xbf16>
}

// -----

func.func @promotion_16(%a: tensor<64x256xf8E4M3FN>, %sa: tensor<64x2xf32>, %b: tensor<128x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %y0: tensor<64x128xbf16>) -> tensor<64x128xbf16> {
  // expected-error @+1 {{'fp8q.scaled_matmul' op unsupported promotion_interval 16 on the GPU path: the wgmma kernel promotes every 32 or 64 K elements, or after a multiple of 128}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {promotion_interval = 16}
      : tensor<64x256xf8E4M3FN>, tensor<64x2xf32>, tensor<128x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<64x128xbf16>
  return %y : tensor<64x128xbf16>
}

// -----

func.func @dynamic_k(%a: tensor<64x?xf8E4M3FN>, %sa: tensor<64x?xf32>, %b: tensor<128x?xf8E4M3FN>, %sb: tensor<1x?xf32>, %y0: tensor<64x128xbf16>) -> tensor<64x128xbf16> {
  // expected-error @+1 {{'fp8q.scaled_matmul' op expected a static K on the GPU path}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<64x?xf8E4M3FN>, tensor<64x?xf32>, tensor<128x?xf8E4M3FN>, tensor<1x?xf32> -> tensor<64x128xbf16>
  return %y : tensor<64x128xbf16>
}


// -----

// The [M, N] f32 result of 2^40 x 2^40 elements is 2^82 bytes.
func.func @result_byte_size_overflows(
    %a: tensor<1099511627776x256xf8E4M3FN>, %sa: tensor<1099511627776x2xf32>,
    %b: tensor<1099511627776x256xf8E4M3FN>, %sb: tensor<8589934592x2xf32>,
    %c: tensor<1099511627776x1099511627776xf32>) -> tensor<1099511627776x1099511627776xf32> {
  // expected-error @+1 {{'fp8q.scaled_matmul' op the byte size of operand #4 (tensor<1099511627776x1099511627776xf32>) overflows int64}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<1099511627776x256xf8E4M3FN>, tensor<1099511627776x2xf32>,
        tensor<1099511627776x256xf8E4M3FN>, tensor<8589934592x2xf32>
      -> tensor<1099511627776x1099511627776xf32>
  return %y : tensor<1099511627776x1099511627776xf32>
}

// -----

// The grouped kernel has the GEMM's limits: a promotion interval of 16.
func.func @grouped_promotion_16(%a: tensor<64x256xf8E4M3FN>, %sa: tensor<64x2xf32>, %b: tensor<2x128x256xf8E4M3FN>, %sb: tensor<2x1x2xf32>, %off: tensor<3xi32>, %y0: tensor<64x128xbf16>) -> tensor<64x128xbf16> {
  // expected-error @+1 {{'fp8q.grouped_scaled_matmul' op unsupported promotion_interval 16 on the GPU path: the wgmma kernel promotes every 32 or 64 K elements, or after a multiple of 128}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %off outs(%y0) {layout = #fp8q.group_layout<contiguous>, promotion_interval = 16}
      : tensor<64x256xf8E4M3FN>, tensor<64x2xf32>, tensor<2x128x256xf8E4M3FN>, tensor<2x1x2xf32>, tensor<3xi32> -> tensor<64x128xbf16>
  return %y : tensor<64x128xbf16>
}

// -----

// Scale groups of 64 K elements (masked layout).
func.func @grouped_group_64(%a: tensor<2x8x192xf8E4M3FN>, %sa: tensor<2x8x3xf32>, %b: tensor<2x128x192xf8E4M3FN>, %sb: tensor<2x2x3xf32>, %counts: tensor<2xi32>, %y0: tensor<2x8x128xf32>) -> tensor<2x8x128xf32> {
  // expected-error @+1 {{'fp8q.grouped_scaled_matmul' op unsupported group_size 64 on the GPU path}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %counts outs(%y0) {layout = #fp8q.group_layout<masked>, group_size = 64, promotion_interval = 64}
      : tensor<2x8x192xf8E4M3FN>, tensor<2x8x3xf32>, tensor<2x128x192xf8E4M3FN>, tensor<2x2x3xf32>, tensor<2xi32> -> tensor<2x8x128xf32>
  return %y : tensor<2x8x128xf32>
}
