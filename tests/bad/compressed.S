/* An RVC build (the ELF header says so) whose hart 0 reaches a compressed
 * instruction: the load succeeds, the fetch faults with a message naming it. */
#include "common.h"
    .option rvc
    c.li a0, 1
    c.nop
    .option norvc
