/* First in, first out replacement: the victim is the line installed
 * longest ago, whatever its hits since (LRU's stamps, taken at fills only). */
#include "memsys/replacement.h"

const repl_ops repl_fifo_ops = {
    .set_bytes = REPL_STAMP_SET_BYTES,
    .way_bytes = REPL_STAMP_WAY_BYTES,
    .reset = repl_stamp_reset,
    .on_hit = repl_nothing,
    .on_fill = repl_stamp,
    .victim = repl_stamp_oldest,
};
