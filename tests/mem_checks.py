#!/usr/bin/env python3
"""Memory-hierarchy checks: the microbenchmarks of bench/mem/ against first principles.

Builds bench/mem/*.c with sdk/simty-cc, runs them on the cycle model under
--memory ddr4-3200 and --memory hbm2 (with chosen --mem-set values), and
compares every measured figure with the value computed from the
configuration (read back from each run's --stats-json "memory" object):

  chase     load-to-use latency per level: L1 = the ideal memory's (a hit is
            due 1 + l1d.latency cycles after commit, the ideal memory's 2);
            L2 = L1 + 2 noc.latency + l2.latency; DRAM = L2 + the DRAM
            latency of each access's row class (hit CL+burst, empty
            tRCD+CL+burst, conflict tRP+tRCD+CL+burst, in DRAM clocks,
            converted to core cycles as the simulator rounds), and the row
            hits predicted by replaying the chase through the address map
            (dram.map 1, the presets', and dram.map 0)
  conflict  row-buffer hit rate, row-miss penalty (tRP + tRCD) under both
            address maps, and one L2 bank (noc.bytes per cycle) versus all
            banks (l2.banks times that)
  stream    read bandwidth of the L2 (l2.banks x noc.bytes) and of DRAM
            (channels x line / (max(burst, tCCD_S) tCK) with dram.map=1:
            consecutive lines of a channel go to the bank groups in turn;
            max(burst, tCCD_L) with dram.map=0: they share a bank), with and
            without refresh (x (1 - tRFC/tREFI)); write bandwidth at the L2
            (the bank ports, or l1d.write_buffer x line per credit round trip
            2 noc.latency, whichever is lower) and at DRAM; and Little's law:
            the number of warps needed for 90% of the plateau versus latency
            x bandwidth / bytes per warp in flight
  mlp       throughput limited by l1d.mshrs: MSHRs x line / round trip
  replace   replacement policies (l1d.replacement, l2.replacement): the hits
            of two access patterns in one set under lru, fifo and srrip as
            counted by hand (bench/mem/replace.c), random strictly between
            or below them; and workloads print the same under every policy
            (all three caches, tiny, two cores) as under lru

Usage: tests/mem_checks.py [--simty build/simty] [--build DIR] [--markdown FILE]
Prints one line per check, "ok/FAIL name: measured X, expected Y +- tol";
exit status 0 only if every check passes.  Standard library only.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench", "mem")
CC = os.path.join(ROOT, "sdk", "simty-cc")
LINE = 64


class Checks:
    def __init__(self):
        self.rows = []  # (name, setting, measured, expected, tol text, ok, unit)

    def add(self, name, setting, measured, expected, tol, unit="", rel=False, note=""):
        """ok if |measured - expected| <= tol (tol relative to expected if rel)."""
        bound = abs(expected) * tol if rel else tol
        ok = abs(measured - expected) <= bound + 1e-9
        tol_text = f"{tol * 100:.0f}%" if rel else f"{tol:g}"
        self.rows.append((name, setting, measured, expected, tol_text, ok, unit, note))
        print(f"{'ok  ' if ok else 'FAIL'} {name} [{setting}]: measured {fmt(measured)}{unit}, "
              f"expected {fmt(expected)}{unit} +- {tol_text}"
              + (f"  [{note}]" if note else ""), flush=True)
        return ok

    def failed(self):
        return [r for r in self.rows if not r[5]]

    def markdown(self):
        out = ["| check | memory, settings | measured | expected | tolerance | result |",
               "|---|---|---:|---:|---:|---|"]
        for name, setting, m, e, tol, ok, unit, note in self.rows:
            u = (" " + unit.strip()) if unit.strip() else ""
            out.append(f"| {name} | {setting} | {fmt(m)}{u} | {fmt(e)}{u} | {tol} | "
                       f"{'ok' if ok else '**FAIL**'}{' (' + note + ')' if note else ''} |")
        return "\n".join(out) + "\n"


def fmt(v):
    if isinstance(v, int) or float(v).is_integer() and abs(v) >= 100:
        return f"{v:g}" if isinstance(v, float) else str(v)
    return f"{v:.3f}" if abs(v) < 10 else f"{v:.2f}"


class Runner:
    def __init__(self, simty, build):
        self.simty = simty
        self.build = build
        self.built = {}
        self.nruns = 0

    def elf(self, src, **defines):
        """bench/mem/SRC.c built with -DKEY=VALUE (cached by name)."""
        tag = src + "".join(f"_{k}{'' if v is True else '=' + str(v)}" for k, v in
                            sorted(defines.items()))
        if tag in self.built:
            return self.built[tag]
        out = os.path.join(self.build, re.sub(r"[^A-Za-z0-9_.=-]", "_", tag) + ".elf")
        flags = [f"-D{k}" if v is True else f"-D{k}={v}" for k, v in sorted(defines.items())]
        cmd = [CC, "-O2", "-Wall", "-Wextra", "-Werror", *flags,
               os.path.join(BENCH, src + ".c"), "-o", out]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            sys.exit(f"mem_checks: build failed: {' '.join(cmd)}\n{r.stderr}")
        self.built[tag] = out
        return out

    def workload(self, name):
        """workloads/NAME.c built with the SDK's default flags (cached)."""
        out = os.path.join(self.build, "wl-" + name + ".elf")
        if out not in self.built.values():
            cmd = [CC, "-Wall", "-Wextra", "-Werror", os.path.join(ROOT, "workloads", name + ".c"),
                   "-o", out]
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode:
                sys.exit(f"mem_checks: build failed: {' '.join(cmd)}\n{r.stderr}")
            self.built["wl-" + name] = out
        return out

    def config(self, memory, sets=()):
        """The configuration a memory and settings make (a short run)."""
        return self.run(self.elf("chase", FOOTPRINT=8192), memory, sets, t=1)[1]["memory"]

    def run(self, elf, memory="ideal", sets=(), c=1, w=1, t=16, extra=()):
        """Runs one program; returns (figures from its PASS line, stats JSON)."""
        self.nruns += 1
        js = os.path.join(self.build, f"run{self.nruns}.json")
        cmd = [self.simty, "run", "-c", str(c), "-w", str(w), "-t", str(t),
               "--stack-interleave", "--memory", memory, *extra]
        for kv in sets:
            cmd += ["--mem-set", kv]
        cmd += ["--stats-json", js, elf]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        line = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
        if r.returncode or ": PASS" not in line:
            sys.exit(f"mem_checks: run failed ({r.returncode}): {' '.join(cmd)}\n"
                     f"{r.stdout}{r.stderr}")
        fig = {}
        for key, val in re.findall(r"([a-z/]+) (0x[0-9a-f]+|[0-9]+(?:\.[0-9]+)?)", line):
            fig[key] = int(val, 16) if val.startswith("0x") else float(val)
        with open(js) as f:
            stats = json.load(f)
        return fig, stats


