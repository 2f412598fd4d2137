/* Leader/follower memory arbitration (spec section 6).  The leader is the
 * lowest active lane; one pass serves the leader and every lane that can
 * share its access; the others replay the instruction later. */
#ifndef SIMTY_CORE_COALESCE_H
#define SIMTY_CORE_COALESCE_H

#include <stdint.h>

#include "warp/paths.h"
#include "isa/insn.h"
#include "machine/stacks.h"
#include "warp/lane_ops.h"

/* One pass of a memory instruction (not an atomic: atomics go lane by
 * lane) as a coalescer sees it. */
typedef struct coalesce_req {
    const insn_t *d;
    const uint32_t *addr;     /* per lane: where its first byte is stored */
    const stack_layout *il;   /* the machine's stack layout, or NULL */
    lane_mask mask;           /* the lanes to serve (non-empty) */
    unsigned T, size;         /* lanes; bytes per lane */
    lane_mask leader_bit;     /* the leader: the lowest lane of mask */
    uint32_t lead, block;     /* its address; its block of 4*T bytes */
} coalesce_req;

/* The request of a pass of d for the lanes of mask (non-empty) at addr
 * (each coalescer builds it first: inlined, it stays in registers). */
static inline coalesce_req coalesce_request(const insn_t *d, const uint32_t *addr,
                                            const stack_layout *il, lane_mask mask, unsigned T)
{
    const unsigned leader = (unsigned)__builtin_ctzll(mask);
    const uint32_t lead = addr[leader], bsize = 4 * T;
    return (coalesce_req){.d = d, .addr = addr, .il = il, .mask = mask, .T = T,
                          .size = mem_access_size(d), .leader_bit = 1ull << leader,
                          .lead = lead,
                          .block = lead - lead % bsize}; /* (blocks need not be a power of two) */
}

/* A coalescer (--coalescer; a plug-in, src/registry/plugins.c): one file
 * (coalesce_NAME.c) defining its table, and one registry line. */
typedef struct coalescer_ops {
    /* The lanes served by a pass of a load or store d (coalesce_request's
     * arguments); the leader always is. */
    lane_mask (*pass)(const insn_t *d, const uint32_t *addr, const stack_layout *il,
                      lane_mask mask, unsigned T);
} coalescer_ops;

/* Lanes served by this pass, among `mask` (non-empty), for the per-lane
 * addresses `addr` (where each lane's first byte is stored) of instruction
 * d, with blocks of 4*T bytes.  il: the machine's stack layout (or NULL:
 * none), for where a misaligned lane's last byte is stored with
 * --stack-interleave (it spans two words, which may be stored apart).  A
 * misaligned lane counts as touching both words (docs/memory.md): the
 * simty coalescer serves it alone, the block coalescer with the leader's
 * block only if both lie in it; a store waits for a lower lane that writes
 * one of its words in a later pass.  Atomics: the leader alone. */
static inline lane_mask coalesce_pass(const coalescer_ops *ops, const insn_t *d,
                                      const uint32_t *addr, const stack_layout *il,
                                      lane_mask mask, unsigned T)
{
    if (d->cls == CLS_AMO)
        return mask & -mask; /* atomics: lane by lane, in lane order (the leader) */
    return ops->pass(d, addr, il, mask, T);
}

/* The built-in coalescers (named in src/registry/plugins.c; the unit tests
 * call them directly) */
extern const coalescer_ops coalescer_simty, coalescer_block;

/* For the coalescers.  Where the last byte of an access of size bytes whose
 * first byte is stored at a is stored. */
uint32_t coalesce_last_byte(const stack_layout *il, uint32_t a, unsigned size);
/* Stores: the served lanes less those that must wait for a lower lane
 * writing one of their words in a later pass. */
lane_mask coalesce_store_order(const coalesce_req *q, lane_mask served);

#endif
