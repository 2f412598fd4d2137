#include "stats/mem_stats.h"

#include "memsys/mem_config.h"
#include "memsys/memsys.h"
#include "registry/plugins.h"
#include "stats/stats.h"

static const char *const level_name[SIMTY_MEM_LEVELS] = {"l1i", "l1d", "l2", "dram"};

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

int mem_stats_wanted(const simty_sim *s)
{
    return s->cfg.model == SIMTY_MODEL_CYCLE && s->cfg.memory.kind == SIMTY_MEMORY_HIERARCHY;
}

uint64_t simty_latency_percentile(const simty_level_stats *l, double q)
{
    if (!l->latency_count)
        return 0;
    uint64_t need = (uint64_t)(q * (double)l->latency_count + 0.999999), seen = 0;
    if (need < 1)
        need = 1;
    for (unsigned b = 0; b < SIMTY_LATENCY_BUCKETS; b++) {
        seen += l->latency_hist[b];
        if (seen >= need)
            return memsys_bucket_upper(b);
    }
    return memsys_bucket_upper(SIMTY_LATENCY_BUCKETS - 1);
}

static unsigned kib(unsigned bytes) { return bytes / 1024; }

void mem_stats_print(const simty_sim *s, const simty_stats *st, FILE *f)
{
    const simty_memory_config *m = &s->cfg.memory;
    const simty_dram_config *d = &m->dram;
    char pol[3][24] = {"", "", ""}; /* " fifo": named unless every cache has lru */
    if (!mem_config_default_replacement(m)) {
        const unsigned idx[3] = {m->l1i.replacement, m->l1d.replacement, m->l2.replacement};
        for (unsigned i = 0; i < 3; i++)
            snprintf(pol[i], sizeof pol[i], " %s", mem_policy_name(idx[i]));
    }
    fprintf(f, "  memory               %s: L1I %uK %u-way%s, L1D %uK %u-way%s %s, L2 %uK %u-way%s "
               "in %u banks, %u-byte lines; interconnect %u cycles, %u B/cycle per bank; "
               "DRAM %u x %u-bit channels, %u banks, tCK %u ps; core %u MHz\n",
            m->preset, kib(m->l1i.size), m->l1i.ways, pol[0], kib(m->l1d.size), m->l1d.ways,
            pol[1], m->l1d_write_back ? "write-back" : "write-through", kib(m->l2.size),
            m->l2.ways, pol[2], m->l2_banks, m->line, m->noc_latency, m->noc_bytes, d->channels,
            d->bus_bits, d->banks, d->tck_ps, m->core_mhz);
    const double cycles = (double)st->cycles;
    for (unsigned k = 0; k < SIMTY_MEM_LEVELS; k++) {
        const simty_level_stats *l = &st->mem[k];
        fprintf(f, "  %-4s                 ", k == SIMTY_DRAM ? "DRAM" : k == SIMTY_L2 ? "L2" :
                                               k == SIMTY_L1D ? "L1D" : "L1I");
        fprintf(f, "%llu reads", (unsigned long long)l->reads);
        if (k != SIMTY_L1I)
            fprintf(f, ", %llu writes", (unsigned long long)l->writes);
        if (k == SIMTY_L1D || k == SIMTY_L2)
            fprintf(f, ", %llu atomics", (unsigned long long)l->atomics);
        if (k != SIMTY_DRAM)
            fprintf(f, ", hit rate %.1f%%, %llu merged misses, %llu MSHR stalls",
                    100.0 * ratio((double)l->hits, (double)(l->hits + l->misses)),
                    (unsigned long long)l->merges, (unsigned long long)l->mshr_stalls);
        else
            fprintf(f, ", row hits %.1f%% (%llu empty, %llu conflicts)",
                    100.0 * ratio((double)l->row_hits,
                                  (double)(l->row_hits + l->row_empty + l->row_conflicts)),
                    (unsigned long long)l->row_empty, (unsigned long long)l->row_conflicts);
        if (k == SIMTY_L1D && l->invalidations)
            fprintf(f, ", %llu invalidated", (unsigned long long)l->invalidations);
        fprintf(f, "; %.2f B/cycle; latency mean %.1f, p50 %llu, p99 %llu cycles\n",
                ratio((double)l->bytes, cycles),
                ratio((double)l->latency_sum, (double)l->latency_count),
                (unsigned long long)simty_latency_percentile(l, 0.5),
                (unsigned long long)simty_latency_percentile(l, 0.99));
    }
    if (st->stall_fetch)
        fprintf(f, "  fetch stalls         %llu steering turns waited for the instruction cache\n",
                (unsigned long long)st->stall_fetch);
}

