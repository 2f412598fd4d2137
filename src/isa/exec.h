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

#include "isa/insn.h"

#define EXEC_MAX_LANES 64

/* Computes expr for every lane into a local array (so the compiler knows
 * nothing aliases), then merges it into rd under the select words. */
#define EXEC_LANES(expr)                                             \
    do {                                                             \
        uint32_t res_[EXEC_MAX_LANES];                               \
        for (unsigned l = 0; l < n; l++)                             \
            res_[l] = (expr);                                        \
        if (sel)                                                     \
            for (unsigned l = 0; l < n; l++)                         \
                rd[l] = (res_[l] & sel[l]) | (rd[l] & ~sel[l]);      \
        else                                                         \
            for (unsigned l = 0; l < n; l++)                         \
                rd[l] = res_[l];                                     \
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
static inline void exec_alu(const insn_t *d, uint32_t *x, unsigned stride, unsigned n,
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

/* CLS_BRANCH: returns the mask of lanes (bit l) whose condition holds. */
static inline uint64_t exec_branch(const insn_t *d, const uint32_t *x, unsigned stride, unsigned n)
{
    const uint32_t *a = x + (unsigned)d->rs1 * stride;
    const uint32_t *b = x + (unsigned)d->rs2 * stride;
    uint64_t t = 0;
#define BRANCH_LANES(cond)                             \
    for (unsigned l = 0; l < n; l++)                   \
        t |= (uint64_t)(cond) << l;
    switch (d->op) {
    case OP_BEQ:  BRANCH_LANES(a[l] == b[l]); break;
    case OP_BNE:  BRANCH_LANES(a[l] != b[l]); break;
    case OP_BLT:  BRANCH_LANES((int32_t)a[l] < (int32_t)b[l]); break;
    case OP_BGE:  BRANCH_LANES((int32_t)a[l] >= (int32_t)b[l]); break;
    case OP_BLTU: BRANCH_LANES(a[l] < b[l]); break;
    case OP_BGEU: BRANCH_LANES(a[l] >= b[l]); break;
    default: break;
    }
#undef BRANCH_LANES
    return t;
}

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

/* JAL/JALR link: rd = pc + 4 (after the target was read from rs1). */
static inline void exec_link(const insn_t *d, uint32_t *x, unsigned stride, unsigned n,
                             const uint32_t *sel, uint32_t pc)
{
    if (!(d->flags & INSN_WRITES_RD))
        return;
    uint32_t *rd = x + (unsigned)d->rd * stride;
    EXEC_LANES(pc + 4);
}

#endif
