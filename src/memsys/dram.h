/* A compact DRAM timing model (docs/memory.md): channels of banks with row
 * buffers, the JEDEC command timings that matter for throughput and latency
 * (tRCD, CL, CWL, tRP, tRAS, tRRD_S/L, tFAW, tCCD_S/L, tWR, tWTR_S/L, tRTP,
 * the burst), optional all-bank refresh (tREFI, tRFC), and an FR-FCFS
 * scheduler per channel: among the requests that have arrived, the one
 * whose data can come first (so row hits, and among them those of another
 * bank group), the oldest among equals; once the oldest has waited
 * DRAM_STARVE clocks, only those that arrived within DRAM_STARVE clocks
 * after it compete (a bound on its wait).  Reads go before writes, which
 * are drained in batches of up to DRAM_WRITE_BATCH once DRAM_WQ_HIGH have
 * arrived (while more than DRAM_WQ_LOW are there), when the oldest write has
 * waited DRAM_STARVE clocks, or when no read waits; while reads wait, at
 * least DRAM_READ_BATCH reads come between two batches.
 *
 * Time inside is in DRAM clock cycles (tCK); requests arrive and complete in
 * picoseconds, so the model can sit under a core of any clock.  A request is
 * one cache line.  Timing only: it never sees data. */
#ifndef SIMTY_MEMSYS_DRAM_H
#define SIMTY_MEMSYS_DRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "simty.h"

#define DRAM_WQ_HIGH 32
#define DRAM_WQ_LOW 8
#define DRAM_WRITE_BATCH (DRAM_WQ_HIGH - DRAM_WQ_LOW) /* writes per drain at most */
#define DRAM_READ_BATCH 16 /* reads between two drains while reads wait */
#define DRAM_STARVE 2000 /* clocks after which the oldest request limits who competes */

enum dram_row { DRAM_ROW_HIT, DRAM_ROW_EMPTY, DRAM_ROW_CONFLICT };

typedef struct dram_done {
    uint64_t id;
    uint64_t arrive_ps, done_ps;
    bool write;
    uint8_t row;   /* enum dram_row */
} dram_done;

typedef void dram_done_fn(void *ctx, const dram_done *d);

typedef struct dram_req {
    uint64_t id, arrive_ps;
    uint64_t arrive;  /* tCK */
    uint32_t row;
    uint16_t bank;
    bool write;
} dram_req;

typedef struct dram_bank {
    int64_t open_row; /* -1: precharged */
    uint64_t act_ok, rdwr_ok, pre_ok;
} dram_bank;

typedef struct dram_channel {
    dram_req *q;      /* waiting requests, in arrival order */
    unsigned n, cap;
    unsigned nwrites; /* writes among them */
    bool draining;    /* a write batch is under way */
    unsigned batch;   /* commands left in the current write or read batch */
    uint64_t next_decision; /* earliest cycle of the next scheduling decision */
    uint64_t bus_free;      /* data bus free from this cycle */
    /* the last ACT, column command and end of write data, in the channel
     * and per bank group (time + 1; 0: none yet) */
    uint64_t act1, col1, wend1;
    uint64_t *bg_act1, *bg_col1, *bg_wend1;
    uint64_t faw[4];        /* the last four ACTs */
    unsigned faw_i, acts;   /* ring position; ACTs so far (up to 4) */
    bool last_was_write;
    uint64_t next_refresh;
    uint64_t refreshes, busy;  /* refreshes done; data bus cycles used */
    dram_bank *bank;
} dram_channel;

typedef struct dram {
    simty_dram_config cfg;
    unsigned burst;          /* tCK of data bus per line */
    unsigned lines_per_row;
    unsigned queued;         /* requests waiting in every channel */
    dram_channel *ch;
} dram;

/* Checks a configuration (line: the cache line size); -1 with a reason. */
int dram_check(const simty_dram_config *c, unsigned line_bytes, char *err, size_t errlen);
int dram_init(dram *d, const simty_dram_config *c, unsigned line_bytes, char *err, size_t errlen);
void dram_free(dram *d);
/* Where line number `line` lives */
void dram_map(const dram *d, uint32_t line, unsigned *channel, unsigned *bank, uint32_t *row);
/* A request for one line arrives at time arrive_ps (not earlier than any
 * request pushed before).  Returns -1 if no host memory is left. */
int dram_push(dram *d, uint64_t id, uint32_t line, bool write, uint64_t arrive_ps);
/* Makes every scheduling decision due up to until_ps; each request that is
 * scheduled is reported through done() with its completion time (which may
 * lie after until_ps). */
void dram_advance(dram *d, uint64_t until_ps, dram_done_fn *done, void *ctx);
/* Everything that decides the DRAM's future, times relative to now (but
 * not the refresh phase): deadlock detection */
uint64_t dram_hash(const dram *d, uint64_t now_ps);
/* When the next scheduling decision is due (UINT64_MAX: nothing queued) */
uint64_t dram_next_decision_ps(const dram *d);
/* Requests waiting to be scheduled */
unsigned dram_queued(const dram *d);

#endif
