"""Zoo models of issue 17's third round, written as other people write them: torch.ao eager
post-training static quantization (a small CNN; torchvision's quantizable mobilenet_v2/v3 and
resnet18), a scripted module (torch.jit.script), nn.ModuleDict routing, broadcast torch.where,
bucketize, gather on negative dims, interpolate with recompute_scale_factor, fully masked
softmax rows (NaN), nn.Transformer with norm_first and batch_first, 3-d norms, a 3-d
grid_sample warp, roi_align box heads, and torchvision's video MViT on a small clip; models
tirgen refuses (NMS, run-time EmbeddingBag offsets, torchvision's detection models). Used by
zoo_models.py (QUICK / ALL / REFUSED); each entry is (model factory, inputs factory[, opset]).

What torch 1.13 cannot export (so no model here uses it): torch.searchsorted, torch.stft and
torch.take_along_dim (no symbolic; zoo_models_others.py's spectrogram writes the STFT as a
conv), nn.Fold (aten::col2im: ONNX's Col2Im is opset 18, past this exporter's 17), dynamically
quantized Linear/LSTM (quantize_dynamic: their packed parameters are script objects the
exporter refuses), torchvision's quantized shufflenet_v2 (no quantized Slice symbolic for its
channel split)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def ptq_static(net, calibrate, backend="qnnpack"):
    """``net`` (QuantStub ... DeQuantStub) quantized by torch.ao eager post-training static
    quantization: fused, observed on ``calibrate``, converted to quantized modules."""
    import torch.ao.quantization as tq

    torch.backends.quantized.engine = backend  # this torch build has no FBGEMM
    net.eval()
    net.qconfig = tq.get_default_qconfig(backend)
    if hasattr(net, "fuse"):
        net.fuse()
    tq.prepare(net, inplace=True)
    with torch.no_grad():
        for batch in calibrate:
            net(batch)
    tq.convert(net, inplace=True)
    return net


class PtqCNN(nn.Module):
    """conv-bn-relu (fused), conv-relu, residual add (FloatFunctional), max and average pool,
    linear: the eager-mode quantization tutorial's shape."""

    def __init__(self):
        super().__init__()
        import torch.ao.quantization as tq

        self.quant, self.dequant = tq.QuantStub(), tq.DeQuantStub()
        self.conv1, self.bn1, self.relu1 = nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU()
        self.conv2, self.relu2 = nn.Conv2d(8, 8, 3, padding=1), nn.ReLU()
        self.add = nn.quantized.FloatFunctional()
        self.pool = nn.MaxPool2d(2)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(8, 4)

    def fuse(self):
        import torch.ao.quantization as tq

        tq.fuse_modules(self, [["conv1", "bn1", "relu1"], ["conv2", "relu2"]], inplace=True)

    def forward(self, x):
        x = self.relu1(self.bn1(self.conv1(self.quant(x))))
        x = self.add.add(x, self.relu2(self.conv2(x)))
        x = self.gap(self.pool(x)).flatten(1)
        return self.dequant(self.fc(x))


def _ptq_cnn():
    return ptq_static(PtqCNN(), [torch.randn(2, 3, 16, 16) for _ in range(4)])


def _ptq_torchvision(name):
    """torchvision's quantizable model (quantize=False: float, with QuantStubs and fuse_model),
    quantized by eager post-training static quantization, as torchvision's recipe does."""
    import torchvision

    net = getattr(torchvision.models.quantization, name)(weights=None, quantize=False)
    net.fuse = lambda: net.fuse_model()
    return ptq_static(net, [torch.randn(2, 3, 64, 64) for _ in range(3)])


class ScriptedGate(nn.Module):
    """A module whose forward has data-independent control flow, given to tirgen as a
    torch.jit.script module."""

    def __init__(self):
        super().__init__()
        self.a, self.b = nn.Linear(8, 8), nn.Linear(8, 8)

    def forward(self, x):
        y = torch.relu(self.a(x))
        for _ in range(2):
            y = y + torch.sigmoid(self.b(y))
        return y.mean(dim=-1)


