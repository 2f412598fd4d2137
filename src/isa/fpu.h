/* The F and D extensions' arithmetic: every CLS_FP operation of insn.h
 * (not the loads and stores FLW/FSW/FLD/FSD) on a warp's lanes, with the
 * RISC-V rounding modes, exception flags and NaN rules (unprivileged spec,
 * chapters F and D).  How each operation is computed (host FPU or explicit
 * code) is described at the top of fpu.c. */
#ifndef SIMTY_ISA_FPU_H
#define SIMTY_ISA_FPU_H

#include <stdint.h>

#include "isa/insn.h"

/* Runs a CLS_FP instruction d (every op of class CLS_FP in insn.h; not FLW/FSW/FLD/FSD) for the
 * lanes in `mask` (bit l = lane l, l < n <= 64) of structure-of-arrays register files:
 *   f[r*stride + l]  FP register r of lane l, 64 bits; a single-precision value is NaN-boxed (upper
 *                    32 bits all ones); a single operand that is not properly boxed reads as the
 *                    canonical NaN 0x7fc00000; single results are written boxed.
 *   x[r*stride + l]  integer register r of lane l (write rd only if d->flags & INSN_WRITES_RD,
 *                    i.e. never x0; for FP destinations INSN_WRITES_RD is always set, f0 is real)
 *   frm[l]           lane l's fcsr.frm; the caller guarantees frm[l] <= 4 for every lane in mask
 *                    when d->rm == RM_DYN
 *   fflags[l]        lane l's accrued exception flags (FFLAG_* in insn.h), ORed into
 * Lanes outside mask are not touched.  The host's floating-point environment
 * (rounding mode, exception flags) is the same on return as on entry. */
void fpu_exec(const insn_t *d, uint64_t *f, uint32_t *x, unsigned stride, unsigned n,
              lane_mask mask, const uint8_t *frm, uint8_t *fflags);

#endif
