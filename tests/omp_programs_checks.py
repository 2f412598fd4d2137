"""The omp-programs test group: the OpenMP, auto-parallelised and pthreads
programs of workloads/omp (plain C for a CPU, issue 33), built with
`sdk/simty-cc -fopenmp` and run on every model at the OMP_SHAPES, under
`--progress off` and on QEMU, must print what the same source built by the
host's `gcc -fopenmp -O2` prints (stdout, exit status and the output files
they write). The host build is made and run once per test session; it must
itself print the same with 1 and 3 OpenMP threads (the programs' output
does not depend on the team).

make check runs a representative subset (every program on every model
once, every shape at least once, one --progress off run and one QEMU run
each; under the sanitizers one small run a program); the opt-in group omp-long (make check-omp-long) runs the full matrix:
every program on every model at every shape, --progress off on the SIMT
models at every shape, and 2 host threads at 2 cores.
"""

import os
import re
import shutil
import subprocess
import tempfile
import threading

import programs

ROOT = programs.ROOT
DATA = os.path.join(ROOT, "workloads", "omp", "data")

# name -> (arguments, output files the program writes). An argument naming
# a file of workloads/omp/data is an input: each run gets a copy of it in
# its own directory, which is also the run's current directory.
PROGRAMS = {
    "vecadd": (["-n", "3000"], []),
    "reduction": (["-n", "5000"], []),
    "histogram": (["-b", "12", "values.txt", "hist.txt"], ["hist.txt"]),
    "stencil": (["-i", "6", "grid.txt", "out.txt"], ["out.txt"]),
    "matmul": (["-n", "24"], []),
    "mandelbrot": (["-w", "48", "-h", "32", "out.pgm"], ["out.pgm"]),
    "pathfinder": (["weights.txt", "costs.txt"], ["costs.txt"]),
    "tasks": (["-n", "2000", "-d", "8"], []),
    "sections": (["values.txt"], []),
    "ordered": (["-n", "30"], []),
    "lockwait": (["-w", "500"], []),
    "autopar": (["-n", "4096", "-r", "2"], []),
    "pthreads": (["-n", "300", "-t", "8"], []),
}

MODELS = ("scalar", "simt", "cycle")
# (cores, warps, threads): 1x1, 8x4, 8x32, 64x16 and 2 cores of 8x8
OMP_SHAPES = [(1, 1, 1), (1, 8, 4), (1, 8, 32), (1, 64, 16), (2, 8, 8)]
QEMU_HARTS = 4
TIMEOUT = 600


def shape_name(shape):
    c, w, t = shape
    return ("%dx" % c if c > 1 else "") + "%dx%d" % (w, t)


def shape_args(shape):
    c, w, t = shape
    return (["--cores", str(c)] if c > 1 else []) + ["-w", str(w), "-t", str(t)]


class Outcome:
    """What a run of a program left: exit status, stdout, output files."""

    def __init__(self, status, out, err, files):
        self.status, self.out, self.err, self.files = status, out, err, files

    def differences(self, ref):
        """The ways this outcome differs from the host's (empty: none)."""
        diffs = []
        if self.status != ref.status:
            diffs.append("exit status %d, host %d" % (self.status, ref.status))
        if self.out != ref.out:
            a, b = self.out.splitlines(), ref.out.splitlines()
            for i in range(max(len(a), len(b))):
                x = a[i] if i < len(a) else "<none>"
                y = b[i] if i < len(b) else "<none>"
                if x != y:
                    diffs.append("stdout line %d: %r, host %r" % (i + 1, x, y))
                    break
        for name, data in ref.files.items():
            mine = self.files.get(name)
            if mine is None:
                diffs.append("did not write %s" % name)
            elif mine != data:
                diffs.append("%s differs from the host's (%d bytes, host %d)"
                             % (name, len(mine), len(data)))
        return diffs


