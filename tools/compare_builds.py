#!/usr/bin/env python3
"""Runs two simty binaries over the same matrix of runs and reports every
difference between them (issue 34: a refactoring leaves every run unchanged).

usage: tools/compare_builds.py --old OLD_SIMTY --new NEW_SIMTY [--quick | --full]
                               [-j N] [--match REGEX] [--limit N] [--list]
                               [--old-args ARGS] [--new-args ARGS] [--timeout S]

The matrix (docs/testing.md, "Comparing two builds"): the SDK examples,
the workloads and the assembly micro-programs of the stats, timing and simt
test groups, on the scalar, simt and cycle models, at 1x1, 8x4, 8x32, 64x16
and 2 cores of 8x8, with the default options and a few option sets
(--paths ideal, --priority minpc, --coalescer block, --memory ddr4-3200 and
hbm2, --host-threads 2 one cycle apart and in quanta of 256).  --quick: a few hundred run pairs; the default:
about a thousand; --full: every example build, the forward-progress and
multi-core programs, more shapes and option sets (several thousand).

For every pair it compares the exit status, stdout, stderr, --stats-json
(every key but sim_seconds, the host's CPU time), every file the run wrote
and, on a subset (the small examples and the micro-programs at 1x1, 8x4
and 2x8x8), the commit trace (--trace-commits) and on the cycle model the
Kanata trace (--trace-kanata).  Both runs of a pair use the same working
directory path and file names, so the outputs that name them agree.

--match keeps the runs whose label (as --list prints it, e.g.
"examples/hello-O2 cycle 8x4 default") matches a regular expression;
--limit keeps the first N; --old-args / --new-args add options to every
run of one side (e.g. --new-args "--steering rr": the explicit default
must change nothing).

Exit status: 0 every pair identical, 1 some pair differs (each difference
is printed), 2 usage or set-up error (a binary missing, a guest program
that does not build, no run left after --match); 130 or 143 when
interrupted by SIGINT or SIGTERM (the runs are killed).
"""

import argparse
import concurrent.futures
import glob
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))

import programs  # noqa: E402  (the guest builds the test suite uses)

MODELS = ("scalar", "simt", "cycle")
# shape name -> (cores, warps, threads)
SHAPES = {"1x1": (1, 1, 1), "8x4": (1, 8, 4), "8x32": (1, 8, 32), "64x16": (1, 64, 16),
          "2x8x8": (2, 8, 8),
          # --full only
          "1x4": (1, 1, 4), "2x3": (1, 2, 3), "4x8": (1, 4, 8), "4x2x8": (4, 2, 8)}
MAIN_SHAPES = ("1x1", "8x4", "8x32", "64x16", "2x8x8")
TRACE_SHAPES = ("1x1", "8x4", "2x8x8")

SIMT = ("simt", "cycle")
# option set name -> (simty options, models it applies to, multi-core only)
OPTION_SETS = {
    "default": ([], MODELS, False),
    "paths=ideal": (["--paths", "ideal"], SIMT, False),
    "priority=minpc": (["--priority", "minpc"], SIMT, False),
    "coalescer=block": (["--coalescer", "block"], SIMT, False),
    "memory=ddr4-3200": (["--memory", "ddr4-3200"], ("cycle",), False),
    "memory=hbm2": (["--memory", "hbm2"], ("cycle",), False),
    # the cores on two host threads, one cycle apart (slow on a loaded host:
    # they meet every cycle) and in quanta of 256 cycles
    # (--host-threads-min 1: the threads meet every cycle, as asked; a binary
    # older than the option needs --match to leave this set out)
    "host-threads=2": (["--host-threads", "2", "--host-threads-min", "1"], MODELS, True),
    "quantum=256": (["--quantum", "256", "--host-threads", "2"], ("cycle",), True),
    # --full only
    "ideal+minpc+block": (["--paths", "ideal", "--priority", "minpc", "--coalescer", "block"],
                          SIMT, False),
    "mem-latency=3": (["--mem-latency", "3"], ("cycle",), False),
    "stack-interleave": (["--stack-interleave"], MODELS, False),
    "hbm2-tiny": (["--memory", "hbm2"] + [a for kv in (
        "l1i.size=256", "l1i.ways=2", "l1i.mshrs=1", "l1d.size=256", "l1d.ways=2",
        "l1d.mshrs=2", "l1d.write_back=1", "l2.size=2K", "l2.banks=2", "l2.ways=2",
        "l2.mshrs=1", "line=32") for a in ("--mem-set", kv)], ("cycle",), False),
}
MEMORY_SETS = ("memory=ddr4-3200", "memory=hbm2")
POLICY_SETS = ("paths=ideal", "priority=minpc", "coalescer=block")
# --stats-json keys that measure the host, not the simulated machine
HOST_KEYS = ("sim_seconds",)
# files of a run (in its working directory)
STATS, COMMITS, KANATA = "stats.json", "commits.trace", "kanata.log"


