"""Section 12 of docs/RESULTS.md: the ISA variants.  Hardware F and D
against soft-float on the floating-point workloads, and what the C
extension does to instruction fetch on the whole suite.  Used by
tools/results.py (make results; --isa-only regenerates this section
alone)."""

import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

SOFT, HARD, COMPRESSED = "rv32ima", "rv32imafd", "rv32gc"
SHAPE = "8x32"


def text_bytes(elf):
    """Bytes of the ELF's executable sections (size -A: .text and co.)."""
    size = "riscv64-unknown-elf-size"
    out = subprocess.run([size, "-A", elf], capture_output=True, text=True).stdout
    total = 0
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 3 and f[0].startswith((".text", ".init", ".fini")):
            total += int(f[1])
    return total


def run(args, names, fp_names, build_suite, log):
    """Builds the workloads at each ISA and runs them at SHAPE: returns
    {(name, march): (status, figures of the ROI, text bytes)}."""
    elfs = {}
    for march, which in ((SOFT, fp_names), (HARD, names), (COMPRESSED, names)):
        d = os.path.join(args.build, "isa-" + march)
        for n, e in zip(which, build_suite(which, "-march=" + march, d, args.jobs, True)):
            elfs[(n, march)] = e
    w, t = SHAPE.split("x")

    def one(key):
        n, march = key
        js = os.path.join(args.build, "isa-%s-%s.json" % (n, march))
        p = subprocess.run([args.simty, "run", "-w", w, "-t", t, "--stats-json", js, elfs[key]],
                           capture_output=True, text=True)
        try:
            with open(js) as f:
                st = json.load(f)
        except (OSError, ValueError):
            return key, (p.returncode or -1, {}, 0)
        return key, (p.returncode, st["roi"] or st, text_bytes(elfs[key]))

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        out = dict(pool.map(one, sorted(elfs)))
    log("%d runs: ISA variants at %s" % (len(out), SHAPE))
    return out


def section(res, names, fp_names, md_table, gmean, number, note=""):
    """The report lines and the failed runs."""
    failed = [{"workload": n, "warps": 8, "threads": 32, "result": "%s: status %d" % (m, r[0])}
              for (n, m), r in sorted(res.items()) if r[0] != 0]
    R = ["## %d. ISA variants: hardware floating point and compressed code\n" % number]
    R.append(note + "Each workload built with `sdk/simty-cc -march=M` (default flags), run at "
             "%s on the cycle model; figures of the region of interest.\n" % SHAPE)
    R.append("### Hardware F and D against soft-float\n")
    R.append("The floating-point workloads built for `%s` (every `float` and `double` "
             "operation a libgcc soft-float call) and for `%s` (F and D instructions, "
             "`--fp-latency` defaults: docs/pipeline.md).\n" % (SOFT, HARD))
    rows, speedups, instr = [], [], []
    for n in fp_names:
        s, h = res.get((n, SOFT)), res.get((n, HARD))
        if not s or not h or s[0] or h[0]:
            continue
        ss, hs = s[1], h[1]
        speedups.append(ss["cycles"] / hs["cycles"])
        instr.append(ss["thread_instructions"] / hs["thread_instructions"])
        rows.append([n, "%d" % ss["cycles"], "%d" % hs["cycles"],
                     "%.1fx" % (ss["cycles"] / hs["cycles"]),
                     "%d" % ss["thread_instructions"], "%d" % hs["thread_instructions"],
                     "%.1f%%" % (100 * ss["simd_efficiency"]),
                     "%.1f%%" % (100 * hs["simd_efficiency"])])
    R.append(md_table(["workload", "soft cycles", "F/D cycles", "speed-up", "soft thread-instr.",
                       "F/D thread-instr.", "soft eff.", "F/D eff."], rows))
    if speedups:
        up = [r[0] for r in rows if float(r[7][:-1]) > float(r[6][:-1])]
        R.append("\nHardware floating point runs the kernels %.0fx faster (geometric mean; "
                 "%.0fx to %.0fx), executing %.0fx fewer thread-instructions.  Soft-float "
                 "code is divergent code too: libgcc's routines branch on the operands' "
                 "exponents, signs and special values, so the lanes of a warp split inside "
                 "the calls; with F and D the SIMD efficiency is higher on %d of %d kernels "
                 "(%s).\n" % (gmean(speedups), min(speedups), max(speedups),
                               gmean(instr), len(up), len(rows), ", ".join(up)))
    R.append("### The C extension and instruction fetch\n")
    R.append("Every workload built for `%s` and for `%s` (the same plus C): code size "
             "(executable sections, libraries included) and the cycle model's fetches "
             "(`fetches`, `fetch_bytes`: wrong-path fetches included).  A fetch delivers "
             "one instruction whatever its size (docs/pipeline.md), so C changes the bytes "
             "the instruction memory delivers, not the number of fetches.\n" % (HARD, COMPRESSED))
    rows, code, fetched, cyc = [], [], [], []
    for n in names:
        a, b = res.get((n, HARD)), res.get((n, COMPRESSED))
        if not a or not b or a[0] or b[0]:
            continue
        sa, sb = a[1], b[1]
        code.append(b[2] / a[2])
        fetched.append(sb["fetch_bytes"] / max(1, sa["fetch_bytes"]))
        cyc.append(sb["cycles"] / sa["cycles"])
        rows.append([n, "%d" % a[2], "%d" % b[2], "%d" % sa["fetch_bytes"],
                     "%d" % sb["fetch_bytes"],
                     "%.2f" % (sb["fetch_bytes"] / max(1, sb["fetches"])),
                     "%.3f" % (sb["cycles"] / sa["cycles"])])
    R.append(md_table(["workload", "code bytes", "code bytes (C)", "fetched bytes",
                       "fetched bytes (C)", "bytes per fetch (C)", "cycles C / no C"], rows))
    if code:
        same = sum(1 for c in cyc if abs(c - 1) < 0.001)
        R.append("\nWith C the code is %.0f%% smaller and the kernels fetch %.0f%% fewer bytes "
                 "(geometric means; from %.0f%% to %.0f%% fewer).  The cycles are the same "
                 "within 0.1%% on %d of %d workloads (the largest change: %.3fx): the same "
                 "instructions issue, one per fetch, only their encoding differs.  With the "
                 "ideal memory C saves instruction-memory bandwidth, not time; with a memory "
                 "hierarchy it also shrinks the instruction-cache footprint.\n" %
                 (100 * (1 - gmean(code)), 100 * (1 - gmean(fetched)),
                  100 * (1 - max(fetched)), 100 * (1 - min(fetched)), same, len(cyc),
                  max(cyc, key=lambda c: abs(c - 1))))
    return R, failed
