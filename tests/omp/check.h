/* check.h - shared by the OpenMP and pthreads test programs (tests/omp):
 * check(name, ok) prints "name: ok" or "name: WRONG" and remembers a
 * failure; main returns result(), non-zero after any failure. The output
 * does not depend on the machine's shape, so one expected file serves
 * every model, shape and QEMU. */
#ifndef OMP_CHECK_H
#define OMP_CHECK_H
#include <stdio.h>

static int check_failures;

static void check(const char *name, int ok)
{
    printf("%s: %s\n", name, ok ? "ok" : "WRONG");
    if (!ok)
        check_failures++;
}

static int result(void)
{
    return check_failures ? 1 : 0;
}
#endif
