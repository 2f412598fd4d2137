/* The per-lane executor for register-to-register work, shared by every
 * model.  Each function runs one decoded instruction for lanes [0, n) of a
 * register file laid out structure-of-arrays: register r of lane l is at
 * x[r*stride + l].  The scalar model calls it with n = 1 (one thread), the
 * SIMT models with n = T; `sel` is NULL when every lane is active, else a
 * per-lane select word (0 or ~0) so that the lane loops stay branch-free and
 * vectorise. */
#ifndef SIMTY_ISA_EXEC_H
#define SIMTY_ISA_EXEC_H

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "isa/insn.h"

#define EXEC_MAX_LANES 64

/* Computes expr for every lane.  All lanes active: straight into rd (a
 * lane reads only its own lane of the sources, so rd may be a source; the
 * compiler vectorises after a run-time overlap check).  Else into a local
 * array first (so the compiler knows nothing aliases), then merged into rd
 * under the select words. */
#define EXEC_LANES(expr)                                             \
    do {                                                             \
        if (!sel) {                                                  \
            for (unsigned l = 0; l < n; l++)                         \
                rd[l] = (expr);                                      \
            break;                                                   \
        }                                                            \
        uint32_t res_[EXEC_MAX_LANES];                               \
        for (unsigned l = 0; l < n; l++)                             \
            res_[l] = (expr);                                        \
        for (unsigned l = 0; l < n; l++)                             \
            rd[l] = (res_[l] & sel[l]) | (rd[l] & ~sel[l]);          \
    } while (0)

static inline uint32_t exec_div(uint32_t a, uint32_t b)
{
    if (b == 0)
        return ~0u;
    if (a == 0x80000000u && b == ~0u)
        return a;
    return (uint32_t)((int32_t)a / (int32_t)b);
}

static inline uint32_t exec_rem(uint32_t a, uint32_t b)
{
    if (b == 0)
        return a;
    if (a == 0x80000000u && b == ~0u)
        return 0;
    return (uint32_t)((int32_t)a % (int32_t)b);
}

/* CLS_ALU: arithmetic, logic, shifts, comparisons, LUI, AUIPC, M. */
static inline __attribute__((always_inline)) void exec_alu(const insn_t *d, uint32_t *x, unsigned stride, unsigned n,
                            const uint32_t *sel, uint32_t pc)
{
    if (!(d->flags & INSN_WRITES_RD))
        return; /* rd = x0: no architectural effect */
    uint32_t *rd = x + (unsigned)d->rd * stride;
    const uint32_t *a = x + (unsigned)d->rs1 * stride;
    const uint32_t *b = x + (unsigned)d->rs2 * stride;
    const uint32_t imm = (uint32_t)d->imm;

    switch (d->op) {
    case OP_LUI:    EXEC_LANES(imm); break;
    case OP_AUIPC:  EXEC_LANES(pc + imm); break;
    case OP_ADDI:   EXEC_LANES(a[l] + imm); break;
    case OP_SLTI:   EXEC_LANES((uint32_t)((int32_t)a[l] < (int32_t)imm)); break;
    case OP_SLTIU:  EXEC_LANES((uint32_t)(a[l] < imm)); break;
    case OP_XORI:   EXEC_LANES(a[l] ^ imm); break;
    case OP_ORI:    EXEC_LANES(a[l] | imm); break;
    case OP_ANDI:   EXEC_LANES(a[l] & imm); break;
    case OP_SLLI:   EXEC_LANES(a[l] << imm); break;
    case OP_SRLI:   EXEC_LANES(a[l] >> imm); break;
    case OP_SRAI:   EXEC_LANES((uint32_t)((int32_t)a[l] >> imm)); break;
    case OP_ADD:    EXEC_LANES(a[l] + b[l]); break;
    case OP_SUB:    EXEC_LANES(a[l] - b[l]); break;
    case OP_SLL:    EXEC_LANES(a[l] << (b[l] & 31)); break;
    case OP_SLT:    EXEC_LANES((uint32_t)((int32_t)a[l] < (int32_t)b[l])); break;
    case OP_SLTU:   EXEC_LANES((uint32_t)(a[l] < b[l])); break;
    case OP_XOR:    EXEC_LANES(a[l] ^ b[l]); break;
    case OP_SRL:    EXEC_LANES(a[l] >> (b[l] & 31)); break;
    case OP_SRA:    EXEC_LANES((uint32_t)((int32_t)a[l] >> (b[l] & 31))); break;
    case OP_OR:     EXEC_LANES(a[l] | b[l]); break;
    case OP_AND:    EXEC_LANES(a[l] & b[l]); break;
    case OP_MUL:    EXEC_LANES(a[l] * b[l]); break;
    case OP_MULH:
        EXEC_LANES((uint32_t)((uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]) >> 32));
        break;
    case OP_MULHSU:
        EXEC_LANES((uint32_t)((uint64_t)((int64_t)(int32_t)a[l] * (int64_t)b[l]) >> 32));
        break;
    case OP_MULHU:  EXEC_LANES((uint32_t)(((uint64_t)a[l] * b[l]) >> 32)); break;
    case OP_DIV:    EXEC_LANES(exec_div(a[l], b[l])); break;
    case OP_DIVU:   EXEC_LANES(b[l] ? a[l] / b[l] : ~0u); break;
    case OP_REM:    EXEC_LANES(exec_rem(a[l], b[l])); break;
    case OP_REMU:   EXEC_LANES(b[l] ? a[l] % b[l] : a[l]); break;
    default: break;
    }
}

