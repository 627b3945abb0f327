"""More zoo models, written as other people write them: a LLaMA-style block (RMSNorm, rotary
embeddings, SwiGLU), a T5 relative-position bias, ConvMixer, MLP-Mixer, a PointNet, CLIP-style
heads, activation and reduction mixes, unfold, float64 and int32 models, recurrent nets,
EmbeddingBag, YOLO/WaveNet/CBAM-style nets, and the same models at older ONNX opsets; then
torchvision models the other files lack (ALL only). Used by zoo_models.py
(QUICK / ALL); each entry is (model factory, inputs factory[, opset])."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps, self.weight = eps, nn.Parameter(torch.ones(d) + 0.1 * torch.randn(d))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rotate_half(x):
    x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def repeat_kv(x, n):
    """(b, kvh, t, hd) -> (b, kvh * n, t, hd) by expand + reshape, as HF's LLaMA does (torch
    1.13 exports repeat_interleave on an inner dim of a 4-d tensor with a wrong Reshape)."""
    b, kvh, t, hd = x.shape
    return x[:, :, None, :, :].expand(b, kvh, n, t, hd).reshape(b, kvh * n, t, hd)


class LlamaBlock(nn.Module):
    """Pre-RMSNorm attention with rotary position embeddings computed in forward, a causal
    mask built with torch.full + triu, grouped KV heads, SwiGLU MLP."""

    def __init__(self, d=32, heads=4, kv_heads=2, hidden=48):
        super().__init__()
        self.h, self.kvh, self.hd = heads, kv_heads, d // heads
        self.q = nn.Linear(d, d, bias=False)
        self.k = nn.Linear(d, kv_heads * self.hd, bias=False)
        self.v = nn.Linear(d, kv_heads * self.hd, bias=False)
        self.o = nn.Linear(d, d, bias=False)
        self.gate, self.up = nn.Linear(d, hidden, bias=False), nn.Linear(d, hidden, bias=False)
        self.down = nn.Linear(hidden, d, bias=False)
        self.n1, self.n2 = RMSNorm(d), RMSNorm(d)
        inv = 1.0 / (10000 ** (torch.arange(0, self.hd, 2).float() / self.hd))
        self.register_buffer("inv_freq", inv)

    def forward(self, x):
        b, t, d = x.shape
        pos = torch.arange(t, dtype=torch.float32)
        freqs = torch.outer(pos, self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        cos, sin = emb.cos()[None, None], emb.sin()[None, None]
        hx = self.n1(x)
        q = self.q(hx).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.k(hx).view(b, t, self.kvh, self.hd).transpose(1, 2)
        v = self.v(hx).view(b, t, self.kvh, self.hd).transpose(1, 2)
        q, k = q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin
        k, v = repeat_kv(k, self.h // self.kvh), repeat_kv(v, self.h // self.kvh)
        mask = torch.full((t, t), float("-inf")).triu(1)
        att = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(self.hd) + mask
        att = F.softmax(att.float(), dim=-1).type_as(q)
        x = x + self.o(torch.matmul(att, v).transpose(1, 2).reshape(b, t, d))
        hx = self.n2(x)
        return x + self.down(F.silu(self.gate(hx)) * self.up(hx))


class T5RelBias(nn.Module):
    """T5's bucketed relative position bias: log-spaced buckets from integer distances
    (abs, where, log, int casts, min with a full tensor), an embedding, added to attention."""

    def __init__(self, buckets=8, max_distance=16, heads=2, d=16):
        super().__init__()
        self.buckets, self.max_distance, self.heads = buckets, max_distance, heads
        self.bias = nn.Embedding(buckets, heads)
        self.qkv = nn.Linear(d, 3 * d)

    def bucket(self, rel):
        nb = self.buckets // 2
        ret = (rel > 0).to(torch.long) * nb
        n = torch.abs(rel)
        max_exact = nb // 2
        is_small = n < max_exact
        large = max_exact + (torch.log(n.float() / max_exact) / math.log(self.max_distance / max_exact)
                             * (nb - max_exact)).to(torch.long)
        large = torch.min(large, torch.full_like(large, nb - 1))
        return ret + torch.where(is_small, n, large)

    def forward(self, x):
        b, t, d = x.shape
        ctx = torch.arange(t, dtype=torch.long)[:, None]
        mem = torch.arange(t, dtype=torch.long)[None, :]
        bias = self.bias(self.bucket(mem - ctx)).permute(2, 0, 1).unsqueeze(0)
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        att = (q @ k.transpose(-1, -2) + bias).softmax(-1)
        return (att @ v).transpose(1, 2).flatten(2)


class Residual(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x):
        return self.fn(x) + x


def conv_mixer(dim=16, depth=2, kernel=5, patch=4, classes=7):
    """ConvMixer ("Patches are all you need"), as its paper's listing (padding="same" spelled
    out: torch 1.13 cannot export it)."""
    return nn.Sequential(
        nn.Conv2d(3, dim, kernel_size=patch, stride=patch), nn.GELU(), nn.BatchNorm2d(dim),
        *[nn.Sequential(Residual(nn.Sequential(nn.Conv2d(dim, dim, kernel, groups=dim, padding=kernel // 2),
                                               nn.GELU(), nn.BatchNorm2d(dim))),
                        nn.Conv2d(dim, dim, kernel_size=1), nn.GELU(), nn.BatchNorm2d(dim)) for _ in range(depth)],
        nn.AdaptiveAvgPool2d((1, 1)), nn.Flatten(), nn.Linear(dim, classes))


class MixerBlock(nn.Module):
    def __init__(self, tokens, d):
        super().__init__()
        self.n1, self.n2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.tok = nn.Sequential(nn.Linear(tokens, 2 * tokens), nn.GELU(), nn.Linear(2 * tokens, tokens))
        self.ch = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        x = x + self.tok(self.n1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.ch(self.n2(x))


class MLPMixer(nn.Module):
    def __init__(self, image=32, patch=8, d=24, depth=2, classes=5):
        super().__init__()
        self.stem = nn.Conv2d(3, d, patch, patch)
        self.blocks = nn.Sequential(*[MixerBlock((image // patch) ** 2, d) for _ in range(depth)])
        self.norm, self.head = nn.LayerNorm(d), nn.Linear(d, classes)

    def forward(self, x):
        x = self.stem(x).flatten(2).transpose(1, 2)
        return self.head(self.norm(self.blocks(x)).mean(dim=1))


class PointNet(nn.Module):
    """PointNet classifier: a learned 3x3 input transform (bmm with an identity added), shared
    Conv1d MLPs, a global max over points."""

    def __init__(self, classes=4):
        super().__init__()
        self.tnet = nn.Sequential(nn.Conv1d(3, 16, 1), nn.ReLU(), nn.Conv1d(16, 32, 1), nn.ReLU())
        self.tfc = nn.Linear(32, 9)
        self.mlp = nn.Sequential(nn.Conv1d(3, 16, 1), nn.BatchNorm1d(16), nn.ReLU(), nn.Conv1d(16, 64, 1),
                                 nn.BatchNorm1d(64), nn.ReLU())
        self.head = nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Dropout(0.3), nn.Linear(32, classes))

    def forward(self, pts):  # (b, 3, n)
        t = torch.max(self.tnet(pts), 2, keepdim=False)[0]
        t = self.tfc(t).view(-1, 3, 3) + torch.eye(3).unsqueeze(0)
        x = torch.bmm(t, pts)
        x = self.mlp(x).max(dim=2).values
        return F.log_softmax(self.head(x), dim=1)


class ClipHead(nn.Module):
    """CLIP's contrastive head: two projections, L2 normalization by x.norm(dim=-1), a learned
    log temperature, logits both ways."""

    def __init__(self, di=20, dt=12, d=16):
        super().__init__()
        self.pi, self.pt = nn.Linear(di, d, bias=False), nn.Linear(dt, d, bias=False)
        self.logit_scale = nn.Parameter(torch.tensor(math.log(1 / 0.07)))

    def forward(self, img, txt):
        a, b = self.pi(img), self.pt(txt)
        a = a / a.norm(dim=-1, keepdim=True)
        b = b / b.norm(dim=-1, keepdim=True)
        logits = self.logit_scale.exp() * a @ b.t()
        return logits, logits.t()


class ActMix(nn.Module):
    """nn activation modules people stack: PReLU (per channel and shared), ELU, SELU, Mish,
    Hardswish, Softplus with beta/threshold, LeakyReLU, RReLU (eval), Sigmoid, Tanh, Softmin."""

    def __init__(self, c=6):
        super().__init__()
        self.conv = nn.Conv2d(3, c, 3, padding=1)
        self.p1, self.p2 = nn.PReLU(c, init=0.2), nn.PReLU()
        self.acts = nn.ModuleList([nn.ELU(0.7), nn.SELU(), nn.Mish(), nn.Hardswish(), nn.Softplus(beta=2, threshold=5),
                                   nn.LeakyReLU(0.02), nn.RReLU(), nn.Sigmoid(), nn.Tanh(), nn.SiLU(), nn.Hardtanh()])

    def forward(self, x):
        x = self.p1(self.conv(x))
        outs = [a(x) for a in self.acts]
        return self.p2(sum(outs)), F.softmin(x, dim=1), F.log_softmax(x, 1)


class StatsMix(nn.Module):
    """Reductions and elementwise forms not in the other zoo files: unbiased var/std over dims,
    max-abs (torch 1.13 exports no p=inf norm, nor cumprod), norm p=1 and Frobenius, amin,
    argmin (keepdim), clamp with tensor bounds,
    logsumexp over two dims, std_mean, fmod/remainder on floats."""

    def forward(self, x):  # (2, 4, 5)
        lo, hi = x.mean(-1, keepdim=True) - 0.3, x.mean(-1, keepdim=True) + 0.3
        v, m = torch.var_mean(x, dim=(1, 2), unbiased=True)
        return (x.var(2, unbiased=True), x.std((0, 2)), x.abs().amax(1), x.norm(p=1, dim=(1, 2)),
                torch.linalg.norm(x), x.amin(-1), x.argmin(1, keepdim=True), torch.clamp(x, lo, hi),
                torch.logsumexp(x, (1, 2)), v + m, torch.fmod(x, 0.7) + torch.remainder(x, 0.3),
                x.cumsum(0).flip(0), x.sum(-1).argmax())


class UnfoldUpsample(nn.Module):
    """Patch extraction: F.unfold with stride/padding/dilation, a per-patch linear map
    (torch 1.13 exports no F.fold: col2im is opset 18), nn.Upsample by scale factors,
    pixel_unshuffle."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2 * 3 * 3, 2 * 3 * 3)
        self.up = nn.Upsample(scale_factor=(2, 3), mode="nearest")
        self.up2 = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True)

    def forward(self, x):  # (1, 2, 8, 8)
        p = F.unfold(x, 3, padding=1, stride=2)                           # (1, 18, 16)
        p = self.lin(p.transpose(1, 2)).transpose(1, 2)
        y = p.softmax(1)
        d = F.unfold(x, 2, dilation=2)
        return y, d, self.up(x), self.up2(x), F.pixel_unshuffle(x, 2)


