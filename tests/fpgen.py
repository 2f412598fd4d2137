"""Random straight-line F/D programs for the differential FP fuzzer
(tests/fp_fuzz.py).

A program is a list of blocks; a block is a list of instructions (assembly
text), the first of which may set frm (0..4) and fflags. The guest starts
hart 0 (the others park), sets mstatus.FS, loads all 32 f registers and the
integer operand registers from a pool of values, runs the blocks, and after
each block (or, in step mode, after each instruction of one block) calls
`dump`, which prints one line on the UART:

    d<id> <fcsr> <f0 hi:lo> .. <f31 hi:lo> <s0 s1 s2..s11> <mem dwords>

all in hex. The dump changes no state the fuzzed code sees: it uses only
a0-a7, t0-t6 and ra (the fuzzed code uses s0-s11 for integer operands and
results, tp as the base of the value pool and of a small store area), and
reads fcsr with frcsr (no side effect).

The output depends only on the arguments (random.Random(seed)).
"""

import random

# ---------------------------------------------------------------- values --

S_SPECIAL = [
    0x00000000, 0x80000000, 0x7f800000, 0xff800000,          # zeros, infinities
    0x7fc00000, 0xffc00000, 0x7fc12345, 0x7fffffff,          # quiet NaNs
    0x7f800001, 0xff800001, 0x7fbfffff, 0x7fa00000,          # signaling NaNs
    0x00000001, 0x80000001, 0x007fffff, 0x00400000,          # subnormals
    0x00800000, 0x80800000, 0x7f7fffff, 0xff7fffff,          # min / max normal
    0x3f800000, 0xbf800000, 0x3f000000, 0xbf000000,          # 1, -1, 0.5, -0.5
    0x3fc00000, 0x40200000, 0xc0200000, 0x40400000,          # 1.5, 2.5, -2.5, 3
    0x4f000000, 0x4effffff, 0xcf000000, 0xcf000001,          # around 2^31
    0x4f800000, 0x4f7fffff, 0x3f800001, 0x33800000,          # 2^32, 1+ulp, 2^-24
    0x3eaaaaab, 0x34000000, 0x0c000000, 0x72800000,          # 1/3, 2^-23, tiny, huge
]
D_SPECIAL = [
    0x0000000000000000, 0x8000000000000000, 0x7ff0000000000000, 0xfff0000000000000,
    0x7ff8000000000000, 0xfff8000000000000, 0x7ff8123456789abc, 0x7fffffffffffffff,
    0x7ff0000000000001, 0xfff0000000000001, 0x7ff7ffffffffffff, 0x7ff4000000000000,
    0x0000000000000001, 0x8000000000000001, 0x000fffffffffffff, 0x0008000000000000,
    0x0010000000000000, 0x7fefffffffffffff, 0xffefffffffffffff,
    0x3ff0000000000000, 0xbff0000000000000, 0x3fe0000000000000, 0xbfe0000000000000,
    0x3ff8000000000000, 0x4004000000000000, 0xc004000000000000, 0x4008000000000000,
    0x41e0000000000000, 0x41dfffffffe00000, 0x41dfffffffc00000, 0xc1e0000000000000,
    0xc1e0000000100000, 0xc1e0000000200000, 0x41f0000000000000, 0x41efffffffe00000,
    0x41effffffff00000, 0x3ca0000000000000, 0x3ff0000000000001, 0x3fd5555555555555,
    0x47efffffe0000000, 0x47effffff0000000, 0x47f0000000000000, 0x3690000000000000,
    0x36a0000000000000, 0x3800000000000000, 0x37f0000000000000, 0x3ff0000010000000,
]
INT_SPECIAL = [0, 1, 0xffffffff, 0x7fffffff, 0x80000000, 0x80000001, 0x01000001,
               0x01000003, 0xfeffffff, 2, 3, 0xfffffffe, 0x00ffffff, 0x7fffff80]

RMS = ["rne", "rtz", "rdn", "rup", "rmm", "dyn"]
S_REGS = ["s%d" % i for i in range(12)]
POOL_N = 96       # 64-bit pool entries (tp + 8*i)
MEM_N = 8         # doublewords of the store area, after the pool
MEM_OFF = POOL_N * 8


def rand_single(r):
    k = r.random()
    if k < 0.6:
        return r.choice(S_SPECIAL)
    if k < 0.75:  # near a special value
        return (r.choice(S_SPECIAL) + r.choice((-1, 1, 2, -2))) & 0xffffffff
    if k < 0.85:  # small integers and halves: ties for conversions
        return [0x3f000000, 0x3fc00000, 0x40200000, 0x40600000, 0x40900000][r.randrange(5)] \
            | (r.getrandbits(1) << 31)
    return r.getrandbits(32)


