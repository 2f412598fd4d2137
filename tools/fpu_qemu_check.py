#!/usr/bin/env python3
"""Cross-check the FPU semantics module (src/isa/fpu.c) against QEMU.

usage: tools/fpu_qemu_check.py [--build DIR] [--cases N] [--batch N] [--seed S]

Generates N random F/D instructions (every CLS_FP op, every rounding mode
including dyn with a random frm) on operands drawn from edge values and
random bit patterns (singles mostly NaN-boxed, sometimes not), runs them as
an rv32imafd guest on qemu-system-riscv32 (tests/qemu_run.py), where each
case records its instruction word, operands, result and fflags and prints
them, then replays every printed case through fpu_exec() in a host harness
linked with DIR/libsimty.a and compares result bits and flags.  Exit status
0 when all agree; the first mismatches are printed.
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BOX = 0xffffffff00000000

RM = ["rne", "rtz", "rdn", "rup", "rmm", "dyn"]

# mnemonic: operand template ({rm} replaced by a rounding mode when present)
OPS = {}
for fmt in ("s", "d"):
    for op in ("fadd", "fsub", "fmul", "fdiv"):
        OPS[op + "." + fmt] = "f5, f1, f2, {rm}"
    OPS["fsqrt." + fmt] = "f5, f1, {rm}"
    for op in ("fmadd", "fmsub", "fnmsub", "fnmadd"):
        OPS[op + "." + fmt] = "f5, f1, f2, f3, {rm}"
    for op in ("fsgnj", "fsgnjn", "fsgnjx", "fmin", "fmax"):
        OPS[op + "." + fmt] = "f5, f1, f2"
    for op in ("feq", "flt", "fle"):
        OPS[op + "." + fmt] = "a2, f1, f2"
    OPS["fclass." + fmt] = "a2, f1"
    OPS["fcvt.w." + fmt] = "a2, f1, {rm}"
    OPS["fcvt.wu." + fmt] = "a2, f1, {rm}"
OPS["fcvt.s.w"] = "f5, a1, {rm}"
OPS["fcvt.s.wu"] = "f5, a1, {rm}"
OPS["fcvt.d.w"] = "f5, a1"
OPS["fcvt.d.wu"] = "f5, a1"
OPS["fcvt.s.d"] = "f5, f1, {rm}"
OPS["fcvt.d.s"] = "f5, f1"
OPS["fmv.x.w"] = "a2, f1"
OPS["fmv.w.x"] = "f5, a1"

EDGE_S = [0, 0x80000000, 0x3f800000, 0xbf800000, 0x3f800001, 0x3f7fffff, 0x33800000,
          0x3fc00000, 0x40200000, 0xbf000000, 0x7f7fffff, 0xff7fffff, 0x00800000, 0x007fffff,
          0x00000001, 0x80000001, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001,
          0x7fa00000, 0x4f000000, 0xcf000000, 0x4f800000, 0x4b800001, 0x40400000, 0x3f000000,
          0x4effffff, 0xcf000001, 0x00800001, 0x3f7ffffe]
EDGE_D = [0, 1 << 63, 0x3ff0000000000000, 0xbff0000000000000, 0x3ff0000000000001,
          0x3fefffffffffffff, 0x3ca0000000000000, 0x7fefffffffffffff, 0x0010000000000000,
          0x000fffffffffffff, 1, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
          0xfff8000000000000, 0x7ff0000000000001, 0x7ff4000000000000, 0x41e0000000000000,
          0xc1e0000000000000, 0x41f0000000000000, 0xc1e0000000200000, 0x41dfffffffe00000,
          0x41efffffffff0000, 0xbfe0000000000000, 0x3ff0000010000000, 0x380fffffff000000,
          0x3690000000000000, 0x47efffffe0000000, 0x36a0000000000000]
EDGE_X = [0, 1, 0xffffffff, 0x80000000, 0x7fffffff, 16777217, 16777219, 0x80000080,
          0xfeffffff, 0x01000001]


def rand_s(r):
    k = r.random()
    if k < 0.35:
        return r.choice(EDGE_S)
    if k < 0.7:  # near 1, so that sums and products round
        return (r.getrandbits(1) << 31) | ((127 + r.randint(-30, 30)) << 23) | r.getrandbits(23)
    if k < 0.8:  # tiny
        return (r.getrandbits(1) << 31) | (r.randint(0, 3) << 23) | r.getrandbits(23)
    return r.getrandbits(32)


def rand_d(r):
    k = r.random()
    if k < 0.35:
        return r.choice(EDGE_D)
    if k < 0.7:
        return (r.getrandbits(1) << 63) | ((1023 + r.randint(-60, 60)) << 52) | r.getrandbits(52)
    if k < 0.8:
        return (r.getrandbits(1) << 63) | (r.randint(0, 3) << 52) | r.getrandbits(52)
    return r.getrandbits(64)


def operand(r, dbl):
    if dbl:
        return rand_d(r)
    if r.random() < 0.03:  # not NaN-boxed
        return r.getrandbits(64) & ~BOX | (r.getrandbits(32) << 32 if r.random() < 0.5 else 0)
    return BOX | rand_s(r)


def gen_cases(r, n):
    names = sorted(OPS)
    cases = []
    for _ in range(n):
        name = r.choice(names)
        dbl = name.endswith(".d") or name in ("fcvt.s.d",)
        if name in ("fcvt.d.s",):
            dbl = False
        rm = r.choice(RM)
        frm = r.randint(0, 4)
        a = operand(r, dbl)
        # related operands make ties, equal values and cancellations likelier
        b = a if r.random() < 0.1 else operand(r, dbl)
        c = operand(r, dbl)
        xi = r.choice(EDGE_X) if r.random() < 0.4 else r.getrandbits(32)
        if r.random() < 0.3:
            xi = r.getrandbits(r.randint(1, 32))
        cases.append((name, rm, frm, a, b, c, xi))
    return cases


def guest_asm(cases):
    out = [".option norvc", ".section .text.init", ".globl _start", "_start:",
           "  csrr t0, mhartid", "  bnez t0, park",
           "  li t0, 0x2000", "  csrs mstatus, t0", "  la s0, records"]
    for i, (name, rm, frm, a, b, c, xi) in enumerate(cases):
        tmpl = OPS[name]
        ops = tmpl.format(rm=rm)
        out += ["  fld f1, 8(s0)", "  fld f2, 16(s0)", "  fld f3, 24(s0)", "  lw a1, 32(s0)",
                "  lw t0, 4(s0)", "  csrw frm, t0", "  csrwi fflags, 0",
                "i%d: %s %s" % (i, name, ops),
                "  csrr t1, fflags", "  sw t1, 36(s0)",
                "  la t2, i%d" % i, "  lw t2, 0(t2)", "  sw t2, 0(s0)"]
        if ops.startswith("f5"):
            out.append("  fsd f5, 40(s0)")
        else:
            out += ["  sw a2, 40(s0)", "  sw zero, 44(s0)"]
        out.append("  addi s0, s0, 48")
    out += ["  la s0, records", "  li s1, %d" % (len(cases) * 12), "  li s2, 0x10000000",
            "  li s3, 0",
            "pr_word:", "  lw t0, 0(s0)", "  li t1, 28",
            "pr_nib:", "  srl t2, t0, t1", "  andi t2, t2, 15", "  li t3, 10",
            "  blt t2, t3, 1f", "  addi t2, t2, 87", "  j 2f", "1: addi t2, t2, 48",
            "2: sb t2, 0(s2)", "  addi t1, t1, -4", "  bgez t1, pr_nib",
            "  addi s3, s3, 1", "  li t3, 12", "  li t4, 32", "  bne s3, t3, 3f",
            "  li t4, 10", "  li s3, 0", "3: sb t4, 0(s2)",
            "  addi s0, s0, 4", "  addi s1, s1, -1", "  bnez s1, pr_word",
            "  li t0, 0x100000", "  li t1, 0x5555", "  sw t1, 0(t0)",
            "park: j park",
            ".data", ".balign 8", "records:"]
    for (name, rm, frm, a, b, c, xi) in cases:
        out.append("  .word 0, %d, %d, %d, %d, %d, %d, %d, %d, 0, 0, 0" % (
            frm, a & 0xffffffff, a >> 32, b & 0xffffffff, b >> 32, c & 0xffffffff, c >> 32, xi))
    return "\n".join(out) + "\n"


HARNESS = r'''
#include <stdio.h>
#include <stdlib.h>
#include "isa/fpu.h"
int main(void)
{
    unsigned w[12];
    long cases = 0, bad = 0;
    while (1) {
        int k = 0;
        for (; k < 12; k++)
            if (scanf("%x", &w[k]) != 1)
                break;
        if (k < 12)
            break;
        insn_t d;
        insn_decode(w[0], &d);
        uint64_t f[32] = {0};
        uint32_t x[32] = {0};
        uint8_t frm = (uint8_t)w[1], fl = 0;
        f[1] = (uint64_t)w[3] << 32 | w[2];
        f[2] = (uint64_t)w[5] << 32 | w[4];
        f[3] = (uint64_t)w[7] << 32 | w[6];
        x[11] = w[8];
        if (d.cls != CLS_FP) {
            printf("not an FP op: %08x (%s)\n", w[0], insn_mnemonic(d.op));
            bad++;
            continue;
        }
        fpu_exec(&d, f, x, 1, 1, 1, &frm, &fl);
        uint64_t want = (uint64_t)w[11] << 32 | w[10];
        uint64_t got = (d.fp & FP_RD) ? f[d.rd] : x[d.rd];
        cases++;
        if (got != want || fl != w[9]) {
            if (bad < 40)
                printf("MISMATCH %s insn %08x frm %u a %016llx b %016llx c %016llx x %08x: "
                       "qemu %016llx fl %02x, fpu %016llx fl %02x\n",
                       insn_mnemonic(d.op), w[0], w[1], (unsigned long long)f[1],
                       (unsigned long long)f[2], (unsigned long long)f[3], w[8],
                       (unsigned long long)want, w[9], (unsigned long long)got, fl);
            bad++;
        }
    }
    printf("compared %ld cases, %ld mismatches\n", cases, bad);
    return bad != 0;
}
'''


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--cases", type=int, default=20000)
    ap.add_argument("--batch", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    r = random.Random(args.seed)
    tmp = tempfile.mkdtemp(prefix="fpu-qemu-")
    try:
        return run(args, r, tmp)
    finally:
        shutil.rmtree(tmp)


def run(args, r, tmp):
    harness = os.path.join(tmp, "harness")
    with open(harness + ".c", "w") as fh:
        fh.write(HARNESS)
    subprocess.check_call(["cc", "-O1", "-std=c11", "-I" + os.path.join(ROOT, "src"), "-o", harness,
                           harness + ".c", os.path.join(args.build, "libsimty.a"), "-lm",
                           "-pthread"])
    total_bad = 0
    done = 0
    while done < args.cases:
        n = min(args.batch, args.cases - done)
        cases = gen_cases(r, n)
        src = os.path.join(tmp, "g.S")
        elf = os.path.join(tmp, "g.elf")
        with open(src, "w") as fh:
            fh.write(guest_asm(cases))
        subprocess.check_call(["riscv64-unknown-elf-gcc", "-march=rv32imafd", "-mabi=ilp32d",
                               "-nostdlib", "-nostartfiles", "-static",
                               "-T", os.path.join(ROOT, "tests/isa/link.ld"),
                               "-Wl,--no-warn-rwx-segments", "-o", elf, src])
        q = subprocess.run([sys.executable, os.path.join(ROOT, "tests/qemu_run.py"),
                            "--timeout", "600", elf], stdout=subprocess.PIPE, check=False)
        if q.returncode != 0:
            print("qemu exit status %d" % q.returncode)
            return 1
        lines = q.stdout.decode().split("\n")
        if len([ln for ln in lines if ln.strip()]) != n:
            print("qemu printed %d records, expected %d" % (len(lines), n))
            return 1
        h = subprocess.run([harness], input=q.stdout, stdout=subprocess.PIPE, check=False)
        sys.stdout.write(h.stdout.decode())
        total_bad += h.returncode != 0
        done += n
    print("total: %d cases in %d batches, %s" % (done, (done + args.batch - 1) // args.batch,
                                                 "all agree" if not total_bad else "MISMATCHES"))
    return 1 if total_bad else 0


if __name__ == "__main__":
    sys.exit(main())
