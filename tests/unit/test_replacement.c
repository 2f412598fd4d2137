/* Cache replacement policies (src/memsys/repl_*.c) through the tag array:
 * one scripted sequence of fills and hits in a 4-way set whose victims
 * differ from policy to policy (LRU, FIFO, SRRIP), a scan that SRRIP
 * survives and LRU does not, and the random policy's determinism: the same
 * seed gives the same victims whatever the hits and the other sets do;
 * and the replacement settings (simty_memory_set, simty_config_check). */
#include <string.h>

#include "check.h"
#include "memsys/cache.h"
#include "memsys/replacement.h"
#include "registry/plugins.h"
#include "simty.h"

/* A 4-way cache of 1 set (256 bytes, 64-byte lines) or of `sets` sets */
static void make(cache *c, const repl_ops *ops, unsigned sets, uint64_t seed)
{
    char err[128];
    CHECK_EQ(cache_init(c, 256 * sets, 4, 64, 0, ops, seed, err, sizeof err), 0);
}

/* Fills `line` (absent) and returns the line it evicted, or 0 for none */
static uint32_t fill(cache *c, uint32_t line)
{
    uint32_t victim;
    bool evicted;
    CHECK(!cache_probe(c, line));
    cache_fill(c, line, false, &victim, &evicted);
    return evicted ? victim : 0;
}

/* The script: fill 1 2 3 4 (ways 0..3), hit 1 and 2, fill 5, hit 4, fill 6,
 * then fill 7.  Victims of the fills of 5, 6 and 7 into v[0..2]. */
static void script(const repl_ops *ops, uint32_t v[3])
{
    cache c;
    make(&c, ops, 1, 0);
    for (uint32_t l = 1; l <= 4; l++)
        CHECK_EQ(fill(&c, l), 0); /* invalid ways first */
    CHECK(cache_access(&c, 1, false));
    CHECK(cache_access(&c, 2, false));
    v[0] = fill(&c, 5);
    CHECK(cache_access(&c, 4, false));
    v[1] = fill(&c, 6);
    v[2] = fill(&c, 7);
    cache_free(&c);
}

static void test_script(void)
{
    uint32_t v[3];
    /* LRU: order of last use 3 4 1 2, 5 replaces 3; 4 is used: 1 2 5 4 */
    script(&repl_lru_ops, v);
    CHECK_EQ(v[0], 3);
    CHECK_EQ(v[1], 1);
    CHECK_EQ(v[2], 2);
    /* FIFO: hits change nothing; filled 1 2 3 4, then 5 in 1's way */
    script(&repl_fifo_ops, v);
    CHECK_EQ(v[0], 1);
    CHECK_EQ(v[1], 2);
    CHECK_EQ(v[2], 3);
    /* SRRIP: RRPVs 0 0 2 2 age to 1 1 3 3: 5 (2) replaces 3; 4 hit -> 0;
     * 1 1 2 0 age to 2 2 3 1: 6 replaces 5; 2 2 2 1 age to 3 3 3 2: 7
     * replaces 1 (the first way at 3) */
    script(&repl_srrip_ops, v);
    CHECK_EQ(v[0], 3);
    CHECK_EQ(v[1], 5);
    CHECK_EQ(v[2], 1);
    /* MRU: last uses 3 4 1 2: 5 replaces 2; 4 is used: 6 replaces 4; 6 was
     * the last used: 7 replaces 6 */
    script(&repl_mru_ops, v);
    CHECK_EQ(v[0], 2);
    CHECK_EQ(v[1], 4);
    CHECK_EQ(v[2], 6);
}

/* Hot lines 1 2 3 used again and again between one-use lines 10, 11, ...:
 * the hot lines still present after `rounds` rounds of "use 1 2 3 twice
 * (filling any that is missing), fill two new lines" (five lines a round
 * in a 4-way set) */
static unsigned hot_left(const repl_ops *ops, unsigned rounds)
{
    cache c;
    make(&c, ops, 1, 7);
    uint32_t next = 10;
    for (unsigned r = 0; r < rounds; r++) {
        for (unsigned twice = 0; twice < 2; twice++)
            for (uint32_t l = 1; l <= 3; l++)
                if (!cache_access(&c, l, false))
                    fill(&c, l);
        fill(&c, next++);
        fill(&c, next++);
    }
    unsigned n = 0;
    for (uint32_t l = 1; l <= 3; l++)
        n += cache_probe(&c, l);
    cache_free(&c);
    return n;
}

static void test_scan(void)
{
    /* LRU and FIFO: the second new line of a round evicts hot line 1, whose
     * refill evicts 2, whose refill evicts 3, ...: every round misses all
     * three and ends with 2 and 3 present.  SRRIP: the hot lines were hit
     * (RRPV 0) and the new lines evict each other */
    CHECK_EQ(hot_left(&repl_lru_ops, 20), 2);
    CHECK_EQ(hot_left(&repl_fifo_ops, 20), 2);
    CHECK_EQ(hot_left(&repl_srrip_ops, 20), 3);
    /* MRU: every miss evicts the line used just before it, so a missing
     * hot line's refill evicts another hot line: one is left */
    CHECK_EQ(hot_left(&repl_mru_ops, 20), 1);
}

/* The random policy's victims in set 0 of a cache seeded `seed` over n
 * fills of new lines; with `noise`, hits in set 0 and fills of set 1 come
 * in between (they must change nothing) */
static void random_victims(uint64_t seed, bool noise, uint32_t *v, unsigned n)
{
    cache c;
    make(&c, &repl_random_ops, 2, seed);
    for (uint32_t i = 0; i < 4; i++)
        fill(&c, 2 * i); /* even lines: set 0 */
    for (unsigned i = 0; i < n; i++) {
        if (noise) {
            for (uint32_t l = 0; l < 2 * (4 + i); l += 2)
                cache_access(&c, l, false);
            uint32_t odd = 2 * (1000 + i) + 1; /* set 1 */
            fill(&c, odd);
        }
        uint32_t line = 2 * (4 + i);
        v[i] = fill(&c, line);
    }
    cache_free(&c);
}

static void test_random(void)
{
    enum { N = 256 };
    uint32_t a[N], b[N], d[N];
    random_victims(42, false, a, N);
    random_victims(42, true, b, N);
    random_victims(43, false, d, N);
    CHECK(!memcmp(a, b, sizeof a)); /* deterministic, whatever else happens */
    CHECK(memcmp(a, d, sizeof a));  /* another seed, other victims */
    /* every victim was present, and every way is chosen now and then: the
     * age of the victims (fills since it came) spreads like a uniform draw's */
    unsigned age_hist[4] = {0}, oldest = 0;
    for (unsigned i = 0; i < N; i++) {
        unsigned age = 4 + i - a[i] / 2; /* a[i] was filled at step a[i]/2 */
        CHECK(a[i] % 2 == 0 && a[i] / 2 < 4 + i);
        if (age <= 4)
            age_hist[age - 1]++;
        oldest = age > oldest ? age : oldest;
    }
    for (unsigned k = 0; k < 4; k++)
        CHECK(age_hist[k] > 0);
    CHECK(oldest > 4); /* unlike FIFO and LRU here, a line may stay long */
}

static void test_settings(void)
{
    char err[256] = "";
    simty_config cfg;
    simty_config_default(&cfg);
    CHECK_EQ(simty_memory_preset(&cfg, "hbm2", err, sizeof err), 0);
    CHECK_EQ(cfg.memory.l1i.replacement + cfg.memory.l1d.replacement + cfg.memory.l2.replacement,
             0); /* lru */
    CHECK_EQ(simty_memory_set(&cfg, "l1d.replacement=srrip", err, sizeof err), 0);
    CHECK_EQ(simty_memory_set(&cfg, "l2.replacement=random", err, sizeof err), 0);
    CHECK_EQ(simty_memory_set(&cfg, "l1i.replacement=fifo", err, sizeof err), 0);
    CHECK_EQ(cfg.memory.l1d.replacement, 3); /* the registry's order: lru fifo random srrip */
    CHECK_EQ(cfg.memory.l2.replacement, 2);
    CHECK_EQ(cfg.memory.l1i.replacement, 1);
    CHECK(!strcmp(cfg.memory.preset, "hbm2*"));
    CHECK_EQ(simty_config_check(&cfg, err, sizeof err), 0);
    /* refused: an unknown name (the policies listed), a number, an empty
     * value; the configuration is unchanged */
    simty_memory_config before = cfg.memory;
    char names[256];
    plugin_names(PLUGIN_REPLACEMENT, names, sizeof names); /* "lru, fifo, ... or srrip" */
    CHECK_EQ(simty_memory_set(&cfg, "l2.replacement=plru", err, sizeof err), -1);
    CHECK(strstr(err, "l2.replacement") && strstr(err, names) && strstr(err, "'plru'") &&
          !strncmp(names, "lru, fifo, random", 17));
    CHECK_EQ(simty_memory_set(&cfg, "l1d.replacement=0", err, sizeof err), -1);
    CHECK_EQ(simty_memory_set(&cfg, "l1d.replacement=", err, sizeof err), -1);
    CHECK(!memcmp(&before, &cfg.memory, sizeof before));
    /* a library caller's index out of range */
    cfg.memory.l2.replacement = (int)plugin_count(PLUGIN_REPLACEMENT);
    CHECK(simty_config_check(&cfg, err, sizeof err) != 0 && strstr(err, "l2.replacement"));
}

int main(void)
{
    test_settings();
    test_script();
    test_scan();
    test_random();
    return check_report("test_replacement");
}
