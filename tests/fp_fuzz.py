#!/usr/bin/env python3
"""Differential floating-point fuzzer: simty against QEMU (the golden
reference), bit for bit.

usage: tests/fp_fuzz.py --simty PATH [--seed S] [--seeds N] [--blocks B]
                        [--block-len L] [--models M,...] [--keep DIR] [-j N]

For each seed S .. S+N-1, tests/fpgen.py writes a random straight-line F/D
program (every F and D instruction, random registers, random static rounding
modes and rm = dyn with frm rewritten before every block, operands from a
biased pool: signed zeros, infinities, quiet and signaling NaNs of both
precisions with payloads, subnormals, min/max normal, values around 2^31 and
2^32, rounding ties, singles that are not NaN-boxed, random bits). After
each block the guest prints fcsr, the 32 f registers, the integer operand
registers s0-s11 and its store area on the UART. The program runs on QEMU
(qemu-system-riscv32 -M virt, one hart) and on simty (each model of --models
at 1x1, and the SIMT model at 2x4 with the other harts parked); every line
must be identical. On a difference, the block is re-run with a dump after
each instruction, and the first instruction whose state differs is named,
with both register states (the differing fields only).

It prints the number of FP instructions compared (per seed and in all) and
exits 1 if anything differed.

Long run (the one issue 15 asks for):

    tests/fp_fuzz.py --simty build/opt/simty --seed 1 --seeds 2000 -j 2

make check runs a few seeds of the same (run_tests.py group fpfuzz).
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import fpgen  # noqa: E402
import programs  # noqa: E402

MODELS = ("scalar", "simt", "cycle")


class Mismatch(Exception):
    pass


# odd seeds assemble with C too: the assembler compresses what it can
# (c.fld, c.fsd, c.fldsp... and the integer glue), so the compressed FP
# loads and stores and 2-byte PCs are fuzzed as well
ARCH_FPC = ["-march=rv32imafdc", "-mabi=ilp32d"]


def build(prog, path, step_block=None):
    src = path[:-4] + ".S"
    with open(src, "w") as f:
        f.write(prog.assembly(step_block))
    ld = os.path.join(programs.ROOT, "tests", "isa", "link.ld")
    arch = ARCH_FPC if prog.seed % 2 else programs.ARCH_FP
    p = subprocess.run([programs.GCC] + arch + programs.ASM_FLAGS +
                       ["-T", ld, "-o", path, src], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("building %s failed:\n%s" % (src, p.stderr[-3000:]))
    return path


def run_qemu(elf):
    p = subprocess.run([sys.executable, programs.QEMU_RUN, "--smp", "1", "--timeout", "60",
                        elf], capture_output=True, timeout=120)
    return p.returncode, p.stdout.decode("latin-1"), p.stderr.decode("latin-1")


def run_simty(simty, elf, args):
    p = subprocess.run([simty, "run"] + args + [elf], capture_output=True, timeout=300)
    return p.returncode, p.stdout.decode("latin-1"), p.stderr.decode("latin-1")


def simty_configs(models):
    cfgs = [["-m", m, "-w", "1", "-t", "1"] for m in models]
    if "simt" in models:
        cfgs.append(["-m", "simt", "-w", "2", "-t", "4"])
    return cfgs


FIELDS = ["fcsr"] + ["f%d" % i for i in range(32)] + ["s%d" % i for i in range(12)] + \
    ["mem%d" % i for i in range(fpgen.MEM_N)]


def field_diff(a, b):
    """The differing fields of two dump lines, as text."""
    fa, fb = a.split(), b.split()
    out = []
    for name, va, vb in zip(["id"] + FIELDS, fa, fb):
        if va != vb:
            out.append("%s: simty %s, qemu %s" % (name, va, vb))
    if len(fa) != len(fb):
        out.append("%d fields, qemu %d" % (len(fa), len(fb)))
    return "; ".join(out)


def state_before(lines, idx):
    """The QEMU dump line just before the differing one (operand values)."""
    return lines[idx - 1] if idx > 0 else "(initial state)"


def compare(q, s):
    """Index of the first differing line, or None."""
    ql, sl = q.splitlines(), s.splitlines()
    for i in range(max(len(ql), len(sl))):
        if i >= len(ql) or i >= len(sl) or ql[i] != sl[i]:
            return i
    return None


def locate(prog, tmp, simty, cfg, block):
    """Re-runs block `block` with a dump after every instruction; names the
    first instruction whose state differs."""
    elf = build(prog, os.path.join(tmp, "step-%d.elf" % prog.seed), step_block=block)
    _, q, _ = run_qemu(elf)
    _, s, serr = run_simty(simty, elf, cfg)
    ql, sl = q.splitlines(), s.splitlines()
    head, body = prog.blocks[block]
    i = compare(q, s)
    if i is None:
        return "not reproduced with per-instruction dumps (block %d)" % block
    if i >= len(sl) or i >= len(ql):
        return "output ends early at instruction %d of block %d: %s" % (i, block, serr.strip()[-300:])
    n = int(sl[i].split()[0][1:], 16) % 1000
    prev = ql[i - 1] if i > 0 else None
    ctx = ("block %d starts with: %s" % (block, "; ".join(head)))
    return ("first differing instruction: block %d insn %d: `%s`\n  %s\n  %s\n"
            "  state before it (QEMU): %s" % (
                block, n, body[n], field_diff(sl[i], ql[i]), ctx,
                prev if prev else "the state after the previous block"))


def fuzz_seed(seed, simty, models, tmp, blocks, block_len):
    """Runs one seed; returns the FP instruction count compared. Raises
    Mismatch naming the first differing instruction."""
    prog = fpgen.Program(seed, blocks, block_len)
    elf = build(prog, os.path.join(tmp, "fpfuzz-%d.elf" % seed))
    qstatus, q, qerr = run_qemu(elf)
    if qstatus != 0 or len(q.splitlines()) != len(prog.blocks):
        raise Mismatch("seed %d: QEMU status %d, %d lines (%d blocks): %s" % (
            seed, qstatus, len(q.splitlines()), len(prog.blocks), qerr.strip()))
    for cfg in simty_configs(models):
        status, s, err = run_simty(simty, elf, cfg)
        i = compare(q, s)
        if i is None and status == 0:
            continue
        where = locate(prog, tmp, simty, cfg, i) if i is not None and i < len(prog.blocks) \
            else "no differing block"
        raise Mismatch("seed %d, simty %s: status %d (QEMU %d), first differing block %s\n  %s\n"
                       "  reproduce: python3 -c 'import sys; sys.path.insert(0,\"tests\"); "
                       "import fpgen; print(fpgen.Program(%d, %d, %d).assembly(%s))' > r.S%s" % (
                           seed, " ".join(cfg), status, qstatus, i, where, seed, blocks,
                           block_len, i, ("\n  simty: " + err.strip()[-300:]) if err.strip() else ""))
    return prog.fp_count()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--simty", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seeds", type=int, default=10, help="number of seeds (default 10)")
    ap.add_argument("--blocks", type=int, default=40)
    ap.add_argument("--block-len", type=int, default=20)
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--keep", help="directory for the programs (default: a temporary one)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--max-failures", type=int, default=5)
    args = ap.parse_args()
    models = [m for m in args.models.split(",") if m]
    tmp = args.keep or tempfile.mkdtemp(prefix="fpfuzz-")
    os.makedirs(tmp, exist_ok=True)
    total, failures = 0, []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(fuzz_seed, s, args.simty, models, tmp, args.blocks,
                            args.block_len): s
                for s in range(args.seed, args.seed + args.seeds)}
        for fut in concurrent.futures.as_completed(futs):
            try:
                total += fut.result()
            except Mismatch as e:
                failures.append(str(e))
                print("FAIL " + str(e), flush=True)
                if len(failures) >= args.max_failures:
                    for f in futs:
                        f.cancel()
    print("fp_fuzz: %d seeds, %d FP instructions compared (each on QEMU and %d simty runs), "
          "%d seeds differ" % (args.seeds, total, len(simty_configs(models)), len(failures)))
    if not args.keep:
        import shutil
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
