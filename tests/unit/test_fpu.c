/* The F/D semantics module (isa/fpu.h) against results derived by hand from
 * the RISC-V rules: each operation; each rounding mode on values whose result
 * depends on it (ties at 1 + 2^-24, subnormal boundaries, overflow); the
 * flags, with tininess after rounding; NaN boxing and the canonical NaN;
 * fmin/fmax, compares, fclass; every conversion edge in all five modes;
 * fused multiply-add single rounding; several lanes with a mask and a
 * different frm per lane; the host environment left as found. */
#include <fenv.h>
#include <string.h>

#include "check.h"
#include "isa/fpu.h"

#define W 64 /* stride */
#define BOX 0xffffffff00000000ull
#define S(v) (BOX | (uint64_t)(v))
#define CS 0x7fc00000u
#define CD 0x7ff8000000000000ull
#define NV FFLAG_NV
#define DZ FFLAG_DZ
#define OF FFLAG_OF
#define UF FFLAG_UF
#define NX FFLAG_NX

/* Encodings: rd = 5, rs1 = 1, rs2 = 2, rs3 = 3 */
static const struct { uint8_t op, opcode, f7; int8_t rs2, f3; } ENC[] = {
    {OP_FMADD_S, 0x43, 0, -1, -1},  {OP_FMSUB_S, 0x47, 0, -1, -1},
    {OP_FNMSUB_S, 0x4b, 0, -1, -1}, {OP_FNMADD_S, 0x4f, 0, -1, -1},
    {OP_FMADD_D, 0x43, 1, -1, -1},  {OP_FMSUB_D, 0x47, 1, -1, -1},
    {OP_FNMSUB_D, 0x4b, 1, -1, -1}, {OP_FNMADD_D, 0x4f, 1, -1, -1},
    {OP_FADD_S, 0x53, 0x00, -1, -1}, {OP_FSUB_S, 0x53, 0x04, -1, -1},
    {OP_FMUL_S, 0x53, 0x08, -1, -1}, {OP_FDIV_S, 0x53, 0x0c, -1, -1},
    {OP_FSQRT_S, 0x53, 0x2c, 0, -1}, {OP_FADD_D, 0x53, 0x01, -1, -1},
    {OP_FSUB_D, 0x53, 0x05, -1, -1}, {OP_FMUL_D, 0x53, 0x09, -1, -1},
    {OP_FDIV_D, 0x53, 0x0d, -1, -1}, {OP_FSQRT_D, 0x53, 0x2d, 0, -1},
    {OP_FSGNJ_S, 0x53, 0x10, -1, 0}, {OP_FSGNJN_S, 0x53, 0x10, -1, 1},
    {OP_FSGNJX_S, 0x53, 0x10, -1, 2}, {OP_FSGNJ_D, 0x53, 0x11, -1, 0},
    {OP_FSGNJN_D, 0x53, 0x11, -1, 1}, {OP_FSGNJX_D, 0x53, 0x11, -1, 2},
    {OP_FMIN_S, 0x53, 0x14, -1, 0}, {OP_FMAX_S, 0x53, 0x14, -1, 1},
    {OP_FMIN_D, 0x53, 0x15, -1, 0}, {OP_FMAX_D, 0x53, 0x15, -1, 1},
    {OP_FCVT_W_S, 0x53, 0x60, 0, -1}, {OP_FCVT_WU_S, 0x53, 0x60, 1, -1},
    {OP_FCVT_W_D, 0x53, 0x61, 0, -1}, {OP_FCVT_WU_D, 0x53, 0x61, 1, -1},
    {OP_FMV_X_W, 0x53, 0x70, 0, 0}, {OP_FCLASS_S, 0x53, 0x70, 0, 1},
    {OP_FCLASS_D, 0x53, 0x71, 0, 1}, {OP_FEQ_S, 0x53, 0x50, -1, 2},
    {OP_FLT_S, 0x53, 0x50, -1, 1}, {OP_FLE_S, 0x53, 0x50, -1, 0},
    {OP_FEQ_D, 0x53, 0x51, -1, 2}, {OP_FLT_D, 0x53, 0x51, -1, 1},
    {OP_FLE_D, 0x53, 0x51, -1, 0}, {OP_FCVT_S_W, 0x53, 0x68, 0, -1},
    {OP_FCVT_S_WU, 0x53, 0x68, 1, -1}, {OP_FCVT_D_W, 0x53, 0x69, 0, -1},
    {OP_FCVT_D_WU, 0x53, 0x69, 1, -1}, {OP_FMV_W_X, 0x53, 0x78, 0, 0},
    {OP_FCVT_S_D, 0x53, 0x20, 1, -1}, {OP_FCVT_D_S, 0x53, 0x21, 0, -1},
};

static insn_t mk(unsigned op, unsigned rm, unsigned rd)
{
    insn_t d;
    for (unsigned i = 0; i < sizeof ENC / sizeof *ENC; i++) {
        if (ENC[i].op != op)
            continue;
        unsigned rs2 = ENC[i].rs2 < 0 ? 2 : (unsigned)ENC[i].rs2;
        unsigned f3 = ENC[i].f3 < 0 ? rm : (unsigned)ENC[i].f3;
        uint32_t raw = (uint32_t)ENC[i].f7 << 25 | rs2 << 20 | 1 << 15 | f3 << 12 | rd << 7 |
                       ENC[i].opcode;
        if (ENC[i].opcode != 0x53)
            raw |= 3u << 27;
        insn_decode(raw, &d);
        CHECK_EQ(d.op, op);
        return d;
    }
    memset(&d, 0, sizeof d);
    CHECK(!"no encoding");
    return d;
}

