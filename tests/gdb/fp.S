/* The gdb group's floating-point program: gdb reads ft3 and fflags at
 * `after`, writes 5.5 into ft3, and the program checks what it stores
 * (exit 0 only if gdb's write reached the register). */
    .section .text.init
    .globl _start
_start:
    la t0, data
    fld f1, 0(t0)
    fld f2, 8(t0)
    fadd.d f3, f1, f2          /* 1 + 2^-60: 1.0, inexact */
    .globl after
after:
    fsd f3, 16(t0)
    lw a0, 16(t0)
    lw a1, 20(t0)
    li t1, 0x40160000          /* 5.5 */
    bne a1, t1, fail
    bnez a0, fail
    frflags a2
    li t1, 1                   /* NX */
    bne a2, t1, fail
    li a0, 0
    li a7, 93
    ecall
fail:
    li a0, 1
    li a7, 93
    ecall
    .data
    .align 3
data:
    .double 1.0
    .dword 0x3c30000000000000  /* 2^-60 */
    .dword 0
