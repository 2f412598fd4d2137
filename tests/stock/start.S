/* A bare-metal start-up for QEMU's virt machine, as any rv32gc project
 * would write it (nothing simty-specific): a stack, the FPU on (QEMU resets
 * mstatus.FS to Off), main, and its status to the SiFive test finisher. */
    .section .text.init
    .globl _start
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$   /* (the linker relaxes accesses near it) */
    .option pop
    la      sp, stack_top
    li      t0, 0x2000              /* mstatus.FS = Initial */
    csrs    mstatus, t0
    call    main
    li      t1, 0x100000            /* the finisher */
    li      t2, 0x5555              /* pass */
    beqz    a0, 1f
    slli    t2, a0, 16
    li      t3, 0x3333              /* (code << 16) | 0x3333: fail with code */
    or      t2, t2, t3
1:  sw      t2, 0(t1)
2:  j       2b

    .bss
    .align  4
    .space  16384
stack_top:
