/*
 * barrier_all.c - simty_barrier() synchronises every thread of every core.
 *
 * In phase p every thread writes its slot of buffer p % 2 with a value
 * unique to (p, thread), then calls simty_barrier(), then reads every slot
 * of that buffer and checks each holds its phase-p value.  One thread per
 * phase (a different one each time, on a different core as the phases go
 * by) is late: it spins a while before writing.  A barrier that let anyone
 * through before every thread of every core had arrived would let it read
 * that slot's value of phase p-2.
 *
 * Two buffers make one barrier per phase enough: before any thread writes
 * buffer p % 2 again (phase p+2), it has passed the barrier of phase p+1,
 * which no thread reaches before it has finished checking phase p.
 */
#include "litmus.h"

static volatile uint32_t slot[2][LT_MAX_THREADS];

static uint32_t value(unsigned p, unsigned t)
{
    return pg_rand(p, t) ^ (p << 24) ^ t;
}

int main(void)
{
    if (!lt_threads_ok("barrier_all", 1))
        return 1;
    unsigned tid = simty_tid(), n = simty_nthreads();
    unsigned phases = lt_rounds(2048, 3, 32);
    uint32_t bad = 0, checked = 0;

    for (unsigned p = 0; p < phases; p++) {
        volatile uint32_t *buf = slot[p % 2];
        if (tid == (p * 7919u + n / 2) % n)
            pg_delay(p, 200); /* the late thread */
        buf[tid] = value(p, tid);
#if defined(LT_BREAK)
        /* a broken test: no barrier */
#elif defined(LT_BREAK_CORE)
        /* a broken test: a barrier of this core's threads only (scope 1,
         * docs/platform.md; the simulator's CSR, so not for QEMU) */
        __asm__ volatile("csrwi 0x800, 1" ::: "memory");
#else
        simty_barrier();
#endif
        for (unsigned t = 0; t < n; t++) {
            bad += buf[t] != value(p, t);
            checked++;
        }
    }
    lt_bad[tid] = bad;
    simty_barrier();
    if (tid != 0)
        return 0;

    uint32_t total = 0;
    for (unsigned t = 0; t < n; t++)
        total += lt_bad[t];
    return pg_report("barrier_all", total == 0,
                     "%u phases, %u slots checked per thread, %u stale",
                     phases, (unsigned)checked, (unsigned)total);
}
