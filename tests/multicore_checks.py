"""The multi-core litmus suite (tests/multicore/*.c, issue 12).

With `simty run --cores C -w W -t T` the machine has C*W*T threads, hart id
(core*W + warp)*T + lane; every core runs the same program on one shared
memory.  The machine executes the cores in a fixed order within each cycle
and every memory access takes effect when it executes, so the whole machine
is sequentially consistent (SC): there is one total order of all memory
accesses, consistent with each thread's program order, and every load
returns the latest store before it in that order.  AMOs and LR/SC are
atomic across cores, a store is visible to every core at once, and
simty_barrier() (scope 0) waits for every thread of every core.  The
litmus programs check exactly that, pairing threads i and i + n/2, which
sit on different cores as soon as C >= 2:

- mp (message passing): the writer stores data words, then a flag with a
  store-release; the reader spins on the flag with load-acquire and reads
  the data.  Forbidden: flag of round r seen, data of an older round read.
  Release/acquire forbids it on any RISC-V machine; SC forbids it even
  without them (the data stores precede the flag store in the one order,
  the data loads follow the flag load).
- sb (store buffering): a: x=1; r1=y  b: y=1; r2=x.  Forbidden: r1=r2=0.
  Under SC, whichever store comes first in the one order precedes the
  other thread's load, so at least one load sees 1.  RVWMO allows 0/0
  without a fence (a store may wait in a store buffer while the later
  load goes ahead), and QEMU, whose multi-threaded TCG runs harts on host
  threads, can show it: the plain variant is strict only on the
  simulator (simty_on_simulator()); the variant with `fence rw,rw`
  between the store and the load is strict everywhere.  All four
  outcomes are counted and printed.
- atomics: amoadd, an explicit lr.w/sc.w increment loop, both mixed on one
  word, amoswap, amomax and amominu from every thread.  Forbidden: two
  threads getting the same old value from an increment (a lost update),
  a final value other than the sum / max / min of all operands, an
  amoswap value returned twice or never, a max word that shrinks.  An
  atomic read-modify-write is one indivisible access in the order, so
  each sees the previous one's result; an AMO between another thread's
  lr.w and sc.w changes the word, so that sc.w fails.
- barrier_all: phases separated by simty_barrier(); after each barrier every
  thread checks every thread's slot of this phase, while one late thread
  per phase writes its slot only after a delay.  Forbidden: a stale slot,
  which means someone passed the barrier before every thread of every
  core had arrived and written.
- aba: lr.w, then another thread stores the value the word holds, then
  sc.w: the sc.w must fail (reservations by address; a store to the next
  word must not clear it); QEMU checks reservations by value, so there the
  outcomes are only counted.
- misaligned: misaligned loads and stores of a thread's own bytes read back
  at once (also in long quanta, where they go through the forwarding map,
  and with --stack-interleave).
- lock: a test-and-test-and-set lock (amoswap.aq, store-release) shared by
  all threads protects plain read-delay-write updates.  Forbidden: two
  holders at once (overlap, lost updates) or a holder reading values older
  than the previous holder's.

Every program prints exactly one line, "NAME: PASS (...)" (exit 0), or
"NAME: FAIL (...)" (exit 1).  Each is also built broken on purpose
(-DLT_BREAK: the load before the store in sb, the data read before the
flag in mp, non-atomic read-modify-writes, a missing barrier, a lock
taken by a plain test then set; -DLT_BREAK_CORE in barrier_all: a barrier
of the core's threads only, caught only with two or more cores), and the
group checks that those builds report FAIL: every check can fail.

The group runs every program on the scalar, SIMT and cycle models at
SHAPES (cores, warps, threads): the one-core shapes run today, the
MULTI_CORE_SHAPES need `--cores`, which simty did not have when the suite
was written; `--cores C` is passed only when C > 1.  A probe asks
`simty run --help` and runs a two-core program once: if simty does not
take --cores, every multi-core test FAILS saying so (never skipped).  Also:
QEMU at -smp 4, and two cycle-model runs of the same program give
identical statistics (--stats-json without sim_seconds) and identical
output.  Under the sanitizers, fewer shapes and no QEMU.
"""

