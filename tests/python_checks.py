"""The Python package (python/simty) against the simty command.

run_tests.py (group `python`) runs each case below as its own process with
/usr/bin/python3 when it exists (the interpreter Debian's python3-cffi,
python3-pandas and python3-distributed are installed for), else
sys.executable; a missing module fails the case, it is never skipped.

- api-stats   Machine(...).stats == `simty run --stats-json` (every key but
              sim_seconds) for programs x models x shapes, a hierarchy too
- api-checkpoint  Machine.save() after run(cycles=N), Machine.restore():
              the restored machine ends with the statistics (but
              sim_seconds) and the console output (before + after) of the
              run without a checkpoint, on every model and a hierarchy;
              restore refuses machine options and a corrupt file
- api-row     simty.run() row == `simty bench -f csv` row (all columns but
              host time), passing, failing and unloadable programs
- api-state   a program built with simty.build(): its result array, exit
              code, registers, symbols, console; run(cycles=N) steps; a
              failed build; close() twice; use after close
- bad-input   unknown option, bad value, missing ELF, empty grid: SimtyError
              (a ValueError) with the library's message, before any run;
              hostile arguments to every public call (wrong types, None,
              NULs, lone surrogates, FIFOs and devices): a SimtyError of
              one printable line, nothing blocks
- sweep-bench a local-pool sweep == `simty bench -f csv` on the same grid
              (rows and run numbers; host columns aside)
- sweep-dask  the same sweep on a Dask LocalCluster (2 worker processes)
              == the local one; the package found through sys.path only
- kill-local  a worker process killed mid-sweep (once: the sweep completes,
              equal to the undisturbed one; always: error rows, no hang)
- kill-dask   a Dask worker process killed mid-sweep: same result
- resume      a partial results file (with a row cut short, an "error"
              and a "time limit" row): only the missing points and those
              two run, counted; rows cut inside their quoted key
- pip-install pip install into a venv; import simty from outside the
              repository and run a program with the installed library
- example     python/examples/latency_hiding.py --quick: its figure's data
              (mean IPC per latency and warp count) == the same means from
              `simty bench -f csv` over that grid; a PNG is drawn
- report      tools/results.py --quick --sweep FILE, twice: the second
              simulates none of the sweep's runs (all from FILE) and its
              plots' data files are byte-identical to the first's
"""

import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EX = os.path.join(ROOT, "build", "guest", "examples")
FIB = os.path.join(EX, "fib-O2.elf")
VECADD = os.path.join(EX, "vecadd-O2.elf")
HISTOGRAM = os.path.join(EX, "histogram-O2.elf")
HOST_COLUMNS = ["host_seconds", "mcycles_per_s", "mthread_instructions_per_s"]
META_HOST = ["host", "seconds"]
SWEEP_PROGRAMS = [FIB, VECADD]
SWEEP_GRID = {"model": ["simt", "cycle"], "shape": ["4x4", "2x4x8"],
              "memory": ["ideal", "hbm2"]}
SWEEP_OPTIONS = {"mem_set": {"l2.size": "256K"}}
SWEEP_BENCH_ARGS = ["-m", "simt,cycle", "-s", "4x4,2x4x8", "--memory", "ideal,hbm2",
                    "--mem-set", "l2.size=256K"]
CASES = ("api-files", "api-checkpoint", "api-stats", "api-row", "api-state", "bad-input", "sweep-bench", "sweep-dask",
         "kill-local", "kill-dask", "resume", "pip-install", "example", "report")


def interpreter():
    return "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else sys.executable


def tests(ctx, run, simty, Failure):
    if ctx.sanitized:
        return []  # the sanitized build has no libsimty.so (make check-asan)
    lib = os.path.join(ctx.build, "libsimty.so")

    def case(name):
        def t():
            if not os.path.isfile(lib):
                raise Failure("%s not found (make all builds it)" % lib)
            tmp = tempfile.mkdtemp(prefix="py-" + name + "-", dir=ctx.tmp)
            status, out, err = run([interpreter(), os.path.abspath(__file__), "--case", name,
                                    "--build", ctx.build, "--tmp", tmp], timeout=600)
            if status != 0:
                raise Failure("python case %s: status %d\n%s%s" % (
                    name, status, out[-3000:], err[-3000:]))
        return ("python %s" % name, t)
    return [case(n) for n in CASES]


# ---------------------------------------------------------------- the cases --
# (run with --case NAME, under the interpreter above)

class CaseFailure(Exception):
    pass


def check(cond, what):
    if not cond:
        raise CaseFailure(what)


def strip_seconds(d):
    """A stats document without its host-time keys (sim_seconds)."""
    if isinstance(d, dict):
        return {k: strip_seconds(v) for k, v in d.items() if k != "sim_seconds"}
    if isinstance(d, list):
        return [strip_seconds(v) for v in d]
    return d


class Env:
    def __init__(self, build, tmp):
        self.build, self.tmp = build, tmp
        self.simty = os.path.join(build, "simty")
        self.lib = os.path.join(build, "libsimty.so")

    def cli(self, args, ok=(0,)):
        p = subprocess.run([self.simty] + args, capture_output=True, text=True, timeout=600)
        check(p.returncode in ok, "simty %s: status %d: %s" % (" ".join(args), p.returncode,
                                                              p.stderr.strip()[-500:]))
        return p

    def bench(self, args, programs, ok=(0,)):
        p = self.cli(["bench", "-q", "-f", "csv"] + args + programs, ok)
        import pandas as pd
        return pd.read_csv(io.StringIO(p.stdout), keep_default_na=False)


