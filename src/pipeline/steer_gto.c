/* Fetch steering `gto`: greedy then oldest.  The policy stays on one warp,
 * the greedy warp, and fetches it whenever that fetch is of use; the other
 * cycles go to the oldest warp, the one least recently fetched (a warp
 * never fetched is older than any fetched one; among those, the lowest
 * number).
 *
 * A warp can use a fetch when it is live (it has a runnable path), its
 * next instruction is not already in F+1 (a fetch would read the same PC
 * and be dropped: so a warp is fetched at most every other cycle, as fast
 * as its 1-entry buffer and the issue rule let it go) and it waits for no
 * load or AMO data (its next instruction could not issue before the data).
 * When no warp can, a live waiting warp may fill its buffer meanwhile.
 * The greedy warp stays greedy while it is live and waits for no data;
 * then the oldest warp picked becomes greedy.
 *
 * Forward progress: the greedy warp takes at most two cycles of any three
 * (two in a row only when a redirect changed its PC after the first: a warp
 * never commits in two successive cycles), and every other pick is the
 * oldest of the warps that can use it, which the pick makes the youngest.
 * So a live warp that can use a fetch gets one within about 3W cycles (the
 * warps older than it go first, each once), and a wait for data ends.
 */
#include "pipeline/steering.h"

/* The least recently fetched warp of the set m (not empty). */
static unsigned oldest(const steer_state *st, uint64_t m)
{
    unsigned best = (unsigned)__builtin_ctzll(m);
    for (m &= m - 1; m; m &= m - 1) {
        const unsigned w = (unsigned)__builtin_ctzll(m);
        if (st->fetched[w] < st->fetched[best])
            best = w;
    }
    return best;
}

static unsigned gto_pick(steer_state *st, const steer_view *v)
{
    const uint64_t can = v->live & ~v->fetching;
    const uint64_t ready = can & ~v->loading;
    const unsigned g = st->greedy;
    unsigned w;
    if (g < v->W && (ready >> g & 1)) {
        w = g;
    } else {
        if (!can)
            return STEER_NONE;
        w = oldest(st, ready ? ready : can);
        if (!(g < v->W && ((v->live & ~v->loading) >> g & 1))) /* g can no longer go on */
            st->greedy = w;
    }
    st->fetched[w] = v->now + 1;
    return w;
}

/* The greedy warp and the order of the warps by their last fetch (ranks,
 * not cycle numbers). */
static uint64_t gto_hash(const steer_state *st, unsigned W)
{
    uint64_t h = st->greedy;
    for (unsigned w = 0; w < W; w++) {
        unsigned rank = 0; /* warps fetched after w, or as never and numbered lower */
        for (unsigned u = 0; u < W; u++)
            rank += st->fetched[u] > st->fetched[w] || (st->fetched[u] == st->fetched[w] && u < w);
        h = (h ^ rank) * 0x100000001b3ull;
    }
    return h;
}

const steering_ops steering_gto = {.pick = gto_pick, .hash = gto_hash};
