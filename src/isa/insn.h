/* Decoded RV32IMAFD + Zicsr + Zifencei + Zihintpause + Zawrs instructions.
 *
 * One decoder serves every model: an instruction word is decoded once into an
 * insn_t (cached by PC, see sim_fetch() in machine/machine.h) and the executors dispatch on
 * insn_t.op.  The op list is an X-macro so names, classes and the enum stay in
 * one place. */
#ifndef SIMTY_ISA_INSN_H
#define SIMTY_ISA_INSN_H

#include <stdint.h>

/* Instruction classes: what a scheduler needs to know without looking at the
 * opcode (path splitting, memory coalescing, replay). */
enum insn_class {
    CLS_ALU,      /* register/immediate arithmetic, LUI, AUIPC, M extension */
    CLS_BRANCH,   /* conditional branch */
    CLS_JAL,      /* direct jump (uniform target) */
    CLS_JALR,     /* indirect jump (per-lane targets) */
    CLS_LOAD,
    CLS_STORE,
    CLS_AMO,      /* AMO*.W, LR.W, SC.W: one lane per pass, lane order */
    CLS_CSR,
    CLS_SYSTEM,   /* ECALL, EBREAK, WFI, MRET, WRS.NTO, WRS.STO */
    CLS_FENCE,    /* FENCE (no-op: memory is sequentially consistent), FENCE.I, PAUSE */
    CLS_FP,       /* F and D operations on registers (isa/fpu.h); FLW/FLD are
                   * CLS_LOAD and FSW/FSD CLS_STORE */
    CLS_ILLEGAL,
};

