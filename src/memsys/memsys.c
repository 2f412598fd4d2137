/* Memory timing: the ideal memory and the cache hierarchy (memsys.h). */
#include "memsys/memsys.h"

#include <stdio.h>
#include <stdlib.h>

#include "memsys/cache.h"
#include "memsys/dram.h"
#include "memsys/timeutil.h"
#include "warp/lane_ops.h"
#include "sim/plugins.h"
#include "sim/sim.h"

/* ---- latency histogram ------------------------------------------------ */

unsigned memsys_latency_bucket(uint64_t v)
{
    if (v < 16)
        return (unsigned)v;
    unsigned o = 63u - (unsigned)__builtin_clzll(v); /* >= 4 */
    unsigned b = 16 + (o - 4) * 8 + (unsigned)((v >> (o - 3)) & 7);
    return b < SIMTY_LATENCY_BUCKETS ? b : SIMTY_LATENCY_BUCKETS - 1;
}

uint64_t memsys_bucket_upper(unsigned b)
{
    if (b < 16)
        return b;
    unsigned o = (b - 16) / 8 + 4, sub = (b - 16) % 8;
    return ((uint64_t)(8 + sub) << (o - 3)) + ((uint64_t)1 << (o - 3)) - 1;
}

static void note_latency(simty_level_stats *l, uint64_t cycles)
{
    l->latency_count++;
    l->latency_sum += cycles;
    l->latency_hist[memsys_latency_bucket(cycles)]++;
}

/* ---- the two timings -------------------------------------------------- */

struct memsys_timing_ops {
    bool (*fetch)(memsys *m, unsigned gw, uint32_t pc, uint64_t now);
    void (*access)(memsys *m, unsigned gw, const insn_t *d, const uint32_t *addr,
                   lane_mask served, uint64_t now);
    void (*advance)(memsys *m, uint64_t now);
};

enum req_op { OP_READ_I, OP_READ_D, OP_WRITE, OP_ATOMIC };

enum ev_kind {
    EV_L2_ARRIVE, /* a request reaches its L2 bank's port */
    EV_L2_LOOKUP, /* ... and its turn at the bank */
    EV_DRAM,      /* a request reaches the DRAM controller */
    EV_L2_FILL,   /* DRAM returned a line to an L2 bank */
    EV_CORE_FILL, /* a line reaches a core's L1 */
    EV_ATOMIC,    /* an atomic's result reaches its warp */
    EV_WB_ACK,    /* an L2 bank accepted a write: the core's write buffer has room */
    EV_INVAL,     /* in quanta: another core's write reached the L2 (invalidate_others) */
};

typedef struct mev {
    uint64_t time, seq;
    uint64_t t0;      /* when the request entered the level (latency) */
    uint32_t line;
    uint16_t core;    /* requesting core */
    uint16_t warp;    /* global warp (atomics) */
    uint16_t bytes;   /* write data */
    uint8_t kind, op;
} mev;

/* A request waiting for an MSHR */
typedef struct pend {
    uint32_t line;
    uint16_t warp, core, bytes;
    uint8_t op;       /* enum req_op (L1D: OP_READ_D, or OP_WRITE for a write-allocate) */
    uint64_t t0;
} pend;

/* A queue of events, earliest first (a binary heap) */
typedef struct evq {
    mev *e;
    unsigned n, cap;
    uint64_t seq;
} evq;

typedef struct pend_fifo {
    pend *e;
    unsigned head, n, cap;
} pend_fifo;

typedef struct mcore {
    cache l1i, l1d;
    mshr_file mi, md;
    uint64_t fetch_waiting;   /* local warps waiting for an I-cache fill */
    uint64_t fetch_t0[SIMTY_MAX_WARPS];
    pend_fifo pend;           /* L1D misses waiting for an MSHR */
    unsigned wb_used;         /* write-buffer entries: writes not yet accepted by the L2 */
    pend_fifo wbq;            /* writes waiting for an entry */
    /* while the core ticks, what it sends waits here and joins the queue
     * after every core has ticked, core by core (memsys_end_cycle): so the
     * cores touch nothing shared while they tick */
    bool ticking;
    bool out_oom;             /* the outbox could not grow */
    mev *out;
    unsigned nout, outcap;
    /* in quanta: the events that reach this core, and those the shared
     * levels sent it in this quantum (due after it) */
    evq q;
    mev *in;
    unsigned nin, incap;
} mcore;

typedef struct l2bank {
    cache c;
    mshr_file mshr;
    uint64_t busy;            /* port busy until */
    pend_fifo pend;           /* misses waiting for an MSHR */
} l2bank;

struct memsys {
    const memsys_timing_ops *ops; /* the PLUGIN_MEMORY plug-in of cfg->kind */
    simty_sim *s;
    unsigned W, ncores;
    const simty_memory_config *cfg;
    unsigned line_shift;      /* every level has the same line size */
    uint64_t *due, *due_max, *t0; /* per global warp: its load's data */
    unsigned *left;           /* per global warp: lines still missing */
    uint32_t *half_pc;        /* per global warp: the PC of a 32-bit instruction whose
                               * first half, at a line's end, is in its fetch buffer
                               * (C), or 1 */
    uint32_t *atomic_next;    /* per global warp: next atomic waiting on the same L2 miss */
    mcore *core;
    l2bank *bank;
    dram dram;
    uint64_t period_ps;       /* core clock */
    evq q;                    /* the shared events (and, one cycle at a time, all) */
    /* in quanta: the cores run alone through a quantum, seeing only their
     * own queue; the shared levels run the quantum first (memsys_advance) */
    bool split;
    bool shared_oom;          /* in quanta: the shared levels ran out of host memory */
    bool oom;                 /* host memory ran out: reported once */
};

