/*
 * crt0.S - start-up code of the simty SDK.
 *
 * Every hart enters _start (a0 = mhartid, registers otherwise zero). Each one
 * sets gp, carves its stack + TLS area from __simty_ram_end, initialises its
 * own TLS block, waits for hart 0 to zero .bss (on QEMU; the simulator's
 * loader already did) and run the constructors, then
 * calls main(argc, argv) (hart 0 fetched the command line: hostio.c) and
 * passes the result to _exit.
 *
 * On the simulator the wait for hart 0 is the hardware barrier (a write to
 * CSR simty_barrier, docs/platform.md): the waiting threads are parked, not
 * spinning. On QEMU each hart polls __simty_init_done.
 */

#include "simty_guest.h"    /* CSR, device and symbol numbers and names */

/* Exit code of a trap on QEMU: same as `simty run` reports for a guest fault. */
#define TRAP_EXIT     121

/* mstatus.FS (bits 14:13) = 1, Initial. */
#define MSTATUS_FS_INITIAL 0x2000

/* ------------------------------------------------------------------ */
/* Words the simulator's loader overwrites (docs/platform.md): SIMTY_ID_*
 * are __simty_nthreads, __simty_on_simulator, __simty_ram_end and
 * __simty_stack_area (simty_guest.h). The defaults are QEMU's. */

    .section .data.simty, "aw"
    .balign 4
    .globl SIMTY_ID_NTHREADS
    .type SIMTY_ID_NTHREADS, @object
    .size SIMTY_ID_NTHREADS, 4
SIMTY_ID_NTHREADS:
    .word 8
    .globl SIMTY_ID_ON_SIMULATOR
    .type SIMTY_ID_ON_SIMULATOR, @object
    .size SIMTY_ID_ON_SIMULATOR, 4
SIMTY_ID_ON_SIMULATOR:
    .word 0
    .globl SIMTY_ID_RAM_END
    .type SIMTY_ID_RAM_END, @object
    .size SIMTY_ID_RAM_END, 4
SIMTY_ID_RAM_END:
    .word SIMTY_RAM_BASE + SIMTY_RAM_SIZE_DEFAULT
    /* Bytes per hart area: S (__simty_stack_size), unless the simulator
     * gives each hart less on a machine too big for S (docs/platform.md). */
    .globl SIMTY_ID_STACK_AREA
    .type SIMTY_ID_STACK_AREA, @object
    .size SIMTY_ID_STACK_AREA, 4
SIMTY_ID_STACK_AREA:
    .word SIMTY_ID_STACK_SIZE

/* Shared start-up / exit state. In .data, not .bss: hart 0 zeroes .bss while
 * the other harts already poll __simty_init_done. */
    .globl __simty_init_done
__simty_init_done:
    .word 0
    /* QEMU only: min over (hartid << 8 | code & 0xff) of harts that exited
     * non-zero; all ones = none did. */
    .globl __simty_exit_code
__simty_exit_code:
    .word 0xffffffff
    /* QEMU only: number of harts that have called _exit. */
    .globl __simty_exit_count
__simty_exit_count:
    .word 0
    /* QEMU only: console spin lock (0 = free), shared with runtime.c. */
    .globl __simty_console_lock
__simty_console_lock:
    .word 0

#ifdef SIMTY_TEAM_MODE
/* Team mode (simty-cc -fopenmp, -pthread, -ftree-parallelize-loops=N):
 * the team runtime (sdk/omp) references this symbol, so linking it into
 * an SPMD program fails with its name. */
    .section .rodata.simty.team, "a"
    .balign 4
    .globl __simty_team_mode_needs_fopenmp_or_pthread
__simty_team_mode_needs_fopenmp_or_pthread:
    .word 1
#endif

/* ------------------------------------------------------------------ */

    .section .text.simty.start, "ax"
    .balign 4
    .globl _start
    .type _start, @function
_start:
#ifdef __riscv_flen
    /* Built with F (and D): mstatus.FS = Initial before any FP instruction
     * (FS resets to Off on QEMU, where FP instructions would then trap).
     * A build without F has no such instruction: its counts are unchanged. */
    li      t0, MSTATUS_FS_INITIAL
    csrs    mstatus, t0
