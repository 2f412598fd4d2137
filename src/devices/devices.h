/* Memory-mapped devices of the QEMU virt machine that guest programs use:
 * the 16550 UART (console) and the SiFive test finisher.  (tohost lives in
 * RAM and is handled by the bus.) */
#ifndef SIMTY_DEVICES_H
#define SIMTY_DEVICES_H

#include <stdint.h>
#include <stdio.h>

#define UART_BASE 0x10000000u
#define UART_SIZE 0x100u
#define UART_LSR 5
#define UART_LSR_IDLE 0x60 /* THR empty, transmitter empty */

#define FINISHER_BASE 0x00100000u
#define FINISHER_SIZE 0x1000u
#define FINISHER_PASS 0x5555u
#define FINISHER_FAIL 0x3333u

/* Console with one line buffer per hart: lines from different threads never
 * mix, whatever the interleaving. */
typedef struct console {
    FILE *out;
    int err;       /* errno of the first failed write, or 0 */
    unsigned nharts;
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
