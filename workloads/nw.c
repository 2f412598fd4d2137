/*
 * nw.c - Needleman-Wunsch global alignment score matrix of two generated DNA
 * sequences of length L (linear gap penalty), filled by anti-diagonal
 * wavefronts.
 *
 * Cell (i, j) needs (i-1, j-1), (i-1, j) and (i, j-1), so all cells with
 * i + j = d are independent: the kernel walks d = 2 .. 2L with a barrier
 * after each diagonal (2L - 1 barriers), and thread t takes the cells
 * lo+t, lo+t+n... of the diagonal. Irregular for SIMT: diagonals grow from
 * 1 to L cells and shrink back, so on the short ones most threads (whole
 * warps) idle; consecutive cells of a diagonal lie L words apart (no
 * coalescing); the max of three candidates takes data-dependent branches.
 */
#include "workload.h"

#define L 160
#define GAP 4                       /* penalty per gap letter */
#define MUTATE 5                    /* b[] differs from a[] at 1 in MUTATE */

static uint8_t sa[L + 1] WL_ALIGNED, sb[L + 1] WL_ALIGNED;    /* letters 0..3, 1-based */
static int32_t score[L + 1][L + 1] WL_ALIGNED;
static int32_t prev[L + 1] WL_ALIGNED, cur[L + 1] WL_ALIGNED; /* check: two rows at a time */

/* Match +5, transition (A<->G, C<->T) -1, transversion -4. */
static const int8_t sim[4][4] = {
    {5, -4, -1, -4},
    {-4, 5, -4, -1},
    {-1, -4, 5, -4},
    {-4, -1, -4, 5},
};

static int32_t max3(int32_t a, int32_t b, int32_t c)
{
    int32_t m = a > b ? a : b;
    return m > c ? m : c;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    /* b is a mutated copy of a, so the best path stays near the diagonal. */
    for (unsigned i = 1 + tid; i <= L; i += n) {
        sa[i] = (uint8_t)(wl_rand(1, i) & 3);
        sb[i] = wl_rand_below(2, i, MUTATE) == 0 ? (uint8_t)(wl_rand(3, i) & 3)
                                                 : sa[i];
    }
    for (unsigned i = tid; i <= L; i += n) {
        score[i][0] = -GAP * (int32_t)i;
        score[0][i] = -GAP * (int32_t)i;
    }
    wl_begin();
    for (unsigned d = 2; d <= 2 * L; d++) {
        unsigned lo = d > L ? d - L : 1, hi = d - 1 < L ? d - 1 : L;
        for (unsigned i = lo + tid; i <= hi; i += n) {
            unsigned j = d - i;
            score[i][j] = max3(score[i - 1][j - 1] + sim[sa[i]][sb[j]],
                               score[i - 1][j] - GAP, score[i][j - 1] - GAP);
        }
        simty_barrier();
    }
    if (!wl_end())
        return 0;

    unsigned bad = 0;
    for (unsigned j = 0; j <= L; j++)
        prev[j] = -GAP * (int32_t)j;
    for (unsigned i = 1; i <= L; i++) {
        cur[0] = -GAP * (int32_t)i;
        bad += score[i][0] != cur[0];
        for (unsigned j = 1; j <= L; j++) {
            cur[j] = max3(prev[j - 1] + sim[sa[i]][sb[j]], prev[j] - GAP,
                          cur[j - 1] - GAP);
            bad += score[i][j] != cur[j];
        }
        for (unsigned j = 0; j <= L; j++)
            prev[j] = cur[j];
    }
    for (unsigned j = 0; j <= L; j++)
        bad += score[0][j] != -GAP * (int32_t)j;
    return wl_report("nw", bad == 0, "L = %u, score %ld, %u cells wrong", L,
                     (long)score[L][L], bad);
}
