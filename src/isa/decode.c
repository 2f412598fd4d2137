/* RV32IMAFD + Zicsr + Zifencei + Zihintpause + Zawrs decoder (RISC-V
 * unprivileged spec, chapters 2, 7, 8, 9, 10, 11 (F), 12 (D), the
 * Zihintpause and Zawrs chapters, and the base opcode map). */
#include "isa/insn.h"

#include <string.h>

static const char *const mnemonics[OP_COUNT] = {
#define SIMTY_OP_NAME(name, mn, cls) [OP_##name] = mn,
    SIMTY_OPS(SIMTY_OP_NAME)
#undef SIMTY_OP_NAME
};

static const uint8_t classes[OP_COUNT] = {
#define SIMTY_OP_CLASS(name, mn, cls) [OP_##name] = cls,
    SIMTY_OPS(SIMTY_OP_CLASS)
#undef SIMTY_OP_CLASS
};

const char *insn_mnemonic(unsigned op)
{
    return op < OP_COUNT ? mnemonics[op] : "?";
}

static inline uint32_t bits(uint32_t x, unsigned hi, unsigned lo)
{
    return (x >> lo) & ((1u << (hi - lo + 1)) - 1);
}

static inline int32_t sext(uint32_t x, unsigned width)
{
    uint32_t m = 1u << (width - 1);
    return (int32_t)((x ^ m) - m);
}

static int32_t imm_i(uint32_t r) { return (int32_t)r >> 20; }
static int32_t imm_s(uint32_t r) { return sext((bits(r, 31, 25) << 5) | bits(r, 11, 7), 12); }
static int32_t imm_b(uint32_t r)
{
    return sext((bits(r, 31, 31) << 12) | (bits(r, 7, 7) << 11) | (bits(r, 30, 25) << 5) |
                    (bits(r, 11, 8) << 1), 13);
}
static int32_t imm_u(uint32_t r) { return (int32_t)(r & 0xfffff000u); }
static int32_t imm_j(uint32_t r)
{
    return sext((bits(r, 31, 31) << 20) | (bits(r, 19, 12) << 12) | (bits(r, 20, 20) << 11) |
                    (bits(r, 30, 21) << 1), 21);
}

static int is_link(unsigned r) { return r == 1 || r == 5; }

