/* simty disasm: an objdump-style listing of a program's executable segments,
 * with objdump's standard aliases (or the raw forms with --no-aliases) and,
 * with --source, the source lines from the ELF's DWARF line table. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/disasm.h"
#include "cli/options.h"
#include "cli/output.h"
#include "isa/disasm.h"
#include "loader/dwarf_line.h"
#include "sim/sim.h"
#include "util/escape.h"
#include "util/file.h"

static const char disasm_usage_text[] =
    "usage: simty disasm [options] PROGRAM.elf\n"
    "\n"
    "Lists the executable segments of an RV32 ELF program like objdump -d.\n"
    "\n"
    "      --no-aliases       raw instruction forms (objdump -M no-aliases): jalr\n"
    "                         zero,0(ra) instead of ret, addi a0,zero,1 instead of li\n"
    "  -S, --source           before the instructions of each source line, print\n"
    "                         FILE:LINE and the line's text (needs -g; the file is\n"
    "                         read from the path in the debug information)\n"
    "      --mem BASE:SIZE    add a RAM region (repeatable), as for simty run\n"
    "      --ram-size SIZE    main RAM size, as for simty run\n"
    "  -h, --help             this text\n"
    "\n"
    "Exit status: 0; 123 stdout cannot be written; 125 usage error; 126 the program\n"
    "cannot be loaded.\n";

enum { OPT_NO_ALIASES = 256, OPT_MEM, OPT_RAM_SIZE };

typedef struct disasm_opts {
    simty_config cfg;
    const char *program;
    int aliases, source;
} disasm_opts;

/* Returns 0, SIMTY_STATUS_USAGE, or -1 after printing the help. */
static int parse_disasm_args(int argc, char **argv, disasm_opts *o)
{
    static const struct option longopts[] = {
        {"no-aliases", no_argument, 0, OPT_NO_ALIASES},
        {"source", no_argument, 0, 'S'},
        {"mem", required_argument, 0, OPT_MEM},
        {"ram-size", required_argument, 0, OPT_RAM_SIZE},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    memset(o, 0, sizeof *o);
    simty_config_default(&o->cfg);
    o->cfg.warps = o->cfg.threads = 1;
    o->aliases = 1;
    opterr = 0;
    optind = 1;
    int c, rc = 0;
    while ((c = getopt_long(argc, argv, "+Sh", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_NO_ALIASES: o->aliases = 0; break;
        case 'S': o->source = 1; break;
        case OPT_MEM: rc = parse_mem_opt(optarg, &o->cfg); break;
        case OPT_RAM_SIZE: rc = parse_ram_size(optarg, &o->cfg.ram_size); break;
        case 'h': fputs(disasm_usage_text, stdout); return -1;
        default: rc = option_error(argv, longopts); break;
        }
        if (rc)
            return rc;
    }
    if (optind >= argc)
        return usage_error("no program given");
    if (optind + 1 < argc)
        return usage_error("unexpected argument '%s' after the program", argv[optind + 1]);
    o->program = argv[optind];
    return 0;
}

/* ---- source lines ---- */

typedef struct source_file {
    char *text;       /* NULL: not read yet or unreadable */
    size_t len;
    int tried;
} source_file;

typedef struct source_view {
    line_table lines;
    source_file *files; /* one per line_table.files entry */
} source_view;

/* Prints at most n bytes of source text (stopping at a NUL): printable
 * ASCII and tabs as they are, any other byte as \xHH, so that a source line
 * cannot send control sequences to the terminal.  (Backslashes stay: the
 * text is C, and a line never holds a newline.) */
static void put_source_text(const char *s, size_t n)
{
    for (size_t i = 0; i < n && s[i]; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '\t' || (ch >= 0x20 && ch < 0x7f))
            putchar(ch);
        else
            printf("\\x%02x", ch);
    }
}

static int source_open(source_view *v, const char *path, char *err, size_t errlen)
{
    memset(v, 0, sizeof *v);
    size_t len;
    char name[200];
    text_escape(name, sizeof name, path);
    uint8_t *buf = read_regular_file(path, name, &len, err, errlen);
    if (!buf)
        return -1;
    char why[256];
    int rc = dwarf_line_read(buf, len, &v->lines, why, sizeof why);
    free(buf);
    if (!rc && !(v->files = calloc(v->lines.nfiles + 1, sizeof *v->files))) {
        snprintf(why, sizeof why, "out of host memory");
        rc = -1;
    }
    if (rc) {
        snprintf(err, errlen, "%s: %s", name, why);
        line_table_free(&v->lines);
        return -1;
    }
    return 0;
}

static void source_close(source_view *v)
{
    for (size_t i = 0; v->files && i < v->lines.nfiles; i++)
        free(v->files[i].text);
    free(v->files);
    line_table_free(&v->lines);
}

/* Prints "FILE:LINE" and the line's text (when the file can be read). */
static void print_source_line(source_view *v, const line_row *r)
{
    source_file *sf = &v->files[r->file];
    const char *path = v->lines.files[r->file];
    if (!sf->tried) {
        sf->tried = 1;
        char why[300];
        sf->text = (char *)read_regular_file(path, "", &sf->len, why, sizeof why);
    }
    char name[512];
    text_escape(name, sizeof name, path); /* from the ELF: guest text */
    fputs(name, stdout);
    printf(":%u\n", r->line);
    if (!sf->text)
        return;
    const char *p = sf->text, *end = sf->text + sf->len;
    for (uint32_t l = 1; l < r->line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
    }
    if (p >= end)
        return;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *eol = nl ? nl : end;
    if (eol > p && eol[-1] == '\r') /* CRLF sources */
        eol--;
    put_source_text(p, (size_t)(eol - p));
    putchar('\n');
}

/* ---- the listing ---- */

static int disasm_symbolizer(void *ctx, uint32_t addr, char *buf, size_t n)
{
    return sim_symbolize(ctx, addr, buf, n);
}

/* Lists [start, end): end may be 2^32.  Returns 0, or the errno of the
 * first failed write to stdout (a closed pipe, a full disk): it stops there. */
static int list_segment(simty_sim *s, uint32_t start, uint64_t end, const disasm_opts *o,
                         source_view *v)
{
    size_t k = 0; /* symbols are sorted by address */
    const line_row *last = NULL;
    for (uint64_t a64 = start; a64 + 4 <= end; a64 += 4) {
        uint32_t a = (uint32_t)a64;
        while (k < s->elf.nsyms && s->elf.syms[k].addr < a)
            k++;
        for (; k < s->elf.nsyms && s->elf.syms[k].addr == a; k++) {
            char name[256];
            text_escape(name, sizeof name, s->elf.syms[k].name);
            if (printf("\n%08x <%s>:\n", a, name) < 0)
                return errno;
        }
        const line_row *r = v ? line_table_find(&v->lines, a) : NULL;
        if (r && (!last || r->file != last->file || r->line != last->line))
            print_source_line(v, r);
        last = r;
        char dis[200];
        insn_t d;
        insn_decode(load_le(mem_ptr(&s->mem, a, 4), 4), &d);
        if (o->aliases)
            insn_disasm_alias(&d, a, dis, sizeof dis, disasm_symbolizer, s);
        else
            insn_disasm(&d, a, dis, sizeof dis, disasm_symbolizer, s);
        if (printf("%8x:\t%08x\t%s\n", a, d.raw, dis) < 0)
            return errno;
    }
    return 0;
}

int cmd_disasm(int argc, char **argv)
{
    disasm_opts o;
    int rc = parse_disasm_args(argc, argv, &o);
    if (rc)
        return rc < 0 ? 0 : rc;
    char err[512];
    simty_sim *s = simty_create(&o.cfg, err, sizeof err);
    if (!s)
        return usage_error("%s", err);
    source_view view, *v = NULL;
    if (simty_load(s, o.program, err, sizeof err) ||
        (o.source && source_open(&view, o.program, err, sizeof err))) {
        fprintf(stderr, "simty: %s\n", err);
        simty_destroy(s);
        return SIMTY_STATUS_LOAD;
    }
    if (o.source)
        v = &view;
    int werr = 0;
    for (unsigned i = 0; i < s->elf.nexec && !werr; i++)
        werr = list_segment(s, s->elf.exec[i].addr,
                            (uint64_t)s->elf.exec[i].addr + s->elf.exec[i].size, &o, v);
    if (v)
        source_close(v);
    simty_destroy(s);
    return finish_stdout(werr);
}
