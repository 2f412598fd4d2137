"""Cycle-model timing properties (spec section 5), checked against Kanata
traces and statistics of the micro-programs in tests/timing/*.S.

Every expected number below is derived by hand from the pipeline rules as
docs/pipeline.md states them:

  * reset takes W cycles; steering then visits warp 0, 1, ... one per cycle,
    so warp w's first instruction issues at W + 3 + w;
  * predecode (F+2) accepts a fetch only into an empty buffer (one that did
    not issue this cycle) and only if it is the warp's speculative PC; the
    instruction can issue from F+3;
  * an ALU result is written back at issue + 4 (F+7): a dependent
    instruction may issue in that cycle; ecall reads a0 and a7;
  * a load wakes its warp at issue + 7 + latency (F+10);
  * commit is at issue + 5 (F+8); a redirect there reaches the steering
    lookup of the same cycle; a stale instruction is squashed at issue + 4;
  * the run ends in the cycle the last thread's ecall executes (issue + 4),
    so cycles = that cycle + 1 (the last cycle runs in full); instructions
    issued after the ecall are cut off and count as squashed (with W = 1,
    the words after ecall issue 2 and 4 cycles after it).

With W = 1 this gives one issue every 2 cycles when nothing blocks: the
instruction fetched right after an issue is dropped (the buffer is still
full), the next one arrives a cycle later.
"""

import os
import subprocess
import sys

import programs


def parse_kanata(path, Failure):
    """Returns (records, issues): records[id] = dict(warp, stages, labels,
    end) and issues = [(cycle, warp, id)] in trace order.  Checks the
    format on the way: header, forward time, one I and one R per record."""
    records, issues = {}, []
    cycle = None
    with open(path) as f:
        lines = f.read().splitlines()
    if not lines or lines[0] != "Kanata\t0004":
        raise Failure("%s: no Kanata 0004 header" % path)
    for n, line in enumerate(lines[1:], 2):
        f = line.split("\t")
        cmd = f[0]
        if cmd == "C=":
            cycle = int(f[1])
        elif cmd == "C":
            if int(f[1]) <= 0:
                raise Failure("%s:%d: time does not move forward" % (path, n))
            cycle += int(f[1])
        elif cmd == "I":
            rid = int(f[1])
            if rid in records:
                raise Failure("%s:%d: record %d started twice" % (path, n, rid))
            records[rid] = {"warp": int(f[3]), "stages": [], "labels": "", "end": None,
                            "start": cycle}
        elif cmd in ("S", "L", "R"):
            rid = int(f[1])
            rec = records.get(rid)
            if rec is None or rec["end"] is not None:
                raise Failure("%s:%d: %s for a record not open: %s" % (path, n, cmd, line))
            if cmd == "S":
                rec["stages"].append((cycle, f[3]))
                if f[3] == "Is":
                    issues.append((cycle, rec["warp"], rid))
            elif cmd == "L":
                rec["labels"] += f[3]
            else:
                rec["end"] = (cycle, int(f[3]))
        else:
            raise Failure("%s:%d: unknown command %r" % (path, n, cmd))
    for rid, rec in records.items():
        if rec["end"] is None:
            raise Failure("%s: record %d never ends" % (path, rid))
    return records, issues


def run_traced(ctx, simty, Failure, name, args):
    elf = programs.asm_elf("timing", name)
    trace = os.path.join(ctx.tmp, "%s-%s.kanata" % (name, "_".join(args).replace("-", "")))
    r = simty(ctx, elf, ["-m", "cycle", "--trace-kanata", trace] + args)
    if r.status != 0 or not r.stats:
        raise Failure("%s %s: status %d %s" % (name, " ".join(args), r.status, r.err.strip()))
    records, issues = parse_kanata(trace, Failure)
    os.unlink(trace)
    return r.stats, records, issues


def expect_stats(Failure, what, stats, want):
    for key, value in want.items():
        if stats[key] != value:
            raise Failure("%s: %s = %r, expected %r" % (what, key, stats[key], value))