/* OP-FP (opcode 0x53): funct7 is funct5 and the format (0: S, 1: D). */
static unsigned decode_op_fp(uint32_t r)
{
    const unsigned f3 = bits(r, 14, 12), f7 = bits(r, 31, 25), rs2 = bits(r, 24, 20);
    switch (f7) {
    case 0x00: return OP_FADD_S;
    case 0x01: return OP_FADD_D;
    case 0x04: return OP_FSUB_S;
    case 0x05: return OP_FSUB_D;
    case 0x08: return OP_FMUL_S;
    case 0x09: return OP_FMUL_D;
    case 0x0c: return OP_FDIV_S;
    case 0x0d: return OP_FDIV_D;
    case 0x2c: return rs2 == 0 ? OP_FSQRT_S : OP_ILLEGAL;
    case 0x2d: return rs2 == 0 ? OP_FSQRT_D : OP_ILLEGAL;
    case 0x10: return f3 == 0 ? OP_FSGNJ_S : f3 == 1 ? OP_FSGNJN_S : f3 == 2 ? OP_FSGNJX_S : OP_ILLEGAL;
    case 0x11: return f3 == 0 ? OP_FSGNJ_D : f3 == 1 ? OP_FSGNJN_D : f3 == 2 ? OP_FSGNJX_D : OP_ILLEGAL;
    case 0x14: return f3 == 0 ? OP_FMIN_S : f3 == 1 ? OP_FMAX_S : OP_ILLEGAL;
    case 0x15: return f3 == 0 ? OP_FMIN_D : f3 == 1 ? OP_FMAX_D : OP_ILLEGAL;
    case 0x20: return rs2 == 1 ? OP_FCVT_S_D : OP_ILLEGAL;
    case 0x21: return rs2 == 0 ? OP_FCVT_D_S : OP_ILLEGAL;
    case 0x50: return f3 == 0 ? OP_FLE_S : f3 == 1 ? OP_FLT_S : f3 == 2 ? OP_FEQ_S : OP_ILLEGAL;
    case 0x51: return f3 == 0 ? OP_FLE_D : f3 == 1 ? OP_FLT_D : f3 == 2 ? OP_FEQ_D : OP_ILLEGAL;
    case 0x60: return rs2 == 0 ? OP_FCVT_W_S : rs2 == 1 ? OP_FCVT_WU_S : OP_ILLEGAL;
    case 0x61: return rs2 == 0 ? OP_FCVT_W_D : rs2 == 1 ? OP_FCVT_WU_D : OP_ILLEGAL;
    case 0x68: return rs2 == 0 ? OP_FCVT_S_W : rs2 == 1 ? OP_FCVT_S_WU : OP_ILLEGAL;
    case 0x69: return rs2 == 0 ? OP_FCVT_D_W : rs2 == 1 ? OP_FCVT_D_WU : OP_ILLEGAL;
    case 0x70:
        if (rs2 != 0)
            return OP_ILLEGAL;
        return f3 == 0 ? OP_FMV_X_W : f3 == 1 ? OP_FCLASS_S : OP_ILLEGAL;
    case 0x71: return rs2 == 0 && f3 == 1 ? OP_FCLASS_D : OP_ILLEGAL;
    case 0x78: return rs2 == 0 && f3 == 0 ? OP_FMV_W_X : OP_ILLEGAL;
    }
    return OP_ILLEGAL;
}

/* The operands and format of an F or D instruction (insn_t.fp). */
static unsigned fp_operands(unsigned op)
{
    enum { F1 = FP_RD | FP_RS1, F2 = F1 | FP_RS2, F3 = F2 | FP_RS3 };
    switch (op) {
    case OP_FLW: return FP_RD;
    case OP_FLD: return FP_RD | FP_DOUBLE;
    case OP_FSW: return FP_RS2;
    case OP_FSD: return FP_RS2 | FP_DOUBLE;
    case OP_FMADD_S: case OP_FMSUB_S: case OP_FNMSUB_S: case OP_FNMADD_S:
        return F3 | FP_USES_RM;
    case OP_FMADD_D: case OP_FMSUB_D: case OP_FNMSUB_D: case OP_FNMADD_D:
        return F3 | FP_USES_RM | FP_DOUBLE;
    case OP_FADD_S: case OP_FSUB_S: case OP_FMUL_S: case OP_FDIV_S:
        return F2 | FP_USES_RM;
    case OP_FADD_D: case OP_FSUB_D: case OP_FMUL_D: case OP_FDIV_D:
        return F2 | FP_USES_RM | FP_DOUBLE;
    case OP_FSQRT_S: return F1 | FP_USES_RM;
    case OP_FSQRT_D: return F1 | FP_USES_RM | FP_DOUBLE;
    case OP_FSGNJ_S: case OP_FSGNJN_S: case OP_FSGNJX_S: case OP_FMIN_S: case OP_FMAX_S:
        return F2;
    case OP_FSGNJ_D: case OP_FSGNJN_D: case OP_FSGNJX_D: case OP_FMIN_D: case OP_FMAX_D:
        return F2 | FP_DOUBLE;
    case OP_FCVT_S_D: return F1 | FP_USES_RM | FP_DOUBLE;
    case OP_FCVT_D_S: return F1 | FP_USES_RM | FP_DOUBLE;
    case OP_FEQ_S: case OP_FLT_S: case OP_FLE_S: return FP_RS1 | FP_RS2;
    case OP_FEQ_D: case OP_FLT_D: case OP_FLE_D: return FP_RS1 | FP_RS2 | FP_DOUBLE;
    case OP_FCLASS_S: case OP_FMV_X_W: return FP_RS1;
    case OP_FCLASS_D: return FP_RS1 | FP_DOUBLE;
    case OP_FCVT_W_S: case OP_FCVT_WU_S: return FP_RS1 | FP_USES_RM;
    case OP_FCVT_W_D: case OP_FCVT_WU_D: return FP_RS1 | FP_USES_RM | FP_DOUBLE;
    case OP_FCVT_S_W: case OP_FCVT_S_WU: return FP_RD | FP_USES_RM;
    case OP_FCVT_D_W: case OP_FCVT_D_WU: return FP_RD | FP_USES_RM | FP_DOUBLE;
    case OP_FMV_W_X: return FP_RD;
    }
    return 0;
}

