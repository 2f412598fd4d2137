/*
 * tasks.c - OpenMP tasks: a recursive task-parallel quicksort (task,
 * taskwait, a cut-off with if()), and the sum of a binary tree built in
 * memory, walked by tasks inside a taskgroup.
 *
 *   usage: tasks [-n N] [-d DEPTH]
 *
 * Prints checksums of the sorted array and the tree's sum, and PASS when
 * the array is sorted and both match sequential results.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>

struct node {
    struct node *left, *right;
    int value;
};

static unsigned hash(unsigned x)
{
    x = (x ^ 61u) ^ (x >> 16);
    x *= 9u;
    x ^= x >> 4;
    x *= 0x27d4eb2du;
    return x ^ (x >> 15);
}

static void qsort_tasks(int *a, int lo, int hi)
{
    if (hi - lo < 2)
        return;
    int pivot = a[lo + (hi - lo) / 2], i = lo, j = hi - 1;
    while (i <= j) {
        while (a[i] < pivot)
            i++;
        while (a[j] > pivot)
            j--;
        if (i <= j) {
            int t = a[i];
            a[i++] = a[j];
            a[j--] = t;
        }
    }
#pragma omp task if (j + 1 - lo > 64)
    qsort_tasks(a, lo, j + 1);
#pragma omp task if (hi - i > 64)
    qsort_tasks(a, i, hi);
#pragma omp taskwait
}

static struct node *build(int depth, unsigned seed)
{
    struct node *n = malloc(sizeof *n);
    if (!n)
        abort();
    n->value = (int)(hash(seed) % 1000);
    n->left = depth > 0 ? build(depth - 1, seed * 2 + 1) : NULL;
    n->right = depth > 1 ? build(depth - 2, seed * 2 + 2) : NULL;  /* lopsided */
    return n;
}

static void tree_sum(const struct node *n, long *total)
{
    if (!n)
        return;
#pragma omp atomic
    *total += n->value;
#pragma omp task
    tree_sum(n->left, total);
#pragma omp task
    tree_sum(n->right, total);
}

static long tree_ref(const struct node *n)
{
    return n ? n->value + tree_ref(n->left) + tree_ref(n->right) : 0;
}

static void tree_free(struct node *n)
{
    if (n) {
        tree_free(n->left);
        tree_free(n->right);
        free(n);
    }
}

int main(int argc, char **argv)
{
    int n = 3000, depth = 10;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "-n"))
            n = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-d"))
            depth = atoi(argv[i + 1]);
    }
    if (n < 1 || n > 1000000 || depth < 0 || depth > 20 || argc % 2 == 0) {
        fprintf(stderr, "usage: tasks [-n N] [-d DEPTH(0..20)]\n");
        return 2;
    }
    int *a = malloc(sizeof *a * (size_t)n);
    if (!a)
        return 1;
    long before = 0;
    for (int i = 0; i < n; i++) {
        a[i] = (int)(hash((unsigned)i) % 100000);
        before += a[i];
    }
#pragma omp parallel
#pragma omp single
    qsort_tasks(a, 0, n);

    int sorted = 1;
    long after = 0;
    unsigned check = 0;
    for (int i = 0; i < n; i++) {
        sorted &= i == 0 || a[i - 1] <= a[i];
        after += a[i];
        check = check * 33u + (unsigned)a[i];
    }

    struct node *root = build(depth, 1);
    long total = 0;
#pragma omp parallel
#pragma omp single nowait
    {
#pragma omp taskgroup
        tree_sum(root, &total);
    }
    long ref = tree_ref(root);
    tree_free(root);
    free(a);
    int ok = sorted && after == before && total == ref;
    printf("tasks quicksort n=%d sorted=%d checksum=%u\n", n, sorted, check);
    printf("tasks tree depth=%d sum=%ld\n", depth, total);
    printf("tasks: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
