/*
 * team.c - the pool of parked hardware threads behind OpenMP and pthreads
 * (team mode, sdk/README.md "OpenMP and pthreads").
 *
 * crt0 (built with -DSIMTY_TEAM_MODE) calls __simty_team_entry instead of
 * main on every hart: hart 0 runs main and then exit(); every other hart
 * becomes a worker and sleeps in simty_wait_change on pool_wake (lr.w +
 * wrs.nto: no issue slots) until it is handed work:
 *   - an OpenMP team share: hart 0 publishes (fn, data, n) under fork_seq
 *     and bumps pool_wake; workers 1..n-1 run fn(data) and join, through
 *     the barrier CSR when the team is every thread of the machine (or of
 *     core 0), else by counting into team->joined;
 *   - a pthread: its creator claims an idle hart's mailbox (state 0 -> 1),
 *     writes fn and arg, marks it ready (2) and bumps pool_wake.
 * The program ends when a thread calls exit() or main returns: _exit (team
 * mode) writes the test finisher, which ends every parked thread too.
 */

#include <stdio.h>
#include <stdlib.h>
#include "team.h"

__thread struct team_thr __simty_thr;

volatile uint32_t __simty_team_live_threads;
volatile uint32_t __simty_team_forked;

static volatile uint32_t pool_wake;

/* The team being started (hart 0 writes it; workers read it under the
 * fork_seq sequence number, odd while it changes). */
static struct {
    void (*fn)(void *);
    void *data;
    struct team *team;
    uint32_t n;
} fork_desc;
static volatile uint32_t fork_seq;

/* pthreads' mailboxes, one per hart, allocated at the first pthread. */
struct mailbox {
    volatile uint32_t state; /* 0 idle, 1 claimed, 2 ready, 3 running */
    void (*fn)(void *);
    void *arg;
};
static struct mailbox *volatile mailboxes;
static simty_lock_t mailbox_alloc_lock;

uint32_t __simty_team_hw_scope(uint32_t n)
{
    if (!simty_on_simulator())
        return (uint32_t)-1;
    if (n == simty_nthreads())
        return SIMTY_BARRIER_SCOPE_MACHINE;
    if (simty_cores() > 1 && n == simty_warps() * simty_threads_per_warp())
        return SIMTY_BARRIER_SCOPE_CORE;
    return (uint32_t)-1;
}

static inline void hw_barrier(uint32_t scope)
{
    __asm__ volatile("csrw " SIMTY_XSTR(SIMTY_CSR_BARRIER) ", %0" ::"r"(scope) : "memory");
}

/* Team barrier: the CSR when the team is a whole scope, else a
 * sense-reversing counter whose waiters sleep on bar_gen. */
void __simty_team_barrier(struct team *team)
{
    if (team->n <= 1)
        return;
    if (team->hw_scope >= 0) {
        hw_barrier((uint32_t)team->hw_scope);
        return;
    }
    uint32_t gen = __atomic_load_n(&team->bar_gen, __ATOMIC_ACQUIRE);
    if (__atomic_fetch_add(&team->bar_count, 1, __ATOMIC_ACQ_REL) == team->n - 1) {
        team->bar_count = 0;
        __atomic_store_n(&team->bar_gen, gen + 1, __ATOMIC_RELEASE);
        return;
    }
    while (__atomic_load_n(&team->bar_gen, __ATOMIC_ACQUIRE) == gen)
        simty_wait_change(&team->bar_gen, gen);
}

int __simty_team_can_fork(void)
{
    return simty_tid() == 0 && __simty_thr.level == 0 && __simty_team_live_threads == 0;
}

static void member_start(struct team *team, uint32_t num)
{
    struct team_thr *t = &__simty_thr;
    t->team = team;
    t->num = num;
    t->level = 1;
    t->active = team->n > 1;
    t->ws_count = team->ws_base;
    t->single = team->single_base;
    t->ws = NULL;
    if (team->preinit) {
        t->ws = &team->ws[team->ws_base % TEAM_WS_SLOTS];
        t->ws_num = team->ws_base;
        t->ws_count++;
    }
    t->holds_chunk = 0;
}

static void member_end(void)
{
    __simty_thr.team = NULL;
    __simty_thr.level = 0;
    __simty_thr.active = 0;
}