/* ---- ideal memory ----------------------------------------------------- */

static bool ideal_fetch(memsys *m, unsigned gw, uint32_t pc, uint64_t now)
{
    (void)m, (void)gw, (void)pc, (void)now;
    return true;
}

static void ideal_access(memsys *m, unsigned gw, const insn_t *d, const uint32_t *addr,
                         lane_mask served, uint64_t now)
{
    (void)addr, (void)served;
    if (d->cls != CLS_STORE) /* F+7 now, commit now + 1, data 2 + latency later */
        m->due[gw] = now + 3 + m->s->cfg.mem_latency;
}

static void ideal_advance(memsys *m, uint64_t now) { (void)m, (void)now; }

const memsys_timing_ops memsys_ideal_ops = {ideal_fetch, ideal_access, ideal_advance};

/* ---- the event queue -------------------------------------------------- */

/* The host ran out of memory for a queue (they grow only as far as the
 * requests in flight need): the run stops with a fault that says so. */
#define SHARED_SIDE UINT32_MAX /* host_oom: the L2 or DRAM ran out, not a core */

static void host_oom(memsys *m, unsigned core)
{
    if (core != SHARED_SIDE && m->core[core].ticking) { /* another host thread may tick too */
        m->core[core].out_oom = true;
        return;
    }
    if (m->split) { /* the shared levels run beside the cores */
        m->shared_oom = true;
        return;
    }
    if (m->oom || sim_stopped(m->s))
        return;
    m->oom = true;
    snprintf(m->s->result.message, sizeof m->s->result.message,
             "out of host memory for the memory hierarchy's queues");
    sim_stop(m->s, SIMTY_EXIT_FAULT, 0);
}

static bool ev_before(const mev *a, const mev *b)
{
    return a->time != b->time ? a->time < b->time : a->seq < b->seq;
}

/* Appends e to queue q; false if the host refused the memory. */
static bool evq_push(evq *q, mev e)
{
    if (q->n == q->cap) { /* amortised: a queue only grows */
        unsigned cap = q->cap ? 2 * q->cap : 256;
        mev *h = realloc(q->e, cap * sizeof *h);
        if (!h)
            return false;
        q->e = h;
        q->cap = cap;
    }
    e.seq = q->seq++;
    unsigned i = q->n++;
    while (i) {
        unsigned p = (i - 1) / 2;
        if (!ev_before(&e, &q->e[p]))
            break;
        q->e[i] = q->e[p];
        i = p;
    }
    q->e[i] = e;
    return true;
}

static mev evq_pop(evq *q)
{
    mev top = q->e[0], last = q->e[--q->n];
    unsigned i = 0;
    for (;;) {
        unsigned c = 2 * i + 1;
        if (c >= q->n)
            break;
        if (c + 1 < q->n && ev_before(&q->e[c + 1], &q->e[c]))
            c++;
        if (!ev_before(&q->e[c], &last))
            break;
        q->e[i] = q->e[c];
        i = c;
    }
    if (q->n)
        q->e[i] = last;
    return top;
}

/* What reaches a core rather than the L2 or DRAM */
static bool core_side(unsigned kind)
{
    return kind == EV_CORE_FILL || kind == EV_ATOMIC || kind == EV_WB_ACK || kind == EV_INVAL;
}

/* Schedules e (the L2's and DRAM's side, or one cycle at a time a core's
 * events).  In quanta, what reaches a core waits in its inbox until the
 * quantum ends: the core is running through it meanwhile, alone. */
static void push(memsys *m, mev e)
{
    if (m->split && core_side(e.kind)) {
        mcore *k = &m->core[e.core];
        if (k->nin == k->incap) { /* amortised: the inbox only grows */
            unsigned cap = k->incap ? 2 * k->incap : 16;
            mev *in = realloc(k->in, cap * sizeof *in);
            if (!in) {
                host_oom(m, SHARED_SIDE);
                return;
            }
            k->in = in;
            k->incap = cap;
        }
        k->in[k->nin++] = e;
        return;
    }
    if (!evq_push(&m->q, e))
        host_oom(m, SHARED_SIDE);
}

/* What core `core` sends to the L2: while the core ticks (or, in quanta,
 * runs its events) it waits in the core's outbox until every core has
 * ticked (memsys_end_cycle), so that no core touches shared state. */
static void send(memsys *m, unsigned core, mev e)
{
    mcore *k = &m->core[core];
    if (k->ticking) {
        if (k->nout == k->outcap) { /* amortised: the outbox only grows */
            unsigned cap = k->outcap ? 2 * k->outcap : 16;
            mev *o = realloc(k->out, cap * sizeof *o);
            if (!o) {
                k->out_oom = true;
                return;
            }
            k->out = o;
            k->outcap = cap;
        }
        k->out[k->nout++] = e;
        return;
    }
    push(m, e);
}

/* Appends p to f; on failure the run stops (host_oom: `side`, a core or
 * SHARED_SIDE, tells who ran out). */
static bool pend_push(memsys *m, unsigned side, pend_fifo *f, pend p)
{
    if (f->n == f->cap) {
        unsigned cap = f->cap ? 2 * f->cap : 64;
        pend *e = malloc(cap * sizeof *e);
        if (!e) {
            host_oom(m, side);
            return false;
        }
        for (unsigned i = 0; i < f->n; i++)
            e[i] = f->e[(f->head + i) % f->cap];
        free(f->e);
        f->e = e;
        f->head = 0;
        f->cap = cap;
    }
    f->e[(f->head + f->n++) % f->cap] = p;
    return true;
}

static simty_level_stats *lvl(memsys *m, unsigned core, unsigned level)
{
    return &m->s->core[core].stats.mem[level];
}

