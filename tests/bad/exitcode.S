# Hart h exits with code (h == 2 ? 7 : h == 5 ? 9 : 0): the program's exit
# code is the lowest-numbered hart's non-zero code, 7.
    .section .text.init
    .globl _start
_start:
    li t0, 2
    li t1, 5
    li a7, 93
    beq a0, t0, 1f
    beq a0, t1, 2f
    li a0, 0
    ecall
1:  li a0, 7
    ecall
2:  li a0, 9
    ecall
