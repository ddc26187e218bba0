"""Small model definitions of the kinds fp8q must compile (needs torch).

Each model is a few layers of a real architecture with every dimension that
feeds a Linear layer's K a multiple of 128 (the recipe's group size), so the
FP8 decisions of ``--fp8q-quantize-model`` are the recipe's, and small enough
that an export with weights as function arguments is a few KB of text.

| name | architecture | what it exercises |
|---|---|---|
| ``gpt2`` | GPT-2 (LayerNorm, Conv1D weights ``[K, N]``, GELU) | head tied to the token embedding |
| ``llama`` | Llama (RMSNorm, rotary, SwiGLU) | untied ``lm_head`` after an embedding lookup |
| ``llama_train`` | ``llama`` over 128 tokens (export with ``--train``) | a training step: Fprop, Dgrad, Wgrad |
| ``qwen`` | Qwen2 (qkv bias, grouped-query attention), bf16 | fed with embeddings: untied head, no lookup |
| ``moe`` | DeepSeek-style MoE (router, top-2 of 4 experts stacked ``[E, K, N]``, shared expert) | router and grouped GEMMs kept |
| ``moe_train`` | ``moe`` over 128 tokens (export with ``--train``) | the experts' backward: grouped Dgrad, per-expert Wgrad |
| ``tiny_moe_lm`` | 2-layer MoE LM, top-2 of 4 SwiGLU experts of their own Linears, tied head | the bundled example (``examples/tiny_moe_lm.mlir``) |
| ``flat`` | decoder whose parameters are views of one flat parameter | slices of one leaf are not tied weights |
| ``dynamic`` | SwiGLU decoder over a dynamic token count | dynamic M |
| ``mlp`` | two-layer GELU MLP with biases | plain Linears (ONNX, TOSA exports) |

:func:`build` returns ``(module, example_inputs, dynamic_dims)``; the
weights are deterministic (``torch.manual_seed``).
"""

from __future__ import annotations

import math
from typing import Dict, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F

#: Hidden size, FFN size, vocabulary, sequence length, head size.
D, FFN, VOCAB, SEQ, HEAD = 256, 512, 512, 16, 128
#: Tokens of the training-step export: the Wgrads reduce over them in 1x128 tiles.
TRAIN_SEQ = 128


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim) + 0.1 * torch.randn(dim))
        self.eps = eps

    def forward(self, x):
        var = x.pow(2).mean(-1, keepdim=True)
        return x * torch.rsqrt(var + self.eps) * self.weight


def causal_attention(q, k, v):
    """Softmax attention over [B, H, S, Dh] with a causal mask, spelled out
    (matmul, mask, softmax, matmul) so every exporter sees two batched
    contractions."""
    s = q.shape[-2]
    scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(q.shape[-1])
    mask = torch.triu(torch.ones(s, s, dtype=torch.bool), diagonal=1)
    scores = scores.masked_fill(mask, float("-inf"))
    return torch.matmul(torch.softmax(scores, dim=-1), v)


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def rotary_tables(seq: int, dim: int, base: float = 10000.0):
    inv = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.float32) / dim))
    freqs = torch.outer(torch.arange(seq, dtype=torch.float32), inv)
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos(), emb.sin()


# ---------------------------------------------------------------------------
# GPT-2
# ---------------------------------------------------------------------------


class Conv1D(nn.Module):
    """GPT-2's Conv1D (Hugging Face): a Linear whose weight is [in, out]."""

    def __init__(self, nf: int, nx: int):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(nx, nf) * 0.02)
        self.bias = nn.Parameter(torch.zeros(nf))

    def forward(self, x):
        shape = x.shape[:-1] + (self.weight.shape[1],)
        x = torch.addmm(self.bias, x.reshape(-1, x.shape[-1]), self.weight)
        return x.view(shape)


class GPT2Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(D)
        self.c_attn = Conv1D(3 * D, D)
        self.attn_proj = Conv1D(D, D)
        self.ln_2 = nn.LayerNorm(D)
        self.c_fc = Conv1D(4 * D, D)
        self.mlp_proj = Conv1D(D, 4 * D)

    def forward(self, x):
        b, s, _ = x.shape
        q, k, v = self.c_attn(self.ln_1(x)).split(D, dim=-1)
        heads = lambda t: t.view(b, s, D // HEAD, HEAD).transpose(1, 2)
        a = causal_attention(heads(q), heads(k), heads(v))
        x = x + self.attn_proj(a.transpose(1, 2).reshape(b, s, D))
        return x + self.mlp_proj(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))