/* ---- L2 and DRAM ------------------------------------------------------ */

static unsigned bank_of(const memsys *m, uint32_t line) { return line % m->cfg->l2_banks; }

static unsigned ceil_div(unsigned a, unsigned b) { return (a + b - 1) / b; }

/* A request leaves core `core` at time t for its L2 bank. */
static void send_l2(memsys *m, unsigned core, unsigned op, uint32_t line, unsigned warp,
                    unsigned bytes, uint64_t t)
{
    send(m, core, (mev){.time = t + m->cfg->noc_latency, .t0 = t + m->cfg->noc_latency,
                        .line = line, .core = (uint16_t)core, .warp = (uint16_t)warp,
                        .bytes = (uint16_t)bytes, .kind = EV_L2_ARRIVE, .op = (uint8_t)op});
}

/* A write leaves core c at t if its write buffer has room, else waits for
 * room in order. */
static void send_write(memsys *m, unsigned c, uint32_t line, unsigned bytes, uint64_t t)
{
    mcore *k = &m->core[c];
    if (k->wb_used < m->cfg->l1d_write_buffer && !k->wbq.n) {
        k->wb_used++;
        send_l2(m, c, OP_WRITE, line, 0, bytes, t);
    } else {
        pend_push(m, c, &k->wbq, (pend){.line = line, .bytes = (uint16_t)bytes,
                                     .core = (uint16_t)c, .op = OP_WRITE, .t0 = t});
    }
}

static void write_acked(memsys *m, unsigned c, uint64_t t)
{
    mcore *k = &m->core[c];
    k->wb_used--;
    while (k->wbq.n && k->wb_used < m->cfg->l1d_write_buffer) {
        pend p = k->wbq.e[k->wbq.head];
        k->wbq.head = (k->wbq.head + 1) % k->wbq.cap;
        k->wbq.n--;
        k->wb_used++;
        send_l2(m, c, OP_WRITE, p.line, 0, p.bytes, t);
    }
}

static void dram_request(memsys *m, unsigned core, uint32_t line, bool write, uint64_t t)
{
    push(m, (mev){.time = t, .t0 = t, .line = line, .core = (uint16_t)core,
                  .kind = EV_DRAM, .op = write ? OP_WRITE : OP_READ_D});
}

static void send_write(memsys *m, unsigned c, uint32_t line, unsigned bytes, uint64_t t);

/* Another core's write reached the L2 at t: core c drops its copy of the
 * line, if any (timing only: data is always the machine's memory). */
static void invalidate_copy(memsys *m, unsigned c, uint32_t line, uint64_t t)
{
    unsigned st = cache_invalidate(&m->core[c].l1d, line);
    if (!st)
        return;
    lvl(m, c, SIMTY_L1D)->invalidations++;
    if (st & CACHE_DIRTY) { /* a write-back L1 writes its copy out first */
        lvl(m, c, SIMTY_L1D)->writebacks++;
        send_write(m, c, line, 1u << m->line_shift, t);
    }
}

/* Another core's write reached the L2: copies in other L1 data caches are
 * dropped. */
static void invalidate_others(memsys *m, unsigned writer, uint32_t line, uint64_t t)
{
    for (unsigned c = 0; c < m->ncores; c++) {
        if (c == writer)
            continue;
        if (m->split) { /* the invalidation travels to the core as a reply does */
            push(m, (mev){.time = t + m->cfg->noc_latency, .line = line, .core = (uint16_t)c,
                          .kind = EV_INVAL});
            continue;
        }
        invalidate_copy(m, c, line, t);
    }
}

/* Installs a line in an L2 bank; a dirty victim goes to DRAM. */
static void l2_install(memsys *m, l2bank *b, unsigned core, uint32_t line, bool dirty, uint64_t t)
{
    uint32_t victim;
    bool evicted;
    if (cache_fill(&b->c, line, dirty, &victim, &evicted)) {
        lvl(m, core, SIMTY_L2)->writebacks++;
        dram_request(m, core, victim, true, t);
    }
}

/* The response of an L2 hit or fill leaves the bank at t. */
static void l2_respond(memsys *m, unsigned core, unsigned op, uint32_t line, unsigned warp,
                       uint64_t t)
{
    uint64_t at = t + m->cfg->noc_latency;
    if (op == OP_ATOMIC)
        push(m, (mev){.time = at, .line = line, .core = (uint16_t)core, .warp = (uint16_t)warp,
                      .kind = EV_ATOMIC});
    else
        push(m, (mev){.time = at, .line = line, .core = (uint16_t)core, .kind = EV_CORE_FILL,
                      .op = (uint8_t)op});
}

static void mshr_wait(mshr *ms, unsigned core, unsigned op, unsigned warp, uint32_t *atomic_next)
{
    if (op == OP_ATOMIC) {
        atomic_next[warp] = ms->atomics;
        ms->atomics = warp + 1;
    } else {
        ms->mask[op == OP_READ_I ? 0 : 1] |= 1ull << core;
    }
}

/* A request's turn at its bank, at time t (arrived at e->t0); a retry
 * (after waiting for an MSHR) was counted when it first came. */
