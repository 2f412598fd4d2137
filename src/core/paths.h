/* Per-warp path tracking (spec sections 3 and 4).
 *
 * A path is (PC, lane mask, call depth).  The highest-priority path is the
 * active one: deepest call depth first, then lowest PC (or lowest PC only,
 * --priority minpc).  Two organisations share one interface:
 *
 *  - ideal: a perfectly sorted list; new paths merge with any equal
 *    (PC, depth) path.
 *  - hct:   the hardware.  HCT1 (active) and HCT2 (second) are sorted online
 *    by a 3-input compact/sort network after each instruction; the other
 *    paths sit on a per-warp CCT stack; an offline sorter swaps a CCT entry
 *    with HCT2 when the entry has higher priority, one step per cycle in
 *    which the warp's CCT port is idle.  Convergence is only checked between
 *    the new paths and HCT2.
 *
 * Architectural results never depend on the organisation; only the order in
 * which paths run (and so efficiency) does. */
#ifndef SIMTY_CORE_PATHS_H
#define SIMTY_CORE_PATHS_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/insn.h"
#include "simty.h"

typedef struct path {
    uint32_t pc;
    int32_t depth;
    lane_mask mask; /* 0: no path */
} path_t;

typedef struct path_table {
    simty_paths_kind kind;
    bool by_depth;     /* priority: call depth first */
    unsigned T;
    /* hct: hct1 = list[0], hct2 = list[1], CCT stack = list[2..n) with its
     * head (top) at list[n-1]; ideal: list[0..n) sorted by priority */
    path_t list[SIMTY_MAX_LANES + 2];
    unsigned n;
    unsigned sort_ptr; /* offline sorter position in the CCT */
} path_table;

/* Per-commit counters the table reports */
typedef struct path_events {
    unsigned pushes, pops, swaps;
} path_events;

void paths_init(path_table *t, simty_paths_kind kind, simty_priority_kind prio, unsigned T,
                path_t initial);

/* The active path, or NULL when the warp has no live thread. */
static inline const path_t *paths_active(const path_table *t)
{
    return t->n ? &t->list[0] : (const path_t *)0;
}

/* Number of live paths. */
static inline unsigned paths_count(const path_table *t) { return t->n; }

/* Replaces the active path by the (up to two) paths its instruction produced;
 * empty masks are ignored.  Returns whether the CCT port was used. */
bool paths_commit(path_table *t, const path_t next[2], path_events *ev);

void paths_sort_steps(path_table *t, uint64_t steps, path_events *ev);

/* Offline sorter: `steps` idle cycles of the warp's CCT port (hct only;
 * nothing to do without CCT entries). */
static inline void paths_idle(path_table *t, uint64_t steps, path_events *ev)
{
    if (t->kind == SIMTY_PATHS_HCT && t->n >= 3 && steps)
        paths_sort_steps(t, steps, ev);
}

/* A value that is equal for two idle spans iff paths_idle() would leave the
 * table in the same state (for deadlock detection). */
uint64_t paths_idle_key(const path_table *t, uint64_t steps);

/* depth + delta, saturating: call depth is a scheduling hint, never UB */
static inline int32_t path_depth_add(int32_t depth, int delta)
{
    if ((delta > 0 && depth == INT32_MAX) || (delta < 0 && depth == INT32_MIN))
        return depth;
    return depth + delta;
}

/* Priority order: does a run before b? */
static inline bool path_before(const path_t *a, const path_t *b, bool by_depth)
{
    if (by_depth && a->depth != b->depth)
        return a->depth > b->depth;
    if (a->pc != b->pc)
        return a->pc < b->pc;
    return a->depth > b->depth;
}

#endif
