/* The public inspection interface (simty.h, "stepping and inspection"):
 * registers, PCs, guest memory, paths and thread states, read and written
 * between cycles. */
#include "models/model.h"
#include "sim/debug.h"
#include "sim/sim.h"
#include "warp/lane_ops.h" /* CSR numbers */

uint64_t simty_cycle(const simty_sim *s) { return s->cycle; }
const simty_config *simty_config_get(const simty_sim *s) { return &s->cfg; }
unsigned simty_nthreads(const simty_sim *s) { return s->nharts; }

static bool thread_live(const simty_sim *s, unsigned hart)
{
    return s->loaded && hart < s->nharts && s->status[hart] == HART_RUNNING;
}

int simty_reg_read(const simty_sim *s, unsigned hart, unsigned reg, uint32_t *value)
{
    if (hart >= s->nharts || reg > 31)
        return -1;
    *value = reg ? warp_regs((simty_sim *)s, hart / s->T)[reg * s->T + hart % s->T] : 0;
    return 0;
}

int simty_reg_write(simty_sim *s, unsigned hart, unsigned reg, uint32_t value)
{
    if (hart >= s->nharts || reg < 1 || reg > 31)
        return -1;
    warp_regs(s, hart / s->T)[reg * s->T + hart % s->T] = value;
    s->mem_changed = true; /* a change from outside: the deadlock watch starts again */
    return 0;
}

/* f register reg of hart: laid out as the x registers (sim.h) */
static uint64_t *freg(const simty_sim *s, unsigned hart, unsigned reg)
{
    return s->f + ((size_t)(hart / s->T) * 32 + reg) * s->T + hart % s->T;
}

int simty_freg_read(const simty_sim *s, unsigned hart, unsigned reg, uint64_t *value)
{
    if (hart >= s->nharts || reg > 31)
        return -1;
    *value = *freg(s, hart, reg);
    return 0;
}

int simty_freg_write(simty_sim *s, unsigned hart, unsigned reg, uint64_t value)
{
    if (hart >= s->nharts || reg > 31)
        return -1;
    *freg(s, hart, reg) = value;
    s->mem_changed = true; /* a change from outside: the deadlock watch starts again */
    return 0;
}

int simty_csr_read(const simty_sim *s, unsigned hart, unsigned csr, uint32_t *value)
{
    if (hart >= s->nharts || csr > 0xfff || mmode_csr_check(csr, false) != CSR_OK)
        return -1;
    mmode_csr_access((simty_sim *)s, hart, csr, s->core[hart_core(s, hart)].now, value, false, 0);
    return 0;
}

int simty_csr_write(simty_sim *s, unsigned hart, unsigned csr, uint32_t value)
{
    if (hart >= s->nharts || csr > 0xfff || mmode_csr_check(csr, true) != CSR_OK ||
        (csr_props(csr) & CSR_EFFECT)) /* (simty_roi, simty_barrier) */
        return -1;
    uint32_t old;
    mmode_csr_access(s, hart, csr, s->core[hart_core(s, hart)].now, &old, true, value);
    if (csr == CSR_MINSTRET || csr == CSR_MINSTRETH) /* no instruction retires after it */
        s->csr[hart].instret_off += !(s->csr[hart].mcountinhibit & MCOUNTINHIBIT_IR);
    s->mem_changed = true;
    return 0;
}

int simty_debug_csr(unsigned i, unsigned *csr, const char **name)
{
    const csr_info *c;
    for (size_t k = 0; (c = csr_entry(k)); k++)
        if ((c->props & CSR_GDB) && i-- == 0) {
            *csr = c->csr;
            *name = c->name;
            return 0;
        }
    return -1;
}

/* By enum path_wait (WAIT_NONE: a scalar-model thread that runs). */
static const simty_thread_state wait_state[WAIT_KINDS] = {
    SIMTY_THREAD_ACTIVE, SIMTY_THREAD_BARRIER, SIMTY_THREAD_WRS,
    SIMTY_THREAD_BACKOFF, SIMTY_THREAD_SPIN,   SIMTY_THREAD_BARRIER,
    SIMTY_THREAD_BACKOFF, SIMTY_THREAD_READY};

/* The path of a SIMT model's warp that holds hart (runnable or parked), or
 * NULL. */
static const path_t *hart_path(const simty_sim *s, unsigned hart, simty_thread_state *state)
{
    const path_table *pt = &s->paths[hart / s->T];
    lane_mask bit = 1ull << (hart % s->T);
    for (unsigned i = 0; i < pt->n; i++)
        if (pt->list[i].mask & bit) {
            *state = i ? SIMTY_THREAD_READY : SIMTY_THREAD_ACTIVE;
            return &pt->list[i];
        }
    for (unsigned i = 0; i < pt->nwait; i++)
        if (pt->wait[i].p.mask & bit) {
            *state = wait_state[pt->wait[i].why < WAIT_KINDS ? pt->wait[i].why : 0];
            return &pt->wait[i].p;
        }
    return NULL;
}