class SetupError(Exception):
    pass


class Program:
    def __init__(self, label, build, traced=False, sdk=True):
        self.label = label      # e.g. examples/hello-O2
        self.build = build      # (function, args): builds it, returns the ELF
        self.traced = traced    # its runs at TRACE_SHAPES write traces
        self.sdk = sdk          # built with the SDK (its stacks)
        self.elf = None


class Run:
    def __init__(self, prog, model, shape, opts):
        self.prog, self.model, self.shape, self.opts = prog, model, shape, opts
        self.label = "%s %s %s %s" % (prog.label, model, shape, opts)
        self.traced = prog.traced and shape in TRACE_SHAPES

    def args(self):
        c, w, t = SHAPES[self.shape]
        a = ["--stats-json", STATS, "-m", self.model, "-w", str(w), "-t", str(t)]
        if c > 1:
            a += ["--cores", str(c)]
        if self.traced:
            a += ["--trace-commits", COMMITS]
            if self.model == "cycle":
                a += ["--trace-kanata", KANATA]
        return a + OPTION_SETS[self.opts][0]

    def cost(self):
        """A rough host cost, to start the long runs first."""
        c, w, t = SHAPES[self.shape]
        heavy = 4 if self.prog.label.startswith("workloads/") else 1
        return heavy * (c * w * t) ** 0.5 * (2 if self.model == "cycle" else 1)


# ------------------------------------------------------------- programs --

# the small examples whose runs are traced (the others write 10-400 MB)
TRACED_EXAMPLES = ("hello", "dot", "saxpy")


def examples(opts=("-O2",)):
    return [Program("examples/%s%s" % (n, o), (programs.build_example, (n, o)),
                    traced=o == "-O2" and n in TRACED_EXAMPLES)
            for n in programs.example_names() for o in opts]


def workloads():
    return [Program("workloads/" + n, (programs.build_workload, (n,)))
            for n in programs.workload_names()]


def asm_programs():
    """The assembly micro-programs of the stats, timing and simt groups."""
    progs = []
    for kind in ("stats", "timing", "simt"):
        for src in sorted(glob.glob(os.path.join(ROOT, "tests", kind, "*.S"))):
            ld = src[:-2] + ".ld"
            name = os.path.basename(src)[:-2]
            progs.append(Program("%s/%s" % (kind, name), (programs.build_asm, (
                kind, src, ld if os.path.exists(ld) else None)), traced=True, sdk=False))
    return progs


def full_extra_programs():
    """--full: the SIMT C regressions, forward-progress and litmus programs."""
    progs = []
    for src in sorted(glob.glob(os.path.join(ROOT, "tests", "simt", "*.c"))):
        for o in programs.SIMT_C_OPTS:
            progs.append(Program("simt/%s%s" % (os.path.basename(src)[:-2], o),
                                 (programs.build_simt_c, (src, o))))
    progs += [Program("progress/" + n, (programs.build_progress, (n,)))
              for n in programs.progress_names() if not n.startswith("never_")]
    progs += [Program("multicore/" + n, (programs.build_multicore, (n,)))
              for n in programs.multicore_names()]
    return progs


