/* The effect log of one core (sim/effects.h says what it is for): what
 * its ticks did to shared state while the cores of a multi-core machine
 * ran, written by the deferred ports (machine/port.h, sim/effects.c) and
 * applied by sim_publish().  Data only: the machine's state holds one per
 * core. */
#ifndef SIMTY_MACHINE_EFFECT_LOG_H
#define SIMTY_MACHINE_EFFECT_LOG_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/insn.h"

enum fx_kind { FX_STORE, FX_AMO, FX_END, FX_WAIT, FX_STOP, FX_ROI, FX_TRACE, FX_SEMIHOST };

typedef struct fx {
    uint8_t kind;   /* enum fx_kind */
    uint8_t size;   /* FX_STORE: bytes */
    uint8_t why;    /* FX_WAIT: enum path_wait; FX_ROI: open */
    uint16_t op;    /* FX_AMO: the instruction's op */
    unsigned hart;
    uint32_t addr, value, pc; /* FX_STORE, FX_AMO (value: rs2); FX_TRACE: value, the record;
                               * FX_SEMIHOST: addr, value = a0, a1 */
    uint32_t *rd;   /* FX_AMO: where the result goes, or NULL (x0); FX_SEMIHOST: a0 */
    unsigned waiting, threads; /* FX_WAIT: paths parked, threads arriving */
    uint64_t wake, now;        /* FX_WAIT */
    uint64_t t;     /* the cycle the core logged it in (fx_push) */
} fx;

typedef struct fx_log {
    fx *e;
    unsigned n, cap;
    bool oom;       /* the log could not grow */
    unsigned changes; /* logged stores and atomics that change memory as it is now */
    /* the core's first guest fault of the cycle (FX_STOP) */
    bool stop;
    char message[1024]; /* as simty_result.message */
    bool counter_read; /* a thread read a time-varying CSR */
    unsigned woken;    /* waiting paths the core woke itself (sync_poll_core) */
    /* in quanta of more than one cycle: the words each hart stored in this
     * quantum, which its own later loads see (open addressing, key hart and
     * word; only that hart: a store is seen by every other hart at once,
     * at the end of the quantum) */
    struct fx_word {
        uint64_t key;   /* (hart + 1) << 32 | word address; 0: empty */
        uint32_t value;
        uint8_t mask;   /* bytes of value written */
    } *fwd;
    unsigned fwd_n, fwd_cap;
    /* commit-trace lines of atomics, written when their result is known
     * (commit_trace_commit) */
    struct fx_trace {
        uint64_t cycle;
        unsigned gw, first;
        uint32_t pc;
        lane_mask retired;
        insn_t insn;
    } *tr;
    unsigned ntr, trcap;
} fx_log;

#endif
