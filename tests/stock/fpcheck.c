/* tests/stock: an rv32gc program built by the Debian toolchain with plain
 * flags (riscv64-unknown-elf-gcc -march=rv32gc -mabi=ilp32d -O2, picolibc's
 * libm; start.S and virt.ld are the program's own, for QEMU virt).  It
 * prints the bits of float and double results (arithmetic in every form the
 * compiler emits: fused multiply-adds, divisions, square roots,
 * conversions, comparisons, libm's exp/log/sin/pow) on the 16550 UART, so
 * simty and QEMU must agree bit for bit (tests/sdk_checks.py). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#define UART ((volatile uint8_t *)0x10000000)

static void putc_(char c)
{
    while (!(UART[5] & 0x20)) /* LSR: transmitter holding register empty */
        ;
    UART[0] = (uint8_t)c;
}

static void puts_(const char *s)
{
    while (*s)
        putc_(*s++);
}

static void hex(uint64_t v, int digits)
{
    for (int i = digits - 1; i >= 0; i--)
        putc_("0123456789abcdef"[(v >> (4 * i)) & 15]);
}

static void show_d(const char *name, double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    puts_(name);
    putc_(' ');
    hex(u, 16);
    putc_('\n');
}

static void show_f(const char *name, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    puts_(name);
    putc_(' ');
    hex(u, 8);
    putc_('\n');
}

/* volatile inputs: nothing is folded at compile time */
static volatile double vd[8] = {1.0 / 3.0, -2.5, 1e-310, 1e300, 0.1, 7.0, -0.0, 3.0};
static volatile float vf[8] = {1.0f / 3.0f, -2.5f, 1e-40f, 3e38f, 0.1f, 7.0f, -0.0f, 3.0f};
static volatile int32_t vi[4] = {-7, 2147483647, -2147483647 - 1, 12345};

int main(void)
{
    double s = 0, t = 1;
    float sf = 0, tf = 1;
    for (int i = 1; i <= 200; i++) { /* series: multiply-adds and divisions */
        s += vd[0] * t / i;
        t = t * vd[4] + vd[5] / (i + vd[7]);
        sf += vf[0] * tf / (float)i;
        tf = tf * vf[4] + vf[5] / ((float)i + vf[7]);
    }
    show_d("series", s);
    show_f("seriesf", sf);
    show_d("fma", fma(vd[0], vd[5], vd[4]));
    show_f("fmaf", fmaf(vf[0], vf[5], vf[4]));
    show_d("sqrt", sqrt(vd[5]));
    show_f("sqrtf", sqrtf(vf[5]));
    show_d("subnormal", vd[2] * vd[4]);
    show_f("subnormalf", vf[2] * vf[4]);
    show_d("overflow", vd[3] * vd[3]);
    show_f("overflowf", vf[3] * vf[5]);
    show_d("nan", sqrt(vd[1]));
    show_f("minus0", vf[6] * vf[5]);
    show_d("d2f2d", (double)(float)vd[0]);
    show_f("f2d2f", (float)((double)vf[0] * vd[0]));
    show_d("i2d", (double)vi[1] + vi[2]);
    show_f("i2f", (float)vi[1]);
    show_d("exp", exp(vd[0]));
    show_d("log", log(vd[5]));
    show_d("sin", sin(vd[5]));
    show_d("pow", pow(vd[5], vd[0]));
    show_f("expf", expf(vf[0]));
    int32_t ci = (int32_t)(vd[1] * vd[5]); /* fcvt.w.d, rtz */
    puts_("d2i ");
    hex((uint32_t)ci, 8);
    putc_('\n');
    puts_("cmp ");
    hex((uint32_t)((vd[0] < vd[4]) | (vd[6] == 0.0) << 1 | (vf[2] > 0) << 2 |
                   (isnan(sqrt(vd[1])) << 3)), 2);
    putc_('\n');
    return 0;
}
