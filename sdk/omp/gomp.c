/*
 * gomp.c - the libgomp ABI that GCC's -fopenmp code calls (GOMP_*), and
 * the omp_* API, over the team pool of team.c (sdk/README.md, "OpenMP
 * and pthreads").
 *
 * Teams: a region started by hart 0 outside any region, with no pthread
 * running, gets num_threads (else the nthreads ICV: every hart of the
 * machine) threads, harts 0..n-1; any other region (nested, or started
 * by a pthread) is a team of one. Work-sharing constructs (loops,
 * sections) keep their shared state in one of TEAM_WS_SLOTS slots of the
 * team, taken in turn: the first thread to meet construct c sets up slot
 * c % TEAM_WS_SLOTS, the last one to finish it frees it for construct
 * c + TEAM_WS_SLOTS. Loops are run in an index space 0..niters-1; a chunk
 * [lo, hi) of indices maps back to the loop variable. Tasks run at once
 * (undeferred, as OpenMP allows), so taskwait and taskgroup have nothing
 * to wait for. Cancellation is off (cancel-var false): GOMP_cancel
 * returns false.
 */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#include "team.h"

/* ICVs: run-sched-var (nthreads-var is team.c's).  Default: static
 * without a chunk, one contiguous block per thread (docs/openmp.md:
 * chunks of 1 would coalesce, but the ABI hands out one range per call,
 * so every iteration would be a call into the runtime: 200x the SPMD
 * cycles of vecadd, against 12x for blocks).  icv_chunk 0 = no chunk. */
static int icv_sched = TEAM_SCHED_STATIC;
static uint32_t icv_chunk = 0;

static simty_lock_t critical_lock, atomic_lock;

/* A team of one with its per-thread entries. */
struct solo {
    struct team team;
    uint32_t v[TEAM_PT_FIELDS];
};

static void solo_init(struct solo *so)
{
    struct team *t = &so->team;
    t->n = 1;
    t->hw_scope = -1;
    t->seq = 1;
    t->single = 0;
    t->single_base = 0;
    t->ws_base = 0;
    t->preinit = 0;
    for (int i = 0; i < TEAM_WS_SLOTS; i++) {
        t->ws[i].lock.locked = 0;
        t->ws[i].ready = 0;
        t->ws[i].round = 0;
        t->ws[i].finished = 0;
    }
    uint32_t **f = &t->pt.seq;
    for (int i = 0; i < TEAM_PT_FIELDS; i++)
        f[i] = &so->v[i];
    so->v[0] = 0; /* seq: reset at first use */
}

/* Orphaned constructs outside any region: a team of one per thread. */
static __thread struct solo orphan_solo;
static __thread int orphan_ready;

static struct team *orphan(void)
{
    if (!orphan_ready) {
        solo_init(&orphan_solo);
        orphan_ready = 1;
    }
    return &orphan_solo.team;
}

static struct team *cur(uint32_t *num)
{
    return team_cur(num, orphan);
}

/* Bring this thread's entry up to the team's current region. */
static void pt_sync(struct team *team, uint32_t num)
{
    struct team_pt *pt = &team->pt;
    if (pt->seq[num] == team->seq)
        return;
    pt->seq[num] = team->seq;
    __simty_team_dirty = 1;
    pt->ws_count[num] = team->ws_base;
    pt->single[num] = team->single_base;
    pt->holds[num] = 0;
    pt->static_k[num] = 0;
    if (team->preinit) {
        pt->ws_num[num] = team->ws_base;
        pt->ws_count[num] = team->ws_base + 1;
    }
}

static uint32_t default_threads(void)
{
    uint32_t n = __simty_team_icv_nthreads ? __simty_team_icv_nthreads : simty_nthreads();
    return n > simty_nthreads() ? simty_nthreads() : n;
}

/* ---- Regions -------------------------------------------------------- */

/* Loop or sections set up by GOMP_parallel_loop_* / _sections before the
 * team starts (the threads' first call is *_next). */
struct ws_init {
    int sched;
    uint32_t chunk;
    uint64_t niters;
    int64_t start, incr;
    uint64_t ustart, uincr;
};

static void ws_setup(struct team_ws *s, const struct ws_init *wi);

