/* simty bench: the table, one row per run (bench_table.h). */
#include "cli/bench_table.h"

const char *paths_str(simty_paths_kind k) { return k == SIMTY_PATHS_HCT ? "hct" : "ideal"; }
const char *priority_str(simty_priority_kind k)
{
    return k == SIMTY_PRIORITY_DEPTH ? "depth" : "minpc";
}
const char *coalescer_str(simty_coalescer_kind k)
{
    return k == SIMTY_COALESCER_SIMTY ? "simty" : "block";
}

void shape_str(const bench_run *r, char *buf, size_t n)
{
    if (r->cfg.cores > 1)
        snprintf(buf, n, "%ux%ux%u", r->cfg.cores, r->cfg.warps, r->cfg.threads);
    else
        snprintf(buf, n, "%ux%u", r->cfg.warps, r->cfg.threads);
}

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

static double simd_eff(const bench_run *r)
{
    return ratio((double)r->st.thread_instructions,
                 (double)(r->st.warp_instructions - r->st.squashed) * r->cfg.threads);
}

/* Efficiency of the slots outside the SDK barrier's wait routine: spinning
 * lanes are all active, so waits inflate the plain figure. */
static double work_eff(const bench_run *r)
{
    const simty_stats *st = &r->st;
    return ratio((double)(st->thread_instructions - st->barrier_thread_instructions),
                 (double)(st->warp_instructions - st->squashed - st->barrier_slots) *
                     r->cfg.threads);
}

static double barrier_share(const bench_run *r)
{
    const simty_stats *st = &r->st;
    return ratio((double)st->barrier_slots, (double)(st->warp_instructions - st->squashed));
}

static double hit_rate(const simty_level_stats *l)
{
    return ratio((double)l->hits, (double)(l->hits + l->misses));
}

static double mean_latency(const simty_level_stats *l)
{
    return ratio((double)l->latency_sum, (double)l->latency_count);
}

void print_csv(FILE *f, const bench_run *runs, unsigned n)
{
    fprintf(f, "workload,model,cores,warps,threads,paths,priority,coalescer,mem_latency,result,ok,"
               "roi,cycles,ipc,thread_ipc,simd_efficiency,work_efficiency,barrier_share,"
               "barrier_slots,barrier_thread_instructions,max_paths,replays_memory,"
               "replays_indirect,squashed,thread_instructions,warp_instructions,"
               "total_cycles,total_thread_instructions,host_seconds,mcycles_per_s,"
               "mthread_instructions_per_s,barriers,barrier_wait_cycles,wrs_slots,pauses,"
               "progress_triggers,max_starvation,spin_detections,backoff_cycles,memory,"
               "l1i_hit_rate,l1d_hit_rate,l2_hit_rate,dram_row_hit_rate,l1d_bytes,l2_bytes,"
               "dram_bytes,dram_bytes_per_cycle,l1d_latency,l2_latency,dram_latency,"
               "dram_latency_p99,mshr_stalls,detail\n");
    for (unsigned i = 0; i < n; i++) {
        const bench_run *r = &runs[i];
        const simty_stats *st = &r->st;
        fprintf(f, "%s,%s,%u,%u,%u,%s,%s,%s,%u,%s,%d,%d,%llu,%.4f,%.4f,%.4f,%.4f,%.4f,%llu,%llu,"
                   "%llu,%llu,%llu,%llu,"
                   "%llu,%llu,%llu,%llu,%.4f,%.3f,%.3f,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,",
                r->name, simty_model_name(r->cfg.model), r->cfg.cores, r->cfg.warps,
                r->cfg.threads, paths_str(r->cfg.paths), priority_str(r->cfg.priority),
                coalescer_str(r->cfg.coalescer), r->cfg.mem_latency, r->outcome, r->ok, r->roi,
                (unsigned long long)st->cycles,
                ratio((double)st->warp_instructions, (double)st->cycles),
                ratio((double)st->thread_instructions, (double)st->cycles), simd_eff(r),
                work_eff(r), barrier_share(r), (unsigned long long)st->barrier_slots,
                (unsigned long long)st->barrier_thread_instructions,
                (unsigned long long)st->max_paths, (unsigned long long)st->replays_memory,
                (unsigned long long)st->replays_indirect, (unsigned long long)st->squashed,
                (unsigned long long)st->thread_instructions,
                (unsigned long long)st->warp_instructions, (unsigned long long)r->total_cycles,
                (unsigned long long)r->total_thread_instructions, r->host_seconds,
                ratio((double)r->total_cycles, r->host_seconds) * 1e-6,
                ratio((double)r->total_thread_instructions, r->host_seconds) * 1e-6,
                (unsigned long long)st->barriers, (unsigned long long)st->barrier_wait_cycles,
                (unsigned long long)st->wrs_slots, (unsigned long long)st->pauses,
                (unsigned long long)st->progress_triggers, (unsigned long long)st->max_starvation,
                (unsigned long long)st->spin_detections, (unsigned long long)st->backoff_cycles);
        const simty_level_stats *l = st->mem;
        fprintf(f, "%s,%.4f,%.4f,%.4f,%.4f,%llu,%llu,%llu,%.4f,%.2f,%.2f,%.2f,%llu,%llu,\"",
                r->cfg.memory.preset, hit_rate(&l[SIMTY_L1I]), hit_rate(&l[SIMTY_L1D]),
                hit_rate(&l[SIMTY_L2]),
                ratio((double)l[SIMTY_DRAM].row_hits,
                      (double)(l[SIMTY_DRAM].row_hits + l[SIMTY_DRAM].row_empty +
                               l[SIMTY_DRAM].row_conflicts)),
                (unsigned long long)l[SIMTY_L1D].bytes, (unsigned long long)l[SIMTY_L2].bytes,
                (unsigned long long)l[SIMTY_DRAM].bytes,
                ratio((double)l[SIMTY_DRAM].bytes, (double)st->cycles), mean_latency(&l[SIMTY_L1D]),
                mean_latency(&l[SIMTY_L2]), mean_latency(&l[SIMTY_DRAM]),
                (unsigned long long)simty_latency_percentile(&l[SIMTY_DRAM], 0.99),
                (unsigned long long)(l[SIMTY_L1I].mshr_stalls + l[SIMTY_L1D].mshr_stalls +
                                     l[SIMTY_L2].mshr_stalls));
        for (const char *c = r->detail; *c; c++)
            fputs(*c == '"' ? "\"\"" : (char[2]){*c, 0}, f);
        fprintf(f, "\"\n");
    }
}

