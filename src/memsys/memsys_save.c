/* Checkpoints of the memory timing (memsys/memsys.h): the per-warp load
 * times, and with a hierarchy every cache's tags, states and replacement
 * state, the MSHR files, the waiting and write-buffer FIFOs, the event
 * queues (as heaps, with their sequence numbers) and the DRAM channels'
 * queues, timing state and banks.  Written field by field or as arrays of
 * plain values, no pointer; read back into the structures the machine it
 * is loaded into built from the same configuration, every size checked
 * against them and every count against the section's bytes before
 * anything is allocated. */
#include "memsys/hierarchy.h"

#include <stdlib.h>
#include <string.h>

#define QUEUE_MAX (1u << 26) /* events or requests in one queue: far beyond any run */

uint64_t memsys_save_layout(uint64_t h)
{
    const size_t sizes[] = {sizeof(mev), sizeof(pend), sizeof(mshr), sizeof(dram_req),
                            sizeof(dram_bank)};
    return ck_fnv(h, sizes, sizeof sizes);
}

static void cache_save(const cache *c, ck_writer *w)
{
    size_t n = (size_t)c->sets * c->ways, rn = c->sets * c->repl_stride + 1;
    ckw_u64(w, n);
    ckw_bytes(w, c->tag, n * sizeof *c->tag);
    ckw_bytes(w, c->state, n);
    ckw_u64(w, rn);
    ckw_bytes(w, c->repl_state, rn * sizeof *c->repl_state);
}

static void cache_load(cache *c, ck_reader *r)
{
    size_t n = (size_t)c->sets * c->ways, rn = c->sets * c->repl_stride + 1;
    if (!ckr_expect(r, ckr_u64(r), n, "a cache's lines"))
        return;
    ckr_bytes(r, c->tag, n * sizeof *c->tag);
    ckr_bytes(r, c->state, n);
    if (!ckr_expect(r, ckr_u64(r), rn, "a cache's replacement state"))
        return;
    ckr_bytes(r, c->repl_state, rn * sizeof *c->repl_state);
    /* (a replacement policy's state indexes ways: the policies read only
     * ages, bits and counters below `ways` by construction) */
}

static void mshr_save(const mshr_file *f, ck_writer *w)
{
    ckw_u32(w, f->n);
    ckw_u32(w, f->used);
    ckw_bytes(w, f->e, f->n * sizeof *f->e);
}

/* (the waiters' bits: an L1's warps of its core (W), an L2's cores) */
static void mshr_load(mshr_file *f, ck_reader *r, unsigned ncores, unsigned nwarps,
                      unsigned waiters)
{
    if (!ckr_expect(r, ckr_u32(r), f->n, "an MSHR file's entries"))
        return;
    f->used = ckr_u32(r);
    ckr_bytes(r, f->e, f->n * sizeof *f->e);
    if (f->used > f->n)
        ckr_fail(r, "bad MSHR count");
    for (unsigned i = 0; i < f->n && !r->bad; i++)
        if (!ck_bool_ok(&f->e[i].busy) || !ck_bool_ok(&f->e[i].dirty) ||
            f->e[i].core >= ncores || f->e[i].atomics > nwarps ||
            (waiters < 64 && ((f->e[i].mask[0] | f->e[i].mask[1]) >> waiters)))
            ckr_fail(r, "bad MSHR");
}

/* An array that only grows (an event heap, a FIFO): sized to n at load */
static bool grow(ck_reader *r, void **p, unsigned *cap, unsigned n, size_t elem)
{
    if (n <= *cap)
        return true;
    void *q = realloc(*p, (size_t)n * elem);
    if (!q) {
        ckr_fail(r, "out of host memory");
        return false;
    }
    *p = q;
    *cap = n;
    return true;
}

static bool mev_ok(const mev *e, const memsys *m)
{
    return e->core < m->ncores && e->warp < m->W * m->ncores && e->kind <= EV_INVAL &&
           e->op <= OP_ATOMIC;
}

static void evq_save(const evq *q, ck_writer *w)
{
    ckw_u64(w, q->n);
    ckw_bytes(w, q->e, q->n * sizeof *q->e);
    ckw_u64(w, q->seq);
}

static void evq_load(evq *q, ck_reader *r, const memsys *m)
{
    unsigned n = (unsigned)ckr_count(r, QUEUE_MAX, sizeof(mev), "memory events");
    if (!grow(r, (void **)&q->e, &q->cap, n, sizeof *q->e))
        return;
    ckr_bytes(r, q->e, n * sizeof *q->e);
    q->n = r->bad ? 0 : n;
    q->seq = ckr_u64(r);
    for (unsigned i = 0; i < q->n && !r->bad; i++)
        if (!mev_ok(&q->e[i], m))
            ckr_fail(r, "bad memory event");
}

static void mev_list_save(const mev *e, unsigned n, ck_writer *w)
{
    ckw_u64(w, n);
    ckw_bytes(w, e, n * sizeof *e);
}

