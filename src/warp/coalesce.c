#include "warp/coalesce.h"

#include "isa/exec.h"
#include "warp/lane_ops.h"

/* Where the last byte of an access of size bytes whose first byte is stored
 * at a is stored (il: the stack layout, interleaved when il_size != 0; its
 * harts: il_size / size). */
static uint32_t last_byte(const stack_layout *il, uint32_t a, unsigned size)
{
    if (il && il->il_size && ((a & (size - 1)) || size > 4)) /* (8 bytes: two words) */
        return stacks_access_byte(il, il->il_size / il->size, a, size - 1);
    return a + size - 1;
}

/* The words (4-aligned addresses) an access of size bytes whose first byte
 * is stored at a touches: up to three (a misaligned 8-byte access).
 * Returns how many. */
static unsigned access_words(const stack_layout *il, uint32_t a, unsigned size, uint32_t *w)
{
    unsigned n = 0;
    w[n++] = a & ~3u;
    for (unsigned b = 4 - (a & 3); b < size; b += 4) /* the first byte of each next word */
        w[n++] = (il && il->il_size ? stacks_access_byte(il, il->il_size / il->size, a, b)
                                    : a + b) & ~3u;
    return n;
}

/* Stores: a lane served now must not store before a lower lane that writes
 * one of its words in a later pass: stores to the same bytes serialise in
 * lane order, so the highest lane's value wins.  (Words, not bytes: an
 * aligned word or the two words a misaligned access spans.) */
static __attribute__((noinline)) lane_mask store_order(const uint32_t *addr, const stack_layout *il, unsigned size, lane_mask served, lane_mask mask, lane_mask leader_bit)
{
    lane_mask later = mask & ~served;
    for (lane_mask m = served & ~leader_bit; m && later; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t lw[3], kw[3];
        const unsigned ln = access_words(il, addr[l], size, lw);
        bool shares = false;
        for (lane_mask k = later & ((1ull << l) - 1); k && !shares; k &= k - 1) {
            const unsigned kn = access_words(il, addr[__builtin_ctzll(k)], size, kw);
            for (unsigned i = 0; i < ln && !shares; i++)
                for (unsigned j = 0; j < kn; j++)
                    shares |= lw[i] == kw[j];
        }
        if (shares)
            served &= ~(1ull << l);
    }
    return served;
}

/* The block coalescer: every lane whose first and last bytes are in the
 * leader's block. */
static __attribute__((noinline)) lane_mask block_pass(const insn_t *d, const uint32_t *addr,
                                                      const stack_layout *il, lane_mask mask,
                                                      unsigned T, lane_mask leader_bit,
                                                      uint32_t block)
{
    const uint32_t bsize = 4 * T;
    const unsigned size = mem_access_size(d);
    uint32_t in[SIMTY_MAX_LANES], mis = 0; /* per lane: served (~0) or not (0); SIMD code */
    if (il && il->il_size) {
        for (unsigned l = 0; l < T; l++)
            in[l] = 0u - (uint32_t)((addr[l] - block) < bsize &&
                                    (last_byte(il, addr[l], size) - block) < bsize);
    } else {
        for (unsigned l = 0; l < T; l++)
            in[l] = 0u - (uint32_t)(((addr[l] - block) < bsize) &
                                    ((addr[l] + size - 1 - block) < bsize));
    }
    lane_mask served = (exec_mask_of(in, T) | leader_bit) & mask;
    if (d->cls != CLS_STORE || served == mask)
        return served;
    for (unsigned l = 0; l < T; l++) /* (SIMD code) */
        mis |= addr[l] & (size - 1);
    /* aligned lanes out of the block share no word with those in it */
    return mis ? store_order(addr, il, size, served, mask, leader_bit) : served;
}

lane_mask coalesce_pass(simty_coalescer_kind kind, const insn_t *d, const uint32_t *addr,
                        const stack_layout *il, lane_mask mask, unsigned T)
{
    unsigned leader = (unsigned)__builtin_ctzll(mask);
    lane_mask leader_bit = 1ull << leader;
    if (d->cls == CLS_AMO)
        return leader_bit; /* atomics: lane by lane, in lane order */

    const uint32_t lead = addr[leader], bsize = 4 * T;
    const uint32_t block = lead - lead % bsize; /* blocks need not be a power of two */
    if (kind == SIMTY_COALESCER_BLOCK)
        return block_pass(d, addr, il, mask, T, leader_bit, block);
    const unsigned size = mem_access_size(d);
    if (size < 4 || (lead & (size - 1)))
        return leader_bit; /* sub-word or a misaligned leader: one lane per pass */
    uint32_t in[SIMTY_MAX_LANES]; /* per lane: served (~0) or not (0); SIMD code */
    const uint32_t is_load = d->cls == CLS_LOAD;
    /* (a misaligned lane is neither at a slot nor at the aligned leader's
     * address).  FLD and FSD move 8 bytes per lane: slot l of the leader's
     * 8T-byte block */
    if (size == 8 && il && il->il_size) {
        /* interleaved stacks: each lane's two words are apart; the lanes
         * whose low words are slot l of the leader's block and whose high
         * words are as far from the leader's (a word-interleaved private
         * double: two unit-stride rows) */
        const uint32_t hi0 = last_byte(il, lead, 8) & ~3u;
        for (unsigned l = 0; l < T; l++)
            in[l] = 0u - (uint32_t)(((addr[l] == block + 4 * l) &
                                     ((last_byte(il, addr[l], 8) & ~3u) - hi0 == addr[l] - lead)) |
                                    (is_load & (addr[l] == lead)));
    } else if (size == 8) {
        const uint32_t block8 = lead - lead % (2 * bsize);
        for (unsigned l = 0; l < T; l++)
            in[l] = 0u - (uint32_t)((addr[l] == block8 + 8 * l) | (is_load & (addr[l] == lead)));
    } else {
        for (unsigned l = 0; l < T; l++)
            in[l] = 0u - (uint32_t)((addr[l] == block + 4 * l) | (is_load & (addr[l] == lead)));
    }
    /* (lanes below the leader are not in mask) */
    lane_mask served = (exec_mask_of(in, T) | leader_bit) & mask;
    return is_load ? served : store_order(addr, il, size, served, mask, leader_bit);
}
