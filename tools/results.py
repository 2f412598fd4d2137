#!/usr/bin/env python3
"""Regenerates docs/RESULTS.md and its plots from measurements.

    make results            (= python3 tools/results.py --simty build/simty)

Builds the workload suite (workloads/*.c) with the SDK's default flags and
with each flag set of the compiler layout study, runs `simty bench` over the
grids below, draws the plots with gnuplot, and writes the report. Every
number in the report comes from this run; the prose around them is chosen
from the data (which workloads gain or lose, by how much).

--quick runs a tiny grid on two workloads into a scratch directory (the
test suite uses it to check the pipeline end to end).

--sweep FILE runs the simty bench grids through the Python package
(python/simty: simty.sweep()) instead, locally or with --dask ADDRESS on a
Dask cluster, and keeps every run in FILE; the report and its plots are
then regenerated from that sweep's rows: a second run with the same FILE
simulates nothing that FILE already holds (docs/cluster.md).

Progress goes to stderr, each line with the time since the start: a line
per section and per grid of runs, and within a grid a line every 30 s
(-v: one per run).  The report's header names the command that made it
(`make results`, `tools/results.py --quick`, `--sweep FILE`) and the commit;
a section regenerated alone (--speed-only, --host-threads-only, --isa-only,
--omp-only, --plugins-only) adds a header line naming it and its commit.
Section 14 (tools/results_plugins.py) sets the plug-ins of `simty plugins`
against each kind's default on every workload.
"""

import argparse
import csv
import datetime
import io
import json
import math
import os
import platform
import re
import shutil
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIMTY_CC = os.path.join(ROOT, "sdk", "simty-cc")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import host_threads  # noqa: E402
import results_isa  # noqa: E402
import results_memory  # noqa: E402
import results_omp  # noqa: E402
import results_plugins  # noqa: E402
import results_sync  # noqa: E402

DEFAULT_SHAPES = "1x1,4x4,8x8,8x32,32x16,64x32"
LAYOUTS = [("O2", "-O2"), ("O2-noreorder", "-O2 -fno-reorder-blocks"), ("O3", "-O3"),
           ("Os", "-Os")]
POLICIES = [("hct", "depth"), ("hct", "minpc"), ("ideal", "depth"), ("ideal", "minpc")]
SPEED_WORKLOADS = ["matmul", "mandelbrot", "bfs"]
# section 12: hardware F and D against soft-float
FP_WORKLOADS = ["blackscholes", "mandelbrot_f", "nbody", "sgemm", "stencil_f"]


class Cfg:
    def __init__(self, quick):
        self.quick = quick
        if quick:
            self.shapes = "1x1,4x4"
            self.policy_shape = "4x4"
            self.lat_warps = [1, 4]
            self.latencies = [0, 20]
            self.lat_threads = 4
            self.widths = [1, 4]
            self.width_warps = 4
            self.layout_shape = "4x4"
            self.speed_shapes = ["2x4"]
            self.sync_shapes = ["4x4"]
            self.progress_shapes = ["4x4"]
            self.no_detector_limit = 2000000
            self.mem_shape = "2x4"
            self.mem_cores = [1, 2]
        else:
            self.shapes = DEFAULT_SHAPES
            self.policy_shape = "8x32"
            self.lat_warps = [1, 2, 4, 8, 16, 32, 64]
            self.latencies = [0, 10, 50, 200]
            self.lat_threads = 8
            self.widths = [1, 2, 4, 8, 16, 32, 64]
            self.width_warps = 8
            self.layout_shape = "8x32"
            self.speed_shapes = ["2x4", "8x32"]
            self.sync_shapes = ["8x32", "64x32"]
            self.progress_shapes = ["8x4", "8x32", "64x16"]
            self.no_detector_limit = 600000000
            self.mem_shape = "4x8"
            self.mem_cores = [1, 4, 16]


def die(msg):
    sys.exit("results: " + msg)


T0 = time.time()  # the script's start: every log line says how long it has run
# the process's stderr: progress goes there even while sys.stderr is a
# _LineSink (a sweep's lines), which would otherwise feed itself
ERR = sys.stderr


def log(msg):
    e = int(time.time() - T0)
    print("results: [%d:%02d] %s" % (e // 60, e % 60, msg), file=ERR, flush=True)


def section(n, title):
    """The progress line that starts section n of the report."""
    log("section %s: %s" % (n, title))


class Progress:
    """Progress of one grid of runs from its runner's per-run lines
    ("... [I/N] ..."): passed on with -v, else a line every EVERY seconds,
    so that a long grid is never silent for long.  Other lines (errors)
    are passed on; the runner's own summary is dropped (bench() logs one)."""
    EVERY = 30.0

    def __init__(self, what, verbose):
        self.what, self.verbose = what, verbose
        self.t0 = self.last = time.time()

    def feed(self, text):
        for line in text.splitlines():
            m = re.search(r"\[(\d+)/(\d+)\]", line)
            if self.verbose:
                print(line, file=ERR, flush=True)
            elif not m and line.strip() and not re.match(
                    r"simty (bench|sweep): \d+ runs", line):
                print(line, file=ERR, flush=True)
            elif m and m.group(1) != m.group(2) and time.time() - self.last >= self.EVERY:
                self.last = time.time()
                log("  %s of %s runs in %.0f s: %s" % (m.group(1), m.group(2),
                                                     self.last - self.t0, self.what))


class _LineSink:
    """A stderr stand-in that hands whole lines to a Progress."""

    def __init__(self, progress):
        self.progress, self.buf = progress, ""

    def write(self, s):
        self.buf += s
        if "\n" in self.buf:
            done, self.buf = self.buf.rsplit("\n", 1)
            self.progress.feed(done)
        return len(s)

    def flush(self):
        pass


# ------------------------------------------------------------ building --

def sdk_default_flags():
    """The flags simty-cc puts first when SIMTY_DEFAULT_CFLAGS is unset."""
    with open(SIMTY_CC) as f:
        for line in f:
            if line.startswith("default_cflags=${SIMTY_DEFAULT_CFLAGS-"):
                return line.split("-", 1)[1].rsplit("}", 1)[0]
    die("cannot find the default flags in sdk/simty-cc")


def build_suite(names, flags, outdir, jobs, use_defaults):
    """Builds workloads/NAME.c into outdir/NAME.elf. flags: extra flags;
    use_defaults False builds with exactly `flags` (the layout study)."""
    os.makedirs(outdir, exist_ok=True)
    env = dict(os.environ)
    if not use_defaults:
        env["SIMTY_DEFAULT_CFLAGS"] = ""

    def one(name):
        out = os.path.join(outdir, name + ".elf")
        cmd = [SIMTY_CC] + flags.split() + ["-Wall", "-Wextra", "-Werror", "-o", out,
                                            os.path.join(ROOT, "workloads", name + ".c")]
        p = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if p.returncode:
            die("building %s with '%s' failed:\n%s" % (name, flags, p.stderr))
        return out

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, names))


# ------------------------------------------------------------- running --

# simty bench options -> simty.sweep() grid keys (lists) and fixed options
SWEEP_LISTS = {"--shapes": "shape", "--model": "model", "--paths": "paths",
               "--priority": "priority", "--steering": "steering", "--coalescer": "coalescer",
               "--mem-latency": "mem_latency", "--memory": "memory"}
SWEEP_FIXED = {"--mem-set": "mem_set", "--max-cycles": "max_cycles", "--timeout": "timeout",
               "--ram-size": "ram_size", "--misaligned": "misaligned"}