def run_in_dir(ctx, name, cmd, env=None, timeout=TIMEOUT):
    """Runs cmd in a fresh directory holding copies of the program's input
    files; returns its Outcome (with the output files' bytes)."""
    args, outputs = PROGRAMS[name]
    d = tempfile.mkdtemp(prefix="omp-%s-" % name, dir=ctx.tmp)
    try:
        for a in args:
            if os.path.isfile(os.path.join(DATA, a)):
                shutil.copy(os.path.join(DATA, a), os.path.join(d, a))
        try:
            p = subprocess.run(cmd, cwd=d, env=env, capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return Outcome(124, "", "timed out after %ds" % timeout, {})
        files = {}
        for o in outputs:
            path = os.path.join(d, o)
            if os.path.exists(path):
                with open(path, "rb") as f:
                    files[o] = f.read()
        return Outcome(p.returncode, p.stdout.decode("utf-8", "replace"),
                       p.stderr.decode("utf-8", "replace"), files)
    finally:
        shutil.rmtree(d, ignore_errors=True)


class HostReference:
    """The host gcc -fopenmp build of each program, built and run once per
    session (lazily, by the first test that needs it)."""

    def __init__(self, ctx, Failure):
        self.ctx, self.Failure = ctx, Failure
        self.dir = os.path.join(ctx.tmp, "omp-host")
        self.lock = threading.Lock()
        self.locks = {n: threading.Lock() for n in PROGRAMS}
        self.refs = {}

    def elf(self, name):
        return os.path.join(self.dir, name)

    def build(self, name):
        os.makedirs(self.dir, exist_ok=True)
        cmd = ["gcc"] + programs.omp_flags(name) + \
            [programs.omp_source(name), "-o", self.elf(name)]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            raise self.Failure("host build of %s failed: %s\n%s" % (name, " ".join(cmd), p.stderr))

    def run(self, name, threads):
        env = dict(os.environ, OMP_NUM_THREADS=str(threads))
        return run_in_dir(self.ctx, name, [self.elf(name)] + PROGRAMS[name][0], env)

    def get(self, name):
        """The host build's Outcome at 3 OpenMP threads."""
        with self.locks[name]:
            if name not in self.refs:
                self.build(name)
                ref = self.run(name, 3)
                if ref.status != 0 or not ref.out:
                    raise self.Failure("%s on the host: status %d, stdout %r %s" % (
                        name, ref.status, ref.out[-300:], ref.err.strip()[-300:]))
                self.refs[name] = ref
            return self.refs[name]


def simty_run(ctx, name, elf, opts):
    """simty run OPTS ELF ARGS in the program's directory; also fails on a
    sanitizer report."""
    cmd = [ctx.simty, "run"] + opts + [elf] + PROGRAMS[name][0]
    r = run_in_dir(ctx, name, cmd)
    return cmd, r


def compare(ctx, Failure, host, name, elf, opts, label):
    cmd, r = simty_run(ctx, name, elf, opts)
    if ctx.sanitized and ("Sanitizer" in r.err or "runtime error" in r.err):
        raise Failure("sanitizer report running %s:\n%s" % (" ".join(cmd), r.err))
    diffs = r.differences(host.get(name))
    if diffs:
        raise Failure("%s %s (%s): %s%s" % (name, label, " ".join(cmd[2:]), "; ".join(diffs),
                                            ("\n" + r.err.strip()[-500:]) if r.err.strip() else ""))


def qemu(ctx, Failure, host, name, elf):
    cmd = [programs.QEMU_RUN, "--smp", str(QEMU_HARTS), "--timeout", "300", elf] + \
        PROGRAMS[name][0]
    r = run_in_dir(ctx, name, cmd)
    diffs = r.differences(host.get(name))
    if diffs:
        raise Failure("%s on QEMU: %s %s" % (name, "; ".join(diffs), r.err.strip()[-500:]))


def check_host_teams(host, Failure, name):
    """The host build prints the same with 1 and 3 threads: its output does
    not depend on the team (what makes the comparison with simty's teams of
    1 to 1024 threads meaningful)."""
    ref = host.get(name)
    one = host.run(name, 1)
    diffs = one.differences(ref)
    if diffs:
        raise Failure("%s on the host, 1 thread against 3: %s" % (name, "; ".join(diffs)))


def check_autopar_calls_gomp(Failure):
    """-ftree-parallelize-loops did parallelise: the ELF calls GOMP_parallel."""
    elf = programs.omp_elf("autopar")
    p = subprocess.run([programs.NM, elf], capture_output=True, text=True)
    if p.returncode != 0 or not re.search(r"\bGOMP_parallel\b", p.stdout):
        raise Failure("autopar.elf does not call GOMP_parallel: no loop was parallelised")


def check_table_complete(Failure):
    """Every program of workloads/omp is in PROGRAMS (and nothing else)."""
    if sorted(PROGRAMS) != programs.omp_names():
        raise Failure("tests/omp_programs_checks.py PROGRAMS %s, workloads/omp has %s"
                      % (sorted(PROGRAMS), programs.omp_names()))


def runs(full, sanitized=False):
    """(program, label, simty options) of the runs of make check (full:
    of omp-long; sanitized: one small run a program, rotating the models
    over one and two cores)."""
    out = []
    if sanitized and not full:
        for i, name in enumerate(PROGRAMS):
            model, shape = MODELS[i % 3], OMP_SHAPES[4 if i % 2 else 1]
            out.append((name, "%s %s" % (model, shape_name(shape)),
                        ["-m", model] + shape_args(shape)))
        return out
    for i, name in enumerate(PROGRAMS):
        for j, model in enumerate(MODELS):
            shapes = OMP_SHAPES if full else [OMP_SHAPES[(i + j) % len(OMP_SHAPES)]]
            for shape in shapes:
                out.append((name, "%s %s" % (model, shape_name(shape)),
                            ["-m", model] + shape_args(shape)))
                if full and model != "scalar":
                    out.append((name, "%s %s --progress off" % (model, shape_name(shape)),
                                ["-m", model, "--progress", "off"] + shape_args(shape)))
        if not full:
            # the forward-progress scheduler off: no program here waits in
            # its own code, and the runtime's waits must not need it
            model = MODELS[1 + i % 2]
            shape = OMP_SHAPES[1 + i % 2]
            out.append((name, "%s %s --progress off" % (model, shape_name(shape)),
                        ["-m", model, "--progress", "off"] + shape_args(shape)))
    if full:
        for name in PROGRAMS:
            out.append((name, "cycle 2x8x8 --host-threads 2",
                        ["-m", "cycle", "--host-threads", "2", "--host-threads-min", "1"] +
                        shape_args((2, 8, 8))))
    return out


def tests(ctx, run, simty, Failure, full=False):
    host = HostReference(ctx, Failure)
    out = []
    for name, label, opts in runs(full, ctx.sanitized):
        def t(name=name, opts=opts, label=label):
            compare(ctx, Failure, host, name, programs.omp_elf(name), opts, label)
        out.append(("omp-programs %s %s" % (name, label), t))
    if full or ctx.sanitized:
        return out
    for name in PROGRAMS:
        def h(name=name):
            check_host_teams(host, Failure, name)
        out.append(("omp-programs %s host at 1 and 3 threads" % name, h))

        def q(name=name):
            qemu(ctx, Failure, host, name, programs.omp_elf(name))
        out.append(("omp-programs %s qemu -smp %d" % (name, QEMU_HARTS), q))
    out.append(("omp-programs autopar calls GOMP_parallel", lambda: check_autopar_calls_gomp(Failure)))
    out.append(("omp-programs every program of workloads/omp is tested",
                lambda: check_table_complete(Failure)))
    return out
