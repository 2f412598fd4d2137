#!/usr/bin/env python3
"""Regenerates (or checks) the blocks of the documentation that show what
simty prints: in README.md the tutorial's run and its figures and the
serial-code and stack figures of "Writing programs for a SIMT machine"; in
docs/pipeline.md the trace examples.

usage: tools/docblocks.py [--check | --update] [--simty build/simty]

A generated block sits between `<!-- generated: NAME -->` and
`<!-- generated: end -->`.  --check (what `make check` runs) rebuilds the
programs, runs the commands and fails with a diff when a block differs from
what they print now (the host-time line of --stats is compared without its
numbers); --update rewrites the blocks in place.
"""

import argparse
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = ("README.md", "docs/pipeline.md")
SIMTY_CC = os.path.join(ROOT, "sdk", "simty-cc")
BLOCK = re.compile(r"(<!-- generated: (\S+) -->\n)(.*?)(<!-- generated: end -->)", re.S)
HOST_TIME = re.compile(r"^(  simulation time +).*$", re.M)


def sh(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def build(cwd, src, out, flags=("-O2",)):
    status, _, err = sh([SIMTY_CC] + list(flags) + [os.path.join(ROOT, src), "-o", out], cwd)
    if status:
        sys.exit("docblocks.py: building %s failed:\n%s" % (src, err))
    return out


def stats(simty, cwd, elf, args):
    js = os.path.join(cwd, "s.json")
    status, out, err = sh([simty, "run", "--stats-json", js] + args + [elf], cwd)
    if status:
        sys.exit("docblocks.py: %s %s failed (%d): %s" % (elf, " ".join(args), status, err))
    with open(js) as f:
        return json.load(f)


def tutorial(simty, cwd):
    """Steps 2 and 3 of the tutorial, exactly as written there."""
    build(cwd, "examples/saxpy.c", "saxpy.elf")
    status, out, err = sh([simty, "run", "--stats", "saxpy.elf"], cwd)
    if status:
        sys.exit("docblocks.py: the tutorial's run failed (%d): %s" % (status, err))
    return out, err, stats(simty, cwd, "saxpy.elf", [])


def cached_tutorial(simty, cwd, cache):
    if "tutorial" not in cache:
        cache["tutorial"] = tutorial(simty, cwd)
    return cache["tutorial"]


def block_tutorial_run(simty, cwd, cache):
    out, err, _ = cached_tutorial(simty, cwd, cache)
    return "```\n$ build/simty run --stats saxpy.elf\n%s%s```\n" % (out, err)


def block_tutorial_figures(simty, cwd, cache):
    _, _, st = cached_tutorial(simty, cwd, cache)
    hist, T = st["lane_histogram"], st["threads"]
    slots = sum(hist)
    full, single = 100.0 * hist[T - 1] / slots, 100.0 * hist[0] / slots
    return ("The lane-occupancy histogram says %.0f%% of the slots ran all %d lanes.  The\n"
            "single-lane slots (%.0f%%) are mostly thread 0 printing the verdict alone\n"
            "at the end (`if (tid == 0 && !bad)`): one thread's code costs a whole slot\n"
            "per instruction.  %.2f lanes per memory request: most loads and stores\n"
            "were coalesced.  The region of interest took %d of the run's %d cycles\n"
            "(%.0f%%): the rest is start-up, the self-check and the verdict.\n"
            % (full, T, single, st["lanes_per_request"], st["roi"]["cycles"], st["cycles"],
               100.0 * st["roi"]["cycles"] / st["cycles"]))


ALIGNED = " __attribute__((aligned(256)))"
WIDE = ["-w", "1", "-t", "32"]


def block_tutorial_align(simty, cwd, cache):
    """Step 4: examples/saxpy.c at one warp of 32 threads, as written and
    without its aligned(256) attributes.  Fails unless the unaligned build
    replays many times more (what the tutorial says it shows)."""
    with open(os.path.join(ROOT, "examples", "saxpy.c")) as f:
        src = f.read()
    if src.count(ALIGNED) != 2:
        sys.exit("docblocks.py: examples/saxpy.c should have aligned(256) on its two arrays")
    plain = os.path.join(cwd, "saxpy_unaligned.c")
    with open(plain, "w") as f:
        f.write(src.replace(ALIGNED, ""))
    aligned = stats(simty, cwd, build(cwd, "examples/saxpy.c", "saxpy.elf"), WIDE)
    unaligned = stats(simty, cwd, build(cwd, plain, "saxpy_unaligned.elf"), WIDE)
    block = stats(simty, cwd, "saxpy_unaligned.elf", WIDE + ["--coalescer", "block"])
    if unaligned["roi"]["replays_memory"] < 10 * max(1, aligned["roi"]["replays_memory"]):
        sys.exit("docblocks.py: without aligned(256), saxpy at -w 1 -t 32 replays %d times in "
                 "its region, aligned %d: not the tutorial's explosion"
                 % (unaligned["roi"]["replays_memory"], aligned["roi"]["replays_memory"]))
    rows = ["| `saxpy.c` at `-w 1 -t 32` | cycles (whole run) | region of interest: cycles "
            "| its memory replay passes |", "|---|--:|--:|--:|"]
    for name, st in (("as written: `aligned(256)`", aligned),
                     ("without `aligned(256)`", unaligned),
                     ("without, `--coalescer block`", block)):
        roi = st["roi"]
        rows.append("| %s | %d | %d | %d |" % (name, st["cycles"], roi["cycles"],
                                                roi["replays_memory"]))
    return "\n".join(rows) + "\n"


def block_serial(simty, cwd, cache):
    """bench/serial.c: thread 0 alone, at W = 1..64."""
    elf = build(cwd, "bench/serial.c", "serial.elf")
    own = stats(simty, cwd, elf, ["-w", "1", "-t", "1"])["roi"]["thread_instructions"]
    rows = ["| warps (W) | " + " | ".join(str(w) for w in (1, 2, 4, 8, 16, 32, 64)) + " |",
            "|---|" + "---|" * 7]
    cpi = []
    for w in (1, 2, 4, 8, 16, 32, 64):
        roi = stats(simty, cwd, elf, ["-w", str(w), "-t", "4"])["roi"]
        cpi.append("%.1f" % (roi["cycles"] / own))
    rows.append("| cycles per instruction of thread 0 alone | " + " | ".join(cpi) + " |")
    return "\n".join(rows) + "\n"


def block_stacks(simty, cwd, cache):
    """examples/fib.c at the default shape, without and with --stack-interleave."""
    elf = build(cwd, "examples/fib.c", "fib.elf")
    plain = stats(simty, cwd, elf, [])
    inter = stats(simty, cwd, elf, ["--stack-interleave"])
    return ("| `examples/fib.c` -O2, 8 x 4 | cycles | memory replay passes | memory requests |\n"
            "|---|---|---|---|\n"
            "| one stack area after the other (default) | %d | %d | %d |\n"
            "| `--stack-interleave` | %d | %d | %d |\n"
            % (plain["cycles"], plain["replays_memory"], plain["memory_requests"],
               inter["cycles"], inter["replays_memory"], inter["memory_requests"]))


def block_commits_example(simty, cwd, cache):
    """docs/pipeline.md: examples/fib.c -O2 on 1 warp of 4 threads, around
    the first register restore that replays once per lane."""
    elf = build(cwd, "examples/fib.c", "fib.elf")
    trace = os.path.join(cwd, "n.commits")
    status, _, err = sh([simty, "run", "-w", "1", "-t", "4", "--trace-commits", trace, elf], cwd)
    with open(trace) as f:
        lines = f.read().splitlines()
    restore = re.compile(r"^\d+ w0 ([0-9a-f]{8}) .* (c\.lwsp|lw) \w+,\d+\(sp\) ; mask=(\d) ")
    pairs = zip(map(restore.match, lines), map(restore.match, lines[1:] + [""]))
    at = next((i for i, (a, b) in enumerate(pairs) if a and b and a.group(3) == "1" and
               b.group(3) == "2" and a.group(1) == b.group(1)), None)
    if status or at is None or at < 2:
        sys.exit("docblocks.py: fib's commit trace has no replayed restore (%d): %s"
                 % (status, err))
    return "```\n%s\n```\n" % "\n".join(lines[at - 2:at + 5])


def block_kanata_example(simty, cwd, cache):
    """docs/pipeline.md: tests/timing/branch.S on one warp, as text."""
    elf = os.path.join(cwd, "branch.elf")
    status, _, err = sh(["riscv64-unknown-elf-gcc", "-march=rv32ima", "-mabi=ilp32",
                         "-misa-spec=2.2", "-nostdlib", "-nostartfiles", "-static",
                         "-Wl,--no-warn-rwx-segments",
                         "-I" + os.path.join(ROOT, "tests", "isa"),
                         "-I" + os.path.join(ROOT, "sdk", "include"),
                         "-T", os.path.join(ROOT, "tests", "isa", "link.ld"),
                         os.path.join(ROOT, "tests", "timing", "branch.S"), "-o", elf], cwd)
    log = os.path.join(cwd, "b.log")
    if not status:
        status, _, err = sh([simty, "run", "-w", "1", "-t", "1", "--trace-kanata", log, elf], cwd)
    if not status:
        status, out, err = sh([sys.executable, os.path.join(ROOT, "tools", "kanata_text.py"),
                               log, "--cycles", "28", "--records", "17"], cwd)
    if status:
        sys.exit("docblocks.py: the branch.S trace failed (%d): %s" % (status, err))
    return "```\n%s```\n" % out


BLOCKS = {
    "tutorial-run": block_tutorial_run,
    "tutorial-figures": block_tutorial_figures,
    "tutorial-align": block_tutorial_align,
    "serial": block_serial,
    "stacks": block_stacks,
    "commits-example": block_commits_example,
    "kanata-example": block_kanata_example,
}


def normalize(text):
    return HOST_TIME.sub(r"\1(host time)", text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="fail if a document is stale")
    mode.add_argument("--update", action="store_true", help="rewrite the generated blocks")
    ap.add_argument("--simty", default=os.path.join(ROOT, "build", "simty"))
    args = ap.parse_args()
    simty = os.path.abspath(args.simty)
    texts = {}
    for doc in DOCS:
        with open(os.path.join(ROOT, doc)) as f:
            texts[doc] = f.read()
    names = [m.group(2) for t in texts.values() for m in BLOCK.finditer(t)]
    missing = sorted(set(BLOCKS) - set(names))
    twice = sorted(set(n for n in names if names.count(n) > 1))
    unknown = sorted(set(names) - set(BLOCKS))
    if missing or unknown or twice:
        sys.exit("docblocks.py: blocks missing: %s, unknown: %s, repeated: %s"
                 % (missing, unknown, twice))
    cache = {}
    with tempfile.TemporaryDirectory(prefix="docblocks.") as cwd:
        new = {name: BLOCKS[name](simty, cwd, cache) for name in names}
    stale = 0
    for doc, text in texts.items():
        # a block that differs only in host time keeps its text (no churn)
        updated = BLOCK.sub(lambda m: m.group(0) if normalize(m.group(3)) == normalize(
            new[m.group(2)]) else m.group(1) + new[m.group(2)] + m.group(4), text)
        if args.update:
            with open(os.path.join(ROOT, doc), "w") as f:
                f.write(updated)
            continue
        a, b = normalize(text), normalize(updated)
        if a != b:
            stale += 1
            sys.stdout.writelines(difflib.unified_diff(
                a.splitlines(True), b.splitlines(True), doc, "what simty prints now"))
    if stale:
        return 1
    if args.check:
        print("docblocks.py: %s match (%d blocks)" % (", ".join(DOCS), len(names)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
