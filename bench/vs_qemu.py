#!/usr/bin/env python3
"""Simulation speed side by side with QEMU (make bench; issues 17 and 32).

The same SPMD programs (workloads vecadd, saxpy, matmul, mandelbrot built
larger than in the suite, and bench/divergent.c with a fixed number of work
items) run on qemu-system-riscv32 -M virt -smp 1 (TCG, started directly, no
wrapper) and on simty: the scalar model on one thread (1x1: the very
instruction stream QEMU runs), and the SIMT and cycle models at 8x32.

Each run is rated in thread-instructions per host CPU-second, every tool and
configuration the same way: user + system CPU time of the simulating
process (getrusage of the child) and the thread-instructions it executes,
each minus the same measures of a program that returns at once, run the
same way (so start-up, loading and the SDK's crt0 are left out on every
side); best of --repeats runs (the scalar model's, long runs on one thread:
of --scalar-repeats, 1 by default).  QEMU's thread-instructions are those of
simty's scalar model for the same ELF on one thread (QEMU runs one hart with
the loader words patched for one thread; the program is deterministic),
simty's its thread_instructions statistic.  This compares instruction
throughput, not time to solution: QEMU and the scalar model run the whole
problem on one thread, the 8x32 runs on 256 threads, which execute a few
more instructions in all (each runs its own loop control).

Array placement: the workloads' arrays are powers of two in size; laid out
back to back they would lie a power of two apart, and QEMU's direct-mapped
software TLB would then miss on every access (issue 32: QEMU ran vecadd
6-13x slower so).  The programs are built with WL_PAD (workloads/workload.h), and the
script checks every built layout (check_layout) before measuring anything;
--check-layout checks layouts only, without QEMU.

A measurement, not a test: it never fails on a slow machine (it stops on a
bad layout or a failed run)."""

import argparse
import itertools
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import programs  # noqa: E402
import qemu_run  # noqa: E402

NM = "riscv64-unknown-elf-nm"
PAGE = 4096
# Padding after each workload array: three pages, so that arrays whose sizes
# are powers of two lie an odd number of pages further apart.
PAD = 3 * PAGE
# Flags of every workload build: WL_NO_CHECK, no sequential check on
# thread 0 after the kernel (workloads/workload.h), so that the run is SPMD
# code throughout (the workloads' own runs in make check verify their
# results); WL_ALIGN=4096, no array on a code page (QEMU would retranslate
# the code after every store to it); WL_PAD, see check_layout.
WL_FLAGS = ["-DWL_NO_CHECK", "-DWL_ALIGN=%d" % PAGE, "-DWL_PAD=%d" % PAD]
# (name, source, flags, kind): sizes where QEMU's CPU time beyond its
# start-up is about 0.3 s or more, over twice its start-up (REPS: the kernel
# runs that many times, workloads/vecadd.c; ITEMS: bench/divergent.c's work
# items).
PROGRAMS = [
    ("vecadd", "workloads/vecadd.c", ["-DN=(1<<20)", "-DREPS=120"] + WL_FLAGS,
     "convergent, memory"),
    ("saxpy", "workloads/saxpy.c", ["-DN=(1<<20)", "-DREPS=100"] + WL_FLAGS,
     "convergent, memory"),
    ("matmul", "workloads/matmul.c", ["-DN=512"] + WL_FLAGS, "convergent, registers"),
    ("mandelbrot", "workloads/mandelbrot.c",
     ["-DW=1536", "-DH=1152", "-DMAX_ITER=255"] + WL_FLAGS, "divergent loop counts"),
    ("divergent", "bench/divergent.c", ["-DITEMS=32768"], "divergent branches and calls"),
]
RAM = "256M"
SHAPE = (8, 32)
# simty configurations: (column label, run options); the first one runs on
# one thread and gives QEMU's thread-instruction count
CONFIGS = [
    ("scalar 1x1", ["-m", "scalar", "-w", "1", "-t", "1"]),
    ("simt %dx%d" % SHAPE, ["-m", "simt", "-w", str(SHAPE[0]), "-t", str(SHAPE[1])]),
    ("cycle %dx%d" % SHAPE, ["-m", "cycle", "-w", str(SHAPE[0]), "-t", str(SHAPE[1])]),
]


def die(msg):
    sys.exit("vs_qemu: " + msg)