def check_common(Failure, what, stats, records, issues):
    """Properties of every run: one issue per cycle at most, no warp in two
    successive stages, every cycle accounted for, squashed records marked."""
    cycles = [c for c, _, _ in issues]
    if len(set(cycles)) != len(cycles):
        raise Failure("%s: two instructions issued in one cycle" % what)
    last = {}
    for c, w, _ in issues:
        if last.get(w) == c - 1:
            raise Failure("%s: warp %d issued in cycles %d and %d" % (what, w, c - 1, c))
        last[w] = c
    if len(issues) != stats["warp_instructions"]:
        raise Failure("%s: %d issues in the trace, %d in the statistics"
                      % (what, len(issues), stats["warp_instructions"]))
    stalls = sum(stats[k] for k in ("stall_empty", "stall_scoreboard", "stall_load",
                                    "stall_bank", "stall_store"))
    if stats["cycles"] != stats["warp_instructions"] + stalls:
        raise Failure("%s: cycles %d != issues %d + stalls %d"
                      % (what, stats["cycles"], stats["warp_instructions"], stalls))
    squashed = sum(1 for r in records.values() if "[squashed]" in r["labels"])
    if squashed != stats["squashed"]:
        raise Failure("%s: %d squashed records, statistics say %d"
                      % (what, squashed, stats["squashed"]))


def steady(ctx, simty, Failure, W):
    """steady.S, T = 4: 87 slots per warp (4 + 10 x 8 + 3).  Warp w issues
    at W + 3 + w + k W for k = 0..86: one issue every cycle, one slot per
    warp every W cycles, whatever the branches and divergence.  The last
    warp's ecall issues at W + 3 + (W - 1) + 86 W and executes 4 cycles
    later: cycles = 87 W + W + 7.  The cycles without issue are the W + 3
    before the first and the 4 after the last.  Redirects: the 9 taken loop
    branches per warp (the divergent branch falls through to the odd lanes'
    path, then `j join` lands on `even`, its own PC + 4).  Each load wakes
    its warp 7 cycles after issue."""
    what = "steady W=%d" % W
    stats, records, issues = run_traced(ctx, simty, Failure, "steady", ["-w", str(W), "-t", "4"])
    check_common(Failure, what, stats, records, issues)
    slots = 87
    want = sorted((W + 3 + w + k * W, w) for w in range(W) for k in range(slots))
    got = [(c, w) for c, w, _ in issues]
    if got != want:
        bad = next(i for i, (a, b) in enumerate(zip(got + [None] * len(want), want)) if a != b)
        raise Failure("%s: issue %d at (cycle, warp) %r, expected %r"
                      % (what, bad, got[bad] if bad < len(got) else None, want[bad]))
    expect_stats(Failure, what, stats, {
        "cycles": slots * W + W + 7, "warp_instructions": slots * W,
        "stall_empty": W + 3 + 4, "stall_scoreboard": 0, "stall_load": 0, "stall_bank": 0,
        "squashed": 0, "redirects": 9 * W, "loads": 10 * W, "load_latency_sum": 70 * W,
        "divergent_branches": 10 * W})


def single_warp(ctx, simty, Failure, name, args, want_issues, want):
    what = "%s %s" % (name, " ".join(args))
    stats, records, issues = run_traced(ctx, simty, Failure, name, ["-w", "1", "-t", "1"] + args)
    check_common(Failure, what, stats, records, issues)
    got = [c for c, _, _ in issues]
    if got != want_issues:
        raise Failure("%s: issue cycles %r, expected %r" % (what, got, want_issues))
    expect_stats(Failure, what, stats, want)


