/* Functional execution of one warp-instruction: the active path's
 * instruction for every lane of its mask, with JALR serialisation and memory
 * coalescing.  Every model executes through it (the scalar model on a
 * one-lane view of a warp); they differ only in when they call it and how
 * they account time. */
#ifndef SIMTY_CORE_WARP_EXEC_H
#define SIMTY_CORE_WARP_EXEC_H

#include <stdbool.h>

#include "warp/paths.h"
#include "sim/sim.h"

enum replay_cause { REPLAY_NONE, REPLAY_MEMORY, REPLAY_INDIRECT };

/* What a SIMT slot hands to its commit (warp/warp_commit.h): the produced
 * paths and what they do next.  The cycle model carries it from F+7 to F+8. */
typedef struct slot_commit {
    path_t next[2];   /* the paths it produced (mask 0: none) */
    uint8_t park;     /* enum path_wait for next[0]: barrier or wrs */
    bool wrs_timeout; /* wrs.sto: the wait of next[0] is bounded */
    bool pause;       /* Zihintpause `pause`: yield to the other paths */
    uint64_t backoff; /* spin detector: next[0] sleeps this many cycles */
} slot_commit;

typedef struct warp_outcome {
    slot_commit c;       /* the produced paths (backoff: set by the model) */
    const insn_t *insn;  /* the instruction (NULL after a fetch fault) */
    lane_mask retired;   /* lanes that completed it in this pass */
    uint8_t replay;      /* enum replay_cause: some lanes stay at this PC */
    bool divergent;      /* a conditional branch split the path */
    bool memory;         /* a memory pass was issued */
    bool wrote;          /* it changed memory (store, SC, AMO) */
    bool backedge;       /* a conditional branch every lane took backwards */
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
static inline void warp_count_executed(const simty_sim *s, simty_stats *st, const path_t *active,
                                       const warp_outcome *o)
{
    unsigned lanes = lane_count(o->retired, s->T);
    st->thread_instructions += lanes;
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
