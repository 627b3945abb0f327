"""Zoo models written the way users outside the project write them (tests/python/zoo_models.py
merges them into QUICK and ALL): nn.Transformer* with padding and causal masks, attention with
kdim/vdim, a GPT-2 block with a registered triu buffer and tanh GELU, recurrent nets with
initial states in and final states out, audio encoder/decoders with ConvTranspose1d, UNets
with interpolate, integer index arithmetic, pixel shuffles, norms, pools, einsum attention,
dict outputs, torchvision video nets. ``REFUSED`` are models tirgen declines, with the words
its up-front check must use."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def _video(name):
    import torchvision

    return getattr(torchvision.models.video, name)(weights=None)


def _seg(name, **kw):
    import torchvision

    return getattr(torchvision.models.segmentation, name)(weights=None, weights_backbone=None, **kw)


class MaskedEncoder(nn.Module):
    """nn.TransformerEncoder with a causal mask and a key padding mask computed from lengths."""

    def __init__(self, d=32):
        super().__init__()
        layer = nn.TransformerEncoderLayer(d, 4, 64, dropout=0.0, activation="gelu")
        self.enc = nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(d))

    def forward(self, x, lengths):  # x: (t, b, d) seq-first; lengths: (b,) int64
        t = x.shape[0]
        causal = torch.triu(torch.full((t, t), float("-inf")), diagonal=1)
        pad = torch.arange(t).unsqueeze(0) >= lengths.unsqueeze(1)
        return self.enc(x, mask=causal, src_key_padding_mask=pad)


class FullTransformer(nn.Module):
    def __init__(self, d=32, vocab=40):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.tr = nn.Transformer(d, 4, 2, 2, 64, dropout=0.0, batch_first=True)
        self.out = nn.Linear(d, vocab)

    def forward(self, src, tgt):
        t = tgt.shape[1]
        tgt_mask = nn.Transformer.generate_square_subsequent_mask(t)
        h = self.tr(self.emb(src) * math.sqrt(32), self.emb(tgt), tgt_mask=tgt_mask)
        return self.out(h).log_softmax(-1)


class CrossMHA(nn.Module):
    """nn.MultiheadAttention with key/value of another width than the query; returns weights."""

    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(24, 3, kdim=10, vdim=14, batch_first=True)

    def forward(self, q, k, v):
        out, w = self.mha(q, k, v)
        return out, w


class BoolMaskMHA(nn.Module):
    """Self-attention (packed in-projection) with a boolean attn_mask and key_padding_mask input."""

    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(16, 2, bias=False)

    def forward(self, x, pad):
        t = x.shape[0]
        mask = torch.ones(t, t, dtype=torch.bool).triu(1)
        return self.mha(x, x, x, attn_mask=mask, key_padding_mask=pad, need_weights=False)[0]


class GPT2Block(nn.Module):
    """GPT-2 style: registered triu buffer, tanh GELU, Conv1D-like addmm, dropout (eval)."""

    def __init__(self, d=48, heads=4, ctx=16):
        super().__init__()
        self.ln_1, self.ln_2 = nn.LayerNorm(d, eps=1e-5), nn.LayerNorm(d, eps=1e-5)
        self.c_attn_w = nn.Parameter(torch.randn(d, 3 * d) * 0.02)
        self.c_attn_b = nn.Parameter(torch.zeros(3 * d))
        self.c_proj = nn.Linear(d, d)
        self.fc, self.proj = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)
        self.register_buffer("bias", torch.tril(torch.ones(ctx, ctx)).view(1, 1, ctx, ctx))
        self.h, self.drop = heads, nn.Dropout(0.1)

    def forward(self, x):
        b, t, d = x.size()
        qkv = torch.addmm(self.c_attn_b, x.view(-1, d), self.c_attn_w).view(b, t, 3 * d)
        q, k, v = qkv.split(d, dim=2)
        q = q.view(b, t, self.h, d // self.h).permute(0, 2, 1, 3)
        k = k.view(b, t, self.h, d // self.h).permute(0, 2, 3, 1)
        v = v.view(b, t, self.h, d // self.h).permute(0, 2, 1, 3)
        w = torch.matmul(q, k) / math.sqrt(v.size(-1))
        w = torch.where(self.bias[:, :, :t, :t] > 0, w, torch.tensor(-1e4))
        a = self.drop(nn.functional.softmax(w, dim=-1))
        y = torch.matmul(a, v).permute(0, 2, 1, 3).contiguous().view(b, t, d)
        x = x + self.c_proj(y)
        return x + self.proj(F.gelu(self.fc(self.ln_2(x)), approximate="tanh"))


class RNNStates(nn.Module):
    """Recurrent net with initial states as inputs, returning output and final states."""

    def __init__(self, kind, batch_first, bidirectional, layers):
        super().__init__()
        self.kind = kind
        kw = dict(num_layers=layers, batch_first=batch_first, bidirectional=bidirectional)
        if kind == "RNN_relu":
            self.rnn = nn.RNN(6, 10, nonlinearity="relu", **kw)
        elif kind == "RNN":
            self.rnn = nn.RNN(6, 10, **kw)
        else:
            self.rnn = getattr(nn, kind)(6, 10, **kw)

    def forward(self, x, h0, c0=None):
        if self.kind == "LSTM":
            out, (h, c) = self.rnn(x, (h0, c0))
            return out, h, c
        out, h = self.rnn(x, h0)
        return out, h


def _rnn_inputs(kind, batch_first, bidirectional, layers, b=2, t=5):
    x = torch.randn(b, t, 6) if batch_first else torch.randn(t, b, 6)
    h = torch.randn(layers * (2 if bidirectional else 1), b, 10)
    return (x, h, torch.randn_like(h)) if kind == "LSTM" else (x, h)


class SeqClassifier(nn.Module):
    """Packed-free LSTM text classifier taking mean over time, then GRU cell stack."""

    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 16, padding_idx=0)
        self.lstm = nn.LSTM(16, 20, batch_first=True)
        self.gru = nn.GRU(20, 8, bidirectional=True)
        self.fc = nn.Linear(16, 4)

    def forward(self, ids):
        h, _ = self.lstm(self.emb(ids))
        g, hn = self.gru(h.transpose(0, 1))
        return self.fc(g.mean(0)), hn


class AudioEncDec(nn.Module):
    """Wave-U-Net-ish: strided Conv1d down, ConvTranspose1d up (output_padding), skip add,
    GroupNorm, InstanceNorm1d, PReLU, tanh output."""

    def __init__(self):
        super().__init__()
        self.d1 = nn.Conv1d(1, 8, 15, stride=2, padding=7)
        self.n1 = nn.GroupNorm(2, 8)
        self.d2 = nn.Conv1d(8, 16, 5, stride=2, padding=2, padding_mode="reflect")
        self.n2 = nn.InstanceNorm1d(16, affine=True)
        self.u2 = nn.ConvTranspose1d(16, 8, 5, stride=2, padding=2, output_padding=1)
        self.u1 = nn.ConvTranspose1d(8, 1, 4, stride=2, padding=1)
        self.act = nn.PReLU(8)

    def forward(self, x):
        a = F.leaky_relu(self.n1(self.d1(x)), 0.1)
        b = F.elu(self.n2(self.d2(a)))
        c = self.act(self.u2(b)) + a
        return torch.tanh(self.u1(c))


class MelNet(nn.Module):
    """Spectrogram-style front end: framing with unfold, log(1+x), Conv1d over frames, BiGRU."""

    def __init__(self):
        super().__init__()
        self.proj = nn.Conv1d(32, 16, 1)
        self.conv = nn.Conv1d(16, 16, 3, padding=1, groups=4)
        self.bn = nn.BatchNorm1d(16)
        self.gru = nn.GRU(16, 8, batch_first=True, bidirectional=True)

    def forward(self, wav):  # (b, n)
        frames = wav.unfold(1, 32, 16).transpose(1, 2)  # (b, 32, frames)
        x = torch.log1p(torch.abs(self.proj(frames)))
        x = F.silu(self.bn(self.conv(x)))
        return self.gru(x.transpose(1, 2))[0]


class UNet2(nn.Module):
    """Two-level UNet: ConvTranspose2d up, F.interpolate (mode/align_corners), skip concat."""

    def __init__(self, mode="bilinear", align=False, c=4):
        super().__init__()

        def block(i, o):
            return nn.Sequential(nn.Conv2d(i, o, 3, padding=1, bias=False), nn.GroupNorm(2, o), nn.SiLU())

        self.e1, self.e2, self.e3 = block(3, c), block(c, 2 * c), block(2 * c, 4 * c)
        self.up3 = nn.ConvTranspose2d(4 * c, 2 * c, 3, stride=2, padding=1, output_padding=1)
        self.d2, self.d1 = block(4 * c, 2 * c), block(3 * c, c)
        self.head = nn.Conv2d(c, 1, 1)
        self.mode, self.align = mode, align

    def forward(self, x):
        a = self.e1(x)
        b = self.e2(F.avg_pool2d(a, 2))
        c = self.e3(F.max_pool2d(b, 2))
        d = self.d2(torch.cat([self.up3(c), b], 1))
        kw = {} if self.mode == "nearest" else {"align_corners": self.align}
        d = F.interpolate(d, size=a.shape[-2:], mode=self.mode, **kw)
        return torch.sigmoid(self.head(self.d1(torch.cat([d, a], 1))))


class Interp(nn.Module):
    def __init__(self, mode, align=None, scale=None, size=None):
        super().__init__()
        self.kw = dict(mode=mode, scale_factor=scale, size=size)
        if align is not None:
            self.kw["align_corners"] = align

    def forward(self, x):
        return F.interpolate(x, **self.kw) * 2.0


class IntOps(nn.Module):
    """Integer arithmetic on computed indices: argmax, topk, floor/trunc division, bitwise,
    casts, cumsum, embedding lookup of computed ids, gather."""

    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(16, 4)

    def forward(self, x, ids):  # x: (2, 10) float; ids: (2, 6) int64
        am = x.argmax(-1)
        vals, idx = x.topk(3, dim=-1)
        q = torch.div(ids, 3, rounding_mode="floor")
        tq = torch.div(ids - 5, 3, rounding_mode="trunc")
        r = torch.remainder(ids - 5, 4)
        bits = ((ids > 3) & (ids < 9) | (ids == 0)).long() + (~(ids > 6)).int()
        cs = torch.cumsum(ids, dim=1)
        lookup = self.emb((cs + bits) % 16)
        g = torch.gather(x, 1, idx)
        f = (x * 4).to(torch.int32).to(torch.float32) + (ids // 4).float().mean()
        return am, idx, q + tq + r, lookup, g + vals, f, (ids > 2).sum(1)


class TopKSort(nn.Module):
    def forward(self, x):
        s, i = torch.sort(x, dim=1, descending=True)
        a = torch.argsort(x, dim=-1)
        v, j = torch.topk(x, 2, dim=0, largest=False)
        return s, i, a, v, j


class ScatterGather(nn.Module):
    def forward(self, x, idx):  # x (3, 5), idx (3, 2) int64 in [0, 5)
        g = torch.gather(x, 1, idx)
        s = torch.zeros_like(x).scatter(1, idx, g * 2)
        sa = torch.zeros(3, 5).scatter_add(1, idx, torch.ones(3, 2))
        sel = torch.index_select(x, 1, idx[0])
        m = x.masked_fill(x > 0.5, 0.0)
        w = torch.where(x < 0, x * 0.1, x)
        return g, s, sa, sel, m + w


class SuperRes(nn.Module):
    """ESPCN: conv stack with PixelShuffle, plus PixelUnshuffle on the way in."""

    def __init__(self, r=2):
        super().__init__()
        self.unshuf = nn.PixelUnshuffle(2)
        self.c1 = nn.Conv2d(12, 16, 5, padding=2)
        self.c2 = nn.Conv2d(16, 8, 3, padding=1)
        self.c3 = nn.Conv2d(8, 3 * (2 * r) ** 2, 3, padding=1)
        self.shuf = nn.PixelShuffle(2 * r)

    def forward(self, x):
        x = torch.tanh(self.c1(self.unshuf(x)))
        return self.shuf(self.c3(torch.tanh(self.c2(x))))


class Norms(nn.Module):
    """GroupNorm, InstanceNorm2d (affine and not, running stats), LayerNorm over (C, H, W)."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.gn = nn.GroupNorm(4, 8)
        self.in1 = nn.InstanceNorm2d(8, affine=True)
        self.in2 = nn.InstanceNorm2d(8)
        self.ln = nn.LayerNorm([8, 6, 6])
        self.ln2 = nn.LayerNorm([6, 6], elementwise_affine=False)

    def forward(self, x):
        x = self.conv(x)
        return self.ln(self.in1(self.gn(x))) + self.ln2(self.in2(x))


