"""tirgen against ONNX Runtime and PyTorch: same run, same threads, interleaved rounds.

    PYTHONPATH=build/python /usr/bin/python3 bench/model_bench.py [--rounds 7] [--threads 2]
        [--models resnet18,mobilenet_v2,squeezenet1_0,transformer] [--no-ops] [--out FILE]

Every case (whole models, then single operators) is a seeded random-init PyTorch module in eval
mode, exported to ONNX (opset 13, gradients enabled: torch.no_grad() sends nn.MultiheadAttention
down a path the exporter cannot follow) and run by
  - tirgen: tirgen.from_onnx -> tirgen.relay.build(mod, target=None, params=params) when it
    exists (ex(*inputs), ex.benchmark(*inputs, repeat=N) -> median seconds), else tirgen.build,
    timed in this process with ex.benchmark; --tirgen-child times it like ORT in a fresh process
    per round instead (`tirgen run MODEL --repeat N`, the same compiled code from the build
    cache). A previous session saw tirgen 30-50% slower in a process where PyTorch had run;
    this one measured the child mode noisier (resnet18 median 20.5 ms, fastest 15.8, against
    16.1 / 15.5 in process, ORT steady at 10.4-10.8), so in-process stays the default;
  - PyTorch eager (torch.no_grad, torch.set_num_threads(threads));
  - ONNX Runtime (onnxruntime-node, bench/ort_bench.js, intra-op threads = threads, a fresh
    process per round).
Rounds are interleaved (tirgen, torch, ORT, next case, ..., next round); a round's time is the
median of its runs, and the table shows the median over rounds. Outputs are checked against
PyTorch (rtol 1e-3, atol 1e-4 * max|ref|). With --tuning-db DIR (and --tune SECONDS to tune
first), each model is built with its tuning database and also untuned, in the same rounds. The machine's fp32 peak comes from
bench/peak_flops.c, compiled here with cc -O2 -march=native -fopenmp. tirgen compiles into a
fresh TIRGEN_CACHE_DIR (cold build times, removed afterwards) unless TIRGEN_CACHE_DIR is set.
"""
import argparse
import atexit
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS = ["resnet18", "mobilenet_v2", "squeezenet1_0", "transformer"]
ENGINES = ["tirgen", "ort", "torch"]  # table column order


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--runs", type=int, default=10, help="timed runs per round (tirgen: fewer when slow)")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--models", default=",".join(MODELS))
    p.add_argument("--no-ops", action="store_true", help="skip the per-operator table")
    p.add_argument("--out", default=os.path.join(ROOT, "build", "bench_report.md"))
    p.add_argument("--work-dir", default=os.path.join(ROOT, "build", "bench"))
    p.add_argument("--tirgen-child", action="store_true",
                   help="time tirgen in a fresh `tirgen run --repeat` process per round, as ORT")
    p.add_argument("--tirgen-cli", default=os.environ.get("TIRGEN_CLI", os.path.join(ROOT, "build", "tirgen")))
    p.add_argument("--tuning-db", metavar="DIR",
                   help="build each model with the tuning database DIR/<model> (when it exists); the "
                        "untuned build is timed alongside as 'tirgen default'")
    p.add_argument("--tune", type=float, default=0, metavar="SECONDS",
                   help="first tune each model for SECONDS with `tirgen tune` into --tuning-db DIR/<model> "
                        "(continuing it), logging to DIR/<model>.log.jsonl and drawing DIR/<model>_curve.svg")
    return p.parse_args()


ARGS = parse_args()
# Before torch, numpy and the generated code's OpenMP runtime read them.
os.environ["TIRGEN_NUM_THREADS"] = str(ARGS.threads)
os.environ["OMP_NUM_THREADS"] = str(ARGS.threads)
# tirgen compiles into a fresh cache (build times are cold ones; nothing left in ~/.cache/tirgen)
# unless the caller chose one.
COLD_CACHE = not os.environ.get("TIRGEN_CACHE_DIR")
if COLD_CACHE:
    os.environ["TIRGEN_CACHE_DIR"] = tempfile.mkdtemp(prefix="tirgen_bench_cache_")
    atexit.register(shutil.rmtree, os.environ["TIRGEN_CACHE_DIR"], True)

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torchvision  # noqa: E402

import tirgen  # noqa: E402

torch.set_num_threads(ARGS.threads)


# ---------------------------------------------------------------- cases

class Case:
    """A module and its input; flops counts multiply-adds as 2 (operators only)."""

    def __init__(self, name, module, shape, flops=None):
        torch.manual_seed(0)
        self.name, self.module, self.flops = name, module().eval(), flops
        self.x = (torch.rand(*shape, generator=torch.Generator().manual_seed(1)) * 2 - 1).contiguous()


