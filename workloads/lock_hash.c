/*
 * lock_hash.c - a chained hash table behind one test-and-test-and-set spin
 * lock per bucket (plain C: __atomic builtins, no SDK helper, SPIN_HINT()
 * in the wait loop).
 *
 * Phase 1: OPS "insert or count" operations on pseudo-random keys from a
 * key space of KEYS, op i by thread i mod n: under the bucket's lock, walk
 * the chain; bump the node's count if the key is there (plain update), else
 * take a node from a shared pool (atomic bump) and link it at the head.
 * Phase 2 (after a barrier): LOOKUPS lookups under the bucket locks, each
 * adding the key's count (0 if absent) to a per-thread total.  Lanes of a
 * warp collide on buckets (skewed keys), so they wait for warp mates: the
 * SIMT models need the forward-progress scheduler (docs/progress.md) to finish.
 * Thread 0 checks the table and the lookup total against a sequential
 * recount.
 */
#include "workload.h"

#define OPS 8192
#define LOOKUPS 8192
#define KEYS 2048           /* key space; every key fits in the pool */
#define BUCKETS 256

typedef struct {
    uint32_t key, count, next; /* next: node index + 1, 0 = end */
} hnode;

static volatile uint32_t bucket_lock[BUCKETS] WL_ALIGNED;
static volatile uint32_t head[BUCKETS] WL_ALIGNED; /* node index + 1, protected */
static volatile hnode pool[KEYS] WL_ALIGNED;
static volatile uint32_t used, overflow, found_total;
static uint32_t ref_count[KEYS] WL_ALIGNED;
static uint8_t seen[KEYS];

static uint32_t op_key(uint32_t i)
{
    uint32_t a = wl_rand_below(4, i, KEYS), b = wl_rand_below(5, i, KEYS);
    return a < b ? a : b; /* skewed: small keys are hot */
}

static uint32_t lookup_key(uint32_t i)
{
    return wl_rand_below(6, i, KEYS);
}

static unsigned bucket_of(uint32_t key)
{
    return (key * 2654435761u) >> 24; /* top 8 bits: 256 buckets */
}

static void lock(unsigned b)
{
    for (;;) {
        while (__atomic_load_n(&bucket_lock[b], __ATOMIC_RELAXED) != 0)
            SPIN_HINT();
        if (__atomic_exchange_n(&bucket_lock[b], 1, __ATOMIC_ACQUIRE) == 0)
            return;
    }
}

static void unlock(unsigned b)
{
    __atomic_store_n(&bucket_lock[b], 0, __ATOMIC_RELEASE);
}

/* Node index + 1 of key in bucket b, or 0; the caller holds the lock. */
static uint32_t find(unsigned b, uint32_t key)
{
    for (uint32_t i = head[b]; i != 0; i = pool[i - 1].next)
        if (pool[i - 1].key == key)
            return i;
    return 0;
}

static void insert(uint32_t key)
{
    unsigned b = bucket_of(key);
    lock(b);
    uint32_t i = find(b, key);
    if (i != 0) {
        pool[i - 1].count = pool[i - 1].count + 1;
    } else {
        uint32_t k = __atomic_fetch_add(&used, 1, __ATOMIC_RELAXED);
        if (k < KEYS) {
            pool[k].key = key;
            pool[k].count = 1;
            pool[k].next = head[b];
            head[b] = k + 1;
        } else {
            overflow = 1;
        }
    }
    unlock(b);
}

static uint32_t lookup(uint32_t key)
{
    unsigned b = bucket_of(key);
    lock(b);
    uint32_t i = find(b, key), c = i ? pool[i - 1].count : 0;
    unlock(b);
    return c;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    wl_begin();
    for (unsigned i = tid; i < OPS; i += n)
        insert(op_key(i));
    simty_barrier();
    uint32_t total = 0;
    for (unsigned i = tid; i < LOOKUPS; i += n)
        total += lookup(lookup_key(i));
    __atomic_fetch_add(&found_total, total, __ATOMIC_RELAXED);
    if (!wl_end())
        return 0;

    unsigned distinct = 0, bad = 0, nodes = 0;
    uint32_t want_total = 0;
    for (unsigned i = 0; i < OPS; i++)
        ref_count[op_key(i)]++;
    for (unsigned i = 0; i < LOOKUPS; i++)
        want_total += ref_count[lookup_key(i)];
    for (unsigned k = 0; k < KEYS; k++)
        distinct += ref_count[k] != 0;
    for (unsigned b = 0; b < BUCKETS; b++) {
        bad += bucket_lock[b] != 0;
        for (uint32_t i = head[b]; i != 0 && nodes <= KEYS; i = pool[i - 1].next, nodes++) {
            uint32_t key = pool[i - 1].key;
            if (key >= KEYS || bucket_of(key) != b || seen[key]++ ||
                pool[i - 1].count != ref_count[key])
                bad++;
        }
    }
    int ok = bad == 0 && nodes == distinct && used == distinct && !overflow &&
             found_total == want_total;
    return wl_report("lock_hash", ok, "%u ops, %u keys in %u nodes, %u bad, lookups %s",
                     OPS, distinct, nodes, bad, found_total == want_total ? "right" : "wrong");
}