static void mev_list_load(mev **e, unsigned *n, unsigned *cap, ck_reader *r, const memsys *m)
{
    unsigned k = (unsigned)ckr_count(r, QUEUE_MAX, sizeof(mev), "memory events");
    if (!grow(r, (void **)e, cap, k, sizeof **e))
        return;
    ckr_bytes(r, *e, k * sizeof **e);
    *n = r->bad ? 0 : k;
    for (unsigned i = 0; i < *n && !r->bad; i++)
        if (!mev_ok(&(*e)[i], m))
            ckr_fail(r, "bad memory event");
}

/* A FIFO ring, written in order from its head; read back from 0 */
static void fifo_save(const pend_fifo *f, ck_writer *w)
{
    ckw_u64(w, f->n);
    for (unsigned i = 0; i < f->n; i++)
        ckw_bytes(w, &f->e[(f->head + i) % f->cap], sizeof *f->e);
}

static void fifo_load(pend_fifo *f, ck_reader *r, const memsys *m)
{
    unsigned n = (unsigned)ckr_count(r, QUEUE_MAX, sizeof(pend), "waiting requests");
    if (!grow(r, (void **)&f->e, &f->cap, n, sizeof *f->e))
        return;
    ckr_bytes(r, f->e, n * sizeof *f->e);
    f->head = 0;
    f->n = r->bad ? 0 : n;
    for (unsigned i = 0; i < f->n && !r->bad; i++)
        if (f->e[i].core >= m->ncores || f->e[i].warp >= m->W * m->ncores ||
            f->e[i].op > OP_ATOMIC)
            ckr_fail(r, "bad waiting request");
}

static void dram_save(const dram *d, ck_writer *w)
{
    const simty_dram_config *c = &d->cfg;
    ckw_u32(w, d->queued);
    for (unsigned i = 0; i < c->channels; i++) {
        const dram_channel *ch = &d->ch[i];
        ckw_u64(w, ch->n);
        ckw_bytes(w, ch->q, ch->n * sizeof *ch->q);
        ckw_u32(w, ch->nwrites);
        ckw_u8(w, ch->draining);
        ckw_u32(w, ch->batch);
        ckw_u64(w, ch->next_decision);
        ckw_u64(w, ch->bus_free);
        ckw_u64(w, ch->act1);
        ckw_u64(w, ch->col1);
        ckw_u64(w, ch->wend1);
        ckw_bytes(w, ch->bg_act1, c->bank_groups * sizeof *ch->bg_act1);
        ckw_bytes(w, ch->bg_col1, c->bank_groups * sizeof *ch->bg_col1);
        ckw_bytes(w, ch->bg_wend1, c->bank_groups * sizeof *ch->bg_wend1);
        ckw_bytes(w, ch->faw, sizeof ch->faw);
        ckw_u32(w, ch->faw_i);
        ckw_u32(w, ch->acts);
        ckw_u8(w, ch->last_was_write);
        ckw_u64(w, ch->next_refresh);
        ckw_u64(w, ch->refreshes);
        ckw_u64(w, ch->busy);
        ckw_bytes(w, ch->bank, c->banks * sizeof *ch->bank);
    }
}

static void dram_load(dram *d, ck_reader *r)
{
    const simty_dram_config *c = &d->cfg;
    d->queued = ckr_u32(r);
    for (unsigned i = 0; i < c->channels && !r->bad; i++) {
        dram_channel *ch = &d->ch[i];
        unsigned n = (unsigned)ckr_count(r, QUEUE_MAX, sizeof(dram_req), "DRAM requests");
        if (!grow(r, (void **)&ch->q, &ch->cap, n, sizeof *ch->q))
            return;
        ckr_bytes(r, ch->q, n * sizeof *ch->q);
        ch->n = r->bad ? 0 : n;
        for (unsigned k = 0; k < ch->n && !r->bad; k++)
            if (ch->q[k].bank >= c->banks || !ck_bool_ok(&ch->q[k].write))
                ckr_fail(r, "bad DRAM request");
        ch->nwrites = ckr_u32(r);
        ch->draining = ckr_bool(r);
        ch->batch = ckr_u32(r);
        ch->next_decision = ckr_u64(r);
        ch->bus_free = ckr_u64(r);
        ch->act1 = ckr_u64(r);
        ch->col1 = ckr_u64(r);
        ch->wend1 = ckr_u64(r);
        ckr_bytes(r, ch->bg_act1, c->bank_groups * sizeof *ch->bg_act1);
        ckr_bytes(r, ch->bg_col1, c->bank_groups * sizeof *ch->bg_col1);
        ckr_bytes(r, ch->bg_wend1, c->bank_groups * sizeof *ch->bg_wend1);
        ckr_bytes(r, ch->faw, sizeof ch->faw);
        ch->faw_i = ckr_u32(r);
        ch->acts = ckr_u32(r);
        ch->last_was_write = ckr_bool(r);
        ch->next_refresh = ckr_u64(r);
        ch->refreshes = ckr_u64(r);
        ch->busy = ckr_u64(r);
        ckr_bytes(r, ch->bank, c->banks * sizeof *ch->bank);
        if (ch->nwrites > ch->n || ch->faw_i >= 4 || ch->acts > 4)
            ckr_fail(r, "bad DRAM channel state");
    }
}

