// gemm-cluster-n=2 (convert-fp8q-to-gpu and fp8q-gpu-pipeline): the GEMM
// kernel runs in clusters of 2 CTAs along N that share each A tile through
// TMA multicast (kernel suffix `xn2`). The launch is a cluster launch of a
// whole number of clusters (2 * min(ceil(M/BM) * ceil(N/256), ctas / 2)
// CTAs); each CTA loads its own B tile and half of the A tile (a_map box
// [BM/2, 128]), which it multicasts; the tile loop gives rank r of unit u
// the tile column min(2u + r, tiles - 1), and a CTA past the last column
// (an odd column count) stores nothing (its row end is 0). The cluster
// empty barriers and cluster syncs are those of gemm-cluster=2. Grouped
// GEMMs run without clusters. Bad values and combinations are errors
// before anything is rewritten.
//
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=256 gemm-stages=3 gemm-cluster-n=2" | FileCheck %s
// RUN: rm -rf %t && fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified gemm-block-m=256 gemm-stages=3 gemm-cluster-n=2 format=isa export-dir=%t" -o /dev/null
// RUN: %python -c "import json, sys; m = json.load(open(sys.argv[1])); [print(k['name'], k['grid'], k['cluster'], k['attrs']['cluster_n'], [a['box'] for a in k['args'] if a['kind'] == 'tensormap']) for k in m['kernels']]" %t/manifest.json | FileCheck %s --check-prefix=MANIFEST
// RUN: fp8-opt %S/scaled-matmul-wgmma-grouped.mlir --convert-fp8q-to-gpu="gemm=wgmma gemm-cluster-n=2" | FileCheck %s --check-prefix=GROUPED
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-cluster-n=3" 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: not fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified gemm-cluster-n=0" 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-cluster=2 gemm-cluster-n=2" 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-cluster-n=2 gemm-split-k=2" 2>&1 | FileCheck %s --check-prefix=SPLIT

func.func @gemm(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<200x4xf32>, %b: tensor<300x512xf8E4M3FN>, %sb: tensor<3x4xf32>, %y0: tensor<200x300xbf16>) -> tensor<200x300xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<200x512xf8E4M3FN>, tensor<200x4xf32>, tensor<300x512xf8E4M3FN>, tensor<3x4xf32> -> tensor<200x300xbf16>
  return %y : tensor<200x300xbf16>
}

// M = 200, N = 300: one tile row x ceil(300/256) = 2 units of two tile
// columns -> 2 x 2 CTAs (the second unit's rank 1 is past the 3 columns);
// both maps' boxes [128, 128]: half of A's 256 rows, B whole.
// CHECK-LABEL: func.func @gemm(
// CHECK: nvgpu.tma.create.descriptor {{.*}} box[%c128{{[_0-9]*}}, %c128{{[_0-9]*}}] : memref<*xui8> -> <tensor = memref<128x128xui8,
// CHECK: nvgpu.tma.create.descriptor {{.*}} box[%c128{{[_0-9]*}}, %c128{{[_0-9]*}}] : memref<*xui8> -> <tensor = memref<128x128xui8,
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s3c132xn2::@fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s3c132xn2
// CHECK-SAME: clusters in (%c2{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}) blocks in (%c4{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}})

// The kernel: the cluster barrier after the barrier setup; in the tile
// loop (producer first) the column 2u + rank, a row end of 0 past the
// last column and the column clamped to it; the producer waits on the
// cluster empty barrier, loads rows [128 r, 128 r + 128) of A (the part
// at offset rank * 16384 of the stage) multicast to both CTAs (mask 0b11)
// and its B tile alone; each consumer warp arrives on the empty barrier of
// both CTAs; the cluster barrier before the exit.
// CHECK-LABEL: gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s3c132xn2(
// CHECK: %[[RANK:.*]] = arith.remui %{{.*}}, %c2_i32 : i32
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK: scf.for
// CHECK: %[[R64:.*]] = arith.extui %[[RANK]] : i32 to i64
// CHECK: %[[TWO:.*]] = arith.muli %{{.*}}, %c2_i64{{[_0-9]*}} : i64
// CHECK: %[[COL:.*]] = arith.addi %[[TWO]], %[[R64]] : i64
// CHECK: %[[PAST:.*]] = arith.cmpi uge, %[[COL]], %[[TILES:.*]] : i64
// CHECK: %[[LAST:.*]] = arith.subi %[[TILES]], %c1_i64{{[_0-9]*}} : i64
// CHECK: arith.minui %[[COL]], %[[LAST]] : i64
// CHECK: arith.select %[[PAST]], %c0_i64{{[_0-9]*}}, %{{.*}} : i64
// CHECK: mbarrier.try_wait.parity.shared::cta.b64 done
// CHECK-NOT: release.cluster
// CHECK: %[[AROWS:.*]] = arith.muli %[[RANK]], %c128_i32{{[_0-9]*}} : i32
// CHECK: arith.muli %[[AROWS]], %c128_i32{{[_0-9]*}} : i32
// CHECK: nvgpu.tma.async.load {{.*}} multicast_mask = %c3_i16 : <tensor = memref<128x128xui8
// CHECK-NOT: multicast_mask
// CHECK: nvgpu.tma.async.load {{.*}} to %{{.*}} : <tensor = memref<128x128xui8
// CHECK: setp.eq.u32 lead, $1, 0;\0A\09mapa.shared::cluster.u32 at, $0, 0;\0A\09@lead mbarrier.arrive.shared::cluster.b64 _, [at];\0A\09mapa.shared::cluster.u32 at, $0, 1;\0A\09@lead mbarrier.arrive.shared::cluster.b64 _, [at];
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: gpu.return

// MANIFEST: fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s3c132xn2 ['2*min(ceil(M/256)*ceil(N/256), 66)', 1, 1] [2, 1, 1] 2 {{\[\[}}128, 128], [128, 128]]

// The grouped kernels launch without clusters; the plain GEMM next to them
// in that file takes the cluster:
// GROUPED: gpu.launch_func async {{.*}} @fp8q_scaled_matmul_1x128_128x128_bf16_grouped_contiguous::@fp8q_scaled_matmul_1x128_128x128_bf16_grouped_contiguous blocks in
// GROUPED: gpu.launch_func async {{.*}} @fp8q_scaled_matmul_1x128_128x128_f32_m64n64s6c132xn2::{{.*}} clusters in (%c2
// GROUPED: gpu.launch_func async {{.*}} @fp8q_scaled_matmul_1x128_128x128_f32_acc_grouped_masked::@fp8q_scaled_matmul_1x128_128x128_f32_acc_grouped_masked blocks in

// THREE: error: convert-fp8q-to-gpu: invalid GEMM tiling: the cluster along N (3 CTAs) must be 1 or 2
// ZERO: error: convert-fp8q-to-gpu: invalid GEMM tiling: the cluster along N (0 CTAs) must be 1 or 2
// BOTH: error: convert-fp8q-to-gpu: invalid GEMM tiling: a cluster runs along M or along N, not both
// SPLIT: error: convert-fp8q-to-gpu: invalid GEMM tiling: split-K runs without clusters along M or N
