// gemm-split-k=S (convert-fp8q-to-gpu and fp8q-gpu-pipeline): each result
// tile is computed by a cluster of S CTAs along K (docs/GPU.md, "Split-K").
// Rank r runs the K blocks of promotion intervals [r P / S, (r + 1) P / S)
// of the P in K; ranks 1..S-1 write their f32 sums into their own shared
// memory (16-byte chunks, in the epilogue staging area's place) and arrive
// on rank 0's full[r - 1] barrier (release, cluster scope); rank 0 waits
// for each (acquire, cluster scope), reads the sums through distributed
// shared memory (mapa + ld.shared::cluster), adds them in rank order,
// arrives on rank r's free barrier and runs the epilogue. The launch is a
// cluster launch of S * min(tiles, ctas / S) CTAs. Grouped GEMMs and the
// TMA store run without it; bad values are errors before anything is
// rewritten.
//
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=128 gemm-split-k=2" | FileCheck %s
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=128 gemm-split-k=4" | FileCheck %s --check-prefix=FOUR
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-split-k=2 gemm-tma-store=1" | FileCheck %s --check-prefix=AUTO
// The pass's own choice (gemm-split-k=0, the default) and its opt-outs:
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified" | FileCheck %s --check-prefix=CHOICE
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-split-k=1" | FileCheck %s --check-prefix=OFF
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=64 gemm-block-n=64 gemm-stages=6" | FileCheck %s --check-prefix=OFF
// RUN: rm -rf %t && fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified gemm-block-m=128 gemm-split-k=2 format=isa export-dir=%t" -o /dev/null
// RUN: %python -c "import json, sys; m = json.load(open(sys.argv[1])); [print(k['name'], k['grid'], k['cluster'], k['shared_bytes'], k['attrs'].get('split_k')) for k in m['kernels']]" %t/manifest.json | FileCheck %s --check-prefix=MANIFEST
// RUN: fp8-opt %S/scaled-matmul-wgmma-grouped.mlir --convert-fp8q-to-gpu="gemm=wgmma gemm-split-k=2" | FileCheck %s --check-prefix=GROUPED
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-split-k=3" 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: not fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified gemm-split-k=-2" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-split-k=2 gemm-cluster=2" 2>&1 | FileCheck %s --check-prefix=CLUSTER
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-split-k=4 gemm-ctas=2" 2>&1 | FileCheck %s --check-prefix=CTAS

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

func.func @m128_k7168(%a: tensor<128x7168xf8E4M3FN>, %sa: tensor<128x56xf32>, %b: tensor<4096x7168xf8E4M3FN>, %sb: tensor<32x56xf32>, %y0: tensor<128x4096xbf16>) -> tensor<128x4096xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<128x7168xf8E4M3FN>, tensor<128x56xf32>, tensor<4096x7168xf8E4M3FN>, tensor<32x56xf32> -> tensor<128x4096xbf16>
  return %y : tensor<128x4096xbf16>
}

func.func @m64_k7168(%a: tensor<64x7168xf8E4M3FN>, %sa: tensor<64x56xf32>, %b: tensor<4096x7168xf8E4M3FN>, %sb: tensor<32x56xf32>, %y0: tensor<64x4096xbf16>) -> tensor<64x4096xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<64x7168xf8E4M3FN>, tensor<64x56xf32>, tensor<4096x7168xf8E4M3FN>, tensor<32x56xf32> -> tensor<64x4096xbf16>
  return %y : tensor<64x4096xbf16>
}

func.func @m128_k2048(%a: tensor<128x2048xf8E4M3FN>, %sa: tensor<128x16xf32>, %b: tensor<4096x2048xf8E4M3FN>, %sb: tensor<32x16xf32>, %y0: tensor<128x4096xbf16>) -> tensor<128x4096xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<128x2048xf8E4M3FN>, tensor<128x16xf32>, tensor<4096x2048xf8E4M3FN>, tensor<32x16xf32> -> tensor<128x4096xbf16>
  return %y : tensor<128x4096xbf16>
}

// The pass's choice: at K = 7168, M = 128 takes 128 x 64 tiles over two
// CTAs (64 tiles, 128 CTAs) instead of 64 x 64 alone, M = 64 takes 64 x 64
// over two CTAs (128 CTAs instead of 64); at K = 2048 no split (64 x 64,
// 128 CTAs); the 200 x 300 x 512 GEMMs keep their tiles.
// CHOICE-LABEL: func.func @gemm(
// CHOICE: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132::
// CHOICE-LABEL: func.func @m128_k7168(
// CHOICE: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s6c132k2::{{.*}} clusters in (%c2{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}) blocks in (%c128{{[_0-9]*}},
// CHOICE-LABEL: func.func @m64_k7168(
// CHOICE: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132k2::{{.*}} clusters in (%c2{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}) blocks in (%c128{{[_0-9]*}},
// CHOICE-LABEL: func.func @m128_k2048(
// CHOICE: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132::{{.*}} blocks in (%c128{{[_0-9]*}},
// With gemm-split-k=1 or the tiling given, no GEMM is split:
// OFF-NOT: clusters in