#endif
    /* gp must not be computed relative to itself. */
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop

    csrr    s0, mhartid             /* s0 = hart id (callee-saved) */
    la      t0, SIMTY_ID_ON_SIMULATOR
    lw      s1, 0(t0)               /* s1 = on simulator? */
    bnez    s1, 1f
    /* QEMU: report traps instead of hanging.  On the simulator mtvec stays
     * 0 (no handler): a fault is reported by simty itself, and ecall with
     * a7 = 93 ends the thread (docs/platform.md, "Machine mode and traps"). */
    la      t0, __simty_trap
    csrw    mtvec, t0
1:
    la      t0, SIMTY_ID_NTHREADS
    lw      s2, 0(t0)               /* s2 = nthreads */
    /* QEMU run with more harts than __simty_nthreads: the extra ones idle. */
    bgeu    s0, s2, .Lpark

    /* Stack region [__simty_stack_region, ram_end) must hold nthreads areas
     * (the simulator checks it before the run; QEMU's RAM may be short). */
    la      t0, SIMTY_ID_RAM_END
    lw      s3, 0(t0)               /* s3 = ram end */
    la      t0, SIMTY_ID_STACK_AREA
    lw      s4, 0(t0)               /* s4 = S, bytes per area */
    lui     t1, %hi(__simty_stack_region)
    addi    t1, t1, %lo(__simty_stack_region)
    bltu    s3, t1, .Lnomem
    sub     t2, s3, t1
    divu    t2, t2, s4              /* areas that fit */
    bgtu    s2, t2, .Lnomem

    /* Hart h owns [end - (h+1)*S, end - h*S); TLS at its top, sp below. */
    mul     t0, s0, s4
    sub     t0, s3, t0              /* top of this hart's area */
    lui     t1, %hi(__simty_tls_reserve)
    addi    t1, t1, %lo(__simty_tls_reserve)
    sub     t0, t0, t1
    lui     t1, %hi(__simty_tls_align)
    addi    t1, t1, %lo(__simty_tls_align)
    neg     t1, t1
    and     s5, t0, t1              /* s5 = TLS block, aligned (>= 16) */
    mv      sp, s5

    mv      tp, s5
    jal     t6, .Linit_tls          /* copy .tdata, zero .tbss (QEMU) */

    beqz    s0, .Lhart0_init
    j       .Lwait_init

.Lhart0_init:
    /* Hart 0 only.
     * Zero .bss 16 bytes per iteration (simty.ld aligns both ends to 16);
     * picolibc's size-optimised memset would store byte by byte.
     * The simulator's loader already zero-fills .bss (docs/platform.md), and
     * one hart clearing a big .bss alone while every other hart waits costs
     * W cycles per store on a wide machine: skip it there. */
    bnez    s1, 2f
    la      t0, __bss_start
    la      t1, __bss_end
    bgeu    t0, t1, 2f
1:  sw      zero, 0(t0)
    sw      zero, 4(t0)
    sw      zero, 8(t0)
    sw      zero, 12(t0)
    addi    t0, t0, 16
    bltu    t0, t1, 1b
2:
    call    __libc_init_array
    call    __simty_get_args        /* argc, argv (hostio.c: semihosting) */
    fence   rw, w
    la      t0, __simty_init_done
    li      t1, 1
    sw      t1, 0(t0)
.Lwait_init:                        /* every hart, hart 0 included */
    bnez    s1, 2f
    la      t0, __simty_init_done   /* QEMU: poll */
1:  lw      t1, 0(t0)
    beqz    t1, 1b
    fence   r, rw
    j       3f
2:  csrw    SIMTY_CSR_BARRIER, zero /* simulator: park until hart 0 arrives */
3:  lw      a0, __simty_argc        /* argc, argv: the same for every hart */
    lw      a1, __simty_argv
    li      a2, 0                   /* envp */
#ifdef SIMTY_TEAM_MODE
    call    __simty_team_entry      /* team mode: main on hart 0 (omp/team.c) */
#else
    call    main
    call    _exit                   /* never returns */
#endif

.Lpark:
    bnez    s1, .Lpark_sim
1:  wfi
    j       1b
.Lpark_sim:
    j       .Lpark_sim              /* the simulator's "parked" convention */

.Lnomem:
    /* No usable stack here: hart 0 prints with the stackless UART helpers
     * (leaf routines, ra only), then every hart exits with code 1. */
    bnez    s0, 2f
    la      a0, .Lmsg_nomem1
    call    __simty_raw_puts
    mv      a0, s2
    call    __simty_raw_hex
    la      a0, .Lmsg_nomem2
    call    __simty_raw_puts
    mv      a0, s4
    call    __simty_raw_hex
    la      a0, .Lmsg_nomem3
    call    __simty_raw_puts
    mv      a0, s3
    call    __simty_raw_hex
    la      a0, .Lmsg_nl
    call    __simty_raw_puts
