"""The model zoo: small PyTorch models of the kinds users bring (torchvision CNNs, vision
transformers, GPT-style and decoder blocks, embeddings, 1-d audio, UNet, recurrent, 3-d conv, a
grid_sample/einsum/scatter net), each with random weights and a small input, and the models of
zoo_models_wild.py, zoo_models_others.py and zoo_models_more.py, written as users outside the
project write them. ``QUICK`` runs in the test suite (test_zoo.py); ``ALL`` adds the large
torchvision models, for bench/zoo_bench.py. An entry is (model factory, inputs
factory) or (model factory, inputs factory, ONNX opset for from_pytorch). ``REFUSED`` (test suite)
and ``REFUSED_ALL`` (bench) are models tirgen refuses up front, with the words of the refusal."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from zoo_models_wild import REFUSED, WILD_ALL, WILD_QUICK  # noqa: F401 (REFUSED: test_zoo.py)
from zoo_models_others import OTHERS_ALL, OTHERS_QUICK
from zoo_models_more import MORE_ALL, MORE_QUICK, MORE_REFUSED, MORE_REFUSED_ALL, OUTPUT_STEP


def _tv(name, **kw):
    import torchvision

    return getattr(torchvision.models, name)(weights=None, **kw)


class GPTBlock(nn.Module):
    """Pre-norm GPT block: causal self-attention (torch.triu mask) and a GELU MLP."""

    def __init__(self, d=32, heads=4):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.qkv, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        self.heads = heads

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=2)
        q, k, v = (z.reshape(b, t, self.heads, d // self.heads).transpose(1, 2) for z in (q, k, v))
        att = q @ k.transpose(-2, -1) / (d // self.heads) ** 0.5
        mask = torch.triu(torch.ones(t, t), diagonal=1).bool()
        att = att.masked_fill(mask, float("-inf")).softmax(-1)
        y = (att @ v).transpose(1, 2).reshape(b, t, d)
        x = x + self.proj(y)
        return x + self.mlp(self.ln2(x))


class TinyViT(nn.Module):
    """Patch embedding + class token + nn.TransformerEncoder (nn.MultiheadAttention inside)."""

    def __init__(self, d=32, patch=8, image=32, classes=10):
        super().__init__()
        self.embed = nn.Conv2d(3, d, patch, stride=patch)
        self.cls = nn.Parameter(torch.randn(1, 1, d))
        self.pos = nn.Parameter(torch.randn(1, (image // patch) ** 2 + 1, d))
        layer = nn.TransformerEncoderLayer(d, 4, 2 * d, dropout=0.0, batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, 2)
        self.head = nn.Linear(d, classes)

    def forward(self, x):
        x = self.embed(x).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], dim=1) + self.pos
        return self.head(self.encoder(x)[:, 0])


class Decoder(nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.layer = nn.TransformerDecoderLayer(d, 4, 64, dropout=0.0, batch_first=True)

    def forward(self, tgt, memory):
        return self.layer(tgt, memory)


class EmbedNorm(nn.Module):
    def __init__(self, vocab=50, d=16):
        super().__init__()
        self.emb, self.pos, self.ln = nn.Embedding(vocab, d), nn.Embedding(12, d), nn.LayerNorm(d)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1]).unsqueeze(0)
        return self.ln(self.emb(ids) + self.pos(pos))


class Audio1d(nn.Module):
    """A 1-d conv net over a waveform: strided, grouped and dilated Conv1d, BatchNorm1d, pools."""

    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(1, 8, 9, stride=4, padding=4), nn.BatchNorm1d(8), nn.ReLU(), nn.MaxPool1d(2),
            nn.Conv1d(8, 8, 3, padding=2, dilation=2, groups=4), nn.BatchNorm1d(8), nn.ReLU(),
            nn.Conv1d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(16, 5))

    def forward(self, x):
        return self.net(x)


class UNetBlock(nn.Module):
    def __init__(self, c=4):
        super().__init__()

        def double(i, o):
            return nn.Sequential(nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(),
                                 nn.Conv2d(o, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU())

        self.down, self.mid = double(3, c), double(c, 2 * c)
        self.up = nn.ConvTranspose2d(2 * c, c, 2, stride=2)
        self.out = double(2 * c, c)
        self.final = nn.Conv2d(c, 2, 1)

    def forward(self, x):
        a = self.down(x)
        b = self.mid(F.max_pool2d(a, 2))
        return self.final(self.out(torch.cat([a, self.up(b)], dim=1)))


class Recurrent(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.emb = nn.Embedding(30, 8)
        self.rnn = getattr(nn, kind)(8, 12, num_layers=2, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(24, 3)

    def forward(self, ids):
        out = self.rnn(self.emb(ids))[0]
        return self.fc(out[:, -1])


class Conv3dNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv3d(2, 4, 3, padding=1), nn.BatchNorm3d(4), nn.ReLU(), nn.MaxPool3d(2),
            nn.Conv3d(4, 8, (1, 3, 3), padding=(0, 1, 1)), nn.ReLU(), nn.AvgPool3d(2),
            nn.Flatten(), nn.Linear(8 * 1 * 2 * 2, 3))

    def forward(self, x):
        return self.net(x)


class WarpAttendNet(nn.Module):
    """A learned warp (F.grid_sample on a predicted offset grid), attention pooling written with
    torch.einsum, and a scatter of the pooled features into slots (GridSample, Einsum,
    ScatterElements)."""

    def __init__(self, c=4, k=3, slots=5):
        super().__init__()
        self.flow = nn.Conv2d(c, 2, 3, padding=1)
        self.attn = nn.Conv2d(c, k, 1)
        self.slots = slots

    def forward(self, x):
        n, c, h, w = x.shape
        ys, xs = torch.meshgrid(torch.linspace(-1, 1, h), torch.linspace(-1, 1, w), indexing="ij")
        base = torch.stack([xs, ys], dim=-1).unsqueeze(0)
        grid = base + 0.2 * torch.tanh(self.flow(x)).permute(0, 2, 3, 1)
        warped = F.grid_sample(x, grid, mode="bilinear", padding_mode="border", align_corners=False)
        a = self.attn(warped).flatten(2).softmax(-1)              # (n, k, hw)
        pooled = torch.einsum("nkp,ncp->nkc", a, warped.flatten(2))
        idx = torch.tensor([[0, 2, 4]]).unsqueeze(-1).expand(n, -1, c)
        return torch.zeros(n, self.slots, c).scatter(1, idx, pooled)


class InceptionBlock(nn.Module):
    """Parallel 1x1 / 3x3 / 5x5 / pool branches concatenated (GoogLeNet's block)."""

    def __init__(self, c=8):
        super().__init__()
        self.b1 = nn.Conv2d(c, 4, 1)
        self.b3 = nn.Sequential(nn.Conv2d(c, 4, 1), nn.ReLU(), nn.Conv2d(4, 6, 3, padding=1))
        self.b5 = nn.Sequential(nn.Conv2d(c, 2, 1), nn.ReLU(), nn.Conv2d(2, 4, 5, padding=2))
        self.bp = nn.Sequential(nn.MaxPool2d(3, stride=1, padding=1), nn.Conv2d(c, 4, 1))
        self.stem = nn.Conv2d(3, c, 3, stride=2, padding=1)

    def forward(self, x):
        x = F.relu(self.stem(x))
        return F.relu(torch.cat([self.b1(x), self.b3(x), self.b5(x), self.bp(x)], dim=1))


class ConvNeXtBlock(nn.Module):
    """Depthwise 7x7, channels-last LayerNorm, pointwise MLP with GELU, layer scale."""

    def __init__(self, c=16):
        super().__init__()
        self.stem = nn.Conv2d(3, c, 4, stride=4)
        self.dw = nn.Conv2d(c, c, 7, padding=3, groups=c)
        self.ln = nn.LayerNorm(c)
        self.pw1, self.pw2 = nn.Linear(c, 4 * c), nn.Linear(4 * c, c)
        self.gamma = nn.Parameter(torch.full((c,), 0.5))

    def forward(self, x):
        x = self.stem(x)
        y = self.dw(x).permute(0, 2, 3, 1)
        y = self.pw2(F.gelu(self.pw1(self.ln(y)))) * self.gamma
        return x + y.permute(0, 3, 1, 2)


def _lraspp():
    import torchvision

    return torchvision.models.segmentation.lraspp_mobilenet_v3_large(weights=None, weights_backbone=None)


def _deeplabv3():
    import torchvision

    return torchvision.models.segmentation.deeplabv3_mobilenet_v3_large(weights=None, weights_backbone=None,
                                                                         aux_loss=False)


def _vit_tiny():
    """torchvision's VisionTransformer, 32x32 images, 8x8 patches, 2 layers of width 64."""
    import torchvision

    return torchvision.models.VisionTransformer(32, 8, 2, 4, 64, 128, num_classes=10)


def _fcn():
    import torchvision

    return torchvision.models.segmentation.fcn_resnet50(weights=None, weights_backbone=None, aux_loss=False)


def qat_prepared(net, calibrate):
    """``net`` prepared by torch.ao.quantization for quantization-aware training (per-channel
    int8 weights, uint8 activations), its observers run on ``calibrate`` (in training mode) and
    then frozen; it exports with QuantizeLinear/DequantizeLinear around every quantized op. The
    default QAT qconfig's fused observer has no ONNX symbolic; plain FakeQuantize does."""
    import torch.ao.quantization as tq

    net.train()
    net.qconfig = tq.QConfig(
        activation=tq.FakeQuantize.with_args(observer=tq.MovingAverageMinMaxObserver, quant_min=0, quant_max=255,
                                             dtype=torch.quint8),
        weight=tq.FakeQuantize.with_args(observer=tq.MovingAveragePerChannelMinMaxObserver, quant_min=-128,
                                         quant_max=127, dtype=torch.qint8, qscheme=torch.per_channel_symmetric))
    tq.prepare_qat(net, inplace=True)
    for batch in calibrate:
        net(batch)
    net.eval()
    net.apply(tq.disable_observer)
    return net


class QatCNN(nn.Module):
    """conv-bn-relu, conv-relu, pool, linear between QuantStub/DeQuantStub, for qat_prepared."""

    def __init__(self):
        super().__init__()
        import torch.ao.quantization as tq

        self.quant, self.dequant = tq.QuantStub(), tq.DeQuantStub()
        self.features = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                                      nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(2))
        self.fc = nn.Linear(16 * 2 * 2, 5)

    def forward(self, x):
        return self.dequant(self.fc(self.features(self.quant(x)).flatten(1)))


