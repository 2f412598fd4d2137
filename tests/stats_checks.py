"""Statistics on hand-checked micro-programs (tests/stats/*.S).

Each expectation below was worked out by hand from the program text and the
rules of spec sections 3-6; the derivations are in the comments."""

import os
import subprocess
import sys

import programs

# The lane histogram counts the lanes ACTIVE when a slot issues (spec 8), so
# a replay pass counts all the lanes still waiting for the instruction.
CASES = [
    # parity.S, T=4: andi, beqz (4 lanes); odd path addi, j (2 lanes, lower
    # PC first); even path addi (2 lanes); reconverged li, li, ecall (4).
    ("parity", ["-w", "1", "-t", "4"], {
        "warp_instructions": 8, "thread_instructions": 26, "cycles": 8,
        "lane_histogram": [0, 3, 0, 5], "divergent_branches": 1, "max_paths": 2,
        "simd_efficiency": 26 / 32, "cct_pushes": 0, "cct_pops": 0,
        "memory_requests": 0, "replays_memory": 0, "replays_indirect": 0}),
    # Two warps interleave round-robin; each does the same as above.
    ("parity", ["-w", "2", "-t", "4"], {
        "warp_instructions": 16, "thread_instructions": 52,
        "lane_histogram": [0, 6, 0, 10], "divergent_branches": 2}),
    # T=1: no divergence possible, every slot has one lane.
    ("parity", ["-w", "1", "-t", "1"], {
        "warp_instructions": 6, "thread_instructions": 6, "lane_histogram": [6],
        "divergent_branches": 0, "max_paths": 1}),
    # memory.S, T=4, simty coalescer: 14 instructions per thread; slots
    # la(2) slli add lw(1) lw(1) slli add (4 lanes each), then the stride-2
    # lw, the sb and the amoadd take a pass per lane (4, 3, 2, 1 lanes still
    # active), then li li ecall (4).
    ("memory", ["-w", "1", "-t", "4"], {
        "warp_instructions": 23, "thread_instructions": 56,
        "lane_histogram": [3, 3, 3, 14], "memory_requests": 14, "memory_lanes": 20,
        "replays_memory": 9, "max_paths": 2}),
    # block coalescer: the stride-2 load and the byte store take 2 passes of
    # 2 lanes (two lanes per 16-byte block: 4 then 2 active); atomics stay
    # lane by lane (4, 3, 2, 1).
    ("memory", ["-w", "1", "-t", "4", "--coalescer", "block"], {
        "warp_instructions": 19, "thread_instructions": 56,
        "lane_histogram": [1, 3, 1, 14], "memory_requests": 10, "memory_lanes": 20,
        "replays_memory": 5}),
    # misaligned.S, T=4: 12 instructions per thread; la(2) slli add xori
    # seqz add (4 lanes); the lw: a pass of lanes 0, 1, 3 (4 active), then
    # lane 2 alone (a misaligned lane spans two words: it is served alone);
    # the sw: lanes 0, 1 (4 active; lane 3 waits, as lane 2 writes part of
    # its word in a later pass), lane 2 (2 active), lane 3 (1); li li ecall.
    ("misaligned", ["-w", "1", "-t", "4"], {
        "warp_instructions": 15, "thread_instructions": 48,
        "lane_histogram": [2, 1, 0, 12], "memory_requests": 5, "memory_lanes": 8,
        "replays_memory": 3}),
    # block coalescer: lane 2's two words are in the leader's block: one
    # pass each
    ("misaligned", ["-w", "1", "-t", "4", "--coalescer", "block"], {
        "warp_instructions": 12, "thread_instructions": 48,
        "lane_histogram": [0, 0, 0, 12], "memory_requests": 2, "memory_lanes": 8,
        "replays_memory": 0}),
    # indirect.S, T=4: la(2) andi slli add (4 lanes); jr: a pass with 4
    # active lanes (the even ones go), then the replay with 2 (it runs first:
    # its PC is lower than the targets); tgt_a addi, j; tgt_b addi, j (2 lanes
    # each); li li ecall (4).
    ("indirect", ["-w", "1", "-t", "4"], {
        "warp_instructions": 14, "thread_instructions": 44,
        "lane_histogram": [0, 5, 0, 9], "replays_indirect": 1, "replays_memory": 0,
        "divergent_branches": 0}),
    # cct.S, T=4, W=1, hct.  The offline sorter steps after every commit that
    # neither pushes nor pops (the warp issues every cycle, so there is no
    # other idle cycle).  Slots (active lanes):
    #   1 andi(4) 2 beqz(4): L0 splits off; HCT1 = fall-through {1,2,3}
    #   3 addi(3) 4 beqz(3): L1 splits off; 3 paths: push L1
    #   5 addi(2)            sorter: L1 vs HCT2 L0, no swap
    #   6 beqz(2): L2 splits off; 3 paths: push L2 (CCT = L1, L2)
    #   7 j L3(1): HCT1 = L0, HCT2 = L3; sorter swaps L1 into HCT2 (swap 1)
    #   8 L0 addi(1)         sorter: L2 vs L1, no swap
    #   9 L0 j join(1): HCT1 = L1, HCT2 = join{0}; sorter swaps L3 in (2)
    #  10 L1 addi(1)         sorter swaps L2 in (3)
    #  11 L1 j join(1): HCT1 = L2, HCT2 = join{1} (join{0} sits in the CCT)
    #  12 L2 addi(1)         sorter swaps L3 in (4)
    #  13 L2 j join(1): HCT1 = L3, HCT2 = join{2}
    #  14 L3 addi(1): merges with join{2}; one path left: pop join{1}
    #  15 li a7 {2,3}(2): HCT1 = join{1}; sorter swaps join{0} in (5)
    #  16 li a7 {1}(1)  17 li a7 {0}(1): merges with join+4{1}; pop join+4{2,3}
    #  18 li a0 {0,1}(2) 19 li a0 {2,3}(2): all four merge  20 ecall(4)
    ("cct", ["-w", "1", "-t", "4"], {
        "warp_instructions": 20, "thread_instructions": 38,
        "lane_histogram": [10, 5, 2, 3], "divergent_branches": 3, "max_paths": 4,
        "cct_pushes": 2, "cct_pops": 2, "cct_swaps": 5}),
    # ideal sorted list: L0, L1, L2, L3 in PC order, each reconverging with
    # the others at join as soon as it gets there: 17 slots.
    # convergent.S, 8x4: every warp issues the five ALU instructions and the
    # parking `j .` with all 4 lanes, and the parking slot retires in every
    # lane (docs/pipeline.md): 8 x 6 = 48 slots, 48 x 4 = 192
    # thread-instructions, all slots in the 4-lane bin, efficiency exactly 1.
    ("convergent", ["-w", "8", "-t", "4"], {
        "warp_instructions": 48, "thread_instructions": 192,
        "lane_histogram": [0, 0, 0, 48], "simd_efficiency": 1.0,
        "divergent_branches": 0, "max_paths": 1}),
    ("cct", ["-w", "1", "-t", "4", "--paths", "ideal"], {
        "warp_instructions": 17, "thread_instructions": 38,
        "lane_histogram": [8, 2, 2, 5], "divergent_branches": 3, "max_paths": 4,
        "cct_pushes": 0, "cct_pops": 0}),
    # --paths ipdom against hct (docs/paths.md), T=4, 48 thread-instructions.
    # ipdom_cold.S: call, andi, beqz (4 lanes); the even lanes' cold block
    # lies after the join.  ipdom: the taken side first, cold addi, j (2),
    # then both sides meet at `join`, the region's point (one push, one
    # pop): 4 addi, ret, li, li, ecall (4): 13 slots, 48/52.  hct: the join
    # path (lower PC) runs 4 addi, ret (2 lanes); back at depth 0 the cold
    # path (depth 1, deeper) runs addi, j, 4 addi, ret (2) and meets it at
    # li: li, li, ecall (4): 18 slots, 48/72.
    ("ipdom_cold", ["-w", "1", "-t", "4", "--paths", "ipdom"], {
        "warp_instructions": 13, "thread_instructions": 48, "simd_efficiency": 48 / 52,
        "lane_histogram": [0, 2, 0, 11], "cct_pushes": 1, "cct_pops": 1, "max_paths": 2}),
    ("ipdom_cold", ["-w", "1", "-t", "4"], {
        "warp_instructions": 18, "thread_instructions": 48, "simd_efficiency": 48 / 72,
        "lane_histogram": [0, 12, 0, 6]}),
    # ipdom_cross.S: call, andi, bnez (4); `left` may skip `common` in the
    # graph, so the split's post-dominator is the return.  hct: left addi,
    # beqz (2), right addi, j (2, lower PC than common), merged at common:
    # 4 addi, ret, li, li, ecall (4): 15 slots, 52/60.  ipdom: right
    # (taken) addi, j, 4 addi (2), then left addi, beqz, 4 addi (2), merged
    # at the return: ret, li, li, ecall (4): 19 slots, 52/76.
    ("ipdom_cross", ["-w", "1", "-t", "4", "--paths", "ipdom"], {
        "warp_instructions": 19, "thread_instructions": 52, "simd_efficiency": 52 / 76,
        "lane_histogram": [0, 12, 0, 7], "cct_pushes": 1, "cct_pops": 1}),
    ("ipdom_cross", ["-w", "1", "-t", "4"], {
        "warp_instructions": 15, "thread_instructions": 52, "simd_efficiency": 52 / 60,
        "lane_histogram": [0, 4, 0, 11]}),
]


