/* --paths ipdom: the immediate-post-dominator reconvergence stack.
 *
 * GPGPU-Sim's and Vortex's scheme, on the loader's reconvergence points
 * (loader/cfg.h).  Kept here in a form with disjoint paths, so that the
 * rest of the simulator sees runnable paths as with the other
 * organisations:
 *
 *  - list[0..n) are the stack's runnable paths, top first; the top is the
 *    active path.
 *  - A divergent instruction opens a region (ipdom_frame: its threads, the
 *    reconvergence PC, the call depth) inside the active path's region; the
 *    taken path goes on top, the other under it.  Every thread knows its
 *    innermost region (frame_of).
 *  - A path on top that reaches its region's reconvergence PC at the
 *    region's depth (RECONV_AT_PC), or returns below that depth (either
 *    kind: it left the function), has arrived: it goes under the region's
 *    runnable paths that have not, merging with an arrived path at the same
 *    place.  When every live thread of the region has arrived, the region
 *    closes: its paths merge at the reconvergence PC and go on in the
 *    enclosing region (the classic pop).  A path arriving at an outer
 *    region leaves the inner ones on its way.
 *
 * Sound by construction: paths only ever merge at the same PC and depth,
 * and a region never waits for threads that cannot run:
 *
 *  - threads that end (exit, park for ever) leave every region;
 *  - if no thread of a region that has not arrived is runnable (they all
 *    wait: at a barrier, in wrs, backed off by the spin detector), the
 *    arrived path on top runs on anyway and leaves the region at its
 *    commit (the region then waits only for the others);
 *  - a semihosting call is no such wait (it returns by itself): the path
 *    that makes one stalls the warp, as a stack's top waiting for a long
 *    operation does; the other runnable paths wait with it (WAIT_HELD)
 *    and come back under it, in order, when it returns (paths_wake_due);
 *  - a path that is the only runnable one leaves its regions at once: it
 *    runs on alone (and so, as with the other organisations, moves on in
 *    place in the models' fast paths, with no point to watch);
 *  - the forward-progress policy may give any path a turn on top; an
 *    arrived path that runs so leaves its region the same way.
 * So a spin loop waiting for a lock held by an arrived path of its own
 * warp (the classic SIMT deadlock) completes when the spin detector backs
 * the spinning path off or its waiting starts a turn; with --progress off
 * it spins for ever, and the deadlock detection reports it.
 *
 * A path that leaves its function without passing the reconvergence PC (a
 * conservative post-dominator, an exception handler, longjmp) arrives by
 * depth; one that never does only delays the region until it ends or
 * waits. */
#include <string.h>

#include "warp/paths.h"

static inline unsigned low_lane(lane_mask m) { return (unsigned)__builtin_ctzll(m); }

static inline unsigned frame_of_path(const path_table *t, const path_t *p)
{
    return t->ipdom.frame_of[low_lane(p->mask)];
}

static void set_frame(path_table *t, lane_mask m, unsigned f)
{
    for (; m; m &= m - 1)
        t->ipdom.frame_of[low_lane(m)] = (uint8_t)f;
}

/* Has path p arrived at region f? */
static bool arrived_at(const ipdom_frame *f, const path_t *p)
{
    if (p->depth < f->depth)
        return true; /* it left the function */
    return f->kind == RECONV_AT_PC && p->pc == f->rpc && p->depth == f->depth;
}

static void remove_at(path_table *t, unsigned i)
{
    memmove(&t->list[i], &t->list[i + 1], (t->n - i - 1) * sizeof *t->list);
    t->n--;
}

static void insert_at(path_table *t, unsigned i, const path_t *p)
{
    memmove(&t->list[i + 1], &t->list[i], (t->n - i) * sizeof *t->list);
    t->list[i] = *p;
    t->n++;
}

static void merge_into(path_t *a, const path_t *b)
{
    a->mask |= b->mask;
    if (b->stamp < a->stamp)
        a->stamp = b->stamp;
}

