#include "memsys/cache.h"

#include <stdio.h>
#include <stdlib.h>

#include "memsys/timeutil.h"

int cache_init(cache *c, uint32_t size, uint32_t ways, uint32_t line, unsigned index_shift,
               const repl_ops *repl, uint64_t seed, char *err, size_t errlen)
{
    *c = (cache){0};
    c->index_shift = index_shift;
    c->ways = ways;
    c->sets = size / ways / line;
    c->line_shift = (unsigned)__builtin_ctz(line);
    c->repl = repl;
    c->repl_stride = (repl->set_bytes + (size_t)ways * repl->way_bytes + 7) / 8;
    size_t n = (size_t)c->sets * ways;
    c->tag = calloc(n, sizeof *c->tag);
    c->state = calloc(n, sizeof *c->state);
    c->repl_state = calloc(c->sets * c->repl_stride + 1, sizeof *c->repl_state); /* never 0 */
    if (!c->tag || !c->state || !c->repl_state) {
        cache_free(c);
        snprintf(err, errlen, "out of host memory for a %u-byte cache", (unsigned)size);
        return -1;
    }
    for (unsigned s = 0; s < c->sets; s++)
        repl->reset(c->repl_state + s * c->repl_stride, ways, mix(seed, s));
    return 0;
}

void cache_free(cache *c)
{
    free(c->tag);
    free(c->state);
    free(c->repl_state);
    *c = (cache){0};
}

static size_t set_of(const cache *c, uint32_t line)
{
    return (line >> c->index_shift) & (c->sets - 1);
}

/* The way of set `set` holding `line`, or -1 */
static int way_of(const cache *c, size_t set, uint32_t line)
{
    size_t base = set * c->ways;
    for (unsigned w = 0; w < c->ways; w++)
        if ((c->state[base + w] & CACHE_VALID) && c->tag[base + w] == line)
            return (int)w;
    return -1;
}

static int find(const cache *c, uint32_t line)
{
    size_t set = set_of(c, line);
    int w = way_of(c, set, line);
    return w < 0 ? -1 : (int)(set * c->ways) + w;
}

/* The policy's state of set `set` */
static void *policy_state(const cache *c, size_t set)
{
    return c->repl_state + set * c->repl_stride;
}

bool cache_access(cache *c, uint32_t line, bool write)
{
    size_t set = set_of(c, line);
    int w = way_of(c, set, line);
    if (w < 0)
        return false;
    c->repl->on_hit(policy_state(c, set), c->ways, (unsigned)w);
    if (write)
        c->state[set * c->ways + (unsigned)w] |= CACHE_DIRTY;
    return true;
}

bool cache_probe(const cache *c, uint32_t line) { return find(c, line) >= 0; }

/* The way a fill of set `set` takes: the first invalid one, or else the
 * policy's victim */
static unsigned fill_way(cache *c, size_t set)
{
    for (unsigned w = 0; w < c->ways; w++)
        if (!(c->state[set * c->ways + w] & CACHE_VALID))
            return w;
    return c->repl->victim(policy_state(c, set), c->ways);
}

bool cache_fill(cache *c, uint32_t line, bool dirty, uint32_t *victim, bool *evicted)
{
    size_t set = set_of(c, line);
    unsigned way = fill_way(c, set);
    size_t pick = set * c->ways + way;
    bool was_dirty = (c->state[pick] & (CACHE_VALID | CACHE_DIRTY)) == (CACHE_VALID | CACHE_DIRTY);
    *evicted = c->state[pick] & CACHE_VALID;
    *victim = c->tag[pick];
    c->tag[pick] = line;
    c->state[pick] = CACHE_VALID | (dirty ? CACHE_DIRTY : 0);
    c->repl->on_fill(policy_state(c, set), c->ways, way);
    return was_dirty;
}

unsigned cache_invalidate(cache *c, uint32_t line)
{
    int i = find(c, line);
    if (i < 0)
        return 0;
    unsigned st = c->state[i];
    c->state[i] = 0;
    return st;
}


uint64_t cache_hash(uint64_t h, const cache *c)
{
    size_t n = (size_t)c->sets * c->ways;
    for (size_t i = 0; i < n; i++)
        if (c->state[i] & CACHE_VALID)
            h = mix(h, (uint64_t)c->tag[i] << 8 | c->state[i] | (uint64_t)i << 40);
    return h;
}

uint64_t mshr_hash(uint64_t h, const mshr_file *f)
{
    for (unsigned i = 0; f->used && i < f->n; i++)
        if (f->e[i].busy)
            h = mix(mix(mix(h, (uint64_t)f->e[i].line << 32 | (uint64_t)f->e[i].dirty << 31 |
                                      f->e[i].atomics),
                          f->e[i].mask[0]),
                     f->e[i].mask[1]);
    return h;
}

int mshr_init(mshr_file *f, unsigned n, char *err, size_t errlen)
{
    f->n = n;
    f->used = 0;
    f->e = calloc(n, sizeof *f->e);
    if (!f->e) {
        snprintf(err, errlen, "out of host memory for %u MSHRs", n);
        return -1;
    }
    return 0;
}

void mshr_free(mshr_file *f)
{
    free(f->e);
    *f = (mshr_file){0};
}

mshr *mshr_find(mshr_file *f, uint32_t line)
{
    if (!f->used)
        return NULL;
    for (unsigned i = 0; i < f->n; i++)
        if (f->e[i].busy && f->e[i].line == line)
            return &f->e[i];
    return NULL;
}

mshr *mshr_alloc(mshr_file *f, uint32_t line)
{
    if (f->used == f->n)
        return NULL;
    for (unsigned i = 0; i < f->n; i++)
        if (!f->e[i].busy) {
            f->e[i] = (mshr){.line = line, .busy = true};
            f->used++;
            return &f->e[i];
        }
    return NULL;
}

void mshr_release(mshr_file *f, mshr *m)
{
    m->busy = false;
    f->used--;
}