int simty_pc_read(const simty_sim *s, unsigned hart, uint32_t *pc)
{
    if (!s->loaded || hart >= s->nharts)
        return -1;
    simty_thread_state st;
    const path_t *p = s->paths && thread_live(s, hart) ? hart_path(s, hart, &st) : NULL;
    *pc = p ? p->pc : s->pc[hart]; /* an ended thread: where it was last */
    return 0;
}

int simty_pc_write(simty_sim *s, unsigned hart, uint32_t pc)
{
    uint32_t now;
    if (!thread_live(s, hart) || simty_pc_read(s, hart, &now))
        return -1;
    if (now == pc)
        return 0; /* nothing to move */
    if (sim_debug_move_thread(s, hart, pc))
        return -1;
    s->pc[hart] = pc;
    s->mem_changed = true;
    return 0;
}

/* The host byte holding guest byte addr where the program sees it (with
 * --stack-interleave, a stack word is stored elsewhere), or NULL outside
 * RAM. */
static uint8_t *guest_byte(const simty_sim *s, uint32_t addr)
{
    uint32_t word = stacks_store_addr(&s->stacks, s->nharts, addr & ~3u);
    uint8_t *p = bus_ram(s, word, 4);
    return p ? p + (addr & 3) : NULL;
}

static bool range_ok(const simty_sim *s, uint32_t addr, size_t len)
{
    if (len > UINT32_MAX || (uint64_t)addr + len > (1ull << 32))
        return false;
    for (uint64_t a = addr & ~3u; a < (uint64_t)addr + len; a += 4)
        if (!guest_byte(s, (uint32_t)a))
            return false;
    return true;
}

int simty_mem_read(const simty_sim *s, uint32_t addr, void *buf, size_t len)
{
    if (!range_ok(s, addr, len))
        return -1;
    for (size_t i = 0; i < len; i++)
        ((uint8_t *)buf)[i] = *guest_byte(s, addr + (uint32_t)i);
    return 0;
}

int simty_mem_write(simty_sim *s, uint32_t addr, const void *buf, size_t len)
{
    if (!range_ok(s, addr, len))
        return -1;
    if (!len)
        return 0;
    for (size_t i = 0; i < len; i++)
        *guest_byte(s, addr + (uint32_t)i) = ((const uint8_t *)buf)[i];
    for (uint64_t a = addr & ~3u; a < (uint64_t)addr + len; a += 4) {
        sim_code_written(s, (uint32_t)a);
        /* a write by no hart: every reservation of the word is lost */
        resv_written(s, RESV_NOBODY, stacks_store_addr(&s->stacks, s->nharts, (uint32_t)a));
    }
    s->mem_changed = true;
    s->sync.store_epoch++; /* wakes wrs and spin waits, like a guest store */
    return 0;
}


simty_thread_state simty_thread_state_get(const simty_sim *s, unsigned hart)
{
    if (!s->loaded || hart >= s->nharts || s->status[hart] == HART_EXITED)
        return SIMTY_THREAD_EXITED;
    if (s->status[hart] == HART_PARKED)
        return SIMTY_THREAD_PARKED;
    if (!s->paths) {
        uint8_t w = model_wait_state(s, hart);
        return wait_state[w < WAIT_KINDS ? w : 0];
    }
    simty_thread_state st = SIMTY_THREAD_EXITED;
    hart_path(s, hart, &st);
    return st;
}

const char *simty_thread_state_name(simty_thread_state t)
{
    static const char *const names[] = {"active", "ready", "barrier", "wrs",
                                        "backoff", "spin", "parked", "exited"};
    return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "?";
}

int simty_warp_paths(const simty_sim *s, unsigned core, unsigned warp, simty_path_info *out,
                     unsigned max)
{
    if (!s->loaded || core >= s->ncores || warp >= s->W)
        return -1;
    const unsigned gw = core * s->W + warp;
    unsigned n = 0;
    if (!s->paths) { /* scalar: every live thread alone */
        for (unsigned l = 0; l < s->T; l++) {
            unsigned h = gw * s->T + l;
            if (!thread_live(s, h))
                continue;
            if (n < max)
                out[n] = (simty_path_info){.pc = s->pc[h], .depth = 0, .mask = 1ull << l,
                                           .state = simty_thread_state_get(s, h)};
            n++;
        }
        return (int)n;
    }
    const path_table *pt = &s->paths[gw];
    for (unsigned i = 0; i < pt->n; i++, n++)
        if (n < max)
            out[n] = (simty_path_info){.pc = pt->list[i].pc, .depth = pt->list[i].depth,
                                       .mask = pt->list[i].mask,
                                       .state = i ? SIMTY_THREAD_READY : SIMTY_THREAD_ACTIVE};
    for (unsigned i = 0; i < pt->nwait; i++, n++)
        if (n < max)
            out[n] = (simty_path_info){
                .pc = pt->wait[i].p.pc, .depth = pt->wait[i].p.depth,
                .mask = pt->wait[i].p.mask,
                .state = wait_state[pt->wait[i].why < WAIT_KINDS ? pt->wait[i].why : 0]};
    return (int)n;
}
