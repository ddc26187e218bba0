// RUN: fp8-opt %s --convert-fp8q-to-gpu=gemm=wgmma -verify-diagnostics

// The wgmma GEMM reads its operands through tensor maps encoded on the
// buffers themselves, so it needs device-accessible buffers; the default
// `copy` memory model is diagnosed, never silently launched on host memory.
func.func @host_memory(%a: tensor<64x256xf8E4M3FN>, %sa: tensor<64x2xf32>, %b: tensor<128x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %y0: tensor<64x128xbf16>) -> tensor<64x128xbf16> {
  // expected-error @+1 {{'fp8q.scaled_matmul' op gemm=wgmma needs memory-model=unified (device-accessible buffers); with host memory, run the exported kernel through python/fp8q/runtime.py or use gemm=host}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<64x256xf8E4M3FN>, tensor<64x2xf32>, tensor<128x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<64x128xbf16>
  return %y : tensor<64x128xbf16>
}
