/*
 * stream.c - bandwidth of the L2 and of DRAM: every thread streams through
 * a large array, coalesced and unit-stride (thread t handles words t, t+n,
 * t+2n, ...: lane l of a warp reads word l of an aligned 4T-byte block, one
 * pass of the warp, T/16 lines of 64 bytes).
 *
 * A warp has at most one load in flight (it issues nothing while a load is
 * pending), so the bytes in flight are 4T per warp and the bandwidth grows
 * with the warp count W up to the level's peak (Little's law: W x 4T bytes
 * per round trip of one warp's pass).
 *
 * Modes (build-time):
 *   default       read: the set-up stores BYTES (fits the L2, not the L1) so
 *                 the L2 holds every line (write-validate), then the region of
 *                 interest reads them REPEAT times: L2 bandwidth.
 *   -DCOLD        read BYTES of memory that nothing ever wrote (the loader
 *                 zero-fills RAM): no line of it is in any cache or dirty, so
 *                 every line comes from DRAM once: DRAM bandwidth.
 *   -DWRITE       store BYTES (REPEAT times); stores are posted (the warp does
 *                 not wait for them; a store waits at issue only while the
 *                 core's l1d.write_buffer entries are all taken), so after
 *                 them every warp reads one line nothing wrote ("probe"): its
 *                 read waits behind the writes queued at its L2 bank port
 *                 (and, when the writes reach DRAM, behind the DRAM write
 *                 drain), so the region of interest ends when the memory has
 *                 absorbed them, all but the few still waiting in the core's
 *                 write buffer, which a load does not wait for (so the set-up's
 *                 last stores may also reach the L2 inside the region:
 *                 tests/mem_checks.py takes write bandwidth from the
 *                 difference of two REPEAT counts). -DDIRTY=N first fills the
 *                 L2 with N bytes of dirty lines, so every line stored in the
 *                 region evicts one to DRAM (DRAM write bandwidth).
 *
 * Prints "stream: PASS (... bytes B, cycles C, bytes/cycle X, issue I)", with
 * C the length of the region of interest as thread 0 reads it from mcycle
 * (from the barrier before the stream to the one after it) and, for -DWRITE,
 * I the cycles until the last thread had issued its last store (else 0).
 * Self-check: the sums of the words read (or a sample of the words stored).
 */
#include <stdint.h>
#include <stdio.h>
#include <simty.h>

#ifndef BYTES
#define BYTES (256u * 1024u)
#endif
#ifndef REPEAT
#define REPEAT 1u
#endif
#ifndef DIRTY
#define DIRTY 0u
#endif
#define N (BYTES / 4u)
#define UNROLL 4u

#if N % 4096u
#error "BYTES must be a multiple of 16 KiB"
#endif

/* Not static: the compiler must not assume the never-written array is zero. */
uint32_t stream_data[N] __attribute__((aligned(4096)));
uint32_t stream_probe[2][16 * 16] __attribute__((aligned(4096))); /* never written */
uint32_t stream_warm[2 * UNROLL * 4096] __attribute__((aligned(4096))); /* warm-up scratch */
#if DIRTY
uint32_t stream_dirt[DIRTY / 4] __attribute__((aligned(4096)));
#endif

static __attribute__((unused)) uint32_t value(uint32_t i) { return i * 2654435761u ^ (i >> 7); }

/* Thread tid's share, unrolled (four load passes per loop test). */
static __attribute__((unused, noipa)) uint32_t read_all(const uint32_t *a, uint32_t words,
                                                      unsigned tid, unsigned n)
{
    uint32_t s = 0, i = tid;
    for (; i + 3 * n < words; i += UNROLL * n)
        s += a[i] + a[i + n] + a[i + 2 * n] + a[i + 3 * n];
    for (; i < words; i += n)
        s += a[i];
    return s;
}

static __attribute__((unused, noipa)) void write_all(uint32_t *a, uint32_t words, unsigned tid,
                                                   unsigned n, uint32_t k)
{
    uint32_t i = tid;
    for (; i + 3 * n < words; i += UNROLL * n) {
        a[i] = i + k;
        a[i + n] = i + n + k;
        a[i + 2 * n] = i + 2 * n + k;
        a[i + 3 * n] = i + 3 * n + k;
    }
    for (; i < words; i += n)
        a[i] = i + k;
}