static void run_solo(void (*fn)(void *), void *data, const struct ws_init *wi)
{
    uint32_t num;
    struct team *enc = cur(&num);
    struct team_thr saved = __simty_thr;
    uint32_t level = (uint32_t)omp_get_level(), active = (uint32_t)omp_in_parallel();
    if (enc == &__simty_main_team) {
        __simty_main_team.nested = 1; /* members now check their depth */
        __simty_team_dirty = 1;
    }
    int was_ready = __simty_team_state == TEAM_READY && simty_tid() == 0;
    if (was_ready)
        __simty_team_state = TEAM_SLOW; /* hart 0 is in a team of one */
    struct solo so;
    solo_init(&so);
    if (wi) {
        ws_setup(&so.team.ws[0], wi);
        so.team.ws[0].ready = 1;
        so.team.preinit = 1;
    }
    __simty_thr.team = &so.team;
    __simty_thr.depth = saved.depth + 1;
    __simty_thr.level = level + 1;
    __simty_thr.active = active;
    fn(data);
    __simty_thr = saved;
    if (was_ready)
        __simty_team_state = TEAM_READY;
}

static void parallel(void (*fn)(void *), void *data, unsigned num_threads,
                     const struct ws_init *wi)
{
    uint32_t n = num_threads ? num_threads : default_threads();
    if (n > simty_nthreads())
        n = simty_nthreads();
    if (n <= 1 || !__simty_team_can_fork()) {
        run_solo(fn, data, wi);
        return;
    }
    struct team *team = &__simty_main_team;
    if (wi) {
        struct team_ws *s = &team->ws[team->ws_base % TEAM_WS_SLOTS];
        ws_setup(s, wi);
        s->ready = team->ws_base + 1;
        team->preinit = 1;
    }
    __simty_team_run(n, fn, data);
}

/* GOMP_parallel itself is in fast.S: the fast path (hart 0, whole machine,
 * barrier mode) in a few instructions, else this. */
void __simty_gomp_parallel_slow(void (*fn)(void *), void *data, unsigned num_threads,
                                unsigned flags)
{
    (void)flags;
    parallel(fn, data, num_threads, NULL);
}

void GOMP_barrier(void)
{
    uint32_t num;
    __simty_team_barrier(cur(&num));
}

bool GOMP_barrier_cancel(void)
{
    GOMP_barrier();
    return false;
}

bool GOMP_cancel(int which, bool do_cancel)
{
    (void)which;
    (void)do_cancel;
    return false; /* cancel-var is false */
}

bool GOMP_cancellation_point(int which)
{
    (void)which;
    return false;
}

/* ---- Mutual exclusion ------------------------------------------------- */

void GOMP_critical_start(void)
{
    simty_lock(&critical_lock);
}

void GOMP_critical_end(void)
{
    simty_unlock(&critical_lock);
}

/* *pptr is a pointer-sized zero-initialised word of the program's, one per
 * name: the lock itself. */
void GOMP_critical_name_start(void **pptr)
{
    simty_lock((simty_lock_t *)pptr);
}

void GOMP_critical_name_end(void **pptr)
{
    simty_unlock((simty_lock_t *)pptr);
}

void GOMP_atomic_start(void)
{
    simty_lock(&atomic_lock);
}

void GOMP_atomic_end(void)
{
    simty_unlock(&atomic_lock);
}

/* ---- single ----------------------------------------------------------- */

bool GOMP_single_start(void)
{
    uint32_t num;
    struct team *team = cur(&num);
    pt_sync(team, num);
    uint32_t mine = ++team->pt.single[num];
    if (team->n == 1) {
        team->single = mine;
        return true;
    }
    return simty_atomic_cas(&team->single, mine - 1, mine) == mine - 1;
}

void *GOMP_single_copy_start(void)
{
    if (GOMP_single_start())
        return NULL;
    uint32_t num;
    struct team *team = cur(&num);
    __simty_team_barrier(team);
    return team->copy;
}

void GOMP_single_copy_end(void *data)
{
    uint32_t num;
    struct team *team = cur(&num);
    team->copy = data;
    __simty_team_barrier(team);
}

/* ---- Work-sharing slots ------------------------------------------------ */