def _qat_cnn():
    return qat_prepared(QatCNN(), [torch.randn(4, 3, 16, 16) for _ in range(4)])


def _img(n, c=3):
    return (torch.randn(1, c, n, n),)


def _ids(b, t, vocab):
    return (torch.randint(0, vocab, (b, t)),)


# name -> (model factory, example inputs factory). Seeded by the caller.
QUICK = {
    "mobilenet_v3_small": (lambda: _tv("mobilenet_v3_small"), lambda: _img(64)),
    "resnet18": (lambda: _tv("resnet18"), lambda: _img(64)),
    "inception_block": (InceptionBlock, lambda: _img(16)),
    "convnext_block": (ConvNeXtBlock, lambda: _img(32)),
    "tiny_vit": (TinyViT, lambda: _img(32)),
    "gpt_block": (GPTBlock, lambda: (torch.randn(2, 8, 32),)),
    "transformer_decoder": (Decoder, lambda: (torch.randn(2, 5, 32), torch.randn(2, 7, 32))),
    "embedding_layernorm": (EmbedNorm, lambda: _ids(2, 12, 50)),
    "audio_conv1d": (Audio1d, lambda: (torch.randn(2, 1, 400),)),
    "unet_block": (UNetBlock, lambda: _img(16)),
    "lstm_net": (lambda: Recurrent("LSTM"), lambda: _ids(2, 5, 30)),
    "gru_net": (lambda: Recurrent("GRU"), lambda: _ids(2, 5, 30)),
    "conv3d_net": (Conv3dNet, lambda: (torch.randn(1, 2, 4, 8, 8),)),
    "warp_attend": (WarpAttendNet, lambda: (torch.randn(2, 4, 8, 8),)),
    "qat_cnn": (_qat_cnn, lambda: _img(16)),
}
QUICK.update(WILD_QUICK)
QUICK.update(OTHERS_QUICK)
QUICK.update(MORE_QUICK)

