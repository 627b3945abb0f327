"""RoiAlign (relay vision.roi_align) and MaxRoiPool (vision.roi_pool), ops_roi.cc and
topi/roi.cc. torchvision's roi_align / roi_pool exported to ONNX (opset 11, its exporter's) are
the reference for output_half_pixel and MaxRoiPool; hand-built opset-16 models (half_pixel, the
default there) are compared with torchvision's aligned=True. Max mode has no torch counterpart:
it is compared with a NumPy model of TVM's rule (the largest bilinear sample of each bin; the
ONNX spec's reference instead takes the largest weighted corner term). float32: rtol 1e-4, atol
1e-5 x max|out|."""
import numpy as np
import pytest
import torch
import torchvision
from onnx import TensorProto, helper

import tirgen
from onnx_op_util import Fn, check_module, import_error

X = torch.randn(2, 3, 10, 12, generator=torch.Generator().manual_seed(0))
# Regions inside, across and far beyond the image, tiny and reversed ones (x1 > x2).
BOXES = torch.tensor([[0, 1.0, 1.5, 6.2, 7.7], [1, 0.3, 0.2, 11.5, 9.1], [0, 4.0, 3.0, 4.5, 3.2],
                      [1, -2.0, -1.0, 14.0, 12.5], [0, 9.0, 8.0, 7.5, 2.0], [1, -30.0, -20.0, 40.0, 33.0]])


@pytest.mark.parametrize("ratio", [0, 1, 2, 3])
@pytest.mark.parametrize("scale", [1.0, 0.6])
def test_roi_align_matches_torchvision(ratio, scale):
    f = Fn(lambda x, b: torchvision.ops.roi_align(x, b, (3, 4), spatial_scale=scale, sampling_ratio=ratio))
    check_module(f, (X, BOXES), opset=11, expect_ops=["vision.roi_align("])


def test_roi_align_on_a_region_with_many_samples_per_bin():
    # Adaptive sampling: ceil(bin) samples per bin and axis (here 167 x 125), most outside the
    # image; the static sampling window must still meet every one inside it.
    boxes = torch.tensor([[0, -200.0, -150.0, 300.0, 250.0], [1, -5.0, 2.0, 500.0, 6.0]])
    f = Fn(lambda x, b: torchvision.ops.roi_align(x, b, (3, 4), spatial_scale=1.0, sampling_ratio=0))
    check_module(f, (X, boxes), opset=11)


def roi_align_model(mode="avg", coord=None, ratio=0, scale=0.6, opset=16, shape=(3, 4), boxes=BOXES):
    attrs = {"output_height": shape[0], "output_width": shape[1], "sampling_ratio": ratio,
             "spatial_scale": scale, "mode": mode}
    if coord is not None:
        attrs["coordinate_transformation_mode"] = coord
    node = helper.make_node("RoiAlign", ["x", "rois", "idx"], ["y"], name="ra", **attrs)
    ins = [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(X.shape)),
           helper.make_tensor_value_info("rois", TensorProto.FLOAT, [len(boxes), 4]),
           helper.make_tensor_value_info("idx", TensorProto.INT64, [len(boxes)])]
    out = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    return helper.make_model(helper.make_graph([node], "g", ins, [out]), opset_imports=[helper.make_opsetid("", opset)])


def run_roi_align(model, boxes=BOXES):
    mod, params = tirgen.from_onnx(model)
    feed = {"x": X.numpy(), "rois": boxes[:, 1:].numpy(), "idx": boxes[:, 0].long().numpy()}
    return str(mod), tirgen.run(mod, feed, params=params)[0]


def close(got, want):
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5 * max(1.0, float(np.abs(want).max())))


@pytest.mark.parametrize("coord, opset, aligned", [(None, 16, True), ("half_pixel", 16, True),
                                                   ("output_half_pixel", 16, False), (None, 15, False)])
@pytest.mark.parametrize("ratio", [0, 2])
def test_roi_align_coordinate_modes(coord, opset, aligned, ratio):
    # half_pixel is opset 16's default (TVM v0.14 ignores the attribute: always output_half_pixel).
    text, got = run_roi_align(roi_align_model(coord=coord, opset=opset, ratio=ratio))
    assert ("aligned=True" in text) == aligned, text
    want = torchvision.ops.roi_align(X, BOXES, (3, 4), spatial_scale=0.6, sampling_ratio=ratio, aligned=aligned)
    close(got, want.numpy())


