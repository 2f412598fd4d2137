#!/usr/bin/env python3
"""Simulation speed: thread-instructions per host second (make bench).

Runs the benchmark kernels (bench/*.c) on the SIMT model at 8 warps x 32
threads (and the scalar model for comparison) and prints the figures.  This
is a measurement, not a test: machines are shared and noisy, so it prints
the best of several runs and never fails on a slow machine."""

import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import programs  # noqa: E402

KERNELS = ["uniform", "divergent"]


def build(name):
    src = os.path.join(ROOT, "bench", name + ".c")
    out = os.path.join(programs.GUEST, "bench", name + ".elf")
    if programs.stale(out, [src] + programs.sdk_files()):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        subprocess.run([programs.SIMTY_CC, "-O2", src, "-o", out], check=True)
    return out


def measure(simty, elf, args, repeats):
    best = None
    with tempfile.TemporaryDirectory() as tmp:
        js = os.path.join(tmp, "s.json")
        for _ in range(repeats):
            subprocess.run([simty, "run", "--stats-json", js] + args + [elf],
                           check=True, stdout=subprocess.DEVNULL)
            with open(js) as f:
                st = json.load(f)
            rate = st["thread_instructions"] / max(st["sim_seconds"], 1e-9)
            if best is None or rate > best[0]:
                best = (rate, st)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--simty", default=os.path.join(ROOT, "build", "simty"))
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    print("%-10s %-7s %6s %14s %12s %9s %10s" % ("kernel", "model", "shape", "thread-instr",
                                                 "Minstr/s", "SIMD eff", "sim time"))
    for name in KERNELS:
        elf = build(name)
        for model, shape in (("simt", (8, 32)), ("scalar", (8, 32)), ("simt", (8, 4))):
            rate, st = measure(args.simty, elf, ["-m", model, "-w", str(shape[0]),
                                                 "-t", str(shape[1])], args.repeats)
            print("%-10s %-7s %6s %14d %12.1f %8.1f%% %9.3fs" % (
                name, model, "%dx%d" % shape, st["thread_instructions"], rate / 1e6,
                100 * st["simd_efficiency"], st["sim_seconds"]))


if __name__ == "__main__":
    main()
