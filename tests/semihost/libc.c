/* Semihosting test (tests/semihost_checks.py): libc beyond ISO C that
 * existing programs call (issue 33, item 6), the same source built by the
 * host's gcc and by sdk/simty-cc: getopt_long, posix_memalign, fopen with
 * glibc's mode letters ("aw+" is "a+"; "r+" writes in place), a heap that starts zeroed,
 * time/clock/gettimeofday (printed with --times only: simulated time on
 * simty, the host's elsewhere).  Thread 0 only. */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#ifdef __riscv
#include <simty.h>
#define LEADER (simty_tid() == 0)
#else
#define LEADER 1
#endif

int main(int argc, char **argv)
{
    if (!LEADER)
        return 0;
    static const struct option lo[] = {{"size", required_argument, 0, 's'},
                                       {"verbose", no_argument, 0, 'v'},
                                       {"times", no_argument, 0, 't'},
                                       {0, 0, 0, 0}};
    int c, times = 0;
    while ((c = getopt_long(argc, argv, "s:vn:", lo, NULL)) != -1) {
        printf("option %c %s\n", c, optarg ? optarg : "-");
        times |= c == 't';
    }
    for (int i = optind; i < argc; i++)
        printf("operand %s\n", argv[i]);

    void *p = NULL;
    int r = posix_memalign(&p, 256, 1000);
    printf("posix_memalign %d aligned %d\n", r, p && (uintptr_t)p % 256 == 0);
    free(p);
    size_t n = 1 << 16, nonzero = 0;
    unsigned char *z = malloc(n);
    for (size_t i = 0; z && i < n; i++)
        nonzero += z[i] != 0;
    printf("fresh heap: %zu nonzero bytes of %zu\n", nonzero, z ? n : 0);
    free(z);

    remove("libc-mode.tmp");
    FILE *f = fopen("libc-mode.tmp", "aw+");
    char line[32] = "";
    if (f) {
        fputs("first\n", f);
        rewind(f);
        fgets(line, sizeof line, f);
        fclose(f);
    }
    printf("aw+: %s read back %s", f ? "opened" : "refused", line);
    f = fopen("libc-mode.tmp", "w"); /* "r+" writes in place */
    if (f) {
        fputs("abcdef\n", f);
        fclose(f);
    }
    f = fopen("libc-mode.tmp", "r+");
    if (f) {
        fputs("XY", f);
        fclose(f);
    }
    f = fopen("libc-mode.tmp", "r");
    line[0] = 0;
    if (f) {
        fgets(line, sizeof line, f);
        fclose(f);
    }
    printf("r+: %s", line);
    f = fopen("libc-mode.tmp", "re");
    printf("re: %s\n", f ? "opened" : "refused");
    if (f)
        fclose(f);
    remove("libc-mode.tmp");

    if (times) {
        struct timeval tv;
        clock_t c0 = clock();
        gettimeofday(&tv, NULL);
        time_t t = time(NULL);
        clock_t c1 = clock();
        printf("time %lld tv %lld clock %ld..%ld\n", (long long)t, (long long)tv.tv_sec,
               (long)c0, (long)c1);
    }
    return 0;
}
