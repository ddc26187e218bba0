// Host code that uses every gpu/nvgpu operation whose lowering calls the
// mgpu* runtime ABI: loading a cubin and PTX (JIT), plain and cluster
// launches, streams and events (async tokens), device memory, memset of 32-
// and 16-bit elements, host registration, device selection and TMA
// descriptors. The kernels are fake binaries: only the host side matters.
// Lowered by mgpu-abi.test with the upstream passes to LLVM IR, whose
// `declare ... @mgpu*` lines are the ABI libFP8QCudaRuntime must provide.
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x128xi8, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
module attributes {gpu.container_module} {
  gpu.binary @cubin [#gpu.object<#nvvm.target<chip = "sm_90a">, bin = "CUBIN">]
  gpu.binary @ptx [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = "PTX">]

  func.func @main(%host: memref<256x256xi8>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c0_i32 = arith.constant 0 : i32
    gpu.set_default_device %c0_i32

    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] () : memref<256x256xi8>
    %b, %t2 = gpu.alloc async [%t1] () : memref<16xf16>
    %c, %t3 = gpu.alloc async [%t2] () : memref<16xf32>
    %t4 = gpu.memcpy async [%t3] %a, %host : memref<256x256xi8>, memref<256x256xi8>
    %f16 = arith.constant 1.0 : f16
    %t5 = gpu.memset async [%t4] %b, %f16 : memref<16xf16>, f16
    %f32 = arith.constant 1.0 : f32
    %t6 = gpu.memset async [%t5] %c, %f32 : memref<16xf32>, f32

    // TMA descriptor of the device buffer (kept alive by the call below).
    %unranked = memref.cast %a : memref<256x256xi8> to memref<*xi8>
    %d = nvgpu.tma.create.descriptor %unranked box[%c64, %c128] : memref<*xi8> -> !desc

    %t7 = gpu.launch_func async [%t6] @cubin::@k
        blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    // A second stream joins through events.
    %s1 = gpu.wait async
    %t8 = gpu.launch_func async [%s1] @ptx::@k
        clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1) dynamic_shared_memory_size %c0_i32
    %t9 = gpu.wait async [%t7, %t8]
    %t10 = gpu.dealloc async [%t9] %a : memref<256x256xi8>
    // The host waits for two streams at once (through events).
    %s2 = gpu.wait async
    %t11 = gpu.memset async [%s2] %c, %f32 : memref<16xf32>, f32
    gpu.wait [%t10, %t11]

    // Synchronous launch (own stream) and host registration.
    gpu.launch_func @cubin::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %h = memref.cast %host : memref<256x256xi8> to memref<*xi8>
    gpu.host_register %h : memref<*xi8>
    gpu.host_unregister %h : memref<*xi8>
    return
  }

  // A token that is not a stream created here (a function argument) is an
  // event: waiting for it synchronizes and destroys the event.
  func.func @wait_for(%token: !gpu.async.token) {
    gpu.wait [%token]
    return
  }
}