static void ws_setup(struct team_ws *s, const struct ws_init *wi)
{
    s->sched = wi->sched;
    s->chunk = wi->chunk ? wi->chunk : 1;
    s->chunk_given = wi->chunk != 0;
    s->ustart = wi->ustart;
    s->uincr = wi->uincr;
    s->niters = wi->niters;
    s->start = wi->start;
    s->incr = wi->incr;
    s->next = 0;
    s->ordered_next = 0;
    s->finished = 0;
}

/* Enter the next construct, set up from wi by the first thread to arrive. */
static void ws_begin(const struct ws_init *wi)
{
    uint32_t num;
    struct team *team = cur(&num);
    struct team_pt *pt = &team->pt;
    pt_sync(team, num);
    uint32_t c = pt->ws_count[num]++;
    struct team_ws *s = &team->ws[c % TEAM_WS_SLOTS];
    pt->ws_num[num] = c;
    pt->holds[num] = 0;
    pt->static_k[num] = 0;
    for (;;) {
        if (__atomic_load_n(&s->ready, __ATOMIC_ACQUIRE) == c + 1)
            return;
        simty_lock(&s->lock);
        if (s->ready == c + 1) {
            simty_unlock(&s->lock);
            return;
        }
        uint32_t round = s->round;
        if (round == c / TEAM_WS_SLOTS) {
            ws_setup(s, wi);
            __atomic_store_n(&s->ready, c + 1, __ATOMIC_RELEASE);
            simty_unlock(&s->lock);
            return;
        }
        simty_unlock(&s->lock);
        simty_wait_change(&s->round, round); /* construct c - SLOTS still running */
    }
}

/* The calling thread's current construct (after pt_sync). */
static struct team_ws *ws_cur(struct team *team, uint32_t num)
{
    return &team->ws[team->pt.ws_num[num] % TEAM_WS_SLOTS];
}

/* Hand the ordered turn on past this thread's chunk (ordered loops). */
static void ordered_release(struct team *team, uint32_t num, struct team_ws *s)
{
    struct team_pt *pt = &team->pt;
    if (!pt->holds[num])
        return;
    uint32_t v, lo = pt->chunk_lo[num];
    while ((v = __atomic_load_n(&s->ordered_next, __ATOMIC_ACQUIRE)) != lo)
        simty_wait_change(&s->ordered_next, v);
    __atomic_store_n(&s->ordered_next, pt->chunk_hi[num], __ATOMIC_RELEASE);
    pt->holds[num] = 0;
}

static void ws_end(void)
{
    uint32_t num;
    struct team *team = cur(&num);
    pt_sync(team, num);
    struct team_ws *s = ws_cur(team, num);
    ordered_release(team, num, s);
    if (__atomic_fetch_add(&s->finished, 1, __ATOMIC_ACQ_REL) == team->n - 1) {
        s->finished = 0;
        __atomic_store_n(&s->round, team->pt.ws_num[num] / TEAM_WS_SLOTS + 1,
                         __ATOMIC_RELEASE);
    }
}

/* ---- Loops: chunks in index space ---------------------------------------- */

#define MAX_ITERS 0x7fffffffu /* index counter headroom for fetch-and-add */

static uint64_t check_iters(uint64_t n)
{
    if (n > MAX_ITERS) {
        fprintf(stderr, "omp: loop of %llu iterations: at most %u are supported\n",
                (unsigned long long)n, MAX_ITERS);
        abort();
    }
    return n;
}

static uint64_t iters_signed(long start, long end, long incr)
{
    int64_t s = start, e = end, i = incr;
    if (i > 0)
        return check_iters(e > s ? (uint64_t)((e - s + i - 1) / i) : 0);
    if (i < 0)
        return check_iters(s > e ? (uint64_t)((s - e - i - 1) / -i) : 0);
    return 0;
}

static uint64_t iters_ull(bool up, unsigned long long start, unsigned long long end,
                          unsigned long long incr)
{
    if (up)
        return check_iters(end > start && incr ? (end - start + incr - 1) / incr : 0);
    unsigned long long step = -incr;
    return check_iters(start > end && step ? (start - end + step - 1) / step : 0);
}