static uint64_t f[32 * W];
static uint32_t x[32 * W];
static uint8_t frm[W], ffl[W];

/* One lane: f1 = a, f2 = b, f3 = c, x1 = xi; rd = 5 (f5 or x5) */
static uint64_t run1(unsigned op, unsigned rm, uint64_t a, uint64_t b, uint64_t c, uint32_t xi,
                     unsigned dyn, uint8_t *fl)
{
    insn_t d = mk(op, rm, 5);
    f[1 * W] = a, f[2 * W] = b, f[3 * W] = c, x[1 * W] = xi;
    f[5 * W] = 0x5555, x[5 * W] = 0x5555;
    frm[0] = (uint8_t)dyn;
    ffl[0] = 0;
    fpu_exec(&d, f, x, W, 1, 1, frm, ffl);
    *fl = ffl[0];
    return (d.fp & FP_RD) ? f[5 * W] : x[5 * W];
}

/* op in each mode (static rm, then the same through frm): results r[], flags fl[] */
static void modes(int line, unsigned op, uint64_t a, uint64_t b, uint64_t c, uint32_t xi,
                  const uint64_t r[5], const uint8_t fl[5])
{
    for (unsigned m = 0; m < 5; m++) {
        for (int dyn = 0; dyn < 2; dyn++) {
            uint8_t got;
            uint64_t v = run1(op, dyn ? RM_DYN : m, a, b, c, xi, m, &got);
            check_count++;
            if (v != r[m] || got != fl[m]) {
                check_failures++;
                fprintf(stderr, "line %d: %s mode %u%s: 0x%llx flags 0x%x, want 0x%llx 0x%x\n", line,
                        insn_mnemonic(op), m, dyn ? " (dyn)" : "", (unsigned long long)v, got,
                        (unsigned long long)r[m], fl[m]);
            }
        }
    }
}

#define MODES(op, a, b, c, xi, r0, r1, r2, r3, r4, f0, f1, f2, f3, f4)                    \
    modes(__LINE__, op, a, b, c, xi, (const uint64_t[5]){r0, r1, r2, r3, r4},              \
          (const uint8_t[5]){f0, f1, f2, f3, f4})
/* same result and flags in every mode */
#define ALL(op, a, b, c, xi, r, fl) MODES(op, a, b, c, xi, r, r, r, r, r, fl, fl, fl, fl, fl)

