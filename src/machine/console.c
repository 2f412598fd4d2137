#include "machine/devices.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* A line longer than this is written out in pieces. */
#define CONSOLE_MAX_LINE 65536u

int console_init(console_t *c, FILE *out, unsigned nharts)
{
    c->out = out;
    c->before_write = NULL;
    c->nharts = nharts;
    c->line = calloc(nharts, sizeof *c->line);
    return c->line ? 0 : -1;
}

static void failed(console_t *c)
{
    if (!c->err)
        c->err = errno ? errno : EIO;
}

static void emit(console_t *c, struct console_line *l)
{
    if (l->len) {
        if (c->before_write)
            c->before_write(c->before_ctx);
        errno = 0;
        if (fwrite(l->buf, 1, l->len, c->out) != l->len || ferror(c->out))
            failed(c);
    }
    l->len = 0;
}

void console_putc(console_t *c, unsigned hart, uint8_t ch)
{
    struct console_line *l = &c->line[hart];
    if (l->len == l->cap) {
        if (l->cap == CONSOLE_MAX_LINE) {
            emit(c, l);
        } else {
            uint32_t cap = l->cap ? l->cap * 2 : 128;
            char *nb = realloc(l->buf, cap);
            if (!nb) { /* keep going, unbuffered */
                emit(c, l);
                if (c->before_write)
                    c->before_write(c->before_ctx);
                errno = 0;
                if (fputc(ch, c->out) == EOF)
                    failed(c);
                return;
            }
            l->buf = nb;
            l->cap = cap;
        }
    }
    l->buf[l->len++] = (char)ch;
    if (ch == '\n')
        emit(c, l);
}

void console_flush_all(console_t *c)
{
    for (unsigned h = 0; h < c->nharts; h++)
        emit(c, &c->line[h]);
    errno = 0;
    if (fflush(c->out) != 0)
        failed(c);
}

void console_free(console_t *c)
{
    if (!c->line)
        return;
    for (unsigned h = 0; h < c->nharts; h++)
        free(c->line[h].buf);
    free(c->line);
    c->line = NULL;
}
