/*
 * fast.S - the two hot loops of team mode's barrier mode (sdk/omp/team.c),
 * written out because every instruction here is an issue slot of warp 0,
 * shared by hart 0 and 31 workers:
 *
 * GOMP_parallel: the fast path (team.h, TEAM_READY == 0: hart 0 starts a
 * region of the whole machine): write the function and its data, arrive
 * at the machine-scope barrier CSR (which releases the parked workers),
 * run hart 0's share, arrive again (the join). Anything else goes to
 * __simty_gomp_parallel_slow (gomp.c).
 *
 * __simty_team_park: a worker's loop: parked in the barrier CSR until a
 * team starts; runs its share and joins (the barrier CSR for a team of
 * every hart, else a count in __simty_team_joined). Its back edge is
 * an unconditional jump: a loop that only the barrier paces must not look
 * like a spin to the simulator's spin detector (docs/progress.md).
 */

#include "simty_guest.h"

/* team.h: TEAM_READY is 0, a running team any value >= TEAM_RUNNING (2):
 * hart 0's stack pointer, a RAM address, saves loading the constant. */

    .section .text.GOMP_parallel, "ax"
    .balign 4
    .globl GOMP_parallel
    .type GOMP_parallel, @function
GOMP_parallel:                      /* a0 fn, a1 data, a2 num_threads, a3 flags */
    lw      t0, __simty_team_state
    or      t0, t0, a2
    bnez    t0, .Lslow
    sw      sp, __simty_team_state, t1 /* TEAM_RUNNING: any value >= 2 */
    sw      a0, __simty_fork_fn, t1
    sw      a1, __simty_fork_data, t1
    csrw    SIMTY_CSR_BARRIER, zero /* fork: the workers start */
    sw      ra, .Lsaved_ra, t1      /* hart 0 only, never re-entered */
    mv      t0, a0
    mv      a0, a1
    jalr    t0
    csrw    SIMTY_CSR_BARRIER, zero /* join */
    lw      ra, .Lsaved_ra
    lw      t0, __simty_team_dirty
    bnez    t0, .Lcleanup
    sw      zero, __simty_team_state, t1 /* TEAM_READY */
    ret
.Lcleanup:
    addi    sp, sp, -16
    sw      ra, 12(sp)
    call    __simty_team_cleanup
    lw      ra, 12(sp)
    addi    sp, sp, 16
    sw      zero, __simty_team_state, t1
    ret
.Lslow:
    tail    __simty_gomp_parallel_slow
    .size GOMP_parallel, . - GOMP_parallel

    .section .text.__simty_team_park, "ax"
    .balign 4
    .globl __simty_team_park
    .type __simty_team_park, @function
__simty_team_park:                  /* a0 me, a1 nthreads; returns in wrs mode */
    addi    sp, sp, -16
    sw      ra, 12(sp)
    sw      s0, 8(sp)
    sw      s1, 4(sp)
    sw      s2, 0(sp)
    mv      s0, a0
    mv      s1, a1
.Lpark:
    csrw    SIMTY_CSR_BARRIER, zero
    lw      s2, __simty_fork_n
    bne     s2, s1, .Lpartial       /* a team of every hart: all members */
    lw      t1, __simty_fork_fn
    lw      a0, __simty_fork_data
    jalr    t1
    csrw    SIMTY_CSR_BARRIER, zero /* join */
    j       .Lpark
.Lpartial:                          /* a smaller team, software join */
    bgeu    s0, s2, .Lnonmember
    lw      t1, __simty_fork_fn
    lw      a0, __simty_fork_data
    jalr    t1
    la      t0, __simty_team_joined
    li      t1, 1
    amoadd.w.rl zero, t1, (t0)
    j       .Lpark
.Lnonmember:
    call    __simty_team_nonmember
    beqz    a0, .Lpark
    lw      ra, 12(sp)
    lw      s0, 8(sp)
    lw      s1, 4(sp)
    lw      s2, 0(sp)
    addi    sp, sp, 16
    ret
    .size __simty_team_park, . - __simty_team_park

    .section .sbss.simty_saved_ra, "aw", @nobits
    .balign 4
.Lsaved_ra:
    .zero 4
