/*
 * runtime.c - C part of the simty SDK runtime: console streams for picolibc's
 * tinystdio, _exit, abort/assert/signals (which end the whole program), the
 * QEMU version of simty_barrier(), and picolibc's locks (malloc is
 * thread-safe). _exit itself is in crt0.S.
 *
 * Console: on the simulator every byte goes straight to the UART (the
 * simulator assembles lines per hart). On QEMU a hart collects its line in a
 * thread-local buffer and writes it whole under a spin lock, so lines of
 * different harts never mix.
 */

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <simty.h> /* and simty_guest.h: device addresses */

#define UART_THR ((volatile uint8_t *)(SIMTY_UART_BASE + SIMTY_UART_THR))
#define UART_LSR ((volatile uint8_t *)(SIMTY_UART_BASE + SIMTY_UART_LSR))

#define LINE_MAX_BYTES 128

/* SiFive test finisher (docs/platform.md): ends the whole program. */
#define FINISHER ((volatile uint32_t *)SIMTY_FINISHER_BASE)

/* From crt0.S. */
extern volatile uint32_t __simty_console_lock;
extern void __simty_finish(int code) __attribute__((noreturn));

/* simty_barrier() on QEMU (see simty.h), with the simulator's rule that
 * threads that have ended count as arrived: under a lock, an arrival or an
 * exit that completes the count publishes the next generation; waiting
 * threads watch the generation. */
static simty_lock_t barrier_lock;
static uint32_t barrier_count, barrier_exited;
static volatile uint32_t barrier_gen;

static void barrier_release_if_complete(void)
{
    if (barrier_count && barrier_count + barrier_exited >= simty_nthreads()) {
        barrier_count = 0;
        __atomic_store_n(&barrier_gen, barrier_gen + 1, __ATOMIC_RELEASE);
    }
}

void __simty_barrier_sw(void)
{
    simty_lock(&barrier_lock);
    uint32_t gen = barrier_gen;
    barrier_count++;
    barrier_release_if_complete();
    simty_unlock(&barrier_lock);
    while (__atomic_load_n(&barrier_gen, __ATOMIC_ACQUIRE) == gen)
        simty_pause();
}

static void barrier_thread_ends(void)
{
    simty_lock(&barrier_lock);
    barrier_exited++;
    barrier_release_if_complete();
    simty_unlock(&barrier_lock);
}

static __thread char line_buf[LINE_MAX_BYTES];
static __thread unsigned line_len;

static void uart_write(const char *s, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        while (!(*UART_LSR & SIMTY_UART_LSR_THRE))
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
    if (simty_on_simulator()) {
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
    if (!simty_on_simulator())
        console_flush_line();
    return 0;
}

static FILE console = FDEV_SETUP_STREAM(console_put, console_get,
                                        console_flush, _FDEV_SETUP_RW);

FILE *const stdin = &console;
FILE *const stdout = &console;
/* stderr: hostio.c (the host's stderr through semihosting).  The SDK's own
 * messages below (abort, assert, signals) stay on the console, in order
 * with the program's output. */

/*
 * picolibc's retargetable locks (sys/lock.h): malloc, atexit, getenv and
 * time zone code take __lock___libc_recursive_mutex. A recursive lock: the
 * owner (hart id + 1) may take it again. Waiting sleeps in
 * simty_wait_change (wrs.nto on the simulator). Locks that picolibc creates
 * at run time come from a small pool, then share the global one. Every
 * symbol of picolibc's no-op lock.c is defined here, so that file is never
 * linked.
 */
struct __lock {
    volatile uint32_t owner; /* hart id + 1, 0 = free */
    uint32_t depth;
};

struct __lock __lock___libc_recursive_mutex;

#define LOCK_POOL 32
static struct __lock lock_pool[LOCK_POOL];
static volatile uint32_t lock_pool_used;

void __retarget_lock_init(struct __lock **lock)
{
    uint32_t i = __atomic_fetch_add(&lock_pool_used, 1, __ATOMIC_RELAXED);
    *lock = i < LOCK_POOL ? &lock_pool[i] : &__lock___libc_recursive_mutex;
}

void __retarget_lock_init_recursive(struct __lock **lock)
{
    __retarget_lock_init(lock);
}

void __retarget_lock_close(struct __lock *lock)
{
    (void)lock; /* pool entries are not reused */
}

void __retarget_lock_close_recursive(struct __lock *lock)
{
    (void)lock;
}

int __retarget_lock_try_acquire_recursive(struct __lock *lock)
{
    uint32_t me = simty_tid() + 1, free_ = 0;
    if (lock->owner == me) {
        lock->depth++;
        return 1;
    }
    if (__atomic_compare_exchange_n(&lock->owner, &free_, me, 0, __ATOMIC_ACQUIRE,
                                    __ATOMIC_RELAXED)) {
        lock->depth = 1;
        return 1;
    }
    return 0;
}

int __retarget_lock_try_acquire(struct __lock *lock)
{
    return __retarget_lock_try_acquire_recursive(lock);
}

void __retarget_lock_acquire_recursive(struct __lock *lock)
{
    while (!__retarget_lock_try_acquire_recursive(lock)) {
        uint32_t owner = lock->owner;
        if (owner != 0)
            simty_wait_change(&lock->owner, owner);
    }
}

void __retarget_lock_acquire(struct __lock *lock)
{
    __retarget_lock_acquire_recursive(lock);
}

void __retarget_lock_release_recursive(struct __lock *lock)
{
    if (--lock->depth == 0)
        __atomic_store_n(&lock->owner, 0, __ATOMIC_RELEASE);
}

void __retarget_lock_release(struct __lock *lock)
{
    __retarget_lock_release_recursive(lock);
}

/* _exit on QEMU (crt0.S's _exit comes here; on the simulator it ends the
 * thread at once): this hart's pending line, its barrier count, then the
 * end of the thread. */
void __attribute__((noreturn)) __simty_exit_qemu(int code)
{
    console_flush_line();
    barrier_thread_ends();
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
    fflush(stderr); /* this hart's pending stderr line */
    fflush(stdout); /* QEMU: this hart's pending line, under the lock */
    *FINISHER = ((uint32_t)(code & 0xff) << SIMTY_FINISHER_CODE_SHIFT) | SIMTY_FINISHER_FAIL;
    for (;;) /* not reached: the finisher ends the run */
        __asm__ volatile("wfi");
}

void abort(void)
{
    fprintf(stdout, "abort: hart %u called abort()\n", simty_tid());
    end_program(128 + SIGABRT);
}

void __assert_func(const char *file, int line, const char *func, const char *expr)
{
    fprintf(stdout, "assert: hart %u: %s:%d: %s%sassertion \"%s\" failed\n", simty_tid(),
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
    fprintf(stdout, "signal: hart %u raised signal %d\n", simty_tid(), sig);
    end_program(128 + sig);
}
