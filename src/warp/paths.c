#include "warp/paths.h"

#include <string.h>

void paths_init(path_table *t, simty_paths_kind kind, simty_priority_kind prio, unsigned T,
                path_t initial)
{
    memset(t, 0, sizeof *t);
    t->kind = kind;
    t->by_depth = prio == SIMTY_PRIORITY_DEPTH;
    t->T = T;
    t->next_wake = WAKE_ON_EVENT;
    if (initial.mask) {
        initial.stamp = 0;
        t->list[t->n++] = initial;
    }
}

void paths_set_progress(path_table *t, uint64_t threshold, uint64_t turn_len)
{
    t->threshold = threshold;
    t->turn_len = turn_len ? turn_len : 1;
}

static bool same_place(const path_t *a, const path_t *b)
{
    return a->pc == b->pc && a->depth == b->depth;
}

/* a absorbs b (same place): its threads (and so its turn), its oldest stamp */
static void merge_into(path_t *a, const path_t *b)
{
    a->mask |= b->mask;
    if (b->stamp < a->stamp)
        a->stamp = b->stamp;
}

/* Sorted insert into list[from..n), merging an equal path there. */
static void sorted_insert(path_table *t, unsigned from, const path_t *p)
{
    unsigned i = from;
    while (i < t->n && path_before(&t->list[i], p, t->by_depth, t->boost))
        i++;
    if (i < t->n && same_place(&t->list[i], p)) {
        merge_into(&t->list[i], p);
        return;
    }
    memmove(&t->list[i + 1], &t->list[i], (t->n - i) * sizeof *p);
    t->list[i] = *p;
    t->n++;
}

/* The stamp a produced path gets: now, unless its lanes did not issue. */
static inline uint64_t produced_stamp(const path_t *p, uint64_t now, uint64_t keep)
{
    return p->stamp == PATH_NOT_ISSUED ? keep : now;
}

static bool ideal_commit(path_table *t, const path_t next[2], uint64_t stamp, uint64_t keep)
{
    memmove(&t->list[0], &t->list[1], (t->n - 1) * sizeof(path_t));
    t->n--;
    for (int k = 0; k < 2; k++)
        if (next[k].mask) {
            path_t p = next[k];
            p.stamp = produced_stamp(&next[k], stamp, keep);
            sorted_insert(t, 0, &p);
        }
    return false;
}

/* The compact/sort network: merges equal (PC, depth) entries among in[0..m)
 * and sorts them by priority; returns the new count. */
static inline unsigned compact_sort(path_t *in, unsigned m, bool by_depth, lane_mask boost)
{
    for (unsigned i = 0; i < m; i++)
        for (unsigned j = i + 1; j < m;)
            if (same_place(&in[i], &in[j])) {
                merge_into(&in[i], &in[j]);
                in[j] = in[--m];
            } else {
                j++;
            }
    for (unsigned i = 1; i < m; i++)
        for (unsigned j = i; j > 0 && path_before(&in[j], &in[j - 1], by_depth, boost); j--) {
            path_t tmp = in[j];
            in[j] = in[j - 1];
            in[j - 1] = tmp;
        }
    return m;
}

/* HCT: the compact/sort network over (default, other, HCT2), then the HCTs
 * are written and the CCT pushed or popped.  The CCT stack is
 * list[2..n), head at list[n-1]. */
static bool hct_commit(path_table *t, const path_t next[2], uint64_t stamp, uint64_t keep,
                       path_events *ev)
{
    path_t in[3];
    unsigned m = 0;
    bool has_hct2 = t->n >= 2;
    for (int k = 0; k < 2; k++)
        if (next[k].mask) {
            in[m] = next[k];
            in[m++].stamp = produced_stamp(&next[k], stamp, keep);
        }
    if (has_hct2)
        in[m++] = t->list[1];
    m = compact_sort(in, m, t->by_depth, t->boost);

    if (m == 0) {
        /* nothing left and no HCT2 (so the CCT is empty too: HCT2 is
         * refilled whenever it frees): no runnable path */
        t->n = 0;
        return false;
    }
    unsigned cct = t->n >= 2 ? t->n - 2 : 0;
    path_t *stack = &t->list[2];
    bool port = false, hct2_valid = true;
    t->list[0] = in[0];
    if (m >= 2)
        t->list[1] = in[1];
    if (m == 3) { /* the third goes onto the CCT */
        stack[cct++] = in[2];
        ev->pushes++;
        port = true;
    } else if (m == 1) {
        if (cct > 0) { /* refill HCT2 from the CCT head */
            t->list[1] = stack[--cct];
            ev->pops++;
            port = true;
        } else {
            hct2_valid = false;
        }
    }
    t->n = hct2_valid ? 2 + cct : 1;
    return port;
}