static void l2_lookup(memsys *m, const mev *e, uint64_t t, bool retry)
{
    l2bank *b = &m->bank[bank_of(m, e->line)];
    simty_level_stats *st = lvl(m, e->core, SIMTY_L2);
    const unsigned lat = m->cfg->l2.latency;
    if (e->op == OP_WRITE) {
        st->writes++;
        st->bytes += e->bytes;
        if (!cache_access(&b->c, e->line, true)) {
            mshr *ms = mshr_find(&b->mshr, e->line);
            if (ms)
                ms->dirty = true;
            else /* write-validate: no fetch from DRAM for a write miss */
                l2_install(m, b, e->core, e->line, true, t + lat);
        }
        invalidate_others(m, e->core, e->line, t);
        return;
    }
    if (retry) {
    } else if (e->op == OP_ATOMIC) {
        st->atomics++;
        invalidate_others(m, e->core, e->line, t);
    } else {
        st->reads++;
    }
    if (cache_access(&b->c, e->line, e->op == OP_ATOMIC)) {
        st->hits++;
        st->bytes += 1u << m->line_shift;
        note_latency(st, t + lat - e->t0);
        l2_respond(m, e->core, e->op, e->line, e->warp, t + lat);
        return;
    }
    mshr *ms = mshr_find(&b->mshr, e->line);
    if (ms) {
        st->misses++;
        st->merges++;
    } else if ((ms = mshr_alloc(&b->mshr, e->line))) {
        st->misses++;
        ms->t0 = e->t0; /* its latency is noted at the fill */
        ms->core = e->core;
        dram_request(m, e->core, e->line, false, t + lat);
    } else { /* every MSHR busy: wait for one, in arrival order */
        st->mshr_stalls++;
        pend_push(m, SHARED_SIDE, &b->pend, (pend){.line = e->line, .warp = e->warp, .core = e->core,
                                      .op = e->op, .t0 = e->t0});
        return;
    }
    if (e->op == OP_ATOMIC)
        ms->dirty = true;
    mshr_wait(ms, e->core, e->op, e->warp, m->atomic_next);
}

static void l2_arrive(memsys *m, mev *e)
{
    l2bank *b = &m->bank[bank_of(m, e->line)];
    /* the port carries the request's data (a write) or its response (a line) */
    unsigned bytes = e->op == OP_WRITE ? e->bytes : e->op == OP_ATOMIC ? 8 : 1u << m->line_shift;
    uint64_t start = max64(e->time, b->busy);
    b->busy = start + ceil_div(bytes ? bytes : 1, m->cfg->noc_bytes);
    if (e->op == OP_WRITE) /* the credit goes back to the core */
        push(m, (mev){.time = start + m->cfg->noc_latency, .core = e->core, .kind = EV_WB_ACK});
    if (start == e->time) {
        l2_lookup(m, e, start, false);
    } else {
        e->kind = EV_L2_LOOKUP;
        e->time = start;
        push(m, *e);
    }
}

/* A line came back from DRAM to its bank at t. */
static void l2_fill(memsys *m, const mev *e)
{
    l2bank *b = &m->bank[bank_of(m, e->line)];
    const uint64_t t = e->time;
    mshr *ms = mshr_find(&b->mshr, e->line);
    if (!ms)
        return; /* cannot happen: every DRAM read belongs to an MSHR */
    l2_install(m, b, e->core, e->line, ms->dirty, t);
    note_latency(lvl(m, ms->core, SIMTY_L2), t - ms->t0);
    for (unsigned k = 0; k < 2; k++)
        for (uint64_t w = ms->mask[k]; w; w &= w - 1) {
            unsigned c = (unsigned)__builtin_ctzll(w);
            lvl(m, c, SIMTY_L2)->bytes += 1u << m->line_shift;
            l2_respond(m, c, k ? OP_READ_D : OP_READ_I, e->line, 0, t);
        }
    for (uint32_t a = ms->atomics; a; a = m->atomic_next[a - 1])
        l2_respond(m, (a - 1) / m->W, OP_ATOMIC, e->line, a - 1, t);
    mshr_release(&b->mshr, ms);
    /* waiting requests, in order: those that now hit or can merge go, and
     * the oldest of the others take the free MSHRs */
    unsigned kept = 0, n = b->pend.n;
    for (unsigned i = 0; i < n; i++) {
        pend p = b->pend.e[(b->pend.head + i) % b->pend.cap];
        if (!cache_probe(&b->c, p.line) && !mshr_find(&b->mshr, p.line) &&
            b->mshr.used == b->mshr.n) {
            b->pend.e[(b->pend.head + kept++) % b->pend.cap] = p;
            continue;
        }
        lvl(m, p.core, SIMTY_L2)->mshr_stall_cycles += t - p.t0;
        mev r = {.time = t, .t0 = p.t0, .line = p.line, .core = p.core, .warp = p.warp,
                 .kind = EV_L2_LOOKUP, .op = p.op};
        l2_lookup(m, &r, t, true);
    }
    b->pend.n = kept;
}

static void dram_done_cb(void *ctx, const dram_done *d)
{
    memsys *m = ctx;
    unsigned core = (unsigned)(d->id >> 32);
    uint32_t line = (uint32_t)d->id;
    simty_level_stats *st = lvl(m, core, SIMTY_DRAM);
    st->row_hits += d->row == DRAM_ROW_HIT;
    st->row_empty += d->row == DRAM_ROW_EMPTY;
    st->row_conflicts += d->row == DRAM_ROW_CONFLICT;
    st->bus_cycles += m->dram.burst;
    st->bytes += 1u << m->line_shift;
    uint64_t arrive = d->arrive_ps / m->period_ps;
    uint64_t done = (d->done_ps + m->period_ps - 1) / m->period_ps;
    if (d->write) /* posted: nobody waits for it */
        return;
    note_latency(st, done - arrive);
    push(m, (mev){.time = done, .line = line, .core = (uint16_t)core, .kind = EV_L2_FILL});
}

/* ---- the cores' L1 caches --------------------------------------------- */

/* A load's line is in its L1 at t: the warp's data is complete when its
 * last line is. */
