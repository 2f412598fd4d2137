"""Statistics on hand-checked micro-programs (tests/stats/*.S).

Each expectation below was worked out by hand from the program text and the
rules of spec sections 3-6; the derivations are in the comments."""

import os

import programs

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
    # la(2) slli add lw(1) lw(1) slli add lw(4) sb(4) amoadd(4) li li ecall.
    ("memory", ["-w", "1", "-t", "4"], {
        "warp_instructions": 23, "thread_instructions": 56,
        "lane_histogram": [12, 0, 0, 11], "memory_requests": 14, "memory_lanes": 20,
        "replays_memory": 9, "max_paths": 2}),
    # block coalescer: the stride-2 load and the byte store take 2 passes of
    # 2 lanes (two lanes per 16-byte block); atomics stay lane by lane.
    ("memory", ["-w", "1", "-t", "4", "--coalescer", "block"], {
        "warp_instructions": 19, "thread_instructions": 56,
        "lane_histogram": [4, 4, 0, 11], "memory_requests": 10, "memory_lanes": 20,
        "replays_memory": 5}),
    # indirect.S, T=4: la(2) andi slli add (4 lanes); jr: 2 passes of 2 lanes
    # (replay of the odd lanes first: its PC is lower); tgt_a addi, j; tgt_b
    # addi, j (2 lanes each); li li ecall (4).
    ("indirect", ["-w", "1", "-t", "4"], {
        "warp_instructions": 14, "thread_instructions": 44,
        "lane_histogram": [0, 6, 0, 8], "replays_indirect": 1, "replays_memory": 0,
        "divergent_branches": 0}),
    # cct.S, T=4, W=1, hct: the warp issues every cycle, so the offline sorter
    # never runs and the CCT behaves as a stack: L1 and L2 are pushed, L0
    # then L3 run, and L2 then L1 are popped late (20 slots, see the
    # derivation in the issue-3 closing note).
    ("cct", ["-w", "1", "-t", "4"], {
        "warp_instructions": 20, "thread_instructions": 38,
        "lane_histogram": [11, 3, 3, 3], "divergent_branches": 3, "max_paths": 4,
        "cct_pushes": 2, "cct_pops": 2, "cct_swaps": 0}),
    # ideal sorted list: L0, L1, L2, L3 in PC order, reconverging at once.
    ("cct", ["-w", "1", "-t", "4", "--paths", "ideal"], {
        "warp_instructions": 17, "thread_instructions": 38,
        "lane_histogram": [8, 2, 2, 5], "divergent_branches": 3, "max_paths": 4,
        "cct_pushes": 0, "cct_pops": 0}),
]


def tests(ctx, simty, Failure):
    out = []
    for name, args, want in CASES:
        elf = programs.asm_elf("stats", name)

        def t(elf=elf, args=args, want=want, name=name):
            r = simty(ctx, elf, args)
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
        out.append(("stats %s %s" % (name, " ".join(args)), t))
    return out
