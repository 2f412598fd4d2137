/* Scalar reference model: every hart is an independent thread with its own
 * PC; one step runs one instruction of every live hart, in hart order.  It is
 * the functional oracle the SIMT models are checked against.  A hart that
 * arrives at the barrier or waits in wrs sits out until it is woken (the
 * scalar model has no warps: `pause` and the spin detector do nothing). */
#include <stdlib.h>

#include "models/model.h"
#include "sync/sync.h"
#include "trace/commit_trace.h"
#include "warp/lane_ops.h"
#include "warp/warp_exec.h"

/* Per core; per-hart arrays are indexed by the hart's number in its core. */
typedef struct scalar_state {
    unsigned hart0; /* the core's first hart */
    unsigned *live; /* runnable harts (global numbers), in hart order */
    unsigned nlive;
    uint8_t *wait;  /* per hart: enum path_wait */
    uint64_t *since, *wake; /* per waiting hart: when it started, when it wakes */
    uint64_t counted; /* instructions its harts retired, already in the statistics */
} scalar_state;

static void wait_start(simty_sim *s, scalar_state *m, unsigned h, enum path_wait why,
                       uint64_t wake)
{
    unsigned i = h - m->hart0;
    m->wait[i] = (uint8_t)why;
    m->since[i] = s->cycle;
    m->wake[i] = wake;
    sync_note_wait(s, h, why, wake, 1, 1, s->cycle);
}

/* Runs one instruction of hart h: a one-lane view of its warp, through the
 * same warp_execute() as the SIMT models. */
static void step_hart(simty_sim *s, scalar_state *m, unsigned h)
{
    const path_t p = {.pc = s->pc[h], .depth = 0, .mask = 1};
    mem_request req; /* (no memory timing reads it) */
    warp_outcome o;
    o.mem = &req;
    if (!warp_execute(s, h / s->T, h % s->T, 1, &p, &o))
        return;
    if (s->cfg.trace_commits && o.retired && sim_trace_at(s, s->cycle))
        commit_trace_commit(s, s->cycle, h / s->T, h % s->T, p.pc, o.insn,
                           o.retired);
    /* one lane: at most one produced path holds it (none once it ended) */
    if (o.c.next[0].mask)
        s->pc[h] = o.c.next[0].pc;
    else if (o.c.next[1].mask)
        s->pc[h] = o.c.next[1].pc;
    if (o.c.next[0].mask && o.c.park && o.c.park != WAIT_SERVICE) /* (no semihosting wait) */
        wait_start(s, m, h, (enum path_wait)o.c.park,
                   o.c.wrs_timeout ? s->cycle + WRS_STO_TIMEOUT : WAKE_ON_EVENT);
}

static void scalar_free(simty_sim *s)
{
    for (unsigned c = 0; c < s->ncores; c++) {
        scalar_state *m = s->core[c].model_state;
        if (m) {
            free(m->live);
            free(m->wait);
            free(m->since);
            free(m->wake);
        }
        free(m);
        s->core[c].model_state = NULL;
    }
}

static int scalar_init(simty_sim *s, char *err, size_t errlen)
{
    const unsigned n = s->W * s->T; /* harts per core */
    for (unsigned c = 0; c < s->ncores; c++) {
        scalar_state *m = calloc(1, sizeof *m);
        s->core[c].model_state = m;
        if (m) {
            m->live = malloc(n * sizeof *m->live);
            m->wait = calloc(n, sizeof *m->wait);
            m->since = calloc(n, sizeof *m->since);
            m->wake = calloc(n, sizeof *m->wake);
        }
        if (!m || !m->live || !m->wait || !m->since || !m->wake) {
            scalar_free(s);
            snprintf(err, errlen, "out of host memory");
            return -1;
        }
        m->hart0 = c * n;
        for (unsigned i = 0; i < n; i++)
            m->live[i] = m->hart0 + i;
        m->nlive = n;
    }
    return 0;
}

/* Wakes the waiting harts whose event came or whose time is up, and
 * rebuilds each core's runnable list in hart order. */
static void scalar_poll_slow(simty_sim *s)
{
    sync_unit *u = &s->sync;
    const uint64_t now = s->cycle;
    bool release = u->release_machine,
         wrs = u->store_waiting && s->sync.store_epoch != u->store_epoch_seen;
    uint64_t core_release = u->core_release;
    u->release = u->release_machine = false;
    u->core_release = 0;
    u->store_epoch_seen = s->sync.store_epoch;
    uint64_t next = WAKE_ON_EVENT, wrs_left = 0;
    const unsigned per_core = s->W * s->T;
    for (unsigned c = 0; c < s->ncores; c++) {
        scalar_state *m = s->core[c].model_state;
        uint64_t waited[WAIT_KINDS] = {0};
        unsigned n = 0;
        for (unsigned i = 0; i < per_core; i++) {
            unsigned h = m->hart0 + i;
            if (s->status[h] != HART_RUNNING)
                continue;
            uint8_t w = m->wait[i];
            if (w == WAIT_BARRIER && release)
                m->wake[i] = u->release_at;
            if (w == WAIT_BARRIER_CORE && (core_release >> c & 1))
                m->wake[i] = u->core_release_at[c];
            if (w == WAIT_WRS && wrs && sync_wrs_ends(s, h, now))
                m->wake[i] = now;
            if (w && m->wake[i] <= now) {
                waited[w] += now - m->since[i];
                m->wait[i] = WAIT_NONE;
                u->waiting--;
                w = WAIT_NONE;
            }
            if (!w)
                m->live[n++] = h;
            else if (m->wake[i] < next)
                next = m->wake[i];
            wrs_left += w == WAIT_WRS;
        }
        m->nlive = n;
        sync_count_waits(&s->core[c].stats, waited);
    }
    u->next_wake = next;
    u->store_waiting = wrs_left;
}

