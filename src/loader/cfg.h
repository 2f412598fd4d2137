/* Reconvergence points from a program's control-flow graph (--paths ipdom).
 *
 * The loader splits the executable segments into functions (the ELF's
 * function symbols; the code between them, without a symbol, is one region
 * each), builds each function's control-flow graph at the instruction
 * level and computes its post-dominators (Cooper, Harvey and Kennedy's
 * iterative scheme on the reverse graph, with a virtual exit node).  Each
 * conditional branch, and each indirect jump that is neither a call nor a
 * return, gets its immediate post-dominator: the PC where the paths it
 * splits meet again.  The graph, and its conservative cases:
 *
 *  - a branch or `jal x0` goes to its target, a target outside the function
 *    (a tail call) or not on an instruction boundary being the exit;
 *  - a call (jal or jalr that links) falls through: the callee is not
 *    entered, it returns;
 *  - a return, mret, and an indirect jump that does not link (a jump table,
 *    a tail call through a register) go to the exit: their targets are
 *    unknown, so a branch whose ways meet only after one reconverges at the
 *    function's exit (RECONV_AT_RETURN: when its threads return);
 *  - ecall, ebreak (and so the semihosting sequence), wfi and every other
 *    instruction fall through; an illegal word (data in the text) and
 *    falling off the function's end go to the exit;
 *  - code that cannot reach the exit (an endless loop left only by a thread
 *    exit) gets an edge to the exit from its highest instruction, so its
 *    branches still have post-dominators inside the loop.
 * Several returns are no problem: they all go to the one virtual exit. */
#ifndef SIMTY_LOADER_CFG_H
#define SIMTY_LOADER_CFG_H

#include <stddef.h>
#include <stdint.h>

#include "loader/elf.h"
#include "memory/memory.h"

/* Where the paths a divergent instruction produces reconverge */
enum reconv_kind {
    RECONV_NONE,      /* nowhere in particular (they stay in the current region) */
    RECONV_AT_PC,     /* at a PC, at the call depth of the instruction */
    RECONV_AT_RETURN, /* when they leave the function (return below its depth) */
};

typedef struct reconv_point {
    uint32_t pc;  /* a conditional branch or indirect jump */
    uint32_t rpc; /* RECONV_AT_PC: its immediate post-dominator */
    uint8_t kind; /* enum reconv_kind */
} reconv_point;

typedef struct reconv_table {
    reconv_point *p; /* sorted by pc */
    size_t n, cap;
} reconv_table;

/* Immediate post-dominators of a graph of n nodes plus the virtual exit
 * (node n): succ[i] lists node i's successors (up to 2, -1 for none, n for
 * the exit).  Nodes that cannot reach the exit get an edge to it (see
 * above: the highest-numbered such node first, until every node reaches
 * it).  ipdom[i] gets node i's immediate post-dominator (n: the exit).
 * Returns 0, or -1 if out of host memory. */
int cfg_postdom(unsigned n, const int32_t (*succ)[2], int32_t *ipdom);

/* The reconvergence points of the code in [lo, hi) at guest address lo
 * (code[0, hi - lo)), one function.  Appends to t (zeroed to start).  0, or -1 (out of host
 * memory). */
int reconv_add_function(reconv_table *t, const uint8_t *code, uint32_t lo, uint32_t hi);

/* Every function of a loaded image's executable segments (mem holds them).
 * 0, or -1 with a one-line reason in err. */
int reconv_build(reconv_table *t, const elf_image *img, memory_t *mem, char *err, size_t errlen);

void reconv_free(reconv_table *t);

/* The reconvergence of the divergent instruction at pc: RECONV_AT_PC with
 * *rpc, or RECONV_AT_RETURN for an instruction the analysis did not see
 * (code outside the ELF's executable segments, or written at run time). */
enum reconv_kind reconv_lookup(const reconv_table *t, uint32_t pc, uint32_t *rpc);

#endif
