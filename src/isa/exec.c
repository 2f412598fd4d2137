/* The per-lane executor's out-of-line entry points (isa/exec.h).  Built by
 * GCC for x86-64 they are compiled twice, for the baseline (SSE2) and for
 * AVX2, and the dynamic loader picks the one the host runs (function
 * multiversioning, an ifunc, so glibc): the same C, twice the lanes per
 * instruction.
 * (Clang 14 names its clones differently, so that callers in other files
 * would need the attribute too: Clang builds, the fuzzer's, take the
 * baseline.) */
#include "isa/exec.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__GLIBC__) && \
    !defined(SIMTY_NO_CLONES)
#define EXEC_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define EXEC_CLONES
#endif

EXEC_CLONES void exec_alu_lanes(const insn_t *d, uint32_t *x, unsigned stride, unsigned n,
                                const uint32_t *sel, uint32_t pc)
{
    switch (n) { /* the common warp widths: loops of a known trip count */
    case 8: exec_alu(d, x, stride, 8, sel, pc); break;
    case 16: exec_alu(d, x, stride, 16, sel, pc); break;
    case 32: exec_alu(d, x, stride, 32, sel, pc); break;
    case 64: exec_alu(d, x, stride, 64, sel, pc); break;
    default: exec_alu(d, x, stride, n, sel, pc); break;
    }
}

EXEC_CLONES uint32_t exec_alu_run(const insn_t *cache, unsigned slot_mask, unsigned k,
                                  uint32_t *x, unsigned n, uint32_t pc)
{
#define RUN(N)                                                    \
    for (unsigned i = 0; i < k; i++) {                            \
        const insn_t *d = &cache[(pc >> 1) & slot_mask];          \
        exec_alu(d, x, n, N, (const uint32_t *)0, pc);            \
        pc += d->len;                                             \
    }
    switch (n) {
    case 8: RUN(8); break;
    case 16: RUN(16); break;
    case 32: RUN(32); break;
    case 64: RUN(64); break;
    default: RUN(n); break;
    }
#undef RUN
    return pc;
}

EXEC_CLONES uint64_t exec_branch_lanes(const insn_t *d, const uint32_t *x, unsigned stride,
                                       unsigned n)
{
    switch (n) {
    case 8: return exec_branch(d, x, stride, 8);
    case 16: return exec_branch(d, x, stride, 16);
    case 32: return exec_branch(d, x, stride, 32);
    case 64: return exec_branch(d, x, stride, 64);
    default: return exec_branch(d, x, stride, n);
    }
}