static void line_arrived(memsys *m, unsigned gw, uint64_t t)
{
    m->due_max[gw] = max64(m->due_max[gw], t);
    if (--m->left[gw] == 0) {
        m->due[gw] = m->due_max[gw];
        note_latency(lvl(m, gw / m->W, SIMTY_L1D), m->due[gw] - m->t0[gw]);
    }
}

/* A load (or write-allocate) miss at time t takes an MSHR, merges into one,
 * or waits for one. */
static void l1d_miss(memsys *m, unsigned c, unsigned gw, uint32_t line, bool for_write,
                     uint64_t t, uint64_t t0)
{
    mcore *k = &m->core[c];
    simty_level_stats *st = lvl(m, c, SIMTY_L1D);
    mshr *ms = mshr_find(&k->md, line);
    if (ms) {
        st->merges += !for_write;
    } else if ((ms = mshr_alloc(&k->md, line))) {
        send_l2(m, c, OP_READ_D, line, gw, 0, t);
    } else {
        st->mshr_stalls++;
        pend_push(m, c, &k->pend, (pend){.line = line, .warp = (uint16_t)gw, .core = (uint16_t)c,
                                      .op = for_write ? OP_WRITE : OP_READ_D, .t0 = t0});
        return;
    }
    if (for_write)
        ms->dirty = true;
    else
        ms->mask[0] |= 1ull << (gw % m->W);
}

static void core_fill(memsys *m, const mev *e)
{
    mcore *k = &m->core[e->core];
    const uint64_t t = e->time;
    uint32_t victim;
    bool evicted;
    if (e->op == OP_READ_I) {
        mshr *ms = mshr_find(&k->mi, e->line);
        if (!ms)
            return;
        if (!cache_probe(&k->l1i, e->line))
            cache_fill(&k->l1i, e->line, false, &victim, &evicted);
        simty_level_stats *st = lvl(m, e->core, SIMTY_L1I);
        st->bytes += 1u << m->line_shift;
        for (uint64_t w = ms->mask[0]; w; w &= w - 1) {
            unsigned lw = (unsigned)__builtin_ctzll(w);
            note_latency(st, t - k->fetch_t0[lw]);
            k->fetch_waiting &= ~(1ull << lw);
        }
        mshr_release(&k->mi, ms);
        return;
    }
    mshr *ms = mshr_find(&k->md, e->line);
    if (!ms)
        return;
    simty_level_stats *st = lvl(m, e->core, SIMTY_L1D);
    st->bytes += 1u << m->line_shift;
    if (!cache_probe(&k->l1d, e->line) &&
        cache_fill(&k->l1d, e->line, ms->dirty, &victim, &evicted)) {
        st->writebacks++; /* write-back L1: the victim's data goes to the L2 */
        send_write(m, e->core, victim, 1u << m->line_shift, t);
    } else if (ms->dirty) {
        cache_access(&k->l1d, e->line, true);
    }
    for (uint64_t w = ms->mask[0]; w; w &= w - 1)
        line_arrived(m, e->core * m->W + (unsigned)__builtin_ctzll(w), t + 1);
    mshr_release(&k->md, ms);
    /* waiting misses, in order: those whose line is now here or in flight
     * go, and the oldest of the others take the free MSHRs */
    unsigned kept = 0, n = k->pend.n;
    for (unsigned i = 0; i < n; i++) {
        pend p = k->pend.e[(k->pend.head + i) % k->pend.cap];
        bool here = cache_probe(&k->l1d, p.line);
        if (!here && !mshr_find(&k->md, p.line) && k->md.used == k->md.n) {
            k->pend.e[(k->pend.head + kept++) % k->pend.cap] = p;
            continue;
        }
        st->mshr_stall_cycles += t - p.t0;
        if (here && p.op == OP_WRITE)
            cache_access(&k->l1d, p.line, true);
        else if (here)
            line_arrived(m, p.warp, t + 1);
        else
            l1d_miss(m, e->core, p.warp, p.line, p.op == OP_WRITE, t, p.t0);
    }
    k->pend.n = kept;
}

static bool l1i_fetch(memsys *m, unsigned gw, uint32_t pc, uint64_t now)
{
    unsigned c = gw / m->W, lw = gw % m->W;
    mcore *k = &m->core[c];
    if (k->fetch_waiting & (1ull << lw))
        return false;
    simty_level_stats *st = lvl(m, c, SIMTY_L1I);
    uint32_t line = pc >> m->line_shift;
    if (cache_access(&k->l1i, line, false)) {
        st->reads++;
        st->hits++;
        note_latency(st, 1);
        return true;
    }
    mshr *ms = mshr_find(&k->mi, line);
    if (ms) {
        st->merges++;
    } else if ((ms = mshr_alloc(&k->mi, line))) {
        send_l2(m, c, OP_READ_I, line, gw, 0, now + 1);
    } else { /* tried again (and counted then) at the warp's next turn */
        st->mshr_stalls++;
        return false;
    }
    st->reads++;
    st->misses++;
    ms->mask[0] |= 1ull << lw;
    k->fetch_waiting |= 1ull << lw;
    k->fetch_t0[lw] = now;
    return false;
}

static unsigned add_line(uint32_t *line, uint16_t *bytes, unsigned n, uint32_t l, unsigned b)
{
    unsigned i = 0;
    while (i < n && line[i] != l)
        i++;
    if (i == n) {
        line[n] = l;
        bytes[n++] = 0;
    }
    bytes[i] = (uint16_t)(bytes[i] + b);
    return n;
}

/* The distinct lines of a pass, in lane order of their first lane (addr:
 * where each lane's first byte is stored).  A misaligned lane's two words
 * may lie in two lines (apart, with --stack-interleave), as may the two
 * words of an 8-byte access (FLD, FSD) on interleaved stacks. */