def same_frames(a, b, what, drop=()):
    """a and b equal (values and types) but the columns in drop."""
    a = a.drop(columns=[c for c in drop if c in a.columns]).reset_index(drop=True)
    b = b.drop(columns=[c for c in drop if c in b.columns]).reset_index(drop=True)
    check(list(a.columns) == list(b.columns), "%s: columns differ: %s vs %s" % (
        what, list(a.columns), list(b.columns)))
    check(len(a) == len(b), "%s: %d rows vs %d" % (what, len(a), len(b)))
    for c in a.columns:
        check(a[c].dtype == b[c].dtype, "%s: column %s typed %s vs %s" % (
            what, c, a[c].dtype, b[c].dtype))
        for i, (x, y) in enumerate(zip(a[c], b[c])):
            check(x == y, "%s: row %d column %s: %r vs %r" % (what, i, c, x, y))


def case_api_files(env, simty):
    """Machine.load(args=, fs_root=): tests/semihost/files.c reads the
    input file and arguments and writes the output file as `simty run`
    does; without fs_root it has no host files."""
    elf = os.path.join(env.tmp, "files.elf")
    p = subprocess.run([os.path.join(ROOT, "sdk", "simty-cc"), "-O2", os.path.join(
        ROOT, "tests", "semihost", "files.c"), "-o", elf], capture_output=True, text=True)
    check(p.returncode == 0, "building files.c: %s" % p.stderr)
    args = ["in.txt", "out.txt", "alpha", "two words"]
    dirs = {}
    for who in ("cli", "api", "none"):
        d = dirs[who] = os.path.join(env.tmp, who)
        os.makedirs(d)
        with open(os.path.join(d, "in.txt"), "w") as f:
            f.write("alpha beta\ngamma alpha\n")
    cli = subprocess.run([env.simty, "run", "-q", "-m", "cycle", "-w", "2", "-t", "4", elf] +
                         args, cwd=dirs["cli"], capture_output=True, text=True, timeout=600)
    check(cli.returncode == 0, "simty run files.c: %d %s" % (cli.returncode, cli.stderr))
    with simty.Machine(model="cycle", shape="2x4") as m:
        m.load(elf, args=args, fs_root=dirs["api"])
        check(m.run() == "exit" and m.result["exit_code"] == 0, "api run: %s" % m.result)
        check(m.console == cli.stdout, "console %r, simty run printed %r" % (m.console,
                                                                          cli.stdout))
    want = open(os.path.join(dirs["cli"], "out.txt")).read()
    got = open(os.path.join(dirs["api"], "out.txt")).read()
    check(got == want and "alpha" in want, "out.txt %r, simty run wrote %r" % (got, want))
    here = os.getcwd()
    os.chdir(dirs["none"])  # where a file would land if the guest could open one
    try:
        with simty.Machine(model="simt", shape="2x4") as m:
            m.load(elf, args=args)
            m.run()
            check(m.result["exit_code"] != 0, "no fs_root: files.c exited 0")
    finally:
        os.chdir(here)
    check(not os.path.exists(os.path.join(dirs["none"], "out.txt")) and
          not os.path.exists(os.path.join(os.getcwd(), "out.txt")), "no fs_root: wrote a file")
    for bad, msg in (((lambda: simty.Machine().load(elf, args="x")), "list of strings"),
                     ((lambda: simty.Machine().load(elf, fs_root=os.path.join(env.tmp, "nope"))),
                      "nope")):
        try:
            bad()
        except simty.SimtyError as e:
            check(msg in str(e), "error %r does not name %r" % (str(e), msg))
        else:
            raise CaseFailure("no error for a bad %s" % msg)


def case_api_checkpoint(env, simty):
    for model, extra in (("scalar", {}), ("simt", {}), ("cycle", {}),
                         ("cycle", {"memory": "ddr4-3200", "shape": "2x4x4", "quantum": 4})):
        opts = dict({"model": model, "shape": "8x4"}, **extra)
        with simty.Machine(**opts) as m:
            m.load(HISTOGRAM)
            m.run()
            want, out = strip_seconds(m.stats), m.console
        ck = os.path.join(env.tmp, "ck-%s" % model)
        with simty.Machine(**opts) as m:
            m.load(HISTOGRAM)
            check(m.run(cycles=20001) is None, "the run ended before the checkpoint")
            m.save(ck)
            before = m.console
        with simty.Machine.restore(ck, max_cycles=10 ** 9) as r:
            check(r.cycle >= 20001, "restored at cycle %d" % r.cycle)
            r.run()
            got = strip_seconds(r.stats)
            check(got == want, "%s %r: statistics differ after a restore: %s" % (
                model, extra, [k for k in want if want[k] != got.get(k)][:6]))
            check(before + r.console == out, "%s: console differs after a restore" % model)
    for bad, what in ((lambda: simty.Machine.restore(ck, warps=4), "warps cannot be given"),
                      (lambda: simty.Machine.restore(HISTOGRAM), "not a simty checkpoint"),
                      (lambda: simty.Machine.restore(os.path.join(env.tmp, "nope")),
                       "cannot open"),
                      (lambda: simty.Machine().save(ck), "no program loaded")):
        try:
            bad()
            check(False, "%s: no exception" % what)
        except simty.SimtyError as e:
            check(what in str(e), "%r lacks %r" % (str(e), what))


