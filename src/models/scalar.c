/* Scalar reference model: every hart is an independent thread with its own
 * PC; one step runs one instruction of every live hart, in hart order.  It is
 * the functional oracle the SIMT models are checked against. */
#include <stdlib.h>

#include "core/warp_exec.h"
#include "models/model.h"
#include "sim/progress.h"
#include "trace/commit_trace.h"

typedef struct scalar_state {
    unsigned *live; /* running harts, in hart order */
    unsigned nlive;
    progress_watch watch;
} scalar_state;

/* Runs one instruction of hart h: a one-lane view of its warp, through the
 * same warp_execute() as the SIMT models. */
static void step_hart(simty_sim *s, unsigned h)
{
    const path_t p = {.pc = s->pc[h], .depth = 0, .mask = 1};
    warp_outcome o;
    if (!warp_execute(s, h / s->T, h % s->T, 1, &p, &o))
        return;
    if (o.retired && sim_in_barrier_code(s, p.pc)) {
        s->stats.barrier_slots++;
        s->stats.barrier_thread_instructions++;
    }
    if (s->cfg.trace_commits && o.retired && sim_trace_at(s, s->cycle))
        commit_trace_write(s->cfg.trace_commits, s, s->cycle, h / s->T, h % s->T, p.pc, o.insn,
                           o.retired);
    /* one lane: at most one produced path holds it (none once it ended) */
    if (o.next[0].mask)
        s->pc[h] = o.next[0].pc;
    else if (o.next[1].mask)
        s->pc[h] = o.next[1].pc;
}

static int scalar_init(simty_sim *s, char *err, size_t errlen)
{
    scalar_state *m = calloc(1, sizeof *m);
    if (m)
        m->live = malloc(s->nharts * sizeof *m->live);
    if (!m || !m->live) {
        free(m);
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    for (unsigned h = 0; h < s->nharts; h++)
        m->live[h] = h;
    m->nlive = s->nharts;
    progress_init(&m->watch, 1024, 0);
    s->model_state = m;
    return 0;
}

static void scalar_run(simty_sim *s)
{
    scalar_state *m = s->model_state;
    uint64_t retired0 = 0;
    for (unsigned h = 0; h < s->nharts; h++)
        retired0 += sim_instret(s, h);

    while (!sim_cycle_limits(s, &m->watch, "; see the thread dump")) {
        unsigned kept = 0;
        for (unsigned i = 0; i < m->nlive && !sim_stopped(s); i++) {
            unsigned h = m->live[i];
            step_hart(s, h);
            if (s->status[h] == HART_RUNNING)
                m->live[kept++] = h;
        }
        m->nlive = kept;
        s->cycle++;
    }

    uint64_t retired = 0;
    for (unsigned h = 0; h < s->nharts; h++)
        retired += sim_instret(s, h);
    retired -= retired0;
    s->stats.thread_instructions += retired;
    s->stats.warp_instructions += retired; /* one thread per issue slot */
    s->stats.lane_histogram[1] += retired;
}

static void scalar_free(simty_sim *s)
{
    scalar_state *m = s->model_state;
    free(m->live);
    free(m);
    s->model_state = NULL;
}

static void scalar_dump(const simty_sim *s, FILE *f)
{
    for (unsigned h = 0; h < s->nharts; h++) {
        if (s->status[h] != HART_RUNNING)
            continue;
        char where[160] = "", dis[160];
        sim_symbolize(s, s->pc[h], where, sizeof where);
        sim_disasm(s, s->pc[h], dis, sizeof dis);
        fprintf(f, "  hart %u: pc 0x%08x <%s> %s\n", h, s->pc[h], where, dis);
    }
}

static uint64_t scalar_hash(const simty_sim *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned t = 0; t < s->nharts; t++)
        h = (h ^ s->pc[t]) * 0x100000001b3ull;
    return h;
}

static bool scalar_all_pcs_in(const simty_sim *s, uint32_t lo, uint32_t hi)
{
    for (unsigned h = 0; h < s->nharts; h++)
        if (s->status[h] == HART_RUNNING && (s->pc[h] < lo || s->pc[h] >= hi))
            return false;
    return true;
}

const model_ops model_scalar = {
    .name = "scalar",
    .init = scalar_init,
    .run = scalar_run,
    .free = scalar_free,
    .dump = scalar_dump,
    .hash = scalar_hash,
    .all_pcs_in = scalar_all_pcs_in,
};