def tests(ctx, simty, Failure):
    out = []
    for name, args, want in CASES:
        elf = programs.asm_elf("stats", name)

        def t(elf=elf, args=args, want=want, name=name):
            r = simty(ctx, elf, ["-m", "simt"] + args)
            if r.status != 0 or not r.stats:
                raise Failure("%s: status %d %s" % (name, r.status, r.err.strip()))
            for key, value in want.items():
                got = r.stats[key]
                ok = abs(got - value) < 1e-6 if isinstance(value, float) else got == value
                if not ok:
                    raise Failure("%s %s: %s = %r, expected %r"
                                  % (name, " ".join(args), key, got, value))
            # the scalar model retires the same thread-instructions
            ref = simty(ctx, elf, ["-m", "scalar"] + args[:4])  # same shape
            if ref.stats["thread_instructions"] != r.stats["thread_instructions"]:
                raise Failure("%s: scalar model retires %d thread-instructions, simt %d"
                              % (name, ref.stats["thread_instructions"],
                                 r.stats["thread_instructions"]))
            # the cycle model runs the same paths in the same order (one
            # warp, so the offline sorter only matters with CCT entries)
            if r.stats["cct_pushes"] == 0:
                c = simty(ctx, elf, ["-m", "cycle"] + args)
                c.stats["warp_instructions"] -= c.stats["squashed"]  # slots that executed
                for key, value in want.items():
                    if key != "cycles" and c.stats[key] != r.stats[key]:
                        raise Failure("%s %s: cycle model %s = %r, simt %r"
                                      % (name, " ".join(args), key, c.stats[key], r.stats[key]))
        out.append(("stats %s %s" % (name, " ".join(args)), t))
    out.append(("stats memory hierarchy levels", lambda: memory_levels(ctx, simty, Failure)))
    for args, want in IGNORED_RUNS:
        out.append(("stats ignored options %s" % " ".join(args),
                    lambda args=args, want=want: ignored_options(ctx, simty, Failure, args, want)))
    out.append(("stats fetched bytes of compressed code",
                lambda: fetch_bytes(ctx, simty, Failure)))
    out.append(("stats misaligned load across two lines",
                lambda: misaligned_lines(ctx, simty, Failure)))
    for args in (["-m", "scalar", "-w", "1", "-t", "2"], ["-m", "simt", "-w", "1", "-t", "2"],
                 ["-m", "cycle", "-w", "1", "-t", "2"], ["-m", "cycle", "-w", "2", "-t", "1"],
                 ["-m", "simt", "-c", "2", "-w", "1", "-t", "1"],
                 ["-m", "cycle", "-c", "2", "-w", "1", "-t", "1"],
                 ["-m", "cycle", "-c", "2", "-w", "1", "-t", "1", "--quantum", "8"]):
        out.append(("stats wrs.nto woken by a same-value store %s" % " ".join(args),
                    lambda args=args: wrs_same_value(ctx, simty, Failure, args)))
    for name, args in BATCH_RUNS:
        out.append(("stats simt batches equal slots %s %s" % (name, " ".join(args)),
                    lambda name=name, args=args: batch_equal(ctx, simty, Failure, name, args)))
    for model in ("simt", "cycle"):
        out.append(("stats ipdom rejoins after start-up's semihosting call -m %s" % model,
                    lambda model=model: ipdom_startup(ctx, simty, Failure, model)))
        out.append(("stats ipdom forward progress through a semihosting call -m %s" % model,
                    lambda model=model: ipdom_call_spin(ctx, simty, Failure, model)))
    for model, delay in (("simt", 200), ("cycle", 1600)):
        out.append(("stats ipdom path woken during a call stops at the join -m %s delay %d"
                    % (model, delay),
                    lambda model=model, delay=delay: ipdom_call_wake(ctx, simty, Failure, model,
                                                                     delay)))
    out.append(("stats plug-in names round-trip (run, JSON, bench CSV, --merge)",
                lambda: plugin_round_trip(ctx, simty, Failure)))
    out.append(("stats unknown plug-in name lists the registered ones",
                lambda: plugin_bad_name(ctx, Failure)))
    return out


