#!/usr/bin/env python3
"""Random divergent SPMD C programs for differential testing of simty.

usage: tools/randprog.py --seed S -o OUT.c [--max-threads N] [--size UNITS]
                         [--stats] [--float]

Writes one self-contained C program for the simty SDK. Build and compare:

    python3 tools/randprog.py --seed 42 -o r42.c
    sdk/simty-cc -O2 r42.c -o r42.elf
    build/simty run -m scalar -w 2 -t 4 --signature ref.sig r42.elf | sort > ref
    build/simty run -w 2 -t 4 --signature simt.sig r42.elf | sort > simt
    cmp ref simt && cmp ref.sig simt.sig        # and the exit statuses match

The output depends only on the arguments (random.Random(seed), no hashing of
strings, no set iteration), so a seed always gives the same file.

Options:
  --seed S          seed (any integer; default 1)
  -o FILE           output file ('-' or absent: stdout)
  --max-threads N   threads that own a signature word and a private row in the
                    shared arrays (a power of two, default 256; the signature
                    is about 4*N*(ROWW*4+1) bytes); threads with tid >= N fold
                    their result into word tid % N (atomic xor) and use a
                    thread-local private row instead
  --size UNITS      cost target of the kernel, in estimated -O0 instructions
                    per thread along its most expensive path (default 30000;
                    programs then retire about 5k-60k instructions per thread,
                    printf and the final hashing included)
  --stats           print the chosen profile and cost estimates on stderr
  --float           also float and double code: blocks computing a double and a
                    float from data- and tid-dependent values (+ - * /, sqrt,
                    fma, fmin/fmax, int<->float and float<->double conversions,
                    bit casts, NaN/inf/tie constants), compared to choose
                    between three divergent branches that fold converted
                    results or raw bits into a local; another program than
                    the same seed without --float (without it, every seed's
                    program is unchanged)

What a program does. main() reads tid = simty_tid(), n = simty_nthreads(),
points the thread-local private-row pointers at its rows, calls
r = kernel(tid, n, K), xors r atomically into S.res[tid % MAXT], prints
"t<tid> <hex r>", calls simty_barrier() (directly in main, reached by every
thread exactly once), then thread 0 prints every atomic counter ("c<i> <hex>")
and hashes of S.res and of the private arrays ("res <hex>", "mem <hex>").
Every thread returns 0.

The signature (begin_signature .. end_signature, defined from C with a
file-scope asm block as aliases of the struct S) covers S: the per-thread
result words, the atomic counters and all private rows.

What the generated code contains (which features appear, how deep and how
many, is drawn per seed):
  - functions f0..fN-1 (N = 0..12), each calling only lower-numbered ones (a
    DAG), some marked noinline; some are recursive with a depth masked inside
    the function (d = b & 3 or & 7), with one or two self-calls (linear or tree
    recursion) and a data-dependent early base case;
  - nested if / else-if chains on tid-dependent conditions ((tid & m) == c,
    tid < n/2, bits of tid*K, ...) and data-dependent ones, && / || chains;
  - for loops with data-dependent trip counts (bound re-evaluated every
    iteration but masked), while / do-while loops with an iteration counter,
    conditional break / continue;
  - dense switch statements (5..14 consecutive case values, some missing,
    fall-through, return / goto / break / continue in cases) so GCC emits
    jump tables: divergent indirect jumps;
  - calls through const function-pointer tables indexed by tid- and
    data-dependent values: divergent indirect calls;
  - early returns nested inside called functions and the kernel;
  - goto: forward (out of loops / blocks), backward with a bounded per-label
    counter, and into the middle of a for loop's body (irreducible loops
    with divergent entries; the loop counter is reset before the goto);
  - loads/stores to the thread's private row: word, halfword and byte, signed
    and unsigned, index = data- and tid-dependent & mask; two layouts: row-major
    (S.row[tid*ROWW + k], mixed widths aliasing the same words) and interleaved
    (S.iw[k*MAXT + tid]: lanes of a warp touch neighbouring words / halfwords
    / bytes of the same cache line);
  - loads from shared read-only tables (32-, 16- and 8-bit, signed) at tid- and
    data-dependent indices;
  - commutative atomics on shared counters (add, or, xor, and, min, max, minu,
    maxu, and an lr/sc CAS add loop), one operation per counter; the returned
    old values (and the CAS loop's snapshot) are never used otherwise;
  - arithmetic: unsigned only (signed ops through casts that cannot overflow),
    shift amounts & 31, divisors | 1, mulh/mulhu via 64-bit products, rotates.

Rules that keep the results independent of thread interleaving and free of
undefined behaviour: a thread writes only its own private row; shared counters
are only touched by commutative atomics and read only after the barrier; all
loops and recursions are bounded; every backward goto has a counter; all
locals are declared and initialised at the top of their function (the only
block-scope ones are for-loop counters and the CAS snapshot, whose scopes no
goto enters), so no goto skips an initialisation; a label is only jumped to
from inside its enclosing statement lists (never into a switch, and into a
loop only as above).
Stack: the SDK gives each thread 8 KiB; at -O0 GCC's frames grow with the
size of a function, so every function has an expression-node budget and the
deepest call chain (recursion included) is kept under an estimated 5.2 KB.
"""

import argparse
import random
import re
import sys

LIT = re.compile(r"^(0x[0-9a-f]+|[0-9]+)u$")


def is_lit(t):
    return LIT.match(t) is not None

# Cost units: roughly instructions at -O0 (the slowest level).
C_LEAF = 1
C_OP = 2
C_MEM = 6
C_STMT = 3
C_CALL = 16
C_BRANCH = 3
# Stack: the SDK gives each thread 8 KiB (stack + TLS). At -O0 GCC gives
# every temporary its own stack slot, so a frame grows with the number of
# expression nodes of the function: frame <= FRAME_BASE + FRAME_PER_OP * ops
# (fitted on -O0 builds, upper envelope). The deepest call chain (recursion
# levels count one frame each) must stay under STACK_LIMIT bytes.
FRAME_BASE = 160
FRAME_PER_OP = 1.0
OPS_SLACK = 60
STACK_LIMIT = 5200


class Label:
    def __init__(self, name, kind, counter=None, bound=0):
        self.name = name
        self.kind = kind          # 'fwd', 'back' or 'into' (loop entry)
        self.counter = counter
        self.bound = bound
        self.used = False


class Ctx:
    """Where a statement is being generated."""

    def __init__(self):
        self.depth = 0
        self.in_loop = False
        self.in_switch = False
        self.loopvars = []
        self.labels = []          # visible labels (fwd: not yet placed)

    def child(self, **kw):
        c = Ctx()
        c.depth = self.depth + 1
        c.in_loop = self.in_loop
        c.in_switch = self.in_switch
        c.loopvars = list(self.loopvars)
        c.labels = self.labels   # shared: placement removes fwd labels
        for k, v in kw.items():
            setattr(c, k, v)
        return c


class Func:
    def __init__(self, idx, name, kind):
        self.idx = idx
        self.name = name
        self.kind = kind          # 'plain', 'rec', 'kernel'
        self.locals = []
        self.counters = []        # loop / goto counters (declared, = 0)
        self.cost = 0.0
        self.frames = 1
        self.stack = 0
        self.ops_budget = 0
        self.ops_start = 0
        self.ops = 0
        self.callees = []         # Func objects called directly or via tables
        self.noinline = False
        self.lines = []
        self.nlabel = 0
        self.ncounter = 0
        self.nloop = 0
        self.dmask = 0
        self.nself = 0
        self.referenced = False


