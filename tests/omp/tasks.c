/* tasks.c - task (run undeferred), with firstprivate data copied,
 * taskwait, taskgroup, taskyield, taskloop (int and unsigned long long
 * counters): every task runs once and its
 * results are visible after the waits. */
#include <omp.h>
#include "check.h"

/* (bounds GCC cannot see: an unsigned long long range it cannot narrow) */
static volatile unsigned long long ull_lo = 5, ull_hi = 105;

static int fib(int n)
{
    int a, b;
    if (n < 2)
        return n;
#pragma omp task shared(a)
    a = fib(n - 1);
#pragma omp task shared(b)
    b = fib(n - 2);
#pragma omp taskwait
    return a + b;
}

int main(void)
{
    int f = 0, count = 0, group = 0, loop_hits = 0, ull_sum = 0;
    int big[64];
    for (int i = 0; i < 64; i++)
        big[i] = i;
#pragma omp parallel
    {
#pragma omp single
        f = fib(15);
#pragma omp single
        {
            for (int i = 0; i < 10; i++) {
#pragma omp task firstprivate(big, i)
                {
                    int v = big[i];
                    big[0] = -1; /* the task's copy */
                    __atomic_fetch_add(&count, v + (big[0] == -1), __ATOMIC_RELAXED);
                }
            }
#pragma omp taskyield
#pragma omp taskgroup
            {
#pragma omp task
                __atomic_fetch_add(&group, 1, __ATOMIC_RELAXED);
#pragma omp task
                __atomic_fetch_add(&group, 2, __ATOMIC_RELAXED);
            }
#pragma omp taskloop
            for (int i = 0; i < 100; i++)
                __atomic_fetch_add(&loop_hits, 1, __ATOMIC_RELAXED);
#pragma omp taskloop
            for (unsigned long long u = ull_lo; u < ull_hi; u++) /* GOMP_taskloop_ull */
                __atomic_fetch_add(&ull_sum, (int)u, __ATOMIC_RELAXED);
        }
    }
    check("task fib(15)", f == 610);
    check("task firstprivate", count == 45 + 10 && big[0] == 0);
    check("taskgroup", group == 3);
    check("taskloop", loop_hits == 100);
    check("taskloop unsigned long long", ull_sum == 5450);
    return result();
}
