/* Regression: barriers in main and in a helper main calls, after divergent
 * work; at -O3 GCC duplicates the barrier's asm into both arms of an if, so
 * one barrier has several copies.  Every copy waits in the same routine. */
#include <simty.h>
#include <stdio.h>

static volatile unsigned data[4096];

__attribute__((noinline)) static unsigned work(unsigned tid, unsigned k)
{
    unsigned s = 0;
    for (unsigned i = 0; i < (tid * 7 + k) % 13; i++) {
        if ((i ^ tid) & 1)
            s += data[tid];
        else
            s ^= i * k;
    }
    return s;
}

__attribute__((noinline)) static void phase(unsigned tid, unsigned n, unsigned k)
{
    for (unsigned i = tid; i < 4096; i += n)
        data[i] += work(tid, k);
    simty_barrier();
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads(), acc = 0;
    for (unsigned it = 0; it < 4; it++) {
        if (tid % 3 == 0)
            acc += work(tid, it);
        simty_barrier();
        phase(tid, n, it);
        if (tid & 1)
            acc ^= work(tid, it + 1);
        simty_barrier();
    }
    simty_barrier();
    if (tid == 0) {
        unsigned h = 0;
        for (unsigned i = 0; i < 4096; i++)
            h = h * 31 + data[i];
        printf("barrier_phases: h=%08x\n", h);
    }
    return acc == 12345678u;
}