// Static M = 200: 2 x 3 tiles, 2 CTAs each; 4 stages of 32 KiB, then the
// 64 KiB slot of a 128 x 128 tile's f32 sums (more than the 34 KiB bf16
// staging area it shares its bytes with), then the two split-K barriers.
// CHECK-LABEL: func.func @gemm(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s4c132k2::@fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s4c132k2
// CHECK-SAME: clusters in (%c2{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}) blocks in (%c12{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}) threads in (%c384{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}) dynamic_shared_memory_size %c196624_i32
// Dynamic M: 2 * min(ceil(M / 128) * 3, 66).
// CHECK-LABEL: func.func @dynamic_m(
// CHECK: %[[ROWS:.*]] = arith.ceildivui %{{.*}}, %c128
// CHECK: %[[TILES:.*]] = arith.muli %[[ROWS]], %c3
// CHECK: %[[C66:.*]] = arith.constant 66 : index
// CHECK: %[[MIN:.*]] = arith.minui %[[TILES]], %[[C66]]
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[GRID:.*]] = arith.muli %[[MIN]], %[[C2]]
// CHECK: gpu.launch_func {{.*}} clusters in (%c2{{[_0-9]*}}, %{{.*}}, %{{.*}}) blocks in (%[[GRID]],

// The kernel: the ring's 8 barriers, then full[0] and free (256 arrivals:
// every consumer thread of the peer), the cluster barrier after the setup;
// after the K loop, rank 0 (then branch) waits for rank 1's sums, reads its
// 64 values per thread as 16 chunks from the peer's shared memory, adds
// them and releases rank 1's slot before its epilogue; rank 1 (else branch)
// waits for its slot to be free (the previous tile's phase), writes 16
// chunks and arrives on rank 0's full[0]; the cluster barrier before the
// exit. The ring keeps its CTA-scope waits.
// CHECK-LABEL: gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s4c132k2(
// CHECK-COUNT-8: nvgpu.mbarrier.init
// CHECK-COUNT-2: mbarrier.init.shared::cta.b64 [$0], $1;", "r,r" %{{.*}}, %c256_i32
// CHECK: nvvm.fence.mbarrier.init
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK: nvgpu.tma.async.load {{.*}} : <tensor = memref<128x128xui8
// CHECK: nvgpu.tma.async.load {{.*}} : <tensor = memref<128x128xui8
// CHECK: %[[RANK0:.*]] = arith.cmpi eq, %{{.*}}, %c0_i32
// CHECK: scf.if %[[RANK0]] {
// CHECK: mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 done
// CHECK: mapa.shared::cluster.u32 $0, $1, $2;
// CHECK-COUNT-16: ld.shared::cluster.v4.f32 {$0, $1, $2, $3}, [$4];
// CHECK-NOT: ld.shared::cluster
// CHECK: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [at];
// CHECK-NOT: mbarrier.arrive.release.cluster
// CHECK: stmatrix
// CHECK: } else {
// CHECK: mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 done
// CHECK-COUNT-16: st.shared.v4.f32 [$0], {$1, $2, $3, $4};
// CHECK-NOT: st.shared.v4.f32
// CHECK: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [at];
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: gpu.return

// Four ranks: three barriers full[0..2] and free; rank 0 takes ranks 1, 2
// and 3 in turn.
// FOUR: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s4c132k4::{{.*}} clusters in (%c4{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}) blocks in (%c24{{[_0-9]*}},
// FOUR-LABEL: gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s4c132k4(
// FOUR-COUNT-4: mbarrier.init.shared::cta.b64 [$0], $1;", "r,r" %{{.*}}, %c256_i32
// FOUR: scf.if
// FOUR-COUNT-3: mapa.shared::cluster.u32 $0, $1, $2;
// FOUR-NOT: mapa.shared::cluster.u32 $0, $1, $2;
// FOUR: } else {

// The pass's own tile choice (64 x 64, 6 stages) takes the option: 4 x 5
// tiles, 2 CTAs each; without the TMA store.
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132k2::{{.*}} clusters in (%c2{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}) blocks in (%c40{{[_0-9]*}},

// MANIFEST: fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s4c132k2 ['2*min(ceil(M/128)*ceil(N/128), 66)', 1, 1] [2, 1, 1] 196624 2

// The grouped kernels launch without split-K; the plain GEMM next to them
// in that file takes it:
// GROUPED: gpu.launch_func async {{.*}} @fp8q_scaled_matmul_1x128_128x128_bf16_grouped_contiguous::@fp8q_scaled_matmul_1x128_128x128_bf16_grouped_contiguous blocks in
// GROUPED: gpu.launch_func async {{.*}} @fp8q_scaled_matmul_1x128_128x128_f32_m64n64s6c132k2::{{.*}} clusters in (%c2
// GROUPED: gpu.launch_func async {{.*}} @fp8q_scaled_matmul_1x128_128x128_f32_acc_grouped_masked::@fp8q_scaled_matmul_1x128_128x128_f32_acc_grouped_masked blocks in

// THREE: error: convert-fp8q-to-gpu: invalid GEMM tiling: split-K (3 CTAs per tile) must be 1, 2 or 4
// NEGATIVE: error: convert-fp8q-to-gpu: invalid GEMM tiling: split-K (-2 CTAs per tile) must be 1, 2 or 4
// CLUSTER: error: convert-fp8q-to-gpu: invalid GEMM tiling: split-K runs without clusters along M
// CTAS: error: convert-fp8q-to-gpu: invalid GEMM tiling: CTAs (2) must be at least the cluster's 4
