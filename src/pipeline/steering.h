/* Fetch steering policies (--steering): which warp gets the fetch slot of a
 * cycle (stage F, frontend.h).  Each policy is one file, steer_*.c, that
 * defines its ops table; the registry (registry/plugins.c) names them.
 *
 * A policy sees the per-warp facts the steering stage has (steer_view) and
 * keeps what it remembers in the core's steer_state, which lives in the
 * pipeline and is allocated once (cycle_init).  It answers a warp number;
 * the stage then fetches that warp if it is live (else the slot is lost, as
 * in the RTL's strict round robin) and its instruction-cache line is there.
 *
 * `rr` is the default and the RTL's: its pick is inline here so that the
 * cycle loop calls no function for it (the hot path stays as it was). */
#ifndef SIMTY_PIPELINE_STEERING_H
#define SIMTY_PIPELINE_STEERING_H

#include <stdbool.h>
#include <stdint.h>

/* What the steering stage can see of the core's warps, in cycle `now`
 * (bit w: warp w of the core, W <= 64). */
typedef struct steer_view {
    unsigned W;
    uint64_t now;
    uint64_t live;     /* warps with a runnable path (HCT1 exists) */
    uint64_t loading;  /* warps waiting for a load's or AMO's data */
    uint64_t fetching; /* warps whose next instruction (the speculative PC) is
                        * already in F+1: a fetch now would read it again */
} steer_view;

/* What a policy remembers between cycles; one per core. */
typedef struct steer_state {
    unsigned ptr;      /* rr, skip-idle: the next warp to visit */
    unsigned greedy;   /* gto: the warp it stays on, W: none yet */
    uint64_t *fetched; /* gto: per warp, 1 + the cycle of its last fetch (0: never); W entries */
} steer_state;

/* No warp: the slot is not used. */
#define STEER_NONE 0xffffffffu

typedef struct steering_ops {
    /* The warp (0..W-1) to fetch this cycle, or STEER_NONE.  Called once per
     * steering cycle (after reset). */
    unsigned (*pick)(steer_state *st, const steer_view *v);
    /* A digest of what decides the policy's future picks, beyond st->ptr
     * (which the model hashes), for deadlock detection (progress.c: equal
     * hashes mean the machine loops): bounded values only, no cycle
     * numbers.  NULL: nothing more. */
    uint64_t (*hash)(const steer_state *st, unsigned W);
} steering_ops;

extern const steering_ops steering_rr, steering_skip_idle, steering_gto;

/* rr: the pointer visits warp 0, 1, ..., W-1, 0, ... one per cycle, whether
 * or not the warp can use the slot (spec section 5, the RTL). */
static inline unsigned steer_rr_pick(steer_state *st, unsigned W)
{
    unsigned w = st->ptr;
    st->ptr = w + 1 == W ? 0 : w + 1;
    return w;
}

#endif
