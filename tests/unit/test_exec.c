/* The per-lane executor's SIMD forms (isa/exec.h, isa/exec.c) against a
 * one-lane reference: every register-register, register-immediate and M
 * operation and every branch, at warp widths that take the specialised
 * loops (8, 16, 32, 64) and others (1, 3, 31, 33), full and partial masks,
 * operands with the edge values (0, 1, -1, INT_MIN, INT_MAX, shift counts
 * past 31).  On an x86-64 host built by GCC the AVX2 clone runs when the
 * host has AVX2, the baseline otherwise; both must equal the reference.
 * Also the mask helpers and the popcount without a POPCNT instruction. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "isa/exec.h"

#define MAXN 64

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t next32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

static uint32_t operand(void)
{
    static const uint32_t edge[] = {0, 1, 2, 31, 32, 33, 0xffffffffu, 0x80000000u, 0x7fffffffu,
                                    0xfffffffeu, 0x80000001u};
    unsigned pick = next32() % 16;
    return pick < sizeof edge / sizeof *edge ? edge[pick] : next32();
}

static uint64_t mask_of_n(unsigned n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

static insn_t mk(uint32_t raw)
{
    insn_t d;
    insn_decode(raw, &d);
    return d;
}

/* R-type rd=x3, rs1=x1, rs2=x2 */
static uint32_t rtype(unsigned f7, unsigned f3) { return f7 << 25 | 2 << 20 | 1 << 15 | f3 << 12 | 3 << 7 | 0x33; }
/* I-type rd=x3, rs1=x1 */
static uint32_t itype(int imm, unsigned f3) { return (uint32_t)(imm & 0xfff) << 20 | 1 << 15 | f3 << 12 | 3 << 7 | 0x13; }
/* branch x1, x2, +8 */
static uint32_t btype(unsigned f3) { return 2 << 20 | 1 << 15 | f3 << 12 | 8 << 7 | 0x63; }

static void check_alu(uint32_t raw, unsigned n)
{
    insn_t d = mk(raw);
    static uint32_t x[32 * MAXN], ref[32 * MAXN];
    for (unsigned r = 0; r < 32; r++)
        for (unsigned l = 0; l < n; l++)
            x[r * n + l] = r ? operand() : 0;
    memcpy(ref, x, sizeof(uint32_t) * 32 * n);
    uint64_t mask = next32() % 4 ? mask_of_n(n) : (((uint64_t)next32() << 32 | next32()) & mask_of_n(n));
    uint32_t sel[MAXN];
    exec_select_words(mask, n, sel);
    exec_alu_lanes(&d, x, n, n, mask == mask_of_n(n) ? NULL : sel, 0x80000100u);
    for (unsigned l = 0; l < n; l++) { /* the reference: one lane at a time */
        uint32_t lane[32];
        for (unsigned r = 0; r < 32; r++)
            lane[r] = ref[r * n + l];
        if (mask >> l & 1)
            exec_alu(&d, lane, 1, 1, NULL, 0x80000100u);
        for (unsigned r = 0; r < 32; r++)
            CHECK_EQ(x[r * n + l], lane[r]);
    }
}

/* exec_alu_run: k instructions at consecutive PCs in one call equal k calls
 * of exec_alu_lanes, each at its own PC (auipc sees it).  The cache holds
 * the instruction at pc in slot (pc >> 1) & 63: 4-byte and (c.li, c.addi,
 * c.mv: 2-byte) instructions mixed, the block wrapping round the cache. */
static void check_run(const uint32_t *raws, unsigned nraw, unsigned n)
{
    static const uint16_t parcels[] = {0x4529 /* c.li a0,10 */, 0x0585 /* c.addi a1,1 */,
                                       0x862a /* c.mv a2,a0 */, 0x95b2 /* c.add a1,a2 */};
    insn_t cache[64], d[16];
    unsigned k = 1 + next32() % 16;
    uint32_t pc0 = 0x80000200u + 2 * (next32() % 64), pc = pc0, at[16];
    for (unsigned i = 0; i < k; i++) {
        if (next32() % 3 == 0)
            insn_decode_c(parcels[next32() % 4], &d[i]);
        else
            d[i] = mk(raws[next32() % nraw]);
        at[i] = pc;
        cache[(pc >> 1) & 63] = d[i];
        pc += d[i].len;
    }
    static uint32_t x[32 * MAXN], ref[32 * MAXN];
    for (unsigned r = 0; r < 32; r++)
        for (unsigned l = 0; l < n; l++)
            x[r * n + l] = r ? operand() : 0;
    memcpy(ref, x, sizeof(uint32_t) * 32 * n);
    CHECK_EQ(exec_alu_run(cache, 63, k, x, n, pc0), pc);
    for (unsigned i = 0; i < k; i++)
        exec_alu_lanes(&d[i], ref, n, n, NULL, at[i]);
    for (unsigned i = 0; i < 32 * n; i++)
        CHECK_EQ(x[i], ref[i]);
}

