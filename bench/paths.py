#!/usr/bin/env python3
"""Reconvergence schemes side by side: cycles and SIMD efficiency of every
workload (workloads/*.c, the SDK's default build) under --paths hct (the
default: hot/cold context tables), ideal (an unbounded sorted list) and
ipdom (the immediate-post-dominator stack, docs/paths.md), on the cycle
model at 8x32 unless told otherwise.  Every run must exit 0 (the
workloads check their results); the table is printed in Markdown.  A
measurement, not a test (the diff group checks that the schemes compute
the same results).

usage: bench/paths.py [--simty BUILD/simty] [--guest DIR] [-m MODEL]
                      [-w W] [-t T] [-j N] [WORKLOAD ...]
"""

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMES = ["hct", "ideal", "ipdom"]


def run(simty, elf, args, tmp):
    """The statistics of one run; exits on a failed run."""
    fd, js = tempfile.mkstemp(dir=tmp, suffix=".json")
    os.close(fd)
    p = subprocess.run([simty, "run", "--stats-json", js] + args + [elf],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        sys.exit("paths.py: %s %s: status %d: %s"
                 % (" ".join(args), elf, p.returncode, p.stderr.strip()[-300:]))
    with open(js) as f:
        st = json.load(f)
    os.remove(js)
    return st


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--simty", default=os.path.join(ROOT, "build", "simty"))
    ap.add_argument("--guest", default=os.path.join(ROOT, "build", "guest", "workloads"),
                    help="the workloads' builds (make workloads)")
    ap.add_argument("-m", "--model", default="cycle")
    ap.add_argument("-w", "--warps", type=int, default=8)
    ap.add_argument("-t", "--threads", type=int, default=32)
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    ap.add_argument("workloads", nargs="*")
    a = ap.parse_args()
    names = a.workloads or sorted(
        n[:-4] for n in os.listdir(a.guest) if n.endswith(".elf") and "-rv32" not in n)
    base = ["-m", a.model, "-w", str(a.warps), "-t", str(a.threads)]
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        jobs = {(n, p): pool.submit(run, a.simty, os.path.join(a.guest, n + ".elf"),
                                    base + ["--paths", p], tmp)
                for n in names for p in SCHEMES}
        res = {k: f.result() for k, f in jobs.items()}
    print("%s model, %dx%d: cycles and SIMD efficiency; ipdom/hct: ipdom's cycles over hct's"
          % (a.model, a.warps, a.threads))
    print()
    print("| workload | " + " | ".join("%s cycles | %s eff" % (p, p) for p in SCHEMES) +
          " | ipdom/hct |")
    print("|---|" + "---:|" * (2 * len(SCHEMES) + 1))
    for n in names:
        st = {p: res[(n, p)] for p in SCHEMES}
        print("| %s | " % n + " | ".join("%d | %.3f" % (st[p]["cycles"], st[p]["simd_efficiency"])
                                         for p in SCHEMES) +
              " | %.3f |" % (st["ipdom"]["cycles"] / st["hct"]["cycles"]))


if __name__ == "__main__":
    main()
