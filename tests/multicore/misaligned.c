/*
 * misaligned.c - misaligned loads and stores (executed in hardware: simty's
 * default, QEMU and Spike) on a thread's own bytes, in a global buffer and
 * on its stack, read back at once.
 *
 * Each thread repeatedly writes its 16-byte buffers with aligned and
 * misaligned sw/sh at every offset (inline assembly: the compiler never
 * emits a misaligned access itself) and reads them back right away with
 * aligned and misaligned lw/lh/lhu, checking every value against a byte
 * model.  On a multi-core machine in quanta (--quantum) a thread's loads
 * see its own stores of the quantum through the core's forwarding map: a
 * misaligned store must reach an aligned load of either word it touches,
 * and an aligned store a misaligned load.  With --stack-interleave the
 * stack buffer's two words are stored apart, and a misaligned access goes
 * to both through the mapping.  Every thread's results must be right.
 *
 * -DLT_BREAK: the byte model is big-endian, so the checks fail.
 */
#include "litmus.h"

static uint8_t gbuf[LT_MAX_THREADS][16] __attribute__((aligned(16)));

#define ST(op, p, off, v) __asm__ volatile(op " %0, %1(%2)" : : "r"(v), "i"(off), "r"(p) : "memory")
#define LD(op, p, off)                                                                   \
    ({                                                                                   \
        uint32_t r_;                                                                     \
        __asm__ volatile(op " %0, %1(%2)" : "=r"(r_) : "i"(off), "r"(p) : "memory");     \
        r_;                                                                              \
    })

/* the model: value of size bytes at offset off, little-endian (sign: lh) */
static uint32_t model(const uint8_t *m, unsigned off, unsigned size, int sign)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < size; i++)
#ifdef LT_BREAK
        v |= (uint32_t)m[off + i] << 8 * (size - 1 - i);
#else
        v |= (uint32_t)m[off + i] << 8 * i;
#endif
    if (sign && size == 2)
        v = (uint32_t)(int32_t)(int16_t)v;
    return v;
}

static void put(uint8_t *m, unsigned off, unsigned size, uint32_t v)
{
    for (unsigned i = 0; i < size; i++)
        m[off + i] = (uint8_t)(v >> 8 * i);
}

/* One round on buffer p (16 bytes): returns the number of wrong values. */
#define CHECK(expr, want) bad += (expr) != (want)
#define ROUND_AT(OFF)                                                                    \
    do {                                                                                 \
        uint32_t v = seed * 2654435761u + (OFF);                                         \
        ST("sw", p, (OFF), v);                                                           \
        put(m, (OFF), 4, v);                                                             \
        CHECK(LD("lw", p, 0), model(m, 0, 4, 0));                                        \
        CHECK(LD("lw", p, 4), model(m, 4, 4, 0));                                        \
        CHECK(LD("lw", p, 8), model(m, 8, 4, 0));                                        \
        CHECK(LD("lw", p, (OFF)), v);                                                    \
        CHECK(LD("lh", p, (OFF) + 1), model(m, (OFF) + 1, 2, 1));                        \
        CHECK(LD("lhu", p, (OFF) + 3), model(m, (OFF) + 3, 2, 0));                       \
        ST("sh", p, (OFF) + 3, v >> 7);                                                  \
        put(m, (OFF) + 3, 2, v >> 7);                                                    \
        CHECK(LD("lw", p, 4), model(m, 4, 4, 0));                                        \
        CHECK(LD("lw", p, 5), model(m, 5, 4, 0));                                        \
        ST("sw", p, 4, ~v);                                                              \
        put(m, 4, 4, ~v);                                                                \
        CHECK(LD("lw", p, (OFF)), model(m, (OFF), 4, 0));                                \
        CHECK(LD("lhu", p, 7), model(m, 7, 2, 0));                                       \
    } while (0)

static unsigned round_on(uint8_t *p, uint32_t seed)
{
    uint8_t m[16];
    unsigned bad = 0;
    for (unsigned i = 0; i < 16; i += 4) {
        uint32_t v = seed ^ (0x01010101u * i);
        ST("sw", p, 0, 0); /* (keeps the compiler from caching) */
        put(m, i, 4, v);
    }
    for (unsigned i = 0; i < 16; i += 4)
        __asm__ volatile("sw %0, 0(%1)" : : "r"(model(m, i, 4, 0)), "r"(p + i) : "memory");
    ROUND_AT(1);
    ROUND_AT(2);
    ROUND_AT(3);
    ROUND_AT(6);
    return bad;
}

int main(void)
{
    if (!lt_threads_ok("misaligned", 1))
        return 1;
    unsigned tid = simty_tid(), n = simty_nthreads();
    unsigned rounds = lt_rounds(1024, 2, 16);
    uint8_t sbuf[24] __attribute__((aligned(8)));
    unsigned bad = 0;
    for (unsigned r = 0; r < rounds; r++) {
        bad += round_on(gbuf[tid], pg_rand(tid, r));
        bad += round_on(sbuf + 4 * (r & 1), pg_rand(tid, r + 1000));
    }
    lt_bad[tid] = bad;
    simty_barrier();
    if (tid != 0)
        return 0;
    uint32_t total = 0;
    for (unsigned t = 0; t < n; t++)
        total += lt_bad[t];
    return pg_report("misaligned", total == 0, "%u rounds per thread, %u wrong values", rounds,
                     (unsigned)total);
}