class AdaptivePools(nn.Module):
    def forward(self, x):  # (1, 4, 9, 15): torch exports only output sizes dividing the input
        a = F.adaptive_avg_pool2d(x, (3, 5))
        b = F.adaptive_max_pool2d(x, (9, 3))
        c = F.adaptive_avg_pool2d(x, 1)
        d = F.adaptive_avg_pool1d(x.flatten(2), 27)
        return a, b, c, d


class DilatedGrouped(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(6, 12, 3, padding=2, dilation=2, groups=3)
        self.c2 = nn.Conv2d(12, 12, (3, 5), padding=(3, 2), dilation=(3, 1), groups=12, stride=(1, 2))
        self.c3 = nn.Conv2d(12, 6, 3, padding=2, dilation=2)
        self.c4 = nn.Conv2d(6, 6, 3, padding=1, padding_mode="reflect")
        self.c5 = nn.Conv2d(6, 4, 3, padding=1, padding_mode="replicate", groups=2)

    def forward(self, x):
        return self.c5(self.c4(F.relu(self.c3(F.relu(self.c2(self.c1(x)))))))


class EinsumAttn(nn.Module):
    """Attention via torch.einsum with F.normalize (cosine attention, as in swin v2)."""

    def __init__(self, d=16, h=2):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.scale = nn.Parameter(torch.log(10 * torch.ones(h, 1, 1)))
        self.h = h

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).reshape(b, t, 3, self.h, d // self.h).permute(2, 0, 3, 1, 4)
        attn = torch.einsum("bhid,bhjd->bhij", F.normalize(q, dim=-1), F.normalize(k, dim=-1))
        attn = attn * torch.clamp(self.scale, max=math.log(100.0)).exp()
        out = torch.einsum("bhij,bhjd->bhid", attn.softmax(-1), v)
        return out.transpose(1, 2).reshape(b, t, d), torch.linalg.vector_norm(x, dim=-1)


class DictOut(nn.Module):
    def __init__(self):
        super().__init__()
        self.a, self.b = nn.Linear(8, 4), nn.Linear(8, 2)

    def forward(self, x):
        h = F.hardswish(x)
        return {"logits": self.a(h), "aux": (self.b(h).sigmoid(), F.mish(x))}


class Activations(nn.Module):
    def forward(self, x):
        return (F.softplus(x) + F.hardsigmoid(x) + F.celu(x, 0.5) + F.selu(x) + F.relu6(x)
                + F.softsign(x) + F.logsigmoid(x) + F.hardtanh(x, -0.5, 0.5) + torch.erf(x)
                + F.gelu(x) + F.silu(x) + F.tanhshrink(x) + F.softshrink(x) + F.hardshrink(x)
                + F.threshold(x, 0.0, 0.0) + F.glu(torch.cat([x, x], -1), -1))


class TensorOps(nn.Module):
    """Shape manipulation users write: flip, roll, repeat, chunk, unbind/stack, pad modes."""

    def forward(self, x):  # (2, 3, 6, 6)
        a = torch.roll(x, shifts=(1, -2), dims=(2, 3)).flip(1)
        b = x.repeat(1, 2, 1, 1)[:, ::2]
        c0, c1 = x.chunk(2, dim=3)
        parts = torch.stack(list(x.unbind(1))[::-1], dim=1)
        p = F.pad(x, (1, 2, 2, 1), mode="reflect")[..., 1:7, 1:7]
        r = F.pad(x, (1, 1, 1, 1), mode="replicate")[..., 2:, :-2]
        return a + b + parts + p + r, torch.cat([c1, c0], 3).cumsum(2)


class Reductions(nn.Module):
    def forward(self, x):
        return (x.std(1), x.var(dim=(2, 3), unbiased=False), torch.logsumexp(x, 1), x.norm(p=1, dim=3),
                x.amax((1, 3)), x.min(2)[0], x.prod(3), x.mean((-1, -2), keepdim=True), x.abs().sum(), x.max())


class Pools(nn.Module):
    def forward(self, x):
        a = F.max_pool2d(x, 3, stride=2, ceil_mode=True)
        b = F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False)
        c = F.avg_pool2d(x, 2, ceil_mode=True)
        d = F.lp_pool2d(x.abs(), 2, 2)
        m, i = F.max_pool2d(x, 2, return_indices=True)
        return a, b, c, d, m, i


