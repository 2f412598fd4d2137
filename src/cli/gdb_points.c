/* The GDB stub's breakpoints and watchpoints (simty run --gdb): the Z and
 * z packets (software and hardware breakpoints, write watchpoints), the
 * stop function the library asks before every cycle while any is set, and
 * the breakpoint hits already reported, so that the lanes of one path stop
 * once where they stand (README, "Breakpoints"). */
#include <string.h>

#include "cli/gdb_internal.h"

/* ---- the points set ----------------------------------------------------- */

/* A breakpoint at pc (*hw: a hardware one) */
int gdb_is_bp(const gdb *g, uint32_t pc, int *hw)
{
    for (unsigned i = 0; i < g->nbp; i++)
        if (g->bp[i].addr == pc) {
            *hw = g->bp[i].hw;
            return 1;
        }
    return 0;
}

/* The watchpoint [addr, addr+len) overlaps, or -1. */
int gdb_watch_hit(const gdb *g, uint32_t addr, uint32_t len)
{
    for (unsigned i = 0; i < g->nwp; i++)
        if ((uint64_t)addr < (uint64_t)g->wp[i].addr + g->wp[i].len &&
            (uint64_t)g->wp[i].addr < (uint64_t)addr + len)
            return (int)i;
    return -1;
}

/* The watched values now (a byte that cannot be read counts as 0) */
void gdb_watch_snapshot(gdb *g)
{
    for (unsigned i = 0; i < g->nwp; i++)
        if (simty_mem_read(g->s, g->wp[i].addr, g->wp[i].val, g->wp[i].len))
            memset(g->wp[i].val, 0, g->wp[i].len);
}

/* ---- breakpoint hits already reported ----------------------------------- */

/* A stop at a breakpoint counts for every thread at that pc at that moment
 * (the other lanes of its path, threads of other paths waiting there), as
 * if they had all hit it together: none of them reports it again before it
 * has left that pc, and a path that reaches the breakpoint with one of them
 * in it (a lane catching up after a memory replay) is the same group.  So
 * gdb's next, step and finish see one stop where a path stands, not one
 * per lane.  The stop names the thread gdb steps if it is there (see
 * stop_thread).  (A stop of a thread run alone, vCont;c:TID, is how gdb
 * steps a thread over a breakpoint: it counts for that thread only.) */

static void hits_mark(gdb *g, unsigned gw, const simty_path_info *p)
{
    g->hit_mask[gw] |= p->mask;
    for (uint64_t m = p->mask; m; m &= m - 1)
        g->hit_pc[gw * g->T + (unsigned)__builtin_ctzll(m)] = p->pc;
}

void gdb_hits_forget(gdb *g) { memset(g->hit_mask, 0, g->ncores * g->W * sizeof *g->hit_mask); }

/* The live paths of global warp gw into g->paths (their number); the hits
 * of lanes that have left their pc (or ended) are forgotten. */
int gdb_warp_paths(gdb *g, unsigned gw)
{
    int n = simty_warp_paths(g->s, gw / g->W, gw % g->W, g->paths, g->maxpaths);
    if (n > (int)g->maxpaths)
        n = (int)g->maxpaths;
    if (!g->hit_mask[gw] || n < 0)
        return n;
    uint64_t keep = 0;
    for (int i = 0; i < n; i++) {
        const simty_path_info *p = &g->paths[i];
        for (uint64_t m = g->hit_mask[gw] & p->mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            if (g->hit_pc[gw * g->T + l] == p->pc)
                keep |= 1ull << l;
        }
    }
    g->hit_mask[gw] = keep;
    return n;
}

/* Whether path p of warp gw, at a breakpoint, holds a thread that reported
 * it already (after gdb_warp_paths: one still at that pc) and not the thread
 * gdb steps arriving there (it stops at its own breakpoints); its lanes all
 * count as reported then. */