/* Hart 0: run fn(data) on a team of n (hart 0 and workers 1..n-1). */
void __simty_team_run(struct team *team, uint32_t n, void (*fn)(void *), void *data)
{
    team->n = n;
    team->hw_scope = (int)__simty_team_hw_scope(n);
    team->joined = 0;
    team->single_base = team->single;
    __simty_team_forked = 1;
    uint32_t seq = fork_seq;
    __atomic_store_n(&fork_seq, seq + 1, __ATOMIC_RELEASE); /* odd: changing */
    fork_desc.fn = fn;
    fork_desc.data = data;
    fork_desc.team = team;
    fork_desc.n = n;
    __atomic_store_n(&fork_seq, seq + 2, __ATOMIC_RELEASE);
    __atomic_fetch_add(&pool_wake, 1, __ATOMIC_RELEASE);

    member_start(team, 0);
    fn(data);
    uint32_t ws_end = __simty_thr.ws_count;
    member_end();
    if (team->hw_scope >= 0) {
        hw_barrier((uint32_t)team->hw_scope);
    } else {
        uint32_t j;
        while ((j = __atomic_load_n(&team->joined, __ATOMIC_ACQUIRE)) != n - 1)
            simty_wait_change(&team->joined, j);
    }
    team->ws_base = ws_end;
    team->preinit = 0;
    __simty_team_forked = 0;
}

/* A worker's share of a team; returns once it has joined. */
static void worker_team(uint32_t me, uint32_t *seen_fork)
{
    for (;;) {
        uint32_t s = __atomic_load_n(&fork_seq, __ATOMIC_ACQUIRE);
        if (s == *seen_fork || (s & 1))
            return; /* no new team (or one being written: a wake follows) */
        void (*fn)(void *) = fork_desc.fn;
        void *data = fork_desc.data;
        struct team *team = fork_desc.team;
        uint32_t n = fork_desc.n;
        if (__atomic_load_n(&fork_seq, __ATOMIC_ACQUIRE) != s)
            continue;
        *seen_fork = s;
        if (me >= n)
            return;
        member_start(team, me);
        fn(data);
        member_end();
        if (team->hw_scope >= 0)
            hw_barrier((uint32_t)team->hw_scope);
        else
            __atomic_fetch_add(&team->joined, 1, __ATOMIC_RELEASE);
        return;
    }
}

static void worker_thread(uint32_t me)
{
    struct mailbox *mb = mailboxes;
    if (mb == NULL || __atomic_load_n(&mb[me].state, __ATOMIC_ACQUIRE) != 2)
        return;
    mb[me].state = 3;
    mb[me].fn(mb[me].arg);
    mb[me].fn = NULL;
    __atomic_fetch_sub(&__simty_team_live_threads, 1, __ATOMIC_RELEASE);
    __atomic_store_n(&mb[me].state, 0, __ATOMIC_RELEASE);
}

static void __attribute__((noreturn)) worker(uint32_t me)
{
    uint32_t seen_wake = 0, seen_fork = 0;
    for (;;) {
        seen_wake = simty_wait_change(&pool_wake, seen_wake);
        worker_team(me, &seen_fork);
        worker_thread(me);
    }
}

uint32_t __simty_team_start_thread(void (*fn)(void *), void *arg)
{
    uint32_t n = simty_nthreads();
    if (__simty_team_forked || n < 2)
        return 0;
    if (mailboxes == NULL) {
        simty_lock(&mailbox_alloc_lock);
        if (mailboxes == NULL) {
            struct mailbox *mb = calloc(n, sizeof *mb);
            if (mb == NULL) {
                simty_unlock(&mailbox_alloc_lock);
                return 0;
            }
            __atomic_store_n(&mailboxes, mb, __ATOMIC_RELEASE);
        }
        simty_unlock(&mailbox_alloc_lock);
    }
    struct mailbox *mb = mailboxes;
    for (uint32_t h = 1; h < n; h++) {
        if (mb[h].state != 0 || simty_atomic_cas(&mb[h].state, 0, 1) != 0)
            continue;
        mb[h].fn = fn;
        mb[h].arg = arg;
        __atomic_fetch_add(&__simty_team_live_threads, 1, __ATOMIC_RELAXED);
        __atomic_store_n(&mb[h].state, 2, __ATOMIC_RELEASE);
        __atomic_fetch_add(&pool_wake, 1, __ATOMIC_RELEASE);
        return h;
    }
    return 0;
}

/* crt0 (team mode) calls this on every hart instead of main. */
extern int main(int argc, char **argv, char **envp);

void __attribute__((noreturn)) __simty_team_entry(int argc, char **argv, char **envp)
{
    (void)__simty_team_mode_needs_fopenmp_or_pthread;
    uint32_t me = simty_tid();
    if (me != 0)
        worker(me);
    exit(main(argc, argv, envp));
}

/* _exit in team mode (crt0.S): the whole program ends, with this code, by
 * the test finisher, which also ends the parked workers. */
void __attribute__((noreturn)) __simty_team_exit(int code)
{
    fflush(stdout); /* QEMU: this hart's pending line */
    volatile uint32_t *fin = (volatile uint32_t *)SIMTY_FINISHER_BASE;
    *fin = code == 0 ? SIMTY_FINISHER_PASS
                     : ((uint32_t)(code & 0xff) << SIMTY_FINISHER_CODE_SHIFT) | SIMTY_FINISHER_FAIL;
    for (;;)
        __asm__ volatile("wfi");
}