class SqueezeExcite(nn.Module):
    """MobileNet-ish depthwise-separable + SE, written with F ops and hard-sigmoid gating."""

    def __init__(self):
        super().__init__()
        self.dw = nn.Conv2d(8, 8, 3, padding=1, groups=8, bias=False)
        self.bn = nn.BatchNorm2d(8)
        self.se1, self.se2 = nn.Conv2d(8, 2, 1), nn.Conv2d(2, 8, 1)
        self.pw = nn.Conv2d(8, 16, 1)
        self.stem = nn.Conv2d(3, 8, 3, stride=2, padding=1)

    def forward(self, x):
        x = F.hardswish(self.stem(x))
        y = F.relu6(self.bn(self.dw(x)))
        s = F.hardsigmoid(self.se2(F.relu(self.se1(F.adaptive_avg_pool2d(y, 1)))))
        return self.pw(y * s) .flatten(1).softmax(-1)


class RelPosAttn(nn.Module):
    """Window attention with a relative position bias table gathered by computed indices."""

    def __init__(self, w=4, h=2, d=16):
        super().__init__()
        self.table = nn.Parameter(torch.randn((2 * w - 1) ** 2, h))
        coords = torch.stack(torch.meshgrid(torch.arange(w), torch.arange(w), indexing="ij")).flatten(1)
        rel = (coords[:, :, None] - coords[:, None, :]).permute(1, 2, 0) + (w - 1)
        self.register_buffer("index", rel[..., 0] * (2 * w - 1) + rel[..., 1])
        self.qkv, self.h, self.w = nn.Linear(d, 3 * d), h, w

    def forward(self, x):  # (b, w*w, d)
        b, n, d = x.shape
        q, k, v = self.qkv(x).reshape(b, n, 3, self.h, -1).permute(2, 0, 3, 1, 4).unbind(0)
        bias = self.table[self.index.view(-1)].view(n, n, -1).permute(2, 0, 1)
        a = (q @ k.transpose(-2, -1)) * (d // self.h) ** -0.5 + bias.unsqueeze(0)
        return (a.softmax(-1) @ v).transpose(1, 2).reshape(b, n, d)


class IndexPut(nn.Module):
    def forward(self, x, i):  # x (4, 6), i (2,) int64
        y = x.clone()
        y[:, 1] = 0.5
        y[i] = y[i] * 2
        y[..., -1] += x.sum(1)
        return y


class BoolMaskSelect(nn.Module):
    def forward(self, x):
        return x[x > 0].sum() + x.clamp(min=-0.5).sum()


class ConvTranspose(nn.Module):
    def __init__(self):
        super().__init__()
        self.t1 = nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1, groups=2)
        self.t2 = nn.ConvTranspose2d(6, 3, (2, 4), stride=(2, 1), dilation=(1, 2), bias=False)
        self.t3 = nn.ConvTranspose3d(3, 2, 2, stride=2)

    def forward(self, x):
        y = self.t2(F.relu(self.t1(x)))
        return y, self.t3(y.unsqueeze(2))


