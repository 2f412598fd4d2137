"""Guest programs the tests, the demo and the benchmarks run: where they
come from and how they are built (into build/guest, rebuilt when a source or
the SDK changes)."""

import concurrent.futures
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GUEST = os.path.join(ROOT, "build", "guest")
SIMTY_CC = os.path.join(ROOT, "sdk", "simty-cc")
GCC = "riscv64-unknown-elf-gcc"
OBJDUMP = "riscv64-unknown-elf-objdump"
NM = "riscv64-unknown-elf-nm"
QEMU_RUN = os.path.join(ROOT, "tests", "qemu_run.py")
RANDPROG = os.path.join(ROOT, "tools", "randprog.py")
ASM_FLAGS = ["-misa-spec=2.2", "-nostdlib",
             "-nostartfiles", "-static", "-Wl,--no-warn-rwx-segments",
             "-I" + os.path.join(ROOT, "tests", "isa"),
             "-I" + os.path.join(ROOT, "sdk", "include")]
# The architecture of a freestanding test program: F and D (ilp32d) for the
# FP tests (tests/isa/rv32uf-*.S, rv32ud-*.S, tests/*/fp_*.S, the FP fuzzer's
# programs), RV32IMA otherwise (tests/isa/build.sh makes the same choice).
ARCH_INT = ["-march=rv32ima", "-mabi=ilp32"]
ARCH_FP = ["-march=rv32imafd", "-mabi=ilp32d"]


def asm_arch(src):
    """-march and -mabi of a freestanding test program: a first line
    `# march: rv32imac` chooses (ilp32d when it has D), else the name
    (ARCH_FP for the F and D tests, ARCH_INT for the others)."""
    with open(src) as f:
        m = re.match(r"# march: (rv32[a-z]*)(\S*)", f.readline())
    if m:
        hard = "d" in m.group(1)[4:] or "g" in m.group(1)[4:]
        return ["-march=" + m.group(1) + m.group(2), "-mabi=" + ("ilp32d" if hard else "ilp32")]
    name = os.path.basename(src)
    return ARCH_FP if name.startswith(("rv32uf-", "rv32ud-", "fp_")) else ARCH_INT


# The guest contract (CSR numbers, devices, symbols) every test program uses.
GUEST_H = os.path.join(ROOT, "sdk", "include", "simty_guest.h")
# Build variants of every example: gcc at three levels, and clang (the
# second compiler: other code layouts, other divergence patterns).
EXAMPLE_OPTS = ("-O0", "-O2", "-Os", "clang-O2")

# ISA variants of the guest builds. The SDK's default target (simty-cc's
# default_march, rv32gc) is always tested; MARCHES lists the other -march
# values whose builds the test matrix also runs on simty (examples,
# workloads, random programs: tests/run_tests.py, "ISA variants"): rv32ima,
# integer only (soft-float).  run_tests.py --march overrides it for one run
# (e.g. --march rv32ima,rv32imafd). QEMU_MARCHES: variants checked on QEMU
# alone (the sdk group).
MARCHES = ("rv32ima",)
QEMU_MARCHES = ("rv32imafd",)
# The workloads with floating-point kernels: at a variant, make check runs
# these (the others only in the march-long group).
FP_WORKLOADS = ("blackscholes", "mandelbrot_f", "nbody", "sgemm", "stencil_f")


def march_suffix(march):
    return "" if not march else "-" + march


def sdk_files():
    """What a guest build depends on (not the SDK's documentation)."""
    files = glob.glob(os.path.join(ROOT, "sdk", "*")) + \
        glob.glob(os.path.join(ROOT, "sdk", "include", "*"))
    return [f for f in files if not f.endswith(".md")]


def example_names():
    return sorted(os.path.basename(p)[:-2]
                  for p in glob.glob(os.path.join(ROOT, "examples", "*.c")))


def workload_names():
    return sorted(os.path.basename(p)[:-2]
                  for p in glob.glob(os.path.join(ROOT, "workloads", "*.c")))


def workload_elf(name, march=None):
    """A workload built with the SDK's default flags (what users get), or
    for another -march."""
    return os.path.join(GUEST, "workloads", name + march_suffix(march) + ".elf")


def build_workload(name, march=None):
    src = os.path.join(ROOT, "workloads", name + ".c")
    out = workload_elf(name, march)
    if stale(out, [src, os.path.join(ROOT, "workloads", "workload.h")] + sdk_files()):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        _run([SIMTY_CC] + (["-march=" + march] if march else []) +
             ["-Wall", "-Wextra", "-Werror", src, "-o", out], out)
    return out


