/* simty bench: the table, one row per run (bench_table.h). */
#include "cli/bench_table.h"

#include <string.h>

const char *plugin_str(simty_plugin_kind kind, unsigned index)
{
    const char *name = simty_plugin_name(kind, index);
    return name ? name : "?";
}

void shape_str(const bench_run *r, char *buf, size_t n)
{
    if (r->cfg.cores > 1)
        snprintf(buf, n, "%ux%ux%u", r->cfg.cores, r->cfg.warps, r->cfg.threads);
    else
        snprintf(buf, n, "%ux%u", r->cfg.warps, r->cfg.threads);
}

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

void print_csv(FILE *f, const bench_run *runs, unsigned n)
{
    fputs(simty_record_csv_header(), f);
    for (unsigned i = 0; i < n; i++)
        simty_record_csv(f, &runs[i].rec, &runs[i].cfg, runs[i].name, runs[i].index);
}

#define MAX_NOTES 64

unsigned print_ignored_notes(FILE *f, const char *prefix, const bench_run *runs, unsigned n)
{
    char notes[MAX_NOTES][192];
    unsigned count[MAX_NOTES], k = 0;
    for (unsigned i = 0; i < n; i++) {
        char why[160], note[192];
        const char *name;
        for (unsigned j = 0; (name = simty_config_ignored(&runs[i].cfg, j, why, sizeof why));
             j++) {
            snprintf(note, sizeof note, "--%s %s", name, why);
            unsigned m = 0;
            while (m < k && strcmp(notes[m], note))
                m++;
            if (m == k && k < MAX_NOTES) {
                memcpy(notes[k], note, sizeof note);
                count[k++] = 0;
            }
            if (m < k)
                count[m]++;
        }
    }
    for (unsigned m = 0; f && m < k; m++)
        fprintf(f, "%s%s: %u run%s\n", prefix, notes[m], count[m], count[m] == 1 ? "" : "s");
    return k;
}

/* Markdown: the option columns appear only when their list varies. */
void print_markdown(FILE *f, const bench_grid *g, const bench_run *runs, unsigned n)
{
    int m = g->n_models > 1, pa = g->n_paths > 1, pr = g->n_priorities > 1,
        sg = g->n_steerings > 1, co = g->n_coalescers > 1, la = g->n_latencies > 1,
        me = g->n_memories > 1;
    fprintf(f, "| workload | shape |%s%s%s%s%s%s%s result | cycles | IPC | thread IPC | SIMD eff. | "
               "work eff. | barrier | max paths | replays | squashed | host s | Mcycles/s | "
               "M thr-instr/s |\n",
            m ? " model |" : "", pa ? " paths |" : "", pr ? " priority |" : "",
            sg ? " steering |" : "", co ? " coalescer |" : "", la ? " mem lat. |" : "",
            me ? " memory |" : "");
    fprintf(f, "|---|---|%s%s%s%s%s%s%s---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n",
            m ? "---|" : "", pa ? "---|" : "", pr ? "---|" : "", sg ? "---|" : "",
            co ? "---|" : "", la ? "--:|" : "", me ? "---|" : "");
    int any_roi = 0;
    for (unsigned i = 0; i < n; i++) {
        const bench_run *r = &runs[i];
        const simty_stats *st = &r->rec.st;
        any_roi |= r->rec.roi;
        char shape[16];
        shape_str(r, shape, sizeof shape);
        fprintf(f, "| %s | %s |", r->name, shape);
        if (m)
            fprintf(f, " %s |", simty_model_name(r->cfg.model));
        if (pa)
            fprintf(f, " %s |", plugin_str(SIMTY_PLUGIN_PATHS, r->cfg.paths));
        if (pr)
            fprintf(f, " %s |", plugin_str(SIMTY_PLUGIN_PRIORITY, r->cfg.priority));
        if (sg)
            fprintf(f, " %s |", plugin_str(SIMTY_PLUGIN_STEERING, r->cfg.steering));
        if (co)
            fprintf(f, " %s |", plugin_str(SIMTY_PLUGIN_COALESCER, r->cfg.coalescer));
        if (la)
            fprintf(f, " %u |", r->cfg.mem_latency);
        if (me)
            fprintf(f, " %s |", r->cfg.memory.preset);
        fprintf(f, " %s%s | %llu | %.3f | %.2f | %.1f%% | %.1f%% | %.1f%% | %llu | %llu | %llu | "
                   "%.2f | %.2f | %.1f |\n",
                r->rec.outcome, r->rec.roi ? "" : " (whole run)", (unsigned long long)st->cycles,
                ratio((double)st->warp_instructions, (double)st->cycles),
                ratio((double)st->thread_instructions, (double)st->cycles), 100.0 * simty_record_simd_efficiency(&r->rec, &r->cfg),
                100.0 * simty_record_work_efficiency(&r->rec, &r->cfg), 100.0 * simty_record_barrier_share(&r->rec), (unsigned long long)st->max_paths,
                (unsigned long long)(st->replays_memory + st->replays_indirect),
                (unsigned long long)st->squashed, r->rec.host_seconds,
                ratio((double)r->rec.total_cycles, r->rec.host_seconds) * 1e-6,
                ratio((double)r->rec.total_thread_instructions, r->rec.host_seconds) * 1e-6);
    }
    if (any_roi)
        fprintf(f, "\nCycles to squashed: the region of interest (simty_roi_begin/end); host "
                   "time and speed: the whole run. Work eff.: SIMD efficiency of the slots "
                   "outside simty_barrier()'s wait routine; barrier: the share of executed slots "
                   "inside it.\n");
    if (n && !g->limits_unknown)
        fprintf(f, "\nLimits per run: %llu cycles (--max-cycles), %g s of host CPU time "
                   "(--timeout); a run that reaches one fails.\n",
                (unsigned long long)runs[0].cfg.max_cycles, runs[0].cfg.max_seconds);
    if (print_ignored_notes(NULL, "", runs, n)) {
        fprintf(f, "\nOptions without effect (runs that differ only in them are one simulation, "
                   "run once: their rows repeat its figures):\n\n");
        print_ignored_notes(f, "- ", runs, n);
    }
    int header = 0;
    for (unsigned i = 0; i < n; i++) {
        if (runs[i].rec.ok)
            continue;
        char shape[16];
        shape_str(&runs[i], shape, sizeof shape);
        if (!header++)
            fprintf(f, "\nFailed runs:\n\n");
        fprintf(f, "- %s %s: %s%s%s\n", runs[i].name, shape, runs[i].rec.outcome,
                runs[i].rec.detail[0] ? ": " : "", runs[i].rec.detail);
    }
}