class GPT2(nn.Module):
    def __init__(self, layers: int = 2):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, D)
        self.wpe = nn.Embedding(SEQ, D)
        self.h = nn.ModuleList(GPT2Block() for _ in range(layers))
        self.ln_f = nn.LayerNorm(D)

    def forward(self, ids):
        pos = torch.arange(ids.shape[-1])
        x = self.wte(ids) + self.wpe(pos)
        for block in self.h:
            x = block(x)
        return F.linear(self.ln_f(x), self.wte.weight)  # tied head


# ---------------------------------------------------------------------------
# Llama / Qwen
# ---------------------------------------------------------------------------


class LlamaBlock(nn.Module):
    def __init__(self, kv_heads: int, qkv_bias: bool):
        super().__init__()
        self.heads, self.kv_heads = D // HEAD, kv_heads
        self.input_layernorm = RMSNorm(D)
        self.q_proj = nn.Linear(D, D, bias=qkv_bias)
        self.k_proj = nn.Linear(D, kv_heads * HEAD, bias=qkv_bias)
        self.v_proj = nn.Linear(D, kv_heads * HEAD, bias=qkv_bias)
        self.o_proj = nn.Linear(D, D, bias=False)
        self.post_attention_layernorm = RMSNorm(D)
        self.gate_proj = nn.Linear(D, FFN, bias=False)
        self.up_proj = nn.Linear(D, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, D, bias=False)

    def forward(self, x, cos, sin):
        b, s, _ = x.shape
        h = self.input_layernorm(x)
        q = self.q_proj(h).view(b, s, self.heads, HEAD).transpose(1, 2)
        k = self.k_proj(h).view(b, s, self.kv_heads, HEAD).transpose(1, 2)
        v = self.v_proj(h).view(b, s, self.kv_heads, HEAD).transpose(1, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        if self.kv_heads != self.heads:
            rep = self.heads // self.kv_heads
            k = k.repeat_interleave(rep, dim=1)
            v = v.repeat_interleave(rep, dim=1)
        a = causal_attention(q, k, v).transpose(1, 2).reshape(b, s, D)
        x = x + self.o_proj(a)
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Llama(nn.Module):
    """Llama: token ids in, untied lm_head. With ``embeds_input`` (Qwen
    below) the graph starts from the embeddings, as a serving stack that
    looks tokens up outside the model exports it."""

    def __init__(self, layers: int = 2, kv_heads: int = 2, qkv_bias: bool = False,
                 embeds_input: bool = False, seq: int = SEQ):
        super().__init__()
        self.embeds_input = embeds_input
        if not embeds_input:
            self.embed_tokens = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(LlamaBlock(kv_heads, qkv_bias) for _ in range(layers))
        self.norm = RMSNorm(D)
        self.lm_head = nn.Linear(D, VOCAB, bias=False)
        cos, sin = rotary_tables(seq, HEAD)
        self.register_buffer("cos", cos)
        self.register_buffer("sin", sin)

    def forward(self, x):
        if not self.embeds_input:
            x = self.embed_tokens(x)
        cos = self.cos.to(x.dtype)
        sin = self.sin.to(x.dtype)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))


# ---------------------------------------------------------------------------
# MoE
# ---------------------------------------------------------------------------


class MoE(nn.Module):
    """DeepSeek-style MoE FFN: a softmax router, top-2 of E routed experts
    whose weights are stacked ``[E, K, N]`` and evaluated densely (one
    batched GEMM per projection, as einsum-style exports give), and a shared
    expert of plain Linears. The top-2 mask is a rank count (no topk op, so
    every exporter lowers it to linalg)."""

    def __init__(self, experts: int = 4, ffn: int = 256):
        super().__init__()
        self.gate = nn.Linear(D, experts, bias=False)
        self.w_gate = nn.Parameter(torch.randn(experts, D, ffn) * 0.05)
        self.w_up = nn.Parameter(torch.randn(experts, D, ffn) * 0.05)
        self.w_down = nn.Parameter(torch.randn(experts, ffn, D) * 0.05)
        self.shared_gate = nn.Linear(D, ffn, bias=False)
        self.shared_up = nn.Linear(D, ffn, bias=False)
        self.shared_down = nn.Linear(ffn, D, bias=False)

    def forward(self, x):  # x: [T, D]
        probs = torch.softmax(self.gate(x), dim=-1)                      # [T, E]
        rank = (probs.unsqueeze(-1) < probs.unsqueeze(-2)).sum(-1)       # [T, E]
        weight = torch.where(rank < 2, probs, torch.zeros_like(probs))
        xe = x.unsqueeze(0).expand(self.w_gate.shape[0], -1, -1)         # [E, T, D]
        h = F.silu(torch.bmm(xe, self.w_gate)) * torch.bmm(xe, self.w_up)
        y = torch.bmm(h, self.w_down)                                     # [E, T, D]
        routed = (y * weight.t().unsqueeze(-1)).sum(0)
        shared = self.shared_down(F.silu(self.shared_gate(x)) * self.shared_up(x))
        return routed + shared


