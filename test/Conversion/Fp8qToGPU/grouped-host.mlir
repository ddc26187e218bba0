// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma" -verify-diagnostics | FileCheck %s --check-prefix=CONV
// RUN: fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma format=isa" -verify-diagnostics | FileCheck %s --check-prefix=PIPE

// fp8q.grouped_scaled_matmul has no GPU kernel yet (issue 15, step 2):
// convert-fp8q-to-gpu leaves it in place with a remark, and the GPU
// pipeline lowers it with the reference lowering to host loops (the
// offsets check included) next to the GEMM kernel of the scaled_matmul.

// CONV-LABEL: func.func @experts
// CONV:         fp8q.grouped_scaled_matmul {{.*}} {layout = #fp8q.group_layout<contiguous>}
// CONV:         gpu.launch_func {{.*}}@fp8q_scaled_matmul_

// PIPE:         llvm.mlir.global private constant @fp8q_assert_msg{{.*}}("fp8q.grouped_scaled_matmul ({{.*}}grouped-host.mlir:{{[0-9]+}}:{{[0-9]+}}): group offsets must be nondecreasing and within [0, M] (M = extent 0 of a)
// PIPE-LABEL: llvm.func @experts
// PIPE:         llvm.call @abort()
// PIPE:         gpu.launch_func {{.*}}@fp8q_scaled_matmul_
// PIPE-NOT:     fp8q.grouped_scaled_matmul
func.func @experts(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x256x256xf8E4M3FN>, %sb: tensor<3x2x2xf32>, %off: tensor<4xi32>, %init: tensor<200x256xbf16>, %w: tensor<256x256xf8E4M3FN>, %sw: tensor<2x2xf32>, %y0: tensor<200x256xf32>) -> (tensor<200x256xbf16>, tensor<200x256xf32>) {
  // expected-remark @+1 {{has no GPU kernel yet: left to the reference lowering (convert-fp8q-to-linalg), which runs it on the host}}
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %off outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x256x256xf8E4M3FN>, tensor<3x2x2xf32>, tensor<4xi32> -> tensor<200x256xbf16>
  %z = fp8q.scaled_matmul %a, %sa, %w, %sw outs(%y0)
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<256x256xf8E4M3FN>, tensor<2x2xf32> -> tensor<200x256xf32>
  return %y, %z : tensor<200x256xbf16>, tensor<200x256xf32>
}
