/* The memory request record: what the executor tells the memory timing
 * about a memory pass it issued.  The executor's caller owns it (the cycle
 * model one per core, in pipe_state) and points the outcome at it
 * (warp_outcome.mem, warp/warp_exec.h); the executor fills it, and the
 * cycle model hands it to memsys_access (memsys/memsys.h).  Timing only:
 * the pass has already taken effect on the machine's memory. */
#ifndef SIMTY_WARP_MEM_REQUEST_H
#define SIMTY_WARP_MEM_REQUEST_H

#include <stdint.h>

#include "isa/insn.h"
#include "simty.h" /* SIMTY_MAX_LANES */

/* What a pass does to memory: its instruction's class (so that the
 * executor copies it) */
enum mem_kind { MEM_LOAD = CLS_LOAD, MEM_STORE = CLS_STORE, MEM_AMO = CLS_AMO };

/* One memory pass: the lanes it served and, structure of arrays, their
 * addresses.  Lane i is bit i of `lanes` (the executor's view of the warp:
 * lane first + i of warp_execute's arguments). */
typedef struct mem_request {
    lane_mask lanes; /* the lanes the pass served */
    uint8_t kind;    /* enum mem_kind */
    uint8_t size;    /* bytes each lane accesses: 1, 2, 4 or 8 */
    uint32_t addr[SIMTY_MAX_LANES]; /* addr[i]: where lane i's first byte is
                                     * stored (after --stack-interleave) */
} mem_request;

#endif
