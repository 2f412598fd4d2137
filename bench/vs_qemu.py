#!/usr/bin/env python3
"""Simulation speed side by side with QEMU (make bench; issue 17).

The same SPMD programs (workloads vecadd, saxpy, matmul, mandelbrot, built
larger than in the suite) run on qemu-system-riscv32 -M virt -smp 1 (TCG,
started directly, no wrapper) and on simty's SIMT and cycle models at 8x32.
Each side is rated in thread-instructions per host CPU-second: user +
system CPU time of the simulating process (getrusage of the child), minus
its start-up (for QEMU the same measurement on a program that returns at
once; for simty a run of the same program to its first cycle), best of
--repeats runs.  QEMU's thread-instructions are those simty counts for the
same ELF on one thread (QEMU runs one hart; the program is deterministic),
simty's its thread_instructions statistic.  This compares instruction
throughput, not time to solution: QEMU runs the whole problem on one hart,
simty on 256 threads, which execute a few more instructions in all (each
runs its own loop control).

The sizes are chosen so that QEMU's start-up is under 10% of its time; the
table prints the share so that it can be checked.  A measurement, not a
test: best of --repeats runs, never fails on a slow machine."""

import argparse
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

# name -> compiler flags: sizes where QEMU's start-up is under 10% of its
# time (REPS: the kernel runs that many times, workloads/vecadd.c).  WL_NO_CHECK: no sequential check on thread 0 after the kernel
# (workloads/workload.h), so that the run is SPMD code throughout: the
# comparison is about converged code, not about one thread running alone
# (the workloads' own runs in make check verify their results).
# WL_ALIGN=4096: no array on a code page (QEMU would retranslate the code
# after every store to it; workloads/workload.h).
PROGRAMS = [
    ("vecadd", ["-DN=(1<<20)", "-DREPS=40"]),
    ("saxpy", ["-DN=(1<<20)", "-DREPS=25"]),
    ("matmul", ["-DN=512"]),
    ("mandelbrot", ["-DW=1536", "-DH=1152", "-DMAX_ITER=255"]),
]
RAM = "256M"
SHAPE = (8, 32)


def build(name, flags):
    out = os.path.join(programs.GUEST, "bench", "vsq-%s.elf" % name)
    if name == "empty":
        src = os.path.join(programs.GUEST, "bench", "empty.c")
        if not os.path.exists(src):
            os.makedirs(os.path.dirname(src), exist_ok=True)
            with open(src, "w") as f:
                f.write("int main(void) { return 0; }\n")
    else:
        src = os.path.join(ROOT, "workloads", name + ".c")
    stamp = out + ".flags"
    old = open(stamp).read() if os.path.exists(stamp) else None
    deps = [src, os.path.join(ROOT, "workloads", "workload.h")] + programs.sdk_files()
    if old != " ".join(flags) or programs.stale(out, deps):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        subprocess.run([programs.SIMTY_CC, "-O2"] + flags + [src, "-o", out], check=True)
        with open(stamp, "w") as f:
            f.write(" ".join(flags))
    return out


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


