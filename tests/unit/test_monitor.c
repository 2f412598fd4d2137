/* The monitor (simty_set_monitor): ticks come while a run goes on, with
 * counts that only grow; each line of the program's output is announced
 * just before it is written; a run counts the same with a monitor as
 * without; bad intervals are refused.  On every model (the scalar model
 * keeps its instruction counts elsewhere until it settles them).
 * Usage: test_monitor CHATTY.elf (tests/bad/chatty.S: prints a line every
 * 2^18 iterations of a loop, forever) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "simty.h"

typedef struct seen {
    unsigned ticks, outputs;
    simty_monitor_info last;
    FILE *console;
    int order_ok;       /* every OUTPUT came just before its line */
} seen;

static void on_event(simty_monitor_event ev, const simty_monitor_info *in, void *ctx)
{
    seen *v = ctx;
    if (ev == SIMTY_MONITOR_OUTPUT) {
        CHECK(in == NULL);
        /* the lines before this one are written, this one not yet
         * ("tick N\n": 7 bytes each) */
        fflush(v->console);
        if (ftell(v->console) != 7 * (long)v->outputs)
            v->order_ok = 0;
        v->outputs++;
        return;
    }
    CHECK(in != NULL);
    CHECK(in->cycles >= v->last.cycles);
    CHECK(in->thread_instructions >= v->last.thread_instructions);
    CHECK(in->seconds >= v->last.seconds);
    CHECK_EQ(in->threads, 1);
    CHECK_EQ(in->live_threads, 1);
    v->last = *in;
    v->ticks++;
}

static simty_sim *make(const char *elf, FILE *console, simty_model_kind model)
{
    simty_config c;
    simty_config_default(&c);
    c.model = model;
    c.warps = 1;
    c.threads = 1;
    c.max_cycles = 13000000; /* a few lines of output on every model */
    c.console = console;
    char err[256];
    simty_sim *s = simty_create(&c, err, sizeof err);
    if (!s || simty_load(s, elf, err, sizeof err)) {
        fprintf(stderr, "test_monitor: %s\n", err);
        exit(1);
    }
    return s;
}

static void one_model(const char *elf, simty_model_kind model)
{
    FILE *c1 = tmpfile(), *c2 = tmpfile();
    simty_sim *plain = make(elf, c1, model), *watched = make(elf, c2, model);
    seen v = {.console = c2, .order_ok = 1};

    CHECK_EQ(simty_set_monitor(watched, 0, on_event, &v), -1);
    CHECK_EQ(simty_set_monitor(watched, -1, on_event, &v), -1);
    CHECK_EQ(simty_set_monitor(watched, NAN, on_event, &v), -1);
    CHECK_EQ(simty_set_monitor(watched, 1e-3, on_event, &v), 0);

    simty_run(plain);
    simty_run(watched);
    CHECK_EQ(simty_result_get(watched)->reason, SIMTY_EXIT_MAX_CYCLES);
    CHECK(v.ticks >= 1);
    fflush(c1); /* one call per line of the plain run's output, before it */
    if (model != SIMTY_MODEL_CYCLE) /* (slower per cycle: maybe no line yet) */
        CHECK(v.outputs >= 1);
    CHECK_EQ(v.outputs, (unsigned)(ftell(c1) / 7));
    CHECK(v.order_ok);
    CHECK(v.last.cycles > 0 && v.last.cycles <= 13000000);
    CHECK(v.last.thread_instructions > 0);

    /* the same run with a monitor as without */
    simty_stats a = *simty_stats_get(plain), b = *simty_stats_get(watched);
    a.sim_seconds = b.sim_seconds = 0;
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    CHECK_EQ(ftell(c1), ftell(c2));

    /* removed: no more calls */
    CHECK_EQ(simty_set_monitor(watched, 0, NULL, NULL), 0);
    simty_destroy(plain);
    simty_destroy(watched);
    fclose(c1);
    fclose(c2);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_monitor CHATTY.elf\n");
        return 2;
    }
    one_model(argv[1], SIMTY_MODEL_SCALAR);
    one_model(argv[1], SIMTY_MODEL_SIMT);
    one_model(argv[1], SIMTY_MODEL_CYCLE);
    return check_report("test_monitor");
}
