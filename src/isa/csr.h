/* The one table of control and status registers: every CSR simty
 * implements and every CSR name the disassembler prints (objdump's names),
 * with what an access does.  Used by the executor and M-mode (which CSRs
 * exist, which are read-only, which read zero, which count time), the
 * disassembler (the names) and the GDB stub (the CSRs it shows, through
 * simty_debug_csr()).  Adding a CSR: one line of CSR_LIST, then its value
 * in mmode_csr_access() (machine/mmode.c) unless it reads zero; docs/design.md
 * "Adding a CSR". */
#ifndef SIMTY_ISA_CSR_H
#define SIMTY_ISA_CSR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "simty_guest.h" /* simty's own CSR numbers (SIMTY_CSR_*) */

/* Standard CSR numbers (the RISC-V specification's; simty's own are
 * SIMTY_CSR_* in simty_guest.h, docs/platform.md) */
enum {
    CSR_FFLAGS = 0x001,
    CSR_FRM = 0x002,
    CSR_FCSR = 0x003,
    CSR_MSTATUS = 0x300,
    CSR_MISA = 0x301,
    CSR_MIE = 0x304,
    CSR_MTVEC = 0x305,
    CSR_MCOUNTINHIBIT = 0x320,
    CSR_MSCRATCH = 0x340,
    CSR_MEPC = 0x341,
    CSR_MCAUSE = 0x342,
    CSR_MTVAL = 0x343,
    CSR_MIP = 0x344,
    CSR_MCYCLE = 0xb00,
    CSR_MINSTRET = 0xb02,
    CSR_MCYCLEH = 0xb80,
    CSR_MINSTRETH = 0xb82,
    CSR_CYCLE = 0xc00,
    CSR_TIME = 0xc01,
    CSR_INSTRET = 0xc02,
    CSR_CYCLEH = 0xc80,
    CSR_TIMEH = 0xc81,
    CSR_INSTRETH = 0xc82,
    CSR_MVENDORID = 0xf11,
    CSR_MARCHID = 0xf12,
    CSR_MIMPID = 0xf13,
    CSR_MHARTID = 0xf14,
};

/* What an access does (the low two bits of a CSR's properties): CSR_NONE
 * is a name only (the instruction is illegal: simty has no such CSR);
 * CSR_RO refuses writes (numbers 0xc00-0xfff, privileged spec 2.1). */
enum { CSR_NONE = 0, CSR_RW = 1, CSR_RO = 2, CSR_ACCESS = 3 };

/* Properties beside the access */
enum {
    CSR_ZERO = 1 << 2,   /* reads zero, ignores writes (a feature simty lacks) */
    CSR_FP = 1 << 3,     /* the F extension's: needs mstatus.FS on, makes it Dirty */
    CSR_COUNTS = 1 << 4, /* its value changes with time (the counters, mip) */
    CSR_GDB = 1 << 5,    /* shown by the GDB stub (feature org.gnu.gdb.riscv.csr) */
    CSR_SIMTY = 1 << 6,  /* simty's own (sdk/include/simty_guest.h, docs/platform.md) */
    CSR_NUMBER = 1 << 7, /* disassembled as its number (objdump has no name for it) */
    CSR_EFFECT = 1 << 8, /* a write acts (ROI mark, barrier): instructions only, no debugger */
};

/* X(number, name, access, properties), sorted by number (a unit test
 * checks; a repeated number does not compile).  Privilege: bits 9:8 of the
 * number (3 machine, 0 user; simty runs every thread in M-mode). */