2:  li      a0, 1
    jump    __simty_finish, t1

/* .Linit_tls (jal t6; clobbers t0-t5): fill this hart's TLS block at tp.
 * Copies the .tdata template a word at a time when the template and its
 * size allow it (picolibc's size-optimised memcpy and memset, which
 * _init_tls calls, go byte by byte: on a wide warp every byte of every lane
 * is one replay pass, the areas being S bytes apart). .tbss is zeroed on
 * QEMU only: on the simulator RAM starts zeroed and no one has written the
 * stack region yet (docs/platform.md), so the block's .tbss is already
 * clear. Uses no stack. */
.Linit_tls:
    lui     t0, %hi(__tdata_source)
    addi    t0, t0, %lo(__tdata_source)
    lui     t1, %hi(__tdata_size)
    addi    t1, t1, %lo(__tdata_size)
    mv      t2, tp
    add     t3, t0, t1              /* end of the template */
    beq     t0, t3, 4f
    or      t5, t0, t1
    andi    t5, t5, 3
    bnez    t5, 3f                  /* unaligned template or size: bytes */
1:  lw      t4, 0(t0)
    sw      t4, 0(t2)
    addi    t0, t0, 4
    addi    t2, t2, 4
    bltu    t0, t3, 1b
    j       4f
3:  lbu     t4, 0(t0)
    sb      t4, 0(t2)
    addi    t0, t0, 1
    addi    t2, t2, 1
    bltu    t0, t3, 3b
4:  bnez    s1, 6f                  /* simulator: .tbss is already zero */
    lui     t0, %hi(__tbss_offset)
    addi    t0, t0, %lo(__tbss_offset)
    add     t0, t0, tp
    lui     t1, %hi(__tbss_size)
    addi    t1, t1, %lo(__tbss_size)
    add     t1, t1, t0
    bgeu    t0, t1, 6f
5:  sb      zero, 0(t0)
    addi    t0, t0, 1
    bltu    t0, t1, 5b
6:  jr      t6
    .size _start, . - _start

/* ------------------------------------------------------------------ */
/* _exit(code): ends the calling thread only; the program ends when all
 * threads have (docs/platform.md). exit() runs atexit handlers and
 * destructors on the calling thread, then comes here. On the simulator it
 * touches no stack (every lane's frame would be a replay pass of its own,
 * the stacks being S bytes apart); on QEMU runtime.c's __simty_exit_qemu
 * flushes the hart's line and counts it out of the barrier first. */

    .section .text.simty.exit, "ax"
    .balign 4
    .globl _exit
    .type _exit, @function
_exit:
#ifdef SIMTY_TEAM_MODE
    tail    __simty_team_exit       /* team mode: ends the whole program */
#endif
    la      t0, SIMTY_ID_ON_SIMULATOR
    lw      t0, 0(t0)
    beqz    t0, 1f
    tail    __simty_finish
1:  tail    __simty_exit_qemu
    .size _exit, . - _exit

/* ------------------------------------------------------------------ */
/* __simty_finish(code): end this thread without using the stack.
 * Simulator: ecall 93 (a thread that installed a trap handler must clear
 * mtvec first, else the ecall traps: docs/platform.md). QEMU: record the code, count the hart out; the last
 * hart writes the finisher (exit code of the lowest hart that exited
 * non-zero, else 0), the others sleep. */

    .section .text.simty.finish, "ax"
    .balign 4
    .globl __simty_finish
    .type __simty_finish, @function
__simty_finish:
    la      t0, SIMTY_ID_ON_SIMULATOR
    lw      t0, 0(t0)
    beqz    t0, 1f
    li      a7, 93
    ecall
    j       .                       /* not reached: ecall ends the thread */
1:
    beqz    a0, 2f
    csrr    t1, mhartid
    slli    t1, t1, 8
    andi    t2, a0, 0xff
    or      t1, t1, t2
    la      t0, __simty_exit_code
    amominu.w.aqrl zero, t1, (t0)
2:
    la      t0, __simty_exit_count
    li      t1, 1
    amoadd.w.aqrl t1, t1, (t0)
    addi    t1, t1, 1
    la      t2, SIMTY_ID_NTHREADS
    lw      t2, 0(t2)
    bne     t1, t2, 4f              /* not the last hart out */
    la      t0, __simty_exit_code
    lw      t1, 0(t0)
    li      t2, SIMTY_FINISHER_PASS
    li      t3, -1
    beq     t1, t3, 3f
    andi    t1, t1, 0xff
    slli    t1, t1, SIMTY_FINISHER_CODE_SHIFT
    li      t2, SIMTY_FINISHER_FAIL
    or      t2, t2, t1
