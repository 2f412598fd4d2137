# march: rv32imafd
/* An fsd whose second word is past the end of RAM must trap
 * with nothing written (mcause 7; mtval the address, or on QEMU its second
 * word's): the first word keeps its old value, on one core and on several.
 * Run at --ram-size 64M (default).  Also: fld likewise (mcause 5). */
#include "../isa/fptest.h"
        .text
        .balign 4
handler:
        csrr    s2, mcause
        csrr    s3, mtval
        csrr    t1, mepc
        addi    t1, t1, 4
        csrw    mepc, t1
        li      t1, 0x1800
        csrs    mstatus, t1
        mret

        TEST_BEGIN
        FP_BEGIN
        la      t0, handler
        csrw    mtvec, t0
        li      a1, 0x83fffffc          /* last word of 64 MiB RAM */
        li      a2, 0x11111111
        sw      a2, 0(a1)
        li      a3, 0x22222222
        fmv.w.x fa0, a3                 /* fa0 = boxed 0x22222222 */
        TNUM    2
        li      s2, 0
        fsd     fa0, 0(a1)
        EXPECT  s2, 7
        TNUM    3
        beq     s3, a1, 1f
        addi    t2, a1, 4
        FAIL_NE s3, t2
1:
        TNUM    4
        lw      a4, 0(a1)
        EXPECT  a4, 0x11111111
        TNUM    5
        li      s2, 0
        fld     fa1, 0(a1)
        EXPECT  s2, 5
        TEST_END
