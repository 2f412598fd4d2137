/*
 * lockwait.c - a team waits on locks held by its own thread 0, which on a
 * SIMT machine shares a warp with the first waiters: thread 0 takes a lock
 * (then a nested lock, twice); at a first barrier the others find it held
 * (omp_test_lock fails); after a second one they block in omp_set_lock
 * while thread 0 works and then releases it. The waiters must see thread
 * 0's update (made before its unset), and the program must complete
 * whatever the scheduler does with the divergent warp.
 *
 *   usage: lockwait [-w WORK]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>

static unsigned spin_work(int n)
{
    unsigned x = 1;
    for (int i = 0; i < n; i++)
        x = x * 1103515245u + 12345u;
    return x;
}

int main(int argc, char **argv)
{
    int work = 2000;
    if (argc == 3 && !strcmp(argv[1], "-w"))
        work = atoi(argv[2]);
    else if (argc > 1) {
        fprintf(stderr, "usage: lockwait [-w WORK]\n");
        return 2;
    }
    omp_lock_t lock;
    omp_nest_lock_t nest;
    omp_init_lock(&lock);
    omp_init_nest_lock(&nest);
    volatile int counter = 0, ncount = 0;
    int early = 0, tested = 0, threads = 1;
    unsigned result = 0;
#pragma omp parallel
    {
        int me = omp_get_thread_num();
        if (me == 0) {
            threads = omp_get_num_threads();
            omp_set_lock(&lock);
            omp_set_nest_lock(&nest);
            omp_set_nest_lock(&nest);
        }
#pragma omp barrier
        if (me != 0) {
            int got = omp_test_lock(&lock);  /* held by thread 0: fails */
#pragma omp atomic
            tested += got;
            if (got)
                omp_unset_lock(&lock);
        }
#pragma omp barrier
        if (me == 0) {
            result = spin_work(work);
            counter = 1000;
            omp_unset_lock(&lock);
        } else {
            omp_set_lock(&lock);
            if (counter < 1000)
                early++;
            counter = counter + 1;
            omp_unset_lock(&lock);
        }
        if (me == 0) {
            spin_work(work / 2);
            ncount = 1000;
            omp_unset_nest_lock(&nest);
            omp_unset_nest_lock(&nest);
        } else {
            omp_set_nest_lock(&nest);
            omp_set_nest_lock(&nest);
            if (ncount < 1000)
                early++;
            ncount = ncount + 1;
            omp_unset_nest_lock(&nest);
            omp_unset_nest_lock(&nest);
        }
    }
    omp_destroy_lock(&lock);
    omp_destroy_nest_lock(&nest);
    int ok = counter == 1000 + threads - 1 && ncount == 1000 + threads - 1 && early == 0 &&
             tested == 0;
    printf("lockwait work=%d result=%u: waiters after the holder: %s\n", work, result,
           ok ? "yes" : "no");
    printf("lockwait: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
