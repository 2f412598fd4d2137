/* Semihosting test (tests/semihost_checks.py): thread 0 creates the file
 * "x" and says whether it could.  Under `simty run` it can; under `simty
 * bench` (the library's default: no host files) it must not. */
#include <stdio.h>
#include <simty.h>

int main(void)
{
    if (simty_tid() != 0)
        return 0;
    FILE *f = fopen("x", "w");
    printf("create: %s\n", f ? "opened" : "refused");
    if (f)
        fclose(f);
    return 0;
}
