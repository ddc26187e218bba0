// fp8q-export-kernels: kernel files plus manifest.json in fp8q.runtime's
// schema (python/fp8q/README_runtime.md) with fp8q `x-` extensions
// (docs/GPU.md).
//
// Inside the pipeline (before serialization): PTX always, cubin with ptxas.
// RUN: rm -rf %t && fp8-opt %s --fp8q-gpu-pipeline="format=isa export-dir=%t" -o /dev/null
// RUN: FileCheck %s --input-file=%t/manifest.json
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// RUN: %if ptxas %{ ls %t | FileCheck %s --check-prefix=CUBIN %}
// RUN: %python -c "import json, sys; m = json.load(open(sys.argv[1])); assert m['version'] == 1 and len(m['kernels']) == 4" %t/manifest.json
//
// After the pipeline: the gpu.binary objects as they are (here PTX only, so
// `cubin` names the PTX, which cuModuleLoadData accepts).
// RUN: rm -rf %t.after && fp8-opt %s --fp8q-gpu-pipeline=format=isa --fp8q-export-kernels=dir=%t.after -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s --check-prefix=AFTER --input-file=%t.after/manifest.json

// FILES: fp8q_quantize_128x128_f32_pow2.ptx
// FILES: fp8q_quantize_1x128_128x1t_bf16_fp32.ptx
// FILES: fp8q_quantize_1x128_bf16_fp32_mn.ptx
// FILES: fp8q_tile_transpose_1x128_fp32.ptx
// FILES: manifest.json
// CUBIN: fp8q_quantize_128x128_f32_pow2.cubin

// WARN: warning: fp8q-export-kernels: some kernels are serialized as PTX only
// AFTER:      "name": "fp8q_quantize_128x128_f32_pow2",
// AFTER-NEXT: "cubin": "fp8q_quantize_128x128_f32_pow2.ptx",
// AFTER:      "x-ptx": "fp8q_quantize_128x128_f32_pow2.ptx",
// AFTER-NEXT: "x-format": "ptx"

// CHECK:      "version": 1,
// CHECK-NEXT: "chip": "sm_90a",
// CHECK-NEXT: "doc": "fp8q GPU kernels written by fp8q-export-kernels;
// CHECK-NEXT: "kernels": [

// Kernels sorted by name; first the 128x128 weight quantizer.
// CHECK:      "name": "fp8q_quantize_128x128_f32_pow2",
// CHECK-NEXT: "cubin": "fp8q_quantize_128x128_f32_pow2.{{cubin|ptx}}",
// CHECK-NEXT: "op": "fp8q.quantize",
// CHECK-NEXT: "attrs": {
// CHECK-NEXT:  "source_dtype": "f32",
// CHECK-NEXT:  "tile": [
// CHECK-NEXT:   128,
// CHECK-NEXT:   128
// CHECK-NEXT:  ],
// CHECK-NEXT:  "scale_mode": "pow2",
// CHECK-NEXT:  "eps": 9.9999997473787516e-05,
// CHECK-NEXT:  "transpose": false,
// CHECK-NEXT:  "scale_layout": "k_major"
// CHECK-NEXT: },
// CHECK-NEXT: "args": [
// CHECK-NEXT:  {
// CHECK-NEXT:   "name": "source",
// CHECK-NEXT:   "kind": "ptr",
// CHECK-NEXT:   "dtype": "f32",
// CHECK-NEXT:   "shape": [
// CHECK-NEXT:    "M",
// CHECK-NEXT:    "K"
// CHECK-NEXT:   ],
// CHECK-NEXT:   "x-access": "read",
// CHECK-NEXT:   "x-alignment": 16,
// CHECK-NEXT:   "x-role": "source"
// CHECK-NEXT:  },
// CHECK:        "name": "scale",
// CHECK-NEXT:   "kind": "ptr",
// CHECK-NEXT:   "dtype": "f32",
// CHECK-NEXT:   "shape": [
// CHECK-NEXT:    "ceil(M/128)",
// CHECK-NEXT:    "ceil(K/128)"
// CHECK-NEXT:   ],
// CHECK-NEXT:   "x-access": "write",
// CHECK-NEXT:   "x-alignment": 4,
// CHECK-NEXT:   "x-role": "scale"
// CHECK:        "name": "M",
// CHECK-NEXT:   "kind": "i64",
// CHECK-NEXT:   "x-role": "size"
// CHECK:      "grid": [
// CHECK-NEXT:  "ceil(K/128)",
// CHECK-NEXT:  "ceil(M/128)",
// CHECK-NEXT:  1
// CHECK-NEXT: ],
// CHECK-NEXT: "block": [
// CHECK-NEXT:  256,
// CHECK-NEXT:  1,
// CHECK-NEXT:  1
// CHECK-NEXT: ],
// CHECK-NEXT: "cluster": [
// CHECK-NEXT:  1,
// CHECK-NEXT:  1,
// CHECK-NEXT:  1
// CHECK-NEXT: ],
// CHECK-NEXT: "shared_bytes": 32,
// CHECK-NEXT: "requires": [
// CHECK-NEXT:  "M >= 1",
// CHECK-NEXT:  "K >= 1",
// CHECK-NEXT:  "K*4 % 16 == 0",
// CHECK-NEXT:  "ceil(M/128) <= 65535"
// CHECK-NEXT: ],
// CHECK-NEXT: "x-kind": "block",
// CHECK-NEXT: "x-ptx": "fp8q_quantize_128x128_f32_pow2.ptx",
// CHECK-NEXT: "x-format": "{{cubin|ptx}}"

