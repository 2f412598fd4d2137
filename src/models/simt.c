/* SIMT functional model: W warps of T lanes per core.  Each step runs one
 * instruction of one warp's active path for every lane of its mask (one issue
 * slot); warps take turns round-robin.  Time is counted in slots: each core
 * issues one slot per cycle. */
#include <stdlib.h>

#include "warp/path_report.h"
#include "warp/paths.h"
#include "warp/warp_commit.h"
#include "warp/warp_exec.h"
#include "models/model.h"
#include "sync/spin.h"
#include "trace/commit_trace.h"

typedef struct simt_state {
    uint64_t *last_slot;  /* per warp: cycle of its last issue (offline sorter) */
    uint64_t live;        /* warps with runnable paths (bit per warp, W <= 64) */
    unsigned rr;          /* round-robin pointer */
} simt_state;

static void simt_free(simty_sim *s)
{
    for (unsigned c = 0; c < s->ncores; c++) {
        simt_state *m = s->core[c].model_state;
        if (m)
            free(m->last_slot);
        free(m);
        s->core[c].model_state = NULL;
    }
}

static int simt_init(simty_sim *s, char *err, size_t errlen)
{
    for (unsigned c = 0; c < s->ncores; c++) {
        sim_core *core = &s->core[c];
        simt_state *m = calloc(1, sizeof *m);
        core->model_state = m;
        if (!m || !(m->last_slot = calloc(s->W, sizeof *m->last_slot))) {
            simt_free(s);
            snprintf(err, errlen, "out of host memory");
            return -1;
        }
        for (unsigned w = 0; w < s->W; w++) {
            warp_paths_init(s, &core->paths[w]);
            m->live |= 1ull << w;
        }
    }
    return 0;
}

/* Next warp with live paths at or after the round-robin pointer. */
static unsigned next_warp(const simt_state *m)
{
    uint64_t after = m->live & ~((1ull << m->rr) - 1); /* rr < 64 */
    return (unsigned)__builtin_ctzll(after ? after : m->live);
}

static void simt_woken(void *ctx, unsigned gw)
{
    simty_sim *s = ctx;
    simt_state *m = warp_core(s, gw)->model_state;
    m->live |= 1ull << (gw % s->W);
}

static void simt_poll(simty_sim *s)
{
    sync_poll(s, &s->sync, s->paths, s->nwarps, s->cycle, simt_woken, s);
}

static bool simt_quiet(const simty_sim *s, const sim_core *c)
{
    (void)s;
    const simt_state *m = c->model_state;
    return !m->live;
}

/* What follows the execution of a slot: trace, statistics, spin detector,
 * commit.  Inline, so that the converged slot below, whose outcome is a
 * constant but for its PC, compiles to the few counters it changes. */
static inline __attribute__((always_inline)) void simt_slot_done(simty_sim *s, sim_core *c, simt_state *m, unsigned w,
                                  unsigned gw, path_table *pt, const path_t *active,
                                  warp_outcome *o)
{
    if (s->cfg.trace_commits && o->retired && sim_trace_at(s, s->cycle))
        commit_trace_commit(s, s->cycle, gw, 0, active->pc, o->insn, o->retired);
    c->stats.warp_instructions++;
    warp_count_executed(s, &c->stats, active, o);
    if (s->cfg.spin_detect)
        o->c.backoff = spin_note(&pt->spin, s, gw, active, o);
    /* the offline sorter stepped in the cycles since the warp's last issue */
    warp_commit(s, &c->stats, pt, gw * s->T, &o->c, s->cycle - m->last_slot[w], s->cycle);
    m->last_slot[w] = s->cycle + 1;
}

/* One issue slot of core c: the next warp with a runnable path, round-robin. */
static bool simt_tick(simty_sim *s, sim_core *c)
{
    simt_state *m = c->model_state;
    if (!m->live)
        return true;
    unsigned w = next_warp(m), gw = c->warp0 + w;
    m->rr = w + 1 < s->W ? w + 1 : 0;
    path_table *pt = &c->paths[w];

    const path_t active = *paths_active(pt);
    /* the common case, inline */
    const simple_slot r = warp_execute_simple(s, gw, &active);
    if (r.insn) {
        /* a converged warp: its commit moves its one path on in place
         * (paths_commit's first case, nothing to sort) */
        if (pt->n == 1 && !pt->turn_left && active.mask == full_lane_mask(s->T) &&
            !s->cfg.trace_commits && !(r.backedge && s->cfg.spin_detect)) {
            simty_stats *st = &c->stats;
            st->warp_instructions++;
            st->thread_instructions += s->T;
            st->lane_histogram[s->T]++;
            pt->spin.slots += s->cfg.spin_detect != 0; /* (spin_note: no store, no backedge) */
            warp_count_paths(st, pt, paths_advance(pt, r.next, r.depth, active.mask));
            m->last_slot[w] = s->cycle + 1;
            return true;
        }
        warp_outcome o = simple_outcome(&r, &active);
        simt_slot_done(s, c, m, w, gw, pt, &active, &o); /* (a spin may park the path) */
    } else {
        warp_outcome o;
        if (!warp_execute(s, gw, 0, s->T, &active, &o))
            return false;
        simt_slot_done(s, c, m, w, gw, pt, &active, &o);
    }
    if (!paths_count(pt))
        m->live &= ~(1ull << w);
    return true;
}

MODEL_BURST(simt_burst, simt_tick, simt_quiet, model_no_end_cycle)

static int simt_set_pc(simty_sim *s, unsigned hart, uint32_t pc)
{
    unsigned gw = hart / s->T;
    sim_core *c = warp_core(s, gw);
    simt_state *m = c->model_state;
    path_table *pt = &c->paths[gw % s->W];
    if (paths_move_lane(pt, hart % s->T, pc))
        return -1;
    m->live |= 1ull << (gw % s->W);
    return 0;
}

static void simt_dump(const simty_sim *s, FILE *f)
{
    path_report_dump(s, s->paths, f);
}

static uint64_t simt_hash(const simty_sim *s, const sim_core *c)
{
    const simt_state *m = c->model_state;
    return path_report_hash(s, c->paths, c->warp0, m->last_slot) ^ m->rr;
}

static uint8_t simt_wait_state(const simty_sim *s, unsigned hart)
{
    return path_report_wait_state(s, s->paths, hart);
}

const model_ops model_simt = {
    .name = "simt",
    .deadlock_hint = "; a spin loop may be waiting for a thread of its own warp, spec section 2",
    /* one deadlock sample per ~64 slots of every thread: hashing costs ~1/2
     * word per slot */
    .watch_interval_per_hart = 64,
    .skips_idle_time = true,
    .init = simt_init,
    .free = simt_free,
    .poll = simt_poll,
    .quiet = simt_quiet,
    .tick = simt_tick,
    .burst = simt_burst,
    .dump = simt_dump,
    .hash = simt_hash,
    .wait_state = simt_wait_state,
    .set_pc = simt_set_pc,
};
