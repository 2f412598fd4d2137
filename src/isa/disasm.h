/* Disassembler: GNU objdump "-M no-aliases" syntax, so its output can be
 * checked against objdump (tests/disasm_check.py). */
#ifndef SIMTY_ISA_DISASM_H
#define SIMTY_ISA_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "isa/insn.h"

/* Optional symboliser for jump targets: writes "name+0x10" into buf and
 * returns 1, or returns 0 if no symbol covers addr. */
typedef int (*disasm_symbolize_fn)(void *ctx, uint32_t addr, char *buf, size_t n);

/* Writes "mnemonic\toperands" for the instruction at pc into buf. */
void insn_disasm(const insn_t *d, uint32_t pc, char *buf, size_t n,
                 disasm_symbolize_fn sym, void *sym_ctx);

const char *reg_name(unsigned r);
const char *csr_name(unsigned csr); /* NULL if the CSR has no name */

#endif