import os
import re
import threading

import programs
from progress_checks import OPTION_SETS, option_args

ONE_CORE_SHAPES = [(1, 1, 4), (1, 3, 3), (1, 2, 4), (1, 4, 8)]
MULTI_CORE_SHAPES = [(2, 2, 4), (4, 1, 8), (2, 8, 4), (4, 4, 8)]
SHAPES = ONE_CORE_SHAPES + MULTI_CORE_SHAPES
SANITIZED_SHAPES = [(1, 1, 4), (1, 4, 8), (2, 2, 4), (4, 1, 8)]
MODELS = ("scalar", "simt", "cycle")
# where the broken builds run (LT_BREAK_CORE needs two cores to show)
BREAK_SHAPE = {"LT_BREAK": (1, 4, 8), "LT_BREAK_CORE": (2, 2, 4)}
DETERMINISM_SHAPES = [(1, 4, 8), (2, 2, 4)]
QEMU_SMP = 4
# far above what any program needs (at most ~3 M cycles at 256 threads)
MAX_CYCLES = 50000000
# --stats-json keys that measure the host, not the simulated machine
HOST_KEYS = ("sim_seconds",)
MIN_PROGRAMS = 5

_probe_lock = threading.Lock()
_probe_result = []


def cores_refused(ctx, simty):
    """None when simty runs a program with --cores 2, else why not (one
    line).  Asked once per test run."""
    with _probe_lock:
        if not _probe_result:
            _probe_result.append(_probe(ctx, simty))
        return _probe_result[0]


def _probe(ctx, simty):
    import subprocess
    h = subprocess.run([ctx.simty, "run", "--help"], capture_output=True, text=True)
    if "--cores" not in h.stdout:
        return "`simty run --help` lists no --cores option"
    r = simty(ctx, programs.multicore_elf("mp"),
              ["--cores", "2", "-w", "1", "-t", "1", "-m", "scalar",
               "--max-cycles", str(MAX_CYCLES)])
    if r.status == 125:
        return "simty run --cores 2 is a usage error: %s" % r.err.strip()
    return None


def shape_args(shape):
    c, w, t = shape
    return (["--cores", str(c)] if c > 1 else []) + ["-w", str(w), "-t", str(t)]


def label(shape):
    return "%dx%dx%d" % shape


def run_one(ctx, simty, Failure, elf, shape, extra):
    """Runs elf at shape (cores, warps, threads); a multi-core shape on a
    simty without --cores is a failure that says so."""
    if shape[0] > 1:
        why = cores_refused(ctx, simty)
        if why:
            raise Failure("multi-core shape %s cannot run: %s (issue 12, --cores, is not "
                          "in this simty)" % (label(shape), why))
    args = shape_args(shape) + ["--max-cycles", str(MAX_CYCLES)] + list(extra)
    return simty(ctx, elf, args), " ".join(args)


def check_pass(Failure, name, r, args, shape):
    lines = r.out.splitlines()
    n = shape[0] * shape[1] * shape[2]
    if r.status != 0 or len(lines) != 1 or not lines[0].startswith(name + ": PASS ("):
        raise Failure("%s %s: status %d, stdout %r, %s" % (
            name, args, r.status, r.out[-600:], r.err.strip()[-400:]))
    if not lines[0].endswith(", %d threads)" % n):
        raise Failure("%s %s: expected %d threads (simty_nthreads() over all cores): %s"
                      % (name, args, n, lines[0]))
    st = r.stats or {}
    got = tuple(st.get(k) for k in ("cores", "warps", "threads"))
    if got != shape:
        raise Failure("%s %s: --stats-json cores/warps/threads %s, expected %s"
                      % (name, args, got, shape))


