/*
 * fast.S - GOMP_parallel's fast path (sdk/omp/team.h, TEAM_READY): hart 0
 * starting a region of the whole machine in barrier mode, the common case
 * of `#pragma omp parallel`. The workers are parked in the machine-scope
 * barrier CSR: hart 0 writes the function and its data, arrives (which
 * releases them), runs its share and arrives again (the join). Written out
 * because every instruction of hart 0 here is one slot of warp 0, which
 * its 31 other lanes wait for. Anything else goes to
 * __simty_gomp_parallel_slow (gomp.c).
 */

#include "simty_guest.h"

#define TEAM_READY 1   /* team.h */
#define TEAM_RUNNING 2

    .section .text.GOMP_parallel, "ax"
    .balign 4
    .globl GOMP_parallel
    .type GOMP_parallel, @function
GOMP_parallel:                      /* a0 fn, a1 data, a2 num_threads, a3 flags */
    lw      t0, __simty_team_state
    addi    t0, t0, -TEAM_READY
    or      t0, t0, a2
    bnez    t0, .Lslow
    li      t0, TEAM_RUNNING
    sw      t0, __simty_team_state, t1
    sw      a0, __simty_fork_fn, t1
    sw      a1, __simty_fork_data, t1
    csrw    SIMTY_CSR_BARRIER, zero /* fork: the workers start */
    addi    sp, sp, -16
    sw      ra, 12(sp)
    mv      t0, a0
    mv      a0, a1
    jalr    t0
    csrw    SIMTY_CSR_BARRIER, zero /* join */
    lw      t0, __simty_team_dirty
    bnez    t0, .Lcleanup
.Ldone:
    lw      ra, 12(sp)
    addi    sp, sp, 16
    li      t0, TEAM_READY
    sw      t0, __simty_team_state, t1
    ret
.Lcleanup:
    call    __simty_team_cleanup
    j       .Ldone
.Lslow:
    tail    __simty_gomp_parallel_slow
    .size GOMP_parallel, . - GOMP_parallel