static int hits_reported(gdb *g, unsigned gw, const simty_path_info *p)
{
    uint64_t stepped = gdb_hart_gw(g, g->g_hart) == gw ? 1ull << (g->g_hart % g->T) : 0;
    if (!(g->hit_mask[gw] & p->mask) || (p->mask & stepped & ~g->hit_mask[gw]))
        return 0;
    hits_mark(g, gw, p);
    return 1;
}

/* A stop at the breakpoint at pc: every thread there has hit it. */
static void hits_record(gdb *g, uint32_t pc)
{
    for (unsigned gw = 0; gw < g->ncores * g->W; gw++) {
        int n = gdb_warp_paths(g, gw);
        for (int i = 0; i < n; i++)
            if (g->paths[i].pc == pc)
                hits_mark(g, gw, &g->paths[i]);
    }
}

/* The thread a stop at a breakpoint at pc names, its path being `mask` of
 * warp gw: the thread gdb read the registers of last (Hg: in a next, the
 * thread it steps) if it is at pc, in that path or waiting in another; else
 * the last stop's thread if it is there; else the path's lowest lane.
 * (Named, another thread of the stepped thread's path would make gdb step
 * that one over the breakpoint, the stepped thread moving with it; and a
 * stepped thread waiting at its own breakpoint would count as reported.) */
static unsigned stop_thread(const gdb *g, unsigned gw, uint64_t mask, uint32_t pc)
{
    uint32_t at;
    if (gdb_hart_live(g, g->g_hart) && !simty_pc_read(g->s, g->g_hart, &at) && at == pc)
        return g->g_hart;
    if (gdb_hart_live(g, g->stop_hart) && !simty_pc_read(g->s, g->stop_hart, &at) && at == pc)
        return g->stop_hart;
    return gw * g->T + (unsigned)__builtin_ctzll(mask);
}

/* ---- the stop function -------------------------------------------------- */

/* The thread stepped while it waits (step_thread) has moved. */
static int waiter_moved(gdb *g)
{
    uint32_t pc;
    simty_thread_state st = simty_thread_state_get(g->s, (unsigned)g->wait_hart);
    if (simty_pc_read(g->s, (unsigned)g->wait_hart, &pc) || pc != g->wait_pc ||
        st == SIMTY_THREAD_ACTIVE || st == SIMTY_THREAD_READY ||
        st == SIMTY_THREAD_EXITED || st == SIMTY_THREAD_PARKED) {
        g->stop_kind = STOP_THREAD_MOVED;
        g->hit_hart = (unsigned)g->wait_hart;
        return 1;
    }
    return 0;
}

/* A lane of path p of warp gw is about to store to a watched byte: a stop
 * before the store. */
static int store_watched(gdb *g, unsigned gw, const simty_path_info *p)
{
    for (unsigned l = 0; l < g->T; l++) {
        uint32_t a, len;
        unsigned h = gw * g->T + l;
        if (!(p->mask >> l & 1) || !simty_store_at(g->s, h, p->pc, &a, &len))
            continue;
        int k = gdb_watch_hit(g, a, len);
        if (k >= 0) {
            g->stop_kind = STOP_WATCH;
            g->hit_hart = h;
            g->hit_addr = g->wp[k].addr;
            g->skip_gw = gw;
            g->skip_pc = p->pc;
            return 1;
        }
    }
    return 0;
}

/* Path p of warp gw stops the run: at a breakpoint not reported yet, or
 * about to store to a watched byte (skip: the watchpoint stop just
 * reported, at g->skip_pc, is not reported again). */
static int path_stops(gdb *g, unsigned gw, const simty_path_info *p, int skip)
{
    /* (the scalar model runs a thread in the cycle that wakes it
     * from the barrier or wrs: it is at its breakpoint already) */
    int waits = g->scalar && (p->state == SIMTY_THREAD_BARRIER ||
                              p->state == SIMTY_THREAD_WRS);
    if ((p->state != SIMTY_THREAD_ACTIVE && !waits) || !p->mask)
        return 0;
    int hw;
    if (g->nbp && gdb_is_bp(g, p->pc, &hw) && !hits_reported(g, gw, p)) {
        g->stop_kind = hw ? STOP_HWBREAK : STOP_SWBREAK;
        g->hit_hart = stop_thread(g, gw, p->mask, p->pc);
        hits_record(g, p->pc); /* (g->paths, p with them, rewritten) */
        return 1;
    }
    if (!g->nwp || waits || (skip && gw == g->skip_gw && p->pc == g->skip_pc))
        return 0;
    return store_watched(g, gw, p);
}

