/* The memory-mapped devices (machine/device.h) are the registry's device
 * entries (registry/plugins.c), in address order.  A new device: its file
 * in src/machine/ and one line in the registry. */
#include "machine/device.h"

#include <stddef.h>

#include "registry/plugins.h"

const device_ops *device_at(uint32_t addr)
{
    unsigned n;
    const plugin *p = plugin_devices(&n);
    for (unsigned i = 0; i < n; i++) {
        const device_ops *d = p[i].ops;
        if (addr - d->base < d->size)
            return d;
    }
    return NULL;
}

const device_ops *device_entry(unsigned i)
{
    return plugin_ops(PLUGIN_DEVICE, (int)i);
}