static void test_arith_s(void)
{
    /* 1 + 2^-24: a tie; RNE even (down), RMM away (up) */
    MODES(OP_FADD_S, S(0x3f800000), S(0x33800000), 0, 0, S(0x3f800000), S(0x3f800000),
          S(0x3f800000), S(0x3f800001), S(0x3f800001), NX, NX, NX, NX, NX);
    MODES(OP_FADD_S, S(0xbf800000), S(0xb3800000), 0, 0, S(0xbf800000), S(0xbf800000),
          S(0xbf800001), S(0xbf800000), S(0xbf800001), NX, NX, NX, NX, NX);
    /* tie with an odd neighbour below: RNE and RMM both up */
    MODES(OP_FADD_S, S(0x3f800001), S(0x33800000), 0, 0, S(0x3f800002), S(0x3f800001),
          S(0x3f800001), S(0x3f800002), S(0x3f800002), NX, NX, NX, NX, NX);
    /* above the tie */
    MODES(OP_FADD_S, S(0x3f800000), S(0x33c00000), 0, 0, S(0x3f800001), S(0x3f800000),
          S(0x3f800000), S(0x3f800001), S(0x3f800001), NX, NX, NX, NX, NX);
    ALL(OP_FADD_S, S(0x3f800000), S(0x3f800000), 0, 0, S(0x40000000), 0);
    /* x - x: +0 except in RDN */
    MODES(OP_FSUB_S, S(0x3f800000), S(0x3f800000), 0, 0, S(0), S(0), S(0x80000000), S(0), S(0), 0,
          0, 0, 0, 0);
    ALL(OP_FADD_S, S(0x7f800000), S(0xff800000), 0, 0, S(CS), NV);
    ALL(OP_FSUB_S, S(0x7f800000), S(0x7f800000), 0, 0, S(CS), NV);
    /* overflow */
    MODES(OP_FMUL_S, S(0x7f7fffff), S(0x40000000), 0, 0, S(0x7f800000), S(0x7f7fffff),
          S(0x7f7fffff), S(0x7f800000), S(0x7f800000), OF | NX, OF | NX, OF | NX, OF | NX, OF | NX);
    MODES(OP_FMUL_S, S(0xff7fffff), S(0x40000000), 0, 0, S(0xff800000), S(0xff7fffff),
          S(0xff800000), S(0xff7fffff), S(0xff800000), OF | NX, OF | NX, OF | NX, OF | NX, OF | NX);
    /* (1 - 2^-46) 2^-126: tiny before rounding, not after except when rounded down */
    MODES(OP_FMUL_S, S(0x3f7ffffe), S(0x00800001), 0, 0, S(0x00800000), S(0x007fffff),
          S(0x007fffff), S(0x00800000), S(0x00800000), NX, UF | NX, UF | NX, NX, NX);
    /* 2^-126 - 2^-150: exact in 24 bits, so tiny after rounding too (UF in every mode) */
    MODES(OP_FMUL_S, S(0x3f7fffff), S(0x00800000), 0, 0, S(0x00800000), S(0x007fffff),
          S(0x007fffff), S(0x00800000), S(0x00800000), UF | NX, UF | NX, UF | NX, UF | NX, UF | NX);
    ALL(OP_FMUL_S, S(0x00800000), S(0x3f000000), 0, 0, S(0x00400000), 0); /* exact subnormal */
    /* 2^-150: tie between 0 and the smallest subnormal */
    MODES(OP_FMUL_S, S(0x00000001), S(0x3f000000), 0, 0, S(0), S(0), S(0), S(1), S(1), UF | NX,
          UF | NX, UF | NX, UF | NX, UF | NX);
    MODES(OP_FMUL_S, S(0x80000001), S(0x3f000000), 0, 0, S(0x80000000), S(0x80000000),
          S(0x80000001), S(0x80000000), S(0x80000001), UF | NX, UF | NX, UF | NX, UF | NX, UF | NX);
    /* 3 * 2^-150: tie between 1 and 2 subnormal ulps: RNE 2, RMM 2 */
    MODES(OP_FMUL_S, S(0x00000003), S(0x3f000000), 0, 0, S(2), S(1), S(1), S(2), S(2), UF | NX,
          UF | NX, UF | NX, UF | NX, UF | NX);
    MODES(OP_FDIV_S, S(0x3f800000), S(0x40400000), 0, 0, S(0x3eaaaaab), S(0x3eaaaaaa),
          S(0x3eaaaaaa), S(0x3eaaaaab), S(0x3eaaaaab), NX, NX, NX, NX, NX);
    ALL(OP_FDIV_S, S(0x3f800000), S(0), 0, 0, S(0x7f800000), DZ);
    ALL(OP_FDIV_S, S(0xbf800000), S(0), 0, 0, S(0xff800000), DZ);
    ALL(OP_FDIV_S, S(0x3f800000), S(0x80000000), 0, 0, S(0xff800000), DZ);
    ALL(OP_FDIV_S, S(0), S(0), 0, 0, S(CS), NV);
    ALL(OP_FDIV_S, S(0x7f800000), S(0xff800000), 0, 0, S(CS), NV);
    ALL(OP_FDIV_S, S(0x7f800000), S(0), 0, 0, S(0x7f800000), 0);
    ALL(OP_FSQRT_S, S(0x40800000), 0, 0, 0, S(0x40000000), 0);
    MODES(OP_FSQRT_S, S(0x40000000), 0, 0, 0, S(0x3fb504f3), S(0x3fb504f3), S(0x3fb504f3),
          S(0x3fb504f4), S(0x3fb504f3), NX, NX, NX, NX, NX);
    ALL(OP_FSQRT_S, S(0xbf800000), 0, 0, 0, S(CS), NV);
    ALL(OP_FSQRT_S, S(0xff800000), 0, 0, 0, S(CS), NV);
    ALL(OP_FSQRT_S, S(0x80000000), 0, 0, 0, S(0x80000000), 0);
    ALL(OP_FSQRT_S, S(0x7f800000), 0, 0, 0, S(0x7f800000), 0);
    /* NaNs: canonical results, NV only for signalling inputs; unboxed = canonical qNaN */
    ALL(OP_FADD_S, S(0x7fc00001), S(0x3f800000), 0, 0, S(CS), 0);
    ALL(OP_FADD_S, S(0xffc00000), S(0x3f800000), 0, 0, S(CS), 0);
    ALL(OP_FADD_S, S(0x3f800000), S(0x7f800001), 0, 0, S(CS), NV);
    ALL(OP_FMUL_S, S(0xffbfffff), S(0x7fc00000), 0, 0, S(CS), NV);
    ALL(OP_FADD_S, 0x000000003f800000ull, S(0x3f800000), 0, 0, S(CS), 0);
    ALL(OP_FADD_S, 0xfffffffe7f800001ull, S(0x3f800000), 0, 0, S(CS), 0);
    ALL(OP_FSQRT_S, S(0x7f800001), 0, 0, 0, S(CS), NV);
}