# --------------------------------------------------------------- matrix --

def add(runs, progs, models, shapes, sets):
    for p in progs:
        for shape in shapes:
            for opts in sets:
                _, applies, multi = OPTION_SETS[opts]
                if multi and SHAPES[shape][0] == 1:
                    continue
                if opts == "stack-interleave" and not p.sdk:
                    continue
                for m in models:
                    if m in applies:
                        runs.append(Run(p, m, shape, opts))


def matrix(tier):
    """The runs of a tier: quick, default or full."""
    ex, wl, asm = examples(), workloads(), asm_programs()
    runs = []
    if tier == "quick":
        add(runs, ex, MODELS, ("1x1", "8x4", "2x8x8"), ("default",))
        add(runs, asm, MODELS, ("8x4",), ("default",))
        add(runs, wl, ("cycle",), ("8x4",), ("default",))
        add(runs, ex, MODELS, ("8x4",), POLICY_SETS + MEMORY_SETS[:1])
        add(runs, ex, ("cycle",), ("2x8x8",), ("quantum=256",))
    elif tier == "default":
        add(runs, ex + wl, MODELS, MAIN_SHAPES, ("default",))
        add(runs, asm, MODELS, ("8x4", "2x8x8"), ("default",))
        add(runs, ex + wl, MODELS, ("8x4",), POLICY_SETS + MEMORY_SETS)
        add(runs, ex + wl, MODELS, ("2x8x8",), ("quantum=256",))
        add(runs, asm + [p for p in ex if p.label == "examples/hello-O2"], MODELS, ("2x8x8",),
            ("host-threads=2",))
    else:
        progs = examples(programs.EXAMPLE_OPTS) + wl + asm + full_extra_programs()
        add(runs, progs, MODELS, tuple(SHAPES), ("default",))
        add(runs, progs, MODELS, ("8x4", "8x32", "2x8x8"),
            tuple(s for s in OPTION_SETS if s not in ("default", "host-threads=2")))
        add(runs, asm + [p for p in ex if p.traced], MODELS, ("2x8x8", "4x2x8"),
            ("host-threads=2",))
    seen, out = set(), []
    for r in runs:
        if r.label not in seen:
            seen.add(r.label)
            out.append(r)
    return out


def build_programs(runs, jobs):
    """Builds (if stale) the guest programs of the runs, once each."""
    progs = {}
    for r in runs:
        progs.setdefault(r.prog.label, []).append(r.prog)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futs = {pool.submit(same[0].build[0], *same[0].build[1]): same
                for same in progs.values()}
        for f in concurrent.futures.as_completed(futs):
            try:
                elf = f.result()
            except Exception as e:  # a build failure: set-up error
                raise SetupError("guest program %s: %s" % (futs[f][0].label, e))
            for p in futs[f]:
                p.elf = elf


# ------------------------------------------------------------------ runs --

def run_side(binary, extra, run, workdir, timeout):
    """Runs one side of a pair in workdir/run, then renames that directory
    to workdir/<side>; returns (status, stdout, stderr, directory)."""
    cwd = os.path.join(workdir, "run")
    os.makedirs(cwd)
    cmd = [binary, "run"] + run.args() + extra + [run.prog.elf]
    with LIVE_LOCK:
        if STOPPING:
            raise Interrupted()
        p = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        LIVE.add(p)
    try:
        out, err = p.communicate(timeout=timeout)
        status = p.returncode
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        status, out, err = "timeout after %ds" % timeout, b"", b""
    finally:
        with LIVE_LOCK:
            LIVE.discard(p)
    if STOPPING:
        raise Interrupted()
    return status, out, err, cwd


# the simty processes running, killed when the comparison is interrupted
LIVE, LIVE_LOCK, STOPPING = set(), threading.Lock(), False


