#!/usr/bin/env python3
"""Latency hiding: docs/RESULTS.md section 3's figure, from a sweep.

A notebook-style script (each "# %%" cell runs on its own in Jupyter or
VS Code): sweep the workload suite over warps per core and extra memory
latency with simty.sweep(), then plot the suite's mean IPC against the
number of warps, one line per latency, as tools/results.py draws
docs/results/latency.png.

    PYTHONPATH=python python3 python/examples/latency_hiding.py [--quick]
        [--dask ADDRESS] [--results sweep.csv] [--out DIR] [WORKLOAD.elf|DIR ...]

Without programs it builds the suite (workloads/*.c) with the SDK.  With
--results the runs are kept in that file, and running again re-plots
without simulating (resume).
"""
# %% setup
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
import simty  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("programs", nargs="*",
                    help="ELF files or directories (default: build the suite)")
    ap.add_argument("--quick", action="store_true",
                    help="a small grid (2 warp counts, 2 latencies)")
    ap.add_argument("--dask", metavar="ADDRESS", help="run on this Dask scheduler")
    ap.add_argument("--results", metavar="FILE", help="keep the runs in FILE (resumable)")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "examples"),
                    help="directory for latency.png and latency.dat")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    # the grid of RESULTS.md section 3 (tools/results.py: Cfg.lat_warps, latencies)
    THREADS = 8
    WARPS = [1, 4] if args.quick else [1, 2, 4, 8, 16, 32, 64]
    LATENCIES = [0, 20] if args.quick else [0, 10, 50, 200]

    # %% programs: the suite without the programs that are meant to deadlock
    programs = args.programs
    if not programs:
        names = sorted(f[:-2] for f in os.listdir(os.path.join(ROOT, "workloads"))
                       if f.endswith(".c"))
        names = [n for n in names if "SIMTY_EXPECT_DEADLOCK()" not in
                 open(os.path.join(ROOT, "workloads", n + ".c")).read()]
        os.makedirs(os.path.join(args.out, "elf"), exist_ok=True)
        programs = [simty.build([os.path.join(ROOT, "workloads", n + ".c")],
                                os.path.join(args.out, "elf", n + ".elf")) for n in names]

    # %% the sweep (a local process pool, or the Dask cluster)
    client = None
    if args.dask:
        from dask.distributed import Client
        client = Client(args.dask)
    df = simty.sweep(programs, {"shape": ["%dx%d" % (w, THREADS) for w in WARPS],
                                "mem_latency": LATENCIES},
                     executor=client, results=args.results)
    failed = df[df.ok == 0]
    if len(failed):
        sys.exit("failed runs:\n%s" % failed[["workload", "warps", "mem_latency", "result",
                                              "detail"]].to_string())

    # %% the figure's data: suite mean of IPC per (latency, warps)
    ipc = df.groupby(["mem_latency", "warps"])["ipc"].mean()
    print(ipc.unstack("warps").round(4).to_string())

    # %% the plot: tools/results.py's own function draws it, from the sweep's rows
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import results  # noqa: E402

    cfg = argparse.Namespace(lat_threads=THREADS, lat_warps=WARPS, latencies=LATENCIES)
    results.plot_latency(df.to_dict("records"), cfg, args.out)
    print("wrote %s" % os.path.join(args.out, "latency.png"))


# a script that starts a local process pool needs this guard (the pool's
# workers import the main module); in Jupyter, run main()'s cells directly
if __name__ == "__main__":
    main()
