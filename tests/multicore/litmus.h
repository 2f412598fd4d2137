/*
 * litmus.h - shared helpers of the multi-core litmus suite (tests/multicore).
 *
 * Every program is SPMD C: all threads run main(), on one core or spread
 * over several (hart id = (core*W + warp)*T + lane, so thread i and thread
 * i + n/2 sit on different cores as soon as there are two or more).  The
 * programs only use what any RISC-V machine with the A extension offers
 * (GCC __atomic_* builtins, lr.w/sc.w, fences) plus simty_barrier(), so the
 * same binary runs on QEMU.
 *
 * Conventions (as in tests/progress):
 * - on success thread 0 prints exactly one line, "NAME: PASS (...)", and
 *   every thread exits 0; on a violation thread 0 prints "NAME: FAIL (...)"
 *   and exits 1 (and so does the program: its lowest failing hart's code);
 * - the amount of work is a budget divided by the thread count, so runs stay
 *   short from 2 to LT_MAX_THREADS threads.
 */
#ifndef SIMTY_LITMUS_H
#define SIMTY_LITMUS_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <simty.h>

/* pg_report (the PASS/FAIL line), pg_rand and pg_delay: shared with the
 * forward-progress suite */
#include "../progress/progress.h"

/* Largest thread count the static arrays are sized for. */
#define LT_MAX_THREADS 4096

/* Every thread calls it first: false (thread 0 reports the failure) unless
 * the thread count is between min and LT_MAX_THREADS. */
static inline int lt_threads_ok(const char *name, unsigned min)
{
    unsigned n = simty_nthreads();
    if (n >= min && n <= LT_MAX_THREADS)
        return 1;
    if (simty_tid() == 0)
        pg_report(name, 0, "needs %u to %u threads", min, LT_MAX_THREADS);
    return 0;
}

/* budget / n, at least lo and at most hi: the rounds per thread. */
static inline unsigned lt_rounds(unsigned budget, unsigned lo, unsigned hi)
{
    unsigned r = budget / simty_nthreads();
    return r < lo ? lo : r > hi ? hi : r;
}

/* Every thread's verdict: after the last barrier, thread 0 reads them all. */
static volatile uint32_t lt_bad[LT_MAX_THREADS];

#endif
