"""Exports a training step of a language model: forward, loss and backward
in one function (a joint graph), as ``fp8-opt --fp8q-quantize-model``
reads it (docs/QuantizeModel.md, "Training steps").

    from fp8q.frontend.training import export_training_step
    text = export_training_step(model, (ids,), func_name="train_step")

The model returns logits ``[..., V]`` (or a tuple whose first element is
them). The step appends one input, the target ids (the shape of the logits
without their last dimension), and computes the mean token cross-entropy
written with a one-hot encoding, ``-sum(log_softmax(logits) *
one_hot(targets)) / tokens``. torch's ``aot_export_module(...,
trace_joint=True)`` traces forward and backward; torch-mlir's
``stateless_fx_import`` lowers the FX graph to linalg on tensors.

The function takes the parameters first (``named_parameters()`` order, tied
ones once), then the model's inputs, then the targets; it returns the loss
and one gradient per parameter, in the same order.

Ops whose backward torch-mlir lowers to its own ``tm_tensor`` dialect
(which MLIR 22 cannot parse) are rewritten first: every ``nn.Embedding``
becomes a one-hot contraction with its table (the same values; the table's
gradient is then a GEMM, ``one_hot^T dX``, which the recipe keeps in high
precision like the lookup). A model that calls ``F.embedding`` itself or
uses other such ops (top-k, scatter, index_put) fails with the importer's
message naming the op.
"""

from __future__ import annotations

import copy
from typing import Any, Sequence


def _one_hot_embedding(embedding):
    """A module computing ``embedding``'s lookup as one_hot(ids) @ table,
    holding the same Parameter (ties are kept)."""
    import torch
    import torch.nn.functional as F

    class OneHotEmbedding(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.weight = embedding.weight
            self.num_embeddings = embedding.num_embeddings

        def forward(self, ids):
            return F.one_hot(ids, self.num_embeddings).to(self.weight.dtype) @ self.weight

    return OneHotEmbedding()


def replace_embeddings(model) -> int:
    """Replaces every ``nn.Embedding`` of ``model`` (in place) by a one-hot
    contraction with the same table; returns how many."""
    import torch

    count = 0
    for name, child in list(model.named_children()):
        if isinstance(child, torch.nn.Embedding):
            if child.padding_idx is not None or child.max_norm is not None:
                raise ValueError(f"embedding '{name}' has padding_idx or max_norm: its "
                                 "one-hot form would differ")
            setattr(model, name, _one_hot_embedding(child))
            count += 1
        else:
            count += replace_embeddings(child)
    return count


def export_training_step(model, inputs: Sequence[Any], func_name: str = "train_step",
                         targets=None) -> str:
    """The joint graph of one training step of ``model`` on ``inputs`` as
    MLIR text (linalg on tensors); ``targets`` default to the first input
    rolled by one token (next-token prediction) when it holds integer ids,
    else to zeros of the logits' leading shape. ``model`` is not changed
    (its embeddings are rewritten in a copy)."""
    import torch
    import torch.nn.functional as F
    from torch._decomp import get_decompositions
    from torch._functorch.aot_autograd import aot_export_module
    from torch_mlir import fx
    from torch_mlir.compiler_utils import OutputType

    # A copy: the caller's model keeps its nn.Embedding modules.
    model = copy.deepcopy(model)
    replace_embeddings(model)
    if targets is None:
        first = inputs[0] if inputs else None
        if first is not None and not torch.is_floating_point(first):
            targets = torch.roll(first, -1, dims=-1)  # next-token ids
        else:  # a model fed with embeddings: the logits' shape is needed
            with torch.no_grad():
                logits = model(*inputs)
            logits = logits[0] if isinstance(logits, (tuple, list)) else logits
            targets = torch.zeros(logits.shape[:-1], dtype=torch.int64)

    class Step(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.model = model

        def forward(self, *args):
            out = self.model(*args[:-1])
            if isinstance(out, (tuple, list)):
                out = out[0]
            vocab = out.shape[-1]
            onehot = F.one_hot(args[-1], vocab).to(out.dtype)
            tokens = onehot.numel() // vocab
            return (-(torch.log_softmax(out, -1) * onehot).sum() / tokens,)

    # Backward ops the torch-mlir importer does not lower, decomposed into
    # ones it does (slice_backward -> slice_scatter, ...).
    aten = torch.ops.aten
    decompositions = get_decompositions([
        aten.slice_backward, aten.select_backward, aten.index_select_backward,
        aten._softmax_backward_data, aten._log_softmax_backward_data,
        aten.embedding_dense_backward])
    graph, _ = aot_export_module(Step(), list(inputs) + [targets], trace_joint=True,
                                 output_loss_index=0, decompositions=decompositions)
    module = fx.stateless_fx_import(graph, output_type=OutputType.LINALG_ON_TENSORS)
    text = str(module)
    if "tm_tensor" in text:
        raise ValueError("the joint graph holds tm_tensor ops (a scatter, top-k or sort in "
                         "the backward) that MLIR 22 cannot parse")
    return text.replace("func.func @main(", f"func.func @{func_name}(", 1)
