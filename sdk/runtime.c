/*
 * runtime.c - C part of the simty SDK runtime: console streams for picolibc's
 * tinystdio, _exit, abort/assert/signals (which end the whole program), and
 * the shared words used by simty_barrier().
 *
 * Console: on the simulator every byte goes straight to the UART (the
 * simulator assembles lines per hart). On QEMU a hart collects its line in a
 * thread-local buffer and writes it whole under a spin lock, so lines of
 * different harts never mix. The lock exists only on QEMU: on Simty a spin
 * lock whose critical section lies after the acquire loop can deadlock the
 * warp (simty-spec.md section 2).
 */

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <simty.h>

#define UART_THR  ((volatile uint8_t *)0x10000000)
#define UART_LSR  ((volatile uint8_t *)0x10000005)
#define LSR_THRE  0x20

#define LINE_MAX_BYTES 128

/* SiFive test finisher (docs/platform.md): ends the whole program. */
#define FINISHER      ((volatile uint32_t *)0x00100000)
#define FINISHER_FAIL 0x3333

/* From crt0.S. */
extern volatile uint32_t __simty_console_lock;
extern void __simty_finish(int code) __attribute__((noreturn));

/* simty_barrier() state (see simty.h). Zeroed by hart 0 before main. */
volatile uint32_t __simty_barrier_count;
volatile uint32_t __simty_barrier_gen;

static __thread char line_buf[LINE_MAX_BYTES];
static __thread unsigned line_len;

static void uart_write(const char *s, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        while (!(*UART_LSR & LSR_THRE))
            ;
        *UART_THR = (uint8_t)s[i];
    }
}

static void console_lock(void)
{
    while (__atomic_exchange_n(&__simty_console_lock, 1, __ATOMIC_ACQUIRE) != 0)
        while (__simty_console_lock != 0)
            ;
}

static void console_unlock(void)
{
    __atomic_store_n(&__simty_console_lock, 0, __ATOMIC_RELEASE);
}

/* Write out this hart's pending line (QEMU mode; no-op when empty). */
static void console_flush_line(void)
{
    unsigned n = line_len;
    if (n == 0)
        return;
    console_lock();
    uart_write(line_buf, n);
    console_unlock();
    line_len = 0;
}

static int console_put(char c, FILE *f)
{
    (void)f;
    if (__simty_on_simulator) {
        *UART_THR = (uint8_t)c;
        return (unsigned char)c;
    }
    line_buf[line_len++] = c;
    if (c == '\n' || line_len == LINE_MAX_BYTES)
        console_flush_line();
    return (unsigned char)c;
}

static int console_get(FILE *f)
{
    (void)f;
    return _FDEV_EOF;       /* no console input on this platform */
}

static int console_flush(FILE *f)
{
    (void)f;
    if (!__simty_on_simulator)
        console_flush_line();
    return 0;
}

static FILE console = FDEV_SETUP_STREAM(console_put, console_get,
                                        console_flush, _FDEV_SETUP_RW);

FILE *const stdin = &console;
FILE *const stdout = &console;
FILE *const stderr = &console;

/* Ends the calling thread only; the program ends when all threads have
 * (docs/platform.md). exit() runs atexit handlers and destructors on the
 * calling thread, then comes here. */
void _exit(int code)
{
    if (!__simty_on_simulator)
        console_flush_line();
    __simty_finish(code);
}

/*
 * Ending the whole program (docs/platform.md, sdk/README.md): abort(), a
 * failed assert() and a fatal signal raised with raise()/kill() print one
 * line naming the hart, then write the test finisher with exit code
 * 128 + signal number (134 for SIGABRT, what a shell shows for an aborted
 * process). The finisher ends every thread at once, on the simulator and on
 * QEMU alike; threads that are mid-line lose that line.
 */
static void __attribute__((noreturn)) end_program(int code)
{
    fflush(stdout); /* QEMU: this hart's pending line, under the lock */
    *FINISHER = ((uint32_t)(code & 0xff) << 16) | FINISHER_FAIL;
    for (;;) /* not reached: the finisher ends the run */
        __asm__ volatile("wfi");
}

void abort(void)
{
    fprintf(stderr, "abort: hart %u called abort()\n", simty_tid());
    end_program(128 + SIGABRT);
}

void __assert_func(const char *file, int line, const char *func, const char *expr)
{
    fprintf(stderr, "assert: hart %u: %s:%d: %s%sassertion \"%s\" failed\n", simty_tid(),
            file ? file : "?", line, func ? func : "", func ? ": " : "", expr ? expr : "?");
    end_program(128 + SIGABRT);
}

/* picolibc's other assert entry point (same object as __assert_func). */
void __assert(const char *expr, const char *file, int line)
{
    __assert_func(file, line, NULL, expr);
}

/* One process: every thread shares pid 1. picolibc's raise() calls
 * kill(getpid(), sig) for a signal with the default action, which ends the
 * program. */
pid_t getpid(void)
{
    return 1;
}

int kill(pid_t pid, int sig)
{
    if (pid != 1 && pid != 0 && pid != -1) {
        errno = ESRCH;
        return -1;
    }
    if (sig < 0 || sig >= NSIG) {
        errno = EINVAL;
        return -1;
    }
    if (sig == 0)
        return 0;
    fprintf(stderr, "signal: hart %u raised signal %d\n", simty_tid(), sig);
    end_program(128 + sig);
}
