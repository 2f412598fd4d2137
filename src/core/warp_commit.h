/* The commit of a SIMT slot, shared by the SIMT and cycle models: the
 * produced paths go to the warp's path table (parking those that wait),
 * then the forward-progress policy and `pause` act, and the path-table
 * statistics are counted.  One place for the retirement side of a slot;
 * the execution side is warp_execute() (core/warp_exec.h). */
#ifndef SIMTY_CORE_WARP_COMMIT_H
#define SIMTY_CORE_WARP_COMMIT_H

#include "core/paths.h"
#include "core/warp_exec.h"

/* A warp's path table at reset: every thread at the entry point, and the
 * forward-progress policy of the configuration. */
void warp_paths_init(const simty_sim *s, path_table *pt);

/* What a SIMT slot hands to its commit: the produced paths and what they do
 * next (the cycle model carries it from F+7 to F+8). */
typedef struct slot_commit {
    path_t next[2];
    uint8_t park;     /* enum path_wait for next[0]: barrier or wrs */
    bool wrs_timeout; /* wrs.sto: the wait ends after WRS_STO_TIMEOUT at most */
    bool pause;       /* `pause`: yield to the other paths of the warp */
    uint64_t backoff; /* spin detector: next[0] sleeps this many cycles */
} slot_commit;

/* The slot_commit of an executed slot, with the spin detector's verdict
 * (backoff) when it is on. */
void slot_commit_from(slot_commit *c, const warp_outcome *o, uint64_t backoff);

/* Commits a SIMT slot to the path table of the warp whose first hart is
 * hart0, at time now: the offline sorter's `idle` steps before it, parking,
 * the compact/sort network, the forward-progress policy, `pause`,
 * statistics.  Shared by the SIMT and cycle models. */
void warp_commit(simty_sim *s, path_table *pt, unsigned hart0, const slot_commit *c,
                 uint64_t idle, uint64_t now);

#endif
