#include "isa/disasm.h"

#include <stdio.h>

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
    case 0x7c0: return "simty_roi";
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
