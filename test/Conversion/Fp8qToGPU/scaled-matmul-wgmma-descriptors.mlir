// How the K loop builds the wgmma shared-memory descriptors (docs/GPU.md,
// "Descriptors in the K loop"; GemmKernelConfig::usesDescriptorBase). The
// descriptor is the 14-bit address field in 16-byte units, the leading
// offset 1 in bits 16-29, the stride 1024 / 16 = 64 in bits 32-45 and the
// 128-byte swizzle (1) in bits 62-63.
//
// Weight blocks (Fprop/Dgrad, every result type): the stage area's field is
// computed from its address once (offset 0: ptrtoint, >> 4, & 0x3FFF) and
// the stage's byte offset / 16 added to it; each k32 step adds the leading
// offset and its K bytes / 16 to the low word in one constant (65536 +
// 2 k) and ORs the constant high word (0x4000004000000000).
// The Wgrad form (1x128 rows of B) keeps the field of each whole address
// and ORs all the constant bits (0x4000004000010000) into the zero-extended
// field: the hoisted base made its 2-CTA cluster kernel spill. One run
// checks both forms (the Wgrad kernel is the module's last):
// RUN: fp8-opt %S/Inputs/gemm-variants.mlir --convert-fp8q-to-gpu="gemm=wgmma gemm-block-m=128 memory-model=unified" | FileCheck %s --check-prefixes=CHECK,WGRAD
// ptxas (no spills either way): scaled-matmul-wgmma-ptxas.mlir.

// CHECK-LABEL: gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16(
// CHECK:         %[[B0:.+]] = llvm.getelementptr %{{.+}}[%{{.+}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT:    %[[I0:.+]] = llvm.ptrtoint %[[B0]] : !llvm.ptr<3> to i32
// CHECK:         %[[S0:.+]] = arith.shrui %[[I0]], %{{.+}} : i32
// CHECK-NEXT:    %[[F0:.+]] = arith.andi %[[S0]], %c16383_i32{{.*}} : i32
// CHECK-NEXT:    %{{.+}} = arith.addi %[[F0]], %{{.+}} : i32
// CHECK:         nvvm.wgmma.fence.aligned
// CHECK-NEXT:    %[[L0:.+]] = arith.constant 65536 : i32
// CHECK-NEXT:    %[[W0:.+]] = arith.addi %[[A:.+]], %[[L0]] : i32
// CHECK-NEXT:    %[[H0:.+]] = arith.constant 4611686293305294848 : i64
// CHECK-NEXT:    %[[Z0:.+]] = arith.extui %[[W0]] : i32 to i64
// CHECK-NEXT:    %{{.+}} = arith.ori %[[Z0]], %[[H0]] : i64
// CHECK:         nvvm.wgmma.mma_async
// CHECK-NEXT:    %[[L1:.+]] = arith.constant 65538 : i32
// CHECK-NEXT:    %{{.+}} = arith.addi %[[A]], %[[L1]] : i32
// CHECK-NOT:     4611686293305360384
// CHECK-LABEL: gpu.func @fp8q_scaled_matmul_1x128_128x128_f32_acc(
// CHECK-NOT:     4611686293305360384
// CHECK:         arith.ori %{{.+}}, %c4611686293305294848_i64{{.*}} : i64
// CHECK-NOT:     4611686293305360384

// WGRAD-LABEL: gpu.func @fp8q_scaled_matmul_1x128_1x128_f32(
// WGRAD-NOT:     4611686293305294848
// WGRAD:         nvvm.wgmma.fence.aligned
// WGRAD-NEXT:    %[[K0:.+]] = arith.constant 0 : i32
// WGRAD-NEXT:    %[[W0:.+]] = arith.addi %[[A:.+]], %[[K0]] : i32
// WGRAD-NEXT:    %[[H0:.+]] = arith.constant 4611686293305360384 : i64
// WGRAD-NEXT:    %[[Z0:.+]] = arith.extui %[[W0]] : i32 to i64
// WGRAD-NEXT:    %{{.+}} = arith.ori %[[Z0]], %[[H0]] : i64
// WGRAD:         nvvm.wgmma.mma_async
// WGRAD-NEXT:    %[[K1:.+]] = arith.constant 2 : i32
// WGRAD-NEXT:    %{{.+}} = arith.addi %[[A]], %[[K1]] : i32
// WGRAD-NOT:     4611686293305294848