def bank(ctx, simty, Failure):
    """bank.S, W = 3, T = 1: steering visits w0, w1, w2 at cycles 3, 4, 5, so
    they issue `add t0` at 6, 7, 8.  Each add reads two registers, so the
    next cycle may not issue from the same parity.  At 9 only w0 is ready
    (fetched at 6) and w2 (even) issued at 8: a bank stall.  At 10 w0 and w1
    are ready; the selection counter is 10 mod 4 = 2 and 0 XOR 2 < 1 XOR 2,
    so w0 issues, then w1 at 11 (w2, even, is blocked by w0's add)."""
    what = "bank W=3"
    stats, records, issues = run_traced(ctx, simty, Failure, "bank", ["-w", "3", "-t", "1"])
    check_common(Failure, what, stats, records, issues)
    got = [(c, w) for c, w, _ in issues[:5]]
    want = [(6, 0), (7, 1), (8, 2), (10, 0), (11, 1)]
    if got != want:
        raise Failure("%s: first issues %r, expected %r" % (what, got, want))
    if stats["stall_bank"] < 1:
        raise Failure("%s: no bank stall counted" % what)
    # the rule everywhere: a two-source add never precedes a same-parity issue
    by_cycle = {c: (w, records[rid]["labels"]) for c, w, rid in issues}
    for c, (w, label) in by_cycle.items():
        nxt = by_cycle.get(c + 1)
        if " add " in label and nxt and nxt[0] % 2 == w % 2:
            raise Failure("%s: warps %d and %d share a bank in cycles %d, %d"
                          % (what, w, nxt[0], c, c + 1))


def fp_bank(ctx, simty, Failure):
    """fp_bank.S, W = 3, T = 1: every fmadd.d reads three registers from its
    warp's bank over three cycles, so neither of the next two issues may
    come from a warp of its parity.  w0, w1 issue their first fmadd at 6
    and 7; nothing issues at 8 (w0 still reads the even bank, w1 the odd
    one)."""
    what = "fp bank W=3"
    stats, records, issues = run_traced(ctx, simty, Failure, "fp_bank", ["-w", "3", "-t", "1"])
    check_common(Failure, what, stats, records, issues)
    if [(c, w) for c, w, _ in issues[:2]] != [(6, 0), (7, 1)] or issues[2][0] <= 8:
        raise Failure("%s: first issues %r" % (what, [(c, w) for c, w, _ in issues[:4]]))
    if stats["stall_bank"] < 1:
        raise Failure("%s: no bank stall counted" % what)
    by_cycle = {c: (w, records[rid]["labels"]) for c, w, rid in issues}
    fmadds = 0
    for c, (w, label) in by_cycle.items():
        if " fmadd.d " not in label:
            continue
        fmadds += 1
        for k in (1, 2):
            nxt = by_cycle.get(c + k)
            if nxt and nxt[0] % 2 == w % 2:
                raise Failure("%s: warp %d issues at %d, %d cycles after warp %d's fmadd.d"
                              % (what, nxt[0], c + k, k, w))
    if fmadds != 9:
        raise Failure("%s: %d fmadd.d issued, expected 9" % (what, fmadds))