/* Merges the paths of region f at the same place into the first of them. */
static void merge_region(path_table *t, unsigned f)
{
    for (unsigned i = 0; i < t->n; i++) {
        if (frame_of_path(t, &t->list[i]) != f)
            continue;
        for (unsigned j = i + 1; j < t->n;) {
            const path_t *q = &t->list[j];
            if (frame_of_path(t, q) == f && q->pc == t->list[i].pc &&
                q->depth == t->list[i].depth) {
                merge_into(&t->list[i], q);
                remove_at(t, j);
            } else {
                j++;
            }
        }
    }
}

static void close_or_free(path_table *t, unsigned f, path_events *ev);

/* Region f closes: its (arrived) threads go on in the enclosing region. */
static void pop(path_table *t, unsigned f, path_events *ev)
{
    ipdom_frame *fr = &t->ipdom.f[f];
    const unsigned parent = fr->parent;
    set_frame(t, fr->live, parent);
    fr->kind = RECONV_NONE;
    fr->live = fr->arrived = 0;
    merge_region(t, parent);
    ev->pops++;
}

/* After threads left region f: free it if it is empty, close it if every
 * thread left in it has arrived. */
static void close_or_free(path_table *t, unsigned f, path_events *ev)
{
    ipdom_frame *fr = &t->ipdom.f[f];
    if (!fr->live)
        fr->kind = RECONV_NONE;
    else if (fr->arrived == fr->live)
        pop(t, f, ev);
}

/* Threads m (of region f or a region inside it) leave f and the regions
 * inside it, down to `until` (exclusive), and find themselves in `until`. */
static void leave(path_table *t, lane_mask m, unsigned f, unsigned until, path_events *ev)
{
    while (f != until && f != IPDOM_ROOT) {
        ipdom_frame *fr = &t->ipdom.f[f];
        const unsigned parent = fr->parent;
        fr->live &= ~m;
        fr->arrived &= ~m;
        set_frame(t, m, parent);
        close_or_free(t, f, ev);
        f = parent;
    }
}

/* Threads gone for good (exited, parked at a self loop) leave every region. */
static void drop(path_table *t, lane_mask gone, unsigned f, path_events *ev)
{
    if (gone)
        leave(t, gone, f, IPDOM_ROOT, ev);
}

static unsigned alloc_frame(path_table *t)
{
    for (unsigned f = 1; f < IPDOM_FRAMES; f++)
        if (t->ipdom.f[f].kind == RECONV_NONE)
            return f;
    return IPDOM_ROOT; /* full: the split opens no region (it stays in its own) */
}

/* The innermost region on p's chain that p has arrived at, or the root. */
static unsigned arrival(const path_table *t, const path_t *p)
{
    for (unsigned f = frame_of_path(t, p); f != IPDOM_ROOT; f = t->ipdom.f[f].parent)
        if (arrived_at(&t->ipdom.f[f], p))
            return f;
    return IPDOM_ROOT;
}

/* The last runnable path below the top with threads of region f that have
 * not arrived (0: none). */
static unsigned last_pending(const path_table *t, unsigned f)
{
    const ipdom_frame *fr = &t->ipdom.f[f];
    const lane_mask pending = fr->live & ~fr->arrived;
    unsigned last = 0;
    for (unsigned i = 1; i < t->n; i++)
        if (t->list[i].mask & pending)
            last = i;
    return last;
}

/* An arrived path of region f at p's place below the top (0: none). */
static unsigned arrived_twin(const path_table *t, unsigned f, const path_t *p)
{
    const lane_mask arrived = t->ipdom.f[f].arrived & ~p->mask;
    for (unsigned i = 1; i < t->n; i++) {
        const path_t *q = &t->list[i];
        if ((q->mask & arrived) && q->pc == p->pc && q->depth == p->depth)
            return i;
    }
    return 0;
}

