"""fp8q.torch.convert on a small MoE language model: which layers become FP8
(and which stay in high precision), shared parameters, a training step."""

import pytest
import torch
from torch import nn

import fp8q.torch as ft


class Block(nn.Module):
    def __init__(self, d, experts):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.q_proj, self.k_proj = nn.Linear(d, d, bias=False), nn.Linear(d, d, bias=False)
        self.v_proj, self.o_proj = nn.Linear(d, d, bias=False), nn.Linear(d, d, bias=False)
        self.gate = nn.Linear(d, experts, bias=False)          # the MoE router
        self.experts = nn.ModuleList(
            nn.ModuleDict({"gate_proj": nn.Linear(d, 2 * d), "up_proj": nn.Linear(d, 2 * d),
                           "down_proj": nn.Linear(2 * d, d)}) for _ in range(experts))

    def forward(self, h):
        x = self.norm(h)
        q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)
        att = torch.softmax(q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5, -1)
        h = h + self.o_proj(att @ v)
        weights = torch.softmax(self.gate(h), -1)
        out = 0
        for i, e in enumerate(self.experts):
            y = e["down_proj"](nn.functional.silu(e["gate_proj"](h)) * e["up_proj"](h))
            out = out + weights[..., i:i + 1] * y
        return h + out


class TinyLM(nn.Module):
    def __init__(self, vocab=256, d=128, layers=2, experts=2):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList(Block(d, experts) for _ in range(layers))
        self.odd = nn.Linear(d, 96)               # not a multiple of 128
        self.lm_head = nn.Linear(d, vocab, bias=False)
        self.lm_head.weight = self.embed_tokens.weight   # tied
        self.output = nn.Linear(d, vocab)           # an untied head

    def forward(self, ids):
        h = self.embed_tokens(ids)
        for layer in self.layers:
            h = layer(h)
        return self.lm_head(h) + self.output(h) + self.odd(h).sum(-1, keepdim=True)


def kinds(model):
    return {name: type(m).__name__ for name, m in model.named_modules()
            if isinstance(m, nn.Linear)}


def test_default_filter_keeps_head_router_embedding():
    torch.manual_seed(0)
    model = TinyLM()
    params = dict(model.named_parameters())
    assert ft.convert(model) is model
    converted = sorted(n for n, k in kinds(model).items() if k == "Linear" and
                       isinstance(model.get_submodule(n), ft.Linear))
    kept = sorted(n for n in kinds(model) if not isinstance(model.get_submodule(n), ft.Linear))
    assert kept == ["layers.0.gate", "layers.1.gate", "lm_head", "odd", "output"]
    assert len(converted) == 2 * (4 + 2 * 3)
    assert "layers.0.experts.1.gate_proj" in converted
    # Same parameter objects (optimizers built before keep working), tying kept.
    assert dict(model.named_parameters()) == params
    assert model.lm_head.weight is model.embed_tokens.weight


def test_untied_named_head_is_kept_and_tied_weight_found_by_identity():
    model = nn.Sequential()
    model.add_module("emb", nn.Embedding(128, 128))
    model.add_module("proj", nn.Linear(128, 128))
    model.proj.weight = model.emb.weight       # tied, under an unremarkable name
    model.add_module("ffn", nn.Linear(128, 256))
    ft.convert(model)
    assert type(model.proj) is nn.Linear and type(model.ffn) is ft.Linear


def test_custom_filter():
    model = TinyLM()
    ft.convert(model, filter=lambda name, m: name == "output" or name == "odd")
    assert isinstance(model.output, ft.Linear)
    assert type(model.odd) is nn.Linear          # 96 outputs: never converted
    assert sum(isinstance(m, ft.Linear) for m in model.modules()) == 1


def test_training_step_on_converted_model():
    torch.manual_seed(1)
    model = TinyLM()
    reference = TinyLM()
    reference.load_state_dict(model.state_dict())
    ft.convert(model)
    ids, targets = torch.randint(0, 256, (2, 2, 64))
    losses = []
    for m in (model, reference):
        opt = torch.optim.AdamW(m.parameters(), lr=1e-3)
        loss = nn.functional.cross_entropy(m(ids).flatten(0, 1), targets.flatten())
        loss.backward()
        opt.step()
        losses.append(loss.item())
    assert abs(losses[0] - losses[1]) < 0.05 * abs(losses[1]), losses
    assert all(p.grad is not None and torch.isfinite(p.grad).all() for p in model.parameters())
    w = model.layers[0].q_proj.weight
    assert not torch.equal(w, reference.layers[0].q_proj.weight)    # FP8 grads differ
    assert torch.allclose(w, reference.layers[0].q_proj.weight, atol=2e-3)


def test_bf16_model():
    torch.manual_seed(2)
    model = TinyLM().to(torch.bfloat16)
    ft.convert(model)
    assert model.layers[0].q_proj.weight.dtype == torch.bfloat16
    logits = model(torch.randint(0, 256, (1, 32)))
    assert logits.dtype == torch.bfloat16
    logits.float().sum().backward()
    assert model.layers[0].q_proj.weight.grad.dtype == torch.bfloat16


def test_linear_constructor_matches_nn_linear():
    lin = ft.Linear(256, 128, bias=False, device="cpu", dtype=torch.bfloat16)
    assert isinstance(lin, nn.Linear) and lin.bias is None
    assert lin.weight.shape == (128, 256) and lin.weight.dtype == torch.bfloat16
    assert "fp8" in repr(lin)
    with pytest.raises(ValueError, match="keep this layer an nn.Linear"):
        ft.Linear(128, 96)
