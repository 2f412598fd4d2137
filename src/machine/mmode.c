/* Machine mode: see mmode.h. */
#include "machine/mmode.h"

#include <stdio.h>

#include "machine/machine.h"
#include "isa/csr.h" /* the CSR table and numbers */

void mmode_reset(simty_sim *s)
{
    for (unsigned h = 0; h < s->nharts; h++)
        s->csr[h] = (hart_csr){.mstatus = MSTATUS_MPP | MSTATUS_FS_INITIAL,
                               .mtimecmp = UINT64_MAX};
    for (unsigned c = 0; c < s->ncores; c++) {
        s->core[c].irq_armed = 0;
        s->core[c].fs_clean = s->W * s->T; /* every thread starts Initial */
    }
    s->timer_next = UINT64_MAX;
    s->irq_seen = false;
}

bool mmode_has_handler(const simty_sim *s, unsigned hart) { return s->csr[hart].mtvec != 0; }

/* An exception at the first instruction of the handler it would enter is
 * one no handler can take: the trap changes no register, so the handler
 * would fault again at once, forever (on the SIMT models each trap would
 * also nest one call level deeper).  It is a guest fault, as without a
 * handler, on every model and shape. */
void sim_exception(simty_sim *s, unsigned hart, uint32_t pc, uint32_t cause, uint32_t tval,
                   const char *fmt, ...)
{
    const bool handler = mmode_has_handler(s, hart);
    const hart_csr *csr = &s->csr[hart];
    const bool loop = handler && mmode_handler(s, hart, cause) == pc;
    const bool deep = handler && csr->nest >= MMODE_MAX_NEST;
    if (handler && !loop && !deep) {
        sim_core *c = &s->core[hart_core(s, hart)];
        if (!c->trap.pending) /* the first one of the slot */
            c->trap = (pending_trap){.pending = true, .hart = hart, .cause = cause, .tval = tval};
        return;
    }
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (loop)
        sim_fault(s, hart, pc, "%s at the trap handler's first instruction (mtvec 0x%08x): a "
                  "trap loop, every trap (mcause %u) would enter the handler here again", what,
                  csr->mtvec, cause);
    else if (deep)
        sim_fault(s, hart, pc, "%s with %u traps nested (no mret since; the last one from pc "
                  "0x%08x, mcause %u, to the handler at 0x%08x): a trap handler that faults "
                  "again at each entry", what, csr->nest, csr->mepc, csr->mcause,
                  mmode_handler(s, hart, csr->mcause));
    else
        sim_fault(s, hart, pc, "%s", what);
}

/* Interrupts of a thread are armed when it enables some in mstatus and
 * mie; the executor looks for pending ones only while some thread of the
 * core has them armed (sim_core.irq_armed counts them). */
static bool armed(const hart_csr *c)
{
    return (c->mstatus & MSTATUS_MIE) && (c->mie & (MIP_MSIP | MIP_MTIP));
}

bool mmode_irq_enabled(const simty_sim *s, unsigned hart) { return armed(&s->csr[hart]); }

static void rearm(simty_sim *s, unsigned hart, bool before)
{
    bool after = armed(&s->csr[hart]);
    if (after != before)
        s->core[hart_core(s, hart)].irq_armed += after ? 1 : -1;
    if (after)
        __atomic_store_n(&s->irq_seen, true, __ATOMIC_RELAXED);
}

uint32_t mmode_handler(const simty_sim *s, unsigned hart, uint32_t cause)
{
    const uint32_t tvec = s->csr[hart].mtvec;
    if ((tvec & MTVEC_VECTORED) && (cause & CAUSE_INTERRUPT))
        return (tvec & ~3u) + 4 * (cause & ~CAUSE_INTERRUPT);
    return tvec & ~3u;
}

uint32_t mmode_trap_enter(simty_sim *s, unsigned hart, uint32_t pc, uint32_t cause, uint32_t tval)
{
    hart_csr *c = &s->csr[hart];
    bool before = armed(c);
    c->mepc = pc;
    c->nest += c->nest < UINT32_MAX;
    c->mcause = cause;
    c->mtval = tval;
    c->mstatus = (c->mstatus & MSTATUS_MIE ? MSTATUS_MPIE : 0) | MSTATUS_MPP |
                 (c->mstatus & MSTATUS_FS);
    rearm(s, hart, before);
    return mmode_handler(s, hart, cause);
}

