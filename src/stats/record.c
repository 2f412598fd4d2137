/* Run records (simty_record): one finished run as a row of simty bench's
 * table.  The one place that decides a run's outcome and lists the CSV
 * columns; the simty bench command and the Python package both use it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "registry/plugins.h"
#include "simty.h"
#include "simty_guest.h"
#include "util/escape.h"
#include "stats/stats.h"

static double thread_cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* Truncating copy of a simulator message (already printable: guest text in
 * it is escaped) to the record's detail width. */
static void copy_str(char *dst, size_t n, const char *src)
{
    size_t k = strlen(src);
    if (k >= n)
        k = n - 1;
    memcpy(dst, src, k);
    dst[k] = 0;
}

/* Last non-empty line of a guest's console output, for failure reports
 * (empty when the console cannot be read back: a pipe, stdout). */
static void last_line(FILE *f, char *out, size_t n)
{
    char buf[512];
    out[0] = 0;
    if (!f || fflush(f) != 0 || fseek(f, 0, SEEK_END) != 0)
        return;
    long size = ftell(f);
    long from = size > (long)sizeof buf - 1 ? size - (long)sizeof buf + 1 : 0;
    if (size <= 0 || fseek(f, from, SEEK_SET) != 0)
        return;
    size_t got = fread(buf, 1, sizeof buf - 1, f);
    while (got && (buf[got - 1] == '\n' || buf[got - 1] == '\r'))
        got--;
    buf[got] = 0;
    char *line = strrchr(buf, '\n');
    text_escape(out, n, line ? line + 1 : buf); /* guest text: one printable line */
}

void simty_record_run(simty_sim *s, simty_record *r)
{
    memset(r, 0, sizeof *r);
    uint32_t addr;
    /* a program that must deadlock does so on every model and shape */
    int expect_deadlock = simty_find_symbol(s, SIMTY_SYM_EXPECT_DEADLOCK, &addr) == 0;
    double t0 = thread_cpu_seconds();
    simty_run(s);
    r->host_seconds = thread_cpu_seconds() - t0;

    const simty_result *res = simty_result_get(s);
    const simty_stats *whole = simty_stats_get(s), *roi = simty_roi_stats_get(s);
    r->status = simty_exit_status(res);
    r->roi = roi != NULL;
    r->st = roi ? *roi : *whole;
    r->total_cycles = whole->cycles;
    r->total_thread_instructions = whole->thread_instructions;
    int deadlock = res->reason == SIMTY_EXIT_DEADLOCK;
    const char *o;
    if (deadlock)
        o = expect_deadlock ? "deadlock (expected)" : "deadlock";
    else if (r->status == 0)
        o = expect_deadlock ? "pass (no deadlock)" : "pass";
    else if (r->status == SIMTY_STATUS_FAULT)
        o = "fault";
    else if (res->reason == SIMTY_EXIT_TIME_LIMIT)
        o = "time limit";
    else if (res->reason == SIMTY_EXIT_MAX_CYCLES)
        o = "cycle limit";
    else if (res->reason == SIMTY_EXIT_INTERRUPTED)
        o = "interrupted";
    else
        o = NULL;
    if (o)
        snprintf(r->outcome, sizeof r->outcome, "%s", o);
    else
        snprintf(r->outcome, sizeof r->outcome, "FAIL (exit %d)", r->status);
    r->ok = expect_deadlock ? deadlock : r->status == 0;
    if (!r->ok) {
        if (res->message[0])
            copy_str(r->detail, sizeof r->detail, res->message);
        else
            last_line(simty_config_get(s)->console, r->detail, sizeof r->detail);
    }
}

void simty_record_error(simty_record *r, const char *outcome, const char *detail)
{
    memset(r, 0, sizeof *r);
    copy_str(r->outcome, sizeof r->outcome, outcome);
    copy_str(r->detail, sizeof r->detail, detail);
    r->status = SIMTY_STATUS_LOAD;
}

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

double simty_record_simd_efficiency(const simty_record *r, const simty_config *cfg)
{
    return ratio((double)r->st.thread_instructions,
                 (double)(r->st.warp_instructions - r->st.squashed) * cfg->threads);
}

