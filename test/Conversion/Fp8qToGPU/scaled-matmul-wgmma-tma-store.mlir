// The TMA-store epilogue (gemm-tma-store; docs/GPU.md, "TMA-store
// epilogue"): where the kernel stages bf16 results by stmatrix (bf16 without
// C, BLOCK_N a multiple of 64, no cluster, not grouped) each consumer
// warpgroup writes its 64 rows into two boxes of 64 rows x 128 bytes with the
// 128-byte swizzle, fences them for the async proxy, syncs, and one thread
// stores each box by cp.async.bulk.tensor through the `out_map` argument (a
// u8 tensor map over the result's [M, 2N] bytes) in one bulk group; before
// the next epilogue writes the area that thread waits until the group has
// been read, and before the kernel ends until it is complete. The kernel
// name gets `_tma` and its configuration `tma_store`; the storer warps are
// not used. Correctness on the H200: python -m fp8q.device.check_gemm on
// exports with it (bench/results/h200-s15.txt, call 1).
// The option gives it to every GEMM that can take it:
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-tma-store=1" | FileCheck %s
// With the tiling left to the pass, it takes it where K is static and at
// most 2048 (kTmaStoreMaxK) and the grid runs two waves of tiles or more
// (hopper::prefersTmaStore):
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified" | FileCheck %s --check-prefix=AUTO
// An explicit tiling option without gemm-tma-store keeps the threads' stores:
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=128" | FileCheck %s --check-prefix=OFF
// The export lists the map and the requirement N % 8 == 0:
// RUN: rm -rf %t && fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified gemm-tma-store=1 export-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/manifest.json
// ptxas: 0 spills (scaled-matmul-wgmma-ptxas.mlir).

// K = 512: the TMA store instead of the storer warps. 4096 x 4096 keeps 128
// x 128 (1024 tiles on 8 waves; 192 x 128's 704 would leave the sixth wave
// a third full).
func.func @k512(%a: tensor<4096x512xf8E4M3FN>, %sa: tensor<4096x4xf32>, %b: tensor<4096x512xf8E4M3FN>, %sb: tensor<32x4xf32>, %y0: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x512xf8E4M3FN>, tensor<4096x4xf32>, tensor<4096x512xf8E4M3FN>, tensor<32x4xf32> -> tensor<4096x4096xbf16>
  return %y : tensor<4096x4096xbf16>
}

// 4096 x 7168: 192 x 128 with it (scaled-matmul-wgmma-three-consumers.mlir).
func.func @k512_three_consumers(%a: tensor<4096x512xf8E4M3FN>, %sa: tensor<4096x4xf32>, %b: tensor<7168x512xf8E4M3FN>, %sb: tensor<56x4xf32>, %y0: tensor<4096x7168xbf16>) -> tensor<4096x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x512xf8E4M3FN>, tensor<4096x4xf32>, tensor<7168x512xf8E4M3FN>, tensor<56x4xf32> -> tensor<4096x7168xbf16>
  return %y : tensor<4096x7168xbf16>
}

// The 6-stage ring alike.
func.func @k2048(%a: tensor<4096x2048xf8E4M3FN>, %sa: tensor<4096x16xf32>, %b: tensor<7168x2048xf8E4M3FN>, %sb: tensor<56x16xf32>, %y0: tensor<4096x7168xbf16>) -> tensor<4096x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x2048xf8E4M3FN>, tensor<4096x16xf32>, tensor<7168x2048xf8E4M3FN>, tensor<56x16xf32> -> tensor<4096x7168xbf16>
  return %y : tensor<4096x7168xbf16>
}

// One wave of 112 tiles: the option gives it, the pass's choice keeps the
// storers (K <= 1024) there.
func.func @one_wave(%a: tensor<256x512xf8E4M3FN>, %sa: tensor<256x4xf32>, %b: tensor<7168x512xf8E4M3FN>, %sb: tensor<56x4xf32>, %y0: tensor<256x7168xbf16>) -> tensor<256x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>, tensor<7168x512xf8E4M3FN>, tensor<56x4xf32> -> tensor<256x7168xbf16>
  return %y : tensor<256x7168xbf16>
}

// K = 7168: likewise, the pass's choice keeps the consumers' stores.
func.func @k7168(%a: tensor<4096x7168xf8E4M3FN>, %sa: tensor<4096x56xf32>, %b: tensor<7168x7168xf8E4M3FN>, %sb: tensor<56x56xf32>, %y0: tensor<4096x7168xbf16>) -> tensor<4096x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x7168xf8E4M3FN>, tensor<4096x56xf32>, tensor<7168x7168xf8E4M3FN>, tensor<56x56xf32> -> tensor<4096x7168xbf16>
  return %y : tensor<4096x7168xbf16>
}