def sweep_bench(args, elfs, opts):
    """bench() through the Python package: simty.sweep() over the same grid,
    every run kept in args.sweep (a later report with the same file reuses
    the rows it holds instead of simulating them again), on a Dask cluster
    with --dask.  Returns the rows as bench() does."""
    import simty  # python/simty (sys.path set in main())
    grid, fixed = {}, {}
    for k, v in zip(opts[::2], opts[1::2]):
        if k in SWEEP_LISTS:
            grid[SWEEP_LISTS[k]] = v.split(",")
        elif k == "--mem-set":
            fixed.setdefault("mem_set", []).append(v)
        elif k in SWEEP_FIXED:
            fixed[SWEEP_FIXED[k]] = v
        else:
            die("results.py --sweep: no sweep equivalent of simty bench %s" % k)
    t0 = time.time()
    local = {} if args.client else {"jobs": args.jobs}
    real = sys.stderr
    sys.stderr = _LineSink(Progress(" ".join(opts), args.verbose))
    try:
        df = simty.sweep(list(elfs), grid, executor=args.client, results=args.sweep,
                         options=fixed, progress=True, **local)
    finally:
        sys.stderr = real
    rows = df.to_dict("records")
    for r in rows:
        for k, v in r.items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                r[k] = float(v)
    log("%d runs (simty.sweep: %d simulated, %d from %s) in %.0f s: %s" % (
        len(rows), df.attrs["ran"], df.attrs["resumed"], args.sweep, time.time() - t0,
        " ".join(opts)))
    return rows


def bench(args, elfs, opts):
    """Runs simty bench with CSV output; returns the rows as dicts."""
    if getattr(args, "sweep", None):
        return sweep_bench(args, elfs, opts)
    cmd = [args.simty, "bench", "--progress", "-f", "csv", "-j", str(args.jobs)] + opts + \
        list(elfs)
    t0 = time.time()
    progress = Progress(" ".join(opts), getattr(args, "verbose", False))
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out = []
    reader = threading.Thread(target=lambda: out.append(p.stdout.read()))
    reader.start()
    for line in p.stderr:
        progress.feed(line)
    reader.join()
    if p.wait() not in (0, 1):
        die("simty bench failed (status %d): %s" % (p.returncode, " ".join(cmd)))
    rows = list(csv.DictReader(io.StringIO(out[0])))
    for r in rows:
        for k, v in r.items():
            if k not in ("workload", "model", "paths", "priority", "steering", "coalescer",
                         "result", "memory", "detail"):
                r[k] = float(v)
    log("%d runs in %.0f s: %s" % (len(rows), time.time() - t0, " ".join(opts)))
    return rows


def stack_runs(args, shape, names, elf):
    """Every workload at `shape` without and with --stack-interleave (simty
    run, one JSON each): {(name, interleaved): (status, stdout, figures)},
    figures of the region of interest when there is one."""
    w, t = shape.split("x")
    os.makedirs(args.build, exist_ok=True)

    def one(job):
        n, il = job
        js = os.path.join(args.build, "stack-%s-%d.json" % (n, il))
        p = subprocess.run([args.simty, "run", "-w", w, "-t", t, "--stats-json", js] +
                           (["--stack-interleave"] if il else []) + [elf[n]],
                           capture_output=True, text=True)
        try:
            with open(js) as f:
                st = json.load(f)
        except (OSError, ValueError):
            die("%s%s: no statistics (status %d): %s" % (
                n, " --stack-interleave" if il else "", p.returncode, p.stderr.strip()))
        return job, (p.returncode, p.stdout, st["roi"] or st)

    t0 = time.time()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        out = dict(pool.map(one, [(n, il) for n in names for il in (0, 1)]))
    log("%d runs in %.0f s: --stack-interleave at %s" % (len(out), time.time() - t0, shape))
    return out


# ----------------------------------------------------------- reporting --

def mean(xs):
    xs = list(xs)
    return sum(xs) / len(xs) if xs else 0.0