static void test_fma_s(void)
{
    /* (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly; mul then add would give 0 */
    ALL(OP_FMADD_S, S(0x3f800001), S(0x3f7ffffe), S(0xbf800000), 0, S(0xa8800000), 0);
    ALL(OP_FMSUB_S, S(0x3f800001), S(0x3f7ffffe), S(0x3f800000), 0, S(0xa8800000), 0);
    ALL(OP_FNMSUB_S, S(0x3f800001), S(0x3f7ffffe), S(0x3f800000), 0, S(0x28800000), 0);
    ALL(OP_FNMADD_S, S(0x3f800001), S(0x3f7ffffe), S(0xbf800000), 0, S(0x28800000), 0);
    /* 2 * 3 + 1, signs */
    ALL(OP_FMADD_S, S(0x40000000), S(0x40400000), S(0x3f800000), 0, S(0x40e00000), 0);
    ALL(OP_FMSUB_S, S(0x40000000), S(0x40400000), S(0x3f800000), 0, S(0x40a00000), 0);
    ALL(OP_FNMSUB_S, S(0x40000000), S(0x40400000), S(0x3f800000), 0, S(0xc0a00000), 0);
    ALL(OP_FNMADD_S, S(0x40000000), S(0x40400000), S(0x3f800000), 0, S(0xc0e00000), 0);
    /* 1 * 1 + 2^-24: a tie after the single rounding */
    MODES(OP_FMADD_S, S(0x3f800000), S(0x3f800000), S(0x33800000), 0, S(0x3f800000),
          S(0x3f800000), S(0x3f800000), S(0x3f800001), S(0x3f800001), NX, NX, NX, NX, NX);
    /* (1 + 2^-23)(1 - 2^-24): 1 + 2^-24 - 2^-47, just below the tie: RMM down */
    MODES(OP_FMADD_S, S(0x3f800001), S(0x3f7fffff), S(0), 0, S(0x3f800000), S(0x3f800000),
          S(0x3f800000), S(0x3f800001), S(0x3f800000), NX, NX, NX, NX, NX);
    /* inf * 0 + qNaN: NV (RISC-V), inf * 0 + 1: NV; qNaN addend alone: quiet */
    ALL(OP_FMADD_S, S(0x7f800000), S(0), S(0x7fc00000), 0, S(CS), NV);
    ALL(OP_FMADD_S, S(0), S(0xff800000), S(0x7fc00000), 0, S(CS), NV);
    ALL(OP_FMADD_S, S(0x7f800000), S(0), S(0x3f800000), 0, S(CS), NV);
    ALL(OP_FMADD_S, S(0x3f800000), S(0x3f800000), S(0x7fc00000), 0, S(CS), 0);
    ALL(OP_FMADD_S, S(0x3f800000), S(0x3f800000), S(0x7f800001), 0, S(CS), NV);
    ALL(OP_FMADD_S, S(0x7f800000), S(0x3f800000), S(0xff800000), 0, S(CS), NV);
    ALL(OP_FMSUB_S, S(0x7f800000), S(0x3f800000), S(0x7f800000), 0, S(CS), NV);
    ALL(OP_FMADD_S, S(0x7f800000), S(0x3f800000), S(0x7f800000), 0, S(0x7f800000), 0);
    /* zero signs: -(0*0) - 0 = -0; 1*0 + -0 = +0 except RDN */
    ALL(OP_FNMADD_S, S(0), S(0), S(0), 0, S(0x80000000), 0);
    MODES(OP_FMADD_S, S(0x3f800000), S(0), S(0x80000000), 0, S(0), S(0), S(0x80000000), S(0),
          S(0), 0, 0, 0, 0, 0);
    /* overflow and underflow through the fused path */
    MODES(OP_FMADD_S, S(0x7f7fffff), S(0x40000000), S(0xbf800000), 0, S(0x7f800000),
          S(0x7f7fffff), S(0x7f7fffff), S(0x7f800000), S(0x7f800000), OF | NX, OF | NX, OF | NX,
          OF | NX, OF | NX);
    MODES(OP_FMADD_S, S(0x00000001), S(0x3f000000), S(0x80000000), 0, S(0), S(0), S(0), S(1),
          S(1), UF | NX, UF | NX, UF | NX, UF | NX, UF | NX);
}

static void test_arith_d(void)
{
    MODES(OP_FADD_D, 0x3ff0000000000000ull, 0x3ca0000000000000ull, 0, 0, 0x3ff0000000000000ull,
          0x3ff0000000000000ull, 0x3ff0000000000000ull, 0x3ff0000000000001ull,
          0x3ff0000000000001ull, NX, NX, NX, NX, NX);
    MODES(OP_FSUB_D, 0xbff0000000000000ull, 0x3ca0000000000000ull, 0, 0, 0xbff0000000000000ull,
          0xbff0000000000000ull, 0xbff0000000000001ull, 0xbff0000000000000ull,
          0xbff0000000000001ull, NX, NX, NX, NX, NX);
    /* (1 + 2^-52)(1 - 2^-53) = 1 + 2^-53 - 2^-105: just below a tie (a plain
     * 64-bit intermediate rounded to nearest would make it a tie) */
    MODES(OP_FMUL_D, 0x3ff0000000000001ull, 0x3fefffffffffffffull, 0, 0, 0x3ff0000000000000ull,
          0x3ff0000000000000ull, 0x3ff0000000000000ull, 0x3ff0000000000001ull,
          0x3ff0000000000000ull, NX, NX, NX, NX, NX);
    MODES(OP_FDIV_D, 0x3ff0000000000000ull, 0x4008000000000000ull, 0, 0, 0x3fd5555555555555ull,
          0x3fd5555555555555ull, 0x3fd5555555555555ull, 0x3fd5555555555556ull,
          0x3fd5555555555555ull, NX, NX, NX, NX, NX);
    MODES(OP_FSQRT_D, 0x4000000000000000ull, 0, 0, 0, 0x3ff6a09e667f3bcdull, 0x3ff6a09e667f3bccull,
          0x3ff6a09e667f3bccull, 0x3ff6a09e667f3bcdull, 0x3ff6a09e667f3bcdull, NX, NX, NX, NX, NX);
    MODES(OP_FMUL_D, 0x7fefffffffffffffull, 0x4000000000000000ull, 0, 0, 0x7ff0000000000000ull,
          0x7fefffffffffffffull, 0x7fefffffffffffffull, 0x7ff0000000000000ull,
          0x7ff0000000000000ull, OF | NX, OF | NX, OF | NX, OF | NX, OF | NX);
    /* (1 - 2^-104) 2^-1022: UF only when rounded down */
    MODES(OP_FMUL_D, 0x3feffffffffffffeull, 0x0010000000000001ull, 0, 0, 0x0010000000000000ull,
          0x000fffffffffffffull, 0x000fffffffffffffull, 0x0010000000000000ull,
          0x0010000000000000ull, NX, UF | NX, UF | NX, NX, NX);
    /* 2^-1075 */
    MODES(OP_FMUL_D, 0x0000000000000001ull, 0x3fe0000000000000ull, 0, 0, 0, 0, 0, 1, 1, UF | NX,
          UF | NX, UF | NX, UF | NX, UF | NX);
    ALL(OP_FDIV_D, 0x3ff0000000000000ull, 0, 0, 0, 0x7ff0000000000000ull, DZ);
    ALL(OP_FDIV_D, 0, 0, 0, 0, CD, NV);
    ALL(OP_FSQRT_D, 0xbff0000000000000ull, 0, 0, 0, CD, NV);
    ALL(OP_FADD_D, 0x7ff0000000000001ull, 0x3ff0000000000000ull, 0, 0, CD, NV);
    ALL(OP_FADD_D, 0xfff8000000000123ull, 0x3ff0000000000000ull, 0, 0, CD, 0);
    /* fused: (1 + 2^-52)(1 - 2^-52) - 1 = -2^-104 */
    ALL(OP_FMADD_D, 0x3ff0000000000001ull, 0x3feffffffffffffeull, 0xbff0000000000000ull, 0,
        0xb970000000000000ull, 0);
    ALL(OP_FNMSUB_D, 0x3ff0000000000001ull, 0x3feffffffffffffeull, 0x3ff0000000000000ull, 0,
        0x3970000000000000ull, 0);
    MODES(OP_FMADD_D, 0x3ff0000000000000ull, 0x3ff0000000000000ull, 0x3ca0000000000000ull, 0,
          0x3ff0000000000000ull, 0x3ff0000000000000ull, 0x3ff0000000000000ull,
          0x3ff0000000000001ull, 0x3ff0000000000001ull, NX, NX, NX, NX, NX);
    ALL(OP_FMADD_D, 0x7ff0000000000000ull, 0, CD, 0, CD, NV);
    ALL(OP_FNMADD_D, 0, 0, 0, 0, 0x8000000000000000ull, 0);
}