/* Settles the top of the stack: while it has arrived at a region, it
 * closes the region (every thread arrived) or goes under the region's
 * runnable paths that have not; the top that is left runs.  Each round
 * moves an arrived path under a pending one or closes a region, so the
 * loop ends; the bound is a guard. */
static void settle(path_table *t, path_events *ev)
{
    for (unsigned guard = 0; t->n && guard < 4 * IPDOM_FRAMES + 4 * SIMTY_MAX_LANES; guard++) {
        path_t *top = &t->list[0];
        const unsigned inner = frame_of_path(t, top), f = arrival(t, top);
        if (f == IPDOM_ROOT)
            break;
        if (f != inner) /* it reached an outer region's point: it leaves the inner ones */
            leave(t, top->mask, inner, f, ev);
        ipdom_frame *fr = &t->ipdom.f[f];
        if (fr->kind == RECONV_NONE) /* (leaving closed it) */
            continue;
        fr->arrived |= top->mask;
        if (fr->arrived == fr->live) {
            pop(t, f, ev);
            continue;
        }
        const unsigned below = last_pending(t, f), twin = arrived_twin(t, f, top);
        if (!below)
            break; /* the others all wait: it runs on (and leaves f) */
        path_t p = *top;
        remove_at(t, 0); /* (indices below the top drop by one) */
        if (twin)
            merge_into(&t->list[twin - 1], &p);
        else
            insert_at(t, below, &p); /* just under the last pending path */
    }
    /* the only runnable path leaves its regions: it runs on alone (so a
     * warp with one runnable path moves it on in place, whatever the
     * organisation: the models' fast paths) */
    if (t->n == 1 && frame_of_path(t, &t->list[0]) != IPDOM_ROOT)
        leave(t, t->list[0].mask, frame_of_path(t, &t->list[0]), IPDOM_ROOT, ev);
}

/* Opens a region inside region `in` for the split of the active path a
 * into threads m.  A region with the same point as `in` would close
 * exactly when its threads arrive at `in`'s: they stay in `in` (a nested
 * if with the same post-dominator, a memory access replayed again).  With
 * every entry in use, none opens (the paths stay in `in`). */
static void open_region(path_table *t, unsigned in, const path_t *a, lane_mask m,
                        const path_split *sp, path_events *ev)
{
    const ipdom_frame *cur = &t->ipdom.f[in];
    if (in != IPDOM_ROOT && cur->kind == sp->reconv && cur->depth == a->depth &&
        (sp->reconv == RECONV_AT_RETURN || cur->rpc == sp->rpc))
        return;
    unsigned f = alloc_frame(t);
    if (f == IPDOM_ROOT)
        return;
    t->ipdom.f[f] = (ipdom_frame){.rpc = sp->rpc, .depth = a->depth, .live = m,
                                  .kind = sp->reconv, .parent = (uint8_t)in};
    set_frame(t, m, f);
    ev->pushes++;
}

static void ipdom_commit(path_table *t, const path_t next[2], const path_split *sp,
                         uint64_t now, uint64_t keep, path_events *ev)
{
    const path_t a = t->list[0];
    unsigned f = frame_of_path(t, &a);
    remove_at(t, 0);
    if (f != IPDOM_ROOT && (t->ipdom.f[f].arrived & a.mask)) {
        /* an arrived path ran on (its region's other threads all waited,
         * or a turn): it leaves the region */
        leave(t, a.mask, f, t->ipdom.f[f].parent, ev);
        f = t->ipdom.frame_of[low_lane(a.mask)];
    }
    const lane_mask produced = next[0].mask | next[1].mask;
    drop(t, a.mask & ~(produced | sp->held), f, ev);
    if (next[0].mask && next[1].mask && sp->reconv != RECONV_NONE)
        open_region(t, f, &a, produced, sp, ev);
    path_t p[2];
    unsigned m = 0;
    for (int k = 0; k < 2; k++)
        if (next[k].mask) {
            p[m] = next[k];
            p[m++].stamp = next[k].stamp == PATH_NOT_ISSUED ? keep : now;
        }
    if (m == 2 && p[0].pc == p[1].pc && p[0].depth == p[1].depth) { /* both ways to one place */
        merge_into(&p[0], &p[1]);
        m = 1;
    }
    while (m > 0) /* next[0] ends on top */
        insert_at(t, 0, &p[--m]);
    if (sp->held && sp->why == WAIT_SERVICE) {
        /* the active path waits in a semihosting call: the warp stalls
         * with it, as a stack's top that waits for a long operation does
         * (its other paths come back under it, in this order, when the
         * call returns: paths_wake_due) */
        while (t->n) {
            paths_park(t, t->list[t->n - 1], WAIT_HELD, sp->time, WAKE_ON_EVENT);
            t->n--;
        }
        return;
    }
    settle(t, ev);
}