class Float64Net(nn.Module):
    """A model converted with .double(): conv, batch norm, matmul, softmax in float64."""

    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(2, 4, 3), nn.BatchNorm2d(4), nn.Tanh(), nn.Flatten(), nn.Linear(4 * 4 * 4, 6))

    def forward(self, x):
        y = self.net(x)
        return F.softmax(y @ y.t() / 3, -1), y.exp().log1p()


class Int32Ops(nn.Module):
    """int32 inputs: floor division (torch 1.13 exports floor_divide and // as truncation),
    remainder (negative operands), shifts by multiplication,
    min/max with scalars, comparisons, abs, a cast to float for a mean, an index_select."""

    def forward(self, a, b):  # int32 (3, 5), int32 (3, 5) nonzero
        q = torch.div(a, b, rounding_mode="floor")
        r = torch.remainder(a, b)
        s = (a.abs() * 4) // 2 + torch.clamp(b, min=-2, max=3)
        c = torch.maximum(a, b) - torch.minimum(a, b).abs()
        sel = torch.index_select(a, 0, torch.tensor([2, 0]))
        return q, r, s, c, (a > b).to(torch.int32).sum(1), a.float().mean(1), sel


class LSTMGRUStack(nn.Module):
    """A 2-layer LSTM (torch 1.13 exports none with proj_size), then a GRU with dropout between
    layers (eval)."""

    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(6, 4, num_layers=2, batch_first=True)
        self.gru = nn.GRU(4, 5, num_layers=2, dropout=0.3, batch_first=True)

    def forward(self, x):
        y, (h, c) = self.lstm(x)
        z, hg = self.gru(y)
        return z, h, c, hg


