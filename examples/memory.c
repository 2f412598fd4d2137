/*
 * memory.c - strided, gathered and scattered loads and stores.
 *
 * Phase 1 (j = tid, tid+n, ...): every thread fills
 *   a[]   with stride-17 stores (lane j writes word 17j mod M),
 *   idx[] (a permutation, halfwords) in one contiguous block per thread,
 *   sb[]  (signed bytes) and sh[] (signed halfwords), lane j at element j.
 * Barrier. Phase 2 (items i = tid, tid+n, ...): item i
 *   - sums a[] along strided walks, stride 1, 2, 4 and 17 words (lane i
 *     starts at word i * stride, so neighbouring lanes are also `stride`
 *     words apart);
 *   - gathers a[idx[...]];
 *   - gathers bytes and halfwords through idx[], read both signed (lb, lh)
 *     and unsigned (lbu, lhu);
 *   - reads words that are the same for every lane (broadcast);
 *   - scatters its results to disjoint places: a record at a permuted
 *     index, four bytes, a halfword at a permuted index, a word at stride 17.
 * Barrier. Thread 0 checks every array against the formulas.
 */
#include <stdio.h>
#include <simty.h>

#define M 1024                  /* elements of the input arrays, 2^k */
#define N 512                   /* items, 2^k */
#define K 16                    /* accesses per walk */

struct result {
    uint32_t walk[4];           /* strides 1, 2, 4, 17 */
    uint32_t gather, bytes, halves, bcast;
};

static const uint32_t strides[4] = {1, 2, 4, 17};

static uint32_t a[M];
static uint16_t idx[M];
static int8_t sb[M];
static int16_t sh[M];

static struct result res[N];
static uint8_t bout[4 * N];
static uint16_t hout[N];
static uint32_t wout[N];

static uint32_t mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

static uint32_t a_of(uint32_t j) { return mix(j); }
static uint16_t idx_of(uint32_t j) { return (uint16_t)((j * 1237 + 411) % M); }

/* In range, so the conversions are exact. */
static int8_t sb_of(uint32_t j)
{
    return (int8_t)((int32_t)(mix(j + 7777) & 0xff) - 128);
}

static int16_t sh_of(uint32_t j)
{
    return (int16_t)((int32_t)(mix(j + 999) & 0xffff) - 32768);
}

/* Bijections on [0, N): where item i's record and halfword go. */
static uint32_t perm(uint32_t i) { return (i * 613 + 5) % N; }

/* Item i's results into r. A(j) stands for a[j], IDX(j) for idx[j], SB/UB
 * for sb[] read signed/unsigned, SH/UH for sh[]: read from the arrays in
 * phase 2 (ARR_*) and computed from the formulas in the check (REF_*). */
#define ITEM(i, r, A, IDX, SB, UB, SH, UH)                                   \
    do {                                                                     \
        for (unsigned s_ = 0; s_ < 4; s_++) {                                \
            uint32_t w_ = 0;                                                 \
            for (uint32_t k_ = 0; k_ < K; k_++)                              \
                w_ += A((((i) + k_) * strides[s_]) % M);                     \
            (r).walk[s_] = w_;                                               \
        }                                                                    \
        uint32_t g_ = 0, gb_ = 0, gh_ = 0, bc_ = 0;                          \
        for (uint32_t k_ = 0; k_ < K; k_++) {                                \
            uint32_t j_ = IDX(((i) * K + k_) % M);                           \
            uint32_t jb_ = IDX(((i) + k_ * 64) % M);                         \
            g_ += A(j_);                                                     \
            gb_ += (uint32_t)(int32_t)SB(jb_) * (k_ + 1) + UB(jb_);          \
            gh_ += (uint32_t)(int32_t)SH(j_) * (k_ + 3) + UH(j_);            \
            bc_ += A(k_ * 33 % M) ^ (i);                                     \
        }                                                                    \
        (r).gather = g_;                                                     \
        (r).bytes = gb_;                                                     \
        (r).halves = gh_;                                                    \
        (r).bcast = bc_;                                                     \
    } while (0)

