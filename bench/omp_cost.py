#!/usr/bin/env python3
"""What OpenMP costs on simty (issue 33, item 5): a measurement, not a test.

Prints two Markdown tables, from cycle-model runs:

1. The runtime's operations, in cycles, at 8x32 and 64x32: fork and join
   of an empty parallel region, a barrier, a critical section (one round:
   every thread of the team through it once; and per entry), and a
   schedule(dynamic,1) chunk (one round: every thread takes one chunk).
   bench/omp/omp_micro.c runs each REPS times between ROI marks; a figure
   is the difference of the ROI cycles at REPS = 2R and R, divided by R, so
   start-up and the first region's set-up are not in it.
2. OpenMP programs (workloads/omp, built with -DSIMTY_ROI) against the SPMD
   workloads of the same kernels (workloads/*.c, simty.h): ROI cycles,
   thread-instructions, SIMD efficiency and memory replays.  vecadd runs
   with schedule(static) (each thread one contiguous block: a warp's lanes
   read words a block apart, nothing coalesces), schedule(static,1) (lane l
   reads word l: what the SPMD version does), schedule(dynamic,16),
   schedule(runtime) (the runtime's choice) and schedule(auto) (GCC's
   choice: contiguous blocks, inline in the program).

usage: bench/omp_cost.py [--simty build/simty] [--tiny] [-j N]

--tiny: R = 1, one small shape (8x4), the vecadd comparison alone at 4096
elements: what the bench test group runs so that the script cannot rot.
"""

import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIMTY_CC = os.path.join(ROOT, "sdk", "simty-cc")
MICRO = os.path.join(ROOT, "bench", "omp", "omp_micro.c")
OMP_DIR = os.path.join(ROOT, "workloads", "omp")

OPS = [(0, "fork + join of an empty parallel region"), (1, "barrier"),
       (2, "critical section, every thread once"), (3, "dynamic,1 chunk, every thread one")]

# (label, SPMD workload and its -D flags, OpenMP program, its -D flags):
# the same kernel at the same size
PAIRS = [
    ("vecadd 65536, static", ("vecadd", []), ("vecadd", ["-DVECADD_N=65536", "-DVECADD_SCHED=0"])),
    ("vecadd 65536, static,1", ("vecadd", []), ("vecadd", ["-DVECADD_N=65536", "-DVECADD_SCHED=1"])),
    ("vecadd 65536, dynamic,16", ("vecadd", []),
     ("vecadd", ["-DVECADD_N=65536", "-DVECADD_SCHED=2"])),
    ("vecadd 65536, runtime", ("vecadd", []), ("vecadd", ["-DVECADD_N=65536", "-DVECADD_SCHED=4"])),
    ("vecadd 65536, auto", ("vecadd", []), ("vecadd", ["-DVECADD_N=65536", "-DVECADD_SCHED=5"])),
    ("matmul 64x64, collapse(2) static,1", ("matmul", []), ("matmul", ["-DMATMUL_N=64"])),
    ("mandelbrot 64x48, rows dynamic,1", ("mandelbrot", []), ("mandelbrot", [])),
]
TINY_PAIRS = [
    ("vecadd 4096, static", ("vecadd", ["-DN=4096"]), ("vecadd", ["-DVECADD_N=4096", "-DVECADD_SCHED=0"])),
    ("vecadd 4096, static,1", ("vecadd", ["-DN=4096"]), ("vecadd", ["-DVECADD_N=4096", "-DVECADD_SCHED=1"])),
]


class BenchError(Exception):
    pass


def build(src, flags, out):
    cmd = [SIMTY_CC, "-O2"] + flags + [src, "-o", out]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise BenchError("building %s failed: %s\n%s" % (out, " ".join(cmd), p.stderr))
    return out


def roi(simty, elf, shape, tmp):
    """The ROI statistics of a cycle-model run at shape (warps, threads)."""
    fd, js = tempfile.mkstemp(dir=tmp, suffix=".json")
    os.close(fd)
    cmd = [simty, "run", "-q", "-m", "cycle", "-w", str(shape[0]), "-t", str(shape[1]),
           "--stats-json", js, elf]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp, timeout=3600)
    try:
        with open(js) as f:
            st = json.load(f)
    except (OSError, ValueError):
        st = None
    os.unlink(js)
    if p.returncode != 0 or not st or not st.get("roi"):
        raise BenchError("%s: status %d, no region of interest: %s%s" % (
            " ".join(cmd), p.returncode, p.stdout[-300:], p.stderr.strip()[-300:]))
    return st["roi"]


def shape_name(shape):
    return "%dx%d" % shape


