/*
 * hash_table.c - a chained hash table protected by one TTAS lock per bucket.
 *
 * Every thread performs OPS "insert or count" operations on pseudo-random
 * keys from a small key space, so threads collide on keys and buckets:
 * under the bucket's lock it walks the chain; if the key is there it bumps
 * the node's count (plain update), else it takes a fresh node and links it
 * at the head.  After each insert it looks the key up again under the lock
 * and must find it.  The last thread to finish walks the table: every key
 * once, in its bucket, with the number of operations that hit it.
 */
#include "progress.h"

#define OPS 4
#define KEYS 512    /* key space */
#define BUCKETS 64

typedef struct {
    uint32_t key, count, next; /* next: node index + 1, 0 = end */
} hnode;

static volatile uint32_t bucket_lock[BUCKETS];
static volatile uint32_t head[BUCKETS]; /* node index + 1, protected */
static volatile hnode pool[KEYS];
static volatile uint32_t used, overflow, misses;
static uint32_t ref_count[KEYS], found_count[KEYS];

static unsigned bucket_of(uint32_t key)
{
    return (key * 2654435761u) >> 26; /* top 6 bits: 64 buckets */
}

static uint32_t key_of(unsigned tid, unsigned i)
{
    return pg_rand(11, tid * OPS + i) % KEYS;
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
        uint32_t c = pool[i - 1].count;
        pg_delay(c, 2);
        pool[i - 1].count = c + 1;
    } else {
        uint32_t k = __atomic_fetch_add(&used, 1, __ATOMIC_RELAXED);
        if (k < KEYS) {
            pool[k].key = key;
            pool[k].count = 1;
            pool[k].next = head[b];
            head[b] = k + 1;
        } else {
            overflow++;
        }
    }
    unlock(b);
}

static int present(uint32_t key)
{
    unsigned b = bucket_of(key);
    lock(b);
    uint32_t i = find(b, key);
    int ok = i != 0 && pool[i - 1].count >= 1;
    unlock(b);
    return ok;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (!pg_threads_ok("hash_table"))
        return 1;

    for (unsigned i = 0; i < OPS; i++) {
        uint32_t key = key_of(tid, i);
        insert(key);
        if (!present(key))
            __atomic_fetch_add(&misses, 1, __ATOMIC_RELAXED);
    }
    if (!pg_last_done())
        return 0;

    unsigned distinct = 0, bad = 0, nodes = 0;
    for (unsigned t = 0; t < n; t++)
        for (unsigned i = 0; i < OPS; i++)
            ref_count[key_of(t, i)]++;
    for (unsigned k = 0; k < KEYS; k++)
        distinct += ref_count[k] != 0;
    for (unsigned b = 0; b < BUCKETS; b++)
        for (uint32_t i = head[b]; i != 0 && nodes <= KEYS; i = pool[i - 1].next, nodes++) {
            uint32_t key = pool[i - 1].key;
            if (key >= KEYS || bucket_of(key) != b || found_count[key]++ ||
                pool[i - 1].count != ref_count[key])
                bad++;
        }
    int ok = bad == 0 && nodes == distinct && used == distinct && overflow == 0 && misses == 0;
    return pg_report("hash_table", ok, "%u keys in %u nodes (%u used), %u bad, %u misses",
                     distinct, nodes, (unsigned)used, bad, (unsigned)misses);
}