def gmean(xs):
    xs = [x for x in xs if x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else 0.0


def pct(x):
    return "%.1f%%" % (100 * x)


def md_table(header, rows, align=None):
    align = align or ["---"] + ["--:"] * (len(header) - 1)
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def gnuplot(script, outdir):
    p = subprocess.run(["gnuplot"], input=script, text=True, cwd=outdir, capture_output=True)
    if p.returncode or "line " in p.stderr and "error" in p.stderr.lower():
        die("gnuplot failed:\n" + p.stderr)


PNG = "set terminal pngcairo size %d,%d enhanced font 'Helvetica,11' background '#ffffff'\n"


def plot_bars(name, series, names, value, outdir):
    """Clustered bars of SIMD efficiency: one group per workload, one bar per
    series (value(series_key, workload) -> efficiency or None)."""
    with open(os.path.join(outdir, name + ".dat"), "w") as f:
        f.write("workload " + " ".join(label.replace("_", "-") for label, _ in series) + "\n")
        for n in names:
            f.write(n.replace("_", "-") + " " + " ".join(
                "%.4f" % (100 * (value(key, n) or 0)) for _, key in series) + "\n")
    gnuplot(PNG % (900, 420) + """
set output '%s.png'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set ylabel 'SIMD efficiency (%%)'
set yrange [0:105]
set xtics rotate by 45 right scale 0 nomirror
set bmargin 6
set key outside right top
set grid ytics
plot for [i=2:%d] '%s.dat' using i:xtic(1) title columnheader(i)
""" % (name, len(series) + 1, name), outdir)


def plot_policies(rows, names, outdir):
    eff = {(r["workload"], r["paths"], r["priority"]): r["simd_efficiency"] for r in rows}
    plot_bars("policies", [("%s/%s" % p, p) for p in POLICIES], names,
              lambda p, n: eff.get((n,) + p), outdir)


def plot_latency(rows, cfg, outdir):
    """IPC (suite mean) versus warps, one line per memory latency."""
    by = {}
    for r in rows:
        by.setdefault((int(r["mem_latency"]), int(r["warps"])), []).append(r["ipc"])
    with open(os.path.join(outdir, "latency.dat"), "w") as f:
        for lat in cfg.latencies:
            f.write("# latency %d\n" % lat)
            for w in cfg.lat_warps:
                f.write("%d %.4f\n" % (w, mean(by.get((lat, w), []))))
            f.write("\n\n")
    gnuplot(PNG % (700, 420) + """
set output 'latency.png'
set logscale x 2
set xlabel 'warps (%d threads each)'
set ylabel 'IPC (warp-instructions per cycle, suite mean)'
set yrange [0:1.05]
set key bottom right
set grid
plot for [i=0:%d] 'latency.dat' index i using 1:2 with linespoints lw 2 \\
     title sprintf('memory latency +%%s', word('%s', i+1))
""" % (cfg.lat_threads, len(cfg.latencies) - 1, " ".join(str(x) for x in cfg.latencies)),
            outdir)


# Colours and point types of the width plot's panels: each series of a
# panel its own, strong enough to tell apart on white.
PANEL_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#17becf"]
PANEL_SIZE = 6  # series per panel at most (workloads with equal curves share one)


def width_panels(names, eff, widths):
    """The width plot's panels: the floating-point workloads in one, the
    others in panels of at most PANEL_SIZE ordered by their efficiency at
    the widest warp.  Workloads whose curves are equal at every width share
    a series ("vecadd = saxpy"), so that no line hides another.  Returns
    [(title, [(label, [efficiency % per width])])]."""
    def curve(n):
        return [round(100 * eff.get((n, t), 0), 1) for t in widths]

    def series(group):
        out = {}
        for n in group:
            out.setdefault(tuple(curve(n)), []).append(n)
        return [(" = ".join(ns), list(c)) for c, ns in out.items()]

    tmax = widths[-1]
    fp = [n for n in names if n in FP_WORKLOADS]
    rest = sorted((n for n in names if n not in FP_WORKLOADS),
                  key=lambda n: (-eff.get((n, tmax), 0), n))
    merged = series(rest)
    panels = []
    k = max(1, math.ceil(len(merged) / PANEL_SIZE))
    size = math.ceil(len(merged) / k) if merged else 0
    for i in range(k):
        part = merged[i * size:(i + 1) * size]
        if part:
            hi, lo = part[0][1][-1], part[-1][1][-1]
            panels.append(("integer workloads: %.0f%% to %.0f%% at T=%d" % (hi, lo, tmax)
                           if k > 1 else "integer workloads", part))
    if fp:
        panels.append(("floating-point workloads (F and D)", series(fp)))
    return panels


def plot_width(rows, names, cfg, outdir):
    """SIMD efficiency versus threads per warp: small multiples (width_panels),
    one line per workload, the same axes in every panel."""
    eff = {(r["workload"], int(r["threads"])): r["simd_efficiency"] for r in rows}
    with open(os.path.join(outdir, "width.dat"), "w") as f:
        f.write("threads " + " ".join(n.replace("_", "-") for n in names) + "\n")
        for t in cfg.widths:
            f.write("%d " % t + " ".join("%.4f" % (100 * eff.get((n, t), 0)) for n in names)
                    + "\n")
    panels = width_panels(names, eff, cfg.widths)
    cols = 1 if len(panels) == 1 else 2
    nrows = math.ceil(len(panels) / cols)
    s = [PNG % (660 * cols, 40 + 330 * nrows)]
    s.append("set output 'width.png'\n")
    for i, c in enumerate(PANEL_COLOURS):
        s.append("set style line %d lc rgb '%s' lw 2 pt %d ps 1.1\n" % (i + 1, c, i + 4))
    s.append("set multiplot layout %d,%d title 'SIMD efficiency versus threads per warp "
             "(%d warps)' font ',13'\n" % (nrows, cols, cfg.width_warps))
    s.append("set logscale x 2\nset xrange [%g:%g]\nset xtics (%s)\n" % (
        cfg.widths[0] / 1.3, cfg.widths[-1] * 1.3, ", ".join(str(t) for t in cfg.widths)))
    s.append("set yrange [0:105]\nset grid\nset key outside right top Left reverse noenhanced "
             "font ',10' spacing 1.2 width -2\n")
    # the same margins in every panel (room for the longest key), so that
    # the plot areas line up
    key = max(len(label) for _, series in panels for label, _ in series)
    s.append("set lmargin 10\nset rmargin %d\n" % (key * 4 // 5 + 9))
    s.append("set xlabel 'threads per warp'\nset ylabel 'SIMD efficiency (%)'\n")
    for title, series in panels:
        s.append("set title '%s'\n" % title)
        s.append("plot " + ", ".join(
            "'-' using 1:2 with linespoints ls %d title '%s'" % (i + 1, label)
            for i, (label, _) in enumerate(series)) + "\n")
        for _, curve in series:
            s.append("".join("%d %.1f\n" % (t, v) for t, v in zip(cfg.widths, curve)) + "e\n")
    s.append("unset multiplot\n")
    gnuplot("".join(s), outdir)


def plot_layout(rows, names, outdir):
    eff = {(r["layout"], r["workload"]): r["simd_efficiency"] for r in rows}
    plot_bars("layout", [(l, l) for l, _ in LAYOUTS], names, lambda l, n: eff.get((l, n)),
              outdir)


def host_description():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "%s, %d online CPUs, %s %s" % (cpu, os.cpu_count() or 1, platform.system(),
                                         platform.release())


def git_commit():
    p = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                       capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--", "src", "sdk",
                            "workloads"], capture_output=True, text=True).stdout.strip()
    return (p.stdout.strip() or "unknown") + (" (with local changes)" if dirty else "")


def variant(args):
    """The command that generates the report, as its header names it."""
    flags = (["--quick"] if args.quick else []) + \
        (["--sweep " + os.path.basename(args.sweep)] if args.sweep else []) + \
        (["--dask " + args.dask] if args.dask else [])
    return "`tools/results.py %s`" % " ".join(flags) if flags else \
        "`make results` (`tools/results.py`)"


def mark_header(args, n, flag):
    """After a section was regenerated alone (--speed-only...): the header
    of OUT/RESULTS.md says which, with what and at which commit."""
    path = os.path.join(args.out, "RESULTS.md")
    with open(path) as f:
        text = f.read()
    cut = text.find("\n## ")
    head, rest = (text[:cut], text[cut:]) if cut >= 0 else (text, "")
    marks = {n: "- section %d regenerated alone by `tools/results.py %s` at commit %s "
             "on %s" % (n, flag, git_commit(), datetime.date.today().isoformat())}
    lines = []
    for ln in head.split("\n"):
        m = re.match(r"- section (\d+) regenerated alone", ln)
        if m:
            marks.setdefault(int(m.group(1)), ln)
        else:
            lines.append(ln)
    at = next((i + 1 for i, ln in enumerate(lines) if ln.startswith("- host:")), len(lines))
    lines[at:at] = [marks[k] for k in sorted(marks)]
    with open(path, "w") as f:
        f.write("\n".join(lines) + rest)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--simty", default=os.path.join(ROOT, "build", "simty"))
    ap.add_argument("--out", default=os.path.join(ROOT, "docs"),
                    help="directory for RESULTS.md (plots and data go to OUT/results/)")
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "results"),
                    help="scratch directory for the workload builds")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--quick", action="store_true", help="tiny grid, two workloads")
    ap.add_argument("--host-threads-only", action="store_true",
                    help="measure section 11 again and replace it in OUT/RESULTS.md")
    ap.add_argument("--speed-only", action="store_true",
                    help="measure section 7 again and replace it in OUT/RESULTS.md")
    ap.add_argument("--isa-only", action="store_true",
                    help="measure section 12 again and put it in OUT/RESULTS.md")
    ap.add_argument("--omp-only", action="store_true",
                    help="measure section 13 (OpenMP) again and put it in OUT/RESULTS.md")
    ap.add_argument("--plugins-only", action="store_true",
                    help="measure section 14 (plug-ins) again and put it in OUT/RESULTS.md")
    ap.add_argument("--sweep", metavar="FILE",
                    help="run the simty bench grids through the Python package (simty.sweep) "
                         "and keep every run in FILE; a later report with the same FILE takes "
                         "the runs it holds from there instead of simulating them again")
    ap.add_argument("--dask", metavar="ADDRESS",
                    help="with --sweep: run on the Dask scheduler at ADDRESS")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per run")
    args = ap.parse_args()
    args.client = None
    if args.dask and not args.sweep:
        die("--dask needs --sweep FILE")
    if args.sweep:
        # the package binds the library built next to the simty command
        os.environ.setdefault("SIMTY_LIB", os.path.join(os.path.dirname(
            os.path.abspath(args.simty)), "libsimty.so"))
        sys.path.insert(0, os.path.join(ROOT, "python"))
        try:
            import simty  # noqa: F401
        except ImportError as e:
            die("--sweep needs the Python package python/simty and its Debian packages "
                "(python3-cffi, python3-pandas): %s" % e)
        if args.dask:
            try:
                from dask.distributed import Client
            except ImportError as e:
                die("--dask needs python3-distributed: %s" % e)
            args.client = Client(args.dask)
    cfg = Cfg(args.quick)
    if not os.access(args.simty, os.X_OK):
        die("%s not found (run make first)" % args.simty)
    if args.host_threads_only:
        host_threads_only(args)
        mark_header(args, 11, "--host-threads-only")
        return
    if args.speed_only:
        speed_only(args)
        mark_header(args, 7, "--speed-only")
        return
    if args.isa_only:
        isa_only(args)
        mark_header(args, 12, "--isa-only")
        return
    if args.omp_only:
        omp_only(args)
        mark_header(args, 13, "--omp-only")
        return
    if args.plugins_only:
        plugins_only(args)
        mark_header(args, 14, "--plugins-only")
        return
    if not shutil.which("gnuplot"):
        die("gnuplot not found (Debian: apt-get install gnuplot-nox)")
    t_start = time.time()

    all_names = sorted(f[:-2] for f in os.listdir(os.path.join(ROOT, "workloads"))
                       if f.endswith(".c"))
    if args.quick:
        all_names = [n for n in ("vecadd", "spinlock") if n in all_names]
    # spin-lock style programs are reported apart from the suite statistics
    expect_deadlock = [n for n in all_names
                       if "SIMTY_EXPECT_DEADLOCK()" in
                       open(os.path.join(ROOT, "workloads", n + ".c")).read()]
    names = [n for n in all_names if n not in expect_deadlock]
    if not names:
        die("no workloads found")
    plots = os.path.join(args.out, "results")
    os.makedirs(plots, exist_ok=True)

    default_flags = sdk_default_flags()
    log("building %d workloads (default flags '%s' and %d layout variants)" %
        (len(all_names), default_flags, len(LAYOUTS)))
    default_dir = os.path.join(args.build, "default")
    build_suite(all_names, "", default_dir, args.jobs, True)
    elf = {n: os.path.join(default_dir, n + ".elf") for n in all_names}
    suite = [elf[n] for n in names]

    # 1. the suite at the default shapes
    section(1, "the suite at %s" % cfg.shapes)
    main_rows = bench(args, [elf[n] for n in all_names], ["--shapes", cfg.shapes])
    # 2. path policies
    section(2, "path policies and coalescers at %s" % cfg.policy_shape)
    pol_rows = bench(args, suite, ["--shapes", cfg.policy_shape, "--paths", "hct,ideal",
                                   "--priority", "depth,minpc"])
    coal_rows = bench(args, suite, ["--shapes", cfg.policy_shape, "--coalescer", "block"])
    # 3. latency hiding
    section(3, "latency hiding")
    lat_rows = bench(args, suite, [
        "--shapes", ",".join("%dx%d" % (w, cfg.lat_threads) for w in cfg.lat_warps),
        "--mem-latency", ",".join(str(x) for x in cfg.latencies)])
    # 4. warp width
    section(4, "warp width")
    width_rows = bench(args, suite, [
        "--shapes", ",".join("%dx%d" % (cfg.width_warps, t) for t in cfg.widths)])
    # 5. compiler layout
    section(5, "compiler layout (%d flag sets)" % len(LAYOUTS))
    layout_rows = []
    for label, flags in LAYOUTS:
        d = os.path.join(args.build, label)
        elfs = build_suite(names, flags, d, args.jobs, False)
        rows = bench(args, elfs, ["--shapes", cfg.layout_shape])
        for r in rows:
            r["layout"] = label
        layout_rows += rows
    # 6. interleaved stacks
    section(6, "interleaved stacks")
    stack = stack_runs(args, cfg.policy_shape, names, elf)
    section(7, "simulator speed, one simulation at a time")
    # 7. simulator speed, one simulation at a time
    speed_names = [n for n in SPEED_WORKLOADS if n in names] or names[:1]
    speed_rows = speed_runs(args, cfg, speed_names, elf)
    # 8. synchronisation and forward progress
    section(8, "synchronisation and forward progress")
    sync = results_sync.run(args, cfg, args.build, all_names, build_suite, log)
    # 9. the memory hierarchy
    section(9, "the memory hierarchy")
    mem = results_memory.run(args, cfg, suite, bench, log)
    # 12. ISA variants
    section(12, "ISA variants")
    fp_names = [n for n in names if n in FP_WORKLOADS]
    isa = results_isa.run(args, names, fp_names, build_suite, log)
    # 13. OpenMP
    section(13, "OpenMP")
    omp = results_omp.run(args, log, args.quick)
    # 14. plug-ins against the defaults
    section(14, "plug-ins against the defaults")
    plug = results_plugins.run(args, names, elf, log, args.quick)
    # 11. host-parallel simulation (alone: it measures host time)
    section(11, "host-parallel simulation")
    hp_text = host_threads_section(args, cfg, names, elf)

    failed = [r for r in main_rows + pol_rows + coal_rows + lat_rows + width_rows + layout_rows
              if not r["ok"]]
    failed += [{"workload": n, "warps": 0, "threads": 0, "result": "stack-interleave differs"}
               for n in names if stack[(n, 0)][:2] != stack[(n, 1)][:2] or stack[(n, 0)][0]]
    sync_text, sync_rows, sync_failed = results_sync.section(sync, md_table, 8)
    failed += sync_failed
    mem_text, mem_rows, mem_failed = results_memory.section(mem, cfg, names, md_table, mean, gmean, 9)
    failed += mem_failed
    isa_text, isa_failed = results_isa.section(isa, names, fp_names, md_table, gmean, 12)
    failed += isa_failed
    omp_text, omp_failed = results_omp.section(omp, 13)
    plug_text, plug_failed = results_plugins.section(plug, 14, names, md_table, gmean)
    failed += [{"workload": f, "warps": 0, "threads": 0, "result": "plug-ins (section 14)"}
               for f in plug_failed]
    if omp_failed:
        failed.append({"workload": "OpenMP (section 13)", "warps": 0, "threads": 0,
                       "result": "not measured"})

    # ------------------------------------------------------------ plots --
    log("plots and report")
    plot_policies(pol_rows, names, plots)
    plot_latency(lat_rows, cfg, plots)
    results_memory.plot_latency(mem, cfg, plots, gnuplot, PNG, mean)
    plot_width(width_rows, names, cfg, plots)
    plot_layout(layout_rows, names, plots)
    for rows, fname in ((main_rows, "suite.csv"), (pol_rows, "policies.csv"),
                        (lat_rows, "latency.csv"), (width_rows, "width.csv"),
                        (layout_rows, "layout.csv"), (sync_rows, "sync.csv"),
                        (mem_rows, "memory.csv")):
        with open(os.path.join(plots, fname), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=sorted(set().union(*rows), key=list(
                {k: 0 for r in rows for k in r}).index))
            w.writeheader()
            w.writerows(rows)

    # ----------------------------------------------------------- report --
    R = []
    R.append("# Results: the workload suite on simty\n")
    R.append("Generated by %s at commit %s on %s in %.0f minutes. "
             "Do not edit by hand: rerun the command.%s\n" %
             (variant(args), git_commit(), datetime.date.today().isoformat(),
              (time.time() - t_start) / 60,
              " (`--quick`: a tiny grid on two workloads, a check of the pipeline; its "
              "figures are not results.)" if args.quick else ""))
    R.append("- simulator: simty %s, cycle model unless stated" %
             subprocess.run([args.simty, "--version"], capture_output=True,
                            text=True).stdout.split()[-1])
    R.append("- workloads: `workloads/*.c`, built with `sdk/simty-cc` and its default flags "
             "`%s`" % default_flags)
    R.append("- host: %s\n" % host_description())
    R.append("All figures except host time cover each workload's region of interest: its "
             "SPMD kernel, between `simty_roi_begin()` and `simty_roi_end()` (set-up and the "
             "sequential self-check are excluded). SIMD efficiency = thread-instructions / "
             "(executed warp slots x threads per warp); IPC counts warp-instructions issued "
             "per cycle (at most 1: single issue).\n")
    if failed:
        R.append("**%d runs did not behave as expected:** %s\n" % (len(failed), "; ".join(
            "%s %dx%d: %s" % (r["workload"], r["warps"], r["threads"], r["result"])
            for r in failed[:20])))

    # suite table
    R.append("## 1. The suite at the default shapes\n")
    R.append("`simty bench build/results/default --shapes %s` (default policies: HCT path "
             "tables, depth-then-min-PC priority, Simty coalescer, 1-cycle memory).\n" %
             cfg.shapes)
    shapes = cfg.shapes.split(",")
    hdr = ["workload"] + ["%s eff." % s for s in shapes] + [
        "%s work eff." % shapes[-1], "%s barrier" % shapes[-1], "%s IPC" % shapes[-1],
        "%s cycles" % shapes[-1], "result"]
    table = []
    by = {(r["workload"], "%dx%d" % (r["warps"], r["threads"])): r for r in main_rows}
    for n in all_names:
        cells = [n]
        for s in shapes:
            r = by.get((n, s))
            cells.append(pct(r["simd_efficiency"]) if r and r["ok"] and n in names else
                         (r["result"] if r else "-"))
        last = by.get((n, shapes[-1]))
        cells += ([pct(last["work_efficiency"]), pct(last["barrier_share"]),
                   "%.3f" % last["ipc"], "%d" % last["cycles"]] if last and n in names
                  else ["-"] * 4)
        results = sorted(set(by[(n, s)]["result"] for s in shapes if (n, s) in by))
        cells.append(", ".join(results))
        table.append(cells)
    R.append(md_table(hdr, table) + "\n")
    R.append("*work eff.*: SIMD efficiency of the slots other than `simty_barrier()`'s "
             "arrivals; *barrier*: the share of executed slots that are barrier arrivals "
             "(one write of CSR 0x800 per path; waiting paths are parked and use no slot, "
             "section 8).\n")
    ok = sum(1 for r in main_rows if r["ok"])
    R.append("%d of %d runs behaved as expected: every workload passes its self-check, "
             "the spin lock and the lock-heavy kernels included (section 8)%s.\n" % (
                 ok, len(main_rows), "; expected to deadlock: " + ", ".join(expect_deadlock)
                 if expect_deadlock else ""))
    big = [r for r in main_rows if "%dx%d" % (r["warps"], r["threads"]) == shapes[-1]
           and r["workload"] in names]
    if big:
        lo = min(big, key=lambda r: r["simd_efficiency"])
        hi = max(big, key=lambda r: r["simd_efficiency"])
        R.append("At %s the suite's mean SIMD efficiency is %s, from %s (%s) to %s (%s). "
                 "Above 90%% outside barrier waits: %s (convergent loops over unit-stride "
                 "data). The rest lose lanes to data-dependent trip counts and branches, "
                 "and to memory replays (accesses that are not unit-stride, section 2).\n"
                 % (shapes[-1], pct(mean(r["simd_efficiency"] for r in big)),
                    lo["workload"], pct(lo["simd_efficiency"]), hi["workload"],
                    pct(hi["simd_efficiency"]),
                    ", ".join(r["workload"] for r in big if r["work_efficiency"] > 0.9)
                    or "none"))
        mid = [r for r in main_rows if "%dx%d" % (r["warps"], r["threads"]) == "8x32"
               and r["workload"] in names]
        midc = {r["workload"]: r["cycles"] for r in mid}
        # (the lock kernels slow down with contention instead: section 8)
        slow = sorted(((r["cycles"] / midc[r["workload"]], r["workload"]) for r in big
                       if midc.get(r["workload"]) and
                       r["workload"] not in results_sync.LOCK_WORKLOADS), reverse=True)
        R.append("Barrier arrivals take %s of the executed slots at %s on average (up to "
                 "%s, %s): a path that reaches `simty_barrier()` parks until the last "
                 "thread arrives and issues nothing meanwhile. Where the work per phase is "
                 "uneven, more threads can still cost cycles: %s. A phase ends when its "
                 "last warp does, and fetch steering visits the warps in strict round robin "
                 "(spec section 5), so that warp gets one slot every W cycles whether the "
                 "others wait parked or not: its serial work costs W times its length.\n" % (
                     pct(mean(r["barrier_share"] for r in big)), shapes[-1],
                     pct(max(r["barrier_share"] for r in big)),
                     max(big, key=lambda r: r["barrier_share"])["workload"],
                     ", ".join("%s takes %.1fx the cycles of 8x32" % (n, x)
                               for x, n in slow[:3] if x > 1.5) or "no workload does"))

    # policies
    R.append("## 2. Path policies\n")
    R.append("SIMD efficiency at %s under the four path policies: `hct` = hot/cold "
             "context tables with the offline sorter (the hardware), `ideal` = a perfectly "
             "sorted list; `depth` = deepest call level then lowest PC (Simty), `minpc` = "
             "lowest PC only.\n" % cfg.policy_shape)
    R.append("![SIMD efficiency per workload and policy](results/policies.png)\n")
    pe = {(r["workload"], r["paths"], r["priority"]): r for r in pol_rows}
    table = []
    for n in names:
        table.append([n] + [pct(pe[(n, a, b)]["simd_efficiency"]) if (n, a, b) in pe else "-"
                            for a, b in POLICIES] +
                     ["%d" % pe[(n, "hct", "depth")]["cycles"] if (n, "hct", "depth") in pe
                      else "-"])
    R.append(md_table(["workload"] + ["%s/%s" % p for p in POLICIES] + ["hct/depth cycles"],
                      table) + "\n")
    diffs = []
    for n in names:
        if (n, "hct", "depth") in pe and (n, "hct", "minpc") in pe:
            d = pe[(n, "hct", "minpc")]["simd_efficiency"] - pe[(n, "hct", "depth")][
                "simd_efficiency"]
            c = pe[(n, "hct", "minpc")]["cycles"] / max(pe[(n, "hct", "depth")]["cycles"], 1)
            diffs.append((d, c, n))
    if diffs:
        diffs.sort()
        losers = [x for x in diffs if x[0] < -0.005]
        R.append("Mean efficiency: %s." % ", ".join(
            "%s/%s %s" % (a, b, pct(mean(pe[(n, a, b)]["simd_efficiency"] for n in names
                                         if (n, a, b) in pe))) for a, b in POLICIES))
        if losers:
            R.append(" Dropping the call-depth key (min-PC only) costs efficiency on %s: %s. "
                     "These are the workloads whose divergent paths call functions or return "
                     "at different depths (recursion, calls inside divergent code, the "
                     "barrier's wait routine placed at the end of `.text`): under pure "
                     "min-PC, a path that is deep in a callee at a high address waits behind "
                     "shallower paths at lower addresses, so warp mates that should "
                     "reconverge at the return run separately." % (
                         len(losers), ", ".join("%s (%+.1f points, %.2fx cycles)" %
                                                (n, 100 * d, c) for d, c, n in losers)))
        else:
            R.append(" Pure min-PC never loses more than half a point here.")
        hd = sorted((pe[(n, "hct", "depth")]["simd_efficiency"] -
                     pe[(n, "ideal", "depth")]["simd_efficiency"], n) for n in names
                    if (n, "hct", "depth") in pe and (n, "ideal", "depth") in pe)
        if hd:
            behind = [x for x in hd if x[0] < -0.005]
            ahead = [x for x in hd if x[0] > 0.005]
            R.append(" The hardware tables (2 hot entries, a CCT stack and an offline "
                     "sorter) differ from the ideal sorted list on %d of %d workloads. %s%s"
                     % (len(behind) + len(ahead), len(hd),
                        "HCT is behind on %s. " % ", ".join(
                            "%s (%.1f points)" % (n, 100 * d) for d, n in behind)
                        if behind else "HCT is never behind by more than half a point. ",
                        "It is *ahead* on %s: exact lowest-PC order is a heuristic, not an "
                        "optimum, and a path the sorter has not yet demoted can keep lanes "
                        "together longer than the strict order would." % ", ".join(
                            "%s (+%.1f)" % (n, 100 * d) for d, n in reversed(ahead))
                        if ahead else ""))
            R.append("\n")
    ce = {r["workload"]: r for r in coal_rows}
    table = []
    for n in names:
        if n in ce and (n, "hct", "depth") in pe:
            a, b = pe[(n, "hct", "depth")], ce[n]
            table.append([n, "%d" % a["replays_memory"], "%d" % b["replays_memory"],
                          "%d" % a["cycles"], "%d" % b["cycles"]])
    R.append("Coalescer, same shape: memory replay passes and cycles with the Simty "
             "leader/follower word coalescer and with the block coalescer (any access in "
             "the leader's 16-byte block in one pass).\n")
    R.append(md_table(["workload", "simty replays", "block replays", "simty cycles",
                       "block cycles"], table) + "\n")

    # latency
    R.append("## 3. Latency hiding: IPC versus warps\n")
    R.append("Suite mean IPC with %d threads per warp, for %s warps and memory latencies "
             "of +%s cycles (`--mem-latency`).\n" % (
                 cfg.lat_threads, ", ".join(str(w) for w in cfg.lat_warps),
                 ", +".join(str(x) for x in cfg.latencies)))
    R.append("![IPC versus warps](results/latency.png)\n")
    lb = {}
    for r in lat_rows:
        lb.setdefault((int(r["mem_latency"]), int(r["warps"])), []).append(r["ipc"])
    table = [["+%d" % lat] + ["%.3f" % mean(lb.get((lat, w), [])) for w in cfg.lat_warps]
             for lat in cfg.latencies]
    R.append(md_table(["latency"] + ["%d warps" % w for w in cfg.lat_warps], table) + "\n")
    wmax = cfg.lat_warps[-1]
    full = [(lat, next((w for w in cfg.lat_warps if mean(lb.get((lat, w), [0])) >= 0.95),
                       None)) for lat in cfg.latencies]
    R.append("With one warp the pipeline cannot issue from the same warp in two successive "
             "cycles and pays the scoreboard, the fetch redirect of every taken branch and "
             "the full load latency, so IPC is %.2f at +0 and %.2f at +%d. Other warps fill "
             "those cycles: the suite reaches an IPC of 0.95 or more with %s. A warp "
             "stops at each load until its data is back (one pending load per warp, "
             "spec 5), so hiding L cycles takes roughly L divided by the instructions a "
             "warp runs between loads; at +%d even %d warps leave the mean IPC at %.2f.\n" % (
                 mean(lb.get((0, 1), [0])), mean(lb.get((cfg.latencies[-1], 1), [0])),
                 cfg.latencies[-1],
                 ", ".join("%s warps at +%d" % (w, lat) if w else "no warp count tried at +%d"
                           % lat for lat, w in full),
                 cfg.latencies[-1], wmax, mean(lb.get((cfg.latencies[-1], wmax), [0]))))

    # width
    R.append("## 4. SIMD efficiency versus warp width\n")
    R.append("%d warps, %s threads per warp.\n" % (cfg.width_warps,
                                                   ", ".join(str(t) for t in cfg.widths)))
    R.append("![SIMD efficiency versus threads per warp](results/width.png)\n")
    R.append("(The plot: the floating-point workloads in a panel of their own, the others "
             "in panels ordered by their efficiency at the widest warp; workloads whose "
             "curves are equal share one line, named together.)\n")
    we = {(r["workload"], int(r["threads"])): r for r in width_rows}
    table = [[n] + [pct(we[(n, t)]["simd_efficiency"]) if (n, t) in we else "-"
                    for t in cfg.widths] for n in names]
    R.append(md_table(["workload"] + ["T=%d" % t for t in cfg.widths], table) + "\n")
    tmax = cfg.widths[-1]
    drop = sorted(((we[(n, tmax)]["simd_efficiency"], n) for n in names if (n, tmax) in we))
    if drop:
        R.append("Efficiency falls as warps widen: more lanes means more chances that one "
                 "of them takes the other side of a branch or stays longer in a loop. At "
                 "T=%d the suite mean is %s; the least efficient are %s.\n" % (
                     tmax, pct(mean(x for x, _ in drop)),
                     ", ".join("%s (%s)" % (n, pct(x)) for x, n in drop[:3])))

    # layout
    R.append("## 5. Compiler layout study\n")
    R.append("The suite built with each flag set (and no SDK default), at %s. GCC's basic-"
             "block reordering can move a rarely taken path after the function's return; "
             "under min-PC ordering that path then runs after the common path has reached "
             "the return instead of reconverging before it.\n" % cfg.layout_shape)
    R.append("![SIMD efficiency per layout](results/layout.png)\n")
    le = {(r["layout"], r["workload"]): r for r in layout_rows}
    table = []
    for n in names:
        table.append([n] + ["%s / %d" % (pct(le[(l, n)]["simd_efficiency"]), le[(l, n)]["cycles"])
                            if (l, n) in le else "-" for l, _ in LAYOUTS])
    summary = []
    for l, flags in LAYOUTS:
        rs = [le[(l, n)] for n in names if (l, n) in le]
        summary.append((l, flags, mean(r["simd_efficiency"] for r in rs),
                        gmean(r["cycles"] for r in rs), all(r["ok"] for r in rs)))
    table.append(["**mean eff. / geomean cycles**"] +
                 ["**%s / %.0f**" % (pct(e), c) for _, _, e, c, _ in summary])
    R.append(md_table(["workload (eff. / cycles)"] + ["`%s`" % f for _, f in LAYOUTS], table)
             + "\n")
    # The rule: performance first (fewest cycles, geometric mean over the
    # suite); sets within 3% of the fastest are a tie, which the higher mean
    # SIMD efficiency breaks.
    fastest = min(summary, key=lambda x: x[3])
    tied = [x for x in summary if x[3] <= fastest[3] * 1.03]
    pick = max(tied, key=lambda x: x[2])
    best_eff = max(summary, key=lambda x: x[2])
    R.append("Fewest cycles (geometric mean): `%s` (%.0f); highest mean efficiency: `%s` "
             "(%s). **Rule:** the default is the set with the fewest cycles, sets within 3%% "
             "of it counting as a tie broken by the higher mean efficiency; here that is "
             "`%s`." % (fastest[1], fastest[3], best_eff[1], pct(best_eff[2]), pick[1]))
    if pick[1] == default_flags:
        R.append(" `sdk/simty-cc` uses it (`SIMTY_DEFAULT_CFLAGS` overrides).\n")
    else:
        R.append(" **`sdk/simty-cc` uses `%s`: the measurement now points to `%s`; "
                 "revisit the default.**\n" % (default_flags, pick[1]))
    swings = []
    for n in names:
        cyc = [(le[(l, n)]["cycles"], f) for l, f in LAYOUTS if (l, n) in le]
        if cyc:
            lo, hi = min(cyc), max(cyc)
            swings.append((hi[0] / max(lo[0], 1), n, lo[1], hi[1]))
    swings.sort(reverse=True)
    if swings:
        R.append("No flag set wins everywhere: layout moves single workloads by large "
                 "factors in both directions (%s), while the suite means stay within a few "
                 "percent. Block order decides which side of a divergent branch has the "
                 "lower PC, and so which path runs first and where the paths meet again; "
                 "where GCC places a rare path after the function's return, the common "
                 "path waits there for it instead of meeting it right after the branch.\n"
                 % "; ".join("%s %.1fx slower with `%s` than with `%s`" % (n, r, h, l_)
                             for r, n, l_, h in swings[:4]))

    # interleaved stacks
    R.append("## 6. Interleaved stacks (`--stack-interleave`)\n")
    R.append("The suite at %s, each workload run by `simty run` with the SDK's layout "
             "(every thread's stack and TLS block in its own area, one after the other) "
             "and with `--stack-interleave` (the areas stored word by word interleaved, "
             "as GPUs store local memory: docs/platform.md). Results must not change, "
             "only where each word is stored.\n" % cfg.policy_shape)
    table, gains, broken = [], [], []
    for n in names:
        (s0, o0, a), (s1, o1, b) = stack[(n, 0)], stack[(n, 1)]
        if s0 != 0 or (s0, o0) != (s1, o1):
            broken.append(n)
        gains.append((a["cycles"] / max(b["cycles"], 1), n))
        table.append([n, "%d" % a["replays_memory"], "%d" % b["replays_memory"],
                      "%d" % a["cycles"], "%d" % b["cycles"], "%.3fx" % gains[-1][0],
                      pct(a["simd_efficiency"]), pct(b["simd_efficiency"])])
    R.append(md_table(["workload", "replays", "interleaved replays", "cycles",
                       "interleaved cycles", "speed-up", "SIMD eff.", "interleaved eff."],
                      table) + "\n")
    gains.sort(reverse=True)
    moved = [(g, n) for g, n in gains if abs(g - 1) >= 0.005]
    R.append("%s Geometric-mean speed-up %.3fx; %s; %d of %d workloads move by less than "
             "0.5%%. Only stack and TLS accesses change place, so the option matters where "
             "a kernel spills registers, keeps arrays on the stack or calls functions that "
             "save registers (recursion, library calls), and not where it keeps its "
             "variables in registers.\n" % (
                 "**Results differ or fail with and without the option: %s.**" %
                 ", ".join(broken) if broken else
                 "Every workload prints the same output and exits 0 both ways.",
                 gmean(g for g, _ in gains),
                 "largest on %s" % ", ".join("%s (%.2fx)" % (n, g) for g, n in moved[:3])
                 if moved else "no workload changes",
                 len(gains) - len(moved), len(gains)))

    # speed
    R += speed_section(args, cfg, speed_rows)

    # synchronisation
    R += sync_text

    # summary
    R.append(mem_text)
    R.append("## 10. Where min-PC reconvergence loses, in short\n")
    losers = [n for d, c, n in diffs if d < -0.005] if diffs else []
    R.append("- **Calls at different depths**: without the call-depth key, %s "
             "(section 2). Depth-first ordering lets a path deep in a callee "
             "finish and return before shallower warp mates move on, so they meet at the "
             "return." % ("%s lose efficiency" % ", ".join(losers) if losers
                               else "no workload loses efficiency"))
    R.append("- **Code layout**: min-PC assumes that the paths of a branch meet at a higher "
             "address. The compiler decides the addresses, and one flag changes a single "
             "workload's cycles by up to %.1fx (section 5)." % (swings[0][0] if swings else 1))
    R.append("- **Waiting**: pure priority cannot let a spinning thread wait for a warp "
             "mate; the forward-progress scheduler can, and parked barrier waits cost no "
             "slots (section 8).")
    R.append("- **Not reconvergence at all**: much of the remaining loss is memory "
             "serialisation: the Simty coalescer serves one lane per pass whenever lane l "
             "does not read word l of the block; the block coalescer saves the most cycles "
             "on %s (section 2).\n" % ", ".join(
                 "%s (%.1fx fewer)" % (n, x) for x, n in sorted(
                     ((pe[(n, "hct", "depth")]["cycles"] / max(ce[n]["cycles"], 1), n)
                      for n in names if n in ce and (n, "hct", "depth") in pe),
                     reverse=True)[:3]))

    R += hp_text
    R += [""] + isa_text
    R += [""] + omp_text
    R += [""] + plug_text

    with open(os.path.join(args.out, "RESULTS.md"), "w") as f:
        f.write("\n".join(R))
    log("wrote %s and %s/*.png in %.0f s%s" % (
        os.path.join(args.out, "RESULTS.md"), plots, time.time() - t_start,
        "; %d runs FAILED" % len(failed) if failed else ""))
    sys.exit(1 if failed else 0)