/* ---- forward progress (docs/progress.md) ---- */

static void start_turn(path_table *t, unsigned i, path_events *ev, bool *port)
{
    path_t chosen = t->list[i];
    t->boost = chosen.mask;
    if (t->kind != SIMTY_PATHS_HCT) { /* (any other: the others' order is kept) */
        memmove(&t->list[1], &t->list[0], i * sizeof chosen);
    } else {
        /* HCT1 and the chosen entry swap places: with HCT2 in the hot
         * table, with a CCT entry through the CCT port */
        t->list[i] = t->list[0];
        *port |= i >= 2;
    }
    t->list[0] = chosen;
    t->turn_left = t->turn_len;
    ev->triggers++;
}

static void end_turn(path_table *t)
{
    t->turn_left = 0;
    t->boost = 0;
    if (t->kind == SIMTY_PATHS_IDEAL) { /* back to the priority order */
        unsigned n = t->n;
        t->n = 0;
        path_t tmp[SIMTY_MAX_LANES + 2];
        memcpy(tmp, t->list, n * sizeof *tmp);
        for (unsigned i = 0; i < n; i++)
            sorted_insert(t, 0, &tmp[i]);
    }
}

static bool any_boosted(const path_table *t)
{
    for (unsigned i = 0; i < t->n; i++)
        if (t->list[i].mask & t->boost)
            return true;
    return false;
}

/* The runnable path that waited longest (list order breaks ties: the active
 * path first); refreshes oldest_bound. */
static unsigned oldest(path_table *t)
{
    unsigned best = 0;
    for (unsigned i = 1; i < t->n; i++)
        if (t->list[i].stamp < t->list[best].stamp)
            best = i;
    t->oldest_bound = t->list[best].stamp;
    return best;
}

/* After a commit: count down the running turn; once a path has waited
 * `threshold` commits, it gets a turn (unless it is the active path
 * already, which issues next anyway). */
static void progress_after_commit(path_table *t, path_events *ev, bool *port)
{
    if (t->turn_left && (--t->turn_left == 0 || !any_boosted(t)))
        end_turn(t);
    if (!t->threshold || t->turn_left || t->n < 2 ||
        t->clock - t->oldest_bound < t->threshold)
        return;
    unsigned i = oldest(t);
    if (i && t->clock - t->list[i].stamp >= t->threshold)
        start_turn(t, i, ev, port);
}

bool paths_commit_slow(path_table *t, const path_t next[2], path_events *ev)
{
    /* the produced paths have just issued (their lanes keep any turn) */
    uint64_t keep = t->list[0].stamp;
    ev->starvation = t->clock - keep;
    uint64_t now = t->clock++;
    bool port = t->kind == SIMTY_PATHS_IDEAL ? ideal_commit(t, next, now, keep)
                                             : hct_commit(t, next, now, keep, ev);
    if (t->turn_left || t->threshold)
        progress_after_commit(t, ev, &port);
    return port;
}

bool paths_commit_split(path_table *t, const path_t next[2], const path_split *sp,
                        path_events *ev)
{
    /* (paths_commit_slow, the organisation's own commit in the middle) */
    uint64_t keep = t->list[0].stamp;
    ev->starvation = t->clock - keep;
    uint64_t now = t->clock++;
    t->ops->commit(t, next, sp, now, keep, ev);
    bool port = false;
    if (t->turn_left || t->threshold)
        progress_after_commit(t, ev, &port);
    return port;
}

bool paths_progress_slow(path_table *t, path_events *ev)
{
    bool port = false;
    progress_after_commit(t, ev, &port);
    return port;
}