/* Efficiency of the slots outside the SDK barrier's wait routine: spinning
 * lanes are all active, so waits inflate the plain figure. */
double simty_record_work_efficiency(const simty_record *r, const simty_config *cfg)
{
    const simty_stats *st = &r->st;
    return ratio((double)(st->thread_instructions - st->barrier_thread_instructions),
                 (double)(st->warp_instructions - st->squashed - st->barrier_slots) *
                     cfg->threads);
}

double simty_record_barrier_share(const simty_record *r)
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

const char *simty_record_csv_header(void)
{
    return "run,workload,model,cores,warps,threads,paths,priority,steering,coalescer,mem_latency,"
           "result,"
           "ok,roi,cycles,ipc,thread_ipc,simd_efficiency,work_efficiency,barrier_share,"
           "barrier_slots,barrier_thread_instructions,max_paths,replays_memory,"
           "replays_indirect,squashed,thread_instructions,warp_instructions,"
           "total_cycles,total_thread_instructions,host_seconds,mcycles_per_s,"
           "mthread_instructions_per_s,barriers,barrier_wait_cycles,wrs_slots,pauses,"
           "progress_triggers,max_starvation,spin_detections,backoff_cycles,memory,"
           "l1i_hit_rate,l1d_hit_rate,l2_hit_rate,dram_row_hit_rate,l1d_bytes,l2_bytes,"
           "dram_bytes,dram_bytes_per_cycle,l1d_latency,l2_latency,dram_latency,"
           "dram_latency_p99,mshr_stalls,detail\n";
}

void simty_record_csv(FILE *f, const simty_record *r, const simty_config *cfg,
                      const char *name, unsigned long run)
{
    const simty_stats *st = &r->st;
    fprintf(f, "%lu,", run);
    for (const char *c = name; *c; c++) /* a name is one CSV field */
        fputc(*c == ',' || *c == '"' || *c == '\n' || *c == '\r' ? '_' : *c, f);
    fprintf(f, ",%s,%u,%u,%u,%s,%s,%s,%s,%u,%s,%d,%d,%llu,%.4f,%.4f,%.4f,%.4f,%.4f,%llu,%llu,"
               "%llu,%llu,%llu,%llu,"
               "%llu,%llu,%llu,%llu,%.4f,%.3f,%.3f,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,",
            simty_model_name(cfg->model), cfg->cores, cfg->warps, cfg->threads,
            plugin_label(PLUGIN_PATHS, (int)cfg->paths),
            plugin_label(PLUGIN_PRIORITY, (int)cfg->priority),
            plugin_label(PLUGIN_STEERING, (int)cfg->steering),
            plugin_label(PLUGIN_COALESCER, (int)cfg->coalescer), cfg->mem_latency, r->outcome,
            r->ok, r->roi, (unsigned long long)st->cycles,
            ratio((double)st->warp_instructions, (double)st->cycles),
            ratio((double)st->thread_instructions, (double)st->cycles),
            simty_record_simd_efficiency(r, cfg), simty_record_work_efficiency(r, cfg),
            simty_record_barrier_share(r), (unsigned long long)st->barrier_slots,
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
            cfg->memory.preset, hit_rate(&l[SIMTY_L1I]), hit_rate(&l[SIMTY_L1D]),
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

char *simty_record_csv_string(const simty_record *r, const simty_config *cfg, const char *name,
                              unsigned long run)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    simty_record_csv(f, r, cfg, name, run);
    if (ferror(f) | fclose(f)) {
        free(buf);
        return NULL;
    }
    return buf;
}

char *simty_run_csv(simty_sim *s, const char *name, unsigned long run)
{
    simty_record *r = malloc(sizeof *r);
    if (!r)
        return NULL;
    simty_record_run(s, r);
    char *row = simty_record_csv_string(r, simty_config_get(s), name, run);
    free(r);
    return row;
}

char *simty_error_csv(const simty_config *cfg, const char *name, unsigned long run,
                      const char *outcome, const char *detail)
{
    simty_record *r = malloc(sizeof *r);
    if (!r)
        return NULL;
    simty_record_error(r, outcome, detail);
    char *row = simty_record_csv_string(r, cfg, name, run);
    free(r);
    return row;
}