def op_costs(simty, shapes, reps, tmp, pool):
    """{(op, shape): cycles of one round}."""
    elfs = {}
    for op, _ in OPS:
        for r in (reps, 2 * reps):
            elfs[op, r] = pool.submit(build, MICRO, ["-fopenmp", "-DOP=%d" % op, "-DREPS=%d" % r],
                                      os.path.join(tmp, "micro-%d-%d.elf" % (op, r)))
    runs = {(op, r, s): pool.submit(lambda op=op, r=r, s=s: roi(simty, elfs[op, r].result(), s, tmp))
            for op, _ in OPS for r in (reps, 2 * reps) for s in shapes}
    return {(op, s): (runs[op, 2 * reps, s].result()["cycles"] -
                      runs[op, reps, s].result()["cycles"]) / reps
            for op, _ in OPS for s in shapes}


def workload_rows(simty, shapes, pairs, tmp, pool):
    """{(label, shape): (spmd roi, omp roi)}."""
    elfs = {}
    for i, (label, (wl, wflags), (prog, oflags)) in enumerate(pairs):
        elfs[label, "spmd"] = pool.submit(
            build, os.path.join(ROOT, "workloads", wl + ".c"), wflags,
            os.path.join(tmp, "spmd-%d.elf" % i))
        elfs[label, "omp"] = pool.submit(
            build, os.path.join(OMP_DIR, prog + ".c"), ["-fopenmp", "-DSIMTY_ROI"] + oflags,
            os.path.join(tmp, "omp-%d.elf" % i))
    runs = {(label, kind, s): pool.submit(lambda e=elfs[label, kind], s=s: roi(simty, e.result(), s, tmp))
            for label, _, _ in pairs for kind in ("spmd", "omp") for s in shapes}
    return {(label, s): (runs[label, "spmd", s].result(), runs[label, "omp", s].result())
            for label, _, _ in pairs for s in shapes}


def ops_table(costs, shapes):
    """The operations' Markdown table, as lines."""
    threads = {s: s[0] * s[1] for s in shapes}
    out = ["| operation | " + " | ".join("%s cycles" % shape_name(s) for s in shapes) + " |",
           "|---|" + "---:|" * len(shapes)]
    for op, what in OPS:
        out.append("| %s | %s |" % (what, " | ".join("%.0f" % costs[op, s] for s in shapes)))
        if op == 2:
            out.append("| critical section, per entry | %s |" % " | ".join(
                "%.1f" % (costs[op, s] / threads[s]) for s in shapes))
    return out


def workloads_table(rows, shapes, pairs):
    """The OpenMP-against-SPMD Markdown table, as lines."""
    out = ["| kernel | shape | SPMD ROI cycles | OpenMP ROI cycles | OpenMP / SPMD | "
           "SPMD thread-instr | OpenMP thread-instr | SPMD SIMD eff. | OpenMP SIMD eff. | "
           "SPMD mem. replays | OpenMP mem. replays |",
           "|---|---|" + "---:|" * 9]
    for label, _, _ in pairs:
        for s in shapes:
            a, b = rows[label, s]
            out.append("| %s | %s | %d | %d | %.2f | %d | %d | %.1f%% | %.1f%% | %d | %d |" % (
                label, shape_name(s), a["cycles"], b["cycles"], b["cycles"] / max(1, a["cycles"]),
                a["thread_instructions"], b["thread_instructions"],
                100 * a["simd_efficiency"], 100 * b["simd_efficiency"],
                a["replays_memory"], b["replays_memory"]))
    return out


def measure(simty, shapes, reps, pairs, jobs):
    """(op costs, workload rows); raises BenchError."""
    simty = os.path.abspath(simty)  # the runs' working directory is tmp
    tmp = tempfile.mkdtemp(prefix="omp-cost-")
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            return (op_costs(simty, shapes, reps, tmp, pool),
                    workload_rows(simty, shapes, pairs, tmp, pool))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def commit():
    p = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                       capture_output=True, text=True)
    return p.stdout.strip() or "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--simty", default=os.path.join(ROOT, "build", "simty"))
    ap.add_argument("--tiny", action="store_true", help="one small shape, R = 1, vecadd only")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    if not os.access(args.simty, os.X_OK):
        sys.exit("omp_cost: %s not found (run make first)" % args.simty)
    shapes = [(8, 4)] if args.tiny else [(8, 32), (64, 32)]
    reps = 1 if args.tiny else 4
    pairs = TINY_PAIRS if args.tiny else PAIRS
    try:
        costs, rows = measure(args.simty, shapes, reps, pairs, args.jobs)
    except BenchError as e:
        sys.exit("omp_cost: %s" % e)
    print("OpenMP costs on the cycle model (bench/omp_cost.py%s, commit %s)\n" % (
        " --tiny" if args.tiny else "", commit()))
    print("\n".join(ops_table(costs, shapes)))
    print()
    print("\n".join(workloads_table(rows, shapes, pairs)))


if __name__ == "__main__":
    main()