uint32_t mmode_mret(simty_sim *s, unsigned hart)
{
    hart_csr *c = &s->csr[hart];
    bool before = armed(c);
    c->mstatus = (c->mstatus & MSTATUS_MPIE ? MSTATUS_MIE : 0) | MSTATUS_MPIE | MSTATUS_MPP |
                 (c->mstatus & MSTATUS_FS);
    c->nest = 0;
    rearm(s, hart, before);
    return c->mepc;
}

static uint32_t mip(const simty_sim *s, unsigned hart, uint64_t now)
{
    const hart_csr *c = &s->csr[hart];
    return (c->msip & 1 ? MIP_MSIP : 0) | (now >= c->mtimecmp ? MIP_MTIP : 0);
}

bool mmode_irq_pending(const simty_sim *s, unsigned hart, uint64_t now)
{
    return (mip(s, hart, now) & s->csr[hart].mie) != 0;
}

bool mmode_timer_live(const simty_sim *s)
{
    if (s->timer_next == UINT64_MAX)
        return false;
    for (unsigned c = 0; c < s->ncores; c++)
        if (s->core[c].irq_armed)
            return true;
    return false;
}

uint32_t mmode_irq(const simty_sim *s, unsigned hart, uint64_t now)
{
    const hart_csr *c = &s->csr[hart];
    if (!(c->mstatus & MSTATUS_MIE))
        return 0;
    uint32_t p = mip(s, hart, now) & c->mie;
    if (p & MIP_MSIP) /* priority: external, software, timer */
        return CAUSE_INTERRUPT | 3;
    if (p & MIP_MTIP)
        return CAUSE_INTERRUPT | 7;
    return 0;
}

/* ---- CSRs ---- */

int mmode_csr_check(unsigned csr, bool write)
{
    const unsigned access = csr_props(csr) & CSR_ACCESS; /* (isa/csr.h) */
    if (access == CSR_NONE)
        return CSR_ABSENT;
    return write && access == CSR_RO ? CSR_READ_ONLY : CSR_OK;
}

bool mmode_csr_counts(unsigned csr)
{
    return csr_props(csr) & CSR_COUNTS;
}

static uint64_t mcycle(const hart_csr *c, uint64_t now)
{
    return c->mcountinhibit & MCOUNTINHIBIT_CY ? c->cycle_frozen : now + c->cycle_off;
}

static uint64_t minstret(const simty_sim *s, unsigned hart)
{
    const hart_csr *c = &s->csr[hart];
    return c->mcountinhibit & MCOUNTINHIBIT_IR ? c->instret_frozen
                                                : sim_instret(s, hart) + c->instret_off;
}

/* A counter write sets the value the next instruction reads: the write is
 * done instead of the writing instruction's own increment (unprivileged
 * spec, Zicsr: "the write is done instead of the increment"), for either
 * half: a write of minstreth keeps the low half as it was, uncarried.
 * minstret leaves out that retirement, which the executor counts after the
 * write. */
static void set_mcycle(hart_csr *c, uint64_t now, uint64_t v)
{
    if (c->mcountinhibit & MCOUNTINHIBIT_CY)
        c->cycle_frozen = v;
    else
        c->cycle_off = v - now;
}

static void set_minstret(simty_sim *s, unsigned hart, uint64_t v)
{
    hart_csr *c = &s->csr[hart];
    if (c->mcountinhibit & MCOUNTINHIBIT_IR)
        c->instret_frozen = v;
    else
        c->instret_off = v - (sim_instret(s, hart) + 1);
}

static uint64_t with_lo(uint64_t v, uint32_t lo) { return (v & ~0xffffffffull) | lo; }
static uint64_t with_hi(uint64_t v, uint32_t hi) { return (v & 0xffffffffull) | (uint64_t)hi << 32; }

/* misa: MXL = 1 (32-bit), extensions A, D, F, I, M, and C for a program
 * built with compressed instructions; writes are ignored (WARL) */
