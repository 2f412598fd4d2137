/* Fetch steering `skip-idle`: round robin over the live warps.  A warp is
 * idle when it has no runnable path: every thread of it has ended, is
 * parked (barrier, wrs, a spin backoff, a semihosting wait) or otherwise
 * waits, which is exactly the pipeline's `live` bit being clear (the commit
 * clears it when HCT1 goes, a wake-up or a PC write sets it).  The pointer
 * moves to the first live warp at or after it and then just past that
 * warp, so an idle warp costs no cycle.  When every warp is live this is rr
 * cycle for cycle.  Fair: a warp that is live is picked within W cycles
 * (the pointer passes every position in warp order), never later than
 * under rr.  With no live warp the slot is unused and the pointer stays. */
#include "pipeline/steering.h"

static unsigned skip_idle_pick(steer_state *st, const steer_view *v)
{
    if (!v->live)
        return STEER_NONE;
    const uint64_t ahead = v->live & ~((1ull << st->ptr) - 1); /* ptr < W <= 64 */
    const unsigned w = (unsigned)__builtin_ctzll(ahead ? ahead : v->live);
    st->ptr = w + 1 == v->W ? 0 : w + 1;
    return w;
}

const steering_ops steering_skip_idle = {.pick = skip_idle_pick};