def host_threads_section(args, cfg, names, elf, note=""):
    """Section 11: bench/host_threads.py's table (lines of Markdown)."""
    threads = list(range(1, max(2, os.cpu_count() or 1) + 1))
    hp_names = [n for n in host_threads.WORKLOADS if n in names] or names[:1]
    hp_configs = host_threads.CONFIGS[:1] if cfg.quick else host_threads.CONFIGS
    log("host threads: %d workloads x %d configurations x %s threads"
        % (len(hp_names), len(hp_configs), threads))
    hp_table, hp_summary = host_threads.table(args.simty, {n: elf[n] for n in hp_names},
                                              hp_configs, threads, 1 if cfg.quick else 3,
                                              log=lambda m: log("  host threads: " + m))
    R = []
    R.append("## 11. Host-parallel simulation (`--host-threads`)\n")
    R.append(note + "`simty run --host-threads N --quantum Q`: the cores run Q cycles apart on N host "
             "threads and exchange their stores, atomics and waits in core order at the end of "
             "each quantum, so output and statistics are identical for every N (this run "
             "checks it on every row). Simulation time is the run loop's wall time "
             "(`sim_seconds`, best of %d, the N interleaved), on %s. Q changes the simulated "
             "machine (cross-core effects take up to Q cycles; docs/platform.md), N does not; "
             "`cycles` is the simulated run for that Q. Host threads hand a quantum over in "
             "about a microsecond on this host, so Q 1 only shows that cost; with a memory "
             "hierarchy Q is at most the interconnect latency and the L2 and DRAM run on one "
             "thread beside the cores (docs/memory.md).\n"
             % (1 if cfg.quick else 3, host_description()))
    R.append(hp_table + "\n")
    R += ["- " + x for x in hp_summary]
    R.append("")
    return R


def speed_runs(args, cfg, names, elf):
    """Section 7's runs: each workload at the speed shapes on every model, one
    simulation at a time."""
    speed_rows = []
    for n in names:
        rows = []
        for shape in cfg.speed_shapes:
            rows += bench(argparse.Namespace(simty=args.simty, jobs=1, verbose=args.verbose),
                          [elf[n]], ["--shapes", shape, "--model", "scalar,simt,cycle"])
        speed_rows.append((n, rows))
    return speed_rows


def bench_markdown(args, script, what, extra=()):
    """The Markdown table a bench/ script prints."""
    log("%s (bench/%s)" % (what, script))
    p = subprocess.run([sys.executable, os.path.join(ROOT, "bench", script),
                        "--simty", args.simty, "--markdown"] + list(extra),
                       capture_output=True, text=True)
    if p.returncode != 0:
        die("bench/%s failed: %s" % (script, p.stderr.strip()))
    return p.stdout.strip()


def speed_section(args, cfg, speed_rows, note=""):
    """Section 7: the suite's rates, host instructions per cycle and per
    warp-instruction (bench/host_cost.py, callgrind) and QEMU side by side
    (bench/vs_qemu.py); the last two are left out of --quick."""
    R = ["## 7. Simulator speed\n"]
    R.append(note + "One simulation at a time; host CPU seconds of the simulating thread, "
             "whole run (set-up and check included).\n")
    table = []
    for n, rows in speed_rows:
        for r in rows:
            table.append([n, "%dx%d" % (r["warps"], r["threads"]), r["model"],
                          "%.0f" % r["total_thread_instructions"],
                          "%.3f" % r["host_seconds"], "%.1f" % r["mthread_instructions_per_s"],
                          "%.2f" % r["mcycles_per_s"] if r["model"] == "cycle" else "-"])
    R.append(md_table(["workload", "shape", "model", "thread-instr.", "host s",
                       "M thread-instr./s", "M cycles/s"], table) + "\n")
    if cfg.quick:
        R.append("(`--quick`: the host-instruction counts and the comparison with QEMU "
                 "are left out; `make bench` prints them.)\n")
        return R
    hc = bench_markdown(args, "host_cost.py", "host instructions per cycle (callgrind)")
    R.append("**Host instructions per simulated cycle and warp-instruction** "
             "(`bench/host_cost.py`, also in `make bench`): valgrind's callgrind counts "
             "the host instructions of a run to cycle B minus those of a run to cycle A "
             "(start-up subtracted; A, B = 50 000, 150 000 cycles, and 1.1 M, 1.2 M at 64x32, "
             "past the SDK start-up of 2048 threads), divided by what was simulated in "
             "between (warp-instructions issued: the cycle model's include those it "
             "squashes); the benchmark kernels `bench/uniform.c` (converged) and "
             "`bench/divergent.c`. Counts do not depend on the host's load, but on its "
             "instruction set (the lane loops run as AVX2 code where the host has it).\n")
    R.append(hc + "\n")
    hw = bench_markdown(args, "host_cost.py", "host instructions of whole workload runs",
                        ["--workloads"])
    R.append("**Whole runs of real programs** (`bench/host_cost.py --workloads`): the "
             "workloads on the cycle model at 8x4 with the ideal memory, start-up, serial "
             "phases and checks included (where a user's run spends its time: at 8x4 these "
             "programs issue an instruction in 0.17-0.34 of their cycles, most of the rest "
             "with one warp live, which gets the fetch slot once every W cycles; such idle "
             "cycles are skipped as events, docs/design.md).\n")
    R.append(hw + "\n")
    vq = bench_markdown(args, "vs_qemu.py", "QEMU side by side")
    R.append("**Side by side with QEMU** (`bench/vs_qemu.py`, also in `make bench`): "
             "`qemu-system-riscv32 -M virt -bios none -smp 1` started directly (no wrapper), "
             "simty's scalar model on one thread (1x1: the instruction stream QEMU runs) and "
             "its simt and cycle models at 8x32. Every run is rated the same way: "
             "thread-instructions per CPU second of its process (user + system, getrusage), "
             "both minus those of a program that returns at once, run the same way (start-up, "
             "loading and crt0 are left out on every side); QEMU's thread-instructions are the "
             "scalar model's count for the same ELF on one thread. The 8x32 columns compare "
             "instruction throughput, not time to solution (one thread against 256). "
             "Programs: workloads built larger, with `-DWL_NO_CHECK` (no sequential check "
             "after the kernel, so that the run is SPMD code throughout), `-DWL_ALIGN=4096` "
             "(no array on a code page, which QEMU would retranslate after every store) and "
             "`-DWL_PAD=12288` (three pages after each array: arrays whose sizes are powers "
             "of two would otherwise lie a power of two apart, and QEMU's direct-mapped "
             "software TLB would miss on every access; the script checks the layout of "
             "every program it builds and refuses such a layout), and `bench/divergent.c` "
             "with its work items shared by the threads. The commands and flags are listed "
             "under the table.\n")
    R.append(vq + "\n")
    R.append("QEMU translates each basic block once and runs it as host code, one thread "
             "at a time; the scalar model interprets the same instructions one at a time, "
             "and the SIMT models interpret every warp-instruction once for its 32 lanes "
             "(SIMD loops over a structure-of-arrays register file, one block copy for a "
             "coalesced warp access), the cycle model also evaluating every pipeline stage "
             "of every cycle. So simty's 8x32 rates depend on how many lanes share each "
             "warp-instruction: highest on converged code, lower where the lanes diverge "
             "(mandelbrot's loop counts, divergent's branches and calls), where paths run "
             "one after the other.\n")
    return R