static void ipdom_insert(path_table *t, path_t p)
{
    const unsigned f = frame_of_path(t, &p);
    for (unsigned i = 0; i < t->n; i++) {
        path_t *q = &t->list[i];
        if (i > 0 && q->pc == p.pc && q->depth == p.depth && frame_of_path(t, q) == f) {
            merge_into(q, &p);
            return;
        }
    }
    /* under the active path, which may be executing; the top if none */
    insert_at(t, t->n ? 1 : 0, &p);
}

/* After paths woke into a warp that had no runnable path: the new top may
 * have arrived, or run alone. */
static void ipdom_woken(path_table *t)
{
    /* none of them executes: those at one place in one region merge
     * (ipdom_insert never merges into list[0]) */
    for (unsigned i = 0; i < t->n; i++)
        for (unsigned j = i + 1; j < t->n;) {
            const path_t *q = &t->list[j];
            if (q->pc == t->list[i].pc && q->depth == t->list[i].depth &&
                frame_of_path(t, q) == frame_of_path(t, &t->list[i])) {
                merge_into(&t->list[i], q);
                remove_at(t, j);
            } else {
                j++;
            }
        }
    path_events ev = {0};
    settle(t, &ev);
}

static int ipdom_move_lane(path_table *t, unsigned lane, uint32_t pc)
{
    const lane_mask bit = 1ull << lane;
    path_t moved;
    int i = paths_detach_lane(t, lane, pc, &moved);
    if (i < 0)
        return i == -2 ? 0 : -1;
    if (!t->list[i].mask)
        remove_at(t, (unsigned)i);
    path_events ev = {0};
    leave(t, bit, t->ipdom.frame_of[lane], IPDOM_ROOT, &ev);
    insert_at(t, 0, &moved);
    settle(t, &ev);
    return 0;
}

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ull; }

static uint64_t hash_chain(const path_table *t, uint64_t h, const path_t *p, int32_t base)
{
    for (unsigned f = frame_of_path(t, p); f != IPDOM_ROOT; f = t->ipdom.f[f].parent) {
        const ipdom_frame *fr = &t->ipdom.f[f];
        h = mix(h, fr->rpc ^ ((uint64_t)((uint32_t)fr->depth - (uint32_t)base) << 32) ^
                       ((uint64_t)fr->kind << 62));
        h = mix(h, fr->live);
        h = mix(h, fr->arrived);
    }
    return mix(h, 0x1d0);
}

static uint64_t ipdom_hash(const path_table *t, uint64_t h, int32_t base)
{
    for (unsigned i = 0; i < t->n; i++)
        h = hash_chain(t, h, &t->list[i], base);
    for (unsigned i = 0; i < t->nwait; i++)
        h = hash_chain(t, h, &t->wait[i].p, base);
    return h;
}

const paths_ops paths_ipdom_ops = {
    .reconvergence_points = true,
    .commit = ipdom_commit,
    .insert = ipdom_insert,
    .woken = ipdom_woken,
    .move_lane = ipdom_move_lane,
    .hash = ipdom_hash,
};
