/*
 * spinlock.c - a shared log and sum updated inside a critical section that
 * a test-and-set spin lock protects (amoswap acquire loop, release by a
 * plain store). EXPECTED TO DEADLOCK on Simty with 2 or more threads per
 * warp; correct on QEMU and at 1 thread per warp (e.g. -w 4 -t 1).
 *
 * Thread t handles items t, t+n, t+2n... of TOTAL: it computes the item's
 * value outside the lock, then under the lock appends the item to a shared
 * log and adds the value to a shared sum (plain, non-atomic updates: only
 * the lock makes them correct). The check: every item logged exactly once,
 * and the sum right.
 *
 * Why it deadlocks (simty-spec.md section 2, "Known hazard"): the lanes of
 * a warp run the amoswap together; one lane (the lowest) gets the lock, the
 * others get 1 and branch back to the top of the acquire loop. That loop
 * sits at a lower PC than the critical section, at the same call depth, so
 * under both "deepest call, then lowest PC" (--priority depth) and pure
 * lowest PC (--priority minpc) the spinning lanes are always the active
 * path: the lock holder never runs its critical section nor its release,
 * and the spinners never get the lock. Threads of other warps waiting for
 * it spin as well; memory stops changing and the simulator reports a
 * deadlock (exit status 122). With one thread per warp, every thread is its
 * own warp and the holder progresses; on a real multicore (QEMU) too.
 */
#include "workload.h"

SIMTY_EXPECT_DEADLOCK();

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
            ;
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