static void check_branch(uint32_t raw, unsigned n)
{
    insn_t d = mk(raw);
    static uint32_t x[32 * MAXN];
    for (unsigned r = 0; r < 32; r++)
        for (unsigned l = 0; l < n; l++)
            x[r * n + l] = r ? operand() : 0;
    if (next32() % 3 == 0) /* equal operands in some lanes */
        for (unsigned l = 0; l < n; l += 2)
            x[2 * n + l] = x[1 * n + l];
    uint64_t taken = exec_branch_lanes(&d, x, n, n);
    for (unsigned l = 0; l < n; l++) {
        uint32_t lane[32];
        for (unsigned r = 0; r < 32; r++)
            lane[r] = x[r * n + l];
        CHECK_EQ(taken >> l & 1, exec_branch(&d, lane, 1, 1) & 1);
    }
    CHECK_EQ(taken & ~mask_of_n(n), 0);
}

int main(void)
{
    static const unsigned widths[] = {1, 3, 8, 16, 31, 32, 33, 64};
    uint32_t alu[] = {
        rtype(0, 0), rtype(0x20, 0), rtype(0, 1), rtype(0, 2), rtype(0, 3), rtype(0, 4),
        rtype(0, 5), rtype(0x20, 5), rtype(0, 6), rtype(0, 7),          /* RV32I R-type */
        rtype(1, 0), rtype(1, 1), rtype(1, 2), rtype(1, 3), rtype(1, 4), rtype(1, 5),
        rtype(1, 6), rtype(1, 7),                                        /* M */
        itype(-7, 0), itype(5, 2), itype(-1, 3), itype(0x5a5, 4), itype(-256, 6), itype(0x7f, 7),
        itype(13, 1), itype(31, 5), itype(0x400 | 9, 5),                /* I-type, shifts */
        0x123451b7u /* lui x3 */, 0x00001197u /* auipc x3 */,
        0x00000033u | 1 << 15 | 2 << 20 /* add x0, x1, x2: no effect */,
        /* rd is a source: each lane reads only its own lane */
        0x00000033u | 1 << 7 | 1 << 15 | 2 << 20 /* add x1, x1, x2 */,
        0x40000033u | 2 << 7 | 1 << 15 | 2 << 20 /* sub x2, x1, x2 */,
        0x02000033u | 1 << 7 | 1 << 15 | 1 << 20 /* mul x1, x1, x1 */,
        0x00001013u | 1 << 7 | 1 << 15 | 3 << 20 /* slli x1, x1, 3 */,
    };
    for (unsigned w = 0; w < sizeof widths / sizeof *widths; w++)
        for (unsigned i = 0; i < sizeof alu / sizeof *alu; i++)
            for (unsigned rep = 0; rep < 8; rep++)
                check_alu(alu[i], widths[w]);
    for (unsigned w = 0; w < sizeof widths / sizeof *widths; w++)
        for (unsigned rep = 0; rep < 64; rep++)
            check_run(alu, sizeof alu / sizeof *alu, widths[w]);
    static const unsigned f3[] = {0, 1, 4, 5, 6, 7}; /* beq bne blt bge bltu bgeu */
    for (unsigned w = 0; w < sizeof widths / sizeof *widths; w++)
        for (unsigned i = 0; i < 6; i++)
            for (unsigned rep = 0; rep < 8; rep++)
                check_branch(btype(f3[i]), widths[w]);

    /* select words and masks: inverse of each other at every width */
    for (unsigned rep = 0; rep < 2000; rep++) {
        unsigned n = 1 + next32() % 64;
        uint64_t m = ((uint64_t)next32() << 32 | next32()) & mask_of_n(n);
        uint32_t sel[MAXN];
        exec_select_words(m, n, sel);
        for (unsigned l = 0; l < n; l++)
            CHECK_EQ(sel[l], (m >> l & 1) ? 0xffffffffu : 0);
        CHECK_EQ(exec_mask_of(sel, n), m);
        CHECK_EQ(lane_popcount(m), (unsigned)__builtin_popcountll(m));
    }
    CHECK_EQ(lane_popcount(~0ull), 64);
    CHECK_EQ(lane_popcount(0), 0);
    CHECK_EQ(full_lane_mask(1), 1);
    CHECK_EQ(full_lane_mask(32), 0xffffffffull);
    CHECK_EQ(full_lane_mask(64), ~0ull);
    return check_report("test_exec");
}