static void mcore_save(const mcore *k, ck_writer *w)
{
    cache_save(&k->l1i, w);
    cache_save(&k->l1d, w);
    mshr_save(&k->mi, w);
    mshr_save(&k->md, w);
    ckw_u64(w, k->fetch_waiting);
    ckw_bytes(w, k->fetch_t0, sizeof k->fetch_t0);
    fifo_save(&k->pend, w);
    ckw_u32(w, k->wb_used);
    fifo_save(&k->wbq, w);
    ckw_u8(w, k->out_oom);
    mev_list_save(k->out, k->nout, w);
    evq_save(&k->q, w);
    mev_list_save(k->in, k->nin, w);
}

static void mcore_load(mcore *k, ck_reader *r, const memsys *m)
{
    const unsigned nwarps = m->W * m->ncores;
    cache_load(&k->l1i, r);
    cache_load(&k->l1d, r);
    mshr_load(&k->mi, r, m->ncores, nwarps, m->W);
    mshr_load(&k->md, r, m->ncores, nwarps, m->W);
    k->fetch_waiting = ckr_u64(r);
    if (m->W < 64 && k->fetch_waiting >> m->W)
        ckr_fail(r, "bad fetch waiters");
    ckr_bytes(r, k->fetch_t0, sizeof k->fetch_t0);
    fifo_load(&k->pend, r, m);
    k->wb_used = ckr_u32(r);
    fifo_load(&k->wbq, r, m);
    k->ticking = false;
    k->out_oom = ckr_bool(r);
    mev_list_load(&k->out, &k->nout, &k->outcap, r, m);
    evq_load(&k->q, r, m);
    mev_list_load(&k->in, &k->nin, &k->incap, r, m);
}

void memsys_save(const memsys *m, ck_writer *w)
{
    const unsigned nwarps = m->W * m->ncores;
    const bool hier = memsys_is_hierarchy(m);
    ckw_u32(w, nwarps);
    ckw_u8(w, hier);
    ckw_bytes(w, m->due, nwarps * sizeof *m->due);
    ckw_bytes(w, m->due_max, nwarps * sizeof *m->due_max);
    ckw_bytes(w, m->t0, nwarps * sizeof *m->t0);
    ckw_bytes(w, m->left, nwarps * sizeof *m->left);
    ckw_bytes(w, m->half_pc, nwarps * sizeof *m->half_pc);
    if (!hier)
        return;
    ckw_bytes(w, m->atomic_next, nwarps * sizeof *m->atomic_next);
    for (unsigned k = 0; k < m->ncores; k++)
        mcore_save(&m->core[k], w);
    for (unsigned b = 0; b < m->cfg->l2_banks; b++) {
        const l2bank *l = &m->bank[b];
        cache_save(&l->c, w);
        mshr_save(&l->mshr, w);
        ckw_u64(w, l->busy);
        fifo_save(&l->pend, w);
    }
    dram_save(&m->dram, w);
    evq_save(&m->q, w);
    ckw_u8(w, m->shared_oom);
    ckw_u8(w, m->oom);
}

bool memsys_load(memsys *m, ck_reader *r)
{
    const unsigned nwarps = m->W * m->ncores;
    const bool hier = memsys_is_hierarchy(m);
    if (!ckr_expect(r, ckr_u32(r), nwarps, "the memory timing's warps") ||
        !ckr_expect(r, ckr_bool(r), hier, "the memory hierarchy"))
        return false;
    ckr_bytes(r, m->due, nwarps * sizeof *m->due);
    ckr_bytes(r, m->due_max, nwarps * sizeof *m->due_max);
    ckr_bytes(r, m->t0, nwarps * sizeof *m->t0);
    ckr_bytes(r, m->left, nwarps * sizeof *m->left);
    ckr_bytes(r, m->half_pc, nwarps * sizeof *m->half_pc);
    if (!hier)
        return ckr_done(r);
    ckr_bytes(r, m->atomic_next, nwarps * sizeof *m->atomic_next);
    for (unsigned w = 0; w < nwarps && !r->bad; w++)
        if (m->atomic_next[w] > nwarps)
            ckr_fail(r, "bad atomic list");
    for (unsigned k = 0; k < m->ncores && !r->bad; k++)
        mcore_load(&m->core[k], r, m);
    for (unsigned b = 0; b < m->cfg->l2_banks && !r->bad; b++) {
        l2bank *l = &m->bank[b];
        cache_load(&l->c, r);
        mshr_load(&l->mshr, r, m->ncores, nwarps, m->ncores);
        l->busy = ckr_u64(r);
        fifo_load(&l->pend, r, m);
    }
    dram_load(&m->dram, r);
    evq_load(&m->q, r, m);
    m->shared_oom = ckr_bool(r);
    m->oom = ckr_bool(r);
    return ckr_done(r);
}
