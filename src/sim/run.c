/* Run control: the one run loop.  Every cycle it checks the limits (stop
 * requests, --max-cycles, host time, deadlock: sim/progress.c), wakes
 * waiting threads, then ticks every core in core order, so a run
 * is reproducible bit for bit whatever the number of cores.  A run can stop
 * at any cycle boundary and resume (simty_run_cycles). */
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "memsys/memsys.h"
#include "models/model.h"
#include "sim/monitor.h"
#include "sim/port.h"
#include "sim/progress.h"
#include "sim/sample.h"
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
    const bool timer = mmode_timer_live(s);
    if (!sync_can_wake(&s->sync) && !timer) {
        sim_deadlock(s, "every live thread waits and nothing can wake it", "");
        return true;
    }
    if (!s->model->skips_idle_time)
        return false;
    uint64_t next = s->sync.release ? s->cycle + 1 : s->sync.next_wake;
    if (timer && s->timer_next < next) /* a machine timer interrupt wakes them */
        next = s->timer_next;
    if (next > s->cycle_limit)
        next = s->cycle_limit;
    s->cycle = next < until ? next : until;
    return true;
}

/* ---- host threads ------------------------------------------------------
 *
 * With --host-threads N (N > 1) and several cores, thread k runs cores k,
 * k + N, ... through each quantum, and the last thread (one with the
 * fewest cores, and not core 0's, which runs an SPMD program's serial
 * parts) runs the shared memory levels first if they run beside the cores
 * (memsys_advance_shared); the calling thread is thread 0.  A quantum
 * starts when the caller bumps `go` and ends when every worker has bumped
 * `done`; in between each task touches only its own state (sim/effects.h,
 * memsys.h), so which thread runs it and in which order does not matter.
 * (Cores stay on their thread: taking tasks dynamically was measured 20%
 * slower, the cores' state moving between host caches.) */
struct host_pool {
    simty_sim *s;
    unsigned n;            /* threads, the caller included */
    pthread_t *tid;        /* n - 1 workers */
    struct worker_arg {
        struct host_pool *p;
        unsigned k;        /* runs cores k, k + n, ...; decode cache s->decoded[k] */
    } *arg;
    atomic_uint_fast64_t go;
    atomic_uint done;
    bool shared;           /* the shared levels run beside the cores in this quantum */
    atomic_bool quit;
    bool *complete;        /* per core: what its run returned */
    uint64_t t0, end;      /* the quantum being run */
};

/* One more turn of a spin wait: after a while, let the host run others
 * (a busy or oversubscribed host). */
static void spin(unsigned *spins)
{
    if (++*spins > 2000)
        sched_yield();
}

static void wait_for(atomic_uint_fast64_t *v, uint64_t old)
{
    for (unsigned spins = 0; atomic_load_explicit(v, memory_order_acquire) == old;)
        spin(&spins);
}

/* In a quantum's cycles after the first (where the machine-wide poll did;
 * only the cycle model runs in quanta), core c takes its own memory events
 * and wakes its own waiting paths.  (Out of line: the loops that tick the
 * cores stay small.) */
static __attribute__((noinline)) void core_poll(simty_sim *s, sim_core *c, uint64_t t)
{
    if (s->timing)
        memsys_core_advance(s->timing, c->id, t);
    sync_poll_core(s, c, t, s->model->woken, s);
}

/* Core c's cycle t of the quantum that began at t0; what its tick
 * returned. */
static bool core_cycle(simty_sim *s, sim_core *c, uint64_t t, uint64_t t0)
{
    c->now = t;
    if (t > t0)
        core_poll(s, c, t);
    return s->model->tick(s, c);
}

/* Core c runs cycles [t0, end) of a quantum: within one, cores do not see
 * each other (their effects wait in their logs), so they may run in any
 * order, on any thread. */
