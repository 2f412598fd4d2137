/* A core's side of the memory hierarchy (hierarchy.h): the L1 instruction
 * cache at fetch, the L1 data cache for an executed memory pass (the
 * distinct lines its lanes coalesce into), the L1 MSHRs and the misses
 * waiting for one, the fills that wake warps, the write buffer, and the
 * invalidation of a copy another core wrote.  Called while a core ticks:
 * what it sends the L2 goes through hier_send_l2 (memsys_events.c). */
#include "memsys/hierarchy.h"

#include "memsys/timeutil.h"

/* ---- the write buffer ------------------------------------------------- */

/* A write leaves core c at t if its write buffer has room, else waits for
 * room in order. */
static void send_write(memsys *m, unsigned c, uint32_t line, unsigned bytes, uint64_t t)
{
    mcore *k = &m->core[c];
    if (k->wb_used < m->cfg->l1d_write_buffer && !k->wbq.n) {
        k->wb_used++;
        hier_send_l2(m, c, OP_WRITE, line, 0, bytes, t);
    } else {
        hier_pend_push(m, c, &k->wbq, (pend){.line = line, .bytes = (uint16_t)bytes,
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
        hier_send_l2(m, c, OP_WRITE, p.line, 0, p.bytes, t);
    }
}

bool memsys_store_ready(const memsys *m, unsigned core)
{
    const mcore *k = &m->core[core];
    return k->wb_used < m->cfg->l1d_write_buffer && !k->wbq.n;
}

/* Another core's write reached the L2 at t: core c drops its copy of the
 * line, if any (timing only: data is always the machine's memory). */
void hier_invalidate_copy(memsys *m, unsigned c, uint32_t line, uint64_t t)
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

/* ---- loads: misses, MSHRs and fills ----------------------------------- */

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
        hier_send_l2(m, c, OP_READ_D, line, gw, 0, t);
    } else {
        st->mshr_stalls++;
        hier_pend_push(m, c, &k->pend,
                       (pend){.line = line, .warp = (uint16_t)gw, .core = (uint16_t)c,
                              .op = for_write ? OP_WRITE : OP_READ_D, .t0 = t0});
        return;
    }
    if (for_write)
        ms->dirty = true;
    else
        ms->mask[0] |= 1ull << (gw % m->W);
}

/* An instruction line reached core e->core's L1I: the warps waiting for
 * it may fetch. */
static void l1i_fill(memsys *m, const mev *e)
{
    mcore *k = &m->core[e->core];
    const uint64_t t = e->time;
    mshr *ms = mshr_find(&k->mi, e->line);
    if (!ms)
        return;
    uint32_t victim;
    bool evicted;
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
}

/* An L1D MSHR became free at t: the waiting misses, in order, those whose
 * line is now here or in flight go, and the oldest of the others take the
 * free MSHRs. */
static void l1d_retry(memsys *m, unsigned c, simty_level_stats *st, uint64_t t)
{
    mcore *k = &m->core[c];
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
            l1d_miss(m, c, p.warp, p.line, p.op == OP_WRITE, t, p.t0);
    }
    k->pend.n = kept;
}

/* A data line reached core e->core's L1D: the loads waiting for it
 * complete, a write-allocate makes it dirty, a dirty victim goes out. */
static void l1d_fill(memsys *m, const mev *e)
{
    mcore *k = &m->core[e->core];
    const uint64_t t = e->time;
    mshr *ms = mshr_find(&k->md, e->line);
    if (!ms)
        return;
    uint32_t victim;
    bool evicted;
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
    l1d_retry(m, e->core, st, t);
}

/* ---- fetch: the L1 instruction cache ---------------------------------- */

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
        hier_send_l2(m, c, OP_READ_I, line, gw, 0, now + 1);
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

bool hier_fetch(memsys *m, unsigned gw, uint32_t pc, uint64_t now)
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


/* ---- a memory pass: the L1 data cache --------------------------------- */

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
static unsigned pass_lines(const memsys *m, const mem_request *r, uint32_t *line,
                           uint16_t *bytes)
{
    const unsigned size = r->size;
    unsigned n = 0;
    for (lane_mask s = r->lanes; s; s &= s - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(s);
        uint32_t a = r->addr[lane], l = a >> m->line_shift;
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

unsigned hier_pass_lines(const memsys *m, const mem_request *r, uint32_t *line, uint16_t *bytes)
{
    return pass_lines(m, r, line, bytes);
}

static void l1d_access(memsys *m, unsigned gw, const mem_request *r, uint64_t now)
{
    const unsigned c = gw / m->W;
    mcore *k = &m->core[c];
    simty_level_stats *st = lvl(m, c, SIMTY_L1D);
    const uint64_t t = now + 1; /* the request leaves at commit */
    uint32_t line[2 * SIMTY_MAX_LANES]; /* (a misaligned lane may touch two) */
    uint16_t bytes[2 * SIMTY_MAX_LANES];
    unsigned n = pass_lines(m, r, line, bytes);
    const unsigned hit = m->cfg->l1d.latency;
    if (r->kind == MEM_AMO) { /* performed at the L2: the local copy is dropped */
        st->atomics++;
        if (cache_invalidate(&k->l1d, line[0]) & CACHE_DIRTY)
            send_write(m, c, line[0], 1u << m->line_shift, t);
        m->left[gw] = 1;
        m->due[gw] = UINT64_MAX;
        m->due_max[gw] = 0;
        m->t0[gw] = t;
        hier_send_l2(m, c, OP_ATOMIC, line[0], gw, 0, t);
        return;
    }
    if (r->kind == MEM_STORE) {
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

void hier_access(memsys *m, unsigned gw, const mem_request *r, uint64_t now)
{
    mcore *k = &m->core[gw / m->W];
    k->ticking = true;
    l1d_access(m, gw, r, now);
    k->ticking = false;
}

/* An event that reaches core e->core */
void hier_core_event(memsys *m, const mev *e)
{
    switch (e->kind) {
    case EV_CORE_FILL:
        if (e->op == OP_READ_I)
            l1i_fill(m, e);
        else
            l1d_fill(m, e);
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
        hier_invalidate_copy(m, e->core, e->line, e->time);
        break;
    }
}

