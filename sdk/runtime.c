/*
 * runtime.c - C part of the simty SDK runtime: console streams for picolibc's
 * tinystdio, _exit, and the shared words used by simty_barrier().
 *
 * Console: on the simulator every byte goes straight to the UART (the
 * simulator assembles lines per hart). On QEMU a hart collects its line in a
 * thread-local buffer and writes it whole under a spin lock, so lines of
 * different harts never mix.
 */

#include <stdio.h>
#include <stdint.h>
#include <simty.h>

#define UART_THR  ((volatile uint8_t *)0x10000000)
#define UART_LSR  ((volatile uint8_t *)0x10000005)
#define LSR_THRE  0x20

#define LINE_MAX_BYTES 128

/* From crt0.S. */
extern volatile uint32_t __simty_console_lock;
extern void __simty_finish(int code) __attribute__((noreturn));

/* simty_barrier() on QEMU (see simty.h): the last thread in resets the
 * count and publishes the next generation; the others wait for it. */
static volatile uint32_t barrier_count, barrier_gen;

void __simty_barrier_sw(void)
{
    uint32_t gen = __atomic_load_n(&barrier_gen, __ATOMIC_ACQUIRE);
    if (__atomic_add_fetch(&barrier_count, 1, __ATOMIC_ACQ_REL) == __simty_nthreads) {
        barrier_count = 0;
        __atomic_store_n(&barrier_gen, gen + 1, __ATOMIC_RELEASE);
        return;
    }
    while (__atomic_load_n(&barrier_gen, __ATOMIC_ACQUIRE) == gen)
        simty_pause();
}

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
