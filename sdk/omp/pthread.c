/*
 * pthread.c - POSIX threads over the team pool of team.c (sdk/README.md,
 * "OpenMP and pthreads"). A thread is a record (pthread_t points to it)
 * run by a parked hart; pthread_exit returns to the hart's start wrapper
 * with longjmp. Every wait sleeps in simty_wait_change (wrs.nto on the
 * simulator): mutexes, condition variables (a sequence word that signal
 * and broadcast bump; a waiter may wake spuriously, as POSIX allows),
 * barriers, join and once.
 */

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include "team.h"

#define ST_RUNNING 0
#define ST_DONE 1
#define ST_DETACHED 2

struct __simty_pthread {
    void *(*start)(void *);
    void *arg;
    void *ret;
    volatile uint32_t state;
};

/* pthread_self of threads that pthread_create did not start (main, and
 * OpenMP workers): one record per hart. */
static __thread struct __simty_pthread own_record;
static __thread struct __simty_pthread *self;
static __thread jmp_buf *exit_jump;
static __thread const void *key_values[PTHREAD_KEYS_MAX];

static simty_lock_t key_lock;
static uint8_t key_used[PTHREAD_KEYS_MAX];
static void (*key_destructor[PTHREAD_KEYS_MAX])(void *);

static void run_key_destructors(void)
{
    for (int pass = 0; pass < PTHREAD_DESTRUCTOR_ITERATIONS; pass++) {
        int again = 0;
        for (unsigned k = 0; k < PTHREAD_KEYS_MAX; k++) {
            void (*d)(void *) = key_destructor[k];
            void *v = (void *)key_values[k];
            if (key_used[k] && d && v) {
                key_values[k] = NULL;
                d(v);
                again = 1;
            }
        }
        if (!again)
            break;
    }
}

static void finish(void *p)
{
    struct __simty_pthread *t = p;
    if (simty_atomic_cas(&t->state, ST_RUNNING, ST_DONE) == ST_DETACHED)
        free(t);
}

/* On the worker hart: run the thread, then hand it to its joiner. */
static void thread_main(void *p)
{
    struct __simty_pthread *t = p;
    jmp_buf jb;
    for (unsigned k = 0; k < PTHREAD_KEYS_MAX; k++)
        key_values[k] = NULL;
    self = t;
    exit_jump = &jb;
    if (setjmp(jb) == 0)
        t->ret = t->start(t->arg);
    run_key_destructors();
    exit_jump = NULL;
    self = NULL;
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
                   void *(*start)(void *), void *arg)
{
    (void)__simty_team_mode_needs_fopenmp_or_pthread;
    struct __simty_pthread *t = malloc(sizeof *t);
    if (t == NULL)
        return EAGAIN;
    t->start = start;
    t->arg = arg;
    t->ret = NULL;
    t->state = ST_RUNNING;
    int detached = attr && attr->_detach == PTHREAD_CREATE_DETACHED;
    *thread = t;
    if (__simty_team_start_thread(thread_main, finish, t) == 0) {
        free(t);
        return EAGAIN;
    }
    if (detached)
        pthread_detach(t);
    return 0;
}

int pthread_join(pthread_t t, void **retval)
{
    if (t == pthread_self())
        return EDEADLK;
    uint32_t s;
    while ((s = __atomic_load_n(&t->state, __ATOMIC_ACQUIRE)) == ST_RUNNING)
        simty_wait_change(&t->state, s);
    if (s != ST_DONE)
        return EINVAL; /* detached */
    if (retval)
        *retval = t->ret;
    free(t);
    return 0;
}

int pthread_detach(pthread_t t)
{
    if (simty_atomic_cas(&t->state, ST_RUNNING, ST_DETACHED) == ST_DONE)
        free(t);
    return 0;
}

void pthread_exit(void *retval)
{
    if (self && exit_jump) {
        self->ret = retval;
        longjmp(*exit_jump, 1);
    }
    /* main (or an OpenMP thread): the process ends once every thread has. */
    uint32_t n;
    while ((n = __atomic_load_n(&__simty_team_live_threads, __ATOMIC_ACQUIRE)) != 0)
        simty_wait_change(&__simty_team_live_threads, n);
    exit(0);
}