#define MISA_VALUE ((1u << 30) | (1u << 0) | (1u << 3) | (1u << 5) | (1u << 8) | (1u << 12))
#define MISA_C (1u << 2)

/* mstatus.FS of hart becomes fs (sim_core.fs_clean counts the threads
 * that are not Dirty) */
static void set_fs(simty_sim *s, unsigned hart, uint32_t fs)
{
    hart_csr *c = &s->csr[hart];
    const bool was = (c->mstatus & MSTATUS_FS) == MSTATUS_FS_DIRTY, now = fs == MSTATUS_FS_DIRTY;
    s->core[hart_core(s, hart)].fs_clean += (unsigned)was - (unsigned)now;
    c->mstatus = (c->mstatus & ~MSTATUS_FS) | fs;
    if (now && !__atomic_load_n(&s->fp_used, __ATOMIC_RELAXED)) /* (host threads) */
        __atomic_store_n(&s->fp_used, true, __ATOMIC_RELAXED);
}

uint64_t mmode_fp_off(simty_sim *s, unsigned hart0, uint64_t mask)
{
    if (__builtin_expect(!s->core[hart_core(s, hart0)].fs_clean, 1))
        return 0;
    uint64_t off = 0;
    for (uint64_t m = mask; m; m &= m - 1) {
        const unsigned l = (unsigned)__builtin_ctzll(m);
        const uint32_t fs = s->csr[hart0 + l].mstatus & MSTATUS_FS;
        if (!fs)
            off |= m & -m;
        else if (fs != MSTATUS_FS_DIRTY)
            set_fs(s, hart0 + l, MSTATUS_FS_DIRTY);
    }
    return off;
}