class Gen:
    def __init__(self, seed, maxt, size, fp=False):
        self.seed = seed
        self.fp = fp
        self.f_fp = fp
        self.r = random.Random(seed)
        self.maxt = maxt
        self.size = size
        self.funcs = []
        self.tables = []          # list of tuples of function indices
        self.table_index = {}
        self.used_tabs = set()
        self.eq_used = False
        self.in_cond = False
        self.ops = 0
        self.profile()

    # ------------------------------------------------------------------
    # profile

    def profile(self):
        r = self.r
        self.nfuncs = r.choice([0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 12])
        self.max_depth = r.choice([1, 2, 2, 3, 3, 3, 4, 4, 5])
        self.block_max = r.choice([2, 3, 3, 4, 5, 6])
        # expression-node budgets (code size, and -O0 frame size)
        self.fn_ops = r.choice([80, 150, 250, 400, 600])
        self.kernel_ops = r.choice([300, 500, 800, 1200, 1600])
        self.nlocals = r.randint(1, 5)
        self.roww = r.choice([4, 8, 8, 16])
        self.f_switch = r.random() < 0.7
        self.f_fptr = r.random() < 0.6
        self.f_goto = r.random() < 0.55
        self.f_rec = r.random() < 0.5
        self.f_atomic = r.random() < 0.8
        self.f_cas = self.f_atomic and r.random() < 0.3
        self.f_sub = r.random() < 0.75     # byte / halfword accesses
        lay = r.random()
        self.f_row = lay < 0.75
        self.f_il = lay > 0.35
        self.f_ret = r.random() < 0.7
        self.f_brk = r.random() < 0.6
        self.f_mem = r.random() < 0.85
        self.f_tab = r.random() < 0.8
        self.f_muldiv = r.random() < 0.7
        self.p_tid = r.uniform(0.2, 0.8)   # share of tid-dependent conditions
        self.p_noinline = r.choice([0.0, 0.3, 0.6, 1.0])
        self.ncnt = r.randint(2, 8) if self.f_atomic else 1
        ops = ["add", "or", "xor", "and", "min", "max", "minu", "maxu"]
        if self.f_cas:
            ops.append("cas")
        self.cnt_ops = [r.choice(ops) for _ in range(self.ncnt)]
        w = {
            "assign": 6, "store": 4 if self.f_mem else 0,
            "atomic": 2 if self.f_atomic else 0,
            "if": 5, "loop": 3, "switch": 2 if self.f_switch else 0,
            "call": 3, "fpcall": 2 if self.f_fptr else 0,
            "ret": 1 if self.f_ret else 0, "brk": 1 if self.f_brk else 0,
            "goto": 2 if self.f_goto else 0,
        }
        self.weights = {k: v * r.uniform(0.3, 2.0) for k, v in w.items()}
        # --float: drawn after everything else (without it, no draw: every
        # seed's program stays what it was)
        self.weights["float"] = 4 * r.uniform(0.5, 2.0) if self.fp else 0
        # 32-bit, signed 16-bit, signed 8-bit tables
        self.t32 = [r.getrandbits(32) for _ in range(256)]
        self.t16 = [r.randint(-32768, 32767) for _ in range(64)]
        self.t8 = [r.randint(-128, 127) for _ in range(64)]

    # ------------------------------------------------------------------
    # expressions: return (text, cost); every value is uint32_t

    def const(self):
        r = self.r
        k = r.random()
        if k < 0.5:
            return "%du" % r.randint(2, 16)
        if k < 0.8:
            return "%du" % r.randint(17, 4096)
        return "0x%08xu" % r.getrandbits(32)

    def leaf(self, fn, ctx):
        r = self.r
        k = r.random()
        if k < 0.12:
            return "tid", C_LEAF
        if k < 0.2 and ctx.loopvars:
            return r.choice(ctx.loopvars), C_LEAF
        if k < 0.3:
            return self.const(), C_LEAF
        if k < 0.32:
            return "simty_tid()", C_LEAF
        return r.choice(self.readable(fn)), C_LEAF

    def readable(self, fn):
        v = ["a", "b"] + fn.locals
        if fn.kind == "rec":
            v.append("d")
        return v

    def index_expr(self, fn, ctx, depth):
        """A tid- or data-dependent index (not masked)."""
        r = self.r
        x, c = self.expr(fn, ctx, depth)
        k = r.random()
        if k < 0.25:
            return "(tid + %s)" % x, c + C_OP
        if k < 0.35:
            return "(%s >> %du)" % (x, r.randint(1, 28)), c + C_OP
        return x, c

    def mem_read(self, fn, ctx, depth):
        r = self.r
        kinds = []
        if self.f_row:
            kinds += ["RW"] + (["RH", "RB", "RHS", "RBS"] if self.f_sub else [])
        if self.f_il:
            kinds += ["IW"] + (["IH", "IB", "IHS", "IBS"] if self.f_sub else [])
        m = r.choice(kinds)
        x, c = self.index_expr(fn, ctx, depth - 1)
        if m.endswith("S"):
            return "(uint32_t)(int32_t)%s(%s)" % (m, x), c + C_MEM
        return "(uint32_t)%s(%s)" % (m, x), c + C_MEM

    def tab_read(self, fn, ctx, depth):
        r = self.r
        x, c = self.index_expr(fn, ctx, depth - 1)
        k = r.random()
        if k < 0.6:
            self.used_tabs.add("T32")
            return "T32[(%s) & 255u]" % x, c + C_MEM
        if k < 0.8:
            self.used_tabs.add("T16")
            return "(uint32_t)(int32_t)T16[(%s) & 63u]" % x, c + C_MEM
        self.used_tabs.add("T8")
        return "(uint32_t)(int32_t)T8[(%s) & 63u]" % x, c + C_MEM

    def expr(self, fn, ctx, depth):
        r = self.r
        self.ops += 1
        if depth <= 0 or r.random() < 0.25:
            return self.leaf(fn, ctx)
        k = r.random()
        if k < 0.12 and (self.f_mem and (self.f_row or self.f_il)):
            return self.mem_read(fn, ctx, depth)
        if k < 0.22 and self.f_tab:
            return self.tab_read(fn, ctx, depth)
        x, cx = self.expr(fn, ctx, depth - 1)
        y, cy = self.expr(fn, ctx, depth - 1)
        # no constant sub-expressions (GCC's tautological-comparison warnings
        # look at folded constants)
        if is_lit(x):
            x = r.choice(self.readable(fn))
        if x == y:
            y = self.const()
        c = cx + cy + C_OP
        k = r.random()
        if k < 0.45:
            return "(%s %s %s)" % (x, r.choice(["+", "-", "^", "&", "|", "*", "+", "^"]), y), c
        if k < 0.55:
            op = r.choice(["<<", ">>"])
            if r.random() < 0.5:
                return "(%s %s %du)" % (x, op, r.randint(0, 31)), cx + C_OP
            return "(%s %s (%s & 31u))" % (x, op, y), c + C_OP
        if k < 0.6:
            return "(uint32_t)((int32_t)%s >> (%s & 31u))" % (x, y), c + C_OP
        if k < 0.66:
            return "rotl32(%s, %s)" % (x, y), c + 4 * C_OP
        if k < 0.74 and self.f_muldiv:
            op = r.choice(["/", "%"])
            if r.random() < 0.6:
                return "(%s %s (%s | 1u))" % (x, op, y), c + 2 * C_OP
            return ("(uint32_t)((int32_t)(%s >> 1) %s (int32_t)(%s | 1u))"
                    % (x, op, y)), c + 3 * C_OP
        if k < 0.78 and self.f_muldiv:
            if r.random() < 0.5:
                return "(uint32_t)(((uint64_t)%s * %s) >> 32)" % (x, y), c + 4 * C_OP
            return ("(uint32_t)(((int64_t)(int32_t)%s * (int32_t)%s) >> 32)"
                    % (x, y)), c + 4 * C_OP
        if k < 0.86:
            # a comparison, added to a value so that GCC does not treat the
            # result as a boolean (-Wbool-compare / -Wbool-operation)
            op = r.choice(["<", "<=", "==", "!=", ">"])
            y, cy = self.leaf(fn, ctx)
            c = cx + cy + C_OP
            if x == y:
                y = self.const()
            if is_lit(y) and op in ("==", "!="):
                op = r.choice(["<", "<=", ">"])
            z, cz = self.leaf(fn, ctx)
            if r.random() < 0.4:
                return ("(%s + (uint32_t)((int32_t)%s %s (int32_t)%s))"
                        % (z, x, op, y)), c + cz + 2 * C_OP
            return "(%s + (uint32_t)(%s %s %s))" % (z, x, op, y), c + cz + 2 * C_OP
        if k < 0.92:
            cond, cc = self.cond(fn, ctx, 1)
            return "(%s ? %s : %s)" % (cond, x, y), c + cc + C_BRANCH
        if k < 0.96:
            return "(~%s)" % x, cx + C_OP
        return "(0u - %s)" % x, cx + C_OP

    def tid_cond(self, fn, ctx):
        """A condition on tid. 'Equality-like' tests (masks, single bits, %)
        are limited to one per condition tree (self.eq_used): GCC folds
        several of them on one value and warns when they are exclusive."""
        r = self.r
        eqlike = not self.eq_used and r.random() < 0.6
        k = r.random()
        if eqlike:
            self.eq_used = True
            if k < 0.4:
                m = r.choice([1, 2, 3, 4, 5, 7, 8, 12, 15, 16, 31])
                return "(tid & %du) %s %du" % (m, r.choice(["==", "==", "!="]),
                                               r.randint(0, m) & m), 3 * C_OP
            if k < 0.6:
                return "(tid >> %du) & 1u" % r.randint(0, 5), 2 * C_OP
            if k < 0.8:
                return "tid %% %du == %du" % (r.randint(2, 7), r.randint(0, 1)), 3 * C_OP
            return ("((tid * 0x%08xu) >> %du) & 1u"
                    % (r.getrandbits(32) | 1, r.randint(20, 31))), 3 * C_OP
        if k < 0.35:
            return "tid %s %du" % (r.choice(["<", ">", "<=", ">="]), r.randint(1, 40)), C_OP
        if k < 0.5 and fn.kind == "kernel":
            return "tid < (a >> %du)" % r.randint(0, 2), 2 * C_OP
        x, c = self.expr(fn, ctx, 1)
        if x == "tid":
            x = r.choice(self.readable(fn))
        return "((tid ^ %s) & %du) != 0u" % (x, r.choice([1, 2, 3, 4, 6])), c + 3 * C_OP

    def data_cond(self, fn, ctx):
        r = self.r
        x, cx = self.expr(fn, ctx, r.randint(1, 2))
        if is_lit(x):
            x = r.choice(self.readable(fn))
        eqlike = not self.eq_used and r.random() < 0.5
        k = r.random()
        if eqlike:
            self.eq_used = True
            if k < 0.4:
                m = r.choice([1, 3, 7, 15, 255])
                return "(%s & %du) %s %du" % (x, m, r.choice(["==", "!="]),
                                              r.randint(0, m)), cx + 3 * C_OP
            if k < 0.6:
                return "(int32_t)%s < 0" % x, cx + C_OP
            if k < 0.8:
                return "%s %% %du == 0u" % (x, r.randint(2, 7)), cx + 3 * C_OP
            return "(%s >> %du) & 1u" % (x, r.randint(0, 31)), cx + 2 * C_OP
        if k < 0.7:
            y, cy = self.leaf(fn, ctx)
            if x == y:
                y = self.const()
            op = r.choice(["<", ">", "<=", ">=", "==", "!="])
            if is_lit(y) and op in ("==", "!="):
                op = r.choice(["<", "<=", ">"])
            return "%s %s %s" % (x, op, y), cx + cy + C_OP
        m = r.choice([7, 15, 255, 1023])
        return "(%s & %du) < %du" % (x, m, r.randint(1, m)), cx + 2 * C_OP

    def cond(self, fn, ctx, depth=2):
        """A C condition (int). At most one equality test per tree, so that
        GCC never sees mutually exclusive tests of one value."""
        if self.in_cond:
            # nested (a ?: inside a condition): same tree, same limit
            return self._cond(fn, ctx, depth)
        self.eq_used = False
        self.in_cond = True
        try:
            return self._cond(fn, ctx, depth)
        finally:
            self.in_cond = False
            self.eq_used = False

    def _cond(self, fn, ctx, depth):
        r = self.r
        self.ops += 1
        if depth > 0 and r.random() < 0.2:
            a, ca = self._cond(fn, ctx, depth - 1)
            b, cb = self._cond(fn, ctx, depth - 1)
            return "(%s) %s (%s)" % (a, r.choice(["&&", "||"]), b), ca + cb + C_BRANCH
        if depth > 0 and r.random() < 0.05:
            a, ca = self._cond(fn, ctx, depth - 1)
            return "!(%s)" % a, ca + C_OP
        if r.random() < self.p_tid:
            return self.tid_cond(fn, ctx)
        return self.data_cond(fn, ctx)

    # ------------------------------------------------------------------
    # statements: return (lines, cost)

    def new_counter(self, fn, prefix, label=None):
        name = "%s%d" % (prefix, fn.ncounter)
        fn.ncounter += 1
        fn.counters.append((name, label))
        return name

    def target(self, fn):
        r = self.r
        if r.random() < 0.15:
            return r.choice(["a", "b"])
        return r.choice(fn.locals)

    def s_assign(self, fn, ctx, budget):
        r = self.r
        x, c = self.expr(fn, ctx, r.randint(1, 3))
        op = r.choice(["=", "+=", "^=", "-=", "|=", "*=", "=", "^="])
        return ["%s %s %s;" % (self.target(fn), op, x)], c + C_STMT

    def s_store(self, fn, ctx, budget):
        r = self.r
        kinds = []
        if self.f_row:
            kinds += ["RW"] + (["RH", "RB"] if self.f_sub else [])
        if self.f_il:
            kinds += ["IW"] + (["IH", "IB"] if self.f_sub else [])
        m = r.choice(kinds)
        i, ci = self.index_expr(fn, ctx, r.randint(0, 2))
        x, cx = self.expr(fn, ctx, r.randint(1, 2))
        cast = {"W": "", "H": "(uint16_t)", "B": "(uint8_t)"}[m[1]]
        op = r.choice(["=", "=", "=", "+=", "^="]) if m[1] == "W" else "="
        return ["%s(%s) %s %s(%s);" % (m, i, op, cast, x)], ci + cx + C_MEM + C_STMT

    def s_atomic(self, fn, ctx, budget):
        r = self.r
        i = r.randrange(self.ncnt)
        op = self.cnt_ops[i]
        x, c = self.expr(fn, ctx, r.randint(0, 2))
        c += C_CALL
        if op == "cas":
            return ["{",
                    "    uint32_t o;",
                    "    do {",
                    "        o = S.cnt[%d];" % i,
                    "    } while (simty_atomic_cas(&S.cnt[%d], o, o + %s) != o);" % (i, x),
                    "}"], c + C_CALL
        if op in ("min", "max"):
            return ["simty_atomic_%s((volatile int32_t *)&S.cnt[%d], (int32_t)%s);" % (op, i, x)], c
        return ["simty_atomic_%s(&S.cnt[%d], %s);" % (op, i, x)], c

    def s_if(self, fn, ctx, budget):
        r = self.r
        cnd, cc = self.cond(fn, ctx)
        sub = ctx.child()
        then, ct = self.block(fn, sub, budget - cc)
        lines = ["if (%s) {" % cnd] + self.ind(then)
        cost = ct
        k = r.random()
        if k < 0.35:
            lines.append("}")
        elif k < 0.55:
            # else-if chain
            n = r.randint(1, 3)
            for _ in range(n):
                c2, cc2 = self.cond(fn, ctx)
                b2, cb = self.block(fn, ctx.child(), budget - cc - cc2)
                lines += ["} else if (%s) {" % c2] + self.ind(b2)
                cc += cc2
                cost = max(cost, cb)
            if r.random() < 0.6:
                b3, cb = self.block(fn, ctx.child(), budget - cc)
                lines += ["} else {"] + self.ind(b3)
                cost = max(cost, cb)
            lines.append("}")
        else:
            els, ce = self.block(fn, ctx.child(), budget - cc)
            lines += ["} else {"] + self.ind(els) + ["}"]
            cost = max(cost, ce)
        return lines, cost + cc + C_BRANCH

    def s_loop(self, fn, ctx, budget):
        r = self.r
        k = r.random()
        trips = r.choice([2, 3, 4, 4, 5, 8, 8, 16])
        if trips * 10 > budget:
            trips = max(2, int(budget // 10))
            trips = min(trips, 16)
        body_budget = budget / trips
        if k < 0.55 and self.f_goto and fn.kind != "rec" and r.random() < 0.3:
            return self.s_loop_into(fn, ctx, budget, trips)
        if k < 0.55:
            v = "i%d" % fn.nloop
            fn.nloop += 1
            sub = ctx.child(in_loop=True, in_switch=False, loopvars=ctx.loopvars + [v])
            bound, cb = self.loop_bound(fn, ctx, trips)
            body, c = self.block(fn, sub, body_budget - cb)
            lines = ["for (uint32_t %s = 0u; %s < %s; %s++) {" % (v, v, bound, v)] \
                + self.ind(body) + ["}"]
            return lines, (c + cb + C_BRANCH + 2) * (trips + 1)
        w = self.new_counter(fn, "w")
        sub = ctx.child(in_loop=True, in_switch=False)
        cnd, cc = self.cond(fn, ctx)
        body, c = self.block(fn, sub, body_budget - cc)
        if k < 0.8:
            lines = ["%s = 0u;" % w,
                     "while (%s++ < %du && (%s)) {" % (w, trips, cnd)] + self.ind(body) + ["}"]
        else:
            lines = ["%s = 0u;" % w, "do {"] + self.ind(body) + \
                ["} while (++%s < %du && (%s));" % (w, trips, cnd)]
        return lines, (c + cc + C_BRANCH + 3) * (trips + 1)

    def loop_bound(self, fn, ctx, trips):
        """At most `trips` iterations; constant, or data- / tid-dependent and
        re-evaluated every iteration (masked, so still bounded)."""
        r = self.r
        kk = r.random()
        if kk < 0.2:
            return "%du" % trips, C_LEAF
        x, cb = self.expr(fn, ctx, r.randint(1, 2))
        if r.random() < 0.25:
            x = "tid + %s" % x
        lit = re.fullmatch(r"(0x[0-9a-fA-F]+|[0-9]+)u", x.strip())
        if lit and int(lit.group(1), 0) % trips == 0:
            # a literal bound that folds to 0 (`j < 0u`: gcc's -Wtype-limits
            # under -Werror): make it depend on tid (no other seed changes)
            x = "tid + %s" % x
        if trips & (trips - 1) == 0 and kk < 0.65:
            if r.random() < 0.5:
                return "((%s) & %du)" % (x, trips - 1), cb + 2 * C_OP
            return "(((%s) & %du) + 1u)" % (x, trips - 1), cb + 2 * C_OP
        return "((%s) %% %du)" % (x, trips), cb + 2 * C_OP

    def s_loop_into(self, fn, ctx, budget, trips):
        """A for loop entered in the middle of its body by a (divergent)
        goto: an irreducible loop. The counter lives at function scope and
        is reset before the goto, so both entries run at most `trips`
        iterations; continue still reaches the increment."""
        r = self.r
        v = self.new_counter(fn, "j")
        lab = Label("L%d" % fn.nlabel, "into")
        fn.nlabel += 1
        lab.used = True
        sub = ctx.child(in_loop=True, in_switch=False, loopvars=ctx.loopvars + [v])
        cnd, cc = self.cond(fn, ctx)
        bound, cb = self.loop_bound(fn, ctx, trips)
        per = budget / trips / 2
        b1, c1 = self.block(fn, sub, per - cb)
        b2, c2 = self.block(fn, sub, per)
        lines = ["%s = 0u;" % v,
                 "if (%s)" % cnd,
                 "    goto %s;" % lab.name,
                 "for (%s = 0u; %s < %s; %s++) {" % (v, v, bound, v)] \
            + self.ind(b1) + [lab] + self.ind(b2) + ["}"]
        return lines, cc + (c1 + c2 + cb + C_BRANCH + 2) * (trips + 1)

    def s_switch(self, fn, ctx, budget):
        r = self.r
        ncase = r.randint(5, 14)
        base = r.choice([0, 0, 0, 1, 3, 10])
        x, cx = self.expr(fn, ctx, r.randint(1, 2))
        if r.random() < 0.3:
            x = "(tid + %s)" % x
        pw = 1
        while pw < ncase:
            pw *= 2
        if pw == ncase or r.random() < 0.3:
            sel = "(%s & %du)" % (x, pw - 1)
            span = pw
        else:
            sel = "(%s %% %du)" % (x, ncase)
            span = ncase
        if base:
            sel = "(%s + %du)" % (sel, base)
        sub = ctx.child(in_switch=True)
        lines = []
        total = 0.0
        present = [v for v in range(span) if r.random() < 0.85 or v == 0]
        per = (budget - cx) / (len(present) + 1)
        for j, v in enumerate(present):
            body, c = self.block(fn, sub, per, lo=1)
            total += c
            lines.append("case %d: {" % (v + base))
            lines += self.ind(body)
            last = j == len(present) - 1
            k = r.random()
            if k < 0.15 and not last:
                lines += ["}", "    __attribute__((fallthrough));"]
                continue
            if k < 0.25 and self.f_ret:
                y, cy = self.expr(fn, ctx, 1)
                lines += ["    return %s;" % y, "}"]
                total += cy
                continue
            if k < 0.32 and ctx.in_loop:
                lines += ["    continue;", "}"]
                continue
            if k < 0.4:
                lab = self.pick_label(ctx, "fwd")
                if lab:
                    lab.used = True
                    lines += ["    goto %s;" % lab.name, "}"]
                    continue
            lines += ["    break;", "}"]
        if r.random() < 0.6:
            body, c = self.block(fn, sub, per, lo=1)
            total += c
            lines += ["default: {"] + self.ind(body) + ["    break;", "}"]
        lines = ["switch (%s) {" % sel] + self.ind(lines) + ["}"]
        return lines, total + cx + 3 * C_BRANCH

    def callable(self, fn, budget):
        """Functions fn may call directly, within budget and stack limit."""
        if fn.kind == "kernel":
            cands = self.funcs
        else:
            cands = self.funcs[:fn.idx]
        own = self.frame_max(fn) * self.levels(fn)
        return [g for g in cands
                if g.cost + C_CALL <= budget and g.stack + own <= STACK_LIMIT]

    def levels(self, fn):
        return fn.dmask + 1 if fn.kind == "rec" else 1

    def frame_max(self, fn):
        return FRAME_BASE + FRAME_PER_OP * (fn.ops_budget + OPS_SLACK)

    def over(self, fn):
        return self.ops - fn.ops_start >= fn.ops_budget

    def s_call(self, fn, ctx, budget):
        r = self.r
        cands = self.callable(fn, budget)
        if not cands:
            return self.s_assign(fn, ctx, budget)
        fresh = [g for g in cands if not g.referenced]
        g = r.choice(fresh) if fresh and r.random() < 0.7 else r.choice(cands)
        g.referenced = True
        fn.callees.append(g)
        x, cx = self.expr(fn, ctx, r.randint(0, 2))
        y, cy = self.expr(fn, ctx, r.randint(0, 2))
        call = "%s(tid, %s, %s)" % (g.name, x, y)
        op = r.choice(["=", "+=", "^=", "-="])
        return ["%s %s %s;" % (self.target(fn), op, call)], g.cost + cx + cy + C_CALL

    def s_fpcall(self, fn, ctx, budget):
        r = self.r
        cands = self.callable(fn, budget)
        if not cands:
            return self.s_assign(fn, ctx, budget)
        size = r.choice([2, 4, 4, 8])
        ents = tuple(r.choice(cands).idx for _ in range(size))
        if ents not in self.table_index:
            self.table_index[ents] = len(self.tables)
            self.tables.append(ents)
        tix = self.table_index[ents]
        for e in ents:
            self.funcs[e].referenced = True
            fn.callees.append(self.funcs[e])
        cost = max(self.funcs[e].cost for e in ents)
        i, ci = self.index_expr(fn, ctx, r.randint(0, 2))
        if r.random() < 0.4:
            i = "(tid + %s)" % i
        x, cx = self.expr(fn, ctx, r.randint(0, 2))
        y, cy = self.expr(fn, ctx, r.randint(0, 2))
        call = "FT%d[(%s) & %du](tid, %s, %s)" % (tix, i, size - 1, x, y)
        op = r.choice(["=", "+=", "^="])
        return ["%s %s %s;" % (self.target(fn), op, call)], cost + ci + cx + cy + C_CALL + C_MEM

    def s_ret(self, fn, ctx, budget):
        cnd, cc = self.cond(fn, ctx)
        x, cx = self.expr(fn, ctx, self.r.randint(0, 2))
        return ["if (%s)" % cnd, "    return %s;" % x], cc + cx + C_BRANCH

    def s_brk(self, fn, ctx, budget):
        if not (ctx.in_loop or ctx.in_switch):
            return self.s_assign(fn, ctx, budget)
        cnd, cc = self.cond(fn, ctx)
        what = "break"
        if ctx.in_loop and not ctx.in_switch and self.r.random() < 0.4:
            what = "continue"
        return ["if (%s)" % cnd, "    %s;" % what], cc + C_BRANCH

    def pick_label(self, ctx, kind):
        labs = [l for l in ctx.labels if l.kind == kind]
        return self.r.choice(labs) if labs else None

    def s_goto(self, fn, ctx, budget):
        r = self.r
        kind = "back" if r.random() < 0.45 else "fwd"
        lab = self.pick_label(ctx, kind) or self.pick_label(ctx, "fwd" if kind == "back" else "back")
        if lab is None:
            return self.s_assign(fn, ctx, budget)
        lab.used = True
        cnd, cc = self.cond(fn, ctx)
        if lab.kind == "fwd":
            return ["if (%s)" % cnd, "    goto %s;" % lab.name], cc + C_BRANCH
        return ["if (%s < %du && (%s)) {" % (lab.counter, lab.bound, cnd),
                "    %s++;" % lab.counter,
                "    goto %s;" % lab.name,
                "}"], cc + 2 * C_BRANCH

    # ------------------------------------------------------------------
    # --float: single and double arithmetic, conversions both ways and
    # comparisons feeding divergent branches (no undefined behaviour: the
    # float-to-integer conversions go through f2i / f2u, which clamp NaN and
    # out-of-range values; divisors are |y| + 1; square roots of |x|)

    def fexpr(self, fn, ctx, dbl, depth):
        """A float (dbl: double) expression over data-dependent values."""
        r = self.r
        self.ops += 1
        t = "double" if dbl else "float"
        sfx = "" if dbl else "f"
        if depth <= 0 or r.random() < 0.3:
            x, _ = self.expr(fn, ctx, 1)
            k = r.random()
            if k < 0.35:
                return "(%s)(int32_t)%s" % (t, x)
            if k < 0.55:
                return "(%s)%s" % (t, x)
            if k < 0.7:
                return "((%s)(int32_t)%s * %s)" % (t, x, r.choice(
                    ["0.5", "0.1", "3.0", "1e-3", "65536.0", "1e30", "1e-30", "-0.75"]) + sfx)
            if k < 0.8:  # the bits of the other precision, converted
                return "(%s)bits2%s(%s)" % (t, "f" if dbl else "d", x)
            if k < 0.9:
                return "bits2%s(%s)" % ("d" if dbl else "f", x)
            return r.choice(["0.0", "-0.0", "1.5", "2.5", "-2.5", "0.3333333333333333",
                             "2147483647.5", "4294967295.5", "-2147483648.5"]) + sfx
        a = self.fexpr(fn, ctx, dbl, depth - 1)
        b = self.fexpr(fn, ctx, dbl if r.random() < 0.8 else not dbl, depth - 1)
        b = "(%s)%s" % (t, b)
        m = "" if dbl else "f"
        k = r.random()
        if k < 0.5:
            return "(%s %s %s)" % (a, r.choice(["+", "-", "*", "+", "*"]), b)
        if k < 0.6:
            return "(%s / (__builtin_fabs%s(%s) + 1.0%s))" % (a, m, b, sfx)
        if k < 0.7:
            return "__builtin_sqrt%s(__builtin_fabs%s(%s))" % (m, m, a)
        if k < 0.8:
            c = self.fexpr(fn, ctx, dbl, 0)
            return "__builtin_fma%s(%s, %s, %s)" % (m, a, b, c)
        if k < 0.9:
            return "__builtin_f%s%s(%s, %s)" % (r.choice(["min", "max"]), m, a, b)
        return "(%s)(%s)" % (t, a if dbl else "(double)" + a)

    def s_float(self, fn, ctx, budget):
        r = self.r
        fd = self.fexpr(fn, ctx, True, r.randint(1, 3))
        ff = self.fexpr(fn, ctx, False, r.randint(1, 3))
        tgt = self.target(fn)
        cmp = r.choice(["<", "<=", "==", "!=", ">", ">="])
        outs = ["f2i(fd)", "f2u(fd)", "f2i((double)ff)", "f2u((double)ff)", "dbits(fd)",
                "fbits(ff)", "fbits((float)fd)", "dbits((double)ff * 3.0)"]
        lines = ["{",
                 "    double fd = %s;" % fd,
                 "    float ff = %s;" % ff,
                 "    if (fd %s (double)ff) {" % cmp,
                 "        %s ^= %s;" % (tgt, r.choice(outs)),
                 "    } else if (%s) {" % r.choice(["ff != ff", "fd > 1e9", "ff < -0.5f",
                                                     "__builtin_isinf(fd)", "fd == 0.0"]),
                 "        %s += %s;" % (tgt, r.choice(outs)),
                 "    } else {",
                 "        %s -= %s;" % (tgt, r.choice(outs)),
                 "    }",
                 "}"]
        return lines, 12 * C_OP + 2 * C_BRANCH + C_STMT

    STMTS = ["assign", "store", "atomic", "if", "loop", "switch", "call",
             "fpcall", "ret", "brk", "goto", "float"]
    COMPOUND = ("if", "loop", "switch")

    def stmt(self, fn, ctx, budget):
        r = self.r
        if self.over(fn):
            x, c = self.leaf(fn, ctx)
            return ["%s %s %s;" % (self.target(fn), r.choice(["+=", "^="]), x)], c + C_STMT
        kinds, ws = [], []
        for k in self.STMTS:
            w = self.weights[k]
            if k in self.COMPOUND and (ctx.depth >= self.max_depth or budget < 60):
                w = 0
            if k == "brk" and not (ctx.in_loop or ctx.in_switch):
                w = 0
            if k == "goto" and fn.kind == "rec":
                w = 0
            if k == "goto" and not ctx.labels:
                w = 0
            if k in ("call", "fpcall") and budget < 40:
                w = 0
            if w > 0:
                kinds.append(k)
                ws.append(w)
        k = r.choices(kinds, ws)[0]
        return getattr(self, "s_" + k)(fn, ctx, budget)

    def block(self, fn, ctx, budget, lo=1, toplevel=False):
        """A statement list; places its own labels."""
        r = self.r
        n = r.randint(lo, max(lo, self.block_max))
        if toplevel:
            # a function body runs until its expression budget is used up
            n = 60
        items = []
        cost = 0.0
        mult = 1.0
        remaining = max(budget, 20.0)
        pending = []      # (position, Label)
        mine = []
        for i in range(n):
            if i >= lo and self.over(fn):
                break
            for pos, lab in list(pending):
                if pos == i:
                    self.place(items, ctx, lab)
                    pending.remove((pos, lab))
            if self.f_goto and fn.kind != "rec" and r.random() < 0.25:
                if r.random() < 0.5 and i < n - 1:
                    lab = Label("L%d" % fn.nlabel, "fwd")
                    fn.nlabel += 1
                    pending.append((r.randint(i + 1, n), lab))
                    ctx.labels.append(lab)
                    mine.append(lab)
                else:
                    bound = r.randint(1, 3)
                    lab = Label("L%d" % fn.nlabel, "back", None, bound)
                    lab.counter = self.new_counter(fn, "g", lab)
                    fn.nlabel += 1
                    items.append(("label", lab))
                    ctx.labels.append(lab)
                    mine.append(lab)
                    mult *= bound + 1
                    remaining /= bound + 1
            share = remaining * r.uniform(0.3, 0.9) if i < n - 1 else remaining
            lines, c = self.stmt(fn, ctx, share)
            items.append(("code", lines))
            cost += c * mult
            remaining = max(remaining - c, 0.0)
        for pos, lab in pending:
            self.place(items, ctx, lab)
        for lab in mine:
            if lab in ctx.labels:
                ctx.labels.remove(lab)
        out = []
        for kind, v in items:
            if kind == "label":
                out.append(v)
            else:
                out += v
        return out, cost

    def place(self, items, ctx, lab):
        items.append(("label", lab))
        if lab in ctx.labels:
            ctx.labels.remove(lab)

    def ind(self, lines):
        out = []
        for l in lines:
            out.append(l if isinstance(l, Label) else "    " + l)
        return out

    # ------------------------------------------------------------------
    # functions

    def gen_func(self, fn, budget, ops_budget):
        r = self.r
        fn.ops_budget = ops_budget
        fn.ops_start = self.ops
        fn.locals = ["v%d" % i for i in range(self.nlocals)]
        ctx = Ctx()
        init = []
        for v in fn.locals:
            k = r.random()
            if k < 0.4:
                init.append("uint32_t %s = a ^ 0x%08xu;" % (v, r.getrandbits(32)))
            elif k < 0.7:
                init.append("uint32_t %s = b + tid * %du;" % (v, r.randint(1, 1000)))
            else:
                init.append("uint32_t %s = %s;" % (v, self.const()))
        body_pre = []
        factor = 1.0
        if fn.kind == "rec":
            fn.dmask = r.choice([3, 3, 7])
            fn.nself = 1 if fn.dmask == 7 else r.choice([1, 1, 2])
            levels = fn.dmask + 1
            factor = sum(fn.nself ** l for l in range(levels))
            cnd, _ = self.cond(fn, ctx, 1)
            x, _ = self.expr(fn, ctx, 2)
            if r.random() < 0.6:
                body_pre = ["if (d == 0u || (%s))" % cnd, "    return %s;" % x]
            else:
                body_pre = ["if (d == 0u)", "    return %s;" % x]
        body, c = self.block(fn, ctx, budget / factor - 20, lo=3, toplevel=True)
        if fn.kind == "rec":
            # insert the self-calls at top level (each runs at most once per call)
            for _ in range(fn.nself):
                x, _ = self.expr(fn, ctx, 1)
                call = "%s = %s(tid, %s, d - 1u);" % (self.target(fn), fn.name, x)
                if r.random() < 0.5:
                    cnd, _ = self.cond(fn, ctx, 1)
                    call = ["if (%s)" % cnd, "    " + call]
                else:
                    call = [call]
                # top-level statement boundaries only
                pos = self.boundaries(body)
                p = r.choice(pos)
                body = body[:p] + call + body[p:]
                c += 20
        ret = " ^ ".join(["a", "b"] + fn.locals)
        fn.cost = (c + 30) * factor
        fn.ops = self.ops - fn.ops_start
        frames = stack = 0
        for g in fn.callees:
            frames = max(frames, g.frames)
            stack = max(stack, g.stack)
        fn.frames = frames + self.levels(fn)
        fn.stack = stack + self.levels(fn) * (FRAME_BASE + FRAME_PER_OP * fn.ops)
        attrs = ""
        if fn.kind == "kernel" or (fn.kind == "plain" and r.random() < self.p_noinline):
            attrs = "__attribute__((noinline)) "
        elif fn.kind == "rec" and r.random() < 0.5:
            attrs = "__attribute__((noinline)) "
        fn.noinline = bool(attrs)
        lines = ["static %suint32_t %s(uint32_t tid, uint32_t a, uint32_t b)" % (attrs, fn.name), "{"]
        if fn.kind == "rec":
            lines.append("    uint32_t d = b & %du;" % fn.dmask)
        lines += ["    " + l for l in init]
        for cn, lab in fn.counters:
            if lab is None or lab.used:
                lines.append("    uint32_t %s = 0u;" % cn)
        fn.decl_end = len(lines)
        lines += ["    " + l for l in body_pre]
        for l in body:
            if isinstance(l, Label):
                if l.used:
                    lines.append("%s:;" % l.name)
            else:
                lines.append("    " + l)
        lines.append("    return %s;" % ret)
        lines.append("}")
        fn.lines = lines

    def boundaries(self, body):
        """Indices in body (un-indented list) where a new top-level statement
        may be inserted: before a line with no leading space that does not
        continue the previous statement."""
        pos = [len(body)]
        for i, l in enumerate(body):
            if isinstance(l, Label):
                continue
            if l.startswith(" ") or l.startswith("}"):
                continue
            pos.append(i)
        return pos

    def generate(self):
        r = self.r
        kernel_budget = self.size
        for i in range(self.nfuncs):
            kind = "rec" if self.f_rec and r.random() < 0.35 else "plain"
            fn = Func(i, "f%d" % i, kind)
            # cheaper functions first, costlier ones may call them
            hi = kernel_budget * r.uniform(0.05, 0.4)
            budget = r.uniform(hi * 0.2, hi)
            if kind == "rec":
                ops = r.randint(20, 120)
            else:
                ops = r.randint(self.fn_ops // 8, self.fn_ops)
            self.gen_func(fn, budget, ops)
            self.funcs.append(fn)
        k = Func(len(self.funcs), "kernel", "kernel")
        self.gen_func(k, kernel_budget, self.kernel_ops)
        # every function must be referenced (no -Wunused-function): call the
        # left-overs from the kernel if the stack allows, else mark them unused
        left = [g for g in self.funcs if not g.referenced]
        extra = []
        for g in left:
            if g.stack + FRAME_BASE + FRAME_PER_OP * (k.ops + 20) > STACK_LIMIT:
                g.lines[0] = g.lines[0].replace("static ", "static __attribute__((unused)) ", 1)
                continue
            x, _ = self.expr(k, Ctx(), 1)
            extra.append("    %s ^= %s(tid, %s, %du);" % (k.locals[0], g.name, x, r.randint(0, 9)))
            g.referenced = True
            k.cost += g.cost
            k.stack = max(k.stack, g.stack + FRAME_BASE + FRAME_PER_OP * k.ops)
        if extra:
            # right after the declarations
            k.lines = k.lines[:k.decl_end] + extra + k.lines[k.decl_end:]
        self.kernel = k
        return self.render()

    # ------------------------------------------------------------------
    # output

    def render(self):
        maxt, roww = self.maxt, self.roww
        out = []
        p = out.append
        p("/* Generated by tools/randprog.py --seed %d --max-threads %d --size %d."
          % (self.seed, self.maxt, self.size))
        p(" * %d functions, max depth %d, features:%s. Do not edit. */"
          % (self.nfuncs, self.max_depth, self.features()))
        p("#include <stdint.h>")
        p("#include <stdio.h>")
        p("#include <simty.h>")
        p("")
        p("#define MAXT %du" % maxt)
        p("#define ROWW %du" % roww)
        p("#define NCNT %d" % self.ncnt)
        p("")
        p("typedef uint16_t __attribute__((may_alias)) u16a;")
        p("typedef int16_t __attribute__((may_alias)) s16a;")
        p("")
        p("/* Everything the signature covers. */")
        p("struct sigarea {")
        p("    uint32_t res[MAXT];            /* per-thread results (atomic xor) */")
        p("    uint32_t cnt[NCNT];            /* shared counters (atomics only) */")
        p("    uint32_t row[MAXT * ROWW];     /* row-major private rows */")
        p("    uint32_t iw[ROWW * MAXT];      /* interleaved private words */")
        p("    uint16_t ih[2 * ROWW * MAXT];  /* interleaved private halfwords */")
        p("    uint8_t ib[4 * ROWW * MAXT];   /* interleaved private bytes */")
        p("};")
        size = 4 * (maxt + self.ncnt + maxt * roww * 4)
        init = []
        for op in self.cnt_ops:
            init.append({"and": "0xffffffffu", "minu": "0xffffffffu", "min": "0x7fffffffu",
                         "max": "0x80000000u"}.get(op, "0u"))
        p("static struct sigarea S __attribute__((used, aligned(16))) = {")
        p("    .cnt = { %s },  /* %s */" % (", ".join(init), " ".join(self.cnt_ops)))
        p("};")
        p("_Static_assert(sizeof(struct sigarea) == %d, \"signature size\");" % size)
        p("__asm__(\".globl begin_signature\\n\\t.set begin_signature, S\\n\\t\"")
        p("        \".globl end_signature\\n\\t.set end_signature, S + %d\");" % size)
        p("")
        p("/* Private rows: this thread's slice of S, or thread-local rows for")
        p(" * tid >= MAXT. Set in main before kernel(). */")
        p("static __thread uint32_t *p_row;")
        p("static __thread uint32_t *p_iw;")
        p("static __thread uint16_t *p_ih;")
        p("static __thread uint8_t *p_ib;")
        p("static __thread uint32_t p_is;")
        p("static __thread uint32_t tl_row[ROWW], tl_iw[ROWW];")
        p("static __thread uint16_t tl_ih[2 * ROWW];")
        p("static __thread uint8_t tl_ib[4 * ROWW];")
        p("")
        p("#define RW(k) (p_row[(k) & (ROWW - 1u)])")
        p("#define RH(k) (((u16a *)p_row)[(k) & (2u * ROWW - 1u)])")
        p("#define RHS(k) (((s16a *)p_row)[(k) & (2u * ROWW - 1u)])")
        p("#define RB(k) (((uint8_t *)p_row)[(k) & (4u * ROWW - 1u)])")
        p("#define RBS(k) (((int8_t *)p_row)[(k) & (4u * ROWW - 1u)])")
        p("#define IW(k) (p_iw[((k) & (ROWW - 1u)) * p_is])")
        p("#define IH(k) (p_ih[((k) & (2u * ROWW - 1u)) * p_is])")
        p("#define IHS(k) (((int16_t *)p_ih)[((k) & (2u * ROWW - 1u)) * p_is])")
        p("#define IB(k) (p_ib[((k) & (4u * ROWW - 1u)) * p_is])")
        p("#define IBS(k) (((int8_t *)p_ib)[((k) & (4u * ROWW - 1u)) * p_is])")
        p("")
        # tables actually referenced (some generated expressions are dropped)
        code = "\n".join(l for fn in self.funcs + [self.kernel] for l in fn.lines
                         if isinstance(l, str))
        self.used_tabs = set(t for t in ("T32", "T16", "T8") if re.search(r"\b%s\[" % t, code))
        if self.used_tabs:
            p("/* Shared read-only tables. */")
        if "T32" in self.used_tabs:
            p("static const uint32_t T32[256] = {")
            for i in range(0, 256, 6):
                p("    " + " ".join("0x%08xu," % v for v in self.t32[i:i + 6]))
            p("};")
        if "T16" in self.used_tabs:
            p("static const int16_t T16[64] = {")
            for i in range(0, 64, 10):
                p("    " + " ".join("%d," % v for v in self.t16[i:i + 10]))
            p("};")
        if "T8" in self.used_tabs:
            p("static const int8_t T8[64] = {")
            for i in range(0, 64, 16):
                p("    " + " ".join("%d," % v for v in self.t8[i:i + 16]))
            p("};")
        p("")
        if self.fp:
            p("/* --float helpers: bit casts, and conversions to integers that")
            p(" * are defined for every value (NaN and out of range clamp). */")
            p("static inline uint32_t fbits(float f) { uint32_t u; __builtin_memcpy(&u, &f, 4); return u; }")
            p("static inline uint32_t dbits(double d)")
            p("{")
            p("    uint64_t u;")
            p("    __builtin_memcpy(&u, &d, 8);")
            p("    return (uint32_t)u ^ (uint32_t)(u >> 32);")
            p("}")
            p("static inline float bits2f(uint32_t u) { float f; __builtin_memcpy(&f, &u, 4); return f; }")
            p("static inline double bits2d(uint32_t u)")
            p("{")
            p("    uint64_t v = ((uint64_t)(u * 0x9e3779b9u) << 32) | u;")
            p("    double d;")
            p("    __builtin_memcpy(&d, &v, 8);")
            p("    return d;")
            p("}")
            p("static inline uint32_t f2i(double d)")
            p("{")
            p("    if (!(d > -2147483649.0 && d < 2147483648.0))")
            p("        return d != d ? 0x7fffffffu : d > 0 ? 0x7ffffffeu : 0x80000001u;")
            p("    return (uint32_t)(int32_t)d;")
            p("}")
            p("static inline uint32_t f2u(double d)")
            p("{")
            p("    if (!(d > -1.0 && d < 4294967296.0))")
            p("        return d != d ? 0xfffffffdu : d > 0 ? 0xfffffffeu : 0u;")
            p("    return (uint32_t)d;")
            p("}")
            p("")
        p("static inline uint32_t rotl32(uint32_t x, uint32_t s)")
        p("{")
        p("    s &= 31u;")
        p("    return (x << s) | (x >> ((32u - s) & 31u));")
        p("}")
        p("")
        for fn in self.funcs:
            p("static uint32_t %s(uint32_t tid, uint32_t a, uint32_t b);" % fn.name)
        if self.funcs:
            p("")
        for t, ents in enumerate(self.tables):
            p("static uint32_t (*const FT%d[%d])(uint32_t, uint32_t, uint32_t) = {" % (t, len(ents)))
            p("    " + ", ".join(self.funcs[e].name for e in ents))
            p("};")
        if self.tables:
            p("")
        for fn in self.funcs + [self.kernel]:
            p("/* %s: %s, est. cost %d, ops %d, frames %d, stack %d */"
              % (fn.name, fn.kind, fn.cost, fn.ops, fn.frames, fn.stack))
            for l in fn.lines:
                p(l)
            p("")
        p("int main(void)")
        p("{")
        p("    uint32_t tid = simty_tid();")
        p("    uint32_t n = simty_nthreads();")
        p("    if (tid < MAXT) {")
        p("        p_row = &S.row[tid * ROWW];")
        p("        p_iw = &S.iw[tid];")
        p("        p_ih = &S.ih[tid];")
        p("        p_ib = &S.ib[tid];")
        p("        p_is = MAXT;")
        p("    } else {")
        p("        p_row = tl_row;")
        p("        p_iw = tl_iw;")
        p("        p_ih = tl_ih;")
        p("        p_ib = tl_ib;")
        p("        p_is = 1u;")
        p("    }")
        p("    uint32_t r = kernel(tid, n, 0x%08xu);" % self.r.getrandbits(32))
        p("    simty_atomic_xor(&S.res[tid % MAXT], r);")
        p("    printf(\"t%lu %08lx\\n\", (unsigned long)tid, (unsigned long)r);")
        p("    simty_barrier();")
        p("    if (tid == 0u) {")
        p("        uint32_t h = 0x811c9dc5u;")
        p("        for (unsigned i = 0; i < NCNT; i++)")
        p("            printf(\"c%u %08lx\\n\", i, (unsigned long)S.cnt[i]);")
        p("        for (unsigned i = 0; i < MAXT; i++)")
        p("            h = (h ^ S.res[i]) * 0x01000193u;")
        p("        printf(\"res %08lx\\n\", (unsigned long)h);")
        p("        h = 0x811c9dc5u;")
        p("        for (unsigned i = 0; i < MAXT * ROWW; i++)")
        p("            h = (h ^ S.row[i] ^ (S.iw[i] << 1)) * 0x01000193u;")
        p("        for (unsigned i = 0; i < 2u * MAXT * ROWW; i++)")
        p("            h = (h ^ S.ih[i]) * 0x01000193u;")
        p("        for (unsigned i = 0; i < 4u * MAXT * ROWW; i++)")
        p("            h = (h ^ S.ib[i]) * 0x01000193u;")
        p("        printf(\"mem %08lx\\n\", (unsigned long)h);")
        p("    }")
        p("    return 0;")
        p("}")
        return "\n".join(out) + "\n"

    def features(self):
        f = []
        for name in ("switch", "fptr", "goto", "rec", "atomic", "cas", "sub", "row",
                     "il", "ret", "brk", "mem", "tab", "muldiv", "fp"):
            if getattr(self, "f_" + name):
                f.append(" " + name)
        return "".join(f)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="random divergent SPMD C program for simty differential tests")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--max-threads", type=int, default=256)
    ap.add_argument("--size", type=int, default=30000)
    ap.add_argument("--stats", action="store_true")
    ap.add_argument("--float", action="store_true",
                    help="also single and double arithmetic, conversions and FP "
                         "comparisons feeding branches (other programs than without)")
    args = ap.parse_args(argv)
    if args.max_threads < 1 or args.max_threads & (args.max_threads - 1):
        ap.error("--max-threads must be a power of two >= 1")
    if args.size < 100:
        ap.error("--size must be >= 100")
    g = Gen(args.seed, args.max_threads, args.size, args.float)
    text = g.generate()
    if args.stats:
        sys.stderr.write("seed %d: %d funcs, depth %d,%s; kernel est. cost %d, "
                         "ops %d, frames %d, stack %d\n"
                         % (args.seed, g.nfuncs, g.max_depth, g.features(),
                            g.kernel.cost, g.kernel.ops, g.kernel.frames, g.kernel.stack))
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
