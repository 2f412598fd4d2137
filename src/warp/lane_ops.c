#include "warp/lane_ops.h"

#include "isa/disasm.h"

/* by kind: 0 load, 1 store, 2 AMO or SC, 3 LR (a load: its exceptions are a load's) */
static const char *const kind_name[] = {"load", "store", "atomic access", "atomic access"};

/* A load, store or atomic access (kind, above) that failed: an
 * exception (address misaligned or access fault, mtval the address), a
 * fault of the run when no handler is installed. */
static bool mem_fault(simty_sim *s, unsigned hart, uint32_t pc, int kind, int status,
                      uint32_t addr, unsigned size)
{
    const bool load = kind == 0 || kind == 3;
    const uint32_t misaligned = load ? CAUSE_LOAD_MISALIGNED : CAUSE_STORE_MISALIGNED;
    const uint32_t access = load ? CAUSE_LOAD_ACCESS : CAUSE_STORE_ACCESS;
    switch (status) {
    case MEM_MISALIGNED:
        sim_exception(s, hart, pc, misaligned, addr, "misaligned %u-byte %s at address 0x%08x",
                      size, kind_name[kind], addr);
        break;
    case MEM_UNMAPPED:
        sim_exception(s, hart, pc, access, addr, "%s at unmapped address 0x%08x", kind_name[kind],
                      addr);
        break;
    default: /* MEM_BAD_DEVICE */
        sim_exception(s, hart, pc, access, addr, "%s", s->bus_error);
        break;
    }
    return false;
}

uint32_t lane_amo_apply(unsigned op, uint32_t old, uint32_t v)
{
    switch (op) {
    case OP_AMOSWAP_W: return v;
    case OP_AMOADD_W: return old + v;
    case OP_AMOXOR_W: return old ^ v;
    case OP_AMOAND_W: return old & v;
    case OP_AMOOR_W: return old | v;
    case OP_AMOMIN_W: return (int32_t)old < (int32_t)v ? old : v;
    case OP_AMOMAX_W: return (int32_t)old > (int32_t)v ? old : v;
    case OP_AMOMINU_W: return old < v ? old : v;
    case OP_AMOMAXU_W: return old > v ? old : v;
    }
    return old;
}

/* Is addr in a device's registers (machine/device.h)? */
static bool device_register(const simty_sim *s, uint32_t addr)
{
    uint8_t *p;
    const device_ops *dev;
    return bus_decode(s, addr, 1, &p, &dev) == BUS_DEVICE;
}

/* Store half of an AMO or SC; tohost goes through the bus so that it ends
 * the program. */
static bool atomic_store(simty_sim *s, unsigned hart, uint32_t pc, uint32_t addr, uint8_t *p,
                         uint32_t nv)
{
    if (is_tohost_word(s, addr)) {
        int st = bus_store_slow(s, hart, addr, 4, nv);
        return st == MEM_OK || mem_fault(s, hart, pc, 2, st, addr, 4);
    }
    ram_store(s, hart, addr, p, 4, nv);
    return true;
}

/* The RAM word an atomic access of hart's at addr works on, or NULL after
 * reporting a fault (word-aligned, RAM only: atomics on devices make no
 * sense). */
uint8_t *lane_atomic_word(simty_sim *s, unsigned op, unsigned hart, uint32_t pc, uint32_t addr)
{
    const int kind = op == OP_LR_W ? 3 : 2;
    if (addr & 3) {
        mem_fault(s, hart, pc, kind, MEM_MISALIGNED, addr, 4);
        return NULL;
    }
    uint8_t *p = bus_ram(s, addr, 4);
    if (!p) {
        if (device_register(s, addr))
            sim_exception(s, hart, pc, kind == 3 ? CAUSE_LOAD_ACCESS : CAUSE_STORE_ACCESS, addr,
                          "atomic access to device register 0x%08x (atomics need RAM)", addr);
        else
            mem_fault(s, hart, pc, kind, MEM_UNMAPPED, addr, 4);
    }
    return p;
}

bool lane_atomic(simty_sim *s, unsigned op, unsigned hart, uint32_t addr, uint32_t v2,
                 uint32_t *rd, uint32_t pc)
{
    reservation *r = &s->resv[hart];
    uint8_t *p = lane_atomic_word(s, op, hart, pc, addr);
    if (!p)
        return false;
    uint32_t old = load_le(p, 4);

    if (op == OP_LR_W) {
        resv_set(s, hart, addr);
        if (rd)
            *rd = old;
        return true;
    }
    if (op == OP_SC_W) {
        bool ok = r->valid && r->addr == addr;
        resv_clear(s, hart);
        if (ok && !atomic_store(s, hart, pc, addr, p, v2))
            return false;
        if (rd)
            *rd = ok ? 0 : 1;
        return true;
    }
    if (!atomic_store(s, hart, pc, addr, p, lane_amo_apply(op, old, v2)))
        return false;
    if (rd)
        *rd = old;
    return true;
}

