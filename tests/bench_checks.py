"""The workload suite, `simty bench` and the region of interest.

- every workload passes its self-check under `simty bench` at the default
  shapes (sanitized builds: the small ones), on the scalar and simt models,
  and on QEMU (the spin-lock and lock-heavy workloads included: the
  forward-progress scheduler lets every waiting thread finish);
- `simty bench`: table formats, failures and expected deadlocks, bad input
  and its exit statuses, same table whatever --jobs; --shard K/N then
  --merge (also through GNU parallel) equals the unsharded table;
- region of interest: counts hand-checked on tests/stats/roi.S;
- tools/results.py --quick: the report pipeline end to end (gnuplot);
- bench/omp_cost.py --tiny: the OpenMP cost benchmark runs and its tables
  are whole.
"""

import csv
import io
import json
import os
import re
import subprocess
import sys

import programs

DEFAULT_SHAPES = "1x1,4x4,8x8,8x32,32x16,64x32"
SANITIZED_SHAPES = "1x1,4x4,8x8"
USAGE, LOAD, OUTPUT = 125, 126, 123


def tests(ctx, run, simty, Failure, variants=None):
    """variants None: make check's tests (every workload at the SDK default,
    the FP workloads' bench suite and QEMU run at each ctx.marches);
    "rest": the ISA variants' other workload tests only (march-long)."""
    out = []

    def bench(args, timeout=1800):
        status, o, e = run([ctx.simty, "bench", "-q"] + list(args), timeout=timeout)
        if ctx.sanitized and ("Sanitizer" in e or "runtime error" in e):
            raise Failure("sanitizer report:\n" + e)
        return status, o, e

    def bench_csv(args):
        status, o, e = bench(["-f", "csv"] + list(args))
        if status not in (0, 1):
            raise Failure("simty bench exited %d: %s" % (status, e.strip()))
        return status, list(csv.DictReader(io.StringIO(o)))

    # ---- the workloads ----
    # (name, march, kinds of test): the SDK default build of each, and the
    # ISA variants' builds (programs.MARCHES)
    every = ("suite", "models", "multicore", "hierarchy", "qemu")
    builds = [] if variants else [(n, None, every) for n in programs.workload_names()]
    # (under the sanitizers in make check, not the FP workloads' soft-float
    # builds: integer code, the paths every other workload takes, at several
    # times the cost; make check-asan-full runs them)
    lean = ctx.sanitized and not getattr(ctx, "full", False) and not variants
    for march in () if lean else ctx.marches:
        for n in programs.workload_names():
            fp = n in programs.FP_WORKLOADS
            # (the FP workloads' soft-float builds at the small shapes in
            # make check, at the others in march-long)
            kinds = ("models", "multicore", "hierarchy", "suite-wide") if fp else every
            if not variants:
                kinds = ("suite-small", "qemu") if fp else ()
            if kinds:
                builds.append((n, march, kinds))
    for i_build, (name, march, kinds) in enumerate(builds):
        if lean:  # (each workload's suite, and one of its three other checks)
            rest = ("models", "multicore", "hierarchy")
            kinds = tuple(k for k in kinds if k not in rest or k == rest[i_build % 3])
        elf = programs.workload_elf(name, march)
        label = name + ("@" + march if march else "")
        # a wait that nothing can satisfy: diagnosed on every model and shape
        spin = name.startswith("never_")

        def suite(elf=elf, name=name, spin=spin, kinds=kinds):
            shapes = SANITIZED_SHAPES if ctx.sanitized else DEFAULT_SHAPES
            if "suite-small" in kinds:
                shapes = SANITIZED_SHAPES
            elif "suite-wide" in kinds:
                shapes = ",".join(s for s in DEFAULT_SHAPES.split(",")
                                  if s not in SANITIZED_SHAPES.split(","))
            status, rows = bench_csv(["-j", "1", "--shapes", shapes, elf])
            if len(rows) != len(shapes.split(",")):
                raise Failure("%d rows for %d shapes" % (len(rows), len(shapes.split(","))))
            for r in rows:
                t = int(r["threads"])
                want = "deadlock (expected)" if spin else "pass"
                if r["result"] != want or r["ok"] != "1":
                    raise Failure("%sx%s: %s (%s), expected %s" % (
                        r["warps"], t, r["result"], r["detail"], want))
                if not spin and r["roi"] != "1":
                    raise Failure("%sx%s: no region of interest" % (r["warps"], t))
                eff = float(r["simd_efficiency"])
                if not spin and not 0 < eff <= 1:
                    raise Failure("%sx%s: SIMD efficiency %s" % (r["warps"], t, eff))
            if status != 0:
                raise Failure("bench exit status %d with every run as expected" % status)
        if {"suite", "suite-small", "suite-wide"} & set(kinds):
            which = ("small shapes" if ctx.sanitized or "suite-small" in kinds else
                     "wide default shapes" if "suite-wide" in kinds else "default shapes")
            out.append(("workload %s bench %s" % (label, which), suite))

        def models(elf=elf, name=name, spin=spin):
            _status, rows = bench_csv(["-j", "1", "--shapes", "2x4,3x3", "--model",
                                       "scalar,simt", elf])
            if len(rows) != 4:
                raise Failure("%d rows" % len(rows))
            for r in rows:
                want = "deadlock (expected)" if spin else "pass"
                if r["result"] != want:
                    raise Failure("%s %sx%s: %s, expected %s (%s)" % (
                        r["model"], r["warps"], r["threads"], r["result"], want, r["detail"]))
        if "models" in kinds:
            out.append(("workload %s scalar+simt" % label, models))

        def multicore(elf=elf, name=name, spin=spin):
            shapes = "2x2x4" if ctx.sanitized else "2x2x4,4x2x8"
            _status, rows = bench_csv(["-j", "1", "--shapes", shapes, "--model",
                                       "scalar,simt,cycle", elf])
            if len(rows) != 3 * len(shapes.split(",")):
                raise Failure("%d rows" % len(rows))
            for r in rows:
                want = "deadlock (expected)" if spin else "pass"
                if r["result"] != want or r["cores"] not in ("2", "4"):
                    raise Failure("%s %sx%sx%s: %s, expected %s (%s)" % (
                        r["model"], r["cores"], r["warps"], r["threads"], r["result"], want,
                        r["detail"]))
        if "multicore" in kinds:
            out.append(("workload %s multi-core" % label, multicore))

        def hierarchy(elf=elf, name=name, spin=spin):
            # the cycle model under the memory hierarchies: only time changes
            shapes = "2x2x4" if ctx.sanitized else "1x3x3,2x2x4,4x4x8"
            memories = "hbm2" if ctx.sanitized else "ddr4-3200,hbm2"
            _status, rows = bench_csv(["-j", "1", "--shapes", shapes, "--memory", memories,
                                       elf])
            if len(rows) != len(shapes.split(",")) * len(memories.split(",")):
                raise Failure("%d rows" % len(rows))
            for r in rows:
                want = "deadlock (expected)" if spin else "pass"
                if r["result"] != want or r["memory"] not in memories.split(","):
                    raise Failure("%s %sx%sx%s: %s, expected %s (%s)" % (
                        r["memory"], r["cores"], r["warps"], r["threads"], r["result"], want,
                        r["detail"]))
                if not spin and not float(r["l1i_hit_rate"]) > 0:
                    raise Failure("%s %sx%sx%s: no instruction cache hits" % (
                        r["memory"], r["cores"], r["warps"], r["threads"]))
        if "hierarchy" in kinds:
            out.append(("workload %s memory hierarchy" % label, hierarchy))

        if not ctx.sanitized and "qemu" in kinds:
            def qemu(elf=elf, name=name):
                status, o, e = run([sys.executable, programs.QEMU_RUN, "--smp", "4", elf],
                                   timeout=300)
                if status != 0 or "%s: PASS" % name not in o:
                    raise Failure("QEMU: status %d\n%s%s" % (status, o[-500:], e[-500:]))
            out.append(("workload %s qemu" % label, qemu))

    if variants:
        return out

    # ---- the benchmark builds of the workloads (bench/vs_qemu.py) ----
    def bench_variants():
        """Sizes, REPS (the kernel again, same values), WL_ALIGN and WL_PAD
        (padding after each array) keep every self-check passing; WL_NO_CHECK
        runs the SPMD part only."""
        variants = [("vecadd", ["-DN=4096", "-DREPS=3"]), ("saxpy", ["-DN=4096", "-DREPS=3"]),
                    ("matmul", ["-DN=128"]),
                    ("mandelbrot", ["-DW=128", "-DH=96", "-DMAX_ITER=255"])]
        outdir = os.path.join(ctx.tmp, "bench-variants")
        os.makedirs(outdir, exist_ok=True)
        for name, flags in variants:
            for extra in ([], ["-DWL_ALIGN=4096", "-DWL_PAD=12288"],
                          ["-DWL_NO_CHECK", "-DWL_ALIGN=4096", "-DWL_PAD=12288"]):
                elf = os.path.join(outdir, "%s-%d.elf" % (name, len(extra)))
                p = subprocess.run([programs.SIMTY_CC, "-O2"] + flags + extra +
                                   [os.path.join(programs.ROOT, "workloads", name + ".c"),
                                    "-o", elf], capture_output=True, text=True)
                if p.returncode != 0:
                    raise Failure("%s %s: build failed:\n%s" % (name, flags + extra, p.stderr))
                for model in ("simt", "cycle"):
                    status, o, e = run([ctx.simty, "run", "-m", model, "-w", "2", "-t", "8",
                                        elf], timeout=600)
                    checked = "-DWL_NO_CHECK" not in extra
                    if status != 0 or (("%s: PASS" % name in o) != checked) or \
                            (not checked and o):
                        raise Failure("%s %s on %s: status %d, output %r %s" % (
                            name, " ".join(flags + extra), model, status, o[-300:], e[-300:]))
    if not ctx.sanitized:
        out.append(("workload builds of bench/vs_qemu.py pass their checks", bench_variants))

    def vs_qemu_layout():
        """bench/vs_qemu.py --check-layout (no QEMU run) refuses arrays a power
        of two apart or near a multiple of 64 KiB apart (QEMU's TLB would
        collide on every access) and accepts a padded layout and the
        programs the script ships."""
        script = os.path.join(programs.ROOT, "bench", "vs_qemu.py")
        src = os.path.join(programs.ROOT, "workloads", "vecadd.c")
        outdir = os.path.join(ctx.tmp, "vs-qemu-layout")
        os.makedirs(outdir, exist_ok=True)
        # (flags, expected refusal or None): arrays of 256 KiB (and the padding)
        cases = [(["-DWL_ALIGN=4096"], "a power of two"),
                 (["-DWL_ALIGN=256", "-DWL_PAD=256"], "within a page of a multiple of 64 KiB"),
                 (["-DWL_ALIGN=4096", "-DWL_PAD=12288"], None)]
        for i, (flags, refusal) in enumerate(cases):
            elf = os.path.join(outdir, "vecadd-%d.elf" % i)
            p = subprocess.run([programs.SIMTY_CC, "-O2", "-DN=(1<<16)"] + flags + [src, "-o", elf],
                               capture_output=True, text=True)
            if p.returncode != 0:
                raise Failure("vecadd %s: build failed:\n%s" % (flags, p.stderr))
            status, o, e = run([sys.executable, script, "--check-layout", elf], timeout=120)
            if refusal is None:
                if status != 0 or "layout good (3 arrays)" not in o:
                    raise Failure("%s refused: status %d %s" % (flags, status, e.strip()))
            elif status != 1 or refusal not in e or len(e.strip().splitlines()) != 1:
                raise Failure("%s: status %d, %r (expected one line: %s)" % (
                    flags, status, e.strip(), refusal))
        status, o, e = run([sys.executable, script, "--check-layout"], timeout=600)
        good = re.findall(r"vsq-(\w+)\.elf: layout good \((\d) arrays?\)", o)
        if status != 0 or dict(good) != {"vecadd": "3", "saxpy": "3", "matmul": "3",
                                         "mandelbrot": "1", "divergent": "0"}:
            raise Failure("shipped layouts: status %d, %s %s" % (status, o, e.strip()))
    out.append(("bench/vs_qemu.py checks its array layouts", vs_qemu_layout))

    def omp_cost_tiny():
        """bench/omp_cost.py --tiny (the OpenMP cost benchmark, issue 33)
        prints both tables with a figure in every cell, and its contiguous
        schedule(static) blocks cost vecadd memory replays that
        schedule(static,1) does not."""
        script = os.path.join(programs.ROOT, "bench", "omp_cost.py")
        status, o, e = run([sys.executable, script, "--tiny", "-j", "1", "--simty", ctx.simty],
                           timeout=900)
        if status != 0:
            raise Failure("omp_cost.py --tiny: status %d %s" % (status, e.strip()[-1000:]))
        ops = re.findall(r"^\| (fork \+ join|barrier|critical section|dynamic,1 chunk)[^|]*\| "
                         r"(-?[\d.]+) \|$", o, re.M)
        if len(ops) != 5 or any(float(v) <= 0 for _, v in ops):
            raise Failure("omp_cost.py --tiny: operation rows %r in\n%s" % (ops, o))
        rows = dict(re.findall(r"^\| vecadd 4096, (static|static,1) \| 8x4 \|(?: [^|]+ \|){7} "
                               r"\d+ \| (\d+) \|$", o, re.M))
        if set(rows) != {"static", "static,1"} or \
                int(rows["static"]) <= int(rows["static,1"]):
            raise Failure("omp_cost.py --tiny: OpenMP vecadd memory replays static %s, "
                          "static,1 %s (static must replay more):\n%s"
                          % (rows.get("static"), rows.get("static,1"), o))
    if not ctx.sanitized:
        out.append(("bench/omp_cost.py --tiny", omp_cost_tiny))

    # ---- simty bench itself ----
    ok_elf = programs.example_elf("vecadd", "-O2")
    exit7 = programs.asm_elf("bad", "exitcode")
    fault = programs.asm_elf("bad", "misaligned_load")
    spin_unmarked = programs.asm_elf("bad", "waitforever")

    def formats():
        status, o, _ = bench(["--shapes", "1x1,2x3", "--priority", "depth,minpc", ok_elf])
        if status != 0:
            raise Failure("status %d" % status)
        lines = [l for l in o.splitlines() if l.startswith("| vecadd-O2 |")]
        if len(lines) != 4 or "| priority |" not in o or "| paths |" in o:
            raise Failure("markdown table:\n" + o)
        _status, rows = bench_csv(["--shapes", "1x1,2x3", "--priority", "depth,minpc", ok_elf])
        got = [(r["warps"], r["threads"], r["priority"]) for r in rows]
        want = [("1", "1", "depth"), ("1", "1", "minpc"), ("2", "3", "depth"),
                ("2", "3", "minpc")]
        if got != want:
            raise Failure("CSV grid order %s, expected %s" % (got, want))
    out.append(("bench formats and grid order", formats))

    def jobs_invariant():
        args = ["--shapes", "1x1,2x4,4x2", "--model", "simt,cycle", ok_elf, exit7]
        host = ("host_seconds", "mcycles_per_s", "mthread_instructions_per_s")
        tables = []
        for j in ("1", "2"):
            _s, rows = bench_csv(["-j", j] + args)
            tables.append([{k: v for k, v in r.items() if k not in host} for r in rows])
        if tables[0] != tables[1] or len(tables[0]) != 12:
            raise Failure("tables differ between -j 1 and -j 2")
    out.append(("bench same table at any --jobs", jobs_invariant))

    def failures():
        status, rows = bench_csv(["--shapes", "1x1,2x2", "--max-cycles", "100000",
                                  "--misaligned", "trap", ok_elf, exit7, fault, spin_unmarked])
        if status != 1:
            raise Failure("status %d, expected 1" % status)
        res = {(r["workload"], r["warps"] + "x" + r["threads"]): (r["result"], r["detail"])
               for r in rows}
        checks = [(("vecadd-O2", "1x1"), "cycle limit", r"cycle limit"),
                  (("exitcode", "2x2"), "FAIL (exit 7)", r""),
                  (("misaligned_load", "1x1"), "fault", r"misaligned"),
                  (("waitforever", "2x2"), "deadlock", r"deadlock")]
        for key, result, detail in checks:
            got = res.get(key)
            if not got or got[0] != result or not re.search(detail, got[1]):
                raise Failure("%s: got %s, expected %s /%s/" % (key, got, result, detail))
        # the markdown table lists the failed runs under the table
        _s, o, _e = bench(["--shapes", "2x2", "--misaligned", "trap", fault])
        if "Failed runs:" not in o or "misaligned_load 2x2: fault: " not in o:
            raise Failure("markdown failure list:\n" + o)
        # by default the misaligned load executes (and the program exits 0)
        _s, rows = bench_csv(["--shapes", "1x1,2x2", fault])
        if len(rows) != 2 or any(r["ok"] != "1" for r in rows):
            raise Failure("bench --misaligned hardware (default): %s" % rows)
    out.append(("bench failures", failures))

    def bad_input():
        empty = os.path.join(ctx.tmp, "bench-empty-dir")
        os.makedirs(empty, exist_ok=True)
        cases = [
            (["--shapes", "0x4", ok_elf], USAGE, r"--shapes: expected WARPSxTHREADS"),
            (["--shapes", "65x1", ok_elf], USAGE, r"--shapes"),
            (["--shapes", "4", ok_elf], USAGE,
             r"--shapes: expected WARPSxTHREADS or CORESxWARPSxTHREADS .*got '4'"),
            (["--shapes", "0x1x1", ok_elf], USAGE, r"--shapes: .*1\.\.64 cores.*got '0x1x1'"),
            (["--shapes", "65x1x1", ok_elf], USAGE, r"--shapes: .*got '65x1x1'"),
            (["--shapes", "1x2x3x4", ok_elf], USAGE, r"--shapes: .*got '1x2x3x4'"),
            (["--shapes", "2xx4", ok_elf], USAGE, r"--shapes: .*got '2xx4'"),
            (["--shapes", "1x0x4", ok_elf], USAGE, r"--shapes: .*got '1x0x4'"),
            (["--shapes", "1x1x65", ok_elf], USAGE, r"--shapes: .*got '1x1x65'"),
            (["--shapes", ",", ok_elf], USAGE, r"--shapes: empty list"),
            (["--model", "gpu", ok_elf], USAGE, r"--model: expected cycle, simt or scalar"),
            (["--paths", "hct,stack", ok_elf], USAGE, r"--paths: expected hct, ideal(,| or) [a-z]+.*got .stack."),
            (["--mem-latency", "5,x", ok_elf], USAGE, r"--mem-latency"),
            (["--memory", "ideal,sram", ok_elf], USAGE, r"--memory: unknown memory 'sram'"),
            (["--mem-set", "l2.size=2M", ok_elf], USAGE, r"--mem-set needs a memory hierarchy"),
            (["--memory", "hbm2", "--mem-set", "l2.ways=3", ok_elf], USAGE,
             r"--mem-set l2\.ways: '3' is not a power of two"),
            (["--memory", "ideal,hbm2", "--mem-latency", "0,5", ok_elf], USAGE,
             r"--mem-latency applies to the ideal memory only"),
            (["-j", "0", ok_elf], USAGE, r"--jobs: expected an integer 1\.\.256"),
            (["--format", "xml", ok_elf], USAGE, r"--format: expected md or csv"),
            (["--bogus", ok_elf], USAGE, r"unknown option '--bogus'"),
            (["-xq", ok_elf], USAGE, r"unknown option '-x'"),
            (["-s"], USAGE, r"option '-s' needs a value"),
            (["--quiet=1", ok_elf], USAGE, r"option '--quiet=1' takes no value"),
            ([], USAGE, r"no program or directory given"),
            (["/nonexistent.elf"], LOAD, r"cannot read /nonexistent\.elf"),
            ([empty], LOAD, r"no \.elf files in"),
            (["-o", "/nonexistent/dir/t.md", ok_elf], OUTPUT, r"cannot write /nonexistent"),
            (["-o", "/dev/full", "--shapes", "1x1", ok_elf], OUTPUT, r"error writing /dev/full"),
        ]
        for args, want, rx in cases:
            status, o, e = bench(args)
            lines = e.strip().splitlines()
            if status != want or len(lines) != 1 or not re.search(rx, lines[0]):
                raise Failure("simty bench %s: status %d, stderr %r (expected %d /%s/)" % (
                    " ".join(args), status, e, want, rx))
        # a file that is not an ELF: a load failure in its row, not a crash
        junk = os.path.join(ctx.tmp, "junk.elf")
        with open(junk, "w") as f:
            f.write("not an ELF\n")
        status, rows = bench_csv(["--shapes", "1x1", junk])
        if status != 1 or rows[0]["result"] != "load error" or not rows[0]["detail"]:
            raise Failure("junk ELF: status %d, %s" % (status, rows))
        status, o, e = run([ctx.simty, "bench", "--help"])
        if status != 0 or "usage: simty bench" not in o:
            raise Failure("--help: status %d" % status)
    out.append(("bench bad input", bad_input))

    def ignored_options():
        """Points that differ only in options their model ignores are one
        simulation: run once (progress lines count and name them), the rows
        copy its figures, notes on stderr and under the Markdown table; a
        shard without the first of them runs it itself, same rows."""
        grid = ["--shapes", "2x4", "--model", "scalar,simt,cycle", "--coalescer", "simty,block",
                "--memory", "ideal,hbm2", ok_elf, exit7]
        status, o, e = run([ctx.simty, "bench", "--progress", "-f", "csv"] + grid)
        rows = csv_rows(o)
        lines = e.splitlines()
        progress = [l for l in lines if l.startswith("simty bench: [")]
        notes = [l for l in lines if l.startswith("simty bench: note: ")]
        want_notes = [
            "simty bench: note: --coalescer has no effect on the scalar model (only simt and "
            "cycle): 4 runs",
            "simty bench: note: --memory has no effect on the scalar model (only cycle): 4 runs",
            "simty bench: note: --memory has no effect on the simt model (only cycle): 4 runs",
            "simty bench: note: 10 runs differ from an earlier one only in options without "
            "effect: not simulated again, their rows repeat that run's figures"]
        if status != 1 or len(rows) != 24 or len(progress) != 14 or sorted(notes) != want_notes:
            raise Failure("status %d, %d rows, progress %r, notes %r" % (
                status, len(rows), progress, notes))
        if not all(re.match(r"simty bench: \[\d+/14\] \S+ \w+ 2x4 coalescer=\w+ memory=\w+: ",
                            l) for l in progress):
            raise Failure("progress lines without every grid key: %r" % progress[:2])
        config = ("run", "coalescer", "memory") + host_cols
        figures = lambda r: {k: v for k, v in r.items() if k not in config}
        for r in rows:  # the first run of the same simulation in grid order
            first = next(f for f in rows if f["workload"] == r["workload"] and
                         f["model"] == r["model"] and
                         (r["model"] == "scalar" or f["coalescer"] == r["coalescer"]) and
                         (r["model"] != "cycle" or f["memory"] == r["memory"]))
            if figures(r) != figures(first) or (r is not first and r["host_seconds"] !=
                                                first["host_seconds"]):
                raise Failure("run %s is not a copy of run %s" % (r["run"], first["run"]))
        if len({r["cycles"] for r in rows if r["model"] == "cycle" and
                r["workload"] == "vecadd-O2"}) != 4:
            raise Failure("the cycle model's runs were taken as copies")
        for k in (1, 2):
            _s, shard = bench_csv(["--shard", "%d/2" % k] + grid)
            same_runs(shard, rows[k - 1::2], "shard %d/2" % k)
        _s, md, _e = bench(grid)
        if "\nOptions without effect (" not in md or \
                "\n- --memory has no effect on the simt model (only cycle): 4 runs\n" not in md:
            raise Failure("Markdown notes:\n" + md)
    out.append(("bench runs points that differ only in ignored options once", ignored_options))

    # ---- sharded sweeps: --shard K/N, --merge (docs/cluster.md) ----
    shard_grid = ["--shapes", "1x1,2x2,4x4", "--model", "simt,cycle", "--paths", "hct,ideal",
                  ok_elf, exit7]  # 24 runs, 8 of them failing (exit7 at 2x2 and 4x4)
    host_cols = ("host_seconds", "mcycles_per_s", "mthread_instructions_per_s")

    def csv_rows(text):
        return list(csv.DictReader(io.StringIO(text)))

    def same_runs(got, want, what):
        """Row for row, every column but the host-time ones."""
        strip = lambda rows: [{k: v for k, v in r.items() if k not in host_cols} for r in rows]
        if strip(got) != strip(want):
            diff = [(a, b) for a, b in zip(strip(got), strip(want)) if a != b][:1]
            raise Failure("%s: %d rows, unsharded %d; first difference %s" % (
                what, len(got), len(want), diff))

    def shard_dir(name):
        d = os.path.join(ctx.tmp, name)
        os.makedirs(d, exist_ok=True)
        return d

    def unsharded():
        status, o, e = bench(["-f", "csv"] + shard_grid)
        if status != 1 or len(csv_rows(o)) != 24:
            raise Failure("unsharded grid: status %d, %d rows %s" % (status, len(csv_rows(o)),
                                                                    e))
        return o

    def shard_merge():
        full = unsharded()
        want = csv_rows(full)
        for n in (1, 3, 30):  # 30 shards of 24 runs: six of them empty
            d = shard_dir("shards-%d" % n)
            files = []
            for k in range(1, n + 1):
                path = os.path.join(d, "s%d.csv" % k)
                status, o, e = run([ctx.simty, "bench", "-f", "csv", "--shard", "%d/%d" % (k, n),
                                    "-o", path] + shard_grid)
                with open(path) as f:
                    text = f.read()
                rows = csv_rows(text)
                runs = [int(r["run"]) for r in rows]
                if runs != list(range(k - 1, 24, n)):
                    raise Failure("shard %d/%d: runs %s" % (k, n, runs))
                same_runs(rows, [want[i] for i in runs], "shard %d/%d" % (k, n))
                failing = any(r["ok"] == "0" for r in rows)
                if status != (1 if failing else 0) or not text.startswith(
                        "run,workload,") or "shard %d/%d of 24" % (k, n) not in e:
                    raise Failure("shard %d/%d: status %d, stderr %r" % (k, n, status, e))
                files.append(path)
            # any order of the files; the shards' rows come out unchanged
            status, o, e = run([ctx.simty, "bench", "--merge"] + files[::-1])
            if status != 1 or "merged 24 runs from %d tables, 8 failed" % n not in e:
                raise Failure("merge of %d shards: status %d, %r" % (n, status, e))
            same_runs(csv_rows(o), want, "merge of %d shards" % n)
            shard_lines = []
            for path in files:
                with open(path) as f:
                    shard_lines += f.read().splitlines()[1:]
            lines = o.splitlines()
            if lines[0] != full.splitlines()[0] or sorted(lines[1:]) != sorted(shard_lines):
                raise Failure("merge of %d shards did not copy the rows unchanged" % n)
        # an empty shard in Markdown: the header alone
        status, o, e = bench(["--shard", "25/30"] + shard_grid)
        if status != 0 or len(o.splitlines()) != 2 or not o.startswith("| workload |"):
            raise Failure("empty shard, Markdown: status %d, %r" % (status, o))
    out.append(("bench --shard K/N merged equals the unsharded table (1, 3, 30 shards)",
                shard_merge))

    def merge_markdown():
        d = shard_dir("shards-md")
        files = [os.path.join(d, "s%d.csv" % k) for k in (1, 2, 3)]
        for k, path in enumerate(files, 1):
            bench(["-f", "csv", "--shard", "%d/3" % k, "-o", path] + shard_grid)
        status, md, e = bench(["--merge", "-f", "md"] + files)
        _s, ref, _e = bench(shard_grid)

        def comparable(text):  # without the host-time columns and the limits line
            text = re.sub(r"\nLimits per run: [^\n]*\n", "", text)
            return ["|".join(l.split("|")[:-4]) if l.startswith("|") else l
                    for l in text.splitlines()]
        if status != 1 or comparable(md) != comparable(ref):
            diff = [(a, b) for a, b in zip(comparable(md), comparable(ref)) if a != b][:1]
            raise Failure("merge -f md: status %d, %d lines, bench's %d; first difference %s"
                          % (status, len(comparable(md)), len(comparable(ref)), diff))
        if "| model | paths |" not in md or "| priority |" in md or \
                md.count("- exitcode 2x2: FAIL (exit 7)") != 4:
            raise Failure("merge -f md: option columns or failures:\n" + md)
    out.append(("bench --merge -f md equals bench's Markdown table", merge_markdown))

    def gnu_parallel():
        d = shard_dir("shards-parallel")
        full = unsharded()
        # docs/cluster.md, one host: more shards than job slots, a job log
        joblog = os.path.join(ctx.tmp, "parallel-joblog")
        cmd = ["parallel", "-j", "2", "--joblog", joblog, "--resume", ctx.simty, "bench",
               "-q", "-j", "1", "-f", "csv", "--shard", "{}/4", "-o",
               os.path.join(d, "shard-{}.csv")] + shard_grid + [":::", "1", "2", "3", "4"]
        status, o, e = run(cmd, timeout=600)
        if status != 4:  # parallel's status: the number of failed jobs (four shards fail a run)
            raise Failure("parallel: status %d, %s" % (status, e))
        # --resume: the shards in the job log do not run again
        for f in os.listdir(d):
            os.remove(os.path.join(d, f))
        status, o, e = run(cmd, timeout=600)
        if status != 0 or os.listdir(d):
            raise Failure("parallel --resume: status %d, ran %s" % (status, os.listdir(d)))
        os.remove(joblog)
        run(cmd, timeout=600)
        files = sorted(os.path.join(d, f) for f in os.listdir(d))
        status, o, e = bench(["--merge"] + files)
        if status != 1 or len(files) != 4:
            raise Failure("merge of parallel's shards: status %d, %d files, %s" % (
                status, len(files), e))
        same_runs(csv_rows(o), csv_rows(full), "GNU parallel shards merged")
    out.append(("bench shards run by GNU parallel, merged", gnu_parallel))

    def shard_bad_input():
        d = shard_dir("shards-bad")
        paths = {}
        for k in (1, 2, 3):
            paths[k] = os.path.join(d, "s%d.csv" % k)
            bench(["-f", "csv", "--shard", "%d/3" % k, "-o", paths[k]] + shard_grid)
        with open(paths[1]) as f:
            s1 = f.read()

        def write(name, data):
            path = os.path.join(d, name)
            with open(path, "wb") as f:
                f.write(data if isinstance(data, bytes) else data.encode())
            return path
        header, rows = s1.split("\n", 1)
        renamed = write("renamed.csv", header.replace("cycles", "cycle", 1) + "\n" + rows)
        old = write("old.csv", header.split(",", 1)[1] + "\n")  # a table without 'run'
        binary = write("random.bin", os.urandom(4 << 20))
        long_row = write("long.csv", header + "\n" + "7," * (8 << 20))
        # the detail column may hold commas and quotes; a broken quote is refused
        quote = write("quote.csv", s1 + '99,"x\n')
        few = write("few.csv", s1 + "99,vecadd-O2,cycle\n")
        model = write("model.csv", s1.replace(",simt,", ",warp,", 1))
        # run indices and counts in canonical decimal only (issue 32, 11e)
        first, rest = rows.split("\n", 1)
        run0 = first.split(",", 1)[1]
        hex_run = write("hex.csv", header + "\n0x0," + run0 + "\n" + rest)
        zero_run = write("zero.csv", header + "\n00," + run0 + "\n" + rest)
        padded = write("padded.csv", header + "\n" + first.replace(",1,", ",01,", 1) + "\n")
        row = rows.splitlines()[0].split(",", 1)[1]
        blank_first = write("blank.csv", "\n" + s1)
        grid_max = write("max.csv", header + "\n" + "".join(
            "%d,%s\n" % (i, row) for i in range(100000)))
        cases = [
            (["--shard", "0/4", ok_elf], USAGE, r"--shard: expected K/N with 1 <= K <= N <= "
                                                r"100000, got '0/4'"),
            (["--shard", "5/4", ok_elf], USAGE, r"--shard: .*got '5/4'"),
            (["--shard", "4", ok_elf], USAGE, r"--shard: .*got '4'"),
            (["--shard", "x/y", ok_elf], USAGE, r"--shard: .*got 'x/y'"),
            (["--shard", "1/0", ok_elf], USAGE, r"--shard: .*got '1/0'"),
            (["--shard", "1/100001", ok_elf], USAGE, r"--shard: .*got '1/100001'"),
            (["--merge"], USAGE, r"--merge: no CSV table given"),
            (["--merge", "-s", "1x1", paths[1]], USAGE,
             r"--merge joins tables; --shapes applies to running a grid"),
            (["--merge", "--shard", "1/2", paths[1]], USAGE, r"--shard applies to running"),
            (["--merge", "-o", paths[2]] + list(paths.values()), USAGE,
             r"-o .*s2\.csv is one of the --merge tables"),
            (["--merge", "-f", "xml", paths[1]], USAGE, r"--format: expected md or csv"),
            (["--merge", paths[1], paths[2], paths[3], paths[2]], USAGE,
             r"run 1 appears in both .*s2\.csv and .*s2\.csv"),
            (["--merge", paths[1], paths[3]], USAGE,
             r"runs 0\.\.23: 8 missing \(1, 4, 7, 10, 13, \.\.\.\): a shard not given\?"),
            (["--merge", "/nonexistent.csv"], LOAD, r"cannot open /nonexistent\.csv: No such"),
            (["--merge", d], LOAD, r"--merge: .*shards-bad is not a regular file"),
            (["--merge", "/dev/zero"], LOAD, r"--merge: /dev/zero is not a regular file"),
            (["--merge", paths[1], ok_elf], LOAD,
             r"vecadd-O2\.elf is not a simty bench CSV table \(its first line"),
            (["--merge", blank_first], LOAD, r"blank\.csv is not a simty bench CSV table"),
            (["--merge", renamed], LOAD, r"renamed\.csv is not a simty bench CSV table"),
            (["--merge", old], LOAD, r"old\.csv is not a simty bench CSV table"),
            (["--merge", binary], LOAD, r"random\.bin is not a simty bench CSV table"),
            (["--merge", long_row], LOAD, r"long\.csv is not .* \(line 2: a row over"),
            (["--merge", quote], LOAD, r"quote\.csv is not .* \(line 10: a quoted field over"),
            (["--merge", few], LOAD, r"few\.csv is not .* \(line 10: a wrong number of col"),
            (["--merge", model], LOAD, r"model\.csv is not .* \(line 2: column model is not"),
            (["--merge", hex_run], LOAD, r"hex\.csv is not .* \(line 2: a run index that is "
                                         r"not 0\.\.99999 in decimal\)"),
            (["--merge", zero_run], LOAD, r"zero\.csv is not .* \(line 2: a run index that"),
            (["--merge", padded], LOAD, r"padded\.csv is not .* \(line 2: column cores is not"),
            (["--merge", grid_max, paths[1]], USAGE,
             r"more than 100000 rows in all: a grid has at most 100000 runs"),
            (["--merge", "-o", "/dev/full"] + list(paths.values()), OUTPUT,
             r"error writing /dev/full"),
        ]
        for args, want, rx in cases:
            status, o, e = bench(args)
            lines = e.strip().splitlines()
            if status != want or len(lines) != 1 or not re.search(rx, lines[0]) or o:
                raise Failure("simty bench %s: status %d, stderr %r, %d bytes out (expected "
                              "%d /%s/)" % (" ".join(args)[:200], status, e, len(o), want, rx))
        # a FIFO is refused at once, not read forever (issue 32, 11c)
        fifo = os.path.join(d, "fifo.csv")
        os.mkfifo(fifo)
        status, o, e = bench(["--merge", paths[1], fifo], timeout=20)
        if status != LOAD or e.strip() != "simty bench: --merge: %s is not a regular file" % fifo:
            raise Failure("--merge FIFO: status %d, %r" % (status, e))
        # commas and doubled quotes in the detail column survive; a table
        # with the header alone (an empty shard) adds nothing
        odd = write("odd.csv", s1.replace(',""\n', ',"a ""b"", c,d"\n'))
        empty = write("empty.csv", header + "\n")
        # blank lines between rows and at the end are skipped
        blanks = write("blanks.csv", s1.replace("\n", "\n\n", 3) + "\n")
        status, o, e = bench(["--merge", blanks, paths[2], paths[3]])
        if status != 1 or len(csv_rows(o)) != 24:
            raise Failure("blank lines: status %d, %r" % (status, e))
        status, o, e = bench(["--merge", odd, paths[2], paths[3], empty])
        if status != 1 or o.count(',"a ""b"", c,d"\n') != 8:
            raise Failure("quoted detail: status %d, %r" % (status, e))
        for fmt, want in (("csv", header + "\n"), ("md", "| workload | shape |")):
            status, o, e = bench(["--merge", "-f", fmt, empty, empty])
            if status != 0 or not o.startswith(want) or len(o.splitlines()) != 1 + (
                    fmt == "md"):
                raise Failure("--merge -f %s of empty shards: status %d, %r %r" % (
                    fmt, status, o, e))
        status, o, e = bench(["--merge", "-f", "md", odd, paths[2], paths[3]])
        if status != 1 or '| vecadd-O2 | 2x2 | simt | hct |' not in o or \
                '- exitcode 2x2: FAIL (exit 7): a "b", c,d' not in o:
            raise Failure("quoted detail in Markdown: status %d\n%s" % (status, o))
    out.append(("bench --shard and --merge bad input", shard_bad_input))

    # ---- region of interest (tests/stats/roi.S) ----
    def roi():
        elf = programs.asm_elf("stats", "roi")
        # W=1, T=4: the ROI holds the opening csrwi, addi, andi, beqz (4
        # lanes each) and the odd lanes' addi (2): 18 thread-instructions in
        # 5 slots; the closing csrwi counts after it. With 2 warps issuing in
        # turn, warp 1 runs the same 5 slots before warp 0 closes: 36 in 10.
        for model in ("simt", "cycle"):
            for w, want_thr, want_slots in ((1, 18, 5), (2, 36, 10)):
                r = simty(ctx, elf, ["-m", model, "-w", str(w), "-t", "4"])
                roi = r.stats and r.stats.get("roi")
                if r.status != 0 or not roi:
                    raise Failure("%s %dx4: status %d, roi %s" % (model, w, r.status, roi))
                got = (roi["thread_instructions"], roi["warp_instructions"] - roi["squashed"],
                       roi["max_paths"])
                if got != (want_thr, want_slots, 2):
                    raise Failure("%s %dx4: roi (threads, slots, max paths) = %s, expected %s"
                                  % (model, w, got, (want_thr, want_slots, 2)))
                if abs(roi["simd_efficiency"] - want_thr / (4.0 * want_slots)) > 1e-6:
                    raise Failure("%s: roi efficiency %s" % (model, roi["simd_efficiency"]))
                if not 0 < roi["cycles"] < r.stats["cycles"]:
                    raise Failure("%s: roi cycles %s of %s" % (model, roi["cycles"],
                                                               r.stats["cycles"]))
        # open at the end: the run closes it; csrwi, addi, li, li, ecall on 4
        # lanes = 20 thread-instructions in 5 slots (none still in flight)
        for model in ("simt", "cycle"):
            r = simty(ctx, programs.asm_elf("stats", "roi_open"), ["-m", model, "-w", "1",
                                                                   "-t", "4"])
            roi = r.stats and r.stats.get("roi")
            got = roi and (roi["thread_instructions"], roi["warp_instructions"] - roi["squashed"])
            if got != (20, 5):
                raise Failure("%s: ROI open at the end: %s, expected (20, 5)" % (model, got))
        # scalar, 1x4: hart 0 opens, then harts 1-3 each run 4 instructions
        # per step like hart 0 until hart 0 closes 4 steps later: 16
        r = simty(ctx, elf, ["-m", "scalar", "-w", "1", "-t", "4"])
        roi = r.stats["roi"]
        if (roi["thread_instructions"], roi["cycles"]) != (16, 4):
            raise Failure("scalar roi %s" % roi)
        # no marks: no ROI
        r = simty(ctx, programs.asm_elf("stats", "parity"), ["-w", "1", "-t", "4"])
        if r.stats.get("roi", "missing") is not None:
            raise Failure("program without marks: roi = %s" % r.stats.get("roi"))
        # the text summary shows it
        status, _o, e = run([ctx.simty, "run", "--stats", "-w", "1", "-t", "4", elf])
        if status != 0 or not re.search(r"region of interest +\d+ cycles, 18 thread", e):
            raise Failure("--stats summary:\n" + e)
    out.append(("region of interest counts", roi))

    # ---- barriers: ended threads count as arrived; one nobody completes ----
    def barriers():
        srcs = {"ended": "#include <simty.h>\n"
                         "int main(void) { if (simty_tid() == 1) return 0;\n"
                         "  simty_barrier(); simty_barrier(); return 0; }\n",
                "stuck": "#include <simty.h>\n"
                         "static volatile unsigned flag;\n"
                         "int main(void) { if (simty_tid() == 1 || simty_tid() == 3) {\n"
                         "  while (!flag) ; return 0; }\n"
                         "  simty_barrier(); return 0; }\n"}
        elfs = {}
        for name, text in srcs.items():
            src = os.path.join(ctx.tmp, "barrier_%s.c" % name)
            elfs[name] = src[:-2] + ".elf"
            with open(src, "w") as f:
                f.write(text)
            p = subprocess.run([programs.SIMTY_CC, "-o", elfs[name], src], capture_output=True,
                               text=True)
            if p.returncode:
                raise Failure("build: " + p.stderr)
        for model in ("scalar", "simt", "cycle"):
            status, o, e = run([ctx.simty, "run", "-m", model, "-w", "2", "-t", "2",
                                "--stats-json", "-", elfs["ended"]], timeout=120)
            if status != 0:
                raise Failure("ended %s: status %d %s" % (model, status, e))
            # start-up wait + 2 calls; thread 1 ended, the others wait parked
            st = json.loads(o)
            if st["barriers"] != 3 or st["barrier_slots"] < 3 or st["barrier_wait_cycles"] < 1:
                raise Failure("ended %s: barriers %d, barrier_slots %d, barrier_wait_cycles %d"
                              % (model, st["barriers"], st["barrier_slots"],
                                 st["barrier_wait_cycles"]))
            status, _o, e = run([ctx.simty, "run", "-m", model, "-w", "2", "-t", "2",
                                 elfs["stuck"]], timeout=120)
            first = e.splitlines()[0] if e else ""
            if status != 122 or not re.search(
                    r"^simty: deadlock: .*; 2 of 4 live threads wait at the barrier and "
                    r"threads 1, 3 never arrive", first):
                raise Failure("stuck %s: status %d, %r" % (model, status, first))
        if not ctx.sanitized:
            status, o, e = run([programs.QEMU_RUN, "--smp", "4", elfs["ended"]], timeout=120)
            if status != 0:
                raise Failure("ended on QEMU: status %d %s" % (status, e))
    out.append(("barriers: ended threads arrive; a barrier nobody completes", barriers))

    # ---- the report pipeline ----
    if not ctx.sanitized:
        def results_quick():
            outdir = os.path.join(ctx.tmp, "results-quick")
            p = subprocess.run([sys.executable, os.path.join(programs.ROOT, "tools",
                                                             "results.py"),
                                "--quick", "--simty", ctx.simty, "--out", outdir,
                                "--build", os.path.join(outdir, "build"), "-j", "1"],
                               capture_output=True, text=True, timeout=900)
            if p.returncode != 0:
                raise Failure("results.py --quick: status %d\n%s" % (p.returncode,
                                                                     p.stderr[-2000:]))
            with open(os.path.join(outdir, "RESULTS.md")) as f:
                text = f.read()
            # the header names the variant and the commit; progress on stderr
            if not re.search(r"Generated by `tools/results\.py --quick` at commit "
                             r"[0-9a-f]{7}", text):
                raise Failure("RESULTS.md's header does not name --quick and the commit: %r"
                              % text[:400])
            for needle in ("results: [0:", "section 1: the suite", "section 12: ISA variants"):
                if needle not in p.stderr:
                    raise Failure("results.py --quick: no progress line %r on stderr:\n%s"
                                  % (needle, p.stderr[-2000:]))
            for needle in ("## 1. The suite", "results/policies.png",
                           "## 6. Interleaved stacks", "prints the same output and exits 0 "
                           "both ways", "## 7. Simulator speed", "| vecadd |", "QEMU",
                           "## 11. Host-parallel simulation", "| vecadd | 4x8x8, ideal, Q 256 |",
                           "2 host threads: geometric-mean speed-up"):
                if needle not in text:
                    raise Failure("RESULTS.md lacks %r" % needle)
            for plot in ("policies", "latency", "width", "layout"):
                path = os.path.join(outdir, "results", plot + ".png")
                with open(path, "rb") as f:
                    data = f.read()
                if not data.startswith(b"\x89PNG") or len(data) < 2000:
                    raise Failure("%s is not a plot (%d bytes)" % (path, len(data)))
        out.append(("results.py --quick", results_quick))
    return out