def build(name, src, flags):
    out = os.path.join(programs.GUEST, "bench", "vsq-%s.elf" % name)
    if name == "empty":
        src = os.path.join(programs.GUEST, "bench", "empty.c")
        if not os.path.exists(src):
            os.makedirs(os.path.dirname(src), exist_ok=True)
            with open(src, "w") as f:
                f.write("int main(void) { return 0; }\n")
    else:
        src = os.path.join(ROOT, src)
    stamp = out + ".flags"
    old = open(stamp).read() if os.path.exists(stamp) else None
    deps = [src, os.path.join(ROOT, "workloads", "workload.h")] + programs.sdk_files()
    if old != " ".join(flags) or programs.stale(out, deps):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        subprocess.run([programs.SIMTY_CC, "-O2"] + flags + [src, "-o", out], check=True)
        with open(stamp, "w") as f:
            f.write(" ".join(flags))
    return out


# ---- the layout check ----

def data_objects(elf):
    """(name, address, size) of the ELF's data objects (nm types b, B, d, D)
    of at least a page, in RAM (not thread-local offsets), by address."""
    try:
        p = subprocess.run([NM, "-S", elf], capture_output=True, text=True)
    except FileNotFoundError:
        die("%s not found (Debian: apt-get install binutils-riscv64-unknown-elf)" % NM)
    if p.returncode != 0:
        die("%s -S %s failed: %s" % (NM, elf, p.stderr.strip()))
    objs = []
    for line in p.stdout.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "bBdD":
            addr, size = int(f[0], 16), int(f[1], 16)
            if size >= PAGE and addr >= qemu_run.RAM_BASE:
                objs.append((f[3], addr, size))
    return sorted(objs, key=lambda o: o[1])


def layout_problems(elf):
    """What is wrong with the distances between elf's arrays (an empty list:
    nothing).

    The criterion: QEMU's software TLB is direct-mapped, its index the guest
    page number modulo its size, a power of two of 64 entries or more that
    QEMU resizes at run time (QEMU 7: 2^6 to 2^20 entries for RV32).  Two
    arrays whose distance is a multiple of 2^k pages share one entry at
    every size up to 2^k, so a loop that reads a[i] and b[i] (and writes
    c[i]) evicts its own entries on every access.  a[i] and b[i] are on pages
    floor(d/4K) or ceil(d/4K) apart for a distance d, so d must be at least a
    page away from every multiple of 64 KiB (16 pages: a margin below QEMU's
    smallest TLB of 64 entries, and the period of the host's L2 cache sets);
    and no two arrays may be a power of two apart at all (also below 64 KiB,
    where it does no harm to QEMU, but it is the pattern this guards
    against)."""
    problems = []
    for (na, aa, _), (nb, ab, _) in itertools.combinations(data_objects(elf), 2):
        d = ab - aa
        rest = d % (64 << 10)
        if d & (d - 1) == 0:
            why = "a power of two"
        elif rest < PAGE or rest > (64 << 10) - PAGE:
            why = "within a page of a multiple of 64 KiB"
        else:
            continue
        problems.append("arrays %s and %s are 0x%x bytes apart (%s): they would share "
                        "QEMU's TLB entries" % (na, nb, d, why))
    return problems


def check_layout(elf):
    """Stops the script when elf's layout would measure QEMU's TLB collisions."""
    bad = layout_problems(elf)
    if bad:
        die("%s: %s%s; build it with other sizes or WL_PAD (workloads/workload.h)"
            % (elf, bad[0], " (and %d more pairs)" % (len(bad) - 1) if len(bad) > 1 else ""))


# ---- measurements ----

def qemu_elf(elf, tmp):
    """A copy of elf with the loader-filled words patched for one hart (as
    tests/qemu_run.py does)."""
    with open(elf, "rb") as f:
        data = bytearray(f.read())
    offs = qemu_run.elf32_symbols_to_offsets(data, {"__simty_nthreads", "__simty_ram_end"})
    values = {"__simty_nthreads": 1,
              "__simty_ram_end": qemu_run.RAM_BASE + qemu_run.parse_size(RAM)}
    for name, off in offs.items():
        data[off:off + 4] = values[name].to_bytes(4, "little")
    copy = os.path.join(tmp, os.path.basename(elf))
    with open(copy, "wb") as f:
        f.write(data)
    return copy


