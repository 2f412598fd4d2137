/* Fetch steering `rr` (the default): the RTL's strict round robin.  The
 * pointer visits warp 0, 1, ..., W-1, 0, ... one per cycle after reset,
 * whether or not the warp can use the slot: a warp whose threads have all
 * ended or wait still costs its cycle (spec section 5; docs/pipeline.md).
 * The cycle model inlines the pick (steering.h) rather than calling it
 * through this table. */
#include "pipeline/steering.h"

static unsigned rr_pick(steer_state *st, const steer_view *v)
{
    return steer_rr_pick(st, v->W);
}

const steering_ops steering_rr = {.pick = rr_pick};