def ipdom_startup(ctx, simty, Failure, model):
    """--paths ipdom on a convergent kernel (docs/paths.md, "Waiting, exits
    and forward progress"): in crt0 hart 0 branches off to the C library's
    start-up, which makes a semihosting call, while its warp mates go to
    the branch's reconvergence point.  The call stalls the warp, so the
    mates cannot run past that point and the warp enters main whole: the
    region of interest runs exactly the slots it runs with hct, every one
    with all lanes (before the fix: 1.5x the slots at 2x8, 67%)."""
    elf = programs.workload_elf("saxpy")
    args = ["-m", model, "-w", "2", "-t", "8"]
    hct = simty(ctx, elf, args)
    ipdom = simty(ctx, elf, args + ["--paths", "ipdom"])
    for r in (hct, ipdom):
        if r.status != 0 or not r.stats:
            raise Failure("saxpy %s: status %d %s" % (" ".join(args), r.status, r.err.strip()))
    a, b = hct.stats["roi"], ipdom.stats["roi"]
    if b["warp_instructions"] != a["warp_instructions"] or b["simd_efficiency"] != 1.0:
        raise Failure("saxpy %s --paths ipdom: region of interest %d slots at %.3f SIMD "
                      "efficiency, hct %d slots at %.3f (the warp did not rejoin after "
                      "start-up)" % (" ".join(args), b["warp_instructions"],
                                     b["simd_efficiency"], a["warp_instructions"],
                                     a["simd_efficiency"]))