#define CSR_LIST(X) \
    X(CSR_FFLAGS, "fflags",         CSR_RW,  CSR_FP) \
    X(CSR_FRM, "frm",            CSR_RW,  CSR_FP) \
    X(CSR_FCSR, "fcsr",           CSR_RW,  CSR_FP) \
    X(0x008, "vstart",         CSR_NONE, 0) \
    X(0x009, "vxsat",          CSR_NONE, 0) \
    X(0x00a, "vxrm",           CSR_NONE, 0) \
    X(0x00f, "vcsr",           CSR_NONE, 0) \
    X(0x015, "seed",           CSR_NONE, 0) \
    X(0x100, "sstatus",        CSR_NONE, 0) \
    X(0x104, "sie",            CSR_NONE, 0) \
    X(0x105, "stvec",          CSR_NONE, 0) \
    X(0x106, "scounteren",     CSR_NONE, 0) \
    X(0x10a, "senvcfg",        CSR_NONE, 0) \
    X(0x114, "sieh",           CSR_NONE, 0) \
    X(0x140, "sscratch",       CSR_NONE, 0) \
    X(0x141, "sepc",           CSR_NONE, 0) \
    X(0x142, "scause",         CSR_NONE, 0) \
    X(0x143, "stval",          CSR_NONE, 0) \
    X(0x144, "sip",            CSR_NONE, 0) \
    X(0x14d, "stimecmp",       CSR_NONE, 0) \
    X(0x150, "siselect",       CSR_NONE, 0) \
    X(0x151, "sireg",          CSR_NONE, 0) \
    X(0x154, "siph",           CSR_NONE, 0) \
    X(0x15c, "stopei",         CSR_NONE, 0) \
    X(0x15d, "stimecmph",      CSR_NONE, 0) \
    X(0x180, "satp",           CSR_NONE, 0) \
    X(0x200, "vsstatus",       CSR_NONE, 0) \
    X(0x204, "vsie",           CSR_NONE, 0) \
    X(0x205, "vstvec",         CSR_NONE, 0) \
    X(0x214, "vsieh",          CSR_NONE, 0) \
    X(0x240, "vsscratch",      CSR_NONE, 0) \
    X(0x241, "vsepc",          CSR_NONE, 0) \
    X(0x242, "vscause",        CSR_NONE, 0) \
    X(0x243, "vstval",         CSR_NONE, 0) \
    X(0x244, "vsip",           CSR_NONE, 0) \
    X(0x24d, "vstimecmp",      CSR_NONE, 0) \
    X(0x250, "vsiselect",      CSR_NONE, 0) \
    X(0x251, "vsireg",         CSR_NONE, 0) \
    X(0x254, "vsiph",          CSR_NONE, 0) \
    X(0x25c, "vstopei",        CSR_NONE, 0) \
    X(0x25d, "vstimecmph",     CSR_NONE, 0) \
    X(0x280, "vsatp",          CSR_NONE, 0) \
    X(CSR_MSTATUS, "mstatus",        CSR_RW,  CSR_GDB) \
    X(CSR_MISA, "misa",           CSR_RW,  CSR_GDB) \
    X(0x302, "medeleg",        CSR_RW,  CSR_ZERO) \
    X(0x303, "mideleg",        CSR_RW,  CSR_ZERO) \
    X(CSR_MIE, "mie",            CSR_RW,  CSR_GDB) \
    X(CSR_MTVEC, "mtvec",          CSR_RW,  CSR_GDB) \
    X(0x306, "mcounteren",     CSR_RW,  CSR_ZERO) \
    X(0x308, "mvien",          CSR_NONE, 0) \
    X(0x309, "mvip",           CSR_NONE, 0) \
    X(0x30a, "menvcfg",        CSR_NONE, 0) \
    X(0x310, "mstatush",       CSR_RW,  CSR_ZERO) \
    X(0x313, "midelegh",       CSR_NONE, 0) \
    X(0x314, "mieh",           CSR_NONE, 0) \
    X(0x318, "mvienh",         CSR_NONE, 0) \
    X(0x319, "mviph",          CSR_NONE, 0) \
    X(0x31a, "menvcfgh",       CSR_NONE, 0) \
    X(CSR_MCOUNTINHIBIT, "mcountinhibit",  CSR_RW,  0) \
    X(CSR_MSCRATCH, "mscratch",       CSR_RW,  CSR_GDB) \
    X(CSR_MEPC, "mepc",           CSR_RW,  CSR_GDB) \
    X(CSR_MCAUSE, "mcause",         CSR_RW,  CSR_GDB) \
    X(CSR_MTVAL, "mtval",          CSR_RW,  CSR_GDB) \
    X(CSR_MIP, "mip",            CSR_RW,  CSR_COUNTS|CSR_GDB) \
    X(0x34a, "mtinst",         CSR_NONE, 0) \
    X(0x34b, "mtval2",         CSR_NONE, 0) \
    X(0x350, "miselect",       CSR_NONE, 0) \
    X(0x351, "mireg",          CSR_NONE, 0) \
    X(0x354, "miph",           CSR_NONE, 0) \
    X(0x35c, "mtopei",         CSR_NONE, 0) \
    X(0x5a8, "scontext",       CSR_NONE, 0) \
    X(0x600, "hstatus",        CSR_NONE, 0) \
    X(0x602, "hedeleg",        CSR_NONE, 0) \
    X(0x603, "hideleg",        CSR_NONE, 0) \
    X(0x604, "hie",            CSR_NONE, 0) \
    X(0x605, "htimedelta",     CSR_NONE, 0) \
    X(0x606, "hcounteren",     CSR_NONE, 0) \
    X(0x607, "hgeie",          CSR_NONE, 0) \
    X(0x608, "hvien",          CSR_NONE, 0) \
    X(0x609, "hvictl",         CSR_NONE, 0) \
    X(0x60a, "henvcfg",        CSR_NONE, 0) \
    X(0x613, "hidelegh",       CSR_NONE, 0) \
    X(0x615, "htimedeltah",    CSR_NONE, 0) \
    X(0x618, "hvienh",         CSR_NONE, 0) \
    X(0x61a, "henvcfgh",       CSR_NONE, 0) \
    X(0x643, "htval",          CSR_NONE, 0) \
    X(0x644, "hip",            CSR_NONE, 0) \
    X(0x645, "hvip",           CSR_NONE, 0) \
    X(0x646, "hviprio1",       CSR_NONE, 0) \
    X(0x647, "hviprio2",       CSR_NONE, 0) \
    X(0x64a, "htinst",         CSR_NONE, 0) \
    X(0x655, "hviph",          CSR_NONE, 0) \
    X(0x656, "hviprio1h",      CSR_NONE, 0) \
    X(0x657, "hviprio2h",      CSR_NONE, 0) \
    X(0x680, "hgatp",          CSR_NONE, 0) \
    X(0x6a8, "hcontext",       CSR_NONE, 0) \
    X(0x747, "mseccfg",        CSR_NONE, 0) \
    X(0x757, "mseccfgh",       CSR_NONE, 0) \
    X(0x7a0, "tselect",        CSR_NONE, 0) \
    X(0x7a1, "tdata1",         CSR_NONE, 0) \
    X(0x7a2, "tdata2",         CSR_NONE, 0) \
    X(0x7a3, "tdata3",         CSR_NONE, 0) \
    X(0x7a4, "tinfo",          CSR_NONE, 0) \
    X(0x7a5, "tcontrol",       CSR_NONE, 0) \
    X(0x7a8, "mcontext",       CSR_NONE, 0) \
    X(0x7aa, "mscontext",      CSR_NONE, 0) \
    X(0x7b0, "dcsr",           CSR_NONE, 0) \
    X(0x7b1, "dpc",            CSR_NONE, 0) \
    X(0x7b2, "dscratch0",      CSR_NONE, 0) \
    X(0x7b3, "dscratch1",      CSR_NONE, 0) \
    X(SIMTY_CSR_ROI, "simty_roi",      CSR_RW,  CSR_SIMTY|CSR_EFFECT) \
    X(SIMTY_CSR_BARRIER, "simty_barrier",  CSR_RW,  CSR_SIMTY|CSR_NUMBER|CSR_EFFECT) \
    X(CSR_MCYCLE, "mcycle",         CSR_RW,  CSR_COUNTS|CSR_GDB) \
    X(CSR_MINSTRET, "minstret",       CSR_RW,  CSR_COUNTS|CSR_GDB) \
    X(CSR_MCYCLEH, "mcycleh",        CSR_RW,  CSR_COUNTS|CSR_GDB) \
    X(CSR_MINSTRETH, "minstreth",      CSR_RW,  CSR_COUNTS|CSR_GDB) \
    X(CSR_CYCLE, "cycle",          CSR_RO,  CSR_COUNTS|CSR_GDB) \
    X(CSR_TIME, "time",           CSR_RO,  CSR_COUNTS|CSR_GDB) \
    X(CSR_INSTRET, "instret",        CSR_RO,  CSR_COUNTS|CSR_GDB) \
    X(0xc20, "vl",             CSR_NONE, 0) \
    X(0xc21, "vtype",          CSR_NONE, 0) \
    X(0xc22, "vlenb",          CSR_NONE, 0) \
    X(CSR_CYCLEH, "cycleh",         CSR_RO,  CSR_COUNTS|CSR_GDB) \
    X(CSR_TIMEH, "timeh",          CSR_RO,  CSR_COUNTS|CSR_GDB) \
    X(CSR_INSTRETH, "instreth",       CSR_RO,  CSR_COUNTS|CSR_GDB) \
    X(0xda0, "scountovf",      CSR_NONE, 0) \
    X(0xdb0, "stopi",          CSR_NONE, 0) \
    X(0xe12, "hgeip",          CSR_NONE, 0) \
    X(0xeb0, "vstopi",         CSR_NONE, 0) \
    X(CSR_MVENDORID, "mvendorid",      CSR_RO,  CSR_GDB) \
    X(CSR_MARCHID, "marchid",        CSR_RO,  CSR_GDB) \
    X(CSR_MIMPID, "mimpid",         CSR_RO,  CSR_GDB) \
    X(CSR_MHARTID, "mhartid",        CSR_RO,  CSR_GDB) \
    X(0xf15, "mconfigptr",     CSR_RO,  CSR_ZERO) \
    X(0xfb0, "mtopi",          CSR_NONE, 0) \
    X(SIMTY_CSR_WARPS, "simty_warps",    CSR_RO,  CSR_SIMTY|CSR_NUMBER) \
    X(SIMTY_CSR_THREADS, "simty_threads",  CSR_RO,  CSR_SIMTY|CSR_NUMBER) \
    X(SIMTY_CSR_HARTS, "simty_harts",    CSR_RO,  CSR_SIMTY|CSR_NUMBER) \
    X(SIMTY_CSR_CORES, "simty_cores",    CSR_RO,  CSR_SIMTY|CSR_NUMBER) \
    X(SIMTY_CSR_QUANTUM, "simty_quantum",  CSR_RO,  CSR_SIMTY|CSR_NUMBER)