/* The next chunk of this thread, [lo, hi) in index space, into its entry;
 * ordered: the thread then holds the chunk's turn. Returns the construct,
 * NULL when no chunk is left. */
static struct team_ws *next_chunk(int ordered)
{
    uint32_t num;
    struct team *team = cur(&num);
    struct team_pt *pt = &team->pt;
    pt_sync(team, num);
    struct team_ws *s = ws_cur(team, num);
    uint32_t n = team->n, niters = (uint32_t)s->niters, a, b;
    ordered_release(team, num, s);
    switch (s->sched) {
    case TEAM_SCHED_DYNAMIC:
        /* fetch-and-add while the counter cannot wrap: each thread adds
         * once more after the last chunk, so next stays below niters +
         * (n + 1) * chunk; a bigger chunk claims by CAS (a wrapped counter
         * re-issued iterations) */
        if (s->next >= niters)
            return NULL;
        if ((uint64_t)niters + ((uint64_t)n + 1) * s->chunk <= UINT32_MAX) {
            a = __atomic_fetch_add(&s->next, s->chunk, __ATOMIC_RELAXED);
            if (a >= niters)
                return NULL;
        } else {
            do {
                a = s->next;
                if (a >= niters)
                    return NULL;
            } while (simty_atomic_cas(&s->next, a, niters - a < s->chunk ? niters : a + s->chunk)
                     != a);
        }
        b = niters - a < s->chunk ? niters : a + s->chunk;
        break;
    case TEAM_SCHED_GUIDED:
        for (;;) {
            a = s->next;
            if (a >= niters)
                return NULL;
            uint32_t rem = niters - a, q = (rem + n - 1) / n;
            if (q < s->chunk)
                q = s->chunk;
            if (q > rem)
                q = rem;
            if (simty_atomic_cas(&s->next, a, a + q) == a) {
                b = a + q;
                break;
            }
        }
        break;
    default: { /* static */
        uint32_t k = pt->static_k[num];
        if (s->chunk_given) {
            uint64_t first = ((uint64_t)k * n + num) * s->chunk;
            if (first >= niters)
                return NULL;
            a = (uint32_t)first;
            b = niters - a < s->chunk ? niters : a + s->chunk;
        } else {
            if (k)
                return NULL;
            uint32_t q = niters / n, r = niters % n;
            a = num * q + (num < r ? num : r);
            b = a + q + (num < r);
            if (a >= b)
                return NULL;
        }
        pt->static_k[num] = k + 1;
        break;
    }
    }
    pt->chunk_lo[num] = a;
    pt->chunk_hi[num] = b;
    pt->holds[num] = (uint32_t)ordered;
    return s;
}

static bool next_long(long *istart, long *iend, int ordered)
{
    struct team_ws *s = next_chunk(ordered);
    if (s == NULL)
        return false;
    uint32_t num;
    struct team *team = cur(&num);
    uint32_t lo = team->pt.chunk_lo[num], hi = team->pt.chunk_hi[num];
    *istart = (long)(s->start + (int64_t)lo * s->incr);
    *iend = (long)(s->start + (int64_t)hi * s->incr);
    return true;
}

static bool next_ull(unsigned long long *istart, unsigned long long *iend, int ordered)
{
    struct team_ws *s = next_chunk(ordered);
    if (s == NULL)
        return false;
    uint32_t num;
    struct team *team = cur(&num);
    uint32_t lo = team->pt.chunk_lo[num], hi = team->pt.chunk_hi[num];
    *istart = s->ustart + lo * s->uincr;
    *iend = s->ustart + hi * s->uincr;
    return true;
}

static struct ws_init loop_init(int sched, long start, long end, long incr, long chunk)
{
    struct ws_init wi = {sched, chunk > 0 ? (uint32_t)chunk : 0,
                         iters_signed(start, end, incr), start, incr, 0, 0};
    return wi;
}

static bool loop_start(int sched, long start, long end, long incr, long chunk,
                       long *istart, long *iend, int ordered)
{
    struct ws_init wi = loop_init(sched, start, end, incr, chunk);
    ws_begin(&wi);
    return next_long(istart, iend, ordered);
}

