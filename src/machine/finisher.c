/* The SiFive test finisher (docs/platform.md "Exit"): a 32-bit store at
 * its base ends the run, passed or failed with a code.  Reads return 0. */
#include "machine/device.h"
#include "machine/machine.h"

static int finisher_load(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t *v)
{
    (void)s, (void)hart, (void)addr, (void)size;
    *v = 0;
    return MEM_OK;
}

static int refuse(simty_sim *s, const char *fmt, uint32_t v)
{
    snprintf(s->bus_error, sizeof s->bus_error, fmt, v);
    return MEM_BAD_DEVICE;
}

static int finisher_store(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t v)
{
    (void)hart;
    if (size != 4 || addr != SIMTY_FINISHER_BASE)
        return refuse(s, "test finisher takes 32-bit stores at its base (value 0x%x)", v);
    s->mem_changed = true;
    if ((v & SIMTY_FINISHER_CMD_MASK) == SIMTY_FINISHER_PASS)
        sim_stop(s, SIMTY_EXIT_FINISHER, 0);
    else if ((v & SIMTY_FINISHER_CMD_MASK) == SIMTY_FINISHER_FAIL)
        sim_stop(s, SIMTY_EXIT_FINISHER, (int)(v >> SIMTY_FINISHER_CODE_SHIFT));
    else
        return refuse(s, "unsupported test finisher command 0x%08x", v);
    return MEM_OK;
}

const device_ops finisher_device = {
    .name = "test finisher",
    .base = SIMTY_FINISHER_BASE,
    .size = SIMTY_FINISHER_SIZE,
    .load = finisher_load,
    .store = finisher_store,
};