def _scripted():
    return torch.jit.script(ScriptedGate())


class Router(nn.Module):
    """nn.ModuleDict of heads picked by name, nn.ModuleList of blocks, nn.ParameterDict."""

    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Sequential(nn.Linear(12, 12), nn.GELU()) for _ in range(2)])
        self.heads = nn.ModuleDict({"cls": nn.Linear(12, 3), "reg": nn.Linear(12, 1), "emb": nn.Linear(12, 6)})
        self.scale = nn.ParameterDict({"cls": nn.Parameter(torch.tensor(2.0)), "emb": nn.Parameter(torch.tensor(0.5))})

    def forward(self, x):
        for b in self.blocks:
            x = x + b(x)
        out = {k: h(x) for k, h in self.heads.items()}
        return out["cls"] * self.scale["cls"], out["reg"].squeeze(-1), F.normalize(out["emb"] * self.scale["emb"], dim=-1)


class WhereGatherNet(nn.Module):
    """torch.where on broadcast operands (a (B,1,W) condition against (1,H,1) and scalar
    branches), gather and index_select on negative dims, bucketize."""

    def forward(self, x, idx):
        cond = x.mean(1, keepdim=True) > 0                      # (B, 1, W)
        rows = torch.linspace(-1, 1, x.shape[1]).view(1, -1, 1)  # (1, H, 1)
        w = torch.where(cond, rows, -x)                        # (B, H, W)
        w = w + torch.where(x > 0.5, 1.0, 0.0)
        g = torch.gather(w, -1, idx)                           # idx (B, H, K)
        h = torch.gather(x, -2, idx.transpose(-1, -2).clamp(max=x.shape[1] - 1))
        s = torch.index_select(x, -1, torch.tensor([3, 0, 2]))
        t = torch.gather(x, -1, idx[..., :1].expand(-1, -1, 3))
        b = torch.bucketize(x, torch.tensor([-1.0, -0.25, 0.0, 0.5]), right=True)
        return g, h, s * t, b


class InterpNet(nn.Module):
    """F.interpolate with scale_factor and recompute_scale_factor=True (nearest, bilinear,
    bicubic) and a non-integer factor, plus a size-driven upsample to a skip's size."""

    def __init__(self):
        super().__init__()
        self.c1, self.c2 = nn.Conv2d(3, 4, 3, padding=1), nn.Conv2d(4, 4, 3, stride=2, padding=1)

    def forward(self, x):
        a = self.c1(x)
        b = self.c2(a)
        up = F.interpolate(b, scale_factor=2.0, mode="nearest", recompute_scale_factor=True)
        bl = F.interpolate(b, scale_factor=1.5, mode="bilinear", align_corners=False, recompute_scale_factor=True)
        bc = F.interpolate(a, scale_factor=0.75, mode="bicubic", align_corners=False, recompute_scale_factor=True)
        sk = F.interpolate(bl, size=a.shape[-2:], mode="bilinear", align_corners=True)
        return a + up + sk, bc


class MaskedRowsAttention(nn.Module):
    """masked_fill(-inf) then softmax where whole rows are masked: PyTorch gives NaN rows,
    which must come back as NaN (a padding-only query); the other rows are finite."""

    def __init__(self, d=16):
        super().__init__()
        self.q, self.k, self.v = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)

    def forward(self, x, keep):
        att = self.q(x) @ self.k(x).transpose(-1, -2) / 4.0
        mask = ~(keep[:, :, None] & keep[:, None, :])          # a padded query masks its whole row
        att = att.masked_fill(mask, float("-inf")).softmax(-1)
        return att @ self.v(x)


