/* Leader/follower coalescing (spec section 6). */
#include "check.h"
#include "warp/coalesce.h"

static insn_t mk(uint32_t raw)
{
    insn_t d;
    insn_decode(raw, &d);
    return d;
}

/* Passes needed to serve every lane of mask. */
static unsigned passes(const coalescer_ops *k, const insn_t *d, const uint32_t *a, lane_mask m,
                       unsigned T)
{
    unsigned n = 0;
    while (m) {
        lane_mask s = coalesce_pass(k, d, a, NULL, m, T);
        if (!(s & m & -m)) /* the leader must always be served */
            return 999;
        m &= ~s;
        n++;
    }
    return n;
}

int main(void)
{
    insn_t lw = mk(0x0005a503);  /* lw a0,0(a1) */
    insn_t sw = mk(0x00a5a023);  /* sw a0,0(a1) */
    insn_t lb = mk(0x00058503);  /* lb a0,0(a1) */
    insn_t amo = mk(0x00c5a52f); /* amoadd.w a0,a2,(a1) */
    const coalescer_ops *S = &coalescer_simty, *B = &coalescer_block;
    uint32_t a[64];

    for (unsigned l = 0; l < 4; l++) /* unit stride, aligned block */
        a[l] = 0x1000 + 4 * l;
    CHECK_EQ(coalesce_pass(S, &lw, a, NULL, 0xf, 4), 0xf);
    CHECK_EQ(coalesce_pass(S, &sw, a, NULL, 0xf, 4), 0xf);
    CHECK_EQ(coalesce_pass(S, &lw, a, NULL, 0xa, 4), 0xa); /* inactive lanes are not served */
    CHECK_EQ(passes(S, &lb, a, 0xf, 4), 4);          /* sub-word: one lane per pass */
    CHECK_EQ(passes(B, &lb, a, 0xf, 4), 1);
    CHECK_EQ(passes(S, &amo, a, 0xf, 4), 4);         /* atomics: lane by lane */
    CHECK_EQ(passes(B, &amo, a, 0xf, 4), 4);

    for (unsigned l = 0; l < 4; l++) /* same word: loads broadcast, stores serialise */
        a[l] = 0x1008;
    CHECK_EQ(coalesce_pass(S, &lw, a, NULL, 0xf, 4), 0xf);
    /* lane 2 is unit-stride (word 2 of the block) but waits for lane 1,
     * which writes the same word later: lane order, highest lane wins */
    CHECK_EQ(coalesce_pass(S, &sw, a, NULL, 0xf, 4), 0x1);
    CHECK_EQ(passes(S, &sw, a, 0xf, 4), 3); /* {0}, {1, 2}, {3} */
    a[1] = 0x1004; /* lane 1 now unit-stride too: lanes 0-2 in one pass, lane 2
                      after lane 0 on the same word; lane 3 later still */
    CHECK_EQ(coalesce_pass(S, &sw, a, NULL, 0xf, 4), 0x7);
    CHECK_EQ(coalesce_pass(S, &sw, a, NULL, 0xe, 4), 0x6); /* leader lane 1 */
    a[0] = 0x1000; /* lane 2 must wait for lane 1 (same word), lane 3 need not */
    a[1] = 0x1008;
    a[2] = 0x1008;
    a[3] = 0x100c;
    CHECK_EQ(coalesce_pass(S, &sw, a, NULL, 0xf, 4), 0x9);
    CHECK_EQ(coalesce_pass(S, &lw, a, NULL, 0xf, 4), 0xd); /* loads need not wait */

    for (unsigned l = 0; l < 4; l++) /* stride 2 words */
        a[l] = 0x1000 + 8 * l;
    CHECK_EQ(passes(S, &lw, a, 0xf, 4), 4);
    CHECK_EQ(passes(B, &lw, a, 0xf, 4), 2); /* two lanes per 16-byte block */

    for (unsigned l = 0; l < 4; l++) /* unit stride but shifted by one word */
        a[l] = 0x1004 + 4 * l;
    CHECK_EQ(coalesce_pass(S, &lw, a, NULL, 0xf, 4), 0x1); /* leader's own word is not its slot */
    CHECK_EQ(passes(S, &lw, a, 0xf, 4), 4);
    CHECK_EQ(passes(B, &lw, a, 0xf, 4), 2);

    for (unsigned l = 0; l < 3; l++) /* T = 3: 12-byte blocks, not a power of two */
        a[l] = 24 + 4 * l;
    CHECK_EQ(coalesce_pass(S, &lw, a, NULL, 0x7, 3), 0x7);
    for (unsigned l = 0; l < 3; l++)
        a[l] = 16 + 4 * l; /* straddles the blocks [12,24) and [24,36) */
    CHECK_EQ(passes(S, &lw, a, 0x7, 3), 3);
    CHECK_EQ(passes(B, &lw, a, 0x7, 3), 2);

    for (unsigned l = 0; l < 64; l++) /* T = 64, full mask */
        a[l] = 0x80000000u + 4 * l;
    CHECK_EQ(coalesce_pass(S, &lw, a, NULL, ~0ull, 64), ~0ull);
    a[63] = 0x90000000u;
    CHECK_EQ(passes(S, &sw, a, ~0ull, 64), 2);

    /* misaligned lanes: a lane spanning two words */
    insn_t lh = mk(0x00059503);  /* lh a0,0(a1) */
    for (unsigned l = 0; l < 4; l++)
        a[l] = 0x1000 + 4 * l;
    a[2] = 0x100a; /* lane 2: words 0x1008 and 0x100c */
    CHECK_EQ(coalesce_pass(S, &lw, a, NULL, 0xf, 4), 0xb); /* it replays alone */
    CHECK_EQ(passes(S, &lw, a, 0xf, 4), 2);
    CHECK_EQ(coalesce_pass(S, &lw, a, NULL, 0xc, 4), 0x4); /* a misaligned leader: alone */
    CHECK_EQ(coalesce_pass(B, &lw, a, NULL, 0xf, 4), 0xf); /* both its words in the block */
    /* a store: lane 3 (word 0x100c) must wait for lane 2, which writes part
     * of that word in its later pass */
    CHECK_EQ(coalesce_pass(S, &sw, a, NULL, 0xf, 4), 0x3);
    CHECK_EQ(passes(S, &sw, a, 0xf, 4), 3); /* {0, 1}, {2}, {3} */
    a[2] = 0x100e; /* lane 2 spans into the next block: the block coalescer
                      leaves it for later, and lane 3 (a word it writes) too */
    CHECK_EQ(coalesce_pass(B, &lw, a, NULL, 0xf, 4), 0xb);
    CHECK_EQ(coalesce_pass(B, &sw, a, NULL, 0xf, 4), 0x3);
    CHECK_EQ(passes(B, &sw, a, 0xf, 4), 2); /* {0, 1}, {2, 3} in lane order */
    a[0] = 0x1001; /* a misaligned halfword leader within one word */
    CHECK_EQ(coalesce_pass(S, &lh, a, NULL, 0xf, 4), 0x1);
    CHECK_EQ(coalesce_pass(B, &lh, a, NULL, 0xf, 4), 0xf); /* lane 2: 0x100e-0x100f */
    a[2] = 0x100f;
    CHECK_EQ(coalesce_pass(B, &lh, a, NULL, 0xf, 4), 0xb);

    /* --stack-interleave (4 harts, 16-byte areas at 0x1000): hart 1's
     * misaligned lw at offset 2 of its area has its first byte stored at
     * 0x1006, its last (offset 5) at 0x1015, outside the block [0x1000,
     * 0x1010) that holds the first */
    const stack_layout il = {.size = 16, .top = 0x1040, .base = 0x1000, .il_size = 64};
    CHECK_EQ(stacks_access_byte(&il, 4, 0x1006, 3), 0x1015);
    CHECK_EQ(stacks_store_addr(&il, 4, stacks_guest_addr(&il, 4, 0x1015)), 0x1015);
    a[0] = 0x1000, a[1] = 0x1006, a[2] = 0x1008, a[3] = 0x100c;
    CHECK_EQ(coalesce_pass(B, &lw, a, NULL, 0xf, 4), 0xf); /* contiguous: in the block */
    CHECK_EQ(coalesce_pass(B, &lw, a, &il, 0xf, 4), 0xd);  /* interleaved: not */
    CHECK_EQ(coalesce_pass(B, &sw, a, &il, 0xf, 4), 0xd);  /* (lane 2: another word) */
    /* 8 lanes, unit stride but lane 1 at 0x1006: its last byte is stored in
     * word 0x1014 (lane 5's), so lane 5's store waits for lane 1's pass;
     * stored contiguously, word 0x1008 (lane 2's), and lane 2 waits */
    for (unsigned l = 0; l < 8; l++)
        a[l] = 0x1000 + 4 * l;
    a[1] = 0x1006;
    CHECK_EQ(coalesce_pass(S, &sw, a, &il, 0xff, 8), 0xdd);
    CHECK_EQ(coalesce_pass(S, &sw, a, NULL, 0xff, 8), 0xf9);
    CHECK_EQ(coalesce_pass(S, &lw, a, &il, 0xff, 8), 0xfd); /* loads need not wait */

    return check_report("test_coalesce");
}
