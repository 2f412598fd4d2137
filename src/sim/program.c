/* The public program-inspection interface (simty.h, "Program inspection"):
 * the loaded program's symbols and executable segments, the disassembly of
 * one instruction, and the source lines of its DWARF line table, for
 * `simty disasm` and other front ends. */
#include <stdlib.h>

#include "isa/disasm.h"
#include "sim/sim.h"
#include "warp/lane_ops.h" /* mem_access_size */
#include "util/escape.h"
#include "util/file.h"

size_t simty_symbol_count(const simty_sim *s) { return s->loaded ? s->elf.nsyms : 0; }

int simty_symbol_get(const simty_sim *s, size_t i, const char **name, uint32_t *addr)
{
    if (i >= simty_symbol_count(s))
        return -1;
    *name = s->elf.syms[i].name;
    *addr = s->elf.syms[i].addr;
    return 0;
}

unsigned simty_exec_segment_count(const simty_sim *s) { return s->loaded ? s->elf.nexec : 0; }

int simty_exec_segment_get(const simty_sim *s, unsigned i, uint32_t *addr, uint32_t *size)
{
    if (i >= simty_exec_segment_count(s))
        return -1;
    *addr = s->elf.exec[i].addr;
    *size = s->elf.exec[i].size;
    return 0;
}

static int symbolize_cb(void *ctx, uint32_t addr, char *buf, size_t n)
{
    return sim_symbolize(ctx, addr, buf, n);
}

int simty_disasm(const simty_sim *s, uint32_t addr, int aliases, uint32_t *word, char *buf,
                 size_t n)
{
    insn_t d;
    if (!sim_decode_at(s, addr, &d)) /* (--stack-interleave: where the program sees it) */
        return -1;
    if (aliases)
        insn_disasm_alias(&d, addr, buf, n, symbolize_cb, (void *)s);
    else
        insn_disasm(&d, addr, buf, n, symbolize_cb, (void *)s);
    *word = d.raw;
    return d.len;
}

const char *simty_reg_name(unsigned r) { return r < 32 ? reg_name(r) : NULL; }
const char *simty_freg_name(unsigned r) { return r < 32 ? fp_reg_name(r) : NULL; }

int simty_store_at(const simty_sim *s, unsigned hart, uint32_t pc, uint32_t *addr,
                   uint32_t *len)
{
    insn_t d;
    uint32_t base;
    if (hart >= s->nharts || !sim_decode_at(s, pc, &d) ||
        !(d.cls == CLS_STORE || (d.cls == CLS_AMO && d.op != OP_LR_W)) ||
        simty_reg_read(s, hart, d.rs1, &base))
        return 0;
    *addr = base + (d.cls == CLS_AMO ? 0 : (uint32_t)d.imm);
    *len = mem_access_size(&d);
    return 1;
}

int simty_load_source_lines(simty_sim *s, char *err, size_t errlen)
{
    if (s->lines_loaded)
        return 0;
    if (!s->loaded || !s->program_path) {
        snprintf(err, errlen, "%s", s->loaded ? "the program was loaded from memory: no file to "
                                                "read its line table from"
                                              : "no program loaded");
        return -1;
    }
    size_t len;
    char name[200];
    text_escape(name, sizeof name, s->program_path);
    uint8_t *buf = read_regular_file(s->program_path, name, &len, err, errlen);
    if (!buf)
        return -1;
    char why[256];
    int rc = dwarf_line_read(buf, len, &s->lines, why, sizeof why);
    free(buf);
    if (rc) {
        snprintf(err, errlen, "%s: %s", name, why);
        line_table_free(&s->lines);
        return -1;
    }
    s->lines_loaded = true;
    return 0;
}

int simty_source_line(const simty_sim *s, uint32_t addr, unsigned *file, uint32_t *line)
{
    const line_row *r = s->lines_loaded ? line_table_find(&s->lines, addr) : NULL;
    if (!r)
        return -1;
    *file = r->file;
    *line = r->line;
    return 0;
}

unsigned simty_source_file_count(const simty_sim *s) { return (unsigned)s->lines.nfiles; }

const char *simty_source_file(const simty_sim *s, unsigned file)
{
    return file < s->lines.nfiles ? s->lines.files[file] : NULL;
}
