/* Random replacement, deterministic: every set draws its victims from its
 * own xorshift64* generator (Marsaglia's xorshift with Vigna's
 * multiplier), seeded by the cache from a fixed constant, the cache and the
 * set (memsys.c).  So a run gives the same victims every time, whatever the
 * host threads or the order in which other sets are used. */
#include "memsys/replacement.h"

/* SplitMix64's finaliser: spreads neighbouring seeds apart */
static uint64_t spread(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static void reset(void *st, unsigned ways, uint64_t seed)
{
    (void)ways;
    uint64_t x = spread(seed);
    *(uint64_t *)st = x ? x : 1; /* xorshift's state is never 0 */
}

static unsigned victim(void *st, unsigned ways)
{
    uint64_t *x = st;
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    uint64_t r = (*x * 0x2545f4914f6cdd1dull) >> 32; /* the high bits are the good ones */
    return (unsigned)((r * ways) >> 32);
}

const repl_ops repl_random_ops = {
    .set_bytes = sizeof(uint64_t),
    .way_bytes = 0,
    .reset = reset,
    .on_hit = repl_nothing,
    .on_fill = repl_nothing,
    .victim = victim,
};
