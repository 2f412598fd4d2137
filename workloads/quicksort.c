/*
 * quicksort.c - recursive quicksort of NSEG independent segments of one
 * array (segment lengths 16..96, generated; values with many duplicates).
 *
 * Thread t sorts segments t, t+n, t+2n... each with a genuinely recursive
 * quicksort (median-of-three Hoare partition, recursion on the smaller
 * side and a loop on the larger one, so the depth stays below log2(96)).
 * Irregular for SIMT: lanes sort segments of different lengths and
 * contents, so partition loops run for different trip counts and the
 * recursion reaches different depths in every lane: calls and returns are
 * divergent, and lanes at different call depths only reconverge when the
 * deeper ones come back. The lanes of a warp also touch far-apart words.
 */
#include "workload.h"

#define NSEG    192
#define MIN_LEN 16
#define MAX_LEN 96
#define N       (NSEG * MAX_LEN)  /* upper bound of the total length */
#define SMALL   6                 /* below this, insertion sort */

static uint32_t data[N] WL_ALIGNED;
static uint32_t ref[N] WL_ALIGNED;
static uint32_t seg_start[NSEG + 1] WL_ALIGNED;

static uint32_t value(uint32_t i)
{
    return wl_rand_below(2, i, 64);  /* duplicates in every segment */
}

static void insertion_sort(uint32_t *a, unsigned len)
{
    for (unsigned i = 1; i < len; i++) {
        uint32_t v = a[i];
        unsigned j = i;
        for (; j > 0 && a[j - 1] > v; j--)
            a[j] = a[j - 1];
        a[j] = v;
    }
}

/* Sorts a[0..len). Recursive on the smaller part, iterative on the larger:
 * depth <= log2(MAX_LEN / SMALL) + 1 on the 8 KiB per-thread stack. */
static void quicksort(uint32_t *a, unsigned len)
{
    while (len >= SMALL) {
        /* median of three as pivot value: bounds the Hoare scans */
        uint32_t x = a[0], y = a[len / 2], z = a[len - 1];
        uint32_t p = x < y ? (y < z ? y : (x < z ? z : x))
                           : (x < z ? x : (y < z ? z : y));
        int i = -1, j = (int)len;
        for (;;) {
            do
                i++;
            while (a[i] < p);
            do
                j--;
            while (a[j] > p);
            if (i >= j)
                break;
            uint32_t t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        /* a[0..j] <= p <= a[j+1..len) */
        unsigned left = (unsigned)j + 1, right = len - left;
        if (left < right) {
            quicksort(a, left);
            a += left;
            len = right;
        } else {
            quicksort(a + left, right);
            len = left;
        }
    }
    insertion_sort(a, len);
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    if (tid == 0) {
        seg_start[0] = 0;
        for (unsigned s = 0; s < NSEG; s++)
            seg_start[s + 1] = seg_start[s] + MIN_LEN +
                               wl_rand_below(1, s, MAX_LEN - MIN_LEN + 1);
    }
    for (unsigned i = tid; i < N; i += n)
        data[i] = ref[i] = value(i);  /* ref: the check's own copy */
    wl_begin();
    for (unsigned s = tid; s < NSEG; s += n)
        quicksort(&data[seg_start[s]], seg_start[s + 1] - seg_start[s]);
    if (!wl_end())
        return 0;

    /* thread 0 sorts every segment of the copy itself, compares, and checks
     * that each segment is ascending; the copy is checked by value at a few
     * points (its generator is the same code as the input's) */
    unsigned total = seg_start[NSEG], bad = 0, unsorted = 0;
    for (unsigned i = 0; i < total; i += 97)
        bad += ref[i] != value(i);
    for (unsigned s = 0; s < NSEG; s++) {
        unsigned b = seg_start[s], e = seg_start[s + 1];
        quicksort(&ref[b], e - b);
        for (unsigned i = b; i < e; i++) {
            bad += data[i] != ref[i];
            unsorted += i > b && data[i - 1] > data[i];
        }
    }
    return wl_report("quicksort", bad == 0 && unsorted == 0,
                     "%u segments, %u elements, %u wrong, %u out of order", NSEG, total,
                     bad, unsorted);
}
