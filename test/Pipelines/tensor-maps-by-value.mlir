// RUN: fp8-opt %s --split-input-file --fp8q-tensor-maps-by-value --verify-diagnostics | FileCheck %s

// A map passed to a by-value (grid constant) kernel parameter is encoded on
// the host into a stack slot of the entry block (no device copy), and the
// launch passes its 128 bytes; the other pointer stays a pointer.
!desc = !nvgpu.tensormap.descriptor<tensor = memref<128x128xui8, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
module attributes {gpu.container_module} {
  gpu.module @k {
    llvm.func @k(%a: !llvm.ptr, %m: !llvm.ptr {llvm.byval = !llvm.array<16 x i64>, llvm.align = 64 : i64, nvvm.grid_constant}) attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  // CHECK:       llvm.func @mgpuTensorMapEncodeTiledHost(!llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i64, i64, !llvm.ptr)
  // CHECK-LABEL: func.func @launch(
  // CHECK-SAME:    %[[VIEW:.*]]: memref<*xui8>, %[[A:.*]]: !llvm.ptr)
  // CHECK:         %[[SLOT:.*]] = llvm.alloca %{{.*}} x !llvm.array<16 x i64> {alignment = 128 : i64}
  // CHECK:         %[[BOX:.*]] = llvm.alloca %{{.*}} x i64 {alignment = 8 : i64}
  // CHECK-NOT:     nvgpu.tma.create.descriptor
  // CHECK:         llvm.call @mgpuTensorMapEncodeTiledHost(%[[SLOT]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[BOX]]) : (!llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i64, i64, !llvm.ptr) -> ()
  // CHECK:         %[[MAP:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.array<16 x i64>
  // CHECK:         gpu.launch_func  @k::@k {{.*}} args(%[[A]] : !llvm.ptr, %[[MAP]] : !llvm.array<16 x i64>)
  func.func @launch(%view: memref<*xui8>, %a: !llvm.ptr) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %m = nvgpu.tma.create.descriptor %view box[%c128, %c128] : memref<*xui8> -> !desc
    %p = builtin.unrealized_conversion_cast %m : !desc to !llvm.ptr
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : !llvm.ptr, %p : !llvm.ptr)
    return
  }
}

// -----

// A map passed by value and used otherwise is an error.
!desc = !nvgpu.tensormap.descriptor<tensor = memref<128x128xui8, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
module attributes {gpu.container_module} {
  gpu.module @k {
    llvm.func @k(%m: !llvm.ptr {llvm.byval = !llvm.array<16 x i64>}, %n: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  func.func @launch(%view: memref<*xui8>) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    // expected-error @+1 {{is passed to a kernel by value and also used by}}
    %m = nvgpu.tma.create.descriptor %view box[%c128, %c128] : memref<*xui8> -> !desc
    %p = builtin.unrealized_conversion_cast %m : !desc to !llvm.ptr
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%p : !llvm.ptr, %p : !llvm.ptr)
    return
  }
}

// -----

// A kernel with by-value parameters must be lowered first.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%m: !llvm.ptr {llvm.byval = !llvm.array<16 x i64>}) kernel {
      gpu.return
    }
  }
  func.func @launch(%p: !llvm.ptr) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{with by-value parameters that is not lowered to an llvm.func yet}}
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%p : !llvm.ptr)
    return
  }
}
