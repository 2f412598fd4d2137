/* The executor's port: every way the shared executor (warp/), the barrier
 * unit (sync/), the commit trace and the devices act on state shared
 * between cores, in the manner of Spike's simif_t (docs/design.md, "The
 * executor's port").
 *
 * A port is a small table of functions.  The machine holds one by value
 * (simty_sim.port), and the run loop chooses it: the direct port
 * (sim/port_direct.c) acts at once, as a one-core machine and every call
 * outside a multi-core tick (the debugger, the API, the effects being
 * applied) do; while the cores of a multi-core machine tick, the deferred
 * ports (sim/effects.c) check what they can now and log the rest in the
 * core's effect log, which sim_publish() applies at the end of the cycle
 * or quantum.  So no executor code asks which kind of machine it runs on.
 *
 * Loads are not in the table: a load reads memory as it is (bus_load, the
 * RAM fast path inline), and only a port that defers stores over a quantum
 * of several cycles has `overlay`, which lays the hart's own stores of the
 * quantum over what it read.  `now` is the cycle of the core ticking
 * (sim_core.now). */
#ifndef SIMTY_MACHINE_PORT_H
#define SIMTY_MACHINE_PORT_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/insn.h"

struct simty_sim;

typedef struct machine_port {
    const char *name; /* "direct", "deferred", "deferred-quanta" (for a debugger's eye) */
    /* A lane's store of size bytes (aligned or not) at addr: enum
     * mem_status; MEM_OK when it is (or will be) performed. */
    int (*store)(struct simty_sim *s, unsigned hart, uint32_t pc, uint32_t addr, unsigned size,
                 uint32_t v);
    /* The word stores of a memory pass whose every lane in `served` is an
     * aligned word of main RAM (not tohost): lane l of the warp whose
     * first hart is hart0 stores src[l] at addr[l], in lane order. */
    void (*store_words)(struct simty_sim *s, unsigned hart0, const uint32_t *addr,
                        const uint32_t *src, lane_mask served);
    /* An atomic (AMO, LR, SC) of hart's at addr with operand v2; its old
     * value (or SC's result) goes to *rd (NULL: x0).  False after a fault
     * (reported). */
    bool (*amo)(struct simty_sim *s, unsigned op, unsigned hart, uint32_t pc, uint32_t addr,
                uint32_t v2, uint32_t *rd);
    /* Optional (NULL: loads see memory as it is): may hart have stores of
     * its own not yet performed, which its loads must see (true may be
     * conservative)?  And the overlay of them on the size bytes *v read at
     * addr. */
    bool (*own_stores)(const struct simty_sim *s, unsigned hart);
    void (*overlay)(struct simty_sim *s, unsigned hart, uint32_t addr, unsigned size,
                    uint32_t *v);
    /* The end of hart's thread (its status and PC are set): the running
     * count, barriers, the end of the program. */
    void (*thread_end)(struct simty_sim *s, unsigned hart);
    /* A path of hart's warp starts waiting (sync/sync.h, sync_note_wait). */
    void (*wait)(struct simty_sim *s, unsigned hart, unsigned why, uint64_t wake,
                 unsigned waiting, unsigned threads, uint64_t now);
    /* A guest fault of hart's, message formatted: the run ends (at the
     * end of the cycle when deferred).  Has the run (or, deferred, the
     * core's cycle) already stopped?  Then a fault is not reported. */
    void (*fault)(struct simty_sim *s, unsigned hart, const char *message);
    bool (*stopped)(const struct simty_sim *s, unsigned hart);
    /* A write to the simty_roi CSR: open (true) or close the region of
     * interest. */
    void (*roi)(struct simty_sim *s, unsigned hart, bool open);
    /* The commit-trace line of an atomic that writes rd: its result is
     * known only once it is performed. */
    void (*trace_atomic)(struct simty_sim *s, uint64_t cycle, unsigned gw, unsigned first,
                         uint32_t pc, const insn_t *d, lane_mask retired);
    /* A semihosting call of hart's: op a0, argument a1; the result goes to
     * *a0.  And the cycle its results are there, for a call made at now
     * that takes `wait` cycles. */
    void (*semihost)(struct simty_sim *s, unsigned hart, uint32_t pc, uint32_t *a0, uint32_t a1,
                     uint64_t now);
    uint64_t (*service_ready)(const struct simty_sim *s, uint64_t now, uint64_t wait);
    /* A thread of hart's read a time-varying counter (deadlock detection). */
    void (*counter_read)(struct simty_sim *s, unsigned hart);
    /* fence.i: the decode caches are flushed (deferred: nothing to do; every
     * store drops its words from them anyway). */
    void (*fence_i)(struct simty_sim *s);
} machine_port;

#endif