def model_extra(model, i):
    """One --paths/--priority/--coalescer set per shape index, rotating (the
    SIMT model from set 0, the cycle model from set 5)."""
    if model == "scalar":
        return ["-m", model]
    return ["-m", model] + option_args(OPTION_SETS[(i + (0 if model == "simt" else 5)) % 8])


def conventions(Failure):
    names = programs.multicore_names()
    if len(names) < MIN_PROGRAMS:
        raise Failure("only %d litmus programs" % len(names))
    for n in names:
        if "LT_BREAK" not in programs.multicore_breaks(n):
            raise Failure("%s has no -DLT_BREAK variant (a check that cannot be shown "
                          "to fail)" % n)
        with open(os.path.join(programs.ROOT, "tests", "multicore", n + ".c")) as f:
            text = f.read()
        if not re.search(r'pg_report\("%s",' % re.escape(n), text):
            raise Failure("%s does not report under its own name" % n)


def stable_stats(st):
    return {k: v for k, v in (st or {}).items() if k not in HOST_KEYS}


# --host-threads N (issue 13): the same program, configuration and quantum
# give the same output, exit status and statistics for every N.  Cycle
# model at HOST_SHAPE, one cycle at a time and in quanta, ideal memory and
# a hierarchy (a quantum up to noc.latency, 8 in the presets).
HOST_SHAPE = (4, 4, 8)
HOST_CONFIGS = [
    ("per cycle", ["-m", "cycle"]),
    ("quantum 16", ["-m", "cycle", "--quantum", "16"]),
    ("hbm2 quantum 8", ["-m", "cycle", "--memory", "hbm2", "--quantum", "8"]),
    ("ddr4-3200 per cycle", ["-m", "cycle", "--memory", "ddr4-3200"]),
]
HOST_THREADS = (1, 2, 3)
# Runs in long quanta where a thread's loads see its own stores of the
# quantum through the core's forwarding map: misaligned.c's misaligned
# stores and loads, byte by byte (one thread per core and a small warp:
# its stores and loads fall within one quantum).
QUANTUM_RUNS = {
    "misaligned": [((2, 1, 1), ["--quantum", "64"]),
                   ((2, 2, 2), ["--quantum", "64", "--stack-interleave"])],
}
# workloads that communicate across cores (atomics, locks, barriers, queues)
HOST_WORKLOADS = ("reduction", "histogram", "lock_hash", "work_queue", "prefix_sum")
HOST_WORKLOAD_SHAPE = (4, 2, 8)


def same_for_every_n(ctx, simty, Failure, what, elf, shape, extra, threads=HOST_THREADS,
                     litmus=None, trace=False):
    """Runs elf with --host-threads N for every N in threads: identical
    status, stdout, stderr and statistics (and commit trace)."""
    first = None
    for n in threads:
        # (--host-threads-min 1: the threads run however short the quantum)
        args = extra + ["--host-threads", str(n), "--host-threads-min", "1"]
        tpath = None
        if trace:
            tpath = os.path.join(ctx.tmp, "hostthreads-%s-%d-%d.trace"
                                 % (re.sub(r"\W", "_", what), os.getpid(), n))
            args += ["--trace-commits", tpath]
        r, full = run_one(ctx, simty, Failure, elf, shape, args)
        if litmus:
            check_pass(Failure, litmus, r, full, shape)
        text = None
        if tpath:
            with open(tpath) as f:
                text = f.read()
            os.unlink(tpath)
            if not text:
                raise Failure("%s %s: empty commit trace" % (what, full))
        # (a note that the threads were not used, e.g. with a trace, is about
        # the host, not the results)
        err = re.sub(r"(?m)^simty: note: --host-threads .*\n", "", r.err)
        got = (r.status, r.out, err, stable_stats(r.stats), text)
        if not got[3]:
            raise Failure("%s %s: no statistics" % (what, full))
        if first is None:
            first = (n, got)
            continue
        if got != first[1]:
            parts = ("exit status", "stdout", "stderr", "statistics", "commit trace")
            diff = [p for p, x, y in zip(parts, got, first[1]) if x != y]
            keys = sorted(k for k in set(got[3]) | set(first[1][3])
                          if got[3].get(k) != first[1][3].get(k))
            raise Failure("%s: --host-threads %d and %d differ in %s%s" % (
                what, first[0], n, ", ".join(diff),
                (" (%s)" % ", ".join(keys[:12])) if keys else ""))


