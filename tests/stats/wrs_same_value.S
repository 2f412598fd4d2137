# wrs.nto wakes on a store to the reserved word that writes the value it
# already holds (reservations by address, docs/platform.md), and the sc.w
# after it fails (tests/stats_checks.py).  Hart 0: lr.w, raise the flag,
# wrs.nto, sc.w; exits with the sc.w result (1: failed, as required).
# Hart 1: waits for the flag, spins a while (so that hart 0 is waiting),
# stores the same value, exits 1.  Other harts exit 1 at once.  Before
# reservations by address, hart 0 waited for ever (a deadlock, status 122).
#include "simty_guest.h"
    .section .text.init
    .globl _start
_start:
    la t0, word
    la t1, flag
    li t2, 1
    beqz a0, hart0
    bne a0, t2, done
hart1:
    lw t3, 0(t1)
    beqz t3, hart1
    li t4, 200
1:  addi t4, t4, -1
    bnez t4, 1b
    lw t3, 0(t0)
    sw t3, 0(t0)            # the same value
    j done
hart0:
    lr.w t3, (t0)
    sw t2, 0(t1)            # flag
    .word 0x00d00073        # wrs.nto: waits until the reservation is lost
    sc.w t2, t3, (t0)       # must fail: t2 = 1
    mv a0, t2
    li a7, 93
    ecall
done:
    li a0, 1
    li a7, 93
    ecall
    .data
    .align 2
word: .word 0x1234
flag: .word 0
