/* Simty's coalescer (--coalescer simty, the default; spec section 6): the
 * leader's block of 4*T bytes, each lane at its own slot (lane l at word l
 * of the block; 8-byte accesses: slot l of an 8T-byte block), and loads of
 * the leader's own address; sub-word accesses and a misaligned leader go
 * one lane per pass. */
#include "warp/coalesce.h"

#include "isa/exec.h"

static lane_mask simty_pass(const insn_t *d, const uint32_t *addr, const stack_layout *il,
                            lane_mask mask, unsigned T)
{
    /* (the request's fields as locals: built whole only for a store's
     * order check, which is out of line) */
    const unsigned size = mem_access_size(d);
    const lane_mask leader_bit = mask & -mask;
    const uint32_t lead = addr[__builtin_ctzll(mask)];
    if (size < 4 || (lead & (size - 1)))
        return leader_bit; /* sub-word or a misaligned leader: one lane per pass */
    const uint32_t bsize = 4 * T, block = lead - lead % bsize;
    uint32_t in[SIMTY_MAX_LANES]; /* per lane: served (~0) or not (0); SIMD code */
    const uint32_t is_load = d->cls == CLS_LOAD;
    /* (a misaligned lane is neither at a slot nor at the aligned leader's
     * address) */
    if (size == 8 && il && il->il_size) {
        /* interleaved stacks: each lane's two words are apart; the lanes
         * whose low words are slot l of the leader's block and whose high
         * words are as far from the leader's (a word-interleaved private
         * double: two unit-stride rows) */
        const uint32_t hi0 = coalesce_last_byte(il, lead, 8) & ~3u;
        for (unsigned l = 0; l < T; l++)
            in[l] = 0u - (uint32_t)(((addr[l] == block + 4 * l) &
                                     ((coalesce_last_byte(il, addr[l], 8) & ~3u) - hi0 ==
                                      addr[l] - lead)) |
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
    const lane_mask served = (exec_mask_of(in, T) | leader_bit) & mask;
    if (is_load)
        return served;
    const coalesce_req q = {.d = d, .addr = addr, .il = il, .mask = mask, .T = T, .size = size,
                            .leader_bit = leader_bit, .lead = lead, .block = block};
    return coalesce_store_order(&q, served);
}

const coalescer_ops coalescer_simty = {.pass = simty_pass};
