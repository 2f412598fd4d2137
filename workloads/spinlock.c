/*
 * spinlock.c - a shared log and sum updated inside a critical section that
 * a test-and-set spin lock protects (amoswap acquire loop, release by a
 * plain store), in plain C with no hint in the spin loop (SPIN_HINT() is
 * empty by default, workload.h).
 *
 * Thread t handles items t, t+n, t+2n... of TOTAL: it computes the item's
 * value outside the lock, then under the lock appends the item to a shared
 * log and adds the value to a shared sum (plain, non-atomic updates: only
 * the lock makes them correct). The check: every item logged exactly once,
 * and the sum right.
 *
 * The paper's hazard (simty-spec.md section 2): the lanes of a warp run the
 * amoswap together; one lane (the lowest) gets the lock, the others get 1
 * and branch back to the top of the acquire loop, which sits at a lower PC
 * than the critical section, so under pure priority (--progress off) the
 * spinning lanes are always the active path and the holder never runs:
 * a deadlock (status 122). With the forward-progress scheduler (default,
 * docs/progress.md) the spin detector backs the spinners off and the
 * holder runs; the threshold turns guarantee it even without the detector.
 */
#include "workload.h"

#define TOTAL 16384

static volatile uint32_t lock;
static volatile uint32_t entries, sum;  /* protected by lock */
static volatile uint32_t log_items[TOTAL] WL_ALIGNED;
static uint8_t seen[TOTAL];

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    /* the lanes of a warp leave this barrier together and nothing splits
     * them before the first acquire, so they always contend there */
    wl_begin();
    for (unsigned i = tid; i < TOTAL; i += n) {
        uint32_t v = wl_rand(1, i);
        /* acquire: the spin loop, at the lowest PC of the sequence */
        while (simty_atomic_swap(&lock, 1) != 0)
            SPIN_HINT(); /* empty unless built with a hint (workload.h) */
        /* critical section, above the loop */
        uint32_t e = entries;
        log_items[e] = i;
        entries = e + 1;
        sum += v;
        /* release: earlier accesses first, then a plain store */
        __asm__ volatile("fence rw, w" ::: "memory");
        lock = 0;
    }
    if (!wl_end())
        return 0;

    unsigned bad = 0, nent = entries;
    uint32_t want = 0;
    for (unsigned i = 0; i < TOTAL; i++)
        want += wl_rand(1, i);
    for (unsigned k = 0; k < nent && k < TOTAL; k++) {
        uint32_t i = log_items[k];
        if (i >= TOTAL || seen[i]++)
            bad++;
    }
    return wl_report("spinlock", nent == TOTAL && bad == 0 && sum == want,
                     "%u entries of %u, sum %s, %u bad log entries", nent, TOTAL,
                     sum == want ? "right" : "wrong", bad);
}