class Conv3dVideo(nn.Module):
    """(2+1)-d factorized convs, AdaptiveAvgPool3d, temporal max pool."""

    def __init__(self):
        super().__init__()
        self.s = nn.Conv3d(3, 8, (1, 3, 3), padding=(0, 1, 1))
        self.t = nn.Conv3d(8, 8, (3, 1, 1), padding=(1, 0, 0), groups=2)
        self.bn = nn.BatchNorm3d(8)
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        x = F.relu(self.bn(self.t(self.s(x))))
        x = F.max_pool3d(x, (2, 2, 2), stride=(1, 2, 2), padding=(1, 0, 0))
        return self.fc(F.adaptive_avg_pool3d(x, (1, 1, 1)).flatten(1))



class DecoderMasks(nn.Module):
    """nn.TransformerDecoder (seq-first, norm_first, relu) with tgt_mask, tgt and memory key
    padding masks given as inputs."""

    def __init__(self, d=24):
        super().__init__()
        layer = nn.TransformerDecoderLayer(d, 3, 48, dropout=0.0, norm_first=True)
        self.dec = nn.TransformerDecoder(layer, 2)

    def forward(self, tgt, mem, tgt_pad, mem_pad):
        t = tgt.shape[0]
        mask = torch.triu(torch.ones(t, t, dtype=torch.bool), 1)
        return self.dec(tgt, mem, tgt_mask=mask, tgt_key_padding_mask=tgt_pad, memory_key_padding_mask=mem_pad)


