#!/usr/bin/env bash
# Re-exports the model corpus of test/Models (test/Models/Inputs/graphs) and
# the bundled example examples/tiny_moe_lm.mlir with the project's front end
# (python/fp8q/frontend). Optional: CI does not run it and needs no torch;
# the exported graphs are committed.
#
#   scripts/export-corpus.sh [PYTHON]
#   FP8Q_EXPORT_ONLY=tiny_moe_lm scripts/export-corpus.sh   # the example only
#
# PYTHON: an interpreter with python/requirements-frontend.txt installed (and
# iree-turbine + iree-base-compiler for llama_tiny_iree) (default:
# $FP8Q_FRONTEND_PYTHON, else .venv-torch/bin/python of the checkout, as
# docs/Frontend.md sets it up, else python3). Set FP8Q_EXPORT_ONLY="name ..."
# to re-export some graphs only.
# gpt2_small_linalg.mlir (a torch-mlir export of Hugging Face's GPT-2 small
# with elided weights) and gc_mlp_bf16.mlir (hand-written) are not generated
# here.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
py="${1:-${FP8Q_FRONTEND_PYTHON:-}}"
if [[ -z "$py" ]]; then
  if [[ -x "$root/.venv-torch/bin/python" ]]; then py="$root/.venv-torch/bin/python"; else py=python3; fi
fi
if ! "$py" -c "import torch, torch_mlir" 2>/dev/null; then
  echo "export-corpus.sh: $py cannot import torch and torch_mlir;" \
       "install python/requirements-frontend.txt into a venv and pass its python" >&2
  exit 1
fi
out="$root/test/Models/Inputs/graphs"
export PYTHONPATH="$root/python${PYTHONPATH:+:$PYTHONPATH}"

# name | model | exporter options | directory (default: the corpus')
# The example carries a @main (fp8q.driver) that fills the weights, so that
# mlir-runner runs it; its matrices are U(-0.1, 0.1), close to the scale of
# the hand-written generator it replaces, for an FP8 error of the order the
# consumers expect (docs/Frontend.md, "The bundled example").
corpus=(
  "gpt2_tiny|gpt2|--exporter linalg"
  "llama_tiny|llama|--exporter linalg"
  "qwen_tiny_bf16|qwen|--exporter linalg"
  "moe_tiny|moe|--exporter linalg"
  "flat_param|flat|--exporter linalg"
  "dynamic_tokens|dynamic|--exporter linalg"
  "llama_tiny_tosa|llama|--exporter tosa"
  "mlp_tosa_const|mlp_small|--exporter tosa --weights constants"
  "mlp_f16|mlp|--exporter linalg --dtype f16"
  "mlp_onnx|mlp|--exporter onnx"
  "llama_tiny_iree|llama|--exporter iree"
  "llama_train|llama_train|--train"
  "moe_train|moe_train|--train"
  "tiny_moe_lm|tiny_moe_lm|--exporter linalg --main --main-amplitude 0.1|examples"
)
for entry in "${corpus[@]}"; do
  IFS="|" read -r name model opts dir <<< "$entry"
  if [[ -n "${FP8Q_EXPORT_ONLY:-}" && " $FP8Q_EXPORT_ONLY " != *" $name "* ]]; then continue; fi
  dest="${dir:+$root/$dir}"
  dest="${dest:-$out}/$name.mlir"
  header="Exported by scripts/export-corpus.sh: python -m fp8q.frontend.export $model $opts"
  if [[ -n "$dir" ]]; then
    header+=$'\n'"(model: '$model' of python/fp8q/frontend/models.py; @main: python/fp8q/driver.py)."
    header+=$'\n'"Do not edit: regenerate with FP8Q_EXPORT_ONLY=$name scripts/export-corpus.sh."
  fi
  # shellcheck disable=SC2086
  "$py" -m fp8q.frontend.export "$model" $opts -o "$dest" --header "$header"
  echo "exported ${dest#"$root"/} ($(wc -c < "$dest") bytes)"
done
# A training step of the corpus' MoE decoder over 128 tokens (moe_train:
# MoELM of models.py, --train as above; Inputs/graphs/moe_train.mlir): the
# 4 routed experts stacked [E, K, N] and applied with torch.bmm, so their
# Fprop and Dgrad are grouped GEMMs and their Wgrad (dW[e] = X[e]^T dY[e],
# a batch_matmul over the experts reducing over the tokens) one FP8 Wgrad
# GEMM per expert; the router's three GEMMs retained (gating).