static unsigned pass_lines(const memsys *m, const uint32_t *addr, lane_mask served,
                           uint32_t *line, uint16_t *bytes, unsigned size)
{
    unsigned n = 0;
    for (lane_mask s = served; s; s &= s - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(s);
        uint32_t a = addr[lane], l = a >> m->line_shift;
        if (__builtin_expect((a & (size - 1)) || (size > 4 && m->s->stacks.il_size), 0)) {
            uint32_t l1 =
                stacks_access_byte(&m->s->stacks, m->s->nharts, a, size - 1) >> m->line_shift;
            if (l1 != l) { /* split at the word boundary */
                n = add_line(line, bytes, n, l, 4 - (a & 3));
                n = add_line(line, bytes, n, l1, size - (4 - (a & 3)));
                continue;
            }
        }
        n = add_line(line, bytes, n, l, size);
    }
    return n;
}

static void l1d_access(memsys *m, unsigned gw, const insn_t *d, const uint32_t *addr,
                       lane_mask served, uint64_t now)
{
    const unsigned c = gw / m->W;
    mcore *k = &m->core[c];
    simty_level_stats *st = lvl(m, c, SIMTY_L1D);
    const uint64_t t = now + 1; /* the request leaves at commit */
    uint32_t line[2 * SIMTY_MAX_LANES]; /* (a misaligned lane may touch two) */
    uint16_t bytes[2 * SIMTY_MAX_LANES];
    unsigned n = pass_lines(m, addr, served, line, bytes, mem_access_size(d));
    const unsigned hit = m->cfg->l1d.latency;
    if (d->cls == CLS_AMO) { /* performed at the L2: the local copy is dropped */
        st->atomics++;
        if (cache_invalidate(&k->l1d, line[0]) & CACHE_DIRTY)
            send_write(m, c, line[0], 1u << m->line_shift, t);
        m->left[gw] = 1;
        m->due[gw] = UINT64_MAX;
        m->due_max[gw] = 0;
        m->t0[gw] = t;
        send_l2(m, c, OP_ATOMIC, line[0], gw, 0, t);
        return;
    }
    if (d->cls == CLS_STORE) {
        for (unsigned i = 0; i < n; i++) {
            st->writes++;
            st->bytes += bytes[i];
            if (m->cfg->l1d_write_back) {
                if (!cache_access(&k->l1d, line[i], true))
                    l1d_miss(m, c, gw, line[i], true, t + hit, t);
            } else {
                cache_access(&k->l1d, line[i], false); /* a hit updates the copy */
                send_write(m, c, line[i], bytes[i], t);
            }
        }
        return;
    }
    m->left[gw] = 1; /* held while the lines are looked up */
    m->due_max[gw] = 0;
    m->due[gw] = UINT64_MAX;
    m->t0[gw] = t;
    for (unsigned i = 0; i < n; i++) {
        st->reads++;
        if (cache_access(&k->l1d, line[i], false)) {
            st->hits++;
            st->bytes += bytes[i];
            m->due_max[gw] = max64(m->due_max[gw], t + 1 + hit);
        } else {
            st->misses++;
            m->left[gw]++;
            l1d_miss(m, c, gw, line[i], false, t + hit, t);
        }
    }
    line_arrived(m, gw, 0);
}

/* The core side, called while a core ticks */
static bool hier_fetch(memsys *m, unsigned gw, uint32_t pc, uint64_t now)
{
    mcore *k = &m->core[gw / m->W];
    k->ticking = true;
    /* with C, a 32-bit instruction in a line's last two bytes needs the
     * next line too: its first half waits in the warp's fetch buffer for
     * the second (so the two lines cannot evict each other forever) */
    bool ok;
    if (m->half_pc[gw] == pc) {
        ok = l1i_fetch(m, gw, pc + 2, now);
    } else {
        ok = l1i_fetch(m, gw, pc, now);
        if (ok && m->s->ialign_mask == 1 && !((pc + 2) & ((1u << m->line_shift) - 1))) {
            const uint8_t *parcel = mem_ptr(&m->s->mem, pc, 2);
            if (parcel && (parcel[0] & 3) == 3) {
                m->half_pc[gw] = pc;
                ok = l1i_fetch(m, gw, pc + 2, now);
            }
        }
    }
    if (ok)
        m->half_pc[gw] = 1;
    k->ticking = false;
    return ok;
}

static void hier_access(memsys *m, unsigned gw, const insn_t *d, const uint32_t *addr,
                        lane_mask served, uint64_t now)
{
    mcore *k = &m->core[gw / m->W];
    k->ticking = true;
    l1d_access(m, gw, d, addr, served, now);
    k->ticking = false;
}

/* An event that reaches core e->core */
static void core_event(memsys *m, const mev *e)
{
    switch (e->kind) {
    case EV_CORE_FILL:
        core_fill(m, e);
        break;
    case EV_WB_ACK:
        write_acked(m, e->core, e->time);
        break;
    case EV_ATOMIC:
        m->left[e->warp] = 1;
        m->due_max[e->warp] = 0;
        line_arrived(m, e->warp, e->time + 1);
        break;
    case EV_INVAL:
        invalidate_copy(m, e->core, e->line, e->time);
        break;
    }
}