def case_api_stats(env, simty):
    runs = [(FIB, "scalar", "4x4", {}), (FIB, "simt", "8x8", {}), (FIB, "cycle", "2x4x8", {}),
            (VECADD, "cycle", "8x32", {"memory": "hbm2"}), (HISTOGRAM, "simt", "4x8", {}),
            (HISTOGRAM, "cycle", "8x4", {"memory": "ddr4-3200", "mem_set": ["l2.size=128K"]})]
    for prog, model, shape, extra in runs:
        js = os.path.join(env.tmp, "stats.json")
        parts = shape.split("x")
        args = ["run", "--stats-json", js, "-m", model, "-w", parts[-2], "-t", parts[-1]]
        if len(parts) == 3:
            args += ["--cores", parts[0]]
        if "memory" in extra:
            args += ["--memory", extra["memory"]]
        for s in extra.get("mem_set", []):
            args += ["--mem-set", s]
        p = env.cli(args + [prog])
        with open(js) as f:
            want = json.load(f)
        with simty.Machine(model=model, shape=shape, **extra) as m:
            m.load(prog)
            check(m.run() == "exit", "%s: run() did not return 'exit'" % prog)
            got = m.stats
            console = m.console
        what = "%s %s %s %s" % (os.path.basename(prog), model, shape, extra)
        check(set(got) == set(want), "%s: keys %s vs %s" % (what, sorted(got), sorted(want)))
        g, w = strip_seconds(got), strip_seconds(want)
        for k in w:
            check(g[k] == w[k], "%s: stats[%r] = %r, simty run: %r" % (
                what, k, str(g[k])[:200], str(w[k])[:200]))
        check(got["cycles"] > 0 and got["exit_reason"] == "exit", "%s: no run" % what)
        check(console == p.stdout, "%s: console %r, simty run printed %r" % (
            what, console[-200:], p.stdout[-200:]))
    print("api-stats: %d runs identical to simty run --stats-json" % len(runs))


def case_api_row(env, simty):
    import pandas as pd
    bad_elf = os.path.join(env.tmp, "not-an-elf.elf")
    with open(bad_elf, "w") as f:
        f.write("this is not an ELF file\n")
    runs = [(FIB, {"model": "cycle", "shape": "4x4"}, ["-m", "cycle", "-s", "4x4"]),
            (VECADD, {"model": "simt", "shape": "2x8x8"}, ["-m", "simt", "-s", "2x8x8"]),
            (HISTOGRAM, {"shape": "8x8", "memory": "hbm2", "mem_set": {"l2.size": "256K"}},
             ["-s", "8x8", "--memory", "hbm2", "--mem-set", "l2.size=256K"]),
            (FIB, {"shape": "8x8", "max_cycles": 5000}, ["-s", "8x8", "--max-cycles", "5000"]),
            (bad_elf, {"shape": "1x1"}, ["-s", "1x1"])]
    for prog, opts, args in runs:
        row = simty.run(prog, **opts)
        bench = env.bench(args, [prog], ok=(0, 1))
        check(len(bench) == 1, "bench gave %d rows" % len(bench))
        cols = list(bench.columns)
        check(list(row)[:len(cols)] == cols and list(row)[len(cols):] == list(simty.rows.META),
              "simty.run columns %s, bench %s" % (list(row), cols))
        got = pd.DataFrame([row])[cols]
        same_frames(got, bench, "simty.run %s %s" % (os.path.basename(prog), opts),
                    drop=HOST_COLUMNS)
        check(row["seconds"] >= 0 and row["host"] and row["commit"], "metadata %r" % row)
    check(runs and row["result"] == "load error", "the non-ELF file's row: %r" % row["result"])
    r = simty.run(FIB, shape="4x4", max_cycles=5000)
    check(r["result"] == "cycle limit" and r["ok"] == 0 and "5000" in r["detail"],
          "a cycle limit's row: %r %r" % (r["result"], r["detail"]))
    # the library's plug-ins are the command's (simty plugins); each steering
    # name reaches its row's column as it was given
    listed = [tuple(l.split(None, 2)) for l in env.cli(["plugins"]).stdout.splitlines()]
    check([tuple(p) for p in simty.plugins()] == listed,
          "simty.plugins() %r, simty plugins %r" % (simty.plugins(), listed))
    for kind, name, _help in simty.plugins():
        if kind == "steering":
            r = simty.run(FIB, shape="4x4", steering=name)
            check(r["steering"] == name and r["ok"] == 1, "steering %s: row %r" % (name, r))
    print("api-row: %d simty.run rows identical to simty bench -f csv" % len(runs))


GUEST_C = r"""
#include <stdio.h>
#include <simty.h>
unsigned result[64];
int main(void)
{
    unsigned tid = simty_tid();
    result[tid] = tid * tid + 7;
    simty_barrier();
    if (tid == 0)
        printf("python-api: %u threads\n", simty_nthreads());
    return tid == 0 ? 3 : 0;
}
"""