static bool core_run(simty_sim *s, sim_core *c, uint64_t t0, uint64_t end)
{
    for (uint64_t t = t0; t < end; t++) {
        if (!core_cycle(s, c, t, t0))
            return false;
        if (c->fx.stop) /* its fault: the run ends in that cycle (sim_publish) */
            break;
    }
    return true;
}

static void run_tasks(simty_sim *s, struct host_pool *p, unsigned k)
{
    if (p->shared && k == p->n - 1)
        memsys_advance_shared(s->timing, p->t0, p->end);
    for (unsigned c = k; c < s->ncores; c += p->n)
        p->complete[c] = core_run(s, &s->core[c], p->t0, p->end);
}

static void *worker(void *arg)
{
    struct host_pool *p = ((struct worker_arg *)arg)->p;
    const unsigned k = ((struct worker_arg *)arg)->k;
    uint64_t seen = 0;
    for (;;) {
        wait_for(&p->go, seen);
        seen = atomic_load_explicit(&p->go, memory_order_acquire);
        if (atomic_load_explicit(&p->quit, memory_order_acquire))
            return NULL;
        run_tasks(p->s, p, k);
        atomic_fetch_add_explicit(&p->done, 1, memory_order_release);
    }
}

double sim_pool_cpu_seconds(const simty_sim *s)
{
    const struct host_pool *p = s->ctl->pool;
    double sum = 0;
    for (unsigned i = 0; p && i + 1 < p->n; i++) {
        clockid_t id;
        struct timespec t;
        if (!pthread_getcpuclockid(p->tid[i], &id) && !clock_gettime(id, &t))
            sum += (double)t.tv_sec + t.tv_nsec * 1e-9;
    }
    return sum;
}

void sim_pool_free(simty_sim *s)
{
    struct host_pool *p = s->ctl->pool;
    if (!p)
        return;
    atomic_store_explicit(&p->quit, true, memory_order_release);
    atomic_fetch_add_explicit(&p->go, 1, memory_order_release);
    for (unsigned i = 0; i + 1 < p->n; i++)
        pthread_join(p->tid[i], NULL);
    free(p->tid);
    free(p->arg);
    free(p->complete);
    free(p);
    s->ctl->pool = NULL;
}

/* Host threads pay only if each runs enough core-cycles between two
 * exchanges (a quantum's start and end: a few microseconds, far more on a
 * busy host): below this many per thread and quantum, the cores run on the
 * calling thread (measured: docs/RESULTS.md section 11). */
#define HOST_THREAD_MIN_CORE_CYCLES 64 /* the default of --host-threads-min */

/* The host threads a run uses (--host-threads, at most one per core), and
 * if that is fewer than asked, why (NULL: as asked). */
static unsigned host_threads_plan(const simty_sim *s, const char **why, unsigned *min_quantum)
{
    const unsigned asked = s->cfg.host_threads ? s->cfg.host_threads : 1;
    unsigned n = asked < s->ndecoded ? asked : s->ndecoded;
    *why = NULL;
    *min_quantum = 0;
    if (asked <= 1)
        return 1;
    if (s->ncores < 2) /* (no note: the settings warn that the option has no effect) */
        return 1;
    if (s->kt || s->cfg.trace_commits) {
        *why = "traces are written in cycle order, as the cores tick";
        return 1;
    }
    const unsigned per_thread = (s->ncores + n - 1) / n; /* cores of the busiest thread */
    const unsigned min = s->cfg.host_threads_min ? s->cfg.host_threads_min
                                                 : HOST_THREAD_MIN_CORE_CYCLES;
    if ((uint64_t)s->quantum * per_thread < min) {
        *why = "the quantum is too short for the exchange between threads to pay";
        *min_quantum = (min + per_thread - 1) / per_thread;
        return 1;
    }
    if (n < asked)
        *why = "at most one thread per core";
    return n;
}

/* The longest quantum this machine accepts (sim/config.c): one cycle but
 * on the cycle model, at most the interconnect latency with a hierarchy. */