bool paths_yield(path_table *t, path_events *ev)
{
    bool port = false;
    if (!t->threshold || t->turn_left || t->n < 2)
        return false;
    /* the pausing path's successors were produced by the last commit */
    unsigned i = oldest(t);
    if (i && t->list[i].stamp < t->clock - 1) {
        start_turn(t, i, ev, &port);
        ev->yields++;
    }
    return port;
}

/* ---- waiting paths ---- */

static void update_next_wake(path_table *t)
{
    uint64_t w = WAKE_ON_EVENT;
    for (unsigned i = 0; i < t->nwait; i++)
        if (t->wait[i].wake < w)
            w = t->wait[i].wake;
    t->next_wake = w;
}

unsigned paths_park(path_table *t, path_t p, enum path_wait why, uint64_t now, uint64_t wake)
{
    t->boost &= ~p.mask; /* a waiting path gives up its turn */
    for (unsigned i = 0; i < t->nwait; i++) {
        waiting_path *e = &t->wait[i];
        if (e->why == why && e->wake == wake && e->since == now && same_place(&e->p, &p) &&
            ipdom_same_region(t, e->p.mask, p.mask)) {
            merge_into(&e->p, &p);
            return 0;
        }
    }
    t->wait[t->nwait++] = (waiting_path){.p = p, .why = (uint8_t)why, .since = now, .wake = wake};
    if (wake < t->next_wake)
        t->next_wake = wake;
    return 1;
}

void paths_set_wake(path_table *t, enum path_wait why, uint64_t wake)
{
    for (unsigned i = 0; i < t->nwait; i++)
        if (t->wait[i].why == why && t->wait[i].wake == WAKE_ON_EVENT)
            t->wait[i].wake = wake;
    update_next_wake(t);
}

void paths_wake_entry(path_table *t, unsigned i, uint64_t now)
{
    t->wait[i].wake = now;
    if (now < t->next_wake)
        t->next_wake = now;
}

/* A woken path joins the runnable ones behind the active path (which may be
 * executing): as HCT2 or onto the CCT, through the compact/sort network. */
static void insert_path(path_table *t, path_t p)
{
    if (t->ops) {
        t->ops->insert(t, p);
    } else if (t->n == 0) {
        t->list[0] = p;
        t->n = 1;
    } else if (t->kind == SIMTY_PATHS_IDEAL) {
        sorted_insert(t, 1, &p);
    } else if (t->n == 1) {
        t->list[1] = p;
        t->n = 2;
    } else {
        path_t in[2] = {p, t->list[1]};
        unsigned m = compact_sort(in, 2, t->by_depth, t->boost);
        t->list[1] = in[0];
        if (m == 2)
            t->list[t->n++] = in[1];
    }
}

static void insert_runnable(path_table *t, path_t p)
{
    p.stamp = t->clock; /* waiting is not starving */
    insert_path(t, p);
}

unsigned paths_wake_due(path_table *t, uint64_t now, uint64_t waited[WAIT_KINDS])
{
    if (now < t->next_wake)
        return 0;
    unsigned woken = 0, kept = 0;
    const bool idle = t->n == 0; /* no active path (executing) to keep on top */
    bool served = false; /* a semihosting call returned */
    bool calling = false; /* ipdom: a call still stalls the warp */
    if (t->ops)
        for (unsigned i = 0; i < t->nwait; i++)
            calling |= t->wait[i].why == WAIT_SERVICE && t->wait[i].wake > now;
    for (unsigned i = 0; i < t->nwait; i++) {
        waiting_path *e = &t->wait[i];
        if (e->wake <= now && calling) {
            /* its wait is over, but the warp is stalled by the call: held
             * with the others (counted as woken: the sync unit counted it) */
            waited[e->why] += (now - e->since) * (uint64_t)lane_popcount(e->p.mask);
            e->p.stamp = t->clock;
            e->why = WAIT_HELD;
            e->since = now;
            e->wake = WAKE_ON_EVENT;
            t->wait[kept++] = *e;
            woken++;
        } else if (e->wake <= now) {
            waited[e->why] += (now - e->since) * (uint64_t)lane_popcount(e->p.mask);
            served |= e->why == WAIT_SERVICE;
            insert_runnable(t, e->p);
            woken++;
        } else {
            t->wait[kept++] = t->wait[i];
        }
    }
    t->nwait = kept;
    if (served) { /* the paths held for the call come back under it, in order
                   * (not counted: the sync unit never counted them) */
        kept = 0;
        for (unsigned i = 0; i < t->nwait; i++) {
            if (t->wait[i].why == WAIT_HELD) {
                /* held, not waiting: they keep their stamps (no commit of
                 * the warp ran meanwhile), so their starvation still counts */
                if (t->wait[i].p.stamp < t->oldest_bound)
                    t->oldest_bound = t->wait[i].p.stamp;
                insert_path(t, t->wait[i].p);
            } else {
                t->wait[kept++] = t->wait[i];
            }
        }
        t->nwait = kept;
    }
    if (woken && idle && t->ops && t->ops->woken)
        t->ops->woken(t);
    update_next_wake(t);
    return woken;
}

