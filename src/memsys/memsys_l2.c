/* The shared side of the memory hierarchy (hierarchy.h): the L2 split into
 * banks (each a port, a tag array, MSHRs and the misses waiting for one),
 * the invalidation of the other cores' copies of a written line, and the
 * glue to DRAM (memsys/dram.h): requests in core cycles, completions in
 * picoseconds rounded up to the core clock. */
#include "memsys/hierarchy.h"

#include "memsys/timeutil.h"

static unsigned bank_of(const memsys *m, uint32_t line) { return line % m->cfg->l2_banks; }

static unsigned ceil_div(unsigned a, unsigned b) { return (a + b - 1) / b; }

/* ---- L2 banks --------------------------------------------------------- */

static void dram_request(memsys *m, unsigned core, uint32_t line, bool write, uint64_t t)
{
    hier_push(m, (mev){.time = t, .t0 = t, .line = line, .core = (uint16_t)core,
                       .kind = EV_DRAM, .op = write ? OP_WRITE : OP_READ_D});
}

/* Another core's write reached the L2: copies in other L1 data caches are
 * dropped. */
static void invalidate_others(memsys *m, unsigned writer, uint32_t line, uint64_t t)
{
    for (unsigned c = 0; c < m->ncores; c++) {
        if (c == writer)
            continue;
        if (m->split) { /* the invalidation travels to the core as a reply does */
            hier_push(m, (mev){.time = t + m->cfg->noc_latency, .line = line,
                               .core = (uint16_t)c, .kind = EV_INVAL});
            continue;
        }
        hier_invalidate_copy(m, c, line, t);
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
        hier_push(m, (mev){.time = at, .line = line, .core = (uint16_t)core,
                           .warp = (uint16_t)warp, .kind = EV_ATOMIC});
    else
        hier_push(m, (mev){.time = at, .line = line, .core = (uint16_t)core,
                           .kind = EV_CORE_FILL, .op = (uint8_t)op});
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
void hier_l2_lookup(memsys *m, const mev *e, uint64_t t, bool retry)
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
        hier_pend_push(m, SHARED_SIDE, &b->pend,
                       (pend){.line = e->line, .warp = e->warp, .core = e->core, .op = e->op,
                              .t0 = e->t0});
        return;
    }
    if (e->op == OP_ATOMIC)
        ms->dirty = true;
    mshr_wait(ms, e->core, e->op, e->warp, m->atomic_next);
}

void hier_l2_arrive(memsys *m, mev *e)
{
    l2bank *b = &m->bank[bank_of(m, e->line)];
    /* the port carries the request's data (a write) or its response (a line) */
    unsigned bytes = e->op == OP_WRITE ? e->bytes : e->op == OP_ATOMIC ? 8 : 1u << m->line_shift;
    uint64_t start = max64(e->time, b->busy);
    b->busy = start + ceil_div(bytes ? bytes : 1, m->cfg->noc_bytes);
    if (e->op == OP_WRITE) /* the credit goes back to the core */
        hier_push(m, (mev){.time = start + m->cfg->noc_latency, .core = e->core,
                           .kind = EV_WB_ACK});
    if (start == e->time) {
        hier_l2_lookup(m, e, start, false);
    } else {
        e->kind = EV_L2_LOOKUP;
        e->time = start;
        hier_push(m, *e);
    }
}

/* A line came back from DRAM to its bank at t. */
void hier_l2_fill(memsys *m, const mev *e)
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
        hier_l2_lookup(m, &r, t, true);
    }
    b->pend.n = kept;
}

/* ---- DRAM ------------------------------------------------------------- */

void hier_dram_arrive(memsys *m, const mev *e)
{
    if (dram_push(&m->dram, (uint64_t)e->core << 32 | e->line, e->line, e->op == OP_WRITE,
                  e->time * m->period_ps))
        hier_host_oom(m, SHARED_SIDE);
    if (e->op == OP_WRITE)
        lvl(m, e->core, SIMTY_DRAM)->writes++;
    else
        lvl(m, e->core, SIMTY_DRAM)->reads++;
}

void hier_dram_done(void *ctx, const dram_done *d)
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
    hier_push(m, (mev){.time = done, .line = line, .core = (uint16_t)core, .kind = EV_L2_FILL});
}