def speed_only(args):
    """--speed-only: section 7 again, into an existing RESULTS.md."""
    path = os.path.join(args.out, "RESULTS.md")
    with open(path) as f:
        text = f.read()
    cut, end = text.find("## 7. Simulator speed"), text.find("## 8. ")
    if cut < 0 or end < cut:
        die("%s has no section 7 to replace (run make results)" % path)
    cfg = Cfg(False)
    names = [n for n in SPEED_WORKLOADS
             if os.path.exists(os.path.join(ROOT, "workloads", n + ".c"))]
    outdir = os.path.join(args.build, "default")
    build_suite(names, "", outdir, args.jobs, True)
    elf = {n: os.path.join(outdir, n + ".elf") for n in names}
    speed_rows = speed_runs(args, cfg, names, elf)
    note = ("(This section regenerated alone by `tools/results.py --speed-only`, "
            "simty commit %s, on %s.) " % (git_commit(), datetime.date.today().isoformat()))
    lines = speed_section(args, cfg, speed_rows, note)
    with open(path, "w") as f:
        f.write(text[:cut] + "\n".join(lines) + "\n" + text[end:])
    log("rewrote section 7 of %s" % path)


def host_threads_only(args):
    """--host-threads-only: section 11 again, into an existing RESULTS.md."""
    path = os.path.join(args.out, "RESULTS.md")
    with open(path) as f:
        text = f.read()
    cut = text.find("## 11. Host-parallel simulation")
    if cut < 0:
        die("%s has no section 11 to replace (run make results)" % path)
    names = [n for n in host_threads.WORKLOADS
             if os.path.exists(os.path.join(ROOT, "workloads", n + ".c"))]
    outdir = os.path.join(args.build, "default")
    build_suite(names, "", outdir, args.jobs, True)
    elf = {n: os.path.join(outdir, n + ".elf") for n in names}
    note = ("(This section regenerated alone by `tools/results.py --host-threads-only`, "
            "simty commit %s, on %s.) " % (git_commit(),
                                          datetime.date.today().isoformat()))
    lines = host_threads_section(args, Cfg(False), names, elf, note)
    rest = text.find("\n## 12. ", cut)
    with open(path, "w") as f:
        f.write(text[:cut] + "\n".join(lines) + ("\n" + text[rest:] if rest >= 0 else ""))
    log("rewrote section 11 of %s" % path)