def host_thread_tests(ctx, simty, Failure, name, elf, long=False):
    """make check: every HOST_CONFIGS on HOST_THREADS, but one cycle at a
    time (the slowest: a rendezvous every cycle) on 1 and 2 host threads
    only; long (group multicore-long): those on 1 and 3 (more host threads
    than this machine's 2 cores)."""
    out = []
    configs = HOST_CONFIGS[1:3] if ctx.sanitized else HOST_CONFIGS
    for cname, extra in configs:
        per_cycle = "--quantum" not in extra
        if ctx.sanitized:
            threads = (1, 2)
        elif per_cycle:
            threads = (1, 3) if long else (1, 2)
        else:
            threads = HOST_THREADS
        if long and not per_cycle:
            continue

        def t(cname=cname, extra=extra, threads=threads):
            same_for_every_n(ctx, simty, Failure, "%s %s" % (name, cname), elf, HOST_SHAPE,
                             extra, threads, litmus=name)
        out.append(("multicore %s %s cycle %s: same on --host-threads %s"
                    % (name, label(HOST_SHAPE), cname, ",".join(map(str, threads))), t))
    if ctx.sanitized or long:
        return out
    for model in ("simt", "scalar"):
        def f(model=model):
            same_for_every_n(ctx, simty, Failure, "%s %s" % (name, model), elf, (4, 1, 8),
                             ["-m", model], litmus=name)
        out.append(("multicore %s 4x1x8 %s: same on --host-threads 1,2,3" % (name, model), f))
    return out


