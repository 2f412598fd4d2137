/* Deadlock detection and the limits every model checks between cycles
 * (progress.h). */
#include "sim/progress.h"

#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "models/model.h"
#include "sim/monitor.h"
#include "sim/sim.h"

void progress_init(progress_watch *p, uint64_t interval, uint64_t now)
{
    *p = (progress_watch){.interval = interval, .next = now + interval, .power = 1};
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdull;
    return h ^ (h >> 33);
}

static uint64_t state_hash(const simty_sim *s)
{
    uint64_t h = 0;
    for (unsigned c = 0; c < s->ncores; c++)
        h = mix(h, s->model->report->hash(s, &s->core[c]));
    size_t nregs = (size_t)s->nwarps * 32 * s->T;
    for (size_t i = 0; i < nregs; i++)
        h = mix(h, s->x[i]);
    if (s->fp_used) /* (a loop may change FP registers only) */
        for (size_t i = 0; i < nregs; i++)
            h = mix(h, s->f[i]);
    for (unsigned t = 0; t < s->nharts; t++) {
        const reservation *r = &s->resv[t];
        h = mix(h, ((uint64_t)s->status[t] << 32) | r->valid);
        if (r->valid)
            h = mix(h, r->addr);
        const hart_csr *c = &s->csr[t]; /* (the counters: counter_read) */
        h = mix(h, ((uint64_t)c->mscratch << 32) | c->mepc);
        h = mix(h, ((uint64_t)c->mstatus << 32) | c->mie);
        h = mix(h, ((uint64_t)c->mtvec << 32) | c->mcause);
        h = mix(h, ((uint64_t)c->mtval << 32) | c->msip);
        h = mix(h, (uint64_t)c->nest << 32 | (uint64_t)s->frm[t] << 8 | s->fflags[t]);
    }
    h = mix(h, s->sync.arrived);
    for (unsigned c = 0; c < s->ncores; c++)
        h = mix(h, s->sync.core_arrived[c]);
    return h;
}

/* Appends the harts of set[0..n) as "3, 5-9, 12" (at most `max` items). */
static int append_harts(char *buf, size_t len, const uint8_t *set, unsigned n, unsigned max)
{
    int used = 0;
    unsigned items = 0;
    for (unsigned h = 0; h < n; h++) {
        if (!set[h])
            continue;
        unsigned e = h;
        while (e + 1 < n && set[e + 1])
            e++;
        if (items++ == max) {
            used += snprintf(buf + used, len - (size_t)used, ", ...");
            break;
        }
        used += snprintf(buf + used, len - (size_t)used, e > h ? "%s%u-%u" : "%s%u",
                         items > 1 ? ", " : "", h, e);
        if ((size_t)used >= len)
            break;
        h = e;
    }
    return used;
}

void sim_deadlock(simty_sim *s, const char *why, const char *hint)
{
    if (sim_stopped(s))
        return;
    unsigned count[WAIT_KINDS] = {0};
    uint8_t *missing = calloc(s->nharts, 1);
    for (unsigned h = 0; h < s->nharts; h++) {
        if (s->status[h] != HART_RUNNING)
            continue;
        uint8_t w = model_wait_state(s, h);
        count[w < WAIT_KINDS ? w : 0]++;
        if (missing)
            missing[h] = w != WAIT_BARRIER;
    }
    char *m = s->result.message;
    size_t len = sizeof s->result.message;
    int n = snprintf(m, len, "deadlock: %s", why);
    if (count[WAIT_BARRIER] && missing && (size_t)n < len) {
        bool one = s->running - count[WAIT_BARRIER] == 1;
        n += snprintf(m + n, len - (size_t)n,
                      "; %u of %u live threads wait at the barrier and thread%s ",
                      count[WAIT_BARRIER], s->running, one ? "" : "s");
        if ((size_t)n < len)
            n += append_harts(m + n, len - (size_t)n, missing, s->nharts, 12);
        if ((size_t)n < len)
            n += snprintf(m + n, len - (size_t)n, one ? " never arrives" : " never arrive");
    }
    if (count[WAIT_BARRIER_CORE] && (size_t)n < len)
        n += snprintf(m + n, len - (size_t)n, "; %u threads wait at their core's barrier (scope "
                                              "1) for threads of their core that never arrive",
                      count[WAIT_BARRIER_CORE]);
    if (count[WAIT_WRS] && (size_t)n < len)
        n += snprintf(m + n, len - (size_t)n, "; %u threads wait in wrs for a store that never "
                                              "comes", count[WAIT_WRS]);
    if (count[WAIT_SPIN] && (size_t)n < len)
        n += snprintf(m + n, len - (size_t)n, "; %u threads spin on memory that nothing "
                                              "changes", count[WAIT_SPIN]);
    if ((size_t)n < len)
        snprintf(m + n, len - (size_t)n, "%s", hint);
    free(missing);
    sim_stop(s, SIMTY_EXIT_DEADLOCK, 0);
}

