#include "core/paths.h"

#include <string.h>

void paths_init(path_table *t, simty_paths_kind kind, simty_priority_kind prio, unsigned T,
                path_t initial)
{
    memset(t, 0, sizeof *t);
    t->kind = kind;
    t->by_depth = prio == SIMTY_PRIORITY_DEPTH;
    t->T = T;
    if (initial.mask)
        t->list[t->n++] = initial;
}

static bool same_place(const path_t *a, const path_t *b)
{
    return a->pc == b->pc && a->depth == b->depth;
}

/* Ideal list: insert p keeping list[0..n) sorted, merging an equal path. */
static void ideal_insert(path_table *t, const path_t *p)
{
    unsigned i = 0;
    while (i < t->n && path_before(&t->list[i], p, t->by_depth))
        i++;
    if (i < t->n && same_place(&t->list[i], p)) {
        t->list[i].mask |= p->mask;
        return;
    }
    memmove(&t->list[i + 1], &t->list[i], (t->n - i) * sizeof *p);
    t->list[i] = *p;
    t->n++;
}

static bool ideal_commit(path_table *t, const path_t next[2])
{
    memmove(&t->list[0], &t->list[1], (t->n - 1) * sizeof(path_t));
    t->n--;
    for (int k = 0; k < 2; k++)
        if (next[k].mask)
            ideal_insert(t, &next[k]);
    return false;
}

/* HCT: the compact/sort network over (default, other, HCT2), then the HCTs
 * are written and the CCT pushed or popped.  The CCT stack is
 * list[2..n), head at list[n-1]. */
static bool hct_commit(path_table *t, const path_t next[2], path_events *ev)
{
    path_t in[3];
    unsigned m = 0;
    bool has_hct2 = t->n >= 2;
    for (int k = 0; k < 2; k++)
        if (next[k].mask)
            in[m++] = next[k];
    if (has_hct2)
        in[m++] = t->list[1];
    /* compact: merge equal (PC, depth) */
    for (unsigned i = 0; i < m; i++)
        for (unsigned j = i + 1; j < m;)
            if (same_place(&in[i], &in[j])) {
                in[i].mask |= in[j].mask;
                in[j] = in[--m];
            } else {
                j++;
            }
    /* sort (at most 3 entries) */
    for (unsigned i = 1; i < m; i++)
        for (unsigned j = i; j > 0 && path_before(&in[j], &in[j - 1], t->by_depth); j--) {
            path_t tmp = in[j];
            in[j] = in[j - 1];
            in[j - 1] = tmp;
        }

    if (m == 0) {
        /* nothing left and no HCT2 (so the CCT is empty too: HCT2 is
         * refilled whenever it frees): the warp is done */
        t->n = 0;
        return false;
    }
    unsigned cct = t->n >= 2 ? t->n - 2 : 0;
    path_t *stack = &t->list[2];
    bool port = false, hct2_valid = true;
    t->list[0] = in[0];
    if (m >= 2)
        t->list[1] = in[1];
    if (m == 3) { /* the third goes onto the CCT */
        stack[cct++] = in[2];
        ev->pushes++;
        port = true;
    } else if (m == 1) {
        if (cct > 0) { /* refill HCT2 from the CCT head */
            t->list[1] = stack[--cct];
            ev->pops++;
            port = true;
        } else {
            hct2_valid = false;
        }
    }
    t->n = hct2_valid ? 2 + cct : 1;
    return port;
}

bool paths_commit(path_table *t, const path_t next[2], path_events *ev)
{
    if (t->kind == SIMTY_PATHS_IDEAL)
        return ideal_commit(t, next);
    return hct_commit(t, next, ev);
}

uint64_t paths_idle_key(const path_table *t, uint64_t steps)
{
    if (t->kind != SIMTY_PATHS_HCT || t->n < 3)
        return 0; /* no CCT: idle cycles change nothing */
    uint64_t cct = t->n - 2;
    return steps < cct ? steps : cct + (steps - cct) % cct;
}

void paths_sort_steps(path_table *t, uint64_t steps, path_events *ev)
{
    unsigned cct = t->n - 2;
    path_t *stack = &t->list[2], *hct2 = &t->list[1];
    if (t->sort_ptr >= cct)
        t->sort_ptr = 0;
    /* after one full pass HCT2 holds the best entry and no swap can happen
     * until the table changes, so longer idle spans only move the pointer */
    uint64_t active = steps < cct ? steps : cct;
    for (uint64_t i = 0; i < active; i++) {
        path_t *e = &stack[t->sort_ptr];
        if (path_before(e, hct2, t->by_depth)) {
            path_t tmp = *e;
            *e = *hct2;
            *hct2 = tmp;
            ev->swaps++;
        }
        t->sort_ptr = (t->sort_ptr + 1) % cct;
    }
    t->sort_ptr = (unsigned)((t->sort_ptr + (steps - active)) % cct);
}
