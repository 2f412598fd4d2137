/* DWARF line tables (.debug_line, versions 2 to 5): which source file and
 * line each code address comes from, for `simty disasm --source`.  Every
 * read is bounds-checked: a corrupt table gives an error, never a crash. */
#ifndef SIMTY_LOADER_DWARF_LINE_H
#define SIMTY_LOADER_DWARF_LINE_H

#include <stddef.h>
#include <stdint.h>

typedef struct line_row {
    uint32_t addr;
    uint32_t line; /* 0: no source line (the end of a sequence) */
    uint32_t file; /* index into line_table.files */
} line_row;

typedef struct line_table {
    line_row *rows;  /* sorted by address; rows of one address keep table order */
    size_t nrows, cap;
    char **files;    /* "dir/name", owned */
    size_t nfiles, fcap;
} line_table;

/* The sections a line table reads (a section may be absent: NULL, 0). */
typedef struct dwarf_sections {
    const uint8_t *line, *str, *line_str; /* .debug_line, .debug_str, .debug_line_str */
    size_t line_len, str_len, line_str_len;
} dwarf_sections;

/* Runs every line-number program of sx->line.  Returns 0, or -1 with a
 * one-line reason in err (the table then holds what was read before). */
int dwarf_line_parse(const dwarf_sections *sx, line_table *t, char *err, size_t errlen);

/* The same for the sections of the ELF image buf[0, len).  An image
 * without .debug_line gives an empty table. */
int dwarf_line_read(const uint8_t *buf, size_t len, line_table *t, char *err, size_t errlen);

void line_table_free(line_table *t);

/* The row that covers addr (the last row at the greatest address <= addr),
 * or NULL if none does or it ends a sequence. */
const line_row *line_table_find(const line_table *t, uint32_t addr);

#endif