/* Numbered families (pmpaddr0..63, mhpmcounter3..31, ...):
 * name<first + i><suffix> at number + i, i < count */
typedef struct csr_family {
    uint16_t csr;
    uint8_t first, count;
    const char *name, *suffix;
    unsigned props;
} csr_family;

typedef struct csr_info {
    uint16_t csr;
    const char *name;
    unsigned props; /* access | properties */
} csr_info;

/* The properties of CSR csr (access | properties; CSR_NONE for an unknown
 * number).  The executor's lookup: a switch, no table walk. */
unsigned csr_props(unsigned csr);

/* The named CSR csr, or NULL (a family member or an unknown number). */
const csr_info *csr_find(unsigned csr);

/* The i-th entry of the table (number order), or NULL past the end. */
const csr_info *csr_entry(size_t i);

/* The family csr belongs to, or NULL. */
const csr_family *csr_family_of(unsigned csr);

/* The CSR's privilege level (0 user, 1 supervisor, 2 hypervisor, 3 machine). */
static inline unsigned csr_privilege(unsigned csr) { return (csr >> 8) & 3; }

/* The F extension's CSRs (fflags, frm, fcsr: CSR_FP) are 1..3: the
 * executor's quick test (a unit test checks it against the table). */
static inline bool csr_is_fp(unsigned csr) { return csr - 1u < 3u; }

#endif
