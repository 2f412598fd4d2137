/* Guest-controlled text (symbol names, console lines, file names from a
 * directory) made safe to print: one line, printable ASCII, so it cannot
 * break a message, a trace, a JSON string or a table row, or send escape
 * sequences to a terminal. */
#ifndef SIMTY_UTIL_ESCAPE_H
#define SIMTY_UTIL_ESCAPE_H

#include <stddef.h>

/* Writes src into dst (n > 0 bytes, always NUL-terminated): bytes 0x20-0x7e
 * as themselves except the backslash, which becomes "\\"; every other byte
 * (control characters, DEL, anything that is not ASCII) as "\xHH".  An
 * escape sequence is never cut.  Returns the length the whole escaped text
 * needs (like snprintf), so a result >= n means it was truncated. */
size_t text_escape(char *dst, size_t n, const char *src);

/* text_escape() of at most len bytes of src (stops at a NUL too). */
size_t text_escape_n(char *dst, size_t n, const char *src, size_t len);

#endif
