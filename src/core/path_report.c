#include "core/path_report.h"

void path_report_dump(const simty_sim *s, const path_table *warp, FILE *f)
{
    for (unsigned w = 0; w < s->nwarps; w++) {
        const path_table *pt = &warp[w];
        for (unsigned i = 0; i < pt->n; i++) {
            const path_t *p = &pt->list[i];
            char where[160] = "?", dis[160];
            sim_symbolize(s, p->pc, where, sizeof where);
            sim_disasm(s, p->pc, dis, sizeof dis);
            const char *role = i == 0 ? "active" : (pt->kind == SIMTY_PATHS_HCT && i >= 2) ? "cct" : "waiting";
            fprintf(f, "  warp %u path %u (%s): pc 0x%08x <%s> depth %d mask 0x%llx harts", w, i,
                    role, p->pc, where, p->depth, (unsigned long long)p->mask);
            for (lane_mask k = p->mask; k; k &= k - 1)
                fprintf(f, " %u", w * s->T + (unsigned)__builtin_ctzll(k));
            fprintf(f, "  %s\n", dis);
        }
    }
}

bool path_report_all_in(const simty_sim *s, const path_table *warp, uint32_t lo, uint32_t hi)
{
    for (unsigned w = 0; w < s->nwarps; w++)
        for (unsigned i = 0; i < warp[w].n; i++)
            if (warp[w].list[i].pc < lo || warp[w].list[i].pc >= hi)
                return false;
    return true;
}

uint64_t path_report_hash(const simty_sim *s, const path_table *warp,
                          const uint64_t *idle_since)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned w = 0; w < s->nwarps; w++) {
        const path_table *pt = &warp[w];
        h = (h ^ pt->n ^ ((uint64_t)pt->sort_ptr << 32)) * 0x100000001b3ull;
        h = (h ^ paths_idle_key(pt, s->cycle - idle_since[w])) * 0x100000001b3ull;
        /* depths relative to the warp's shallowest path: shifting them all
         * changes neither merging nor priority (a `jal ra, .` loop repeats) */
        int32_t base = 0;
        for (unsigned i = 0; i < pt->n; i++)
            if (i == 0 || pt->list[i].depth < base)
                base = pt->list[i].depth;
        for (unsigned i = 0; i < pt->n; i++) {
            uint32_t rel = (uint32_t)pt->list[i].depth - (uint32_t)base;
            h = (h ^ pt->list[i].pc ^ ((uint64_t)rel << 32)) * 0x100000001b3ull;
            h = (h ^ pt->list[i].mask) * 0x100000001b3ull;
        }
    }
    return h;
}