def build_c(ctx, Failure, name, defines):
    """tests/stats/NAME.c built with the SDK at -O2 and -D defines, in the
    run's scratch directory: the ELF's path."""
    tag = "-".join("%s%s" % kv for kv in sorted(defines.items()))
    elf = os.path.join(ctx.tmp, "%s-%s.elf" % (name, tag))
    cmd = [programs.SIMTY_CC, "-O2"] + ["-D%s=%s" % kv for kv in sorted(defines.items())] + \
        [os.path.join(programs.ROOT, "tests", "stats", name + ".c"), "-o", elf]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise Failure("building %s: %s" % (name, p.stderr.strip()[-800:]))
    return elf


def ipdom_call_spin(ctx, simty, Failure, model):
    """tests/stats/ipdom_call_spin.c: a wait loop that makes a semihosting
    call every round, its warp mate held under it by each call, ends by
    the forward-progress turn (the held path keeps its age)."""
    elf = build_c(ctx, Failure, "ipdom_call_spin", {"VARIANT": 1})
    args = ["-m", model, "-w", "1", "-t", "2", "--paths", "ipdom", "--max-cycles", "3000000"]
    r = simty(ctx, elf, args)
    if r.status != 0 or "done after" not in r.out:
        raise Failure("ipdom_call_spin %s: status %d, stdout %r, %s"
                      % (" ".join(args), r.status, r.out[-200:], r.err.strip()[-300:]))


