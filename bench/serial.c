/* Serial code on a SIMT machine (README, "Writing programs for a SIMT
 * machine"; tools/readme.py measures it).  Thread 0 runs a dependent loop
 * alone while every other thread has already returned, and marks it as the
 * region of interest: its cycles per instruction show what one thread gets
 * when round-robin steering still visits every warp. */
#include <simty.h>

#define N 2000

int main(void)
{
    if (simty_tid() != 0)
        return 0;
    volatile unsigned sink;
    unsigned x = 1;
    simty_roi_begin();
    for (unsigned i = 0; i < N; i++)
        x = (x ^ (x >> 3)) + i;
    simty_roi_end();
    sink = x;
    (void)sink;
    return 0;
}
