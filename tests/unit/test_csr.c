/* The CSR table (isa/csr.h) and its users: sorted and unique, the
 * read-only rule of the privileged spec, the executor's quick tests, the
 * M-mode check equal to the hand-written one it replaced (every number),
 * the disassembler's names and the GDB stub's list (simty_debug_csr). */
#include <string.h>

#include "check.h"
#include "isa/csr.h"
#include "isa/disasm.h"
#include "machine/mmode.h"
#include "simty.h"

/* The M-mode check before the table (mmode.c, df70d80), the reference */
static bool in(unsigned csr, unsigned lo, unsigned hi) { return csr >= lo && csr <= hi; }

static int old_check(unsigned csr, bool write)
{
    static const unsigned known[] = {
        CSR_FFLAGS, CSR_FRM, CSR_FCSR, CSR_MSTATUS, CSR_MISA, CSR_MIE, CSR_MTVEC,
        CSR_MCOUNTINHIBIT, CSR_MSCRATCH, CSR_MEPC, CSR_MCAUSE, CSR_MTVAL, CSR_MIP, CSR_MCYCLE,
        CSR_MINSTRET, CSR_MCYCLEH, CSR_MINSTRETH, CSR_CYCLE, CSR_TIME, CSR_INSTRET, CSR_CYCLEH,
        CSR_TIMEH, CSR_INSTRETH, CSR_MVENDORID, CSR_MARCHID, CSR_MIMPID, CSR_MHARTID,
        SIMTY_CSR_ROI, SIMTY_CSR_BARRIER, SIMTY_CSR_WARPS, SIMTY_CSR_THREADS, SIMTY_CSR_HARTS,
        SIMTY_CSR_CORES, SIMTY_CSR_QUANTUM};
    bool ok = csr == 0x302 || csr == 0x303 || csr == 0x306 || csr == 0x310 || csr == 0xf15 ||
              in(csr, 0x323, 0x33f) || in(csr, 0x3a0, 0x3ef) || in(csr, 0xb03, 0xb1f) ||
              in(csr, 0xb83, 0xb9f) || in(csr, 0xc03, 0xc1f) || in(csr, 0xc83, 0xc9f);
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        ok |= known[i] == csr;
    if (!ok)
        return CSR_ABSENT;
    return write && (csr >> 10) == 3 ? CSR_READ_ONLY : CSR_OK;
}

static bool old_counts(unsigned csr)
{
    switch (csr) {
    case CSR_MCYCLE: case CSR_MCYCLEH: case CSR_CYCLE: case CSR_CYCLEH:
    case CSR_MINSTRET: case CSR_MINSTRETH: case CSR_INSTRET: case CSR_INSTRETH:
    case CSR_TIME: case CSR_TIMEH: case CSR_MIP:
        return true;
    }
    return false;
}

static void table_order(void)
{
    const csr_info *c, *prev = NULL;
    size_t n = 0;
    for (size_t i = 0; (c = csr_entry(i)); i++, n++) {
        if (prev)
            CHECK(prev->csr < c->csr); /* sorted, unique: csr_find's binary search */
        CHECK(csr_find(c->csr) == c);
        CHECK_EQ(csr_props(c->csr), c->props);
        CHECK(c->name && c->name[0]);
        unsigned access = c->props & CSR_ACCESS;
        if (access != CSR_NONE) /* privileged spec 2.1: 0xc00-0xfff read-only */
            CHECK_EQ(access == CSR_RO, (c->csr >> 10) == 3);
        prev = c;
    }
    CHECK(n > 100);
}

static void against_old(void)
{
    for (unsigned csr = 0; csr < 0x1000; csr++) {
        CHECK_EQ(mmode_csr_check(csr, false), old_check(csr, false));
        CHECK_EQ(mmode_csr_check(csr, true), old_check(csr, true));
        CHECK_EQ(mmode_csr_counts(csr), old_counts(csr));
        CHECK_EQ(csr_is_fp(csr), (csr_props(csr) & CSR_FP) != 0);
        if (csr_family_of(csr))
            CHECK(csr_find(csr) == NULL); /* a family member has no line of its own */
    }
}

static void names(void)
{
    char buf[24];
    CHECK(strcmp(csr_text(0x300, buf, sizeof buf), "mstatus") == 0);
    CHECK(strcmp(csr_text(0x3bc, buf, sizeof buf), "pmpaddr12") == 0);
    CHECK(strcmp(csr_text(0xb83, buf, sizeof buf), "mhpmcounter3h") == 0);
    CHECK(strcmp(csr_text(SIMTY_CSR_ROI, buf, sizeof buf), "simty_roi") == 0);
    CHECK(strcmp(csr_text(SIMTY_CSR_BARRIER, buf, sizeof buf), "0x800") == 0);
    CHECK(strcmp(csr_text(SIMTY_CSR_WARPS, buf, sizeof buf), "0xfc0") == 0);
    CHECK(strcmp(csr_text(0x7c5, buf, sizeof buf), "0x7c5") == 0);
    CHECK(strcmp(csr_text(0x180, buf, sizeof buf), "satp") == 0);
    CHECK_EQ(csr_privilege(0x300), 3);
    CHECK_EQ(csr_privilege(0xc00), 0);
}

/* The GDB stub's CSRs, as its own list had them (cli/gdb.c, df70d80) */
static void gdb_list(void)
{
    static const char *const want[] = {
        "mstatus", "misa", "mie", "mtvec", "mscratch", "mepc", "mcause", "mtval", "mip",
        "mcycle", "minstret", "mcycleh", "minstreth", "cycle", "time", "instret", "cycleh",
        "timeh", "instreth", "mvendorid", "marchid", "mimpid", "mhartid"};
    unsigned i, num;
    const char *name;
    for (i = 0; !simty_debug_csr(i, &num, &name); i++) {
        CHECK(i < sizeof want / sizeof want[0]);
        if (i >= sizeof want / sizeof want[0])
            break;
        CHECK(strcmp(name, want[i]) == 0);
        CHECK(csr_find(num) && strcmp(csr_find(num)->name, name) == 0);
        CHECK_EQ(mmode_csr_check(num, false), CSR_OK);
    }
    CHECK_EQ(i, sizeof want / sizeof want[0]);
}

int main(void)
{
    table_order();
    against_old();
    names();
    gdb_list();
    return check_report("test_csr");
}