def transformer():
    layer = torch.nn.TransformerEncoderLayer(d_model=256, nhead=4, dim_feedforward=1024, batch_first=True)
    return torch.nn.TransformerEncoder(layer, num_layers=2)


def model_cases(names):
    make = {
        "resnet18": lambda: Case("resnet18", lambda: torchvision.models.resnet18(weights=None), (1, 3, 224, 224)),
        "mobilenet_v2": lambda: Case("mobilenet_v2", lambda: torchvision.models.mobilenet_v2(weights=None), (1, 3, 224, 224)),
        "squeezenet1_0": lambda: Case("squeezenet1_0", lambda: torchvision.models.squeezenet1_0(weights=None), (1, 3, 224, 224)),
        "transformer": lambda: Case("transformer (2x enc, d256, h4, ff1024, seq64)", transformer, (1, 64, 256)),
    }
    return [make[n]() for n in names]


def conv(name, c, hw, k, kernel, stride, groups=1):
    out = (hw + 2 * (kernel // 2) - kernel) // stride + 1
    flops = 2 * k * (c // groups) * kernel * kernel * out * out
    mod = lambda: torch.nn.Conv2d(c, k, kernel, stride, kernel // 2, groups=groups, bias=False)  # noqa: E731
    return Case(name, mod, (1, c, hw, hw), flops)


def op_cases():
    return [
        conv("conv3x3 s1 64x56x56 -> 64 (resnet18 layer1)", 64, 56, 64, 3, 1),
        conv("conv3x3 s2 64x56x56 -> 128 (resnet18 layer2)", 64, 56, 128, 3, 2),
        conv("conv1x1 256x56x56 -> 64", 256, 56, 64, 1, 1),
        conv("depthwise3x3 144x56x56 (mobilenet_v2)", 144, 56, 144, 3, 1, groups=144),
        Case("dense 1x512 -> 1000 (resnet18 fc)", lambda: torch.nn.Linear(512, 1000), (1, 512), 2 * 512 * 1000),
        Case("dense 64x256 -> 1024 (transformer FFN)", lambda: torch.nn.Linear(256, 1024), (64, 256), 2 * 64 * 256 * 1024),
    ]


# ---------------------------------------------------------------- engines

MIN_ROUND_S, MAX_ROUND_S, MAX_RUNS = 0.2, 2.0, 500


def timed_calls(f, runs):
    """(median ms, min ms) of at least `runs` calls (3 when slow) after one warm-up, filling
    MIN_ROUND_S, at most MAX_ROUND_S or MAX_RUNS calls."""
    f()
    times = []
    while len(times) < MAX_RUNS:
        total = sum(times)
        if (len(times) >= runs and total >= MIN_ROUND_S) or (len(times) >= 3 and total >= MAX_ROUND_S):
            break
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return 1e3 * statistics.median(times), 1e3 * min(times)


class Torch:
    def __init__(self, case):
        self.case = case

    def output(self):
        with torch.no_grad():
            return self.case.module(self.case.x).numpy()

    def round(self, runs):
        with torch.no_grad():
            return timed_calls(lambda: self.case.module(self.case.x), runs)


class Tirgen:
    def __init__(self, case, onnx_path, work, tuning_db=None):
        self.onnx_path = onnx_path
        self.work = work
        self.input = os.path.join(work, "tirgen_input0.npy")
        np.save(self.input, case.x.numpy())
        mod, params = tirgen.from_onnx(onnx_path)
        self.x = case.x.numpy()
        t = time.perf_counter()
        if tuning_db:
            self.ex = tirgen.relay.build(mod, target=None, params=params, tuning_db=tuning_db)
        elif hasattr(tirgen.relay, "build"):
            self.ex = tirgen.relay.build(mod, target=None, params=params)
        else:
            self.ex = tirgen.build(mod, params=params)
        self.build_s = time.perf_counter() - t
        t = time.perf_counter()
        self.out = self.ex(self.x)  # also the warm-up (first touch of the weights)
        self.first_s = time.perf_counter() - t

    def output(self):
        return self.out[0] if isinstance(self.out, (tuple, list)) else self.out

    def round(self, runs):
        est = max(self.first_s, 1e-6)  # the same budget as timed_calls
        repeat = max(3, min(max(runs, int(MIN_ROUND_S / est)), MAX_RUNS, int(MAX_ROUND_S / est)))
        if ARGS.tirgen_child:
            cmd = [ARGS.tirgen_cli, "run", self.onnx_path, "--input", f"input0={self.input}", "--output-dir",
                   os.path.join(self.work, "tirgen_out"), "--repeat", str(repeat)]
            r = subprocess.run(cmd, capture_output=True, text=True)
            m = re.search(r"median latency: ([0-9.]+) ms", r.stdout)
            if r.returncode != 0 or not m:
                raise RuntimeError(r.stderr.strip() or "tirgen run failed")
            ms = float(m.group(1))
            return ms, ms  # the CLI reports the median only
        if hasattr(self.ex, "benchmark"):
            ms = 1e3 * self.ex.benchmark(self.x, repeat=repeat)
            return ms, ms  # the API reports the median only
        return timed_calls(lambda: self.ex(self.x), runs)


class Ort:
    SCRIPT = os.path.join(ROOT, "bench", "ort_bench.js")

    def __init__(self, case, onnx_path, work):
        self.onnx_path = onnx_path
        self.input = os.path.join(work, "input0.npy")
        np.save(self.input, case.x.numpy())
        self._run(1, out_dir=work)  # checks that it runs, writes the output
        self._output = np.load(os.path.join(work, "output_0.npy"))

    def _run(self, runs, out_dir=None):
        cmd = ["node", self.SCRIPT, self.onnx_path, "--input", f"input0={self.input}", "--threads",
               str(ARGS.threads), "--runs", str(runs), "--min-ms", str(1e3 * MIN_ROUND_S),
               "--max-runs", str(MAX_RUNS)]
        if out_dir:
            cmd += ["--out-dir", out_dir]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "node failed")
        return json.loads(r.stdout.strip().splitlines()[-1])

    def output(self):
        return self._output

    def round(self, runs):
        r = self._run(runs)
        return r["median_ms"], r["min_ms"]


def max_error(got, ref):
    """(max |got - ref|, max |ref|, within rtol 1e-3 and atol 1e-4 * max|ref|)."""
    got = np.asarray(got, dtype=np.float64).reshape(ref.shape)
    scale = float(np.max(np.abs(ref)))
    ok = bool(np.allclose(got, ref, rtol=1e-3, atol=1e-4 * scale))
    return float(np.max(np.abs(got - ref))), scale, ok


def export(case, path):
    # Gradients enabled on purpose (see the module docstring).
    torch.onnx.export(case.module, (case.x,), path, opset_version=13,
                      input_names=["input0"], output_names=["output0"], do_constant_folding=True)


def setup(case, work):
    """{engine: object or error text} for one case, plus output checks against torch."""
    name = re.sub(r"[^A-Za-z0-9]+", "_", case.name.split(" (")[0]).strip("_")
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "model.onnx")
    export(case, path)
    engines = {"torch": Torch(case)}
    ref = engines["torch"].output().astype(np.float64)
    case.check, case.build_s = {}, None
    makers = [("tirgen", lambda: Tirgen(case, path, d)), ("ort", lambda: Ort(case, path, d))]
    db = tuning_db_of(case)
    if db:
        tune(case, path, db)
        makers = [("tirgen", lambda: Tirgen(case, path, d, db)), ("tirgen_default", lambda: Tirgen(case, path, d))] + \
            makers[1:]
    for key, make in makers:
        try:
            engines[key] = make()
            case.check[key] = max_error(engines[key].output(), ref)
            if key == "tirgen":
                case.build_s = engines[key].build_s
        except Exception as e:  # noqa: BLE001 - an engine failing is a table entry, not the end
            engines[key] = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:120] if str(e).strip() else ''}"
        print(f"  {case.name}: {key} {'ready' if not isinstance(engines[key], str) else engines[key]}",
              file=sys.stderr, flush=True)
    return engines