def ipdom_call_wake(ctx, simty, Failure, model, delay):
    """tests/stats/ipdom_call_wake.c: a path whose wrs wait ends while its
    warp is stalled in a semihosting call is held too and stops at the
    join; the warp enters the region of interest whole, as with hct."""
    elf = build_c(ctx, Failure, "ipdom_call_wake", {"DELAY": delay, "CALLS": 400})
    args = ["-m", model, "-w", "2", "-t", "3"]
    for paths in ("hct", "ipdom"):
        r = simty(ctx, elf, args + ["--paths", paths])
        if r.status != 0 or not r.stats:
            raise Failure("ipdom_call_wake %s --paths %s: status %d %s"
                          % (" ".join(args), paths, r.status, r.err.strip()[-300:]))
        eff = r.stats["roi"]["simd_efficiency"]
        if eff < 0.99:
            raise Failure("ipdom_call_wake %s --paths %s (DELAY %d): region of interest at "
                          "%.3f SIMD efficiency, expected the warp whole (>= 0.99)"
                          % (" ".join(args), paths, delay, eff))


# ---- the plug-in registry (src/registry/plugins.c; `simty plugins`) ----
# The options that choose a plug-in by name, by registry kind.
PLUGIN_OPTIONS = ("paths", "priority", "steering", "coalescer")


def registered_plugins(ctx, Failure):
    """{kind: [names]} from `simty plugins` (one "KIND NAME HELP" a line)."""
    status, out, err = run_cmd([ctx.simty, "plugins"])
    kinds = {}
    for line in out.splitlines():
        fields = line.split(None, 2)
        if len(fields) != 3:
            raise Failure("simty plugins: line %r is not KIND NAME HELP" % line)
        kinds.setdefault(fields[0], []).append(fields[1])
    want = set(PLUGIN_OPTIONS) | {"replacement", "memory", "device"}
    if status != 0 or err or set(kinds) != want:
        raise Failure("simty plugins: status %d, kinds %s (expected %s), stderr %r"
                      % (status, sorted(kinds), sorted(want), err))
    return kinds


def run_cmd(cmd):
    import subprocess
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def plugin_round_trip(ctx, simty, Failure):
    """Every registered name of every option goes through --OPTION NAME ->
    --stats-json -> simty bench's CSV column -> bench --merge (CSV and
    Markdown) unchanged: no name is mapped to another one."""
    import csv
    import io
    kinds = registered_plugins(ctx, Failure)
    elf = programs.asm_elf("stats", "parity")
    for kind in PLUGIN_OPTIONS:
        names = kinds[kind]
        for name in names:
            r = simty(ctx, elf, ["-w", "1", "-t", "4", "--" + kind, name])
            # (steering is named only when it is not the default: output
            # of default runs is as it was before the option existed)
            got = r.stats and r.stats.get(kind, names[0] if kind == "steering" else None)
            if r.status != 0 or not r.stats or got != name or \
                    (kind == "steering" and (kind in r.stats) != (name != names[0])):
                raise Failure("--%s %s: status %d, JSON %s = %r" % (
                    kind, name, r.status, kind, got))
        table = os.path.join(ctx.tmp, "plugins-%s.csv" % kind)
        cmd = [ctx.simty, "bench", "-q", "-s", "1x4", "-f", "csv", "-o", table,
               "--" + kind, ",".join(names), elf]
        status, _out, err = run_cmd(cmd)
        with open(table) as f:
            text = f.read()
        rows = list(csv.DictReader(io.StringIO(text)))
        if status != 0 or [row[kind] for row in rows] != names:
            raise Failure("bench --%s %s: status %d, column %s %r %s" % (
                kind, ",".join(names), status, kind, [row[kind] for row in rows], err))
        status, merged, err = run_cmd([ctx.simty, "bench", "--merge", "-q", table])
        if status != 0 or merged != text:
            raise Failure("bench --merge of --%s's table: status %d, %s" % (kind, status, err))
        status, md, err = run_cmd([ctx.simty, "bench", "--merge", "-q", "-f", "md", table])
        lines = [l.split("|") for l in md.splitlines() if l.startswith("| parity |")]
        col = [c.strip() for c in md.splitlines()[0].split("|")].index(kind) \
            if len(names) > 1 else None
        if status != 0 or len(lines) != len(names) or \
                (col is not None and [l[col].strip() for l in lines] != names):
            raise Failure("bench --merge -f md of --%s's table: status %d\n%s%s"
                          % (kind, status, md, err))
    # the memory timing's kind in JSON
    for memory in ("ideal", "hbm2"):
        r = simty(ctx, elf, ["-w", "1", "-t", "4", "--memory", memory])
        got = r.stats and r.stats["memory"]["kind"]
        if r.status != 0 or got not in kinds["memory"] or \
                (got == "ideal") != (memory == "ideal"):
            raise Failure("--memory %s: status %d, memory kind %r" % (memory, r.status, got))


