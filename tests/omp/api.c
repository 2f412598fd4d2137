/* api.c - the omp_* queries: thread counts and numbers, num_procs,
 * in_parallel, level, schedule, dynamic/nested, wtime (monotonic, ticks at
 * wtick), threadprivate data (one copy per thread, kept between regions). */
#include <omp.h>
#include "check.h"

static int tp = 7;
#pragma omp threadprivate(tp)

int main(void)
{
    int n = omp_get_max_threads(), bad = 0;
    check("num_procs", omp_get_num_procs() == n && n >= 1);
    check("outside", omp_get_num_threads() == 1 && omp_get_thread_num() == 0 &&
                         !omp_in_parallel() && omp_get_level() == 0);
#pragma omp parallel
    {
        int me = omp_get_thread_num();
        if (omp_get_num_threads() != n || me >= n || omp_get_level() != 1 ||
            omp_in_parallel() != (n > 1) || omp_get_max_threads() != 1)
            __atomic_fetch_add(&bad, 1, __ATOMIC_RELAXED);
        if (tp != 7)
            __atomic_fetch_add(&bad, 1, __ATOMIC_RELAXED);
        tp = 100 + me;
    }
    check("inside", bad == 0);
#pragma omp parallel
    if (tp != 100 + omp_get_thread_num())
        __atomic_fetch_add(&bad, 1, __ATOMIC_RELAXED);
    check("threadprivate", bad == 0);

    omp_sched_t kind;
    int chunk;
    omp_get_schedule(&kind, &chunk); /* static blocks: sdk/omp/gomp.c */
    check("default schedule", kind == omp_sched_static && chunk == 0);
    omp_set_schedule(omp_sched_guided, 5);
    omp_get_schedule(&kind, &chunk);
    check("schedule", kind == omp_sched_guided && chunk == 5);
    check("dynamic, nested off", omp_get_dynamic() == 0 && omp_get_nested() == 0);

    double t0 = omp_get_wtime(), tick = omp_get_wtick();
    volatile int spin = 0;
    for (int i = 0; i < 1000; i++)
        spin += i;
    double t1 = omp_get_wtime();
    check("wtime", tick > 0 && tick < 1e-3 && t1 > t0 && t1 - t0 < 1.0);
    return result();
}
