/* Machine mode: the per-thread M-mode CSRs, trap entry and mret, the
 * interrupts (machine timer and software interrupts, whose CLINT registers
 * machine/clint.c serves).  Which CSRs exist: the table in isa/csr.h.
 * docs/platform.md ("Machine mode and traps") is the guest's view.
 *
 * Every thread is a hart with its own M-mode CSRs.  A trap is per thread:
 * the models turn the threads of a path that trap into a path at the
 * handler (warp/warp_exec.c), so in SIMT terms a trap is a divergence and
 * `mret` a jump to each thread's own mepc. */
#ifndef SIMTY_MACHINE_MMODE_H
#define SIMTY_MACHINE_MMODE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "simty_guest.h" /* SIMTY_CLINT_* */

struct simty_sim;

enum {
    MSTATUS_MIE = 1u << 3,
    MSTATUS_MPIE = 1u << 7,
    MSTATUS_MPP = 3u << 11, /* always 3 (M): the only privilege mode */
    MSTATUS_FS = 3u << 13,  /* the FP state: 0 Off, 1 Initial, 2 Clean, 3 Dirty */
    MSTATUS_FS_INITIAL = 1u << 13,
    MSTATUS_FS_DIRTY = 3u << 13,
    MSTATUS_SD = 1u << 31,  /* reads 1 when FS is Dirty */
    MIP_MSIP = 1u << 3,
    MIP_MTIP = 1u << 7,
    MIP_MEIP = 1u << 11,
    MTVEC_VECTORED = 1,
    MCOUNTINHIBIT_CY = 1u << 0,
    MCOUNTINHIBIT_IR = 1u << 2,
};

/* mcause values (privileged spec, table 3.6) */
enum trap_cause {
    CAUSE_FETCH_MISALIGNED = 0,
    CAUSE_FETCH_ACCESS = 1,
    CAUSE_ILLEGAL = 2,
    CAUSE_BREAKPOINT = 3,
    CAUSE_LOAD_MISALIGNED = 4,
    CAUSE_LOAD_ACCESS = 5,
    CAUSE_STORE_MISALIGNED = 6, /* store or AMO */
    CAUSE_STORE_ACCESS = 7,
    CAUSE_ECALL_M = 11,
    CAUSE_INTERRUPT = 0x80000000u, /* | 3 software, 7 timer */
};

/* A thread's M-mode state. */
typedef struct hart_csr {
    uint32_t mstatus, mie, mtvec, mepc, mcause, mtval, mscratch, mcountinhibit;
    /* mcycle / minstret = the live count + off, or frozen while inhibited */
    uint64_t cycle_off, instret_off, cycle_frozen, instret_frozen;
    uint64_t mtimecmp; /* the CLINT's, UINT64_MAX at reset (no interrupt) */
    uint32_t msip;     /* the CLINT's software-interrupt bit */
    uint32_t nest;     /* traps taken since the thread's last mret */
} hart_csr;

/* A thread may have at most this many traps nested (taken without an mret
 * between them; the trap suite's programs nest two): an exception taken at
 * that depth is a guest fault, a handler that faults again at each entry
 * (a trap that would nest forever), on every model and shape. Only mret
 * lowers the count: a handler that leaves by a jump (longjmp-style
 * recovery) faults at its thread's 65th trap (docs/platform.md, traps). */
#define MMODE_MAX_NEST 64u

/* A trap that lane work raised (sim_exception) and the executor takes. */
typedef struct pending_trap {
    bool pending;
    unsigned hart;
    uint32_t cause, tval;
} pending_trap;

/* Resets every thread's M-mode state (mtimecmp to UINT64_MAX). */
void mmode_reset(struct simty_sim *s);

/* Has the thread installed a trap handler (a non-zero mtvec)? */
bool mmode_has_handler(const struct simty_sim *s, unsigned hart);

/* A synchronous exception of hart at pc: with a handler installed it is
 * recorded in the hart's core (sim_core.trap) for the executor to take;
 * without, at the handler's first instruction, or with MMODE_MAX_NEST traps
 * nested, it is a guest fault with the message fmt (sim_fault). */
void sim_exception(struct simty_sim *s, unsigned hart, uint32_t pc, uint32_t cause,
                   uint32_t tval, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Takes a trap (exception or interrupt) on hart at pc: mepc, mcause,
 * mtval, mstatus as the privileged spec says; returns the handler's PC. */
uint32_t mmode_trap_enter(struct simty_sim *s, unsigned hart, uint32_t pc, uint32_t cause,
                          uint32_t tval);
/* mret: restores mstatus.MIE; returns mepc. */
uint32_t mmode_mret(struct simty_sim *s, unsigned hart);
/* The handler PC a trap of hart with this cause would go to. */
uint32_t mmode_handler(const struct simty_sim *s, unsigned hart, uint32_t cause);

/* Has hart an interrupt pending that it enabled in mie (whatever
 * mstatus.MIE says: what ends a wait, as for wfi)? */
bool mmode_irq_pending(const struct simty_sim *s, unsigned hart, uint64_t now);

/* Has hart interrupts enabled (mstatus.MIE and a bit of mie), so that one
 * may still interrupt it?  (a self loop then waits for it: warp_exec.c) */
bool mmode_irq_enabled(const struct simty_sim *s, unsigned hart);

/* Can a machine timer still interrupt a thread: one is due at
 * s->timer_next and some thread has interrupts enabled? (a timer nobody
 * takes is no progress: deadlock detection goes on) */
bool mmode_timer_live(const struct simty_sim *s);

/* The mcause of the interrupt hart takes now (pending and enabled; the
 * highest priority), or 0 for none.  `now`: the hart's core's cycle. */
uint32_t mmode_irq(const struct simty_sim *s, unsigned hart, uint64_t now);

/* ---- CSR access ---- */

enum csr_access { CSR_OK, CSR_ABSENT, CSR_READ_ONLY };

/* Does CSR csr exist, and may it be written? (for the illegal-instruction
 * check of a whole path before any lane runs) */
int mmode_csr_check(unsigned csr, bool write);
/* Reads CSR csr of hart (at its core's cycle `now`) into *v; if write,
 * then writes nv (WARL rules applied).  The caller checked the CSR with
 * mmode_csr_check.  simty's own CSRs that act (roi, barrier) are the
 * caller's (warp/lane_ops.c); here they read as their state. */
void mmode_csr_access(struct simty_sim *s, unsigned hart, unsigned csr, uint64_t now,
                      uint32_t *v, bool write, uint32_t nv);
/* Is csr a counter that changes with time (deadlock detection)? */
bool mmode_csr_counts(unsigned csr);

/* ---- F and D: mstatus.FS ---- */

/* Lanes of mask (harts hart0 + l) that may not run an F or D instruction
 * now: mstatus.FS is Off.  The others' FS becomes Dirty (simty marks it
 * for every F or D instruction, reads and stores included: a conservative
 * Dirty, which the privileged spec allows).  Costs one test while every
 * thread of the core is Dirty already (sim_core.fs_clean). */
uint64_t mmode_fp_off(struct simty_sim *s, unsigned hart0, uint64_t mask);

/* ---- the machine timer (the CLINT's registers: machine/clint.c) ---- */

/* mtime at the machine's cycle (one tick per cycle). */
uint64_t mmode_mtime(const struct simty_sim *s, unsigned hart);

/* The run loop's timer events: at s->timer_next a thread's mtimecmp is
 * reached; waiting threads are woken (the interrupt is taken at their next
 * slot) and the next event is found. */
void mmode_timer_fire(struct simty_sim *s);

#endif
