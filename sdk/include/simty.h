/*
 * simty.h - guest-side API of the simty SDK.
 *
 * All harts run the same program (SPMD): every one of them calls main(), and
 * simty_tid() tells them apart. Programs built with sdk/simty-cc run
 * unchanged on the simulator and on qemu-system-riscv32 -M virt.
 *
 * Waiting for other threads (docs/progress.md): the harts of one warp run
 * in lockstep, but the simulator's forward-progress scheduler (default on)
 * guarantees every thread issues within a bounded number of its warp's
 * slots, so ordinary spin locks, flag waits and hand-written barriers
 * complete, whatever warp the threads share. The hints below make waiting
 * cheaper: simty_barrier() parks threads in hardware, simty_pause() lets
 * the other paths of the warp run, simty_wait_change() sleeps until a word
 * changes. One binary runs on QEMU too: `pause` is a hint (a no-op on any
 * core), and the SDK uses Zawrs `wrs.nto` only on the simulator.
 */
#ifndef SIMTY_SDK_H
#define SIMTY_SDK_H

#include <stdint.h>

#include "simty_guest.h" /* the platform's numbers: CSRs, devices, symbols */

#ifdef __cplusplus
extern "C" {
#endif

#define SIMTY_INLINE static inline __attribute__((always_inline))

/* Filled by the simulator's loader; link-time defaults on QEMU. */
extern volatile uint32_t SIMTY_ID_NTHREADS;     /* __simty_nthreads */
extern volatile uint32_t SIMTY_ID_ON_SIMULATOR; /* __simty_on_simulator */
extern volatile uint32_t SIMTY_ID_RAM_END;      /* __simty_ram_end */

/* Hart id, 0 .. simty_nthreads()-1 (warp-major: core, warp, lane). */
SIMTY_INLINE unsigned simty_tid(void)
{
    unsigned id;
    __asm__ volatile("csrr %0, mhartid" : "=r"(id));
    return id;
}

/* Number of threads running main(). */
SIMTY_INLINE unsigned simty_nthreads(void)
{
    return SIMTY_ID_NTHREADS;
}

/* Non-zero when running on the simty simulator, 0 on QEMU. */
SIMTY_INLINE int simty_on_simulator(void)
{
    return SIMTY_ID_ON_SIMULATOR != 0;
}

/* Machine shape. The simty CSRs do not exist on QEMU (reading them traps),
 * where each hart counts as one warp of one thread on one core. */
SIMTY_INLINE unsigned simty_warps(void)             /* warps per core */
{
    unsigned v;
    if (!simty_on_simulator())
        return simty_nthreads();
    __asm__ volatile("csrr %0, " SIMTY_XSTR(SIMTY_CSR_WARPS) : "=r"(v));
    return v;
}

SIMTY_INLINE unsigned simty_threads_per_warp(void)
{
    unsigned v;
    if (!simty_on_simulator())
        return 1;
    __asm__ volatile("csrr %0, " SIMTY_XSTR(SIMTY_CSR_THREADS) : "=r"(v));
    return v;
}

SIMTY_INLINE unsigned simty_cores(void)
{
    unsigned v;
    if (!simty_on_simulator())
        return 1;
    __asm__ volatile("csrr %0, " SIMTY_XSTR(SIMTY_CSR_CORES) : "=r"(v));
    return v;
}

/* Cycles between exchanges of the cores' effects: 1 (and 1 off the
 * simulator) when every load sees every earlier store of every thread,
 * more when another thread's store may be seen up to that many cycles
 * late (--quantum; docs/platform.md, "Cores and memory ordering"). */
SIMTY_INLINE unsigned simty_quantum(void)
{
    unsigned v;
    if (!simty_on_simulator())
        return 1;
    __asm__ volatile("csrr %0, " SIMTY_XSTR(SIMTY_CSR_QUANTUM) : "=r"(v));
    return v;
}

/* Low 32 bits of the cycle counter (the core's, on the simulator) and of
 * this thread's retired-instruction counter. */
SIMTY_INLINE uint32_t simty_cycles(void)
{
    uint32_t v;
    __asm__ volatile("csrr %0, mcycle" : "=r"(v));
    return v;
}

SIMTY_INLINE uint32_t simty_instret(void)
{
    uint32_t v;
    __asm__ volatile("csrr %0, minstret" : "=r"(v));
    return v;
}


/*
 * Region of interest: the statistics of `simty bench` and the "roi" part of
 * --stats / --stats-json cover only the cycles between the first
 * simty_roi_begin() and the first simty_roi_end() after it (to the end of
 * the run if no end comes), so set-up and the sequential self-check of a
 * workload do not dilute the kernel's figures. Any number of threads may
 * call them (the first call counts); calling them from EVERY thread right
 * after a simty_barrier() avoids an "if (tid == 0)" that would split warps.
 * No-ops on QEMU (CSR SIMTY_CSR_ROI, 0x7c0, is simty's).
 */
SIMTY_INLINE void simty_roi_begin(void)
{
    if (simty_on_simulator())
        __asm__ volatile("csrwi " SIMTY_XSTR(SIMTY_CSR_ROI) ", " SIMTY_XSTR(SIMTY_ROI_OPEN)
                         ::: "memory");
}

SIMTY_INLINE void simty_roi_end(void)
{
    if (simty_on_simulator())
        __asm__ volatile("csrwi " SIMTY_XSTR(SIMTY_CSR_ROI) ", " SIMTY_XSTR(SIMTY_ROI_CLOSE)
                         ::: "memory");
}

/* Marks a program that is expected to deadlock (a wait that no thread can
 * ever satisfy): `simty bench` then reports a diagnosed deadlock as
 * expected instead of as a failure. Use once, at file scope.
 * It defines the absolute symbol simty_expect_deadlock, which no section
 * garbage collection can drop. */
#define SIMTY_EXPECT_DEADLOCK() \
    __asm__(".globl " SIMTY_SYM_EXPECT_DEADLOCK "\n\t.set " SIMTY_SYM_EXPECT_DEADLOCK ", 1")
/*
 * simty_barrier(): wait until all simty_nthreads() threads have called it
 * (threads that have ended count as arrived).
 *
 * On the simulator it is one instruction, a write of 0 (machine scope) to
 * the custom CSR simty_barrier (0x800, docs/platform.md): the arriving
 * threads are parked, issue nothing, and resume together when the last one
 * arrives. Call it the same number of times from every thread, anywhere
 * (divergent code included): a barrier that can never complete is reported
 * as a deadlock naming the threads that never arrive. On QEMU (where the
 * CSR does not exist) it is a counting barrier in the SDK runtime; building
 * with -DSIMTY_SOFTWARE_BARRIER uses that one on the simulator too (for
 * comparisons, docs/RESULTS.md).
 */
void __simty_barrier_sw(void);

SIMTY_INLINE void simty_barrier(void)
{
#ifndef SIMTY_SOFTWARE_BARRIER
    if (simty_on_simulator())
        /* x0: scope 0, SIMTY_BARRIER_SCOPE_MACHINE */
        __asm__ volatile("csrw " SIMTY_XSTR(SIMTY_CSR_BARRIER) ", zero" ::: "memory");
    else
#endif
        __simty_barrier_sw();
}

/*
 * simty_pause(): Zihintpause `pause`, a hint (a no-op on any core without
 * it). On the simulator the path of the calling threads steps aside: the
 * other path of its warp that has waited longest runs for a turn
 * (docs/progress.md). Put it in the body of a spin loop.
 */
SIMTY_INLINE void simty_pause(void)
{
    __asm__ volatile(".insn i 0x0f, 0, x0, x0, 0x010" ::: "memory"); /* pause */
}

/*
 * simty_wait_change(p, old): returns once *p != old (and the new value),
 * sleeping in between: lr.w reserves the word, Zawrs `wrs.nto` waits until
 * the reservation is lost (another thread changed the word). Zawrs is not a
 * hint: a core without it (QEMU 7.2, for one) traps on wrs.nto, so off the
 * simulator the loop polls with `pause` instead.
 */
SIMTY_INLINE uint32_t simty_wait_change(volatile uint32_t *p, uint32_t old)
{
    uint32_t v;
    for (;;) {
        __asm__ volatile("lr.w %0, %1" : "=r"(v) : "A"(*p) : "memory");
        if (v != old)
            return v;
        if (simty_on_simulator())
            __asm__ volatile(".insn i 0x73, 0, x0, x0, 0x00d" ::: "memory"); /* wrs.nto */
        else
            simty_pause();
    }
}

/*
 * Locks. simty_lock_t is a test-and-test-and-set lock that sleeps in
 * simty_wait_change() while it is held; simty_ticket_t a FIFO ticket lock.
 * Initialise both to zero (SIMTY_LOCK_INIT). They are ordinary spin locks:
 * correct on any RISC-V core, deadlock-free between threads of one warp on
 * Simty thanks to the forward-progress scheduler, and cheap thanks to the
 * hints.
 */
typedef struct { volatile uint32_t locked; } simty_lock_t;
typedef struct { volatile uint32_t next, serving; } simty_ticket_t;
#define SIMTY_LOCK_INIT {0}
#define SIMTY_TICKET_INIT {0, 0}

SIMTY_INLINE void simty_lock(simty_lock_t *l)
{
    while (__atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE) != 0)
        while (l->locked != 0)
            simty_wait_change(&l->locked, 1);
}

