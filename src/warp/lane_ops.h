/* Per-lane execution of the instructions that touch machine state beyond the
 * register file: loads, stores, AMOs, LR/SC, CSRs and ECALL.  Shared by every
 * model; a model decides which lanes run (coalescing, replay), these
 * functions do the work of one lane. */
#ifndef SIMTY_CORE_LANE_OPS_H
#define SIMTY_CORE_LANE_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/csr.h" /* the CSR numbers */
#include "machine/machine.h"
#include "simty_guest.h" /* the custom CSRs (SIMTY_CSR_*) and barrier scopes */


/* Does the CSR instruction write its CSR?  (csrrs/csrrc with x0 or a zero
 * immediate only read.) */
static inline bool csr_insn_writes(const insn_t *d)
{
    return d->op == OP_CSRRW || d->op == OP_CSRRWI || d->rs1 != 0;
}

/* Access size in bytes of a memory instruction (1, 2, 4 or 8).  A table
 * (every memory pass asks: its request, the coalescer), of size XOR 4 so
 * that the ops not named, 0, are 4. */
static inline unsigned mem_access_size(const insn_t *d)
{
    static const uint8_t size_xor_4[OP_COUNT] = {
        /* (hex: clang's -Wxor-used-as-pow takes 2 ^ 4 for a power) */
        [OP_LB] = 0x1 ^ 4, [OP_LBU] = 0x1 ^ 4, [OP_SB] = 0x1 ^ 4,
        [OP_LH] = 0x2 ^ 4, [OP_LHU] = 0x2 ^ 4, [OP_SH] = 0x2 ^ 4,
        [OP_FLD] = 0x8 ^ 4, [OP_FSD] = 0x8 ^ 4,
    };
    return size_xor_4[d->op] ^ 4u;
}

/* Load, store, AMO, LR or SC of one lane at addr.  x/stride: the warp's
 * register file.  Returns false after reporting a guest fault. */
/* An atomic access (AMO, LR, SC: op) of hart at addr with operand v2; the
 * old value (SC: 0 on success) goes to *rd unless rd is NULL.  Returns false
 * after reporting a fault. */
bool lane_atomic(simty_sim *s, unsigned op, unsigned hart, uint32_t addr, uint32_t v2,
                 uint32_t *rd, uint32_t pc);
/* The value an AMO (op) stores over old with operand v. */
uint32_t lane_amo_apply(unsigned op, uint32_t old, uint32_t v);
/* The RAM word an atomic access (op) of hart's at addr works on, or NULL
 * after reporting a fault (misaligned, or not RAM). */
uint8_t *lane_atomic_word(simty_sim *s, unsigned op, unsigned hart, uint32_t pc, uint32_t addr);
bool lane_memory(simty_sim *s, const insn_t *d, uint32_t *x, unsigned stride, unsigned lane,
                 unsigned hart, uint32_t addr, uint32_t pc);

/* CSR read/modify/write of one lane, of a CSR lane_csr_check() accepted.
 * Returns false after a fault.  A write to the barrier CSR leaves its
 * scope in *scope. */
bool lane_csr(simty_sim *s, const insn_t *d, uint32_t *x, unsigned stride, unsigned lane,
              unsigned hart, uint32_t pc, uint32_t *scope);

/* Does the CSR instruction d name a CSR that exists, and not write a
 * read-only one?  Else an illegal-instruction exception of hart (for the
 * whole path: it does not depend on the lane) and false. */
bool lane_csr_check(simty_sim *s, const insn_t *d, unsigned hart, uint32_t pc);

/* ECALL of one lane: returns true if the thread exits (a7 = 93, code in
 * *code); false after reporting an unsupported call. */
bool lane_ecall(simty_sim *s, const uint32_t *x, unsigned stride, unsigned lane, unsigned hart,
                uint32_t pc, int32_t *code);

/* Reports the fault for an instruction the models do not execute
 * (illegal encodings, ebreak). */
void lane_illegal(simty_sim *s, const insn_t *d, unsigned hart, uint32_t pc);

/* Does hart h still hold its LR reservation (for wrs: sync/sync.c)? */
bool sync_resv_holds(const simty_sim *s, unsigned hart);

/* Does a wrs.nto/wrs.sto of hart h end (or not stall) at cycle now: it
 * lost its reservation, or an interrupt is pending that it has enabled in
 * mie (Zawrs; taken when the thread issues next if mstatus.MIE allows)? */
bool sync_wrs_ends(const simty_sim *s, unsigned hart, uint64_t now);

/* Reports a jump or branch to a target that is not 4-byte aligned. */
void lane_misaligned_target(simty_sim *s, unsigned hart, uint32_t pc, uint32_t target);

#endif