/* The host CPU time limit, checked at every 16th progress sample (a clock
 * read costs as much as a few simulated cycles). */
static bool time_limit(simty_sim *s)
{
    if (s->cfg.max_seconds <= 0 || s->ctl->time_check-- > 0)
        return false;
    s->ctl->time_check = 15;
    double used = sim_cpu_seconds(s) - s->ctl->cpu_start;
    if (used < s->cfg.max_seconds)
        return false;
    snprintf(s->result.message, sizeof s->result.message,
             "host time limit reached (%.1f s of CPU time, limit %g s) at cycle %llu", used,
             s->cfg.max_seconds, (unsigned long long)s->cycle);
    sim_stop(s, SIMTY_EXIT_TIME_LIMIT, 0);
    return true;
}

/* A trace that can no longer be written (a full disk, a closed pipe) ends
 * the run: what it would go on to record is lost anyway. */
static bool trace_failed(simty_sim *s)
{
    const char *what = s->cfg.trace_commits && ferror(s->cfg.trace_commits)
                           ? "the commit trace (--trace-commits)"
                       : s->cfg.trace_kanata && ferror(s->cfg.trace_kanata)
                           ? "the Kanata trace (--trace-kanata)"
                           : NULL;
    if (!what)
        return false;
    snprintf(s->result.message, sizeof s->result.message,
             "%s cannot be written; the run was stopped at cycle %llu", what,
             (unsigned long long)s->cycle);
    sim_stop(s, SIMTY_EXIT_OUTPUT, 0);
    return true;
}

static bool limits(simty_sim *s)
{
    progress_watch *p = &s->ctl->watch;
    if (sim_stopped(s))
        return true;
    if (s->stop_request) {
        sim_stop_requested(s);
        return true;
    }
    if (s->cycle >= s->cycle_limit) {
        snprintf(s->result.message, sizeof s->result.message,
                 "cycle limit reached (--max-cycles %llu)", (unsigned long long)s->cfg.max_cycles);
        sim_stop(s, SIMTY_EXIT_MAX_CYCLES, 0);
        return true;
    }
    if (s->cycle >= p->next && (time_limit(s) || trace_failed(s)))
        return true;
    if (s->cycle >= p->next && progress_check(p, s)) {
        sim_deadlock(s, "no thread can make progress (the machine state repeats with no "
                        "memory change)", s->model->report->deadlock_hint);
        return true;
    }
    return false;
}

bool sim_cycle_limits_slow(simty_sim *s)
{
    bool stop = limits(s);
    if (!stop && s->cycle >= s->ctl->monitor.next)
        monitor_check(s);
    sim_checks_due(s);
    return stop;
}

bool progress_check(progress_watch *p, simty_sim *s)
{
    p->next = s->cycle + p->interval;
    /* (a machine timer still to fire may wake a thread: not a deadlock) */
    if (s->mem_changed || s->counter_read || mmode_timer_live(s)) {
        s->mem_changed = s->counter_read = false;
        p->armed = false;
        return false;
    }
    uint64_t h = state_hash(s);
    if (!p->armed) {
        *p = (progress_watch){.interval = p->interval, .next = p->next, .saved = h,
                              .power = 1, .armed = true};
        return false;
    }
    if (h == p->saved)
        return true;
    if (++p->samples >= p->power) {
        p->saved = h;
        p->samples = 0;
        p->power *= 2;
    }
    return false;
}
