// fp8q program (and the linalg code around it) to LLVM-dialect host code and
// the kernels as gpu.binary.
//
// RUN: fp8-opt %s --fp8q-gpu-pipeline=format=isa | FileCheck %s --check-prefixes=CHECK,ISA
// RUN: env -u CUDA_ROOT -u CUDA_HOME -u CUDA_PATH PATH=%t.no-cuda fp8-opt %s --fp8q-gpu-pipeline 2>&1 | FileCheck %s --check-prefixes=CHECK,ISA,NOPTXAS
// RUN: %if ptxas %{ fp8-opt %s --fp8q-gpu-pipeline=format=bin | FileCheck %s --check-prefixes=CHECK,BIN %}
// RUN: %if ptxas %{ fp8-opt %s --fp8q-gpu-pipeline 2>&1 | FileCheck %s --check-prefixes=CHECK,BIN,AUTO %}
// RUN: fp8-opt %s --fp8q-gpu-pipeline="format=isa deallocate=false" | FileCheck %s --check-prefix=LEAK

// Without ptxas (format=auto) the pipeline falls back to PTX and says so.
// NOPTXAS: warning: fp8q-gpu-pipeline: ptxas not found (searched $PATH, $CUDA_ROOT, $CUDA_HOME, $CUDA_PATH); the kernels are serialized as PTX (format=isa)
// AUTO-NOT: warning

// deallocate=false keeps the host buffers (no free).
// LEAK-LABEL: llvm.func @layer(
// LEAK:         llvm.call @mgpuMemFree
// LEAK-NOT:     llvm.call @free
// LEAK:         llvm.return

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK-LABEL: llvm.func @layer(
// The linalg op around the quantize is lowered to host loops, into a host
// buffer.
// CHECK:         %[[Y:.*]] = llvm.call @malloc
// CHECK:         llvm.fmul
// The launch (memory model `copy`): on one stream, a device buffer for the
// source and the copy in, device buffers for the results, the kernel on
// device pointers, the copies back into the host results, the frees, and
// the host waits for the stream.
// CHECK:         %[[STREAM:.*]] = llvm.call @mgpuStreamCreate()
// CHECK:         %[[DX:.*]] = llvm.call @mgpuMemAlloc(%{{.*}}, %[[STREAM]], %{{.*}})
// CHECK:         llvm.call @mgpuMemcpy(%[[DX]], %{{.*}}, %{{.*}}, %[[STREAM]])
// CHECK:         %[[DQ:.*]] = llvm.call @mgpuMemAlloc(%{{.*}}, %[[STREAM]], %{{.*}})
// CHECK:         %[[DS:.*]] = llvm.call @mgpuMemAlloc(%{{.*}}, %[[STREAM]], %{{.*}})
// CHECK:         %[[PX:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
// CHECK:         gpu.launch_func <%[[STREAM]] : !llvm.ptr> @fp8q_quantize_1x128_bf16_fp32::@fp8q_quantize_1x128_bf16_fp32
// CHECK-SAME:        args(%[[PX]] : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : i64, %{{.*}} : i64)
// CHECK:         llvm.call @mgpuMemcpy(%{{.*}}, %[[DQ]], %{{.*}}, %[[STREAM]])
// CHECK:         llvm.call @mgpuMemcpy(%{{.*}}, %[[DS]], %{{.*}}, %[[STREAM]])
// CHECK:         llvm.call @mgpuMemFree(%[[DX]], %[[STREAM]])
// CHECK:         llvm.call @mgpuMemFree(%[[DQ]], %[[STREAM]])
// CHECK:         llvm.call @mgpuMemFree(%[[DS]], %[[STREAM]])
// CHECK:         llvm.call @mgpuStreamSynchronize(%[[STREAM]])
// CHECK:         llvm.call @mgpuStreamDestroy(%[[STREAM]])
// The intermediate host buffer is freed (buffer deallocation); the results
// are returned to the caller.
// CHECK:         llvm.call @free(%[[Y]])
// CHECK:         llvm.return
// CHECK-NOT:   gpu.module
// The binary keeps the kernel's configuration (fp8q-export-kernels reads it).
// ISA:         gpu.binary @fp8q_quantize_1x128_bf16_fp32 {fp8q.kernel = {eps = 9.99999974E-5 : f32, kind = "rowwise", scale_layout = "k_major", scale_mode = "fp32", source = "bf16"}} [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">, properties = {{.*}}, assembly = "
// BIN:         gpu.binary @fp8q_quantize_1x128_bf16_fp32 {fp8q.kernel = {eps = 9.99999974E-5 : f32, kind = "rowwise", scale_layout = "k_major", scale_mode = "fp32", source = "bf16"}} [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">, {{.*}}bin = "
func.func @layer(%x: tensor<64x256xbf16>) -> (tensor<64x256xf8E4M3FN>, tensor<64x2xf32>) {
  %y0 = tensor.empty() : tensor<64x256xbf16>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x256xbf16>) outs(%y0 : tensor<64x256xbf16>) {
  ^bb0(%a: bf16, %b: bf16):
    %two = arith.constant 2.0 : bf16
    %m = arith.mulf %a, %two : bf16
    linalg.yield %m : bf16
  } -> tensor<64x256xbf16>
  %q0 = tensor.empty() : tensor<64x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<64x2xf32>
  %q, %s = fp8q.quantize %y outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<64x256xbf16> -> tensor<64x256xf8E4M3FN>, tensor<64x2xf32>
  return %q, %s : tensor<64x256xf8E4M3FN>, tensor<64x2xf32>
}
