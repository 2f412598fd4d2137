#include "warp/path_report.h"

static const char *const wait_name[WAIT_KINDS] = {
    "", "barrier", "wrs", "backoff", "spin", "core barrier", "semihosting", "held by the call"};

static void dump_path(const simty_sim *s, unsigned w, unsigned i, const char *role,
                      const path_t *p, FILE *f)
{
    char where[160] = "?", dis[160];
    sim_symbolize(s, p->pc, where, sizeof where);
    sim_disasm(s, p->pc, dis, sizeof dis);
    if (s->ncores > 1)
        fprintf(f, "  core %u warp %u", w / s->W, w % s->W);
    else
        fprintf(f, "  warp %u", w);
    fprintf(f, " path %u (%s): pc 0x%08x <%s> depth %d mask 0x%llx harts", i, role, p->pc,
            where, p->depth, (unsigned long long)p->mask);
    for (lane_mask k = p->mask; k; k &= k - 1)
        fprintf(f, " %u", w * s->T + (unsigned)__builtin_ctzll(k));
    fprintf(f, "  %s\n", dis);
}

void path_report_dump(const simty_sim *s, const path_table *warp, FILE *f)
{
    for (unsigned w = 0; w < s->nwarps; w++) {
        const path_table *pt = &warp[w];
        for (unsigned i = 0; i < pt->n; i++) {
            const char *role = i == 0                                        ? "active"
                               : pt->ops                                   ? "stack"
                               : (pt->kind == SIMTY_PATHS_HCT && i >= 2) ? "cct"
                                                                           : "waiting";
            dump_path(s, w, i, role, &pt->list[i], f);
        }
        for (unsigned i = 0; i < pt->nwait; i++) {
            char role[32];
            snprintf(role, sizeof role, "parked: %s", wait_name[pt->wait[i].why]);
            dump_path(s, w, pt->n + i, role, &pt->wait[i].p, f);
        }
    }
}

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ull; }

/* One path: PC, depth relative to the warp's base, mask, and (when the
 * forward-progress policy reads it) its age in commits. */
/* with_age: a runnable path's age decides when it gets a turn; a waiting
 * path's does not (it comes back only on an event or a timeout, hashed
 * apart), so hashing it would make a stuck warp never repeat its state */
static uint64_t hash_path(uint64_t h, const path_table *pt, const path_t *p, int32_t base,
                          bool with_age)
{
    uint32_t rel = (uint32_t)p->depth - (uint32_t)base;
    h = mix(h, p->pc ^ ((uint64_t)rel << 32));
    h = mix(h, p->mask);
    if (pt->threshold && with_age)
        h = mix(h, (pt->clock - p->stamp) << 1 | ((p->mask & pt->boost) != 0));
    return h;
}

/* The spin detector, with "changed memory since" instead of the counters */
static uint64_t hash_spin(uint64_t h, const simty_sim *s, const spin_detector *det)
{
    h = mix(h, det->next ^ (uint64_t)(det->epoch == s->sync.store_epoch) << 8);
    for (unsigned i = 0; i < SPIN_ENTRIES; i++) {
        const spin_record *r = &det->e[i];
        if (!r->valid) {
            h = mix(h, 0);
            continue;
        }
        h = mix(h, (uint64_t)r->pc << 32 | (uint32_t)r->depth);
        h = mix(h, r->mask);
        h = mix(h, (uint64_t)r->ops[0] << 32 | r->ops[1]);
        h = mix(h, r->has_sig ? r->sig : 0);
        h = mix(h, (uint64_t)r->level << 8 | (uint64_t)(r->epoch == s->sync.store_epoch) << 2 |
                       (uint64_t)(r->stores != det->stores) << 1 | r->has_sig);
    }
    return h;
}

uint64_t path_report_hash(const simty_sim *s, const path_table *warp, unsigned warp0,
                          const uint64_t *idle_since)
{
    uint64_t h = 0xcbf29ce484222325ull ^ warp0;
    for (unsigned w = 0; w < s->W; w++) {
        const path_table *pt = &warp[w];
        h = mix(h, pt->n ^ ((uint64_t)pt->sort_ptr << 32) ^ ((uint64_t)pt->nwait << 16));
        h = mix(h, paths_idle_key(pt, s->cycle - idle_since[w]));
        h = mix(h, pt->turn_left);
        /* depths relative to the warp's shallowest path: shifting them all
         * changes neither merging nor priority (a `jal ra, .` loop repeats) */
        int32_t base = 0;
        bool first = true;
        for (unsigned i = 0; i < pt->n; i++, first = false)
            if (first || pt->list[i].depth < base)
                base = pt->list[i].depth;
        for (unsigned i = 0; i < pt->nwait; i++, first = false)
            if (first || pt->wait[i].p.depth < base)
                base = pt->wait[i].p.depth;
        for (unsigned i = 0; i < pt->n; i++)
            h = hash_path(h, pt, &pt->list[i], base, true);
        for (unsigned i = 0; i < pt->nwait; i++) {
            const waiting_path *e = &pt->wait[i];
            uint64_t wake = e->wake == WAKE_ON_EVENT ? ~0ull
                            : e->wake > s->cycle     ? e->wake - s->cycle
                                                     : 0;
            /* (a held path keeps its age: it comes back with it) */
            h = mix(hash_path(h, pt, &e->p, base, e->why == WAIT_HELD),
                    (uint64_t)e->why << 56 ^ wake);
        }
        if (pt->ops)
            h = pt->ops->hash(pt, h, base);
        h = hash_spin(h, s, &pt->spin);
    }
    return h;
}

uint8_t path_report_wait_state(const simty_sim *s, const path_table *warp, unsigned hart)
{
    const path_table *pt = &warp[hart / s->T];
    lane_mask bit = 1ull << (hart % s->T);
    for (unsigned i = 0; i < pt->nwait; i++)
        if (pt->wait[i].p.mask & bit)
            return pt->wait[i].why;
    return WAIT_NONE;
}
