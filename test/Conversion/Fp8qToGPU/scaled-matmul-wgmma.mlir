// The Hopper wgmma GEMM (gemm=wgmma): host launch with ui8 tensor maps
// (memory-model=unified here; the copying launch of the default memory
// model is in scaled-matmul-wgmma-memory-model.mlir), and the kernel
// structure (persistent tile loop, TMA, mbarrier pipeline, wgmma e4m3,
// promotion, pair stores on interior tiles and masked stores on edge
// tiles). gemm=host (default) leaves scaled_matmul alone.
//
// RUN: fp8-opt %S/Inputs/gemm-variants.mlir --convert-fp8q-to-gpu="gemm=wgmma gemm-block-m=128 memory-model=unified" | FileCheck %s
// RUN: fp8-opt %S/Inputs/gemm-variants.mlir --convert-fp8q-to-gpu | FileCheck %s --check-prefix=HOST
// RUN: fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 memory-model=unified format=isa" | FileCheck %s --check-prefix=PTX
// RUN: fp8-opt %S/Inputs/gemm-variants.mlir --convert-fp8q-to-gpu="gemm=wgmma gemm-block-m=128 gemm-promotion=mul-add memory-model=unified" | FileCheck %s --check-prefix=MULADD
// RUN: fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 gemm-promotion=mul-add memory-model=unified format=isa" | FileCheck %s --check-prefix=MULADD-PTX

// HOST-COUNT-4: fp8q.scaled_matmul
// HOST-NOT: wgmma

// CHECK-LABEL: func.func @bf16
// CHECK: %[[A:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<200x512xf8E4M3FN> to memref<200x512xf8E4M3FN>
// CHECK: %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<200x300xbf16>
// CHECK: memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: %[[AVIEW:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<200x512xui8>
// CHECK: %[[AU:.*]] = memref.cast %[[AVIEW]] : memref<200x512xui8> to memref<*xui8>
// CHECK: nvgpu.tma.create.descriptor %[[AU]] box[%{{.*}}, %{{.*}}] : memref<*xui8> -> <tensor = memref<128x128xui8, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK: nvgpu.tma.create.descriptor %{{.*}} : memref<*xui8> -> <tensor = memref<128x128xui8
// Persistent grid: min(2 x 3 tiles, 132) CTAs; shared memory: 4 stages of
// 32768 bytes and the epilogue's staging area, 128 rows x (128 x 4 + 32).
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// CHECK-SAME: blocks in (%c6{{[_0-9]*}}, %c1, %c1) threads in (%c384, %c1, %c1) dynamic_shared_memory_size %c165888_i32
// CHECK-SAME: %c200_i64 : i64, %c300_i64 : i64, %c512_i64 : i64
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable

// CHECK-LABEL: func.func @f32_acc
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_f32_acc::@fp8q_scaled_matmul_1x128_128x128_f32_acc
// CHECK-LABEL: func.func @bf16_pi64
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_pi64::@fp8q_scaled_matmul_1x128_128x128_bf16_pi64
// Wgrad (b_tile 1x128, f32: no staging area): 131072 + 2 warpgroups x 3 x
// 128 f32 column scales.
// CHECK-LABEL: func.func @wgrad_f32
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_1x128_f32::@fp8q_scaled_matmul_1x128_1x128_f32
// CHECK-SAME: blocks in (%c6{{[_0-9]*}}, %c1, %c1) threads in (%c384, %c1, %c1) dynamic_shared_memory_size %c134144_i32