class MoELM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D)
        self.attn_norm = RMSNorm(D)
        self.q_proj = nn.Linear(D, D, bias=False)
        self.k_proj = nn.Linear(D, D, bias=False)
        self.v_proj = nn.Linear(D, D, bias=False)
        self.o_proj = nn.Linear(D, D, bias=False)
        self.ffn_norm = RMSNorm(D)
        self.moe = MoE()
        self.norm = RMSNorm(D)
        self.lm_head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):  # ids: [S]
        x = self.embed(ids)
        s = x.shape[0]
        h = self.attn_norm(x)
        heads = lambda t: t.view(s, D // HEAD, HEAD).transpose(0, 1)
        a = causal_attention(heads(self.q_proj(h)), heads(self.k_proj(h)), heads(self.v_proj(h)))
        x = x + self.o_proj(a.transpose(0, 1).reshape(s, D))
        x = x + self.moe(self.ffn_norm(x))
        return self.lm_head(self.norm(x))


class Expert(nn.Module):
    """A SwiGLU FFN of three plain Linears (no stacked weights)."""

    def __init__(self, ffn: int = 256):
        super().__init__()
        self.gate = nn.Linear(D, ffn, bias=False)
        self.up = nn.Linear(D, ffn, bias=False)
        self.down = nn.Linear(ffn, D, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class TinyMoEBlock(nn.Module):
    def __init__(self, experts: int = 4):
        super().__init__()
        self.attn_norm = RMSNorm(D)
        self.wq = nn.Linear(D, D, bias=False)
        self.wk = nn.Linear(D, D, bias=False)
        self.wv = nn.Linear(D, D, bias=False)
        self.wo = nn.Linear(D, D, bias=False)
        self.ffn_norm = RMSNorm(D)
        self.router = nn.Linear(D, experts, bias=False)
        self.experts = nn.ModuleList(Expert() for _ in range(experts))

    def moe(self, x):  # x: [S, D]
        """Softmax router, top-2 of the experts evaluated densely: every
        expert runs on every token and a mask keeps the two largest
        probabilities of a row. The mask compares with the largest and the
        second largest probability (amax, then amax with the largest masked
        out), so no topk/sort is exported (they lower to tm_tensor, not
        linalg)."""
        probs = torch.softmax(self.router(x), dim=-1)                    # [S, E]
        first = probs.amax(-1, keepdim=True)
        rest = torch.where(probs == first, torch.full_like(probs, float("-inf")), probs)
        second = rest.amax(-1, keepdim=True)
        weight = torch.where(probs >= second, probs, torch.zeros_like(probs))
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            out = out + expert(x) * weight[:, e:e + 1]
        return out

    def forward(self, x):  # x: [S, D]; returns (x, the attention input)
        s = x.shape[0]
        h = self.attn_norm(x)
        heads = lambda t: t.view(s, D // HEAD, HEAD).transpose(0, 1)
        a = causal_attention(heads(self.wq(h)), heads(self.wk(h)), heads(self.wv(h)))
        x = x + self.wo(a.transpose(0, 1).reshape(s, D))
        return x + self.moe(self.ffn_norm(x)), h


class TinyMoELM(nn.Module):
    """The bundled example (examples/tiny_moe_lm.mlir): token ids [S] ->
    embedding -> 2 x [RMSNorm -> causal attention (2 heads of 128) ->
    residual -> RMSNorm -> MoE FFN (router, top-2 of 4 SwiGLU experts of
    their own Linears) -> residual] -> RMSNorm -> output head tied to the
    embedding table. Returns the logits [S, VOCAB] and the first layer's
    normalized embeddings [S, D] (which depend on retained ops only)."""

    def __init__(self, layers: int = 2):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(TinyMoEBlock() for _ in range(layers))
        self.norm = RMSNorm(D)

    def forward(self, ids):  # ids: [S]
        x = self.embed(ids)
        first = None
        for layer in self.layers:
            x, h = layer(x)
            first = h if first is None else first
        return F.linear(self.norm(x), self.embed.weight), first  # tied head


# ---------------------------------------------------------------------------
# One flat parameter
# ---------------------------------------------------------------------------


class FlatParamLM(nn.Module):
    """All parameters are views of one flat parameter (as FSDP's flat
    parameters and some checkpoint formats hold them): the embedding table
    first, then the Linear weights ([out, in]) and the norm weights, then
    an untied head. Only the head and the embedding are high precision."""

    def __init__(self):
        super().__init__()
        self.shapes = [("embed", (VOCAB, D)), ("norm1", (D,)), ("q", (D, D)), ("k", (D, D)),
                       ("v", (D, D)), ("o", (D, D)), ("norm2", (D,)), ("up", (FFN, D)),
                       ("down", (D, FFN)), ("norm_f", (D,)), ("head", (VOCAB, D))]
        sizes = [math.prod(s) for _, s in self.shapes]
        flat = torch.randn(sum(sizes)) * 0.05
        offset = 0
        for (name, shape), size in zip(self.shapes, sizes):
            if name.startswith("norm"):
                flat[offset:offset + size] = 1.0
            offset += size
        self.flat = nn.Parameter(flat)

    def params(self) -> Dict[str, torch.Tensor]:
        out, offset = {}, 0
        for name, shape in self.shapes:
            size = math.prod(shape)
            out[name] = self.flat[offset:offset + size].view(shape)
            offset += size
        return out

    def forward(self, ids):  # ids: [S]
        p = self.params()
        norm = lambda x, w: x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * w
        x = F.embedding(ids, p["embed"])
        s = x.shape[0]
        h = norm(x, p["norm1"])
        heads = lambda t: t.view(s, D // HEAD, HEAD).transpose(0, 1)
        a = causal_attention(heads(F.linear(h, p["q"])), heads(F.linear(h, p["k"])),
                             heads(F.linear(h, p["v"])))
        x = x + F.linear(a.transpose(0, 1).reshape(s, D), p["o"])
        x = x + F.linear(F.gelu(F.linear(norm(x, p["norm2"]), p["up"])), p["down"])
        return F.linear(norm(x, p["norm_f"]), p["head"])


# ---------------------------------------------------------------------------
# Dynamic token count, plain MLP
# ---------------------------------------------------------------------------


class DynamicTokensLM(nn.Module):
    """Token ids of any count T -> embedding -> 2 x (RMSNorm, SwiGLU, residual)
    -> RMSNorm -> untied head: every Linear has M = T (dynamic)."""

    def __init__(self, layers: int = 2):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D)
        self.norms = nn.ModuleList(RMSNorm(D) for _ in range(layers))
        self.gate = nn.ModuleList(nn.Linear(D, FFN, bias=False) for _ in range(layers))
        self.up = nn.ModuleList(nn.Linear(D, FFN, bias=False) for _ in range(layers))
        self.down = nn.ModuleList(nn.Linear(FFN, D, bias=False) for _ in range(layers))
        self.norm = RMSNorm(D)
        self.lm_head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):  # ids: [T]
        x = self.embed(ids)
        for n, g, u, d in zip(self.norms, self.gate, self.up, self.down):
            h = n(x)
            x = x + d(F.silu(g(h)) * u(h))
        return self.lm_head(self.norm(x))


class MLP(nn.Module):
    def __init__(self, dim: int = D, hidden: int = FFN):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


# ---------------------------------------------------------------------------


def _ids(*shape):
    return torch.randint(0, VOCAB, shape, dtype=torch.int64)


def build(name: str) -> Tuple[nn.Module, Tuple[torch.Tensor, ...], Dict[int, Dict[int, str]]]:
    """The model ``name``, example inputs, and the dynamic dimensions
    (input index -> {dim: symbol}) it is meant to be exported with."""
    torch.manual_seed(0)
    if name == "gpt2":
        return GPT2(), (_ids(1, SEQ),), {}
    if name == "llama":
        return Llama(), (_ids(1, SEQ),), {}
    if name == "llama_train":
        # 128 tokens: the Wgrads reduce over the tokens in 1x128 tiles.
        return Llama(seq=TRAIN_SEQ), (_ids(1, TRAIN_SEQ),), {}
    if name == "qwen":
        model = Llama(kv_heads=1, qkv_bias=True, embeds_input=True).to(torch.bfloat16)
        return model, (torch.randn(1, SEQ, D, dtype=torch.bfloat16),), {}
    if name == "moe":
        return MoELM(), (_ids(SEQ),), {}
    if name == "moe_train":
        # 128 tokens: the experts' Wgrads reduce over them in 1x128 tiles.
        return MoELM(), (_ids(TRAIN_SEQ),), {}
    if name == "tiny_moe_lm":
        return TinyMoELM(), (_ids(SEQ),), {}
    if name == "flat":
        return FlatParamLM(), (_ids(SEQ),), {}
    if name == "dynamic":
        return DynamicTokensLM(), (_ids(SEQ),), {0: {0: "tokens"}}
    if name == "mlp":
        return MLP(), (torch.randn(SEQ, D),), {}
    if name == "mlp_small":
        return MLP(128, 128), (torch.randn(SEQ, 128),), {}
    raise ValueError(f"unknown model '{name}'; known: {', '.join(NAMES)}")


NAMES = ("gpt2", "llama", "llama_train", "qwen", "moe", "moe_train", "tiny_moe_lm", "flat", "dynamic", "mlp", "mlp_small")
