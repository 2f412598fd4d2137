/* Benchmark kernel: divergent control flow.  Per-thread data-dependent
 * branches, loop trip counts and calls, so warps split and reconverge.
 * By default each thread runs one item (its own tid); built with -DITEMS=K
 * (bench/vs_qemu.py), the threads share K items, item i on thread i mod n,
 * so that one QEMU hart and 256 simulated threads do the same work. */
#include <simty.h>

static unsigned __attribute__((noinline)) collatz(unsigned x)
{
    unsigned steps = 0;
    while (x != 1 && steps < 200) {
        x = (x & 1) ? 3 * x + 1 : x / 2;
        steps++;
    }
    return steps;
}

static inline unsigned item(unsigned id)
{
    unsigned acc = 0;
    for (unsigned i = 0; i < 60; i++) {
        unsigned v = id * 31u + i * 17u + 1u;
        if (v % 3 == 0)
            acc += collatz(v);
        else if (v % 3 == 1)
            acc ^= v * 2654435761u;
        else
            acc += collatz(v / 2 + 1) * 3u;
    }
    return acc;
}

int main(void)
{
    unsigned tid = simty_tid();
#ifdef ITEMS
    unsigned acc = 0;
    for (unsigned i = tid; i < ITEMS; i += simty_nthreads())
        acc += item(i);
#else
    unsigned acc = item(tid);
#endif
    return acc == 0x12345678u;
}
