#include "warp/lane_ops.h"

#include "isa/disasm.h"

static const char *const kind_name[] = {"load", "store", "atomic access"};

static bool mem_fault(simty_sim *s, unsigned hart, uint32_t pc, int kind, int status,
                      uint32_t addr, unsigned size)
{
    switch (status) {
    case MEM_MISALIGNED:
        sim_fault(s, hart, pc, "misaligned %u-byte %s at address 0x%08x", size, kind_name[kind],
                  addr);
        break;
    case MEM_UNMAPPED:
        sim_fault(s, hart, pc, "%s at unmapped address 0x%08x", kind_name[kind], addr);
        break;
    default: /* MEM_BAD_DEVICE */
        sim_fault(s, hart, pc, "%s", s->bus_error);
        break;
    }
    return false;
}

static uint32_t amo_apply(unsigned op, uint32_t old, uint32_t v)
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

/* Store half of an AMO or SC; tohost goes through the bus so that it ends
 * the program. */
static bool atomic_store(simty_sim *s, unsigned hart, uint32_t pc, uint32_t addr, uint8_t *p,
                         uint32_t nv)
{
    if (is_tohost_word(s, addr)) {
        int st = bus_store_slow(s, hart, addr, 4, nv);
        return st == MEM_OK || mem_fault(s, hart, pc, 2, st, addr, 4);
    }
    ram_store(s, addr, p, 4, nv);
    return true;
}

/* The RAM word an atomic access of hart's at addr works on, or NULL after
 * reporting a fault (word-aligned, RAM only: atomics on devices make no
 * sense). */
static uint8_t *atomic_word(simty_sim *s, unsigned hart, uint32_t pc, uint32_t addr)
{
    if (addr & 3) {
        mem_fault(s, hart, pc, 2, MEM_MISALIGNED, addr, 4);
        return NULL;
    }
    uint64_t off = (uint64_t)(addr - s->ram_base);
    uint8_t *p = (addr >= s->ram_base && off + 4 <= s->ram_size) ? s->ram + off
                                                                 : mem_ptr(&s->mem, addr, 4);
    if (!p) {
        if (addr - SIMTY_UART_BASE < SIMTY_UART_SIZE || addr - SIMTY_FINISHER_BASE < SIMTY_FINISHER_SIZE)
            sim_fault(s, hart, pc, "atomic access to device register 0x%08x (atomics need RAM)",
                      addr);
        else
            mem_fault(s, hart, pc, 2, MEM_UNMAPPED, addr, 4);
    }
    return p;
}

bool lane_atomic(simty_sim *s, unsigned op, unsigned hart, uint32_t addr, uint32_t v2,
                 uint32_t *rd, uint32_t pc)
{
    reservation *r = &s->resv[hart];
    uint8_t *p = atomic_word(s, hart, pc, addr);
    if (!p)
        return false;
    uint32_t old = load_le(p, 4);

    if (op == OP_LR_W) {
        *r = (reservation){.addr = addr, .value = old, .valid = true};
        if (rd)
            *rd = old;
        return true;
    }
    if (op == OP_SC_W) {
        bool ok = r->valid && r->addr == addr && sync_resv_holds(s, hart);
        r->valid = false;
        if (ok && !atomic_store(s, hart, pc, addr, p, v2))
            return false;
        if (rd)
            *rd = ok ? 0 : 1;
        return true;
    }
    if (!atomic_store(s, hart, pc, addr, p, amo_apply(op, old, v2)))
        return false;
    if (rd)
        *rd = old;
    return true;
}

bool lane_memory(simty_sim *s, const insn_t *d, uint32_t *x, unsigned stride, unsigned lane,
                 unsigned hart, uint32_t addr, uint32_t pc)
{
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
        st = s->deferring ? fx_store(s, hart, pc, addr, size, v2) : bus_store(s, hart, addr, size, v2);
        if (st != MEM_OK)
            return mem_fault(s, hart, pc, 1, st, addr, size);
        return true;
    default:
        break;
    }

    if (s->deferring) { /* checked now, performed at the end of the cycle */
        uint8_t *p = atomic_word(s, hart, pc, addr);
        if (!p)
            return false;
        uint32_t old = load_le(p, 4);
        bool sc_ok = s->resv[hart].valid && s->resv[hart].addr == addr;
        warp_core(s, hart / s->T)->fx.changes +=
            d->op == OP_SC_W ? sc_ok && old != v2 : d->op != OP_LR_W && amo_apply(d->op, old, v2) != old;
        fx_push(s, hart_core(s, hart), (fx){.kind = FX_AMO, .op = d->op, .hart = hart, .addr = addr,
                                            .value = v2, .pc = pc, .rd = d->rd ? rd : NULL});
        return true;
    }
    return lane_atomic(s, d->op, hart, addr, v2, d->rd ? rd : NULL, pc);
}


static void note_counter_read(simty_sim *s, unsigned hart)
{
    if (s->deferring)
        s->core[hart_core(s, hart)].fx.counter_read = true;
    else
        s->counter_read = true;
}

/* misa: MXL = 1 (32-bit), extensions A, I, M */
#define MISA_VALUE ((1u << 30) | (1u << 0) | (1u << 8) | (1u << 12))

