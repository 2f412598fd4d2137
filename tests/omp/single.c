/* single.c - single (one thread runs it), single copyprivate, master,
 * sections (each section once) and parallel sections, a barrier outside
 * any region (a team of one). */
#include <omp.h>
#include "check.h"

static int tp_value;
#pragma omp threadprivate(tp_value)

int main(void)
{
    int singles = 0, masters = 0, cp_bad = 0, sec[4] = {0}, psec[3] = {0};
#pragma omp barrier
#pragma omp parallel
    {
        for (int r = 0; r < 5; r++) {
#pragma omp single
            singles++;
#pragma omp single nowait
            singles++;
        }
#pragma omp master
        masters++;
#pragma omp single copyprivate(tp_value)
        tp_value = 42;
        if (tp_value != 42)
            __atomic_fetch_add(&cp_bad, 1, __ATOMIC_RELAXED);
#pragma omp sections
        {
#pragma omp section
            __atomic_fetch_add(&sec[0], 1, __ATOMIC_RELAXED);
#pragma omp section
            __atomic_fetch_add(&sec[1], 1, __ATOMIC_RELAXED);
#pragma omp section
            __atomic_fetch_add(&sec[2], 1, __ATOMIC_RELAXED);
#pragma omp section
            __atomic_fetch_add(&sec[3], 1, __ATOMIC_RELAXED);
        }
    }
    check("single", singles == 10);
    check("master", masters == 1);
    check("copyprivate", cp_bad == 0);
    check("sections", sec[0] == 1 && sec[1] == 1 && sec[2] == 1 && sec[3] == 1);
#pragma omp parallel sections
    {
#pragma omp section
        psec[0]++;
#pragma omp section
        psec[1]++;
#pragma omp section
        psec[2]++;
    }
    check("parallel sections", psec[0] == 1 && psec[1] == 1 && psec[2] == 1);
    return result();
}
