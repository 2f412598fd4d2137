/*
 * hostio.c - the SDK's side of semihosting (docs/platform.md, "Semihosting";
 * sdk/README.md, "Files, arguments and the rest of libc"): main's argc/argv
 * from the simulator's (or QEMU's) command line, the guest's stderr, and
 * the POSIX file descriptors over picolibc's libsemihost.
 *
 * File descriptors: 0, 1 and 2 are the console (stdin, stdout through the
 * SDK console, stderr through a ":tt" handle in append mode); a file that
 * open() returns is semihosting handle h as fd h + 2.  simty-cc links with
 * -Wl,--wrap for open, close, read, write, lseek, isatty and fstat, so
 * that picolibc's own stdio (fopen, fread...) goes through here too.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>
#include <simty.h>

/* One semihosting call (the marker sequence the simulator and QEMU look
 * for: uncompressed, and in one page: aligned to 16 bytes). */
static uintptr_t __attribute__((noinline)) semihost(uintptr_t op, uintptr_t arg)
{
    register uintptr_t a0 __asm__("a0") = op;
    register uintptr_t a1 __asm__("a1") = arg;
    __asm__ volatile(".option push\n"
                     ".option norvc\n"
                     ".balign 16\n"
                     "slli x0, x0, 0x1f\n"
                     "ebreak\n"
                     "srai x0, x0, 7\n"
                     ".option pop\n"
                     : "+r"(a0)
                     : "r"(a1)
                     : "memory");
    return a0;
}

enum { SYS_OPEN = 0x01, SYS_WRITE = 0x05, SYS_GET_CMDLINE = 0x15 };

int __simty_argc;
char **__simty_argv;
static int stderr_handle = -1;

#define CMDLINE_BYTES 1024
#define ARGV_SLOTS 64
static char cmdline_buf[CMDLINE_BYTES];
static char *argv_slots[ARGV_SLOTS + 1];

/* Splits the command line in place (docs/platform.md: arguments separated
 * by spaces; in double quotes, \" and \\ stand for " and \); returns argc
 * and fills v (up to max entries) when v is not NULL. */
static int split_args(char *c, char **v, int max)
{
    int n = 0;
    char *out = c;
    while (*c) {
        while (*c == ' ')
            c++;
        if (!*c)
            break;
        char *start = out;
        int quoted = 0;
        while (*c && (quoted || *c != ' ')) {
            if (*c == '"') {
                quoted = !quoted;
                c++;
                continue;
            }
            if (quoted && *c == '\\' && c[1])
                c++;
            *out++ = *c++;
        }
        if (*c)
            c++;
        *out++ = 0;
        if (v && n < max)
            v[n] = start;
        n++;
    }
    return n;
}

/* The line did not fit in the heap: a message on stderr and exit status
 * 1 before main (sdk/README.md). */
static void __attribute__((noreturn)) args_too_long(void)
{
    static const char msg[] = "simty sdk: command line too long for the heap\n";
    uintptr_t block[3] = {(uintptr_t)stderr_handle, (uintptr_t)msg, sizeof msg - 1};
    if (stderr_handle > 0)
        semihost(SYS_WRITE, (uintptr_t)block);
    /* the test finisher ends every thread (the others wait at start-up) */
    *(volatile uint32_t *)SIMTY_FINISHER_BASE = 1u << SIMTY_FINISHER_CODE_SHIFT |
                                                SIMTY_FINISHER_FAIL;
    for (;;)
        __asm__ volatile("wfi");
}

/* The command line into buf (static), or a heap buffer doubled until it
 * fits (GET_CMDLINE refuses a buffer without room for the line and its
 * NUL, and overwrites the length word with the line's length: size is
 * the buffer's). */
static char *fetch_cmdline(size_t *size)
{
    char *buf = cmdline_buf;
    *size = CMDLINE_BYTES;
    for (;;) {
        uintptr_t cl[2] = {(uintptr_t)buf, *size};
        if (semihost(SYS_GET_CMDLINE, (uintptr_t)cl) == 0)
            return buf;
        if (buf != cmdline_buf)
            free(buf);
        *size = *size == CMDLINE_BYTES ? 65536 : *size * 2;
        if (*size > 0x40000000u || !(buf = malloc(*size)))
            args_too_long();
    }
}

/* crt0, hart 0, before the start-up barrier: the command line for every
 * thread's main(argc, argv), and the stderr handle. */
void __simty_get_args(void)
{
    uintptr_t block[3] = {(uintptr_t)":tt", 8 /* "a": stderr */, 3};
    stderr_handle = (int)semihost(SYS_OPEN, (uintptr_t)block);
    size_t size;
    char *buf = fetch_cmdline(&size);
    char **v = argv_slots;
    /* split_args rewrites the line in place: more arguments than slots
     * fetch it again (into the same buffer, of the same size) and split
     * it into a bigger array */
    int n = split_args(buf, v, ARGV_SLOTS);
    if (n > ARGV_SLOTS) {
        uintptr_t cl[2] = {(uintptr_t)buf, size};
        v = malloc(((size_t)n + 1) * sizeof *v);
        if (!v || semihost(SYS_GET_CMDLINE, (uintptr_t)cl) != 0)
            args_too_long();
        split_args(buf, v, n);
    }
    v[n] = NULL;
    __simty_argc = n;
    __simty_argv = v;
}

/* ---- stderr: line by line per hart, then one WRITE ---- */

#define ERR_LINE 128
static __thread char err_line[ERR_LINE];
static __thread unsigned err_len;