class Interrupted(Exception):
    pass


def stop(signum, _frame):
    """SIGINT, SIGTERM: kill the runs, exit 130 or 143 (nothing compared)."""
    global STOPPING
    with LIVE_LOCK:
        STOPPING = True
        for p in LIVE:
            p.kill()
    raise Interrupted(128 + signum)


def first_line_diff(a, b):
    """'line N: old ... new ...' for the first line where two byte strings differ."""
    la, lb = a.split(b"\n"), b.split(b"\n")
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else b"<end>"
        y = lb[i] if i < len(lb) else b"<end>"
        if x != y:
            return "line %d: old %r, new %r" % (i + 1, x[:160], y[:160])
    return "same lines"


def file_diff(pa, pb):
    """None if two files are equal, else where they first differ (streamed:
    traces are large)."""
    with open(pa, "rb") as fa, open(pb, "rb") as fb:
        n = 0
        while True:
            x, y = fa.readline(), fb.readline()
            n += 1
            if x != y:
                return "line %d: old %r, new %r" % (n, x[:160] or b"<end>", y[:160] or b"<end>")
            if not x:
                return None


def flatten(v, prefix=""):
    if isinstance(v, dict):
        out = {}
        for k, x in v.items():
            out.update(flatten(x, prefix + "." + k if prefix else k))
        return out
    if isinstance(v, list):
        out = {}
        for i, x in enumerate(v):
            out.update(flatten(x, "%s[%d]" % (prefix, i)))
        return out
    return {prefix: v}


def stats_diff(pa, pb):
    try:
        with open(pa) as f:
            a = flatten(json.load(f))
        with open(pb) as f:
            b = flatten(json.load(f))
    except (OSError, ValueError):
        return file_diff(pa, pb)
    keys = sorted(k for k in set(a) | set(b) if k not in HOST_KEYS and a.get(k) != b.get(k))
    if not keys:
        return None
    shown = ", ".join("%s old %s new %s" % (k, a.get(k, "<none>"), b.get(k, "<none>"))
                      for k in keys[:6])
    return "%d keys differ: %s%s" % (len(keys), shown, ", ..." if len(keys) > 6 else "")


def compare_pair(args, run, tmp):
    """The differences of one run pair: a list of 'what: detail' strings."""
    workdir = tempfile.mkdtemp(dir=tmp)
    try:
        sides = []
        for side, binary, extra in (("old", args.old, args.old_extra),
                                    ("new", args.new, args.new_extra)):
            status, out, err, cwd = run_side(binary, extra, run, workdir, args.timeout)
            os.rename(cwd, os.path.join(workdir, side))
            sides.append((status, out, err, os.path.join(workdir, side)))
        (sa, oa, ea, da), (sb, ob, eb, db) = sides
        diffs = []
        if sa != sb:
            diffs.append("exit status: old %s, new %s" % (sa, sb))
        if oa != ob:
            diffs.append("stdout: " + first_line_diff(oa, ob))
        if ea != eb:
            diffs.append("stderr: " + first_line_diff(ea, eb))
        fa, fb = sorted(os.listdir(da)), sorted(os.listdir(db))
        if fa != fb:
            diffs.append("files written: old %s, new %s" % (fa, fb))
        for name in sorted(set(fa) & set(fb)):
            d = (stats_diff if name == STATS else file_diff)(
                os.path.join(da, name), os.path.join(db, name))
            if d:
                diffs.append("%s: %s" % (name, d))
        return diffs
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def reproduce(args, run):
    return "%s run %s %s" % (args.new, " ".join(run.args() + args.new_extra),
                                        run.prog.elf)


# ------------------------------------------------------------------ main --