SIMTY_INLINE int simty_trylock(simty_lock_t *l)
{
    return __atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE) == 0;
}

SIMTY_INLINE void simty_unlock(simty_lock_t *l)
{
    __atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
}

SIMTY_INLINE void simty_ticket_lock(simty_ticket_t *l)
{
    uint32_t me = __atomic_fetch_add(&l->next, 1, __ATOMIC_RELAXED);
    uint32_t now;
    while ((now = __atomic_load_n(&l->serving, __ATOMIC_ACQUIRE)) != me)
        simty_wait_change(&l->serving, now);
}

SIMTY_INLINE void simty_ticket_unlock(simty_ticket_t *l)
{
    __atomic_store_n(&l->serving, l->serving + 1, __ATOMIC_RELEASE);
}

/*
 * Atomic read-modify-write on a 32-bit word; each returns the OLD value.
 * Fully ordered (.aqrl). Safe anywhere: none of them waits for another
 * thread.
 *
 * p points to any 32-bit integer: uint32_t, int32_t, unsigned or int (on
 * RV32 uint32_t is `unsigned long`, another type than `unsigned`), volatile
 * or not; a pointer to an object of another size does not compile, nor one
 * to const. add, and, or, xor, swap, minu and maxu return uint32_t; min and
 * max compare and return int32_t.
 */
