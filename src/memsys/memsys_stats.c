/* What the memory timing reports about itself (hierarchy.h): the buckets
 * of the latency histograms (simty_level_stats), the DRAM refreshes up to
 * a cycle, and the hash of everything that decides the timing's future
 * (the deadlock detector's). */
#include "memsys/hierarchy.h"

#include "memsys/timeutil.h"

/* ---- latency histogram ------------------------------------------------ */

unsigned memsys_latency_bucket(uint64_t v) { return latency_bucket(v); }

uint64_t memsys_bucket_upper(unsigned b)
{
    if (b < 16)
        return b;
    unsigned o = (b - 16) / 8 + 4, sub = (b - 16) % 8;
    return ((uint64_t)(8 + sub) << (o - 3)) + ((uint64_t)1 << (o - 3)) - 1;
}

/* ---- DRAM refreshes --------------------------------------------------- */

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

/* ---- the deadlock hash ------------------------------------------------ */

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
