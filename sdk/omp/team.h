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

/* An OpenMP team. */
struct team {
    uint32_t n;                       /* threads */
    int hw_scope;                     /* barrier CSR scope, -1: software */
    volatile uint32_t bar_count, bar_gen; /* software barrier */
    volatile uint32_t joined;         /* workers done (join, software) */
    volatile uint32_t single;         /* single constructs claimed */
    uint32_t single_base;             /* ... before this region */
    uint32_t ws_base;                 /* work-sharing constructs before it */
    int preinit;                      /* construct ws_base set up by the fork */
    void *volatile copy;              /* single copyprivate data */
    struct team_ws ws[TEAM_WS_SLOTS];
};

/* Per-thread OpenMP state (in TLS: every hart has its own). */
struct team_thr {
    struct team *team;  /* NULL outside any region */
    uint32_t num;       /* thread number in the team */
    uint32_t level;     /* nesting level (active or not) */
    uint32_t active;    /* enclosing regions with more than one thread */
    uint32_t ws_count;  /* work-sharing constructs met in this region */
    uint32_t single;    /* single constructs met in this region */
    struct team_ws *ws; /* current work-sharing construct */
    uint32_t ws_num;    /* its construct number */
    uint32_t chunk_lo, chunk_hi; /* current chunk (index space) */
    uint32_t static_k;  /* static schedule: chunks taken */
    int holds_chunk;    /* an ordered chunk to hand on at the next one */
};

extern __thread struct team_thr __simty_thr;

/* team.c: the pool. */
void __simty_team_run(struct team *team, uint32_t n, void (*fn)(void *), void *data);
int __simty_team_can_fork(void);  /* caller may start a team of > 1 */
void __simty_team_barrier(struct team *team);
uint32_t __simty_team_hw_scope(uint32_t n);
/* pthreads: start fn(arg) on an idle hart; returns its hart id, 0 if none. */
uint32_t __simty_team_start_thread(void (*fn)(void *), void *arg);
extern volatile uint32_t __simty_team_live_threads; /* pthreads running */
extern volatile uint32_t __simty_team_forked;       /* a team > 1 is running */

#endif /* SIMTY_TEAM_H */