/* Array readers (phase 2); the unsigned views alias the signed arrays, which
 * C allows for char types and for the unsigned variant of a type. */
#define ARR_A(j) a[j]
#define ARR_IDX(j) idx[j]
#define ARR_SB(j) sb[j]
#define ARR_UB(j) ((const uint8_t *)sb)[j]
#define ARR_SH(j) sh[j]
#define ARR_UH(j) ((const uint16_t *)sh)[j]

/* Formula readers (the check). */
#define REF_A(j) a_of(j)
#define REF_IDX(j) idx_of(j)
#define REF_SB(j) sb_of(j)
#define REF_UB(j) (uint8_t)sb_of(j)
#define REF_SH(j) sh_of(j)
#define REF_UH(j) (uint16_t)sh_of(j)

static int same(const struct result *x, const struct result *y)
{
    for (unsigned s = 0; s < 4; s++)
        if (x->walk[s] != y->walk[s])
            return 0;
    return x->gather == y->gather && x->bytes == y->bytes &&
           x->halves == y->halves && x->bcast == y->bcast;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    /* Phase 1: fill the inputs. */
    for (uint32_t j = tid; j < M; j += n) {
        uint32_t w = j * 17 % M;
        a[w] = a_of(w);
        sb[j] = sb_of(j);
        sh[j] = sh_of(j);
    }
    uint32_t lo = (uint32_t)((uint64_t)M * tid / n);
    uint32_t hi = (uint32_t)((uint64_t)M * (tid + 1) / n);
    for (uint32_t j = lo; j < hi; j++)
        idx[j] = idx_of(j);
    simty_barrier();

    /* Phase 2: walks, gathers, scatters. */
    for (uint32_t i = tid; i < N; i += n) {
        struct result r;
        ITEM(i, r, ARR_A, ARR_IDX, ARR_SB, ARR_UB, ARR_SH, ARR_UH);
        res[perm(i)] = r;
        for (unsigned b = 0; b < 4; b++)
            bout[4 * i + b] = (uint8_t)(r.walk[0] >> (8 * b));
        hout[perm(i)] = (uint16_t)r.gather;
        wout[i * 17 % N] = r.walk[3];
    }
    simty_barrier();

    if (tid != 0)
        return 0;
    unsigned bad_in = 0, bad = 0, first = 0;
    for (uint32_t j = 0; j < M; j++)
        bad_in += a[j] != a_of(j) || idx[j] != idx_of(j) || sb[j] != sb_of(j) ||
                  sh[j] != sh_of(j);
    uint32_t sum = 0;
    for (uint32_t i = 0; i < N; i++) {
        struct result r;
        ITEM(i, r, REF_A, REF_IDX, REF_SB, REF_UB, REF_SH, REF_UH);
        uint32_t w = r.walk[0];
        int ok = same(&res[perm(i)], &r) &&
                 hout[perm(i)] == (uint16_t)r.gather &&
                 wout[i * 17 % N] == r.walk[3] && bout[4 * i] == (uint8_t)w &&
                 bout[4 * i + 1] == (uint8_t)(w >> 8) &&
                 bout[4 * i + 2] == (uint8_t)(w >> 16) &&
                 bout[4 * i + 3] == (uint8_t)(w >> 24);
        if (!ok && bad++ == 0)
            first = i;
        sum += r.walk[0] + r.walk[1] + r.walk[2] + r.walk[3] + r.gather +
               r.bytes + r.halves + r.bcast;
    }
    if (bad_in || bad) {
        printf("memory: FAIL (%u of %u input elements wrong; %u of %u items "
               "wrong, first at %u) with %u threads\n",
               bad_in, M, bad, N, first, n);
        return 1;
    }
    printf("memory: PASS (%u items, %u-element inputs, %u threads, sum %lu)\n",
           N, M, n, (unsigned long)sum);
    return 0;
}