/* FLW, FLD, FSW, FSD of one lane.  An 8-byte access is two 4-byte ones
 * (the second word where byte 4 is stored: --stack-interleave); with
 * --misaligned trap it must be 8-aligned. */
static bool lane_fp_memory(simty_sim *s, const insn_t *d, uint32_t *x, unsigned stride,
                           unsigned lane, unsigned hart, uint32_t addr, uint32_t pc)
{
    uint64_t *f = s->f + (x - s->x); /* (the same layout: sim.h) */
    const bool load = d->cls == CLS_LOAD, dbl = d->fp & FP_DOUBLE;
    const unsigned size = dbl ? 8 : 4;
    if (dbl && (addr & 7) && s->cfg.misaligned == SIMTY_MISALIGNED_TRAP)
        return mem_fault(s, hart, pc, load ? 0 : 1, MEM_MISALIGNED, addr, 8);
    const uint32_t hi_addr = dbl ? stacks_access_byte(&s->stacks, s->nharts, addr, 4) : 0;
    int st;
    if (load) {
        uint32_t lo, hi = ~0u; /* a single is NaN-boxed */
        st = bus_load(s, hart, addr, 4, &lo);
        if (st == MEM_OK && dbl)
            st = bus_load(s, hart, hi_addr, 4, &hi);
        if (st != MEM_OK)
            return mem_fault(s, hart, pc, 0, st, addr, size);
        f[(unsigned)d->rd * stride + lane] = (uint64_t)hi << 32 | lo;
        return true;
    }
    const uint64_t v = f[(unsigned)d->rs2 * stride + lane];
    if (dbl) { /* one word in RAM, the other nowhere: a fault before either is written */
        const bool lo_ram = bus_ram(s, addr, 4), hi_ram = bus_ram(s, hi_addr, 4);
        if (lo_ram != hi_ram && !device_register(s, lo_ram ? hi_addr : addr))
            return mem_fault(s, hart, pc, 1, MEM_UNMAPPED, addr, 8);
    }
    st = s->port.store(s, hart, pc, addr, 4, (uint32_t)v);
    if (st == MEM_OK && dbl)
        st = s->port.store(s, hart, pc, hi_addr, 4, (uint32_t)(v >> 32));
    if (st != MEM_OK)
        return mem_fault(s, hart, pc, 1, st, addr, size);
    return true;
}

bool lane_memory(simty_sim *s, const insn_t *d, uint32_t *x, unsigned stride, unsigned lane,
                 unsigned hart, uint32_t addr, uint32_t pc)
{
    if (d->fp)
        return lane_fp_memory(s, d, x, stride, lane, hart, addr, pc);
    uint32_t *rd = x + (unsigned)d->rd * stride + lane;
    uint32_t v2 = x[(unsigned)d->rs2 * stride + lane];
    unsigned size = mem_access_size(d);
    uint32_t v;
    int st;

    switch (d->cls) {
    case CLS_LOAD:
        st = bus_load(s, hart, addr, size, &v);
        if (st != MEM_OK)
            return mem_fault(s, hart, pc, 0, st, addr, size);
        if (d->op == OP_LB)
            v = (uint32_t)(int32_t)(int8_t)v;
        else if (d->op == OP_LH)
            v = (uint32_t)(int32_t)(int16_t)v;
        if (d->rd)
            *rd = v;
        return true;
    case CLS_STORE:
        st = s->port.store(s, hart, pc, addr, size, v2);
        if (st != MEM_OK)
            return mem_fault(s, hart, pc, 1, st, addr, size);
        return true;
    default:
        break;
    }

    return s->port.amo(s, d->op, hart, pc, addr, v2, d->rd ? rd : NULL);
}


