/* Debugger support for the SIMT models (models/debug_step.h): a step of
 * one thread's path that holds every other warp.  Nothing here runs unless
 * a front end calls it (simty_step_thread, sim/debug.c): the run loop and
 * the models' ticks do not know about debuggers. */
#include "models/debug_step.h"

#include "models/warp_commit.h"
#include "warp/warp_exec.h"

lane_mask sim_debug_warp_slot(simty_sim *s, unsigned gw)
{
    path_table *pt = &s->paths[gw];
    const path_t *a = paths_active(pt);
    if (!a)
        return 0;
    const path_t active = *a;
    sim_core *c = warp_core(s, gw);
    c->now = s->cycle;
    mem_request req; /* (no memory timing reads it) */
    warp_outcome o;
    o.mem = &req;
    if (!warp_execute(s, gw, 0, s->T, &active, &o))
        return active.mask; /* a fault: the run is over */
    c->stats.warp_instructions++;
    warp_count_executed(s, &c->stats, &active, &o);
    warp_commit(s, &c->stats, pt, gw * s->T, &o.c, 0, s->cycle);
    return active.mask;
}

int sim_debug_step_warp(simty_sim *s, unsigned hart)
{
    const unsigned gw = hart / s->T;
    const lane_mask bit = 1ull << (hart % s->T);
    path_table *pt = &s->paths[gw];
    bool runnable = false;
    for (unsigned i = 0; i < pt->n; i++)
        runnable |= (pt->list[i].mask & bit) != 0;
    if (!runnable)
        return -1;
    for (unsigned k = 0; k < SIM_DEBUG_MAX_SLOTS && !sim_stopped(s); k++) {
        lane_mask ran = sim_debug_warp_slot(s, gw);
        if (!ran || (ran & bit))
            break;
    }
    return 0;
}