def tests(ctx, simty, Failure):
    out = []
    for W in (8, 12, 16):
        out.append(("timing steady W=%d" % W, lambda W=W: steady(ctx, simty, Failure, W)))
    # dependent.S: issues 4, 6, 8; `addi t3, t2` is ready at 10 but t2 is
    # written back at 8 + 4 = 12; then 14, 16, 18; ecall waits for a0
    # (li a0 at 18, written at 22), executes at 26: 27 cycles; the words
    # after it issue at 24 and 26 and are cut off.  Stalls: the scoreboard at
    # 10, 11, 20, 21; the buffer is empty in the other 27 - 10 - 4 = 13.
    out.append(("timing dependent", lambda: single_warp(
        ctx, simty, Failure, "dependent", [], [4, 6, 8, 12, 14, 16, 18, 22, 24, 26],
        {"cycles": 27, "stall_scoreboard": 4, "stall_empty": 13, "squashed": 2,
         "redirects": 0})))
    # branch.S: beqz issues at 6 and commits at 11 with a redirect; the
    # target is steered at 11 and issues at 14 (instead of 8).  The two
    # instructions issued meanwhile (8, 10) are squashed at 12 and 14; the
    # third one fetched is dropped at predecode.  Then 16, 18, and ecall at
    # 22 (a0): 27 cycles, with the words after ecall cut off at 24 and 26.
    out.append(("timing branch", lambda: single_warp(
        ctx, simty, Failure, "branch", [], [4, 6, 8, 10, 14, 16, 18, 22, 24, 26],
        {"cycles": 27, "squashed": 4, "redirects": 1, "stall_scoreboard": 2})))
    # load.S, --mem-latency 10: lui at 4 (written at 8), lw waits for a2 and
    # issues at 8; its warp sleeps until 8 + 7 + 10 = 25, so the independent
    # addi (ready at 10) stalls on the pending load for 15 cycles and issues
    # at 25; the dependent addi at 27, li 29, 31, ecall 35 (a0 at 35),
    # executed at 39: 40 cycles (the words after ecall: 37, 39, cut off).
    out.append(("timing load", lambda: single_warp(
        ctx, simty, Failure, "load", ["--mem-latency", "10"],
        [4, 8, 25, 27, 29, 31, 35, 37, 39],
        {"cycles": 40, "stall_load": 15, "stall_scoreboard": 4, "loads": 1,
         "load_latency_sum": 17, "squashed": 2})))
    out.append(("timing bank", lambda: bank(ctx, simty, Failure)))
    # fp_dependent.S with --fp-latency fma=L: fmv.w.x at 4 (misc, latency 1:
    # ft0 written at 8); the first fadd.d waits for it (stalls 6, 7) and
    # issues at 8; its result is written at 8 + 4 + (L - 1) = 11 + L, when
    # the second issues (stalls 10 .. 10 + L); li 13 + L, 15 + L; ecall at
    # 19 + L (a0), executed at 23 + L: 24 + L cycles; 5 + L scoreboard
    # stalls, and the two words after ecall cut off.
    for L in (1, 4, 10):
        out.append(("timing fp latency fma=%d" % L, lambda L=L: single_warp(
            ctx, simty, Failure, "fp_dependent", ["--fp-latency", "fma=%d" % L],
            [4, 8, 11 + L, 13 + L, 15 + L, 19 + L, 21 + L, 23 + L],
            {"cycles": 24 + L, "stall_scoreboard": 5 + L, "squashed": 2, "redirects": 0})))
    out.append(("timing fp bank (three sources)", lambda: fp_bank(ctx, simty, Failure)))

    def fp_long_latency():
        # fp_longlat.S at --fp-latency div=1000 on 1 x 1: the warp waits ~1000
        # cycles on the scoreboard and nothing else changes, which the
        # deadlock watch (every 64 x harts cycles) must not take for a deadlock
        elf = programs.asm_elf("timing", "fp_longlat")
        for lat in (16, 1000):
            r = simty(ctx, elf, ["-m", "cycle", "-w", "1", "-t", "1", "--fp-latency",
                                 "div=%d" % lat])
            if r.status != 0 or not r.stats or r.stats["cycles"] < lat:
                raise Failure("fp_longlat div=%d: status %d, cycles %s %s" % (
                    lat, r.status, r.stats and r.stats["cycles"], r.err.strip()))

    out.append(("timing fp latency 1000: no false deadlock", fp_long_latency))
    return out + trace_tests(ctx, simty, Failure)


# ---------------------------------------------------------------- traces --

STAGES = ["St", "If", "Pb", "Is", "O1", "O2", "Ex", "Wb", "Cm"]


def parse_commits(path, T, Failure):
    """Per hart, the committed (pc, raw, value written) in commit order."""
    harts = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            left, sep, right = line.rstrip("\n").partition(" ; ")
            head = left.split(" ")
            if not sep or len(head) < 4 or not head[1].startswith("w"):
                raise Failure("%s:%d: malformed line %r" % (path, n, line))
            warp, pc, raw = int(head[1][1:]), head[2], head[3]
            fields = right.split(" ")
            if not fields[0].startswith("mask="):
                raise Failure("%s:%d: no mask in %r" % (path, n, line))
            mask = int(fields[0][5:], 16)
            values = dict(kv.split("=") for kv in fields[2:]) if len(fields) > 2 else {}
            for lane in range(T):
                if mask >> lane & 1:
                    harts.setdefault(warp * T + lane, []).append(
                        (pc, raw, values.get(str(lane))))
    return harts