def plugin_bad_name(ctx, Failure):
    """An unknown name: one line that lists exactly the registered names,
    from simty run and simty bench, status 125."""
    kinds = registered_plugins(ctx, Failure)
    elf = programs.asm_elf("stats", "parity")
    for kind in PLUGIN_OPTIONS:
        names = kinds[kind]
        listed = names[0] if len(names) == 1 else \
            "%s or %s" % (", ".join(names[:-1]), names[-1])
        want = "simty: --%s: expected %s, got 'nosuch' (see simty --help)\n" % (kind, listed)
        for cmd in ([ctx.simty, "run", "--" + kind, "nosuch", elf],
                    [ctx.simty, "bench", "-q", "--" + kind, names[0] + ",nosuch", elf]):
            status, out, err = run_cmd(cmd)
            if status != 125 or err != want or out:
                raise Failure("%s: status %d, stderr %r, expected %r"
                              % (" ".join(cmd), status, err, want))


# The simt model runs straight-line register arithmetic of converged warps in
# batches, warp after warp (models/simt.c, simt_batch); a commit trace turns
# batching off.  Whole statistics, output and exit must be the same either way,
# also when a cycle limit stops the run in the middle of what would be a batch.
BATCH_RUNS = [
    # compressed and 32-bit instructions mixed
    ("stats:compressed", ["-w", "4", "-t", "8"]),
    ("stats:compressed", ["-w", "3", "-t", "5", "--max-cycles", "101"]),
    # (each of these runs batches: 255 to 8603 batches when the list was
    # made; batch_wrap's run has 2, both across the wrap)
    ("example:dot", ["-w", "3", "-t", "5", "--paths", "ideal"]),
    ("workload:matmul", ["-w", "16", "-t", "16", "--progress", "off"]),
    ("workload:matmul", ["-w", "8", "-t", "4"]),
    ("workload:vecadd", ["-w", "8", "-t", "32"]),
    ("bench:uniform", ["-w", "8", "-t", "32", "--max-cycles", "123457"]),
    ("bench:uniform", ["-w", "5", "-t", "7", "--spin-detect", "off", "--max-cycles", "30011"]),
    # a spin lock, one thread per warp: the spin detector counts every slot
    ("progress:filter_lock", ["-w", "4", "-t", "1"]),
    # minstret read by the guest between runs of batched arithmetic
    ("simt:instret_divergent-O2", ["-w", "2", "-t", "1"]),
    ("stats:batch_wrap", ["-w", "4", "-t", "8"]),  # exits 0 if right
    ("stats:batch_wrap", ["-w", "7", "-t", "3"]),
]
HOST_KEYS = ("sim_seconds", "host_")


def batch_elf(name):
    kind, prog = name.split(":")
    if kind == "example":
        return programs.example_elf(prog, "-O2")
    if kind == "workload":
        return programs.build_workload(prog)
    if kind == "progress":
        return programs.build_progress(prog)
    if kind == "bench":
        sys.path.insert(0, os.path.join(programs.ROOT, "bench"))
        import speed
        return speed.build(prog)
    return programs.asm_elf(kind, prog)


def batch_equal(ctx, simty, Failure, name, args):
    elf = batch_elf(name)
    plain = simty(ctx, elf, ["-m", "simt"] + args)
    traced = simty(ctx, elf, ["-m", "simt", "--trace-commits", os.devnull] + args)
    for r in (plain, traced):
        if not r.stats or r.stats["warp_instructions"] <= 0:
            raise Failure("%s %s: status %d, no statistics: %s" % (name, " ".join(args), r.status,
                                                                   r.err.strip()[-300:]))
    if "batch_wrap" in name and plain.status != 0:
        raise Failure("%s %s: status %d (a thread computed a wrong value)"
                      % (name, " ".join(args), plain.status))
    if (plain.status, plain.out) != (traced.status, traced.out):
        raise Failure("%s %s: status or output differ with batches (%d) and without (%d)"
                      % (name, " ".join(args), plain.status, traced.status))
    for key in plain.stats:
        if key.startswith(HOST_KEYS):
            continue
        if plain.stats[key] != traced.stats.get(key):
            raise Failure("%s %s: %s = %r with batches, %r slot by slot"
                          % (name, " ".join(args), key, plain.stats[key], traced.stats.get(key)))


