/*
 * workload.h - shared helpers of the simty workload suite (the .c files of workloads/).
 *
 * Every workload follows the same shape (see workloads/README.md):
 *
 *   int main(void)
 *   {
 *       unsigned tid = simty_tid(), n = simty_nthreads();
 *       ...parallel or thread-0 set-up of the inputs...
 *       wl_begin();                  barrier, then open the ROI
 *       kernel(tid, n);              the measured part, SPMD
 *       if (!wl_end())               barrier, close the ROI;
 *           return 0;                threads other than 0 are done
 *       ...thread 0: sequential reference, compare...
 *       return wl_report("name", ok, "detail %u", x);
 *   }
 *
 * A workload passes when it prints "NAME: PASS ..." and exits 0; on a
 * mismatch it prints "NAME: FAIL ..." and exits 1. Sizes are #defines at the
 * top of each file, fixed (not derived from the thread count), so every
 * machine shape computes the same result.
 */
#ifndef SIMTY_WORKLOAD_H
#define SIMTY_WORKLOAD_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <simty.h>

/* The body of every hand-written wait loop (the lock-heavy workloads): empty
 * by default, so that waiting relies on the machine's scheduling alone;
 * build with e.g. '-DSPIN_HINT()=__asm__ volatile("pause")' for a variant
 * with a hint (tests/progress/progress.h has the same convention). */
#ifndef SPIN_HINT
#define SPIN_HINT() ((void)0)
#endif

/* Shared arrays start on a 256-byte boundary: the Simty coalescer serves a
 * warp's unit-stride access in one pass only when lane l reads word l of an
 * aligned block of 4*T bytes (simty-spec.md section 6), T up to 64.
 * bench/vs_qemu.py builds with -DWL_ALIGN=4096: QEMU translates code page by
 * page and drops a page's translations whenever a store hits it, so an
 * array sharing the last code page makes QEMU translate the kernel again
 * and again, which would measure that and not QEMU. */
#ifndef WL_ALIGN
#define WL_ALIGN 256
#endif
#define WL_ALIGNED __attribute__((aligned(WL_ALIGN)))

/* WL_PADDED(n, bytes): the length of a shared array of n items of `bytes`
 * bytes each, plus WL_PAD bytes of padding (whole items), 0 by default (the
 * suite's layout).  The arrays' sizes are powers of two, so without padding
 * they lie a power of two apart; bench/vs_qemu.py builds with a WL_PAD that
 * moves them an odd number of pages apart, because QEMU's software TLB is
 * direct-mapped (page number modulo a power of two): arrays a large power of
 * two apart would evict each other's entry on every access, and the
 * comparison would measure that collision, not QEMU. */
#ifndef WL_PAD
#define WL_PAD 0
#endif
#define WL_PADDED(n, bytes) ((n) + WL_PAD / (bytes))

/* Deterministic pseudo-random 32-bit value for index i and stream `seed`
 * (a multiply-xorshift hash: cheap, stateless, same on every thread). */
static inline uint32_t wl_rand(uint32_t seed, uint32_t i)
{
    uint32_t h = (i + 0x9e3779b9u * (seed + 1)) * 2654435761u;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    h *= 3266489917u;
    h ^= h >> 16;
    return h;
}

/* Value in [0, range). */
static inline uint32_t wl_rand_below(uint32_t seed, uint32_t i, uint32_t range)
{
    return (uint32_t)(((uint64_t)wl_rand(seed, i) * range) >> 32);
}

/* All threads: wait for the set-up, then open the region of interest (the
 * first thread out of the barrier does; every thread makes the call so that
 * no "if (tid == 0)" splits the warps right before the kernel). */
static inline void wl_begin(void)
{
    simty_barrier();
    simty_roi_begin();
}

/* All threads: wait for the kernel and close the region of interest.
 * Returns non-zero on thread 0 only, which goes on to check.  Built with
 * -DWL_NO_CHECK (the simulation-speed benchmarks, bench/vs_qemu.py), no
 * thread checks: the run is the SPMD set-up and kernel only, and prints
 * nothing. */
static inline int wl_end(void)
{
    simty_barrier();
    simty_roi_end();
#ifdef WL_NO_CHECK
    return 0;
#else
    return simty_tid() == 0;
#endif
}

/* All threads: like wl_end() (barrier, region closes), but every thread
 * returns non-zero (zero with -DWL_NO_CHECK) and goes on to compute its
 * share of a reference in parallel: the floating-point workloads, whose
 * double-precision references are too costly for thread 0 alone on a wide
 * machine (workloads/README.md, "FP workloads"). Then wl_check_done(). */
static inline int wl_end_all(void)
{
    simty_barrier();
    simty_roi_end();
#ifdef WL_NO_CHECK
    return 0;
#else
    return 1;
#endif
}

/* All threads, after their share of a parallel reference: barrier; returns
 * non-zero on thread 0 only, which goes on to compare. */
static inline int wl_check_done(void)
{
    simty_barrier();
    return simty_tid() == 0;
}

/* Thread 0: prints "NAME: PASS detail" or "NAME: FAIL detail" and returns
 * the exit code (0 on pass). */
static inline int wl_report(const char *name, int ok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static inline int wl_report(const char *name, int ok, const char *fmt, ...)
{
    va_list ap;
    printf("%s: %s (", name, ok ? "PASS" : "FAIL");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf(", %u threads)\n", simty_nthreads());
    return ok ? 0 : 1;
}

#endif
