/* Reading a whole host file safely: the one place that opens a file whose
 * name comes from the user (programs, DWARF source paths). */
#ifndef SIMTY_UTIL_FILE_H
#define SIMTY_UTIL_FILE_H

#include <stddef.h>
#include <stdint.h>

enum { MAX_READ_FILE = 1 << 30 }; /* larger files are refused */

/* Reads the regular file at path into a new buffer (NUL-terminated one past
 * *len, so text can be scanned as a string) and returns it, or returns NULL
 * with a one-line reason in err naming the file as `name` (an escaped form
 * of path).  Opens with O_NONBLOCK, so a FIFO or a device is refused
 * without blocking. */
uint8_t *read_regular_file(const char *path, const char *name, size_t *len, char *err,
                           size_t errlen);

#endif
