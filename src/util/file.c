/* Reading a whole host file safely (file.h). */
#include "util/file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int open_regular_file(const char *path, const char *name, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        snprintf(err, errlen, "cannot open %s: %s", name, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s is not a regular file", name);
        close(fd);
        return -1;
    }
    return fd;
}

uint8_t *read_regular_file(const char *path, const char *name, size_t *len, char *err,
                           size_t errlen)
{
    int fd = open_regular_file(path, name, err, errlen);
    if (fd < 0)
        return NULL;
    struct stat st;
    uint8_t *buf = NULL;
    if (fstat(fd, &st) != 0)
        snprintf(err, errlen, "cannot read %s: %s", name, strerror(errno));
    else if (st.st_size > MAX_READ_FILE)
        snprintf(err, errlen, "%s is larger than 1 GiB", name);
    else if (!(buf = malloc((size_t)st.st_size + 1)))
        snprintf(err, errlen, "out of host memory reading %s", name);
    else {
        size_t got = 0, want = (size_t)st.st_size;
        ssize_t k = 1;
        while (got < want && (k = read(fd, buf + got, want - got)) > 0)
            got += (size_t)k;
        if (got < want) { /* an error, or the file shrank */
            snprintf(err, errlen, "cannot read %s: %s", name,
                     k < 0 ? strerror(errno) : "file changed while read");
            free(buf);
            buf = NULL;
        } else {
            buf[got] = 0;
        }
        *len = got;
    }
    close(fd);
    return buf;
}