static void test_nonarith(void)
{
    /* fmin/fmax */
    ALL(OP_FMIN_S, S(0x80000000), S(0), 0, 0, S(0x80000000), 0);
    ALL(OP_FMIN_S, S(0), S(0x80000000), 0, 0, S(0x80000000), 0);
    ALL(OP_FMAX_S, S(0x80000000), S(0), 0, 0, S(0), 0);
    ALL(OP_FMAX_S, S(0), S(0x80000000), 0, 0, S(0), 0);
    ALL(OP_FMIN_S, S(0x7fc00000), S(0x3f800000), 0, 0, S(0x3f800000), 0);
    ALL(OP_FMAX_S, S(0x3f800000), S(0x7f800001), 0, 0, S(0x3f800000), NV);
    ALL(OP_FMIN_S, S(0x7fc00000), S(0xffc00001), 0, 0, S(CS), 0);
    ALL(OP_FMAX_S, S(0x7f800001), S(0x7f800001), 0, 0, S(CS), NV);
    ALL(OP_FMIN_S, 0x3f800000ull, S(0x40000000), 0, 0, S(0x40000000), 0); /* unboxed = qNaN */
    ALL(OP_FMIN_S, S(0xbf800000), S(0x40000000), 0, 0, S(0xbf800000), 0);
    ALL(OP_FMAX_S, S(0xbf800000), S(0x40000000), 0, 0, S(0x40000000), 0);
    ALL(OP_FMAX_S, S(0xff800000), S(0xff7fffff), 0, 0, S(0xff7fffff), 0);
    ALL(OP_FMIN_D, 0x8000000000000000ull, 0, 0, 0, 0x8000000000000000ull, 0);
    ALL(OP_FMAX_D, 0x8000000000000000ull, 0, 0, 0, 0, 0);
    ALL(OP_FMAX_D, 0x7ff0000000000001ull, 0x4000000000000000ull, 0, 0, 0x4000000000000000ull, NV);
    ALL(OP_FMIN_D, CD, 0xfff8000000000000ull, 0, 0, CD, 0);
    /* compares: feq quiet, flt/fle signalling */
    ALL(OP_FEQ_S, S(0x7fc00000), S(0x3f800000), 0, 0, 0, 0);
    ALL(OP_FEQ_S, S(0x7f800001), S(0x3f800000), 0, 0, 0, NV);
    ALL(OP_FLT_S, S(0x7fc00000), S(0x3f800000), 0, 0, 0, NV);
    ALL(OP_FLE_S, S(0x3f800000), S(0x7fc00000), 0, 0, 0, NV);
    ALL(OP_FEQ_S, S(0x80000000), S(0), 0, 0, 1, 0);
    ALL(OP_FLT_S, S(0x80000000), S(0), 0, 0, 0, 0);
    ALL(OP_FLE_S, S(0x80000000), S(0), 0, 0, 1, 0);
    ALL(OP_FLT_S, S(0x3f800000), S(0x40000000), 0, 0, 1, 0);
    ALL(OP_FLT_S, S(0x40000000), S(0x3f800000), 0, 0, 0, 0);
    ALL(OP_FEQ_S, 0x3f800000ull, 0x3f800000ull, 0, 0, 0, 0); /* both unboxed */
    ALL(OP_FEQ_D, 0x3ff0000000000000ull, 0x3ff0000000000000ull, 0, 0, 1, 0);
    ALL(OP_FEQ_D, 0x7ff0000000000001ull, 0, 0, 0, 0, NV);
    ALL(OP_FLE_D, CD, 0, 0, 0, 0, NV);
    ALL(OP_FLT_D, 0xfff0000000000000ull, 0xffefffffffffffffull, 0, 0, 1, 0);
    /* fclass: each class */
    static const uint32_t cls_s[10] = {0xff800000, 0xbf800000, 0x807fffff, 0x80000000, 0,
                                       0x00000001, 0x3f800000, 0x7f800000, 0x7f800001, 0x7fc00000};
    static const uint64_t cls_d[10] = {0xfff0000000000000ull, 0xbff0000000000000ull,
                                       0x8000000000000001ull, 0x8000000000000000ull, 0,
                                       0x000fffffffffffffull, 0x7fefffffffffffffull,
                                       0x7ff0000000000000ull, 0x7ff4000000000000ull, CD};
    for (unsigned i = 0; i < 10; i++) {
        ALL(OP_FCLASS_S, S(cls_s[i]), 0, 0, 0, 1u << i, 0);
        ALL(OP_FCLASS_D, cls_d[i], 0, 0, 0, 1u << i, 0);
    }
    ALL(OP_FCLASS_S, 0x00000000ff800000ull, 0, 0, 0, 1u << 9, 0); /* unboxed */
    ALL(OP_FCLASS_S, S(0xffc00000), 0, 0, 0, 1u << 9, 0);
    /* sign injection: bits, no flags, singles on the unboxed value */
    ALL(OP_FSGNJ_S, S(0x3f800000), S(0xc0000000), 0, 0, S(0xbf800000), 0);
    ALL(OP_FSGNJN_S, S(0x3f800000), S(0xc0000000), 0, 0, S(0x3f800000), 0);
    ALL(OP_FSGNJX_S, S(0xbf800000), S(0xc0000000), 0, 0, S(0x3f800000), 0);
    ALL(OP_FSGNJ_S, S(0x7f800001), S(0xbf800000), 0, 0, S(0xff800001), 0);
    ALL(OP_FSGNJN_S, 0x1234ull, 0x1234ull, 0, 0, S(0xffc00000), 0);
    ALL(OP_FSGNJX_S, S(0x3f800000), 0x80000000ull, 0, 0, S(0x3f800000), 0);
    ALL(OP_FSGNJ_D, 0x7ff0000000000001ull, 0x8000000000000000ull, 0, 0, 0xfff0000000000001ull, 0);
    ALL(OP_FSGNJN_D, 0x3ff0000000000000ull, 0x3ff0000000000000ull, 0, 0, 0xbff0000000000000ull, 0);
    ALL(OP_FSGNJX_D, 0xbff0000000000000ull, 0x8000000000000000ull, 0, 0, 0x3ff0000000000000ull, 0);
    /* moves: raw bits */
    ALL(OP_FMV_X_W, 0x123456789abcdef0ull, 0, 0, 0, 0x9abcdef0u, 0);
    ALL(OP_FMV_X_W, S(0x7f800001), 0, 0, 0, 0x7f800001u, 0);
    ALL(OP_FMV_W_X, 0, 0, 0, 0x7f800001u, S(0x7f800001), 0);
}