class FullTransformer(nn.Module):
    """nn.Transformer with norm_first=True, batch_first=True, GELU, a causal target mask and a
    source padding mask."""

    def __init__(self, d=24):
        super().__init__()
        self.t = nn.Transformer(d, 4, 2, 2, 48, dropout=0.0, activation="gelu", batch_first=True, norm_first=True)

    def forward(self, src, tgt):
        n = tgt.shape[1]
        causal = torch.triu(torch.full((n, n), float("-inf")), diagonal=1)
        pad = torch.zeros(src.shape[:2], dtype=torch.bool)
        pad[:, -1] = True
        return self.t(src, tgt, tgt_mask=causal, src_key_padding_mask=pad)


class Norms3d(nn.Module):
    """InstanceNorm3d (affine and not), InstanceNorm1d with running stats, GroupNorm on a
    5-d input, LocalResponseNorm on 3-d input, GELU tanh."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv3d(2, 6, 3, padding=1)
        self.in3a, self.in3 = nn.InstanceNorm3d(6, affine=True), nn.InstanceNorm3d(6)
        self.gn = nn.GroupNorm(3, 6)
        self.in1 = nn.InstanceNorm1d(6, track_running_stats=True)
        self.lrn = nn.LocalResponseNorm(4, alpha=1e-3, beta=0.6, k=1.5)
        with torch.no_grad():
            self.in1.running_mean.uniform_(-0.5, 0.5)
            self.in1.running_var.uniform_(0.5, 2.0)

    def forward(self, x):
        x = self.conv(x)
        a = self.in3a(x) + self.gn(x) + self.in3(F.gelu(x, approximate="tanh"))
        seq = a.flatten(2)                                     # (N, C, D*H*W)
        return self.in1(seq) + self.lrn(seq)


class VolumeWarp(nn.Module):
    """A 3-d registration step (VoxelMorph-style): Conv3d predicts a displacement field, added to
    an identity grid from torch.meshgrid, and F.grid_sample warps the moving volume (trilinear,
    and nearest for its label map)."""

    def __init__(self):
        super().__init__()
        self.flow = nn.Sequential(nn.Conv3d(2, 8, 3, padding=1), nn.LeakyReLU(0.2), nn.Conv3d(8, 3, 3, padding=1))

    def forward(self, moving, fixed, labels):
        n, _, d, h, w = moving.shape
        flow = 0.1 * self.flow(torch.cat([moving, fixed], 1)).permute(0, 2, 3, 4, 1)
        zs, ys, xs = torch.meshgrid(torch.linspace(-1, 1, d), torch.linspace(-1, 1, h), torch.linspace(-1, 1, w),
                                    indexing="ij")
        grid = torch.stack([xs, ys, zs], -1).unsqueeze(0) + flow
        warped = F.grid_sample(moving, grid, mode="bilinear", padding_mode="border", align_corners=True)
        lab = F.grid_sample(labels, grid, mode="nearest", padding_mode="zeros", align_corners=True)
        return warped, lab


def _mvit_small():
    """torchvision's MViT-V2 (mvit_v2_s's blocks: pooled attention with decomposed relative
    positions, residual pooling) on a 4 x 32 x 32 clip: mvit_v2_s itself fixes its input at
    16 x 224 x 224, where torch.onnx.export's own shape inference runs out of memory (12 GB,
    then a 10 GB allocation fails, before tirgen sees a graph). Its attn[:, :, 1:, 1:] += rel_pos
    exports as ScatterND over the whole attention matrix (8 x 64 x 64 clip: 88 s per run when
    scatter_nd reduced over every update per output element, 1.9 s with TVM's loop form)."""
    from torchvision.models.video.mvit import MViT
    import torchvision.models.video.mvit as mvit

    config = {"num_heads": [1, 2, 2, 4], "input_channels": [96, 96, 192, 192], "output_channels": [96, 192, 192, 384],
              "kernel_q": [[3, 3, 3]] * 4, "kernel_kv": [[3, 3, 3]] * 4,
              "stride_q": [[1, 1, 1], [1, 2, 2], [1, 1, 1], [1, 2, 2]],
              "stride_kv": [[1, 4, 4], [1, 2, 2], [1, 2, 2], [1, 1, 1]]}
    blocks = [mvit.MSBlockConfig(**{k: v[i] for k, v in config.items()}) for i in range(4)]
    return MViT(spatial_size=(32, 32), temporal_size=4, block_setting=blocks, residual_pool=True,
                residual_with_cls_embed=False, rel_pos_embed=True, proj_after_attn=True, num_classes=10)


class RoiHead(nn.Module):
    """A two-stage detector's box head on given proposals: torchvision.ops.roi_align (aligned,
    and torchvision's legacy unaligned form) over a conv feature map, a box MLP, per-class
    scores and the top-k classes per box."""

    def __init__(self, aligned=True):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU())
        self.fc = nn.Sequential(nn.Flatten(), nn.Linear(8 * 3 * 3, 16), nn.ReLU())
        self.cls, self.reg = nn.Linear(16, 5), nn.Linear(16, 4)
        self.aligned = aligned
        # imported before any export: torchvision's first import would be traced into the graph
        from torchvision.ops import roi_align
        self.roi_align = roi_align

    def forward(self, x, boxes):
        f = self.backbone(x)
        r = self.roi_align(f, boxes, output_size=3, spatial_scale=0.5, sampling_ratio=2, aligned=self.aligned)
        h = self.fc(r)
        scores, classes = self.cls(h).softmax(-1).topk(2, dim=-1)
        return scores, classes, self.reg(h)


