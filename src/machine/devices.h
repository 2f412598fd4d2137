/* The console: the guest's text output (the UART, machine/uart.c, and
 * semihosting's stdout), one line buffer per hart.  The memory-mapped
 * devices themselves are machine/device.h. */
#ifndef SIMTY_MACHINE_DEVICES_H
#define SIMTY_MACHINE_DEVICES_H

#include <stdint.h>
#include <stdio.h>

#include "simty_guest.h" /* the devices' addresses and registers (SIMTY_UART_*, SIMTY_FINISHER_*) */

/* Console with one line buffer per hart: lines from different threads never
 * mix, whatever the interleaving. */
typedef struct console {
    FILE *out;
    int err;       /* errno of the first failed write, or 0 */
    unsigned nharts;
    /* if set, called before each write to `out` (a status line on the
     * same terminal is erased first: simty_set_monitor) */
    void (*before_write)(void *ctx);
    void *before_ctx;
    struct console_line {
        char *buf;
        uint32_t len, cap;
    } *line;
} console_t;

int console_init(console_t *c, FILE *out, unsigned nharts);
void console_putc(console_t *c, unsigned hart, uint8_t ch);
/* Writes unfinished lines (hart order) and flushes the stream.  A write
 * that fails sets err (the first failure's errno). */
void console_flush_all(console_t *c);
void console_free(console_t *c);

#endif