def host_thread_extra_tests(ctx, simty, Failure):
    """Workloads, a commit trace and a guest fault on several host threads."""
    out = []
    if ctx.sanitized:
        return out
    for w in HOST_WORKLOADS:
        for cname, extra in HOST_CONFIGS[1:3]:
            def t(w=w, cname=cname, extra=extra):
                same_for_every_n(ctx, simty, Failure, "%s %s" % (w, cname),
                                 programs.workload_elf(w), HOST_WORKLOAD_SHAPE, extra, (1, 2))
            out.append(("multicore workload %s %s cycle %s: same on --host-threads 1,2"
                        % (w, label(HOST_WORKLOAD_SHAPE), cname), t))

    def trace():
        same_for_every_n(ctx, simty, Failure, "lock commit trace",
                         programs.multicore_elf("lock"), (2, 2, 4),
                         ["-m", "cycle", "--quantum", "4"], (1, 2), trace=True)
    out.append(("multicore lock 2x2x4 quantum 4: commit trace the same on --host-threads 1,2",
                trace))

    def tso():  # quanta: the store-buffering outcome is allowed and shows
        r, full = run_one(ctx, simty, Failure, programs.multicore_elf("sb"), (2, 1, 1),
                          ["-m", "cycle", "--quantum", "64", "--host-threads", "2",
                           "--host-threads-min", "1"])
        check_pass(Failure, "sb", r, full, (2, 1, 1))
        m = re.search(r"plain 0/0:(\d+) .*fenced 0/0:(\d+) .*0/0 forbidden when fenced",
                      r.out)
        if not m or int(m.group(1)) == 0 or int(m.group(2)) != 0:
            raise Failure("sb %s: expected plain 0/0 > 0 (TSO in quanta), fenced 0/0 = 0 and "
                          "'forbidden when fenced'; got %r" % (full, r.out))
    out.append(("multicore sb 2x1x1 quantum 64: store buffering shows unfenced only", tso))

    def region():  # in quanta a thread's loads see its own stores in a --mem region too
        elf = programs.asm_elf("isa", "lowmem")
        args = ["-m", "cycle", "--quantum", "16", "--mem", "0:0x10000"]
        same_for_every_n(ctx, simty, Failure, "lowmem", elf, (2, 1, 2), args, (1, 2))
        r, full = run_one(ctx, simty, Failure, elf, (2, 1, 2), args)
        if r.status != 0:
            raise Failure("lowmem %s: status %d %s" % (full, r.status, r.err.strip()[:300]))
    out.append(("multicore isa lowmem 2x1x2 quantum 16: own stores seen in a --mem region",
                region))

    def stop_order():  # a stop within a quantum: earlier effects of every core first
        elf = programs.asm_elf("bad", "finish_after_output")
        for q in ("1", "16", "1024"):
            args = ["-m", "cycle", "--quantum", q]
            same_for_every_n(ctx, simty, Failure, "finish_after_output", elf, (2, 1, 1), args,
                             (1, 2))
            r, full = run_one(ctx, simty, Failure, elf, (2, 1, 1), args)
            cycles = (r.stats or {}).get("cycles", 0)
            roi = ((r.stats or {}).get("roi") or {}).get("cycles", 0)
            if r.status != 0 or r.out != "A\n" or not 0 < cycles < 1000 or \
                    not 0 < roi <= cycles:
                raise Failure("finish_after_output %s: status %d, stdout %r, %d cycles, "
                              "region of interest %d cycles (expected 0, 'A', the "
                              "finisher's cycle, a region within it)"
                              % (full, r.status, r.out, cycles, roi))
    out.append(("multicore finish_after_output 2x1x1 quantum 1, 16, 1024: output before the "
                "finisher, the finisher's cycle", stop_order))

    def amo_trace():  # an atomic's traced result is its result, not the register's old value
        for extra in (["-m", "cycle"], ["-m", "simt"], ["-m", "scalar"],
                      ["-m", "cycle", "--quantum", "4"]):
            tpath = os.path.join(ctx.tmp, "amo-%d-%s.trace" % (os.getpid(), "-".join(extra)))
            r, full = run_one(ctx, simty, Failure, programs.multicore_elf("atomics"), (2, 1, 2),
                              extra + ["--trace-commits", tpath])
            check_pass(Failure, "atomics", r, full, (2, 1, 2))
            with open(tpath) as f:
                lines = [ln for ln in f if " amoadd.w " in ln]
            os.unlink(tpath)
            if not lines:
                raise Failure("atomics %s: no amoadd.w in the commit trace" % full)
            pc = lines[0].split()[3]  # the first counter's: every thread adds 1, 64 times
            old = sorted(int(v.split("=")[1], 16) for ln in lines if ln.split()[3] == pc
                         for v in ln.split(";")[1].split()[2:])
            if old != list(range(len(old))):
                raise Failure("atomics %s: amoadd.w at %s traced old values %s... (expected "
                              "each of 0..%d once)" % (full, pc, old[:12], len(old) - 1))
    out.append(("multicore atomics 2x1x2: the commit trace shows each amoadd's result", amo_trace))

    def fault():  # every core faults: the first of the quantum in core order reports
        elf = programs.asm_elf("bad", "unmapped_store")
        same_for_every_n(ctx, simty, Failure, "unmapped_store", elf, (4, 1, 4),
                         ["-m", "cycle", "--quantum", "16"])
        r, full = run_one(ctx, simty, Failure, elf, (4, 1, 4),
                          ["-m", "cycle", "--quantum", "16", "--host-threads", "2",
                           "--host-threads-min", "1"])
        if r.status != 121 or "unmapped" not in r.err.splitlines()[0]:
            raise Failure("unmapped_store %s: status %d, stderr %r (expected 121 and a "
                          "one-line fault)" % (full, r.status, r.err[:300]))
    out.append(("multicore bad unmapped_store 4x1x4 quantum 16: same fault on "
                "--host-threads 1,2,3", fault))

    def declined():  # a quantum too short for threads: one thread, said once
        elf = programs.multicore_elf("sb")
        one, _ = run_one(ctx, simty, Failure, elf, (4, 1, 8), ["--host-threads", "1"])
        note = re.compile(r"^simty: note: --host-threads 2: running on 1 thread: the quantum is "
                          r"too short .*--quantum 32 or more", re.M)
        for extra, want in ((["--host-threads", "2"], True),
                            (["--host-threads", "2", "--quiet"], False),
                            (["--host-threads", "2", "--host-threads-min", "1"], False),
                            (["-m", "cycle", "--host-threads", "2", "--quantum", "32"], False)):
            r, full = run_one(ctx, simty, Failure, elf, (4, 1, 8), extra)
            got = bool(note.search(r.err))
            if got != want or r.status != 0:
                raise Failure("%s: status %d, note %s (expected %s): %r" % (
                    full, r.status, got, want, r.err[:300]))
            if "-m" not in extra and r.out != one.out:
                raise Failure("%s: stdout differs from --host-threads 1" % full)
        # one core: the settings' warning alone, not a note saying it again
        r, full = run_one(ctx, simty, Failure, elf, (1, 1, 8), ["--host-threads", "2"])
        if r.status != 0 or "simty: note:" in r.err or "no effect on one core" not in r.err:
            raise Failure("%s: status %d, expected the one-core warning and no note: %r"
                          % (full, r.status, r.err[:400]))
        # a machine that refuses such a quantum is not told to take one
        short = re.compile(r"^simty: note: --host-threads 2: running on 1 thread: the quantum is "
                           r"too short .*\(--quantum 1, at most (\d+) on this machine: "
                           r"--host-threads-min lets them run\)$", re.M)
        for extra, most in ((["-m", "simt", "--host-threads", "2"], "1"),
                            (["-m", "cycle", "--memory", "ddr4-3200", "--host-threads", "2"], "8")):
            r, full = run_one(ctx, simty, Failure, elf, (4, 1, 8), extra)
            m = short.search(r.err)
            if r.status != 0 or not m or m.group(1) != most or "or more" in r.err:
                raise Failure("%s: status %d, expected a note naming quantum %s at most, "
                              "without a quantum to take: %r" % (full, r.status, most,
                                                                 r.err[:400]))
    out.append(("multicore sb 4x1x8: --host-threads 2 at quantum 1 runs on one thread and "
                "says so (not with --quiet, --host-threads-min 1 or quantum 32; simt and a "
                "hierarchy, whose quantum cannot be 32: not told to take one; one core: no note)", declined))
    return out