/* Picks the op from the opcode and function fields; returns OP_ILLEGAL for
 * anything outside RV32IMAFD + Zicsr + Zifencei. */
static unsigned decode_op(uint32_t r)
{
    unsigned opcode = bits(r, 6, 0), f3 = bits(r, 14, 12), f7 = bits(r, 31, 25);
    unsigned rd = bits(r, 11, 7), rs1 = bits(r, 19, 15);

    switch (opcode) {
    case 0x37: return OP_LUI;
    case 0x17: return OP_AUIPC;
    case 0x6f: return OP_JAL;
    case 0x67: return f3 == 0 ? OP_JALR : OP_ILLEGAL;
    case 0x63: {
        static const uint8_t b[8] = {OP_BEQ, OP_BNE, OP_ILLEGAL, OP_ILLEGAL,
                                     OP_BLT, OP_BGE, OP_BLTU,    OP_BGEU};
        return b[f3];
    }
    case 0x03: {
        static const uint8_t l[8] = {OP_LB,  OP_LH,  OP_LW,      OP_ILLEGAL,
                                     OP_LBU, OP_LHU, OP_ILLEGAL, OP_ILLEGAL};
        return l[f3];
    }
    case 0x23: {
        static const uint8_t s[8] = {OP_SB, OP_SH, OP_SW, OP_ILLEGAL,
                                     OP_ILLEGAL, OP_ILLEGAL, OP_ILLEGAL, OP_ILLEGAL};
        return s[f3];
    }
    case 0x13:
        switch (f3) {
        case 0: return OP_ADDI;
        case 2: return OP_SLTI;
        case 3: return OP_SLTIU;
        case 4: return OP_XORI;
        case 6: return OP_ORI;
        case 7: return OP_ANDI;
        case 1: return f7 == 0 ? OP_SLLI : OP_ILLEGAL;
        case 5: return f7 == 0 ? OP_SRLI : f7 == 0x20 ? OP_SRAI : OP_ILLEGAL;
        }
        return OP_ILLEGAL;
    case 0x33:
        if (f7 == 0) {
            static const uint8_t o[8] = {OP_ADD, OP_SLL, OP_SLT, OP_SLTU,
                                         OP_XOR, OP_SRL, OP_OR,  OP_AND};
            return o[f3];
        }
        if (f7 == 0x20)
            return f3 == 0 ? OP_SUB : f3 == 5 ? OP_SRA : OP_ILLEGAL;
        if (f7 == 1) {
            static const uint8_t m[8] = {OP_MUL, OP_MULH, OP_MULHSU, OP_MULHU,
                                         OP_DIV, OP_DIVU, OP_REM,    OP_REMU};
            return m[f3];
        }
        return OP_ILLEGAL;
    case 0x0f:
        if (r == 0x0100000fu) /* fence w,0: the Zihintpause hint */
            return OP_PAUSE;
        if (f3 == 0)
            return OP_FENCE;
        if (f3 == 1)
            return OP_FENCE_I;
        return OP_ILLEGAL;
    case 0x73:
        if (f3 == 0) {
            if (rd != 0 || rs1 != 0)
                return OP_ILLEGAL;
            switch (bits(r, 31, 20)) {
            case 0x000: return OP_ECALL;
            case 0x001: return OP_EBREAK;
            case 0x105: return OP_WFI;
            case 0x302: return OP_MRET;
            case 0x00d: return OP_WRS_NTO;
            case 0x01d: return OP_WRS_STO;
            }
            return OP_ILLEGAL;
        }
        {
            static const uint8_t c[8] = {OP_ILLEGAL, OP_CSRRW,  OP_CSRRS,  OP_CSRRC,
                                         OP_ILLEGAL, OP_CSRRWI, OP_CSRRSI, OP_CSRRCI};
            return c[f3];
        }
    case 0x2f:
        if (f3 != 2)
            return OP_ILLEGAL;
        switch (bits(r, 31, 27)) {
        case 0x02: return bits(r, 24, 20) == 0 ? OP_LR_W : OP_ILLEGAL;
        case 0x03: return OP_SC_W;
        case 0x01: return OP_AMOSWAP_W;
        case 0x00: return OP_AMOADD_W;
        case 0x04: return OP_AMOXOR_W;
        case 0x0c: return OP_AMOAND_W;
        case 0x08: return OP_AMOOR_W;
        case 0x10: return OP_AMOMIN_W;
        case 0x14: return OP_AMOMAX_W;
        case 0x18: return OP_AMOMINU_W;
        case 0x1c: return OP_AMOMAXU_W;
        }
        return OP_ILLEGAL;
    case 0x07:
        return f3 == 2 ? OP_FLW : f3 == 3 ? OP_FLD : OP_ILLEGAL;
    case 0x27:
        return f3 == 2 ? OP_FSW : f3 == 3 ? OP_FSD : OP_ILLEGAL;
    case 0x43: case 0x47: case 0x4b: case 0x4f: {
        static const uint8_t s[4] = {OP_FMADD_S, OP_FMSUB_S, OP_FNMSUB_S, OP_FNMADD_S};
        static const uint8_t dd[4] = {OP_FMADD_D, OP_FMSUB_D, OP_FNMSUB_D, OP_FNMADD_D};
        unsigned fmt = bits(r, 26, 25);
        return fmt == 0 ? s[(opcode >> 2) & 3] : fmt == 1 ? dd[(opcode >> 2) & 3] : OP_ILLEGAL;
    }
    case 0x53:
        return decode_op_fp(r);
    }
    return OP_ILLEGAL;
}