def case_api_state(env, simty):
    import struct
    src = os.path.join(env.tmp, "squares.c")
    with open(src, "w") as f:
        f.write(GUEST_C)
    elf = simty.build(src, flags=["-O2"])
    check(elf == os.path.join(env.tmp, "squares.elf") and os.path.isfile(elf),
          "simty.build returned %r" % elf)
    with simty.Machine(warps=4, threads=8) as m:
        check(m.nthreads == 32, "nthreads %d" % m.nthreads)
        m.load(elf)
        addr = m.symbol("result")
        check(m.run(cycles=50) is None and m.cycle == 50, "run(cycles=50): cycle %d" % m.cycle)
        check(m.result["reason"] == "running", "result while running: %r" % m.result)
        check(m.pc(0) >= 0x80000000, "pc(0) = %#x" % m.pc(0))
        steps = 0
        while m.run(cycles=1000) is None:
            steps += 1
            check(steps < 10000, "the program does not end")
        res = m.result
        check(res["reason"] == "exit" and res["exit_code"] == 3 and res["exit_status"] == 3,
              "result %r" % res)
        words = struct.unpack("<64I", m.read(addr, 256))
        check(list(words[:32]) == [t * t + 7 for t in range(32)] and not any(words[32:]),
              "result array %r" % (words,))
        check(m.console == "python-api: 32 threads\n", "console %r" % m.console)
        # thread 1 returned 0 from main: a0 holds its exit code
        check(m.reg(1, 10) == 0 and m.reg(0, 0) == 0, "a0 of thread 1: %d" % m.reg(1, 10))
        check(m.freg(0, 0) >= 0, "freg")
        st = m.stats
        check(st["roi"] is None and m.roi is None and st["thread_instructions"] > 0, "stats")
        for bad, what in ((lambda: m.symbol("no_such_symbol"), "no symbol"),
                          (lambda: m.reg(999, 1), "no register"),
                          (lambda: m.read(0x10, 4), "not all guest RAM"),
                          (lambda: m.read(-1, 4), "read: addr must be an integer"),
                          (lambda: m.read(0x80000000, 1 << 40), "read: length must be"),
                          (lambda: m.reg(1 << 40, 1), "reg: hart must be"),
                          (lambda: m.pc(-3), "pc: hart must be"),
                          (lambda: m.run(cycles=-5), "run: cycles must be"),
                          (lambda: m.load(elf), "already loaded")):
            try:
                bad()
                check(False, "%s: no exception" % what)
            except simty.SimtyError as e:
                check(what in str(e), "%r lacks %r" % (str(e), what))
    m.close()  # twice: nothing happens
    # after the end: each thread's final registers, and its PC at the
    # instruction that ended it (the exit ecall), on every model (issue 32,
    # 10: the SIMT models read the entry point)
    ends = {}
    for model in ("scalar", "simt", "cycle"):
        with simty.Machine(model=model, shape="2x4") as x:
            x.load(elf)
            entry = x.pc(0)
            check(x.run() == "exit", "%s: %r" % (model, x.result))
            pcs = [x.pc(h) for h in range(8)]
            check(len(set(pcs)) == 1 and pcs[0] != entry and
                  struct.unpack("<I", x.read(pcs[0], 4))[0] == 0x00000073,
                  "%s: PCs after the end %s (entry %#x), not an ecall" % (
                      model, [hex(v) for v in pcs], entry))
            check(x.reg(0, 10) == 3 and x.reg(5, 10) == 0 and x.reg(0, 17) == 93,
                  "%s: a0/a7 after the end: %d %d %d" % (model, x.reg(0, 10), x.reg(5, 10),
                                                         x.reg(0, 17)))
            ends[model] = (pcs, [x.reg(h, 2) for h in range(8)])
    check(ends["simt"] == ends["scalar"] == ends["cycle"], "final state differs: %r" % ends)
    try:
        m.stats
        check(False, "stats after close: no exception")
    except simty.SimtyError as e:
        check("closed" in str(e), str(e))
    # a machine dropped without close() is freed by its finalizer (33M: the
    # least RAM that holds an SDK program's image region and 4 stacks)
    for _ in range(20):
        x = simty.Machine(warps=2, threads=2, ram_size="33M")
        x.load(elf)
        del x
    badsrc = os.path.join(env.tmp, "broken.c")
    with open(badsrc, "w") as f:
        f.write("int main(void) { return undeclared_name; }\n")
    try:
        simty.build(badsrc)
        check(False, "a broken build did not raise")
    except simty.SimtyError as e:
        check("undeclared_name" in str(e) and "failed" in str(e), "build error %r" % str(e))
    print("api-state: registers, memory, symbols, console, stepping, build")


def expect_error(simty, fn, *parts):
    try:
        fn()
    except simty.SimtyError as e:
        check(isinstance(e, ValueError), "SimtyError is not a ValueError")
        msg = str(e)
        check("\n" not in msg, "not one line: %r" % msg)
        for p in parts:
            check(p in msg, "message %r lacks %r" % (msg, p))
        return msg
    raise CaseFailure("no SimtyError (expected %r)" % (parts,))


