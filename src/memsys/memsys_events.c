/* The memory hierarchy's events and clock (hierarchy.h): the event queue
 * ordered by (time, insertion order), the messages between the cores and
 * the shared levels (a core's outbox while it ticks, its inbox in quanta),
 * the requests waiting for an MSHR or a write-buffer entry, and each
 * cycle's processing of the events due, handed to the L1 (memsys_l1.c) or
 * to the L2 and DRAM (memsys_l2.c). */
#include <stdio.h>
#include <stdlib.h>

#include "memsys/hierarchy.h"

/* ---- the event queue -------------------------------------------------- */

/* The host ran out of memory for a queue (they grow only as far as the
 * requests in flight need): the run stops with a fault that says so. */
void hier_host_oom(memsys *m, unsigned core)
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

bool evq_push(evq *q, mev e)
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

mev evq_pop(evq *q)
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

/* ---- messages between the cores and the shared levels ----------------- */

/* What reaches a core rather than the L2 or DRAM */
static bool core_side(unsigned kind)
{
    return kind == EV_CORE_FILL || kind == EV_ATOMIC || kind == EV_WB_ACK || kind == EV_INVAL;
}

/* Schedules e (the L2's and DRAM's side, or one cycle at a time a core's
 * events).  In quanta, what reaches a core waits in its inbox until the
 * quantum ends: the core is running through it meanwhile, alone. */
void hier_push(memsys *m, mev e)
{
    if (m->split && core_side(e.kind)) {
        mcore *k = &m->core[e.core];
        if (k->nin == k->incap) { /* amortised: the inbox only grows */
            unsigned cap = k->incap ? 2 * k->incap : 16;
            mev *in = realloc(k->in, cap * sizeof *in);
            if (!in) {
                hier_host_oom(m, SHARED_SIDE);
                return;
            }
            k->in = in;
            k->incap = cap;
        }
        k->in[k->nin++] = e;
        return;
    }
    if (!evq_push(&m->q, e))
        hier_host_oom(m, SHARED_SIDE);
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
    hier_push(m, e);
}

void hier_send_l2(memsys *m, unsigned core, unsigned op, uint32_t line, unsigned warp,
                  unsigned bytes, uint64_t t)
{
    send(m, core, (mev){.time = t + m->cfg->noc_latency, .t0 = t + m->cfg->noc_latency,
                        .line = line, .core = (uint16_t)core, .warp = (uint16_t)warp,
                        .bytes = (uint16_t)bytes, .kind = EV_L2_ARRIVE, .op = (uint8_t)op});
}

bool hier_pend_push(memsys *m, unsigned side, pend_fifo *f, pend p)
{
    if (f->n == f->cap) {
        unsigned cap = f->cap ? 2 * f->cap : 64;
        pend *e = malloc(cap * sizeof *e);
        if (!e) {
            hier_host_oom(m, side);
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

/* ---- the clock -------------------------------------------------------- */

static void hier_advance(memsys *m, uint64_t now)
{
again:
    while (m->q.n && m->q.e[0].time <= now) {
        mev e = evq_pop(&m->q);
        switch (e.kind) {
        case EV_L2_ARRIVE:
            hier_l2_arrive(m, &e);
            break;
        case EV_L2_LOOKUP:
            hier_l2_lookup(m, &e, e.time, false);
            break;
        case EV_DRAM:
            hier_dram_arrive(m, &e);
            break;
        case EV_L2_FILL:
            hier_l2_fill(m, &e);
            break;
        default:
            hier_core_event(m, &e);
            break;
        }
    }
    dram_advance(&m->dram, now * m->period_ps, hier_dram_done, m);
    if (m->q.n && m->q.e[0].time <= now) /* a slow core clock: DRAM finished within it */
        goto again;
}

/* One cycle at a time: everything due by now.  In quanta: the cores' events
 * due now (the shared levels run in memsys_advance_shared). */
void hier_advance_cycle(memsys *m, uint64_t now)
{
    if (m->split) {
        for (unsigned c = 0; c < m->ncores; c++)
            memsys_core_advance(m, c, now);
        return;
    }
    hier_advance(m, now);
}

void memsys_advance_shared(memsys *m, uint64_t t0, uint64_t end)
{
    if (!m->split)
        return;
    for (uint64_t t = t0; t < end; t++)
        hier_advance(m, t);
}

void memsys_core_advance(memsys *m, unsigned core, uint64_t now)
{
    mcore *k = &m->core[core];
    if (!m->split || !k->q.n || k->q.e[0].time > now)
        return;
    k->ticking = true; /* what it sends goes to its outbox */
    while (k->q.n && k->q.e[0].time <= now) {
        mev e = evq_pop(&k->q);
        hier_core_event(m, &e);
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
        hier_host_oom(m, SHARED_SIDE);
    m->shared_oom = false;
    for (unsigned c = 0; c < m->ncores; c++) {
        mcore *k = &m->core[c];
        for (unsigned i = 0; i < k->nout; i++)
            hier_push(m, k->out[i]);
        k->nout = 0;
        for (unsigned i = 0; i < k->nin; i++) /* (all due after the quantum) */
            if (!evq_push(&k->q, k->in[i]))
                k->out_oom = true;
        k->nin = 0;
        if (k->out_oom) {
            k->out_oom = false;
            hier_host_oom(m, c);
        }
    }
    m->split = split;
}