def tuning_db_of(case):
    """The tuning database of a model case (None for operators or without --tuning-db)."""
    if not ARGS.tuning_db or case.flops is not None:
        return None
    db = os.path.join(os.path.abspath(ARGS.tuning_db), case.name.split(" ")[0])
    return db if ARGS.tune > 0 or os.path.isdir(db) else None


TUNE_TABLES = {}  # model name -> the final table `tirgen tune` printed


def tune(case, onnx_path, db):
    """`tirgen tune` for ARGS.tune seconds (when asked), then its curve drawn from the log."""
    if ARGS.tune <= 0:
        return
    log = db + ".log.jsonl"
    cmd = [ARGS.tirgen_cli, "tune", onnx_path, "--db", db, "--time-budget", str(ARGS.tune), "--log", log]
    print(f"  {case.name}: tuning for {ARGS.tune:.0f} s: {' '.join(cmd)}", file=sys.stderr, flush=True)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"tirgen tune failed: {r.stderr.strip()}")
    TUNE_TABLES[case.name] = r.stdout
    peak = PEAK[0] if PEAK else None
    curve = [sys.executable, os.path.join(ROOT, "bench", "tune_curve.py"), log, "-o", db + "_curve.svg",
             "--title", f"tirgen tune {case.name.split(' ')[0]}"] + (["--peak", str(peak)] if peak else [])
    subprocess.run(curve, check=False)


