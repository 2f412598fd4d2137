/* Spin detection: see spin.h and docs/progress.md. */
#include "sync/spin.h"

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}

/* Everything the next iteration of the path depends on besides memory: the
 * leader's whole register file and every lane's branch operands. */
static uint64_t signature(const simty_sim *s, unsigned gw, const path_t *p, const insn_t *d)
{
    const unsigned T = s->T, leader = (unsigned)__builtin_ctzll(p->mask);
    const uint32_t *x = s->x + (size_t)gw * 32 * T;
    uint64_t h = 0x243f6a8885a308d3ull;
    for (unsigned r = 1; r < 32; r++)
        h = mix(h, x[r * T + leader]);
    for (lane_mask m = p->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        h = mix(h, (uint64_t)x[d->rs1 * T + l] << 32 | x[d->rs2 * T + l]);
    }
    return h;
}

/* The entry of path p at its branch, or a recycled one (invalid) for a new
 * branch or path. */
static spin_record *entry(spin_detector *det, const path_t *p)
{
    for (unsigned i = 0; i < SPIN_ENTRIES; i++) {
        const spin_record *e = &det->e[i];
        if (e->valid && e->pc == p->pc && e->depth == p->depth && e->mask == p->mask)
            return &det->e[i];
    }
    spin_record *r = &det->e[det->next];
    det->next = (det->next + 1) % SPIN_ENTRIES;
    r->valid = false;
    return r;
}

uint64_t spin_observe_backedge(spin_detector *det, simty_sim *s, unsigned gw, const path_t *p,
                               const insn_t *d)
{
    const unsigned T = s->T, leader = (unsigned)__builtin_ctzll(p->mask);
    const uint32_t *x = s->x + (size_t)gw * 32 * T;
    uint32_t a = x[d->rs1 * T + leader], b = x[d->rs2 * T + leader];
    spin_record *r = entry(det, p);
    /* cheap filter first: a counting loop changes its branch operands */
    if (!r->valid || r->stores != det->stores || r->ops[0] != a || r->ops[1] != b) {
        *r = (spin_record){.pc = p->pc, .depth = p->depth, .mask = p->mask, .ops = {a, b},
                           .valid = true, .stores = det->stores, .last = det->slots};
        return 0;
    }
    uint64_t sig = signature(s, gw, p, d);
    if (!r->has_sig || sig != r->sig) {
        r->sig = sig;
        r->has_sig = true;
        r->level = 0;
        r->last = det->slots;
        return 0;
    }
    /* the same iteration again: a spin */
    simty_stats *st = warp_stats(s, gw);
    st->spin_detections++;
    st->spin_slots += det->slots - r->last;
    r->last = det->slots;
    /* no store since this entry's previous detection, which came before this
     * iteration's loads: they read what memory holds now.  (The epoch must be
     * the entry's own: another path of the warp may have been detected after
     * a store this path had not seen yet.) */
    bool quiet = r->epoch == s->sync.store_epoch;
    r->epoch = det->epoch = s->sync.store_epoch;
    if (r->level == SPIN_BACKOFF_MAX_LEVEL && quiet)
        return SPIN_UNTIL_STORE; /* only a store can end it */
    uint64_t backoff = (uint64_t)SPIN_BACKOFF_BASE << r->level;
    if (r->level < SPIN_BACKOFF_MAX_LEVEL)
        r->level++;
    return backoff;
}
