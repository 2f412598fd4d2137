/* The block coalescer (--coalescer block): one pass serves every lane whose
 * first and last bytes are in the leader's block of 4*T bytes, whatever
 * its place in the block. */
#include "warp/coalesce.h"

#include "isa/exec.h"

static lane_mask block_pass(const insn_t *d, const uint32_t *addr_, const stack_layout *il,
                   lane_mask mask, unsigned T_)
{
    const coalesce_req r = coalesce_request(d, addr_, il, mask, T_), *q = &r;
    const uint32_t bsize = 4 * q->T, block = q->block;
    const unsigned size = q->size, T = q->T;
    const uint32_t *addr = q->addr;
    uint32_t in[SIMTY_MAX_LANES], mis = 0; /* per lane: served (~0) or not (0); SIMD code */
    if (q->il && q->il->il_size) {
        for (unsigned l = 0; l < T; l++)
            in[l] = 0u - (uint32_t)((addr[l] - block) < bsize &&
                                    (coalesce_last_byte(q->il, addr[l], size) - block) < bsize);
    } else {
        for (unsigned l = 0; l < T; l++)
            in[l] = 0u - (uint32_t)(((addr[l] - block) < bsize) &
                                    ((addr[l] + size - 1 - block) < bsize));
    }
    lane_mask served = (exec_mask_of(in, T) | q->leader_bit) & q->mask;
    if (q->d->cls != CLS_STORE || served == q->mask)
        return served;
    for (unsigned l = 0; l < T; l++) /* (SIMD code) */
        mis |= addr[l] & (size - 1);
    /* aligned lanes out of the block share no word with those in it */
    return mis ? coalesce_store_order(q, served) : served;
}

const coalescer_ops coalescer_block = {.pass = block_pass};