def parse_args(argv):
    ap = argparse.ArgumentParser(
        description="Runs two simty binaries over the same matrix and reports every difference.",
        epilog="Exit status: 0 identical, 1 differences, 2 usage or set-up error.")
    ap.add_argument("--old", required=True, help="the reference simty binary")
    ap.add_argument("--new", required=True, help="the simty binary under test")
    tier = ap.add_mutually_exclusive_group()
    tier.add_argument("--quick", action="store_true", help="a few hundred run pairs")
    tier.add_argument("--full", action="store_true", help="several thousand run pairs")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2,
                    help="run pairs at a time (default: the CPU count)")
    ap.add_argument("--match", default=None, metavar="REGEX",
                    help="only the runs whose label matches")
    ap.add_argument("--limit", type=int, default=0, metavar="N",
                    help="only the first N runs (after --match)")
    ap.add_argument("--list", action="store_true", help="print the runs' labels and exit")
    ap.add_argument("--old-args", default="", metavar="ARGS",
                    help="options added to every run of the old binary")
    ap.add_argument("--new-args", default="", metavar="ARGS",
                    help="options added to every run of the new binary")
    ap.add_argument("--timeout", type=int, default=1800, metavar="S",
                    help="seconds a run may take (default 1800)")
    args = ap.parse_args(argv)
    if args.jobs < 1 or args.limit < 0 or args.timeout < 1:
        ap.error("-j, --limit and --timeout must be positive")
    try:
        args.old_extra = shlex.split(args.old_args)
        args.new_extra = shlex.split(args.new_args)
        args.match_re = re.compile(args.match) if args.match is not None else None
    except (ValueError, re.error) as e:
        ap.error(str(e))
    args.tier = "quick" if args.quick else "full" if args.full else "default"
    return args


def select(args):
    runs = matrix(args.tier)
    if args.match_re:
        runs = [r for r in runs if args.match_re.search(r.label)]
    if args.limit:
        runs = runs[:args.limit]
    if not runs:
        raise SetupError("no run matches %r" % args.match)
    return runs


def compare_all(args, runs):
    """Compares every pair; prints each difference as it is found; returns
    the labels of the pairs that differ."""
    tmp = tempfile.mkdtemp(prefix="simty-compare-")
    lock, differ, done, t0 = threading.Lock(), [], [0], time.time()
    step = max(len(runs) // 10, 1)

    def one(run):
        diffs = compare_pair(args, run, tmp)
        with lock:
            done[0] += 1
            if diffs:
                differ.append(run.label)
                print("DIFF %s\n%s\n  new run (in an empty directory): %s" % (
                    run.label, "\n".join("  " + d for d in diffs), reproduce(args, run)),
                    flush=True)
            if done[0] % step == 0 and done[0] < len(runs):
                print("compare_builds: %d/%d run pairs, %d differ, %.0fs"
                      % (done[0], len(runs), len(differ), time.time() - t0), flush=True)

    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            order = sorted(runs, key=lambda r: -r.cost())
            for f in [pool.submit(one, r) for r in order]:
                f.result()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return differ


def main(argv=None):
    args = parse_args(argv)
    try:
        runs = select(args)
        if args.list:
            for r in runs:
                print(r.label)
            return 0
        for b in (args.old, args.new):
            if not (os.path.isfile(b) and os.access(b, os.X_OK)):
                raise SetupError("%s is not an executable file" % b)
        args.old, args.new = os.path.abspath(args.old), os.path.abspath(args.new)
        print("compare_builds: %d run pairs (%s), old %s, new %s, -j %d"
              % (len(runs), args.tier, args.old, args.new, args.jobs), flush=True)
        build_programs(runs, args.jobs)
    except SetupError as e:
        print("compare_builds: %s" % e, file=sys.stderr)
        return 2
    t0 = time.time()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, stop)
    try:
        differ = compare_all(args, runs)
    except Interrupted as e:
        print("compare_builds: interrupted", file=sys.stderr)
        return e.args[0] if e.args else 130
    print("compare_builds: %d run pairs compared in %.0fs: %s" % (
        len(runs), time.time() - t0,
        "identical" if not differ else "%d differ" % len(differ)), flush=True)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