def tvm_roi_align_max(x, boxes, shape, scale, ratio, aligned):
    """TVM's roi_align_nchw in max mode, written out with loops (float64)."""
    n, c, h, w = x.shape
    out = np.zeros((len(boxes), c) + shape)
    for r, (b, x1, y1, x2, y2) in enumerate(boxes.astype(np.float64)):
        off = 0.5 if aligned else 0.0
        sw, sh, ew, eh = x1 * scale - off, y1 * scale - off, x2 * scale - off, y2 * scale - off
        rh, rw = (eh - sh, ew - sw) if aligned else (max(eh - sh, 1.0), max(ew - sw, 1.0))
        bh, bw = rh / shape[0], rw / shape[1]
        gh, gw = (ratio, ratio) if ratio > 0 else (int(np.ceil(bh)), int(np.ceil(bw)))
        for ph in range(shape[0]):
            for pw in range(shape[1]):
                best = np.full(c, np.finfo(np.float32).min)  # TVM's max starts from the lowest float
                for iy in range(gh):
                    for ix in range(gw):
                        yy = sh + ph * bh + (iy + 0.5) * bh / gh
                        xx = sw + pw * bw + (ix + 0.5) * bw / gw
                        if yy < -1 or xx < -1 or yy > h or xx > w:
                            v = np.zeros(c)
                        else:
                            yy, xx = min(max(yy, 0), h - 1), min(max(xx, 0), w - 1)
                            y0, x0 = int(np.floor(yy)), int(np.floor(xx))
                            v = np.zeros(c)
                            for yp, wy in ((y0, 1 - (yy - y0)), (y0 + 1, yy - y0)):
                                for xp, wx in ((x0, 1 - (xx - x0)), (x0 + 1, xx - x0)):
                                    if 0 <= yp < h and 0 <= xp < w:
                                        v = v + wx * wy * x[int(b), :, yp, xp]
                        best = np.maximum(best, v)
                out[r, :, ph, pw] = best
    return out


@pytest.mark.parametrize("ratio", [0, 2])
@pytest.mark.parametrize("coord", ["output_half_pixel", "half_pixel"])
def test_roi_align_max_mode_is_tvms(ratio, coord):
    _, got = run_roi_align(roi_align_model(mode="max", coord=coord, ratio=ratio))
    want = tvm_roi_align_max(X.numpy().astype(np.float64), BOXES.numpy(), (3, 4), 0.6, ratio, coord == "half_pixel")
    close(got, want)
    if coord == "half_pixel" and ratio == 0:  # the reversed region has no samples at all
        assert (got[4] == np.finfo(np.float32).min).all()


def test_roi_align_max_mode_on_a_region_with_many_samples_per_bin():
    # 75 x 60 samples per bin, most outside the image: those count as 0 in the maximum.
    boxes = torch.tensor([[0, -50.0, -60.0, 70.0, 90.0], [1, 3.0, 2.0, 5.0, 200.0]])
    _, got = run_roi_align(roi_align_model(mode="max", ratio=0, scale=1.0, shape=(2, 2), boxes=boxes), boxes)
    close(got, tvm_roi_align_max(X.numpy().astype(np.float64), boxes.numpy(), (2, 2), 1.0, 0, True))


@pytest.mark.parametrize("scale", [1.0, 0.45])
def test_max_roi_pool_matches_torchvision(scale):
    # keep the scaled corners off .5, where rounding conventions could differ
    boxes = BOXES.clone()
    boxes[:, 1:] = (boxes[:, 1:] * scale).round() / scale + 0.1 / scale
    f = Fn(lambda x, b: torchvision.ops.roi_pool(x, b, (3, 2), spatial_scale=scale))
    check_module(f, (X, boxes), opset=11, expect_ops=["vision.roi_pool("])


def test_invalid_batch_index_reads_zeros():
    # A batch index outside the batch is model data, not an address: the region reads 0.
    model = roi_align_model(ratio=2)
    mod, params = tirgen.from_onnx(model)
    idx = BOXES[:, 0].long().numpy().copy()
    idx[0], idx[1] = 7, -3
    got = tirgen.run(mod, {"x": X.numpy(), "rois": BOXES[:, 1:].numpy(), "idx": idx}, params=params)[0]
    assert not got[:2].any()
    assert got[2:].any()


def test_unsupported_forms_are_listed_up_front():
    nodes = [helper.make_node("RoiAlign", ["x", "rois", "idx"], ["a"], name="ra_mode", mode="median"),
             helper.make_node("RoiAlign", ["x", "rois", "idx"], ["b"], name="ra_coord",
                              coordinate_transformation_mode="asymmetric"),
             helper.make_node("MaxRoiPool", ["x5", "boxes"], ["c"], name="mrp", pooled_shape=[2, 2]),
             helper.make_node("TfIdfVectorizer", ["x"], ["d"], name="tfidf")]
    f = TensorProto.FLOAT
    msg = import_error(nodes, {"x": (f, [1, 2, 4, 4]), "x5": (f, [1, 2, 4, 4, 4]), "rois": (f, [1, 4]),
                               "boxes": (f, [1, 5]), "idx": (TensorProto.INT64, [1])}, "abcd", opset=16)
    assert "4 ONNX operator types or forms tirgen cannot import" in msg, msg
    assert "RoiAlign with mode 'median' (1 node: 'ra_mode')" in msg, msg
    assert "RoiAlign with coordinate_transformation_mode 'asymmetric' (1 node: 'ra_coord')" in msg, msg
    assert "MaxRoiPool with an input of rank 5 (only 4-D NCHW) (1 node: 'mrp')" in msg, msg
    assert "TfIdfVectorizer" in msg, msg
