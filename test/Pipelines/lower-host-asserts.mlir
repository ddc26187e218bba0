// RUN: fp8-opt %s --fp8q-lower-host-asserts | FileCheck %s

// A failed cf.assert writes its message and a newline to stderr (fd 2,
// unbuffered) and aborts; asserts with the same message share one global;
// an assert in a gpu.module is left to the device lowering. (Run:
// test/Integration/CPU/dynamic-m.mlir, test/Integration/GPU/dynamic-m-mock.test.)

// CHECK-DAG: llvm.func @write(i32, !llvm.ptr, i64) -> i64
// CHECK-DAG: llvm.func @abort()
// CHECK-DAG: llvm.mlir.global private constant @fp8q_assert_msg("first\0A")
// CHECK-DAG: llvm.mlir.global private constant @fp8q_assert_msg_0("second\0A")
// CHECK-NOT: llvm.mlir.global

// CHECK-LABEL: func.func @main(
// CHECK:         %[[OK:.*]] = arith.cmpi
// CHECK:         cf.cond_br %[[OK]], ^[[NEXT:.*]], ^[[FAIL:[a-z0-9]+]]
// CHECK:       ^[[FAIL]]:
// CHECK:         %[[MSG:.*]] = llvm.mlir.addressof @fp8q_assert_msg : !llvm.ptr
// CHECK:         %[[FD:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK:         %[[LEN:.*]] = llvm.mlir.constant(6 : i64) : i64
// CHECK:         llvm.call @write(%[[FD]], %[[MSG]], %[[LEN]])
// CHECK:         llvm.call @abort()
// CHECK:         llvm.unreachable
// CHECK:       ^[[NEXT]]:
// CHECK:         cf.cond_br %{{.*}}, ^{{.*}}, ^[[FAIL2:[a-z0-9]+]]
// CHECK:       ^[[FAIL2]]:
// CHECK:         llvm.mlir.addressof @fp8q_assert_msg_0
// CHECK:         cf.cond_br %{{.*}}, ^{{.*}}, ^[[FAIL3:[a-z0-9]+]]
// CHECK:       ^[[FAIL3]]:
// CHECK:         llvm.mlir.addressof @fp8q_assert_msg :
// CHECK-NOT:     cf.assert
// CHECK:         return

func.func @main() {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %ok = arith.cmpi ult, %c1, %c2 : i32
  cf.assert %ok, "first"
  %bad = arith.cmpi ugt, %c1, %c2 : i32
  cf.assert %bad, "second"
  cf.assert %ok, "first"
  return
}

// CHECK-LABEL: gpu.module @kernels
// CHECK:         cf.assert
gpu.module @kernels {
  gpu.func @k(%b: i1) kernel {
    cf.assert %b, "device"
    gpu.return
  }
}
