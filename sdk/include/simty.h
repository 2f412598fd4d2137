/*
 * simty.h - guest-side API of the simty SDK.
 *
 * All harts run the same program (SPMD): every one of them calls main(), and
 * simty_tid() tells them apart. Programs built with sdk/simty-cc run
 * unchanged on the simulator and on qemu-system-riscv32 -M virt.
 *
 * SIMT caveat (simty-spec.md section 2): the harts of one warp run in
 * lockstep, with priority to the deepest call level and then to the lowest
 * PC (or to the lowest PC only, under simty's --priority minpc). A thread
 * spinning on a flag that a thread of the SAME warp sets from code with a
 * higher PC or a shallower call waits forever, and compilers move blocks
 * (e.g. an "if (tid == 0)" body) past later code. So: no home-made spin
 * locks or flag waits between threads; use simty_barrier() as documented
 * below, and the atomics for shared updates.
 *
 * malloc/free: picolibc's allocator is not thread-safe here (its locks are
 * no-ops and real locks would be spin locks, see above). Call malloc/free
 * from one thread only, e.g. thread 0 before a simty_barrier().
 */
#ifndef SIMTY_H
#define SIMTY_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SIMTY_INLINE static inline __attribute__((always_inline))

/* Filled by the simulator's loader; link-time defaults on QEMU. */
extern volatile uint32_t __simty_nthreads;
extern volatile uint32_t __simty_on_simulator;
extern volatile uint32_t __simty_ram_end;

/* Barrier state, defined in the SDK runtime. */
extern volatile uint32_t __simty_barrier_count;
extern volatile uint32_t __simty_barrier_gen;

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
    return __simty_nthreads;
}

/* Non-zero when running on the simty simulator, 0 on QEMU. */
SIMTY_INLINE int simty_on_simulator(void)
{
    return __simty_on_simulator != 0;
}

/* Machine shape. The simty CSRs do not exist on QEMU (reading them traps),
 * where each hart counts as one warp of one thread on one core. */
SIMTY_INLINE unsigned simty_warps(void)             /* warps per core */
{
    unsigned v;
    if (!simty_on_simulator())
        return simty_nthreads();
    __asm__ volatile("csrr %0, 0xfc0" : "=r"(v));
    return v;
}

SIMTY_INLINE unsigned simty_threads_per_warp(void)
{
    unsigned v;
    if (!simty_on_simulator())
        return 1;
    __asm__ volatile("csrr %0, 0xfc1" : "=r"(v));
    return v;
}