static void scalar_poll(simty_sim *s)
{
    sync_unit *u = &s->sync;
    if (u->waiting && (u->release || s->cycle >= u->next_wake ||
                       (u->store_waiting && u->store_epoch != u->store_epoch_seen)))
        scalar_poll_slow(s);
}

static bool scalar_quiet(const simty_sim *s, const sim_core *c)
{
    (void)s;
    const scalar_state *m = c->model_state;
    return !m->nlive;
}

/* One step of core c: one instruction of every runnable hart, in order. */
static bool scalar_tick(simty_sim *s, sim_core *c)
{
    scalar_state *m = c->model_state;
    unsigned kept = 0;
    for (unsigned i = 0; i < m->nlive && !sim_stopped(s) && !c->fx.stop; i++) {
        unsigned h = m->live[i];
        step_hart(s, m, h);
        if (s->status[h] == HART_RUNNING && !m->wait[h - m->hart0])
            m->live[kept++] = h;
    }
    m->nlive = kept;
    return true;
}

/* The instruction counts come from the per-hart counters: one thread per
 * issue slot. */
static void scalar_settle(simty_sim *s, sim_core *c)
{
    scalar_state *m = c->model_state;
    uint64_t retired = 0;
    for (unsigned h = m->hart0; h < m->hart0 + s->W * s->T; h++)
        retired += sim_instret(s, h);
    uint64_t add = retired - m->counted;
    m->counted = retired;
    c->stats.thread_instructions += add;
    c->stats.warp_instructions += add;
    c->stats.lane_histogram[1] += add;
}

static uint8_t scalar_wait_state(const simty_sim *s, unsigned hart)
{
    const scalar_state *m = s->core[hart_core(s, hart)].model_state;
    return m->wait[hart - m->hart0];
}

static uint64_t scalar_hash(const simty_sim *s, const sim_core *c)
{
    const scalar_state *m = c->model_state;
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned i = 0; i < s->W * s->T; i++) {
        h = (h ^ s->pc[m->hart0 + i]) * 0x100000001b3ull;
        uint64_t wake = m->wake[i] == WAKE_ON_EVENT ? ~0ull
                        : m->wake[i] > s->cycle     ? m->wake[i] - s->cycle
                                                    : 0;
        if (m->wait[i])
            h = (h ^ ((uint64_t)m->wait[i] << 56 ^ wake)) * 0x100000001b3ull;
    }
    return h;
}

/* A debugger's step: hart h alone, one instruction. */
static int scalar_debug_step(simty_sim *s, unsigned hart)
{
    scalar_state *m = s->core[hart_core(s, hart)].model_state;
    if (m->wait[hart - m->hart0])
        return -1;
    step_hart(s, m, hart);
    if (s->status[hart] == HART_RUNNING && !m->wait[hart - m->hart0])
        return 0;
    unsigned kept = 0; /* it ended or waits: out of the step loop */
    for (unsigned i = 0; i < m->nlive; i++)
        if (m->live[i] != hart)
            m->live[kept++] = m->live[i];
    m->nlive = kept;
    return 0;
}

MODEL_BURST(scalar_burst, scalar_tick, scalar_quiet, model_no_batch)

static const model_report_ops scalar_report = {
    .deadlock_hint = "; see the thread dump",
    .hash = scalar_hash,
    .wait_state = scalar_wait_state,
};

/* (a PC write is the caller's alone: the PC of a hart is its own) */
static const model_debug_ops scalar_debug = {.step = scalar_debug_step};

/* Checkpoints: the runnable list, the waits, the counted instructions */
static void scalar_save(const simty_sim *s, const sim_core *c, ck_writer *w)
{
    const scalar_state *m = c->model_state;
    const unsigned n = s->W * s->T;
    ckw_u32(w, m->nlive);
    ckw_bytes(w, m->live, m->nlive * sizeof *m->live);
    ckw_bytes(w, m->wait, n);
    ckw_bytes(w, m->since, n * sizeof *m->since);
    ckw_bytes(w, m->wake, n * sizeof *m->wake);
    ckw_u64(w, m->counted);
}

static bool scalar_load(simty_sim *s, sim_core *c, ck_reader *r)
{
    scalar_state *m = c->model_state;
    const unsigned n = s->W * s->T;
    uint32_t nlive = ckr_u32(r);
    if (nlive > n) {
        ckr_fail(r, "bad runnable count");
        return false;
    }
    m->nlive = nlive;
    ckr_bytes(r, m->live, nlive * sizeof *m->live);
    ckr_bytes(r, m->wait, n);
    ckr_bytes(r, m->since, n * sizeof *m->since);
    ckr_bytes(r, m->wake, n * sizeof *m->wake);
    m->counted = ckr_u64(r);
    for (unsigned i = 0; i < nlive && !r->bad; i++)
        if (m->live[i] < m->hart0 || m->live[i] >= m->hart0 + n)
            ckr_fail(r, "bad runnable thread");
    for (unsigned i = 0; i < n && !r->bad; i++)
        if (m->wait[i] >= WAIT_KINDS)
            ckr_fail(r, "bad wait state");
    return !r->bad;
}

const model_ops model_scalar = {
    .name = "scalar",
    .watch_interval_fixed = 1024,
    .skips_idle_time = true,
    .init = scalar_init,
    .free = scalar_free,
    .quiet = scalar_quiet,
    .tick = scalar_tick,
    .poll = scalar_poll,
    .report = &scalar_report,
    .burst = scalar_burst,
    .settle = scalar_settle,
    .debug = &scalar_debug,
    .save = scalar_save,
    .load = scalar_load,
};
