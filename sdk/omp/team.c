/*
 * team.c - the pool of parked hardware threads behind OpenMP and pthreads
 * (team mode, sdk/README.md "OpenMP and pthreads").
 *
 * crt0 (built with -DSIMTY_TEAM_MODE) calls __simty_team_entry instead of
 * main on every hart: hart 0 runs main and then exit(); every other hart
 * becomes a worker. Barrier mode (the simulator, until the first
 * pthread): idle workers are parked in the machine-scope barrier CSR;
 * hart 0 starts a team of n by writing __simty_fork_fn/_data/_n and
 * arriving there too; workers 0..n-1 run the function and join through the
 * CSR (a team of every hart) or by counting (a smaller team, whose
 * non-members wait in wrs.nto meanwhile). The loops of both sides are in
 * fast.S. Wrs mode (QEMU, or once a pthread was created): idle workers
 * sleep in lr.w + wrs.nto on pool_word, which a fork or a pthread_create
 * rewrites; a pthread's creator first claims an idle hart's mailbox.
 * The program ends when a thread calls exit() or main returns: _exit (team
 * mode) writes the test finisher, which ends every parked thread too.
 */

#include <stdio.h>
#include <stdlib.h>
#include "team.h"

__thread struct team_thr __simty_thr;
struct team __simty_main_team;

volatile uint32_t __simty_team_live_threads;

/* The word idle workers sleep on: (generation << POOL_N_BITS) | n, n the
 * size of the team being started, 0 for a pthread waiting in a mailbox.
 * Each write wakes them all; hart 0 changes fork_fn, fork_data and
 * fork_hw only while no team runs. */
#define POOL_N_BITS 19
#define POOL_N_MASK ((1u << POOL_N_BITS) - 1)
static volatile uint32_t pool_word;
void (*__simty_fork_fn)(void *);
void *__simty_fork_data;
volatile uint32_t __simty_team_state; /* refreshed before main */
volatile uint32_t __simty_team_dirty;
uint32_t __simty_team_icv_nthreads;
uint32_t __simty_fork_n;
volatile uint32_t __simty_team_joined;
/* Barrier mode, a team smaller than the machine: its non-members wait in
 * wrs.nto until region_end holds the number of the barrier that started
 * the region (the barrier CSR counts completed barriers, and no other can
 * complete while they are out of it), which hart 0 writes after the join;
 * then they park again. Were they to stay in the barrier CSR, the team's
 * own barriers would release them, and one could read __simty_fork_n as
 * hart 0 rewrites it for the next region. */
static volatile uint32_t region_end;

static inline uint32_t barriers_completed(void)
{
    uint32_t v;
    __asm__ volatile("csrr %0, " SIMTY_XSTR(SIMTY_CSR_BARRIER) : "=r"(v)::"memory");
    return v;
}

/* On the simulator idle workers first park in the machine-scope barrier
 * CSR (barrier mode): hart 0 starts a team by writing fork_* and arriving
 * there too, which releases them all at once. The first pthread_create
 * (by hart 0: no other thread runs then) switches the pool to wrs mode for
 * good, since a pthread that runs on never arrives. QEMU (no barrier CSR)
 * is in wrs mode from the start. */
static volatile uint32_t wrs_mode;

/* pthreads' mailboxes, one per hart, allocated at the first pthread. */
struct mailbox {
    volatile uint32_t state; /* 0 idle, 1 claimed, 2 ready, 3 running */
    void (*fn)(void *), (*end)(void *);
    void *arg;
};
static struct mailbox *volatile mailboxes;
static simty_lock_t mailbox_alloc_lock;

static void pool_wake(uint32_t n)
{
    uint32_t w = pool_word;
    __atomic_store_n(&pool_word, (w & ~POOL_N_MASK) + (1u << POOL_N_BITS) + n,
                     __ATOMIC_RELEASE);
}

/* The barrier CSR serves a team of every hart in barrier mode. A smaller
 * team uses the software barrier; its non-members leave the CSR (below). */
static int hw_scope_for(uint32_t n)
{
    return simty_on_simulator() && !wrs_mode && n == simty_nthreads()
               ? SIMTY_BARRIER_SCOPE_MACHINE
               : -1;
}

#define hw_barrier team_hw_barrier

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
    return simty_tid() == 0 && !TEAM_IS_RUNNING() && __simty_thr.depth == 0 &&
           __simty_team_live_threads == 0;
}

/* The main team's per-thread arrays, for every hart. Allocated before
 * main, from a heap nothing has used yet: fresh RAM, zero on the simulator
 * and on QEMU, so seq needs no clearing (a cleared array would cost one
 * store per hart on hart 0 alone). */
static void alloc_pt(struct team *team)
{
    uint32_t n = simty_nthreads();
    uint32_t *all = malloc((size_t)n * sizeof *all * TEAM_PT_FIELDS);
    if (all == NULL) {
        fprintf(stderr, "omp: no memory for the team of %u threads\n", (unsigned)n);
        abort();
    }
    uint32_t **f = &team->pt.seq;
    for (int i = 0; i < TEAM_PT_FIELDS; i++)
        f[i] = all + (size_t)i * n;
    team->seq = 1; /* entries of seq 0 are stale */
}

