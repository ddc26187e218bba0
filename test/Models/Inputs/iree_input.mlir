// The shape of `iree-compile --compile-to=input` output for a one-Linear
// model with its weight as an argument (abridged by hand): the model in
// util.func @main$async on !hal.buffer_view, and the synchronous wrapper.
module @module {
  util.func public @main$async(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.fence, %arg3: !hal.fence) -> !hal.buffer_view attributes {inlining_policy = #util.inline.never, iree.abi.model = "coarse-fences", iree.abi.stub} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = hal.tensor.import wait(%arg2) => %arg0 : !hal.buffer_view -> tensor<16x256xf32>
    %1 = hal.tensor.import wait(%arg2) => %arg1 : !hal.buffer_view -> tensor<512x256xf32>
    %2 = tensor.empty() : tensor<256x512xf32>
    %transposed = linalg.transpose ins(%1 : tensor<512x256xf32>) outs(%2 : tensor<256x512xf32>) permutation = [1, 0]
    %3 = tensor.empty() : tensor<16x512xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %5 = linalg.matmul ins(%0, %transposed : tensor<16x256xf32>, tensor<256x512xf32>) outs(%4 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %6 = hal.tensor.barrier join(%5 : tensor<16x512xf32>) => %arg3 : !hal.fence
    %7 = hal.tensor.export %6 : tensor<16x512xf32> -> !hal.buffer_view
    util.return %7 : !hal.buffer_view
  }
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
    %0 = util.null : !hal.fence
    %c0 = arith.constant 0 : index
    %device_0 = hal.devices.get %c0 : !hal.device
    %fence = hal.fence.create device(%device_0 : !hal.device) flags("None") : !hal.fence
    %1 = util.call @main$async(%arg0, %arg1, %0, %fence) : (!hal.buffer_view, !hal.buffer_view, !hal.fence, !hal.fence) -> !hal.buffer_view
    util.return %1 : !hal.buffer_view
  }
}
