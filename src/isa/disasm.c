/* Disassembler: the raw forms of GNU objdump -M no-aliases, and the
 * standard aliases of plain objdump (ret, li, mv, beqz, csrr...). */
#include "isa/disasm.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "simty_guest.h"

static const char *const abi_names[32] = {
    "zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "s0", "s1", "a0",
    "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
    "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};

const char *reg_name(unsigned r) { return abi_names[r & 31]; }

const char *csr_name(unsigned csr)
{
    switch (csr) {
    case 0x001: return "fflags";
    case 0x002: return "frm";
    case 0x003: return "fcsr";
    case 0x300: return "mstatus";
    case 0x301: return "misa";
    case 0x304: return "mie";
    case 0x305: return "mtvec";
    case 0x340: return "mscratch";
    case 0x341: return "mepc";
    case 0x342: return "mcause";
    case 0x343: return "mtval";
    case 0x344: return "mip";
    case SIMTY_CSR_ROI: return "simty_roi";
    case 0xb00: return "mcycle";
    case 0xb02: return "minstret";
    case 0xb80: return "mcycleh";
    case 0xb82: return "minstreth";
    case 0xc00: return "cycle";
    case 0xc01: return "time";
    case 0xc02: return "instret";
    case 0xc80: return "cycleh";
    case 0xc81: return "timeh";
    case 0xc82: return "instreth";
    case 0xf11: return "mvendorid";
    case 0xf12: return "marchid";
    case 0xf13: return "mimpid";
    case 0xf14: return "mhartid";
    }
    return NULL;
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

void insn_disasm(const insn_t *d, uint32_t pc, char *buf, size_t n,
                 disasm_symbolize_fn sym, void *ctx)
{
    const char *mn = insn_mnemonic(d->op);
    const char *rd = reg_name(d->rd), *rs1 = reg_name(d->rs1), *rs2 = reg_name(d->rs2);
    char t[160];

    switch (d->cls) {
    case CLS_ILLEGAL:
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
        snprintf(buf, n, "%s\t%s,%d(%s)", mn, rd, d->imm, rs1);
        return;
    case CLS_STORE:
        snprintf(buf, n, "%s\t%s,%d(%s)", mn, rs2, d->imm, rs1);
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
        char c[16];
        const char *name = csr_name(d->csr);
        if (!name) {
            snprintf(c, sizeof c, "0x%x", d->csr);
            name = c;
        }
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

/* ---- standard aliases (GNU objdump without -M no-aliases) ---- */

static const char *csr_text(unsigned csr, char *c, size_t n)
{
    const char *name = csr_name(csr);
    if (name)
        return name;
    snprintf(c, n, "0x%x", csr);
    return c;
}

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

static int alias_csr(const insn_t *d, char *buf, size_t n)
{
    static const char *const counters[][2] = {
        {"cycle", "rdcycle"}, {"cycleh", "rdcycleh"}, {"instret", "rdinstret"},
        {"instreth", "rdinstreth"}, {"time", "rdtime"}, {"timeh", "rdtimeh"}};
    char c[16], src[16];
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
    int done = 0;
    switch (d->cls) {
    case CLS_ALU: done = alias_alu(d, buf, n); break;
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
    case CLS_CSR: done = alias_csr(d, buf, n); break;
    case CLS_FENCE:
        if (d->op == OP_FENCE && d->imm == 0xff)
            done = snprintf(buf, n, "fence");
        break;
    }
    if (!done)
        insn_disasm(d, pc, buf, n, sym, ctx);
}