void __simty_team_refresh(void)
{
    struct team *team = &__simty_main_team;
    uint32_t n = simty_nthreads();
    uint32_t icv = __simty_team_icv_nthreads;
    if (simty_on_simulator() && !wrs_mode && n > 1 && (icv == 0 || icv >= n) &&
        __simty_thr.depth == 0 && simty_tid() == 0) {
        team->n = n;
        team->hw_scope = SIMTY_BARRIER_SCOPE_MACHINE;
        __simty_fork_n = n;
        __simty_team_state = TEAM_READY;
    } else {
        __simty_team_state = TEAM_SLOW;
    }
}

/* After a region that used work-sharing, single or nesting: every thread
 * met the same constructs, so hart 0's counts are the team's; the next
 * region's entries are stale. */
void __simty_team_cleanup(void)
{
    struct team *team = &__simty_main_team;
    if (team->pt.seq[0] == team->seq)
        team->ws_base = team->pt.ws_count[0];
    else if (team->preinit)
        team->ws_base++;
    team->single_base = team->single;
    team->seq++;
    team->preinit = 0;
    team->nested = 0;
    __simty_team_dirty = 0;
}

/* Hart 0: run fn(data) on the main team of n (harts 0..n-1). */
void __simty_team_run(uint32_t n, void (*fn)(void *), void *data)
{
    struct team *team = &__simty_main_team;
    int hw = hw_scope_for(n);
    team->n = n;
    team->hw_scope = hw;
    __simty_team_joined = 0;
    __simty_team_dirty = 1;
    __simty_fork_fn = fn;
    __simty_fork_data = data;
    __simty_fork_n = n;
    __simty_team_state = TEAM_RUNNING;
    uint32_t fork_id = 0;
    if (wrs_mode || !simty_on_simulator()) {
        pool_wake(n);
    } else {
        hw_barrier(SIMTY_BARRIER_SCOPE_MACHINE);
        fork_id = barriers_completed();
    }

    fn(data);

    if (hw >= 0) {
        hw_barrier((uint32_t)hw);
    } else {
        uint32_t j;
        while ((j = __atomic_load_n(&__simty_team_joined, __ATOMIC_ACQUIRE)) != n - 1)
            simty_wait_change(&__simty_team_joined, j);
        __atomic_store_n(&region_end, fork_id, __ATOMIC_RELEASE); /* non-members park */
    }
    __simty_team_cleanup();
    __simty_team_refresh();
}

/* Run the pthread in this hart's mailbox; the hart is idle again (and may
 * be claimed) before the thread's end is signalled, so that a create after
 * a join always finds it. */
static void __attribute__((noinline)) worker_thread(uint32_t me)
{
    struct mailbox *mb = mailboxes;
    if (mb == NULL || __atomic_load_n(&mb[me].state, __ATOMIC_ACQUIRE) != 2)
        return;
    void (*fn)(void *) = mb[me].fn, (*end)(void *) = mb[me].end;
    void *arg = mb[me].arg;
    mb[me].state = 3;
    fn(arg);
    __atomic_fetch_sub(&__simty_team_live_threads, 1, __ATOMIC_RELEASE);
    __atomic_store_n(&mb[me].state, 0, __ATOMIC_RELEASE);
    end(arg);
}

/* A worker: sleep, run team shares and pthreads. Kept to registers (the
 * lanes of a warp run it together; every stack or TLS access of theirs
 * would be one memory pass per lane). */
/* fast.S's park loop, for a worker that is not in the team just started:
 * returns non-zero in wrs mode (leave the loop), else once the team's
 * region has ended. */
int __simty_team_nonmember(void)
{
    if (wrs_mode)
        return 1;
    uint32_t id = barriers_completed(), v;
    while ((v = __atomic_load_n(&region_end, __ATOMIC_ACQUIRE)) != id)
        simty_wait_change(&region_end, v);
    return 0;
}

static void __attribute__((noreturn)) worker(uint32_t me)
{
    if (simty_on_simulator())
        __simty_team_park(me, simty_nthreads()); /* fast.S; returns in wrs mode */
    uint32_t seen = 0;
    for (;;) {
        uint32_t w = simty_wait_change(&pool_word, seen);
        seen = w;
        uint32_t n = w & POOL_N_MASK;
        if (me < n) {
            __simty_fork_fn(__simty_fork_data);
            __atomic_fetch_add(&__simty_team_joined, 1, __ATOMIC_RELEASE);
        } else if (n == 0) {
            worker_thread(me);
        }
    }
}

uint32_t __simty_team_start_thread(void (*fn)(void *), void (*end)(void *), void *arg)
{
    uint32_t n = simty_nthreads();
    if (TEAM_IS_RUNNING() || n < 2)
        return 0;
    if (!wrs_mode && simty_on_simulator()) {
        /* Barrier mode: only hart 0 runs (no team, no pthread yet). */
        __simty_fork_n = 0;
        wrs_mode = 1;
        __simty_team_state = TEAM_SLOW;
        hw_barrier(SIMTY_BARRIER_SCOPE_MACHINE);
    }
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
        mb[h].end = end;
        mb[h].arg = arg;
        __atomic_fetch_add(&__simty_team_live_threads, 1, __ATOMIC_RELAXED);
        __atomic_store_n(&mb[h].state, 2, __ATOMIC_RELEASE);
        simty_lock(&mailbox_alloc_lock); /* one writer of pool_word at a time */
        pool_wake(0);
        simty_unlock(&mailbox_alloc_lock);
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
    alloc_pt(&__simty_main_team);
    __simty_team_refresh();
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
