"""The machine-mode trap suite (tests/trap/*.S, issue 14).

Self-checking programs in the style of the standard test environments
(tests/isa/test.h: pass and fail through tohost and the finisher):

- exceptions.S: every exception cause a direct-mode handler can see on one
  hart (ecall, ebreak, illegal instruction, load/store access faults,
  misaligned AMO and LR, instruction access fault) with mepc and mtval,
  mstatus across a trap, and a nested trap with mret;
- timer.S: a vectored table, the CLINT machine timer waited for with wfi,
  the software interrupt, their priority, mstatus.MIE masking and the
  M-mode CSRs a standard environment touches;
- lanes.S: every hart runs; odd harts execute an illegal instruction, harts
  3k load from an unmapped address, each hart's own timer interrupts it,
  even harts ecall: traps taken by some threads of a warp only;
- misaligned.S: odd harts load and store at a misaligned address: executed
  in hardware by default (and on QEMU), exceptions 4 and 6 with mtval the
  address under --misaligned trap (run both ways);
- wrs_timer.S: every hart waits for its own timer interrupt in an lr.w /
  wrs.nto loop (a pending enabled interrupt ends a wrs wait); wrs_nomie.S,
  the same with interrupts disabled, must be a deadlock reported at once,
  not a wait for a timer nobody can take;
- self_branch.S: every hart waits for its own timer interrupt in a
  conditional branch to itself (`bnez s7, .`) with interrupts enabled: it
  must take the interrupt, not park; self_branch_nomie.S, the same with
  interrupts disabled, must end `parked` (status 0) as `j .` does;
- fp_illegal.S: illegal FP instructions (rm = dyn with frm 5..7, static rm
  5 and 6, FP instructions and FP CSRs with mstatus.FS = Off): cause 2 at the
  instruction, destination and fflags untouched;
- compressed.S (built rv32imac): traps of a compressed program: c.ebreak,
  illegal compressed instructions (mtval the 16-bit parcel), an illegal
  32-bit one straddling two words, a fetch fault on the second half of a
  32-bit instruction (mtval that half);
- counters.S: counter writes (issue 32 item 7): minstret, minstreth,
  mcycle and mcycleh written low then high to all ones as riscv-tests'
  instret_overflow does, read back: the write replaces the writer's own
  increment for either half, and the counters carry across the halves
  (simty only: QEMU without -icount counts host ticks);
- trap_loop.S: a handler whose first instruction faults, entered by
  ebreak on every hart (trap_loop_fetch.S: a handler at an unmapped
  address): a guest fault naming the trap loop (status 121) at once on
  every model at 1x1 and 2x4, not a run that never ends;
- trap_nest.S: a handler whose second instruction faults, entered by
  ebreak on every hart: each trap nests one deeper without an mret; the
  64th nested one is a guest fault naming the depth, the thread and the
  PCs (status 121, exit_reason fault, one line) on every model at 1x1 and
  2x4, not a run that never ends or a deadlock;
- timer_selfloop.S: every hart arms its timer, enables interrupts and
  loops on `j .`: it takes the interrupt (the loop waits, it does not park
  the thread), on every model whatever its timing, and on QEMU;
  timer_selfloop_nohandler.S, the same with mtvec = 0: the fetch fault at
  address 0 (status 121) on every model at 1x1 and 2x4, not "parked";
- simty_only.S: where QEMU (which has C, S and U) legitimately differs:
  misaligned jump and branch targets (some lanes of a warp), satp, mtval of
  illegal instructions and ebreak, mepc's WARL bits, counter writes and
  mcountinhibit.

Each runs on every model at several shapes (one warp of one thread up to
4 x 32, several cores, quanta on host threads, a memory hierarchy), and the
numbers of exceptions and interrupts taken (statistics JSON) must be the
ones the program makes, the same on every model; the first three also run
on QEMU -M virt -bios none at 1 to 8 harts with the same result.
"""

import re

import programs

