/* ELF32 RISC-V loader and symbol table. */
#ifndef SIMTY_LOADER_ELF_H
#define SIMTY_LOADER_ELF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "memory/memory.h"

enum { ELF_SYM_NOTYPE = 0, ELF_SYM_OBJECT = 1, ELF_SYM_FUNC = 2 }; /* elf_symbol.type */

typedef struct elf_symbol {
    uint32_t addr;
    uint32_t size;
    const char *name; /* points into elf_image.strtab */
    uint8_t type;     /* ELF_SYM_*: the symbol's STT type */
} elf_symbol;

typedef struct elf_image {
    uint32_t entry;
    struct elf_segment {
        uint32_t addr, size;
    } *exec;          /* executable segments (every one), for the disassembler */
    unsigned nexec;
    bool rvc;         /* the header's EF_RISCV_RVC: built with compressed instructions */
    elf_symbol *syms; /* sorted by address, then name */
    size_t nsyms;
    char *strtab;     /* owned copy of the ELF string table */
} elf_image;

/* Loads the PT_LOAD segments of an RV32 ELF file into memory (physical
 * addresses, zero-filling memsz beyond filesz) and reads its symbols.
 * Returns 0, or -1 with a one-line reason in err.  Only a regular file is
 * read (a FIFO or a device is refused without blocking). */
int elf_load(const char *path, memory_t *mem, elf_image *img, char *err, size_t errlen);

/* Parses an ELF image already in host memory (the file loader uses it; so do
 * tests and fuzzers). */
int elf_load_buffer(const uint8_t *buf, size_t len, memory_t *mem, elf_image *img, char *err,
                    size_t errlen);

void elf_free(elf_image *img);

/* The contents of the section called `name` in the ELF image buf[0, len)
 * (bounds-checked).  Returns 0, or -1 if there is none or it lies outside
 * the image. */
int elf_find_section(const uint8_t *buf, size_t len, const char *name, const uint8_t **data,
                     size_t *size);

/* Address of a named symbol; returns 0 if found. */
int elf_find_symbol(const elf_image *img, const char *name, uint32_t *addr);

/* Nearest symbol at or below addr: writes "name" or "name+0x1c" into buf,
 * the name escaped for printing (util/escape.h).  Returns 0 if there is
 * none. */
int elf_symbolize(const elf_image *img, uint32_t addr, char *buf, size_t n);

#endif