def suite_names():
    """The workloads of the suite statistics: workloads/*.c but those that
    expect a deadlock (SIMTY_EXPECT_DEADLOCK()), sorted."""
    names = []
    for f in sorted(os.listdir(os.path.join(ROOT, "workloads"))):
        if f.endswith(".c"):
            with open(os.path.join(ROOT, "workloads", f)) as src:
                if "SIMTY_EXPECT_DEADLOCK()" not in src.read():
                    names.append(f[:-2])
    return names


def isa_only(args):
    """--isa-only: section 12 again, into an existing RESULTS.md (replaced,
    or added at the end)."""
    path = os.path.join(args.out, "RESULTS.md")
    with open(path) as f:
        text = f.read()
    cut = text.find("\n## 12. ")
    names = suite_names()
    fp_names = [n for n in names if n in FP_WORKLOADS]
    res = results_isa.run(args, names, fp_names, build_suite, log)
    note = ("(This section regenerated alone by `tools/results.py --isa-only`, "
            "simty commit %s, on %s.) " % (git_commit(), datetime.date.today().isoformat()))
    lines, failed = results_isa.section(res, names, fp_names, md_table, gmean, 12, note)
    after = text.find("\n## 13. ", cut) if cut >= 0 else -1
    with open(path, "w") as f:
        f.write((text[:cut] if cut >= 0 else text.rstrip("\n") + "\n") + "\n" +
                "\n".join(lines) + "\n" + (text[after:] if after >= 0 else ""))
    log("wrote section 12 of %s%s" % (path, "; %d runs FAILED" % len(failed) if failed else ""))
    if failed:
        sys.exit(1)


