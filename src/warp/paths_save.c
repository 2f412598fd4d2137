/* Checkpoints of a warp's path table (warp/paths.h): written raw but for
 * its organisation's ops (a pointer, never written: the table it is loaded
 * into keeps its own), and checked at load so that no count or index of
 * it leaves its arrays. */
#include "warp/paths.h"

#include <string.h>

uint64_t paths_save_layout(uint64_t h)
{
    const size_t sizes[] = {sizeof(path_table), sizeof(path_t), sizeof(waiting_path),
                            sizeof(spin_record), sizeof(ipdom_stack), SIMTY_MAX_LANES};
    return ck_fnv(h, sizes, sizeof sizes);
}

void paths_save(const path_table *t, ck_writer *w)
{
    path_table c = *t;
    c.ops = NULL;
    ckw_bytes(w, &c, sizeof c);
}

/* Every lane mask of the table holds lanes of the warp only (a lane past T
 * would index registers of another warp) */
static bool masks_valid(const path_table *t)
{
    const lane_mask out = ~full_lane_mask(t->T);
    lane_mask any = t->boost;
    for (unsigned i = 0; i < t->n; i++)
        any |= t->list[i].mask;
    for (unsigned i = 0; i < t->nwait; i++)
        any |= t->wait[i].p.mask;
    for (unsigned i = 0; i < SPIN_ENTRIES; i++)
        any |= t->spin.e[i].mask;
    for (unsigned i = 0; i < IPDOM_FRAMES; i++)
        any |= t->ipdom.f[i].live | t->ipdom.f[i].arrived;
    return !(any & out);
}

static bool paths_valid(const path_table *t, const path_table *live)
{
    if (t->kind != live->kind || t->T != live->T || !ck_bool_ok(&t->by_depth) ||
        t->n > SIMTY_MAX_LANES + 2 || t->nwait > SIMTY_MAX_LANES || t->spin.next >= SPIN_ENTRIES)
        return false;
    for (unsigned i = 0; i < SIMTY_MAX_LANES; i++)
        if (t->wait[i].why >= WAIT_KINDS || t->ipdom.frame_of[i] >= IPDOM_FRAMES)
            return false;
    for (unsigned i = 0; i < SPIN_ENTRIES; i++)
        if (!ck_bool_ok(&t->spin.e[i].valid) || !ck_bool_ok(&t->spin.e[i].has_sig))
            return false;
    for (unsigned i = 0; i < IPDOM_FRAMES; i++)
        if (t->ipdom.f[i].parent >= IPDOM_FRAMES)
            return false;
    return masks_valid(t);
}

bool paths_load(path_table *t, ck_reader *r)
{
    path_table c;
    if (!ckr_bytes(r, &c, sizeof c))
        return false;
    if (!paths_valid(&c, t)) {
        ckr_fail(r, "bad path table");
        return false;
    }
    c.ops = t->ops;
    *t = c;
    return true;
}
