/* Disassembler: GNU objdump syntax, raw ("-M no-aliases") or with the
 * standard aliases, so its output can be checked against objdump (the disasm
 * group of tests/run_tests.py). */
#ifndef SIMTY_ISA_DISASM_H
#define SIMTY_ISA_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "isa/insn.h"

/* Optional symboliser for jump targets: writes "name+0x10" into buf and
 * returns 1, or returns 0 if no symbol covers addr. */
typedef int (*disasm_symbolize_fn)(void *ctx, uint32_t addr, char *buf, size_t n);

/* Writes "mnemonic\toperands" for the instruction at pc into buf, in the
 * raw form (objdump -M no-aliases; used by messages and traces). */
void insn_disasm(const insn_t *d, uint32_t pc, char *buf, size_t n,
                 disasm_symbolize_fn sym, void *sym_ctx);

/* The same with objdump's standard aliases where one applies (ret, li, mv,
 * j, beqz, csrr...; `simty disasm` without --no-aliases). */
void insn_disasm_alias(const insn_t *d, uint32_t pc, char *buf, size_t n,
                       disasm_symbolize_fn sym, void *sym_ctx);

const char *reg_name(unsigned r);
/* An FP register's ABI name (ft0..ft11, fs0..fs11, fa0..fa7) */
const char *fp_reg_name(unsigned r);
/* The CSR's name as objdump prints it ("mstatus", "pmpaddr12") or, for
 * one with no name, "0x7c5"; buf (24 bytes will do) holds numbered names. */
const char *csr_text(unsigned csr, char *buf, size_t n);

#endif
