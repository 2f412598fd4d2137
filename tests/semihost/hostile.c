/* Semihosting test (tests/semihost_checks.py): what a guest cannot do.
 * Thread 0 makes raw semihosting calls with paths leaving the root, bad
 * pointers and lengths, SYSTEM and an unknown operation, and prints each
 * result and errno (ERRNO); none may reach outside --fs-root or upset the
 * host.  `hostile order`: every thread writes its id (WRITE0) after a
 * barrier; `hostile exit N`: EXIT_EXTENDED with status N after a line on
 * stdout and one on stderr; `hostile stdin`: counts the bytes of the host's stdin (READ). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <simty.h>

static uintptr_t __attribute__((noinline)) semihost(uintptr_t op, uintptr_t arg)
{
    register uintptr_t a0 __asm__("a0") = op;
    register uintptr_t a1 __asm__("a1") = arg;
    __asm__ volatile(".option push\n.option norvc\n.balign 16\n"
                     "slli x0, x0, 0x1f\nebreak\nsrai x0, x0, 7\n.option pop\n"
                     : "+r"(a0) : "r"(a1) : "memory");
    return a0;
}

#define UNMAPPED 0x10u /* below RAM: no memory there */

static void show(const char *what, uintptr_t r)
{
    printf("%s: %d errno %d\n", what, (int)r, (int)semihost(0x13, 0));
}

static uintptr_t open_name(const char *name, uintptr_t len, uintptr_t mode)
{
    uintptr_t b[3] = {(uintptr_t)name, mode, len};
    return semihost(0x01, (uintptr_t)b);
}

static char long_name[5001];

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "order")) {
        char line[16];
        snprintf(line, sizeof line, "T%03u\n", simty_tid());
        simty_barrier();
        semihost(0x04, (uintptr_t)line); /* WRITE0 */
        return 0;
    }
    if (simty_tid() != 0)
        return 0;
    if (argc > 1 && !strcmp(argv[1], "stdin")) {
        /* (raw: the SDK's stdin is the console, always at end of file) */
        uintptr_t tt = open_name(":tt", 3, 0), n = 0;
        char buf[64];
        uintptr_t rd[3] = {tt, (uintptr_t)buf, sizeof buf};
        uintptr_t left;
        while ((left = semihost(0x06, (uintptr_t)rd)) < sizeof buf) /* READ */
            n += sizeof buf - left;
        printf("stdin %u\n", (unsigned)n);
        return 0;
    }
    if (argc > 2 && !strcmp(argv[1], "exit")) {
        printf("out\n");
        fprintf(stderr, "err\n");
        fflush(stderr);
        uintptr_t b[2] = {0x20026, (uintptr_t)atoi(argv[2])};
        semihost(0x20, (uintptr_t)b); /* EXIT_EXTENDED */
        printf("not reached\n");
        return 0;
    }
    show("dotdot", open_name("../in.txt", 9, 0));
    show("dotdot inside", open_name("sub/../../in.txt", 16, 0));
    show("absolute", open_name("/etc/passwd", 11, 0));
    show("symlink out", open_name("link-out/passwd", 15, 0));
    show("symlink out create", open_name("link-file", 9, 4));
    memset(long_name, 'a', sizeof long_name - 1);
    show("long name", open_name(long_name, sizeof long_name - 1, 0));
    show("name unmapped", open_name((const char *)UNMAPPED, 6, 0));
    show("name length huge", open_name("in.txt", 0xfffffff0u, 0));
    show("bad mode", open_name("in.txt", 6, 99));
    show("block unmapped", semihost(0x01, UNMAPPED));
    uintptr_t w[3] = {1, (uintptr_t)"x", 0xffffffffu};
    show("write huge", semihost(0x05, (uintptr_t)w));
    uintptr_t r[3] = {1, UNMAPPED, 16};
    show("read bad handle", semihost(0x06, (uintptr_t)r));
    uintptr_t h = open_name("in.txt", 6, 0);
    r[0] = h;
    show("read unmapped", semihost(0x06, (uintptr_t)r));
    uintptr_t c[1] = {h};
    show("close", semihost(0x02, (uintptr_t)c));
    show("close again", semihost(0x02, (uintptr_t)c));
    uintptr_t rm[2] = {(uintptr_t)"../in.txt", 9};
    show("remove dotdot", semihost(0x0e, (uintptr_t)rm));
    uintptr_t rn[4] = {(uintptr_t)"in.txt", 6, (uintptr_t)"/tmp/x", 6};
    show("rename out", semihost(0x0f, (uintptr_t)rn));
    uintptr_t sys[2] = {(uintptr_t)"echo hi", 7};
    show("system", semihost(0x12, (uintptr_t)sys));
    show("unknown", semihost(0x99, 0));
    show("fifo read", open_name("fifo", 4, 0));
    show("fifo write", open_name("fifo", 4, 4));
    show("trailing slash", open_name("in.txt/", 7, 0));
    char small[2];
    uintptr_t cl[2] = {(uintptr_t)small, 1};
    show("cmdline short", semihost(0x15, (uintptr_t)cl));
    show("tt still", (int)open_name(":tt", 3, 4) > 0);
    show("in.txt", (int)open_name("in.txt", 6, 0) > 0);
    return 0;
}
