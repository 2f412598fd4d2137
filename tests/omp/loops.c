/* loops.c - the GOMP_loop family: every schedule (static, static with a
 * chunk, dynamic, guided, runtime, the nonmonotonic variants, the ull
 * variants, combined parallel loops, nowait), each iteration run exactly
 * once, by a thread of the team; negative and odd steps; ordered loops run
 * their ordered regions in iteration order. */
#include <omp.h>
#include "check.h"

#define N 1000
static int hits[N];
static int owner_bad;

static int once_each(int lo, int hi, int step)
{
    int ok = 1;
    for (int i = 0; i < N; i++) {
        int want = i >= lo && i < hi && (i - lo) % step == 0;
        if (hits[i] != want)
            ok = 0;
        hits[i] = 0;
    }
    return ok && !owner_bad;
}

static void hit(int i)
{
    __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
    if (omp_get_thread_num() >= omp_get_num_threads())
        owner_bad = 1;
}

int main(void)
{
#pragma omp parallel for schedule(static)
    for (int i = 0; i < N; i++)
        hit(i);
    check("static", once_each(0, N, 1));

#pragma omp parallel for schedule(static, 1)
    for (int i = 0; i < N; i++)
        hit(i);
    check("static,1", once_each(0, N, 1));

#pragma omp parallel for schedule(static, 7)
    for (int i = 3; i < N; i += 3)
        hit(i);
    check("static,7 step 3", once_each(3, N, 3));

#pragma omp parallel for schedule(dynamic)
    for (int i = 0; i < N; i++)
        hit(i);
    check("dynamic", once_each(0, N, 1));

#pragma omp parallel for schedule(dynamic, 5)
    for (int i = N - 1; i >= 10; i--)
        hit(i);
    check("dynamic,5 downwards", once_each(10, N, 1));

    /* chunks so big that the threads' fetches past the end wrapped a 32-bit
     * counter (4 of them at 2^30 + 1) and re-issued iterations */
#pragma omp parallel for schedule(dynamic, 1073741825)
    for (int i = 0; i < N; i++)
        hit(i);
    check("dynamic,2^30+1", once_each(0, N, 1));

#pragma omp parallel for schedule(dynamic, 2147483647)
    for (int i = 0; i < N; i++)
        hit(i);
    check("dynamic,2^31-1", once_each(0, N, 1));

#pragma omp parallel for schedule(guided)
    for (int i = 0; i < N; i++)
        hit(i);
    check("guided", once_each(0, N, 1));

#pragma omp parallel for schedule(guided, 4)
    for (int i = 1; i < N; i += 2)
        hit(i);
    check("guided,4 step 2", once_each(1, N, 2));

#pragma omp parallel for schedule(runtime)
    for (int i = 0; i < N; i++)
        hit(i);
    check("runtime default", once_each(0, N, 1));
    omp_set_schedule(omp_sched_dynamic, 3);
#pragma omp parallel for schedule(runtime)
    for (int i = 0; i < N; i++)
        hit(i);
    check("runtime dynamic", once_each(0, N, 1));
    omp_set_schedule(omp_sched_static, 1);
#pragma omp parallel for schedule(runtime)
    for (int i = 0; i < N; i++)
        hit(i);
    check("runtime static", once_each(0, N, 1));

#pragma omp parallel for schedule(nonmonotonic : dynamic, 2)
    for (int i = 0; i < N; i++)
        hit(i);
    check("nonmonotonic dynamic", once_each(0, N, 1));

#pragma omp parallel for schedule(dynamic, 3)
    for (unsigned long long i = 2; i < N; i++)
        hit((int)i);
    check("ull dynamic", once_each(2, N, 1));

#pragma omp parallel for schedule(guided)
    for (unsigned long long i = N - 1; i > 4; i--)
        hit((int)i);
    check("ull guided downwards", once_each(5, N, 1));

    /* Work-sharing loops in one region, with nowait. */
#pragma omp parallel
    {
#pragma omp for schedule(dynamic, 4) nowait
        for (int i = 0; i < N / 2; i++)
            hit(i);
#pragma omp for schedule(guided) nowait
        for (int i = N / 2; i < N; i++)
            hit(i);
#pragma omp for schedule(dynamic)
        for (int i = 0; i < N; i++)
            hit(i);
#pragma omp for schedule(dynamic) nowait
        for (int i = 0; i < N; i++)
            hit(i);
#pragma omp for schedule(static, 2) nowait
        for (int i = 0; i < N; i++)
            hit(i);
#pragma omp for schedule(dynamic, 9)
        for (int i = 0; i < N; i++)
            hit(i);
    }
    int ok = 1;
    for (int i = 0; i < N; i++) {
        ok &= hits[i] == 5;
        hits[i] = 0;
    }
    check("six loops in one region", ok);

    /* Empty loops. */
#pragma omp parallel for schedule(dynamic)
    for (int i = 5; i < 5; i++)
        hit(i);
    check("empty loop", once_each(0, 0, 1));

    /* Ordered: the ordered regions run in iteration order. */
    static int order[N];
    int pos = 0;
#pragma omp parallel for ordered schedule(dynamic, 3)
    for (int i = 0; i < N; i++) {
        hit(i);
#pragma omp ordered
        order[pos++] = i;
    }
    ok = once_each(0, N, 1) && pos == N;
    for (int i = 0; i < N; i++)
        ok &= order[i] == i;
    check("ordered dynamic", ok);

    pos = 0;
#pragma omp parallel for ordered schedule(static, 2)
    for (int i = 0; i < N; i++) {
        if (i % 3 == 0)
            continue; /* skips its ordered region */
#pragma omp ordered
        order[pos++] = i;
    }
    ok = 1;
    for (int i = 0, k = 0; i < N; i++)
        if (i % 3)
            ok &= order[k++] == i;
    check("ordered static, skipped regions", ok);
    return result();
}