PEAK = []  # the machine's peak GFLOP/s once measured
LOADS = []  # 1-minute load average after each round


def measure(cases, work):
    """Interleaved rounds; returns {case name: {engine: [(median ms, min ms) per round] or error text}}."""
    setups = [(c, setup(c, work)) for c in cases]
    times = {c.name: {k: (v if isinstance(v, str) else []) for k, v in e.items()} for c, e in setups}
    for r in range(ARGS.rounds):
        for case, engines in setups:
            for key in ("tirgen", "tirgen_default", "torch", "ort"):
                if key not in engines:
                    continue
                eng = engines[key]
                if isinstance(eng, str):
                    continue
                try:
                    times[case.name][key].append(eng.round(ARGS.runs))
                except Exception as e:  # noqa: BLE001
                    times[case.name][key] = f"{type(e).__name__}: {e}"
        LOADS.append(os.getloadavg()[0])
        print(f"round {r + 1}/{ARGS.rounds} done, load {LOADS[-1]:.2f}", file=sys.stderr, flush=True)
    return times


# ---------------------------------------------------------------- report

def peak_flops(work):
    exe = os.path.join(work, "peak_flops")
    subprocess.run(["cc", "-O2", "-march=native", "-fopenmp", os.path.join(ROOT, "bench", "peak_flops.c"),
                    "-o", exe], check=True)
    out = subprocess.run([exe, "1", str(ARGS.threads)], check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def machine():
    model = platform.processor() or "?"
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    return model, os.cpu_count()


def summary(v):
    """(median over rounds of the round medians, fastest single run) or None."""
    if isinstance(v, str) or not v:
        return None
    return statistics.median(m for m, _ in v), min(b for _, b in v)


def cell(v, fmt="{:.2f}"):
    if isinstance(v, str):
        return "error"
    s = summary(v)
    return "-" if s is None else f"{fmt.format(s[0])} ({fmt.format(s[1])})"


def ratio(a, b):
    sa, sb = summary(a), summary(b)
    if sa is None or sb is None:
        return "-"
    return f"{sa[0] / sb[0]:.1f}x ({sa[1] / sb[1]:.1f}x)"


def check_text(case):
    parts, scale = [], None
    for key in ("tirgen", "tirgen_default", "ort"):
        if key in case.check:
            err, scale, ok = case.check[key]
            parts.append(f"{key} {err:.1e}{'' if ok else ' MISMATCH'}")
    return ", ".join(parts) + ("" if scale is None else f" (max\\|ref\\| {scale:.1e})")


def table(header, rows):
    """Markdown table; the first column left-aligned, the others right-aligned."""
    lines = ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 1)]
    return lines + ["| " + " | ".join(r) + " |" for r in rows]


def model_table(cases, times):
    tuned = any("tirgen_default" in times[c.name] for c in cases)
    header = ["model", "tirgen ms" + (" (tuned)" if tuned else "")] + (["tirgen default ms"] if tuned else []) + \
        ["ORT ms", "PyTorch ms", "tirgen/ORT"] + (["default/ORT"] if tuned else []) + \
        ["tirgen/PyTorch", "max abs err vs torch", "tirgen build s" + (" (cold)" if COLD_CACHE else "")]
    rows = []
    for c in cases:
        t = times[c.name]
        d = t.get("tirgen_default", [])
        rows.append([c.name, cell(t["tirgen"])] + ([cell(d)] if tuned else []) +
                    [cell(t["ort"]), cell(t["torch"]), ratio(t["tirgen"], t["ort"])] +
                    ([ratio(d, t["ort"])] if tuned else []) +
                    [ratio(t["tirgen"], t["torch"]), check_text(c), "-" if c.build_s is None else f"{c.build_s:.1f}"])
    return table(header, rows)


