/* The device table (machine/device.h) and the bus decode (sim/sim.h):
 * every device found at its first and last byte and not past them, the
 * table in address order without overlaps, and --mem regions refused over
 * any device (simty_config_check names it).  The devices are the
 * registry's last group (registry/plugins.c), and every kind's entries are
 * contiguous and in enum order, which plugin_devices() relies on. */
#include <string.h>

#include "check.h"
#include "machine/device.h"
#include "registry/plugins.h"
#include "simty.h"
#include "simty_guest.h"

static void table(void)
{
    const device_ops *d, *prev = NULL;
    unsigned n = 0;
    for (unsigned i = 0; (d = device_entry(i)); i++, n++) {
        CHECK(d->name && d->load && d->store && d->size);
        CHECK(device_at(d->base) == d);
        CHECK(device_at(d->base + d->size - 1) == d);
        CHECK(device_at(d->base + d->size) != d);
        CHECK(device_at(d->base - 1) != d);
        if (prev)
            CHECK((uint64_t)prev->base + prev->size <= d->base);
        prev = d;
    }
    CHECK_EQ(n, 3);
    CHECK(device_at(SIMTY_UART_BASE + SIMTY_UART_THR) &&
          strcmp(device_at(SIMTY_UART_BASE)->name, "UART") == 0);
    CHECK(device_at(SIMTY_CLINT_BASE + SIMTY_CLINT_MTIME) &&
          strcmp(device_at(SIMTY_CLINT_BASE)->name, "CLINT") == 0);
    CHECK(device_at(SIMTY_FINISHER_BASE) &&
          strcmp(device_at(SIMTY_FINISHER_BASE)->name, "test finisher") == 0);
    CHECK(device_at(SIMTY_RAM_BASE) == NULL);
}

static void registry(void)
{
    const plugin *p, *prev = NULL;
    for (unsigned i = 0; (p = plugin_at(i)); prev = p, i++)
        CHECK(!prev || prev->kind <= p->kind); /* grouped, kinds in order */
    CHECK(prev && prev->kind == PLUGIN_DEVICE);
    unsigned n;
    const plugin *dev = plugin_devices(&n);
    CHECK_EQ(n, plugin_count(PLUGIN_DEVICE));
    for (unsigned i = 0; i < n; i++) {
        CHECK(dev[i].kind == PLUGIN_DEVICE && dev[i].ops == device_entry(i));
        CHECK(plugin_find(PLUGIN_DEVICE, dev[i].name) == (int)i);
    }
    CHECK_EQ(plugin_find(PLUGIN_DEVICE, "uart"), 2);
}

static void regions(void)
{
    const device_ops *d;
    for (unsigned i = 0; (d = device_entry(i)); i++) {
        simty_config cfg;
        simty_config_default(&cfg);
        cfg.extra_mem[0].base = d->base + 8;
        cfg.extra_mem[0].size = 4;
        cfg.n_extra_mem = 1;
        char err[256] = "", want[64];
        CHECK(simty_config_check(&cfg, err, sizeof err) != 0);
        snprintf(want, sizeof want, "overlaps the %s at 0x%08x", d->name, d->base);
        CHECK(strstr(err, want) != NULL);
    }
}

int main(void)
{
    table();
    registry();
    regions();
    return check_report("test_devices");
}
