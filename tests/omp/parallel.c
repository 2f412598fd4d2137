/* parallel.c - GOMP_parallel and GOMP_barrier: every thread of the default
 * team runs the region once, with its own number; num_threads and
 * omp_set_num_threads make smaller teams; nested regions are teams of one;
 * a barrier outside any region is a team of one. */
#include <omp.h>
#include "check.h"

#define MAXT 4096
static int seen[MAXT];
static int phase_ok = 1;

static int check_team(int want)
{
    int bad = 0, n = 0;
    for (int i = 0; i < MAXT; i++) {
        n += seen[i];
        if (i < want && seen[i] != 1)
            bad++;
        seen[i] = 0;
    }
    return bad == 0 && n == want;
}

int main(void)
{
    int max = omp_get_max_threads(), got = 0;
    if (omp_in_parallel() || omp_get_level() != 0 || omp_get_num_threads() != 1)
        return 10;
#pragma omp parallel
    {
        int me = omp_get_thread_num();
        __atomic_fetch_add(&seen[me], 1, __ATOMIC_RELAXED);
        if (me == 0)
            got = omp_get_num_threads();
        if (omp_get_level() != 1 || (omp_get_num_threads() > 1 && !omp_in_parallel()))
            phase_ok = 0;
    }
    check("default team", got == max && check_team(max));

    int want = max > 3 ? 3 : max;
#pragma omp parallel num_threads(want)
    __atomic_fetch_add(&seen[omp_get_thread_num()], 1, __ATOMIC_RELAXED);
    check("num_threads", check_team(want));

    omp_set_num_threads(2);
    int two = max >= 2 ? 2 : 1;
#pragma omp parallel
    __atomic_fetch_add(&seen[omp_get_thread_num()], 1, __ATOMIC_RELAXED);
    check("set_num_threads", check_team(two) && omp_get_max_threads() == two);
    omp_set_num_threads(max);

    /* Barrier: every thread writes its slot, then reads every other's. */
    int errors = 0;
#pragma omp parallel
    {
        int me = omp_get_thread_num(), n = omp_get_num_threads();
        seen[me] = 1;
#pragma omp barrier
        int sum = 0;
        for (int i = 0; i < n; i++)
            sum += seen[i];
        if (sum != n)
            __atomic_fetch_add(&errors, 1, __ATOMIC_RELAXED);
#pragma omp barrier
        seen[me] = 2;
#pragma omp barrier
        sum = 0;
        for (int i = 0; i < n; i++)
            sum += seen[i];
        if (sum != 2 * n)
            __atomic_fetch_add(&errors, 1, __ATOMIC_RELAXED);
    }
    for (int i = 0; i < MAXT; i++)
        seen[i] = 0;
    check("barrier", errors == 0);

    /* Small teams back to back: the harts outside them must be parked
     * again before the next region starts (a race once). */
    int small = 0;
    for (int r = 0; r < 40; r++) {
#pragma omp parallel num_threads(1 + r % 4)
        __atomic_fetch_add(&small, 1, __ATOMIC_RELAXED);
    }
    int small_want = 0;
    for (int r = 0; r < 40; r++)
        small_want += 1 + r % 4 < max ? 1 + r % 4 : max;
    check("small teams back to back", small == small_want);

    int nested_bad = 0;
#pragma omp parallel num_threads(want)
    {
#pragma omp parallel
        {
            if (omp_get_num_threads() != 1 || omp_get_thread_num() != 0 || omp_get_level() != 2)
                __atomic_fetch_add(&nested_bad, 1, __ATOMIC_RELAXED);
        }
    }
#pragma omp barrier
    check("nested", nested_bad == 0 && phase_ok);
    return result();
}
