/* The system side of warp_execute() (warp_exec.c), in warp_system.c: trap
 * delivery (an interrupt or an exception turns the trapping lanes into a
 * path at their handler) and the system instructions (CSR accesses and the
 * barrier, ecall, ebreak and semihosting, mret, wfi, wrs); and the small
 * pieces both files use.  Private to the executor: the models include
 * warp/warp_exec.h. */
#ifndef SIMTY_CORE_WARP_SYSTEM_H
#define SIMTY_CORE_WARP_SYSTEM_H

#include "warp/warp_exec.h"

/* How one instruction's piece of warp_execute() ended. */
enum exec_end {
    EXEC_FAULT,   /* a fault: the simulator is stopped (warp_execute returns false) */
    EXEC_TRAPPED, /* lanes took a trap: the outcome is complete, no lane retires */
    EXEC_RETIRE,  /* done: the outcome's retired lanes retire the instruction */
};

static inline unsigned lowest_lane(lane_mask m) { return (unsigned)__builtin_ctzll(m); }

static inline void set_next(path_t *p, uint32_t pc, lane_mask mask, int32_t depth)
{
    *p = (path_t){.pc = pc, .depth = depth, .mask = mask};
}

/* Lanes `trapping` of path p (lanes first.. of global warp gw) take a trap
 * at p->pc: an interrupt (irq: each lane its own cause) or the exception
 * the leader raised (sim_core.trap); d is the instruction at p->pc (NULL:
 * none could be fetched).  Sets all of *o; returns EXEC_TRAPPED. */
enum exec_end warp_take_trap(simty_sim *s, unsigned gw, unsigned first, const path_t *p,
                             const insn_t *d, lane_mask trapping, bool irq, warp_outcome *o);

/* A lane function failed: with an exception pending (a handler is
 * installed), the lanes `trapping` take it; else the run has stopped (a
 * fault). */
static inline enum exec_end warp_failed(simty_sim *s, unsigned gw, unsigned first,
                                        const path_t *p, const insn_t *d, lane_mask trapping,
                                        warp_outcome *o)
{
    if (!warp_core(s, gw)->trap.pending)
        return EXEC_FAULT;
    return warp_take_trap(s, gw, first, p, d, trapping, false, o);
}

/* The CSR instruction d (CLS_CSR) of path p, on lanes first.. of global
 * warp gw: lane by lane, the write of the barrier CSR parking the path. */
enum exec_end warp_exec_csr(simty_sim *s, unsigned gw, unsigned first, const path_t *p,
                            const insn_t *d, warp_outcome *o);

/* The system instruction d (CLS_SYSTEM: ecall, ebreak, mret, wfi, wrs) of
 * path p, on lanes first.. of global warp gw. */
enum exec_end warp_exec_system(simty_sim *s, unsigned gw, unsigned first, const path_t *p,
                               const insn_t *d, warp_outcome *o);

#endif
