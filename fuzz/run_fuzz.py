#!/usr/bin/env python3
"""Runs the libFuzzer target (fuzz/simty_fuzz.c) for a given time.

1. Every input in fuzz/regressions/ (what earlier fuzzing found) must run
   clean.
2. The seed corpus is made from the test programs: each ELF (debug
   information stripped) behind option headers for the three models and a
   few shapes and memory layouts.
3. libFuzzer runs for --seconds, keeping what it finds interesting in
   build/fuzz/corpus (so coverage grows from one run to the next); a crash,
   a leak, a sanitizer report or a hang fails the run and leaves the input
   in build/fuzz/ as crash-*, leak-* or timeout-*.

The last line gives executions and coverage (cov: edges, ft: features), the
figures the README's testing section quotes.

usage: fuzz/run_fuzz.py --fuzzer build/fuzz/simty_fuzz --seconds N [--fresh]
"""

import argparse
import glob
import os
import re
import shutil
import struct
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))

import programs  # noqa: E402

HDR = 64
OBJCOPY = "riscv64-unknown-elf-objcopy"


def header(model, warps, threads, flags=0, ram=64 << 10, regions=(), cycles=4000, more=0,
           thresh=0, turn=0, window=(0, 0)):
    h = bytearray(HDR)
    h[0], h[1], h[2], h[3] = model, warps - 1, threads - 1, flags
    h[17], h[18], h[19] = more, thresh, turn  # G_* flags, progress threshold, turn
    h[10], h[11] = window  # trace window: from, length
    struct.pack_into("<H", h, 8, cycles)
    struct.pack_into("<I", h, 12, ram - 4096)  # decoded as 4096 + value
    h[16] = len(regions)
    for i, (base, size) in enumerate(regions):
        struct.pack_into("<IQ", h, 20 + 12 * i, base, size // 4096 - 1)
    return bytes(h)


# (model, warps, threads, flags, RAM, regions): every model, small and wide
# warps, both path tables, traces, a region at the top of memory
HEADERS = [
    header(0, 2, 2),
    header(1, 4, 4, flags=1 | 8),
    header(2, 2, 4, flags=16),
    header(2, 8, 8, flags=2 | 4 | 8, ram=1 << 20),
    header(1, 1, 32, regions=[(0, 64 << 10)]),
    header(2, 1, 1, ram=8 << 10, regions=[(0xfffff000, 4096)]),
    # stack interleave, --progress off, --trace-roi; no stack check, spin
    # detector off, a trace window, short threshold turns
    header(1, 4, 8, flags=8, more=1 | 4 | 16),
    header(2, 2, 4, flags=8 | 16, more=2 | 8 | 32, thresh=16, turn=4, window=(50, 100)),
]
G_DWARF = 64  # the header flag that also parses the image's DWARF line table


def seed_elfs():
    g = programs.GUEST
    elfs = []
    for kind in ("isa", "bad", "stats", "timing"):
        elfs += sorted(glob.glob(os.path.join(g, kind, "*.elf")))
    elfs += [programs.asm_elf("simt", n) for n in ("self_modify", "self_modify_cached",
                                                    "same_word_store")]
    elfs += [programs.example_elf(n, "-O2") for n in ("hello", "vecadd", "nested_if")]
    elfs += [programs.workload_elf(n) for n in ("reduction", "spinlock")]
    return [e for e in elfs if os.path.exists(e)]


def make_seeds(outdir):
    shutil.rmtree(outdir, ignore_errors=True)
    os.makedirs(outdir)
    n = 0
    for i, elf in enumerate(seed_elfs()):
        with open(elf, "rb") as f:
            full = f.read()
        if b".debug_line" in full:  # one seed with its line table, for disasm -S
            with open(os.path.join(outdir, "seed-%03d-dwarf" % i), "wb") as f:
                f.write(header(0, 1, 1, more=G_DWARF, cycles=1) + full)
            n += 1
        stripped = os.path.join(outdir, "tmp.elf")
        subprocess.run([OBJCOPY, "--strip-debug", elf, stripped], check=True)
        with open(stripped, "rb") as f:
            data = f.read()
        os.unlink(stripped)
        for k, h in enumerate(HEADERS):
            if (i + k) % 2 and len(data) > 20000:
                continue  # big programs: every other header is enough
            with open(os.path.join(outdir, "seed-%03d-%d" % (i, k)), "wb") as f:
                f.write(h + data)
            n += 1
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fuzzer", required=True)
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--fresh", action="store_true",
                    help="start from the seeds only (no accumulated corpus)")
    args = ap.parse_args()
    fuzzer = os.path.abspath(args.fuzzer)
    work = os.path.dirname(fuzzer)
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")

    regressions = sorted(glob.glob(os.path.join(ROOT, "fuzz", "regressions", "*")))
    if regressions:
        p = subprocess.run([fuzzer, "-timeout=20"] + regressions, capture_output=True,
                           text=True, env=env)
        if p.returncode != 0:
            sys.exit("fuzz: a regression input fails:\n" + p.stderr[-4000:])
        print("fuzz: %d regression inputs run clean" % len(regressions), flush=True)

    programs.build_all(jobs=2)
    seeds = os.path.join(work, "seeds")
    nseeds = make_seeds(seeds)
    corpus = os.path.join(work, "corpus-fresh" if args.fresh else "corpus")
    if args.fresh:
        shutil.rmtree(corpus, ignore_errors=True)
    os.makedirs(corpus, exist_ok=True)
    cmd = [fuzzer, "-max_total_time=%d" % args.seconds, "-timeout=20", "-rss_limit_mb=4096",
           "-malloc_limit_mb=4096", "-max_len=131072", "-print_final_stats=1",
           "-artifact_prefix=%s/" % work, corpus, seeds]
    print("fuzz: %d seeds, %d inputs in %s; %s" % (
        nseeds, len(os.listdir(corpus)), corpus, " ".join(cmd)), flush=True)
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         env=env)
    last, stats, tail = "", {}, []
    for line in p.stdout:
        tail = (tail + [line])[-60:]
        if re.match(r"#\d+\s", line):
            last = line.strip()
        m = re.match(r"stat::(\w+):\s+(\d+)", line)
        if m:
            stats[m.group(1)] = int(m.group(2))
    p.wait()
    if p.returncode != 0:
        sys.exit("fuzz: the fuzzer found a problem (status %d); the input is in %s:\n%s"
                 % (p.returncode, work, "".join(tail)))
    cov = re.search(r"cov: (\d+) ft: (\d+) corp: (\d+)", last)
    print("fuzz: %d executions in %d s (%d/s), cov %s edges, ft %s features, corpus %s "
          "inputs, %d new this run" % (
              stats.get("number_of_executed_units", 0), args.seconds,
              stats.get("average_exec_per_sec", 0), cov.group(1) if cov else "?",
              cov.group(2) if cov else "?", cov.group(3) if cov else "?",
              stats.get("new_units_added", 0)))


if __name__ == "__main__":
    main()