def wrs_same_value(ctx, simty, Failure, args):
    """tests/stats/wrs_same_value.S: hart 0 waits in wrs.nto after lr.w until
    hart 1 stores the value the word holds; then its sc.w fails (exit 1).  It
    must have waited (wrs_wait_cycles), and been woken (no deadlock)."""
    r = simty(ctx, programs.asm_elf("stats", "wrs_same_value"), args + ["--max-cycles", "100000"])
    st = r.stats or {}
    if r.status != 1 or st.get("exit_reason") != "exit" or not st.get("wrs_wait_cycles"):
        raise Failure("%s: status %d (%s), wrs_wait_cycles %r, %s" % (
            " ".join(args), r.status, st.get("exit_reason"), st.get("wrs_wait_cycles"),
            r.err.strip()))


def fetch_bytes(ctx, simty, Failure):
    """The cycle model fetches one instruction per fetch, 2 or 4 bytes: the
    compressed loop (tests/stats/compressed.S: 5 of its 8 instructions are
    compressed) fetches fewer than 4 bytes per instruction; an rv32ima
    program exactly 4."""
    r = simty(ctx, programs.asm_elf("stats", "compressed"), ["-m", "cycle", "-w", "2", "-t", "4"])
    st = r.stats or {}
    if r.status != 0 or not st.get("fetches"):
        raise Failure("compressed: status %d %s" % (r.status, r.err.strip()))
    per = st["fetch_bytes"] / st["fetches"]
    if not 2.5 < per < 3.5:  # (wrong-path fetches included: about 2.75)
        raise Failure("compressed: %d bytes in %d fetches" % (st["fetch_bytes"], st["fetches"]))
    r = simty(ctx, programs.asm_elf("stats", "convergent"), ["-m", "cycle", "-w", "2", "-t", "4"])
    st = r.stats or {}
    if not st.get("fetches") or st["fetch_bytes"] != 4 * st["fetches"]:
        raise Failure("convergent: %r bytes in %r fetches" % (st.get("fetch_bytes"),
                                                             st.get("fetches")))


def misaligned_lines(ctx, simty, Failure):
    """A misaligned load and store spanning two 64-byte lines each look both
    lines up in the L1D (tests/stats/misaligned_line.S, one thread): 2 reads
    (both miss), 2 writes (of 1 and 3 bytes)."""
    elf = programs.asm_elf("stats", "misaligned_line")
    r = simty(ctx, elf, ["-w", "1", "-t", "1", "--memory", "ddr4-3200"])
    l1d = r.stats and r.stats["levels"]["l1d"]
    if r.status != 0 or (l1d["reads"], l1d["misses"], l1d["writes"]) != (2, 2, 2):
        raise Failure("status %d, l1d %r" % (r.status, l1d))
    if l1d["bytes"] != 2 * 64 + 4:  # the two lines the load missed filled, 1 + 3 bytes written
        raise Failure("l1d bytes %d, expected 132: %r" % (l1d["bytes"], l1d))


# Options a model ignores (README, "Options a model ignores"): one warning
# line each on stderr, however many cores, the list in --stats-json and a
# line each in --stats; options at their defaults, or used, are not listed.
IGNORED_RUNS = [
    (["-m", "simt", "-c", "2", "--memory", "hbm2", "--mem-set", "l2.size=256K",
      "--fp-latency", "fma=9", "--paths", "ideal"],
     [("memory", "simt model (only cycle)"), ("fp-latency", "simt model (only cycle)"),
      ("mem-set", "simt model (only cycle)")]),
    (["-m", "scalar", "--mem-latency", "20", "--coalescer", "block", "--memory", "ideal"],
     [("coalescer", "scalar model (only simt and cycle)"),
      ("mem-latency", "scalar model (only cycle)")]),
    (["-m", "cycle", "--progress", "off", "--progress-turn", "5", "--mem-latency", "3"],
     [("progress-turn", "with --progress off")]),
    (["-m", "cycle", "--memory", "hbm2", "--paths", "ideal"], []),
    # one core: quanta and host threads change nothing; one thread per warp:
    # no divergence, so no path option does
    (["-m", "cycle", "--host-threads", "2", "--quantum", "4"],
     [("host-threads", "on one core"), ("quantum", "on one core")]),
    (["-m", "simt", "-w", "4", "-t", "1", "--paths", "ideal", "--priority", "minpc"],
     [("paths", "with one thread per warp"), ("priority", "with one thread per warp")]),
    (["-m", "cycle", "-c", "2", "-w", "2", "-t", "2", "--host-threads", "2", "--quantum", "256",
      "--paths", "ideal", "--priority", "minpc"], []),
]


