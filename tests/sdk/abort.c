/* Ending the whole program from one thread: WHAT=1 a failed assert(),
 * WHAT=2 abort(), WHAT=3 raise(SIGTERM), each by the last thread after a
 * barrier.  The others wait at a second barrier that never completes: the
 * finisher ends the run first (tests/sdk_checks.py). */
#include <assert.h>
#include <signal.h>
#include <simty.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    unsigned tid = simty_tid(), last = simty_nthreads() - 1;
    simty_barrier();
#if WHAT == 1
    assert(tid != last);
#elif WHAT == 2
    if (tid == last)
        abort();
#else
    if (tid == last)
        raise(SIGTERM);
#endif
    simty_barrier();
    if (tid == 0)
        printf("not reached\n");
    return 0;
}
