/* The commit of a SIMT slot, shared by the SIMT and cycle models: the
 * produced paths go to the warp's path table (parking those that wait),
 * then the forward-progress policy and `pause` act, and the path-table
 * statistics are counted.  One place for the retirement side of a slot;
 * the execution side is warp_execute() (warp/warp_exec.h). */
#ifndef SIMTY_MODELS_WARP_COMMIT_H
#define SIMTY_MODELS_WARP_COMMIT_H

#include "warp/paths.h"
#include "warp/warp_exec.h"

/* A warp's path table at reset: every thread at the entry point, and the
 * forward-progress policy of the configuration. */
void warp_paths_init(const simty_sim *s, path_table *pt);

/* Commits a SIMT slot to the path table of the warp whose first hart is
 * hart0, at time now: the offline sorter's `idle` steps before it, parking,
 * the compact/sort network (or the organisation's own commit), the
 * forward-progress policy, `pause`, statistics.  Shared by the SIMT and
 * cycle models. */
void warp_commit_wait(simty_sim *s, simty_stats *st, path_table *pt, unsigned hart0,
                      slot_commit c, uint64_t idle, uint64_t now);

/* The statistics of the paths a commit leaves (paths, waiting or not, and
 * the starvation of the committed path). */
static inline void warp_count_paths(simty_stats *st, const path_table *pt, uint64_t starvation)
{
    if (starvation > st->max_starvation)
        st->max_starvation = starvation;
    unsigned np = paths_count(pt) + pt->nwait;
    st->path_sum += np;
    st->path_samples++;
    if (np > st->max_paths)
        st->max_paths = np;
}

/* warp_count_paths() for the k commits of paths_advance_run(). */
static inline void warp_count_paths_run(simty_stats *st, const path_table *pt, uint64_t starvation,
                                        unsigned k)
{
    warp_count_paths(st, pt, k > 1 && starvation < 1 ? 1 : starvation);
    unsigned np = paths_count(pt) + pt->nwait;
    st->path_sum += (uint64_t)np * (k - 1);
    st->path_samples += k - 1;
}

/* The path-table statistics of one commit. */
static inline void warp_commit_count(simty_stats *st, const path_table *pt, const path_events *ev)
{
    st->cct_pushes += ev->pushes;
    st->cct_pops += ev->pops;
    st->cct_swaps += ev->swaps;
    st->progress_triggers += ev->triggers;
    st->progress_yields += ev->yields;
    warp_count_paths(st, pt, ev->starvation);
}

static inline void warp_commit(simty_sim *s, simty_stats *st, path_table *pt, unsigned hart0,
                               const slot_commit *c, uint64_t idle, uint64_t now)
{
    if (c->park | c->pause | (c->backoff != 0)) { /* a path waits or yields */
        warp_commit_wait(s, st, pt, hart0, *c, idle, now); /* (by value: *c stays a register) */
        return;
    }
    const path_t *n0 = &c->next[0];
    if (pt->n == 1 && !pt->turn_left && !c->next[1].mask && n0->mask) {
        /* a converged warp: no CCT for the sorter, nothing to merge or
         * order (paths_commit's first case), no CCT or turn event; with an
         * organisation of its own (ipdom), one runnable path is in no
         * region: the same */
        warp_count_paths(st, pt, paths_advance(pt, n0->pc, n0->depth, n0->mask));
        return;
    }
    if (pt->ops) { /* (its commit takes the split: the general case) */
        warp_commit_wait(s, st, pt, hart0, *c, idle, now);
        return;
    }
    path_events ev = {0};
    paths_idle(pt, idle, &ev);
    if (!paths_commit(pt, c->next, &ev))
        paths_idle(pt, 1, &ev);
    warp_commit_count(st, pt, &ev);
}

#endif