static void hier_advance(memsys *m, uint64_t now)
{
again:
    while (m->q.n && m->q.e[0].time <= now) {
        mev e = evq_pop(&m->q);
        switch (e.kind) {
        case EV_L2_ARRIVE:
            l2_arrive(m, &e);
            break;
        case EV_L2_LOOKUP:
            l2_lookup(m, &e, e.time, false);
            break;
        case EV_DRAM:
            if (dram_push(&m->dram, (uint64_t)e.core << 32 | e.line, e.line, e.op == OP_WRITE,
                          e.time * m->period_ps))
                host_oom(m, SHARED_SIDE);
            if (e.op == OP_WRITE)
                lvl(m, e.core, SIMTY_DRAM)->writes++;
            else
                lvl(m, e.core, SIMTY_DRAM)->reads++;
            break;
        case EV_L2_FILL:
            l2_fill(m, &e);
            break;
        default:
            core_event(m, &e);
            break;
        }
    }
    dram_advance(&m->dram, now * m->period_ps, dram_done_cb, m);
    if (m->q.n && m->q.e[0].time <= now) /* a slow core clock: DRAM finished within it */
        goto again;
}

/* One cycle at a time: everything due by now.  In quanta: the cores' events
 * due now (the shared levels run in memsys_advance_shared). */
static void hier_advance_cycle(memsys *m, uint64_t now)
{
    if (m->split) {
        for (unsigned c = 0; c < m->ncores; c++)
            memsys_core_advance(m, c, now);
        return;
    }
    hier_advance(m, now);
}

const memsys_timing_ops memsys_hierarchy_ops = {hier_fetch, hier_access, hier_advance_cycle};

void memsys_advance_shared(memsys *m, uint64_t t0, uint64_t end)
{
    if (!m->split)
        return;
    for (uint64_t t = t0; t < end; t++)
        hier_advance(m, t);
}

void memsys_hold(memsys *m, unsigned gw, uint64_t t)
{
    if (m->due[gw] != UINT64_MAX && m->due[gw] < t) /* (a miss: its fill comes later anyway) */
        m->due[gw] = t;
}

void memsys_core_advance(memsys *m, unsigned core, uint64_t now)
{
    mcore *k = &m->core[core];
    if (!m->split || !k->q.n || k->q.e[0].time > now)
        return;
    k->ticking = true; /* what it sends goes to its outbox */
    while (k->q.n && k->q.e[0].time <= now) {
        mev e = evq_pop(&k->q);
        core_event(m, &e);
    }
    k->ticking = false;
}

void memsys_end_cycle(memsys *m)
{
    if (m->ops != &memsys_hierarchy_ops)
        return;
    bool split = m->split;
    m->split = false; /* reports host_oom at once */
    if (m->shared_oom)
        host_oom(m, SHARED_SIDE);
    m->shared_oom = false;
    for (unsigned c = 0; c < m->ncores; c++) {
        mcore *k = &m->core[c];
        for (unsigned i = 0; i < k->nout; i++)
            push(m, k->out[i]);
        k->nout = 0;
        for (unsigned i = 0; i < k->nin; i++) /* (all due after the quantum) */
            if (!evq_push(&k->q, k->in[i]))
                k->out_oom = true;
        k->nin = 0;
        if (k->out_oom) {
            k->out_oom = false;
            host_oom(m, c);
        }
    }
    m->split = split;
}

/* ---- creation --------------------------------------------------------- */

void memsys_destroy(memsys *m)
{
    if (!m)
        return;
    for (unsigned c = 0; m->core && c < m->ncores; c++) {
        cache_free(&m->core[c].l1i);
        cache_free(&m->core[c].l1d);
        mshr_free(&m->core[c].mi);
        mshr_free(&m->core[c].md);
        free(m->core[c].pend.e);
        free(m->core[c].wbq.e);
        free(m->core[c].out);
        free(m->core[c].q.e);
        free(m->core[c].in);
    }
    for (unsigned b = 0; m->bank && b < m->cfg->l2_banks; b++) {
        cache_free(&m->bank[b].c);
        mshr_free(&m->bank[b].mshr);
        free(m->bank[b].pend.e);
    }
    dram_free(&m->dram);
    free(m->core);
    free(m->bank);
    free(m->due);
    free(m->due_max);
    free(m->t0);
    free(m->left);
    free(m->half_pc);
    free(m->atomic_next);
    free(m->q.e);
    free(m);
}

/* The replacement policy of index i (the configuration was checked) */
static const repl_ops *policy(unsigned i)
{
    return plugin_ops(PLUGIN_REPLACEMENT, (int)i);
}

int memsys_create(simty_sim *s, memsys **out, char *err, size_t errlen)
{
    memsys *m = calloc(1, sizeof *m);
    *out = NULL;
    if (!m)
        goto oom;
    m->s = s;
    m->W = s->W;
    m->ncores = s->ncores;
    m->cfg = &s->cfg.memory;
    m->due = calloc(s->nwarps, sizeof *m->due);
    m->due_max = calloc(s->nwarps, sizeof *m->due_max);
    m->t0 = calloc(s->nwarps, sizeof *m->t0);
    m->left = calloc(s->nwarps, sizeof *m->left);
    m->half_pc = malloc(s->nwarps * sizeof *m->half_pc);
    for (unsigned w = 0; m->half_pc && w < s->nwarps; w++)
        m->half_pc[w] = 1;
    if (!m->due || !m->due_max || !m->t0 || !m->left)
        goto oom;
    m->ops = plugin_ops(PLUGIN_MEMORY, (int)m->cfg->kind); /* (the configuration was checked) */
    if (m->ops != &memsys_hierarchy_ops) {
        *out = m;
        return 0;
    }
    const simty_memory_config *c = m->cfg;
    m->split = s->ncores > 1 && s->quantum > 1; /* (a quantum needs the cycle model) */
    m->line_shift = (unsigned)__builtin_ctz(c->line);
    m->period_ps = 1000000u / c->core_mhz;
    m->atomic_next = calloc(s->nwarps, sizeof *m->atomic_next);
    m->core = calloc(s->ncores, sizeof *m->core);
    m->bank = calloc(c->l2_banks, sizeof *m->bank);
    if (!m->atomic_next || !m->core || !m->bank || !m->half_pc)
        goto oom;
    /* every cache's own seed (a random policy's), the same in every run */
    const uint64_t l1i_seed = 1ull << 32, l1d_seed = 2ull << 32, l2_seed = 3ull << 32;
    for (unsigned k = 0; k < s->ncores; k++)
        if (cache_init(&m->core[k].l1i, c->l1i.size, c->l1i.ways, c->line, 0,
                       policy(c->l1i.replacement), l1i_seed + k, err, errlen) ||
            cache_init(&m->core[k].l1d, c->l1d.size, c->l1d.ways, c->line, 0,
                       policy(c->l1d.replacement), l1d_seed + k, err, errlen) ||
            mshr_init(&m->core[k].mi, c->l1i.mshrs, err, errlen) ||
            mshr_init(&m->core[k].md, c->l1d.mshrs, err, errlen))
            goto fail;
    for (unsigned b = 0; b < c->l2_banks; b++)
        if (cache_init(&m->bank[b].c, c->l2.size / c->l2_banks, c->l2.ways, c->line,
                       (unsigned)__builtin_ctz(c->l2_banks), policy(c->l2.replacement),
                       l2_seed + b, err, errlen) ||
            mshr_init(&m->bank[b].mshr, c->l2.mshrs, err, errlen))
            goto fail;
    if (dram_init(&m->dram, &c->dram, c->line, err, errlen))
        goto fail;
    *out = m;
    return 0;
oom:
    snprintf(err, errlen, "out of host memory for the memory hierarchy");
fail:
    memsys_destroy(m);
    return -1;
}