3:  li      t0, SIMTY_FINISHER_BASE
    sw      t2, 0(t0)
4:  wfi
    j       4b
    .size __simty_finish, . - __simty_finish

/* ------------------------------------------------------------------ */
/* Stackless UART output (leaf routines: clobber a0, t0-t4 and nothing else).
 * Used where no stack or lock may exist: start-up errors and the trap
 * handler. */

    .section .text.simty.raw, "ax"
    .balign 4
    .globl __simty_raw_puts
    .type __simty_raw_puts, @function
__simty_raw_puts:                   /* a0 = NUL-terminated string */
    li      t0, SIMTY_UART_BASE
1:  lbu     t1, 0(a0)
    beqz    t1, 3f
2:  lbu     t2, SIMTY_UART_LSR(t0)
    andi    t2, t2, SIMTY_UART_LSR_THRE
    beqz    t2, 2b
    sb      t1, SIMTY_UART_THR(t0)
    addi    a0, a0, 1
    j       1b
3:  ret
    .size __simty_raw_puts, . - __simty_raw_puts

    .globl __simty_raw_hex
    .type __simty_raw_hex, @function
__simty_raw_hex:                    /* a0 = value, printed as 8 hex digits */
    li      t0, SIMTY_UART_BASE
    li      t4, 28
1:  srl     t1, a0, t4
    andi    t1, t1, 15
    addi    t1, t1, '0'
    li      t3, '9'
    bleu    t1, t3, 2f
    addi    t1, t1, 'a' - '0' - 10
2:  lbu     t2, SIMTY_UART_LSR(t0)
    andi    t2, t2, SIMTY_UART_LSR_THRE
    beqz    t2, 2b
    sb      t1, SIMTY_UART_THR(t0)
    addi    t4, t4, -4
    bgez    t4, 1b
    ret
    .size __simty_raw_hex, . - __simty_raw_hex

/* ------------------------------------------------------------------ */
/* QEMU-only trap handler (mtvec, direct mode): print the cause and end the
 * whole run through the finisher so a faulting program does not hang. Uses
 * no stack (sp may be what faulted) and never returns. The console lock is
 * taken with a bounded wait: the faulting hart may hold it itself. */

    .section .text.simty.trap, "ax"
    .balign 4
    .globl __simty_trap
    .type __simty_trap, @function
__simty_trap:
    la      t5, __simty_console_lock
    li      t6, 1000000
1:  li      t0, 1
    amoswap.w.aq t0, t0, (t5)
    beqz    t0, 2f
    addi    t6, t6, -1
    bnez    t6, 1b
2:
    la      a0, .Lmsg_trap_hart
    call    __simty_raw_puts
    csrr    a0, mhartid
    call    __simty_raw_hex
    la      a0, .Lmsg_trap_cause
    call    __simty_raw_puts
    csrr    a0, mcause
    call    __simty_raw_hex
    la      a0, .Lmsg_trap_epc
    call    __simty_raw_puts
    csrr    a0, mepc
    call    __simty_raw_hex
    la      a0, .Lmsg_trap_tval
    call    __simty_raw_puts
    csrr    a0, mtval
    call    __simty_raw_hex
    la      a0, .Lmsg_nl
    call    __simty_raw_puts
    li      t0, SIMTY_FINISHER_BASE
    li      t1, (TRAP_EXIT << SIMTY_FINISHER_CODE_SHIFT) | SIMTY_FINISHER_FAIL
    sw      t1, 0(t0)
3:  wfi
    j       3b
    .size __simty_trap, . - __simty_trap

    .section .rodata.simty, "a"
.Lmsg_nomem1:
    .asciz "simty crt0: stacks do not fit: nthreads=0x"
.Lmsg_nomem2:
    .asciz " x stack_size=0x"
.Lmsg_nomem3:
    .asciz " bytes above 0x82000000, ram_end=0x"
.Lmsg_trap_hart:
    .asciz "trap: hart=0x"
.Lmsg_trap_cause:
    .asciz " mcause=0x"
.Lmsg_trap_epc:
    .asciz " mepc=0x"
.Lmsg_trap_tval:
    .asciz " mtval=0x"
.Lmsg_nl:
    .asciz "\n"
