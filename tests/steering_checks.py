"""Fetch steering policies of the cycle model (--steering; docs/pipeline.md,
"Fetch steering"), in the timing group.

A policy decides only which warp fetches in a cycle: everything a program
computes happens at F+7 on HCT1's path, so skip-idle and gto must give the
program output, exit status and thread-instruction count of rr (the
default, the RTL's round robin) on workloads whose instruction counts do
not depend on timing (no lock or atomic work queue in them), at 8x4, 64x16
and on two cores.  At 64x16 every workload has phases with few live threads
(thread 0's sequential check after the kernel; nw's wavefront, quicksort's
partitions), where rr pays one cycle per warp with nothing to run: the
policies must take fewer cycles there, nw at most a quarter of rr's (13x
fewer when written).  The scalar and simt models ignore --steering and say
so.  (The riscv-tests-environment case of issue 32 item 8 is in the isa
group, run_tests.py isa_stock_tests; the forward-progress suite runs under
each policy in the progress group; test_steering checks the policies
themselves.)
"""

import programs

WORKLOADS = ["nw", "quicksort", "reduction", "mandelbrot"]
SHAPES = [(1, 8, 4), (1, 64, 16), (2, 8, 4)]  # (cores, warps, threads)
POLICIES = ["skip-idle", "gto"]
# nw at 64x16: its wavefront keeps few warps live for most of the run
FEW_LIVE, FEW_LIVE_FACTOR = "nw", 4


def run(ctx, simty, Failure, name, shape, policy):
    c, w, t = shape
    args = ["-m", "cycle", "--cores", str(c), "-w", str(w), "-t", str(t),
            "--steering", policy]
    r = simty(ctx, programs.workload_elf(name), args)
    if r.status != 0 or not r.stats:
        raise Failure("%s %s: status %d: %s" % (name, " ".join(args), r.status,
                                                 r.err.strip()[-300:]))
    return r, " ".join(args)


def same_results(ctx, simty, Failure, name, shape):
    base, _ = run(ctx, simty, Failure, name, shape, "rr")
    for policy in POLICIES:
        r, args = run(ctx, simty, Failure, name, shape, policy)
        for what, a, b in (("output", r.out, base.out),
                           ("thread-instructions", r.stats["thread_instructions"],
                            base.stats["thread_instructions"])):
            if a != b:
                raise Failure("%s %s: %s differs from rr's: %r, rr %r" % (
                    name, args, what, str(a)[-200:], str(b)[-200:]))
        if shape[1] == 64:
            cycles, rr = r.stats["cycles"], base.stats["cycles"]
            limit = rr // FEW_LIVE_FACTOR if name == FEW_LIVE else rr - 1
            if cycles > limit:
                raise Failure("%s %s: %d cycles, rr %d: want at most %d" % (
                    name, args, cycles, rr, limit))


def ignored(ctx, simty, Failure):
    """--steering on the scalar and simt models: the run says it has no
    effect (the ignored-options table, src/sim/settings.c)."""
    for model in ("scalar", "simt"):
        r = simty(ctx, programs.workload_elf("reduction"),
                  ["-m", model, "-w", "2", "-t", "2", "--steering", "gto"])
        if r.status != 0 or "--steering" not in r.err or "no effect" not in r.err:
            raise Failure("--steering gto on the %s model: status %d, stderr %r (want a "
                          "note that it has no effect)" % (model, r.status, r.err[-300:]))


def tests(ctx, simty, Failure):
    out = [("steering ignored on scalar and simt", lambda: ignored(ctx, simty, Failure))]
    for name in WORKLOADS:
        for shape in SHAPES:
            out.append(("steering %s %dx%dx%d: skip-idle and gto compute what rr does" % (
                (name,) + shape), lambda name=name, shape=shape: same_results(
                    ctx, simty, Failure, name, shape)))
    return out