void insn_decode(uint32_t raw, insn_t *d)
{
    memset(d, 0, sizeof *d);
    d->raw = raw;
    d->len = 4;
    d->op = (raw & 3) == 3 ? (uint8_t)decode_op(raw) : OP_ILLEGAL;
    d->fp = (uint8_t)fp_operands(d->op);
    if (d->fp & FP_USES_RM) {
        d->rm = (uint8_t)bits(raw, 14, 12);
        if (d->rm == 5 || d->rm == 6) /* reserved rounding modes */
            d->op = OP_ILLEGAL, d->fp = 0, d->rm = 0;
    }
    d->cls = classes[d->op];
    d->rd = bits(raw, 11, 7);
    d->rs1 = bits(raw, 19, 15);
    d->rs2 = bits(raw, 24, 20);

    unsigned opcode = bits(raw, 6, 0);
    unsigned f = 0;
    switch (d->cls) {
    case CLS_ILLEGAL:
        d->rd = d->rs1 = d->rs2 = 0;
        return;
    case CLS_FP:
        f = INSN_READS_RS1 | INSN_WRITES_RD;
        if (d->fp & FP_RS2)
            f |= INSN_READS_RS2;
        else
            d->rs2 = 0;
        if (d->fp & FP_RS3) {
            d->rs3 = (uint8_t)bits(raw, 31, 27);
            f |= INSN_READS_RS3;
        }
        switch (d->op) { /* rd is an integer register */
        case OP_FEQ_S: case OP_FLT_S: case OP_FLE_S: case OP_FEQ_D: case OP_FLT_D: case OP_FLE_D:
        case OP_FCLASS_S: case OP_FCLASS_D: case OP_FMV_X_W:
        case OP_FCVT_W_S: case OP_FCVT_WU_S: case OP_FCVT_W_D: case OP_FCVT_WU_D:
            break;
        default:
            d->flags = (uint8_t)f; /* an FP rd: f0 is written too */
            return;
        }
        break;
    case CLS_ALU:
        if (d->op == OP_LUI || d->op == OP_AUIPC) {
            d->imm = imm_u(raw);
            f = INSN_WRITES_RD;
        } else if (opcode == 0x13) {
            d->imm = imm_i(raw);
            if (d->op == OP_SLLI || d->op == OP_SRLI || d->op == OP_SRAI)
                d->imm &= 31;
            f = INSN_READS_RS1 | INSN_WRITES_RD;
        } else {
            f = INSN_READS_RS1 | INSN_READS_RS2 | INSN_WRITES_RD;
        }
        break;
    case CLS_BRANCH:
        d->imm = imm_b(raw);
        d->rd = 0;
        f = INSN_READS_RS1 | INSN_READS_RS2;
        /* a branch to itself (`bnez a0, .`, `beq x, x, .`): a thread that
         * takes it is where it was, with nothing changed, and takes it again */
        if (d->imm == 0)
            f |= INSN_SELF_LOOP;
        break;
    case CLS_JAL:
        d->imm = imm_j(raw);
        f = INSN_WRITES_RD;
        if (is_link(d->rd))
            f |= INSN_CALL;
        if (d->imm == 0 && d->rd == 0) /* j . */
            f |= INSN_SELF_LOOP;
        break;
    case CLS_JALR:
        d->imm = imm_i(raw);
        f = INSN_READS_RS1 | INSN_WRITES_RD;
        if (is_link(d->rd))
            f |= INSN_CALL;
        if (is_link(d->rs1) && (!is_link(d->rd) || d->rd != d->rs1))
            f |= INSN_RETURN;
        break;
    case CLS_LOAD:
        d->imm = imm_i(raw);
        f = INSN_READS_RS1 | INSN_WRITES_RD;
        if (d->fp & FP_RD) { /* FLW, FLD: f0 is written too */
            d->flags = (uint8_t)f;
            return;
        }
        break;
    case CLS_STORE:
        d->imm = imm_s(raw);
        d->rd = 0;
        f = INSN_READS_RS1 | INSN_READS_RS2;
        break;
    case CLS_AMO:
        f = INSN_READS_RS1 | INSN_WRITES_RD;
        if (d->op != OP_LR_W)
            f |= INSN_READS_RS2;
        else
            d->rs2 = 0;
        break;
    case CLS_CSR:
        d->csr = (uint16_t)bits(raw, 31, 20);
        d->rs2 = 0;
        f = INSN_WRITES_RD;
        if (d->op >= OP_CSRRWI)
            d->imm = (int32_t)d->rs1; /* zimm */
        else
            f |= INSN_READS_RS1;
        break;
    case CLS_SYSTEM:
    case CLS_FENCE:
        d->rd = d->rs1 = d->rs2 = 0;
        if (d->op == OP_FENCE)
            d->imm = (int32_t)bits(raw, 31, 20); /* fm/pred/succ, for disassembly */
        break;
    }
    if (d->rd == 0)
        f &= ~INSN_WRITES_RD;
    if ((f & INSN_WRITES_RD) && d->rd == 2)
        f |= INSN_WRITES_SP;
    d->flags = (uint8_t)f;
}

