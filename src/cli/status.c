/* simty run's progress display (status.h). */
#include "cli/status.h"

#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* A terminal status line appears once a run has lasted this long (s). */
#define LINE_AFTER 2.0
#define LINE_INTERVAL 0.25

/* n with an SI suffix in at most 6 characters: "812", "45.7k", "1.23G". */
static void si(char *buf, size_t len, double n)
{
    static const char unit[] = " kMGTPE";
    unsigned u = 0;
    while (n >= 999.5 && u + 1 < sizeof unit - 1)
        n /= 1000, u++;
    if (u == 0)
        snprintf(buf, len, "%.0f", n);
    else
        snprintf(buf, len, n < 9.995 ? "%.2f%c" : n < 99.95 ? "%.1f%c" : "%.0f%c", n, unit[u]);
}

static void status_text(run_status *st, const simty_monitor_info *in, char *buf, size_t len)
{
    double dt = in->seconds - st->seconds;
    double crate = dt > 0 ? (double)(in->cycles - st->cycles) / dt : 0;
    double irate = dt > 0 ? (double)(in->thread_instructions - st->instr) / dt : 0;
    char c[16], cr[16], i[16], ir[16];
    si(c, sizeof c, (double)in->cycles);
    si(cr, sizeof cr, crate);
    si(i, sizeof i, (double)in->thread_instructions);
    si(ir, sizeof ir, irate);
    snprintf(buf, len, "simty: %.1f s, %s cycles (%s/s), %s thread-instructions (%s/s), "
             "%u/%u threads live", in->seconds, c, cr, i, ir, in->live_threads, in->threads);
    st->cycles = in->cycles;
    st->instr = in->thread_instructions;
    st->seconds = in->seconds;
}

/* Columns of the terminal on stderr (a line longer than that would wrap,
 * and \r would no longer take the cursor back to its start). */
static unsigned columns(void)
{
    struct winsize w;
    return ioctl(STDERR_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col ? w.ws_col : 80;
}

static void erase(run_status *st)
{
    if (!st->shown)
        return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    st->shown = false;
}

static void on_monitor(simty_monitor_event ev, const simty_monitor_info *in, void *ctx)
{
    run_status *st = ctx;
    if (ev == SIMTY_MONITOR_OUTPUT) {
        erase(st);
        return;
    }
    if (st->mode == STATUS_LINE && in->seconds < LINE_AFTER)
        return;
    char text[256];
    status_text(st, in, text, sizeof text);
    if (st->mode == STATUS_HEARTBEAT) {
        fprintf(stderr, "%s\n", text);
    } else {
        unsigned cols = columns();
        int width = cols > 1 && cols - 1 < sizeof text ? (int)cols - 1 : (int)sizeof text;
        fprintf(stderr, "\r%.*s\033[K", width, text);
        st->shown = true;
    }
    fflush(stderr);
}

void status_start(run_status *st, simty_sim *s, status_mode mode, unsigned heartbeat)
{
    *st = (run_status){.mode = mode};
    if (mode != STATUS_OFF)
        simty_set_monitor(s, mode == STATUS_HEARTBEAT ? heartbeat : LINE_INTERVAL, on_monitor,
                          st);
}

void status_end(run_status *st) { erase(st); }
