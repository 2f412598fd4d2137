#!/usr/bin/env python3
"""Cache replacement policies on the workload suite (docs/memory.md, "Replacement").

Runs workloads on the cycle model at 8 warps x 32 threads under a DRAM
preset, with every cache (L1I, L1D, L2) on each replacement policy in turn,
and prints a Markdown table of the region of interest's cycles (and their
ratio to lru's), L1D and L2 miss rates, and a geometric-mean line per
policy.  Two memories: the preset as it is (its 1 MiB L2 holds every
workload's data) and the preset with a small L2 (l2.size=64K) so that the
L2's policy matters too.  Every run must print what the lru run prints (a
policy changes timing only): the script stops otherwise.  A measurement,
not a test: cycles are exact and the same on every host.

usage: bench/replacement.py [--simty build/simty] [--memory ddr4-3200]
                            [--workloads bfs,matmul,...] [--shape 8x32]
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import programs  # noqa: E402

POLICIES = ("lru", "fifo", "random", "srrip")
WORKLOADS = ("bfs", "matmul", "prefix_sum", "nw", "histogram", "transpose")
L2_SMALL = "l2.size=64K"


def run(simty, elf, memory, sets, shape, tmp):
    """(stdout, ROI cycles, L1D miss rate, L2 miss rate) of one run."""
    js = os.path.join(tmp, "s.json")
    w, t = shape.split("x")
    cmd = [simty, "run", "-m", "cycle", "-w", w, "-t", t, "--memory", memory]
    for kv in sets:
        cmd += ["--mem-set", kv]
    r = subprocess.run(cmd + ["--stats-json", js, elf], capture_output=True, text=True)
    if r.returncode:
        sys.exit("replacement: %s: exit status %d: %s" % (" ".join(cmd), r.returncode,
                                                          r.stderr.strip()[:300]))
    with open(js) as f:
        st = json.load(f)
    lv = st["roi_levels"]
    return (r.stdout, st["roi"]["cycles"], 1 - lv["l1d"]["hit_rate"], 1 - lv["l2"]["hit_rate"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--simty", default=os.path.join(ROOT, "build", "simty"))
    ap.add_argument("--memory", default="ddr4-3200")
    ap.add_argument("--workloads", default=",".join(WORKLOADS))
    ap.add_argument("--shape", default="8x32", help="WARPSxTHREADS (default 8x32)")
    args = ap.parse_args()
    memories = [(args.memory, ()), (args.memory + ", " + L2_SMALL, (L2_SMALL,))]
    rows, ratios = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.workloads.split(","):
            elf = programs.build_workload(name)
            for label, base in memories:
                ref = None
                for pol in POLICIES:
                    sets = base + tuple("%s.replacement=%s" % (c, pol) for c in ("l1i", "l1d", "l2"))
                    out, cyc, m1, m2 = run(args.simty, elf, args.memory, sets, args.shape, tmp)
                    if ref is None:
                        ref = (out, cyc)
                    elif out != ref[0]:
                        sys.exit("replacement: %s under %s prints other output than under lru"
                                 % (name, pol))
                    ratios.setdefault((label, pol), []).append(cyc / ref[1])
                    rows.append([name, label, pol, str(cyc), "%.3f" % (cyc / ref[1]),
                                 "%.2f%%" % (100 * m1), "%.2f%%" % (100 * m2)])
                    print("%s %s %s: %d cycles" % (name, label, pol, cyc), file=sys.stderr,
                          flush=True)
    head = ["workload", "memory", "policy", "ROI cycles", "vs lru", "L1D miss", "L2 miss"]
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join(["---"] * 3 + ["--:"] * (len(head) - 3)) + "|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    print()
    for (label, pol), rs in ratios.items():
        if pol != "lru":
            g = math.exp(sum(math.log(x) for x in rs) / len(rs))
            print("- %s, %s (all three caches): geometric-mean cycles %.3f x lru's "
                  "(range %.3f-%.3f, %d workloads, %s)"
                  % (label, pol, g, min(rs), max(rs), len(rs), args.shape))


if __name__ == "__main__":
    main()
