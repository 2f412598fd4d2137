/* Leader/follower memory arbitration (spec section 6).  The leader is the
 * lowest active lane; one pass serves the leader and every lane that can
 * share its access; the others replay the instruction later. */
#ifndef SIMTY_CORE_COALESCE_H
#define SIMTY_CORE_COALESCE_H

#include <stdint.h>

#include "warp/paths.h"
#include "isa/insn.h"
#include "sim/stacks.h"

/* Lanes served by this pass, among `mask` (non-empty), for the per-lane
 * addresses `addr` (where each lane's first byte is stored) of instruction
 * d, with blocks of 4*T bytes.  il: the machine's stack layout (or NULL:
 * none), for where a misaligned lane's last byte is stored with
 * --stack-interleave (it spans two words, which may be stored apart).  A
 * misaligned lane counts as touching both words (docs/memory.md): the
 * simty coalescer serves it alone, the block coalescer with the leader's
 * block only if both lie in it; a store waits for a lower lane that writes
 * one of its words in a later pass. */
lane_mask coalesce_pass(simty_coalescer_kind kind, const insn_t *d, const uint32_t *addr,
                        const stack_layout *il, lane_mask mask, unsigned T);

#endif
