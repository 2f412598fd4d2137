/* The model interface (models/model.h): every model fills the core it
 * documents (init, free, quiet, tick, report->hash; woken with path tables,
 * poll without), and the optional parts' defaults hold: a model with no
 * burst loop runs to the same end, cycle for cycle, as with one; a model
 * with no debugger hooks refuses PC writes and steps.
 * Usage: test_models PROGRAM.elf (an SDK program that ends by itself) */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "models/model.h"

enum { W = 2, T = 4 };

static const model_ops *const models[] = {&model_scalar, &model_simt, &model_cycle};
static const simty_model_kind kinds[] = {SIMTY_MODEL_SCALAR, SIMTY_MODEL_SIMT,
                                         SIMTY_MODEL_CYCLE};

static void core_filled(const model_ops *m, bool has_paths)
{
    CHECK(m->name && m->init && m->free && m->quiet && m->tick);
    CHECK(m->report && m->report->hash && m->report->deadlock_hint);
    CHECK(has_paths ? m->woken && !m->poll : m->poll && m->report->wait_state);
    CHECK(m->watch_interval_per_hart || m->watch_interval_fixed);
    if (m->debug) /* (with path tables the debugger's moves need changed) */
        CHECK(has_paths ? m->debug->changed != NULL : m->debug->step != NULL);
}

/* A machine of model kind k, its ops replaced by *ops (before the load,
 * which calls its init). */
static simty_sim *make(simty_model_kind k, const model_ops *ops, const char *elf, FILE *console)
{
    simty_config c;
    simty_config_default(&c);
    c.model = k;
    c.warps = W;
    c.threads = T;
    c.console = console;
    char err[256];
    simty_sim *s = simty_create(&c, err, sizeof err);
    if (s)
        s->model = ops;
    if (!s || simty_load(s, elf, err, sizeof err)) {
        fprintf(stderr, "test_models: %s\n", err);
        exit(1);
    }
    return s;
}

typedef struct outcome {
    simty_result r;
    simty_stats st;
    char out[1 << 14];
    size_t len;
} outcome;

static void run(simty_model_kind k, const model_ops *ops, const char *elf, outcome *o)
{
    FILE *console = tmpfile();
    simty_sim *s = make(k, ops, elf, console);
    simty_run(s);
    o->r = *simty_result_get(s);
    o->st = *simty_stats_get(s);
    simty_destroy(s);
    rewind(console);
    o->len = fread(o->out, 1, sizeof o->out, console);
    fclose(console);
}

/* burst NULL: the run loop ticks every cycle itself, to the same end */
static void no_burst(unsigned i, const char *elf)
{
    static outcome a, b;
    model_ops plain = *models[i];
    plain.burst = NULL;
    run(kinds[i], models[i], elf, &a);
    run(kinds[i], &plain, elf, &b);
    CHECK_EQ(a.r.reason, SIMTY_EXIT_EXIT);
    CHECK_EQ(b.r.reason, a.r.reason);
    CHECK_EQ(b.r.exit_code, a.r.exit_code);
    CHECK_EQ(b.st.cycles, a.st.cycles);
    CHECK_EQ(b.st.warp_instructions, a.st.warp_instructions);
    CHECK_EQ(b.st.thread_instructions, a.st.thread_instructions);
    CHECK(a.len > 0 && b.len == a.len && !memcmp(a.out, b.out, a.len));
}

/* debug NULL: the machine can be read between cycles, not changed */
static void no_debug(unsigned i, const char *elf)
{
    model_ops plain = *models[i];
    plain.debug = NULL;
    FILE *console = tmpfile();
    simty_sim *s = make(kinds[i], &plain, elf, console);
    CHECK_EQ(simty_run_cycles(s, 2000), SIMTY_EXIT_NONE);
    uint32_t pc = 0;
    CHECK_EQ(simty_pc_read(s, 1, &pc), 0);
    CHECK_EQ(simty_pc_write(s, 1, pc + 4), -1);
    CHECK_EQ(simty_step_thread(s, 1), -1);
    uint32_t now = 0;
    CHECK_EQ(simty_pc_read(s, 1, &now), 0);
    CHECK_EQ(now, pc);
    /* with the model's hooks the same write is taken (the cycle model's
     * warp may be committing: a cycle later) */
    s->model = models[i];
    int rc = -1;
    for (int k = 0; k < 8 && (rc = simty_pc_write(s, 1, pc + 4)); k++) {
        simty_run_cycles(s, 1);
        CHECK_EQ(simty_pc_read(s, 1, &pc), 0);
    }
    CHECK_EQ(rc, 0);
    CHECK_EQ(simty_pc_read(s, 1, &now), 0);
    CHECK_EQ(now, pc + 4);
    simty_destroy(s);
    fclose(console);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_models PROGRAM.elf\n");
        return 2;
    }
    for (unsigned i = 0; i < 3; i++) {
        core_filled(models[i], kinds[i] != SIMTY_MODEL_SCALAR);
        no_burst(i, argv[1]);
        no_debug(i, argv[1]);
    }
    return check_report("test_models");
}