class EmbedBagText(nn.Module):
    """Token + segment embeddings, LayerNorm, masked mean pooling, classifier (BERT-ish head)."""

    def __init__(self):
        super().__init__()
        self.tok, self.seg = nn.Embedding(60, 16, padding_idx=0), nn.Embedding(2, 16)
        self.ln = nn.LayerNorm(16, eps=1e-12)
        self.cls = nn.Sequential(nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 3))

    def forward(self, ids, segs):
        h = self.ln(self.tok(ids) + self.seg(segs))
        m = (ids != 0).unsqueeze(-1).float()
        return self.cls((h * m).sum(1) / m.sum(1).clamp(min=1.0))


class LSTMCellLoop(nn.Module):
    """An LSTMCell / GRUCell unrolled in Python over a fixed length (traced into plain ops)."""

    def __init__(self):
        super().__init__()
        self.cell, self.gcell = nn.LSTMCell(5, 7), nn.GRUCell(7, 4)

    def forward(self, x):  # (t, b, 5)
        h = c = torch.zeros(x.shape[1], 7)
        g = torch.zeros(x.shape[1], 4)
        outs = []
        for i in range(x.shape[0]):
            h, c = self.cell(x[i], (h, c))
            g = self.gcell(h, g)
            outs.append(g)
        return torch.stack(outs)


