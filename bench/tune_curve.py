"""The tuning curve of a `tirgen tune --log FILE` run: the estimated model latency (the sum over
tasks of weight x best measured latency) against wall time, from the log's round lines; with
--peak GFLOPS, also the final per-task speed as a share of the machine's peak.

    /usr/bin/python3 bench/tune_curve.py tune_log.jsonl -o curve.svg [--peak 440] [--title T]

The picture's format follows the output's extension (.svg, .png, .pdf). A task measured late
makes the estimate jump up when its first latency arrives: the curve is only comparable once
every task has a measurement (marked by a vertical line).
"""
import argparse
import json
import sys


def read_rounds(path):
    rounds = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                entry = json.loads(line)
            except json.JSONDecodeError as e:
                sys.exit(f"error: {path}:{number}: not a JSON line ({e.msg}); give a `tirgen tune --log` file")
            if entry.get("event") == "round":
                rounds.append(entry)
    if not rounds:
        sys.exit(f"error: {path}: no round lines; give the --log file of a `tirgen tune` run")
    return rounds


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("log")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--peak", type=float, help="the machine's peak GFLOP/s (adds the per-task panel)")
    p.add_argument("--title", default=None)
    args = p.parse_args()
    rounds = read_rounds(args.log)

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    t = [r["elapsed_secs"] for r in rounds]
    ms = [1e3 * r["total_latency_secs"] for r in rounds]
    complete = next((r["elapsed_secs"] for r in rounds if all(x["best_secs"] for x in r["tasks"])), None)
    panels = 2 if args.peak else 1
    fig, axes = plt.subplots(1, panels, figsize=(7 * panels, 4.5), squeeze=False)
    ax = axes[0][0]
    ax.step(t, ms, where="post")
    if complete is not None:
        ax.axvline(complete, color="gray", linestyle=":", label="every task measured")
        ax.legend()
    ax.set_xlabel("wall time (s)")
    ax.set_ylabel("estimated model latency (ms)")
    ax.set_title(args.title or "tirgen tune")
    ax.grid(True, alpha=0.3)
    if args.peak:
        final = rounds[-1]["tasks"]
        rows = [(x["name"], x["flop"] / x["best_secs"] / 1e9 / args.peak * 100) for x in final if x["best_secs"]]
        ax2 = axes[0][1]
        ax2.barh(range(len(rows)), [r[1] for r in rows])
        ax2.set_yticks(range(len(rows)), [r[0].replace("tvmgen_default_fused_", "") for r in rows], fontsize=6)
        ax2.invert_yaxis()
        ax2.set_xlabel(f"% of peak ({args.peak:.0f} GFLOP/s)")
        ax2.set_title("best schedule per task")
    fig.tight_layout()
    fig.savefig(args.output)
    print(f"{args.output}: {len(rounds)} rounds, final estimate {ms[-1]:.3f} ms")


if __name__ == "__main__":
    main()