def child_cpu(cmd, what):
    """(CPU seconds, stdout) of one run of cmd: user + system time of the
    child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           timeout=1800)
    except subprocess.TimeoutExpired:
        die("%s did not finish in 30 minutes" % what)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        die("%s failed (status %d): %s" % (what, p.returncode, p.stderr.strip()[-300:]))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), p.stdout


def qemu_cmd(qemu, elf):
    return [qemu, "-M", "virt", "-bios", "none", "-smp", "1",
            "-m", str(qemu_run.parse_size(RAM) // 1024) + "K",
            "-display", "none", "-serial", "stdio", "-monitor", "none", "-kernel", elf] + \
        qemu_run.semihosting_args([elf])


def simty_cmd(simty, elf, opts, js):
    return [simty, "run", "--ram-size", RAM, "--stats-json", js] + opts + [elf]


def best_qemu(qemu, elf, repeats):
    """Least CPU seconds of `repeats` QEMU runs of elf (one hart)."""
    return min(child_cpu(qemu_cmd(qemu, elf), "QEMU run of " + elf)[0]
               for _ in range(repeats))


def best_simty(simty, elf, opts, repeats):
    """(least CPU seconds, thread-instructions) of `repeats` simty runs."""
    best, instr = None, None
    with tempfile.TemporaryDirectory() as tmp:
        js = os.path.join(tmp, "s.json")
        for _ in range(repeats):
            cpu, _ = child_cpu(simty_cmd(simty, elf, opts, js),
                               "simty %s %s" % (" ".join(opts), elf))
            with open(js) as f:
                n = json.load(f)["thread_instructions"]
            if instr is not None and n != instr:
                die("simty %s %s: %d then %d thread-instructions" % (" ".join(opts), elf,
                                                                       instr, n))
            best, instr = cpu if best is None else min(best, cpu), n
    return best, instr


def repeats(args, label):
    """How many runs of the simty configuration `label` to take the best of."""
    return args.scalar_repeats if label == CONFIGS[0][0] else args.repeats


def rate(instr, cpu, start, what):
    """Thread-instructions per CPU second beyond those of the empty program
    (start: its (CPU seconds, thread-instructions) in the same configuration)."""
    time, work = cpu - start[0], instr - start[1]
    if time < 0.1 or time < start[0]:
        die("%s: %.3f s of CPU time for a start-up of %.3f s: too short to measure "
            "(make the program larger)" % (what, cpu, start[0]))
    return work / time


def measure(args, qemu, tmp, empty, name, elf):
    """One row: the program on QEMU and on every simty configuration."""
    row = {"program": name}
    for label, opts in CONFIGS:
        cpu, instr = best_simty(args.simty, elf, opts, repeats(args, label))
        row[label] = rate(instr, cpu, empty[label], "simty %s %s" % (label, name))
        row[label + " s"] = cpu
        if label == CONFIGS[0][0]:  # one thread: what QEMU executes too
            row["instr"] = instr
    q = best_qemu(qemu, qemu_elf(elf, tmp), args.repeats)
    row["qemu"] = rate(row["instr"], q, (empty["qemu"], empty["instr"]), "QEMU " + name)
    row["qemu s"] = q
    row["startup"] = empty["qemu"] / q
    return row


def print_markdown(rows, gm):
    labels = [c[0] for c in CONFIGS]
    print("| program | QEMU CPU s | QEMU start-up | QEMU M/s | " +
          " | ".join("%s M/s | QEMU/%s" % (lb, lb.split()[0]) for lb in labels) + " |")
    print("|---|--:|--:|--:|" + "--:|--:|" * len(labels))
    for r in rows:
        print("| %s (%s) | %.3f | %.1f%% | %.0f | " % (
            r["program"], r["kind"], r["qemu s"], 100 * r["startup"], r["qemu"] / 1e6) +
            " | ".join("%.0f | %.1fx" % (r[lb] / 1e6, r["qemu"] / r[lb]) for lb in labels) +
            " |")
    cells = ["geometric mean", "", "", ""]
    for lb in labels:
        cells += ["", "%.1fx" % gm[lb]]
    print("| " + " | ".join(cells) + " |")


def print_commands(args, qemu):
    """The exact commands and flags, so that every figure can be reproduced."""
    print("\nCommands (%s; best of %d runs, %s of %d):" % (
        subprocess.run([qemu, "--version"], capture_output=True,
                       text=True).stdout.splitlines()[0], args.repeats, CONFIGS[0][0],
        args.scalar_repeats))
    print("- builds: `sdk/simty-cc -O2 FLAGS SOURCE` with")
    for name, src, flags, _ in PROGRAMS:
        print("  - %s: `%s` `%s`" % (name, src, " ".join(flags)))
    print("  - and the empty program `int main(void) { return 0; }` with no flag;")
    print("- QEMU (the ELF with __simty_nthreads = 1 and __simty_ram_end patched): `%s`"
          % " ".join(["qemu-system-riscv32"] + qemu_cmd(qemu, "ELF")[1:]))
    for label, opts in CONFIGS:
        print("- simty %s: `%s`" % (label, " ".join(["simty"] + simty_cmd(
            "", "ELF", opts, "FILE")[1:])))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--simty", default=os.path.join(ROOT, "build", "simty"))
    ap.add_argument("--qemu", default=os.environ.get("SIMTY_QEMU", "qemu-system-riscv32"))
    ap.add_argument("--repeats", type=int, default=3, help="best of this many runs")
    ap.add_argument("--scalar-repeats", type=int, default=1,
                    help="the same for the scalar model's (long) runs")
    ap.add_argument("--programs", default=",".join(p[0] for p in PROGRAMS),
                    help="comma-separated subset of the programs")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    ap.add_argument("--check-layout", nargs="*", metavar="ELF",
                    help="only check the array layout of these ELF files (none: of the "
                         "programs' builds) and exit 0 if it is good, 1 if not")
    args = ap.parse_args()
    if args.repeats < 1 or args.scalar_repeats < 1:
        die("--repeats and --scalar-repeats take a count of 1 or more")
    wanted = args.programs.split(",")
    unknown = set(wanted) - {p[0] for p in PROGRAMS}
    if unknown:
        die("unknown program %s (known: %s)" % (", ".join(sorted(unknown)),
                                                ", ".join(p[0] for p in PROGRAMS)))
    chosen = [p for p in PROGRAMS if p[0] in wanted]
    if args.check_layout is not None:
        elfs = args.check_layout or [build(n, s, f) for n, s, f, _ in chosen]
        for elf in elfs:
            check_layout(elf)
            n = len(data_objects(elf))
            print("%s: layout good (%d array%s)" % (elf, n, "" if n == 1 else "s"))
        return
    elfs = [(n, build(n, s, f), k) for n, s, f, k in chosen]
    for _, elf, _ in elfs:
        check_layout(elf)
    qemu = shutil.which(args.qemu)
    if not qemu:
        die("%s not found (Debian: apt-get install qemu-system-misc)" % args.qemu)
    rows = []
    with tempfile.TemporaryDirectory(prefix="vs_qemu.") as tmp:
        # the program that returns at once, measured the same way everywhere
        eelf = build("empty", None, [])
        empty = {lb: best_simty(args.simty, eelf, opts, repeats(args, lb))
                 for lb, opts in CONFIGS}
        empty["instr"] = empty[CONFIGS[0][0]][1]
        empty["qemu"] = best_qemu(qemu, qemu_elf(eelf, tmp), args.repeats)
        for name, elf, kind in elfs:
            row = measure(args, qemu, tmp, empty, name, elf)
            row["kind"] = kind
            rows.append(row)
            # one line per program as it is measured (on stderr under --markdown)
            print("%-10s %d instr. | QEMU %6.3f s (start-up %4.1f%%) %6.0f M/s" % (
                name, row["instr"], row["qemu s"], 100 * row["startup"], row["qemu"] / 1e6) +
                "".join(" | %s %6.0f M/s (%5.1fx)" % (lb, row[lb] / 1e6, row["qemu"] / row[lb])
                        for lb, _ in CONFIGS),
                file=sys.stderr if args.markdown else sys.stdout, flush=True)
    gm = {}
    for lb, _ in CONFIGS:
        prod = 1.0
        for r in rows:
            prod *= r["qemu"] / r[lb]
        gm[lb] = prod ** (1.0 / len(rows))
    if args.markdown:
        print_markdown(rows, gm)
    else:
        print("geometric mean, QEMU -smp 1 over simty: " +
              ", ".join("%s %.1fx" % (lb, gm[lb]) for lb, _ in CONFIGS))
    print_commands(args, qemu)


if __name__ == "__main__":
    main()