def long_tests(ctx, run, simty, Failure):
    """Group multicore-long (make check-multicore-long): the host-thread
    runs make check leaves out."""
    out = []
    for name in programs.multicore_names():
        out += host_thread_tests(ctx, simty, Failure, name, programs.multicore_elf(name),
                                 long=True)
    return out


def tests(ctx, run, simty, Failure):
    out = [("multicore conventions", lambda: conventions(Failure))]
    out += host_thread_extra_tests(ctx, simty, Failure)
    shapes = SANITIZED_SHAPES if ctx.sanitized else SHAPES
    for name in programs.multicore_names():
        elf = programs.multicore_elf(name)
        for i, shape in enumerate(shapes):
            for model in MODELS:
                def test(name=name, elf=elf, shape=shape, extra=model_extra(model, i)):
                    r, args = run_one(ctx, simty, Failure, elf, shape, extra)
                    check_pass(Failure, name, r, args, shape)
                out.append(("multicore %s %s %s" % (name, label(shape), model), test))
        if not ctx.sanitized:
            for shape in (ONE_CORE_SHAPES[1], MULTI_CORE_SHAPES[0]):
                def lat(name=name, elf=elf, shape=shape):
                    r, args = run_one(ctx, simty, Failure, elf, shape,
                                      ["-m", "cycle", "--mem-latency", "20"])
                    check_pass(Failure, name, r, args, shape)
                out.append(("multicore %s %s cycle mem-latency 20" % (name, label(shape)),
                            lat))
            # the memory hierarchy: write-through L1s, atomics at the L2
            for mem in ("ddr4-3200", "hbm2"):
                def hier(name=name, elf=elf, mem=mem):
                    shape = MULTI_CORE_SHAPES[0]
                    r, args = run_one(ctx, simty, Failure, elf, shape,
                                      ["-m", "cycle", "--memory", mem])
                    check_pass(Failure, name, r, args, shape)
                out.append(("multicore %s %s cycle memory %s"
                            % (name, label(MULTI_CORE_SHAPES[0]), mem), hier))
            for brk in programs.multicore_breaks(name):
                shape = BREAK_SHAPE[brk]

                def broken(name=name, brk=brk, shape=shape):
                    for model in MODELS:
                        r, args = run_one(ctx, simty, Failure,
                                          programs.multicore_elf(name, brk), shape,
                                          ["-m", model])
                        lines = r.out.splitlines()
                        if r.status == 0 or len(lines) != 1 or \
                                not lines[0].startswith(name + ": FAIL ("):
                            raise Failure("%s built with -D%s %s: expected one FAIL line and "
                                          "a non-zero status, got status %d, stdout %r %s" % (
                                              name, brk, args, r.status, r.out[-600:],
                                              r.err.strip()[-300:]))
                out.append(("multicore %s -D%s fails %s" % (name, brk, label(shape)), broken))
        for shape in DETERMINISM_SHAPES:
            def same(name=name, elf=elf, shape=shape):
                for extra in (["-m", "cycle"], ["-m", "cycle", "--memory", "ddr4-3200"]):
                    same_runs(name, elf, shape, extra)

            def same_runs(name, elf, shape, extra):
                runs = [run_one(ctx, simty, Failure, elf, shape, extra)
                        for _ in range(2)]
                (a, args), (b, _) = runs
                check_pass(Failure, name, a, args, shape)
                if (a.status, a.out) != (b.status, b.out):
                    raise Failure("%s %s: two runs printed differently:\n%r\n%r"
                                  % (name, args, a.out, b.out))
                sa, sb = stable_stats(a.stats), stable_stats(b.stats)
                if not sa or sa != sb:
                    diff = sorted(k for k in set(sa) | set(sb) if sa.get(k) != sb.get(k))
                    raise Failure("%s %s: --stats-json differs between two runs in %s"
                                  % (name, args, ", ".join(diff) or "(no statistics)"))
            out.append(("multicore %s stats are bit-identical on repeated runs %s cycle"
                        % (name, label(shape)), same))
        out += host_thread_tests(ctx, simty, Failure, name, elf)
        for shape, extra in QUANTUM_RUNS.get(name, ()):
            def quantum(name=name, elf=elf, shape=shape, extra=extra):
                r, args = run_one(ctx, simty, Failure, elf, shape, ["-m", "cycle"] + extra)
                check_pass(Failure, name, r, args, shape)
            out.append(("multicore %s %s cycle %s" % (name, label(shape), " ".join(extra)),
                        quantum))
        if ctx.sanitized:
            continue  # QEMU is not what the sanitizers check

        def qemu(name=name, elf=elf):
            status, o, e = run([programs.QEMU_RUN, "--smp", str(QEMU_SMP), "--timeout", "60",
                                elf], timeout=120)
            lines = o.splitlines()
            if status != 0 or len(lines) != 1 or not lines[0].startswith(name + ": PASS (") \
                    or not lines[0].endswith(", %d threads)" % QEMU_SMP):
                raise Failure("%s on QEMU -smp %d: status %d, stdout %r %s" % (
                    name, QEMU_SMP, status, o[-600:], e.strip()[-300:]))
        out.append(("multicore %s qemu smp%d" % (name, QEMU_SMP), qemu))
    return out
