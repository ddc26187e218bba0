// gemm-cluster=2 (convert-fp8q-to-gpu and fp8q-gpu-pipeline): the GEMM
// kernel runs in clusters of 2 CTAs along M that share each B tile through
// TMA multicast. The launch is a cluster launch of a whole number of
// clusters (2 * min(ceil(M/256) * ceil(N/128), ctas / 2) CTAs), each CTA
// loads half of the B tile (b_map box [64, 128]) and multicasts it, the
// stages' empty barriers are released by every consumer warp of both CTAs
// (on shared::cluster addresses), and the CTAs meet at cluster barriers
// after the barrier setup and before they exit. Grouped GEMMs run without
// clusters. Bad values are errors before anything is rewritten.
//
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=128 gemm-cluster=2" | FileCheck %s
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-cluster=2" | FileCheck %s --check-prefix=AUTO
// RUN: rm -rf %t && fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified gemm-block-m=128 gemm-cluster=2 format=isa export-dir=%t" -o /dev/null
// RUN: %python -c "import json, sys; m = json.load(open(sys.argv[1])); [print(k['name'], k['grid'], k['cluster'], k['shared_bytes'], [a['box'] for a in k['args'] if a['kind'] == 'tensormap']) for k in m['kernels']]" %t/manifest.json | FileCheck %s --check-prefix=MANIFEST
// RUN: fp8-opt %S/scaled-matmul-wgmma-grouped.mlir --convert-fp8q-to-gpu="gemm=wgmma gemm-cluster=2" | FileCheck %s --check-prefix=GROUPED
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-cluster=3" 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: not fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified gemm-cluster=0" 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-cluster=2 gemm-ctas=1" 2>&1 | FileCheck %s --check-prefix=CTAS
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-cluster=2 gemm-block-n=8" 2>&1 | FileCheck %s --check-prefix=BN

func.func @gemm(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<200x4xf32>, %b: tensor<300x512xf8E4M3FN>, %sb: tensor<3x4xf32>, %y0: tensor<200x300xbf16>) -> tensor<200x300xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<200x512xf8E4M3FN>, tensor<200x4xf32>, tensor<300x512xf8E4M3FN>, tensor<3x4xf32> -> tensor<200x300xbf16>
  return %y : tensor<200x300xbf16>
}

func.func @dynamic_m(%a: tensor<?x512xf8E4M3FN>, %sa: tensor<?x4xf32>, %b: tensor<300x512xf8E4M3FN>, %sb: tensor<3x4xf32>, %y0: tensor<?x300xbf16>) -> tensor<?x300xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<?x512xf8E4M3FN>, tensor<?x4xf32>, tensor<300x512xf8E4M3FN>, tensor<3x4xf32> -> tensor<?x300xbf16>
  return %y : tensor<?x300xbf16>
}

// Static M = 200: one cluster row (ceil(200/256)) x 3 tile columns -> 2 x 3
// CTAs; the B map's box is half the tile; 4 stages of 32 KiB and the 4
// cluster empty barriers (8 bytes each) of dynamic shared memory.
// CHECK-LABEL: func.func @gemm(
// CHECK: nvgpu.tma.create.descriptor {{.*}} : memref<*xui8> -> <tensor = memref<64x128xui8,
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s4c132x2::@fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s4c132x2
// CHECK-SAME: clusters in (%c2{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}) blocks in (%c6{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}) threads in (%c384{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}) dynamic_shared_memory_size %c165888_i32
// Dynamic M: 2 * min(ceil(M / 256) * 3, 66).
// CHECK-LABEL: func.func @dynamic_m(
// CHECK: %[[ROWS:.*]] = arith.ceildivui %{{.*}}, %c256
// CHECK: %[[UNITS:.*]] = arith.muli %[[ROWS]], %c3
// CHECK: %[[C66:.*]] = arith.constant 66 : index
// CHECK: %[[MIN:.*]] = arith.minui %[[UNITS]], %[[C66]]
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[GRID:.*]] = arith.muli %[[MIN]], %[[C2]]
// CHECK: gpu.launch_func {{.*}} clusters in (%c2{{[_0-9]*}}, %{{.*}}, %{{.*}}) blocks in (%[[GRID]],