static unsigned quantum_allowed(const simty_sim *s)
{
    if (s->cfg.model != SIMTY_MODEL_CYCLE)
        return 1;
    if (s->cfg.memory.kind != SIMTY_MEMORY_IDEAL && s->cfg.memory.noc_latency < SIMTY_MAX_QUANTUM)
        return s->cfg.memory.noc_latency;
    return SIMTY_MAX_QUANTUM;
}

unsigned simty_host_threads(const simty_sim *s, char *note, size_t len)
{
    const char *why;
    unsigned min_quantum;
    const unsigned n = host_threads_plan(s, &why, &min_quantum);
    if (note && len)
        note[0] = 0;
    if (why && note && len) {
        int k = snprintf(note, len, "--host-threads %u: running on %u thread%s: %s", s->cfg.host_threads,
                         n, n == 1 ? "" : "s", why);
        if (min_quantum && k > 0 && (size_t)k < len) {
            if (min_quantum <= quantum_allowed(s))
                snprintf(note + k, len - (size_t)k,
                         " (--quantum %llu: --quantum %u or more lets them run, or "
                         "--host-threads-min; the results do not depend on host threads, they "
                         "do on the quantum)",
                         (unsigned long long)s->quantum, min_quantum);
            else /* (no quantum this machine accepts is that long) */
                snprintf(note + k, len - (size_t)k,
                         " (--quantum %llu, at most %u on this machine: --host-threads-min "
                         "lets them run)",
                         (unsigned long long)s->quantum, quantum_allowed(s));
        }
    }
    return n;
}

/* The pool of a run with host threads, created at its first cycle; NULL
 * (tick on the calling thread) if one thread is all there is to use
 * (host_threads_plan) or the host refuses threads. */
