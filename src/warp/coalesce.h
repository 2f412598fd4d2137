/* Leader/follower memory arbitration (spec section 6).  The leader is the
 * lowest active lane; one pass serves the leader and every lane that can
 * share its access; the others replay the instruction later. */
#ifndef SIMTY_CORE_COALESCE_H
#define SIMTY_CORE_COALESCE_H

#include <stdint.h>

#include "warp/paths.h"
#include "isa/insn.h"

/* Lanes served by this pass, among `mask` (non-empty), for the per-lane
 * addresses `addr` (first byte) of instruction d, with blocks of 4*T bytes.
 * hi: NULL when every lane of mask is aligned for the access size; else the
 * address of each lane's last byte (a misaligned lane spans two words,
 * which --stack-interleave may store apart).  A misaligned lane counts as
 * touching both words (docs/memory.md): the simty coalescer serves it
 * alone, the block coalescer with the leader's block only if both lie in
 * it. */
lane_mask coalesce_pass(simty_coalescer_kind kind, const insn_t *d, const uint32_t *addr,
                        const uint32_t *hi, lane_mask mask, unsigned T);

#endif