pthread_t pthread_self(void)
{
    return self ? self : &own_record;
}

int pthread_equal(pthread_t a, pthread_t b)
{
    return a == b;
}

int pthread_once(pthread_once_t *once, void (*fn)(void))
{
    uint32_t s = simty_atomic_cas(&once->_state, 0, 1);
    if (s == 0) {
        fn();
        __atomic_store_n(&once->_state, 2, __ATOMIC_RELEASE);
        return 0;
    }
    while ((s = __atomic_load_n(&once->_state, __ATOMIC_ACQUIRE)) != 2)
        simty_wait_change(&once->_state, s);
    return 0;
}

int sched_yield(void)
{
    simty_pause();
    return 0;
}

/* ---- Attributes ------------------------------------------------------- */

int pthread_attr_init(pthread_attr_t *attr)
{
    attr->_detach = PTHREAD_CREATE_JOINABLE;
    attr->_stacksize = SIMTY_STACK_SIZE_DEFAULT;
    return 0;
}

int pthread_attr_destroy(pthread_attr_t *attr)
{
    (void)attr;
    return 0;
}

int pthread_attr_setdetachstate(pthread_attr_t *attr, int state)
{
    if (state != PTHREAD_CREATE_JOINABLE && state != PTHREAD_CREATE_DETACHED)
        return EINVAL;
    attr->_detach = state;
    return 0;
}

int pthread_attr_getdetachstate(const pthread_attr_t *attr, int *state)
{
    *state = attr->_detach;
    return 0;
}

/* Every hart has its fixed area (simty-cc --stack-size): the size is kept
 * for getstacksize only. */
int pthread_attr_setstacksize(pthread_attr_t *attr, size_t size)
{
    attr->_stacksize = size;
    return 0;
}

int pthread_attr_getstacksize(const pthread_attr_t *attr, size_t *size)
{
    *size = attr->_stacksize;
    return 0;
}

/* ---- Keys ---------------------------------------------------------------- */

int pthread_key_create(pthread_key_t *key, void (*destructor)(void *))
{
    simty_lock(&key_lock);
    for (unsigned k = 0; k < PTHREAD_KEYS_MAX; k++) {
        if (!key_used[k]) {
            key_used[k] = 1;
            key_destructor[k] = destructor;
            simty_unlock(&key_lock);
            *key = k;
            return 0;
        }
    }
    simty_unlock(&key_lock);
    return EAGAIN;
}

int pthread_key_delete(pthread_key_t key)
{
    if (key >= PTHREAD_KEYS_MAX || !key_used[key])
        return EINVAL;
    simty_lock(&key_lock);
    key_used[key] = 0;
    key_destructor[key] = NULL;
    simty_unlock(&key_lock);
    return 0;
}

void *pthread_getspecific(pthread_key_t key)
{
    return key < PTHREAD_KEYS_MAX ? (void *)key_values[key] : NULL;
}

int pthread_setspecific(pthread_key_t key, const void *value)
{
    if (key >= PTHREAD_KEYS_MAX || !key_used[key])
        return EINVAL;
    key_values[key] = value;
    return 0;
}

/* ---- Mutexes -------------------------------------------------------------- */

int pthread_mutexattr_init(pthread_mutexattr_t *attr)
{
    attr->_type = PTHREAD_MUTEX_DEFAULT;
    return 0;
}

int pthread_mutexattr_destroy(pthread_mutexattr_t *attr)
{
    (void)attr;
    return 0;
}

int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int type)
{
    if (type != PTHREAD_MUTEX_NORMAL && type != PTHREAD_MUTEX_RECURSIVE &&
        type != PTHREAD_MUTEX_ERRORCHECK)
        return EINVAL;
    attr->_type = type;
    return 0;
}

int pthread_mutexattr_gettype(const pthread_mutexattr_t *attr, int *type)
{
    *type = attr->_type;
    return 0;
}

