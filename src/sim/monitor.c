/* The front end's monitor (monitor.h, simty_set_monitor in simty.h). */
#include "sim/monitor.h"

#include <stdint.h>
#include <time.h>

#include "models/model.h"
#include "sim/progress.h"

/* The clock is read when about this much host time has passed (seconds):
 * often enough for a display refreshed a few times a second, seldom enough
 * to cost nothing next to the simulation. */
#define READ_MIN 0.005
#define READ_MAX 0.02
#define STRIDE_FIRST 256
#define STRIDE_MAX ((uint64_t)1 << 40)

static double wall_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

void monitor_init(sim_monitor *m) { *m = (sim_monitor){.next = UINT64_MAX}; }

void monitor_run_start(simty_sim *s)
{
    sim_monitor *m = &s->ctl->monitor;
    if (!m->fn)
        return;
    double now = wall_now();
    m->run_start = now - s->stats.sim_seconds;
    m->last_read = now;
    if (m->due < now) /* (a paused run does not tick at once when it goes on) */
        m->due = now + m->interval;
    m->stride = STRIDE_FIRST;
    m->next = s->cycle + m->stride;
    sim_checks_due(s);
}

/* The run so far, from the cores' statistics (the machine's are folded
 * when the run returns); a model that keeps its counts elsewhere (scalar)
 * settles them first, as at a region-of-interest boundary. */
static void run_info(simty_sim *s, double now, simty_monitor_info *info)
{
    uint64_t instr = 0;
    for (unsigned c = 0; c < s->ncores; c++) {
        if (s->model->settle)
            s->model->settle(s, &s->core[c]);
        instr += s->core[c].stats.thread_instructions;
    }
    *info = (simty_monitor_info){.cycles = s->cycle, .thread_instructions = instr,
                                 .live_threads = s->running, .threads = s->nharts,
                                 .seconds = now - s->ctl->monitor.run_start};
}

void monitor_check(simty_sim *s)
{
    sim_monitor *m = &s->ctl->monitor;
    if (!m->fn) {
        m->next = UINT64_MAX;
        return;
    }
    double now = wall_now();
    double since = now - m->last_read;
    if (since < READ_MIN && m->stride < STRIDE_MAX)
        m->stride *= 2;
    else if (since > READ_MAX && m->stride > 1)
        m->stride /= 2;
    m->last_read = now;
    m->next = s->cycle + m->stride;
    if (now < m->due)
        return;
    m->due = now + m->interval;
    simty_monitor_info info;
    run_info(s, now, &info);
    m->fn(SIMTY_MONITOR_TICK, &info, m->ctx);
}

/* The console is about to write the program's output. */
static void before_output(void *ctx)
{
    simty_sim *s = ctx;
    s->ctl->monitor.fn(SIMTY_MONITOR_OUTPUT, NULL, s->ctl->monitor.ctx);
}

int simty_set_monitor(simty_sim *s, double interval, simty_monitor_fn *fn, void *ctx)
{
    if (fn && !(interval > 0 && interval <= 1e9))
        return -1;
    monitor_init(&s->ctl->monitor);
    s->console.before_write = s->semi.errc.before_write = NULL;
    if (fn) {
        s->ctl->monitor = (sim_monitor){.fn = fn, .ctx = ctx, .interval = interval,
                                   .next = UINT64_MAX};
        s->console.before_write = before_output;
        s->console.before_ctx = s;
        s->semi.errc.before_write = before_output; /* (the guest's stderr too) */
        s->semi.errc.before_ctx = s;
        monitor_run_start(s); /* (a monitor set between two run calls) */
    }
    sim_checks_due(s);
    return 0;
}
