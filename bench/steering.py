#!/usr/bin/env python3
"""Cycles and SIMD efficiency of every fetch steering policy (--steering,
docs/pipeline.md "Fetch steering") on the workloads (issue 34).

Runs `simty bench` on every workload (workloads/*.c, built with the SDK's
default flags) at 8x32 and 64x16 on the cycle model under each policy, and
prints per workload and shape: the cycles of the region of interest (the
kernel), the cycles of the whole run (the start-up and the sequential check
after the kernel included: thread 0 alone, where rr pays a cycle per idle
warp), each as a ratio to rr's, and the SIMD efficiency.  The policies
change when warps fetch, never what they compute: the thread-instruction
counts differ only where the program's own waiting depends on timing
(locks, atomic work queues).  A measurement, not a test (tests/
steering_checks.py is the test)."""

import argparse
import csv
import io
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import programs  # noqa: E402

POLICIES = ["rr", "skip-idle", "gto"]
SHAPES = ["8x32", "64x16"]


def run_bench(simty, elfs, shapes, policies, jobs):
    cmd = [simty, "bench", "-f", "csv", "-q", "-j", str(jobs), "-m", "cycle", "--shapes",
           ",".join(shapes), "--steering", ",".join(policies)] + elfs
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("steering: %s: status %d: %s" % (" ".join(cmd[:12]), p.returncode,
                                                   p.stderr.strip()[-500:]))
    return list(csv.DictReader(io.StringIO(p.stdout)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--simty", default=os.path.join(ROOT, "build", "simty"))
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--shapes", default=",".join(SHAPES), help="default %(default)s")
    ap.add_argument("--workloads", help="comma-separated names (default: all)")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = ap.parse_args()
    names = args.workloads.split(",") if args.workloads else programs.workload_names()
    elfs = [programs.build_workload(n) for n in names]
    shapes = args.shapes.split(",")
    rows = run_bench(args.simty, elfs, shapes, POLICIES, args.jobs)
    bad = [r for r in rows if r["ok"] != "1"]
    if bad:
        sys.exit("steering: %d runs failed, e.g. %s %sx%s %s: %s" % (
            len(bad), bad[0]["workload"], bad[0]["warps"], bad[0]["threads"],
            bad[0]["steering"], bad[0]["detail"]))
    got = {(r["workload"], "%sx%s" % (r["warps"], r["threads"]), r["steering"]): r
           for r in rows}
    head = ["workload", "shape"]
    for p in POLICIES:
        head += ["%s kernel" % p, "%s total" % p, "%s SIMD eff." % p]
    lines = []
    for name in names:
        for shape in shapes:
            rr = got[name, shape, "rr"]
            cells = [name, shape]
            for p in POLICIES:
                r = got[name, shape, p]
                k, t = int(r["cycles"]), int(r["total_cycles"])
                if p == "rr":
                    cells += ["%d" % k, "%d" % t]
                else:
                    cells += ["%d (%.2fx)" % (k, k / int(rr["cycles"])),
                              "%d (%.2fx)" % (t, t / int(rr["total_cycles"]))]
                cells.append("%.1f%%" % (100 * float(r["simd_efficiency"])))
            lines.append(cells)
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * 2 + "--:|" * (len(head) - 2))
        for c in lines:
            print("| " + " | ".join(c) + " |")
    else:
        widths = [max(len(str(x[i])) for x in [head] + lines) for i in range(len(head))]
        for c in [head] + lines:
            print("  ".join(str(x).rjust(w) if i > 1 else str(x).ljust(w)
                            for i, (x, w) in enumerate(zip(c, widths))))
    print("\n(ratios: to rr's cycles at the same shape; kernel: the region of interest, "
          "total: the whole run)")


if __name__ == "__main__":
    main()