int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr)
{
    m->_owner = 0;
    m->_depth = 0;
    m->_type = attr ? attr->_type : PTHREAD_MUTEX_DEFAULT;
    return 0;
}

int pthread_mutex_destroy(pthread_mutex_t *m)
{
    return m->_owner ? EBUSY : 0;
}

int pthread_mutex_trylock(pthread_mutex_t *m)
{
    uint32_t me = simty_tid() + 1;
    if (m->_owner == me) {
        if (m->_type == PTHREAD_MUTEX_RECURSIVE) {
            m->_depth++;
            return 0;
        }
        return m->_type == PTHREAD_MUTEX_ERRORCHECK ? EDEADLK : EBUSY;
    }
    if (simty_atomic_cas(&m->_owner, 0, me) != 0)
        return EBUSY;
    m->_depth = 1;
    return 0;
}

int pthread_mutex_lock(pthread_mutex_t *m)
{
    int r;
    while ((r = pthread_mutex_trylock(m)) == EBUSY) {
        uint32_t owner = m->_owner;
        if (owner == simty_tid() + 1)
            return EDEADLK; /* a normal mutex locked twice: would never return */
        if (owner != 0)
            simty_wait_change(&m->_owner, owner);
    }
    return r;
}

int pthread_mutex_unlock(pthread_mutex_t *m)
{
    if (m->_owner != simty_tid() + 1)
        return EPERM;
    if (--m->_depth == 0)
        __atomic_store_n(&m->_owner, 0, __ATOMIC_RELEASE);
    return 0;
}

/* ---- Condition variables ----------------------------------------------------- */

int pthread_condattr_init(pthread_condattr_t *attr)
{
    (void)attr;
    return 0;
}

int pthread_condattr_destroy(pthread_condattr_t *attr)
{
    (void)attr;
    return 0;
}

int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr)
{
    (void)attr;
    c->_seq = 0;
    return 0;
}

int pthread_cond_destroy(pthread_cond_t *c)
{
    (void)c;
    return 0;
}

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
    uint32_t seq = __atomic_load_n(&c->_seq, __ATOMIC_ACQUIRE);
    uint32_t depth = m->_depth;
    m->_depth = 1;
    int r = pthread_mutex_unlock(m);
    if (r)
        return r;
    simty_wait_change(&c->_seq, seq);
    pthread_mutex_lock(m);
    m->_depth = depth;
    return 0;
}

int pthread_cond_signal(pthread_cond_t *c)
{
    __atomic_fetch_add(&c->_seq, 1, __ATOMIC_RELEASE);
    return 0;
}

int pthread_cond_broadcast(pthread_cond_t *c)
{
    return pthread_cond_signal(c);
}

/* ---- Barriers ------------------------------------------------------------------ */

int pthread_barrierattr_init(pthread_barrierattr_t *attr)
{
    (void)attr;
    return 0;
}

int pthread_barrierattr_destroy(pthread_barrierattr_t *attr)
{
    (void)attr;
    return 0;
}

int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *attr,
                         unsigned count)
{
    (void)attr;
    if (count == 0)
        return EINVAL;
    b->_n = count;
    b->_count = 0;
    b->_gen = 0;
    return 0;
}

int pthread_barrier_destroy(pthread_barrier_t *b)
{
    (void)b;
    return 0;
}

int pthread_barrier_wait(pthread_barrier_t *b)
{
    uint32_t gen = __atomic_load_n(&b->_gen, __ATOMIC_ACQUIRE);
    if (__atomic_fetch_add(&b->_count, 1, __ATOMIC_ACQ_REL) == b->_n - 1) {
        b->_count = 0;
        __atomic_store_n(&b->_gen, gen + 1, __ATOMIC_RELEASE);
        return PTHREAD_BARRIER_SERIAL_THREAD;
    }
    while (__atomic_load_n(&b->_gen, __ATOMIC_ACQUIRE) == gen)
        simty_wait_change(&b->_gen, gen);
    return 0;
}