static bool loop_next(long *istart, long *iend, int ordered)
{
    return next_long(istart, iend, ordered);
}

static bool loop_ull_start(int sched, bool up, unsigned long long start,
                           unsigned long long end, unsigned long long incr,
                           unsigned long long chunk, unsigned long long *istart,
                           unsigned long long *iend, int ordered)
{
    struct ws_init wi = {sched, (uint32_t)(chunk > MAX_ITERS ? MAX_ITERS : chunk),
                         iters_ull(up, start, end, incr), 0, 0, start, incr};
    ws_begin(&wi);
    return next_ull(istart, iend, ordered);
}

static bool loop_ull_next(unsigned long long *istart, unsigned long long *iend, int ordered)
{
    return next_ull(istart, iend, ordered);
}

void GOMP_loop_end(void)
{
    ws_end();
    GOMP_barrier();
}

void GOMP_loop_end_nowait(void)
{
    ws_end();
}

bool GOMP_loop_end_cancel(void)
{
    GOMP_loop_end();
    return false;
}

/* The loop family: [ordered_]{static,dynamic,guided,runtime}, the
 * nonmonotonic and maybe_nonmonotonic runtime variants, each for long and
 * unsigned long long, start and next. */
#define LOOP_FNS(name, sched_expr, chunk_expr, ordered)                                   \
    bool GOMP_loop_##name##_start(long start, long end, long incr, long chunk,            \
                                  long *istart, long *iend)                               \
    {                                                                                     \
        (void)chunk;                                                                      \
        return loop_start(sched_expr, start, end, incr, chunk_expr, istart, iend, ordered); \
    }                                                                                     \
    bool GOMP_loop_##name##_next(long *istart, long *iend)                                \
    {                                                                                     \
        return loop_next(istart, iend, ordered);                                          \
    }                                                                                     \
    bool GOMP_loop_ull_##name##_start(bool up, unsigned long long start,                  \
                                      unsigned long long end, unsigned long long incr,    \
                                      unsigned long long chunk,                           \
                                      unsigned long long *istart,                         \
                                      unsigned long long *iend)                           \
    {                                                                                     \
        (void)chunk;                                                                      \
        return loop_ull_start(sched_expr, up, start, end, incr, chunk_expr, istart, iend, \
                              ordered);                                                   \
    }                                                                                     \
    bool GOMP_loop_ull_##name##_next(unsigned long long *istart, unsigned long long *iend) \
    {                                                                                     \
        return loop_ull_next(istart, iend, ordered);                                      \
    }

#define LOOP_RUNTIME_FNS(name, ordered)                                                   \
    bool GOMP_loop_##name##_start(long start, long end, long incr, long *istart,          \
                                  long *iend)                                             \
    {                                                                                     \
        return loop_start(icv_sched, start, end, incr, (long)icv_chunk, istart, iend,     \
                          ordered);                                                       \
    }                                                                                     \
    bool GOMP_loop_##name##_next(long *istart, long *iend)                                \
    {                                                                                     \
        return loop_next(istart, iend, ordered);                                          \
    }                                                                                     \
    bool GOMP_loop_ull_##name##_start(bool up, unsigned long long start,                  \
                                      unsigned long long end, unsigned long long incr,    \
                                      unsigned long long *istart,                         \
                                      unsigned long long *iend)                           \
    {                                                                                     \
        return loop_ull_start(icv_sched, up, start, end, incr, icv_chunk, istart, iend,   \
                              ordered);                                                   \
    }                                                                                     \
    bool GOMP_loop_ull_##name##_next(unsigned long long *istart, unsigned long long *iend) \
    {                                                                                     \
        return loop_ull_next(istart, iend, ordered);                                      \
    }