static void test_conversions(void)
{
    /* to integer */
    ALL(OP_FCVT_W_S, S(0x4f000000), 0, 0, 0, 0x7fffffffu, NV);     /* 2^31 */
    ALL(OP_FCVT_WU_S, S(0x4f000000), 0, 0, 0, 0x80000000u, 0);
    ALL(OP_FCVT_W_S, S(0xcf000000), 0, 0, 0, 0x80000000u, 0);      /* -2^31 */
    ALL(OP_FCVT_WU_S, S(0xcf000000), 0, 0, 0, 0, NV);
    ALL(OP_FCVT_WU_S, S(0x4f800000), 0, 0, 0, 0xffffffffu, NV);    /* 2^32 */
    ALL(OP_FCVT_W_S, S(0x4f800000), 0, 0, 0, 0x7fffffffu, NV);
    ALL(OP_FCVT_W_S, S(0x7fc00000), 0, 0, 0, 0x7fffffffu, NV);
    ALL(OP_FCVT_W_S, S(0xffc00000), 0, 0, 0, 0x7fffffffu, NV);
    ALL(OP_FCVT_WU_S, S(0xff800001), 0, 0, 0, 0xffffffffu, NV);
    ALL(OP_FCVT_W_S, 0x3f800000ull, 0, 0, 0, 0x7fffffffu, NV);      /* unboxed: NaN */
    ALL(OP_FCVT_W_S, S(0x7f800000), 0, 0, 0, 0x7fffffffu, NV);
    ALL(OP_FCVT_W_S, S(0xff800000), 0, 0, 0, 0x80000000u, NV);
    ALL(OP_FCVT_WU_S, S(0x7f800000), 0, 0, 0, 0xffffffffu, NV);
    ALL(OP_FCVT_WU_S, S(0xff800000), 0, 0, 0, 0, NV);
    ALL(OP_FCVT_WU_S, S(0xbf800000), 0, 0, 0, 0, NV);
    ALL(OP_FCVT_WU_S, S(0x80000000), 0, 0, 0, 0, 0);
    /* -0.5 */
    MODES(OP_FCVT_W_S, S(0xbf000000), 0, 0, 0, 0, 0, 0xffffffffu, 0, 0xffffffffu, NX, NX, NX, NX, NX);
    MODES(OP_FCVT_WU_S, S(0xbf000000), 0, 0, 0, 0, 0, 0, 0, 0, NX, NX, NV, NX, NV);
    /* 2.5, -2.5, 1.5 */
    MODES(OP_FCVT_W_S, S(0x40200000), 0, 0, 0, 2, 2, 2, 3, 3, NX, NX, NX, NX, NX);
    MODES(OP_FCVT_W_S, S(0xc0200000), 0, 0, 0, (uint32_t)-2, (uint32_t)-2, (uint32_t)-3,
          (uint32_t)-2, (uint32_t)-3, NX, NX, NX, NX, NX);
    MODES(OP_FCVT_WU_S, S(0x3fc00000), 0, 0, 0, 2, 1, 1, 2, 2, NX, NX, NX, NX, NX);
    /* -2^31 - 0.5 and -2^31 - 1 (doubles) */
    MODES(OP_FCVT_W_D, 0xc1e0000000100000ull, 0, 0, 0, 0x80000000u, 0x80000000u, 0x80000000u,
          0x80000000u, 0x80000000u, NX, NX, NV, NX, NV);
    ALL(OP_FCVT_W_D, 0xc1e0000000200000ull, 0, 0, 0, 0x80000000u, NV);
    /* 2^31 - 0.5: RNE even (2^31: NV), RTZ 2^31 - 1 */
    MODES(OP_FCVT_W_D, 0x41dfffffffe00000ull, 0, 0, 0, 0x7fffffffu, 0x7fffffffu, 0x7fffffffu,
          0x7fffffffu, 0x7fffffffu, NV, NX, NX, NV, NV);
    /* 2^32 - 0.5 */
    MODES(OP_FCVT_WU_D, 0x41efffffffff0000ull, 0, 0, 0, 0xffffffffu, 0xffffffffu, 0xffffffffu,
          0xffffffffu, 0xffffffffu, NV, NX, NX, NV, NV);
    ALL(OP_FCVT_WU_D, 0x41f0000000000000ull, 0, 0, 0, 0xffffffffu, NV);
    ALL(OP_FCVT_WU_D, 0x41efffffffe00000ull, 0, 0, 0, 0xffffffffu, 0);
    ALL(OP_FCVT_W_D, 0x7ff0000000000001ull, 0, 0, 0, 0x7fffffffu, NV);
    ALL(OP_FCVT_W_D, 0x4340000000000001ull, 0, 0, 0, 0x7fffffffu, NV); /* 2^53 + 2 */
    MODES(OP_FCVT_W_D, 0x8000000000000001ull, 0, 0, 0, 0, 0, 0xffffffffu, 0, 0, NX, NX, NX, NX,
          NX);
    MODES(OP_FCVT_WU_D, 0xbfeccccccccccccdull, 0, 0, 0, 0, 0, 0, 0, 0, NV, NX, NV, NX, NV); /* -0.9 */
    /* from integers */
    MODES(OP_FCVT_S_W, 0, 0, 0, 16777217, S(0x4b800000), S(0x4b800000), S(0x4b800000),
          S(0x4b800001), S(0x4b800001), NX, NX, NX, NX, NX);
    MODES(OP_FCVT_S_W, 0, 0, 0, 16777219, S(0x4b800002), S(0x4b800001), S(0x4b800001),
          S(0x4b800002), S(0x4b800002), NX, NX, NX, NX, NX);
    MODES(OP_FCVT_S_W, 0, 0, 0, (uint32_t)-16777217, S(0xcb800000), S(0xcb800000), S(0xcb800001),
          S(0xcb800000), S(0xcb800001), NX, NX, NX, NX, NX);
    ALL(OP_FCVT_S_W, 0, 0, 0, 0x80000000u, S(0xcf000000), 0);
    ALL(OP_FCVT_S_W, 0, 0, 0, 0, S(0), 0);
    MODES(OP_FCVT_S_W, 0, 0, 0, 0x7fffffffu, S(0x4f000000), S(0x4effffff), S(0x4effffff),
          S(0x4f000000), S(0x4f000000), NX, NX, NX, NX, NX);
    MODES(OP_FCVT_S_WU, 0, 0, 0, 0xffffffffu, S(0x4f800000), S(0x4f7fffff), S(0x4f7fffff),
          S(0x4f800000), S(0x4f800000), NX, NX, NX, NX, NX);
    MODES(OP_FCVT_S_WU, 0, 0, 0, 0x80000080u, S(0x4f000000), S(0x4f000000), S(0x4f000000),
          S(0x4f000001), S(0x4f000001), NX, NX, NX, NX, NX);
    ALL(OP_FCVT_D_W, 0, 0, 0, 0x80000000u, 0xc1e0000000000000ull, 0);
    ALL(OP_FCVT_D_W, 0, 0, 0, 0xffffffffu, 0xbff0000000000000ull, 0);
    ALL(OP_FCVT_D_WU, 0, 0, 0, 0xffffffffu, 0x41efffffffe00000ull, 0);
    /* between formats */
    MODES(OP_FCVT_S_D, 0x3ff0000010000000ull, 0, 0, 0, S(0x3f800000), S(0x3f800000),
          S(0x3f800000), S(0x3f800001), S(0x3f800001), NX, NX, NX, NX, NX);
    MODES(OP_FCVT_S_D, 0x7e37e43c8800759cull, 0, 0, 0, S(0x7f800000), S(0x7f7fffff),
          S(0x7f7fffff), S(0x7f800000), S(0x7f800000), OF | NX, OF | NX, OF | NX, OF | NX, OF | NX);
    MODES(OP_FCVT_S_D, 0x3690000000000000ull, 0, 0, 0, S(0), S(0), S(0), S(1), S(1), UF | NX,
          UF | NX, UF | NX, UF | NX, UF | NX);
    MODES(OP_FCVT_S_D, 0x380ffffff8000000ull, 0, 0, 0, S(0x00800000), S(0x007fffff),
          S(0x007fffff), S(0x00800000), S(0x00800000), NX, UF | NX, UF | NX, NX, NX);
    ALL(OP_FCVT_S_D, 0x7ff0000000000001ull, 0, 0, 0, S(CS), NV);
    ALL(OP_FCVT_S_D, 0xfff8000000000000ull, 0, 0, 0, S(CS), 0);
    ALL(OP_FCVT_S_D, 0xfff0000000000000ull, 0, 0, 0, S(0xff800000), 0);
    ALL(OP_FCVT_S_D, 0x8000000000000000ull, 0, 0, 0, S(0x80000000), 0);
    ALL(OP_FCVT_D_S, S(0x7f800001), 0, 0, 0, CD, NV);
    ALL(OP_FCVT_D_S, S(0xffc00000), 0, 0, 0, CD, 0);
    ALL(OP_FCVT_D_S, 0x3f800000ull, 0, 0, 0, CD, 0);
    ALL(OP_FCVT_D_S, S(0x3f800000), 0, 0, 0, 0x3ff0000000000000ull, 0);
    ALL(OP_FCVT_D_S, S(0x00000001), 0, 0, 0, 0x36a0000000000000ull, 0);
    ALL(OP_FCVT_D_S, S(0x80000000), 0, 0, 0, 0x8000000000000000ull, 0);
}