// The kernel: cluster barrier after the barrier setup, the producer's wait
// on the cluster empty barrier (default semantics: an acquire/release at
// cluster scope compiles to GPU-wide fences, 2.2x slower on the H200),
// A loaded alone, B's half multicast to both CTAs (mask 0b11), lane 0 of
// each consumer warp arriving on the empty barrier of both CTAs, the
// previous tile's epilogue deferred into the K loop and staged by stmatrix
// (as without clusters), the cluster barrier before the exit. The cluster
// empty barriers are static shared memory (a workgroup attribution), so the
// dynamic bytes are those of the kernel without clusters.
// CHECK-LABEL: gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s4c132x2(
// CHECK-SAME: workgroup(%{{.*}} : memref<4xi64, #gpu.address_space<workgroup>> {llvm.align = 8 : i64})
// CHECK-COUNT-4: mbarrier.init.shared::cta.b64 [$0], $1;
// CHECK: nvvm.fence.mbarrier.init
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK: mbarrier.try_wait.parity.shared::cta.b64 done
// CHECK-NOT: release.cluster
// CHECK-NOT: acquire.cluster
// CHECK: nvgpu.tma.async.load {{.*}} : <tensor = memref<128x128xui8
// CHECK: nvgpu.tma.async.load {{.*}} multicast_mask = %c3_i16 : <tensor = memref<64x128xui8
// CHECK: setp.eq.u32 lead, $1, 0;\0A\09mapa.shared::cluster.u32 at, $0, 0;\0A\09@lead mbarrier.arrive.shared::cluster.b64 _, [at];\0A\09mapa.shared::cluster.u32 at, $0, 1;\0A\09@lead mbarrier.arrive.shared::cluster.b64 _, [at];
// CHECK: stmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: gpu.return

// The pass's own tile choice keeps the cluster: 64 x 64 tiles for this
// small GEMM (2 cluster rows x 5 columns -> 20 CTAs), a [32, 128] B box.
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132x2::{{.*}} clusters in (%c2{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}) blocks in (%c20{{[_0-9]*}},
// AUTO: multicast_mask = %c3_i16 : <tensor = memref<32x128xui8

// MANIFEST: fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s4c132x2 ['2*min(ceil(M/256)*ceil(N/128), 66)', 1, 1] [2, 1, 1] 165888 {{\[\[}}128, 128], [64, 128]]

// The grouped kernels launch without clusters; the plain GEMM next to them
// in that file takes the cluster:
// GROUPED: gpu.launch_func async {{.*}} @fp8q_scaled_matmul_1x128_128x128_bf16_grouped_contiguous::@fp8q_scaled_matmul_1x128_128x128_bf16_grouped_contiguous blocks in
// GROUPED: gpu.launch_func async {{.*}} @fp8q_scaled_matmul_1x128_128x128_f32_m64n64s6c132x2::{{.*}} clusters in (%c2
// GROUPED: gpu.launch_func async {{.*}} @fp8q_scaled_matmul_1x128_128x128_f32_acc_grouped_masked::@fp8q_scaled_matmul_1x128_128x128_f32_acc_grouped_masked blocks in

// THREE: error: convert-fp8q-to-gpu: invalid GEMM tiling: the cluster along M (3 CTAs) must be 1 or 2
// ZERO: error: convert-fp8q-to-gpu: invalid GEMM tiling: the cluster along M (0 CTAs) must be 1 or 2
// CTAS: error: convert-fp8q-to-gpu: invalid GEMM tiling: CTAs (1) must be at least the cluster's 2
// BN: error: convert-fp8q-to-gpu: invalid GEMM tiling: BLOCK_N (8) must be a multiple of 16 with 2-CTA clusters along M
