/* Most recently used replacement: the victim is the line hit or filled
 * last, so that a stream larger than the cache keeps the lines it found
 * and passes through one way (the classic answer to a loop over an array
 * a little larger than the cache).  LRU's stamps (repl_lru.c), the newest
 * way chosen instead of the oldest. */
#include "memsys/replacement.h"

static unsigned newest(void *st, unsigned ways)
{
    const uint64_t *used = (const uint64_t *)st + 1; /* (after the set's counter) */
    unsigned pick = 0;
    for (unsigned w = 1; w < ways; w++)
        if (used[w] > used[pick])
            pick = w;
    return pick;
}

const repl_ops repl_mru_ops = {
    .set_bytes = REPL_STAMP_SET_BYTES,
    .way_bytes = REPL_STAMP_WAY_BYTES,
    .reset = repl_stamp_reset,
    .on_hit = repl_stamp,
    .on_fill = repl_stamp,
    .victim = newest,
};