class BagModel(nn.Module):
    """EmbeddingBag (mean and sum over fixed-length bags: offsets given as an input make the
    bag bounds run-time values) and an Embedding with padding_idx."""

    def __init__(self):
        super().__init__()
        self.bag = nn.EmbeddingBag(20, 6, mode="mean")
        self.bag_sum = nn.EmbeddingBag(20, 6, mode="sum")
        self.emb = nn.Embedding(20, 6, padding_idx=0)

    def forward(self, bags, tokens):
        return self.bag(bags), self.bag_sum(bags), self.emb(tokens).sum(1)


class SepNet(nn.Module):
    """Depthwise-separable conv stack with squeeze-excite (AdaptiveAvgPool + 1x1 convs),
    ReLU6 and Hardsigmoid, dilated depthwise conv, a residual with stride."""

    def __init__(self, c=8):
        super().__init__()

        def sep(i, o, s=1, d=1):
            return nn.Sequential(nn.Conv2d(i, i, 3, s, padding=d, dilation=d, groups=i, bias=False),
                                 nn.BatchNorm2d(i), nn.ReLU6(), nn.Conv2d(i, o, 1, bias=False), nn.BatchNorm2d(o))

        self.stem = nn.Sequential(nn.Conv2d(3, c, 3, 2, 1), nn.BatchNorm2d(c), nn.ReLU6())
        self.b1, self.b2 = sep(c, c), sep(c, 2 * c, 2, 2)
        self.short = nn.Conv2d(c, 2 * c, 1, 2)
        self.se = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Conv2d(2 * c, c // 2, 1), nn.ReLU(),
                                nn.Conv2d(c // 2, 2 * c, 1), nn.Hardsigmoid())
        self.fc = nn.Linear(2 * c, 3)

    def forward(self, x):
        x = self.stem(x)
        x = x + self.b1(x)
        y = self.b2(x) + self.short(x)
        y = y * self.se(y)
        return self.fc(F.adaptive_avg_pool2d(y, 1).flatten(1))


class YoloTiny(nn.Module):
    """YOLOv5-ish: Focus space-to-depth by strided slicing, Conv-BN-SiLU, SPPF (a max pool
    applied three times), nearest upsampling and concat, a detect head decoding boxes with a
    meshgrid, sigmoid and powers."""

    def __init__(self, c=8, na=2, no=6):
        super().__init__()

        def cbs(i, o, k=1, s=1):
            return nn.Sequential(nn.Conv2d(i, o, k, s, k // 2, bias=False), nn.BatchNorm2d(o), nn.SiLU())

        self.focus = cbs(12, c, 3)
        self.down = cbs(c, 2 * c, 3, 2)
        self.cv1, self.cv2 = cbs(2 * c, c), cbs(4 * c, 2 * c)
        self.pool = nn.MaxPool2d(5, 1, 2)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.lat = cbs(3 * c, c)
        self.head = nn.Conv2d(c, na * no, 1)
        self.na, self.no = na, no
        self.register_buffer("anchors", torch.tensor([[1.0, 1.5], [2.0, 1.0]]))

    def forward(self, x):
        x = torch.cat([x[..., ::2, ::2], x[..., 1::2, ::2], x[..., ::2, 1::2], x[..., 1::2, 1::2]], 1)
        a = self.focus(x)
        y = self.cv1(self.down(a))
        p1 = self.pool(y)
        p2 = self.pool(p1)
        y = self.cv2(torch.cat([y, p1, p2, self.pool(p2)], 1))
        f = self.lat(torch.cat([a, self.up(y)], 1))
        bs, _, ny, nx = f.shape
        p = self.head(f).view(bs, self.na, self.no, ny, nx).permute(0, 1, 3, 4, 2).contiguous()
        yv, xv = torch.meshgrid(torch.arange(ny), torch.arange(nx), indexing="ij")
        grid = torch.stack((xv, yv), 2).view(1, 1, ny, nx, 2).float()
        s = p.sigmoid()
        xy = (s[..., 0:2] * 2 - 0.5 + grid) * 2
        wh = (s[..., 2:4] * 2) ** 2 * self.anchors.view(1, self.na, 1, 1, 2)
        return torch.cat((xy, wh, s[..., 4:]), -1).view(bs, -1, self.no)


class WaveNet(nn.Module):
    """Causal dilated Conv1d stack (left padding with F.pad), tanh x sigmoid gates, residual and
    skip sums, weight-normalized 1x1 convs (nn.utils.weight_norm: g * v / ||v|| in the graph)."""

    def __init__(self, c=8, layers=4):
        super().__init__()
        self.inp = nn.Conv1d(1, c, 1)
        self.dil = nn.ModuleList([nn.Conv1d(c, 2 * c, 2, dilation=2 ** i) for i in range(layers)])
        self.res = nn.ModuleList([nn.utils.weight_norm(nn.Conv1d(c, c, 1)) for _ in range(layers)])
        self.out = nn.Sequential(nn.ReLU(), nn.Conv1d(c, c, 1), nn.ReLU(), nn.Conv1d(c, 4, 1))

    def forward(self, x):
        x = self.inp(x)
        skip = 0
        for i, (d, r) in enumerate(zip(self.dil, self.res)):
            h = d(F.pad(x, (2 ** i, 0)))
            a, b = h.chunk(2, 1)
            z = r(torch.tanh(a) * torch.sigmoid(b))
            x, skip = x + z, skip + z
        return F.log_softmax(self.out(skip), dim=1)


class CBAM(nn.Module):
    """Channel attention (shared MLP on avg- and max-pooled) then spatial attention (channel
    mean and max concatenated, 7x7 conv), on a small conv trunk."""

    def __init__(self, c=16, r=4):
        super().__init__()
        self.trunk = nn.Sequential(nn.Conv2d(3, c, 3, padding=1), nn.BatchNorm2d(c), nn.ReLU())
        self.mlp = nn.Sequential(nn.Flatten(), nn.Linear(c, c // r), nn.ReLU(), nn.Linear(c // r, c))
        self.spatial = nn.Conv2d(2, 1, 7, padding=3)

    def forward(self, x):
        x = self.trunk(x)
        ca = torch.sigmoid(self.mlp(F.adaptive_avg_pool2d(x, 1)) + self.mlp(F.adaptive_max_pool2d(x, 1)))
        x = x * ca[:, :, None, None]
        sa = torch.cat([x.mean(1, keepdim=True), x.max(1, keepdim=True)[0]], 1)
        return x * torch.sigmoid(self.spatial(sa))


class OddMHA(nn.Module):
    """nn.MultiheadAttention with add_bias_kv and add_zero_attn, averaged and per-head weights."""

    def __init__(self, d=16):
        super().__init__()
        self.mha = nn.MultiheadAttention(d, 2, add_bias_kv=True, add_zero_attn=True, batch_first=True)
        self.mha2 = nn.MultiheadAttention(d, 4, bias=False)

    def forward(self, x):
        y, w = self.mha(x, x, x)
        z, w2 = self.mha2(y.transpose(0, 1), x.transpose(0, 1), x.transpose(0, 1), average_attn_weights=False)
        return y, w, z, w2


class GeoOps(nn.Module):
    """Pairwise geometry: torch.cdist, cosine similarity, pairwise distance, nn.Bilinear and the
    same form written with einsum, one-hot of the nearest index, torch.baddbmm, tril mask,
    einsum with an ellipsis."""

    def __init__(self):
        super().__init__()
        self.bil = nn.Parameter(torch.randn(3, 4, 4) * 0.3)
        self.bilinear = nn.Bilinear(4, 4, 3)
        self.cos = nn.CosineSimilarity(dim=-1)
        self.pd = nn.PairwiseDistance(p=2)

    def forward(self, a, b):  # (2, 5, 4), (2, 6, 4)
        d = torch.cdist(a, b)
        nearest = d.argmin(-1)
        oh = F.one_hot(nearest, 6).float()
        m = torch.baddbmm(torch.ones(2, 5, 5), a, a.transpose(1, 2), beta=0.5, alpha=2.0).tril()
        e = torch.einsum("...ij,...kj->...ik", a, b)
        return (d, oh, m, e, self.cos(a[:, :1], b[:, :5]), self.pd(a[0], b[0, :5]),
                torch.einsum("bni,oij,bnj->bno", a, self.bil, a), self.bilinear(a, a[:, [1, 0, 3, 2, 4]]))


class Spectro(nn.Module):
    """A conv-STFT front end (torch 1.13 exports no torch.stft): Hann-windowed cos/sin DFT
    kernels as a strided Conv1d, magnitude, log-mel by a fixed filterbank matmul,
    InstanceNorm1d, a conv head."""

    def __init__(self, n_fft=32, mels=8):
        super().__init__()
        self.n_fft = n_fft
        n = torch.arange(n_fft, dtype=torch.float32)
        k = torch.arange(n_fft // 2 + 1, dtype=torch.float32)[:, None]
        win = torch.hann_window(n_fft)
        basis = torch.cat([torch.cos(2 * math.pi * k * n / n_fft), -torch.sin(2 * math.pi * k * n / n_fft)]) * win
        self.register_buffer("basis", basis.unsqueeze(1))
        self.register_buffer("fb", torch.rand(n_fft // 2 + 1, mels))
        self.norm = nn.InstanceNorm1d(mels)
        self.conv = nn.Conv1d(mels, 4, 3, padding=1)

    def forward(self, wav):  # (b, samples)
        spec = F.conv1d(wav.unsqueeze(1), self.basis, stride=8)     # (b, 2 * freq, frames)
        re, im = spec.chunk(2, dim=1)
        mag = (re.pow(2) + im.pow(2)).clamp(min=1e-6).sqrt()        # (b, freq, frames)
        mel = torch.log(torch.matmul(mag.transpose(1, 2), self.fb) + 1e-3).transpose(1, 2)
        return self.conv(self.norm(mel))


class PadsAndShapes(nn.Module):
    """nn padding modules (ZeroPad2d, ReflectionPad1d, ReplicationPad3d, ConstantPad3d),
    nn.Unflatten, nn.ChannelShuffle, Softmax2d, LPPool1d, AdaptiveMaxPool1d, narrow, expand_as."""

    def __init__(self):
        super().__init__()
        self.z, self.r1 = nn.ZeroPad2d((1, 0, 2, 1)), nn.ReflectionPad1d(2)
        self.r3, self.c3 = nn.ReplicationPad3d(1), nn.ConstantPad3d((0, 1, 1, 0, 0, 2), 0.5)
        self.unflat, self.shuffle = nn.Unflatten(1, (2, 3)), nn.ChannelShuffle(3)
        self.sm2d, self.lp, self.amp = nn.Softmax2d(), nn.LPPool1d(2, 3, 2), nn.AdaptiveMaxPool1d(4)

    def forward(self, x):  # (1, 6, 4, 5)
        a = self.sm2d(self.shuffle(self.z(x)))
        seq = x.flatten(2)                                   # (1, 6, 20)
        b = self.lp(self.r1(seq)), self.amp(seq)  # exporter: no adaptive pool after Pad
        v = self.unflat(x).unsqueeze(0).squeeze(0)           # (1, 2, 3, 4, 5)
        c = self.c3(self.r3(v))
        return a, *b, c, x.narrow(3, 1, 3).expand_as(x[..., :3]) * 2


class GatedCNNText(nn.Module):
    """Text CNN: embedding, parallel Conv1d widths with GLU, max-over-time, highway layer."""

    def __init__(self, vocab=40, d=12):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.convs = nn.ModuleList([nn.Conv1d(d, 2 * 6, k, padding=k // 2) for k in (1, 3, 5)])
        self.t, self.h = nn.Linear(18, 18), nn.Linear(18, 18)
        self.fc = nn.Linear(18, 2)

    def forward(self, ids):
        e = self.emb(ids).transpose(1, 2)
        f = torch.cat([F.glu(c(e), dim=1).max(dim=2)[0] for c in self.convs], 1)
        gate = torch.sigmoid(self.t(f))
        return self.fc(gate * F.relu(self.h(f)) + (1 - gate) * f)


class UnusedInput(nn.Module):
    """forward() ignores an input (the exporter drops it; main keeps it)."""

    def forward(self, x, unused, y):
        return x * 2 + y


class PassThrough(nn.Module):
    """Returns an input unchanged, one value twice, and a constant."""

    def forward(self, x, y):
        return x, y + 1, (y + 1), torch.tensor(3.0)


class ShapeOut(nn.Module):
    """Tensors built from the input's sizes: x.shape[0] * ones, zeros(x.size(0), ...), new_ones."""

    def forward(self, x):
        return x.shape[0] * torch.ones(2), torch.zeros(x.size(0), x.size(-1) * 2) + x.sum(), x.new_ones(x.shape[1:])


class Uint8Image(nn.Module):
    """A uint8 NHWC image normalized in the model (permute, float, /255, mean/std)."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)
        self.register_buffer("mean", torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1))

    def forward(self, img):
        x = img.permute(0, 3, 1, 2).float() / 255.0
        return self.conv((x - self.mean) / 0.25)


class TensorSplits(nn.Module):
    """Tensor.unfold (sliding frames), tensor_split, split with sizes, flip."""

    def forward(self, x):  # (2, 10)
        frames = x.unfold(1, 4, 2)
        parts = torch.tensor_split(x, 3, dim=1)
        a, b = torch.split(x, [3, 7], 1)
        return frames.sum(-1), parts[0] * 1, parts[2] * 1, a.mean(1), b.flip(1)


class EinsumForms(nn.Module):
    """Diagonal, trace, transpose, batched contraction, a full reduction and an outer product."""

    def forward(self, a, b):  # (4, 4), (3, 4, 5)
        return (torch.einsum("ii->i", a), torch.einsum("ii", a), torch.einsum("bij->bji", b),
                torch.einsum("ij,bjk->bik", a, b), torch.einsum("bij,bij->b", b, b), torch.einsum("i,j->ij", a[0], a[1]))


class MathMix(nn.Module):
    """Elementwise math (torch 1.13 exports no exp2, frac or trunc): atan2, log2/log10, 2**x,
    x - floor(x), sign, rsqrt, round, clamp_min, logical ops, any/all, isnan/isinf/isfinite,
    reciprocal."""

    def forward(self, x, y):
        return (torch.atan2(x, y), torch.log2(x.abs() + 1), torch.log10(x.abs() + 1), torch.pow(2.0, x),
                x - x.floor(), torch.sign(x), (x.abs() + 1).rsqrt(), torch.round(x * 3), x.clamp_min(0.1),
                torch.logical_and(x > 0, y > 0), torch.logical_xor(x > 0, y < 0), torch.any(x > 1, dim=1),
                torch.all(x > -3, dim=0), torch.isnan(torch.log(x)), torch.isinf(x.exp() * 1e38),
                torch.isfinite(x / (x > 0).float()), x.reciprocal(), torch.square(y), torch.sqrt(x * x + y * y))


class BatchStatsNorm(nn.Module):
    """BatchNorm without running statistics (normalizes with the batch's even in eval: a
    training-mode BatchNormalization) and GroupNorm with one group."""

    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm2d(3, track_running_stats=False)
        self.gn = nn.GroupNorm(1, 3)

    def forward(self, x):
        return self.bn(x), self.gn(x)


class ConvPadModes(nn.Module):
    """Conv2d with reflect and replicate padding modes, ConvTranspose2d with output_size."""

    def __init__(self):
        super().__init__()
        self.r = nn.Conv2d(2, 3, 3, padding=1, padding_mode="reflect")
        self.p = nn.Conv2d(2, 3, 3, padding=2, padding_mode="replicate", dilation=2)
        self.t = nn.ConvTranspose2d(2, 2, 3, stride=2, padding=1)

    def forward(self, x):
        return self.r(x), self.p(x), self.t(x, output_size=(12, 14))


class PoolForms(nn.Module):
    """Dilated max pool, ceil-mode average pool counting padding, 1-d max and LP pools,
    adaptive average pool to a non-square size."""

    def forward(self, x):
        return (F.max_pool2d(x, 3, 2, 1, dilation=2), F.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=True),
                F.max_pool1d(x.flatten(2), 4, 3), F.adaptive_avg_pool2d(x, (3, 1)),
                F.lp_pool1d(x.flatten(2).abs(), 3, 2))  # torch's odd-p LP pool is NaN on a negative sum


class HFMaskAttention(nn.Module):
    """Hugging Face's extended attention mask: (1 - mask) * finfo(float32).min added to scores."""

    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)

    def forward(self, x, attention_mask):  # (2, 6, 16), int64 (2, 6)
        ext = attention_mask[:, None, None, :].to(x.dtype)
        ext = (1.0 - ext) * torch.finfo(x.dtype).min
        q, k, v = self.qkv(x).view(2, 6, 3, 2, 8).permute(2, 0, 3, 1, 4)
        s = q @ k.transpose(-1, -2) / math.sqrt(8) + ext
        return (s.softmax(-1) @ v).transpose(1, 2).reshape(2, 6, 16)


class IndexWrites(nn.Module):
    """index_add, slice assignment, boolean-mask assignment, index_fill, triu/tril with offsets
    (torch 1.13 exports no scatter_reduce or diag)."""

    def forward(self, x):  # (3, 5)
        y = torch.zeros(3, 5).index_add(0, torch.tensor([2, 0, 1]), x)  # torch exports no repeated index
        z = x.clone()
        z[:, 1:3] = 0.5
        z[x < 0] = 0.0
        w = x.index_fill(1, torch.tensor([0, 4]), -1.0)
        return y, z, w, torch.triu(x, -1), torch.tril(x, 1)


class Int32EmbedLSTM(nn.Module):
    """int32 token ids, an LSTM (sequence first) with zero initial states built in forward."""

    def __init__(self):
        super().__init__()
        self.e = nn.Embedding(10, 3)
        self.lstm = nn.LSTM(3, 4)

    def forward(self, ids):  # int32 (5, 2)
        return self.lstm(self.e(ids.long()), (torch.zeros(1, 2, 4), torch.zeros(1, 2, 4)))[0]


def _hf_inputs():
    mask = torch.ones(2, 6, dtype=torch.long)
    mask[1, 4:] = 0
    return torch.randn(2, 6, 16), mask


def _img(n, c=3, b=1):
    return (torch.randn(b, c, n, n),)


def _int32_pair():
    a = torch.randint(-20, 20, (3, 5), dtype=torch.int32)
    b = torch.randint(1, 6, (3, 5), dtype=torch.int32) * (torch.randint(0, 2, (3, 5), dtype=torch.int32) * 2 - 1)
    return a, b


def _bag_inputs():
    return torch.tensor([[1, 4, 7], [2, 9, 9], [3, 11, 0]]), torch.tensor([[0, 3, 5, 0], [7, 0, 0, 1]])


OTHERS_QUICK = {
    "llama_block": (LlamaBlock, lambda: (torch.randn(2, 7, 32),)),
    "t5_rel_bias": (T5RelBias, lambda: (torch.randn(2, 9, 16),)),
    "conv_mixer": (conv_mixer, lambda: _img(16)),
    "mlp_mixer": (MLPMixer, lambda: _img(32)),
    "pointnet": (PointNet, lambda: (torch.randn(2, 3, 40),)),
    "clip_head": (ClipHead, lambda: (torch.randn(3, 20), torch.randn(4, 12))),
    "act_mix": (ActMix, lambda: _img(6)),
    "stats_mix": (StatsMix, lambda: (torch.randn(2, 4, 5),)),
    "unfold_upsample": (UnfoldUpsample, lambda: (torch.randn(1, 2, 8, 8),)),
    "float64_net": (lambda: Float64Net().double(), lambda: (torch.randn(2, 2, 6, 6, dtype=torch.float64),)),
    "int32_ops": (Int32Ops, _int32_pair),
    "lstm_gru_stack": (LSTMGRUStack, lambda: (torch.randn(2, 5, 6),)),
    "embedding_bag": (BagModel, _bag_inputs),
    "sep_se_net": (SepNet, lambda: _img(16)),
    "llama_block_opset14": (LlamaBlock, lambda: (torch.randn(1, 5, 32),), 14),
    "act_mix_opset11": (ActMix, lambda: _img(6), 11),
    "stats_mix_opset13": (StatsMix, lambda: (torch.randn(2, 4, 5),), 13),
    "pointnet_opset16": (PointNet, lambda: (torch.randn(2, 3, 40),), 16),
    "t5_rel_bias_opset12": (T5RelBias, lambda: (torch.randn(2, 9, 16),), 12),
}

OTHERS_QUICK.update({
    "yolo_tiny": (YoloTiny, lambda: _img(16)),
    "wavenet": (WaveNet, lambda: (torch.randn(2, 1, 50),)),
    "cbam": (CBAM, lambda: _img(12, b=2)),
    "odd_mha": (OddMHA, lambda: (torch.randn(2, 5, 16),)),
    "geo_ops": (GeoOps, lambda: (torch.randn(2, 5, 4), torch.randn(2, 6, 4))),
    "spectrogram": (Spectro, lambda: (torch.randn(2, 200),)),
    "pads_and_shapes": (PadsAndShapes, lambda: (torch.randn(1, 6, 4, 5),)),
    "gated_cnn_text": (GatedCNNText, lambda: (torch.randint(0, 40, (3, 11)),)),
    "yolo_tiny_opset11": (YoloTiny, lambda: _img(16), 11),
    "wavenet_opset13": (WaveNet, lambda: (torch.randn(2, 1, 50),), 13),
    "unused_input": (UnusedInput, lambda: (torch.randn(2, 3), torch.randn(4), torch.randn(2, 3))),
    "pass_through": (PassThrough, lambda: (torch.randn(2, 3), torch.randn(3))),
    "shape_out": (ShapeOut, lambda: (torch.randn(3, 4),)),
    "uint8_image": (Uint8Image, lambda: (torch.randint(0, 256, (1, 8, 8, 3), dtype=torch.uint8),)),
    "tensor_splits": (TensorSplits, lambda: (torch.randn(2, 10),)),
    "einsum_forms": (EinsumForms, lambda: (torch.randn(4, 4), torch.randn(3, 4, 5))),
    "math_mix": (MathMix, lambda: (torch.randn(3, 4), torch.randn(3, 4))),
    "batch_stats_norm": (BatchStatsNorm, lambda: (torch.randn(2, 3, 4, 4),)),
    "batch_stats_norm_opset13": (BatchStatsNorm, lambda: (torch.randn(2, 3, 4, 4),), 13),
    "conv_pad_modes": (ConvPadModes, lambda: (torch.randn(1, 2, 6, 7),)),
    "pool_forms": (PoolForms, lambda: (torch.randn(1, 2, 9, 11),)),
    "pool_forms_opset11": (PoolForms, lambda: (torch.randn(1, 2, 9, 11),), 11),
    "hf_mask_attention": (HFMaskAttention, _hf_inputs),
    "index_writes": (IndexWrites, lambda: (torch.randn(3, 5),)),
    "index_writes_opset16": (IndexWrites, lambda: (torch.randn(3, 5),), 16),
    "int32_embed_lstm": (Int32EmbedLSTM, lambda: (torch.randint(0, 10, (5, 2), dtype=torch.int32),)),
})


def _tv(name, **kw):
    import torchvision

    return getattr(torchvision.models, name)(weights=None, **kw)


def _video(name):
    import torchvision

    return getattr(torchvision.models.video, name)(weights=None)


def _s3d_small():
    """S3D whose fixed (2, 7, 7) head pool, which needs 16 x 224 x 224 clips, is made adaptive."""
    net = _video("s3d")
    net.avgpool = nn.AdaptiveAvgPool3d(1)
    return net


# Not here: torchvision's mvit_v2_s, whose fixed input (16 x 224 x 224 clips) took export + import
# past 23 GB of memory (killed); to be looked into.
OTHERS_ALL = {
    "squeezenet1_0": (lambda: _tv("squeezenet1_0"), lambda: _img(64)),
    "shufflenet_v2_x1_5": (lambda: _tv("shufflenet_v2_x1_5"), lambda: _img(64)),
    "shufflenet_v2_x2_0": (lambda: _tv("shufflenet_v2_x2_0"), lambda: _img(64)),
    "mnasnet0_75": (lambda: _tv("mnasnet0_75"), lambda: _img(64)),
    "mnasnet1_0": (lambda: _tv("mnasnet1_0"), lambda: _img(64)),
    "mnasnet1_3": (lambda: _tv("mnasnet1_3"), lambda: _img(64)),
    "regnet_y_800mf": (lambda: _tv("regnet_y_800mf"), lambda: _img(64)),
    "regnet_x_800mf": (lambda: _tv("regnet_x_800mf"), lambda: _img(64)),
    "regnet_y_1_6gf": (lambda: _tv("regnet_y_1_6gf"), lambda: _img(64)),
    "convnext_small": (lambda: _tv("convnext_small"), lambda: _img(64)),
    "densenet161": (lambda: _tv("densenet161"), lambda: _img(64)),
    "densenet169": (lambda: _tv("densenet169"), lambda: _img(64)),
    "densenet201": (lambda: _tv("densenet201"), lambda: _img(64)),
    "inception_v3_aux": (lambda: _tv("inception_v3", aux_logits=True, init_weights=True), lambda: _img(96)),
    "swin_s": (lambda: _tv("swin_s"), lambda: _img(64)),
    "swin_t_112": (lambda: _tv("swin_t"), lambda: _img(112)),  # at 64 px no window is shifted
    "swin_v2_s": (lambda: _tv("swin_v2_s"), lambda: _img(64)),
    "vit_b_32_64px": (lambda: _tv("vit_b_32", image_size=64), lambda: _img(64)),
    "vit_l_32_64px": (lambda: _tv("vit_l_32", image_size=64), lambda: _img(64)),
    "efficientnet_b2": (lambda: _tv("efficientnet_b2"), lambda: _img(64)),
    "efficientnet_b3": (lambda: _tv("efficientnet_b3"), lambda: _img(64)),
    "resnet101": (lambda: _tv("resnet101"), lambda: _img(64)),
    "mobilenet_v3_large_w075_opset13": (lambda: _tv("mobilenet_v3_large", width_mult=0.75), lambda: _img(64), 13),
    "resnet18_opset11": (lambda: _tv("resnet18"), lambda: _img(64), 11),
    "vgg13": (lambda: _tv("vgg13"), lambda: _img(224)),
    "s3d_adaptive_pool": (_s3d_small, lambda: (torch.randn(1, 3, 8, 64, 64),)),
}
