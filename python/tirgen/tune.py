"""Tuning a model's schedules into a database (``tirgen tune`` in Python), optionally with the
candidates measured on a dask cluster.

    mod, params = tirgen.from_onnx("resnet18.onnx")
    tirgen.tune(mod, params, db="work", time_budget=900)
    ex = tirgen.relay.build(mod, params=params, tuning_db="work")

With ``client=dask.distributed.Client(...)`` the search (cost model, evolutionary search, task
scheduler, database) stays in this process and every round's candidates are split over the
cluster's workers, each building and measuring its share on its own machine: the measurements
must come from the hardware the model will run on, so point the client at a cluster of such
machines (``dask scheduler`` on one host, ``dask worker tcp://HOST:8786 --nthreads 1`` on each
machine, every worker with tirgen importable). A candidate travels as its trace (TVM's JSON
form) with the task's TVMScript, so a worker measures exactly the program proposed; the
database is the same as a local run's.
"""
from . import _tirgen
from .tasks import _load_model


def _measure_on_worker(task_script, traces, target, timeout, min_repeat_ms):
    """What a dask worker runs: build and measure one share of a round's candidates."""
    from . import _tirgen as native  # imported on the worker

    return native._measure_traces(task_script, traces, target=target, timeout=timeout, min_repeat_ms=min_repeat_ms)


def _dask_measure(client):
    """A measure function sending each round's candidates to the cluster, split evenly over the
    workers (in order, so results come back in the candidates' order)."""

    def measure(job, traces):
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        shares = max(1, min(workers, len(traces)))
        size = -(-len(traces) // shares)
        chunks = [traces[i:i + size] for i in range(0, len(traces), size)]
        futures = [
            client.submit(_measure_on_worker, job["script"], chunk, job["target"], job["timeout"],
                          job["min_repeat_ms"], pure=False)
            for chunk in chunks
        ]
        results = []
        for future in futures:
            results.extend(future.result())
        return results

    return measure


def tune(mod, params=None, db="tuning_db", target=None, trials=0, time_budget=0, trials_per_round=64, seed=1,
         timeout=10.0, client=None, log=None, verbose=True):
    """Searches schedules for the tasks of ``mod`` (an IRModule from ``tirgen.from_onnx``, Relay
    text, or a path to an ``.onnx`` / Relay file) and commits every measured candidate to the
    database directory ``db`` (TVM's JSON layout; an existing one is continued). Stops after
    ``trials`` measured candidates or ``time_budget`` seconds, whichever comes first (at least
    one is required). ``client``: a ``dask.distributed.Client`` to measure on; ``log``: a path
    for one JSON line per measured candidate and per round. Returns the final state: a dict with
    ``tasks`` (name, flop, weight, best_secs, trials, done), ``trials``, ``elapsed_secs``,
    ``total_latency_secs``, ``records`` and ``table`` (the printed table)."""
    if not (trials > 0 or time_budget > 0):
        raise ValueError("tirgen.tune needs a limit: give trials=N or time_budget=SECONDS (or both)")
    mod, params = _load_model(mod, params)
    if isinstance(mod, str):
        mod = _tirgen.relay.parse(mod)
    measure_fn = _dask_measure(client) if client is not None else None
    result = _tirgen._tune(mod, params, str(db), target or "", int(trials), float(time_budget),
                           int(trials_per_round), int(seed), float(timeout), measure_fn,
                           None if log is None else str(log), bool(verbose))
    if verbose:
        print(result["table"], end="")
    return result