CONFIGS = [
    ["-m", "scalar", "-w", "1", "-t", "1"],
    ["-m", "scalar", "-w", "2", "-t", "4"],
    ["-m", "simt", "-w", "1", "-t", "1"],
    ["-m", "simt", "-w", "2", "-t", "4"],
    ["-m", "simt", "-w", "4", "-t", "32"],
    ["-m", "cycle", "-w", "1", "-t", "1"],
    ["-m", "cycle", "-w", "2", "-t", "4"],
    ["-m", "cycle", "-w", "4", "-t", "32"],
    ["-m", "cycle", "-w", "3", "-t", "2", "--mem-latency", "20"],
    ["-m", "cycle", "-w", "4", "-t", "8", "--memory", "ddr4-3200"],
    ["-m", "simt", "--cores", "3", "-w", "2", "-t", "3", "--host-threads", "2",
     "--host-threads-min", "1"],
    ["-m", "cycle", "--cores", "4", "-w", "2", "-t", "4", "--quantum", "4",
     "--host-threads", "2", "--host-threads-min", "1"],
]

# (programs that stop at once: every model at 1x1 and 2x4)
LOOP_CONFIGS = [["-m", m, "-w", w, "-t", t] for m in ("scalar", "simt", "cycle")
                for w, t in (("1", "1"), ("2", "4"))]

QEMU_SMP = {"fp_illegal": (1, 4), "exceptions": (1, 4), "timer": (1, 4), "lanes": (1, 4, 8),
            "misaligned": (1, 4), "compressed": (1, 4), "timer_selfloop": (1, 4),
            "self_branch": (1, 4)}


def harts(cfg):
    n = 1
    for opt in ("--cores", "-w", "-t"):
        if opt in cfg:
            n *= int(cfg[cfg.index(opt) + 1])
    return n


