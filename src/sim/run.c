/* Run control: the one run loop.  Every cycle it checks the limits (stop
 * requests, --max-cycles, host time, deadlock: sim/progress.c), lets the
 * model wake waiting threads, then ticks every core in core order, so a run
 * is reproducible bit for bit whatever the number of cores.  A run can stop
 * at any cycle boundary and resume (simty_run_cycles). */
#include <time.h>

#include "models/model.h"
#include "sim/progress.h"
#include "sim/sim.h"

/* Every core is quiet: wait for the next timed wake-up (the functional
 * models jump to it, but not past `until`), or report that nothing can
 * ever wake the waiting threads.  Returns true if the cores should not tick
 * this cycle. */
static bool machine_idle(simty_sim *s, uint64_t until)
{
    if (!s->sync.waiting) { /* cannot happen: the last thread's end stops the run */
        sim_stop(s, SIMTY_EXIT_EXIT, 0);
        return true;
    }
    if (!sync_can_wake(&s->sync)) {
        sim_deadlock(s, "every live thread waits and nothing can wake it", "");
        return true;
    }
    if (!s->model->skips_idle_time)
        return false;
    uint64_t next = s->sync.release ? s->cycle + 1 : s->sync.next_wake;
    if (next > s->cycle_limit)
        next = s->cycle_limit;
    s->cycle = next < until ? next : until;
    return true;
}

static void run_loop(simty_sim *s, uint64_t until, simty_stop_fn *stop, void *ctx)
{
    const model_ops *m = s->model;
    while (!sim_cycle_limits(s) && s->cycle < until && !(stop && stop(s, ctx))) {
        m->poll(s);
        bool quiet = true;
        for (unsigned c = 0; c < s->ncores && quiet; c++)
            quiet = m->quiet(s, &s->core[c]);
        /* with a stop function, every cycle boundary is asked about */
        if (quiet && machine_idle(s, stop ? s->cycle + 1 : until))
            continue;
        bool complete = true;
        for (unsigned c = 0; c < s->ncores && complete && !sim_stopped(s); c++)
            complete = m->tick(s, &s->core[c]);
        if (m->end_cycle)
            m->end_cycle(s);
        if (!complete)
            break;
        s->cycle++;
    }
}

void sim_fold_stats(simty_sim *s)
{
    double host = s->stats.sim_seconds;
    simty_stats *t = &s->stats;
    memset(t, 0, sizeof *t);
    for (unsigned c = 0; c < s->ncores; c++)
        stats_add(t, &s->core[c].stats);
    t->cycles = s->cycle;
    t->sim_seconds = host;
}

/* The run loop returned: statistics up to date; at the end of the run the
 * models drain what is in flight and the region of interest closes. */
static void run_returned(simty_sim *s)
{
    for (unsigned c = 0; c < s->ncores && s->loaded; c++) {
        if (s->model->settle)
            s->model->settle(s, &s->core[c]);
        s->core[c].stats.cycles = s->cycle;
    }
    if (sim_stopped(s) && s->loaded && !s->finished) {
        s->finished = true;
        for (unsigned c = 0; c < s->ncores; c++)
            if (s->model->finish)
                s->model->finish(s, &s->core[c]);
        sim_roi_finish(s);
    }
    sim_fold_stats(s);
    if (sim_stopped(s)) {
        console_flush_all(&s->console);
        s->result.output_errno = s->console.err;
    }
}

static simty_exit_reason run_for(simty_sim *s, uint64_t until, simty_stop_fn *stop, void *ctx)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    s->cpu_start = sim_cpu_seconds();
    if (!s->loaded)
        sim_fault(s, 0, 0, "no program loaded");
    else if (!sim_stopped(s))
        run_loop(s, until, stop, ctx);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    s->stats.sim_seconds += (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
    run_returned(s);
    return s->result.reason;
}

void simty_run(simty_sim *s) { run_for(s, UINT64_MAX, NULL, NULL); }

static uint64_t cycles_from_now(const simty_sim *s, uint64_t n)
{
    return n > UINT64_MAX - s->cycle ? UINT64_MAX : s->cycle + n;
}

simty_exit_reason simty_run_cycles(simty_sim *s, uint64_t cycles)
{
    return run_for(s, cycles_from_now(s, cycles), NULL, NULL);
}

simty_exit_reason simty_run_until(simty_sim *s, simty_stop_fn *stop, void *ctx,
                                  uint64_t max_cycles)
{
    return run_for(s, cycles_from_now(s, max_cycles), stop, ctx);
}
