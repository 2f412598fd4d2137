/* hello.c - every thread prints one line. */
#include <stdio.h>
#include <simty.h>

int main(void)
{
    printf("hello from thread %u of %u\n", simty_tid(), simty_nthreads());
    return 0;
}