def expected(name, n):
    """(exceptions, interrupts) the program takes on n harts."""
    if name == "exceptions":
        return 10, 0  # 8 causes, then a nested pair
    if name == "timer":
        return 1, 6  # one ecall; 3 ticks, 1 software, software + timer
    if name == "lanes":
        odd, even, third = n // 2, (n + 1) // 2, (n + 2) // 3
        return odd + third + even, n
    if name == "simty_only":
        return n // 2 + 5, 0  # odd harts' branch; hart 0's five
    if name in ("wrs_timer", "self_branch"):
        return 0, n
    if name == "counters":
        return 0, 0
    if name == "timer_selfloop":
        return 0, n
    if name == "fp_illegal":
        return 8, 0  # frm 5/6/7 with dyn, static rm 5/6, three with FS = Off
    if name == "compressed":
        return 5, 0  # c.ebreak, three illegal, the fetch fault past RAM
    if name == "misaligned":
        return 0, 0  # executed in hardware
    if name == "misaligned trap":
        return 2 * (n // 2), 0  # odd harts' load and store
    raise KeyError(name)


def tests(ctx, run, simty, Failure):
    out = []
    for name in ("exceptions", "timer", "lanes", "simty_only", "misaligned", "misaligned trap",
                 "wrs_timer", "self_branch", "fp_illegal", "compressed", "counters", "timer_selfloop"):
        elf = programs.asm_elf("trap", name.split()[0])
        extra = ["--misaligned", "trap"] if name == "misaligned trap" else []
        for cfg in CONFIGS:
            def t(elf=elf, cfg=cfg + extra, name=name):
                r = simty(ctx, elf, cfg, timeout=300)
                if r.status != 0 or not r.stats or r.stats["exit_reason"] != "tohost":
                    raise Failure("%s %s: status %d (%s) %s" % (
                        name, " ".join(cfg), r.status, r.stats and r.stats["exit_reason"],
                        r.err.strip()))
                want = expected(name, harts(cfg))
                got = (r.stats["exceptions"], r.stats["interrupts"])
                if got != want:
                    raise Failure("%s %s: %d exceptions, %d interrupts taken; the program "
                                  "makes %d and %d" % ((name, " ".join(cfg)) + got + want))
            out.append(("trap %s %s" % (name, " ".join(cfg)), t))
        if name == "wrs_timer":
            elf = programs.asm_elf("trap", "wrs_nomie")
            for cfg in CONFIGS:
                def d(elf=elf, cfg=cfg):
                    r = simty(ctx, elf, cfg + ["--max-cycles", "2000000"], timeout=300)
                    if r.status != 122 or "deadlock" not in r.err:
                        raise Failure("wrs_nomie %s: status %d, expected a deadlock (122): %s"
                                      % (" ".join(cfg), r.status, r.err.strip()[-300:]))
                out.append(("trap wrs_nomie deadlock %s" % " ".join(cfg), d))
            for loop in ("trap_loop", "trap_loop_fetch"):
                loop_elf = programs.asm_elf("trap", loop)
                for cfg in LOOP_CONFIGS:
                    def f(elf=loop_elf, cfg=cfg, loop=loop):
                        r = simty(ctx, elf, cfg + ["--max-cycles", "2000000"], timeout=300)
                        if r.status != 121 or "a trap loop, every trap (mcause %d)" % (
                                1 if loop.endswith("fetch") else 5) not in r.err:
                            raise Failure("%s %s: status %d, expected a guest fault naming the "
                                          "trap loop (121): %s" % (loop, " ".join(cfg), r.status,
                                                                   r.err.strip()[-300:]))
                    out.append(("trap %s %s" % (loop, " ".join(cfg)), f))
            nest_elf = programs.asm_elf("trap", "trap_nest")
            for cfg in LOOP_CONFIGS:
                def n(elf=nest_elf, cfg=cfg):
                    r = simty(ctx, elf, cfg + ["--max-cycles", "2000000"], timeout=300)
                    # the fault names the thread, its pc in the handler, the depth, and
                    # the last trap's origin and handler (which is handler+4's)
                    m = re.search(r"guest fault: hart \d+, pc (0x[0-9a-f]{8}) <handler\+0x4> "
                                  r"\(lw t1,0\(zero\)\): load at unmapped address 0x00000000 "
                                  r"with 64 traps nested \(no mret since; the last one from pc "
                                  r"(0x[0-9a-f]{8}), mcause 5, to the handler at (0x[0-9a-f]{8})\)",
                                  r.err)
                    ok = m and m.group(1) == m.group(2) and \
                        int(m.group(3), 16) + 4 == int(m.group(1), 16)
                    reason = r.stats and r.stats["exit_reason"]
                    if r.status != 121 or reason != "fault" or not ok or \
                            len(r.err.strip().splitlines()) != 1:
                        raise Failure("trap_nest %s: status %d (%s), expected one line of guest "
                                      "fault naming 64 nested traps (121): %s" % (
                                          " ".join(cfg), r.status, reason, r.err.strip()[-400:]))
                out.append(("trap trap_nest %s" % " ".join(cfg), n))
        if name == "timer_selfloop":
            nh_elf = programs.asm_elf("trap", "timer_selfloop_nohandler")
            for cfg in LOOP_CONFIGS:
                def nh(elf=nh_elf, cfg=cfg):
                    r = simty(ctx, elf, cfg + ["--max-cycles", "2000000"], timeout=300)
                    if r.status != 121 or "fetch from unmapped address 0x00000000" not in r.err:
                        raise Failure("timer_selfloop_nohandler %s: status %d, expected the "
                                      "fetch fault at 0 (121): %s" % (" ".join(cfg), r.status,
                                                                     r.err.strip()[-300:]))
                out.append(("trap timer_selfloop_nohandler %s" % " ".join(cfg), nh))
        if name == "self_branch":
            nomie = programs.asm_elf("trap", "self_branch_nomie")
            for cfg in CONFIGS:
                def pk(elf=nomie, cfg=cfg):
                    r = simty(ctx, elf, cfg + ["--max-cycles", "2000000"], timeout=300)
                    if r.status != 0 or not r.stats or r.stats["exit_reason"] != "parked" or \
                            r.stats["interrupts"] != 0:
                        raise Failure("self_branch_nomie %s: status %d (%s), expected every "
                                      "thread parked (0): %s" % (
                                          " ".join(cfg), r.status,
                                          r.stats and r.stats["exit_reason"], r.err.strip()[-300:]))
                out.append(("trap self_branch_nomie parked %s" % " ".join(cfg), pk))
        if ctx.sanitized:
            continue
        for smp in QEMU_SMP.get(name, ()):
            def q(elf=elf, smp=smp, name=name):
                status, _, err = run([programs.QEMU_RUN, "--smp", str(smp), "--timeout", "60",
                                      elf], timeout=120)
                if status != 0:
                    raise Failure("%s on QEMU -smp %d: status %d %s" % (name, smp, status,
                                                                       err.strip()))
            out.append(("trap %s qemu smp%d" % (name, smp), q))
    return out

