/* Cache replacement policies: the small table of functions a policy
 * implements (docs/memory.md, "Replacement").
 *
 * A tag array (memsys/cache.c) keeps, per set, a block of policy state of
 * set_bytes + ways x way_bytes bytes (8-byte aligned), allocated once when
 * the cache is made; the policy sees only that block and the set's number of
 * ways, never tags, addresses or time.  The cache fills an invalid way first
 * (the lowest) and asks the policy for a victim only when every way of the
 * set is valid; it tells the policy of every hit and fill.  So a policy is
 * deterministic as long as its functions are: RANDOM draws from a generator
 * kept in the set's state, seeded by reset.
 *
 * Each policy is one file (repl_<name>.c) defining its ops table, named in
 * the plug-in registry (src/registry/plugins.c); the configuration keeps the
 * policy's index there (simty_cache_config.replacement, 0 = lru). */
#ifndef SIMTY_MEMSYS_REPLACEMENT_H
#define SIMTY_MEMSYS_REPLACEMENT_H

#include <stdint.h>

typedef struct repl_ops {
    unsigned set_bytes, way_bytes; /* state of one set: set_bytes + ways * way_bytes */
    /* The state of an empty set; seed differs from set to set and cache to
     * cache, and is the same in every run */
    void (*reset)(void *st, unsigned ways, uint64_t seed);
    void (*on_hit)(void *st, unsigned ways, unsigned way);
    /* A line was installed in `way` (an invalid way or the victim) */
    void (*on_fill)(void *st, unsigned ways, unsigned way);
    /* The way to evict from a full set (0 .. ways-1) */
    unsigned (*victim)(void *st, unsigned ways);
} repl_ops;

/* The built-in policies (each defined in its repl_<name>.c, named in
 * src/registry/plugins.c) */
extern const repl_ops repl_lru_ops, repl_fifo_ops, repl_random_ops, repl_srrip_ops, repl_mru_ops;

/* Age stamps (repl_lru.c), which LRU and FIFO share: a set's state is a
 * counter and one stamp per way; the victim is the way with the oldest
 * stamp (the lowest such way). */
enum { REPL_STAMP_SET_BYTES = sizeof(uint64_t), REPL_STAMP_WAY_BYTES = sizeof(uint64_t) };
void repl_stamp_reset(void *st, unsigned ways, uint64_t seed);
void repl_stamp(void *st, unsigned ways, unsigned way);
unsigned repl_stamp_oldest(void *st, unsigned ways);
/* For events a policy ignores */
void repl_nothing(void *st, unsigned ways, unsigned way);

#endif
