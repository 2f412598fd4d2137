/*
 * progress.h - shared helpers of the forward-progress suite (tests/progress).
 *
 * Every program here is ordinary SPMD C in which threads wait for each
 * other with hand-written loops: plain C, GCC __atomic_* builtins and
 * volatile, no SDK synchronisation helper, no hint instruction.  A
 * forward-progress scheduler makes them complete on every model
 * (docs/progress.md); with --progress off the SIMT models deadlock on most.
 *
 * Conventions:
 * - every wait loop's body is SPIN_HINT(), empty by default, so variants
 *   with a hint can be built, e.g.
 *       sdk/simty-cc -O2 '-DSPIN_HINT()=__asm__ volatile("pause")' ...
 *   (needs -march=..._zihintpause for the assembler to accept "pause");
 * - no simty_barrier(): the thread that finishes last (pg_last_done())
 *   checks the shared result and prints exactly one line,
 *   "NAME: PASS (...)" with exit code 0, or "NAME: FAIL (...)" with exit
 *   code 1; every other thread returns 0;
 * - sizes are #defines, fixed per thread, and every program is correct for
 *   any thread count from 1 to PG_MAX_THREADS (not only powers of two).
 */
#ifndef SIMTY_PROGRESS_H
#define SIMTY_PROGRESS_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <simty.h>

#ifndef SPIN_HINT
#define SPIN_HINT() ((void)0)
#endif

/* Largest thread count the static arrays are sized for (64 warps x 32). */
#define PG_MAX_THREADS 2048

/* Prints "NAME: PASS (detail, N threads)" or "NAME: FAIL (...)"; returns
 * the exit code (0 on pass). */
static inline int pg_report(const char *name, int ok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static inline int pg_report(const char *name, int ok, const char *fmt, ...)
{
    va_list ap;
    printf("%s: %s (", name, ok ? "PASS" : "FAIL");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf(", %u threads)\n", simty_nthreads());
    return ok ? 0 : 1;
}

/* Every thread calls it once, at the start: false (and thread 0 reports a
 * failure) when the machine has more threads than the arrays hold. */
static inline int pg_threads_ok(const char *name)
{
    if (simty_nthreads() <= PG_MAX_THREADS)
        return 1;
    if (simty_tid() == 0)
        pg_report(name, 0, "more than %u threads", PG_MAX_THREADS);
    return 0;
}

/* Every thread calls it once, when its part is done: returns non-zero in
 * exactly one thread, the last one, which then sees every other thread's
 * writes (acquire-release counter; no thread waits here). */
static volatile uint32_t pg_finished;
static inline int pg_last_done(void)
{
    return __atomic_add_fetch(&pg_finished, 1, __ATOMIC_ACQ_REL) == simty_nthreads();
}

/* Deterministic pseudo-random value for index i of stream seed. */
static inline uint32_t pg_rand(uint32_t seed, uint32_t i)
{
    uint32_t h = (i + 0x9e3779b9u * (seed + 1)) * 2654435761u;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    return h;
}

/* A short data-dependent delay, to widen a critical section between a read
 * and the write that depends on it (a broken lock then loses updates). */
static inline uint32_t pg_delay(uint32_t x, unsigned steps)
{
    volatile uint32_t v = x;
    for (unsigned i = 0; i < steps; i++)
        v = v * 5 + i;
    return v;
}

#endif
