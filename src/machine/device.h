/* The memory-mapped devices on the bus: each device is one file of
 * src/machine/ that defines its device_ops, and one line of kind
 * PLUGIN_DEVICE in the registry (registry/plugins.c), in address order.  The bus (machine/bus.c, bus_decode) finds the
 * device an address falls in and calls it; the configuration check keeps
 * --mem regions off every device's range.  docs/design.md "Adding a
 * device"; the guest's view is docs/platform.md "Memory map".
 *
 * One rule for every device: a device register takes naturally aligned
 * accesses only.  A misaligned access that reaches a device is a
 * misaligned exception with --misaligned trap and an access fault
 * ("reaches device register") with --misaligned hardware, before any
 * byte is read or written; the device never sees it.  Which aligned
 * sizes a device takes is its own rule (its load and store refuse the
 * others with an access fault). */
#ifndef SIMTY_MACHINE_DEVICE_H
#define SIMTY_MACHINE_DEVICE_H

#include <stdint.h>

struct simty_sim;

typedef struct device_ops {
    const char *name; /* in messages: "the <name> at 0x..." */
    uint32_t base, size;
    /* An aligned access of size bytes (1, 2 or 4) at addr in [base,
     * base + size) by hart.  Return enum mem_status (machine/machine.h): MEM_OK,
     * or MEM_BAD_DEVICE with the reason in s->bus_error (an access
     * fault). */
    int (*load)(struct simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t *v);
    int (*store)(struct simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t v);
    /* Optional: what store would return, without acting, for a store
     * logged now and performed at the end of the quantum (multi-core runs,
     * sim/effects.c); NULL: refusals are found when it is performed. */
    int (*store_check)(struct simty_sim *s, uint32_t addr, unsigned size, uint32_t v);
} device_ops;

/* The device whose range holds addr, or NULL. */
const device_ops *device_at(uint32_t addr);

/* The i-th device of the table (address order), or NULL past the end. */
const device_ops *device_entry(unsigned i);

#endif
