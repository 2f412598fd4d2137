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
#include "simty.h"
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
        case OPT_MEM: rc = parse_setting(&o->cfg, "mem", optarg); break;
        case OPT_RAM_SIZE: rc = parse_setting(&o->cfg, "ram-size", optarg); break;
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

/* Reads the line table of the program loaded from path and returns one
 * source_file per file of it, or NULL with a reason in err. */
static source_file *source_open(simty_sim *s, const char *path, char *err, size_t errlen)
{
    if (simty_load_source_lines(s, err, errlen))
        return NULL;
    source_file *files = calloc(simty_source_file_count(s) + 1, sizeof *files);
    if (!files) {
        char name[200];
        text_escape(name, sizeof name, path);
        snprintf(err, errlen, "%s: out of host memory", name);
    }
    return files;
}

static void source_close(const simty_sim *s, source_file *files)
{
    for (unsigned i = 0; i < simty_source_file_count(s); i++)
        free(files[i].text);
    free(files);
}

/* Prints "FILE:LINE" and the line's text (when the file can be read). */
static void print_source_line(const simty_sim *s, source_file *files, unsigned file,
                              uint32_t line)
{
    source_file *sf = &files[file];
    const char *path = simty_source_file(s, file);
    if (!sf->tried) {
        sf->tried = 1;
        char why[300];
        sf->text = (char *)read_regular_file(path, "", &sf->len, why, sizeof why);
    }
    char name[512];
    text_escape(name, sizeof name, path); /* from the ELF: guest text */
    fputs(name, stdout);
    printf(":%u\n", line);
    if (!sf->text)
        return;
    const char *p = sf->text, *end = sf->text + sf->len;
    for (uint32_t l = 1; l < line && p < end; l++) {
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

/* Lists [start, end): end may be 2^32.  files: the source files (--source)
 * or NULL.  Returns 0, or the errno of the first failed write to stdout (a
 * closed pipe, a full disk): it stops there. */
static int list_segment(const simty_sim *s, uint32_t start, uint64_t end, const disasm_opts *o,
                        source_file *files)
{
    size_t k = 0; /* symbols are sorted by address */
    const char *sym;
    uint32_t sym_addr;
    int have_last = 0; /* the previous word had a source line: last_file:last_line */
    unsigned last_file = 0;
    uint32_t last_line = 0;
    for (uint64_t a64 = start, len = 4; a64 + 2 <= end; a64 += len) {
        uint32_t a = (uint32_t)a64;
        for (; !simty_symbol_get(s, k, &sym, &sym_addr) && sym_addr <= a; k++) {
            if (sym_addr < a)
                continue;
            char name[256];
            text_escape(name, sizeof name, sym);
            if (printf("\n%08x <%s>:\n", a, name) < 0)
                return errno;
        }
        unsigned file;
        uint32_t line;
        int have = files && !simty_source_line(s, a, &file, &line);
        if (have && (!have_last || file != last_file || line != last_line))
            print_source_line(s, files, file, line);
        if ((have_last = have))
            last_file = file, last_line = line;
        char dis[200];
        uint32_t word;
        int n = simty_disasm(s, a, o->aliases, &word, dis, sizeof dis);
        if (n < 0 || a64 + (unsigned)n > end)
            break; /* not in memory: the loader puts every segment there */
        len = (unsigned)n;
        /* objdump: a 16-bit parcel as 4 digits in the 8-digit column */
        if ((n == 2 ? printf("%8x:\t%04x    \t%s\n", a, word, dis)
                    : printf("%8x:\t%08x\t%s\n", a, word, dis)) < 0)
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
    source_file *files = NULL;
    if (simty_load(s, o.program, err, sizeof err) ||
        (o.source && !(files = source_open(s, o.program, err, sizeof err)))) {
        fprintf(stderr, "simty: %s\n", err);
        simty_destroy(s);
        return SIMTY_STATUS_LOAD;
    }
    int werr = 0;
    uint32_t addr, size;
    for (unsigned i = 0; !werr && !simty_exec_segment_get(s, i, &addr, &size); i++)
        werr = list_segment(s, addr, (uint64_t)addr + size, &o, files);
    if (files)
        source_close(s, files);
    simty_destroy(s);
    return finish_stdout(werr);
}
