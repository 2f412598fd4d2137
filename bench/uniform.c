/* Benchmark kernel: uniform control flow.  Every thread runs the same
 * integer loop (hash mixing on registers, unit-stride loads and stores), so
 * warps stay converged: the simulator's best case. */
#include <simty.h>
#include <stdio.h>

#define N 1024
/* aligned to a 64-lane block (4*T bytes) so that warps coalesce */
static unsigned data[N] __attribute__((aligned(256)));

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    unsigned h = tid * 2654435761u;
    for (unsigned i = tid; i < N; i += n)
        data[i] = i * 7u;
    for (unsigned round = 0; round < 6000; round++) {
        h ^= h << 13;
        h ^= h >> 17;
        h ^= h << 5;
        h += round * 0x9e3779b9u;
        h = (h << 7 | h >> 25) + (h ^ 0x5bd1e995u);
        h += data[(tid + round * n) % N];
    }
    data[tid % N] = h;
    return h == 0x12345678u; /* keep h alive; never true in practice */
}
