#!/usr/bin/env python3
"""Host instructions per simulated cycle and per warp-instruction (make bench;
issue 17).

Counts the host instructions simty executes (valgrind --tool=callgrind, so
the figure does not depend on the host's load or clock) for the benchmark
kernels bench/uniform.c (converged) and bench/divergent.c at 8x4, 8x32 and
64x32 on the simt and cycle models.  Start-up is subtracted: each point is
the difference between a run to cycle B and a run to cycle A
(--max-cycles), divided by the cycles and by the warp-instructions
simulated in between (issued slots: the cycle model's include the ones it
squashes, as its warp_instructions statistic does).  The counts do not
depend on the host's load, but they do on its instruction set: the lane
loops run as AVX2 code where the host has AVX2 (src/isa/exec.c), also under
valgrind.  A measurement, not a test."""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import speed  # noqa: E402
import programs  # noqa: E402  (speed put tests/ on the path)

KERNELS = ["uniform", "divergent"]
SHAPES = [(8, 4), (8, 32), (64, 32)]
MODELS = ["simt", "cycle"]
# cycles A and B: past start-up (at 64x32 the SDK start-up code of 2048
# threads takes ~0.4 M cycles) and before the kernels end
SPAN = {(8, 4): (50000, 150000), (8, 32): (50000, 150000), (64, 32): (1100000, 1200000)}


def host_instructions(simty, elf, args, cycles, tmp):
    """(host instructions, stats) of one run to `cycles` under callgrind."""
    out = os.path.join(tmp, "cg.out")
    js = os.path.join(tmp, "s.json")
    if os.path.exists(js):
        os.remove(js)
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
                        simty, "run", "--stats-json", js, "--max-cycles", str(cycles)] +
                       args + [elf], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True)
    m = re.search(r"Collected : (\d+)", p.stderr)
    try:
        with open(js) as f:
            st = json.load(f)
    except (OSError, ValueError):
        st = None
    if not m or not st or st["cycles"] != cycles:
        sys.exit("host_cost: %s %s did not run to cycle %d under callgrind (status %d): %s" % (
            " ".join(args), elf, cycles, p.returncode, p.stderr.strip()[-300:]))
    return int(m.group(1)), st


def measure(simty, elf, model, shape, tmp):
    a, b = SPAN[shape]
    base = ["-m", model, "-w", str(shape[0]), "-t", str(shape[1])]
    ia, sa = host_instructions(simty, elf, base, a, tmp)
    ib, sb = host_instructions(simty, elf, base, b, tmp)
    cycles = sb["cycles"] - sa["cycles"]
    winsn = sb["warp_instructions"] - sa["warp_instructions"]
    if cycles <= 0 or winsn <= 0:
        sys.exit("host_cost: %s %s: nothing simulated between cycles %d and %d" % (
            model, elf, a, b))
    return {"per_cycle": (ib - ia) / cycles, "per_winsn": (ib - ia) / winsn,
            "per_tinsn": (ib - ia) / max(sb["thread_instructions"] - sa["thread_instructions"], 1),
            "eff": sb["simd_efficiency"]}


# --workloads: whole runs of real programs on the cycle model at 8x4 (the
# ideal memory), start-up, serial phases and check included: what a user's
# run costs per simulated cycle (issue 35's "memory-heavy 8x4 program")
WORKLOADS = ["vecadd", "saxpy", "stencil2d", "transpose", "bfs", "histogram"]


def workloads(simty, markdown, tmp):
    rows = []
    for name in WORKLOADS:
        elf = programs.workload_elf(name)
        out = os.path.join(tmp, "cg.out")
        js = os.path.join(tmp, "s.json")
        p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, simty,
                            "run", "--stats-json", js, "-m", "cycle", "-w", "8", "-t", "4", elf],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        m = re.search(r"Collected : (\d+)", p.stderr)
        if p.returncode or not m:
            sys.exit("host_cost: %s did not run under callgrind (status %d): %s" % (
                name, p.returncode, p.stderr.strip()[-300:]))
        with open(js) as f:
            st = json.load(f)
        n = int(m.group(1))
        rows.append((name, st["cycles"], st["warp_instructions"], n))
        if not markdown:
            print("%-10s cycle 8x4  %9d cycles  IPC %.2f  %7.0f host instr./cycle  %7.0f /warp-instr."
                  % (name, st["cycles"], st["warp_instructions"] / st["cycles"], n / st["cycles"],
                     n / st["warp_instructions"]), flush=True)
    if markdown:
        print("| workload (cycle, 8x4, whole run) | cycles | IPC | host instr. / cycle | "
              "host instr. / warp-instr. |")
        print("|---|--:|--:|--:|--:|")
        for name, cycles, winsn, n in rows:
            print("| %s | %d | %.2f | %.0f | %.0f |" % (name, cycles, winsn / cycles, n / cycles,
                                                       n / winsn))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--simty", default=os.path.join(ROOT, "build", "simty"))
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    ap.add_argument("--workloads", action="store_true",
                    help="whole runs of workloads on the cycle model at 8x4 instead")
    args = ap.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("host_cost: valgrind not found (Debian: apt-get install valgrind)")
    if args.workloads:
        with tempfile.TemporaryDirectory(prefix="host_cost.") as tmp:
            workloads(args.simty, args.markdown, tmp)
        return
    rows = []
    with tempfile.TemporaryDirectory(prefix="host_cost.") as tmp:
        for name in KERNELS:
            elf = speed.build(name)
            for shape in SHAPES:
                for model in MODELS:
                    r = measure(args.simty, elf, model, shape, tmp)
                    r.update(kernel=name, shape="%dx%d" % shape, model=model)
                    rows.append(r)
                    if not args.markdown:
                        print("%-10s %-6s %6s  %7.0f host instr./cycle  %7.0f /warp-instr."
                              "  %6.1f /thread-instr." % (
                                  name, model, r["shape"], r["per_cycle"], r["per_winsn"],
                                  r["per_tinsn"]), flush=True)
    if args.markdown:
        print("| kernel | shape | model | host instr. / cycle | host instr. / warp-instr. | "
              "host instr. / thread-instr. |")
        print("|---|--:|--:|--:|--:|--:|")
        for r in rows:
            print("| %s | %s | %s | %.0f | %.0f | %.1f |" % (
                r["kernel"], r["shape"], r["model"], r["per_cycle"], r["per_winsn"],
                r["per_tinsn"]))


if __name__ == "__main__":
    main()
