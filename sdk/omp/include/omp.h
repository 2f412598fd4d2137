/*
 * omp.h - the OpenMP API of the simty SDK (programs built with
 * sdk/simty-cc -fopenmp; runtime in sdk/omp/gomp.c, sdk/README.md "OpenMP
 * and pthreads"). Only what the runtime implements is declared: a call to
 * anything else fails at compile or link time, never silently at run time.
 */
#ifndef SIMTY_OMP_H
#define SIMTY_OMP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct { volatile uint32_t _locked; } omp_lock_t;
typedef struct { volatile uint32_t _owner; uint32_t _depth; } omp_nest_lock_t;

typedef enum omp_sched_t {
    omp_sched_static = 1,
    omp_sched_dynamic = 2,
    omp_sched_guided = 3,
    omp_sched_auto = 4,
    omp_sched_monotonic = (int)0x80000000u
} omp_sched_t;

int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
void omp_set_num_threads(int n);
int omp_get_num_procs(void);
int omp_get_thread_limit(void);
int omp_in_parallel(void);
int omp_get_level(void);
int omp_get_active_level(void);
int omp_get_team_size(int level);
int omp_get_ancestor_thread_num(int level);
void omp_set_dynamic(int on);
int omp_get_dynamic(void);
void omp_set_nested(int on);
int omp_get_nested(void);
void omp_set_max_active_levels(int n);
int omp_get_max_active_levels(void);
int omp_get_cancellation(void);
int omp_in_final(void);
void omp_set_schedule(omp_sched_t kind, int chunk);
void omp_get_schedule(omp_sched_t *kind, int *chunk);

/* Simulated time: 1 tick per cycle at a nominal 1 GHz on simty (10 MHz
 * on QEMU virt). */
double omp_get_wtime(void);
double omp_get_wtick(void);

void omp_init_lock(omp_lock_t *lock);
void omp_destroy_lock(omp_lock_t *lock);
void omp_set_lock(omp_lock_t *lock);
void omp_unset_lock(omp_lock_t *lock);
int omp_test_lock(omp_lock_t *lock);
void omp_init_nest_lock(omp_nest_lock_t *lock);
void omp_destroy_nest_lock(omp_nest_lock_t *lock);
void omp_set_nest_lock(omp_nest_lock_t *lock);
void omp_unset_nest_lock(omp_nest_lock_t *lock);
int omp_test_nest_lock(omp_nest_lock_t *lock);

#ifdef __cplusplus
}
#endif

#endif /* SIMTY_OMP_H */
