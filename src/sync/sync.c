/* The barrier unit and the wake-up of waiting paths: see sync.h and
 * docs/progress.md. */
#include "sync/sync.h"

#include "machine/machine.h"
#include "sync/spin.h"
#include "warp/lane_ops.h"

void sync_wait_apply(simty_sim *s, unsigned hart, unsigned why, uint64_t wake, unsigned waiting,
                     unsigned threads, uint64_t now)
{
    sync_unit *u = &s->sync;
    if (why == WAIT_WRS || why == WAIT_SPIN)
        u->store_waiting++;
    u->waiting += waiting;
    if (wake < u->next_wake)
        u->next_wake = wake;
    if (why == WAIT_BARRIER || why == WAIT_BARRIER_CORE)
        sync_arrive(s, why == WAIT_BARRIER_CORE, hart_core(s, hart), threads, now);
}

void sync_note_wait(simty_sim *s, unsigned hart, unsigned why, uint64_t wake, unsigned waiting,
                    unsigned threads, uint64_t now)
{
    s->port.wait(s, hart, why, wake, waiting, threads, now);
}


/* Memory changed: wakes the paths of table t that wait for it (a spin the
 * detector parked; wrs, if a thread lost its reservation). */
static void store_check(simty_sim *s, path_table *t, unsigned hart0, uint64_t now,
                        uint64_t *still)
{
    for (unsigned i = 0; i < t->nwait; i++) {
        waiting_path *e = &t->wait[i];
        if ((e->why != WAIT_WRS && e->why != WAIT_SPIN) || e->wake <= now + s->sync.latency)
            continue;
        uint64_t wake = now + s->sync.latency;
        if (e->why == WAIT_SPIN) {
            /* polls no faster than the longest backoff */
            uint64_t poll = e->since + SPIN_BACKOFF_LONGEST;
            paths_wake_entry(t, i, wake > poll ? wake : poll);
            continue;
        }
        bool lost = false;
        for (lane_mask m = e->p.mask; m && !lost; m &= m - 1)
            lost = sync_wrs_ends(s, hart0 + (unsigned)__builtin_ctzll(m), now);
        if (lost)
            paths_wake_entry(t, i, wake);
        else
            (*still)++;
    }
}

void sync_poll_slow(simty_sim *s, path_table *tables, unsigned nwarps, uint64_t now,
                    sync_woken_fn *woken, void *ctx)
{
    sync_unit *u = &s->sync;
    if (u->release) {
        for (unsigned w = 0; w < nwarps; w++) {
            if (!tables[w].nwait)
                continue;
            if (u->release_machine)
                paths_set_wake(&tables[w], WAIT_BARRIER, u->release_at);
            unsigned c = w / s->W;
            if (u->core_release >> c & 1)
                paths_set_wake(&tables[w], WAIT_BARRIER_CORE, u->core_release_at[c]);
        }
        if (u->release_machine && u->release_at < u->next_wake)
            u->next_wake = u->release_at;
        for (uint64_t m = u->core_release; m; m &= m - 1) {
            uint64_t at = u->core_release_at[__builtin_ctzll(m)];
            if (at < u->next_wake)
                u->next_wake = at;
        }
        u->release = u->release_machine = false;
        u->core_release = 0;
    }
    if (u->store_waiting && s->sync.store_epoch != u->store_epoch_seen) {
        u->store_epoch_seen = s->sync.store_epoch;
        uint64_t still = 0;
        for (unsigned w = 0; w < nwarps; w++)
            if (tables[w].nwait) {
                store_check(s, &tables[w], w * s->T, now, &still);
                if (tables[w].next_wake < u->next_wake)
                    u->next_wake = tables[w].next_wake;
            }
        u->store_waiting = still;
    }
    if (now < u->next_wake)
        return;
    uint64_t next = WAKE_ON_EVENT;
    for (unsigned w0 = 0; w0 < nwarps; w0 += s->W) { /* core by core */
        uint64_t waited[WAIT_KINDS] = {0};
        for (unsigned w = w0; w < w0 + s->W; w++) {
            path_table *t = &tables[w];
            if (!t->nwait)
                continue;
            unsigned k = paths_wake_due(t, now, waited);
            if (k) {
                u->waiting -= k;
                woken(ctx, w);
            }
            if (t->next_wake < next)
                next = t->next_wake;
        }
        sync_count_waits(&s->core[w0 / s->W].stats, waited);
    }
    u->next_wake = next;
}

void sync_poll_core(simty_sim *s, sim_core *c, uint64_t now, sync_woken_fn *woken, void *ctx)
{
    uint64_t waited[WAIT_KINDS] = {0};
    bool any = false;
    for (unsigned w = c->warp0; w < c->warp0 + s->W; w++) {
        path_table *t = &s->paths[w];
        if (!t->nwait || now < t->next_wake)
            continue;
        unsigned k = paths_wake_due(t, now, waited);
        if (k) {
            c->fx.woken += k;
            woken(ctx, w);
        }
        any = true;
    }
    if (any)
        sync_count_waits(&c->stats, waited);
}

void sync_end_quantum(simty_sim *s)
{
    sync_unit *u = &s->sync;
    uint64_t next = WAKE_ON_EVENT;
    for (unsigned c = 0; c < s->ncores; c++) {
        u->waiting -= s->core[c].fx.woken;
        s->core[c].fx.woken = 0;
    }
    for (unsigned w = 0; w < s->nwarps; w++)
        if (s->paths[w].nwait && s->paths[w].next_wake < next)
            next = s->paths[w].next_wake;
    u->next_wake = next;
}

void sync_count_waits(simty_stats *st, const uint64_t waited[WAIT_KINDS])
{
    st->barrier_wait_cycles += waited[WAIT_BARRIER] + waited[WAIT_BARRIER_CORE];
    st->wrs_wait_cycles += waited[WAIT_WRS];
    st->backoff_cycles += waited[WAIT_BACKOFF] + waited[WAIT_SPIN] + waited[WAIT_SERVICE];
}