bool lane_csr(simty_sim *s, const insn_t *d, uint32_t *x, unsigned stride, unsigned lane,
              unsigned hart, uint32_t pc, uint32_t *scope)
{
    uint32_t src = d->op >= OP_CSRRWI ? (uint32_t)d->imm : x[(unsigned)d->rs1 * stride + lane];
    bool is_write_op = d->op == OP_CSRRW || d->op == OP_CSRRWI;
    /* csrrs/csrrc with x0 (or zimm 0) only read */
    bool writes = csr_insn_writes(d);
    bool reads = !is_write_op || d->rd != 0;
    uint32_t old = 0;
    bool writable = false;

    switch (d->csr) {
    case CSR_MISA: old = MISA_VALUE; break;
    case CSR_MSCRATCH: old = s->mscratch[hart]; writable = true; break;
    case SIMTY_CSR_ROI: old = s->roi_state == ROI_OPEN; writable = true; break;
    case SIMTY_CSR_BARRIER: old = (uint32_t)s->sync.completed; writable = true; break;
    case CSR_MCYCLE: case CSR_CYCLE:
        old = (uint32_t)s->core[hart_core(s, hart)].now;
        note_counter_read(s, hart);
        break;
    case CSR_MCYCLEH: case CSR_CYCLEH:
        old = (uint32_t)(s->core[hart_core(s, hart)].now >> 32);
        note_counter_read(s, hart);
        break;
    case CSR_MINSTRET: case CSR_INSTRET:
        old = (uint32_t)sim_instret(s, hart);
        note_counter_read(s, hart);
        break;
    case CSR_MINSTRETH: case CSR_INSTRETH:
        old = (uint32_t)(sim_instret(s, hart) >> 32);
        note_counter_read(s, hart);
        break;
    case CSR_MVENDORID: case CSR_MARCHID: case CSR_MIMPID: old = 0; break;
    case CSR_MHARTID: old = hart; break;
    case SIMTY_CSR_WARPS: old = s->W; break;
    case SIMTY_CSR_THREADS: old = s->T; break;
    case SIMTY_CSR_HARTS: old = s->nharts; break;
    case SIMTY_CSR_CORES: old = s->cfg.cores; break;
    case SIMTY_CSR_QUANTUM: old = s->ncores > 1 ? (uint32_t)s->quantum : 1; break;
    default: {
        char buf[24];
        const char *nm = csr_text(d->csr, buf, sizeof buf);
        if (nm[0] != '0') /* a name, not a number */
            sim_fault(s, hart, pc, "CSR %s (0x%03x) is not implemented", nm, d->csr);
        else
            sim_fault(s, hart, pc, "CSR 0x%03x is not implemented", d->csr);
        return false;
    }
    }
    if (writes && !writable) {
        sim_fault(s, hart, pc, "write to read-only CSR 0x%03x", d->csr);
        return false;
    }
    if (writes) {
        uint32_t nv = d->op == OP_CSRRW || d->op == OP_CSRRWI   ? src
                      : d->op == OP_CSRRS || d->op == OP_CSRRSI ? old | src
                                                                : old & ~src;
        if (d->csr == SIMTY_CSR_ROI) {
            if (s->deferring) /* takes effect with the cycle's other effects */
                fx_push(s, hart_core(s, hart), (fx){.kind = FX_ROI, .why = nv != 0, .hart = hart});
            else
                sim_roi_mark(s, nv != 0);
        } else if (d->csr == SIMTY_CSR_BARRIER) {
            /* the arrival itself happens at commit (the path parks) */
            if (nv != SIMTY_BARRIER_SCOPE_MACHINE && nv != SIMTY_BARRIER_SCOPE_CORE) {
                sim_fault(s, hart, pc, "barrier scope %u is reserved (0: machine, 1: core)", nv);
                return false;
            }
            *scope = nv;
        } else
            s->mscratch[hart] = nv;
    }
    if (reads && d->rd)
        x[(unsigned)d->rd * stride + lane] = old;
    return true;
}

bool lane_ecall(simty_sim *s, const uint32_t *x, unsigned stride, unsigned lane, unsigned hart,
                uint32_t pc, int32_t *code)
{
    uint32_t a7 = x[17 * stride + lane];
    if (a7 == 93) {
        *code = (int32_t)x[10 * stride + lane];
        return true;
    }
    sim_fault(s, hart, pc, "unsupported ecall (a7 = %u; only 93, exit, is implemented)", a7);
    return false;
}

void lane_illegal(simty_sim *s, const insn_t *d, unsigned hart, uint32_t pc)
{
    if (d->op == OP_EBREAK)
        sim_fault(s, hart, pc, "ebreak (breakpoint)");
    else if (s->elf.rvc && (d->raw & 3) != 3 && (d->raw & 0xffff) != 0) /* (0: illegal in RVC) */
        sim_fault(s, hart, pc, "compressed instruction 0x%04x: simty runs 32-bit instructions "
                               "only (build with -march=rv32ima)", d->raw & 0xffff);
    else
        sim_fault(s, hart, pc, "illegal instruction 0x%08x", d->raw);
}

void lane_misaligned_target(simty_sim *s, unsigned hart, uint32_t pc, uint32_t target)
{
    sim_fault(s, hart, pc, "jump to misaligned address 0x%08x", target);
}

/* LR/SC reservations are value-checked (like QEMU): a reservation holds
 * while the reserved word still has the value LR read. */
bool sync_resv_holds(const simty_sim *s, unsigned hart)
{
    const reservation *r = &s->resv[hart];
    if (!r->valid)
        return false;
    uint8_t *p = mem_ptr((memory_t *)&s->mem, r->addr, 4);
    return p && load_le(p, 4) == r->value;
}
