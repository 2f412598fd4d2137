/*
 * interp.c - a small stack-machine bytecode interpreter (15 opcodes, a
 * `switch` in a loop, which GCC compiles to a jump table).
 *
 * NJOBS jobs, each running one of five hand-written bytecode programs (job
 * j runs program j % NPROG: gcd, Collatz steps, sum of squares, Fibonacci,
 * integer square root) on its own generated inputs. Thread t runs jobs t,
 * t+n, t+2n... Irregular for SIMT: the dispatch is an indirect jump through
 * the table, and the lanes of a warp sit at different opcodes (different
 * programs, or the same program at a different point), so the jump is
 * replayed once per distinct target; the loops in the programs run for
 * data-dependent trip counts; the bytecode and operand stacks are read at
 * different addresses in every lane. The check is a direct C computation.
 */
#include "workload.h"

#define NJOBS 256
#define NPROG 5

enum {
    OP_HALT,   /* return the top of the stack */
    OP_PUSH,   /* push arg */
    OP_LOAD,   /* push local[arg] */
    OP_STORE,  /* local[arg] = pop */
    OP_ADD,    /* the binary operators pop b, then a, and push a op b */
    OP_SUB,
    OP_MUL,
    OP_DIV,
    OP_MOD,
    OP_LT,
    OP_DUP,
    OP_SWAP,
    OP_DROP,
    OP_JZ,     /* pop; jump to arg if it was 0 */
    OP_JMP,    /* jump to arg */
};

/* one instruction word: opcode in the low byte, argument above */
#define I(op, arg) ((uint32_t)(op) | (uint32_t)(arg) << 8)
#define O(op)      I(op, 0)

/* Programs: inputs in local[0] and local[1], local[2] is scratch. */
static const uint32_t prog_gcd[] = {
    /* 0 */ I(OP_LOAD, 1), I(OP_JZ, 9),                       /* while (b) */
    /* 2 */ I(OP_LOAD, 0), I(OP_LOAD, 1), O(OP_MOD),          /* a % b */
    /* 5 */ I(OP_LOAD, 1), I(OP_STORE, 0),                    /* a = b */
    /* 7 */ I(OP_STORE, 1), I(OP_JMP, 0),                     /* b = a % b */
    /* 9 */ I(OP_LOAD, 0), O(OP_HALT),
};

static const uint32_t prog_collatz[] = {
    /*  0 */ I(OP_PUSH, 0), I(OP_STORE, 2),                   /* steps = 0 */
    /*  2 */ I(OP_LOAD, 0), I(OP_PUSH, 1), O(OP_SUB), I(OP_JZ, 26), /* while (x != 1) */
    /*  6 */ I(OP_LOAD, 0), I(OP_PUSH, 2), O(OP_MOD), I(OP_JZ, 17),
    /* 10 */ I(OP_LOAD, 0), I(OP_PUSH, 3), O(OP_MUL), I(OP_PUSH, 1), O(OP_ADD),
    /* 15 */ I(OP_STORE, 0), I(OP_JMP, 21),                   /* odd: x = 3x + 1 */
    /* 17 */ I(OP_LOAD, 0), I(OP_PUSH, 2), O(OP_DIV), I(OP_STORE, 0), /* even: x /= 2 */
    /* 21 */ I(OP_LOAD, 2), I(OP_PUSH, 1), O(OP_ADD), I(OP_STORE, 2), I(OP_JMP, 2),
    /* 26 */ I(OP_LOAD, 2), O(OP_HALT),
};

static const uint32_t prog_sumsq[] = {
    /*  0 */ I(OP_PUSH, 0), I(OP_STORE, 2),                   /* s = 0 */
    /*  2 */ I(OP_LOAD, 0), I(OP_JZ, 15),                     /* while (a) */
    /*  4 */ I(OP_LOAD, 0), O(OP_DUP), O(OP_MUL),
    /*  7 */ I(OP_LOAD, 2), O(OP_ADD), I(OP_STORE, 2),        /* s += a * a */
    /* 10 */ I(OP_LOAD, 0), I(OP_PUSH, 1), O(OP_SUB), I(OP_STORE, 0), /* a-- */
    /* 14 */ I(OP_JMP, 2),
    /* 15 */ I(OP_LOAD, 2), O(OP_HALT),
};

static const uint32_t prog_fib[] = {
    /*  0 */ I(OP_PUSH, 0), I(OP_PUSH, 1),                    /* stack: x y */
    /*  2 */ I(OP_LOAD, 0), I(OP_JZ, 14),                     /* while (a) */
    /*  4 */ O(OP_DUP), I(OP_STORE, 2), O(OP_ADD),            /* x + y, tmp = y */
    /*  7 */ I(OP_LOAD, 2), O(OP_SWAP),                       /* stack: y x+y */
    /*  9 */ I(OP_LOAD, 0), I(OP_PUSH, 1), O(OP_SUB), I(OP_STORE, 0), /* a-- */
    /* 13 */ I(OP_JMP, 2),
    /* 14 */ O(OP_DROP), O(OP_HALT),                          /* x = fib(a) */
};

