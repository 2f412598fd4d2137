/* Semihosting test (tests/semihost_checks.py): a plain C program that reads
 * an input file and its arguments and writes an output file, the same
 * source built by the host's gcc and by sdk/simty-cc.
 *
 *   files IN OUT WORD...
 * reads IN (stdio and POSIX), writes OUT: the argument count, each
 * argument, IN's size, lines, words, a checksum and how often each WORD
 * occurs; a scratch file is made, renamed, read back and removed.  Only
 * thread 0 of a simty program does the work (every thread runs main). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __riscv
#include <simty.h>
#define LEADER (simty_tid() == 0)
#else
#define LEADER 1
#endif

static int fail(const char *what)
{
    perror(what);
    return 3;
}

int main(int argc, char **argv)
{
    if (!LEADER)
        return 0;
    if (argc < 3) {
        fprintf(stderr, "usage: files IN OUT WORD...\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "rb");
    if (!in)
        return fail(argv[1]);
    if (fseek(in, 0, SEEK_END) != 0)
        return fail("fseek");
    long size = ftell(in);
    rewind(in);
    char *text = calloc(1, (size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, in) != (size_t)size)
        return fail("fread");
    fclose(in);
    unsigned lines = 0, words = 0, sum = 0;
    int inword = 0;
    for (long i = 0; i < size; i++) {
        unsigned char c = (unsigned char)text[i];
        sum = sum * 31 + c;
        lines += c == '\n';
        int w = c != ' ' && c != '\n' && c != '\t';
        words += w && !inword;
        inword = w;
    }
    FILE *out = fopen(argv[2], "w");
    if (!out)
        return fail(argv[2]);
    fprintf(out, "argc %d\n", argc);
    for (int i = 1; i < argc; i++)
        fprintf(out, "arg %d [%s]\n", i, argv[i]);
    fprintf(out, "size %ld lines %u words %u sum %08x\n", size, lines, words, sum);
    for (int i = 3; i < argc; i++) {
        unsigned n = 0;
        size_t k = strlen(argv[i]);
        for (char *p = text; k && (p = strstr(p, argv[i])); p += k)
            n++;
        fprintf(out, "word [%s] %u\n", argv[i], n);
    }
    if (fclose(out) != 0)
        return fail("fclose");

    /* POSIX: a scratch file, renamed, read back at an offset, removed */
    int fd = open("semihost-scratch.tmp", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || write(fd, "0123456789", 10) != 10 || close(fd) != 0)
        return fail("scratch");
    if (rename("semihost-scratch.tmp", "semihost-scratch2.tmp") != 0)
        return fail("rename");
    fd = open("semihost-scratch2.tmp", O_RDONLY);
    char b[8] = {0};
    if (fd < 0 || lseek(fd, 4, SEEK_SET) != 4 || read(fd, b, 3) != 3 || close(fd) != 0)
        return fail("read back");
    if (unlink("semihost-scratch2.tmp") != 0 || open("semihost-scratch2.tmp", O_RDONLY) >= 0)
        return fail("unlink");
    printf("done: %s\n", b);
    fprintf(stderr, "stderr: %ld bytes\n", size);
    free(text);
    return 0;
}