class ChannelShuffleNet(nn.Module):
    """ShuffleNet unit written by hand: split, channel shuffle by view/transpose, depthwise."""

    def __init__(self, c=8):
        super().__init__()
        self.branch = nn.Sequential(nn.Conv2d(c // 2, c // 2, 1), nn.BatchNorm2d(c // 2), nn.ReLU(inplace=True),
                                    nn.Conv2d(c // 2, c // 2, 3, padding=1, groups=c // 2), nn.BatchNorm2d(c // 2))
        self.stem = nn.Conv2d(3, c, 3, padding=1)

    def forward(self, x):
        x = self.stem(x)
        a, b = x.chunk(2, dim=1)
        x = torch.cat((a, self.branch(b)), 1)
        n, c, h, w = x.shape
        return x.view(n, 2, c // 2, h, w).transpose(1, 2).contiguous().view(n, c, h, w)



def _img(n, c=3, b=1):
    return (torch.randn(b, c, n, n),)


def _video_clip():
    return (torch.randn(1, 3, 4, 32, 32),)


# name -> (model factory, example inputs factory[, opset]): cheap enough for the test suite.
WILD_QUICK = {
    "masked_encoder": (MaskedEncoder, lambda: (torch.randn(6, 3, 32), torch.tensor([6, 3, 4]))),
    "cross_mha": (CrossMHA, lambda: (torch.randn(2, 4, 24), torch.randn(2, 6, 10), torch.randn(2, 6, 14))),
    "lstm_bi_states": (lambda: RNNStates("LSTM", True, True, 2), lambda: _rnn_inputs("LSTM", True, True, 2)),
    "gru_seqfirst_states_opset13": (lambda: RNNStates("GRU", False, True, 1),
                                    lambda: _rnn_inputs("GRU", False, True, 1), 13),
    "rnn_relu_states": (lambda: RNNStates("RNN_relu", False, False, 2),
                        lambda: _rnn_inputs("RNN_relu", False, False, 2)),
    "audio_encdec": (AudioEncDec, lambda: (torch.randn(2, 1, 64),)),
    "unet_bilinear_ac": (lambda: UNet2("bilinear", True), lambda: _img(16)),
    "interp_trilinear": (lambda: Interp("trilinear", True, scale=2), lambda: (torch.randn(1, 2, 3, 4, 4),)),
    "int_ops": (IntOps, lambda: (torch.randn(2, 10), torch.randint(0, 12, (2, 6)))),
    "topk_sort": (TopKSort, lambda: (torch.randn(4, 7),)),
    "scatter_gather": (ScatterGather, lambda: (torch.rand(3, 5), torch.tensor([[0, 3], [4, 1], [2, 2]]))),
    "superres_pixelshuffle": (SuperRes, lambda: _img(8)),
    "norms": (Norms, lambda: _img(6, b=2)),
    "einsum_cosine_attn": (EinsumAttn, lambda: (torch.randn(2, 5, 16),)),
    "dict_out": (DictOut, lambda: (torch.randn(3, 8),)),
    "conv_transpose": (ConvTranspose, lambda: (torch.randn(1, 4, 5, 6),)),
    "bool_mask_mha": (BoolMaskMHA, lambda: (torch.randn(5, 2, 16),
                                            torch.tensor([[False] * 5, [False] * 3 + [True] * 2]))),
    "gpt2_block_opset11": (GPT2Block, lambda: (torch.randn(2, 10, 48),), 11),
    "dilated_grouped": (DilatedGrouped, lambda: _img(12, 6)),
    "decoder_masks": (DecoderMasks, lambda: (torch.randn(4, 2, 24), torch.randn(6, 2, 24),
                                             torch.tensor([[False] * 4, [False] * 3 + [True]]),
                                             torch.tensor([[False] * 6, [False] * 4 + [True] * 2]))),
    "cell_loop": (LSTMCellLoop, lambda: (torch.randn(4, 3, 5),)),
    "pools_indices": (Pools, lambda: (torch.randn(1, 3, 9, 10),)),
}

# The rest (bench/zoo_bench.py): slower to compile, or torchvision models of some size.
WILD_ALL = {
    "full_transformer": (FullTransformer, lambda: (torch.randint(0, 40, (2, 7)), torch.randint(0, 40, (2, 5)))),
    "gpt2_block": (GPT2Block, lambda: (torch.randn(2, 10, 48),)),
    "lstm_seqfirst_states_opset14": (lambda: RNNStates("LSTM", False, False, 3),
                                     lambda: _rnn_inputs("LSTM", False, False, 3), 14),
    "gru_bi_states": (lambda: RNNStates("GRU", True, True, 2), lambda: _rnn_inputs("GRU", True, True, 2)),
    "rnn_tanh_bi_states": (lambda: RNNStates("RNN", True, True, 2), lambda: _rnn_inputs("RNN", True, True, 2)),
    "seq_classifier": (SeqClassifier, lambda: (torch.randint(0, 100, (3, 7)),)),
    "mel_gru": (MelNet, lambda: (torch.randn(2, 160),)),
    "unet_bilinear": (lambda: UNet2("bilinear", False), lambda: _img(16)),
    "unet_nearest_opset11": (lambda: UNet2("nearest"), lambda: _img(16), 11),
    "interp_bicubic": (lambda: Interp("bicubic", False, scale=1.5), lambda: _img(6)),
    "interp_bilinear_ac_size": (lambda: Interp("bilinear", True, size=(7, 11)), lambda: _img(5)),
    "interp_nearest_frac": (lambda: Interp("nearest", scale=2.5), lambda: _img(4)),
    "interp_linear1d": (lambda: Interp("linear", False, scale=3), lambda: (torch.randn(1, 2, 7),)),
    "adaptive_pools": (AdaptivePools, lambda: (torch.randn(1, 4, 9, 15),)),
    "activations": (Activations, lambda: (torch.randn(4, 9) * 2,)),
    "tensor_ops": (TensorOps, lambda: (torch.randn(2, 3, 6, 6),)),
    "reductions": (Reductions, lambda: (torch.randn(2, 3, 4, 5),)),
    "squeeze_excite": (SqueezeExcite, lambda: _img(16)),
    "relpos_attn": (RelPosAttn, lambda: (torch.randn(2, 16, 16),)),
    "index_put": (IndexPut, lambda: (torch.randn(4, 6), torch.tensor([3, 0]))),
    "conv3d_video": (Conv3dVideo, lambda: (torch.randn(2, 3, 4, 8, 8),)),
    "embed_text_pool": (EmbedBagText, lambda: (torch.tensor([[5, 9, 3, 0, 0], [7, 1, 2, 8, 4]]),
                                               torch.tensor([[0, 0, 1, 1, 1], [0, 0, 0, 1, 1]]))),
    "channel_shuffle": (ChannelShuffleNet, lambda: _img(8)),
    "r3d_18": (lambda: _video("r3d_18"), _video_clip),
    "mc3_18": (lambda: _video("mc3_18"), _video_clip),
    "r2plus1d_18": (lambda: _video("r2plus1d_18"), _video_clip),
    "densenet_small": (lambda: __import__("torchvision").models.DenseNet(12, (2, 3, 2), 16, bn_size=2, num_classes=7),
                       lambda: _img(48)),
    "fcn_resnet50_aux": (lambda: _seg("fcn_resnet50", aux_loss=True), lambda: _img(48)),
    "deeplabv3_resnet50": (lambda: _seg("deeplabv3_resnet50", aux_loss=False), lambda: _img(48)),
}

# Models tirgen refuses, and the words of its up-front check: the exporter's graph really needs
# what tirgen does not have (an output shape that depends on input values).
REFUSED = {
    "bool_mask_select": ((BoolMaskSelect, lambda: (torch.randn(3, 4),)), "NonZero with a non-constant input"),
}