// The kernel, in hardware order.
// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16
// The tensor maps are by-value parameters (llvm.byval, 64-byte aligned;
// the pipeline adds nvvm.grid_constant once the kernel is an llvm.func):
// CHECK: gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16(
// CHECK-SAME: %arg1: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>}
// CHECK-SAME: %arg4: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>}
// CHECK-SAME: known_block_size = array<i32: 384, 1, 1>, nvvm.maxnreg = 168 : i32
// The warpgroup index, and a copy broadcast from lane 0 (warp-uniform for
// ptxas) from which the A descriptors derive (bf16 results; f32 results
// keep the per-thread index, see the f32 kernels below):
// CHECK: %[[TID:.*]] = gpu.thread_id  x
// CHECK: %[[WG:.*]] = arith.divui %{{.*}}, %c128_i32 : i32
// CHECK: gpu.shuffle  idx %[[WG]], %c0_i32, %c32_i32 : i32
// Dynamic shared memory (declared 1024-byte aligned): 4 stages of (128 +
// 128) rows x 128 bytes from its start, then the epilogue's staging area;
// the 8 mbarriers are an nvgpu group (static shared memory); the tensor
// map parameters become nvgpu descriptors.
// CHECK: %[[SMEM:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: memref.view %[[SMEM]][%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<131072xi8, #gpu.address_space<workgroup>>
// CHECK: %[[STAGING:.*]] = memref.view %[[SMEM]][%c131072][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<34816xi8, #gpu.address_space<workgroup>>
// CHECK: %[[BARS:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 8>
// Barriers: 4 stages x (full: 1 arrival, empty: 256 consumer threads).
// CHECK-COUNT-8: nvgpu.mbarrier.init %[[BARS]][%{{.*}}], %c{{1|256}}{{(_[0-9]+)?}} :
// CHECK: nvvm.fence.mbarrier.init
// CHECK: gpu.barrier
// Producer: gives registers away, then per tile of the persistent loop and
// per K block: wait for an empty slot, expect 32 KB, two TMA loads.
// CHECK: nvvm.setmaxregister  decrease 40
// CHECK: %[[BID:.*]] = gpu.block_id  x
// CHECK: %[[GRID:.*]] = gpu.grid_dim  x
// CHECK: scf.for %{{.*}} = %[[BID]] to %{{.*}} step %[[GRID]] {
// Grouped raster: 8 tile rows per group.
// CHECK: arith.minui %{{.*}}, %c8_i64
// CHECK: scf.for
// CHECK: nvgpu.mbarrier.try_wait.parity %[[BARS]][%{{.*}}], %{{.*}}, %c10000000
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[BARS]][%{{.*}}], %c32768
// The maps' generic addresses, taken in the producer's loop (the grid
// constants in param space; KernelInterface.h says why not at the entry):
// CHECK: %[[AADDR:.*]] = llvm.inline_asm "mov.b64 $0, fp8q_scaled_matmul_1x128_128x128_bf16_param_1;\0A\09cvta.param.u64 $0, $0;", "=l"  : () -> !llvm.ptr
// CHECK: %[[AMAP:.*]] = builtin.unrealized_conversion_cast %[[AADDR]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x128xui8, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK: %[[BADDR:.*]] = llvm.inline_asm "mov.b64 $0, fp8q_scaled_matmul_1x128_128x128_bf16_param_4;
// CHECK: %[[BMAP:.*]] = builtin.unrealized_conversion_cast %[[BADDR]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x128xui8
// CHECK: %[[ADST:.*]] = memref.view %[[SMEM]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x128xui8, #gpu.address_space<workgroup>>
// CHECK: %[[BDST:.*]] = memref.view %[[SMEM]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x128xui8, #gpu.address_space<workgroup>>
// CHECK: nvgpu.tma.async.load %[[AMAP]][%{{.*}}, %{{.*}}], %[[BARS]][%{{.*}}] to %[[ADST]]
// CHECK: nvgpu.tma.async.load %[[BMAP]][%{{.*}}, %{{.*}}], %[[BARS]][%{{.*}}] to %[[BDST]]
// Consumers: take the registers (384 x 168 = 128 x 40 + 256 x 232); per
// tile, with K/128 >= 2, the first pair of K blocks: per block scales
// first, wait for the stage, 4 x k32 into a fresh accumulator, committed
// without waiting; after block 1 is issued, wait until one group is in
// flight, release block 0's stage and promote it (overlapping the tensor
// cores); then wait for block 1 and carry it unpromoted into the loop.
// CHECK: } else {
// CHECK: nvvm.setmaxregister  increase 232
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[PAIR:.*]] = arith.cmpi uge, %{{.*}}, %c2{{[_0-9]*}} : index
// CHECK: scf.if %[[PAIR]]
// CHECK: %[[SA0:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: %[[SA1:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: %[[SB:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: %[[S0:.*]] = arith.mulf %[[SA0]], %[[SB]] : f32
// CHECK: nvgpu.mbarrier.try_wait.parity
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: %[[W0:.*]] = nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 32>, D[<f32>, <zero>], A[<e4m3>, <one>, <row>], B[<e4m3>, <one>, <col>]
// CHECK-COUNT-2: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>], A[<e4m3>, <one>, <row>], B[<e4m3>, <one>, <col>]
// CHECK: %[[PARTIAL0:.*]] = nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>], A[<e4m3>, <one>, <row>], B[<e4m3>, <one>, <col>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: nvvm.wgmma.wait.group.sync.aligned
// CHECK: nvgpu.mbarrier.try_wait.parity
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: nvgpu.mbarrier.arrive
// Promotion of block 0: one fused multiply-add of (sa * sb) per value
// (gemm-promotion=fma, the default; mul-add below).
// CHECK: %[[P0:.*]] = llvm.extractvalue %[[PARTIAL0]][0]
// CHECK: llvm.intr.fma(%[[P0]], %[[S0]], %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvgpu.mbarrier.arrive
// The pairs (kt, kt + 1): block kt is issued, then the carried block kt - 1
// (complete, no wgmma in flight across the back edge) is promoted while
// block kt runs; block kt + 1 is issued, block kt promoted; block kt + 1 is
// waited for and carried with its two scales.
// CHECK: %[[LOOP:.*]]:67 = scf.for {{.*}} step %c2{{[_0-9]*}} iter_args
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: nvvm.wgmma.wait.group.sync.aligned
// CHECK: llvm.intr.fma
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: nvgpu.mbarrier.arrive
// CHECK: llvm.intr.fma
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvgpu.mbarrier.arrive
// CHECK: scf.yield
// After the pairs, the carried block is promoted.
// CHECK: llvm.extractvalue %[[LOOP]]#64[0]
// CHECK: scf.yield
// The last block of an odd K/128, alone (waits for its group).
// CHECK: scf.for {{.*}} step %c1{{[_0-9]*}} iter_args
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: scf.yield
// Epilogue, staged where N % 8 == 0 and out is 16-byte aligned: the
// warpgroup syncs (its previous tile read back), writes its fragment
// rounded to bf16 into its rows of the staging area (pitch 272) by 8
// stmatrix .x4 (two 8-column groups of the warp's 16 rows each), syncs, and
// each thread reads back its chunk of 8 columns (16 bytes) in 8 rows, 8
// apart, and stores each by a 16-byte store predicated on M and N, with the
// L2 evict_first policy.
// CHECK: %[[N8:.*]] = arith.andi %arg8, %c7_i64 : i64
// CHECK: %[[OUTADDR:.*]] = llvm.ptrtoint %arg6 : !llvm.ptr to i64
// CHECK: arith.andi %[[OUTADDR]], %c15_i64 : i64
// CHECK: scf.if
// CHECK: memref.extract_aligned_pointer_as_index %[[STAGING]]
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %c128_i32
// CHECK: arith.muli %{{.*}}, %c272_i32 : i32
// CHECK-NOT: llvm.store
// CHECK-COUNT-8: "stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0], {$1, $2, $3, $4};", "r,r,r,r,r"
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %c128_i32
// CHECK-NOT: llvm.store
// CHECK-COUNT-8: ld.shared.v4.b32 {x, y, z, w}, [$1];{{.*}}@p st.global.L2::cache_hint.v4.b32 [$0], {x, y, z, w}, q;
// CHECK-NOT: llvm.store
// Else from registers: a tile inside M and N (N even) stores column pairs
// unmasked (32 per thread), an edge tile masked elements (64).
// CHECK: } else {
// CHECK: arith.cmpi ule, %{{.*}}, %arg7 : i64
// CHECK: scf.if
// CHECK: llvm.fptrunc %{{.*}} : vector<2xf32> to vector<2xbf16>
// CHECK-COUNT-32: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xbf16>, !llvm.ptr
// CHECK: } else {
// CHECK: arith.cmpi ult
// CHECK: scf.if
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK-COUNT-64: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : bf16, !llvm.ptr

// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_f32_acc
// CHECK-NOT: gpu.shuffle
// C is added once after the K loop, in f32; f32 results are stored from
// registers (their pair stores write whole sectors: no staging area), f32
// pairs inside, elements on edges.
// CHECK-NOT: nvvm.barrier
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr -> vector<2xf32>
// CHECK: llvm.fadd %{{.*}}, %{{.*}} : vector<2xf32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: arith.addf
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr


// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_pi64
// Two promotion intervals per stage: 2 x (fresh accumulator + 1 more k32).
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: llvm.intr.fma
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0

// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_1x128_f32
// The column scales after the stages: 2 warpgroups x 3 buffers x 128 f32.
// CHECK: %[[SMEM1:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: memref.view %[[SMEM1]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<768xf32, #gpu.address_space<workgroup>>
// Consumers, per K block (in pairs, as above): sa of the two
// rows; the warpgroup stages sb[n0 + t, kt] (thread t, 0 past N) into its
// shared buffer p % 3 (p counts the promotions of the CTA; three because
// block p is staged before block p-1 is promoted), then
// syncs on its named barrier (1 + warpgroup, 128).
// CHECK: } else {
// CHECK: scf.if
// CHECK: %[[SA0:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: %[[SA1:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: arith.remui %{{.*}}, %c3_i64
// CHECK: %[[COLS:.*]] = arith.muli %{{.*}}, %c512_i32 : i32
// CHECK: %[[INN:.*]] = arith.cmpi ult, %{{.*}}, %arg8 : i64
// CHECK: scf.if %[[INN]] -> (f32) {
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: } else {
// CHECK: arith.constant 0.000000e+00 : f32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %c128_i32
// CHECK: nvgpu.mbarrier.try_wait.parity
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 32>, D[<f32>, <zero>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: nvvm.wgmma.wait.group.sync.aligned
// Block 1 staged and issued, then block 0 completes and is promoted.
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %c128_i32
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: nvgpu.mbarrier.arrive
// Promotion: per column group j the staged sb of columns 8j + 2(l%4) + {0,1};
// value 4j + r*2 + c is scaled by f32(sa[row r] * sb[column c]) in the
// fused multiply-add.
// CHECK: %[[SB0:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK: %[[SB1:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK: %[[P0:.*]] = llvm.extractvalue %[[PARTIAL:[0-9]+]][0]
// CHECK: %[[S00:.*]] = arith.mulf %[[SA0]], %[[SB0]] : f32
// CHECK: llvm.intr.fma(%[[P0]], %[[S00]], %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: llvm.extractvalue %[[PARTIAL]][1]
// CHECK: arith.mulf %[[SA0]], %[[SB1]] : f32
// CHECK: llvm.extractvalue %[[PARTIAL]][2]
// CHECK: arith.mulf %[[SA1]], %[[SB0]] : f32
// CHECK: llvm.extractvalue %[[PARTIAL]][3]
// CHECK: arith.mulf %[[SA1]], %[[SB1]] : f32
// The other 15 column groups: 30 more column-scale loads, none after
// until block 2 is staged.
// CHECK: arith.addi %{{.*}}, %c8_i32
// CHECK-COUNT-30: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK-NOT: !llvm.ptr<3> -> f32
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %c128_i32
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: scf.yield
// Epilogue: f32 pairs inside, masked f32 stores on the edges.
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr
// CHECK: arith.cmpi ult
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr

// The mbarriers are a static shared array, addressed from its symbol.
// PTX: .shared .align 8 .b8 __mbarrier[64];
// PTX: mbarrier.init.shared.b64 {{(\\09| )*}}[__mbarrier],
// PTX: setmaxnreg.dec.sync.aligned.u32{{(\\09| )+}}40;
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: setmaxnreg.inc.sync.aligned.u32{{(\\09| )+}}232;
// PTX: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// PTX: fma.rn.f32
// PTX: bar.sync {{.*}}, 128;

// gemm-promotion=mul-add: a rounded multiply by (sa * sb), then a rounded
// add (the reference's order), and no contraction down to PTX.
// MULADD-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_muladd
// MULADD: %[[P0:.*]] = llvm.extractvalue %{{.*}}[0]
// MULADD: %[[M0:.*]] = arith.mulf %[[P0]], %{{.*}} : f32
// MULADD-NEXT: arith.addf %{{.*}}, %[[M0]] : f32
// MULADD-NOT: llvm.intr.fma
// MULADD-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_f32_acc_muladd
// MULADD-PTX: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// MULADD-PTX-NOT: fma.rn.f32
// MULADD-PTX: mul.rn.f32
// MULADD-PTX-NOT: fma.rn.f32