/* The thread reads word (tid % 16) of never-written lines first .. first +
 * count - 1 of probe row `p` (16 consecutive lines: one per L2 bank and
 * DRAM channel, up to 16 of each), one after the other: each read waits
 * behind the requests queued at its L2 bank's port and, through the DRAM,
 * behind a write drain. Stores are posted, so this is how a program waits
 * for its stores to reach the memory: those that have left the core (a load
 * does not wait for the writes still in the core's write buffer). */
static __attribute__((noipa)) uint32_t probe(unsigned p, unsigned tid, unsigned first,
                                             unsigned count)
{
    uint32_t s = 0;
    for (unsigned l = first; l < first + count; l++)
        s += stream_probe[p][16 * (l % 16) + tid % 16];
    return s;
}

static uint32_t sums[4096], issued[4096] __attribute__((unused));

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (n > 4096) {
        if (tid == 0)
            printf("stream: FAIL (at most 4096 threads)\n");
        return 1;
    }

#if !defined(COLD) && !defined(WRITE)
    for (uint32_t i = tid; i < N; i += n) /* coalesced stores */
        stream_data[i] = value(i);
#endif
#if DIRTY
    /* DIRTY bytes of dirty lines: with DIRTY = the L2 size, every way of
     * every set of the L2 */
    for (uint32_t i = tid; i < DIRTY / 4; i += n)
        stream_dirt[i] = i;
#endif
    /* one pass of the kernel's code elsewhere, so that its instructions are
     * in the L1I when the region of interest starts */
#ifdef WRITE
    write_all(stream_warm, 2 * UNROLL * n, tid, n, 0);
#else
    sums[tid] = read_all(stream_warm, 2 * UNROLL * n, tid, n);
#endif
    /* the set-up's stores are posted: wait until the L2 has taken them (but
     * those still in the write buffer) */
    simty_barrier();
    sums[tid] += probe(1, tid, 0, 16);

    simty_barrier();
    simty_roi_begin();
    uint32_t t0 = simty_cycles(), s = 0;
    for (uint32_t r = 0; r < REPEAT; r++) {
#ifdef WRITE
        write_all(stream_data, N, tid, n, r);
#else
        s += read_all(stream_data, N, tid, n);
#endif
    }
#ifdef WRITE
    issued[tid] = simty_cycles() - t0;
    /* wait until the memory has taken the stores: warp w probes line
     * w % 16 (with 16 warps or more, every bank and channel) */
    s += probe(0, tid, tid / simty_threads_per_warp(), 1);
#endif
    sums[tid] = s;
    simty_barrier();
    uint32_t t1 = simty_cycles();
    simty_roi_end();
    if (tid != 0)
        return 0;

    uint32_t got = 0, want __attribute__((unused)) = 0;
    for (unsigned t = 0; t < n; t++)
        got += sums[t];
#if defined(WRITE)
    for (uint32_t i = 0; i < N; i += 4093)
        want += stream_data[i] != i + REPEAT - 1;
    int ok = want == 0 && got == 0;
#elif defined(COLD)
    int ok = got == 0;
#else
    for (uint32_t i = 0; i < N; i++)
        want += value(i);
    want *= REPEAT;
    int ok = got == want;
#endif
    uint32_t cyc = t1 - t0, last = 0;
    uint64_t bytes = (uint64_t)BYTES * REPEAT, milli = bytes * 1000u / cyc;
#ifdef WRITE
    for (unsigned t = 0; t < n; t++) /* the last store issued */
        last = issued[t] > last ? issued[t] : last;
#endif
    printf("stream: %s (%s, %u threads, bytes %llu, cycles %u, bytes/cycle %u.%03u, "
           "issue %u)\n",
           ok ? "PASS" : "FAIL",
#if defined(WRITE)
           "write",
#elif defined(COLD)
           "cold read",
#else
           "read",
#endif
           n, (unsigned long long)bytes, (unsigned)cyc, (unsigned)(milli / 1000),
           (unsigned)(milli % 1000), (unsigned)last);
    return ok ? 0 : 1;
}
