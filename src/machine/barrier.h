/* The barrier unit (docs/platform.md, "Synchronisation"): the machine's
 * barrier and one per core, counted in threads arrived and live, and what
 * the models need to wake the paths parked at them (sync/sync.h). */
#ifndef SIMTY_MACHINE_BARRIER_H
#define SIMTY_MACHINE_BARRIER_H

#include <stdbool.h>
#include <stdint.h>

#include "simty.h" /* SIMTY_MAX_CORES */

struct simty_sim;

#define WAKE_ON_EVENT UINT64_MAX /* a waiting path with no wake-up time */

typedef struct sync_unit {
    uint64_t arrived;    /* threads parked at the machine's barrier (scope 0) */
    uint64_t completed;  /* barriers completed (what reading the CSR returns) */
    bool release;        /* a barrier completed: the models still have to wake its paths */
    bool release_machine; /* ... the machine's */
    uint64_t release_at; /* model time the parked paths become runnable */
    /* the cores' barriers (scope 1): threads parked, live threads, and
     * which cores' barriers completed (bit per core, with their time) */
    uint32_t core_arrived[SIMTY_MAX_CORES], core_running[SIMTY_MAX_CORES];
    uint64_t core_release;
    uint64_t core_release_at[SIMTY_MAX_CORES];
    uint64_t latency;    /* cycles from a barrier completion or a wrs wake-up event to
                            the path being runnable (cycle model), 0 in the others */
    uint64_t waiting;    /* waiting paths (SIMT models) or threads (scalar model) */
    uint64_t store_waiting; /* of which woken by a store: wrs, spin (an upper bound) */
    uint64_t store_epoch;   /* counts the stores that changed RAM */
    uint64_t store_epoch_seen; /* store_epoch at the last check of those */
    uint64_t next_wake;  /* earliest timed wake-up, WAKE_ON_EVENT if none */
} sync_unit;

void sync_init(sync_unit *u, uint64_t latency);

/* `threads` threads of core `core` arrive at a barrier (core_scope:
 * their core's barrier, else the machine's) at time now (their
 * path is parked); completes it when every live thread of its scope has
 * arrived. */
void sync_arrive(struct simty_sim *s, bool core_scope, unsigned core, unsigned threads,
                 uint64_t now);

/* A thread of core `core` ended: a barrier may be complete now (threads
 * that have ended count as arrived). */
void sync_thread_ended(struct simty_sim *s, unsigned core, uint64_t now);

#endif
