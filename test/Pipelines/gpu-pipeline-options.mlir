// Options of --fp8q-gpu-pipeline that cannot give the output asked for fail
// the pipeline (non-zero exit, no output) before it changes the module,
// instead of printing an error and writing unparsable or PTX output.
//
// RUN: not fp8-opt %s --fp8q-gpu-pipeline=format=cubin -o %t.unknown 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not test -s %t.unknown
// RUN: not fp8-opt %s --fp8q-gpu-pipeline=cuda-path=%t.no-cuda 2>&1 | FileCheck %s --check-prefix=NOPTXAS-AUTO
// RUN: not fp8-opt %s --fp8q-gpu-pipeline="format=bin cuda-path=%t.no-cuda" 2>&1 | FileCheck %s --check-prefix=NOPTXAS-BIN
// RUN: not fp8-opt %s --fp8q-gpu-pipeline="format=isa export-dir=%t.export cuda-path=%t.no-cuda" 2>&1 | FileCheck %s --check-prefix=EXPORT
// RUN: not fp8-opt %s --fp8q-export-kernels="dir=%t.export cuda-path=%t.no-cuda" 2>&1 | FileCheck %s --check-prefix=EXPORT
//
// With format=isa the toolkit is not needed: the same cuda-path is accepted.
// RUN: fp8-opt %s --fp8q-gpu-pipeline="format=isa cuda-path=%t.no-cuda" | FileCheck %s --check-prefix=ISA
// RUN: %if ptxas %{ fp8-opt %s --fp8q-gpu-pipeline=format=bin | FileCheck %s --check-prefix=BIN %}

// FORMAT: error: fp8q-gpu-pipeline: unknown format 'cubin'; expected one of auto, bin, isa, fatbin
// NOPTXAS-AUTO: error: fp8q-gpu-pipeline: cuda-path '{{.*}}.no-cuda' has no bin/ptxas, which format=auto needs (give the CUDA toolkit's root, or format=isa for PTX)
// NOPTXAS-BIN: error: fp8q-gpu-pipeline: cuda-path '{{.*}}.no-cuda' has no bin/ptxas, which format=bin needs
// EXPORT: error: fp8q-export-kernels: cuda-path '{{.*}}.no-cuda' has no bin/ptxas
// ISA: gpu.binary @fp8q_quantize_1x128_f32_fp32 {fp8q.kernel = {{.*}}} [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a"{{.*}}assembly =
// BIN: gpu.binary @fp8q_quantize_1x128_f32_fp32 {fp8q.kernel = {{.*}}} [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a"{{.*}}bin =

func.func @quantize(%x: tensor<256x512xf32>) -> (tensor<256x512xf8E4M3FN>, tensor<256x4xf32>) {
  %q0 = tensor.empty() : tensor<256x512xf8E4M3FN>
  %s0 = tensor.empty() : tensor<256x4xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<256x512xf32> -> tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
  return %q, %s : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
}
