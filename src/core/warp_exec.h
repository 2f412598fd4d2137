/* Functional execution of one warp-instruction: the active path's
 * instruction for every lane of its mask, with JALR serialisation and memory
 * coalescing.  Every model executes through it (the scalar model on a
 * one-lane view of a warp); they differ only in when they call it and how
 * they account time. */
#ifndef SIMTY_CORE_WARP_EXEC_H
#define SIMTY_CORE_WARP_EXEC_H

#include <stdbool.h>

#include "core/paths.h"
#include "sim/sim.h"

enum replay_cause { REPLAY_NONE, REPLAY_MEMORY, REPLAY_INDIRECT };

typedef struct warp_outcome {
    const insn_t *insn;  /* the instruction (NULL after a fetch fault) */
    path_t next[2];      /* the paths it produced (mask 0: none) */
    lane_mask retired;   /* lanes that completed it in this pass */
    uint8_t replay;      /* enum replay_cause: some lanes stay at this PC */
    uint8_t park;        /* enum path_wait: next[0] waits (barrier, wrs) */
    bool divergent;      /* a conditional branch split the path */
    bool memory;         /* a memory pass was issued */
    bool wrote;          /* it changed memory (store, SC, AMO) */
    bool backedge;       /* a conditional branch every lane took backwards */
    bool pause;          /* Zihintpause `pause` */
    bool wrs_timeout;    /* wrs.sto: the wait of next[0] is bounded */
} warp_outcome;

static inline lane_mask full_lane_mask(unsigned T)
{
    return T >= 64 ? ~0ull : (1ull << T) - 1;
}

/* Lanes in m (of a T-lane warp); full warps, the common case, cost a compare
 * instead of a popcount (a library call without a POPCNT target). */
static inline unsigned lane_count(lane_mask m, unsigned T)
{
    return m == full_lane_mask(T) ? T : (unsigned)__builtin_popcountll(m);
}

/* Executes the instruction of path p on lanes [first, first+n) of global
 * warp gw; bit i of p->mask (and of the outcome's masks) is lane first+i.
 * The SIMT models pass the whole warp (0, T); the scalar model one thread
 * (lane, 1).  Returns false on a guest fault (the simulator is then stopped
 * and o must be ignored). */
bool warp_execute(simty_sim *s, unsigned gw, unsigned first, unsigned n, const path_t *p,
                  warp_outcome *o);

/* The statistics of one executed SIMT slot (path `active`, outcome o) that
 * both SIMT models count the same way; when a slot counts as issued and the
 * path-table counters differ between them and stay with each model. */
static inline void warp_count_executed(simty_sim *s, const path_t *active, const warp_outcome *o)
{
    simty_stats *st = &s->stats;
    unsigned lanes = lane_count(o->retired, s->T);
    st->thread_instructions += lanes;
    if (o->park == WAIT_BARRIER) {
        st->barrier_slots++;
        st->barrier_thread_instructions += lanes;
    }
    st->wrs_slots += o->insn->op == OP_WRS_NTO || o->insn->op == OP_WRS_STO;
    st->lane_histogram[lane_count(active->mask, s->T)]++; /* active lanes at issue */
    st->divergent_branches += o->divergent;
    st->replays_memory += o->replay == REPLAY_MEMORY;
    st->replays_indirect += o->replay == REPLAY_INDIRECT;
    if (o->memory) {
        st->memory_requests++;
        st->memory_lanes += lanes;
    }
}

#endif
