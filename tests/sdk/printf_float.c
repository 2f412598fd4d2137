/*
 * printf_float.c - printf of float and double values (picolibc's default
 * vfprintf, the double variant): every thread prints one line (thread 0
 * also a fixed table), so the output checks the conversions on soft-float
 * (rv32ima) and hardware F/D builds alike.
 */
#include <math.h>
#include <stdio.h>
#include <simty.h>

int main(void)
{
    unsigned tid = simty_tid();
    volatile float f = 1.0f / 3.0f;  /* volatile: computed at run time */
    volatile double d = 2.0 / 7.0;

    if (tid == 0) {
        printf("f %f %.3e %g\n", (double)f, (double)f, (double)f);
        printf("d %.10f %.6e %g %a\n", d, d, d, d);
        printf("sqrt2 %.15g exp1 %.12f\n", sqrt(2.0 + d - d), exp(1.0 + d - d));
        printf("special %f %f %g %.1f\n", (double)(f / 0.0f), -(d / 0.0), (double)(f - f) * -1.0,
               1e300 * 1e10 * (d - d + 1.0));
    }
    simty_barrier();
    float x = (float)(tid + 1) * 0.25f;
    printf("thread %u: %.2f %e\n", tid, (double)(x * x), (double)x / (tid + 3));
    return 0;
}