def progress_names():
    """The forward-progress suite (tests/progress/*.c), never_* included."""
    return sorted(os.path.basename(p)[:-2]
                  for p in glob.glob(os.path.join(ROOT, "tests", "progress", "*.c")))


def progress_elf(name):
    return os.path.join(GUEST, "progress", name + ".elf")


def build_progress(name):
    """A forward-progress program, built with the SDK's default flags."""
    src = os.path.join(ROOT, "tests", "progress", name + ".c")
    out = progress_elf(name)
    if stale(out, [src, os.path.join(ROOT, "tests", "progress", "progress.h")] + sdk_files()):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        _run([SIMTY_CC, "-Wall", "-Wextra", "-Werror", src, "-o", out], out)
    return out


def multicore_names():
    """The multi-core litmus suite (tests/multicore/*.c)."""
    return sorted(os.path.basename(p)[:-2]
                  for p in glob.glob(os.path.join(ROOT, "tests", "multicore", "*.c")))


# Deliberately broken builds of the litmus programs (-DLT_BREAK: a missing
# fence, barrier or atomic; -DLT_BREAK_CORE: a barrier of one core only),
# which must report a FAIL: each program's check can fail.
MULTICORE_BREAKS = ("LT_BREAK", "LT_BREAK_CORE")


def multicore_breaks(name):
    """The broken variants a litmus program has (the macros its source tests)."""
    with open(os.path.join(ROOT, "tests", "multicore", name + ".c")) as f:
        text = f.read()
    return [b for b in MULTICORE_BREAKS if re.search(r"\b%s\b" % b, text)]


def multicore_elf(name, brk=None):
    suffix = "" if brk is None else "-" + brk.lower().replace("_", "-")
    return os.path.join(GUEST, "multicore", name + suffix + ".elf")


def build_multicore(name, brk=None):
    """A litmus program with the SDK's default flags (brk: one of
    MULTICORE_BREAKS, defined)."""
    src = os.path.join(ROOT, "tests", "multicore", name + ".c")
    out = multicore_elf(name, brk)
    if stale(out, [src, os.path.join(ROOT, "tests", "multicore", "litmus.h"),
                     os.path.join(ROOT, "tests", "progress", "progress.h")] + sdk_files()):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        _run([SIMTY_CC, "-Wall", "-Wextra", "-Werror"] + (["-D" + brk] if brk else []) +
             [src, "-o", out], out)
    return out


def omp_names():
    """The OpenMP, auto-parallelised and pthreads programs (workloads/omp)."""
    return sorted(os.path.basename(p)[:-2]
                  for p in glob.glob(os.path.join(ROOT, "workloads", "omp", "*.c")))


def omp_source(name):
    return os.path.join(ROOT, "workloads", "omp", name + ".c")


def omp_flags(name):
    """The flags a workloads/omp program is built with, on the host and for
    simty: -fopenmp -O2 and the warnings, plus its header's `build flags:`."""
    with open(omp_source(name)) as f:
        m = re.search(r"^ \* build flags: (.*)$", f.read(), re.M)
    return ["-fopenmp", "-O2", "-Wall", "-Wextra", "-Werror"] + (m.group(1).split() if m else [])


def omp_elf(name, variant=""):
    return os.path.join(GUEST, "omp", name + variant + ".elf")


def build_omp(name, extra=(), variant=""):
    """A workloads/omp program built with sdk/simty-cc (extra flags, e.g.
    -DSIMTY_ROI, go into a build named NAME+variant)."""
    src = omp_source(name)
    out = omp_elf(name, variant)
    if stale(out, [src, os.path.join(ROOT, "workloads", "omp", "omp_roi.h")] + sdk_files()):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        _run([SIMTY_CC] + omp_flags(name) + list(extra) + [src, "-o", out], out)
    return out


def example_elf(name, opt="-O2", march=None):
    return os.path.join(GUEST, "examples", "%s%s%s.elf" % (name, opt, march_suffix(march)))


def isa_elfs():
    return sorted(glob.glob(os.path.join(GUEST, "isa", "*.elf")))


def isa_c_elfs():
    """The ISA tests built with C added to their -march (tests/isa/build.sh c)."""
    return sorted(glob.glob(os.path.join(GUEST, "isa-c", "*.elf")))


