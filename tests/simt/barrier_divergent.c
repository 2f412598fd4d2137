/* Regression: barriers after divergent calls, in a loop.  With HCT path
 * tables, threads released from one barrier must not be stuck behind warp
 * mates already waiting at the next one (they were, when each barrier had
 * its own spin loop). */
#include <simty.h>
#include <stdio.h>

__attribute__((noinline)) static unsigned work(unsigned tid, unsigned k)
{
    unsigned s = 0;
    for (unsigned i = 0; i < (tid * 7 + k) % 13; i++)
        s = s * 3 + (i ^ k);
    return s;
}

__attribute__((noinline)) static unsigned work2(unsigned tid, unsigned k)
{
    unsigned s = k;
    if (tid & 2)
        for (unsigned i = 0; i < tid % 5; i++)
            s += i * i;
    else
        s ^= 0x55;
    return s;
}

static unsigned result[4096];

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads(), acc = 0;
    for (unsigned it = 0; it < 3; it++) {
        if (tid % 5 < 2)
            acc += work(tid, it + 3);
        if ((tid >> 1) & 1)
            acc ^= work2(tid, it);
        else
            acc += 1;
        if (tid & 1)
            acc ^= work2(tid, it);
        else
            acc += 1;
        simty_barrier();
    }
    result[tid % 4096] = acc;
    simty_barrier();
    if (tid == 0) {
        unsigned h = 0;
        for (unsigned i = 0; i < n && i < 4096; i++)
            h = h * 31 + result[i];
        printf("barrier_divergent: %u threads, h=%08x\n", n, h);
    }
    return 0;
}
