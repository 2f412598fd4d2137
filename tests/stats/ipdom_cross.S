# Paths that meet before their branch's post-dominator (hand-checked in
# tests/stats_checks.py): `left` could skip `common` (the analysis sees the
# fall-through of a branch that is always taken), so the post-dominator of
# the split is the return; hct merges the two sides at `common`, --paths
# ipdom only at the return.
    .section .text.init
    .globl _start
_start:
    call kernel
    li a7, 93
    li a0, 0
    ecall

    .type kernel, @function
kernel:
    andi t2, a0, 2
    bnez t2, right          # lanes 2 and 3
left:
    addi t3, zero, 1
    beqz zero, common       # always taken
    j done
right:
    addi t3, zero, 2
    j common
common:
    addi t4, t4, 1
    addi t4, t4, 1
    addi t4, t4, 1
    addi t4, t4, 1
done:
    ret
    .size kernel, . - kernel
