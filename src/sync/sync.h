/* Explicit synchronisation (docs/progress.md, docs/platform.md): the
 * barrier unit, the wake-up of waiting paths (barrier release, `wrs`
 * reservations, timeouts, spin backoff).  Per-warp waiting paths live in
 * the path tables (warp/paths.h); this module decides when they wake. */
#ifndef SIMTY_SYNC_SYNC_H
#define SIMTY_SYNC_SYNC_H

#include <stdbool.h>
#include <stdint.h>

#include "machine/barrier.h"
#include "warp/paths.h"

struct simty_sim;

#define WRS_STO_TIMEOUT 256u /* cycles a wrs.sto waits at most */



/* Called by a SIMT model once per cycle (step) before its cores tick, with
 * the path tables of every warp of the machine, core by core: applies
 * a barrier release, wakes wrs paths whose reservation is gone, and moves
 * every due waiting path back to its warp's runnable paths, calling
 * woken(ctx, w) for each warp that got one. */
typedef void sync_woken_fn(void *ctx, unsigned warp);
void sync_poll_slow(struct simty_sim *s, path_table *tables, unsigned nwarps, uint64_t now,
                    sync_woken_fn *woken, void *ctx);

static inline void sync_poll(struct simty_sim *s, sync_unit *u, path_table *tables,
                             unsigned nwarps, uint64_t now, sync_woken_fn *woken, void *ctx)
{
    if (u->waiting && (u->release || now >= u->next_wake ||
                       (u->store_waiting && u->store_epoch != u->store_epoch_seen)))
        sync_poll_slow(s, tables, nwarps, now, woken, ctx);
}

/* Runs in quanta (SIMT models): within a quantum, core c wakes its own
 * due waiting paths (counted in its effect log); after the quantum,
 * sync_end_quantum settles the unit's waiting count and next wake-up. */
struct sim_core;
void sync_poll_core(struct simty_sim *s, struct sim_core *c, uint64_t now, sync_woken_fn *woken,
                    void *ctx);
void sync_end_quantum(struct simty_sim *s);
/* Adds thread-cycles spent waiting, by enum path_wait, to a core's
 * statistics. */
/* Hart's path (or hart, scalar model) starts waiting for `why` until wake
 * at most: `waiting` more waiting entries, `threads` threads arriving at a
 * barrier.  sync_note_wait applies it, or logs it while the cores tick
 * (sim/effects.h); sync_wait_apply is the bookkeeping itself. */
void sync_note_wait(struct simty_sim *s, unsigned hart, unsigned why, uint64_t wake,
                    unsigned waiting, unsigned threads, uint64_t now);
void sync_wait_apply(struct simty_sim *s, unsigned hart, unsigned why, uint64_t wake,
                     unsigned waiting, unsigned threads, uint64_t now);
void sync_count_waits(simty_stats *st, const uint64_t waited[WAIT_KINDS]);

/* No warp has a runnable path: is there anything that could ever wake one?
 * (A timed wake-up or a pending release.)  If not, the run is deadlocked. */
static inline bool sync_can_wake(const sync_unit *u)
{
    return u->release || u->next_wake != WAKE_ON_EVENT;
}

#endif
