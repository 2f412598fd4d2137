/* Region of interest: statistics between two writes of the simty_roi CSR,
 * so that a workload's set-up and self-check do not dilute its figures. */
#include "models/model.h"
#include "machine/machine.h"
#include "stats/stats.h"

/* Every counter of simty_stats, for the difference end - start. */
#define STATS_COUNTERS(X)                                                                    \
    X(thread_instructions) X(warp_instructions) X(divergent_branches) X(path_samples)       \
    X(path_sum) X(cct_pushes) X(cct_pops) X(cct_swaps) X(replays_memory) X(replays_indirect) \
    X(memory_requests) X(memory_lanes) X(barrier_slots) X(barrier_thread_instructions) X(squashed) X(redirects) X(fetches) X(fetch_bytes) X(stall_empty)              \
    X(stall_scoreboard) X(stall_load) X(stall_bank) X(loads) X(load_latency_sum) X(barriers)   \
    X(barrier_wait_cycles) X(wrs_slots) X(wrs_wait_cycles) X(pauses) X(progress_triggers)     \
    X(progress_yields) X(spin_detections) X(spin_slots) X(backoff_cycles) X(stall_fetch) X(stall_store) \
    X(exceptions) X(interrupts)

#define ONE(f) +1
_Static_assert(sizeof(simty_stats) == sizeof(uint64_t) * (STATS_COUNTERS(ONE) + 1 /* cycles */ +
                                                          SIMTY_MAX_LANES + 1 + 2 /* maxima */) +
                                          sizeof(simty_level_stats) * SIMTY_MEM_LEVELS +
                                          sizeof(double),
               "STATS_COUNTERS must list every counter of simty_stats");
#undef ONE
_Static_assert(sizeof(simty_level_stats) % sizeof(uint64_t) == 0,
               "simty_level_stats holds only 64-bit counters");

/* The memory levels: every field is a counter that adds up. */
#define MEM_WORDS (sizeof(simty_level_stats) * SIMTY_MEM_LEVELS / sizeof(uint64_t))
static uint64_t *mem_words(simty_stats *st) { return (uint64_t *)(void *)st->mem; }
static const uint64_t *mem_words_c(const simty_stats *st)
{
    return (const uint64_t *)(const void *)st->mem;
}

void stats_add(simty_stats *t, const simty_stats *a)
{
#define ADD(f) t->f += a->f;
    STATS_COUNTERS(ADD)
#undef ADD
    for (unsigned i = 0; i <= SIMTY_MAX_LANES; i++)
        t->lane_histogram[i] += a->lane_histogram[i];
    for (size_t i = 0; i < MEM_WORDS; i++)
        mem_words(t)[i] += mem_words_c(a)[i];
    if (a->max_paths > t->max_paths)
        t->max_paths = a->max_paths;
    if (a->max_starvation > t->max_starvation)
        t->max_starvation = a->max_starvation;
}

/* Core c's statistics now, with every slot counted where it executes. */
static void snapshot(simty_sim *s, sim_core *c, simty_stats *out)
{
    if (s->model->settle) /* counts the model keeps elsewhere (scalar) */
        s->model->settle(s, c);
    *out = c->stats;
    out->cycles = s->cycle;
    if (s->model->report->in_flight) /* count slots where they execute */
        out->warp_instructions -= s->model->report->in_flight(s, c);
}

void sim_roi_mark(simty_sim *s, bool open)
{
    if (open && s->roi_state == ROI_NONE) {
        for (unsigned i = 0; i < s->ncores; i++) {
            sim_core *c = &s->core[i];
            snapshot(s, c, &c->roi_start);
            /* the maxima restart so the ROI gets its own */
            c->max_paths_before_roi = c->stats.max_paths;
            c->max_starvation_before_roi = c->stats.max_starvation;
            c->stats.max_paths = c->stats.max_starvation = 0;
        }
        s->roi_state = ROI_OPEN;
    } else if (!open && s->roi_state == ROI_OPEN) {
        memset(&s->roi_stats, 0, sizeof s->roi_stats);
        for (unsigned i = 0; i < s->ncores; i++) {
            sim_core *c = &s->core[i];
            simty_stats end;
            snapshot(s, c, &end);
            simty_stats *r = &c->roi_stats;
            memset(r, 0, sizeof *r);
            r->cycles = end.cycles - c->roi_start.cycles;
#define SUB(f) r->f = end.f - c->roi_start.f;
            STATS_COUNTERS(SUB)
#undef SUB
            for (unsigned l = 0; l <= SIMTY_MAX_LANES; l++)
                r->lane_histogram[l] = end.lane_histogram[l] - c->roi_start.lane_histogram[l];
            for (size_t k = 0; k < MEM_WORDS; k++)
                mem_words(r)[k] = mem_words_c(&end)[k] - mem_words_c(&c->roi_start)[k];
            r->max_paths = end.max_paths;
            r->max_starvation = end.max_starvation;
            if (c->max_paths_before_roi > c->stats.max_paths)
                c->stats.max_paths = c->max_paths_before_roi;
            if (c->max_starvation_before_roi > c->stats.max_starvation)
                c->stats.max_starvation = c->max_starvation_before_roi;
            stats_add(&s->roi_stats, r);
            s->roi_stats.cycles = r->cycles;
        }
        s->roi_state = ROI_CLOSED;
    }
}

void sim_roi_finish(simty_sim *s)
{
    if (s->roi_state == ROI_OPEN)
        sim_roi_mark(s, false);
}

const simty_stats *simty_roi_stats_get(const simty_sim *s)
{
    return s->roi_state == ROI_CLOSED ? &s->roi_stats : NULL;
}

const simty_stats *simty_core_stats_get(const simty_sim *s, unsigned core)
{
    return core < s->ncores ? &s->core[core].stats : NULL;
}

const simty_stats *simty_core_roi_stats_get(const simty_sim *s, unsigned core)
{
    return s->roi_state == ROI_CLOSED && core < s->ncores ? &s->core[core].roi_stats : NULL;
}

int simty_find_symbol(const simty_sim *s, const char *name, uint32_t *addr)
{
    return s->loaded ? elf_find_symbol(&s->elf, name, addr) : -1;
}