def case_bad_input(env, simty):
    missing = os.path.join(env.tmp, "missing.elf")
    results = os.path.join(env.tmp, "results.csv")
    msgs = [
        expect_error(simty, lambda: simty.Machine(warp=8), "unknown option 'warp'", "warps"),
        expect_error(simty, lambda: simty.Machine(warps=99),
                     "--warps: expected an integer 1..64, got '99'"),
        expect_error(simty, lambda: simty.Machine(model="gpu"), "--model", "'gpu'"),
        expect_error(simty, lambda: simty.Machine(mem_set={"l2.size": "1M"}),
                     "--mem-set needs a memory hierarchy"),
        expect_error(simty, lambda: simty.Machine(memory="hbm2", mem_set=["l2.size=3M"]),
                     "l2.size", "power of two"),
        expect_error(simty, lambda: simty.Machine(shape="8by8"), "shape", "WARPSxTHREADS"),
        expect_error(simty, lambda: simty.Machine(warps="4\0junk"), "warps", "NUL"),
        expect_error(simty, lambda: simty.sweep([FIB], {"memory": ["hbm2\0x"]},
                                                results=results), "memory", "NUL"),
        expect_error(simty, lambda: simty.Machine().load(missing), "cannot read", missing,
                     "No such file or directory"),
        expect_error(simty, lambda: simty.run(missing), "No such file or directory"),
        expect_error(simty, lambda: simty.run(FIB, max_cycles=0), "--max-cycles"),
        expect_error(simty, lambda: simty.sweep([FIB, missing], {"warps": [4]},
                                                results=results), missing),
        expect_error(simty, lambda: simty.sweep([FIB], {}, results=results), "grid is empty"),
        expect_error(simty, lambda: simty.sweep([FIB], {"warps": []}, results=results),
                     "empty list"),
        expect_error(simty, lambda: simty.sweep([FIB], {"warpz": [4]}, results=results),
                     "unknown option 'warpz'"),
        # the bad value is in the last point: nothing may have run before
        expect_error(simty, lambda: simty.sweep([FIB], {"warps": [4, 8, 65]}, results=results),
                     "--warps", "'65'", "warps=65"),
        expect_error(simty, lambda: simty.sweep([FIB], {"memory": ["hbm2"],
                                                        "mem_latency": [0, 10]},
                                                results=results), "ideal memory only"),
        expect_error(simty, lambda: simty.sweep([FIB], {"warps": [4]}, options={"warps": 2},
                                                results=results), "both"),
        expect_error(simty, lambda: simty.sweep([env.tmp], {"warps": [4]}, results=results),
                     "no .elf files"),
        expect_error(simty, lambda: simty.sweep([FIB], {"warps": [4]}, results=os.path.join(
            env.tmp, "no-such-dir", "r.csv")), "cannot write the results file"),
        expect_error(simty, lambda: simty.sweep([FIB], {"warps": [4]}, results=FIB),
                     "cannot read the results file"),
    ]
    msgs += hostile_input(env, simty, results)
    check(not os.path.exists(results), "a sweep with bad input wrote its results file")
    # a script without the __main__ guard: its spawned workers die at start;
    # a clear error, not an "error" row for every point after its retries
    script = os.path.join(env.tmp, "unguarded.py")
    with open(script, "w") as f:
        f.write("import simty\nsimty.sweep([%r], {'shape': ['4x4', '8x8']}, jobs=2, "
                "results=%r)\n" % (FIB, results))
    p = subprocess.run([interpreter(), script], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python")))
    last = p.stderr.strip().splitlines()[-1:]
    check(p.returncode != 0 and last and last[0].startswith("simty.errors.SimtyError: ") and
          "__main__" in last[0], "unguarded script: status %d, %r" % (p.returncode, last))
    with open(results) as f:
        check(len(f.read().splitlines()) == 1, "unguarded script: rows in the results file")
    msgs.append(last[0])
    wrong = os.path.join(env.tmp, "wrong.elf")
    with open(wrong, "w") as f:
        f.write("not an ELF\n")
    with simty.Machine() as m:
        msgs.append(expect_error(simty, lambda: m.load(wrong), wrong))
    print("bad-input: %d errors, e.g.:\n  %s" % (len(msgs), "\n  ".join(msgs[:3])))


def hostile_input(env, simty, results):
    """Wrong types, NULs, lone surrogates, None, FIFOs and devices given to
    the public API (issue 32, 11g and 11c): each a SimtyError with one
    printable line, before anything runs or blocks (was AttributeError,
    UnicodeEncodeError, TypeError, a symbol cut at its NUL, a sweep or
    read_csv blocked on a FIFO)."""
    fifo = os.path.join(env.tmp, "results.fifo")
    os.mkfifo(fifo)
    src = os.path.join(env.tmp, "tiny.c")
    with open(src, "w") as f:
        f.write("int main(void) { return 0; }\n")
    grid = {"shape": ["1x1"]}
    m = simty.Machine(shape="1x2")
    m.load(FIB)
    cases = [
        (lambda: simty.Machine(warps="\udc80"), "option warps", "lone surrogate", "\\x80"),
        (lambda: simty.Machine(memory="hbm2", mem_set="l2.size=\udc80"), "option mem-set",
         "lone surrogate"),
        (lambda: simty.Machine(**{"warps\0": 4}), "unknown option 'warps\\x00'"),
        (lambda: simty.Machine(warps=b"4"), "option warps: expected an int, str or bool"),
        (lambda: m.symbol(None), "symbol: expected a str, got None"),
        (lambda: m.symbol(b"main"), "symbol: expected a str, got b'main'"),
        (lambda: m.symbol("main\0junk"), "symbol: a NUL character in 'main\\x00junk'"),
        (lambda: m.symbol("\udc80"), "symbol", "lone surrogate"),
        (lambda: m.symbol("caf\xe9"), "no symbol 'caf\\xc3\\xa9'"),
        (lambda: m.reg("0", 1), "reg: hart must be an integer"),
        (lambda: m.freg(0, None), "freg: r must be an integer"),
        (lambda: m.pc(None), "pc: hart must be an integer"),
        (lambda: m.read(None, 4), "read: addr must be an integer"),
        (lambda: m.run("10"), "run: cycles must be an integer"),
        (lambda: simty.Machine().load(None), "program: expected a path"),
        (lambda: simty.Machine().load(""), "program: an empty path"),
        (lambda: simty.Machine().load(FIB + "\0x"), "program: a NUL character in the path"),
        (lambda: simty.Machine().load(fifo), "results.fifo is not a regular file"),
        (lambda: simty.run(5), "program: expected a path"),
        (lambda: simty.sweep(None, grid), "sweep: programs: expected a path or a list"),
        (lambda: simty.sweep([None], grid), "program: expected a path"),
        (lambda: simty.sweep([FIB], [1]), "sweep: the grid must be a dict"),
        (lambda: simty.sweep([FIB], {"warps": None}), "grid['warps']: expected a value or a list"),
        (lambda: simty.sweep([FIB], {5: [1]}), "sweep: option names are str, got 5"),
        (lambda: simty.sweep([FIB], grid, options=5), "sweep: options must be a dict"),
        (lambda: simty.sweep([FIB], grid, options={None: 1}), "option names are str, got None"),
        (lambda: simty.sweep([FIB], grid, jobs=0), "sweep: jobs must be None or a positive"),
        (lambda: simty.sweep([FIB], grid, retries=True), "sweep: retries must be"),
        (lambda: simty.sweep([FIB], grid, results=fifo), "sweep: results: ",
         "results.fifo is not a regular file"),
        (lambda: simty.sweep([FIB], grid, results=env.tmp), "is not a regular file"),
        (lambda: simty.sweep([FIB], grid, results="/dev/null"), "/dev/null is not a regular"),
        (lambda: simty.sweep([FIB], grid, results=""), "sweep: results: an empty path"),
        (lambda: simty.sweep([FIB], grid, results=results + "\0"), "a NUL character"),
        (lambda: simty.read_csv(fifo), "read_csv: ", "results.fifo is not a regular file"),
        (lambda: simty.read_csv(None), "read_csv: expected a path"),
        (lambda: simty.read_csv(os.path.join(env.tmp, "none.csv")), "read_csv: cannot read",
         "No such file"),
        (lambda: simty.read_csv(FIB), "read_csv: cannot read", "fib-O2.elf"),
        (lambda: simty.build(None), "build: sources: expected a path"),
        (lambda: simty.build(src, flags=5), "build: flags: expected"),
        (lambda: simty.build(src, stack_size="1M"), "build: stack_size: expected"),
    ]
    msgs = []
    for i, case in enumerate(cases):
        fn, parts = case[0], case[1:]
        try:
            msg = expect_error(simty, fn, *parts)
        except CaseFailure as e:
            raise CaseFailure("hostile input %d: %s" % (i, e))
        check(all(" " <= c < "\x7f" for c in msg), "not printable ASCII: %r" % msg)
        msgs.append(msg)
    # a results path checked by name and then opened could be another file
    # by then: the file opened is the one checked (a stat that saw a
    # regular file, standing for a file replaced since, changes nothing)
    real_stat = os.stat
    os.stat = lambda *a, **k: real_stat(FIB)
    try:
        msgs.append(expect_error(simty, lambda: simty.read_csv(env.tmp), "read_csv: ",
                                 "is not a regular file"))
    except CaseFailure as e:
        raise CaseFailure("results path replaced after its check: %s" % e)
    finally:
        os.stat = real_stat
    m.close()
    return msgs


def case_sweep_bench(env, simty):
    import contextlib
    log = io.StringIO()
    with contextlib.redirect_stderr(log):
        df = simty.sweep(SWEEP_PROGRAMS, SWEEP_GRID, options=SWEEP_OPTIONS, progress=True)
    lines = log.getvalue().splitlines()
    progress = [l for l in lines if l.startswith("simty sweep: [")]
    check(len(progress) == 12 and all(re.match(r"simty sweep: \[\d+/12\] \S+ (simt|cycle) "
                                                r"(4x4|2x4x8) memory=(ideal|hbm2): pass ", l)
                                       for l in progress), "progress lines %r" % progress)
    check("simty sweep: note: --memory has no effect on the simt model (only cycle): 4 runs"
          in lines and "simty sweep: note: --mem-set has no effect on the simt model (only "
          "cycle): 4 runs" in lines, "notes %r" % lines[12:])
    bench = env.bench(SWEEP_BENCH_ARGS, SWEEP_PROGRAMS)
    check(len(df) == 16, "%d rows" % len(df))
    check(list(df.columns) == list(bench.columns) + list(simty.rows.META),
          "columns %s" % list(df.columns))
    same_frames(df[list(bench.columns)], bench, "sweep vs simty bench", drop=HOST_COLUMNS)
    check(list(df["run"]) == list(range(16)) and df["ok"].all(), "runs %s" % list(df["run"]))
    check(df["point"].nunique() == 16 and (df["commit"] == df["commit"][0]).all(), "points")
    # simt x {ideal, hbm2}: the simt model ignores the memory, so its hbm2
    # points are copies of the ideal ones (simty bench's rule), not run
    check((df.attrs["ran"], df.attrs["copied"], df.attrs["resumed"]) == (12, 4, 0),
          "ran, copied, resumed: %r" % df.attrs)
    # the default shapes are bench's when the grid names none
    pts = simty.grid_points([FIB], {"model": ["simt"]})
    shapes = ["%sx%s" % (dict(p["settings"])["warps"], dict(p["settings"])["threads"])
              for p in pts]
    check(shapes == ["1x1", "4x4", "8x8", "8x32", "32x16", "64x32"], "default shapes %s" % shapes)
    print("sweep-bench: 16 runs identical to simty bench -f csv")


def local_reference(simty):
    return simty.sweep(SWEEP_PROGRAMS, SWEEP_GRID, options=SWEEP_OPTIONS)


def dask_client():
    from distributed import Client, LocalCluster
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                           dashboard_address=None)
    return cluster, Client(cluster)


