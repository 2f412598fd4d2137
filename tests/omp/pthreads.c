/* pthreads.c - POSIX threads on parked hardware threads: create, join
 * (return values), exit, self, equal, detach, once, keys with destructors,
 * mutexes (normal, recursive, errorcheck, trylock), condition variables
 * (a producer-consumer queue, broadcast), barriers, sched_yield, and
 * EAGAIN once every hart is busy. */
#include <errno.h>
#include <pthread.h>
#include <simty.h>
#include "check.h"

#define MAXT 16

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int once_runs;
static pthread_key_t key;
static int destructed;

static void once_fn(void)
{
    once_runs++;
}

static void key_dtor(void *v)
{
    __atomic_fetch_add(&destructed, *(int *)v, __ATOMIC_RELAXED);
}

static void *adder(void *arg)
{
    int id = (int)(long)arg;
    static int vals[MAXT];
    vals[id] = 1;
    pthread_setspecific(key, &vals[id]);
    pthread_once(&once, once_fn);
    for (int i = 0; i < 100; i++) {
        pthread_mutex_lock(&m);
        counter++;
        pthread_mutex_unlock(&m);
        if (i % 25 == 0)
            sched_yield();
    }
    if (pthread_getspecific(key) != &vals[id])
        return (void *)-1L;
    if (id % 2)
        pthread_exit((void *)(long)(id * 10));
    return (void *)(long)(id * 10);
}

/* Producer-consumer through a one-slot buffer. */
static pthread_mutex_t qm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t qfull = PTHREAD_COND_INITIALIZER, qempty = PTHREAD_COND_INITIALIZER;
static int slot, has;

static void *consumer(void *arg)
{
    long sum = 0;
    (void)arg;
    for (int i = 0; i < 50; i++) {
        pthread_mutex_lock(&qm);
        while (!has)
            pthread_cond_wait(&qfull, &qm);
        sum += slot;
        has = 0;
        pthread_cond_signal(&qempty);
        pthread_mutex_unlock(&qm);
    }
    return (void *)sum;
}

static pthread_barrier_t bar;
static int phase[MAXT], phase_bad;

static void *phased(void *arg)
{
    int id = (int)(long)arg, n = 0;
    for (int p = 1; p <= 3; p++) {
        phase[id] = p;
        if (pthread_barrier_wait(&bar) == PTHREAD_BARRIER_SERIAL_THREAD)
            n++;
        for (int j = 0; j < 4; j++)
            if (phase[j] < p)
                phase_bad = 1;
        pthread_barrier_wait(&bar);
    }
    return (void *)(long)n;
}

/* Held by main while the waiters run: they sleep in the mutex (no busy
 * loop of the program's own, so --progress off cannot starve main). */
static pthread_mutex_t hold = PTHREAD_MUTEX_INITIALIZER;
static void *waiter(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&hold);
    pthread_mutex_unlock(&hold);
    return NULL;
}

int main(void)
{
    int harts = (int)simty_nthreads();
    int nt = harts - 1 < 4 ? harts - 1 : 4;
    pthread_t t[MAXT];
    pthread_key_create(&key, key_dtor);

    int ok = 1;
    for (int i = 0; i < nt; i++)
        ok &= pthread_create(&t[i], NULL, adder, (void *)(long)i) == 0;
    for (int i = 0; i < nt; i++) {
        void *r;
        ok &= pthread_join(t[i], &r) == 0 && (long)r == i * 10;
    }
    check("create, join, exit", ok && counter == 100 * nt);
    check("once", once_runs == (nt > 0));
    check("keys", destructed == nt);
    check("self, equal", pthread_equal(pthread_self(), pthread_self()) &&
                             (nt == 0 || !pthread_equal(pthread_self(), t[0])));

    pthread_mutexattr_t ma;
    pthread_mutex_t rm;
    pthread_mutexattr_init(&ma);
    pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&rm, &ma);
    ok = pthread_mutex_lock(&rm) == 0 && pthread_mutex_lock(&rm) == 0 &&
         pthread_mutex_unlock(&rm) == 0 && pthread_mutex_trylock(&rm) == 0 &&
         pthread_mutex_unlock(&rm) == 0 && pthread_mutex_unlock(&rm) == 0 &&
         pthread_mutex_unlock(&rm) == EPERM;
    check("recursive mutex", ok);
    pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&rm, &ma);
    ok = pthread_mutex_lock(&rm) == 0 && pthread_mutex_lock(&rm) == EDEADLK &&
         pthread_mutex_trylock(&rm) == EDEADLK && pthread_mutex_unlock(&rm) == 0;
    check("errorcheck mutex", ok);
    ok = pthread_mutex_trylock(&m) == 0 && pthread_mutex_trylock(&m) == EBUSY &&
         pthread_mutex_unlock(&m) == 0;
    check("trylock", ok);

    if (nt > 0) {
        pthread_t c;
        long expect = 0;
        pthread_create(&c, NULL, consumer, NULL);
        for (int i = 0; i < 50; i++) {
            pthread_mutex_lock(&qm);
            while (has)
                pthread_cond_wait(&qempty, &qm);
            slot = i;
            expect += i;
            has = 1;
            pthread_cond_broadcast(&qfull);
            pthread_mutex_unlock(&qm);
        }
        void *r;
        pthread_join(c, &r);
        check("condition variables", (long)r == expect);
    } else {
        check("condition variables", 1);
    }

    if (harts >= 4) {
        pthread_barrier_init(&bar, NULL, 4);
        for (int i = 1; i < 4; i++)
            pthread_create(&t[i], NULL, phased, (void *)(long)i);
        long serial = (long)phased((void *)0L);
        for (int i = 1; i < 4; i++) {
            void *r;
            pthread_join(t[i], &r);
            serial += (long)r;
        }
        check("barrier", serial == 3 && !phase_bad);
    } else {
        check("barrier", 1);
    }

    /* Every other hart busy: the next create fails with EAGAIN. */
    int made = 0, err = 0;
    pthread_attr_t da;
    pthread_attr_init(&da);
    pthread_attr_setdetachstate(&da, PTHREAD_CREATE_DETACHED);
    pthread_mutex_lock(&hold);
    for (int i = 0; i < harts - 1; i++) {
        pthread_t d;
        if (pthread_create(&d, &da, waiter, NULL) == 0)
            made++;
    }
    pthread_t extra;
    err = pthread_create(&extra, NULL, waiter, NULL);
    pthread_mutex_unlock(&hold);
    check("EAGAIN when full", made == harts - 1 && err == EAGAIN);
    return result();
}