LOOP_FNS(static, TEAM_SCHED_STATIC, chunk, 0)
LOOP_FNS(dynamic, TEAM_SCHED_DYNAMIC, chunk, 0)
LOOP_FNS(guided, TEAM_SCHED_GUIDED, chunk, 0)
LOOP_FNS(nonmonotonic_dynamic, TEAM_SCHED_DYNAMIC, chunk, 0)
LOOP_FNS(nonmonotonic_guided, TEAM_SCHED_GUIDED, chunk, 0)
LOOP_FNS(ordered_static, TEAM_SCHED_STATIC, chunk, 1)
LOOP_FNS(ordered_dynamic, TEAM_SCHED_DYNAMIC, chunk, 1)
LOOP_FNS(ordered_guided, TEAM_SCHED_GUIDED, chunk, 1)
LOOP_RUNTIME_FNS(runtime, 0)
LOOP_RUNTIME_FNS(nonmonotonic_runtime, 0)
LOOP_RUNTIME_FNS(maybe_nonmonotonic_runtime, 0)
LOOP_RUNTIME_FNS(ordered_runtime, 1)

/* Combined parallel loops: the team starts inside the loop. */
#define PARALLEL_LOOP_FN(name, sched)                                                     \
    void GOMP_parallel_loop_##name(void (*fn)(void *), void *data, unsigned num_threads,   \
                                   long start, long end, long incr, long chunk,           \
                                   unsigned flags)                                        \
    {                                                                                     \
        (void)flags;                                                                      \
        struct ws_init wi = loop_init(sched, start, end, incr, chunk);                    \
        parallel(fn, data, num_threads, &wi);                                             \
    }
#define PARALLEL_LOOP_RUNTIME_FN(name)                                                    \
    void GOMP_parallel_loop_##name(void (*fn)(void *), void *data, unsigned num_threads,   \
                                   long start, long end, long incr, unsigned flags)       \
    {                                                                                     \
        (void)flags;                                                                      \
        struct ws_init wi = loop_init(icv_sched, start, end, incr, (long)icv_chunk);      \
        parallel(fn, data, num_threads, &wi);                                             \
    }

PARALLEL_LOOP_FN(static, TEAM_SCHED_STATIC)
PARALLEL_LOOP_FN(dynamic, TEAM_SCHED_DYNAMIC)
PARALLEL_LOOP_FN(guided, TEAM_SCHED_GUIDED)
PARALLEL_LOOP_FN(nonmonotonic_dynamic, TEAM_SCHED_DYNAMIC)
PARALLEL_LOOP_FN(nonmonotonic_guided, TEAM_SCHED_GUIDED)
PARALLEL_LOOP_RUNTIME_FN(runtime)
PARALLEL_LOOP_RUNTIME_FN(nonmonotonic_runtime)
PARALLEL_LOOP_RUNTIME_FN(maybe_nonmonotonic_runtime)

/* ---- ordered ------------------------------------------------------------ */

void GOMP_ordered_start(void)
{
    uint32_t num;
    struct team *team = cur(&num);
    pt_sync(team, num);
    if (!team->pt.holds[num])
        return;
    struct team_ws *s = ws_cur(team, num);
    uint32_t v, lo = team->pt.chunk_lo[num];
    while ((v = __atomic_load_n(&s->ordered_next, __ATOMIC_ACQUIRE)) != lo)
        simty_wait_change(&s->ordered_next, v);
}

void GOMP_ordered_end(void)
{
    /* The turn stays with this thread's chunk until its next chunk. */
}

/* ---- sections ------------------------------------------------------------ */

static unsigned sections_next(void)
{
    uint32_t num;
    struct team *team = cur(&num);
    pt_sync(team, num);
    struct team_ws *s = ws_cur(team, num);
    uint32_t i = __atomic_fetch_add(&s->next, 1, __ATOMIC_RELAXED);
    return i < s->niters ? i + 1 : 0;
}

unsigned GOMP_sections_start(unsigned count)
{
    struct ws_init wi = {TEAM_SCHED_DYNAMIC, 1, count, 0, 1, 0, 0};
    ws_begin(&wi);
    return sections_next();
}

unsigned GOMP_sections_next(void)
{
    return sections_next();
}

void GOMP_sections_end(void)
{
    ws_end();
    GOMP_barrier();
}

void GOMP_sections_end_nowait(void)
{
    ws_end();
}

bool GOMP_sections_end_cancel(void)
{
    GOMP_sections_end();
    return false;
}

void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned num_threads,
                            unsigned count, unsigned flags)
{
    (void)flags;
    struct ws_init wi = {TEAM_SCHED_DYNAMIC, 1, count, 0, 1, 0, 0};
    parallel(fn, data, num_threads, &wi);
}

