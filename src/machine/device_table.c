/* The one list of memory-mapped devices (machine/device.h), in address
 * order.  A new device: its file in src/machine/ and one line here. */
#include "machine/device.h"

#include <stddef.h>

#define DEVICES(X) \
    X(finisher_device) /* SiFive test finisher: machine/finisher.c */ \
    X(clint_device)    /* CLINT: machine/clint.c */ \
    X(uart_device)     /* 16550 UART (the console): machine/uart.c */

#define DEVICE_DECLARE(ops) extern const device_ops ops;
DEVICES(DEVICE_DECLARE)
#undef DEVICE_DECLARE

static const device_ops *const table[] = {
#define DEVICE_ENTRY(ops) &ops,
    DEVICES(DEVICE_ENTRY)
#undef DEVICE_ENTRY
};

#define NDEVICES (sizeof table / sizeof table[0])

const device_ops *device_at(uint32_t addr)
{
    for (size_t i = 0; i < NDEVICES; i++)
        if (addr - table[i]->base < table[i]->size)
            return table[i];
    return NULL;
}

const device_ops *device_entry(unsigned i)
{
    return i < NDEVICES ? table[i] : NULL;
}
