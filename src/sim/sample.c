/* Sampled simulation (simty.h: simty_set_sampling; docs/sampling.md), in
 * the manner of SMARTS (Wunderlich et al., ISCA 2003): systematic sampling
 * of the run, functional warming between the samples, detailed warming
 * before each, and a confidence interval from the samples' variance.
 *
 * The run goes through periods; each period is
 *
 *   fast-forward   the simt model with functional warming (model_simt_warm:
 *                  every fetch and memory pass goes through the caches' tags
 *                  and the DRAM rows), `interval` warp-instructions (the
 *                  first period's half as many, so that windows sit in the
 *                  middle of periods);
 *   warm-up        the cycle model, `warmup` warp-instructions, not measured
 *                  (its pipeline, MSHRs and queues fill);
 *   window         the cycle model, measured: the cycles it takes to execute
 *                  `window` warp-instructions (a unit of SMARTS);
 *   drain          the cycle model fetches nothing more until nothing is in
 *                  flight (model_ops.detach), then the simt model takes over.
 *
 * Models switch between cycles, where the pipeline is empty: both run on
 * the same path tables, registers and memory timing (s->timing), so a
 * switch is a detach of one model and an attach of the other.  The barrier
 * unit's wake-up latency follows the model (2 cycles in the pipeline, 0 in
 * the simt model, as in sim.c).
 *
 * Every phase is counted in executed warp-instructions, not cycles, so
 * that the windows sit at equal distances in instructions and each stands
 * for as many: the mean of their cycles per instruction is the run's.  (In
 * cycles, a window or a warm-up would hold fewer instructions in slow
 * phases, and slow phases would get more windows and weigh more.)  The estimate is
 * a ratio estimator: the windows' cycles over their instructions (the last
 * window, cut short by the end of the run, may have fewer) times the
 * warp-instructions of the whole run; its standard error comes from the
 * windows' residuals (c_i - R n_i), with the finite population correction
 * and Student's t for few windows. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "memsys/memsys.h"
#include "models/model.h"
#include "sim/sample.h"
#include "sim/sim.h"

enum sample_phase { PHASE_START, PHASE_FORWARD, PHASE_WARMUP, PHASE_WINDOW };

struct sample_state {
    simty_sampling opt;
    enum sample_phase phase;
    uint64_t target;          /* the executed warp-instructions the phase ends at */
    uint64_t window_cycle0, window_insn0; /* the window's start */
    uint64_t detailed_from;   /* the cycle model's cycles: since ... */
    uint64_t detailed;        /* ... and before */
    unsigned windows;
    uint64_t sum_c, sum_n;    /* the windows' cycles and instructions */
    double sum_cc, sum_nn, sum_cn;
    simty_sample_estimate est;
};

/* Executed warp-instructions of the machine so far (issued, less squashed,
 * less those in flight in the pipeline). */
static uint64_t executed(const simty_sim *s)
{
    uint64_t n = 0;
    for (unsigned c = 0; c < s->ncores; c++) {
        const simty_stats *st = &s->core[c].stats;
        n += st->warp_instructions - st->squashed;
        if (s->model->report->in_flight)
            n -= s->model->report->in_flight(s, &s->core[c]);
    }
    return n;
}

int simty_set_sampling(simty_sim *s, const simty_sampling *opt, char *err, size_t errlen)
{
    const char *why = !s->loaded                          ? "no program is loaded"
                      : s->cycle || s->ctl->sample        ? "the run has started already"
                      : s->cfg.model != SIMTY_MODEL_CYCLE ? "it needs the cycle model (--model cycle)"
                      : s->ncores != 1 ? "it needs one core (multi-core runs are not sampled)"
                      : s->kt          ? "a Kanata trace needs every cycle of the pipeline"
                      : !opt->interval ? "the interval must be at least 1 warp-instruction"
                      : !opt->window   ? "the window must be at least 1 warp-instruction"
                                       : NULL;
    if (why) {
        snprintf(err, errlen, "sampled simulation: %s", why);
        return -1;
    }
    if (!(s->ctl->sample = calloc(1, sizeof *s->ctl->sample))) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    s->ctl->sample->opt = *opt;
    return 0;
}

void sample_free(simty_sim *s)
{
    if (!s->ctl->sample)
        return;
    if (s->loaded && s->model != &model_cycle) { /* the memory timing is the sampler's */
        memsys_destroy(s->timing);
        s->timing = NULL;
    }
    free(s->ctl->sample);
    s->ctl->sample = NULL;
}

/* Detaches the running model and attaches `to` (between cycles). */
static bool switch_model(simty_sim *s, const model_ops *to)
{
    sample_state *st = s->ctl->sample;
    const bool from_cycle = s->model == &model_cycle;
    s->model->detach(s);
    if (from_cycle)
        st->detailed += s->cycle - st->detailed_from;
    s->model = to;
    s->sync.latency = to == &model_cycle ? 2 : 0;
    if (to == &model_simt_warm)
        memsys_warm_start(s->timing);
    st->detailed_from = s->cycle;
    char err[160];
    if (to->attach(s, err, sizeof err)) {
        sim_fault(s, 0, 0, "sampled simulation: %s", err);
        return false;
    }
    return true;
}

static void window_done(sample_state *st, uint64_t c, uint64_t n)
{
    st->windows++;
    st->sum_c += c;
    st->sum_n += n;
    st->sum_cc += (double)c * c;
    st->sum_nn += (double)n * n;
    st->sum_cn += (double)c * n;
}

