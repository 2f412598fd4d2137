/* Functional warming of the memory hierarchy (memsys.h: memsys_warm_fetch,
 * memsys_warm_access), for sampled simulation (sim/sample.c): while a
 * functional model fast-forwards between detailed windows, every fetch and
 * every memory pass still goes through the caches' tags and replacement
 * state and leaves the DRAM banks' rows open as the requests would, but
 * takes no time, sends no event and counts nothing.  So the caches and row
 * buffers are warm when the cycle model takes over.
 *
 * What a pass does to the state follows the timed hierarchy
 * (memsys_l1.c, memsys_l2.c) without its queues: a load miss fetches the
 * line from the L2 (from DRAM on an L2 miss) and installs it, a dirty
 * victim is written to the next level; a write-back L1 allocates on a write
 * miss; a write-through L1 updates a copy it has and writes to the L2,
 * which allocates without a fetch (write-validate); an atomic drops the L1
 * copy and is performed at the L2 (a miss fetches the line).  A write
 * drops the other cores' copies.  Also memsys_quiet: nothing in flight. */
#include "memsys/hierarchy.h"

/* DRAM: the bank of `line` has its row open (every request opens it). */
static void warm_dram(memsys *m, uint32_t line)
{
    unsigned ch, bank;
    uint32_t row;
    dram_map(&m->dram, line, &ch, &bank, &row);
    m->dram.ch[ch].bank[bank].open_row = row;
}

enum warm_op { WARM_READ, WARM_WRITE, WARM_ATOMIC };

static void warm_l2(memsys *m, uint32_t line, enum warm_op op)
{
    cache *c = &m->bank[line % m->cfg->l2_banks].c;
    if (cache_access(c, line, op != WARM_READ))
        return;
    if (op != WARM_WRITE) /* (a write miss allocates without a fetch) */
        warm_dram(m, line);
    uint32_t victim;
    bool evicted;
    if (cache_fill(c, line, op != WARM_READ, &victim, &evicted))
        warm_dram(m, victim); /* the dirty victim is written back */
}

/* The other cores drop their copies of a written line (a dirty one is
 * written back first). */
static void warm_invalidate_others(memsys *m, unsigned writer, uint32_t line)
{
    for (unsigned c = 0; c < m->ncores; c++)
        if (c != writer && (cache_invalidate(&m->core[c].l1d, line) & CACHE_DIRTY))
            warm_l2(m, line, WARM_WRITE);
}

/* An L1 miss: the line comes from the L2 and is installed (dirty for a
 * write-allocate); a dirty victim goes to the L2. */
static void warm_l1_fill(memsys *m, cache *l1, uint32_t line, bool dirty)
{
    warm_l2(m, line, WARM_READ);
    uint32_t victim;
    bool evicted;
    if (cache_fill(l1, line, dirty, &victim, &evicted))
        warm_l2(m, victim, WARM_WRITE);
}

void memsys_warm_start(memsys *m)
{
    for (unsigned c = 0; m->core && c < m->ncores; c++)
        m->core[c].warm_iline = 0; /* (the cycle model may have evicted it since) */
}

void memsys_warm_fetch(memsys *m, unsigned gw, uint32_t pc)
{
    if (m->ops != &memsys_hierarchy_ops)
        return;
    mcore *k = &m->core[gw / m->W];
    const uint32_t line = pc >> m->line_shift;
    if (k->warm_iline == line + 1) /* the same line again: no change */
        return;
    k->warm_iline = line + 1;
    if (!cache_access(&k->l1i, line, false))
        warm_l1_fill(m, &k->l1i, line, false);
}

void memsys_warm_fetch_run(memsys *m, unsigned gw, uint32_t pc, uint32_t end)
{
    if (m->ops != &memsys_hierarchy_ops || end <= pc)
        return;
    for (uint32_t line = pc >> m->line_shift; line <= (end - 1) >> m->line_shift; line++)
        memsys_warm_fetch(m, gw, line << m->line_shift);
}

void memsys_warm_access(memsys *m, unsigned gw, const mem_request *r)
{
    if (m->ops != &memsys_hierarchy_ops)
        return;
    const unsigned c = gw / m->W;
    cache *l1d = &m->core[c].l1d;
    uint32_t line[2 * SIMTY_MAX_LANES];
    uint16_t bytes[2 * SIMTY_MAX_LANES];
    const unsigned n = hier_pass_lines(m, r, line, bytes);
    if (!n)
        return;
    if (r->kind == MEM_AMO) {
        if (cache_invalidate(l1d, line[0]) & CACHE_DIRTY)
            warm_l2(m, line[0], WARM_WRITE);
        warm_l2(m, line[0], WARM_ATOMIC);
        warm_invalidate_others(m, c, line[0]);
        return;
    }
    const bool store = r->kind == MEM_STORE;
    for (unsigned i = 0; i < n; i++) {
        if (!store) {
            if (!cache_access(l1d, line[i], false))
                warm_l1_fill(m, l1d, line[i], false);
            continue;
        }
        if (m->cfg->l1d_write_back) {
            if (!cache_access(l1d, line[i], true))
                warm_l1_fill(m, l1d, line[i], true);
        } else {
            cache_access(l1d, line[i], false);
            warm_l2(m, line[i], WARM_WRITE);
        }
        warm_invalidate_others(m, c, line[i]);
    }
}

bool memsys_quiet(const memsys *m)
{
    if (m->ops != &memsys_hierarchy_ops)
        return true;
    if (m->q.n || dram_queued(&m->dram))
        return false;
    for (unsigned c = 0; c < m->ncores; c++) {
        const mcore *k = &m->core[c];
        if (k->q.n || k->nout || k->nin || k->pend.n || k->wbq.n || k->wb_used || k->md.used ||
            k->mi.used || k->fetch_waiting)
            return false;
    }
    for (unsigned b = 0; b < m->cfg->l2_banks; b++)
        if (m->bank[b].mshr.used || m->bank[b].pend.n)
            return false;
    return true;
}