def rand_double(r):
    k = r.random()
    if k < 0.6:
        return r.choice(D_SPECIAL)
    if k < 0.75:
        return (r.choice(D_SPECIAL) + r.choice((-1, 1, 2, -2))) & (2**64 - 1)
    if k < 0.85:  # a single widened: exact in both precisions
        return widen(rand_single(r))
    return r.getrandbits(64)


def widen(s):
    """The double equal to single s (not NaN)."""
    import struct
    return struct.unpack("<Q", struct.pack("<d", struct.unpack("<f", struct.pack("<I", s))[0]))[0]


def pool_value(r):
    k = r.random()
    if k < 0.45:
        return 0xffffffff00000000 | rand_single(r)             # NaN-boxed single
    if k < 0.55:                                               # not boxed
        upper = r.choice((0, 0x7ff80000, 0xfffffffe, 0x3ff00000, r.getrandbits(32)))
        return (upper << 32) | rand_single(r)
    return rand_double(r)


def rand_int(r):
    if r.random() < 0.6:
        return r.choice(INT_SPECIAL)
    return r.getrandbits(32) >> r.randrange(32)


# ------------------------------------------------------------ instructions --

def f(r):
    return "f%d" % r.randrange(32)


def x(r):
    return r.choice(S_REGS)


def insn(r):
    """One random F/D instruction (assembly text)."""
    p = "sd"[r.randrange(2)]
    rm = r.choice(RMS)
    k = r.randrange(100)
    if k < 22:
        return "f%s.%s %s, %s, %s, %s" % (r.choice(("add", "sub", "mul", "div")), p,
                                          f(r), f(r), f(r), rm)
    if k < 30:
        return "f%s.%s %s, %s, %s, %s, %s" % (r.choice(("madd", "msub", "nmsub", "nmadd")), p,
                                              f(r), f(r), f(r), f(r), rm)
    if k < 33:
        return "fsqrt.%s %s, %s, %s" % (p, f(r), f(r), rm)
    if k < 43:
        op = r.choice(("fsgnj", "fsgnjn", "fsgnjx", "fmin", "fmax"))
        return "%s.%s %s, %s, %s" % (op, p, f(r), f(r), f(r))
    if k < 50:
        return "%s.%s %s, %s, %s" % (r.choice(("feq", "flt", "fle")), p, x(r), f(r), f(r))
    if k < 53:
        return "fclass.%s %s, %s" % (p, x(r), f(r))
    if k < 60:
        return "fcvt.%s.%s %s, %s, %s" % (r.choice(("w", "wu")), p, x(r), f(r), rm)
    if k < 64:
        if p == "s":
            return "fcvt.s.%s %s, %s, %s" % (r.choice(("w", "wu")), f(r), x(r), rm)
        return "fcvt.d.%s %s, %s" % (r.choice(("w", "wu")), f(r), x(r))
    if k < 68:
        if p == "s":
            return "fcvt.s.d %s, %s, %s" % (f(r), f(r), rm)
        return "fcvt.d.s %s, %s" % (f(r), f(r))
    if k < 72:
        return r.choice(("fmv.x.w %s, %s" % (x(r), f(r)), "fmv.w.x %s, %s" % (f(r), x(r))))
    if k < 86:  # loads: the pool or the store area
        off = 8 * r.randrange(POOL_N + MEM_N)
        if p == "s":
            off += 4 * r.randrange(2)
        return "fl%s %s, %d(tp)" % ("wd"[p == "d"], f(r), off)
    if k < 92:
        off = MEM_OFF + 8 * r.randrange(MEM_N) + (4 * r.randrange(2) if p == "s" else 0)
        return "fs%s %s, %d(tp)" % ("wd"[p == "d"], f(r), off)
    # the FP CSRs (never a reserved frm: rm = dyn would then be illegal)
    return r.choice((
        "frcsr %s" % x(r), "frrm %s" % x(r), "frflags %s" % x(r),
        "fsrmi %s, %d" % (x(r), r.randrange(5)),
        "fsflagsi %s, %d" % (x(r), r.randrange(32)),
        "fsflags %s, %s" % (x(r), x(r)),
        "csrrsi %s, fflags, %d" % (x(r), r.randrange(32)),
        "csrrci %s, fflags, %d" % (x(r), r.randrange(32)),
        "csrrci %s, fcsr, %d" % (x(r), r.randrange(32)),
    ))