/*   name       mnemonic     class */
#define SIMTY_OPS(X)                      \
    X(ILLEGAL,  "illegal",   CLS_ILLEGAL) \
    X(LUI,      "lui",       CLS_ALU)     \
    X(AUIPC,    "auipc",     CLS_ALU)     \
    X(JAL,      "jal",       CLS_JAL)     \
    X(JALR,     "jalr",      CLS_JALR)    \
    X(BEQ,      "beq",       CLS_BRANCH)  \
    X(BNE,      "bne",       CLS_BRANCH)  \
    X(BLT,      "blt",       CLS_BRANCH)  \
    X(BGE,      "bge",       CLS_BRANCH)  \
    X(BLTU,     "bltu",      CLS_BRANCH)  \
    X(BGEU,     "bgeu",      CLS_BRANCH)  \
    X(LB,       "lb",        CLS_LOAD)    \
    X(LH,       "lh",        CLS_LOAD)    \
    X(LW,       "lw",        CLS_LOAD)    \
    X(LBU,      "lbu",       CLS_LOAD)    \
    X(LHU,      "lhu",       CLS_LOAD)    \
    X(SB,       "sb",        CLS_STORE)   \
    X(SH,       "sh",        CLS_STORE)   \
    X(SW,       "sw",        CLS_STORE)   \
    X(ADDI,     "addi",      CLS_ALU)     \
    X(SLTI,     "slti",      CLS_ALU)     \
    X(SLTIU,    "sltiu",     CLS_ALU)     \
    X(XORI,     "xori",      CLS_ALU)     \
    X(ORI,      "ori",       CLS_ALU)     \
    X(ANDI,     "andi",      CLS_ALU)     \
    X(SLLI,     "slli",      CLS_ALU)     \
    X(SRLI,     "srli",      CLS_ALU)     \
    X(SRAI,     "srai",      CLS_ALU)     \
    X(ADD,      "add",       CLS_ALU)     \
    X(SUB,      "sub",       CLS_ALU)     \
    X(SLL,      "sll",       CLS_ALU)     \
    X(SLT,      "slt",       CLS_ALU)     \
    X(SLTU,     "sltu",      CLS_ALU)     \
    X(XOR,      "xor",       CLS_ALU)     \
    X(SRL,      "srl",       CLS_ALU)     \
    X(SRA,      "sra",       CLS_ALU)     \
    X(OR,       "or",        CLS_ALU)     \
    X(AND,      "and",       CLS_ALU)     \
    X(MUL,      "mul",       CLS_ALU)     \
    X(MULH,     "mulh",      CLS_ALU)     \
    X(MULHSU,   "mulhsu",    CLS_ALU)     \
    X(MULHU,    "mulhu",     CLS_ALU)     \
    X(DIV,      "div",       CLS_ALU)     \
    X(DIVU,     "divu",      CLS_ALU)     \
    X(REM,      "rem",       CLS_ALU)     \
    X(REMU,     "remu",      CLS_ALU)     \
    X(FENCE,    "fence",     CLS_FENCE)   \
    X(FENCE_I,  "fence.i",   CLS_FENCE)   \
    X(PAUSE,    "pause",     CLS_FENCE)   \
    X(ECALL,    "ecall",     CLS_SYSTEM)  \
    X(EBREAK,   "ebreak",    CLS_SYSTEM)  \
    X(WFI,      "wfi",       CLS_SYSTEM)  \
    X(MRET,     "mret",      CLS_SYSTEM)  \
    X(WRS_NTO,  "wrs.nto",   CLS_SYSTEM)  \
    X(WRS_STO,  "wrs.sto",   CLS_SYSTEM)  \
    X(CSRRW,    "csrrw",     CLS_CSR)     \
    X(CSRRS,    "csrrs",     CLS_CSR)     \
    X(CSRRC,    "csrrc",     CLS_CSR)     \
    X(CSRRWI,   "csrrwi",    CLS_CSR)     \
    X(CSRRSI,   "csrrsi",    CLS_CSR)     \
    X(CSRRCI,   "csrrci",    CLS_CSR)     \
    X(LR_W,     "lr.w",      CLS_AMO)     \
    X(SC_W,     "sc.w",      CLS_AMO)     \
    X(AMOSWAP_W, "amoswap.w", CLS_AMO)    \
    X(AMOADD_W, "amoadd.w",  CLS_AMO)     \
    X(AMOXOR_W, "amoxor.w",  CLS_AMO)     \
    X(AMOAND_W, "amoand.w",  CLS_AMO)     \
    X(AMOOR_W,  "amoor.w",   CLS_AMO)     \
    X(AMOMIN_W, "amomin.w",  CLS_AMO)     \
    X(AMOMAX_W, "amomax.w",  CLS_AMO)     \
    X(AMOMINU_W, "amominu.w", CLS_AMO)    \
    X(AMOMAXU_W, "amomaxu.w", CLS_AMO)    \
    X(FLW,      "flw",       CLS_LOAD) \
    X(FSW,      "fsw",       CLS_STORE) \
    X(FMADD_S,  "fmadd.s",   CLS_FP) \
    X(FMSUB_S,  "fmsub.s",   CLS_FP) \
    X(FNMSUB_S, "fnmsub.s",  CLS_FP) \
    X(FNMADD_S, "fnmadd.s",  CLS_FP) \
    X(FADD_S,   "fadd.s",    CLS_FP) \
    X(FSUB_S,   "fsub.s",    CLS_FP) \
    X(FMUL_S,   "fmul.s",    CLS_FP) \
    X(FDIV_S,   "fdiv.s",    CLS_FP) \
    X(FSQRT_S,  "fsqrt.s",   CLS_FP) \
    X(FSGNJ_S,  "fsgnj.s",   CLS_FP) \
    X(FSGNJN_S, "fsgnjn.s",  CLS_FP) \
    X(FSGNJX_S, "fsgnjx.s",  CLS_FP) \
    X(FMIN_S,   "fmin.s",    CLS_FP) \
    X(FMAX_S,   "fmax.s",    CLS_FP) \
    X(FCVT_W_S, "fcvt.w.s",  CLS_FP) \
    X(FCVT_WU_S, "fcvt.wu.s", CLS_FP) \
    X(FMV_X_W,  "fmv.x.w",   CLS_FP) \
    X(FEQ_S,    "feq.s",     CLS_FP) \
    X(FLT_S,    "flt.s",     CLS_FP) \
    X(FLE_S,    "fle.s",     CLS_FP) \
    X(FCLASS_S, "fclass.s",  CLS_FP) \
    X(FCVT_S_W, "fcvt.s.w",  CLS_FP) \
    X(FCVT_S_WU, "fcvt.s.wu", CLS_FP) \
    X(FMV_W_X,  "fmv.w.x",   CLS_FP) \
    X(FLD,      "fld",       CLS_LOAD) \
    X(FSD,      "fsd",       CLS_STORE) \
    X(FMADD_D,  "fmadd.d",   CLS_FP) \
    X(FMSUB_D,  "fmsub.d",   CLS_FP) \
    X(FNMSUB_D, "fnmsub.d",  CLS_FP) \
    X(FNMADD_D, "fnmadd.d",  CLS_FP) \
    X(FADD_D,   "fadd.d",    CLS_FP) \
    X(FSUB_D,   "fsub.d",    CLS_FP) \
    X(FMUL_D,   "fmul.d",    CLS_FP) \
    X(FDIV_D,   "fdiv.d",    CLS_FP) \
    X(FSQRT_D,  "fsqrt.d",   CLS_FP) \
    X(FSGNJ_D,  "fsgnj.d",   CLS_FP) \
    X(FSGNJN_D, "fsgnjn.d",  CLS_FP) \
    X(FSGNJX_D, "fsgnjx.d",  CLS_FP) \
    X(FMIN_D,   "fmin.d",    CLS_FP) \
    X(FMAX_D,   "fmax.d",    CLS_FP) \
    X(FCVT_S_D, "fcvt.s.d",  CLS_FP) \
    X(FCVT_D_S, "fcvt.d.s",  CLS_FP) \
    X(FEQ_D,    "feq.d",     CLS_FP) \
    X(FLT_D,    "flt.d",     CLS_FP) \
    X(FLE_D,    "fle.d",     CLS_FP) \
    X(FCLASS_D, "fclass.d",  CLS_FP) \
    X(FCVT_W_D, "fcvt.w.d",  CLS_FP) \
    X(FCVT_WU_D, "fcvt.wu.d", CLS_FP) \
    X(FCVT_D_W, "fcvt.d.w",  CLS_FP) \
    X(FCVT_D_WU, "fcvt.d.wu", CLS_FP)

