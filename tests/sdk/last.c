/* last.c - a tiny program for the biggest machines: the last thread says
 * how many threads ran it; the others return at once (tests/sdk_checks.py
 * runs it at 64 cores x 64 warps x 64 threads with default options). */
#include <simty.h>
#include <stdio.h>

int main(void)
{
    if (simty_tid() == simty_nthreads() - 1)
        printf("last: thread %u of %u\n", simty_tid(), simty_nthreads());
    return 0;
}
