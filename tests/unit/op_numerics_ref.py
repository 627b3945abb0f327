"""Reference side of the per-operator numerics tests (tests/unit/op_numerics_test.cc).

Usage: op_numerics_ref.py CASES.json OUT.npz

CASES.json is a list of cases {"name", "inputs": [{"shape", "dtype", "lo", "hi", "integral",
"values"}], "ref", "outputs": [dtype, ...]}. For each case i this script draws the inputs
(NumPy's PCG64 seeded by the case name, uniform in [lo, hi); floor()ed when integral; or the
given "values"), evaluates the Python expression "ref" with the inputs bound to a, b, c, ...
(NumPy as np; torch and torch.nn.functional as F are imported only when a case uses them),
and writes "<i>_in<j>" and "<i>_out<k>" (the k-th result, cast to the k-th output dtype).
The reference is independent of tirgen: it only sees shapes, values and the Python formula.
"""
import json
import sys
import zlib

import numpy as np


def draw(spec, rng):
    dtype = np.dtype(spec["dtype"])
    if "values" in spec:
        return np.array(spec["values"], dtype=dtype).reshape(spec["shape"])
    x = rng.uniform(spec["lo"], spec["hi"], size=spec["shape"])
    if spec["integral"] or dtype.kind in "iub":
        x = np.floor(x)
    return x.astype(dtype)


def f64(x):
    return np.asarray(x, dtype=np.float64)


def main(cases_path, out_path):
    with open(cases_path) as f:
        cases = json.load(f)
    env = {"np": np, "f64": f64}
    if any("torch" in c["ref"] or "F." in c["ref"] for c in cases):
        import torch
        import torch.nn.functional as F

        torch.set_num_threads(1)
        env.update(torch=torch, F=F, T=lambda x: torch.from_numpy(np.ascontiguousarray(x)))
    arrays = {}
    for i, case in enumerate(cases):
        rng = np.random.default_rng(zlib.crc32(case["name"].encode()))
        inputs = [draw(spec, rng) for spec in case["inputs"]]
        scope = dict(env)
        for j, x in enumerate(inputs):
            scope["abcdefgh"[j]] = x
            arrays[f"{i}_in{j}"] = x
        try:
            result = eval(case["ref"], scope)
        except Exception as e:  # report which case, then fail the whole run
            sys.exit(f"case {case['name']}: reference {case['ref']!r} failed: {e}")
        if not isinstance(result, (tuple, list)):
            result = [result]
        if len(result) != len(case["outputs"]):
            sys.exit(f"case {case['name']}: reference gives {len(result)} outputs, "
                     f"the program {len(case['outputs'])}")
        for k, (r, dtype) in enumerate(zip(result, case["outputs"])):
            if hasattr(r, "detach"):
                r = r.detach().numpy()
            arrays[f"{i}_out{k}"] = np.array(r, dtype=dtype, order="C")  # 0-d stays 0-d
    np.savez(out_path, **arrays)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