def isa_stock_elfs():
    """The ISA tests in the shape of the riscv-tests standard environment
    (tests/isa/build.sh stock: harts other than 0 wait in `bnez a0, .`)."""
    return sorted(glob.glob(os.path.join(GUEST, "isa-stock", "*.elf")))


def random_elf(seed, march=None):
    return os.path.join(GUEST, "random", "rand-%d%s.elf" % (seed, march_suffix(march)))


def random_elfs(first_seed, n, march=None):
    return [random_elf(s, march) for s in range(first_seed, first_seed + n)]


# Random programs with float and double code (tools/randprog.py --float): one
# for every fourth integer one, seeds first_seed .. first_seed + n/4.
# Built with the SDK's default target (hard float once simty-cc defaults to
# rv32gc / ilp32d; RANDOM_FP_CFLAGS may pin an -march/-mabi).
RANDOM_FP_CFLAGS = os.environ.get("SIMTY_RANDOM_FP_CFLAGS", "").split()


def random_fp_count(n):
    return max(1, n // 4)


def random_fp_elf(seed):
    return os.path.join(GUEST, "random", "rand-fp-%d.elf" % seed)


def random_fp_elfs(first_seed, n):
    return [random_fp_elf(s) for s in range(first_seed, first_seed + random_fp_count(n))]


def asm_elf(kind, name):
    return os.path.join(GUEST, kind, name + ".elf")


# SIMT regression programs (tests/simt): assembly, and C at these levels.
SIMT_C_OPTS = ("-O2", "-O3", "-Os")


def simt_programs():
    """(label, elf, has_signature) of the SIMT regression programs."""
    progs = []
    for src in sorted(glob.glob(os.path.join(ROOT, "tests", "simt", "*"))):
        name, ext = os.path.splitext(os.path.basename(src))
        if ext == ".S":
            progs.append((name, asm_elf("simt", name), True))
        elif ext == ".c":
            progs += [(name + o, asm_elf("simt", name + o), False) for o in SIMT_C_OPTS]
    return progs


def build_simt_c(src, opt):
    name = os.path.basename(src)[:-2]
    out = asm_elf("simt", name + opt)
    with open(src) as f:  # what it includes from the tests (misaligned_stack.c)
        deps = [os.path.normpath(os.path.join(os.path.dirname(src), m))
                for m in re.findall(r'#include "(\.\./[^"]+)"', f.read())]
    if deps:
        deps += [os.path.join(ROOT, "tests", "multicore", "litmus.h"),
                 os.path.join(ROOT, "tests", "progress", "progress.h")]
    if stale(out, [src] + deps + sdk_files()):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        _run([SIMTY_CC, opt, "-Wall", "-Wextra", "-Werror", src, "-o", out], out)
    return out


def stale(out, deps):
    if not os.path.exists(out):
        return True
    t = os.path.getmtime(out)
    return any(os.path.getmtime(d) > t for d in deps if os.path.exists(d))


def _run(cmd, what, env=None):
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        raise RuntimeError("building %s failed:\n%s\n%s%s" % (
            what, " ".join(cmd), p.stdout, p.stderr))


def build_example(name, opt, extra=(), out=None, march=None):
    src = os.path.join(ROOT, "examples", name + ".c")
    out = out or example_elf(name, opt, march)
    if march:
        extra = ["-march=" + march] + list(extra)
    if stale(out, [src] + sdk_files()):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        env = None
        if opt.startswith("clang"):
            env = dict(os.environ, SIMTY_CLANG="clang")
            opt = opt[len("clang"):]
        _run([SIMTY_CC, opt] + list(extra) + ["-Wall", "-Wextra", "-Werror", src, "-o", out],
             out, env)
    return out


# Examples built with debug information (simty disasm --source): DWARF 5
# from gcc and clang, and the older line-table versions 4 and 2.
DEBUG_BUILDS = (("saxpy", "-O2", "-g"), ("switch", "-O0", "-gdwarf-4"),
                ("mandelbrot", "clang-O2", "-g"), ("hello", "-Os", "-gdwarf-2"))


def debug_elf(name, opt, g):
    return os.path.join(GUEST, "debug", "%s%s%s.elf" % (name, opt, g))


def debug_elfs():
    return [debug_elf(*b) for b in DEBUG_BUILDS]


def build_debug(name, opt, g):
    return build_example(name, opt, [g], debug_elf(name, opt, g))


def build_asm(kind, src, ldscript=None):
    """Assembles a freestanding test program (tests/<kind>/<name>.S)."""
    name = os.path.basename(src).rsplit(".", 1)[0]
    out = asm_elf(kind, name)
    ld = ldscript or os.path.join(ROOT, "tests", "isa", "link.ld")
    # (its directory's headers and sources too: a test may include another)
    local = glob.glob(os.path.join(os.path.dirname(src), "*.[hS]"))
    if stale(out, [src, ld, os.path.join(ROOT, "tests", "isa", "test.h"), GUEST_H] + local):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        _run([GCC] + asm_arch(src) + ASM_FLAGS + ["-T", ld, "-o", out, src], out)
    return out


def build_isa():
    srcs = glob.glob(os.path.join(ROOT, "tests", "isa", "*")) + [GUEST_H]
    outdir = os.path.join(GUEST, "isa")
    stamp = os.path.join(outdir, ".stamp")
    if stale(stamp, srcs):
        _run([os.path.join(ROOT, "tests", "isa", "build.sh"), outdir], "ISA tests")
        open(stamp, "w").close()
    for variant, what in (("c", "ISA tests with C"),
                          ("stock", "ISA tests in the riscv-tests environment's shape")):
        outdir = os.path.join(GUEST, "isa-" + variant)
        stamp = os.path.join(outdir, ".stamp")
        if stale(stamp, srcs):
            _run([os.path.join(ROOT, "tests", "isa", "build.sh"), outdir, variant], what)
            open(stamp, "w").close()


def build_random(seed, march=None):
    out = random_elf(seed, march)
    if stale(out, [RANDPROG] + sdk_files()):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        src = out[:-4] + ".c"
        _run([sys.executable, RANDPROG, "--seed", str(seed), "-o", src], src)
        _run([SIMTY_CC, "-O%d" % (seed % 3)] + (["-march=" + march] if march else []) +
             [src, "-o", out], out)
    return out


def build_random_fp(seed):
    out = random_fp_elf(seed)
    if stale(out, [RANDPROG] + sdk_files()):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        src = out[:-4] + ".c"
        _run([sys.executable, RANDPROG, "--float", "--seed", str(seed), "-o", src], src)
        _run([SIMTY_CC, "-O%d" % (seed % 3), "-Wall", "-Wextra", "-Werror"] + RANDOM_FP_CFLAGS +
             [src, "-o", out], out)
    return out


def build_all(jobs=2, random=None, opts=EXAMPLE_OPTS, marches=(), qemu_marches=(), omp=False):
    """Builds every guest program (random = (first_seed, count) or None;
    marches: the ISA variants of the examples, workloads and random
    programs; qemu_marches: those of the examples and FP workloads alone;
    omp: the workloads/omp programs too)."""
    build_isa()
    work = [(build_example, (n, o)) for n in example_names() for o in opts]
    for m in marches:
        work += [(build_example, (n, o, (), None, m)) for n in example_names() for o in opts]
        work += [(build_workload, (n, m)) for n in workload_names()]
        if random:
            work += [(build_random, (s, m)) for s in range(random[0], random[0] + random[1])]
    for m in qemu_marches:
        if m not in marches:
            work += [(build_example, (n, "-O2", (), None, m)) for n in example_names()]
            work += [(build_workload, (n, m)) for n in FP_WORKLOADS]
    work += [(build_debug, b) for b in DEBUG_BUILDS]
    for src in sorted(glob.glob(os.path.join(ROOT, "tests", "simt", "*.c"))):
        work += [(build_simt_c, (src, o)) for o in SIMT_C_OPTS]
    work += [(build_workload, (n,)) for n in workload_names()]
    work += [(build_progress, (n,)) for n in progress_names()]
    if omp:
        work += [(build_omp, (n,)) for n in omp_names()]
    for n in multicore_names():
        work += [(build_multicore, (n, b)) for b in [None] + multicore_breaks(n)]
    for kind in ("bad", "stats", "simt", "timing", "disasm", "trap"):
        for src in sorted(glob.glob(os.path.join(ROOT, "tests", kind, "*.S"))):
            ld = src[:-2] + ".ld"
            work.append((build_asm, (kind, src, ld if os.path.exists(ld) else None)))
    if random:
        first, n = random
        work += [(build_random, (s,)) for s in range(first, first + n)]
        work += [(build_random_fp, (s,)) for s in range(first, first + random_fp_count(n))]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for f in [pool.submit(fn, *a) for fn, a in work]:
            f.result()