bool lane_csr(simty_sim *s, const insn_t *d, uint32_t *x, unsigned stride, unsigned lane,
              unsigned hart, uint32_t pc, uint32_t *scope)
{
    uint32_t src = d->op >= OP_CSRRWI ? (uint32_t)d->imm : x[(unsigned)d->rs1 * stride + lane];
    bool is_write_op = d->op == OP_CSRRW || d->op == OP_CSRRWI;
    /* csrrs/csrrc with x0 (or zimm 0) only read */
    bool writes = csr_insn_writes(d);
    bool reads = !is_write_op || d->rd != 0;
    const uint64_t now = s->core[hart_core(s, hart)].now;
    uint32_t old;

    mmode_csr_access(s, hart, d->csr, now, &old, false, 0);
    if (mmode_csr_counts(d->csr))
        s->port.counter_read(s, hart);
    if (writes) {
        uint32_t nv = d->op == OP_CSRRW || d->op == OP_CSRRWI   ? src
                      : d->op == OP_CSRRS || d->op == OP_CSRRSI ? old | src
                                                                : old & ~src;
        if (d->csr == SIMTY_CSR_ROI) {
            s->port.roi(s, hart, nv != 0);
        } else if (d->csr == SIMTY_CSR_BARRIER) {
            /* the arrival itself happens at commit (the path parks) */
            if (nv != SIMTY_BARRIER_SCOPE_MACHINE && nv != SIMTY_BARRIER_SCOPE_CORE) {
                sim_fault(s, hart, pc, "barrier scope %u is reserved (0: machine, 1: core)", nv);
                return false;
            }
            *scope = nv;
        } else {
            mmode_csr_access(s, hart, d->csr, now, &old, true, nv);
        }
    }
    if (reads && d->rd)
        x[(unsigned)d->rd * stride + lane] = old;
    return true;
}

bool lane_csr_check(simty_sim *s, const insn_t *d, unsigned hart, uint32_t pc)
{
    int st = mmode_csr_check(d->csr, csr_insn_writes(d));
    if (st == CSR_OK)
        return true;
    char buf[24];
    const char *nm = csr_text(d->csr, buf, sizeof buf);
    char what[64];
    if (nm[0] != '0') /* a name, not a number */
        snprintf(what, sizeof what, "%s (0x%03x)", nm, d->csr);
    else
        snprintf(what, sizeof what, "0x%03x", d->csr);
    if (st == CSR_READ_ONLY)
        sim_exception(s, hart, pc, CAUSE_ILLEGAL, d->raw, "write to read-only CSR %s", what);
    else
        sim_exception(s, hart, pc, CAUSE_ILLEGAL, d->raw, "CSR %s is not implemented", what);
    return false;
}

bool lane_ecall(simty_sim *s, const uint32_t *x, unsigned stride, unsigned lane, unsigned hart,
                uint32_t pc, int32_t *code)
{
    uint32_t a7 = x[17 * stride + lane];
    if (a7 == 93) {
        *code = (int32_t)x[10 * stride + lane];
        return true;
    }
    sim_exception(s, hart, pc, CAUSE_ECALL_M, 0,
                  "unsupported ecall (a7 = %u; only 93, exit, is implemented)", a7);
    return false;
}

void lane_illegal(simty_sim *s, const insn_t *d, unsigned hart, uint32_t pc)
{
    if (d->op == OP_EBREAK)
        sim_exception(s, hart, pc, CAUSE_BREAKPOINT, pc, "ebreak (breakpoint)");
    else if (d->len == 2) /* mtval: the 16-bit parcel */
        sim_exception(s, hart, pc, CAUSE_ILLEGAL, d->raw, "illegal instruction 0x%04x", d->raw);
    else if ((d->raw & 3) != 3 && (d->raw & 0xffff)) /* (C is off: s->ialign_mask) */
        sim_exception(s, hart, pc, CAUSE_ILLEGAL, d->raw,
                      "illegal instruction 0x%08x (a compressed instruction 0x%04x? C is on only "
                      "for an ELF file whose header has the RVC flag)", d->raw, d->raw & 0xffff);
    else
        sim_exception(s, hart, pc, CAUSE_ILLEGAL, d->raw, "illegal instruction 0x%08x", d->raw);
}

void lane_misaligned_target(simty_sim *s, unsigned hart, uint32_t pc, uint32_t target)
{
    sim_exception(s, hart, pc, CAUSE_FETCH_MISALIGNED, target,
                  "jump to misaligned address 0x%08x", target);
}

/* A reservation holds until it is cleared: by the hart's own SC or next
 * LR, or by another hart's write to its word. */
bool sync_resv_holds(const simty_sim *s, unsigned hart)
{
    return s->resv[hart].valid;
}

bool sync_wrs_ends(const simty_sim *s, unsigned hart, uint64_t now)
{
    return !sync_resv_holds(s, hart) || mmode_irq_pending(s, hart, now);
}
