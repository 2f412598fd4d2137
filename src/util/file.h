/* Reading a whole host file safely: the one place that opens a file whose
 * name comes from the user (programs, DWARF source paths). */
#ifndef SIMTY_UTIL_FILE_H
#define SIMTY_UTIL_FILE_H

#include <stddef.h>
#include <stdint.h>

enum { MAX_READ_FILE = 1 << 30 }; /* larger files are refused */

/* Opens the regular file at path for reading and returns its descriptor,
 * or returns -1 with a one-line reason in err naming the file as `name`
 * ("cannot open NAME: ...", "NAME is not a regular file").  Opens with
 * O_NONBLOCK, so a FIFO or a device is refused without blocking (the
 * descriptor stays non-blocking: a regular file's reads never block). */
int open_regular_file(const char *path, const char *name, char *err, size_t errlen);

/* Reads the regular file at path into a new buffer (NUL-terminated one past
 * *len, so text can be scanned as a string) and returns it, or returns NULL
 * with a one-line reason in err naming the file as `name` (an escaped form
 * of path), through open_regular_file. */
uint8_t *read_regular_file(const char *path, const char *name, size_t *len, char *err,
                           size_t errlen);

#endif
