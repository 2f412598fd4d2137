/* critical.c - critical (unnamed and named), atomic, and the lock API
 * (simple and nested, test): every update counted once. Lanes of one warp
 * contend for the same lock, so a thread waits for a lock held by a thread
 * of its own warp, which must complete (with --progress off too: the
 * runtime sleeps in wrs.nto, it never spins on the scheduler). */
#include <omp.h>
#include "check.h"

#define ROUNDS 10

static omp_lock_t lock;
static omp_nest_lock_t nlock;

static void nested_add(int *p, int depth)
{
    omp_set_nest_lock(&nlock);
    if (depth)
        nested_add(p, depth - 1);
    else
        (*p)++;
    omp_unset_nest_lock(&nlock);
}

int main(void)
{
    int n = omp_get_max_threads();
    int a = 0, b = 0, c = 0, d = 0, e = 0, tries = 0;
    double x = 0;
    omp_init_lock(&lock);
    omp_init_nest_lock(&nlock);
#pragma omp parallel
    {
        for (int r = 0; r < ROUNDS; r++) {
#pragma omp critical
            a++;
#pragma omp critical(other)
            {
                int t = b; /* a read-modify-write that races without the lock */
                b = t + 1;
            }
#pragma omp atomic
            x += 1.0;
            omp_set_lock(&lock);
            c++;
            omp_unset_lock(&lock);
            nested_add(&d, 2);
        }
        if (!omp_test_lock(&lock)) { /* held: wait in omp_set_lock, no busy loop */
            __atomic_fetch_add(&tries, 1, __ATOMIC_RELAXED);
            omp_set_lock(&lock);
        }
        e++;
        omp_unset_lock(&lock);
    }
    check("critical", a == n * ROUNDS);
    check("critical(name)", b == n * ROUNDS);
    check("atomic double", x == n * ROUNDS);
    check("lock", c == n * ROUNDS);
    check("nested lock", d == n * ROUNDS);
    check("test_lock", e == n);
    check("nest lock depth", omp_test_nest_lock(&nlock) == 1 && omp_test_nest_lock(&nlock) == 2);
    omp_unset_nest_lock(&nlock);
    omp_unset_nest_lock(&nlock);
    omp_destroy_lock(&lock);
    omp_destroy_nest_lock(&nlock);
    return result();
}
