# Hart 0 spins on a flag that hart 1 (same warp) sets at a higher PC: a SIMT
# deadlock, to be found even though the other warps have already finished.
#include "simty_guest.h"
    .section .text.init
    .globl _start
_start:
    csrr t1, SIMTY_CSR_THREADS # threads per warp
    bgeu a0, t1, done       # other warps: exit at once
    la   t0, flag
    bnez a0, setter
spin:
    lw   t2, 0(t0)
    beqz t2, spin
    j    done
setter:
    li   t2, 1
    sw   t2, 0(t0)
done:
    li   a7, 93
    li   a0, 0
    ecall
    .data
flag: .word 0