/* Select words of a lane mask: sel[l] = ~0 if lane l is in mask, else 0,
 * for lanes [0, n).  Written as an AND with a per-lane constant and a
 * compare, which the compiler turns into SIMD code (a shift by the lane
 * number would not vectorise before AVX2). */
static inline void exec_select_words(uint64_t mask, unsigned n, uint32_t *sel)
{
    static const uint32_t bit[32] = {
        1u << 0, 1u << 1, 1u << 2, 1u << 3, 1u << 4, 1u << 5, 1u << 6, 1u << 7,
        1u << 8, 1u << 9, 1u << 10, 1u << 11, 1u << 12, 1u << 13, 1u << 14, 1u << 15,
        1u << 16, 1u << 17, 1u << 18, 1u << 19, 1u << 20, 1u << 21, 1u << 22, 1u << 23,
        1u << 24, 1u << 25, 1u << 26, 1u << 27, 1u << 28, 1u << 29, 1u << 30, 1u << 31};
    const uint32_t lo = (uint32_t)mask, hi = (uint32_t)(mask >> 32);
    const unsigned n0 = n < 32 ? n : 32;
    for (unsigned l = 0; l < n0; l++)
        sel[l] = 0u - (uint32_t)((lo & bit[l]) != 0);
    for (unsigned l = 32; l < n; l++)
        sel[l] = 0u - (uint32_t)((hi & bit[l - 32]) != 0);
}

/* The inverse: the lane mask of select words (bit l set iff c[l] != 0;
 * each c[l] is 0 or ~0).  SSE2 packs four lanes per instruction; other
 * hosts take the portable loop. */
static inline uint64_t exec_mask_of(const uint32_t *c, unsigned n)
{
    uint64_t t = 0;
    unsigned l = 0;
#if defined(__SSE2__)
    for (; l + 4 <= n; l += 4) {
        __m128 v = _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(const void *)(c + l)));
        t |= (uint64_t)(unsigned)_mm_movemask_ps(v) << l;
    }
#endif
    for (; l < n; l++)
        t |= (uint64_t)(c[l] & 1) << l;
    return t;
}

/* exec_alu out of line, compiled for the host's widest SIMD unit
 * (isa/exec.c): what the SIMT models call for whole warps. */
void exec_alu_lanes(const insn_t *d, uint32_t *x, unsigned stride, unsigned n,
                    const uint32_t *sel, uint32_t pc);

/* Runs k CLS_ALU instructions from pc on, each pc + len after the one
 * before, on all n lanes of x (stride n), one after the other: a
 * straight-line block of a converged warp (models/simt.c).  The
 * instruction at a PC is cache[(pc >> 1) & slot_mask] (the decode cache,
 * machine/machine.h).  Returns the PC after the block. */
uint32_t exec_alu_run(const insn_t *cache, unsigned slot_mask, unsigned k, uint32_t *x,
                      unsigned n, uint32_t pc);

/* CLS_BRANCH: returns the mask of lanes (bit l) whose condition holds. */
static inline __attribute__((always_inline)) uint64_t exec_branch(const insn_t *d, const uint32_t *x, unsigned stride, unsigned n)
{
    const uint32_t *a = x + (unsigned)d->rs1 * stride;
    const uint32_t *b = x + (unsigned)d->rs2 * stride;
    uint32_t c[EXEC_MAX_LANES];
#define BRANCH_LANES(cond)                             \
    for (unsigned l = 0; l < n; l++)                   \
        c[l] = 0u - (uint32_t)(cond);
    switch (d->op) {
    case OP_BEQ:  BRANCH_LANES(a[l] == b[l]); break;
    case OP_BNE:  BRANCH_LANES(a[l] != b[l]); break;
    case OP_BLT:  BRANCH_LANES((int32_t)a[l] < (int32_t)b[l]); break;
    case OP_BGE:  BRANCH_LANES((int32_t)a[l] >= (int32_t)b[l]); break;
    case OP_BLTU: BRANCH_LANES(a[l] < b[l]); break;
    case OP_BGEU: BRANCH_LANES(a[l] >= b[l]); break;
    default: return 0;
    }
#undef BRANCH_LANES
    return exec_mask_of(c, n);
}

/* exec_branch out of line, compiled like exec_alu_lanes. */
uint64_t exec_branch_lanes(const insn_t *d, const uint32_t *x, unsigned stride, unsigned n);

/* Effective addresses rs1 + imm of loads, stores, AMOs (imm 0) and JALR
 * targets (the caller clears bit 0). */
static inline void exec_addr(const insn_t *d, const uint32_t *x, unsigned stride, unsigned n,
                             uint32_t *addr)
{
    const uint32_t *a = x + (unsigned)d->rs1 * stride;
    const uint32_t imm = d->cls == CLS_AMO ? 0 : (uint32_t)d->imm;
    for (unsigned l = 0; l < n; l++)
        addr[l] = a[l] + imm;
}

/* JAL/JALR link: rd = the next instruction's address, pc + 4 or pc + 2
 * (compressed), after the target was read from rs1. */
static inline void exec_link(const insn_t *d, uint32_t *x, unsigned stride, unsigned n,
                             const uint32_t *sel, uint32_t pc)
{
    if (!(d->flags & INSN_WRITES_RD))
        return;
    uint32_t *rd = x + (unsigned)d->rd * stride;
    EXEC_LANES(pc + d->len);
}

#endif
