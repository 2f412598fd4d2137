/* --trace-kanata: the Kanata pipeline log (version 0004, the format of the
 * Konata viewer).  One record per fetched warp-instruction; stages start
 * with S, records end with R (retired, or flushed: squashed, dropped fetch).
 *
 * Kanata time only moves forward, so events that the pipeline already knows
 * will happen later (a load's writeback stage, the end of a record) are
 * queued with kanata_at() and written when their cycle comes. */
#ifndef SIMTY_TRACE_KANATA_H
#define SIMTY_TRACE_KANATA_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum kanata_event { KANATA_STAGE, KANATA_RETIRE, KANATA_FLUSH };

/* The id of an instruction that is not traced (outside --trace-from/-to or
 * the region of interest): every function below ignores it. */
#define KANATA_NONE UINT64_MAX

typedef struct kanata_pending {
    uint64_t cycle, id;
    uint8_t what;      /* enum kanata_event */
    const char *stage; /* KANATA_STAGE: a string literal */
} kanata_pending;

typedef struct kanata {
    FILE *f;
    uint64_t now;        /* the current cycle */
    uint64_t written;    /* the cycle the log's C commands have reached */
    uint64_t next_id;    /* record ids, in order of creation */
    uint64_t next_retire;
    kanata_pending *pending; /* queued future events (unordered) */
    unsigned npending, cap;
} kanata;

/* Starts the log at cycle `now`. */
void kanata_open(kanata *k, FILE *f, uint64_t now);
void kanata_close(kanata *k);

/* Writes the events queued for cycles up to `now` and moves time to it. */
void kanata_tick(kanata *k, uint64_t now);

/* A new record for warp `warp`; returns its id. */
uint64_t kanata_new(kanata *k, unsigned warp);
void kanata_stage(kanata *k, uint64_t id, const char *stage);
/* type 0: the text shown left of the pipeline; 1: mouse-over detail.
 * Several labels of one record are concatenated. */
void kanata_label(kanata *k, uint64_t id, int type, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void kanata_retire(kanata *k, uint64_t id);
void kanata_flush(kanata *k, uint64_t id);

/* Drops the queued events of record id (the run ended before them). */
void kanata_cancel(kanata *k, uint64_t id);

/* Queues an event for a later cycle (stage is a string literal). */
void kanata_at(kanata *k, uint64_t cycle, uint64_t id, enum kanata_event what,
               const char *stage);

#endif