SIMTY_INLINE unsigned simty_cores(void)
{
    unsigned v;
    if (!simty_on_simulator())
        return 1;
    __asm__ volatile("csrr %0, 0xfc3" : "=r"(v));
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
 * No-ops on QEMU (CSR 0x7c0 is simty's).
 */
SIMTY_INLINE void simty_roi_begin(void)
{
    if (simty_on_simulator())
        __asm__ volatile("csrwi 0x7c0, 1" ::: "memory");
}

SIMTY_INLINE void simty_roi_end(void)
{
    if (simty_on_simulator())
        __asm__ volatile("csrwi 0x7c0, 0" ::: "memory");
}

/* Marks a program that is expected to deadlock on Simty (e.g. a spin lock
 * between threads of one warp): `simty bench` then reports a diagnosed
 * deadlock as expected instead of as a failure. Use once, at file scope.
 * It defines the absolute symbol simty_expect_deadlock, which no section
 * garbage collection can drop. */
#define SIMTY_EXPECT_DEADLOCK() \
    __asm__(".globl simty_expect_deadlock\n\t.set simty_expect_deadlock, 1")
/*
 * simty_barrier(): wait until all simty_nthreads() threads have called it.
 *
 * Call it from code that EVERY thread reaches, the same number of times:
 * typically directly in main() (in a loop: at the end of the body), or in a
 * function that main() calls. Not inside divergent code (one arm of an if,
 * an early-exit path) and not after some threads have returned from main.
 *
 * Why waiting is safe under Simty's scheduling (simty-spec.md section 2):
 * every barrier waits in ONE shared routine, __simty_wait in crt0.S, which
 * simty.ld places at the end of .text.  A thread enters it by a "return"
 * (jalr x0 via t0), and its 1st, 2nd, 4th, 8th... spin turns "return"
 * once more, so the longer it waits the shallower its call depth (and
 * undoing that costs log2 of the wait): it sinks below every warp
 * mate with work left, wherever the compiler placed (or duplicated) the
 * barrier and whatever depth other barriers were called at, under both
 * "deepest call, then lowest PC" and pure lowest-PC (the wait is at the
 * highest code addresses).  A released thread "calls" as many times as it
 * "returned", so it comes back at its exact call depth, and the release code
 * sits below the spin loop, so threads released from one barrier outrank
 * warp mates already waiting at the next.  The last thread in runs the
 * release code, then the same wait, and leaves at once.
 *
 * Registers: t1 = continuation, t3 = generation seen on arrival,
 * t4 = &__simty_barrier_gen, t5 = returns to undo, t6 = spin turns (the
 * routine's inputs), t0, t2 scratch.
 */
SIMTY_INLINE void simty_barrier(void)
{
    __asm__ volatile(
        "lw     t3, 0(%[genp])\n\t"
        "li     t2, 1\n\t"
        "amoadd.w.aqrl t2, t2, (%[cntp])\n\t"
        "lw     t1, 0(%[np])\n\t"
        "addi   t1, t1, -1\n\t"
        "bne    t2, t1, 1f\n\t"
        /* last in: reset the count, then publish the next generation */
        "sw     zero, 0(%[cntp])\n\t"
        "addi   t2, t3, 1\n\t"
        "fence  rw, w\n\t"
        "sw     t2, 0(%[genp])\n"
        /* everybody: "return" into the shared wait at the end of .text */
        "1:\n\t"
        "lla    t1, 2f\n\t"
        "mv     t4, %[genp]\n\t"
        "li     t5, 0\n\t"
        "li     t6, 0\n\t"
        "lla    t0, __simty_wait\n\t"
        "jalr   zero, 0(t0)\n"
        "2:"
        :
        : [genp] "r"(&__simty_barrier_gen), [cntp] "r"(&__simty_barrier_count),
          [np] "r"(&__simty_nthreads)
        : "t0", "t1", "t2", "t3", "t4", "t5", "t6", "memory");
}

/*
 * Atomic read-modify-write on a 32-bit word; each returns the OLD value.
 * Fully ordered (.aqrl). Safe anywhere: none of them waits for another
 * thread.
 */
#define SIMTY_DEFINE_AMO(name, insn, type)                                   \
    SIMTY_INLINE type simty_atomic_##name(volatile type *p, type v)          \
    {                                                                        \
        type old;                                                            \
        __asm__ volatile(insn ".w.aqrl %0, %2, %1"                           \
                         : "=r"(old), "+A"(*p)                               \
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
SIMTY_INLINE uint32_t simty_atomic_cas(volatile uint32_t *p, uint32_t expected,
                                       uint32_t desired)
{
    uint32_t old, fail;
    __asm__ volatile(
        "1:\n\t"
        "lr.w.aqrl  %[old], %[mem]\n\t"
        "bne        %[old], %[exp], 2f\n\t"
        "sc.w.aqrl  %[fail], %[des], %[mem]\n\t"
        "bnez       %[fail], 1b\n"
        "2:"
        : [old] "=&r"(old), [fail] "=&r"(fail), [mem] "+A"(*p)
        : [exp] "r"(expected), [des] "r"(desired)
        : "memory");
    return old;
}

#ifdef __cplusplus
}
#endif

#endif /* SIMTY_H */
