/* The bus slow path: every access the inline fast path (sim.h: aligned,
 * main RAM, not tohost) does not serve.  bus_decode (sim.h) says what the
 * address is; RAM regions are read and written here, a device through its
 * device_ops (machine/device.h), tohost ends the run.  Misaligned accesses
 * trap, or (--misaligned hardware) are split into bytes, each of which must
 * be RAM: one rule for every device (machine/device.h). */
#include "machine/machine.h"

static int bad_device(simty_sim *s, const char *fmt, uint32_t v)
{
    snprintf(s->bus_error, sizeof s->bus_error, fmt, v);
    return MEM_BAD_DEVICE;
}

/* A misaligned access of size bytes whose first byte is stored at addr (in
 * hardware mode): every byte must be RAM (of any region); else MEM_UNMAPPED
 * (a byte nowhere) or MEM_BAD_DEVICE (a byte in a device: device registers
 * take aligned accesses only).  Either is an access fault at addr. */
int bus_split_check(simty_sim *s, uint32_t addr, unsigned size, bool store)
{
    for (unsigned i = 0; i < size; i++) {
        uint32_t a = stacks_access_byte(&s->stacks, s->nharts, addr, i);
        uint8_t *p;
        const device_ops *dev;
        switch (bus_decode(s, a, 1, &p, &dev)) {
        case BUS_RAM: case BUS_REGION: continue;
        case BUS_UNMAPPED: return MEM_UNMAPPED;
        case BUS_DEVICE: break;
        }
        snprintf(s->bus_error, sizeof s->bus_error,
                 "misaligned %u-byte %s at address 0x%08x reaches device register 0x%08x "
                 "(devices take aligned accesses only)", size, store ? "store" : "load", addr, a);
        return MEM_BAD_DEVICE;
    }
    return MEM_OK;
}

/* A misaligned load in hardware mode: byte by byte, little-endian. */
static int load_split(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t *v)
{
    int st = bus_split_check(s, addr, size, false);
    if (st != MEM_OK)
        return st;
    const bool fwd = s->port.overlay != NULL;
    uint32_t r = 0;
    for (unsigned i = 0; i < size; i++) {
        uint32_t a = stacks_access_byte(&s->stacks, s->nharts, addr, i), b = *bus_ram(s, a, 1);
        if (fwd) /* its own stores of the quantum */
            s->port.overlay(s, hart, a, 1, &b);
        r |= b << 8 * i;
    }
    *v = r;
    return MEM_OK;
}

/* A store that wrote the tohost word: end the program, or refuse the value. */
static int tohost_written(simty_sim *s)
{
    const uint8_t *w = bus_ram(s, s->tohost & ~3u, 4);
    uint32_t word = w ? load_le(w, 4) : 0; /* (regions hold whole words: simty_config_check) */
    if (word & 1)
        sim_stop(s, SIMTY_EXIT_TOHOST, (int)(word >> 1));
    else if (word != 0)
        return bad_device(s, "unsupported tohost command 0x%08x", word);
    return MEM_OK;
}

/* A misaligned store in hardware mode: byte by byte, little-endian; each
 * byte is a RAM store (decode cache, reservations, tohost). */
static int store_split(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t v)
{
    int st = bus_split_check(s, addr, size, true);
    if (st != MEM_OK)
        return st;
    bool tohost = false;
    for (unsigned i = 0; i < size; i++) {
        uint32_t a = stacks_access_byte(&s->stacks, s->nharts, addr, i);
        ram_store(s, hart, a, bus_ram(s, a, 1), 1, v >> 8 * i);
        tohost |= is_tohost_word(s, a & ~3u);
    }
    return tohost ? tohost_written(s) : MEM_OK;
}

int bus_load_slow(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t *v)
{
    if (addr & (size - 1))
        return s->cfg.misaligned == SIMTY_MISALIGNED_TRAP ? MEM_MISALIGNED
                                                          : load_split(s, hart, addr, size, v);
    uint8_t *p;
    const device_ops *dev;
    switch (bus_decode(s, addr, size, &p, &dev)) {
    case BUS_RAM: case BUS_REGION:
        *v = load_le(p, size);
        if (s->port.overlay) /* its own stores of the quantum */
            s->port.overlay(s, hart, addr, size, v);
        return MEM_OK;
    case BUS_DEVICE:
        return dev->load(s, hart, addr, size, v);
    case BUS_UNMAPPED:
        break;
    }
    return MEM_UNMAPPED;
}

int bus_store_slow(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t v)
{
    if (addr & (size - 1))
        return s->cfg.misaligned == SIMTY_MISALIGNED_TRAP ? MEM_MISALIGNED
                                                          : store_split(s, hart, addr, size, v);
    uint8_t *p;
    const device_ops *dev;
    switch (bus_decode(s, addr, size, &p, &dev)) {
    case BUS_RAM: case BUS_REGION:
        ram_store(s, hart, addr, p, size, v);
        return is_tohost_word(s, addr & ~3u) ? tohost_written(s) : MEM_OK;
    case BUS_DEVICE:
        return dev->store(s, hart, addr, size, v);
    case BUS_UNMAPPED:
        break;
    }
    return MEM_UNMAPPED;
}