/* ---- the C extension (unprivileged spec, chapter 16, RV32C) ----
 * A compressed instruction is expanded into the 32-bit instruction it
 * stands for and decoded by insn_decode(), so there is one decoder; the
 * insn_t then keeps the 16-bit parcel in raw and len = 2. */

static uint32_t enc_r(unsigned opc, unsigned rd, unsigned f3, unsigned rs1, unsigned rs2,
                      unsigned f7)
{
    return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc;
}
static uint32_t enc_i(unsigned opc, unsigned rd, unsigned f3, unsigned rs1, int32_t imm)
{
    return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc;
}
static uint32_t enc_s(unsigned opc, unsigned f3, unsigned rs1, unsigned rs2, int32_t imm)
{
    uint32_t i = (uint32_t)imm;
    return bits(i, 11, 5) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | bits(i, 4, 0) << 7 | opc;
}
static uint32_t enc_b(unsigned f3, unsigned rs1, unsigned rs2, int32_t imm)
{
    uint32_t i = (uint32_t)imm;
    return bits(i, 12, 12) << 31 | bits(i, 10, 5) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
           bits(i, 4, 1) << 8 | bits(i, 11, 11) << 7 | 0x63;
}
static uint32_t enc_j(unsigned rd, int32_t imm)
{
    uint32_t i = (uint32_t)imm;
    return bits(i, 20, 20) << 31 | bits(i, 10, 1) << 21 | bits(i, 11, 11) << 20 |
           bits(i, 19, 12) << 12 | rd << 7 | 0x6f;
}