def _rois():
    # (batch index, x1, y1, x2, y2) in input pixels; boxes reach past the border
    return (torch.randn(2, 3, 16, 16),
            torch.tensor([[0, 1.0, 2.0, 9.5, 12.0], [1, 0.0, 0.0, 15.0, 15.0], [0, 4.2, 3.3, 18.0, 7.9]]))


class NmsFilter(nn.Module):
    """Scores from a conv head, then torchvision.ops.nms: the kept count depends on the values."""

    def __init__(self):
        super().__init__()
        self.score = nn.Conv2d(3, 1, 3, padding=1)
        from torchvision.ops import nms  # before any export, as in RoiHead
        self.nms = nms

    def forward(self, x, boxes):
        s = self.score(x).flatten()[: boxes.shape[0]]
        return boxes[self.nms(boxes, s, 0.5)]


class OffsetBags(nn.Module):
    """nn.EmbeddingBag with offsets given at run time: torch exports a Loop whose Slice bounds
    are the offsets' values, so the bag sizes (shapes) are known only at run time."""

    def __init__(self):
        super().__init__()
        self.bag = nn.EmbeddingBag(20, 6, mode="mean")

    def forward(self, ids, offsets):
        return self.bag(ids, offsets)


def _detector(name, **kw):
    import torchvision

    return getattr(torchvision.models.detection, name)(weights=None, weights_backbone=None, num_classes=3, **kw)


def _image_list():
    return ([torch.rand(3, 128, 128)],)


# name -> (model factory, example inputs factory[, opset]): cheap enough for the test suite.
MORE_QUICK = {
    "ptq_static_cnn": (_ptq_cnn, lambda: (torch.randn(2, 3, 16, 16),), 13),
    "scripted_gate": (_scripted, lambda: (torch.randn(3, 8),)),
    "module_dict_router": (Router, lambda: (torch.randn(4, 12),)),
    "where_gather": (WhereGatherNet, lambda: (torch.randn(2, 5, 6), torch.randint(0, 6, (2, 5, 4)))),
    "interp_recompute": (InterpNet, lambda: (torch.randn(1, 3, 12, 12),)),
    "interp_recompute_opset11": (InterpNet, lambda: (torch.randn(1, 3, 12, 12),), 11),
    "masked_rows_softmax": (MaskedRowsAttention, lambda: (torch.randn(2, 5, 16),
                                                          torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]]).bool())),
    "transformer_norm_first": (FullTransformer, lambda: (torch.randn(2, 6, 24), torch.randn(2, 4, 24))),
    "norms_3d": (Norms3d, lambda: (torch.randn(2, 2, 3, 4, 5),)),
    "volume_warp": (VolumeWarp, lambda: (torch.randn(1, 1, 4, 6, 6), torch.randn(1, 1, 4, 6, 6),
                                         torch.randint(0, 3, (1, 1, 4, 6, 6)).float())),
    "where_gather_opset12": (WhereGatherNet, lambda: (torch.randn(2, 5, 6), torch.randint(0, 6, (2, 5, 4))), 12),
}

