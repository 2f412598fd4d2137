/* Scalar reference model: every hart is an independent thread with its own
 * PC; one step runs one instruction of every live hart, in hart order.  It is
 * the functional oracle the SIMT models are checked against.  A hart that
 * arrives at the barrier or waits in wrs sits out until it is woken (the
 * scalar model has no warps: `pause` and the spin detector do nothing). */
#include <stdlib.h>

#include "warp/warp_exec.h"
#include "models/model.h"
#include "sim/progress.h"
#include "trace/commit_trace.h"

typedef struct scalar_state {
    unsigned *live; /* runnable harts, in hart order */
    unsigned nlive;
    uint8_t *wait;  /* per hart: enum path_wait */
    uint64_t *since, *wake; /* per waiting hart: when it started, when it wakes */
    progress_watch watch;
} scalar_state;

static void wait_start(simty_sim *s, scalar_state *m, unsigned h, enum path_wait why,
                       uint64_t wake)
{
    m->wait[h] = (uint8_t)why;
    m->since[h] = s->cycle;
    m->wake[h] = wake;
    s->sync.waiting++;
    if (wake < s->sync.next_wake)
        s->sync.next_wake = wake;
    if (why == WAIT_WRS)
        s->sync.store_waiting++;
    if (why == WAIT_BARRIER)
        sync_arrive(s, 1, s->cycle);
}

/* Runs one instruction of hart h: a one-lane view of its warp, through the
 * same warp_execute() as the SIMT models. */
static void step_hart(simty_sim *s, scalar_state *m, unsigned h)
{
    const path_t p = {.pc = s->pc[h], .depth = 0, .mask = 1};
    warp_outcome o;
    if (!warp_execute(s, h / s->T, h % s->T, 1, &p, &o))
        return;
    if (s->cfg.trace_commits && o.retired && sim_trace_at(s, s->cycle))
        commit_trace_write(s->cfg.trace_commits, s, s->cycle, h / s->T, h % s->T, p.pc, o.insn,
                           o.retired);
    /* one lane: at most one produced path holds it (none once it ended) */
    if (o.c.next[0].mask)
        s->pc[h] = o.c.next[0].pc;
    else if (o.c.next[1].mask)
        s->pc[h] = o.c.next[1].pc;
    if (o.c.next[0].mask && o.c.park)
        wait_start(s, m, h, (enum path_wait)o.c.park,
                   o.c.wrs_timeout ? s->cycle + WRS_STO_TIMEOUT : WAKE_ON_EVENT);
}

static int scalar_init(simty_sim *s, char *err, size_t errlen)
{
    scalar_state *m = calloc(1, sizeof *m);
    if (m) {
        m->live = malloc(s->nharts * sizeof *m->live);
        m->wait = calloc(s->nharts, sizeof *m->wait);
        m->since = calloc(s->nharts, sizeof *m->since);
        m->wake = calloc(s->nharts, sizeof *m->wake);
    }
    if (!m || !m->live || !m->wait || !m->since || !m->wake) {
        if (m) {
            free(m->live);
            free(m->wait);
            free(m->since);
            free(m->wake);
        }
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

/* Wakes the waiting harts whose event came or whose time is up, and
 * rebuilds the runnable list in hart order. */
static void scalar_poll_slow(simty_sim *s, scalar_state *m)
{
    sync_unit *u = &s->sync;
    const uint64_t now = s->cycle;
    bool release = u->release, wrs = u->store_waiting && s->sync.store_epoch != u->store_epoch_seen;
    u->release = false;
    u->store_epoch_seen = s->sync.store_epoch;
    uint64_t next = WAKE_ON_EVENT, waited[WAIT_KINDS] = {0}, wrs_left = 0;
    unsigned n = 0;
    for (unsigned h = 0; h < s->nharts; h++) {
        if (s->status[h] != HART_RUNNING)
            continue;
        uint8_t w = m->wait[h];
        if (w == WAIT_BARRIER && release)
            m->wake[h] = u->release_at;
        if (w == WAIT_WRS && wrs && !sync_resv_holds(s, h))
            m->wake[h] = now;
        if (w && m->wake[h] <= now) {
            waited[w] += now - m->since[h];
            m->wait[h] = WAIT_NONE;
            u->waiting--;
            w = WAIT_NONE;
        }
        if (!w)
            m->live[n++] = h;
        else if (m->wake[h] < next)
            next = m->wake[h];
        wrs_left += w == WAIT_WRS;
    }
    m->nlive = n;
    u->next_wake = next;
    u->store_waiting = wrs_left;
    sync_count_waits(s, waited);
}

static void scalar_idle(simty_sim *s)
{
    if (!sync_can_wake(&s->sync)) {
        sim_deadlock(s, "every live thread waits and nothing can wake it", "");
        return;
    }
    uint64_t next = s->sync.release ? s->cycle + 1 : s->sync.next_wake;
    s->cycle = next < s->cycle_limit ? next : s->cycle_limit;
}

static void scalar_run(simty_sim *s)
{
    scalar_state *m = s->model_state;
    uint64_t retired0 = 0;
    for (unsigned h = 0; h < s->nharts; h++)
        retired0 += sim_instret(s, h);

    while (!sim_cycle_limits(s, &m->watch, "; see the thread dump")) {
        sync_unit *u = &s->sync;
        if (u->waiting && (u->release || s->cycle >= u->next_wake ||
                           (u->store_waiting && u->store_epoch != u->store_epoch_seen)))
            scalar_poll_slow(s, m);
        if (!m->nlive) {
            scalar_idle(s);
            continue;
        }
        unsigned kept = 0;
        for (unsigned i = 0; i < m->nlive && !sim_stopped(s); i++) {
            unsigned h = m->live[i];
            step_hart(s, m, h);
            if (s->status[h] == HART_RUNNING && !m->wait[h])
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
    free(m->wait);
    free(m->since);
    free(m->wake);
    free(m);
    s->model_state = NULL;
}

static const char *const wait_name[WAIT_KINDS] = {"", " (waits at the barrier)",
                                                  " (waits in wrs)", "", ""};

static void scalar_dump(const simty_sim *s, FILE *f)
{
    const scalar_state *m = s->model_state;
    for (unsigned h = 0; h < s->nharts; h++) {
        if (s->status[h] != HART_RUNNING)
            continue;
        char where[160] = "", dis[160];
        sim_symbolize(s, s->pc[h], where, sizeof where);
        sim_disasm(s, s->pc[h], dis, sizeof dis);
        fprintf(f, "  hart %u: pc 0x%08x <%s> %s%s\n", h, s->pc[h], where, dis,
                wait_name[m->wait[h]]);
    }
}

static uint64_t scalar_hash(const simty_sim *s)
{
    const scalar_state *m = s->model_state;
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned t = 0; t < s->nharts; t++) {
        h = (h ^ s->pc[t]) * 0x100000001b3ull;
        uint64_t wake = m->wake[t] == WAKE_ON_EVENT ? ~0ull
                        : m->wake[t] > s->cycle     ? m->wake[t] - s->cycle
                                                    : 0;
        if (m->wait[t])
            h = (h ^ ((uint64_t)m->wait[t] << 56 ^ wake)) * 0x100000001b3ull;
    }
    return h;
}

static uint8_t scalar_wait_state(const simty_sim *s, unsigned hart)
{
    const scalar_state *m = s->model_state;
    return m->wait[hart];
}

const model_ops model_scalar = {
    .name = "scalar",
    .init = scalar_init,
    .run = scalar_run,
    .free = scalar_free,
    .dump = scalar_dump,
    .hash = scalar_hash,
    .wait_state = scalar_wait_state,
};
