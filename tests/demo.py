#!/usr/bin/env python3
"""make demo: build the SDK examples and run them on the simulated Simty core.

Shows the output of `hello` in full, then one line per example with its
verdict and what the cycle model measured."""

import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import programs  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--simty", default=os.path.join(ROOT, "build", "simty"))
    args = ap.parse_args()
    programs.build_all(opts=("-O2",))
    shape = ["-w", "8", "-t", "4"]
    hello = programs.example_elf("hello")
    cmd = [args.simty, "run"] + shape + ["--stats", hello]
    print("$ " + " ".join(os.path.relpath(c, ROOT) if c.startswith(ROOT) else c for c in cmd))
    sys.stdout.flush()
    subprocess.run(cmd, check=True)
    print()
    print("%-14s %-6s %10s %11s %9s %6s  %s" % ("example", "status", "cycles", "thread-ins",
                                                "SIMD eff", "IPC", "verdict (last line)"))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        js = os.path.join(tmp, "s.json")
        for name in programs.example_names():
            p = subprocess.run([args.simty, "run", "--stats-json", js] + shape +
                               [programs.example_elf(name)], capture_output=True, text=True)
            with open(js) as f:
                st = json.load(f)
            lines = p.stdout.strip().splitlines()
            failed += p.returncode != 0
            print("%-14s %-6d %10d %11d %8.1f%% %6.3f  %s" % (
                name, p.returncode, st["cycles"], st["thread_instructions"],
                100 * st["simd_efficiency"], st["ipc"], lines[-1][:60] if lines else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
