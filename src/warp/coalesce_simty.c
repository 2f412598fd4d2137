/* Simty's coalescer (--coalescer simty, the default; spec section 6): the
 * leader's block of 4*T bytes, each lane at its own slot (lane l at word l
 * of the block; 8-byte accesses: slot l of an 8T-byte block), and loads of
 * the leader's own address; sub-word accesses and a misaligned leader go
 * one lane per pass. */
#include "warp/coalesce.h"

#include "isa/exec.h"

static lane_mask simty_pass(const coalesce_req *q)
{
    const unsigned size = q->size, T = q->T;
    const uint32_t lead = q->lead, block = q->block, bsize = 4 * T, *addr = q->addr;
    if (size < 4 || (lead & (size - 1)))
        return q->leader_bit; /* sub-word or a misaligned leader: one lane per pass */
    uint32_t in[SIMTY_MAX_LANES]; /* per lane: served (~0) or not (0); SIMD code */
    const uint32_t is_load = q->d->cls == CLS_LOAD;
    /* (a misaligned lane is neither at a slot nor at the aligned leader's
     * address) */
    if (size == 8 && q->il && q->il->il_size) {
        /* interleaved stacks: each lane's two words are apart; the lanes
         * whose low words are slot l of the leader's block and whose high
         * words are as far from the leader's (a word-interleaved private
         * double: two unit-stride rows) */
        const uint32_t hi0 = coalesce_last_byte(q->il, lead, 8) & ~3u;
        for (unsigned l = 0; l < T; l++)
            in[l] = 0u - (uint32_t)(((addr[l] == block + 4 * l) &
                                     ((coalesce_last_byte(q->il, addr[l], 8) & ~3u) - hi0 ==
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
    lane_mask served = (exec_mask_of(in, T) | q->leader_bit) & q->mask;
    return is_load ? served : coalesce_store_order(q, served);
}

const coalescer_ops coalescer_simty = {.pass = simty_pass};
