/* Switching the cycle model in and out in the middle of a run (sampled
 * simulation, sim/sample.c; model_ops.attach and detach).  Part of the
 * cycle model's one translation unit (included by cycle_model.c).
 *
 * Attach: empty pipelines over the machine as it is; each warp with a
 * runnable path fetches at its HCT1's PC, its offline sorter steps from now.
 * Detach: what was fetched or issued but has not executed (before F+7) is
 * dropped and counted as squashed, as at the end of a run (no architectural
 * effect: state changes only at F+7); then, fetching nothing new, the core
 * ticks until the executed instruction waiting to commit has committed,
 * every load has been written back and the memory timing has nothing in
 * flight (memsys_quiet), so a functional model can take over.  These drain
 * cycles advance the machine's clock. */
#ifndef SIMTY_PIPELINE_CYCLE_SWITCH_H
#define SIMTY_PIPELINE_CYCLE_SWITCH_H

#include "memsys/memsys.h"
#include "pipeline/pipeline.h"

static void cycle_free_pipes(simty_sim *s);
static uint64_t cycle_in_flight(const simty_sim *s, const sim_core *c);

static void cycle_attach_core(const simty_sim *s, pipe_state *p)
{
    p->start = 0;
    p->rr_from = p->steering == &steering_rr ? 0 : UINT64_MAX;
    for (unsigned w = 0; w < s->W; w++) {
        const path_t *a = paths_active(&p->paths[w]);
        p->warp[w].replay_pc = 1; /* no replay pending (never a valid PC) */
        p->idle_since[w] = s->cycle;
        if (a) {
            p->warp[w].spec_pc = a->pc;
            p->live |= warp_bit(w);
        }
    }
}

/* Drops what has not executed yet (counted as squashed). */
static void cycle_drop_front(simty_sim *s, sim_core *c, pipe_state *p)
{
    c->stats.squashed += cycle_in_flight(s, c);
    for (unsigned i = 0; i < UOP_RING; i++)
        p->ring[i].valid = false;
    p->ring_valid = 0;
    p->steer_out.valid = p->fetch_out.valid = false;
    p->buffered = 0;
    p->live = 0; /* nothing is fetched any more */
}

static bool cycle_drained(const simty_sim *s)
{
    for (unsigned c = 0; c < s->ncores; c++) {
        const pipe_state *p = s->core[c].model_state;
        if (p->member_out.valid || p->load_count)
            return false;
    }
    return memsys_quiet(s->timing);
}

static void cycle_detach(simty_sim *s)
{
    for (unsigned c = 0; c < s->ncores; c++)
        cycle_drop_front(s, &s->core[c], s->core[c].model_state);
    /* (bounded: the hierarchy's latencies are; a stopped run stops here) */
    for (uint64_t n = 0; !cycle_drained(s) && !sim_stopped(s) && n < 10000000; n++) {
        memsys_advance(s->timing, s->cycle);
        for (unsigned c = 0; c < s->ncores; c++) {
            s->core[c].now = s->cycle;
            s->model->tick(s, &s->core[c]); /* (through the table: not inlined here) */
            ((pipe_state *)s->core[c].model_state)->live = 0; /* (a wake-up: not now) */
        }
        memsys_end_cycle(s->timing);
        s->cycle++;
    }
    cycle_free_pipes(s);
}

#endif
