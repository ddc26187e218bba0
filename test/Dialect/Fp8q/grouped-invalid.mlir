// RUN: fp8-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of fp8q.grouped_scaled_matmul (kept apart from
// invalid.mlir, whose exact contents seed test/Tools/fp8-opt/bad-input.test's
// mutation fuzzing).

func.func @grouped_group_size(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<4xi32>, %init: tensor<200x300xf32>) {
  // expected-error @+1 {{expected group_size (96) to be a positive power of two}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {group_size = 96, layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<4xi32> -> tensor<200x300xf32>
  return
}

// -----

func.func @grouped_promotion(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<4xi32>, %init: tensor<200x300xf32>) {
  // expected-error @+1 {{expected promotion_interval (256) to be a power of two dividing group_size (128)}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {promotion_interval = 256, layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<4xi32> -> tensor<200x300xf32>
  return
}

// -----

func.func @grouped_a_rank_contiguous(%a: tensor<3x200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<4xi32>, %init: tensor<200x300xf32>) {
  // expected-error @+1 {{expected a to be 2-D (contiguous layout), got 'tensor<3x200x256xf8E4M3FN>'}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<3x200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<4xi32> -> tensor<200x300xf32>
  return
}

// -----

func.func @grouped_a_scale_rank_masked(%a: tensor<3x200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<3xi32>, %init: tensor<3x200x300xf32>) {
  // expected-error @+1 {{expected a_scale to be 3-D (masked layout), got 'tensor<200x2xf32>'}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<masked>}
      : tensor<3x200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<3xi32> -> tensor<3x200x300xf32>
  return
}

// -----

func.func @grouped_init_rank(%a: tensor<3x200x256xf8E4M3FN>, %sa: tensor<3x200x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<3xi32>, %init: tensor<200x300xf32>) {
  // expected-error @+1 {{expected init to be 3-D (masked layout), got 'tensor<200x300xf32>'}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<masked>}
      : tensor<3x200x256xf8E4M3FN>, tensor<3x200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<3xi32> -> tensor<200x300xf32>
  return
}

// -----

func.func @grouped_b_rank(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<4xi32>, %init: tensor<200x300xf32>) {
  // expected-error @+1 {{expected b to be 3-D ([groups, N, K]), got 'tensor<300x256xf8E4M3FN>'}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<4xi32> -> tensor<200x300xf32>
  return
}

// -----

func.func @grouped_b_scale_rank(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x2xf32>, %g: tensor<4xi32>, %init: tensor<200x300xf32>) {
  // expected-error @+1 {{expected b_scale to be 3-D ([groups, ceil(N/G), K/G]), got 'tensor<3x2xf32>'}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x2xf32>, tensor<4xi32> -> tensor<200x300xf32>
  return
}

// -----

func.func @grouped_no_groups(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<0x300x256xf8E4M3FN>, %sb: tensor<0x3x2xf32>, %g: tensor<1xi32>, %init: tensor<200x300xf32>) {
  // expected-error @+1 {{expected at least one group (b has shape 'tensor<0x300x256xf8E4M3FN>')}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<0x300x256xf8E4M3FN>, tensor<0x3x2xf32>, tensor<1xi32> -> tensor<200x300xf32>
  return
}

// -----

func.func @grouped_k_mismatch(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x384xf8E4M3FN>, %sb: tensor<3x3x3xf32>, %g: tensor<4xi32>, %init: tensor<200x300xf32>) {
  // expected-error @+1 {{expected the K extent of b (384) to equal the K extent of a (256)}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x384xf8E4M3FN>, tensor<3x3x3xf32>, tensor<4xi32> -> tensor<200x300xf32>
  return
}

// -----

func.func @grouped_k_group(%a: tensor<200x200xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x200xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<4xi32>, %init: tensor<200x300xf32>) {
  // expected-error @+1 {{expected K (200) to be a multiple of the group size 128}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x200xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x200xf8E4M3FN>, tensor<3x3x2xf32>, tensor<4xi32> -> tensor<200x300xf32>
  return
}

