"""Section 13 of docs/RESULTS.md: what OpenMP costs (issue 33, item 5).
The runtime's operations (fork and join, barrier, critical section,
dynamic chunk) at 8x32 and 64x32, and OpenMP programs against the SPMD
workloads of the same kernels, measured by bench/omp_cost.py's functions
on the cycle model.  Used by tools/results.py (make results; --omp-only
regenerates this section alone)."""

import subprocess

import omp_cost

SHAPES = [(8, 32), (64, 32)]
REPS = 4
GOAL = 300  # issue 33: an empty region under 300 cycles at 8x32


def run(args, log, quick=False):
    """Measures; returns (shapes, op costs, workload rows, pairs), or a
    one-line error (str) when a build or a run failed."""
    shapes = [(8, 4)] if quick else SHAPES
    pairs = omp_cost.TINY_PAIRS if quick else omp_cost.PAIRS
    log("OpenMP: %d operations and %d kernels at %s" % (
        len(omp_cost.OPS), len(pairs), ", ".join("%dx%d" % s for s in shapes)))
    reps = 1 if quick else REPS
    try:
        costs, rows = omp_cost.measure(args.simty, shapes, reps, pairs, args.jobs)
    except (omp_cost.BenchError, OSError, subprocess.SubprocessError) as e:
        return str(e)
    return shapes, costs, rows, pairs, reps


def _ratio(rows, label, shape):
    a, b = rows[label, shape]
    return b["cycles"] / max(1, a["cycles"])


def section(res, n, note=""):
    """The section's lines, and whether the measurement failed."""
    if isinstance(res, str):
        return ["## %d. OpenMP programs and their runtime\n" % n,
                note + "**Not measured: %s**\n" % res], True
    shapes, costs, rows, pairs, reps = res
    s0 = shapes[0]
    empty = costs[0, s0]
    R = ["## %d. OpenMP programs and their runtime\n" % n]
    R.append(note + "Unmodified OpenMP C programs built with `sdk/simty-cc -fopenmp` run on "
             "the SDK's runtime (sdk/omp, GCC's libgomp ABI; docs/openmp.md): `main` on "
             "hart 0, the other hardware threads parked on the machine barrier until a "
             "region starts. Cycle model, measured by `bench/omp_cost.py`'s functions. "
             "Each operation runs %d and %d times between region-of-interest marks in "
             "`bench/omp/omp_micro.c`; a figure is the difference divided by %d, so start-up "
             "and the first region's set-up are left out.\n" % (reps, 2 * reps, reps))
    R += omp_cost.ops_table(costs, shapes)
    R.append("")
    if s0 == (8, 32):
        R.append("Fork and join of an empty region cost %.0f cycles at 8x32: the goal of "
                 "issue 33, under %d, is %s. Warp 0 holds hart 0 and 31 workers, and the "
                 "default round-robin fetch steering gives each of the 8 warps a fetch "
                 "slot in turn, so every instruction on warp 0's path costs about 8 cycles.\n"
                 % (empty, GOAL, "met" if empty < GOAL else "missed"))
    R.append("OpenMP programs of `workloads/omp` (built with `-DSIMTY_ROI`: the ROI is the "
             "parallel loop, fork and join included) against the SPMD workloads of "
             "`workloads/` (simty.h; the ROI is the kernel between two barriers):\n")
    R += omp_cost.workloads_table(rows, shapes, pairs)
    R.append("")
    labels = [p[0] for p in pairs]
    st = next((l for l in labels if l.endswith(", static")), None)
    st1 = next((l for l in labels if l.endswith(", static,1")), None)
    if st and st1:
        R.append("GCC's `schedule(static)` hands each thread one contiguous block: the lanes "
                 "of a warp read words a block apart and nothing coalesces (%.1fx the SPMD "
                 "cycles at %dx%d); `schedule(static,1)` gives lane l word l, as the SPMD "
                 "version does (%.1fx). Write `schedule(static,1)` for loops over arrays "
                 "(docs/openmp.md, \"What to write\").\n" % (
                     _ratio(rows, st, s0), s0[0], s0[1], _ratio(rows, st1, s0)))
    return R, False