void mem_stats_json_config(const simty_sim *s, FILE *f)
{
    const simty_memory_config *m = &s->cfg.memory;
    fprintf(f, "  \"memory\": {\"kind\": \"%s\", \"preset\": \"%s\"",
            plugin_label(PLUGIN_MEMORY, (int)m->kind), m->preset);
    if (m->kind == SIMTY_MEMORY_HIERARCHY) {
        unsigned n;
        const mem_key *keys = mem_keys(&n);
        bool named = !mem_config_default_replacement(m); /* absent: every cache has lru */
        for (unsigned i = 0; i < n; i++)
            if (keys[i].form != MEM_POLICY)
                fprintf(f, ", \"%s\": %u", keys[i].name,
                        *(const unsigned *)(const void *)((const char *)m + keys[i].offset));
            else if (named)
                fprintf(f, ", \"%s\": \"%s\"", keys[i].name, mem_key_text(m, &keys[i]));
        fprintf(f, ", \"dram_refreshes\": %llu",
                (unsigned long long)(s->timing ? memsys_refreshes(s->timing, s->cycle) : 0));
    }
    fprintf(f, "},\n");
}

void mem_stats_json_levels(const simty_sim *s, const simty_stats *st, FILE *f)
{
    (void)s;
    fprintf(f, "{");
    for (unsigned k = 0; k < SIMTY_MEM_LEVELS; k++) {
        const simty_level_stats *l = &st->mem[k];
        fprintf(f, "%s\"%s\": {\"reads\": %llu, \"writes\": %llu, \"atomics\": %llu, "
                   "\"hits\": %llu, \"misses\": %llu, \"hit_rate\": %.6g, \"merges\": %llu, "
                   "\"mshr_stalls\": %llu, \"mshr_stall_cycles\": %llu, "
                   "\"invalidations\": %llu, \"writebacks\": %llu, \"bytes\": %llu, "
                   "\"bytes_per_cycle\": %.6g, \"row_hits\": %llu, \"row_empty\": %llu, "
                   "\"row_conflicts\": %llu, \"bus_cycles\": %llu, \"latency_count\": %llu, "
                   "\"latency_mean\": %.6g, \"latency_p50\": %llu, \"latency_p99\": %llu}",
                k ? ", " : "", level_name[k], (unsigned long long)l->reads,
                (unsigned long long)l->writes, (unsigned long long)l->atomics,
                (unsigned long long)l->hits, (unsigned long long)l->misses,
                ratio((double)l->hits, (double)(l->hits + l->misses)),
                (unsigned long long)l->merges, (unsigned long long)l->mshr_stalls,
                (unsigned long long)l->mshr_stall_cycles, (unsigned long long)l->invalidations,
                (unsigned long long)l->writebacks, (unsigned long long)l->bytes,
                ratio((double)l->bytes, (double)st->cycles), (unsigned long long)l->row_hits,
                (unsigned long long)l->row_empty, (unsigned long long)l->row_conflicts,
                (unsigned long long)l->bus_cycles, (unsigned long long)l->latency_count,
                ratio((double)l->latency_sum, (double)l->latency_count),
                (unsigned long long)simty_latency_percentile(l, 0.5),
                (unsigned long long)simty_latency_percentile(l, 0.99));
    }
    fprintf(f, "}");
}