// The fused kernel: one source, both output pairs named in attrs.outputs.
// CHECK:      "name": "fp8q_quantize_1x128_128x1t_bf16_fp32",
// CHECK:      "attrs": {
// CHECK-NEXT:  "source_dtype": "bf16",
// CHECK-NEXT:  "outputs": [
// CHECK-NEXT:   {
// CHECK-NEXT:    "q": "q",
// CHECK-NEXT:    "scale": "scale",
// CHECK-NEXT:    "tile": [
// CHECK-NEXT:     1,
// CHECK-NEXT:     128
// CHECK-NEXT:    ],
// CHECK:         "q": "q_t",
// CHECK-NEXT:    "scale": "scale_t",
// CHECK-NEXT:    "tile": [
// CHECK-NEXT:     128,
// CHECK-NEXT:     1{{$}}
// CHECK-NEXT:    ],
// CHECK-NEXT:    "scale_mode": "fp32",
// CHECK-NEXT:    "eps": 9.9999997473787516e-05,
// CHECK-NEXT:    "transpose": true,
// CHECK-NEXT:    "scale_layout": "k_major"
// CHECK:        "name": "q_t",
// CHECK-NEXT:   "kind": "ptr",
// CHECK-NEXT:   "dtype": "f8e4m3fn",
// CHECK-NEXT:   "shape": [
// CHECK-NEXT:    "K",
// CHECK-NEXT:    "M"
// CHECK-NEXT:   ],
// Staged kernels: a 1-D grid over the tiles, no bound on M.
// CHECK:      "grid": [
// CHECK-NEXT:  "ceil(M/128)*ceil(K/128)",
// CHECK-NEXT:  1,
// CHECK-NEXT:  1
// CHECK-NEXT: ],
// CHECK:      "shared_bytes": 32768,
// CHECK-NEXT: "requires": [
// CHECK-NEXT:  "M >= 1",
// CHECK-NEXT:  "K >= 1",
// CHECK-NEXT:  "K*2 % 16 == 0"
// CHECK-NEXT: ],
// CHECK-NEXT: "x-kind": "fused",

// mn_major scales: the suffix, the attribute, and the scale array's shape
// transposed with "layout": "transposed".
// CHECK:      "name": "fp8q_quantize_1x128_bf16_fp32_mn",
// CHECK:         "transpose": false,
// CHECK-NEXT:    "scale_layout": "mn_major"
// CHECK:        "name": "scale",
// CHECK-NEXT:   "kind": "ptr",
// CHECK-NEXT:   "dtype": "f32",
// CHECK-NEXT:   "shape": [
// CHECK-NEXT:    "ceil(K/128)",
// CHECK-NEXT:    "M"
// CHECK-NEXT:   ],
// CHECK-NEXT:   "layout": "transposed",
// CHECK-NEXT:   "x-access": "write",

