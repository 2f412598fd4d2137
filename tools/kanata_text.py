#!/usr/bin/env python3
"""Renders a Kanata log (simty run --trace-kanata) as a text pipeline
diagram: one row per record, one 2-character column per cycle, the stage
the record is in (blank before it starts and after it ends; `xx` where it
is flushed).

usage: tools/kanata_text.py LOG [--from CYCLE] [--cycles N] [--records N] [--no-seek]

Big logs are not parsed whole.  A fast scan (whole chunks of the file at a
time, C-speed regular expressions over the `C` lines only) finds the byte
where cycle --from starts.  Records are numbered in the order they start,
and the pipeline holds a bounded number of them (fewer than ALIVE: latches,
one buffered instruction and one load per warp), so every record still
alive at --from started at most ALIVE ids before the first one that starts
in the window: reading starts at that record's I line, and only that
stretch up to the end of the window is parsed line by line.  For a log that covers just the cycles you want, ask
the simulator for a window instead (--trace-from, --trace-to, --trace-roi).
"""

import argparse
import mmap
import os
import re
import sys

CHUNK = int(os.environ.get("KANATA_TEXT_CHUNK", 64 << 20))  # bytes scanned at once
ALIVE = 5 * 64  # records in flight at once, with margin, at 64 warps
LIFE_SAMPLE = 20000  # cycles at the start of the log sampled for record lives
C_LINE = re.compile(rb"\nC\t(\d+)")


def scan_to_cycle(mm, start, cycle, target):
    """Returns (offset, cycle) of the first line at or after `start` where
    the cycle reaches `target` (or the end of the log)."""
    pos, n = start, len(mm)
    while pos < n:
        end = min(pos + CHUNK, n)
        if end < n:
            end = mm.rfind(b"\n", pos, end) + 1 or end
        chunk = mm[pos - 1 if pos else 0:end]  # from the newline before pos
        deltas = C_LINE.findall(chunk)
        total = sum(map(int, deltas))
        if cycle + total < target:
            cycle += total
            pos = end
            continue
        for m in C_LINE.finditer(chunk):
            if cycle + int(m.group(1)) >= target:
                return (pos - (1 if pos else 0)) + m.start() + 1, cycle
            cycle += int(m.group(1))
        pos = end
    return n, cycle


def cycle_before(mm, lo_off, hi_off, cycle_at_hi):
    """The cycle at byte lo_off, knowing the cycle at byte hi_off."""
    deltas = C_LINE.findall(mm[max(lo_off - 1, 0):hi_off])
    return cycle_at_hi - sum(map(int, deltas))


def parse(mm, off, cycle, hi, recs, order):
    """Parses lines from byte off (at `cycle`) up to cycle hi, then on only
    for the labels and ends of the records already read, until they have all
    ended (labels are completed at writeback, after the window).  Returns the
    ids seen in S/L/R lines without their I line."""
    orphans, open_ids = set(), set()
    end = len(mm)
    while off < end:
        nl = mm.find(b"\n", off)
        if nl < 0:
            nl = end
        a = mm[off:nl].decode("utf-8", "replace").split("\t")
        off = nl + 1
        cmd = a[0]
        if cmd == "C":
            cycle += int(a[1])
            if cycle >= hi and not open_ids:
                break
        elif cmd == "C=":
            cycle = int(a[1])
        elif cmd == "I":
            if cycle < hi:
                recs[a[1]] = {"warp": a[3], "label": "", "stages": [], "end": None}
                order.append(a[1])
                open_ids.add(a[1])
        elif cmd in ("L", "S", "R") and a[1] not in recs:
            if cycle < hi:
                orphans.add(int(a[1]))
        elif cmd == "L" and a[2] == "0":
            recs[a[1]]["label"] += a[3]
        elif cmd == "S":
            recs[a[1]]["stages"].append((cycle, a[3]))
        elif cmd == "R":
            recs[a[1]]["end"] = (cycle, a[3] == "1")
            open_ids.discard(a[1])
    return orphans


def load(path, lo, hi, seek=True):
    """The records of the log that can show in cycles [lo, hi)."""
    with open(path, "rb") as f:
        header = f.readline().rstrip(b"\n")
        if header != b"Kanata\t0004":
            sys.exit("kanata_text: %s is not a Kanata 0004 log" % path)
        mm = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    with mm:
        first = mm.find(b"\n") + 1
        cycle = 0
        m = re.match(rb"C=\t(\d+)\n", mm[first:first + 32])
        if m:
            cycle, first = int(m.group(1)), first + m.end()
        if not seek:  # the reference: parse from the start
            recs, order = {}, []
            parse(mm, first, cycle, hi, recs, order)
            return recs, order
        cycle0 = cycle
        off, cycle = scan_to_cycle(mm, first, cycle, lo) if lo > cycle else (first, cycle)
        recs, order = {}, []
        orphans = parse(mm, off, cycle, hi, recs, order)
        # a record can sit in one stage for as long as the longest life seen
        # (a load under --mem-latency waits that long with no line in the
        # log): also read from twice that many cycles before the window.
        # Lives are sampled in the window and in the log's first cycles.
        sample = {}
        parse(mm, first, cycle0, cycle0 + LIFE_SAMPLE, sample, [])
        life = max([r["end"][0] - r["stages"][0][0] for r in list(recs.values()) +
                    list(sample.values()) if r["end"] and r["stages"]] or [0])
        back_off = off
        if life and off > first:
            back_off, _ = scan_to_cycle(mm, first, cycle0, max(lo - 2 * life - 64, cycle0))
        if order:
            first_new = int(order[0])
        else:  # nothing starts in the window: after the last record before it
            last = mm.rfind(b"\nI\t", first - 1, off)
            first_new = int(mm[last + 3:mm.find(b"\t", last + 3)]) + 1 if last >= 0 else 0
        oldest = min([first_new - ALIVE] + sorted(orphans)[:1])
        if oldest < first_new and off > first:
            # read again from the I line of the oldest record that may be alive
            start = mm.rfind(b"\nI\t%d\t" % max(oldest, 0), first - 1, off) + 1
            if start <= 0 and oldest <= 0:
                start = first
            if start > 0 or back_off < off:
                start = min(start, back_off) if start > 0 else back_off
                recs, order = {}, []
                parse(mm, start, cycle_before(mm, start, off, cycle), hi, recs, order)
    return recs, order


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("log")
    ap.add_argument("--from", dest="first", type=int, default=0, help="first cycle shown")
    ap.add_argument("--cycles", type=int, default=40, help="cycles shown")
    ap.add_argument("--records", type=int, default=60, help="records shown at most")
    ap.add_argument("--no-seek", action="store_true",
                    help="parse every line from the start (slow; the reference for tests)")
    args = ap.parse_args()
    lo, hi = args.first, args.first + args.cycles
    recs, order = load(args.log, lo, hi, seek=not args.no_seek)
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