/* ---- Tasks (undeferred) ------------------------------------------------------ */

/* A task's own copy of its data block: DATA copied by CPYFN (or byte by
 * byte) into BUF, a caller's array of SIZE + ALIGN bytes, at ALIGN. */
static char *task_data(char *buf, long align, void *data, void (*cpyfn)(void *, void *),
                       long size)
{
    char *arg = (char *)(((uintptr_t)buf + (uintptr_t)align - 1) & ~((uintptr_t)align - 1));
    if (cpyfn)
        cpyfn(arg, data);
    else
        memcpy(arg, data, (size_t)size);
    return arg;
}

void GOMP_task(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
               long arg_align, bool if_clause, unsigned flags, void **depend, int priority,
               void *detach)
{
    (void)if_clause;
    (void)flags;
    (void)depend; /* tasks run in creation order: dependences hold */
    (void)priority;
    (void)detach;
    if (cpyfn == NULL) {
        fn(data);
        return;
    }
    char buf[arg_size + arg_align];
    fn(task_data(buf, arg_align, data, cpyfn, arg_size));
}

void GOMP_taskwait(void)
{
}

void GOMP_taskyield(void)
{
}

void GOMP_taskgroup_start(void)
{
}

void GOMP_taskgroup_end(void)
{
}

/* taskloop: one undeferred task runs the whole range (its data block
 * starts with the range's two bounds). */
void GOMP_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                   long arg_size, long arg_align, unsigned flags, unsigned long num_tasks,
                   int priority, long start, long end, long step)
{
    (void)flags;
    (void)num_tasks;
    (void)priority;
    (void)step;
    char buf[arg_size + arg_align];
    char *arg = task_data(buf, arg_align, data, cpyfn, arg_size);
    ((long *)arg)[0] = start;
    ((long *)arg)[1] = end;
    fn(arg);
}

/* ... and over an unsigned long long counter (GCC's ull form: bounds and
 * step unsigned long long, the direction in flags). */
void GOMP_taskloop_ull(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                       long arg_size, long arg_align, unsigned flags, unsigned long num_tasks,
                       int priority, unsigned long long start, unsigned long long end,
                       unsigned long long step)
{
    (void)flags; /* (the direction too: GOMP_TASK_FLAG_UP) */
    (void)num_tasks;
    (void)priority;
    (void)step;
    char buf[arg_size + arg_align];
    char *arg = task_data(buf, arg_align, data, cpyfn, arg_size);
    ((unsigned long long *)arg)[0] = start;
    ((unsigned long long *)arg)[1] = end;
    fn(arg);
}

/* ---- omp_* API ---------------------------------------------------------------- */

int omp_get_thread_num(void)
{
    uint32_t num;
    cur(&num);
    return (int)num;
}

int omp_get_num_threads(void)
{
    uint32_t num;
    return (int)cur(&num)->n;
}

int omp_get_max_threads(void)
{
    return __simty_team_can_fork() ? (int)default_threads() : 1;
}

void omp_set_num_threads(int n)
{
    if (n >= 1)
        __simty_team_icv_nthreads = (uint32_t)n;
    if (simty_tid() == 0 && !TEAM_IS_RUNNING())
        __simty_team_refresh();
}

int omp_get_num_procs(void)
{
    return (int)simty_nthreads();
}

int omp_get_thread_limit(void)
{
    return (int)simty_nthreads();
}

int omp_in_parallel(void)
{
    uint32_t num;
    struct team *team = cur(&num);
    if (team == &__simty_main_team)
        return team->n > 1;
    return __simty_thr.depth ? (int)__simty_thr.active : 0;
}

int omp_get_level(void)
{
    uint32_t num;
    struct team *team = cur(&num);
    if (team == &__simty_main_team)
        return 1;
    return __simty_thr.depth ? (int)__simty_thr.level : 0;
}

int omp_get_active_level(void)
{
    return omp_in_parallel();
}

int omp_get_team_size(int level)
{
    if (level == 0)
        return 1;
    if (level < 0 || level > omp_get_level())
        return -1;
    return level == omp_get_level() ? omp_get_num_threads() : 1;
}