def child_cpu(cmd, what, ok=(0,)):
    """(CPU seconds, stdout) of one run of cmd: user + system time of the
    child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           timeout=1200)
    except subprocess.TimeoutExpired:
        sys.exit("vs_qemu: %s did not finish in 20 minutes" % what)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode not in ok:
        sys.exit("vs_qemu: %s failed (status %d): %s" % (what, p.returncode,
                                                         p.stderr.strip()[-300:]))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), p.stdout


def qemu_cpu(qemu, elf):
    """CPU seconds of one QEMU run of elf (one hart) to its exit."""
    return child_cpu([qemu, "-M", "virt", "-bios", "none", "-smp", "1",
                      "-m", str(qemu_run.parse_size(RAM) // 1024) + "K",
                      "-display", "none", "-serial", "stdio", "-monitor", "none",
                      "-kernel", elf], "QEMU run of " + elf)[0]


def simty_run(simty, elf, args, ok=(0,)):
    """(CPU seconds, statistics) of one simty run."""
    with tempfile.TemporaryDirectory() as tmp:
        js = os.path.join(tmp, "s.json")
        cpu, _ = child_cpu([simty, "run", "--ram-size", RAM, "--stats-json", js] + args + [elf],
                           "simty %s %s" % (" ".join(args), elf), ok)
        with open(js) as f:
            return cpu, json.load(f)


def rate(instructions, cpu, start, what):
    """Instructions per CPU second once start-up is taken off."""
    if cpu - start < 0.05 or cpu - start < start:
        sys.exit("vs_qemu: %s: %.3f s of CPU time for a start-up of %.3f s: too short to "
                 "measure (make the program larger)" % (what, cpu, start))
    return instructions / (cpu - start)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--simty", default=os.path.join(ROOT, "build", "simty"))
    ap.add_argument("--qemu", default=os.environ.get("SIMTY_QEMU", "qemu-system-riscv32"))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = ap.parse_args()
    qemu = shutil.which(args.qemu)
    if not qemu:
        sys.exit("vs_qemu: %s not found (Debian: apt-get install qemu-system-misc)" % args.qemu)
    w, t = SHAPE
    rows = []
    with tempfile.TemporaryDirectory(prefix="vs_qemu.") as tmp:
        empty = qemu_elf(build("empty", []), tmp)  # QEMU's start-up
        start = min(qemu_cpu(qemu, empty) for _ in range(args.repeats))
        for name, flags in PROGRAMS:
            elf = build(name, flags + ["-DWL_NO_CHECK", "-DWL_ALIGN=4096"])
            one = simty_run(args.simty, elf, ["-m", "scalar", "-w", "1", "-t", "1"])[1]
            qelf = qemu_elf(elf, tmp)
            q = min(qemu_cpu(qemu, qelf) for _ in range(args.repeats))
            q_rate = rate(one["thread_instructions"], q, start, "QEMU " + name)
            row = {"program": name, "qemu_instr": one["thread_instructions"], "qemu_s": q,
                   "startup": start / q, "qemu_rate": q_rate}
            for model in ("simt", "cycle"):
                shape = ["-m", model, "-w", str(w), "-t", str(t)]
                # start-up: loading and the first cycle (status 124: the cycle limit)
                s_start = min(simty_run(args.simty, elf, shape + ["--max-cycles", "1"],
                                        ok=(124,))[0] for _ in range(args.repeats))
                cpu, st = min((simty_run(args.simty, elf, shape) for _ in range(args.repeats)),
                              key=lambda r: r[0])
                row[model] = rate(st["thread_instructions"], cpu, s_start, model + " " + name)
                row[model + "_s"] = cpu
            rows.append(row)
            if not args.markdown:
                print("%-11s QEMU %6.3f s (start-up %4.1f%%) %7.0f M/s | simt %6.3f s "
                      "%6.0f M/s (%5.1fx) | cycle %6.3f s %6.0f M/s (%5.1fx)" % (
                          name, q, 100 * row["startup"], q_rate / 1e6, row["simt_s"],
                          row["simt"] / 1e6, q_rate / row["simt"], row["cycle_s"],
                          row["cycle"] / 1e6, q_rate / row["cycle"]), flush=True)
    gm = {m: 1.0 for m in ("simt", "cycle")}
    for r in rows:
        for m in gm:
            gm[m] *= r["qemu_rate"] / r[m]
    for m in gm:
        gm[m] **= 1.0 / len(rows)
    if args.markdown:
        print("| program | QEMU thread-instr. | QEMU CPU s | start-up | QEMU M/s | "
              "simt %dx%d M/s | QEMU/simt | cycle %dx%d M/s | QEMU/cycle |" % (w, t, w, t))
        print("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
        for r in rows:
            print("| %s | %d | %.3f | %.1f%% | %.0f | %.0f | %.1fx | %.0f | %.1fx |" % (
                r["program"], r["qemu_instr"], r["qemu_s"], 100 * r["startup"],
                r["qemu_rate"] / 1e6, r["simt"] / 1e6, r["qemu_rate"] / r["simt"],
                r["cycle"] / 1e6, r["qemu_rate"] / r["cycle"]))
        print("| geometric mean | | | | | | %.1fx | | %.1fx |" % (gm["simt"], gm["cycle"]))
    else:
        print("geometric mean, QEMU -smp 1 over simty at %dx%d: simt %.1fx, cycle %.1fx" % (
            w, t, gm["simt"], gm["cycle"]))


if __name__ == "__main__":
    main()
