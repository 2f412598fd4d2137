/* trap_loop.S with the handler at an unmapped address (mtvec 0x10): the
 * fetch of its first instruction faults (see there). */
#define FETCH
#include "trap_loop.S"
