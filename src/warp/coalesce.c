#include "warp/coalesce.h"

#include "isa/exec.h"
#include "warp/lane_ops.h"

lane_mask coalesce_pass(simty_coalescer_kind kind, const insn_t *d, const uint32_t *addr,
                        lane_mask mask, unsigned T)
{
    unsigned leader = (unsigned)__builtin_ctzll(mask);
    lane_mask leader_bit = 1ull << leader;
    if (d->cls == CLS_AMO)
        return leader_bit; /* atomics: lane by lane, in lane order */

    const uint32_t lead = addr[leader], bsize = 4 * T;
    const uint32_t block = lead - lead % bsize; /* blocks need not be a power of two */
    uint32_t in[SIMTY_MAX_LANES]; /* per lane: served (~0) or not (0); SIMD code */

    if (kind == SIMTY_COALESCER_BLOCK) {
        for (unsigned l = 0; l < T; l++)
            in[l] = 0u - (uint32_t)((addr[l] - block) < bsize);
        return (exec_mask_of(in, T) | leader_bit) & mask;
    }
    if (mem_access_size(d) != 4)
        return leader_bit; /* sub-word: one lane per pass */
    const uint32_t is_load = d->cls == CLS_LOAD;
    for (unsigned l = 0; l < T; l++)
        in[l] = 0u - (uint32_t)((addr[l] == block + 4 * l) | (is_load & (addr[l] == lead)));
    /* (lanes below the leader are not in mask) */
    lane_mask served = (exec_mask_of(in, T) | leader_bit) & mask;
    if (!is_load) {
        /* A unit-stride lane must not store before a lower lane that writes
         * the same word in a later pass: same-address stores serialise in
         * lane order, so the highest lane's value wins. */
        lane_mask later = mask & ~served;
        for (lane_mask m = served & ~leader_bit; m && later; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            for (lane_mask k = later & ((1ull << l) - 1); k; k &= k - 1)
                if (addr[__builtin_ctzll(k)] == addr[l]) {
                    served &= ~(1ull << l);
                    break;
                }
        }
    }
    return served;
}