class Program:
    def __init__(self, seed, blocks=40, block_len=20):
        r = random.Random(seed)
        self.seed = seed
        self.pool = [pool_value(r) for _ in range(POOL_N)]
        self.mem = [pool_value(r) for _ in range(MEM_N)]
        self.ints = [rand_int(r) for _ in S_REGS]
        self.fregs = [r.randrange(POOL_N) for _ in range(32)]  # pool index per f reg
        self.blocks = []
        for _ in range(blocks):
            head = ["csrwi frm, %d" % r.randrange(5), "csrwi fflags, %d" % (
                0 if r.random() < 0.7 else r.randrange(32))]
            body = [insn(r) for _ in range(r.randrange(block_len // 2, block_len * 3 // 2 + 1))]
            self.blocks.append((head, body))

    def fp_count(self, upto=None):
        """FP instructions in the blocks before upto (all by default)."""
        return sum(len(b) for _, b in self.blocks[:upto])

    def assembly(self, step_block=None):
        """The guest program. step_block = k: stop after block k and dump
        after each of its instructions (dump ids k*1000 + i); otherwise dump
        after every block (id = block number)."""
        a = []
        e = a.append
        e('#include "simty_guest.h"')
        if self.seed % 2 == 0:  # odd seeds: built with C (fp_fuzz.py), compressed
            e("        .option norvc")
        e("        .section .tohost, \"aw\", @progbits")
        e("        .balign 64")
        e("        .globl SIMTY_ID_TOHOST")
        e("SIMTY_ID_TOHOST: .word 0")
        e("        .balign 64")
        e("        .globl fromhost")
        e("fromhost: .word 0")
        e("        .section .text.init, \"ax\", @progbits")
        e("        .globl _start")
        e("_start:")
        e("        csrr t0, mhartid")
        e("        beqz t0, 1f")
        e("0:      j 0b")
        e("1:      li t0, 0x2000")
        e("        csrs mstatus, t0")
        e("        la tp, pool")
        for i, reg in enumerate(self.fregs):
            e("        fld f%d, %d(tp)" % (i, 8 * reg))
        for reg, v in zip(S_REGS, self.ints):
            e("        li %s, 0x%x" % (reg, v))
        for k, (head, body) in enumerate(self.blocks):
            if step_block is not None and k > step_block:
                break
            e("        # block %d" % k)
            for ins in head:
                e("        " + ins)
            for i, ins in enumerate(body):
                e("        " + ins)
                if k == step_block:
                    e("        li a0, %d" % (k * 1000 + i))
                    e("        jal dump")
            if step_block is None:
                e("        li a0, %d" % k)
                e("        jal dump")
        e("        fence")
        e("        li t0, 1")
        e("        la t1, SIMTY_ID_TOHOST")
        e("        sw t0, 0(t1)")
        e("        li t0, SIMTY_FINISHER_BASE")
        e("        li t1, SIMTY_FINISHER_PASS")
        e("        sw t1, 0(t0)")
        e("2:      j 2b")
        a += DUMP.splitlines()
        e("        .data")
        e("        .balign 8")
        e("pool:")
        for v in self.pool + self.mem:
            e("        .dword 0x%016x" % v)
        e("dumpbuf: .space %d" % (8 + 32 * 8 + 4 * len(S_REGS)))
        return "\n".join(a) + "\n"


# dump (a0 = id): "d<id> <fcsr> <32 f regs> <12 s regs> <store area>\n".
DUMP = """
        .text
        .balign 4
dump:
        mv      a7, ra
        la      t0, dumpbuf
        frcsr   t1
        sw      t1, 0(t0)
""" + "".join("        fsd     f%d, %d(t0)\n" % (i, 8 + 8 * i) for i in range(32)) + \
    "".join("        sw      s%d, %d(t0)\n" % (i, 264 + 4 * i) for i in range(12)) + """
        li      a1, 'd'
        jal     putc
        mv      a1, a0
        jal     puthex
        la      a6, dumpbuf
        lw      a1, 0(a6)
        jal     spchex
        addi    a6, a6, 8
        li      a5, 32
1:      lw      a1, 4(a6)
        jal     spchex
        lw      a1, 0(a6)
        jal     puthex
        addi    a6, a6, 8
        addi    a5, a5, -1
        bnez    a5, 1b
        li      a5, 12
2:      lw      a1, 0(a6)
        jal     spchex
        addi    a6, a6, 4
        addi    a5, a5, -1
        bnez    a5, 2b
        addi    a6, tp, %d
        li      a5, %d
3:      lw      a1, 4(a6)
        jal     spchex
        lw      a1, 0(a6)
        jal     puthex
        addi    a6, a6, 8
        addi    a5, a5, -1
        bnez    a5, 3b
        li      a1, 10
        jal     putc
        jr      a7

/* putc a1 (uses t2); spchex: ' ' then puthex; puthex a1: 8 hex digits */
putc:
        li      t2, SIMTY_UART_BASE
        sb      a1, 0(t2)
        ret
spchex:
        mv      t3, ra
        mv      t4, a1
        li      a1, ' '
        jal     putc
        mv      a1, t4
        mv      ra, t3
puthex:
        mv      t3, ra
        mv      t4, a1
        li      t5, 28
4:      srl     a1, t4, t5
        andi    a1, a1, 15
        addi    a1, a1, '0'
        li      t6, '9'
        ble     a1, t6, 5f
        addi    a1, a1, 'a' - '9' - 1
5:      jal     putc
        addi    t5, t5, -4
        bgez    t5, 4b
        mv      ra, t3
        ret
""" % (MEM_OFF, MEM_N)