/* ---- offline sorter ---- */

uint64_t paths_idle_key(const path_table *t, uint64_t steps)
{
    if (t->kind != SIMTY_PATHS_HCT || t->n < 3)
        return 0; /* no CCT: idle cycles change nothing */
    uint64_t cct = t->n - 2;
    return steps < cct ? steps : cct + (steps - cct) % cct;
}

void paths_sort_steps(path_table *t, uint64_t steps, path_events *ev)
{
    unsigned cct = t->n - 2;
    path_t *stack = &t->list[2], *hct2 = &t->list[1];
    if (t->sort_ptr >= cct)
        t->sort_ptr = 0;
    /* after one full pass HCT2 holds the best entry and no swap can happen
     * until the table changes, so longer idle spans only move the pointer */
    uint64_t active = steps < cct ? steps : cct;
    for (uint64_t i = 0; i < active; i++) {
        path_t *e = &stack[t->sort_ptr];
        if (path_before(e, hct2, t->by_depth, t->boost)) {
            path_t tmp = *e;
            *e = *hct2;
            *hct2 = tmp;
            ev->swaps++;
        }
        t->sort_ptr = (t->sort_ptr + 1) % cct;
    }
    t->sort_ptr = (unsigned)((t->sort_ptr + (steps - active)) % cct);
}

int paths_detach_lane(path_table *t, unsigned lane, uint32_t pc, path_t *moved)
{
    const lane_mask bit = 1ull << lane;
    unsigned i = 0;
    while (i < t->n && !(t->list[i].mask & bit))
        i++;
    if (i == t->n)
        return -1;
    if (t->list[i].pc == pc)
        return -2; /* already there */
    *moved = t->list[i];
    moved->pc = pc;
    moved->mask = bit;
    t->list[i].mask &= ~bit;
    return (int)i;
}

int paths_move_lane(path_table *t, unsigned lane, uint32_t pc)
{
    if (t->ops)
        return t->ops->move_lane(t, lane, pc);
    const lane_mask bit = 1ull << lane;
    path_t moved;
    int i = paths_detach_lane(t, lane, pc, &moved);
    if (i < 0)
        return i == -2 ? 0 : -1;
    path_t all[SIMTY_MAX_LANES + 2];
    unsigned n = 0;
    bool merged = false;
    for (unsigned k = 0; k < t->n; k++) {
        path_t p = t->list[k];
        if (!p.mask)
            continue;
        if (!merged && p.pc == moved.pc && p.depth == moved.depth) {
            /* (the CCT may hold equal entries: join the first only) */
            p.mask |= bit;
            merged = true;
        }
        all[n++] = p;
    }
    if (!merged)
        all[n++] = moved;
    for (unsigned a = 1; a < n; a++) /* insertion sort, best first */
        for (unsigned b = a; b > 0 && path_before(&all[b], &all[b - 1], t->by_depth, t->boost);
             b--) {
            path_t tmp = all[b];
            all[b] = all[b - 1];
            all[b - 1] = tmp;
        }
    /* ideal: the sorted list; hct: HCT1, HCT2, then the CCT with the next
     * best on top (list[n-1]) */
    t->n = n;
    t->sort_ptr = 0;
    for (unsigned k = 0; k < n; k++)
        t->list[t->kind == SIMTY_PATHS_HCT && k >= 2 ? n + 1 - k : k] = all[k];
    return 0;
}
