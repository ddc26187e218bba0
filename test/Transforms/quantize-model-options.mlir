// Option handling of --fp8q-quantize-model.

// RUN: fp8-opt %s --split-input-file --fp8q-quantize-model="force-retain=down_proj,^router$" | FileCheck %s --check-prefix=RETAIN
// RUN: fp8-opt %s --split-input-file --fp8q-quantize-model="force-quantize=lm_head" | FileCheck %s --check-prefix=FORCE
// RUN: fp8-opt %s --split-input-file --fp8q-quantize-model="pow2-scales=attn_out" | FileCheck %s --check-prefix=POW2
// RUN: fp8-opt %s --split-input-file --fp8q-quantize-model="group-size=256" | FileCheck %s --check-prefix=G256
// RUN: fp8-opt %s --split-input-file --fp8q-quantize-model="group-size=64" | FileCheck %s --check-prefix=G64
// RUN: fp8-opt %s --split-input-file --fp8q-quantize-model="output-type=bf16" | FileCheck %s --check-prefix=BF16
// RUN: fp8-opt %s --split-input-file --fp8q-quantize-model="gating-max-outputs=4" | FileCheck %s --check-prefix=EXPERTS

// Bad values are reported with the option and the value, before any IR changes.
// RUN: not fp8-opt %s --split-input-file --fp8q-quantize-model="group-size=100" 2>&1 | FileCheck %s --check-prefix=BAD-GROUP
// RUN: not fp8-opt %s --split-input-file --fp8q-quantize-model="group-size=16" 2>&1 | FileCheck %s --check-prefix=SMALL-GROUP
// RUN: not fp8-opt %s --split-input-file --fp8q-quantize-model="output-type=f16" 2>&1 | FileCheck %s --check-prefix=BAD-TYPE
// RUN: not fp8-opt %s --split-input-file --fp8q-quantize-model="force-retain=(" 2>&1 | FileCheck %s --check-prefix=BAD-REGEX
// RUN: not fp8-opt %s --split-input-file --fp8q-quantize-model="pow2-scales=ok,[x" 2>&1 | FileCheck %s --check-prefix=BAD-POW2
// RUN: not fp8-opt %s --split-input-file --fp8q-quantize-model="gating-max-outputs=0" 2>&1 | FileCheck %s --check-prefix=BAD-EXPERTS
// RUN: not fp8-opt %s --split-input-file --fp8q-quantize-model="report=%t.missing/report.txt" 2>&1 | FileCheck %s --check-prefix=BAD-REPORT

// BAD-GROUP: error: fp8q-quantize-model: invalid group-size 100: expected a power of two >= 32
// SMALL-GROUP: error: fp8q-quantize-model: invalid group-size 16: expected a power of two >= 32
// BAD-TYPE: error: fp8q-quantize-model: invalid output-type 'f16': expected 'f32' or 'bf16'
// BAD-REGEX: error: fp8q-quantize-model: invalid force-retain: invalid regular expression '(': parentheses not balanced
// BAD-POW2: error: fp8q-quantize-model: invalid pow2-scales: invalid regular expression '[x': brackets ([ ]) not balanced
// BAD-EXPERTS: error: fp8q-quantize-model: invalid gating-max-outputs 0: expected a positive number of experts
// BAD-REPORT: error: fp8q-quantize-model: cannot write the report to '{{.*}}.missing/report.txt'

// Ops are selected by NameLoc names, by file locations and by a `name`
// attribute.
// RETAIN-LABEL: func.func @mlp
// RETAIN: fp8q.scaled_matmul
// RETAIN: linalg.matmul {fp8q.retain = #fp8q.retain<user>}
// RETAIN-SAME: -> tensor<16x256xf32>
// RETAIN-LABEL: func.func @router_and_expert
// RETAIN: linalg.matmul {fp8q.retain = #fp8q.retain<user>, name = "router"}
// RETAIN: fp8q.scaled_matmul
// RETAIN-NOT: fp8q.retain

// G256-LABEL: func.func @mlp
// G256: fp8q.quantize {{.*}} {tile = #fp8q.tile<256x256>, transpose} : tensor<256x512xf32> -> tensor<512x256xf8E4M3FN>, tensor<2x1xf32>
// G256: fp8q.quantize {{.*}} {tile = #fp8q.tile<1x256>} : tensor<16x256xf32> -> tensor<16x256xf8E4M3FN>, tensor<16x1xf32>
// G256: fp8q.quantize {{.*}} {tile = #fp8q.tile<256x256>, transpose} : tensor<512x256xf32> -> tensor<256x512xf8E4M3FN>, tensor<1x2xf32>
// G256: fp8q.scaled_matmul {{.*}} {group_size = 256 : i64}
// G256: fp8q.quantize {{.*}} {tile = #fp8q.tile<1x256>} : tensor<16x512xf32> -> tensor<16x512xf8E4M3FN>, tensor<16x2xf32>
// G256: fp8q.scaled_matmul {{.*}} {group_size = 256 : i64}

// The promotion interval never exceeds the group.
// G64-LABEL: func.func @mlp
// G64: fp8q.scaled_matmul {{.*}} {group_size = 64 : i64, promotion_interval = 64 : i64}

