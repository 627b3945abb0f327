#!/usr/bin/env python3
"""Runs the whole zoo (tests/python/zoo_models.py ALL: the test suite's models plus the large
torchvision classification, segmentation, video and transformer models, from resnet50 to
maxvit_t, s3d and swin_v2_s, and the models of zoo_models_wild.py, zoo_models_others.py and
zoo_models_more.py (quantized torchvision models, a small MViT), written as outside users write
them) through tirgen and prints, per model: export + import
(tirgen.from_pytorch), lowering (optimize + LowerTE + compile: tirgen.build), the median run,
PyTorch's median run, and whether the outputs match PyTorch (rtol 1e-3). A model tirgen cannot
import shows the importer's one-line reason. Then the models tirgen refuses on purpose
(zoo_models.py REFUSED_ALL: output shapes that depend on values, as in torchvision's detection
models) must be refused up front with their expected words. Names run in the order given.

    PYTHONPATH=build/python /usr/bin/python3 bench/zoo_bench.py [name ...] [--runs N]
"""
import argparse
import os
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "python"))

import tirgen  # noqa: E402
from zoo_models import ALL, REFUSED_ALL, build, flat_outputs, opset, output_step  # noqa: E402


def median_time(fn, runs):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return sorted(times)[len(times) // 2]


def bench(name, runs):
    model, inputs = build(name)
    row = {"model": name}
    t = time.perf_counter()
    mod, params = tirgen.from_pytorch(model, inputs, opset_version=opset(name))
    row["import_s"] = time.perf_counter() - t
    t = time.perf_counter()
    exe = tirgen.build(mod, params=params)
    row["lower_build_s"] = time.perf_counter() - t
    args = [x.numpy() for x in inputs]
    got = exe(*args)
    got = list(got) if isinstance(got, (list, tuple)) else [got]
    row["run_ms"] = 1e3 * median_time(lambda: exe(*args), runs)
    with torch.no_grad():
        want = model(*inputs)
        row["torch_ms"] = 1e3 * median_time(lambda: model(*inputs), runs)
    want = flat_outputs(want)  # torchvision segmentation models return {"out": ...}
    ok = len(got) == len(want)
    for g, w in zip(got, want):
        w = w.detach().numpy()  # a scripted module's outputs require grad after the export
        scale = max(1.0, float(np.nanmax(np.abs(w)))) if w.size else 1.0  # NaN matches NaN, as in test_zoo.py
        atol = max(1e-4 * scale, 1.0001 * output_step(name, model))  # a quantized model: one output step
        ok = ok and g.shape == w.shape and np.allclose(g, w, rtol=1e-3, atol=atol, equal_nan=True)
    row["matches"] = ok
    return row


def refused_as_expected(name):
    """'' when tirgen refuses the model up front with REFUSED_ALL's words, else what happened."""
    (make, inputs), words = REFUSED_ALL[name]
    model, inputs = build(name, {name: (make, inputs)})
    t = time.perf_counter()
    try:
        tirgen.from_pytorch(model, inputs)
    except tirgen.TirgenError as e:
        if "cannot import" in str(e) and words in str(e):
            return "", time.perf_counter() - t
        return f"refused, but without '{words}': {' / '.join(str(e).splitlines()[:3])[:300]}", 0.0
    return "imported (expected a refusal naming: " + words + ")", 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="models (default: all)")
    ap.add_argument("--runs", type=int, default=5, help="timed runs per model (median)")
    args = ap.parse_args()
    names = args.names or list(ALL) + list(REFUSED_ALL)
    # OpenMP's spinning workers lose their core on a loaded machine: a tiny model then times the
    # scheduler (conv3d_net: 20 ms at load 10 on 2 cores, 0.005 ms with TIRGEN_NUM_THREADS=1).
    load, cores = os.getloadavg()[0], os.cpu_count() or 1
    if load >= cores:
        print(f"note: load average {load:.1f} on {cores} cores: run times are not meaningful", flush=True)
    print(f"{'model':24} {'export+import s':>15} {'lower+build s':>14} {'run ms':>9} {'torch ms':>9}  matches")
    failures = 0
    for name in names:
        if name in REFUSED_ALL and name not in ALL:
            try:
                why, secs = refused_as_expected(name)
            except Exception as e:  # noqa: BLE001 - the exporter's error, one line
                why, secs = f"{type(e).__name__}: {str(e).splitlines()[0][:300]}", 0.0
            failures += bool(why)
            print(f"{name:24} {secs:15.2f} {'refused up front, as expected' if not why else 'NO: ' + why}", flush=True)
            continue
        try:
            r = bench(name, args.runs)
        except Exception as e:  # noqa: BLE001 - one line per model, the importer's reason
            failures += 1
            why = " / ".join(line.strip() for line in str(e).splitlines()[:3])
            print(f"{name:24} error: {type(e).__name__}: {why[:300]}", flush=True)
            continue
        failures += not r["matches"]
        print(f"{name:24} {r['import_s']:15.2f} {r['lower_build_s']:14.2f} "
              f"{r['run_ms']:9.2f} {r['torch_ms']:9.2f}  {'yes' if r['matches'] else 'NO'}", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
