/* The 16550 UART (docs/platform.md "Memory map"): a byte stored to THR is
 * printed on the console (machine/console.c: one line buffer per hart);
 * LSR reads "transmitter idle"; every other register reads 0 and ignores
 * stores.  Any aligned size. */
#include "machine/device.h"
#include "machine/machine.h"

static int uart_load(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t *v)
{
    (void)s, (void)hart, (void)size;
    *v = addr - SIMTY_UART_BASE == SIMTY_UART_LSR ? SIMTY_UART_LSR_IDLE : 0;
    return MEM_OK;
}

static int uart_store(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t v)
{
    (void)size;
    if (addr != SIMTY_UART_BASE + SIMTY_UART_THR)
        return MEM_OK;
    console_putc(&s->console, hart, (uint8_t)v);
    s->mem_changed = true;
    if (s->console.err && !s->stop_request) /* nobody reads on: stop */
        s->stop_request = STOP_OUTPUT;
    return MEM_OK;
}

const device_ops uart_device = {
    .name = "UART",
    .base = SIMTY_UART_BASE,
    .size = SIMTY_UART_SIZE,
    .load = uart_load,
    .store = uart_store,
};
