// RUN: fp8-opt %s --convert-fp8q-to-gpu=memory-model=unified -cse | FileCheck %s --check-prefix=UNIFIED
// RUN: fp8-opt %s --convert-fp8q-to-gpu=memory-model=copy -cse | FileCheck %s --check-prefix=COPY
// RUN: not fp8-opt %s --convert-fp8q-to-gpu=memory-model=pinned 2>&1 | FileCheck %s --check-prefix=BAD

// memory-model=unified: the program's buffers are device-accessible, so the
// kernel gets the host buffers' addresses and the launch is synchronous; no
// device buffers, no copies.

// UNIFIED-LABEL: func.func @rowwise(
// UNIFIED-SAME:      %[[X:.*]]: tensor<256x512xbf16>)
// UNIFIED:         %[[XB:.*]] = bufferization.to_buffer %[[X]] read_only
// UNIFIED:         %[[QB:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256x512xf8E4M3FN>
// UNIFIED:         %[[SB:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256x4xf32>
// UNIFIED-NOT:     gpu.alloc
// UNIFIED-NOT:     gpu.memcpy
// UNIFIED:         memref.extract_aligned_pointer_as_index %[[XB]]
// UNIFIED:         memref.extract_aligned_pointer_as_index %[[QB]]
// UNIFIED:         memref.extract_aligned_pointer_as_index %[[SB]]
// UNIFIED:         gpu.launch_func @fp8q_quantize_1x128_bf16_fp32::@fp8q_quantize_1x128_bf16_fp32
// UNIFIED-NOT:     gpu.wait
// UNIFIED-NOT:     gpu.dealloc
// UNIFIED:         bufferization.to_tensor %[[QB]]

// COPY-LABEL: func.func @rowwise(
// COPY:         gpu.wait async
// COPY:         gpu.alloc async
// COPY:         gpu.memcpy async
// COPY:         gpu.launch_func async
// COPY:         gpu.dealloc async
// COPY:         gpu.wait [

// BAD: for the --memory-model option: Cannot find option named 'pinned'!
func.func @rowwise(%x: tensor<256x512xbf16>) -> (tensor<256x512xf8E4M3FN>, tensor<256x4xf32>) {
  %q0 = tensor.empty() : tensor<256x512xf8E4M3FN>
  %s0 = tensor.empty() : tensor<256x4xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<256x512xbf16> -> tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
  return %q, %s : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
}