ALL = dict(QUICK)
ALL.update({
    "resnet50": (lambda: _tv("resnet50"), lambda: _img(64)),
    "mobilenet_v2": (lambda: _tv("mobilenet_v2"), lambda: _img(64)),
    "efficientnet_b0": (lambda: _tv("efficientnet_b0"), lambda: _img(64)),
    "densenet121": (lambda: _tv("densenet121"), lambda: _img(64)),
    "googlenet": (lambda: _tv("googlenet", aux_logits=False, init_weights=True), lambda: _img(64)),
    "convnext_tiny": (lambda: _tv("convnext_tiny"), lambda: _img(64)),
    "vit_tiny": (_vit_tiny, lambda: _img(32)),
    "swin_t": (lambda: _tv("swin_t"), lambda: _img(64)),
    "fcn_resnet50": (_fcn, lambda: _img(64)),
    "shufflenet_v2_x0_5": (lambda: _tv("shufflenet_v2_x0_5"), lambda: _img(64)),
    "mnasnet0_5": (lambda: _tv("mnasnet0_5"), lambda: _img(64)),
    "regnet_y_400mf": (lambda: _tv("regnet_y_400mf"), lambda: _img(64)),
    "squeezenet1_1": (lambda: _tv("squeezenet1_1"), lambda: _img(64)),
    "mobilenet_v3_large": (lambda: _tv("mobilenet_v3_large"), lambda: _img(64)),
    "inception_v3": (lambda: _tv("inception_v3", aux_logits=False, init_weights=True), lambda: _img(96)),
    "efficientnet_v2_s": (lambda: _tv("efficientnet_v2_s"), lambda: _img(64)),
    "resnext50_32x4d": (lambda: _tv("resnext50_32x4d"), lambda: _img(64)),
    "lraspp_mobilenet_v3": (_lraspp, lambda: _img(64)),
    "deeplabv3_mobilenet_v3": (_deeplabv3, lambda: _img(64)),
    "maxvit_t": (lambda: _tv("maxvit_t"), lambda: _img(224)),  # its window partition needs 224
    "local_response_norm": (lambda: nn.LocalResponseNorm(3), lambda: _img(8, 4)),  # exports an If
    # torch exports adaptive pools only to sizes dividing the input: 224 gives 7x7 (VGG), 6x6
    "vgg11_bn": (lambda: _tv("vgg11_bn"), lambda: _img(224)),
    "alexnet": (lambda: _tv("alexnet"), lambda: _img(224)),
    "mobilenet_v2_w05": (lambda: _tv("mobilenet_v2", width_mult=0.5), lambda: _img(64)),
    "mobilenet_v3_small_w075": (lambda: _tv("mobilenet_v3_small", width_mult=0.75), lambda: _img(64)),
    "resnet34_batch2": (lambda: _tv("resnet34"), lambda: (torch.randn(2, 3, 48, 48),)),
    "regnet_x_400mf": (lambda: _tv("regnet_x_400mf"), lambda: _img(64)),
    "efficientnet_b1": (lambda: _tv("efficientnet_b1"), lambda: _img(64)),
    "shufflenet_v2_x1_0": (lambda: _tv("shufflenet_v2_x1_0"), lambda: _img(64)),
    "googlenet_aux": (lambda: _tv("googlenet", aux_logits=True, init_weights=True), lambda: _img(64)),
    "swin_v2_t": (lambda: _tv("swin_v2_t"), lambda: _img(64)),
    "vit_b_16_64px": (lambda: _tv("vit_b_16", image_size=64), lambda: _img(64)),
    "wide_resnet50_2": (lambda: _tv("wide_resnet50_2"), lambda: _img(64)),
})
ALL.update(WILD_ALL)
ALL.update(OTHERS_ALL)
ALL.update(MORE_ALL)
REFUSED.update(MORE_REFUSED)
REFUSED_ALL = dict(REFUSED)  # bench/zoo_bench.py: also the slow ones
REFUSED_ALL.update(MORE_REFUSED_ALL)


def build(name, table=ALL):
    """(model in eval mode, inputs), seeded so runs are reproducible."""
    torch.manual_seed(0)
    make, inputs = table[name][:2]
    model = make().eval()
    torch.manual_seed(1)
    return model, inputs()


def opset(name, table=ALL):
    """The ONNX opset the entry asks from_pytorch for (None: from_pytorch's default)."""
    return table[name][2] if len(table[name]) > 2 else None


def output_step(name, model):
    """The absolute tolerance a quantized model's outputs get on top of rtol (one step of its
    output quantization, see zoo_models_more.OUTPUT_STEP); 0 for the others."""
    return OUTPUT_STEP[name](model) if name in OUTPUT_STEP else 0.0


def flat_outputs(out):
    """A model's outputs as a flat list of tensors, in the order torch.onnx.export flattens
    tuples, lists and dicts (values in insertion order)."""
    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, dict):
        out = list(out.values())
    return [t for o in out for t in flat_outputs(o)]
