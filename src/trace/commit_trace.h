/* --trace-commits: one text line per committed warp-instruction, written by
 * every model, so two models' traces of one program can be compared. */
#ifndef SIMTY_TRACE_COMMIT_TRACE_H
#define SIMTY_TRACE_COMMIT_TRACE_H

#include <stdint.h>
#include <stdio.h>

#include "isa/insn.h"
#include "machine/machine.h"

/* Writes the commit of instruction d at pc by the lanes `retired` of global
 * warp gw (bit i = lane first+i), at `cycle`:
 *
 *   CYCLE wWARP PC RAW DISASSEMBLY ; mask=MASK [RD: LANE=VALUE ...]
 *
 * Register writes list the destination's new value in every retired lane. */
void commit_trace_write(FILE *f, simty_sim *s, uint64_t cycle, unsigned gw, unsigned first,
                        uint32_t pc, const insn_t *d, lane_mask retired);
/* The same into s->cfg.trace_commits, for the models: on a multi-core
 * machine, an atomic's line waits until its result is known (the end of
 * its cycle or quantum: sim/effects.h), so it follows the other cores'
 * lines of its cycle, in quanta those of the rest of its quantum. */
void commit_trace_commit(simty_sim *s, uint64_t cycle, unsigned gw, unsigned first, uint32_t pc,
                         const insn_t *d, lane_mask retired);

#endif
