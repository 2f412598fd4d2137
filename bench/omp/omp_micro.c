/*
 * omp_micro.c - one operation of the OpenMP runtime, REPS times, between
 * region-of-interest marks (bench/omp_cost.py; simty only: simty.h).
 *
 * OP 0: an empty parallel region (fork and join of the whole team);
 * OP 1: a barrier of the team (inside one region);
 * OP 2: a critical section (every thread enters it REPS times);
 * OP 3: a schedule(dynamic, 1) loop of REPS iterations per thread (every
 *       thread takes REPS one-iteration chunks).
 * bench/omp_cost.py builds REPS = R and 2R and divides the difference of
 * their ROI cycles by R: the cost of one round (fork+join; barrier; every
 * thread through the critical section once; every thread one chunk),
 * without the start-up and the first region's set-up. A warm-up region runs
 * before the ROI opens.
 */
#include <omp.h>
#include <stdio.h>
#include <simty.h>

#ifndef OP
#define OP 0
#endif
#ifndef REPS
#define REPS 4
#endif

int main(void)
{
    int count = 0, nthreads = 1;
#pragma omp parallel
    {
#pragma omp master
        nthreads = omp_get_num_threads();
    }
    simty_roi_begin();
#if OP == 0
    for (int r = 0; r < REPS; r++) {
#pragma omp parallel
        __asm__ volatile("");
    }
#elif OP == 1
#pragma omp parallel
    for (int r = 0; r < REPS; r++) {
#pragma omp barrier
    }
#elif OP == 2
#pragma omp parallel
    for (int r = 0; r < REPS; r++) {
#pragma omp critical
        count++;
    }
#else
#pragma omp parallel for schedule(dynamic, 1)
    for (int i = 0; i < REPS * nthreads; i++)
        __asm__ volatile("");
#endif
    simty_roi_end();
    printf("omp_micro op %d reps %d threads %d count %d\n", OP, REPS, nthreads, count);
    return OP == 2 && count != REPS * nthreads;
}