MORE_QUICK.update({
    "roi_head": (RoiHead, _rois, 16),
    "roi_head_unaligned_opset11": (lambda: RoiHead(aligned=False), _rois, 11),
})

# Quantized models: torch's quantized kernels requantize in fixed point, the exported
# QuantizeLinear/DequantizeLinear graph in float with round-half-to-even, so a value may land one
# step of the output's quantization apart: the zoo allows that one step (OUTPUT_STEP).
OUTPUT_STEP = {
    "ptq_static_cnn": lambda model: float(model.fc.scale),
    "ptq_mobilenet_v2": lambda model: float(model.classifier[1].scale),
    "ptq_resnet18": lambda model: float(model.fc.scale),
    "ptq_mobilenet_v3_large": lambda model: float(model.classifier[3].scale),
}

MORE_ALL = {
    "ptq_mobilenet_v2": (lambda: _ptq_torchvision("mobilenet_v2"), lambda: (torch.randn(1, 3, 64, 64),), 13),
    "ptq_resnet18": (lambda: _ptq_torchvision("resnet18"), lambda: (torch.randn(1, 3, 64, 64),), 13),
    "ptq_mobilenet_v3_large": (lambda: _ptq_torchvision("mobilenet_v3_large"), lambda: (torch.randn(1, 3, 64, 64),), 13),
    "mvit_v2_small_clip": (_mvit_small, lambda: (torch.randn(1, 3, 4, 32, 32),)),
}

# Models tirgen refuses, and the words of its up-front check (test_zoo.py runs these).
MORE_REFUSED = {
    "nms_filter": ((NmsFilter, lambda: (torch.randn(1, 3, 4, 4), torch.rand(6, 4) * 8 + torch.tensor([0, 0, 8, 8]))),
                   "NonMaxSuppression with a non-constant input"),
    "embedding_bag_offsets": ((OffsetBags, lambda: (torch.tensor([1, 2, 3, 4, 5, 6]), torch.tensor([0, 2, 4]))),
                              "Slice with starts computed at run time"),
}

# torchvision's detection models at 128 px (bench/zoo_bench.py only: each export takes tens of
# seconds). Their post-processing keeps the boxes above a score threshold (NonZero) and runs
# NonMaxSuppression, whose output sizes depend on the values.
MORE_REFUSED_ALL = {
    "ssdlite320_mobilenet_v3_large": ((lambda: _detector("ssdlite320_mobilenet_v3_large"), _image_list),
                                      "NonZero with a non-constant input"),
    "fasterrcnn_mobilenet_v3_large_320_fpn": ((lambda: _detector("fasterrcnn_mobilenet_v3_large_320_fpn"), _image_list),
                                              "NonZero with a non-constant input"),
    "retinanet_resnet50_fpn": ((lambda: _detector("retinanet_resnet50_fpn", min_size=128, max_size=128), _image_list),
                               "NonZero with a non-constant input"),
    "keypointrcnn_resnet50_fpn": ((lambda: _detector("keypointrcnn_resnet50_fpn", min_size=128, max_size=128),
                                   _image_list), "NonZero with a non-constant input"),
}