def case_sweep_dask(env, simty):
    check("PYTHONPATH" not in os.environ, "the case must not rely on PYTHONPATH")
    ref = local_reference(simty)
    cluster, client = dask_client()
    try:
        pids = set(client.run(os.getpid).values())
        check(len(pids) == 2 and os.getpid() not in pids, "worker processes %s" % pids)
        df = simty.sweep(SWEEP_PROGRAMS, SWEEP_GRID, options=SWEEP_OPTIONS, executor=client)
    finally:
        client.close()
        cluster.close()
    same_frames(df, ref, "Dask sweep vs local sweep", drop=HOST_COLUMNS + META_HOST)
    print("sweep-dask: %d runs identical to the local pool's" % len(df))


def kill_marker(env):
    marker = os.path.join(env.tmp, "killed")
    os.environ["SIMTY_SWEEP_TEST_KILL"] = marker + ":vecadd-O2"
    return marker


def case_kill_local(env, simty):
    ref = local_reference(simty)
    marker = kill_marker(env)
    df = simty.sweep(SWEEP_PROGRAMS, SWEEP_GRID, options=SWEEP_OPTIONS, jobs=2)
    check(os.path.exists(marker), "no worker was killed")
    check(int(open(marker).read()) != os.getpid(), "the sweep's own process was killed")
    same_frames(df, ref, "sweep with a killed worker vs undisturbed",
                drop=HOST_COLUMNS + META_HOST)
    # a point that kills its worker every time: error rows after the retries
    os.environ["SIMTY_SWEEP_TEST_KILL"] = ":vecadd-O2"
    df = simty.sweep(SWEEP_PROGRAMS, SWEEP_GRID, options=SWEEP_OPTIONS, jobs=2, retries=1)
    bad = df[df["workload"] == "vecadd-O2"]
    good = df[df["workload"] != "vecadd-O2"]
    check(len(bad) == 8 and (bad["result"] == "error").all() and not bad["ok"].any() and
          bad["detail"].str.contains("worker process died 2 times").all(),
          "rows of the killing points: %s" % bad[["result", "detail"]].values.tolist())
    same_frames(good, ref[ref["workload"] != "vecadd-O2"], "the other points",
                drop=HOST_COLUMNS + META_HOST)
    print("kill-local: a killed worker retried; a point that always kills: 8 error rows")