#define SIMTY_DEFINE_AMO(name, insn, type)                                   \
    SIMTY_INLINE type simty_amo_##name(volatile void *p, type v)             \
    {                                                                        \
        type old;                                                            \
        __asm__ volatile(insn ".w.aqrl %0, %2, %1"                           \
                         : "=r"(old), "+A"(*(volatile type *)p)              \
                         : "r"(v)                                            \
                         : "memory");                                        \
        return old;                                                          \
    }

SIMTY_DEFINE_AMO(add, "amoadd", uint32_t)
SIMTY_DEFINE_AMO(and, "amoand", uint32_t)
SIMTY_DEFINE_AMO(or, "amoor", uint32_t)
SIMTY_DEFINE_AMO(xor, "amoxor", uint32_t)
SIMTY_DEFINE_AMO(swap, "amoswap", uint32_t)
SIMTY_DEFINE_AMO(min, "amomin", int32_t)
SIMTY_DEFINE_AMO(max, "amomax", int32_t)
SIMTY_DEFINE_AMO(minu, "amominu", uint32_t)
SIMTY_DEFINE_AMO(maxu, "amomaxu", uint32_t)

#undef SIMTY_DEFINE_AMO

/*
 * Compare-and-swap: if *p == expected, store desired. Returns the old value
 * (== expected on success). lr/sc retry loop; the retry only repeats the
 * thread's own failed sc, so it never waits on a warp mate.
 */
SIMTY_INLINE uint32_t simty_cas_word(volatile void *p, uint32_t expected, uint32_t desired)
{
    uint32_t old, fail;
    __asm__ volatile(
        "1:\n\t"
        "lr.w.aqrl  %[old], %[mem]\n\t"
        "bne        %[old], %[exp], 2f\n\t"
        "sc.w.aqrl  %[fail], %[des], %[mem]\n\t"
        "bnez       %[fail], 1b\n"
        "2:"
        : [old] "=&r"(old), [fail] "=&r"(fail), [mem] "+A"(*(volatile uint32_t *)p)
        : [exp] "r"(expected), [des] "r"(desired)
        : "memory");
    return old;
}

/* p itself, after a compile-time check that it points to a 32-bit integer
 * that may be written: in C, a _Generic with no default refuses any other
 * type (float, a struct, const, a 16-bit integer) as an error, not a
 * warning; in C++ (no _Generic) the size is checked and a pointer to const
 * is refused by the conversion to volatile void *. */
#ifdef __cplusplus
#define SIMTY_WORD_PTR(p) ((void)sizeof(char[sizeof(*(p)) == 4 ? 1 : -1]), (p))
#else
#define SIMTY_WORD_PTR(p)                                                    \
    ((void)sizeof(char[sizeof(*(p)) == 4 ? 1 : -1]),                         \
     _Generic((p), int *: (p), unsigned *: (p), long *: (p), unsigned long *: (p), \
              volatile int *: (p), volatile unsigned *: (p), volatile long *: (p), \
              volatile unsigned long *: (p)))
#endif

#define simty_atomic_add(p, v) simty_amo_add(SIMTY_WORD_PTR(p), (v))
#define simty_atomic_and(p, v) simty_amo_and(SIMTY_WORD_PTR(p), (v))
#define simty_atomic_or(p, v) simty_amo_or(SIMTY_WORD_PTR(p), (v))
#define simty_atomic_xor(p, v) simty_amo_xor(SIMTY_WORD_PTR(p), (v))
#define simty_atomic_swap(p, v) simty_amo_swap(SIMTY_WORD_PTR(p), (v))
#define simty_atomic_min(p, v) simty_amo_min(SIMTY_WORD_PTR(p), (v))
#define simty_atomic_max(p, v) simty_amo_max(SIMTY_WORD_PTR(p), (v))
#define simty_atomic_minu(p, v) simty_amo_minu(SIMTY_WORD_PTR(p), (v))
#define simty_atomic_maxu(p, v) simty_amo_maxu(SIMTY_WORD_PTR(p), (v))
#define simty_atomic_cas(p, expected, desired)                               \
    simty_cas_word(SIMTY_WORD_PTR(p), (expected), (desired))

#ifdef __cplusplus
}
#endif

#endif /* SIMTY_SDK_H */
