/*
 * vecadd.c - c = a + b in OpenMP, once per loop schedule.
 *
 *   usage: vecadd [-n N] [-s static|cyclic|dynamic|guided|runtime|auto|all]
 *
 * cyclic is schedule(static,1): thread t takes i = t, t+T, ... (what a SIMT
 * warp coalesces); static hands each thread one contiguous block (and so
 * does auto: GCC lowers it to static in the program itself, while runtime
 * leaves the choice to the runtime library). Prints,
 * per schedule, a position-weighted checksum of c, the same for every
 * schedule and team size.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#include "omp_roi.h"

#define NMAX 65536
/* the defaults of -n and -s (bench/omp_cost.py builds set them) */
#ifndef VECADD_N
#define VECADD_N 4096
#endif
#ifndef VECADD_SCHED
#define VECADD_SCHED -1 /* all; else an index into SCHEDS */
#endif

static int32_t a[NMAX] __attribute__((aligned(256)));
static int32_t b[NMAX] __attribute__((aligned(256)));
static int32_t c[NMAX] __attribute__((aligned(256)));

static const char *const SCHEDS[] = {"static", "cyclic", "dynamic", "guided", "runtime",
                                     "auto"};
#define NSCHED (int)(sizeof SCHEDS / sizeof SCHEDS[0])

static void add(int sched, int n)
{
    switch (sched) {
    case 0:
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; i++)
            c[i] = a[i] + b[i];
        break;
    case 1:
#pragma omp parallel for schedule(static, 1)
        for (int i = 0; i < n; i++)
            c[i] = a[i] + b[i];
        break;
    case 2:
#pragma omp parallel for schedule(dynamic, 16)
        for (int i = 0; i < n; i++)
            c[i] = a[i] + b[i];
        break;
    case 3:
#pragma omp parallel for schedule(guided)
        for (int i = 0; i < n; i++)
            c[i] = a[i] + b[i];
        break;
    case 4:
#pragma omp parallel for schedule(runtime)
        for (int i = 0; i < n; i++)
            c[i] = a[i] + b[i];
        break;
    default:
#pragma omp parallel for schedule(auto)
        for (int i = 0; i < n; i++)
            c[i] = a[i] + b[i];
        break;
    }
}

static uint32_t checksum(int n)
{
    uint32_t s = 0;
    for (int i = 0; i < n; i++)
        s += (uint32_t)(i + 1) * (uint32_t)c[i];
    return s;
}

int main(int argc, char **argv)
{
    int n = VECADD_N, only = VECADD_SCHED;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc) {
            n = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "-s") && i + 1 < argc) {
            const char *s = argv[++i];
            only = -2;
            for (int k = 0; k < NSCHED; k++)
                if (!strcmp(s, SCHEDS[k]))
                    only = k;
            if (!strcmp(s, "all"))
                only = -1;
            if (only == -2) {
                fprintf(stderr, "vecadd: unknown schedule %s\n", s);
                return 2;
            }
        } else {
            fprintf(stderr, "usage: vecadd [-n N] [-s SCHEDULE]\n");
            return 2;
        }
    }
    if (n < 1 || n > NMAX) {
        fprintf(stderr, "vecadd: n must be in 1..%d\n", NMAX);
        return 2;
    }
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        a[i] = i * 3 - 7;
        b[i] = (i % 101) * 1000 - i;
    }
    for (int k = 0; k < NSCHED; k++) {
        if (only >= 0 && k != only)
            continue;
        memset(c, 0, sizeof c[0] * (size_t)n);
        ROI_BEGIN();
        add(k, n);
        ROI_END();
        printf("vecadd n=%d schedule=%s checksum=%" PRIu32 "\n", n, SCHEDS[k], checksum(n));
    }
    return 0;
}
