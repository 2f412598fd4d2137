/* Region of interest: statistics between two writes of the simty_roi CSR,
 * so that a workload's set-up and self-check do not dilute its figures. */
#include "models/model.h"
#include "sim/sim.h"

/* Every counter of simty_stats, for the difference end - start. */
#define STATS_COUNTERS(X)                                                                    \
    X(thread_instructions) X(warp_instructions) X(divergent_branches) X(path_samples)       \
    X(path_sum) X(cct_pushes) X(cct_pops) X(cct_swaps) X(replays_memory) X(replays_indirect) \
    X(memory_requests) X(memory_lanes) X(barrier_slots) X(barrier_thread_instructions) X(squashed) X(redirects) X(stall_empty)              \
    X(stall_scoreboard) X(stall_load) X(stall_bank) X(loads) X(load_latency_sum) X(barriers)   \
    X(barrier_wait_cycles) X(wrs_slots) X(wrs_wait_cycles) X(pauses) X(progress_triggers)     \
    X(progress_yields) X(spin_detections) X(spin_slots) X(backoff_cycles)

#define ONE(f) +1
_Static_assert(sizeof(simty_stats) == sizeof(uint64_t) * (STATS_COUNTERS(ONE) + 1 /* cycles */ +
                                                          SIMTY_MAX_LANES + 1 + 2 /* maxima */) +
                                          sizeof(double),
               "STATS_COUNTERS must list every counter of simty_stats");
#undef ONE

static void snapshot(const simty_sim *s, simty_stats *out)
{
    *out = s->stats;
    out->cycles = s->cycle;
    if (s->model->in_flight) /* count slots where they execute */
        out->warp_instructions -= s->model->in_flight(s);
    if (s->cfg.model == SIMTY_MODEL_SCALAR) {
        /* the scalar model adds its instruction counts up at the end of a
         * run; here they come from the per-hart counters (only differences
         * of two snapshots are used) */
        uint64_t retired = 0;
        for (unsigned h = 0; h < s->nharts; h++)
            retired += sim_instret(s, h);
        out->thread_instructions = out->warp_instructions = out->lane_histogram[1] = retired;
    }
}

void sim_roi_mark(simty_sim *s, bool open)
{
    if (open && s->roi_state == ROI_NONE) {
        snapshot(s, &s->roi_start);
        /* the maxima restart so the ROI gets its own */
        s->max_paths_before_roi = s->stats.max_paths;
        s->max_starvation_before_roi = s->stats.max_starvation;
        s->stats.max_paths = s->stats.max_starvation = 0;
        s->roi_state = ROI_OPEN;
    } else if (!open && s->roi_state == ROI_OPEN) {
        simty_stats end;
        snapshot(s, &end);
        simty_stats *r = &s->roi_stats;
        memset(r, 0, sizeof *r);
        r->cycles = end.cycles - s->roi_start.cycles;
#define SUB(f) r->f = end.f - s->roi_start.f;
        STATS_COUNTERS(SUB)
#undef SUB
        for (unsigned i = 0; i <= SIMTY_MAX_LANES; i++)
            r->lane_histogram[i] = end.lane_histogram[i] - s->roi_start.lane_histogram[i];
        r->max_paths = end.max_paths;
        r->max_starvation = end.max_starvation;
        if (s->max_paths_before_roi > s->stats.max_paths)
            s->stats.max_paths = s->max_paths_before_roi;
        if (s->max_starvation_before_roi > s->stats.max_starvation)
            s->stats.max_starvation = s->max_starvation_before_roi;
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

int simty_find_symbol(const simty_sim *s, const char *name, uint32_t *addr)
{
    return s->loaded ? elf_find_symbol(&s->elf, name, addr) : -1;
}