def commit_traces_agree(ctx, simty, Failure, elf, w, t):
    """The three models commit the same instructions with the same register
    writes, hart by hart.  For programs whose threads never communicate (the
    ISA tests): the first hart to write tohost ends the run, so each hart's
    sequence is a prefix of the longest one."""
    name = os.path.basename(elf)
    seqs = {}
    for model in ("scalar", "simt", "cycle"):
        path = os.path.join(ctx.tmp, "%s-%dx%d-%s.commits" % (name, w, t, model))
        r = simty(ctx, elf, ["-m", model, "-w", str(w), "-t", str(t), "--trace-commits", path])
        if r.status != 0:
            raise Failure("%s %s: status %d %s" % (name, model, r.status, r.err.strip()))
        seqs[model] = parse_commits(path, t, Failure)
        os.unlink(path)
        total = sum(len(v) for v in seqs[model].values())
        if total != r.stats["thread_instructions"] or total == 0:
            raise Failure("%s %s: %d thread commits traced, %d counted"
                          % (name, model, total, r.stats["thread_instructions"]))
    for hart in range(w * t):
        ref = max((seqs[m].get(hart, []) for m in seqs), key=len)
        for model in seqs:
            got = seqs[model].get(hart, [])
            if got != ref[:len(got)]:
                i = next(k for k in range(len(got)) if got[k] != ref[k])
                raise Failure("%s %s hart %d: commit %d is %r, another model %r"
                              % (name, model, hart, i, got[i], ref[i]))


def kanata_divergent(ctx, simty, Failure):
    """A Kanata trace of a divergent kernel with memory replays (the
    data-dependent bins and atomics of examples/histogram.c; a ninth of the
    warp-instructions of the gathers of examples/memory.c, whose 25 M-line
    log took a minute to check) is complete and shows stages and replays."""
    elf = programs.example_elf("histogram", "-O2")
    trace = os.path.join(ctx.tmp, "histogram.kanata")
    r = simty(ctx, elf, ["-m", "cycle", "-w", "2", "-t", "8", "--trace-kanata", trace])
    if r.status != 0:
        raise Failure("histogram: status %d %s" % (r.status, r.err.strip()))
    records, issues = parse_kanata(trace, Failure)
    os.unlink(trace)
    st = r.stats
    check_common(Failure, "kanata histogram", st, records, issues)
    retired = [rec for rec in records.values() if rec["end"][1] == 0]
    if len(retired) != st["warp_instructions"] - st["squashed"]:
        raise Failure("kanata: %d retired records, %d executed slots"
                      % (len(retired), st["warp_instructions"] - st["squashed"]))
    for rec in retired:
        names = [s for _, s in rec["stages"]]
        # the last instruction executes in the last cycle: no commit stage
        want = STAGES if rec["end"][0] <= st["cycles"] - 1 else STAGES[:-1]
        if names[:len(want)] != want:
            raise Failure("kanata: retired record with stages %r" % names)
        if "[mask " not in rec["labels"]:
            raise Failure("kanata: no lane mask in label %r" % rec["labels"])
    replays = sum("[replay]" in rec["labels"] for rec in retired)
    partial = sum("lanes replay: memory" in rec["labels"] for rec in retired)
    if replays == 0 or partial == 0 or st["replays_memory"] != partial:
        raise Failure("kanata: %d replay passes, %d partial passes marked, %d memory replays"
                      % (replays, partial, st["replays_memory"]))
    loads = [rec for rec in retired if any(s == "Ld" for _, s in rec["stages"])]
    if len(loads) != st["loads"]:
        raise Failure("kanata: %d records reach Ld, %d loads" % (len(loads), st["loads"]))


def kanata_ends(ctx, simty, Failure, kind, name, args, status):
    """A run that ends early (guest fault, cycle limit) still writes a
    complete log: every record ends, time only moves forward."""
    trace = os.path.join(ctx.tmp, "%s-end.kanata" % name)
    r = simty(ctx, programs.asm_elf(kind, name), ["-m", "cycle", "--trace-kanata", trace] + args)
    if r.status != status:
        raise Failure("%s: status %d, expected %d" % (name, r.status, status))
    records, _ = parse_kanata(trace, Failure)
    os.unlink(trace)
    last = max(rec["end"][0] for rec in records.values())
    if last > r.stats["cycles"] + 2:
        raise Failure("%s: log runs to cycle %d, the run to %d" % (name, last, r.stats["cycles"]))