static const uint32_t prog_isqrt[] = {
    /*  0 */ I(OP_PUSH, 0), I(OP_STORE, 2),                   /* r = 0 */
    /*  2 */ I(OP_LOAD, 0), I(OP_LOAD, 2), I(OP_PUSH, 1), O(OP_ADD),
    /*  6 */ O(OP_DUP), O(OP_MUL), O(OP_LT), I(OP_JZ, 12),    /* a < (r+1)^2 ? */
    /* 10 */ I(OP_LOAD, 2), O(OP_HALT),
    /* 12 */ I(OP_LOAD, 2), I(OP_PUSH, 1), O(OP_ADD), I(OP_STORE, 2), /* r++ */
    /* 16 */ I(OP_JMP, 2),
};

static const uint32_t *const progs[NPROG] = {
    prog_gcd, prog_collatz, prog_sumsq, prog_fib, prog_isqrt,
};

static uint32_t in0[NJOBS] WL_ALIGNED, in1[NJOBS] WL_ALIGNED;
static uint32_t result[NJOBS] WL_ALIGNED;

#define BAD_OPCODE 0xdeadbeefu

static uint32_t interpret(const uint32_t *code, uint32_t a, uint32_t b)
{
    uint32_t stack[8], local[3] = {a, b, 0};
    unsigned sp = 0, pc = 0;

    for (;;) {
        uint32_t ins = code[pc++], arg = ins >> 8, x, y;
        switch (ins & 0xff) {
        case OP_HALT:
            return stack[sp - 1];
        case OP_PUSH:
            stack[sp++] = arg;
            break;
        case OP_LOAD:
            stack[sp++] = local[arg];
            break;
        case OP_STORE:
            local[arg] = stack[--sp];
            break;
        case OP_ADD:
            y = stack[--sp];
            stack[sp - 1] += y;
            break;
        case OP_SUB:
            y = stack[--sp];
            stack[sp - 1] -= y;
            break;
        case OP_MUL:
            y = stack[--sp];
            stack[sp - 1] *= y;
            break;
        case OP_DIV:
            y = stack[--sp];
            stack[sp - 1] /= y;
            break;
        case OP_MOD:
            y = stack[--sp];
            stack[sp - 1] %= y;
            break;
        case OP_LT:
            y = stack[--sp];
            stack[sp - 1] = stack[sp - 1] < y;
            break;
        case OP_DUP:
            x = stack[sp - 1];
            stack[sp++] = x;
            break;
        case OP_SWAP:
            x = stack[sp - 1];
            stack[sp - 1] = stack[sp - 2];
            stack[sp - 2] = x;
            break;
        case OP_DROP:
            sp--;
            break;
        case OP_JZ:
            if (stack[--sp] == 0)
                pc = arg;
            break;
        case OP_JMP:
            pc = arg;
            break;
        default:
            return BAD_OPCODE;
        }
    }
}

/* The same five functions in plain C, for the check. */
static uint32_t direct(unsigned prog, uint32_t a, uint32_t b)
{
    uint32_t r = 0, x = 0, y = 1, t;
    switch (prog) {
    case 0:
        while (b) {
            t = a % b;
            a = b;
            b = t;
        }
        return a;
    case 1:
        for (; a != 1; r++)
            a = a % 2 ? 3 * a + 1 : a / 2;
        return r;
    case 2:
        for (; a; a--)
            r += a * a;
        return r;
    case 3:
        for (; a; a--) {
            t = x + y;
            x = y;
            y = t;
        }
        return x;
    default:
        while ((r + 1) * (r + 1) <= a)
            r++;
        return r;
    }
}

/* The inputs of job j. */
static void make_input(unsigned j, uint32_t *a, uint32_t *b)
{
    *b = 0;
    switch (j % NPROG) {
    case 0:  /* gcd: two 16-bit values, every 3rd pair with a common factor */
        *a = 1 + wl_rand_below(1, j, 0xffff);
        *b = 1 + wl_rand_below(2, j, 0xffff);
        if (j % 3 == 0) {
            *a = *a % 512 * 97;
            *b = (*b % 512 + 1) * 97;
        }
        break;
    case 1:  /* Collatz: steps to reach 1 */
        *a = 1 + wl_rand_below(1, j, 255);
        break;
    case 4:  /* integer square root */
        *a = wl_rand_below(1, j, 4096);
        break;
    default: /* sum of squares, Fibonacci: loop count */
        *a = wl_rand_below(1, j, 64);
        break;
    }
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned j = tid; j < NJOBS; j += n)
        make_input(j, &in0[j], &in1[j]);
    wl_begin();
    for (unsigned j = tid; j < NJOBS; j += n)
        result[j] = interpret(progs[j % NPROG], in0[j], in1[j]);
    if (!wl_end())
        return 0;

    /* direct C computation, on inputs generated afresh */
    unsigned bad = 0;
    uint32_t sum = 0;
    for (unsigned j = 0; j < NJOBS; j++) {
        uint32_t x, y;
        make_input(j, &x, &y);
        uint32_t want = direct(j % NPROG, x, y);
        bad += result[j] != want;
        sum += want;
    }
    return wl_report("interp", bad == 0, "%u jobs, result sum %u, %u wrong", NJOBS,
                     (unsigned)sum, bad);
}