/* ---- the pipeline's interface ----------------------------------------- */

bool memsys_fetch(memsys *m, unsigned gw, uint32_t pc, uint64_t now)
{
    return m->ops->fetch(m, gw, pc, now);
}

void memsys_access(memsys *m, unsigned gw, const insn_t *d, const uint32_t *addr,
                   lane_mask served, uint64_t now)
{
    m->ops->access(m, gw, d, addr, served, now);
}

const uint64_t *memsys_due_table(const memsys *m) { return m->due; }

void memsys_advance(memsys *m, uint64_t now) { m->ops->advance(m, now); }

bool memsys_is_hierarchy(const memsys *m) { return m->ops == &memsys_hierarchy_ops; }

bool memsys_store_ready(const memsys *m, unsigned core)
{
    const mcore *k = &m->core[core];
    return k->wb_used < m->cfg->l1d_write_buffer && !k->wbq.n;
}

uint64_t memsys_refreshes(const memsys *m, uint64_t now)
{
    uint64_t n = 0;
    const simty_dram_config *c = &m->dram.cfg;
    const uint64_t tck = now * m->period_ps / (c->tck_ps ? c->tck_ps : 1);
    for (unsigned i = 0; m->ops == &memsys_hierarchy_ops && i < c->channels; i++) {
        const dram_channel *ch = &m->dram.ch[i];
        n += ch->refreshes; /* applied; and those due since, while the channel idled */
        if (c->refresh && tck >= ch->next_refresh)
            n += (tck - ch->next_refresh) / c->refi + 1;
    }
    return n;
}

static uint64_t hash_pend(uint64_t h, const pend_fifo *f)
{
    for (unsigned i = 0; i < f->n; i++) {
        const pend *p = &f->e[(f->head + i) % f->cap];
        h = mix(h, (uint64_t)p->line << 32 | (uint64_t)p->warp << 16 | p->core);
        h = mix(h, (uint64_t)p->bytes << 8 | p->op);
    }
    return h;
}

static uint64_t hash_events(uint64_t h, const evq *q, uint64_t now)
{
    uint64_t events = 0; /* a heap's layout depends on history: a sum is order-free */
    for (unsigned i = 0; i < q->n; i++) {
        const mev *e = &q->e[i];
        events += mix(mix(rel(e->time, now), (uint64_t)e->line << 32 | (uint64_t)e->core << 16 |
                                                 e->warp),
                      (uint64_t)e->bytes << 16 | (uint64_t)e->kind << 8 | e->op);
    }
    return mix(mix(h, q->n), events);
}

/* Everything that decides the hierarchy's future, with times relative to
 * now, for deadlock detection: a spin loop that keeps sending requests
 * still repeats its state, and a hierarchy that works towards a fill does
 * not.  Core 0 carries the shared levels. */
uint64_t memsys_hash(const memsys *m, unsigned core, uint64_t now)
{
    uint64_t h = 0;
    for (unsigned w = core * m->W; w < (core + 1) * m->W; w++) /* MAX: still missing */
        h = mix(h, (m->due[w] == UINT64_MAX ? UINT64_MAX : rel(m->due[w], now)) ^ m->left[w] ^
                       (uint64_t)m->half_pc[w] << 32);
    if (m->ops != &memsys_hierarchy_ops)
        return h;
    const mcore *k = &m->core[core];
    h = mix(mix(h, k->fetch_waiting), k->wb_used);
    h = cache_hash(cache_hash(h, &k->l1i), &k->l1d);
    h = mshr_hash(mshr_hash(h, &k->mi), &k->md);
    h = hash_pend(hash_pend(h, &k->pend), &k->wbq);
    if (m->split)
        h = hash_events(h, &k->q, now);
    if (core)
        return h;
    h = hash_events(h, &m->q, now);
    for (unsigned b = 0; b < m->cfg->l2_banks; b++) {
        const l2bank *bk = &m->bank[b];
        h = mix(cache_hash(h, &bk->c), rel(bk->busy, now));
        h = hash_pend(mshr_hash(h, &bk->mshr), &bk->pend);
    }
    return mix(h, dram_hash(&m->dram, now * m->period_ps));
}