def op_table(cases, times, peak):
    def rate(v, flops):
        if isinstance(v, str) or not v:
            return "-"
        g = flops / (summary(v)[0] * 1e-3) / 1e9
        return f"{g:.1f} ({100 * g / peak:.1f}%)"

    header = ["operator", "GFLOP", "tirgen ms", "ORT ms", "PyTorch ms", "tirgen GFLOP/s (% peak)",
              "ORT GFLOP/s (% peak)", "PyTorch GFLOP/s (% peak)", "tirgen/ORT", "max abs err vs torch"]
    rows = []
    for c in cases:
        t = times[c.name]
        rows.append([c.name, f"{c.flops / 1e9:.3f}"] + [cell(t[k], "{:.3f}") for k in ENGINES] +
                    [rate(t[k], c.flops) for k in ENGINES] + [ratio(t["tirgen"], t["ort"]), check_text(c)])
    return table(header, rows)


def errors(cases, times):
    rows = []
    for c in cases:
        for key, v in times[c.name].items():
            if isinstance(v, str):
                rows.append(f"- {c.name}, {key}: {v}")
    return rows


def main():
    work = ARGS.work_dir
    os.makedirs(work, exist_ok=True)
    load_before = os.getloadavg()
    peaks = peak_flops(work)
    peak = max(p["gflops_cpu"] for p in peaks if p["threads"] == ARGS.threads)
    PEAK.append(peak)
    models = model_cases([m for m in ARGS.models.split(",") if m])
    ops = [] if ARGS.no_ops else op_cases()
    times = measure(models + ops, work)
    load_after = os.getloadavg()
    cpu, cores = machine()
    lines = [
        "# tirgen vs ONNX Runtime vs PyTorch",
        "",
        f"Machine: {cpu}, {cores} cores; {ARGS.threads} threads for every engine "
        f"(TIRGEN_NUM_THREADS=OMP_NUM_THREADS={ARGS.threads}, torch.set_num_threads({ARGS.threads}), "
        f"ORT intraOpNumThreads={ARGS.threads}, sequential). Load average (1/5/15 min) "
        f"before {load_before[0]:.2f}/{load_before[1]:.2f}/{load_before[2]:.2f}, "
        f"after {load_after[0]:.2f}/{load_after[1]:.2f}/{load_after[2]:.2f}; 1-minute load after each round "
        f"{min(LOADS):.2f} to {max(LOADS):.2f}.",
        f"Versions: torch {torch.__version__}, ONNX Runtime (onnxruntime-node) {ort_version()}, "
        f"tirgen API {'tirgen.relay.build' if hasattr(tirgen.relay, 'build') else 'tirgen.build (fallback)'}.",
        "",
    ]
    if max(LOADS) > cores - 0.5:
        lines += [f"**Warning**: the load average reached {max(LOADS):.1f} on {cores} cores: other processes "
                  "shared the cores, so every engine's times include waiting for them (multi-threaded "
                  "runs suffer most: each parallel region waits for its slowest thread). Compare ratios "
                  "within this report, not absolute times with another run.", ""]
    lines += [
        "Peak fp32 FMA (bench/peak_flops.c): " + "; ".join(
            f"{p['threads']} thread{'s' if p['threads'] > 1 else ''} {p['gflops_cpu']:.0f} GFLOP/s "
            f"(wall clock under this load {p['gflops']:.0f})" for p in peaks) +
        f". % of peak below is of {peak:.0f} GFLOP/s.",
        "",
        f"Times: median over {ARGS.rounds} interleaved rounds of each round's median "
        f"({ARGS.runs} runs or more to fill {MIN_ROUND_S} s; down to 3 runs where {ARGS.runs} take over "
        f"{MAX_ROUND_S} s), in parentheses the "
        "fastest single run (closer to the compute time when other processes take the cores); ratios "
        "likewise; GFLOP/s from the medians. Batch 1, float32.",
        "",
    ]
    if models:
        lines += ["## Models", ""] + model_table(models, times) + [""]
    if ops:
        lines += ["## Operators", ""] + op_table(ops, times, peak) + [""]
    for name, text in TUNE_TABLES.items():
        lines += [f"## Tuning {name} ({ARGS.tune:.0f} s, `tirgen tune`; curve in "
                  f"{os.path.join(ARGS.tuning_db, name.split(' ')[0])}_curve.svg)", "", "```", text.rstrip(), "```", ""]
    err = errors(models + ops, times)
    if err:
        lines += ["## Failures", ""] + err + [""]
    text = "\n".join(lines)
    os.makedirs(os.path.dirname(os.path.abspath(ARGS.out)), exist_ok=True)
    with open(ARGS.out, "w") as f:
        f.write(text)
    print(text)


def ort_version():
    pkg = os.path.join(ROOT, "build", "bench_node", "node_modules", "onnxruntime-node", "package.json")
    try:
        return json.load(open(pkg))["version"]
    except OSError:
        return "?"


if __name__ == "__main__":
    main()
