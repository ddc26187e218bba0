// The PTX of the kernels: what the numerics and the memory-bound design
// require of the instruction selection.
//
// RUN: rm -rf %t && fp8-opt %s --fp8q-gpu-pipeline="format=isa export-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=ROW --input-file=%t/fp8q_quantize_1x128_bf16_fp32.ptx
// RUN: FileCheck %s --check-prefix=COL --input-file=%t/fp8q_quantize_128x1t_f32_pow2.ptx
// RUN: FileCheck %s --check-prefix=TT --input-file=%t/fp8q_tile_transpose_1x128_fp32.ptx
// RUN: FileCheck %s --check-prefix=IEEE --input-file=%t/fp8q_quantize_1x128_bf16_fp32.ptx
// RUN: FileCheck %s --check-prefix=IEEE --input-file=%t/fp8q_quantize_128x1t_f32_pow2.ptx
// RUN: FileCheck %s --check-prefix=IEEE --input-file=%t/fp8q_tile_transpose_1x128_fp32.ptx

// ROW-LABEL: .visible .entry fp8q_quantize_1x128_bf16_fp32(
// ROW-NEXT:    .param .u64 .ptr .align 16 fp8q_quantize_1x128_bf16_fp32_param_0,
// ROW-NEXT:    .param .u64 .ptr .align 16 fp8q_quantize_1x128_bf16_fp32_param_1,
// ROW-NEXT:    .param .u64 .ptr .align 4 fp8q_quantize_1x128_bf16_fp32_param_2,
// ROW-NEXT:    .param .u64 fp8q_quantize_1x128_bf16_fp32_param_3,
// ROW-NEXT:    .param .u64 fp8q_quantize_1x128_bf16_fp32_param_4
// ROW:       .maxntid 256, 1, 1
// Coalesced 16-byte loads through the read-only path.
// ROW-COUNT-8: ld.global.nc.v4.b32
// Two bf16 magnitudes per max; an 8-lane butterfly per 1x128 tile.
// ROW:       max.u16x2
// ROW:       shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// ROW:       shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// ROW:       shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// NaN-propagating eps floor, IEEE division and reciprocal.
// ROW:       max.NaN.f32
// ROW:       div.rn.f32 {{.*}}, 0f43E00000;
// ROW:       rcp.rn.f32
// ROW:       mul.rn.f32
// ROW:       cvt.rn.satfinite.e4m3x2.f32
// ROW:       st.global.v4.b32
// ROW-NOT:   bar.sync

// gpu.dynamic_shared_memory is PTX's dynamic shared memory, an `.extern`
// array (the pipeline keeps NVPTX from demoting it to a 1-byte `.shared`
// variable of the kernel).
// COL:       .extern .shared .align 16 .b8 __dynamic_shmem__0[];
// COL-NOT:   demoted
// COL-LABEL: .visible .entry fp8q_quantize_128x1t_f32_pow2(
// COL:       .maxntid 256, 1, 1
// COL:       .minnctapersm 3
// The tile goes to shared memory with 16-byte asynchronous copies (f32: 16
// per thread), zero-filled (source size 0) past M and K.
// COL-COUNT-16: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
// COL:       cp.async.commit_group;
// COL-NEXT:  cp.async.wait_group 0;
// COL-NEXT:  bar.sync 0;
// A lane reads 16 rows of one stage word; a 128-row column is reduced over
// 8 lanes (xor 1, 2, 4), without shared memory or a barrier.
// COL-COUNT-16: ld.shared.b32
// COL:       shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// COL:       shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// COL:       shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// COL:       max.NaN.f32
// COL:       div.rn.f32
// pow2: the next power of two of a subnormal quotient's fraction.
// COL:       clz.b32
// COL:       rcp.rn.f32
// COL:       cvt.rn.satfinite.e4m3x2.f32
// COL:       st.global.v4.b32
// COL-NOT:   bar.sync

// TT-LABEL: .visible .entry fp8q_tile_transpose_1x128_fp32(
// TT:        .minnctapersm 2
// Copies of the first tile (codes and the 128 row scales), then the loop:
// wait, barrier, copy of the next tile, work on this one.
// TT:        cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
// TT:        cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4, %r{{[0-9]+}};
// TT:        cp.async.commit_group;
// TT:        cp.async.wait_group 0;
// TT-NEXT:   bar.sync 0;
// TT:        cp.async.commit_group;
// TT:        ld.shared.v4.b32
// TT:        cvt.rn.f16x2.e4m3x2
// TT:        cvt.f32.f16
// TT:        mul.rn.f32
// TT:        abs.f32
// TT:        max.NaN.f32
// TT:        shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// TT:        cvt.rn.satfinite.e4m3x2.f32
// TT:        st.global.v4.b32

// No approximate or flush-to-zero arithmetic, no local memory.
// IEEE-NOT:  .approx
// IEEE-NOT:  .ftz
// IEEE-NOT:  .local

func.func @rowwise(%x: tensor<?x?xbf16>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<?x?xbf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}

func.func @colwise(%x: tensor<?x?xf32>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<?x?xf32> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}

func.func @tile_transpose(%q: tensor<?x?xf8E4M3FN>, %s: tensor<?x?xf32>,
                          %qt0: tensor<?x?xf8E4M3FN>, %st0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0) {tile = #fp8q.tile<1x128>}
      : tensor<?x?xf8E4M3FN>, tensor<?x?xf32> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %qt, %st : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}
