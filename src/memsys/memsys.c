/* Memory timing (memsys.h): the pipeline's interface, which hands each
 * question to the timing the configuration names (a PLUGIN_MEMORY plug-in:
 * the two tables below), the ideal memory, and the creation and destruction
 * of the state both timings keep.  The hierarchy itself is in the files
 * hierarchy.h lists. */
#include <stdio.h>
#include <stdlib.h>

#include "memsys/hierarchy.h"
#include "registry/plugins.h"

/* ---- ideal memory ----------------------------------------------------- */

static bool ideal_fetch(memsys *m, unsigned gw, uint32_t pc, uint64_t now)
{
    (void)m, (void)gw, (void)pc, (void)now;
    return true;
}

static void ideal_access(memsys *m, unsigned gw, const mem_request *r, uint64_t now)
{
    if (r->kind != MEM_STORE) /* F+7 now, commit now + 1, data 2 + latency later */
        m->due[gw] = now + 3 + m->s->cfg.mem_latency;
}

static void ideal_advance(memsys *m, uint64_t now) { (void)m, (void)now; }

const memsys_timing_ops memsys_ideal_ops = {ideal_fetch, ideal_access, ideal_advance};

/* ---- the cache hierarchy (memsys_l1.c, memsys_l2.c, memsys_events.c) -- */

const memsys_timing_ops memsys_hierarchy_ops = {hier_fetch, hier_access, hier_advance_cycle};

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

/* The hierarchy's caches, MSHR files and DRAM (their arrays allocated);
 * -1 with a reason. */
static int init_levels(memsys *m, char *err, size_t errlen)
{
    const simty_memory_config *c = m->cfg;
    /* every cache's own seed (a random policy's), the same in every run */
    const uint64_t l1i_seed = 1ull << 32, l1d_seed = 2ull << 32, l2_seed = 3ull << 32;
    for (unsigned k = 0; k < m->ncores; k++)
        if (cache_init(&m->core[k].l1i, c->l1i.size, c->l1i.ways, c->line, 0,
                       policy(c->l1i.replacement), l1i_seed + k, err, errlen) ||
            cache_init(&m->core[k].l1d, c->l1d.size, c->l1d.ways, c->line, 0,
                       policy(c->l1d.replacement), l1d_seed + k, err, errlen) ||
            mshr_init(&m->core[k].mi, c->l1i.mshrs, err, errlen) ||
            mshr_init(&m->core[k].md, c->l1d.mshrs, err, errlen))
            return -1;
    for (unsigned b = 0; b < c->l2_banks; b++)
        if (cache_init(&m->bank[b].c, c->l2.size / c->l2_banks, c->l2.ways, c->line,
                       (unsigned)__builtin_ctz(c->l2_banks), policy(c->l2.replacement),
                       l2_seed + b, err, errlen) ||
            mshr_init(&m->bank[b].mshr, c->l2.mshrs, err, errlen))
            return -1;
    return dram_init(&m->dram, &c->dram, c->line, err, errlen) ? -1 : 0;
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
    if (init_levels(m, err, errlen))
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

void memsys_access(memsys *m, unsigned gw, const mem_request *r, uint64_t now)
{
    m->ops->access(m, gw, r, now);
}

const uint64_t *memsys_due_table(const memsys *m) { return m->due; }

void memsys_advance(memsys *m, uint64_t now) { m->ops->advance(m, now); }

bool memsys_is_hierarchy(const memsys *m) { return m->ops == &memsys_hierarchy_ops; }

void memsys_hold(memsys *m, unsigned gw, uint64_t t)
{
    if (m->due[gw] != UINT64_MAX && m->due[gw] < t) /* (a miss: its fill comes later anyway) */
        m->due[gw] = t;
}
