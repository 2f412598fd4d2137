#include "warp/coalesce.h"

#include "isa/exec.h"
#include "warp/lane_ops.h"

/* Do the words lanes k and l touch meet?  (w: each lane's first word;
 * hi: each lane's last byte, or NULL: the first word only.) */
static bool words_meet(const uint32_t *addr, const uint32_t *hi, unsigned k, unsigned l)
{
    uint32_t k0 = addr[k] & ~3u, l0 = addr[l] & ~3u;
    if (!hi)
        return k0 == l0;
    uint32_t k1 = hi[k] & ~3u, l1 = hi[l] & ~3u;
    return k0 == l0 || k0 == l1 || k1 == l0 || k1 == l1;
}

/* Stores: a lane served now must not store before a lower lane that writes
 * one of its words in a later pass: stores to the same bytes serialise in
 * lane order, so the highest lane's value wins. */
static lane_mask store_order(const uint32_t *addr, const uint32_t *hi, lane_mask served,
                             lane_mask mask, lane_mask leader_bit)
{
    lane_mask later = mask & ~served;
    for (lane_mask m = served & ~leader_bit; m && later; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        for (lane_mask k = later & ((1ull << l) - 1); k; k &= k - 1)
            if (words_meet(addr, hi, (unsigned)__builtin_ctzll(k), l)) {
                served &= ~(1ull << l);
                break;
            }
    }
    return served;
}

lane_mask coalesce_pass(simty_coalescer_kind kind, const insn_t *d, const uint32_t *addr,
                        const uint32_t *hi, lane_mask mask, unsigned T)
{
    unsigned leader = (unsigned)__builtin_ctzll(mask);
    lane_mask leader_bit = 1ull << leader;
    if (d->cls == CLS_AMO)
        return leader_bit; /* atomics: lane by lane, in lane order */

    const uint32_t lead = addr[leader], bsize = 4 * T;
    const uint32_t block = lead - lead % bsize; /* blocks need not be a power of two */
    uint32_t in[SIMTY_MAX_LANES]; /* per lane: served (~0) or not (0); SIMD code */
    const unsigned size = mem_access_size(d);

    if (kind == SIMTY_COALESCER_BLOCK) {
        for (unsigned l = 0; l < T; l++)
            in[l] = 0u - (uint32_t)((addr[l] - block) < bsize);
        if (hi) /* a misaligned lane: both its words in the block */
            for (unsigned l = 0; l < T; l++)
                in[l] &= 0u - (uint32_t)((hi[l] - block) < bsize);
        lane_mask served = (exec_mask_of(in, T) | leader_bit) & mask;
        return hi && d->cls == CLS_STORE ? store_order(addr, hi, served, mask, leader_bit)
                                         : served;
    }
    if (size != 4 || (lead & 3))
        return leader_bit; /* sub-word or a misaligned leader: one lane per pass */
    const uint32_t is_load = d->cls == CLS_LOAD;
    /* (a misaligned lane is neither at a word slot nor at the aligned leader's address) */
    for (unsigned l = 0; l < T; l++)
        in[l] = 0u - (uint32_t)((addr[l] == block + 4 * l) | (is_load & (addr[l] == lead)));
    /* (lanes below the leader are not in mask) */
    lane_mask served = (exec_mask_of(in, T) | leader_bit) & mask;
    return is_load ? served : store_order(addr, hi, served, mask, leader_bit);
}