static struct host_pool *pool_get(simty_sim *s)
{
    const char *why;
    unsigned min_quantum;
    const unsigned n = host_threads_plan(s, &why, &min_quantum);
    if (n <= 1 || s->ctl->pool_refused)
        return NULL;
    if (s->ctl->pool)
        return s->ctl->pool;
    s->ctl->pool_refused = true; /* until the pool stands: not asked again every quantum */
    struct host_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->s = s;
    p->n = n;
    p->tid = calloc(n - 1, sizeof *p->tid);
    p->arg = calloc(n - 1, sizeof *p->arg);
    p->complete = calloc(s->ncores, sizeof *p->complete);
    atomic_init(&p->go, 0);
    atomic_init(&p->done, 0);
    atomic_init(&p->quit, false);
    if (!p->tid || !p->arg || !p->complete) {
        free(p->tid);
        free(p->arg);
        free(p->complete);
        free(p);
        return NULL;
    }
    s->ctl->pool = p;
    /* the workers take no signals: the front end's handlers run on the
     * threads it knows (they only raise a stop request, seen between quanta) */
    sigset_t all, old;
    sigfillset(&all);
    static const int synchronous[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS};
    for (unsigned i = 0; i < sizeof synchronous / sizeof *synchronous; i++)
        sigdelset(&all, synchronous[i]); /* a crash still reports (ASan, a core dump) */
    pthread_sigmask(SIG_BLOCK, &all, &old);
    unsigned started = 0;
    for (; started + 1 < n; started++) {
        p->arg[started] = (struct worker_arg){.p = p, .k = started + 1};
        if (pthread_create(&p->tid[started], NULL, worker, &p->arg[started]))
            break;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    p->n = started + 1; /* run on the threads we have */
    if (p->n == 1) {
        sim_pool_free(s);
        return NULL;
    }
    s->ctl->pool_refused = false;
    for (unsigned c = 0; c < s->ncores; c++) /* one decode cache per thread */
        s->core[c].decoded = &s->decoded[c % p->n];
    return p;
}

/* Whether the cores of this quantum are worth the exchange between host
 * threads: at least two of them have work (a serial phase, where the other
 * cores wait, runs on the calling thread; the results are the same either
 * way). */
static bool quantum_parallel(const simty_sim *s)
{
    unsigned busy = 0;
    for (unsigned c = 0; c < s->ncores; c++)
        if (!s->model->quiet(s, &s->core[c]) && ++busy == 2)
            return true;
    return false;
}

/* The end of the quantum that cycle `now` belongs to: quanta are the
 * multiples of the quantum (a pause or a stop function acts at their
 * boundaries only, so that where a run pauses does not change it), cut
 * short by the cycle limit. */
static uint64_t quantum_end(const simty_sim *s, uint64_t now)
{
    uint64_t q = s->ncores > 1 ? s->quantum : 1;
    uint64_t end = (now / q + 1) * q;
    return end > s->cycle_limit && s->cycle_limit > now ? s->cycle_limit : end;
}

/* The cycles of the quantum (s->cycle up to s->quantum_end: one cycle
 * unless a multi-core machine runs in quanta); returns false if a tick says
 * its cycle does not complete.  A multi-core machine defers its effects on
 * shared state to the end of the quantum (sim/effects.h). */
static bool tick_cores(simty_sim *s)
{
    const model_ops *m = s->model;
    bool complete = true;
    const uint64_t t0 = s->cycle;
    uint64_t end = s->quantum_end;
    if (s->ncores == 1) {
        s->core[0].now = t0;
        complete = m->tick(s, &s->core[0]);
    } else {
        struct host_pool *p = pool_get(s);
        if (p && !quantum_parallel(s))
            p = NULL;
        s->port = s->quantum > 1 ? port_deferred_quanta : port_deferred;
        /* the memory timing's shared levels run beside the cores */
        const bool shared = s->timing && s->quantum > 1;
        if (p) {
            p->t0 = t0;
            p->end = end;
            p->shared = shared;
            atomic_store_explicit(&p->done, 0, memory_order_relaxed);
            atomic_fetch_add_explicit(&p->go, 1, memory_order_release);
            run_tasks(s, p, 0);
            for (unsigned spins = 0;
                 atomic_load_explicit(&p->done, memory_order_acquire) != p->n - 1;)
                spin(&spins);
            for (unsigned c = 0; c < s->ncores; c++)
                complete &= p->complete[c];
        } else { /* cycle by cycle, so that traces come in cycle order */
            if (shared)
                memsys_advance_shared(s->timing, t0, end);
            bool *done = s->ctl->core_done;
            for (unsigned c = 0; c < s->ncores; c++)
                done[c] = false;
            for (uint64_t t = t0; t < end; t++)
                for (unsigned c = 0; c < s->ncores; c++) {
                    if (done[c])
                        continue;
                    if (!core_cycle(s, &s->core[c], t, t0))
                        complete = false, done[c] = true;
                    else if (s->core[c].fx.stop)
                        done[c] = true;
                }
        }
        s->port = port_direct;
        s->ctl->stop_cycle = 0;
        sim_publish(s);
        if (s->ctl->stop_cycle && s->ctl->stop_cycle < end) /* the run ended within the quantum */
            end = s->ctl->stop_cycle;
        if (s->quantum > 1) /* (one cycle at a time: nothing to settle) */
            sync_end_quantum(s);
    }
    if (s->timing) /* what the cores sent joins the memory's queue */
        memsys_end_cycle(s->timing);
    if (complete)
        s->cycle = end;
    return complete;
}

/* The wake-ups before the cores tick of a model with path tables
 * (model_ops.poll NULL): the due waiting paths back to their warps, the
 * model told (model_ops.woken); with a memory hierarchy, first its events
 * of the cycle (in quanta only the cores' own: core_cycle). */
static void poll_paths(simty_sim *s)
{
    sync_poll(s, &s->sync, s->paths, s->nwarps, s->cycle, s->model->woken, s);
}

static void poll_paths_timed(simty_sim *s)
{
    memsys_advance(s->timing, s->cycle);
    poll_paths(s);
}

void sim_run_loop(simty_sim *s, uint64_t until, simty_stop_fn *stop, void *ctx)
{
    const model_ops *m = s->model;
    /* (the ideal memory has no events; a functional model warming the
     * memory timing in a sampled run, sim/sample.c, sends none) */
    const bool timing_events = s->timing && !m->skips_idle_time && memsys_is_hierarchy(s->timing);
    const bool burst = m->burst && s->ncores == 1 && !stop && !timing_events;
    void (*const poll)(simty_sim *) = m->poll ? m->poll
                                      : timing_events ? poll_paths_timed : poll_paths;
    while (!sim_cycle_limits(s) && s->cycle < until && !(stop && stop(s, ctx))) {
        if (s->cycle >= s->timer_next) /* a thread's mtimecmp is reached */
            mmode_timer_fire(s);
        if (burst) {
            /* one core while nothing needs the loop below: no thread waits
             * (the poll has nothing to wake), no stop function, no check due
             * before `end`: the same cycles in the same order in the
             * model's own loop (model_ops.burst), without the machine-wide
             * bookkeeping of every cycle */
            uint64_t end = until < s->cycle_limit ? until : s->cycle_limit;
            if (s->ctl->check_next < end)
                end = s->ctl->check_next;
            if (s->timer_next < end)
                end = s->timer_next;
            if (!m->burst(s, end))
                break;
            if (s->cycle >= end || s->stop_request || sim_stopped(s))
                continue; /* to the checks */
            /* else a thread waits or the core is quiet: a cycle below */
        }
        s->quantum_end = quantum_end(s, s->cycle);
        poll(s);
        bool quiet = true;
        for (unsigned c = 0; c < s->ncores && quiet; c++)
            quiet = m->quiet(s, &s->core[c]);
        /* with a stop function, every cycle boundary is asked about */
        if (quiet && machine_idle(s, stop ? s->cycle + 1 : until))
            continue;
        if (!tick_cores(s))
            break;
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

/* A program that ended by itself (exit, parked, finisher, tohost) but whose
 * console output could not all be written ends as output_error (status
 * 123), as a run the console error stopped does: the output error wins
 * over the program's exit code, which the result keeps.  A run that failed
 * (fault, deadlock, limit, signal) keeps its reason. */
static void output_lost(simty_sim *s)
{
    simty_result *r = &s->result;
    bool ended = r->reason == SIMTY_EXIT_EXIT || r->reason == SIMTY_EXIT_PARKED ||
                 r->reason == SIMTY_EXIT_FINISHER || r->reason == SIMTY_EXIT_TOHOST;
    if (!s->console.err || !ended)
        return;
    snprintf(r->message, sizeof r->message,
             "the program's output cannot be written (%s); the program ended (%s, exit code "
             "%d) at cycle %llu", strerror(s->console.err), simty_exit_reason_name(r->reason),
             r->exit_code, (unsigned long long)s->cycle);
    r->reason = SIMTY_EXIT_OUTPUT;
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
    if (sim_stopped(s) && s->loaded && !s->ctl->finished) {
        s->ctl->finished = true;
        if (s->ctl->sample)
            sample_run_over(s);
        for (unsigned c = 0; c < s->ncores; c++)
            if (s->model->finish)
                s->model->finish(s, &s->core[c]);
        sim_roi_finish(s);
    }
    sim_fold_stats(s);
    if (sim_stopped(s)) {
        console_flush_all(&s->console);
        semihost_flush(s);
        s->result.output_errno = s->console.err;
        output_lost(s);
    }
}

static simty_exit_reason run_for(simty_sim *s, uint64_t until, simty_stop_fn *stop, void *ctx)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    s->ctl->cpu_start = sim_cpu_seconds(s);
    monitor_run_start(s);
    if (!s->loaded)
        sim_fault(s, 0, 0, "no program loaded");
    else if (s->ctl->sample && !sim_stopped(s))
        sample_run(s, until, stop, ctx);
    else if (!sim_stopped(s))
        sim_run_loop(s, until, stop, ctx);
    sim_pool_free(s); /* no thread waits, spinning, while the caller has the machine */
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
