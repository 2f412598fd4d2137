#!/usr/bin/env python3
"""Renders a Kanata log (simty run --trace-kanata) as a text pipeline
diagram: one row per record, one 2-character column per cycle, the stage
the record is in (`..` before it starts; `xx` flushed; `--` retired).

usage: tools/kanata_text.py LOG [--from CYCLE] [--cycles N] [--records N]
"""

import argparse
import sys


def load(path):
    recs, order, cycle = {}, [], 0
    with open(path) as f:
        header = f.readline().rstrip("\n")
        if header != "Kanata\t0004":
            sys.exit("kanata_text: %s is not a Kanata 0004 log" % path)
        for line in f:
            a = line.rstrip("\n").split("\t")
            if a[0] == "C=":
                cycle = int(a[1])
            elif a[0] == "C":
                cycle += int(a[1])
            elif a[0] == "I":
                recs[a[1]] = {"warp": a[3], "label": "", "stages": [], "end": None}
                order.append(a[1])
            elif a[0] == "L" and a[2] == "0":
                recs[a[1]]["label"] += a[3]
            elif a[0] == "S":
                recs[a[1]]["stages"].append((cycle, a[3]))
            elif a[0] == "R":
                recs[a[1]]["end"] = (cycle, a[3] == "1")
    return recs, order


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("log")
    ap.add_argument("--from", dest="first", type=int, default=0, help="first cycle shown")
    ap.add_argument("--cycles", type=int, default=40, help="cycles shown")
    ap.add_argument("--records", type=int, default=60, help="records shown at most")
    args = ap.parse_args()
    recs, order = load(args.log)
    lo, hi = args.first, args.first + args.cycles
    rows = []
    for rid in order:
        r = recs[rid]
        if not r["stages"] or r["stages"][0][0] >= hi or (r["end"] and r["end"][0] <= lo):
            continue
        cells = []
        for c in range(lo, hi):
            now = [s for t, s in r["stages"] if t <= c]
            if r["end"] and c >= r["end"][0]:
                cells.append("xx" if r["end"][1] and c == r["end"][0] else "  ")
            elif not now:
                cells.append("  ")
            else:
                cells.append(now[-1][:2])
        rows.append("%-44.44s|%s" % (r["label"] or "w%s" % r["warp"], "".join(cells)))
        if len(rows) == args.records:
            break
    ruler = "".join("%-2d" % (c % 100) if c % 5 == 0 else "  " for c in range(lo, hi))
    print("%-44s|%s" % ("cycle", ruler))
    print("\n".join(rows))


if __name__ == "__main__":
    main()
