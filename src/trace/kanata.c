/* The Kanata pipeline log writer (kanata.h). */
#include "trace/kanata.h"

#include <stdarg.h>
#include <stdlib.h>

void kanata_open(kanata *k, FILE *f, uint64_t now)
{
    *k = (kanata){.f = f, .now = now, .written = now};
    fprintf(f, "Kanata\t0004\nC=\t%llu\n", (unsigned long long)now);
}

void kanata_close(kanata *k)
{
    free(k->pending);
    k->pending = NULL;
    k->npending = k->cap = 0;
}

static void emit(kanata *k, const kanata_pending *e)
{
    switch (e->what) {
    case KANATA_STAGE: kanata_stage(k, e->id, e->stage); break;
    case KANATA_RETIRE: kanata_retire(k, e->id); break;
    default: kanata_flush(k, e->id); break;
    }
}

/* Before writing an event: move the log's time to now (cycles with no
 * event get no C line of their own). */
static void sync(kanata *k)
{
    if (k->now > k->written) {
        fprintf(k->f, "C\t%llu\n", (unsigned long long)(k->now - k->written));
        k->written = k->now;
    }
}

void kanata_tick(kanata *k, uint64_t now)
{
    if (now > k->now)
        k->now = now;
    /* events are few (a handful per warp); keep queue order for equal cycles */
    unsigned kept = 0;
    for (unsigned i = 0; i < k->npending; i++) {
        if (k->pending[i].cycle <= now)
            emit(k, &k->pending[i]);
        else
            k->pending[kept++] = k->pending[i];
    }
    k->npending = kept;
}

uint64_t kanata_new(kanata *k, unsigned warp)
{
    sync(k);
    uint64_t id = k->next_id++;
    fprintf(k->f, "I\t%llu\t%llu\t%u\n", (unsigned long long)id, (unsigned long long)id, warp);
    return id;
}

void kanata_stage(kanata *k, uint64_t id, const char *stage)
{
    if (id == KANATA_NONE)
        return;
    sync(k);
    fprintf(k->f, "S\t%llu\t0\t%s\n", (unsigned long long)id, stage);
}

void kanata_label(kanata *k, uint64_t id, int type, const char *fmt, ...)
{
    if (id == KANATA_NONE)
        return;
    sync(k);
    fprintf(k->f, "L\t%llu\t%d\t", (unsigned long long)id, type);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(k->f, fmt, ap);
    va_end(ap);
    fputc('\n', k->f);
}

void kanata_retire(kanata *k, uint64_t id)
{
    if (id == KANATA_NONE)
        return;
    sync(k);
    fprintf(k->f, "R\t%llu\t%llu\t0\n", (unsigned long long)id,
            (unsigned long long)k->next_retire++);
}

void kanata_flush(kanata *k, uint64_t id)
{
    if (id == KANATA_NONE)
        return;
    sync(k);
    fprintf(k->f, "R\t%llu\t0\t1\n", (unsigned long long)id);
}

void kanata_at(kanata *k, uint64_t cycle, uint64_t id, enum kanata_event what,
               const char *stage)
{
    if (id == KANATA_NONE)
        return;
    if (k->npending == k->cap) {
        unsigned cap = k->cap ? 2 * k->cap : 64;
        kanata_pending *p = realloc(k->pending, cap * sizeof *p);
        if (!p) { /* out of host memory: write the event now rather than lose it */
            emit(k, &(kanata_pending){.cycle = cycle, .id = id, .what = (uint8_t)what,
                                      .stage = stage});
            return;
        }
        k->pending = p;
        k->cap = cap;
    }
    k->pending[k->npending++] =
        (kanata_pending){.cycle = cycle, .id = id, .what = (uint8_t)what, .stage = stage};
}

void kanata_cancel(kanata *k, uint64_t id)
{
    unsigned kept = 0;
    for (unsigned i = 0; i < k->npending; i++)
        if (k->pending[i].id != id)
            k->pending[kept++] = k->pending[i];
    k->npending = kept;
}
