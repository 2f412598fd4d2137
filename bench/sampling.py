#!/usr/bin/env python3
"""Sampled simulation against full runs (issue 35, item 5).

Runs every workload (workloads/*.c) and a few long programs (larger builds
of workloads and the benchmark kernels) on the cycle model twice: a full
run, and a sampled one (simty run --sample: the simt model fast-forwards
with functional warming, the cycle model measures windows), and prints per
program: the full run's cycles, the estimate, its error, whether the full
count lies inside the estimate's 95% confidence interval, the host time of
both (wall clock and CPU time of the simty process) and the speed-up.

Each program's interval is the default (100000 warp-instructions) unless
the run is short: then its warp-instructions / --windows (at least 2000),
so that a short run still gets about that many windows.  This is a
measurement, not a test: the host may be loaded, so host times are
indicative (CPU times less so than wall times)."""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import programs  # noqa: E402

DEFAULT_INTERVAL = 100000
# Long programs: (name, source, flags)
LONG = [
    ("matmul-N192", "workloads/matmul.c", ["-DN=192"]),
    ("mandelbrot-256", "workloads/mandelbrot.c", ["-DW=256", "-DH=192"]),
    ("nbody-N256", "workloads/nbody.c", ["-DN=256"]),
    ("sgemm-N96", "workloads/sgemm.c", ["-DN=96"]),
    ("uniform", "bench/uniform.c", []),
    ("divergent", "bench/divergent.c", []),
]


def build_long(name, src, flags):
    out = os.path.join(programs.GUEST, "sampling", name + ".elf")
    path = os.path.join(ROOT, src)
    deps = [path, os.path.join(ROOT, "workloads", "workload.h")] + programs.sdk_files()
    if programs.stale(out, deps):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        subprocess.run([programs.SIMTY_CC, "-O2"] + flags + [path, "-o", out], check=True)
    return out


def run(simty, elf, args, tmp):
    """(stats JSON, guest stdout, exit status, wall seconds, CPU seconds)"""
    js = os.path.join(tmp, "stats.json")
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.time()
    p = subprocess.Popen(["nice", simty, "run", "-q"] + args + ["--stats-json", js, elf],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = p.communicate()
    wall = time.time() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN) # (nice exec()s simty)
    cpu = r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime
    try:
        with open(js) as f:
            st = json.load(f)
    except (OSError, ValueError):
        sys.exit("sampling: %s %s failed (%d): %s" % (elf, " ".join(args), p.returncode,
                                                      err.decode()[-300:]))
    return st, out, p.returncode, wall, cpu


def measure(simty, name, elf, shape, memory, windows, tmp):
    base = ["-w", str(shape[0]), "-t", str(shape[1]), "--memory", memory]
    full, out_f, rc_f, wall_f, cpu_f = run(simty, elf, base, tmp)
    insns = full["warp_instructions"] - full["squashed"]
    interval = DEFAULT_INTERVAL
    if insns // windows < DEFAULT_INTERVAL:
        interval = max(2000, insns // windows)
    smp, out_s, rc_s, wall_s, cpu_s = run(
        simty, elf, base + ["--sample", "--sample-interval", str(interval)], tmp)
    s = smp["sample"]
    est = s["estimate"]
    err = 100.0 * (est - full["cycles"]) / full["cycles"] if est else None
    inside = (s["ci95_low"] is not None and s["ci95_low"] <= full["cycles"] <= s["ci95_high"])
    return dict(name=name, cycles=full["cycles"], insns=insns, interval=interval,
                windows=s["windows"], estimate=est, err=err, ci=s["rel_error"], inside=inside,
                same=(out_f == out_s and rc_f == rc_s), wall_f=wall_f, wall_s=wall_s,
                cpu_f=cpu_f, cpu_s=cpu_s)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--simty", default=os.path.join(ROOT, "build", "simty"))
    ap.add_argument("--shape", default="8x32", help="WARPSxTHREADS (default 8x32)")
    ap.add_argument("--memory", default="ddr4-3200", help="memory timing (default ddr4-3200)")
    ap.add_argument("--windows", type=int, default=50,
                    help="windows wanted in a short run (default 50)")
    ap.add_argument("--match", default="", help="only programs whose name contains this")
    ap.add_argument("--no-long", action="store_true", help="only the workloads")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = ap.parse_args()
    shape = tuple(int(x) for x in args.shape.split("x"))
    progs = [(n, programs.build_workload(n)) for n in programs.workload_names()]
    if not args.no_long:
        progs += [(n, build_long(n, src, fl)) for n, src, fl in LONG]
    progs = [p for p in progs if args.match in p[0]]
    rows = []
    head = ("| program | full cycles | interval | windows | estimate | error | 95% CI | inside | "
            "same output | full s (wall/CPU) | sampled s (wall/CPU) | speed-up (CPU) |")
    if args.markdown:
        print(head)
        print("|---|--:|--:|--:|--:|--:|--:|:-:|:-:|--:|--:|--:|")
    with tempfile.TemporaryDirectory(prefix="sampling.") as tmp:
        for name, elf in progs:
            r = measure(args.simty, name, elf, shape, args.memory, args.windows, tmp)
            rows.append(r)
            speed = r["cpu_f"] / r["cpu_s"] if r["cpu_s"] else 0
            est = "%.0f" % r["estimate"] if r["estimate"] else "none"
            err = "%+.2f%%" % r["err"] if r["err"] is not None else "-"
            ci = "+-%.2f%%" % (100 * r["ci"]) if r["ci"] is not None else "-"
            if args.markdown:
                print("| %s | %d | %d | %d | %s | %s | %s | %s | %s | %.2f / %.2f | %.2f / %.2f "
                      "| %.1fx |" % (name, r["cycles"], r["interval"], r["windows"], est, err, ci,
                                     "yes" if r["inside"] else "no",
                                     "yes" if r["same"] else "NO", r["wall_f"], r["cpu_f"],
                                     r["wall_s"], r["cpu_s"], speed), flush=True)
            else:
                print("%-16s full %11d  est %11s  err %8s  ci %9s  inside %-3s  same %-3s  "
                      "full %6.2f/%6.2f s  sampled %5.2f/%5.2f s  x%.1f" % (
                          name, r["cycles"], est, err, ci, "yes" if r["inside"] else "no",
                          "yes" if r["same"] else "NO", r["wall_f"], r["cpu_f"], r["wall_s"],
                          r["cpu_s"], speed), flush=True)
    ok = [r for r in rows if r["err"] is not None and abs(r["err"]) <= 2.0]
    inside = [r for r in rows if r["inside"]]
    print("\nwithin 2%%: %d of %d; inside the 95%% CI: %d of %d; same guest output and status: "
          "%d of %d" % (len(ok), len(rows), len(inside), len(rows),
                        sum(r["same"] for r in rows), len(rows)))


if __name__ == "__main__":
    main()
