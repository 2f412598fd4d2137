/* The CLINT (docs/platform.md "Machine mode and traps"): each hart's
 * msip and mtimecmp, and mtime, as aligned 32-bit words.  The registers'
 * state is the harts' (hart_csr in machine/mmode.h: the interrupt logic reads
 * it there); mtime is the hart's core's cycle (mmode_mtime). */
#include "machine/device.h"
#include "machine/machine.h"

static int clint_bad(simty_sim *s, uint32_t addr, unsigned size)
{
    snprintf(s->bus_error, sizeof s->bus_error,
             "CLINT takes aligned 32-bit accesses (%u-byte access at 0x%08x)", size, addr);
    return MEM_BAD_DEVICE;
}

/* The CLINT register at addr (an aligned word of its range): which one,
 * for which hart, and whether the high word of a 64-bit one. */
enum clint_reg { CLINT_NONE, CLINT_MSIP, CLINT_MTIMECMP, CLINT_MTIME };

static enum clint_reg clint_decode(const simty_sim *s, uint32_t addr, unsigned *hart, bool *hi)
{
    const uint32_t off = addr - SIMTY_CLINT_BASE;
    const unsigned n = s->nharts < SIMTY_CLINT_HARTS ? s->nharts : SIMTY_CLINT_HARTS;
    *hi = off & 4;
    if (off < SIMTY_CLINT_MTIMECMP) {
        *hart = off / 4;
        return *hart < n ? CLINT_MSIP : CLINT_NONE;
    }
    if (off < SIMTY_CLINT_MTIME) {
        *hart = (off - SIMTY_CLINT_MTIMECMP) / 8;
        return *hart < n ? CLINT_MTIMECMP : CLINT_NONE;
    }
    return off - SIMTY_CLINT_MTIME < 8 ? CLINT_MTIME : CLINT_NONE;
}

static int clint_load(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t *v)
{
    if (size != 4)
        return clint_bad(s, addr, size);
    unsigned h;
    bool hi;
    switch (clint_decode(s, addr, &h, &hi)) {
    case CLINT_MSIP: *v = s->csr[h].msip; break;
    case CLINT_MTIMECMP: *v = (uint32_t)(s->csr[h].mtimecmp >> (hi ? 32 : 0)); break;
    case CLINT_MTIME:
        *v = (uint32_t)(mmode_mtime(s, hart) >> (hi ? 32 : 0));
        s->port.counter_read(s, hart); /* (time-varying: not a deadlock) */
        break;
    default: *v = 0; break;
    }
    return MEM_OK;
}

static int clint_store_check(simty_sim *s, uint32_t addr, unsigned size, uint32_t v)
{
    (void)v;
    return size != 4 ? clint_bad(s, addr, size) : MEM_OK;
}

static int clint_store(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t v)
{
    (void)hart;
    if (size != 4)
        return clint_bad(s, addr, size);
    unsigned h;
    bool hi;
    switch (clint_decode(s, addr, &h, &hi)) {
    case CLINT_MSIP: s->csr[h].msip = v & 1; break;
    case CLINT_MTIMECMP: {
        uint64_t *t = &s->csr[h].mtimecmp;
        *t = hi ? (*t & 0xffffffffull) | (uint64_t)v << 32 : (*t & ~0xffffffffull) | v;
        if (*t < s->timer_next)
            s->timer_next = *t;
        break;
    }
    default: break; /* mtime is read-only here: writes are ignored */
    }
    /* a waiting thread may now have an interrupt to take: wake waiters */
    s->mem_changed = true;
    s->sync.store_epoch++;
    return MEM_OK;
}

const device_ops clint_device = {
    .name = "CLINT",
    .base = SIMTY_CLINT_BASE,
    .size = SIMTY_CLINT_SIZE,
    .load = clint_load,
    .store = clint_store,
    .store_check = clint_store_check,
};
