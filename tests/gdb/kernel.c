/* The kernel tests/gdb_checks.py debugs with gdb-multiarch: every thread
 * computes a value of its own (a breakpoint after it shows a different
 * value on each thread), thread 3 stores it to `watched` (a watchpoint),
 * then a barrier and a line from thread 0.  Built with -DFAULT, thread 2
 * stores to an address that is not memory; with -DDEADLOCK, every thread
 * waits for a flag nobody sets; with -DLONG, every thread loops for
 * minutes, or until a debugger sets `iterations` to 0. */
#include <simty.h>
#include <stdio.h>

int results[64];
int watched;
volatile int flag;
volatile unsigned iterations = 2000000000u;

__attribute__((noinline)) static int work(unsigned tid)
{
    int v = (int)tid * 10 + 7;
    return v;
}

int main(void)
{
    unsigned tid = simty_tid();
    int value = work(tid);
    results[tid % 64] = value;
    if (tid == 3)
        watched = value;
#ifdef FAULT
    if (tid == 2)
        *(volatile int *)0x10 = value;
#endif
#ifdef LONG
    for (unsigned i = 0; i < iterations; i++) /* minutes, unless shortened */
        results[tid % 64] += (int)i;
#endif
#ifdef DEADLOCK
    while (!flag)
        ;
#endif
    simty_barrier();
    if (tid == 0)
        printf("kernel: done, watched = %d\n", watched);
    return 0;
}
