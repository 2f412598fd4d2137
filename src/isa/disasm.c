/* Disassembler: the raw forms of GNU objdump -M no-aliases, and the
 * standard aliases of plain objdump (ret, li, mv, beqz, csrr...). */
#include "isa/disasm.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "isa/csr.h"
#include "simty_guest.h"

/* The ABI register names: the one table (the commit trace, and through
 * simty_reg_name/simty_freg_name the gdb stub, read them here). */
static const char *const abi_names[32] = {
    "zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "s0", "s1", "a0",
    "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
    "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};

static const char *const fp_abi_names[32] = {
    "ft0", "ft1", "ft2",  "ft3",  "ft4", "ft5", "ft6",  "ft7",  "fs0",  "fs1",  "fa0",
    "fa1", "fa2", "fa3",  "fa4",  "fa5", "fa6", "fa7",  "fs2",  "fs3",  "fs4",  "fs5",
    "fs6", "fs7", "fs8",  "fs9",  "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};

const char *reg_name(unsigned r) { return abi_names[r & 31]; }
const char *fp_reg_name(unsigned r) { return fp_abi_names[r & 31]; }

/* An operand's name: an FP register if d->fp has flag (FP_RD...) */
static const char *opnd(const insn_t *d, unsigned flag, unsigned r)
{
    return (d->fp & flag) ? fp_abi_names[r & 31] : abi_names[r & 31];
}

/* ",rtz": the rounding mode as objdump shows it, nothing for dyn (the
 * assembler's default) nor for the exact conversions' rne (their encoding) */
static const char *rm_suffix(const insn_t *d)
{
    static const char *const names[8] = {",rne", ",rtz", ",rdn", ",rup", ",rmm", "", "", ""};
    if (!(d->fp & FP_USES_RM))
        return "";
    if (d->rm == 0 && (d->op == OP_FCVT_D_S || d->op == OP_FCVT_D_W || d->op == OP_FCVT_D_WU))
        return "";
    return names[d->rm & 7];
}

const char *csr_text(unsigned csr, char *buf, size_t n)
{
    const csr_info *c = csr_find(csr); /* (the names: isa/csr.h) */
    if (c && !(c->props & CSR_NUMBER))
        return c->name;
    const csr_family *f = csr_family_of(csr);
    if (f) {
        snprintf(buf, n, "%s%u%s", f->name, f->first + (csr - f->csr), f->suffix);
        return buf;
    }
    snprintf(buf, n, "0x%x", csr);
    return buf;
}

/* The privileged instructions simty decodes as illegal (it has no trap
 * return yet, no supervisor mode, no debug mode) but names as objdump does */
static const char *system_name(uint32_t raw)
{
    switch (raw) {
    case 0x30200073: return "mret";
    case 0x10200073: return "sret";
    case 0x00200073: return "uret";
    case 0x7b200073: return "dret";
    }
    return NULL;
}

/* sfence.vma rs1,rs2 (raw form; the aliases drop zero operands) */
static bool sfence_vma(uint32_t raw, bool alias, char *buf, size_t n)
{
    if ((raw & 0xfe007fff) != 0x12000073)
        return false;
    unsigned rs1 = (raw >> 15) & 31, rs2 = (raw >> 20) & 31;
    if (!alias)
        snprintf(buf, n, "sfence.vma\t%s,%s", reg_name(rs1), reg_name(rs2));
    else if (!rs2)
        snprintf(buf, n, rs1 ? "sfence.vma\t%s" : "sfence.vma", reg_name(rs1));
    else
        snprintf(buf, n, "sfence.vma\t%s,%s", reg_name(rs1), reg_name(rs2));
    return true;
}

/* "80000010 <main+0x4>" or just "80000010" */
static void target(char *buf, size_t n, uint32_t addr, disasm_symbolize_fn sym, void *ctx)
{
    char s[128];
    if (sym && sym(ctx, addr, s, sizeof s))
        snprintf(buf, n, "%x <%s>", addr, s);
    else
        snprintf(buf, n, "%x", addr);
}

static void fence_set(char *out, unsigned v)
{
    int k = 0;
    if (v & 8) out[k++] = 'i';
    if (v & 4) out[k++] = 'o';
    if (v & 2) out[k++] = 'r';
    if (v & 1) out[k++] = 'w';
    out[k] = 0;
    if (!k) /* GNU objdump's spelling of an empty set */
        snprintf(out, 8, "unknown");
}

/* F and D operations on registers (CLS_FP) */
static void disasm_fp(const insn_t *d, char *buf, size_t n)
{
    const char *mn = insn_mnemonic(d->op), *rd = opnd(d, FP_RD, d->rd),
               *rs1 = opnd(d, FP_RS1, d->rs1), *rm = rm_suffix(d);
    if (d->fp & FP_RS3)
        snprintf(buf, n, "%s\t%s,%s,%s,%s%s", mn, rd, rs1, fp_abi_names[d->rs2],
                 fp_abi_names[d->rs3], rm);
    else if (d->fp & FP_RS2)
        snprintf(buf, n, "%s\t%s,%s,%s%s", mn, rd, rs1, fp_abi_names[d->rs2], rm);
    else
        snprintf(buf, n, "%s\t%s,%s%s", mn, rd, rs1, rm);
}

/* The 32-bit form (for a compressed instruction: the one it expands to) */
static void disasm_base(const insn_t *d, uint32_t pc, char *buf, size_t n,
                        disasm_symbolize_fn sym, void *ctx)
{
    const char *mn = insn_mnemonic(d->op);
    const char *rd = reg_name(d->rd), *rs1 = reg_name(d->rs1), *rs2 = reg_name(d->rs2);
    char t[160];

    switch (d->cls) {
    case CLS_ILLEGAL:
        if (sfence_vma(d->raw, false, buf, n))
            return;
        if (system_name(d->raw))
            snprintf(buf, n, "%s", system_name(d->raw));
        else
            snprintf(buf, n, ".word\t0x%08x", d->raw);
        return;
    case CLS_ALU:
        if (d->op == OP_LUI || d->op == OP_AUIPC)
            snprintf(buf, n, "%s\t%s,0x%x", mn, rd, (uint32_t)d->imm >> 12);
        else if (d->op == OP_SLLI || d->op == OP_SRLI || d->op == OP_SRAI)
            snprintf(buf, n, "%s\t%s,%s,0x%x", mn, rd, rs1, (unsigned)d->imm);
        else if (d->flags & INSN_READS_RS2 || d->op >= OP_ADD)
            snprintf(buf, n, "%s\t%s,%s,%s", mn, rd, rs1, rs2);
        else
            snprintf(buf, n, "%s\t%s,%s,%d", mn, rd, rs1, d->imm);
        return;
    case CLS_BRANCH:
        target(t, sizeof t, pc + (uint32_t)d->imm, sym, ctx);
        snprintf(buf, n, "%s\t%s,%s,%s", mn, rs1, rs2, t);
        return;
    case CLS_JAL:
        target(t, sizeof t, pc + (uint32_t)d->imm, sym, ctx);
        snprintf(buf, n, "%s\t%s,%s", mn, rd, t);
        return;
    case CLS_JALR:
        snprintf(buf, n, "%s\t%s,%d(%s)", mn, rd, d->imm, rs1);
        return;
    case CLS_LOAD:
        snprintf(buf, n, "%s\t%s,%d(%s)", mn, opnd(d, FP_RD, d->rd), d->imm, rs1);
        return;
    case CLS_STORE:
        snprintf(buf, n, "%s\t%s,%d(%s)", mn, opnd(d, FP_RS2, d->rs2), d->imm, rs1);
        return;
    case CLS_FP:
        disasm_fp(d, buf, n);
        return;
    case CLS_AMO: {
        const char *ord[4] = {"", ".rl", ".aq", ".aqrl"};
        const char *o = ord[(d->raw >> 25) & 3];
        if (d->op == OP_LR_W)
            snprintf(buf, n, "%s%s\t%s,(%s)", mn, o, rd, rs1);
        else
            snprintf(buf, n, "%s%s\t%s,%s,(%s)", mn, o, rd, rs2, rs1);
        return;
    }
    case CLS_CSR: {
        char c[24];
        const char *name = csr_text(d->csr, c, sizeof c);
        if (d->op >= OP_CSRRWI)
            snprintf(buf, n, "%s\t%s,%s,%d", mn, rd, name, d->imm);
        else
            snprintf(buf, n, "%s\t%s,%s,%s", mn, rd, name, rs1);
        return;
    }
    case CLS_FENCE:
        if (d->op == OP_FENCE && ((unsigned)d->imm >> 8) == 8 && ((unsigned)d->imm & 0xff) == 0x33) {
            snprintf(buf, n, "fence.tso");
            return;
        }
        if (d->op == OP_FENCE) {
            char p[8], s[8];
            fence_set(p, ((unsigned)d->imm >> 4) & 15);
            fence_set(s, (unsigned)d->imm & 15);
            snprintf(buf, n, "%s\t%s,%s", mn, p, s);
            return;
        }
        snprintf(buf, n, "%s", mn);
        return;
    case CLS_SYSTEM:
        snprintf(buf, n, "%s", mn);
        return;
    }
    snprintf(buf, n, "%s", mn);
}

/* ---- compressed instructions: objdump -M no-aliases shows them as c.* ---- */

static void disasm_c(const insn_t *d, uint32_t pc, char *buf, size_t n,
                     disasm_symbolize_fn sym, void *ctx)
{
    const unsigned h = d->raw, f3 = h >> 13;
    const char *rd = reg_name(d->rd), *rs1 = reg_name(d->rs1), *rs2 = reg_name(d->rs2);
    char t[160];
    if (d->cls == CLS_ILLEGAL) {
        snprintf(buf, n, h ? ".2byte\t0x%x" : "c.unimp", h);
        return;
    }
    switch ((h & 3) << 3 | f3) {
    case 000: snprintf(buf, n, "c.addi4spn\t%s,sp,%d", rd, d->imm); return;
    case 001: case 002: case 003: case 021: case 022: case 023: /* loads */
        snprintf(buf, n, "c.%s%s\t%s,%d(%s)", insn_mnemonic(d->op), (h & 3) ? "sp" : "",
                 opnd(d, FP_RD, d->rd), d->imm, rs1);
        return;
    case 005: case 006: case 007: case 025: case 026: case 027: /* stores */
        snprintf(buf, n, "c.%s%s\t%s,%d(%s)", insn_mnemonic(d->op), (h & 3) ? "sp" : "",
                 opnd(d, FP_RS2, d->rs2), d->imm, rs1);
        return;
    case 010: snprintf(buf, n, "c.addi\t%s,%d", rd, d->imm); return;
    case 011: case 015:
        target(t, sizeof t, pc + (uint32_t)d->imm, sym, ctx);
        snprintf(buf, n, "c.%s\t%s", f3 == 1 ? "jal" : "j", t);
        return;
    case 012: snprintf(buf, n, "c.li\t%s,%d", rd, d->imm); return;
    case 013:
        if (d->op == OP_ADDI)
            snprintf(buf, n, "c.addi16sp\tsp,%d", d->imm);
        else
            snprintf(buf, n, "c.lui\t%s,0x%x", rd, (uint32_t)d->imm >> 12);
        return;
    case 014: case 020: {
        const char *name = d->op == OP_SRLI ? "srli" : d->op == OP_SRAI ? "srai"
                           : d->op == OP_SLLI ? "slli" : NULL;
        if (name && d->imm == 0) /* the RV32 HINT shifts by 0, named as RV128's */
            snprintf(buf, n, "c.%s64\t%s", name, rd);
        else if (name)
            snprintf(buf, n, "c.%s\t%s,0x%x", name, rd, (unsigned)d->imm);
        else if (d->op == OP_ANDI)
            snprintf(buf, n, "c.andi\t%s,%d", rd, d->imm);
        else
            snprintf(buf, n, "c.%s\t%s,%s", insn_mnemonic(d->op), rd, rs2);
        return;
    }
    case 016: case 017:
        target(t, sizeof t, pc + (uint32_t)d->imm, sym, ctx);
        snprintf(buf, n, "c.%s\t%s,%s", f3 == 6 ? "beqz" : "bnez", rs1, t);
        return;
    case 024:
        if (d->op == OP_EBREAK)
            snprintf(buf, n, "c.ebreak");
        else if (d->op == OP_JALR)
            snprintf(buf, n, "c.%s\t%s", d->rd ? "jalr" : "jr", rs1);
        else
            snprintf(buf, n, "c.%s\t%s,%s", (h >> 12 & 1) ? "add" : "mv", rd, rs2);
        return;
    }
    snprintf(buf, n, ".2byte\t0x%x", h);
}

void insn_disasm(const insn_t *d, uint32_t pc, char *buf, size_t n,
                 disasm_symbolize_fn sym, void *ctx)
{
    if (d->len == 2)
        disasm_c(d, pc, buf, n, sym, ctx);
    else
        disasm_base(d, pc, buf, n, sym, ctx);
}

/* objdump's aliases of a compressed instruction: mostly those of the
 * instruction it expands to; these differ (0: none of them applies). */
static int alias_c(const insn_t *d, uint32_t pc, char *buf, size_t n,
                   disasm_symbolize_fn sym, void *ctx)
{
    const unsigned h = d->raw, q = (h & 3) << 3 | h >> 13;
    if (d->cls == CLS_ILLEGAL)
        return snprintf(buf, n, h ? ".2byte\t0x%x" : "unimp", h);
    if (q == 010) { /* c.addi, c.nop */
        if (d->rd == 0)
            return d->imm ? snprintf(buf, n, "c.nop\t%d", d->imm) : snprintf(buf, n, "nop");
        return snprintf(buf, n, "add\t%s,%s,%d", reg_name(d->rd), reg_name(d->rd), d->imm);
    }
    bool shift = d->op == OP_SLLI || d->op == OP_SRLI || d->op == OP_SRAI;
    bool hint = d->rd == 0 && (q == 012 || q == 013 || q == 020 || d->op == OP_ADD);
    if (hint || (shift && d->imm == 0)) { /* HINTs: the c.* form */
        disasm_c(d, pc, buf, n, sym, ctx);
        return 1;
    }
    if (q == 024 && d->op == OP_ADD && !(h >> 12 & 1)) /* c.mv */
        return snprintf(buf, n, "mv\t%s,%s", reg_name(d->rd), reg_name(d->rs2));
    return 0;
}

/* ---- standard aliases (GNU objdump without -M no-aliases) ---- */

static int alias_alu(const insn_t *d, char *buf, size_t n)
{
    const char *rd = reg_name(d->rd), *rs1 = reg_name(d->rs1), *rs2 = reg_name(d->rs2);
    switch (d->op) {
    case OP_ADDI:
        if (d->rd == 0 && d->rs1 == 0 && d->imm == 0)
            return snprintf(buf, n, "nop");
        if (d->rs1 == 0)
            return snprintf(buf, n, "li\t%s,%d", rd, d->imm);
        if (d->imm == 0)
            return snprintf(buf, n, "mv\t%s,%s", rd, rs1);
        return snprintf(buf, n, "add\t%s,%s,%d", rd, rs1, d->imm);
    case OP_XORI:
        if (d->imm == -1)
            return snprintf(buf, n, "not\t%s,%s", rd, rs1);
        return snprintf(buf, n, "xor\t%s,%s,%d", rd, rs1, d->imm);
    case OP_ORI: return snprintf(buf, n, "or\t%s,%s,%d", rd, rs1, d->imm);
    case OP_ANDI:
        if (d->imm == 255)
            return snprintf(buf, n, "zext.b\t%s,%s", rd, rs1);
        return snprintf(buf, n, "and\t%s,%s,%d", rd, rs1, d->imm);
    case OP_SLLI: case OP_SRLI: case OP_SRAI:
        return snprintf(buf, n, "%.3s\t%s,%s,0x%x", insn_mnemonic(d->op), rd, rs1,
                        (unsigned)d->imm);
    case OP_SLTIU:
        return d->imm == 1 ? snprintf(buf, n, "seqz\t%s,%s", rd, rs1) : 0;
    case OP_SUB:
        return d->rs1 == 0 ? snprintf(buf, n, "neg\t%s,%s", rd, rs2) : 0;
    case OP_SLTU:
        return d->rs1 == 0 ? snprintf(buf, n, "snez\t%s,%s", rd, rs2) : 0;
    case OP_SLT:
        if (d->rs2 == 0)
            return snprintf(buf, n, "sltz\t%s,%s", rd, rs1);
        return d->rs1 == 0 ? snprintf(buf, n, "sgtz\t%s,%s", rd, rs2) : 0;
    }
    return 0;
}

static int alias_branch(const insn_t *d, const char *t, char *buf, size_t n)
{
    const char *rs1 = reg_name(d->rs1), *rs2 = reg_name(d->rs2), *mn = NULL, *r = rs1;
    switch (d->op) {
    case OP_BEQ: mn = d->rs2 == 0 ? "beqz" : NULL; break;
    case OP_BNE: mn = d->rs2 == 0 ? "bnez" : NULL; break;
    case OP_BGE:
        if (d->rs1 == 0)
            mn = "blez", r = rs2;
        else if (d->rs2 == 0)
            mn = "bgez";
        break;
    case OP_BLT:
        if (d->rs2 == 0)
            mn = "bltz";
        else if (d->rs1 == 0)
            mn = "bgtz", r = rs2;
        break;
    }
    return mn ? snprintf(buf, n, "%s\t%s,%s", mn, r, t) : 0;
}

static int alias_jalr(const insn_t *d, char *buf, size_t n)
{
    const char *rs1 = reg_name(d->rs1);
    if (d->rd == 0 && d->rs1 == 1 && d->imm == 0)
        return snprintf(buf, n, "ret");
    if (d->rd == 0 || d->rd == 1) {
        const char *mn = d->rd == 0 ? "jr" : "jalr";
        if (d->imm == 0)
            return snprintf(buf, n, "%s\t%s", mn, rs1);
        return snprintf(buf, n, "%s\t%d(%s)", mn, d->imm, rs1);
    }
    return d->imm == 0 ? snprintf(buf, n, "jalr\t%s,%s", reg_name(d->rd), rs1) : 0;
}

/* frcsr, fscsr, frrm, fsrm, fsrmi, frflags, fsflags, fsflagsi */
static int alias_fcsr(const insn_t *d, char *buf, size_t n)
{
    static const char *const part[4] = {NULL, "flags", "rm", "csr"};
    if (d->csr < 1 || d->csr > 3)
        return 0;
    const char *p = part[d->csr], *rd = reg_name(d->rd), *rs1 = reg_name(d->rs1);
    if (d->op == OP_CSRRS && d->rs1 == 0)
        return snprintf(buf, n, "fr%s\t%s", p, rd);
    if (d->op == OP_CSRRW)
        return d->rd ? snprintf(buf, n, "fs%s\t%s,%s", p, rd, rs1)
                     : snprintf(buf, n, "fs%s\t%s", p, rs1);
    if (d->op == OP_CSRRWI && d->csr != 3)
        return snprintf(buf, n, "fs%si\t%s,%d", p, rd, d->imm);
    return 0;
}

/* fmv, fneg, fabs (.s, .d): the sign injections of a register with itself */
static int alias_fp(const insn_t *d, char *buf, size_t n)
{
    const char *mn = NULL;
    switch (d->op) {
    case OP_FSGNJ_S: case OP_FSGNJ_D: mn = "fmv"; break;
    case OP_FSGNJN_S: case OP_FSGNJN_D: mn = "fneg"; break;
    case OP_FSGNJX_S: case OP_FSGNJX_D: mn = "fabs"; break;
    }
    if (!mn || d->rs1 != d->rs2)
        return 0;
    return snprintf(buf, n, "%s.%c\t%s,%s", mn, (d->fp & FP_DOUBLE) ? 'd' : 's',
                    fp_abi_names[d->rd], fp_abi_names[d->rs1]);
}

static int alias_csr(const insn_t *d, char *buf, size_t n)
{
    static const char *const counters[][2] = {
        {"cycle", "rdcycle"}, {"cycleh", "rdcycleh"}, {"instret", "rdinstret"},
        {"instreth", "rdinstreth"}, {"time", "rdtime"}, {"timeh", "rdtimeh"}};
    char c[24], src[16];
    const char *csr = csr_text(d->csr, c, sizeof c), *rd = reg_name(d->rd);
    bool imm = d->op >= OP_CSRRWI;
    if (imm)
        snprintf(src, sizeof src, "%d", d->imm);
    else
        snprintf(src, sizeof src, "%s", reg_name(d->rs1));
    if (d->op == OP_CSRRW && d->rd == 0 && d->rs1 == 0 && d->csr == 0xc00)
        return snprintf(buf, n, "unimp");
    if (d->op == OP_CSRRS && d->rs1 == 0) {
        for (unsigned i = 0; i < sizeof counters / sizeof counters[0]; i++)
            if (strcmp(csr, counters[i][0]) == 0)
                return snprintf(buf, n, "%s\t%s", counters[i][1], rd);
        return snprintf(buf, n, "csrr\t%s,%s", rd, csr);
    }
    /* csrrw/csrrs/csrrc and their immediate forms share the short names */
    static const char *const base[] = {"csrrw", "csrrs", "csrrc"};
    unsigned k = (unsigned)(d->op - (imm ? OP_CSRRWI : OP_CSRRW));
    if (d->rd == 0)
        return snprintf(buf, n, "csr%c\t%s,%s", "wsc"[k], csr, src);
    return imm ? snprintf(buf, n, "%s\t%s,%s,%s", base[k], rd, csr, src) : 0;
}

void insn_disasm_alias(const insn_t *d, uint32_t pc, char *buf, size_t n,
                       disasm_symbolize_fn sym, void *ctx)
{
    char t[160];
    int done = d->len == 2 ? alias_c(d, pc, buf, n, sym, ctx) : 0;
    if (done)
        return;
    switch (d->cls) {
    case CLS_ALU: done = alias_alu(d, buf, n); break;
    case CLS_FP: done = alias_fp(d, buf, n); break;
    case CLS_BRANCH:
        target(t, sizeof t, pc + (uint32_t)d->imm, sym, ctx);
        done = alias_branch(d, t, buf, n);
        break;
    case CLS_JAL:
        if (d->rd == 0 || d->rd == 1) {
            target(t, sizeof t, pc + (uint32_t)d->imm, sym, ctx);
            done = snprintf(buf, n, "%s\t%s", d->rd == 0 ? "j" : "jal", t);
        }
        break;
    case CLS_JALR: done = alias_jalr(d, buf, n); break;
    case CLS_CSR:
        done = alias_fcsr(d, buf, n);
        if (!done)
            done = alias_csr(d, buf, n);
        break;
    case CLS_FENCE:
        if (d->op == OP_FENCE && d->imm == 0xff)
            done = snprintf(buf, n, "fence");
        break;
    case CLS_ILLEGAL:
        done = sfence_vma(d->raw, true, buf, n);
        break;
    }
    if (!done)
        disasm_base(d, pc, buf, n, sym, ctx);
}
