# A cold block placed after its join (hand-checked in tests/stats_checks.py):
# --paths ipdom reconverges at the branch's post-dominator `join`, hct's
# priority order (deepest call, then lowest PC) runs the join path first and
# reconverges only after the return.
    .section .text.init
    .globl _start
_start:
    call kernel
    li a7, 93
    li a0, 0
    ecall

    .type kernel, @function
kernel:
    andi t0, a0, 1
    beqz t0, cold           # even lanes: the cold block at a higher PC
join:
    addi t1, t1, 1
    addi t1, t1, 1
    addi t1, t1, 1
    addi t1, t1, 1
    ret
cold:
    addi t1, zero, 5
    j join
    .size kernel, . - kernel