def case_kill_dask(env, simty):
    ref = local_reference(simty)
    marker = kill_marker(env)  # before the cluster: its workers inherit it
    cluster, client = dask_client()
    try:
        pids = set(client.run(os.getpid).values())
        df = simty.sweep(SWEEP_PROGRAMS, SWEEP_GRID, options=SWEEP_OPTIONS, executor=client)
    finally:
        client.close()
        cluster.close()
    check(os.path.exists(marker), "no worker was killed")
    killed = int(open(marker).read())
    check(killed in pids, "killed pid %d is not a worker (%s)" % (killed, pids))
    same_frames(df, ref, "Dask sweep with a killed worker vs undisturbed",
                drop=HOST_COLUMNS + META_HOST)
    print("kill-dask: worker %d killed mid-sweep, %d rows identical" % (killed, len(df)))


def case_resume(env, simty):
    full_path = os.path.join(env.tmp, "full.csv")
    full = simty.sweep(SWEEP_PROGRAMS, SWEEP_GRID, options=SWEEP_OPTIONS, results=full_path)
    # (12 simulations: the simt model's 4 hbm2 points copy its ideal ones)
    check((full.attrs["ran"], full.attrs["copied"], full.attrs["resumed"]) == (12, 4, 0),
          "first sweep %r" % full.attrs)
    with open(full_path) as f:
        lines = f.read().splitlines()
    check(len(lines) == 17, "results file: %d lines" % len(lines))
    reread = simty.read_csv(full_path)
    same_frames(reread.sort_values("run"), full, "results file vs DataFrame", drop=())
    # partial: the header, 5 rows, one marked "error" and one "time limit"
    # (outcomes of the host, run again), a row cut short
    part_path = os.path.join(env.tmp, "part.csv")
    rows = list(csv.reader(io.StringIO("\n".join(lines))))
    header = rows[0]
    kept = rows[1:6]
    kept[2][header.index("result")] = "error"
    kept[4][header.index("result")] = "time limit"
    with open(part_path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(kept)
        f.write(lines[9][:40])  # a crash in the middle of a row
    df = simty.sweep(SWEEP_PROGRAMS, SWEEP_GRID, options=SWEEP_OPTIONS, results=part_path)
    check((df.attrs["ran"], df.attrs["copied"], df.attrs["resumed"]) == (9, 4, 3),
          "resume ran, copied, reused %r (expected 9, 4, 3)" % df.attrs)
    with open(part_path) as f:
        after = list(csv.reader(f))
    complete = [r for r in after if len(r) == len(header)]
    check(len(complete) == 1 + 5 + 9 + 4, "results file rows after resume: %d" % len(complete))
    same_frames(df, full, "resumed sweep vs full", drop=HOST_COLUMNS + META_HOST)
    again = simty.sweep(SWEEP_PROGRAMS, SWEEP_GRID, options=SWEEP_OPTIONS, results=part_path)
    check(again.attrs["ran"] == 0 and again.attrs["resumed"] == 16, "third sweep %r" % again.attrs)
    same_frames(again, df, "re-read sweep", drop=())
    # a crash inside the last field (the point's quoted key): the cut row is
    # dropped from the file, so the rows appended after it read back whole
    cut_path = os.path.join(env.tmp, "cut.csv")
    for cut in (len(lines[3]) - 1, len(lines[3]) - 30):
        with open(cut_path, "w") as f:
            f.write("\n".join(lines[:3]) + "\n" + lines[3][:cut])
        first = simty.sweep(SWEEP_PROGRAMS, SWEEP_GRID, options=SWEEP_OPTIONS,
                            results=cut_path)
        second = simty.sweep(SWEEP_PROGRAMS, SWEEP_GRID, options=SWEEP_OPTIONS,
                             results=cut_path)
        check((first.attrs["ran"], second.attrs["ran"]) == (10, 0),
              "cut at %d: ran %d then %d (expected 10 then 0)" % (
                  cut, first.attrs["ran"], second.attrs["ran"]))
        with open(cut_path) as f:
            text = f.read()
        check(text.endswith("\n") and len(text.splitlines()) == 17,
              "cut at %d: results file of %d lines" % (cut, len(text.splitlines())))
        same_frames(second, full, "resumed after a cut key", drop=HOST_COLUMNS + META_HOST)
    # a header cut short is a new file; a one-line file of something else is refused
    with open(cut_path, "w") as f:
        f.write(lines[0][:50])
    df = simty.sweep([FIB], {"shape": ["4x4"]}, results=cut_path)
    with open(cut_path) as f:
        check(f.read().splitlines()[0] == lines[0], "header cut short: not rewritten")
    with open(cut_path, "w") as f:
        f.write("some other text")
    expect_error(simty, lambda: simty.sweep([FIB], {"shape": ["4x4"]}, results=cut_path),
                 "other columns")
    with open(cut_path) as f:
        check(f.read() == "some other text", "a refused results file was changed")
    print("resume: 9 of 16 points run again, 4 copied, 3 reused; then 0; a row cut in its key")


def case_pip_install(env, simty):
    venv = os.path.join(env.tmp, "venv")
    py = interpreter()
    p = subprocess.run([py, "-m", "venv", "--system-site-packages", venv], capture_output=True,
                       text=True, timeout=300)
    check(p.returncode == 0, "venv: %s" % p.stderr[-1000:])
    e = dict(os.environ, SIMTY_LIB=env.lib)
    e.pop("PYTHONPATH", None)
    p = subprocess.run([os.path.join(venv, "bin", "pip"), "install", "--no-build-isolation",
                        "--no-index", "--no-cache-dir", "-q", os.path.join(ROOT, "python")],
                       capture_output=True, text=True, timeout=600, env=e)
    check(p.returncode == 0, "pip install: %s%s" % (p.stdout[-1500:], p.stderr[-1500:]))
    script = ("import json, simty\n"
              "r = simty.run(%r, shape='4x4')\n"
              "print(json.dumps({'file': simty.__file__, 'lib': simty.library_path(),\n"
              "  'sdk': simty.sdk_root(), 'result': r['result'], 'cycles': r['cycles'],\n"
              "  'commit': r['commit']}))\n" % FIB)
    e.pop("SIMTY_LIB")
    outside = os.path.join(env.tmp, "elsewhere")
    os.makedirs(outside)
    p = subprocess.run([os.path.join(venv, "bin", "python"), "-c", script], cwd=outside,
                       capture_output=True, text=True, timeout=300, env=e)
    check(p.returncode == 0, "the installed package: %s" % p.stderr[-2000:])
    got = json.loads(p.stdout)
    check(got["file"].startswith(venv) and got["lib"].startswith(venv),
          "not the installed package: %r" % got)
    check(got["sdk"] == ROOT and got["result"] == "pass", "installed run: %r" % got)
    want = simty.run(FIB, shape="4x4")
    check(got["cycles"] == want["cycles"] and got["commit"] == want["commit"],
          "installed %r vs in place %r" % (got, {k: want[k] for k in ("cycles", "commit")}))
    print("pip-install: installed in a venv, ran %s from %s" % (os.path.basename(FIB), outside))


def case_example(env, simty):
    out = os.path.join(env.tmp, "example")
    progs = [FIB, VECADD]
    p = subprocess.run([interpreter(), os.path.join(ROOT, "python", "examples",
                                                    "latency_hiding.py"),
                        "--quick", "--out", out] + progs, capture_output=True, text=True,
                       timeout=600)
    check(p.returncode == 0, "latency_hiding.py: status %d: %s" % (p.returncode,
                                                                   p.stderr[-2000:]))
    with open(os.path.join(out, "latency.png"), "rb") as f:
        check(f.read(8) == b"\x89PNG\r\n\x1a\n", "latency.png is not a PNG")
    got = {}
    with open(os.path.join(out, "latency.dat")) as f:
        lat = None
        for line in f:
            if line.startswith("# latency"):
                lat = int(line.split()[2])
            elif line.strip():
                w, ipc = line.split()
                got[(lat, int(w))] = float(ipc)
    df = env.bench(["-s", "1x8,4x8", "--mem-latency", "0,20"], progs)
    want = df.groupby(["mem_latency", "warps"])["ipc"].mean()
    check(sorted(got) == sorted(want.index), "figure points %r vs %r" % (
        sorted(got), sorted(want.index)))
    for k, v in want.items():
        check(abs(got[k] - v) < 5e-5, "latency %d, %d warps: %.4f vs bench %.4f" % (
            k[0], k[1], got[k], v))
    print("example: %d figure points equal simty bench's" % len(got))


def case_report(env, simty):
    out = os.path.join(env.tmp, "report")
    sweep_file = os.path.join(env.tmp, "report-sweep.csv")

    def report():
        p = subprocess.run([interpreter(), os.path.join(ROOT, "tools", "results.py"),
                            "--quick", "--simty", env.simty, "--out", out, "--build",
                            os.path.join(out, "build"), "-j", "2", "--sweep", sweep_file],
                           capture_output=True, text=True, timeout=900)
        check(p.returncode == 0, "results.py --sweep: status %d: %s" % (p.returncode,
                                                                        p.stderr[-2000:]))
        counts = [(int(a), int(b)) for a, b in
                  re.findall(r"simty\.sweep: (\d+) simulated, (\d+) from", p.stderr)]
        check(len(counts) >= 5, "no sweep lines in results.py's log: %s" % p.stderr[-2000:])
        dats = {}
        for name in sorted(os.listdir(os.path.join(out, "results"))):
            if name.endswith(".dat"):
                with open(os.path.join(out, "results", name), "rb") as f:
                    dats[name] = f.read()
        return counts, dats

    first, dats1 = report()
    check(sum(a for a, _ in first) > 0, "the first report simulated nothing: %r" % first)
    second, dats2 = report()
    check(all(a == 0 for a, _ in second) and sum(b for _, b in second) > 0,
          "the second report simulated runs again: %r" % second)
    check({"policies.dat", "latency.dat", "width.dat"} <= set(dats1),
          "plot data missing: %r" % sorted(dats1))
    for name in dats1:
        check(dats1[name] == dats2.get(name), "%s differs between the reports" % name)
    print("report: %d sweep grids, %d runs from the file the second time; %d plot data "
          "files identical" % (len(second), sum(b for _, b in second), len(dats1)))


def main():
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--case", required=True, choices=CASES)
    ap.add_argument("--build", required=True)
    ap.add_argument("--tmp", required=True)
    a = ap.parse_args()
    try:
        import cffi  # noqa: F401
        import distributed  # noqa: F401
        import pandas  # noqa: F401
    except ImportError as e:
        sys.exit("python_checks: %s under %s: install python3-cffi, python3-pandas and "
                 "python3-distributed (make deps)" % (e, sys.executable))
    build = os.path.abspath(a.build)
    os.environ["SIMTY_LIB"] = os.path.join(build, "libsimty.so")
    os.environ.pop("PYTHONPATH", None)
    sys.path.insert(0, os.path.join(ROOT, "python"))  # workers get it from sys.path
    import simty
    import simty.rows  # noqa: F401
    check(os.path.dirname(simty.__file__) == os.path.join(ROOT, "python", "simty"),
          "imported %s, not the repository's package" % simty.__file__)
    env = Env(build, os.path.abspath(a.tmp))
    try:
        globals()["case_" + a.case.replace("-", "_")](env, simty)
    except CaseFailure as e:
        sys.exit("FAIL %s: %s" % (a.case, e))
    finally:
        shutil.rmtree(a.tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