/* Markdown: the option columns appear only when their list varies. */
void print_markdown(FILE *f, const bench_grid *g, const bench_run *runs, unsigned n)
{
    int m = g->n_models > 1, pa = g->n_paths > 1, pr = g->n_priorities > 1,
        co = g->n_coalescers > 1, la = g->n_latencies > 1, me = g->n_memories > 1;
    fprintf(f, "| workload | shape |%s%s%s%s%s%s result | cycles | IPC | thread IPC | SIMD eff. | "
               "work eff. | barrier | max paths | replays | squashed | host s | Mcycles/s | "
               "M thr-instr/s |\n",
            m ? " model |" : "", pa ? " paths |" : "", pr ? " priority |" : "",
            co ? " coalescer |" : "", la ? " mem lat. |" : "", me ? " memory |" : "");
    fprintf(f, "|---|---|%s%s%s%s%s%s---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n", m ? "---|" : "",
            pa ? "---|" : "", pr ? "---|" : "", co ? "---|" : "", la ? "--:|" : "",
            me ? "---|" : "");
    int any_roi = 0;
    for (unsigned i = 0; i < n; i++) {
        const bench_run *r = &runs[i];
        const simty_stats *st = &r->st;
        any_roi |= r->roi;
        char shape[16];
        shape_str(r, shape, sizeof shape);
        fprintf(f, "| %s | %s |", r->name, shape);
        if (m)
            fprintf(f, " %s |", simty_model_name(r->cfg.model));
        if (pa)
            fprintf(f, " %s |", paths_str(r->cfg.paths));
        if (pr)
            fprintf(f, " %s |", priority_str(r->cfg.priority));
        if (co)
            fprintf(f, " %s |", coalescer_str(r->cfg.coalescer));
        if (la)
            fprintf(f, " %u |", r->cfg.mem_latency);
        if (me)
            fprintf(f, " %s |", r->cfg.memory.preset);
        fprintf(f, " %s%s | %llu | %.3f | %.2f | %.1f%% | %.1f%% | %.1f%% | %llu | %llu | %llu | "
                   "%.2f | %.2f | %.1f |\n",
                r->outcome, r->roi ? "" : " (whole run)", (unsigned long long)st->cycles,
                ratio((double)st->warp_instructions, (double)st->cycles),
                ratio((double)st->thread_instructions, (double)st->cycles), 100.0 * simd_eff(r),
                100.0 * work_eff(r), 100.0 * barrier_share(r), (unsigned long long)st->max_paths,
                (unsigned long long)(st->replays_memory + st->replays_indirect),
                (unsigned long long)st->squashed, r->host_seconds,
                ratio((double)r->total_cycles, r->host_seconds) * 1e-6,
                ratio((double)r->total_thread_instructions, r->host_seconds) * 1e-6);
    }
    if (any_roi)
        fprintf(f, "\nCycles to squashed: the region of interest (simty_roi_begin/end); host "
                   "time and speed: the whole run. Work eff.: SIMD efficiency of the slots "
                   "outside simty_barrier()'s wait routine; barrier: the share of executed slots "
                   "inside it.\n");
    if (n)
        fprintf(f, "\nLimits per run: %llu cycles (--max-cycles), %g s of host CPU time "
                   "(--timeout); a run that reaches one fails.\n",
                (unsigned long long)runs[0].cfg.max_cycles, runs[0].cfg.max_seconds);
    int header = 0;
    for (unsigned i = 0; i < n; i++) {
        if (runs[i].ok)
            continue;
        char shape[16];
        shape_str(&runs[i], shape, sizeof shape);
        if (!header++)
            fprintf(f, "\nFailed runs:\n\n");
        fprintf(f, "- %s %s: %s%s%s\n", runs[i].name, shape, runs[i].outcome,
                runs[i].detail[0] ? ": " : "", runs[i].detail);
    }
}

