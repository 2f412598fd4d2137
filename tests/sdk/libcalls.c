/* Multiplies and divides through the C library and the soft-float
 * routines: printf's decimal conversion, strtoul, qsort's index arithmetic,
 * double multiply and divide (libgcc's __muldf3/__divdf3).  Linked against
 * the rv32im multilib, none of it may call the shift-and-add helpers
 * (__mulsi3, __udivsi3...) that the rv32ia libraries use (tests/sdk_checks.py
 * checks the symbol table). */
#include <simty.h>
#include <stdio.h>
#include <stdlib.h>

static volatile double da = 3.25, db = 1.5;
static volatile unsigned big = 4000000000u;

static int cmp(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

int main(void)
{
    unsigned tid = simty_tid();
    int v[5] = {50, 10, 40, 20, 30};
    qsort(v, 5, sizeof v[0], cmp);
    double d = da * db * (double)(tid + 1) / (da - db);
    unsigned long u = strtoul("123456789", NULL, 10) / (tid + 1);
    simty_barrier();
    if (tid == 0)
        printf("libcalls: %u %lu %.3f %d %d\n", big / 7, u, d, v[0], v[4]);
    return 0;
}