/* Several lanes: mask, per-lane frm, per-lane flags, rd = rs1, x0 */
static void test_lanes(void)
{
    const unsigned n = 8;
    const lane_mask mask = 0xb5; /* lanes 0 2 4 5 7 */
    insn_t d = mk(OP_FADD_S, RM_DYN, 1); /* f1 = f1 + f2 */
    for (unsigned l = 0; l < n; l++) {
        f[1 * W + l] = S(l & 1 ? 0x3f800000 : 0x3f800000);
        f[2 * W + l] = S(l & 1 ? 0x3f800000 : 0x33800000); /* odd lanes exact */
        frm[l] = (uint8_t)(l % 5);
        ffl[l] = l == 4 ? NX : 0;
    }
    f[2 * W + 5] = S(0x33800000);
    fpu_exec(&d, f, x, W, n, mask, frm, ffl);
    /* lane: frm, result */
    CHECK_EQ(f[1 * W + 0], S(0x3f800000)); /* RNE */
    CHECK_EQ(f[1 * W + 2], S(0x3f800000)); /* RDN */
    CHECK_EQ(f[1 * W + 4], S(0x3f800001)); /* RMM */
    CHECK_EQ(f[1 * W + 5], S(0x3f800000)); /* RNE */
    CHECK_EQ(f[1 * W + 7], S(0x40000000)); /* RUP, exact */
    CHECK_EQ(f[1 * W + 1], S(0x3f800000)); /* not in mask */
    CHECK_EQ(f[1 * W + 3], S(0x3f800000));
    CHECK_EQ(ffl[0], NX);
    CHECK_EQ(ffl[2], NX);
    CHECK_EQ(ffl[4], NX);
    CHECK_EQ(ffl[5], NX);
    CHECK_EQ(ffl[7], 0);
    CHECK_EQ(ffl[1], 0);
    CHECK_EQ(ffl[3], 0);

    /* 64 lanes, static RNE: mixed flags; a lane already holding NX; rd = rs2 */
    d = mk(OP_FMUL_S, RM_RNE, 2);
    for (unsigned l = 0; l < 64; l++) {
        f[1 * W + l] = S(l % 3 == 0 ? 0x7f7fffff : l % 3 == 1 ? 0x3f800001 : 0x40000000);
        f[2 * W + l] = S(l % 3 == 2 ? 0x40400000 : 0x40000000);
        ffl[l] = (l % 3 == 1) ? (uint8_t)NX : 0;
    }
    f[1 * W + 63] = S(0x7f800000), f[2 * W + 63] = S(0);
    fpu_exec(&d, f, x, W, 64, ~0ull, frm, ffl);
    int bad = 0;
    for (unsigned l = 0; l < 63; l++) {
        uint64_t want = l % 3 == 0 ? S(0x7f800000) : l % 3 == 1 ? S(0x40000001) : S(0x40c00000);
        uint8_t wfl = l % 3 == 0 ? OF | NX : l % 3 == 1 ? NX : 0;
        bad += f[2 * W + l] != want || ffl[l] != wfl;
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(f[2 * W + 63], S(CS));
    CHECK_EQ(ffl[63], NV);

    /* integer destination x0: not written, flags still raised */
    d = mk(OP_FCVT_W_S, RM_RTZ, 0);
    CHECK(!(d.flags & INSN_WRITES_RD));
    x[0] = 0;
    f[1 * W] = S(0x7fc00000);
    ffl[0] = 0;
    fpu_exec(&d, f, x, W, 1, 1, frm, ffl);
    CHECK_EQ(x[0], 0);
    CHECK_EQ(ffl[0], NV);
}

int main(void)
{
    feclearexcept(FE_ALL_EXCEPT);
    test_arith_s();
    test_fma_s();
    test_arith_d();
    test_nonarith();
    test_conversions();
    test_lanes();
    /* the host environment as found: round to nearest, no flags */
    CHECK_EQ(fegetround(), FE_TONEAREST);
    CHECK_EQ(fetestexcept(FE_ALL_EXCEPT), 0);
    return check_report("test_fpu");
}
