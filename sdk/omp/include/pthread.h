/*
 * pthread.h - POSIX threads on simty's hardware threads (programs built
 * with sdk/simty-cc -pthread; runtime in sdk/omp/pthread.c, sdk/README.md
 * "OpenMP and pthreads"). main runs on hart 0; pthread_create hands the
 * function to a parked hart (EAGAIN when none is left). Only what the
 * runtime implements is declared: anything else fails at compile or link
 * time.
 */
#ifndef SIMTY_PTHREAD_H
#define SIMTY_PTHREAD_H

#include <stddef.h>
#include <stdint.h>
#include <sched.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct __simty_pthread *pthread_t;
typedef struct { int _detach; size_t _stacksize; } pthread_attr_t;
typedef unsigned pthread_key_t;
typedef struct { volatile uint32_t _state; } pthread_once_t;
typedef struct { volatile uint32_t _owner; uint32_t _depth; int _type; } pthread_mutex_t;
typedef struct { int _type; } pthread_mutexattr_t;
typedef struct { volatile uint32_t _seq; } pthread_cond_t;
typedef struct { int _unused; } pthread_condattr_t;
typedef struct { uint32_t _n; volatile uint32_t _count, _gen; } pthread_barrier_t;
typedef struct { int _unused; } pthread_barrierattr_t;

#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1
#define PTHREAD_MUTEX_NORMAL 0
#define PTHREAD_MUTEX_RECURSIVE 1
#define PTHREAD_MUTEX_ERRORCHECK 2
#define PTHREAD_MUTEX_DEFAULT PTHREAD_MUTEX_NORMAL
#define PTHREAD_BARRIER_SERIAL_THREAD (-1)
#define PTHREAD_KEYS_MAX 32
#define PTHREAD_DESTRUCTOR_ITERATIONS 4

#define PTHREAD_ONCE_INIT {0}
#define PTHREAD_MUTEX_INITIALIZER {0, 0, PTHREAD_MUTEX_NORMAL}
#define PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP {0, 0, PTHREAD_MUTEX_RECURSIVE}
#define PTHREAD_COND_INITIALIZER {0}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
                   void *(*start)(void *), void *arg);
int pthread_join(pthread_t thread, void **retval);
int pthread_detach(pthread_t thread);
void pthread_exit(void *retval) __attribute__((noreturn));
pthread_t pthread_self(void);
int pthread_equal(pthread_t a, pthread_t b);
int pthread_once(pthread_once_t *once, void (*fn)(void));

int pthread_attr_init(pthread_attr_t *attr);
int pthread_attr_destroy(pthread_attr_t *attr);
int pthread_attr_setdetachstate(pthread_attr_t *attr, int state);
int pthread_attr_getdetachstate(const pthread_attr_t *attr, int *state);
int pthread_attr_setstacksize(pthread_attr_t *attr, size_t size);
int pthread_attr_getstacksize(const pthread_attr_t *attr, size_t *size);

int pthread_key_create(pthread_key_t *key, void (*destructor)(void *));
int pthread_key_delete(pthread_key_t key);
void *pthread_getspecific(pthread_key_t key);
int pthread_setspecific(pthread_key_t key, const void *value);

int pthread_mutexattr_init(pthread_mutexattr_t *attr);
int pthread_mutexattr_destroy(pthread_mutexattr_t *attr);
int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int type);
int pthread_mutexattr_gettype(const pthread_mutexattr_t *attr, int *type);
int pthread_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *attr);
int pthread_mutex_destroy(pthread_mutex_t *mutex);
int pthread_mutex_lock(pthread_mutex_t *mutex);
int pthread_mutex_trylock(pthread_mutex_t *mutex);
int pthread_mutex_unlock(pthread_mutex_t *mutex);

int pthread_condattr_init(pthread_condattr_t *attr);
int pthread_condattr_destroy(pthread_condattr_t *attr);
int pthread_cond_init(pthread_cond_t *cond, const pthread_condattr_t *attr);
int pthread_cond_destroy(pthread_cond_t *cond);
int pthread_cond_wait(pthread_cond_t *cond, pthread_mutex_t *mutex);
int pthread_cond_signal(pthread_cond_t *cond);
int pthread_cond_broadcast(pthread_cond_t *cond);

int pthread_barrierattr_init(pthread_barrierattr_t *attr);
int pthread_barrierattr_destroy(pthread_barrierattr_t *attr);
int pthread_barrier_init(pthread_barrier_t *barrier, const pthread_barrierattr_t *attr,
                         unsigned count);
int pthread_barrier_destroy(pthread_barrier_t *barrier);
int pthread_barrier_wait(pthread_barrier_t *barrier);

int sched_yield(void);

#ifdef __cplusplus
}
#endif

#endif /* SIMTY_PTHREAD_H */