def kanata_window(ctx, simty, Failure, tag="window"):
    """--trace-from/--trace-to: the Kanata log holds exactly the records of
    the full log that start (are fetched) in the window, each complete."""
    elf = programs.example_elf("saxpy", "-O2")
    base = ["-m", "cycle", "-w", "2", "-t", "4"]
    full = os.path.join(ctx.tmp, "saxpy-%s-full.kanata" % tag)
    win = os.path.join(ctx.tmp, "saxpy-%s.kanata" % tag)
    lo, hi = 30000, 30400
    for path, extra in ((full, []), (win, ["--trace-from", str(lo), "--trace-to", str(hi)])):
        r = simty(ctx, elf, base + ["--trace-kanata", path] + extra)
        if r.status != 0:
            raise Failure("saxpy: status %d %s" % (r.status, r.err.strip()))
    want = [rec for _, rec in sorted(parse_kanata(full, Failure)[0].items())
            if lo <= rec["start"] < hi]
    got = [rec for _, rec in sorted(parse_kanata(win, Failure)[0].items())]
    os.unlink(full)
    if tag == "window":
        os.unlink(win)
    strip = lambda recs: [(r["warp"], r["stages"], r["labels"], r["end"]) for r in recs]  # noqa
    if len(want) < 100 or strip(got) != strip(want):
        raise Failure("window [%d, %d): %d records, the full log has %d there"
                      % (lo, hi, len(got), len(want)))
    return win


def commits_window(ctx, simty, Failure):
    """--trace-from/--trace-to on the commit trace of every model: exactly
    the lines of the full trace whose cycle is in the window."""
    elf = programs.example_elf("saxpy", "-O2")
    for model, lo, hi in (("scalar", 4000, 4100), ("simt", 9000, 9200), ("cycle", 30000, 30400)):
        paths = []
        for extra in ([], ["--trace-from", str(lo), "--trace-to", str(hi)]):
            path = os.path.join(ctx.tmp, "saxpy-%s-%d.commits" % (model, len(extra)))
            r = simty(ctx, elf, ["-m", model, "-w", "2", "-t", "4", "--trace-commits", path]
                      + extra)
            if r.status != 0:
                raise Failure("saxpy %s: status %d %s" % (model, r.status, r.err.strip()))
            with open(path) as f:
                paths.append(f.read().splitlines())
            os.unlink(path)
        full, got = paths
        want = [line for line in full if lo <= int(line.split(" ")[0]) < hi]
        if len(want) < 20 or got != want:
            raise Failure("%s: %d lines in [%d, %d), the full trace has %d there"
                          % (model, len(got), lo, hi, len(want)))


def trace_roi(ctx, simty, Failure):
    """--trace-roi: the commit trace holds the region of interest's
    thread-instructions (tests/stats/roi.S), on every model; the Kanata log
    only records fetched while it is open."""
    elf = programs.asm_elf("stats", "roi")
    for model in ("scalar", "simt", "cycle"):
        path = os.path.join(ctx.tmp, "roi-%s.commits" % model)
        r = simty(ctx, elf, ["-m", model, "-w", "1", "-t", "4", "--trace-roi",
                             "--trace-commits", path])
        with open(path) as f:
            lines = f.read().splitlines()
        os.unlink(path)
        lanes = sum(bin(int(line.split("mask=")[1].split(" ")[0], 16)).count("1")
                    for line in lines)
        if r.status != 0 or not r.stats["roi"] or lanes != r.stats["roi"]["thread_instructions"]:
            raise Failure("%s: %d thread-instructions traced, the ROI has %s"
                          % (model, lanes, r.stats["roi"]))
    path = os.path.join(ctx.tmp, "roi.kanata")
    full = os.path.join(ctx.tmp, "roi-full.kanata")
    simty(ctx, elf, ["-w", "1", "-t", "4", "--trace-kanata", full])
    r = simty(ctx, elf, ["-w", "1", "-t", "4", "--trace-roi", "--trace-kanata", path])
    recs = list(parse_kanata(path, Failure)[0].values())
    labels = [rec["labels"] for rec in parse_kanata(full, Failure)[0].values()]
    os.unlink(path)
    os.unlink(full)
    # fetched after the opening csrwi (0x80000004) executed: nothing at or before it
    if not recs or len(recs) >= len(labels) or any(
            int(rec["labels"].split(" ")[1], 16) <= 0x80000004 for rec in recs):
        raise Failure("kanata --trace-roi: %d of %d records: %r"
                      % (len(recs), len(labels), [rec["labels"] for rec in recs]))


