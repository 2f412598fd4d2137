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

uint64_t spin_observe_backedge(spin_record *r, simty_sim *s, unsigned gw, const path_t *p,
                               const insn_t *d)
{
    const unsigned T = s->T, leader = (unsigned)__builtin_ctzll(p->mask);
    const uint32_t *x = s->x + (size_t)gw * 32 * T;
    uint32_t a = x[d->rs1 * T + leader], b = x[d->rs2 * T + leader];
    /* cheap filter first: a counting loop changes its branch operands */
    if (!r->valid || r->dirty || r->pc != p->pc || r->depth != p->depth || r->mask != p->mask ||
        r->ops[0] != a || r->ops[1] != b) {
        *r = (spin_record){.pc = p->pc, .depth = p->depth, .mask = p->mask, .ops = {a, b},
                           .valid = true, .slots = r->slots, .last = r->slots};
        return 0;
    }
    uint64_t sig = signature(s, gw, p, d);
    if (!r->has_sig || sig != r->sig) {
        r->sig = sig;
        r->has_sig = true;
        r->level = 0;
        r->last = r->slots;
        return 0;
    }
    /* the same iteration again: a spin */
    s->stats.spin_detections++;
    s->stats.spin_slots += r->slots - r->last;
    r->last = r->slots;
    if (r->level == SPIN_BACKOFF_MAX_LEVEL && r->epoch == s->sync.store_epoch)
        return SPIN_UNTIL_STORE; /* only a store can end it */
    r->epoch = s->sync.store_epoch;
    uint64_t backoff = (uint64_t)SPIN_BACKOFF_BASE << r->level;
    if (r->level < SPIN_BACKOFF_MAX_LEVEL)
        r->level++;
    return backoff;
}