static void err_flush_line(void)
{
    if (!err_len)
        return;
    uintptr_t block[3] = {(uintptr_t)stderr_handle, (uintptr_t)err_line, err_len};
    if (stderr_handle > 0)
        semihost(SYS_WRITE, (uintptr_t)block);
    err_len = 0;
}

static int err_put(char c, FILE *f)
{
    (void)f;
    err_line[err_len++] = c;
    if (c == '\n' || err_len == ERR_LINE)
        err_flush_line();
    return (unsigned char)c;
}

static int err_get(FILE *f)
{
    (void)f;
    return _FDEV_EOF;
}

static int err_flush(FILE *f)
{
    (void)f;
    err_flush_line();
    return 0;
}

static FILE err_stream = FDEV_SETUP_STREAM(err_put, err_get, err_flush, _FDEV_SETUP_WRITE);
FILE *const stderr = &err_stream;

/* ---- POSIX descriptors over libsemihost (-Wl,--wrap) ---- */

int __real_close(int fd);
ssize_t __real_read(int fd, void *buf, size_t n);
ssize_t __real_write(int fd, const void *buf, size_t n);
off_t __real_lseek(int fd, off_t off, int whence);
int __real_isatty(int fd);
int __real_fstat(int fd, struct stat *st);

int sys_semihost_errno(void);

#define FD_BASE 2 /* fd = handle + 2: handles start at 1 */

static int bad_fd(void)
{
    errno = EBADF;
    return -1;
}

int sys_semihost_open(const char *path, int mode);

/* open(): the semihosting mode from the flags (picolibc's own open() turns
 * O_RDWR without O_TRUNC into "a+", so that fopen(path, "r+") would append
 * every write): O_RDONLY "r"; with O_TRUNC "w"/"w+", with O_APPEND "a"/"a+",
 * else "r+" (no mode writes in place without reading: an O_WRONLY file
 * must be readable), which O_CREAT makes "w" when the file does not exist.
 * The permission bits are the host's default (0644 on the simulator). */
int __wrap_open(const char *path, int flags, ...)
{
    int acc = flags & O_ACCMODE;
    int mode = acc == O_RDONLY    ? 0
               : flags & O_TRUNC  ? (acc == O_RDWR ? 6 : 4)
               : flags & O_APPEND ? (acc == O_RDWR ? 10 : 8)
                                  : 2;
    int h = sys_semihost_open(path, mode);
    if (h < 0 && mode == 2 && (flags & O_CREAT)) /* (not there yet: create it) */
        h = sys_semihost_open(path, acc == O_RDWR ? 6 : 4);
    if (h < 0) {
        errno = sys_semihost_errno();
        return -1;
    }
    return h + FD_BASE;
}

int __wrap_close(int fd)
{
    return fd <= 2 ? (fd < 0 ? bad_fd() : 0) : __real_close(fd - FD_BASE);
}

ssize_t __wrap_read(int fd, void *buf, size_t n)
{
    if (fd == 0) {
        int c = fgetc(stdin);
        if (c == EOF || !n)
            return 0;
        *(char *)buf = (char)c;
        return 1;
    }
    return fd <= 2 ? bad_fd() : __real_read(fd - FD_BASE, buf, n);
}

ssize_t __wrap_write(int fd, const void *buf, size_t n)
{
    if (fd == 1 || fd == 2) {
        FILE *f = fd == 1 ? stdout : stderr;
        for (size_t i = 0; i < n; i++)
            putc(((const char *)buf)[i], f);
        return (ssize_t)n;
    }
    return fd <= 2 ? bad_fd() : __real_write(fd - FD_BASE, buf, n);
}

off_t __wrap_lseek(int fd, off_t off, int whence)
{
    if (fd <= 2) {
        errno = fd < 0 ? EBADF : ESPIPE;
        return -1;
    }
    return __real_lseek(fd - FD_BASE, off, whence);
}

int __wrap_isatty(int fd)
{
    return fd >= 0 && fd <= 2 ? 1 : fd < 0 ? bad_fd() : __real_isatty(fd - FD_BASE);
}

int __wrap_fstat(int fd, struct stat *st)
{
    if (fd >= 0 && fd <= 2) {
        memset(st, 0, sizeof *st);
        st->st_mode = S_IFCHR;
        return 0;
    }
    return fd < 0 ? bad_fd() : __real_fstat(fd - FD_BASE, st);
}

/* rename() (ISO C; picolibc's libsemihost has no rename). */
int sys_semihost_rename(const char *from, const char *to);

int rename(const char *from, const char *to)
{
    if (sys_semihost_rename(from, to) == 0)
        return 0;
    errno = sys_semihost_errno();
    return -1;
}

/* times() (and so clock()): picolibc's libsemihost returns ELAPSED's raw
 * ticks, which clock() would read as microseconds; here they are scaled by
 * TICKFREQ to CLOCKS_PER_SEC (simulated time: docs/platform.md). */
clock_t times(struct tms *t)
{
    uintptr_t e[2] = {0, 0};
    if (semihost(0x30 /* ELAPSED */, (uintptr_t)e) != 0)
        return (clock_t)-1;
    uintptr_t hz = semihost(0x31 /* TICKFREQ */, 0);
    uint64_t ticks = (uint64_t)e[1] << 32 | e[0];
    clock_t c = hz && hz != (uintptr_t)-1 ? (clock_t)(ticks / (hz / CLOCKS_PER_SEC ? hz / CLOCKS_PER_SEC : 1))
                                          : (clock_t)ticks;
    t->tms_utime = c;
    t->tms_stime = t->tms_cutime = t->tms_cstime = 0;
    return c;
}