def omp_only(args):
    """--omp-only: section 13 again, into an existing RESULTS.md (replaced,
    or added at the end)."""
    path = os.path.join(args.out, "RESULTS.md")
    with open(path) as f:
        text = f.read()
    cut = text.find("\n## 13. ")
    res = results_omp.run(args, log, args.quick)
    if isinstance(res, str):
        die(res)
    note = ("(This section regenerated alone by `tools/results.py --omp-only`, "
            "simty commit %s, on %s.) " % (git_commit(), datetime.date.today().isoformat()))
    lines, _ = results_omp.section(res, 13, note)
    after = text.find("\n## 14. ", cut) if cut >= 0 else -1
    with open(path, "w") as f:
        f.write((text[:cut] if cut >= 0 else text.rstrip("\n") + "\n") + "\n" +
                "\n".join(lines) + "\n" + (text[after:] if after >= 0 else ""))
    log("wrote section 13 of %s" % path)


def plugins_only(args):
    """--plugins-only: section 14 again, into an existing RESULTS.md
    (replaced, or added at the end)."""
    path = os.path.join(args.out, "RESULTS.md")
    with open(path) as f:
        text = f.read()
    cut = text.find("\n## 14. ")
    names = suite_names()
    outdir = os.path.join(args.build, "default")
    build_suite(names, "", outdir, args.jobs, True)
    elf = {n: os.path.join(outdir, n + ".elf") for n in names}
    res = results_plugins.run(args, names, elf, log, args.quick)
    note = ("(This section regenerated alone by `tools/results.py --plugins-only`, "
            "simty commit %s, on %s.) " % (git_commit(), datetime.date.today().isoformat()))
    lines, failed = results_plugins.section(res, 14, names, md_table, gmean, note)
    with open(path, "w") as f:
        f.write((text[:cut] if cut >= 0 else text.rstrip("\n") + "\n") + "\n" +
                "\n".join(lines) + "\n")
    log("wrote section 14 of %s%s" % (path, "; %d runs FAILED" % len(failed) if failed else ""))
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