// A static N that is not a multiple of 8 keeps the threads' stores (here
// the storers of K = 512); so does a tile of 160 columns (N = 576).
func.func @n_odd(%a: tensor<4096x512xf8E4M3FN>, %sa: tensor<4096x4xf32>, %b: tensor<7170x512xf8E4M3FN>, %sb: tensor<57x4xf32>, %y0: tensor<4096x7170xbf16>) -> tensor<4096x7170xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x512xf8E4M3FN>, tensor<4096x4xf32>, tensor<7170x512xf8E4M3FN>, tensor<57x4xf32> -> tensor<4096x7170xbf16>
  return %y : tensor<4096x7170xbf16>
}
func.func @wide(%a: tensor<4096x7168xf8E4M3FN>, %sa: tensor<4096x56xf32>, %b: tensor<576x7168xf8E4M3FN>, %sb: tensor<5x56xf32>, %y0: tensor<4096x576xbf16>) -> tensor<4096x576xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x7168xf8E4M3FN>, tensor<4096x56xf32>, tensor<576x7168xf8E4M3FN>, tensor<5x56xf32> -> tensor<4096x576xbf16>
  return %y : tensor<4096x576xbf16>
}

// f32 results have no staging area.
func.func @f32(%a: tensor<4096x512xf8E4M3FN>, %sa: tensor<4096x4xf32>, %b: tensor<7168x512xf8E4M3FN>, %sb: tensor<56x4xf32>, %y0: tensor<4096x7168xf32>) -> tensor<4096x7168xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x512xf8E4M3FN>, tensor<4096x4xf32>, tensor<7168x512xf8E4M3FN>, tensor<56x4xf32> -> tensor<4096x7168xf32>
  return %y : tensor<4096x7168xf32>
}

// Dynamic M and N: the map's row of 2N bytes computed on the host (the
// driver rejects an N that is not a multiple of 8 where the map is encoded).
func.func @dyn(%a: tensor<?x512xf8E4M3FN>, %sa: tensor<?x4xf32>, %b: tensor<?x512xf8E4M3FN>, %sb: tensor<?x4xf32>, %y0: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<?x512xf8E4M3FN>, tensor<?x4xf32>, tensor<?x512xf8E4M3FN>, tensor<?x4xf32> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}

// CHECK-LABEL: func.func @k512(
// CHECK-COUNT-2: nvgpu.tma.create.descriptor {{.*}} box[%c128{{.*}}, %c128{{.*}}]
// CHECK: nvgpu.tma.create.descriptor {{.*}} box[%c64{{.*}}, %c128{{.*}}] : memref<*xui8> -> <tensor = memref<64x128xui8, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma::@fp8q_scaled_matmul_1x128_128x128_bf16_tma {{.*}} dynamic_shared_memory_size %c163840_i32
// CHECK-LABEL: func.func @k512_three_consumers(
// CHECK: nvgpu.tma.create.descriptor {{.*}} box[%c64{{.*}}, %c128{{.*}}]
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m192n128s4c132::
// CHECK-LABEL: func.func @k2048(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m128n128s6c132::
// CHECK-LABEL: func.func @one_wave(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma::
// CHECK-LABEL: func.func @k7168(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma::
// CHECK-LABEL: func.func @n_odd(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_sw::
// CHECK-LABEL: func.func @wide(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n160s4c132::
// CHECK-LABEL: func.func @f32(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_f32::
// CHECK-LABEL: func.func @dyn(
// CHECK: %[[BYTES:.*]] = arith.muli %{{.*}}, %c2{{.*}} : index
// CHECK: nvgpu.tma.create.descriptor {{.*}} box[%c64{{.*}}, %c128{{.*}}]
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma::

// One epilogue of the kernel (the deferred epilogue is emitted where the
// next tile's K loop runs it, and after the last tile):
// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_tma [
// CHECK-SAME: tma_store = true
// CHECK: nvvm.setmaxregister  increase 232
// CHECK: "cp.async.bulk.wait_group.read 0;"
// CHECK: nvvm.barrier id
// CHECK-COUNT-8: stmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: st.global
// CHECK: "fence.proxy.async.shared::cta;"
// CHECK: nvvm.barrier id
// CHECK-COUNT-2: "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$0, {$1, $2}], [$3];", "l,r,r,r"
// CHECK: "cp.async.bulk.commit_group;"
// The end of a consumer warpgroup: its last group complete.
// CHECK: "cp.async.bulk.wait_group 0;"
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return

// AUTO-LABEL: func.func @k512(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma::
// AUTO-LABEL: func.func @k512_three_consumers(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m192n128s4c132::
// AUTO-LABEL: func.func @k2048(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m128n128s6c132::
// AUTO-LABEL: func.func @one_wave(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_sw::
// AUTO-LABEL: func.func @k7168(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::
// AUTO-LABEL: func.func @n_odd(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_sw::
// AUTO-LABEL: func.func @wide(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n160s4c132::
// AUTO-LABEL: func.func @f32(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_f32::
// AUTO-LABEL: func.func @dyn(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::

// OFF-NOT: _tma
// OFF-NOT: cp.async.bulk.tensor.2d.global.shared

// MANIFEST: "name": "fp8q_scaled_matmul_1x128_128x128_bf16_tma"
// MANIFEST: "name": "out",
// MANIFEST: "name": "out_map",
// MANIFEST-NEXT: "kind": "tensormap",
// MANIFEST-NEXT: "of": "out",
// MANIFEST-NEXT: "box": [
// MANIFEST-NEXT: 64,
// MANIFEST-NEXT: 128
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "dtype": "u8",
// MANIFEST-NEXT: "swizzle": "128B",
// MANIFEST: "shared_bytes": 163840,
// MANIFEST: "N % 8 == 0"