/* A set of lanes of a warp: bit l is lane l (T <= 64). */
typedef uint64_t lane_mask;

/* Every lane of a T-lane warp (1 <= T <= 64). */
static inline lane_mask full_lane_mask(unsigned T)
{
    return ~0ull >> (64 - T);
}

/* Lanes in a mask.  Without a popcount instruction in the target (x86-64
 * before -mpopcnt) the builtin is a libgcc call; the bit-parallel count
 * below is a dozen inline instructions instead. */
static inline unsigned lane_popcount(lane_mask m)
{
#if defined(__x86_64__) && !defined(__POPCNT__)
    m = m - ((m >> 1) & 0x5555555555555555ull);
    m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (unsigned)((m * 0x0101010101010101ull) >> 56);
#else
    return (unsigned)__builtin_popcountll(m);
#endif
}

enum insn_op {
#define SIMTY_OP_ENUM(name, mn, cls) OP_##name,
    SIMTY_OPS(SIMTY_OP_ENUM)
#undef SIMTY_OP_ENUM
    OP_COUNT
};

/* insn_t.flags */
enum {
    INSN_READS_RS1 = 1 << 0,
    INSN_READS_RS2 = 1 << 1,
    INSN_WRITES_RD = 1 << 2, /* and rd != x0 */
    INSN_CALL      = 1 << 3, /* JAL/JALR linking through x1 or x5 */
    INSN_RETURN    = 1 << 4, /* JALR through x1/x5 without linking */
    INSN_SELF_LOOP = 1 << 5, /* jumps to itself (a branch: when taken): parks threads */
    INSN_WRITES_SP = 1 << 6, /* writes x2 (the SDK's stack check, machine/stacks.h) */
    INSN_READS_RS3 = 1 << 7, /* the fused multiply-adds' third source */
};

/* insn_t.fp: which operands are floating-point registers (f0 is a register
 * like any other, so INSN_WRITES_RD is set for an FP rd of 0), and the
 * operation's format. */
enum {
    FP_RD     = 1 << 0,
    FP_RS1    = 1 << 1,
    FP_RS2    = 1 << 2,
    FP_RS3    = 1 << 3,
    FP_DOUBLE = 1 << 4, /* a D instruction (its FP operands are 64-bit) */
    FP_USES_RM = 1 << 5, /* has a rounding-mode field (insn_t.rm) */
};

/* Rounding modes (fcsr.frm and the instructions' rm field) */
enum { RM_RNE = 0, RM_RTZ = 1, RM_RDN = 2, RM_RUP = 3, RM_RMM = 4, RM_DYN = 7 };

/* Exception flags (fcsr.fflags) */
enum { FFLAG_NX = 1, FFLAG_UF = 2, FFLAG_OF = 4, FFLAG_DZ = 8, FFLAG_NV = 16 };

typedef struct insn {
    uint8_t op;     /* enum insn_op */
    uint8_t cls;    /* enum insn_class */
    uint8_t rd, rs1, rs2;
    uint8_t flags;
    uint16_t csr;   /* CSR number for CLS_CSR */
    int32_t imm;    /* sign-extended immediate (zimm for CSR*I ops) */
    uint32_t raw;   /* the instruction word; a compressed instruction's 16-bit
                     * parcel (len 2: the other fields are those of the 32-bit
                     * instruction it expands to) */
    uint8_t rs3;    /* FMADD and co.: the third source */
    uint8_t rm;     /* FP_USES_RM: the rounding-mode field (RM_DYN: fcsr.frm) */
    uint8_t fp;     /* FP_* above (0 for integer instructions) */
    uint8_t len;    /* bytes: 4 (2 for a compressed instruction) */
} insn_t;

/* Decodes one 32-bit instruction word.  Never fails: unknown encodings give
 * OP_ILLEGAL, which every model reports as a guest fault when executed. */
void insn_decode(uint32_t raw, insn_t *out);

/* Decodes one compressed instruction (C extension): the fields of the 32-bit
 * instruction it expands to, with raw = the parcel and len = 2.  Reserved
 * encodings (and the all-zero parcel) give OP_ILLEGAL. */
void insn_decode_c(uint16_t parcel, insn_t *out);

/* The 32-bit instruction a compressed parcel expands to, or 0 if illegal. */
uint32_t insn_expand_c(uint16_t parcel);

const char *insn_mnemonic(unsigned op);

/* Call-depth change of a jump, from the RISC-V return-address-stack hints:
 * +1 for a call, -1 for a return, 0 otherwise (spec section 3.2). */
static inline int insn_depth_delta(const insn_t *d)
{
    if (d->flags & INSN_CALL)
        return (d->flags & INSN_RETURN) ? 0 : 1;
    return (d->flags & INSN_RETURN) ? -1 : 0;
}

#endif
