/* Static re-reference interval prediction (SRRIP-HP): A. Jaleel, K. B.
 * Theobald, S. C. Steely Jr. and J. Emer, "High Performance Cache
 * Replacement Using Re-Reference Interval Prediction (RRIP)", ISCA 2010.
 *
 * Every way holds a 2-bit re-reference prediction value (RRPV): 0 means
 * "re-referenced soon", 3 "in the distant future".  A filled line is
 * predicted long (2), a hit makes it near (0).  The victim is the first way
 * (the lowest) predicting 3; while none does, every way ages by one.  So a
 * line used once (a scan) leaves before lines that were hit, which LRU
 * cannot do. */
#include "memsys/replacement.h"

#include <string.h>

enum { RRPV_NEAR = 0, RRPV_LONG = 2, RRPV_DISTANT = 3 };

static void reset(void *st, unsigned ways, uint64_t seed)
{
    (void)seed;
    memset(st, RRPV_DISTANT, ways);
}

static void on_hit(void *st, unsigned ways, unsigned way)
{
    (void)ways;
    ((uint8_t *)st)[way] = RRPV_NEAR;
}

static void on_fill(void *st, unsigned ways, unsigned way)
{
    (void)ways;
    ((uint8_t *)st)[way] = RRPV_LONG;
}

static unsigned victim(void *st, unsigned ways)
{
    uint8_t *rrpv = st;
    for (;;) {
        for (unsigned w = 0; w < ways; w++)
            if (rrpv[w] == RRPV_DISTANT)
                return w;
        for (unsigned w = 0; w < ways; w++)
            rrpv[w]++;
    }
}

const repl_ops repl_srrip_ops = {
    .set_bytes = 0,
    .way_bytes = 1,
    .reset = reset,
    .on_hit = on_hit,
    .on_fill = on_fill,
    .victim = victim,
};