/* The phase after the current one. */
static bool next_phase(simty_sim *s, sample_state *st)
{
    switch (st->phase) {
    case PHASE_START:
    case PHASE_WINDOW:
        if (st->phase == PHASE_WINDOW)
            window_done(st, s->cycle - st->window_cycle0, executed(s) - st->window_insn0);
        if (!switch_model(s, &model_simt_warm))
            return false;
        st->target = executed(s) + (st->phase == PHASE_START ? (st->opt.interval + 1) / 2
                                                             : st->opt.interval);
        st->phase = PHASE_FORWARD;
        return true;
    case PHASE_FORWARD:
        if (!switch_model(s, &model_cycle))
            return false;
        st->phase = PHASE_WARMUP;
        st->target = executed(s) + st->opt.warmup;
        return true;
    case PHASE_WARMUP:
        st->phase = PHASE_WINDOW;
        st->window_cycle0 = s->cycle;
        st->window_insn0 = executed(s);
        st->target = st->window_insn0 + st->opt.window;
        return true;
    }
    return false;
}

/* The cycle model runs until it has executed the phase's instructions (or
 * the caller's stop function says stop). */
struct phase_stop {
    sample_state *st;
    simty_stop_fn *stop;
    void *ctx;
    bool done;
};

static int phase_stop(const simty_sim *s, void *ctx)
{
    struct phase_stop *p = ctx;
    if (executed(s) >= p->st->target)
        return p->done = true;
    return p->stop && p->stop(s, p->ctx);
}

void sample_run(simty_sim *s, uint64_t until, simty_stop_fn *stop, void *ctx)
{
    sample_state *st = s->ctl->sample;
    while (!sim_stopped(s) && s->cycle < until) {
        if (st->phase == PHASE_START || executed(s) >= st->target) {
            if (!next_phase(s, st))
                return;
            continue;
        }
        if (st->phase == PHASE_FORWARD) {
            /* one core's simt model executes at most one warp-instruction a
             * cycle: run as many cycles as instructions are left (its burst
             * loop, no stop function), then see */
            const uint64_t left = st->target - executed(s);
            const uint64_t end = left < until - s->cycle ? s->cycle + left : until;
            sim_run_loop(s, end, stop, ctx);
            if (s->cycle < end) /* a stop function, a limit, the end */
                break;
            continue;
        }
        struct phase_stop p = {st, stop, ctx, false};
        sim_run_loop(s, until, phase_stop, &p);
        if (!p.done) /* the caller's stop function, a limit, the end */
            break;
    }
}

void sample_run_over(simty_sim *s)
{
    sample_state *st = s->ctl->sample;
    if (st->phase == PHASE_WINDOW) { /* a window cut short by the end of the run */
        uint64_t n = executed(s) - st->window_insn0;
        if (n)
            window_done(st, s->cycle - st->window_cycle0, n);
        st->phase = PHASE_FORWARD; /* (counted once) */
    }
    if (s->model == &model_cycle) {
        st->detailed += s->cycle - st->detailed_from;
        st->detailed_from = s->cycle;
    }
}

/* Student's t for a two-sided 95% interval with df degrees of freedom */
static double t95(unsigned df)
{
    static const double t[] = {0,     12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
                               2.306, 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
                               2.120, 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
                               2.064, 2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
    if (df < sizeof t / sizeof *t)
        return t[df];
    return df < 60 ? 2.000 : df < 120 ? 1.980 : 1.960;
}

static void estimate(const simty_sim *s, sample_state *st)
{
    simty_sample_estimate *e = &st->est;
    const simty_stats *all = &s->stats;
    memset(e, 0, sizeof *e);
    e->opt = st->opt;
    e->windows = st->windows;
    e->measured_cycles = st->sum_c;
    e->measured_instructions = st->sum_n;
    e->detailed_cycles = st->detailed +
                         (s->model == &model_cycle ? s->cycle - st->detailed_from : 0);
    e->instructions = executed(s);
    const double I = (double)e->instructions;
    e->simd_efficiency = I > 0 ? (double)all->thread_instructions / (I * s->T) : 0;
    e->spin_share = I > 0 ? (double)all->spin_slots / I : 0;
    if (!st->windows || !st->sum_n)
        return;
    const double k = st->windows, nbar = (double)st->sum_n / k;
    const double R = (double)st->sum_c / (double)st->sum_n; /* cycles per warp-instruction */
    e->valid = 1;
    e->units = (uint64_t)(I / nbar + 0.5);
    e->cycles = e->cycles_low = e->cycles_high = R * I;
    e->ipc = e->ipc_low = e->ipc_high = 1 / R;
    e->thread_ipc = (double)all->thread_instructions / e->cycles;
    if (st->windows < 2)
        return;
    /* residuals c_i - R n_i: their sum of squares from the running sums */
    double ss = st->sum_cc - 2 * R * st->sum_cn + R * R * st->sum_nn;
    if (ss < 0)
        ss = 0;
    const double f = e->units > k ? k / (double)e->units : 1; /* sampled share */
    const double se = sqrt((1 - f) * ss / (k - 1) / k) / nbar; /* of R */
    const double half = t95(st->windows - 1) * se;
    e->ci_valid = 1;
    e->rel_error = half / R;
    e->cycles_low = (R - half) * I;
    e->cycles_high = (R + half) * I;
    if (e->cycles_low < 0)
        e->cycles_low = 0;
    e->ipc_low = 1 / (R + half);
    e->ipc_high = R > half ? 1 / (R - half) : INFINITY;
}

const simty_sample_estimate *simty_sample_get(const simty_sim *s)
{
    sample_state *st = s->ctl->sample;
    if (!st)
        return NULL;
    estimate(s, st);
    return &st->est;
}
