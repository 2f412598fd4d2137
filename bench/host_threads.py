#!/usr/bin/env python3
"""Host-parallel simulation (make bench-threads; docs/RESULTS.md section 11).

Runs workloads on a multi-core machine with --host-threads N for N = 1 up
to the host's cores and prints, per workload and configuration, the
simulation time (the run loop's wall time, `sim_seconds`, best of R runs),
the speed-up over one thread and the parallel efficiency (speed-up / N).
Every run of a row must give the same statistics and output for every N:
the script says so, or stops with the difference.  A measurement, not a
test: shared hosts are noisy, so it takes the best of several runs and
never fails on a slow machine."""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import programs  # noqa: E402

WORKLOADS = ["saxpy", "mandelbrot", "matmul", "stencil2d", "histogram", "work_queue"]
# (label, simty options): the machine and how its cores exchange effects
CONFIGS = [
    ("4x8x8, ideal, Q 256", ["-c", "4", "-w", "8", "-t", "8", "--quantum", "256"]),
    ("4x8x8, ideal, Q 64", ["-c", "4", "-w", "8", "-t", "8", "--quantum", "64"]),
    ("16x4x8, ideal, Q 64", ["-c", "16", "-w", "4", "-t", "8", "--quantum", "64"]),
    ("4x8x8, ideal, Q 1", ["-c", "4", "-w", "8", "-t", "8"]),
    ("4x8x8, hbm2, Q 8", ["-c", "4", "-w", "8", "-t", "8", "--memory", "hbm2",
                          "--quantum", "8"]),
    ("4x8x8, hbm2 noc.latency 32, Q 32", ["-c", "4", "-w", "8", "-t", "8", "--memory", "hbm2",
                                          "--mem-set", "noc.latency=32", "--quantum", "32"]),
]
# the configurations measured on every workload; the others on the first two
FULL_CONFIGS = 3
HOST_KEYS = ("sim_seconds",)


def one_run(simty, elf, args, tmp):
    js = os.path.join(tmp, "s.json")
    r = subprocess.run([simty, "run", "--stats-json", js] + args + [elf],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("host_threads: %s %s %s: exit status %d: %s"
                 % (simty, " ".join(args), elf, r.returncode, r.stderr.strip()[:300]))
    with open(js) as f:
        st = json.load(f)
    return st["sim_seconds"], (r.stdout, {k: v for k, v in st.items() if k not in HOST_KEYS})


def measure(simty, elf, args, threads, repeats):
    """({N: best sim_seconds}, (stdout, stats)); stops if any N gives other
    results than the first."""
    best, ref = {}, None
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(repeats):
            for n in threads:  # interleaved, so that a noisy moment hits every N
                t, res = one_run(simty, elf, args + ["--host-threads", str(n)], tmp)
                if ref is None:
                    ref = res
                elif res != ref:
                    sys.exit("host_threads: %s %s: --host-threads %d gives other results "
                             "than --host-threads %d" % (elf, " ".join(args), n, threads[0]))
                best[n] = min(best.get(n, t), t)
    return best, ref


def table(simty, elfs, configs, threads, repeats, log=None):
    """(Markdown table, summary lines): a row per workload (elfs: name ->
    ELF path, in order) and configuration."""
    workloads = list(elfs)
    head = ["workload", "machine", "cycles"] + ["%d thr. s" % n for n in threads] + \
        ["speed-up %d" % n for n in threads[1:]] + ["efficiency %d" % n for n in threads[1:]]
    rows, ups = [], {}
    for i, (label, args) in enumerate(configs):
        for w in (workloads if i < FULL_CONFIGS else workloads[:2]):
            elf = elfs[w]
            best, ref = measure(simty, elf, args, threads, repeats)
            cycles = ref[1]["cycles"]
            sp = [best[threads[0]] / best[n] for n in threads[1:]]
            for n, s in zip(threads[1:], sp):
                ups.setdefault((label, n), []).append(s)
            rows.append([w, label, str(cycles)] + ["%.3f" % best[n] for n in threads] +
                        ["%.2fx" % s for s in sp] +
                        ["%.0f%%" % (100 * s / n) for n, s in zip(threads[1:], sp)])
            if log:
                log("%s %s: %s" % (w, label, " ".join(r for r in rows[-1][3:])))
    lines = ["| " + " | ".join(head) + " |",
             "|" + "|".join(["---"] * 2 + ["--:"] * (len(head) - 2)) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    summary = []
    for (label, n), s in ups.items():
        g = math.exp(sum(math.log(x) for x in s) / len(s))
        summary.append("%s, %d host threads: geometric-mean speed-up %.2fx (efficiency %.0f%%), "
                       "range %.2f-%.2fx" % (label, n, g, 100 * g / n, min(s), max(s)))
    return "\n".join(lines), summary


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--simty", default=os.path.join(ROOT, "build", "simty"))
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1,
                    help="measure 1..THREADS host threads (default: the host's cores)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--workloads", default=",".join(WORKLOADS))
    args = ap.parse_args()
    elfs = {w: programs.build_workload(w) for w in args.workloads.split(",")}
    threads = list(range(1, max(2, args.threads) + 1))
    text, summary = table(args.simty, elfs, CONFIGS, threads, args.repeats,
                          log=lambda m: print(m, file=sys.stderr, flush=True))
    print(text)
    print()
    for s in summary:
        print("- " + s)


if __name__ == "__main__":
    main()