# ---- first principles ---------------------------------------------------

def setting(memory, sets):
    return memory + ("" if not sets else ", " + " ".join(sets))


def burst(m):
    return LINE * 8 // m["dram.bus_bits"] // 2


def class_tck(m):
    """DRAM clocks from a read's arrival (decision) to its data's end."""
    b, cl, rcd, rp = burst(m), m["dram.cl"], m["dram.rcd"], m["dram.rp"]
    return {"hit": cl + b, "empty": rcd + cl + b, "conflict": rp + rcd + cl + b}


def dram_cycles(m, tck):
    """Core cycles from the request (at a whole core cycle T) to the line's
    return, as memsys_l2.c rounds: arrival rounded up to a DRAM clock, the
    completion up to a core cycle; the mean over the phases of T."""
    period = 1000000 // m["core.mhz"]
    tp = m["dram.tck_ps"]
    phases = tp // math.gcd(period, tp)
    total = 0
    for T in range(phases):
        arrive = -(-T * period // tp)
        total += -(-(arrive + tck) * tp // period) - T
    return total / phases


def class_cycles(m):
    return {k: dram_cycles(m, v) for k, v in class_tck(m).items()}


def mean_dram_latency(m, lv):
    """Mean DRAM read latency (core cycles) for the row classes counted in a
    level's statistics."""
    cc = class_cycles(m)
    n = lv["row_hits"] + lv["row_empty"] + lv["row_conflicts"]
    return (lv["row_hits"] * cc["hit"] + lv["row_empty"] * cc["empty"]
            + lv["row_conflicts"] * cc["conflict"]) / n


def dram_map(m, line):
    """(channel, bank), row of a line (src/memsys/dram.c): lines go to the
    channels in turn; within a channel, map 0 fills a row of one bank, then
    the next bank; map 1 sends consecutive lines to the bank groups in turn
    (bank % bank_groups == group), each filling a row of its bank, then the
    next bank of each group, then the next row."""
    ch = line % m["dram.channels"]
    r = line // m["dram.channels"]
    lpr = m["dram.row_bytes"] // LINE
    if m["dram.map"] == 1:
        groups = m["dram.bank_groups"]
        per_group = m["dram.banks"] // groups
        bg, r = r % groups, r // groups // lpr
        return (ch, (r % per_group) * groups + bg), r // per_group
    r //= lpr
    return (ch, r % m["dram.banks"]), r // m["dram.banks"]


def groups_in_turn(m):
    """banks that take a channel's consecutive lines in turn"""
    return m["dram.bank_groups"] if m["dram.map"] == 1 else 1


def column_spacing(m):
    """DRAM clocks between the column commands of consecutive lines of a
    channel in a stream: map 1, other bank groups (tCCD_S; tCCD_L within a
    group, which comes round every bank_groups lines); map 0, one bank, so
    one group (tCCD_L); never less than the data burst."""
    if m["dram.map"] == 1:
        return max(burst(m), m["dram.ccd_s"], m["dram.ccd_l"] / m["dram.bank_groups"])
    return max(burst(m), m["dram.ccd_l"])


def dram_stream_peak(m):
    """Bytes per core cycle of a sequential stream: every channel moves one
    line per column_spacing DRAM clocks."""
    per_line_ps = column_spacing(m) * m["dram.tck_ps"]
    return m["dram.channels"] * LINE * (1000000 // m["core.mhz"]) / per_line_ps


def l2_round_trip(m):
    return 2 * m["noc.latency"] + m["l2.latency"]


# ---- the checks ---------------------------------------------------------

def chase_checks(R, K):
    lanes = dict(c=1, w=1, t=64)
    l1 = R.elf("chase", FOOTPRINT=8192)
    l2 = R.elf("chase", FOOTPRINT=256 * 1024)
    dram = R.elf("chase", FOOTPRINT=4 << 20, FLUSH=2 << 20)
    p0 = R.run(l1, "ideal", **lanes)[0]["cycles/load"]
    # L1 hit latency: the ideal memory's with --mem-latency l1d.latency - 1
    lat4 = ("l1d.latency=4",)
    f, s = R.run(l1, "ddr4-3200", lat4, **lanes)
    ideal3 = R.run(l1, "ideal", extra=("--mem-latency", "3"), **lanes)[0]["cycles/load"]
    K.add("chase L1 hit, l1d.latency=4 (cycles/load)", setting("ddr4-3200", lat4),
          f["cycles/load"], ideal3, 0.05)
    for mem, maps in (("ddr4-3200", (1, 0)), ("hbm2", (1,))):
        sets = ("dram.refresh=0",)
        st = setting(mem, sets)
        f1, s1 = R.run(l1, mem, sets, **lanes)
        K.add(f"chase L1 hit (cycles/load)", st, f1["cycles/load"], p0, 0.05)
        f2, s2 = R.run(l2, mem, sets, **lanes)
        m = s2["memory"]
        K.add(f"chase L2 hit (cycles/load)", st, f2["cycles/load"], p0 + l2_round_trip(m), 0.5)
        for mp in maps:  # the presets use map 1
            sets_m = sets + (f"dram.map={mp}",)
            st = setting(mem, sets_m)
            f3, s3 = R.run(dram, mem, sets_m, **lanes)
            m, lv = s3["memory"], s3["roi_levels"]["dram"]
            K.add(f"chase DRAM (cycles/load)", st, f3["cycles/load"],
                  f2["cycles/load"] + mean_dram_latency(m, lv), 1.0,
                  note=f"{lv['row_hits']} hits, {lv['row_empty']} empty, "
                       f"{lv['row_conflicts']} conflicts")
            K.add(f"chase DRAM row hits (replayed)", st, lv["row_hits"],
                  chase_row_hits(m, f3["chain"], f3["flush"]), 2)
    sets = ("noc.latency=12", "l2.latency=24")
    f, s = R.run(l2, "hbm2", sets, **lanes)
    K.add("chase L2 hit (cycles/load)", setting("hbm2", sets), f["cycles/load"],
          p0 + l2_round_trip(s["memory"]), 0.5)


def chase_row_hits(m, chain, flush, footprint=4 << 20, flush_bytes=2 << 20, warm=64,
                   loads=1024):
    """Row hits of the measured chase loads: the flush reads its lines in
    address order (every bank is left open on some row), then the chase
    follows x -> A x + C mod NLINES from line 0."""
    open_row = {}
    for line in range(flush // LINE, (flush + flush_bytes) // LINE):
        bank, row = dram_map(m, line)
        open_row[bank] = row
    nlines, x, hits = footprint // LINE, 0, 0
    for i in range(warm + loads):
        x = (0x9E3779B9 * x + 0x7F4A7C15) % nlines if i else 0
        # load i reads line x (the chase starts at line 0)
        bank, row = dram_map(m, chain // LINE + x)
        if i >= warm and open_row.get(bank) == row:
            hits += 1
        open_row[bank] = row
    return hits


def conflict_checks(R, K):
    for mem, mp in (("ddr4-3200", 1), ("hbm2", 1), ("ddr4-3200", 0), ("hbm2", 0)):
        sets = ("dram.refresh=0", f"dram.map={mp}")
        st = setting(mem, sets)
        m = R.config(mem, sets)
        geo = dict(CHANNELS=m["dram.channels"], BANKS=m["dram.banks"],
                   BANK_GROUPS=m["dram.bank_groups"], ROW_BYTES=m["dram.row_bytes"],
                   L2_BANKS=m["l2.banks"], MAP=mp)
        # a row set: one row of each of `rows` banks (the groups in turn)
        # in every channel, CHANNELS x GROUPS x ROW_BYTES bytes
        rows = m["dram.channels"] * groups_in_turn(m)
        set_lines = rows * m["dram.row_bytes"] // LINE
        fr, sr = R.run(R.elf("conflict", MODE=1, LOADS=max(512, set_lines), **geo), mem, sets,
                       w=1, t=16)
        fb, sb = R.run(R.elf("conflict", MODE=2, LOADS=512, **geo), mem, sets, w=1, t=16)
        loads = int(fr["loads"])
        lr, lb = sr["roi_levels"]["dram"], sb["roi_levels"]["dram"]
        n_r = lr["row_hits"] + lr["row_empty"] + lr["row_conflicts"]
        n_b = lb["row_hits"] + lb["row_empty"] + lb["row_conflicts"]
        want = (loads - loads // set_lines * rows) / loads
        K.add("row-local loads: row hit rate", st, lr["row_hits"] / n_r, want, 0.005,
              note=f"{loads} loads, {rows} rows per {set_lines}-line set")
        K.add("same-bank other-row loads: row conflict rate", st,
              lb["row_conflicts"] / n_b, 1.0, 0.005)
        K.add("row miss penalty (cycles/load, bank - row)", st,
              fb["cycles/load"] - fr["cycles/load"],
              mean_dram_latency(m, lb) - mean_dram_latency(m, lr), 1.0,
              note=f"tRP+tRCD = {m['dram.rp'] + m['dram.rcd']} tCK")
    sets = ("noc.bytes=1",)
    st = setting("ddr4-3200", sets)
    f1, s1 = R.run(R.elf("conflict", MODE=3), "ddr4-3200", sets, w=16, t=16)
    f2, s2 = R.run(R.elf("conflict", MODE=4), "ddr4-3200", sets, w=16, t=16)
    m = s1["memory"]
    K.add("L2 lines of one bank (bytes/cycle)", st, f1["bytes/cycle"], m["noc.bytes"],
          0.05, rel=True)
    K.add("L2 lines of every bank (bytes/cycle)", st, f2["bytes/cycle"],
          m["l2.banks"] * m["noc.bytes"], 0.05, rel=True)


def sweep(R, K, name, elf, ideal_elf, mem, sets, t, counts, peak, extra_lat, latency_note):
    """Bandwidth against the number of warps (one warp per core, so that
    fetch steering gives each warp every cycle): the linear part, the
    plateau, and Little's law at the knee.  Returns the warp count of the
    plateau."""
    st = setting(mem, sets)
    bytes_per_warp = 4 * t
    p1 = bytes_per_warp / R.run(ideal_elf, "ideal", c=1, w=1, t=t)[0]["bytes/cycle"]
    curve = []
    for c in counts:
        f, s = R.run(elf, mem, sets, c=c, w=1, t=t)
        curve.append((c, f["bytes/cycle"]))
    m = s["memory"]
    lat = p1 + extra_lat(m, t)
    K.add(f"{name}: 1 warp (bytes/cycle)", st, curve[0][1], bytes_per_warp / lat, 0.03,
          rel=True, note=f"{bytes_per_warp} B per {lat:.1f}-cycle round trip ({latency_note})")
    cmax, plateau = max(curve, key=lambda cb: cb[1])
    K.add(f"{name}: peak (bytes/cycle)", st, plateau, peak(m), 0.10, rel=True,
          note=f"at {cmax} warps")
    # the warp count where the curve crosses 90% of the plateau (linear
    # between the counts measured) against Little's law: the knee, where
    # n warps x bytes per warp per round trip reach the plateau
    k = next(i for i, (c, b) in enumerate(curve) if b >= 0.9 * plateau)
    (ca, ba), (cb, bb) = curve[max(k - 1, 0)], curve[k]
    n90 = cb if k == 0 else ca + (cb - ca) * (0.9 * plateau - ba) / (bb - ba)
    nstar = lat * plateau / bytes_per_warp
    K.add(f"{name}: warps for 90% of the plateau (Little)", st, n90, nstar, 0.30, rel=True,
          note="curve " + " ".join(f"{c}:{b:.1f}" for c, b in curve))
    return cmax


def dram_pass_latency(m, t):
    """Core cycles from a stream pass's L1 misses to its data, one warp
    alone: the L2 round trip, then DRAM.  A pass reads 4t bytes, k
    consecutive lines of each channel; the last one's burst ends (k - 1)
    column spacings after the first's (map 1: other bank groups, tCCD_S;
    map 0: one bank, tCCD_L).  Rows: map 1, a pass that starts a row set
    (GROUPS x ROW_BYTES of a channel) misses in every one of its k banks (ACTs
    tRRD_S apart), one pass in row_bytes / 64; map 0, a pass that starts a
    row misses its first line, k passes in row_bytes / 64 (the other lines
    are then hits in the same row)."""
    cc, lpr = class_tck(m), m["dram.row_bytes"] // LINE
    k = max(1, 4 * t // LINE // m["dram.channels"])
    if m["dram.map"] == 1:
        hit_sp = max(burst(m), m["dram.ccd_s"])
        miss_sp, miss_frac = max(hit_sp, m["dram.rrd_s"]), 1 / lpr
    else:
        hit_sp = miss_sp = max(burst(m), m["dram.ccd_l"])
        miss_frac = k / lpr
    hit = dram_cycles(m, cc["hit"] + (k - 1) * hit_sp)
    miss = dram_cycles(m, cc["conflict"] + (k - 1) * miss_sp)
    return l2_round_trip(m) + hit + (miss - hit) * miss_frac


def l2_write_rate(R, short, long, mem, sets, **lanes):
    """The L2 write stream, as differences between a run that stores an
    array once (short) and one that stores it three times (long): the start
    of the region of interest (set-up stores still in the write buffer:
    loads do not wait for them, so the set-up's final probe no longer drains
    them) and its end (the last warps alone, see stream_checks) are the same
    in both and cancel.  Returns L2 bytes (the bank ports' traffic) per cycle
    of the region, the same from the long run alone, the rate at which the
    core issued its writes (the L2's write bytes, which include the kernel's
    few stack stores, per cycle until the last store issued) and the long
    run's statistics."""
    out = []
    for elf in (short, long):
        f, s = R.run(elf, mem, sets, **lanes)
        lv = s["roi_levels"]["l2"]
        out.append((lv["bytes"], lv["bytes"] - LINE * lv["reads"], s["roi"]["cycles"],
                    f["issue"], s))
    (b1, w1, c1, i1, _), (b3, w3, c3, i3, s3) = out
    return (b3 - b1) / (c3 - c1), b3 / c3, (w3 - w1) / (i3 - i1), s3


def stream_checks(R, K):
    l2elf = R.elf("stream", BYTES=512 * 1024)
    cold = R.elf("stream", BYTES=512 * 1024, COLD=True)
    sweep(R, K, "L2 read stream", l2elf, l2elf, "ddr4-3200", ("noc.bytes=2",), 16,
          [1, 2, 4, 8, 10, 12, 13, 14, 16, 20],
          lambda m: m["l2.banks"] * m["noc.bytes"], lambda m, t: l2_round_trip(m), "L2 hit")
    # DRAM: 64 threads a warp, 4 lines a pass (2 a channel), so that a few
    # warps reach the peak of map 1: with 32 threads a warp it takes twice
    # the warps, and more requests in flight, which deepen the DRAM queue
    # (beyond the plateau the curve falls again: see the DRAM write streams)
    counts = [1, 2, 4, 8, 10, 12, 14, 16, 20, 24]
    cmax = sweep(R, K, "DRAM read stream", cold, cold, "ddr4-3200",
                 ("dram.refresh=0", "dram.map=1"), 64, counts, dram_stream_peak,
                 dram_pass_latency, "L2 miss, DRAM row hits, 2 lines a channel")
    sweep(R, K, "DRAM read stream", cold, cold, "hbm2",
          ("dram.refresh=0", "dram.channels=2", "dram.map=1"), 64, counts, dram_stream_peak,
          dram_pass_latency, "L2 miss, DRAM row hits, 2 lines a channel")
    # map 0: a channel's consecutive lines share a bank, so one bank group:
    # tCCD_L apart.  64 KiB rows: with 8 KiB ones the lines in flight span
    # two banks (other groups) for a good part of each row, which beats
    # tCCD_L there (up to +14% with 20 warps of 32 threads)
    sets = ("dram.refresh=0", "dram.map=0", "dram.row_bytes=65536")
    best = max(R.run(cold, "ddr4-3200", sets, c=c, w=1, t=64)[0]["bytes/cycle"]
               for c in (12, 16, 24))
    m = R.config("ddr4-3200", sets)
    K.add("DRAM read stream: peak, tCCD_L-bound (bytes/cycle)", setting("ddr4-3200", sets),
          best, dram_stream_peak(m), 0.10, rel=True, note="best of 12, 16, 24 warps")
    # refresh: no bank can open a row for tRFC out of every tREFI
    f, s = R.run(cold, "ddr4-3200", c=cmax, w=1, t=64)
    m = s["memory"]
    K.add(f"DRAM read stream with refresh, {cmax} warps (bytes/cycle)", "ddr4-3200",
          f["bytes/cycle"], dram_stream_peak(m) * (1 - m["dram.rfc"] / m["dram.refi"]), 0.10,
          rel=True, note=f"{m['dram_refreshes']} refreshes")

    # L2 writes: each line a core sends holds one of its l1d.write_buffer
    # entries from the send until the bank's port takes it, and the credit
    # returns noc.latency later; a store waits at issue while every entry
    # is taken.  So a core writes at most write_buffer x 64 B per 2 x
    # noc.latency (the port idle) and the banks take l2.banks x noc.bytes.
    # (With the buffer full, store slots open at the acknowledgements'
    # period and the issue stage's loose round robin, keyed on the cycle
    # count, hands them to a few warps, which finish far ahead of the others
    # (warps done at 26 K and at 72 K cycles of a 73 K-cycle region): the
    # last warps alone write half of the banks, a fixed cost at the end of
    # the region that the difference of two runs removes.)
    lanes = dict(w=16, t=64)
    sets = ("noc.bytes=2",)
    rate, single, issue, s = l2_write_rate(
        R, R.elf("stream", BYTES=512 * 1024, REPEAT=1, WRITE=True),
        R.elf("stream", BYTES=512 * 1024, REPEAT=5, WRITE=True), "ddr4-3200", sets, **lanes)
    m = s["memory"]
    K.add("L2 write stream, port-bound (L2 bytes/cycle)", setting("ddr4-3200", sets), rate,
          m["l2.banks"] * m["noc.bytes"], 0.05, rel=True,
          note=f"write buffer allows {m['l1d.write_buffer'] * LINE / (2 * m['noc.latency']):.0f}"
               f"; one run {single:.2f}; stores issued at {issue:.2f}; "
               f"stall_store {s['stall_store']}")
    sets = ("l1d.write_buffer=4", "noc.latency=32")
    short = R.elf("stream", BYTES=256 * 1024, REPEAT=1, WRITE=True)
    rate, single, issue, s = l2_write_rate(
        R, short, R.elf("stream", BYTES=256 * 1024, REPEAT=3, WRITE=True), "ddr4-3200", sets,
        **lanes)
    m = s["memory"]
    bound = m["l1d.write_buffer"] * LINE / (2 * m["noc.latency"])
    K.add("L2 write stream, write-buffer-bound (L2 bytes/cycle)", setting("ddr4-3200", sets),
          rate, bound, 0.05, rel=True,
          note=f"{m['l1d.write_buffer']} x 64 B per {2 * m['noc.latency']} cycles; the ports "
               f"allow {m['l2.banks'] * m['noc.bytes']}; one run {single:.2f}")
    # ... so the stores are held back: they issue at that rate (instead of
    # the ideal memory's), the issue stage charging the wait to stall_store
    free = R.run(short, "ideal", **lanes)[0]
    K.add("L2 write stream, write-buffer-bound: stores issued (bytes/cycle)",
          setting("ddr4-3200", sets), issue, bound, 0.05, rel=True,
          note=f"ideal memory {256 * 1024 / free['issue']:.1f}; stall_store "
               f"{s['stall_store']} of {s['cycles']} cycles")

    # DRAM writes are not checked end to end: with a write-allocate L2 the
    # order of the dirty lines it evicts follows its replacement order, not
    # the program's, so the DRAM sees a write pattern (and row conflicts)
    # that first principles do not give.  tests/unit/test_memsys.c checks
    # that the DRAM model itself writes a sequential stream at the bus's
    # peak under both presets.


def mlp_checks(R, K):
    elf = R.elf("mlp")
    for mem, sets, mshrs in (("ddr4-3200", (), (1, 2, 4, 8)),
                             ("hbm2", ("l2.latency=48",), (1, 2, 4, 8, 16))):
        for k in mshrs:
            s_ = sets + (f"l1d.mshrs={k}",)
            f, s = R.run(elf, mem, s_, w=16, t=64)
            m = s["memory"]
            K.add(f"MSHR-bound gather, {k} MSHRs (bytes/cycle)", setting(mem, s_),
                  f["bytes/cycle"], k * LINE / l2_round_trip(m), 0.05, rel=True)


# The replacement policies: (mode, policy) -> hits of the region's loads
# as a fraction, counted by hand in bench/mem/replace.c (+- 2: the region
# holds one access besides the pattern's)
REPLACE_ROUNDS = 64
REPLACE_LOADS = {1: 8 * REPLACE_ROUNDS, 2: 2 * REPLACE_ROUNDS}
REPLACE_HITS = {(1, "lru"): 3 / 8, (1, "fifo"): 3 / 8, (1, "srrip"): 6 / 8,
                (2, "lru"): 1 / 2, (2, "fifo"): 3 / 8, (2, "srrip"): 1 / 2}
POLICIES = ("lru", "fifo", "random", "srrip", "mru")
# a 1 KiB 4-way L1D (sets 256 bytes apart); for the L2 a one-line L1D that
# every load passes, and a 1 KiB 4-way L2 in one bank
REPLACE_LEVELS = {"l1d": ("l1d.size=1K", "l1d.ways=4"),
                  "l2": ("l1d.size=64", "l1d.ways=1", "l2.size=1K", "l2.ways=4", "l2.banks=1")}
TINY = ("l1i.size=256", "l1i.ways=2", "l1d.size=256", "l1d.ways=2", "l1d.mshrs=2",
        "l2.size=2K", "l2.banks=2", "l2.ways=2", "line=32")


def replacement_checks(R, K):
    for mode in (1, 2):
        elf = R.elf("replace", MODE=mode, ROUNDS=REPLACE_ROUNDS)
        for level, base in REPLACE_LEVELS.items():
            hits = {}
            for pol in POLICIES:
                sets = base + (f"{level}.replacement={pol}",)
                f, s = R.run(elf, "ddr4-3200", sets, t=1)
                hits[pol] = s["roi_levels"][level]["hits"]
                if pol in ("lru", "fifo", "srrip"):
                    K.add(f"replace mode {mode}: {level} hits, {pol}", setting("ddr4-3200", sets),
                          hits[pol], REPLACE_HITS[mode, pol] * REPLACE_LOADS[mode], 2)
            # random: between fifo/lru and srrip (mode 1), below lru (mode 2)
            lo, hi = (hits["lru"], hits["srrip"]) if mode == 1 else (0, hits["lru"])
            K.add(f"replace mode {mode}: {level} hits, random strictly in ({lo}, {hi})",
                  setting("ddr4-3200", base + (f"{level}.replacement=random",)),
                  int(lo < hits["random"] < hi), 1, 0, note=f"{hits['random']} hits")
    # correct results: every policy in every cache prints what lru does; and
    # random's statistics are the same run after run (its generators live
    # in the sets, which only their cache's owner touches, so host threads
    # change nothing either: not run here, two host threads are slow on a
    # loaded machine)
    for name in ("histogram", "bfs"):
        elf = R.workload(name)
        out = {}
        for pol in POLICIES:
            sets = TINY + tuple(f"{c}.replacement={pol}" for c in ("l1i", "l1d", "l2"))
            out[pol] = workload_run(R, elf, sets)
            if pol != "lru":
                K.add(f"{name}: output under {pol} equals lru's (1 = equal)",
                      setting("hbm2 tiny, 2x4x8", (f"l1i/l1d/l2.replacement={pol}",)),
                      int(out[pol][:2] == out["lru"][:2] and "PASS" in out[pol][1]), 1, 0)
            if pol == "random":
                again = workload_run(R, elf, sets)
                K.add(f"{name}: random's statistics equal in a second run (1 = equal)",
                      setting("hbm2 tiny, 2x4x8", ("*.replacement=random",)),
                      int(again == out[pol]), 1, 0)


def workload_run(R, elf, sets):
    """A workload on two cores of 4 x 8 threads under hbm2 and settings:
    (exit status, output, cycles, memory statistics)."""
    R.nruns += 1
    js = os.path.join(R.build, f"run{R.nruns}.json")
    cmd = [R.simty, "run", "-m", "cycle", "-c", "2", "-w", "4", "-t", "8", "--memory", "hbm2",
           *[a for kv in sets for a in ("--mem-set", kv)], "--stats-json", js, elf]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    with open(js) as f:
        st = json.load(f)
    return r.returncode, r.stdout, st["cycles"], st["levels"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--simty", default=os.path.join(ROOT, "build", "simty"))
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "mem-checks"),
                    help="directory for the ELFs and statistics (default build/mem-checks)")
    ap.add_argument("--markdown", help="also write the table of figures to this file")
    args = ap.parse_args()
    os.makedirs(args.build, exist_ok=True)
    start = time.time()
    R, K = Runner(os.path.abspath(args.simty), args.build), Checks()
    chase_checks(R, K)
    conflict_checks(R, K)
    stream_checks(R, K)
    mlp_checks(R, K)
    replacement_checks(R, K)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(K.markdown())
    bad = K.failed()
    print(f"mem_checks: {len(K.rows) - len(bad)} of {len(K.rows)} checks passed "
          f"({R.nruns} runs, {len(R.built)} programs, {time.time() - start:.0f} s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