int omp_get_ancestor_thread_num(int level)
{
    if (level == 0)
        return 0;
    if (level < 0 || level > omp_get_level())
        return -1;
    return level == omp_get_level() ? omp_get_thread_num() : 0;
}

void omp_set_dynamic(int on)
{
    (void)on;
}

int omp_get_dynamic(void)
{
    return 0;
}

void omp_set_nested(int on)
{
    (void)on;
}

int omp_get_nested(void)
{
    return 0;
}

void omp_set_max_active_levels(int n)
{
    (void)n;
}

int omp_get_max_active_levels(void)
{
    return 1;
}

int omp_get_cancellation(void)
{
    return 0;
}

int omp_in_final(void)
{
    return 0;
}

void omp_set_schedule(omp_sched_t kind, int chunk)
{
    int k = (int)kind & ~(int)omp_sched_monotonic;
    icv_sched = k == omp_sched_dynamic ? TEAM_SCHED_DYNAMIC
              : k == omp_sched_guided  ? TEAM_SCHED_GUIDED
                                       : TEAM_SCHED_STATIC;
    /* A chunk below 1 asks for the default: blocks for static, 1 else. */
    icv_chunk = chunk > 0 ? (uint32_t)chunk : k == omp_sched_dynamic || k == omp_sched_guided ? 1 : 0;
}

void omp_get_schedule(omp_sched_t *kind, int *chunk)
{
    *kind = icv_sched == TEAM_SCHED_DYNAMIC  ? omp_sched_dynamic
          : icv_sched == TEAM_SCHED_GUIDED   ? omp_sched_guided
                                             : omp_sched_static;
    *chunk = (int)icv_chunk;
}

/* Time: the CLINT's mtime, one tick per cycle on the simulator (a nominal
 * 1 GHz clock: 1 cycle = 1 ns), 10 MHz on QEMU virt. */
#define MTIME_LO ((volatile uint32_t *)(SIMTY_CLINT_BASE + SIMTY_CLINT_MTIME))
#define MTIME_HI ((volatile uint32_t *)(SIMTY_CLINT_BASE + SIMTY_CLINT_MTIME + 4))

static double tick_seconds(void)
{
    return simty_on_simulator() ? 1e-9 : 1e-7;
}

double omp_get_wtime(void)
{
    uint32_t hi, lo;
    do {
        hi = *MTIME_HI;
        lo = *MTIME_LO;
    } while (*MTIME_HI != hi);
    return (double)(((uint64_t)hi << 32) | lo) * tick_seconds();
}

double omp_get_wtick(void)
{
    return tick_seconds();
}

/* ---- Locks -------------------------------------------------------------------- */

void omp_init_lock(omp_lock_t *l)
{
    l->_locked = 0;
}

void omp_destroy_lock(omp_lock_t *l)
{
    (void)l;
}

void omp_set_lock(omp_lock_t *l)
{
    simty_lock((simty_lock_t *)&l->_locked);
}

void omp_unset_lock(omp_lock_t *l)
{
    simty_unlock((simty_lock_t *)&l->_locked);
}

int omp_test_lock(omp_lock_t *l)
{
    return simty_trylock((simty_lock_t *)&l->_locked);
}

void omp_init_nest_lock(omp_nest_lock_t *l)
{
    l->_owner = 0;
    l->_depth = 0;
}

void omp_destroy_nest_lock(omp_nest_lock_t *l)
{
    (void)l;
}

int omp_test_nest_lock(omp_nest_lock_t *l)
{
    uint32_t me = simty_tid() + 1;
    if (l->_owner == me)
        return (int)++l->_depth;
    if (simty_atomic_cas(&l->_owner, 0, me) == 0) {
        l->_depth = 1;
        return 1;
    }
    return 0;
}

void omp_set_nest_lock(omp_nest_lock_t *l)
{
    while (!omp_test_nest_lock(l)) {
        uint32_t owner = l->_owner;
        if (owner != 0)
            simty_wait_change(&l->_owner, owner);
    }
}

void omp_unset_nest_lock(omp_nest_lock_t *l)
{
    if (--l->_depth == 0)
        __atomic_store_n(&l->_owner, 0, __ATOMIC_RELEASE);
}
