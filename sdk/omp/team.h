/*
 * team.h - internal interface of the SDK's team runtime (team mode:
 * programs built with simty-cc -fopenmp, -pthread, -lpthread or
 * -ftree-parallelize-loops=N). Shared by team.c (the pool of parked
 * hardware threads), gomp.c (the libgomp ABI) and pthread.c.
 *
 * In team mode main runs on hart 0 only; every other hart waits in
 * __simty_team_worker, asleep in wrs.nto on the pool's wake word, until it
 * is handed an OpenMP team share or a pthread. Waiting never relies on the
 * forward-progress scheduler: the runtime sleeps in simty_wait_change
 * (wrs.nto on the simulator) or in the hardware barrier.
 */
#ifndef SIMTY_TEAM_H
#define SIMTY_TEAM_H

#include <stdint.h>
#include <simty.h>

/* Defined only by crt0.S built for team mode (simty-cc -fopenmp/-pthread):
 * every team-runtime object references it, so that linking one into an
 * SPMD program fails with this name. */
extern const uint32_t __simty_team_mode_needs_fopenmp_or_pthread;

/* Number of work-sharing constructs a team may have in flight (nowait
 * lets threads run ahead by up to this many). */
#define TEAM_WS_SLOTS 4

/* Shared state of one work-sharing construct (loop, sections). */
struct team_ws {
    simty_lock_t lock;
    volatile uint32_t ready;        /* construct number + 1 it holds */
    volatile uint32_t round;        /* free for construct c when c / SLOTS == round */
    volatile uint32_t finished;     /* threads done with it */
    volatile uint32_t next;         /* next iteration index / section */
    volatile uint32_t ordered_next; /* first index whose turn it is */
    uint64_t niters;                /* iterations (index space 0..niters-1) */
    uint32_t chunk;                 /* iterations per chunk (>= 1) */
    int chunk_given;                /* static: round-robin chunks, else blocks */
    int sched;                      /* TEAM_SCHED_* */
    int64_t start, incr;            /* signed loops: i = start + k*incr */
    uint64_t ustart, uincr;         /* unsigned long long loops */
    int up;                         /* ull loop counts up */
};

#define TEAM_SCHED_STATIC 1
#define TEAM_SCHED_DYNAMIC 2
#define TEAM_SCHED_GUIDED 3

/* Per-thread state of a team's threads, one array entry per thread number
 * (structure of arrays: the lanes of a warp touch consecutive words, which
 * coalesce, where per-thread TLS words lie a stack area apart). An entry
 * is reset lazily, when its seq differs from the team's. */
struct team_pt {
    uint32_t *seq;      /* team->seq the entry belongs to */
    uint32_t *ws_count; /* work-sharing constructs met */
    uint32_t *single;   /* single constructs met */
    uint32_t *ws_num;   /* current work-sharing construct */
    uint32_t *chunk_lo, *chunk_hi; /* current chunk (index space) */
    uint32_t *static_k; /* static schedule: chunks taken */
    uint32_t *holds;    /* an ordered chunk to hand on at the next one */
};
#define TEAM_PT_FIELDS 8

/* An OpenMP team. */
struct team {
    uint32_t n;                       /* threads */
    int hw_scope;                     /* barrier CSR scope, -1: software */
    uint32_t seq;                     /* regions run by this team */
    volatile uint32_t nested;         /* main team: a member nested a region */
    volatile uint32_t bar_count, bar_gen; /* software barrier */
    volatile uint32_t single;         /* single constructs claimed */
    uint32_t single_base;             /* ... before this region */
    uint32_t ws_base;                 /* work-sharing constructs before it */
    int preinit;                      /* construct ws_base set up by the fork */
    void *volatile copy;              /* single copyprivate data */
    struct team_pt pt;
    struct team_ws ws[TEAM_WS_SLOTS];
};

/* Per-thread context outside the main team (TLS): nested regions and
 * pthreads' orphaned constructs run in teams of one. */
struct team_thr {
    struct team *team; /* the team of one, when depth > 0 */
    uint32_t depth;    /* nested teams of one entered */
    uint32_t level;    /* omp_get_level() there */
    uint32_t active;   /* omp_in_parallel() there */
};

extern __thread struct team_thr __simty_thr;
extern struct team __simty_main_team;

/* State of the main team: TEAM_READY when the next region without
 * num_threads can take the fast path of GOMP_parallel (barrier mode, the
 * default team is the whole machine, no team or pthread runs, hart 0 is at
 * level 0), TEAM_RUNNING or more while a region of the main team runs (the
 * fast path stores a value it already holds, hart 0's stack pointer). */
#define TEAM_READY 0   /* fast.S relies on it being 0 */
#define TEAM_SLOW 1
#define TEAM_RUNNING 2 /* and above: fast.S stores hart 0's sp */
extern volatile uint32_t __simty_team_state;
#define TEAM_IS_RUNNING() (__simty_team_state >= TEAM_RUNNING)
extern void (*__simty_fork_fn)(void *);
extern uint32_t __simty_fork_n;            /* size of the team being started */
extern volatile uint32_t __simty_team_joined; /* workers done (software join) */
void __simty_team_park(uint32_t me, uint32_t nthreads); /* fast.S */
int __simty_team_nonmember(void);
extern void *__simty_fork_data;
extern uint32_t __simty_team_icv_nthreads; /* nthreads-var, 0: every hart */
extern volatile uint32_t __simty_team_dirty; /* the region needs cleanup */
void __simty_team_refresh(void);          /* recompute TEAM_READY */
void __simty_team_cleanup(void);          /* after a dirty region */

static inline void team_hw_barrier(uint32_t scope)
{
    __asm__ volatile("csrw " SIMTY_XSTR(SIMTY_CSR_BARRIER) ", %0" ::"r"(scope) : "memory");
}

/* The calling thread's team and number in it, fast for the main team:
 * its thread numbers are hart ids. */
static inline struct team *team_cur(uint32_t *num, struct team *(*orphan)(void))
{
    struct team *m = &__simty_main_team;
    uint32_t h = simty_tid();
    if (TEAM_IS_RUNNING() && h < m->n && (!m->nested || __simty_thr.depth == 0)) {
        *num = h;
        return m;
    }
    *num = 0;
    return __simty_thr.depth ? __simty_thr.team : orphan();
}

/* team.c: the pool. */
void __simty_team_run(uint32_t n, void (*fn)(void *), void *data);
int __simty_team_can_fork(void);  /* caller may start a team of > 1 */
void __simty_team_barrier(struct team *team);
/* pthreads: start fn(arg) on an idle hart, then end(arg) once the hart is
 * idle again; returns its hart id, 0 if none is idle. */
uint32_t __simty_team_start_thread(void (*fn)(void *), void (*end)(void *), void *arg);
extern volatile uint32_t __simty_team_live_threads; /* pthreads running */

#endif /* SIMTY_TEAM_H */