/* A watched value changed by other means (an instruction the cycle model
 * executed before the store reached this check, a device). */
static int watch_changed(gdb *g)
{
    for (unsigned i = 0; i < g->nwp; i++) {
        uint8_t now[WP_MAX_LEN];
        if (!simty_mem_read(g->s, g->wp[i].addr, now, g->wp[i].len) &&
            memcmp(now, g->wp[i].val, g->wp[i].len)) {
            memcpy(g->wp[i].val, now, g->wp[i].len);
            g->stop_kind = STOP_WATCH;
            g->hit_hart = g->stop_hart;
            g->hit_addr = g->wp[i].addr;
            return 1;
        }
    }
    return 0;
}

/* Asked before every cycle while breakpoints or watchpoints are set. */
int gdb_stop_fn(const simty_sim *s, void *ctx)
{
    gdb *g = ctx;
    (void)s;
    if (g->calls++ % POLL_EVERY == 0)
        gdb_look_at_socket(g);
    if (g->stop_kind != STOP_NONE || *g->sig)
        return 1;
    int skip = g->skip_valid;
    g->skip_valid = 0;
    if (g->wait_hart >= 0 && waiter_moved(g))
        return 1;
    for (unsigned gw = 0; gw < g->ncores * g->W; gw++) {
        int n = gdb_warp_paths(g, gw);
        for (int i = 0; i < n; i++)
            if (path_stops(g, gw, &g->paths[i], skip))
                return 1;
    }
    return watch_changed(g);
}

/* ---- the Z and z packets ------------------------------------------------ */

/* Z/z type,addr,kind: insert or remove */
void gdb_handle_point(gdb *g, const char *p)
{
    uint64_t type, addr, kind;
    int insert = *p++ == 'Z';
    if (gdb_parse_hex(&p, &type) || *p++ != ',' || gdb_parse_hex(&p, &addr) || *p++ != ',' ||
        gdb_parse_hex(&p, &kind) || (*p && *p != ';') || addr > UINT32_MAX)
        return gdb_reply_error(g);
    if (type == 0 || type == 1) {
        for (unsigned i = 0; i < g->nbp; i++)
            if (g->bp[i].addr == addr && g->bp[i].hw == (int)type) {
                if (!insert)
                    g->bp[i] = g->bp[--g->nbp];
                return (void)gdb_send_str(g, "OK");
            }
        if (!insert)
            return (void)gdb_send_str(g, "OK");
        if (g->nbp == MAX_BP)
            return gdb_reply_error(g);
        g->bp[g->nbp].addr = (uint32_t)addr;
        g->bp[g->nbp++].hw = (int)type;
        return (void)gdb_send_str(g, "OK");
    }
    if (type == 2) { /* write watchpoint */
        if (!kind || kind > WP_MAX_LEN || addr + kind > (1ull << 32))
            return gdb_reply_error(g);
        for (unsigned i = 0; i < g->nwp; i++)
            if (g->wp[i].addr == addr && g->wp[i].len == kind) {
                if (!insert)
                    g->wp[i] = g->wp[--g->nwp];
                return (void)gdb_send_str(g, "OK");
            }
        if (!insert)
            return (void)gdb_send_str(g, "OK");
        if (g->nwp == MAX_WP)
            return gdb_reply_error(g);
        g->wp[g->nwp].addr = (uint32_t)addr;
        g->wp[g->nwp].len = (uint32_t)kind;
        g->nwp++;
        gdb_watch_snapshot(g);
        return (void)gdb_send_str(g, "OK");
    }
    gdb_send_str(g, ""); /* read and access watchpoints: not supported */
}