/* The 32-bit instruction a compressed one stands for, or 0 (illegal) for a
 * reserved encoding, a NSE (RV32 shift amounts >= 32) or the all-zero parcel. */
uint32_t insn_expand_c(uint16_t c)
{
    const uint32_t h = c;
    const unsigned f3 = bits(h, 15, 13);
    const unsigned rd = bits(h, 11, 7), rs2 = bits(h, 6, 2);       /* full registers */
    const unsigned rdp = 8 + bits(h, 4, 2), rs1p = 8 + bits(h, 9, 7); /* x8..x15 */
    const int32_t imm6 = sext(bits(h, 12, 12) << 5 | bits(h, 6, 2), 6);
    /* CL/CS offsets: word (lw/sw/flw/fsw) and doubleword (fld/fsd) */
    const int32_t offw = (int32_t)(bits(h, 12, 10) << 3 | bits(h, 6, 6) << 2 | bits(h, 5, 5) << 6);
    const int32_t offd = (int32_t)(bits(h, 12, 10) << 3 | bits(h, 6, 5) << 6);

    switch (bits(h, 1, 0) << 3 | f3) {
    /* quadrant 0 */
    case 000: { /* c.addi4spn */
        uint32_t nz = bits(h, 12, 11) << 4 | bits(h, 10, 7) << 6 | bits(h, 6, 6) << 2 |
                      bits(h, 5, 5) << 3;
        return nz ? enc_i(0x13, rdp, 0, 2, (int32_t)nz) : 0;
    }
    case 001: return enc_i(0x07, rdp, 3, rs1p, offd);       /* c.fld */
    case 002: return enc_i(0x03, rdp, 2, rs1p, offw);       /* c.lw */
    case 003: return enc_i(0x07, rdp, 2, rs1p, offw);       /* c.flw */
    case 005: return enc_s(0x27, 3, rs1p, rdp, offd);       /* c.fsd */
    case 006: return enc_s(0x23, 2, rs1p, rdp, offw);       /* c.sw */
    case 007: return enc_s(0x27, 2, rs1p, rdp, offw);       /* c.fsw */
    /* quadrant 1 */
    case 010: return enc_i(0x13, rd, 0, rd, imm6);          /* c.addi, c.nop */
    case 011: case 015: {                                   /* c.jal, c.j */
        int32_t off = sext(bits(h, 12, 12) << 11 | bits(h, 11, 11) << 4 | bits(h, 10, 9) << 8 |
                               bits(h, 8, 8) << 10 | bits(h, 7, 7) << 6 | bits(h, 6, 6) << 7 |
                               bits(h, 5, 3) << 1 | bits(h, 2, 2) << 5, 12);
        return enc_j(f3 == 1 ? 1 : 0, off);
    }
    case 012: return enc_i(0x13, rd, 0, 0, imm6);           /* c.li */
    case 013:
        if (rd == 2) { /* c.addi16sp */
            int32_t nz = sext(bits(h, 12, 12) << 9 | bits(h, 6, 6) << 4 | bits(h, 5, 5) << 6 |
                                  bits(h, 4, 3) << 7 | bits(h, 2, 2) << 5, 10);
            return nz ? enc_i(0x13, 2, 0, 2, nz) : 0;
        }
        /* c.lui */
        return imm6 ? ((uint32_t)imm6 << 12) | rd << 7 | 0x37 : 0;
    case 014:
        switch (bits(h, 11, 10)) {
        case 0: /* c.srli */
        case 1: /* c.srai */
            if (bits(h, 12, 12))
                return 0;
            return enc_r(0x13, rs1p, 5, rs1p, bits(h, 6, 2), bits(h, 11, 10) ? 0x20 : 0);
        case 2: return enc_i(0x13, rs1p, 7, rs1p, imm6); /* c.andi */
        default: {
            static const uint8_t f3s[4] = {0, 4, 6, 7}; /* sub xor or and */
            unsigned k = bits(h, 6, 5);
            if (bits(h, 12, 12))
                return 0; /* c.subw, c.addw: RV64 only */
            return enc_r(0x33, rs1p, f3s[k], rs1p, rdp, k == 0 ? 0x20 : 0);
        }
        }
    case 016: case 017: {                                   /* c.beqz, c.bnez */
        int32_t off = sext(bits(h, 12, 12) << 8 | bits(h, 11, 10) << 3 | bits(h, 6, 5) << 6 |
                               bits(h, 4, 3) << 1 | bits(h, 2, 2) << 5, 9);
        return enc_b(f3 == 6 ? 0 : 1, rs1p, 0, off);
    }
    /* quadrant 2 */
    case 020: /* c.slli */
        return bits(h, 12, 12) ? 0 : enc_r(0x13, rd, 1, rd, bits(h, 6, 2), 0);
    case 021:                                               /* c.fldsp */
        return enc_i(0x07, rd, 3, 2, (int32_t)(bits(h, 12, 12) << 5 | bits(h, 6, 5) << 3 |
                                               bits(h, 4, 2) << 6));
    case 022: case 023: {                                   /* c.lwsp, c.flwsp */
        int32_t off = (int32_t)(bits(h, 12, 12) << 5 | bits(h, 6, 4) << 2 | bits(h, 3, 2) << 6);
        if (f3 == 2)
            return rd ? enc_i(0x03, rd, 2, 2, off) : 0;
        return enc_i(0x07, rd, 2, 2, off);
    }
    case 024:
        if (!bits(h, 12, 12)) {
            if (rs2) /* c.mv */
                return enc_r(0x33, rd, 0, 0, rs2, 0);
            return rd ? enc_i(0x67, 0, 0, rd, 0) : 0;       /* c.jr */
        }
        if (rs2) /* c.add */
            return enc_r(0x33, rd, 0, rd, rs2, 0);
        return rd ? enc_i(0x67, 1, 0, rd, 0) : 0x00100073u; /* c.jalr, c.ebreak */
    case 025:                                               /* c.fsdsp */
        return enc_s(0x27, 3, 2, rs2, (int32_t)(bits(h, 12, 10) << 3 | bits(h, 9, 7) << 6));
    case 026: case 027: {                                   /* c.swsp, c.fswsp */
        int32_t off = (int32_t)(bits(h, 12, 9) << 2 | bits(h, 8, 7) << 6);
        return enc_s(f3 == 6 ? 0x23 : 0x27, 2, 2, rs2, off);
    }
    }
    return 0; /* 004: reserved; quadrant 3 is not compressed */
}

void insn_decode_c(uint16_t c, insn_t *d)
{
    insn_decode(insn_expand_c(c), d); /* (0: OP_ILLEGAL, no operands) */
    d->raw = c;
    d->len = 2;
}