def ignored_options(ctx, simty, Failure, args, want):
    elf = programs.example_elf("fib", "-O2")
    r = simty(ctx, elf, args + ["--stats"])
    names = [n for n, _ in want]
    order = [n for n in ("host-threads", "quantum", "paths", "priority", "coalescer",
                         "progress-turn", "mem-latency", "fp-latency", "memory",
                         "mem-set") if n in names]  # simty_setting_name's order
    if r.status != 0 or not r.stats or r.stats.get("ignored_options") != order:
        raise Failure("status %d, ignored_options %r, expected %r" % (
            r.status, r.stats and r.stats.get("ignored_options"), order))
    warnings = [l for l in r.err.splitlines() if l.startswith("simty: warning: ")]
    shown = [l for l in r.err.splitlines() if l.startswith("  ignored option ")]
    for name, why in want:
        w = [l for l in warnings if l.startswith("simty: warning: --%s has no effect " % name)]
        s = [l for l in shown if l.split()[2] == "--" + name]
        if len(w) != 1 or why not in w[0] or len(s) != 1 or why not in s[0]:
            raise Failure("--%s: warnings %r, --stats lines %r (expected one each, %r)" % (
                name, w, s, why))
    if len(warnings) != len(want) or len(shown) != len(want):
        raise Failure("warnings %r, --stats lines %r; expected %d each" % (
            warnings, shown, len(want)))


def memory_levels(ctx, simty, Failure):
    """The memory levels' counters add up: every core's levels sum to the
    machine's, lookups are hits or misses, the region of interest is inside
    the run, and the ideal memory counts nothing."""
    elf = programs.workload_elf("histogram")
    ideal = simty(ctx, elf, ["-c", "2", "-w", "2", "-t", "4"])
    if ideal.stats["memory"]["kind"] != "ideal" or any(
            v for lv in ideal.stats["levels"].values() for k, v in lv.items()):
        raise Failure("the ideal memory counts memory levels: %r" % ideal.stats["levels"])
    r = simty(ctx, elf, ["-c", "2", "-w", "2", "-t", "4", "--memory", "ddr4-3200",
                         "--mem-set", "l1d.size=1K"])
    st = r.stats
    # the preset's name, marked '*' as --mem-set changed it
    if r.status != 0 or st["memory"]["preset"] != "ddr4-3200*" or \
            st["memory"]["l1d.size"] != 1024:
        raise Failure("status %d, memory %r" % (r.status, st and st["memory"]))
    for lv in ("l1i", "l1d", "l2", "dram"):
        tot = st["levels"][lv]
        for k in ("reads", "writes", "atomics", "hits", "misses", "bytes", "latency_count"):
            cores = sum(c["levels"][lv][k] for c in st["per_core"])
            if cores != tot[k]:
                raise Failure("%s.%s: cores sum to %d, machine %d" % (lv, k, cores, tot[k]))
            if st["roi_levels"][lv][k] > tot[k]:
                raise Failure("%s.%s: region of interest %d > run %d"
                              % (lv, k, st["roi_levels"][lv][k], tot[k]))
        if lv != "dram" and tot["hits"] + tot["misses"] != tot["reads"] + (
                tot["atomics"] if lv == "l2" else 0):
            raise Failure("%s: %d hits + %d misses != %d lookups" % (
                lv, tot["hits"], tot["misses"], tot["reads"]))
        if tot["reads"] == 0 or tot["latency_p99"] < tot["latency_p50"]:
            raise Failure("%s: %r" % (lv, tot))
    l1d = st["levels"]["l1d"]
    if l1d["latency_count"] != st["loads"]:
        raise Failure("l1d: %d load latencies for %d loads" % (l1d["latency_count"], st["loads"]))
    if not l1d["misses"] or not st["levels"]["l1d"]["hit_rate"] < 1:
        raise Failure("a 1 KiB L1D never misses: %r" % l1d)
