/*
 * pthreads.c - a POSIX threads program: workers created with
 * pthread_create (as many as the machine gives, up to -t; EAGAIN ends the
 * creation), a start signal through a mutex and a condition variable, a
 * work queue behind a mutex, a pthread_barrier_t between two phases (its
 * serial thread folds the first phase's results), pthread_exit with a
 * value and pthread_join. The initial thread works too, so the program
 * also completes when no thread can be created.
 *
 *   usage: pthreads [-n ITEMS] [-t THREADS]
 *
 * build flags: -pthread
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXT 64

struct shared {
    pthread_mutex_t lock;
    pthread_cond_t start;
    pthread_barrier_t phase;
    int go;             /* set (under lock) once the barrier exists */
    int next, items;    /* the queue: items next..items-1 are left */
    long long sum1;     /* phase 1 total, under lock */
    long long fold;     /* set by the barrier's serial thread */
    long long sum2;     /* phase 2 total, under lock */
};

struct worker {
    struct shared *s;
    int id, done;
};

static int work(int item)
{
    unsigned x = (unsigned)item * 2654435761u;
    int steps = 0;
    while (x > 1000) {
        x = (x & 1) ? x / 3 : x / 2;
        steps++;
    }
    return steps + (int)x % 7;
}

static void *run(void *arg)
{
    struct worker *w = arg;
    struct shared *s = w->s;
    pthread_mutex_lock(&s->lock);
    while (!s->go)
        pthread_cond_wait(&s->start, &s->lock);
    pthread_mutex_unlock(&s->lock);
    for (;;) {
        pthread_mutex_lock(&s->lock);
        int item = s->next < s->items ? s->next++ : -1;
        pthread_mutex_unlock(&s->lock);
        if (item < 0)
            break;
        int r = work(item);
        pthread_mutex_lock(&s->lock);
        s->sum1 += r;
        pthread_mutex_unlock(&s->lock);
        w->done++;
    }
    if (pthread_barrier_wait(&s->phase) == PTHREAD_BARRIER_SERIAL_THREAD) {
        s->fold = s->sum1 * 3 + 1;
        s->next = 0;  /* the queue again, for phase 2 */
    }
    pthread_barrier_wait(&s->phase);
    for (;;) {
        pthread_mutex_lock(&s->lock);
        int item = s->next < s->items ? s->next++ : -1;
        if (item >= 0)
            s->sum2 += (s->fold + item) % 1000;
        pthread_mutex_unlock(&s->lock);
        if (item < 0)
            break;
    }
    if (w->id > 0)
        pthread_exit(w);
    return w;
}

int main(int argc, char **argv)
{
    int items = 500, want = 8;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "-n"))
            items = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-t"))
            want = atoi(argv[i + 1]);
    }
    if (items < 0 || items > 1000000 || want < 1 || want > MAXT || argc % 2 == 0) {
        fprintf(stderr, "usage: pthreads [-n ITEMS] [-t THREADS(1..%d)]\n", MAXT);
        return 2;
    }
    static struct shared s;
    static struct worker w[MAXT];
    static pthread_t tid[MAXT];
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.start, NULL);
    s.items = items;
    int n = 1;
    w[0].s = &s;
    for (; n < want; n++) {
        w[n].s = &s;
        w[n].id = n;
        int e = pthread_create(&tid[n], NULL, run, &w[n]);
        if (e == EAGAIN)
            break;
        if (e) {
            fprintf(stderr, "pthreads: pthread_create: %s\n", strerror(e));
            return 1;
        }
    }
    pthread_barrier_init(&s.phase, NULL, (unsigned)n);
    pthread_mutex_lock(&s.lock);
    s.go = 1;
    pthread_cond_broadcast(&s.start);
    pthread_mutex_unlock(&s.lock);
    run(&w[0]);
    int done = w[0].done;
    for (int i = 1; i < n; i++) {
        void *ret;
        pthread_join(tid[i], &ret);
        if (ret != &w[i]) {
            fprintf(stderr, "pthreads: join returned the wrong value\n");
            return 1;
        }
        done += w[i].done;
    }
    pthread_barrier_destroy(&s.phase);
    pthread_cond_destroy(&s.start);
    pthread_mutex_destroy(&s.lock);
    long long ref1 = 0, ref2 = 0;
    for (int i = 0; i < items; i++)
        ref1 += work(i);
    for (int i = 0; i < items; i++)
        ref2 += (ref1 * 3 + 1 + i) % 1000;
    int ok = done == items && s.sum1 == ref1 && s.sum2 == ref2;
    printf("pthreads %d items: phase 1 sum %lld, phase 2 sum %lld\n", items, s.sum1, s.sum2);
    printf("pthreads: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