// -----

func.func @grouped_offsets(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<3xi32>, %init: tensor<200x300xf32>) {
  // expected-error @+1 {{expected groups to have shape [4] (groups + 1 row offsets), got [3]}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<3xi32> -> tensor<200x300xf32>
  return
}

// -----

func.func @grouped_counts(%a: tensor<3x64x256xf8E4M3FN>, %sa: tensor<3x64x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<4xi32>, %init: tensor<3x64x300xf32>) {
  // expected-error @+1 {{expected groups to have shape [3] (one row count per group), got [4]}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<masked>}
      : tensor<3x64x256xf8E4M3FN>, tensor<3x64x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<4xi32> -> tensor<3x64x300xf32>
  return
}

// -----

func.func @grouped_masked_a(%a: tensor<2x64x256xf8E4M3FN>, %sa: tensor<2x64x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<3xi32>, %init: tensor<2x64x300xf32>) {
  // expected-error @+1 {{expected a to have shape [3, 64, 256] ([groups, C, K], one slab per group of b), got [2, 64, 256]}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<masked>}
      : tensor<2x64x256xf8E4M3FN>, tensor<2x64x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<3xi32> -> tensor<2x64x300xf32>
  return
}

// -----

func.func @grouped_masked_a_scale(%a: tensor<3x64x256xf8E4M3FN>, %sa: tensor<3x64x1xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<3xi32>, %init: tensor<3x64x300xf32>) {
  // expected-error @+1 {{expected a_scale to have shape [3, 64, 2] (one scale per 1xG tile of a), got [3, 64, 1]}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<masked>}
      : tensor<3x64x256xf8E4M3FN>, tensor<3x64x1xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<3xi32> -> tensor<3x64x300xf32>
  return
}

// -----

func.func @grouped_a_scale(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x4xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<4xi32>, %init: tensor<200x300xf32>) {
  // expected-error @+1 {{expected a_scale to have shape [200, 2] (one scale per 1xG tile of a), got [200, 4]}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x4xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<4xi32> -> tensor<200x300xf32>
  return
}

// -----

func.func @grouped_b_scale(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x2x2xf32>, %g: tensor<4xi32>, %init: tensor<200x300xf32>) {
  // expected-error @+1 {{expected b_scale to have shape [3, 3, 2] (one scale per 128x128 tile of each group of b), got [3, 2, 2]}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x2x2xf32>, tensor<4xi32> -> tensor<200x300xf32>
  return
}

// -----

func.func @grouped_init(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<4xi32>, %init: tensor<200x256xf32>) {
  // expected-error @+1 {{expected init to have shape [200, 300] ([M, N]), got [200, 256]}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<4xi32> -> tensor<200x256xf32>
  return
}

// -----

func.func @grouped_masked_init(%a: tensor<3x64x256xf8E4M3FN>, %sa: tensor<3x64x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<3xi32>, %init: tensor<3x64x256xf32>) {
  // expected-error @+1 {{expected init to have shape [3, 64, 300] ([groups, C, N]), got [3, 64, 256]}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<masked>}
      : tensor<3x64x256xf8E4M3FN>, tensor<3x64x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<3xi32> -> tensor<3x64x256xf32>
  return
}

// -----

func.func @grouped_offsets_i64(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<4xi64>, %init: tensor<200x300xf32>) {
  // expected-error @+1 {{operand #4 must be 1D tensor of 32-bit signless integer values}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<4xi64> -> tensor<200x300xf32>
  return
}

// -----

func.func @grouped_out_f16(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<4xi32>, %init: tensor<200x300xf16>) {
  // expected-error @+1 {{operand #5 must be ranked tensor of 32-bit float or bfloat16 type values}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<4xi32> -> tensor<200x300xf16>
  return
}

// -----

func.func @grouped_no_layout(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %g: tensor<4xi32>, %init: tensor<200x300xf32>) {
  // expected-error @+1 {{requires attribute 'layout'}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %g outs(%init)
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<4xi32> -> tensor<200x300xf32>
  return
}
