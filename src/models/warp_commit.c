/* The commit of a SIMT slot: see warp_commit.h. */
#include "models/warp_commit.h"

#include "sync/spin.h"
#include "sync/sync.h"
#include "warp/lane_ops.h"

void warp_paths_init(const simty_sim *s, path_table *pt)
{
    path_t all = {.pc = s->elf.entry, .depth = 0, .mask = full_lane_mask(s->T)};
    paths_init(pt, s->cfg.paths, s->cfg.priority, s->T, all);
    pt->ops = s->paths_ops;
    if (s->cfg.progress)
        paths_set_progress(pt, s->cfg.progress_threshold, s->cfg.progress_turn);
}

/* p leaves the runnable paths to wait for `why` (until `wake` at most). */
static void park(simty_sim *s, path_table *pt, unsigned hart0, path_t p, enum path_wait why,
                 uint64_t wake, uint64_t now)
{
    sync_unit *u = &s->sync;
    if (why == WAIT_WRS) {
        /* the reservation may have been lost since the wrs executed */
        bool lost = false;
        for (lane_mask m = p.mask; m && !lost; m &= m - 1)
            lost = sync_wrs_ends(s, hart0 + (unsigned)__builtin_ctzll(m), now);
        if (lost)
            wake = now + u->latency;
    } else if (why == WAIT_SPIN) {
        /* memory may have changed since the spin was detected */
        if (pt->spin.epoch != s->sync.store_epoch)
            wake = now + u->latency;
    }
    unsigned waiting = paths_park(pt, p, why, now, wake);
    sync_note_wait(s, hart0, why, wake, waiting, lane_count(p.mask, s->T), now);
}

void warp_commit_wait(simty_sim *s, simty_stats *st, path_table *pt, unsigned hart0,
                      slot_commit sc, uint64_t idle, uint64_t now)
{
    const slot_commit *c = &sc;
    path_events ev = {0};
    path_t next[2] = {c->next[0], c->next[1]}, held = {0};
    enum path_wait why = WAIT_NONE;
    uint64_t wake = WAKE_ON_EVENT;
    if (next[0].mask && (c->park || c->backoff)) {
        held = next[0];
        next[0].mask = 0;
        why = c->park ? (enum path_wait)c->park
              : c->backoff == SPIN_UNTIL_STORE ? WAIT_SPIN : WAIT_BACKOFF;
        if (why == WAIT_BACKOFF || why == WAIT_SERVICE)
            wake = now + c->backoff;
        else if (c->wrs_timeout)
            wake = now + WRS_STO_TIMEOUT;
    }

    /* the offline sorter stepped in every cycle the CCT port was idle... */
    paths_idle(pt, idle, &ev);
    const path_split sp = {.held = held.mask, .rpc = c->rpc, .reconv = c->reconv,
                           .why = (uint8_t)why, .time = now};
    bool port = pt->ops ? paths_commit_split(pt, next, &sp, &ev) : paths_commit(pt, next, &ev);
    if (held.mask)
        park(s, pt, hart0, held, why, wake, now);
    if (c->pause)
        port |= paths_yield(pt, &ev);
    if (!port) /* ...and in this one */
        paths_idle(pt, 1, &ev);

    warp_commit_count(st, pt, &ev);
}
