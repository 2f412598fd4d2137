/* reduction.c - reductions as GCC emits them: int and float + (inline
 * atomics), double and long long + (GOMP_atomic_start/end), min and max,
 * and the result of a team of one. */
#include <omp.h>
#include "check.h"

#define N 2000

int main(void)
{
    int isum = 0;
    float fsum = 0;
    double dsum = 0;
    long long lsum = 0;
    int imax = -1, imin = 1 << 30;
#pragma omp parallel for reduction(+ : isum, fsum, dsum, lsum) reduction(max : imax) \
    reduction(min : imin)
    for (int i = 0; i < N; i++) {
        isum += i;
        fsum += 0.5f;
        dsum += 0.25 * i;
        lsum += (long long)i << 20;
        if ((i * 37) % N > imax)
            imax = (i * 37) % N;
        if ((i * 37) % N + 5 < imin)
            imin = (i * 37) % N + 5;
    }
    check("int +", isum == N * (N - 1) / 2);
    check("float +", fsum == 0.5f * N);
    check("double +", dsum == 0.25 * N * (N - 1) / 2);
    check("long long +", lsum == ((long long)N * (N - 1) / 2) << 20);
    check("max", imax == N - 1);
    check("min", imin == 5);

    double prod = 1;
#pragma omp parallel for reduction(* : prod) schedule(dynamic, 3)
    for (int i = 0; i < 20; i++)
        prod *= (i % 2) ? 2.0 : 0.5 * 2;
    check("double * (dynamic)", prod == 1024.0);

    int team_sum = 0;
#pragma omp parallel reduction(+ : team_sum)
    team_sum += 1;
    check("one per thread", team_sum == omp_get_max_threads());

    int one = 0;
#pragma omp parallel num_threads(1) reduction(+ : one)
    one += omp_get_num_threads();
    check("team of one", one == 1);
    return result();
}
