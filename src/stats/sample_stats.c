/* The report of a sampled run: see stats/sample_stats.h. */
#include "stats/sample_stats.h"

void sample_stats_print(const simty_sim *s, FILE *f)
{
    const simty_sample_estimate *e = simty_sample_get(s);
    if (!e)
        return;
    fprintf(f, "  sampled              %u windows of %llu warp-instructions, every %llu "
               "fast-forwarded (warm-up %llu); %llu of %llu cycles detailed\n",
            e->windows, (unsigned long long)e->opt.window, (unsigned long long)e->opt.interval,
            (unsigned long long)e->opt.warmup, (unsigned long long)e->detailed_cycles,
            (unsigned long long)simty_cycle(s));
    if (!e->valid) {
        fprintf(f, "  estimated cycles     none: the run ended before its first window "
                   "(use a smaller --sample-interval)\n");
        return;
    }
    if (!e->ci_valid) {
        fprintf(f, "  estimated cycles     %.0f (one window: no confidence interval)\n",
                e->cycles);
        return;
    }
    fprintf(f, "  estimated cycles     %.0f (95%% CI %.0f .. %.0f, +-%.2f%%)\n", e->cycles,
            e->cycles_low, e->cycles_high, 100.0 * e->rel_error);
    fprintf(f, "  estimated IPC        %.3f warp-instructions/cycle (95%% CI %.3f .. %.3f), "
               "%.3f thread-instructions/cycle\n",
            e->ipc, e->ipc_low, e->ipc_high, e->thread_ipc);
    fprintf(f, "  SIMD efficiency      %.1f%% of the whole run\n", 100.0 * e->simd_efficiency);
    if (e->spin_share > 0.05)
        fprintf(f, "  warning              %.0f%% of the warp-instructions spin (detected spin "
                   "loops): their number depends on the model, so may the estimate "
                   "(docs/sampling.md)\n", 100.0 * e->spin_share);
}

/* a number, or null where the estimate has none */
static void num(FILE *f, const char *key, int valid, double v, const char *sep)
{
    if (valid)
        fprintf(f, "\"%s\": %.10g%s", key, v, sep);
    else
        fprintf(f, "\"%s\": null%s", key, sep);
}

void sample_stats_json(const simty_sim *s, FILE *f)
{
    const simty_sample_estimate *e = simty_sample_get(s);
    if (!e)
        return;
    fprintf(f, "  \"sample\": {\"interval\": %llu, \"window\": %llu, \"warmup\": %llu, "
               "\"windows\": %u, \"units\": %llu, \"measured_cycles\": %llu, "
               "\"measured_instructions\": %llu, \"detailed_cycles\": %llu, "
               "\"instructions\": %llu, ",
            (unsigned long long)e->opt.interval, (unsigned long long)e->opt.window,
            (unsigned long long)e->opt.warmup, e->windows, (unsigned long long)e->units,
            (unsigned long long)e->measured_cycles,
            (unsigned long long)e->measured_instructions,
            (unsigned long long)e->detailed_cycles, (unsigned long long)e->instructions);
    num(f, "estimate", e->valid, e->cycles, ", ");
    num(f, "ci95_low", e->ci_valid, e->cycles_low, ", ");
    num(f, "ci95_high", e->ci_valid, e->cycles_high, ", ");
    num(f, "rel_error", e->ci_valid, e->rel_error, ", ");
    num(f, "ipc", e->valid, e->ipc, ", ");
    num(f, "ipc_low", e->ci_valid, e->ipc_low, ", ");
    num(f, "ipc_high", e->ci_valid && e->ipc_high < 1e300, e->ipc_high, ", ");
    num(f, "thread_ipc", e->valid, e->thread_ipc, ", ");
    fprintf(f, "\"simd_efficiency\": %.6g, \"spin_share\": %.6g},\n", e->simd_efficiency,
            e->spin_share);
}
