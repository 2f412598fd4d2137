/*
 * simty_guest.h - THE guest contract of the simty platform: every number and
 * symbol name that the simulator, the SDK and guest programs must agree on
 * (custom CSRs, barrier scopes, the memory map and its devices, the symbols
 * the loader reads or fills in).  docs/platform.md explains each one.
 *
 * Each value is written here and nowhere else: the simulator (src/), the
 * SDK (crt0.S, runtime.c, simty.h) and the test programs include this file.
 * Only preprocessor definitions, so it serves C, C++ and assembler (.S,
 * which goes through the C preprocessor).  The linker scripts (sdk/simty.ld,
 * tests/isa/link.ld and lowmem.ld) are not preprocessed: they spell the RAM
 * base themselves.
 */
#ifndef SIMTY_GUEST_H
#define SIMTY_GUEST_H

/* Stringify after expansion, for inline assembly:
 *   __asm__ volatile("csrw " SIMTY_XSTR(SIMTY_CSR_BARRIER) ", zero");
 * (CSR numbers and scopes carry no suffix, so they stringify cleanly.) */
#define SIMTY_STR(x) #x
#define SIMTY_XSTR(x) SIMTY_STR(x)

/* An unsigned constant in C, a plain number in assembler. */
#ifdef __ASSEMBLER__
#define SIMTY_U(x) x
#else
#define SIMTY_U(x) x##u
#endif

/* ---- Custom CSRs ---------------------------------------------------- */

/* Machine-mode custom read-only range (0xFC0-0xFFF): the machine's shape.
 * They do not exist on QEMU (reading them traps). */
#define SIMTY_CSR_WARPS   0xfc0 /* warps per core (W) */
#define SIMTY_CSR_THREADS 0xfc1 /* threads per warp (T) */
#define SIMTY_CSR_HARTS   0xfc2 /* total harts */
#define SIMTY_CSR_CORES   0xfc3 /* cores */
/* cycles between exchanges of the cores' effects (--quantum): 1, the
 * machine is sequentially consistent; more, a store reaches other threads
 * up to that many cycles later (TSO: docs/platform.md) */
#define SIMTY_CSR_QUANTUM 0xfc4

/* Region of interest (custom read/write): write SIMTY_ROI_OPEN to open it,
 * SIMTY_ROI_CLOSE to close it; a read returns whether it is open. */
#define SIMTY_CSR_ROI   0x7c0
#define SIMTY_ROI_CLOSE 0
#define SIMTY_ROI_OPEN  1

/* Hardware barrier (custom user read/write): a write of a scope arrives at
 * the barrier; a read returns the number of barriers completed. */
#define SIMTY_CSR_BARRIER             0x800
#define SIMTY_BARRIER_SCOPE_MACHINE   0 /* every thread of the machine */
#define SIMTY_BARRIER_SCOPE_CORE      1 /* every thread of the core */

/* ---- Memory map ----------------------------------------------------- */

/* Main RAM: its base, and its size unless `simty run --ram-size` says
 * otherwise. */
#define SIMTY_RAM_BASE         SIMTY_U(0x80000000)
#define SIMTY_RAM_SIZE_DEFAULT SIMTY_U(0x04000000) /* 64 MiB */
/* The SDK's layout (sdk/simty.ld, which cannot include this file): program
 * image and heap below SIMTY_STACK_REGION, per-hart areas of
 * SIMTY_STACK_SIZE_DEFAULT bytes (simty-cc --stack-size) above it.  The
 * simulator's default RAM holds that many areas for every hart of the
 * machine (docs/platform.md). */
#define SIMTY_STACK_REGION       SIMTY_U(0x82000000)
#define SIMTY_STACK_SIZE_DEFAULT SIMTY_U(8192)

/* SiFive test finisher: a 32-bit store at its base of SIMTY_FINISHER_PASS
 * ends the program with exit code 0, of
 * (code << SIMTY_FINISHER_CODE_SHIFT) | SIMTY_FINISHER_FAIL with exit code
 * `code`.  The command is the low SIMTY_FINISHER_CMD_MASK bits. */
#define SIMTY_FINISHER_BASE       SIMTY_U(0x00100000)
#define SIMTY_FINISHER_SIZE       SIMTY_U(0x1000)
#define SIMTY_FINISHER_PASS       SIMTY_U(0x5555)
#define SIMTY_FINISHER_FAIL       SIMTY_U(0x3333)
#define SIMTY_FINISHER_CMD_MASK   SIMTY_U(0xffff)
#define SIMTY_FINISHER_CODE_SHIFT 16

