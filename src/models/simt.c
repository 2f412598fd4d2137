/* SIMT functional model: W warps of T lanes per core.  Each step runs one
 * instruction of one warp's active path for every lane of its mask (one issue
 * slot); warps take turns round-robin.  Time is counted in slots. */
#include <stdlib.h>

#include "warp/path_report.h"
#include "warp/paths.h"
#include "warp/warp_commit.h"
#include "warp/warp_exec.h"
#include "models/model.h"
#include "sim/progress.h"
#include "sync/spin.h"
#include "trace/commit_trace.h"

typedef struct simt_state {
    path_table *warp;     /* per global warp */
    uint64_t *last_slot;  /* cycle of the warp's last issue (offline sorter) */
    uint64_t live;        /* warps with runnable paths (bit per warp; W <= 64, one core) */
    unsigned rr;          /* round-robin pointer */
    progress_watch watch;
} simt_state;

static int simt_init(simty_sim *s, char *err, size_t errlen)
{
    simt_state *m = calloc(1, sizeof *m);
    if (m) {
        m->warp = calloc(s->nwarps, sizeof *m->warp);
        m->last_slot = calloc(s->nwarps, sizeof *m->last_slot);
    }
    if (!m || !m->warp || !m->last_slot) {
        if (m) {
            free(m->warp);
            free(m->last_slot);
        }
        free(m);
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    for (unsigned w = 0; w < s->nwarps; w++) {
        warp_paths_init(s, &m->warp[w]);
        m->live |= 1ull << w;
    }
    /* one deadlock sample per ~64 slots of every thread: hashing costs ~1/2
     * word per slot */
    progress_init(&m->watch, 64ull * s->nharts, 0);
    s->model_state = m;
    return 0;
}

/* Next warp with live paths at or after the round-robin pointer. */
static unsigned next_warp(const simt_state *m)
{
    uint64_t after = m->live & ~((1ull << m->rr) - 1); /* rr < 64 */
    return (unsigned)__builtin_ctzll(after ? after : m->live);
}

static void simt_woken(void *ctx, unsigned w)
{
    simt_state *m = ctx;
    m->live |= 1ull << w;
}

/* No warp can issue: wait for the next timed wake-up, or report that
 * nothing can ever wake the waiting threads. */
static void simt_idle(simty_sim *s)
{
    if (!s->sync.waiting) { /* cannot happen: the last thread's end stops the run */
        sim_stop(s, SIMTY_EXIT_EXIT, 0);
        return;
    }
    if (!sync_can_wake(&s->sync)) {
        sim_deadlock(s, "every live thread waits and nothing can wake it", "");
        return;
    }
    uint64_t next = s->sync.release ? s->cycle + 1 : s->sync.next_wake;
    s->cycle = next < s->cycle_limit ? next : s->cycle_limit;
}

static void simt_run(simty_sim *s)
{
    simt_state *m = s->model_state;
    simty_stats *st = &s->stats;

    while (!sim_cycle_limits(s, &m->watch, "; a spin loop may be waiting for a thread of its "
                                           "own warp, spec section 2")) {
        sync_poll(s, &s->sync, m->warp, s->nwarps, s->cycle, simt_woken, m);
        if (!m->live) {
            simt_idle(s);
            continue;
        }
        unsigned w = next_warp(m);
        m->rr = w + 1 < s->nwarps ? w + 1 : 0;
        path_table *pt = &m->warp[w];

        warp_outcome o;
        const path_t active = *paths_active(pt);
        if (!warp_execute(s, w, 0, s->T, &active, &o))
            break;
        if (s->cfg.trace_commits && o.retired && sim_trace_at(s, s->cycle))
            commit_trace_write(s->cfg.trace_commits, s, s->cycle, w, 0, active.pc, o.insn,
                               o.retired);
        st->warp_instructions++;
        warp_count_executed(s, &active, &o);
        if (s->cfg.spin_detect)
            o.c.backoff = spin_note(&pt->spin, s, w, &active, &o);
        /* the offline sorter stepped in the cycles since the warp's last issue */
        warp_commit(s, pt, w * s->T, &o.c, s->cycle - m->last_slot[w], s->cycle);
        m->last_slot[w] = s->cycle + 1;
        if (!paths_count(pt))
            m->live &= ~(1ull << w);
        s->cycle++;
    }
}

static void simt_free(simty_sim *s)
{
    simt_state *m = s->model_state;
    free(m->warp);
    free(m->last_slot);
    free(m);
    s->model_state = NULL;
}

static void simt_dump(const simty_sim *s, FILE *f)
{
    const simt_state *m = s->model_state;
    path_report_dump(s, m->warp, f);
}

static uint64_t simt_hash(const simty_sim *s)
{
    const simt_state *m = s->model_state;
    return path_report_hash(s, m->warp, m->last_slot) ^ m->rr;
}

static uint8_t simt_wait_state(const simty_sim *s, unsigned hart)
{
    const simt_state *m = s->model_state;
    return path_report_wait_state(s, m->warp, hart);
}

const model_ops model_simt = {
    .name = "simt",
    .init = simt_init,
    .run = simt_run,
    .free = simt_free,
    .dump = simt_dump,
    .hash = simt_hash,
    .wait_state = simt_wait_state,
};