def kanata_text_seek(ctx, simty, Failure):
    """tools/kanata_text.py renders the same text whether it seeks (the
    default) or parses the whole log, at windows from start to past the end,
    on a windowed log and under a long memory latency.  Small scan chunks, so that seeking crosses many."""
    elf = programs.example_elf("saxpy", "-O2")
    log = os.path.join(ctx.tmp, "saxpy-text.kanata")
    r = simty(ctx, elf, ["-m", "cycle", "-w", "2", "-t", "4", "--trace-kanata", log])
    if r.status != 0:
        raise Failure("saxpy: status %d" % r.status)
    tool = [sys.executable, os.path.join(programs.ROOT, "tools", "kanata_text.py")]
    end = r.stats["cycles"]
    cases = [(log, c, n) for c, n in ((0, 40), (5, 7), (end // 3, 60), (end // 2 + 1, 33),
                                      (end - 30, 60), (end + 10, 20))]
    win = kanata_window(ctx, simty, Failure, "seek")
    cases.append((win, 30100, 80))
    # loads that wait 1000 cycles with no line in the log: records alive in
    # the window that started long before it
    slow = os.path.join(ctx.tmp, "saxpy-slow.kanata")
    r = simty(ctx, elf, ["-m", "cycle", "-w", "2", "-t", "4", "--mem-latency", "1000",
                         "--trace-to", "60000", "--trace-kanata", slow])
    if r.status != 0:
        raise Failure("saxpy --mem-latency 1000: status %d" % r.status)
    cases += [(slow, 20000, 40), (slow, 30000, 40)]
    for path, first, n in cases:
        outs = []
        for extra in ([], ["--no-seek"]):
            p = subprocess.run(tool + [path, "--from", str(first), "--cycles", str(n)] + extra,
                               capture_output=True, text=True,
                               env=dict(os.environ, KANATA_TEXT_CHUNK="65536"))
            if p.returncode != 0:
                raise Failure("kanata_text.py failed: %s" % p.stderr)
            outs.append(p.stdout)
        rows = len(outs[0].splitlines()) - 1
        if outs[0] != outs[1] or (first < end and rows < 3):
            raise Failure("kanata_text.py --from %d --cycles %d: %d rows; seek and full parse "
                          "differ:\n%s\n---\n%s" % (first, n, rows, outs[0], outs[1]))
    os.unlink(log)
    os.unlink(win)
    os.unlink(slow)


def trace_tests(ctx, simty, Failure):
    out = [("trace kanata divergent", lambda: kanata_divergent(ctx, simty, Failure)),
           ("trace kanata window", lambda: kanata_window(ctx, simty, Failure)),
           ("trace commits window", lambda: commits_window(ctx, simty, Failure)),
           ("trace roi", lambda: trace_roi(ctx, simty, Failure)),
           ("trace kanata_text seek", lambda: kanata_text_seek(ctx, simty, Failure))]
    for name in ("ebreak", "illegal", "unmapped_store"):
        out.append(("trace kanata fault %s" % name, lambda name=name: kanata_ends(
            ctx, simty, Failure, "bad", name, ["-w", "1", "-t", "1"], 121)))
    out.append(("trace kanata max-cycles", lambda: kanata_ends(
        ctx, simty, Failure, "bad", "forever",
        ["-w", "2", "-t", "1", "--mem-latency", "100000", "--max-cycles", "3000"], 124)))
    for elf in programs.isa_elfs():
        # lowmem needs --mem; zicsr computes with mcycle, which is model time
        if not elf.endswith(("lowmem.elf", "zicsr.elf")):
            out.append(("trace commits %s" % os.path.basename(elf),
                        lambda elf=elf: commit_traces_agree(ctx, simty, Failure, elf, 2, 4)))
    return out
