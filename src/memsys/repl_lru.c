/* Least recently used replacement (the default), and the age stamps it
 * shares with FIFO: a set counts its hits and fills, every way keeps the
 * count of its last one, and the victim is the way with the lowest.  The
 * order is that of the tag array before policies were plug-ins, which kept
 * one counter per cache: the same relative order within each set, so the
 * same victims. */
#include "memsys/replacement.h"

#include <string.h>

typedef struct stamps {
    uint64_t clock;
    uint64_t used[]; /* [way] */
} stamps;
_Static_assert(sizeof(stamps) == REPL_STAMP_SET_BYTES, "the stamps' counter");

void repl_stamp_reset(void *st, unsigned ways, uint64_t seed)
{
    (void)seed;
    memset(st, 0, sizeof(stamps) + ways * sizeof(uint64_t));
}

void repl_stamp(void *st, unsigned ways, unsigned way)
{
    (void)ways;
    stamps *s = st;
    s->used[way] = ++s->clock;
}

unsigned repl_stamp_oldest(void *st, unsigned ways)
{
    const stamps *s = st;
    unsigned pick = 0;
    for (unsigned w = 1; w < ways; w++)
        if (s->used[w] < s->used[pick])
            pick = w;
    return pick;
}

void repl_nothing(void *st, unsigned ways, unsigned way)
{
    (void)st;
    (void)ways;
    (void)way;
}

const repl_ops repl_lru_ops = {
    .set_bytes = REPL_STAMP_SET_BYTES,
    .way_bytes = REPL_STAMP_WAY_BYTES,
    .reset = repl_stamp_reset,
    .on_hit = repl_stamp,
    .on_fill = repl_stamp,
    .victim = repl_stamp_oldest,
};
