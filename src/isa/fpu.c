/* F and D semantics (isa/fpu.h).
 *
 * Host FPU or explicit code, operation by operation:
 *
 * - Rounded arithmetic (fadd, fsub, fmul, fdiv, fsqrt, the four fused
 *   multiply-adds, fcvt.s.d, fcvt.s.w[u]) in RNE, RTZ, RDN and RUP runs on
 *   the host FPU: IEEE 754 binary32/binary64 operations that are correctly
 *   rounded in the current rounding mode and raise the IEEE flags, which map
 *   one to one onto fflags.  On x86-64 (SSE) tininess is detected after
 *   rounding, as RISC-V requires, and the flags are read and written
 *   directly in MXCSR (two instructions); other hosts go through fenv.h.
 *   fma()/fmaf() are glibc's correctly rounded functions (the FMA
 *   instruction when the host has it).  The host is only trusted for the
 *   number and the flags: every NaN result becomes the canonical NaN, and the
 *   fused multiply-adds add NV for inf * 0 + qNaN (RISC-V requires it, x86
 *   does not raise it).
 *   Speed: per warp-instruction and rounding mode, one flag clear, the lane
 *   loop, one flag read.  Only when some lane lacks one of the raised flags
 *   are the lanes redone one by one to attribute the flags exactly (flags
 *   are sticky: after warm-up every lane usually holds NX already).  The
 *   rounding mode is changed only for modes other than RNE; with a dynamic
 *   mode the lanes are grouped by their frm (one group when uniform).
 * - RMM (round to nearest, ties to max magnitude) has no host mode: the
 *   exact result is first rounded to odd in a wider format (round toward
 *   zero, then the last bit set when inexact: binary64 for single
 *   operations, the x87 80-bit long double, 64-bit significand, for double
 *   operations; p + 2 bits suffice for round-to-odd), then rounded to the
 *   destination with ties away from zero by integer code (round_bits()),
 *   which also computes OF, UF (tininess after rounding) and NX.  A host
 *   whose long double has fewer than 55 significand bits rounds double
 *   operations in RMM like RNE (ties to even): documented fallback, not
 *   exact there.  RMM conversions from integers and fcvt.s.d go straight to
 *   round_bits().
 * - Everything else is explicit integer/bit code, never the host's NaN
 *   rules: fsgnj*, fmin/fmax (2.2+ rules: one NaN gives the other operand,
 *   -0 < +0, NV only for a signalling NaN), feq (quiet), flt/fle
 *   (signalling), fclass, fmv.x.w/fmv.w.x, fcvt.d.s, fcvt.d.w[u] (exact),
 *   and the conversions to integers (rounded by code in each mode, saturated
 *   with NV, NX when inexact; no out-of-range host conversion).
 *
 * The file is compiled with -frounding-math -ffp-contract=off
 * -fno-math-errno (Makefile): no constant folding or contraction that
 * assumes round-to-nearest, sqrt inline.  On return the host environment is
 * as on entry. */
#include "isa/fpu.h"

#include <fenv.h>
#include <float.h>
#include <math.h>
#include <string.h>

#if defined(__clang__)
#pragma STDC FENV_ACCESS ON
#endif

/* x86-64: MXCSR directly; elsewhere, or built with -DSIMTY_FPU_FENV (to test
 * that path on x86), fenv.h */
#if defined(__x86_64__) && defined(__SSE2__) && defined(__GNUC__) && !defined(SIMTY_FPU_FENV)
#define FPU_MXCSR 1
#else
#define FPU_MXCSR 0
#endif

#define CANON_S 0x7fc00000u
#define CANON_D 0x7ff8000000000000ull
#define BOX     0xffffffff00000000ull

/* ---- host floating-point environment ---- */

#if !FPU_MXCSR || LDBL_MANT_DIG < 55
/* fenv.h flags as FFLAG_* */
static inline unsigned fenv_flags(int e)
{
    return (e & FE_INVALID ? FFLAG_NV : 0) | (e & FE_DIVBYZERO ? FFLAG_DZ : 0) |
           (e & FE_OVERFLOW ? FFLAG_OF : 0) | (e & FE_UNDERFLOW ? FFLAG_UF : 0) |
           (e & FE_INEXACT ? FFLAG_NX : 0);
}
#endif

#if FPU_MXCSR
typedef unsigned host_env;

static inline unsigned mxcsr_read(void)
{
    unsigned v;
    __asm__ volatile("stmxcsr %0" : "=m"(v) : : "memory");
    return v;
}

static inline void mxcsr_write(unsigned v)
{
    __asm__ volatile("ldmxcsr %0" : : "m"(v) : "memory");
}

