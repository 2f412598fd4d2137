/* Leader/follower memory arbitration (spec section 6): what every
 * coalescer shares (coalesce.h).  The policies are coalesce_simty.c (the
 * paper's) and coalesce_block.c, each a plug-in (src/registry/plugins.c). */
#include "warp/coalesce.h"

#include "warp/lane_ops.h"

uint32_t coalesce_last_byte(const stack_layout *il, uint32_t a, unsigned size)
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

/* Stores to the same bytes serialise in lane order, so the highest lane's
 * value wins.  (Words, not bytes: an aligned word or the two words a
 * misaligned access spans.) */
__attribute__((noinline)) lane_mask coalesce_store_order(const coalesce_req *q, lane_mask served)
{
    lane_mask later = q->mask & ~served;
    for (lane_mask m = served & ~q->leader_bit; m && later; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t lw[3], kw[3];
        const unsigned ln = access_words(q->il, q->addr[l], q->size, lw);
        bool shares = false;
        for (lane_mask k = later & ((1ull << l) - 1); k && !shares; k &= k - 1) {
            const unsigned kn = access_words(q->il, q->addr[__builtin_ctzll(k)], q->size, kw);
            for (unsigned i = 0; i < ln && !shares; i++)
                for (unsigned j = 0; j < kn; j++)
                    shares |= lw[i] == kw[j];
        }
        if (shares)
            served &= ~(1ull << l);
    }
    return served;
}
