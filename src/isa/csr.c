/* The CSR table (isa/csr.h): lookups by number for the executor, the
 * disassembler and the GDB stub. */
#include "isa/csr.h"

static const csr_info csr_table[] = {
#define CSR_ENTRY(num, name, access, props) {(num), (name), (access) | (props)},
    CSR_LIST(CSR_ENTRY)
#undef CSR_ENTRY
};

#define NCSRS (sizeof csr_table / sizeof csr_table[0])

/* The counters, events and PMP entries simty does not have read zero */
static const csr_family families[] = {
    {0x10c, 0, 4, "sstateen", "", CSR_NONE},
    {0x30c, 0, 4, "mstateen", "", CSR_NONE},
    {0x31c, 0, 4, "mstateen", "h", CSR_NONE},
    {0x323, 3, 29, "mhpmevent", "", CSR_RW | CSR_ZERO},
    {0x3a0, 0, 16, "pmpcfg", "", CSR_RW | CSR_ZERO},
    {0x3b0, 0, 64, "pmpaddr", "", CSR_RW | CSR_ZERO},
    {0x60c, 0, 4, "hstateen", "", CSR_NONE},
    {0x61c, 0, 4, "hstateen", "h", CSR_NONE},
    {0x723, 3, 29, "mhpmevent", "h", CSR_NONE},
    {0xb03, 3, 29, "mhpmcounter", "", CSR_RW | CSR_ZERO},
    {0xb83, 3, 29, "mhpmcounter", "h", CSR_RW | CSR_ZERO},
    {0xc03, 3, 29, "hpmcounter", "", CSR_RO | CSR_ZERO},
    {0xc83, 3, 29, "hpmcounter", "h", CSR_RO | CSR_ZERO},
};

const csr_family *csr_family_of(unsigned csr)
{
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        if (csr - families[i].csr < families[i].count)
            return &families[i];
    return NULL;
}

unsigned csr_props(unsigned csr)
{
    switch (csr) {
#define CSR_CASE(num, name, access, props) case (num): return (access) | (props);
        CSR_LIST(CSR_CASE)
#undef CSR_CASE
    }
    const csr_family *f = csr_family_of(csr);
    return f ? f->props : CSR_NONE;
}

const csr_info *csr_find(unsigned csr)
{
    size_t lo = 0, hi = NCSRS; /* (sorted by number) */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (csr_table[mid].csr < csr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < NCSRS && csr_table[lo].csr == csr ? &csr_table[lo] : NULL;
}

const csr_info *csr_entry(size_t i)
{
    return i < NCSRS ? &csr_table[i] : NULL;
}