void mmode_csr_access(simty_sim *s, unsigned hart, unsigned csr, uint64_t now, uint32_t *v,
                      bool write, uint32_t nv)
{
    hart_csr *c = &s->csr[hart];
    const uint64_t time = now;
    uint32_t old = 0;
    switch (csr) {
    case CSR_MSTATUS:
        old = c->mstatus | ((c->mstatus & MSTATUS_FS) == MSTATUS_FS_DIRTY ? MSTATUS_SD : 0);
        break;
    case CSR_FFLAGS: old = s->fflags[hart]; break;
    case CSR_FRM: old = s->frm[hart]; break;
    case CSR_FCSR: old = (uint32_t)s->frm[hart] << 5 | s->fflags[hart]; break;
    case CSR_MISA: old = MISA_VALUE | (s->ialign_mask == 1 ? MISA_C : 0); break;
    case CSR_MIE: old = c->mie; break;
    case CSR_MTVEC: old = c->mtvec; break;
    case CSR_MCOUNTINHIBIT: old = c->mcountinhibit; break;
    case CSR_MSCRATCH: old = c->mscratch; break;
    case CSR_MEPC: old = c->mepc; break;
    case CSR_MCAUSE: old = c->mcause; break;
    case CSR_MTVAL: old = c->mtval; break;
    case CSR_MIP: old = mip(s, hart, now); break;
    case CSR_MCYCLE: case CSR_CYCLE: old = (uint32_t)mcycle(c, now); break;
    case CSR_MCYCLEH: case CSR_CYCLEH: old = (uint32_t)(mcycle(c, now) >> 32); break;
    case CSR_MINSTRET: case CSR_INSTRET: old = (uint32_t)minstret(s, hart); break;
    case CSR_MINSTRETH: case CSR_INSTRETH: old = (uint32_t)(minstret(s, hart) >> 32); break;
    case CSR_TIME: old = (uint32_t)time; break;
    case CSR_TIMEH: old = (uint32_t)(time >> 32); break;
    case CSR_MHARTID: old = hart; break;
    case SIMTY_CSR_ROI: old = s->roi_state == ROI_OPEN; break;
    case SIMTY_CSR_BARRIER: old = (uint32_t)s->sync.completed; break;
    case SIMTY_CSR_WARPS: old = s->W; break;
    case SIMTY_CSR_THREADS: old = s->T; break;
    case SIMTY_CSR_HARTS: old = s->nharts; break;
    case SIMTY_CSR_CORES: old = s->cfg.cores; break;
    case SIMTY_CSR_QUANTUM: old = s->ncores > 1 ? (uint32_t)s->quantum : 1; break;
    default: break; /* mvendorid, marchid, mimpid and the zero CSRs */
    }
    *v = old;
    if (!write)
        return;
    const bool before = armed(c);
    switch (csr) {
    case CSR_MSTATUS: /* MIE, MPIE and FS; MPP stays M; SD follows FS */
        c->mstatus = (nv & (MSTATUS_MIE | MSTATUS_MPIE)) | MSTATUS_MPP | (c->mstatus & MSTATUS_FS);
        set_fs(s, hart, nv & MSTATUS_FS);
        break;
    case CSR_FFLAGS: s->fflags[hart] = nv & 31; set_fs(s, hart, MSTATUS_FS_DIRTY); break;
    case CSR_FRM: s->frm[hart] = nv & 7; set_fs(s, hart, MSTATUS_FS_DIRTY); break;
    case CSR_FCSR:
        s->frm[hart] = (nv >> 5) & 7;
        s->fflags[hart] = nv & 31;
        set_fs(s, hart, MSTATUS_FS_DIRTY);
        break;
    case CSR_MIE: c->mie = nv & (MIP_MSIP | MIP_MTIP); break;
    case CSR_MTVEC: /* modes direct (0) and vectored (1); the reserved ones read as direct */
        c->mtvec = (nv & ~3u) | ((nv & 3) == MTVEC_VECTORED ? MTVEC_VECTORED : 0);
        break;
    case CSR_MCOUNTINHIBIT: {
        uint32_t inh = nv & (MCOUNTINHIBIT_CY | MCOUNTINHIBIT_IR), was = c->mcountinhibit;
        if ((inh ^ was) & MCOUNTINHIBIT_CY) {
            if (inh & MCOUNTINHIBIT_CY)
                c->cycle_frozen = now + c->cycle_off;
            else
                c->cycle_off = c->cycle_frozen - now;
        }
        if ((inh ^ was) & MCOUNTINHIBIT_IR) {
            uint64_t live = sim_instret(s, hart) + 1; /* (this instruction counts) */
            if (inh & MCOUNTINHIBIT_IR)
                c->instret_frozen = live + c->instret_off;
            else
                c->instret_off = c->instret_frozen - live;
        }
        c->mcountinhibit = inh;
        break;
    }
    case CSR_MSCRATCH: c->mscratch = nv; break;
    case CSR_MEPC: c->mepc = nv & ~s->ialign_mask; break; /* IALIGN = 32, or 16 with C */
    case CSR_MCAUSE: c->mcause = nv; break;
    case CSR_MTVAL: c->mtval = nv; break;
    case CSR_MCYCLE: set_mcycle(c, now, with_lo(mcycle(c, now), nv)); break;
    case CSR_MCYCLEH: set_mcycle(c, now, with_hi(mcycle(c, now), nv)); break;
    case CSR_MINSTRET: set_minstret(s, hart, with_lo(minstret(s, hart), nv)); break;
    case CSR_MINSTRETH: set_minstret(s, hart, with_hi(minstret(s, hart), nv)); break;
    default: break; /* misa, mip and the zero CSRs ignore writes (WARL) */
    }
    rearm(s, hart, before);
}

/* ---- the machine timer ---- */

uint64_t mmode_mtime(const simty_sim *s, unsigned hart)
{
    return s->core[hart_core(s, hart)].now;
}

void mmode_timer_fire(simty_sim *s)
{
    const uint64_t now = s->cycle;
    uint64_t next = UINT64_MAX;
    const unsigned n = s->nharts < SIMTY_CLINT_HARTS ? s->nharts : SIMTY_CLINT_HARTS;
    for (unsigned h = 0; h < n; h++)
        if (s->csr[h].mtimecmp > now && s->csr[h].mtimecmp < next)
            next = s->csr[h].mtimecmp;
    s->timer_next = next;
    s->mem_changed = true; /* (progress: an interrupt may be taken) */
    s->sync.store_epoch++;  /* threads waiting for a store look again */
}