// BF16-LABEL: func.func @mlp
// BF16: %[[Y:.*]] = fp8q.scaled_matmul {{.*}} -> tensor<16x512xbf16>
// BF16: linalg.generic {{.*}} ins(%[[Y]] : tensor<16x512xbf16>) outs(%{{.*}} : tensor<16x512xf32>)
// BF16: arith.extf %{{.*}} : bf16 to f32
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @mlp(%x: tensor<16x256xf32>, %w1: tensor<256x512xf32>, %w2: tensor<512x256xf32>) -> tensor<16x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<16x512xf32>
  %a1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x512xf32>) -> tensor<16x512xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%a1 : tensor<16x512xf32>) -> tensor<16x512xf32> loc("layers.0.mlp.up_proj")
  %g = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%h : tensor<16x512xf32>) outs(%e1 : tensor<16x512xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  } -> tensor<16x512xf32> loc("layers.0.attn_out")
  %e2 = tensor.empty() : tensor<16x256xf32>
  %a2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x256xf32>) -> tensor<16x256xf32>
  %y = linalg.matmul ins(%g, %w2 : tensor<16x512xf32>, tensor<512x256xf32>) outs(%a2 : tensor<16x256xf32>) -> tensor<16x256xf32> loc(fused["layers.0.mlp.down_proj", "model.py":12:3])
  return %y : tensor<16x256xf32>
}

// -----

// force-quantize overrides a retention rule (here the tied output head).
// FORCE-LABEL: func.func @tied_head
// FORCE-NOT: fp8q.retain<output_head>
// FORCE: fp8q.quantize %[[T:.*]] outs({{.*}}) {tile = #fp8q.tile<128x128>} : tensor<512x256xf32>
// FORCE: fp8q.scaled_matmul
// EXPERTS-LABEL: func.func @tied_head
// EXPERTS: fp8q.retain<output_head>
func.func @tied_head(%ids: tensor<16x1xindex>, %wte: tensor<512x256xf32>) -> tensor<16x512xf32> {
  %zero = arith.constant 0.0 : f32
  %h = tensor.gather %wte[%ids] gather_dims([0]) : (tensor<512x256xf32>, tensor<16x1xindex>) -> tensor<16x256xf32>
  %et = tensor.empty() : tensor<256x512xf32>
  %wt = linalg.transpose ins(%wte : tensor<512x256xf32>) outs(%et : tensor<256x512xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<16x512xf32>
  %a = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %logits = linalg.matmul ins(%h, %wt : tensor<16x256xf32>, tensor<256x512xf32>) outs(%a : tensor<16x512xf32>) -> tensor<16x512xf32> loc("lm_head")
  return %logits : tensor<16x512xf32>
}

// -----

// pow2-scales matches the Linear layer or, as here, its activation's
// producer.
// POW2-LABEL: func.func @router_and_expert
// POW2: fp8q.quantize {{.*}} {scale_mode = #fp8q.scale_mode<pow2>, tile = #fp8q.tile<1x128>} : tensor<16x256xf32>
// POW2: linalg.matmul {fp8q.retain = #fp8q.retain<gating>
// POW2: fp8q.scaled_matmul

// With at most 4 experts recognised, an 8-way router is an ordinary layer.
// EXPERTS-LABEL: func.func @router_and_expert
// EXPERTS-NOT: fp8q.retain
// EXPERTS: fp8q.scaled_matmul {{.*}} -> tensor<16x8xf32>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row2 = affine_map<(d0, d1) -> (d0, 0)>
func.func @router_and_expert(%in: tensor<16x256xf32>, %wr: tensor<256x8xf32>, %we: tensor<256x256xf32>) -> (tensor<16x1xf32>, tensor<16x256xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<16x256xf32>
  %x = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%in : tensor<16x256xf32>) outs(%e0 : tensor<16x256xf32>) {
  ^bb0(%a: f32, %out: f32):
    %t = math.tanh %a : f32
    linalg.yield %t : f32
  } -> tensor<16x256xf32> loc("block.attn_out")
  %e = tensor.empty() : tensor<16x8xf32>
  %a = linalg.fill ins(%zero : f32) outs(%e : tensor<16x8xf32>) -> tensor<16x8xf32>
  %logits = linalg.matmul {name = "router"} ins(%x, %wr : tensor<16x256xf32>, tensor<256x8xf32>) outs(%a : tensor<16x8xf32>) -> tensor<16x8xf32>
  %ex = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%logits : tensor<16x8xf32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%l: f32, %out: f32):
    %v = math.exp %l : f32
    linalg.yield %v : f32
  } -> tensor<16x8xf32>
  %er = tensor.empty() : tensor<16x1xf32>
  %r0 = linalg.fill ins(%zero : f32) outs(%er : tensor<16x1xf32>) -> tensor<16x1xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row2], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<16x8xf32>) outs(%r0 : tensor<16x1xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16x1xf32>
  %ae = linalg.fill ins(%zero : f32) outs(%e0 : tensor<16x256xf32>) -> tensor<16x256xf32>
  %y = linalg.matmul ins(%x, %we : tensor<16x256xf32>, tensor<256x256xf32>) outs(%ae : tensor<16x256xf32>) -> tensor<16x256xf32>
  return %sum, %y : tensor<16x1xf32>, tensor<16x256xf32>
}
