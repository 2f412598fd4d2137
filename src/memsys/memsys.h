/* Memory timing of the cycle model (docs/memory.md).
 *
 * The pipeline asks three questions: may this warp fetch at this PC now
 * (memsys_fetch, at steering), here is an executed memory pass
 * (memsys_access, at F+7), and when may this warp's load be written back
 * (memsys_due_table).  Two timings answer them behind one small interface:
 *
 *   ideal      the original machine: every fetch hits, a load's data is due
 *              2 + --mem-latency cycles after its commit;
 *   hierarchy  per core an L1 instruction cache and an L1 data cache with
 *              MSHRs, an interconnect to a shared L2 split into banks, and
 *              DRAM (memsys/dram.h).
 *
 * Timing only: every access has already taken effect on the machine's
 * memory when the pipeline executes it (F+7), so results never depend on
 * the memory configuration.  The hierarchy is event driven: each request
 * becomes events (arrival at an L2 bank, a DRAM completion, a fill at a
 * core) in one queue ordered by (time, insertion order), processed at the
 * start of every cycle (memsys_advance), so a run is reproducible bit for
 * bit. */
#ifndef SIMTY_MEMSYS_MEMSYS_H
#define SIMTY_MEMSYS_MEMSYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/ckpt.h"
#include "warp/mem_request.h"

struct simty_sim;
typedef struct memsys memsys;

/* The two timings, PLUGIN_MEMORY plug-ins of the registry (src/registry/plugins.c:
 * "ideal" and "hierarchy", the indices simty_memory_kind names); the
 * functions of each are private to src/memsys/ (memsys/hierarchy.h). */
typedef struct memsys_timing_ops memsys_timing_ops;
extern const memsys_timing_ops memsys_ideal_ops, memsys_hierarchy_ops;

/* Creates the machine's memory timing (s->cfg.memory); -1 with a reason. */
int memsys_create(struct simty_sim *s, memsys **out, char *err, size_t errlen);
void memsys_destroy(memsys *m);

/* F: whether global warp gw may fetch at pc in cycle now (an instruction
 * cache miss makes it wait for the fill). */
bool memsys_fetch(memsys *m, unsigned gw, uint32_t pc, uint64_t now);
/* F+7 in cycle now: warp gw executed the memory pass *r (the executor's
 * request, warp_outcome.mem: lanes of the whole warp; the ideal memory
 * reads only its kind, the hierarchy also its addresses). */
void memsys_access(memsys *m, unsigned gw, const mem_request *r, uint64_t now);
/* Entry gw: the first cycle warp gw's last load or AMO may be written
 * back, or UINT64_MAX while a line is missing (valid as long as m) */
const uint64_t *memsys_due_table(const memsys *m);
/* Warp gw's last load, AMO or fence completes at t at the earliest */
void memsys_hold(memsys *m, unsigned gw, uint64_t t);
/* The hierarchy's events of cycle now (before the cores tick; in quanta
 * only the cores' own, memsys_core_advance). */
void memsys_advance(memsys *m, uint64_t now);
/* In quanta: the events of cycle now that reach core `core` (while it runs
 * through its quantum alone), and the L2's and DRAM's events of cycles
 * [t0, end) (beside the cores: what they send a core in the quantum is due
 * after it, as noc.latency >= the quantum).  One cycle at a time
 * memsys_advance does it all and these do nothing. */
void memsys_advance_shared(memsys *m, uint64_t t0, uint64_t end);
void memsys_core_advance(memsys *m, unsigned core, uint64_t now);
/* Every core has ticked: what they sent joins the queue, core by core (a
 * core touches nothing shared while it ticks) */
void memsys_end_cycle(memsys *m);
/* What decides the future of core c's memory timing (deadlock detection) */
uint64_t memsys_hash(const memsys *m, unsigned core, uint64_t now);
/* Hierarchy only: whether core `core`'s write buffer takes a store now (a
 * store waits at issue while it is full) */
bool memsys_store_ready(const memsys *m, unsigned core);
/* A hierarchy (not the ideal memory): the pipeline must ask memsys_fetch and
 * memsys_store_ready, and loads may come back out of order (it keeps the
 * answer as pipe_state.hierarchy) */
bool memsys_is_hierarchy(const memsys *m);
/* DRAM refreshes up to cycle now (machine-wide) */
uint64_t memsys_refreshes(const memsys *m, uint64_t now);

/* Functional warming (sampled simulation, sim/sample.c; memsys_warm.c):
 * warp gw fetches at pc / performs the memory pass *r, and the caches'
 * tags and replacement state and the DRAM banks' open rows change as the
 * hierarchy's would, with no time, no event and no statistics (the ideal
 * memory: nothing).  memsys_quiet: nothing is in flight (no event, no
 * queued or waiting request, no busy MSHR or write-buffer entry), so a
 * functional model may take over; memsys_warm_start before it does. */
void memsys_warm_start(memsys *m);
void memsys_warm_fetch(memsys *m, unsigned gw, uint32_t pc);
void memsys_warm_access(memsys *m, unsigned gw, const mem_request *r);
/* The fetches of a straight run of instructions from pc up to end */
void memsys_warm_fetch_run(memsys *m, unsigned gw, uint32_t pc, uint32_t end);
bool memsys_quiet(const memsys *m);

/* Latency histogram buckets (simty_level_stats) */
unsigned memsys_latency_bucket(uint64_t cycles);
uint64_t memsys_bucket_upper(unsigned bucket);

/* Checkpoints (memsys/memsys_save.c): the whole timing state, no pointer;
 * load checks it against the timing it is read into (built from the same
 * configuration) and fails in the reader.  _layout: the build identity's
 * part. */
void memsys_save(const memsys *m, ck_writer *w);
bool memsys_load(memsys *m, ck_reader *r);
uint64_t memsys_save_layout(uint64_t h);

#endif