static inline host_env host_save(void) { return mxcsr_read(); }
static inline void host_restore(host_env e) { mxcsr_write(e); }

/* Rounding mode `mode` (not RMM), flags cleared. */
static inline void host_begin(host_env e, unsigned mode)
{
    static const unsigned char rc[4] = {0, 3, 1, 2}; /* RNE RTZ RDN RUP -> MXCSR.RC */
    mxcsr_write((e & ~0x603fu) | (unsigned)rc[mode] << 13);
}

static inline void host_clear(void) { mxcsr_write(mxcsr_read() & ~0x3fu); }

/* Raised flags as FFLAG_* (the denormal-operand flag has no counterpart) */
static inline unsigned host_flags(void)
{
    unsigned c = mxcsr_read();
    return (c & 1) << 4 | (c & 4) << 1 | (c & 8) >> 1 | (c & 0x10) >> 3 | (c & 0x20) >> 5;
}
#else
typedef int host_env;

static inline host_env host_save(void) { return 0; }
static inline void host_restore(host_env e)
{
    (void)e;
    fesetround(FE_TONEAREST);
    feclearexcept(FE_ALL_EXCEPT);
}

static inline void host_begin(host_env e, unsigned mode)
{
    static const int fe[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
    (void)e;
    fesetround(fe[mode]);
    feclearexcept(FE_ALL_EXCEPT);
}

static inline void host_clear(void) { feclearexcept(FE_ALL_EXCEPT); }

static inline unsigned host_flags(void)
{
    return fenv_flags(fetestexcept(FE_ALL_EXCEPT));
}
#endif

/* ---- bits ---- */

static inline uint32_t unbox(uint64_t v)
{
    uint32_t boxed = -(uint32_t)((v >> 32) == 0xffffffffu); /* all ones or 0: branch-free */
    return ((uint32_t)v & boxed) | (CANON_S & ~boxed);
}

static inline float f32(uint32_t b)
{
    float v;
    memcpy(&v, &b, 4);
    return v;
}

static inline double f64(uint64_t b)
{
    double v;
    memcpy(&v, &b, 8);
    return v;
}

static inline uint32_t bits32(float v)
{
    uint32_t b;
    memcpy(&b, &v, 4);
    return b;
}

static inline uint64_t bits64(double v)
{
    uint64_t b;
    memcpy(&b, &v, 8);
    return b;
}

static inline int nan_s(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
static inline int nan_d(uint64_t b) { return (b & ~(1ull << 63)) > 0x7ff0000000000000ull; }
static inline int snan_s(uint32_t b) { return nan_s(b) && !(b & 0x00400000u); }
static inline int snan_d(uint64_t b) { return nan_d(b) && !(b & 0x0008000000000000ull); }
static inline int inf_s(uint32_t b) { return (b & 0x7fffffffu) == 0x7f800000u; }
static inline int inf_d(uint64_t b) { return (b & ~(1ull << 63)) == 0x7ff0000000000000ull; }
static inline int zero_s(uint32_t b) { return (b & 0x7fffffffu) == 0; }
static inline int zero_d(uint64_t b) { return (b & ~(1ull << 63)) == 0; }

/* A single result, NaN-boxed, NaN canonical */
static inline uint64_t box_s(float v)
{
    uint32_t b = bits32(v);
    return BOX | (nan_s(b) ? CANON_S : b);
}

static inline uint64_t canon_d(double v)
{
    uint64_t b = bits64(v);
    return nan_d(b) ? CANON_D : b;
}

/* ---- rounding by integer code (RMM, and a reference for every mode) ---- */

typedef struct {
    int p;          /* significand bits, hidden bit included */
    int emin, bias; /* 2^emin: the smallest normal; emax = bias */
    int sign_bit;
} fp_format;

static const fp_format FMT_S = {24, -126, 127, 31};
static const fp_format FMT_D = {53, -1022, 1023, 63};

/* M >> s rounded in `mode` (s may be <= 0: exact shift left); *inexact set
 * when bits were dropped. */
static uint64_t shift_round(uint64_t M, int s, unsigned sign, unsigned mode, int *inexact)
{
    if (s <= 0) {
        *inexact = 0;
        return M << -s;
    }
    uint64_t keep;
    int cls; /* dropped part: 0 none, 1 below half, 2 half, 3 above half */
    if (s >= 64) {
        keep = 0;
        cls = s > 64 ? 1 : M > (1ull << 63) ? 3 : M == (1ull << 63) ? 2 : 1;
    } else {
        uint64_t rem = M & ((1ull << s) - 1), half = 1ull << (s - 1);
        keep = M >> s;
        cls = rem == 0 ? 0 : rem < half ? 1 : rem == half ? 2 : 3;
    }
    *inexact = cls != 0;
    int up;
    switch (mode) {
    case RM_RNE: up = cls == 3 || (cls == 2 && (keep & 1)); break;
    case RM_RTZ: up = 0; break;
    case RM_RDN: up = cls != 0 && sign; break;
    case RM_RUP: up = cls != 0 && !sign; break;
    default: up = cls >= 2; break; /* RMM */
    }
    return keep + (uint64_t)up;
}

/* The bits of (-1)^sign * M * 2^E (M != 0) rounded to format F in `mode`;
 * ORs OF, UF (tininess after rounding) and NX into *fl. */
static uint64_t round_bits(unsigned sign, uint64_t M, int E, const fp_format *F, unsigned mode,
                           unsigned *fl)
{
    int msb = 63 - __builtin_clzll(M);
    int x = E + msb;            /* exponent of the leading bit */
    int s1 = msb - (F->p - 1);  /* bits dropped with an unbounded exponent */
    int s = x >= F->emin ? s1 : s1 + (F->emin - x);
    int inexact, tiny = 0;
    if (x < F->emin) {
        uint64_t k1 = shift_round(M, s1, sign, mode, &inexact);
        tiny = !(x == F->emin - 1 && k1 == 1ull << F->p);
    }
    uint64_t keep = shift_round(M, s, sign, mode, &inexact);
    /* keep's bit p-1 lands on the exponent field's lowest bit: a carry to
     * 2^p or from a subnormal to 2^(p-1) bumps the exponent by itself. */
    uint64_t r = ((uint64_t)(E + s + F->p - 1 + F->bias - 1) << (F->p - 1)) + keep;
    uint64_t inf = (uint64_t)(2 * F->bias + 1) << (F->p - 1);
    if (r >= inf) {
        *fl |= FFLAG_OF | FFLAG_NX;
        int to_inf = mode == RM_RNE || mode == RM_RMM || (mode == RM_RDN && sign) ||
                     (mode == RM_RUP && !sign);
        r = to_inf ? inf : inf - 1;
    } else if (inexact) {
        *fl |= FFLAG_NX | (tiny ? FFLAG_UF : 0);
    }
    return r | (uint64_t)sign << F->sign_bit;
}

/* A finite nonzero double as M * 2^E */
static unsigned split_d(double w, uint64_t *M, int *E)
{
    uint64_t b = bits64(w);
    unsigned e = (unsigned)(b >> 52) & 0x7ff;
    *M = (b & 0xfffffffffffffull) | (e ? 1ull << 52 : 0);
    *E = (e ? (int)e : 1) - 1075;
    return (unsigned)(b >> 63);
}

/* ---- RMM: round to odd in a wider format, then ties away by code ---- */

enum { K_ADD, K_SUB, K_MUL, K_DIV, K_SQRT, K_MADD, K_MSUB, K_NMSUB, K_NMADD, K_CVT };

static inline int fma_kind(int k) { return k >= K_MADD && k <= K_NMADD; }

/* NV of an operation whose result is NaN: a signalling input, or inf * 0 in
 * a fused multiply-add (even with a quiet NaN addend). */
static unsigned nan_nv(int kind, int snan, int a_inf, int a_zero, int b_inf, int b_zero)
{
    if (snan || (fma_kind(kind) && ((a_inf && b_zero) || (a_zero && b_inf))))
        return FFLAG_NV;
    return 0;
}

static uint64_t rmm_single(int kind, uint32_t a, uint32_t b, uint32_t c, unsigned *fl)
{
    int nargs = kind == K_SQRT ? 1 : fma_kind(kind) ? 3 : 2;
    int anynan = nan_s(a) || (nargs > 1 && nan_s(b)) || (nargs > 2 && nan_s(c));
    if (anynan) {
        int sn = snan_s(a) || (nargs > 1 && snan_s(b)) || (nargs > 2 && snan_s(c));
        *fl |= nan_nv(kind, sn, inf_s(a), zero_s(a), inf_s(b), zero_s(b));
        return BOX | CANON_S;
    }
    double da = f32(a), db = f32(b), dc = f32(c), w;
    feclearexcept(FE_ALL_EXCEPT);
    switch (kind) {
    case K_ADD: w = da + db; break;
    case K_SUB: w = da - db; break;
    case K_MUL: w = da * db; break;
    case K_DIV: w = da / db; break;
    case K_SQRT: w = sqrt(da); break;
    case K_MADD: w = fma(da, db, dc); break;
    case K_MSUB: w = fma(da, db, -dc); break;
    case K_NMSUB: w = fma(-da, db, dc); break;
    default: w = fma(-da, db, -dc); break;
    }
    int e = fetestexcept(FE_ALL_EXCEPT);
    uint64_t wb = bits64(w);
    if (nan_d(wb)) {
        *fl |= FFLAG_NV;
        return BOX | CANON_S;
    }
    if (e & FE_DIVBYZERO)
        *fl |= FFLAG_DZ;
    if (inf_d(wb) || zero_d(wb)) /* exact: no single operands overflow a double */
        return BOX | bits32((float)w);
    if (e & FE_INEXACT)
        w = f64(wb | 1);
    uint64_t M;
    int E;
    unsigned sign = split_d(w, &M, &E);
    return BOX | round_bits(sign, M, E, &FMT_S, RM_RMM, fl);
}

static uint64_t rmm_double(int kind, uint64_t a, uint64_t b, uint64_t c, unsigned *fl)
{
    int nargs = kind == K_SQRT ? 1 : fma_kind(kind) ? 3 : 2;
    int anynan = nan_d(a) || (nargs > 1 && nan_d(b)) || (nargs > 2 && nan_d(c));
    if (anynan) {
        int sn = snan_d(a) || (nargs > 1 && snan_d(b)) || (nargs > 2 && snan_d(c));
        *fl |= nan_nv(kind, sn, inf_d(a), zero_d(a), inf_d(b), zero_d(b));
        return CANON_D;
    }
#if LDBL_MANT_DIG >= 55
    long double la = f64(a), lb = f64(b), lc = f64(c), w;
    feclearexcept(FE_ALL_EXCEPT);
    switch (kind) {
    case K_ADD: w = la + lb; break;
    case K_SUB: w = la - lb; break;
    case K_MUL: w = la * lb; break;
    case K_DIV: w = la / lb; break;
    case K_SQRT: w = sqrtl(la); break;
    case K_MADD: w = fmal(la, lb, lc); break;
    case K_MSUB: w = fmal(la, lb, -lc); break;
    case K_NMSUB: w = fmal(-la, lb, lc); break;
    default: w = fmal(-la, lb, -lc); break;
    }
    int e = fetestexcept(FE_ALL_EXCEPT);
    if (w != w) {
        *fl |= FFLAG_NV;
        return CANON_D;
    }
    if (e & FE_DIVBYZERO)
        *fl |= FFLAG_DZ;
    if (w == 0 || isinf(w)) /* zero or infinite: exact */
        return bits64((double)w);
    int ex;
    long double fr = frexpl(fabsl(w), &ex); /* [0.5, 1) * 2^ex */
    uint64_t M = (uint64_t)ldexpl(fr, 64);
    if (e & FE_INEXACT)
        M |= 1;
    return round_bits(signbit(w) != 0, M, ex - 64, &FMT_D, RM_RMM, fl);
#else
    /* No wide enough long double: ties to even (see the top of the file) */
    double da = f64(a), db = f64(b), dc = f64(c), w;
    fesetround(FE_TONEAREST);
    feclearexcept(FE_ALL_EXCEPT);
    switch (kind) {
    case K_ADD: w = da + db; break;
    case K_SUB: w = da - db; break;
    case K_MUL: w = da * db; break;
    case K_DIV: w = da / db; break;
    case K_SQRT: w = sqrt(da); break;
    case K_MADD: w = fma(da, db, dc); break;
    case K_MSUB: w = fma(da, db, -dc); break;
    case K_NMSUB: w = fma(-da, db, dc); break;
    default: w = fma(-da, db, -dc); break;
    }
    *fl |= fenv_flags(fetestexcept(FE_ALL_EXCEPT));
    fesetround(FE_TOWARDZERO);
    return canon_d(w);
#endif
}

/* RMM conversions to single: from a double (fcvt.s.d) or an integer */
static uint64_t rmm_cvt_s_d(uint64_t a, unsigned *fl)
{
    if (nan_d(a)) {
        *fl |= snan_d(a) ? FFLAG_NV : 0;
        return BOX | CANON_S;
    }
    if (inf_d(a) || zero_d(a))
        return BOX | (uint32_t)(a >> 32 & 0xff800000u);
    uint64_t M;
    int E;
    unsigned sign = split_d(f64(a), &M, &E);
    return BOX | round_bits(sign, M, E, &FMT_S, RM_RMM, fl);
}

static uint64_t rmm_cvt_s_int(uint32_t v, int is_signed, unsigned *fl)
{
    unsigned sign = is_signed && (int32_t)v < 0;
    uint64_t M = sign ? (uint64_t)(-(int64_t)(int32_t)v) : v;
    return M ? BOX | round_bits(sign, M, 0, &FMT_S, RM_RMM, fl) : BOX;
}

/* ---- host kernels: one lane loop per operation ---- */

typedef struct {
    const uint64_t *a, *b, *c; /* f + rs1/rs2/rs3 * stride */
    const uint32_t *xa;        /* x + rs1 * stride */
    uint64_t *out;             /* results, by lane */
} kargs;

typedef void kernel_fn(const kargs *k, lane_mask m);

/* The statement(s) for lane l of m: contiguous masks from lane 0 take a counted loop
 * (which the compiler may vectorise), others a walk over the set bits. */
#define FOR_LANES(m, ...)                                              \
    do {                                                                \
        lane_mask m_ = (m);                                             \
        if ((m_ & (m_ + 1)) == 0) {                                     \
            unsigned n_ = lane_popcount(m_);                            \
            for (unsigned l = 0; l < n_; l++) {                         \
                __VA_ARGS__;                                            \
            }                                                           \
        } else {                                                        \
            for (; m_; m_ &= m_ - 1) {                                  \
                unsigned l = (unsigned)__builtin_ctzll(m_);             \
                __VA_ARGS__;                                                   \
            }                                                           \
        }                                                               \
    } while (0)

#define KERNEL_S(name, expr)                                                      \
    static void name(const kargs *k, lane_mask m)                                 \
    {                                                                             \
        FOR_LANES(m, {                                                            \
            float a = f32(unbox(k->a[l])), b = f32(unbox(k->b[l]));               \
            float c = f32(unbox(k->c[l]));                                        \
            (void)b;                                                              \
            (void)c;                                                              \
            k->out[l] = box_s(expr);                                              \
        });                                                                       \
    }

#define KERNEL_D(name, expr)                                                      \
    static void name(const kargs *k, lane_mask m)                                 \
    {                                                                             \
        FOR_LANES(m, {                                                            \
            double a = f64(k->a[l]), b = f64(k->b[l]), c = f64(k->c[l]);          \
            (void)b;                                                              \
            (void)c;                                                              \
            k->out[l] = canon_d(expr);                                            \
        });                                                                       \
    }

KERNEL_S(k_add_s, a + b)
KERNEL_S(k_sub_s, a - b)
KERNEL_S(k_mul_s, a * b)
KERNEL_S(k_div_s, a / b)
KERNEL_S(k_sqrt_s, __builtin_sqrtf(a))
KERNEL_S(k_madd_s, fmaf(a, b, c))
KERNEL_S(k_msub_s, fmaf(a, b, -c))
KERNEL_S(k_nmsub_s, fmaf(-a, b, c))
KERNEL_S(k_nmadd_s, fmaf(-a, b, -c))
KERNEL_D(k_add_d, a + b)
KERNEL_D(k_sub_d, a - b)
KERNEL_D(k_mul_d, a * b)
KERNEL_D(k_div_d, a / b)
KERNEL_D(k_sqrt_d, __builtin_sqrt(a))
KERNEL_D(k_madd_d, fma(a, b, c))
KERNEL_D(k_msub_d, fma(a, b, -c))
KERNEL_D(k_nmsub_d, fma(-a, b, c))
KERNEL_D(k_nmadd_d, fma(-a, b, -c))

static void k_cvt_s_d(const kargs *k, lane_mask m)
{
    FOR_LANES(m, k->out[l] = box_s((float)f64(k->a[l])));
}

static void k_cvt_s_w(const kargs *k, lane_mask m)
{
    FOR_LANES(m, k->out[l] = box_s((float)(int32_t)k->xa[l]));
}

static void k_cvt_s_wu(const kargs *k, lane_mask m)
{
    FOR_LANES(m, k->out[l] = box_s((float)k->xa[l]));
}

/* ---- rounded operations: mode groups, flag attribution, RMM ---- */

typedef struct {
    kernel_fn *kern;
    int kind;      /* K_*: the RMM path and the fused multiply-adds' NV fix */
    int dbl;       /* double operation (fcvt.s.d counts as single: its result) */
    int src;       /* 0: FP sources, 1: x[rs1] signed, 2: x[rs1] unsigned, 3: fcvt.s.d */
} rounded_op;

static void run_rmm(const rounded_op *o, const kargs *k, lane_mask m, uint8_t *fflags)
{
    fesetround(FE_TOWARDZERO);
    FOR_LANES(m, {
        unsigned fl = 0;
        if (o->src == 1 || o->src == 2)
            k->out[l] = rmm_cvt_s_int(k->xa[l], o->src == 1, &fl);
        else if (o->src == 3)
            k->out[l] = rmm_cvt_s_d(k->a[l], &fl);
        else if (o->dbl)
            k->out[l] = rmm_double(o->kind, k->a[l], k->b[l], k->c[l], &fl);
        else
            k->out[l] = rmm_single(o->kind, unbox(k->a[l]), unbox(k->b[l]), unbox(k->c[l]), &fl);
        fflags[l] |= (uint8_t)fl;
    });
    fesetround(FE_TONEAREST);
    feclearexcept(FE_ALL_EXCEPT);
}

static void run_host(const rounded_op *o, const kargs *k, lane_mask m, unsigned mode, host_env env,
                     uint8_t *fflags)
{
    host_begin(env, mode);
    o->kern(k, m);
    unsigned raised = host_flags();
    if (!raised)
        return;
    lane_mask redo = 0;
    FOR_LANES(m, redo |= (lane_mask)((fflags[l] & raised) != raised) << l);
    for (; redo; redo &= redo - 1) {
        unsigned l = (unsigned)__builtin_ctzll(redo);
        host_clear();
        o->kern(k, 1ull << l);
        fflags[l] |= (uint8_t)host_flags();
    }
}

static void exec_rounded(const insn_t *d, const rounded_op *o, const kargs *k, lane_mask mask,
                         const uint8_t *frm, uint8_t *fflags, host_env env)
{
    lane_mask by_mode[5] = {0};
    if (d->rm != RM_DYN) {
        by_mode[d->rm] = mask;
    } else {
        FOR_LANES(mask, by_mode[frm[l]] |= 1ull << l);
    }
    for (unsigned mode = 0; mode < 5; mode++) {
        if (!by_mode[mode])
            continue;
        if (mode == RM_RMM)
            run_rmm(o, k, by_mode[mode], fflags);
        else
            run_host(o, k, by_mode[mode], mode, env, fflags);
    }
    if (fma_kind(o->kind)) { /* NV for inf * 0 + qNaN, which x86 does not raise */
        FOR_LANES(mask, {
            if (o->dbl ? k->out[l] == CANON_D : k->out[l] == (BOX | CANON_S)) {
                int bad = o->dbl ? (inf_d(k->a[l]) && zero_d(k->b[l])) ||
                                       (zero_d(k->a[l]) && inf_d(k->b[l]))
                                 : (inf_s(unbox(k->a[l])) && zero_s(unbox(k->b[l]))) ||
                                       (zero_s(unbox(k->a[l])) && inf_s(unbox(k->b[l])));
                if (bad)
                    fflags[l] |= FFLAG_NV;
            }
        });
    }
}

/* The rounded operations, by op (kern NULL: not one of them) */
static const rounded_op ROUNDED[OP_COUNT] = {
    [OP_FADD_S] = {k_add_s, K_ADD, 0, 0},       [OP_FSUB_S] = {k_sub_s, K_SUB, 0, 0},
    [OP_FMUL_S] = {k_mul_s, K_MUL, 0, 0},       [OP_FDIV_S] = {k_div_s, K_DIV, 0, 0},
    [OP_FSQRT_S] = {k_sqrt_s, K_SQRT, 0, 0},    [OP_FMADD_S] = {k_madd_s, K_MADD, 0, 0},
    [OP_FMSUB_S] = {k_msub_s, K_MSUB, 0, 0},    [OP_FNMSUB_S] = {k_nmsub_s, K_NMSUB, 0, 0},
    [OP_FNMADD_S] = {k_nmadd_s, K_NMADD, 0, 0}, [OP_FADD_D] = {k_add_d, K_ADD, 1, 0},
    [OP_FSUB_D] = {k_sub_d, K_SUB, 1, 0},       [OP_FMUL_D] = {k_mul_d, K_MUL, 1, 0},
    [OP_FDIV_D] = {k_div_d, K_DIV, 1, 0},       [OP_FSQRT_D] = {k_sqrt_d, K_SQRT, 1, 0},
    [OP_FMADD_D] = {k_madd_d, K_MADD, 1, 0},    [OP_FMSUB_D] = {k_msub_d, K_MSUB, 1, 0},
    [OP_FNMSUB_D] = {k_nmsub_d, K_NMSUB, 1, 0}, [OP_FNMADD_D] = {k_nmadd_d, K_NMADD, 1, 0},
    [OP_FCVT_S_D] = {k_cvt_s_d, K_CVT, 0, 3},   [OP_FCVT_S_W] = {k_cvt_s_w, K_CVT, 0, 1},
    [OP_FCVT_S_WU] = {k_cvt_s_wu, K_CVT, 0, 2},
};

/* ---- explicit operations ---- */

/* v (finite or infinite, not NaN) rounded to an integer in `mode`;
 * *inexact when v was not an integer.  No out-of-range host conversion. */
static double round_integral(double v, unsigned mode, int *inexact)
{
    *inexact = 0;
    if (!(fabs(v) < 4503599627370496.0)) /* 2^52: already an integer (or inf) */
        return v;
    int64_t t = (int64_t)v; /* toward zero */
    double frac = v - (double)t; /* exact */
    if (frac == 0)
        return (double)t;
    *inexact = 1;
    int neg = v < 0, away;
    double half = fabs(frac);
    switch (mode) {
    case RM_RNE: away = half > 0.5 || (half == 0.5 && (t & 1)); break;
    case RM_RTZ: away = 0; break;
    case RM_RDN: away = neg; break;
    case RM_RUP: away = !neg; break;
    default: away = half >= 0.5; break;
    }
    return (double)(t + (away ? (neg ? -1 : 1) : 0));
}

/* fcvt.w[u].[sd]: v is NaN when isnan_ */
static uint32_t cvt_to_int(double v, int isnan_, int is_signed, unsigned mode, unsigned *fl)
{
    if (isnan_) {
        *fl |= FFLAG_NV;
        return is_signed ? 0x7fffffffu : 0xffffffffu;
    }
    int inexact;
    double r = round_integral(v, mode, &inexact);
    if (is_signed ? r > 2147483647.0 : r > 4294967295.0) {
        *fl |= FFLAG_NV;
        return is_signed ? 0x7fffffffu : 0xffffffffu;
    }
    if (is_signed ? r < -2147483648.0 : r < 0) {
        *fl |= FFLAG_NV;
        return is_signed ? 0x80000000u : 0;
    }
    if (inexact)
        *fl |= FFLAG_NX;
    return (uint32_t)(int64_t)r;
}

static unsigned classify(unsigned sign, int inf, int zero, int nan, int snan, int subnormal)
{
    if (nan)
        return snan ? 1u << 8 : 1u << 9;
    unsigned pos = inf ? 7 : zero ? 4 : subnormal ? 5 : 6; /* + classes; - mirrored */
    return 1u << (sign ? 7 - pos : pos);
}

static uint64_t fclass_s(uint32_t b)
{
    return classify(b >> 31, inf_s(b), zero_s(b), nan_s(b), snan_s(b), (b & 0x7f800000u) == 0);
}

static uint64_t fclass_d(uint64_t b)
{
    return classify((unsigned)(b >> 63), inf_d(b), zero_d(b), nan_d(b), snan_d(b),
                    (b & 0x7ff0000000000000ull) == 0);
}

/* fmin/fmax on bits; the values are not NaN when compared */
static uint64_t minmax(uint64_t a, uint64_t b, int is_max, int dbl, unsigned *fl)
{
    int an = dbl ? nan_d(a) : nan_s((uint32_t)a), bn = dbl ? nan_d(b) : nan_s((uint32_t)b);
    if ((dbl ? snan_d(a) || snan_d(b) : snan_s((uint32_t)a) || snan_s((uint32_t)b)))
        *fl |= FFLAG_NV;
    if (an && bn)
        return dbl ? CANON_D : CANON_S;
    if (an)
        return b;
    if (bn)
        return a;
    double x = dbl ? f64(a) : f32((uint32_t)a), y = dbl ? f64(b) : f32((uint32_t)b);
    if (x == y) /* equal values differ in bits only for -0 and +0 */
        return is_max ? a & b : a | b;
    return (x < y) != is_max ? a : b;
}

/* feq (quiet), flt, fle (signalling) */
static uint32_t compare(unsigned op, uint64_t a, uint64_t b, int dbl, unsigned *fl)
{
    int anynan = dbl ? nan_d(a) || nan_d(b) : nan_s((uint32_t)a) || nan_s((uint32_t)b);
    if (anynan) {
        int sn = dbl ? snan_d(a) || snan_d(b) : snan_s((uint32_t)a) || snan_s((uint32_t)b);
        if (sn || (op != OP_FEQ_S && op != OP_FEQ_D))
            *fl |= FFLAG_NV;
        return 0;
    }
    double x = dbl ? f64(a) : f32((uint32_t)a), y = dbl ? f64(b) : f32((uint32_t)b);
    if (op == OP_FEQ_S || op == OP_FEQ_D)
        return x == y;
    return op == OP_FLT_S || op == OP_FLT_D ? x < y : x <= y;
}

static uint64_t sgnj(unsigned op, uint64_t a, uint64_t b, int dbl)
{
    uint64_t sb = dbl ? 1ull << 63 : 1ull << 31;
    switch (op) {
    case OP_FSGNJ_S: case OP_FSGNJ_D: return (a & ~sb) | (b & sb);
    case OP_FSGNJN_S: case OP_FSGNJN_D: return (a & ~sb) | (~b & sb);
    default: return a ^ (b & sb);
    }
}

/* Every op that is not rounded: lane by lane, FP sources read unboxed */
static void exec_explicit(const insn_t *d, uint64_t *f, uint32_t *x, unsigned stride,
                          lane_mask mask, const uint8_t *frm, uint8_t *fflags)
{
    const int dbl = (d->fp & FP_DOUBLE) != 0;
    const uint64_t *fa = f + (size_t)d->rs1 * stride, *fb = f + (size_t)d->rs2 * stride;
    const uint32_t *xa = x + (size_t)d->rs1 * stride;
    uint64_t *fd = f + (size_t)d->rd * stride;
    uint32_t *xd = x + (size_t)d->rd * stride;
    const int wr = (d->flags & INSN_WRITES_RD) != 0;
    const unsigned op = d->op;
    FOR_LANES(mask, {
        unsigned fl = 0;
        uint64_t a = dbl ? fa[l] : unbox(fa[l]), b = dbl ? fb[l] : unbox(fb[l]);
        unsigned mode = d->rm == RM_DYN ? frm[l] : d->rm;
        switch (op) {
        case OP_FSGNJ_S: case OP_FSGNJN_S: case OP_FSGNJX_S:
            fd[l] = BOX | sgnj(op, a, b, 0);
            break;
        case OP_FSGNJ_D: case OP_FSGNJN_D: case OP_FSGNJX_D:
            fd[l] = sgnj(op, a, b, 1);
            break;
        case OP_FMIN_S: case OP_FMAX_S:
            fd[l] = BOX | minmax(a, b, op == OP_FMAX_S, 0, &fl);
            break;
        case OP_FMIN_D: case OP_FMAX_D:
            fd[l] = minmax(a, b, op == OP_FMAX_D, 1, &fl);
            break;
        case OP_FEQ_S: case OP_FLT_S: case OP_FLE_S: case OP_FEQ_D: case OP_FLT_D: case OP_FLE_D: {
            uint32_t r = compare(op, a, b, dbl, &fl);
            if (wr)
                xd[l] = r;
            break;
        }
        case OP_FCLASS_S: case OP_FCLASS_D:
            if (wr)
                xd[l] = (uint32_t)(dbl ? fclass_d(a) : fclass_s((uint32_t)a));
            break;
        case OP_FMV_X_W:
            if (wr)
                xd[l] = (uint32_t)fa[l]; /* raw low half, boxed or not */
            break;
        case OP_FMV_W_X:
            fd[l] = BOX | xa[l];
            break;
        case OP_FCVT_W_S: case OP_FCVT_WU_S: {
            uint32_t r = cvt_to_int(nan_s((uint32_t)a) ? 0 : f32((uint32_t)a), nan_s((uint32_t)a),
                                    op == OP_FCVT_W_S, mode, &fl);
            if (wr)
                xd[l] = r;
            break;
        }
        case OP_FCVT_W_D: case OP_FCVT_WU_D: {
            uint32_t r = cvt_to_int(nan_d(a) ? 0 : f64(a), nan_d(a), op == OP_FCVT_W_D, mode, &fl);
            if (wr)
                xd[l] = r;
            break;
        }
        case OP_FCVT_D_S: { /* exact; the source is a single (a D op: a is raw) */
            uint32_t s = unbox(fa[l]);
            fl |= snan_s(s) ? FFLAG_NV : 0;
            fd[l] = nan_s(s) ? CANON_D : bits64((double)f32(s));
            break;
        }
        case OP_FCVT_D_W:
            fd[l] = bits64((double)(int32_t)xa[l]);
            break;
        case OP_FCVT_D_WU:
            fd[l] = bits64((double)xa[l]);
            break;
        default:
            break;
        }
        fflags[l] |= (uint8_t)fl;
    });
}

void fpu_exec(const insn_t *d, uint64_t *f, uint32_t *x, unsigned stride, unsigned n,
              lane_mask mask, const uint8_t *frm, uint8_t *fflags)
{
    (void)n;
    if (!mask)
        return;
    host_env env = host_save();
    const rounded_op *o = &ROUNDED[d->op < OP_COUNT ? d->op : 0];
    if (o->kern) {
        uint64_t out[64];
        kargs k = {f + (size_t)d->rs1 * stride, f + (size_t)d->rs2 * stride,
                   f + (size_t)d->rs3 * stride, x + (size_t)d->rs1 * stride, out};
        exec_rounded(d, o, &k, mask, frm, fflags, env);
        uint64_t *fd = f + (size_t)d->rd * stride;
        FOR_LANES(mask, fd[l] = out[l]);
    } else {
        exec_explicit(d, f, x, stride, mask, frm, fflags);
    }
    host_restore(env);
}