/* 16550-style UART (console): register offsets from its base. */
#define SIMTY_UART_BASE     SIMTY_U(0x10000000)
#define SIMTY_UART_SIZE     SIMTY_U(0x100)
#define SIMTY_UART_THR      0    /* byte store: print the byte */
#define SIMTY_UART_LSR      5    /* line status register */
#define SIMTY_UART_LSR_THRE 0x20 /* LSR: transmit holding register empty */
#define SIMTY_UART_LSR_TEMT 0x40 /* LSR: transmitter empty */
/* What the simulator's LSR always reads: ready to send. */
#define SIMTY_UART_LSR_IDLE (SIMTY_UART_LSR_THRE | SIMTY_UART_LSR_TEMT)

/* CLINT (core-local interruptor, as on QEMU virt): per hart h, a
 * software-interrupt word at MSIP + 4h and a 64-bit timer compare at
 * MTIMECMP + 8h (harts below SIMTY_CLINT_HARTS); the machine's 64-bit
 * timer at MTIME, counting one per cycle.  32-bit aligned accesses only. */
#define SIMTY_CLINT_BASE     SIMTY_U(0x02000000)
#define SIMTY_CLINT_SIZE     SIMTY_U(0x10000)
#define SIMTY_CLINT_MSIP     SIMTY_U(0x0000)
#define SIMTY_CLINT_MTIMECMP SIMTY_U(0x4000)
#define SIMTY_CLINT_MTIME    SIMTY_U(0xbff8)
#define SIMTY_CLINT_HARTS    4095

/* ---- Symbols ---------------------------------------------------------- */

/* Words the loader overwrites when the ELF defines them (4 bytes each):
 * the number of harts, 1 on the simulator, the end address of main RAM.
 * SIMTY_ID_* are the identifiers (for assembler and C declarations),
 * SIMTY_SYM_* the same names as strings (for the simulator's look-ups). */
#define SIMTY_ID_NTHREADS     __simty_nthreads
#define SIMTY_ID_ON_SIMULATOR __simty_on_simulator
#define SIMTY_ID_RAM_END      __simty_ram_end
/* Bytes of stack + TLS per hart (an absolute symbol, from the SDK's linker
 * script or simty-cc --stack-size): with SIMTY_ID_RAM_END it marks an SDK
 * program, whose per-hart stacks the simulator knows. */
#define SIMTY_ID_STACK_SIZE   __simty_stack_size
/* A loader-filled word: bytes per hart area at run time, S unless a machine
 * too big for S-byte areas in the largest RAM makes the simulator give each
 * hart less (docs/platform.md, "Per-thread stacks"). */
#define SIMTY_ID_STACK_AREA   __simty_stack_area
/* Linker-script symbols of an SDK program the simulator reads: the bottom
 * of the stack region, the TLS block's size at the top of each area. */
#define SIMTY_ID_STACK_REGION __simty_stack_region
#define SIMTY_ID_TLS_RESERVE  __simty_tls_reserve
/* Defined (absolute) by a program expected to deadlock (`simty bench`). */
#define SIMTY_ID_EXPECT_DEADLOCK simty_expect_deadlock
/* riscv-tests convention: a store of (code << 1) | 1 ends the program. */
#define SIMTY_ID_TOHOST       tohost

#define SIMTY_SYM_NTHREADS        SIMTY_XSTR(SIMTY_ID_NTHREADS)
#define SIMTY_SYM_ON_SIMULATOR    SIMTY_XSTR(SIMTY_ID_ON_SIMULATOR)
#define SIMTY_SYM_RAM_END         SIMTY_XSTR(SIMTY_ID_RAM_END)
#define SIMTY_SYM_STACK_SIZE      SIMTY_XSTR(SIMTY_ID_STACK_SIZE)
#define SIMTY_SYM_STACK_AREA      SIMTY_XSTR(SIMTY_ID_STACK_AREA)
#define SIMTY_SYM_STACK_REGION    SIMTY_XSTR(SIMTY_ID_STACK_REGION)
#define SIMTY_SYM_TLS_RESERVE     SIMTY_XSTR(SIMTY_ID_TLS_RESERVE)
#define SIMTY_SYM_EXPECT_DEADLOCK SIMTY_XSTR(SIMTY_ID_EXPECT_DEADLOCK)
#define SIMTY_SYM_TOHOST          SIMTY_XSTR(SIMTY_ID_TOHOST)

#endif /* SIMTY_GUEST_H */
