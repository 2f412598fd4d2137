"""The forward-progress suite (tests/progress/*.c, issue 11).

Every program is SPMD C in which threads wait for each other with
hand-written loops (locks, flags, a barrier, a work queue).  Expected:

- a completing program exits 0 and prints exactly one line, "NAME: PASS (...)",
  on the scalar model, on the SIMT and cycle models under every
  --paths/--priority/--coalescer combination, at shapes 1x1, 1x4, 4x8, 8x32
  and 64x16, and on QEMU at -smp 1 and 4;
- a never_* program waits for something no thread provides: every model
  reports a deadlock (status 122) at every shape, before the --max-cycles
  bound below, which must not be what ends the run; on QEMU (which cannot
  diagnose it) it must still be running after a few seconds, with nothing
  printed.

Group `progress` also runs every program on the cycle model under the fetch
steering policies other than the default (--steering skip-idle and gto, which
fetch some warps more often than others: no warp may starve) at 4x8 and 64x16,
and at 4x8 with the scheduler alone (TURN_RUNS[0]).

Group `progress` runs every program on every model and at every shape, with
one of the 8 option combinations per shape and SIMT model (rotating, so each
program meets all 8 over the two models); group `progress-long` (make
check-progress-long) runs all 8 at every shape on both.  Both also check the suite's own rules
(`conventions`).  `progress` runs in make check; with --progress off the
SIMT models deadlock on most of these programs.

Run as a script, it prints what each program does today, per model, as a
Markdown table (see --help).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

import programs

SHAPES = [(1, 1), (1, 4), (4, 8), (8, 32), (64, 16)]
# under the sanitizers (several times slower): the shapes up to 4x8, whose
# runs reach every path of the scheduler; the wide ones stay in the plain run
SANITIZED_SHAPES = SHAPES[:3]
OPTION_SETS = [(paths, prio, coal)
               for paths in ("hct", "ideal")
               for prio in ("depth", "minpc")
               for coal in ("simty", "block")]
MODELS = ("scalar", "simt", "cycle")
QEMU_SMP = (1, 4)
# --max-cycles of a completing program: far above what any needs (scalar
# steps: at most ~330 000 at 64x16), so only an endless run reaches it.
PASS_LIMIT = {"scalar": 5000000, "simt": 100000000, "cycle": 100000000}
# The bound within which a never_* program must be diagnosed.  Today's
# detector needs 8192 scalar steps and at most 655 360 SIMT or cycle-model
# cycles (never_flag, 64x16).
DEADLOCK_LIMIT = {"scalar": 200000, "simt": 10000000, "cycle": 10000000}
QEMU_NEVER_SECONDS = 5
DEADLOCK = 122
MIN_COMPLETING = 14


def never(name):
    return name.startswith("never_")


def option_args(opts):
    paths, prio, coal = opts
    return ["--paths", paths, "--priority", prio, "--coalescer", coal]


def option_sets_for(model, shape_index, full):
    """The option sets one (model, shape) runs with: all 8 when full, else
    one, rotating with the shape: sets 0-4 on the simt model and 5, 6, 7,
    0, 1 on the cycle model, so that every program meets all 8."""
    if model == "scalar":
        return [None]
    if full:
        return OPTION_SETS
    k = shape_index + (0 if model == "simt" else 5)
    return [OPTION_SETS[k % 8]]


def outcome(name, r):
    """'pass', 'deadlock', or a short description of anything else."""
    lines = r.out.splitlines()
    err = r.err.strip().splitlines()[0] if r.err.strip() else ""
    if r.status == 0 and len(lines) == 1 and lines[0].startswith(name + ": PASS ("):
        return "pass"
    if r.status == DEADLOCK and not lines and r.stats and r.stats["exit_reason"] == "deadlock":
        return "deadlock"
    if r.status == 124:
        return "cycle limit (%s)" % err
    return "status %d, stdout %r, %s" % (r.status, r.out[-300:], err)


def run_model(ctx, simty, name, model, w, t, opts, extra=(), want_stats=False):
    limit = (DEADLOCK_LIMIT if never(name) else PASS_LIMIT)[model]
    args = ["-m", model, "-w", str(w), "-t", str(t), "--max-cycles", str(limit)]
    if opts:
        args += option_args(opts)
    args += list(extra)
    r = simty(ctx, programs.progress_elf(name), args)
    if want_stats:
        return outcome(name, r), " ".join(args), r.stats
    return outcome(name, r), " ".join(args)


# The scheduler alone, without the spin detector that resolves most waits
# first: turns after 64 commits, and the shortest legal threshold and turn
# (every commit can start a turn of one commit).  (shape, options)
TURN_RUNS = [((4, 8), ["--spin-detect", "off", "--progress-threshold", "64",
                       "--progress-turn", "16"]),
             ((2, 8), ["--spin-detect", "off", "--progress-threshold", "1",
                       "--progress-turn", "1"])]


# --steering policies besides rr, and the (shape, options) they run at
STEERINGS = ("skip-idle", "gto")
STEERING_RUNS = [((4, 8), []), ((64, 16), []), TURN_RUNS[0]]


def conventions(Failure):
    """The suite's own rules: enough completing programs, every never_*
    marked as an expected deadlock and no other, no SDK synchronisation
    helper and no hint instruction in the sources (simty_barrier() only in
    never_barrier, where it is the point)."""
    names = programs.progress_names()
    done = [n for n in names if not never(n)]
    if len(done) < MIN_COMPLETING or len([n for n in names if never(n)]) < 2:
        raise Failure("%d completing and %d never_* programs" % (len(done),
                                                                 len(names) - len(done)))
    banned = re.compile(r"simty_atomic_|simty_pause|simty_wait|\bpause\b|wrs\.|"
                        r"simty_barrier\s*\(")
    for n in names:
        with open(os.path.join(programs.ROOT, "tests", "progress", n + ".c")) as f:
            text = f.read()
        marked = "SIMTY_EXPECT_DEADLOCK();" in text
        if marked != never(n):
            raise Failure("%s: SIMTY_EXPECT_DEADLOCK() %s" % (
                n, "on a program expected to complete" if marked else "missing"))
        code = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        hits = banned.findall(code)
        if n.startswith("never_barrier"):
            hits = [h for h in hits if not h.startswith("simty_barrier")]
        if hits:
            raise Failure("%s uses %s" % (n, ", ".join(sorted(set(hits)))))
        if "SPIN_HINT()" not in code:
            raise Failure("%s: no wait loop with SPIN_HINT()" % n)


def hint_variant(ctx, name, Failure):
    """SPIN_HINT() is wired: built with a marker hint (addi x0, x0, 1445, a
    no-op), the object code holds the marker."""
    src = os.path.join(programs.ROOT, "tests", "progress", name + ".c")
    obj = os.path.join(ctx.tmp, "hint-%s.o" % name)
    p = subprocess.run([programs.SIMTY_CC, "-Wall", "-Wextra", "-Werror",
                        '-DSPIN_HINT()=__asm__ volatile("addi x0, x0, 1445")', "-c", src,
                        "-o", obj], capture_output=True, text=True)
    if p.returncode != 0:
        raise Failure("%s with a SPIN_HINT: build failed:\n%s" % (name, p.stderr[-1500:]))
    d = subprocess.run([programs.OBJDUMP, "-d", "-M", "no-aliases", obj],
                       capture_output=True, text=True).stdout
    os.unlink(obj)
    if not re.search(r"addi\s+zero,zero,1445", d):
        raise Failure("%s: -DSPIN_HINT() does not reach the code" % name)


# --paths ipdom at 4x8: with the defaults, and with turns alone
IPDOM_RUNS = [[], TURN_RUNS[0][1]]


def tests(ctx, run, simty, Failure, full=False):
    out = [("progress conventions", lambda: conventions(Failure))]
    for i_prog, name in enumerate(programs.progress_names()):
        out.append(("progress %s SPIN_HINT variant" % name,
                    lambda name=name: hint_variant(ctx, name, Failure)))
        want = "deadlock" if never(name) else "pass"
        for i, (w, t) in enumerate(SANITIZED_SHAPES if ctx.sanitized else SHAPES):
            for model in MODELS:
                sets = option_sets_for(model, i, full)

                def test(name=name, w=w, t=t, model=model, sets=sets, want=want):
                    bad = []
                    for opts in sets:
                        got, args = run_model(ctx, simty, name, model, w, t, opts)
                        if got != want:
                            bad.append("%s: %s" % (args, got))
                    if bad:
                        raise Failure("%s: expected %s; %d of %d runs differ:\n  %s" % (
                            name, want, len(bad), len(sets), "\n  ".join(bad)))
                out.append(("progress %s %dx%d %s" % (name, w, t, model), test))
        for model in ("simt", "cycle"):
            def turns(name=name, model=model, want=want):
                for (w, t), extra in TURN_RUNS:
                    got, args, st = run_model(ctx, simty, name, model, w, t, None, extra, True)
                    if got != want:
                        raise Failure("%s %s: expected %s, got %s" % (name, args, want, got))
                    # a completing program waited inside a warp: turns did it
                    if want == "pass" and not (st and st["progress_triggers"] > 0):
                        raise Failure("%s %s: no turn was taken" % (name, args))
            out.append(("progress %s turns without the spin detector %s" % (name, model),
                        turns))

            # the ipdom stack (docs/paths.md): a lock holder waiting at its
            # reconvergence point under its warp's spinning threads runs on
            # when they back off or when its wait starts a turn
            def ipdom(name=name, model=model, want=want):
                for extra in IPDOM_RUNS:
                    got, args = run_model(ctx, simty, name, model, 4, 8, None,
                                          ["--paths", "ipdom"] + extra)
                    if got != want:
                        raise Failure("%s %s: expected %s, got %s" % (name, args, want, got))
            out.append(("progress %s ipdom %s" % (name, model), ipdom))
        # (under the sanitizers in make check: the programs of one in three)
        lean = ctx.sanitized and not full and not getattr(ctx, "full", False)
        for policy in STEERINGS if not lean or i_prog % 3 == 0 else ():
            def steering(name=name, policy=policy, want=want):
                for (w, t), extra in STEERING_RUNS:
                    got, args = run_model(ctx, simty, name, "cycle", w, t, None,
                                          ["--steering", policy] + extra)
                    if got != want:
                        raise Failure("%s %s: expected %s, got %s" % (name, args, want, got))
            out.append(("progress %s --steering %s" % (name, policy), steering))
        if ctx.sanitized:
            continue  # QEMU is not what the sanitizers check
        for smp in QEMU_SMP:
            def qemu(name=name, smp=smp):
                elf = programs.progress_elf(name)
                if never(name):
                    status, o, e = run([programs.QEMU_RUN, "--smp", str(smp), "--timeout",
                                        str(QEMU_NEVER_SECONDS), elf], timeout=120)
                    if status != 124 or o:
                        raise Failure("%s on QEMU -smp %d: status %d (expected 124: still "
                                      "waiting), stdout %r" % (name, smp, status, o[-300:]))
                    return
                status, o, e = run([programs.QEMU_RUN, "--smp", str(smp), "--timeout", "60",
                                    elf], timeout=120)
                lines = o.splitlines()
                if status != 0 or len(lines) != 1 or not lines[0].startswith(name + ": PASS ("):
                    raise Failure("%s on QEMU -smp %d: status %d, stdout %r %s" % (
                        name, smp, status, o[-300:], e.strip()[-300:]))
            out.append(("progress %s qemu smp%d" % (name, smp), qemu))
    return out


# ------------------------------------------------------------- survey --

def survey_cell(results):
    """'pass', 'deadlock', or counts when the option sets disagree."""
    kinds = {}
    for r in results:
        key = r if r in ("pass", "deadlock") else \
            "cycle limit" if r.startswith("cycle limit") else "other"
        kinds[key] = kinds.get(key, 0) + 1
    if len(kinds) == 1:
        return next(iter(kinds))
    return ", ".join("%s %d/%d" % (k, v, len(results)) for k, v in sorted(kinds.items()))


def survey(argv):
    ap = argparse.ArgumentParser(
        prog="tests/progress_checks.py",
        description="What each forward-progress program does today: a Markdown table, "
                    "program x model and shape (SIMT models: all 8 option sets).")
    ap.add_argument("--build", default="build", help="build directory holding simty")
    ap.add_argument("--shapes", default="8x4,4x8", help="WxT list (default 8x4,4x8)")
    ap.add_argument("--models", default="scalar,simt,cycle")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    import concurrent.futures
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import run_tests

    class Ctx:
        simty = os.path.join(os.path.abspath(args.build), "simty")
        sanitized = False
        tmp = tempfile.mkdtemp(prefix="simty-progress-")

    shapes = [tuple(int(x) for x in s.split("x")) for s in args.shapes.split(",")]
    models = args.models.split(",")
    names = programs.progress_names()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        list(pool.map(programs.build_progress, names))
        jobs = {}
        for name in names:
            for w, t in shapes:
                for model in models:
                    sets = [None] if model == "scalar" else OPTION_SETS
                    for opts in sets:
                        jobs[(name, w, t, model, opts)] = pool.submit(
                            run_model, Ctx, run_tests.simty, name, model, w, t, opts)
    cols = [(m, w, t) for w, t in shapes for m in models]
    print("| program | " + " | ".join("%s %dx%d" % c for c in cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    for name in names:
        cells = []
        for m, w, t in cols:
            sets = [None] if m == "scalar" else OPTION_SETS
            cells.append(survey_cell([jobs[(name, w, t, m, o)].result()[0] for o in sets]))
        print("| %s | %s |" % (name, " | ".join(cells)))
    others = sorted("- %s %s: %s" % (k[0], f.result()[1], f.result()[0])
                    for k, f in jobs.items() if f.result()[0] not in ("pass", "deadlock"))
    if others:
        print("\nOther outcomes:\n\n" + "\n".join(others))


if __name__ == "__main__":
    survey(sys.argv[1:])
