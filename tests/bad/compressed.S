/* An RVC build (the ELF header says so: C is on) whose hart 0 runs two
 * compressed instructions, then reaches a reserved compressed encoding
 * (c.lui a0, 0): an illegal instruction, reported with its 16-bit parcel. */
#include "common.h"
    .option rvc
    c.li a0, 1
    c.nop
    .2byte 0x6501
    .option norvc