// CHECK:      "name": "fp8q_tile_transpose_1x128_fp32",
// CHECK:      "op": "fp8q.tile_transpose",
// CHECK-NEXT: "attrs": {
// CHECK-NEXT:  "group": 128,
// CHECK-NEXT:  "scale_mode": "fp32",
// CHECK-NEXT:  "eps": 9.9999997473787516e-05
// CHECK-NEXT: },
// CHECK-NEXT: "args": [
// CHECK-NEXT:  {
// CHECK-NEXT:   "name": "q",
// CHECK-NEXT:   "kind": "ptr",
// CHECK-NEXT:   "dtype": "f8e4m3fn",
// CHECK:        "name": "scale",
// CHECK:        "x-role": "source_scale"
// CHECK:      "grid": [
// CHECK-NEXT:  "ceil(ceil(M/128)/4)*ceil(K/128)",
// CHECK:      "shared_bytes": 33792,

// Launches with static sizes (the dynamic one is not listed).
// CHECK:      "x-launches": [
// CHECK:        "kernel": "fp8q_quantize_1x128_128x1t_bf16_fp32",
// CHECK-NEXT:   "sizes": {
// CHECK-NEXT:    "M": 300,
// CHECK-NEXT:    "K": 384
// CHECK-NEXT:   },
// CHECK-NEXT:   "grid": [
// CHECK-NEXT:    9,
// CHECK-NEXT:    1,
// CHECK-NEXT:    1
// CHECK-NEXT:   ],
// CHECK-NEXT:   "loc": "{{.*}}export-kernels.mlir:{{[0-9]+}}:{{[0-9]+}}"
// CHECK:        "kernel": "fp8q_tile_transpose_1x128_fp32",
// CHECK-NEXT:   "sizes": {
// CHECK-NEXT:    "M": 256,
// CHECK-NEXT:    "K": 512
// CHECK-NEXT:   },
// CHECK-NOT:    "kernel"

func.func @fused(%x: tensor<300x384xbf16>)
    -> (tensor<300x384xf8E4M3FN>, tensor<300x3xf32>, tensor<384x300xf8E4M3FN>, tensor<384x3xf32>) {
  %q0 = tensor.empty() : tensor<300x384xf8E4M3FN>
  %s0 = tensor.empty() : tensor<300x3xf32>
  %qt0 = tensor.empty() : tensor<384x300xf8E4M3FN>
  %st0 = tensor.empty() : tensor<384x3xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<300x384xbf16> -> tensor<300x384xf8E4M3FN>, tensor<300x3xf32>
  %qt, %st = fp8q.quantize %x outs(%qt0, %st0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<300x384xbf16> -> tensor<384x300xf8E4M3FN>, tensor<384x3xf32>
  return %q, %s, %qt, %st : tensor<300x384xf8E4M3FN>, tensor<300x3xf32>, tensor<384x300xf8E4M3FN>, tensor<384x3xf32>
}

func.func @weights(%w: tensor<?x?xf32>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %w outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<?x?xf32> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}

func.func @wgrad(%q: tensor<256x512xf8E4M3FN>, %s: tensor<256x4xf32>)
    -> (tensor<512x256xf8E4M3FN>, tensor<512x2xf32>) {
  %qt0 = tensor.empty() : tensor<512x256xf8E4M3FN>
  %st0 = tensor.empty() : tensor<512x2xf32>
  %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0) {tile = #fp8q.tile<1x128>}
      : tensor<256x512xf8E4M3FN>, tensor<256x4xf32> -> tensor<512x256xf8E4M3FN>, tensor<512x2xf32>
  return %qt, %st : tensor<512x256xf8E4M3FN>, tensor<512x2xf32>
}

func.func @tokens_mn_major(%x: tensor<?x?xbf16>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<?x?xbf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}
