/* Output files of the simty command (output.h).  The size cap uses a
 * fopencookie() stream (a GNU C library interface, also in musl): the trace
 * writers keep writing to a FILE and never see the cap. */
#define _GNU_SOURCE
#include "cli/output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "cli/options.h"
#include "simty.h"
#include "util/escape.h"

static void note(const trace_file *t, const char *fmt, const char *detail)
{
    char name[256];
    text_escape(name, sizeof name, t->path);
    fprintf(stderr, "simty: %s %s: ", t->what, name);
    fprintf(stderr, fmt, detail);
    fputc('\n', stderr);
}

/* The capped stream is line-buffered, so every chunk ends with a line:
 * cutting at the last newline that fits never leaves half a line. */
static ssize_t capped_write(void *cookie, const char *buf, size_t size)
{
    trace_file *t = cookie;
    if (t->stopped || t->err)
        return t->err ? -1 : (ssize_t)size;
    size_t take = size;
    if (t->limit && t->written + size > t->limit) {
        take = (size_t)(t->limit - t->written);
        while (take > 0 && buf[take - 1] != '\n')
            take--;
        t->stopped = 1;
    }
    errno = 0;
    if (take && fwrite(buf, 1, take, t->out) != take) {
        t->err = errno ? errno : EIO;
        return -1;
    }
    t->written += take;
    return (ssize_t)size;
}

static int capped_close(void *cookie)
{
    (void)cookie; /* trace_close() closes the file itself */
    return 0;
}

int trace_open(trace_file *t, const char *what, const char *path, uint64_t limit)
{
    *t = (trace_file){.path = path, .what = what, .limit = limit};
    if (!path)
        return 0;
    t->out = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!t->out) {
        char name[256];
        text_escape(name, sizeof name, path);
        fprintf(stderr, "simty: cannot write %s: %s\n", name, strerror(errno));
        return -1;
    }
    /* always through the capped stream (limit 0: no cap), which records the
     * cause of the first failed write */
    {
        cookie_io_functions_t io = {.write = capped_write, .close = capped_close};
        t->f = fopencookie(t, "w", io);
        if (!t->f || setvbuf(t->f, NULL, _IOLBF, 1 << 16) != 0) {
            fprintf(stderr, "simty: out of host memory opening %s\n", what);
            if (t->f)
                fclose(t->f);
            if (t->out != stdout)
                fclose(t->out);
            t->f = t->out = NULL;
            return -1;
        }
    }
    return 0;
}

int trace_close(trace_file *t)
{
    if (!t->f)
        return 0;
    int bad = 0;
    if (t->f != t->out) { /* the capped stream: its last line goes to out */
        bad |= ferror(t->f) || fclose(t->f) != 0;
    }
    errno = 0;
    bad |= ferror(t->out);
    FILE *out = t->out;
    bad |= out == stdout ? fflush(out) != 0 : fclose(out) != 0;
    if (bad && !t->err)
        t->err = errno ? errno : EIO;
    if (bad && out == stdout)
        clearerr(stdout); /* reported here: the final check of stdout must not repeat it */
    t->f = t->out = NULL;
    if (bad && out == stdout && pipe_closed(t->err))
        return 1;
    if (bad) {
        char name[256];
        text_escape(name, sizeof name, t->path);
        fprintf(stderr, "simty: error writing %s (%s): %s\n", name, t->what, strerror(t->err));
        return 1;
    }
    if (t->stopped) {
        char limit[32];
        snprintf(limit, sizeof limit, "%llu", (unsigned long long)t->limit);
        note(t, "stopped at the --trace-limit of %s bytes (the run went on)", limit);
    }
    return 0;
}

static void output_error(const char *who, const char *what, const char *path)
{
    char name[256];
    text_escape(name, sizeof name, path);
    fprintf(stderr, "%s: %s %s: %s\n", who, what, name, strerror(errno ? errno : EIO));
}

int atomic_open(atomic_file *a, const char *who, const char *path)
{
    *a = (atomic_file){.path = path, .f = stdout};
    if (!path)
        return 0;
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode)) {
            errno = EISDIR;
            output_error(who, "cannot write", path);
            return SIMTY_STATUS_OUTPUT;
        }
        if (!(a->f = fopen(path, "w"))) {
            output_error(who, "cannot write", path);
            return SIMTY_STATUS_OUTPUT;
        }
        return 0;
    }
    size_t len = strlen(path) + 16;
    a->tmp = malloc(len);
    int fd = -1;
    if (a->tmp) {
        snprintf(a->tmp, len, "%s.tmpXXXXXX", path);
        fd = mkstemp(a->tmp);
    }
    if (fd < 0 || !(a->f = fdopen(fd, "w"))) {
        output_error(who, "cannot write", path);
        if (fd >= 0) {
            close(fd);
            unlink(a->tmp);
        }
        free(a->tmp);
        a->tmp = NULL;
        a->f = NULL;
        return SIMTY_STATUS_OUTPUT;
    }
    mode_t mask = umask(0); /* mkstemp makes 0600: give what fopen would */
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    return 0;
}

void atomic_abort(atomic_file *a)
{
    if (a->f && a->f != stdout)
        fclose(a->f);
    if (a->tmp) {
        unlink(a->tmp);
        free(a->tmp);
    }
    *a = (atomic_file){0};
}

int atomic_commit(atomic_file *a, const char *who)
{
    errno = 0;
    int bad = ferror(a->f);
    bad |= a->f == stdout ? fflush(a->f) != 0 : fclose(a->f) != 0;
    if (a->f != stdout)
        a->f = NULL;
    if (!bad && a->tmp && rename(a->tmp, a->path) != 0)
        bad = 1;
    if (bad) {
        if (a->path || !pipe_closed(errno))
            output_error(who, "error writing", a->path ? a->path : "stdout");
        atomic_abort(a);
        return SIMTY_STATUS_OUTPUT;
    }
    free(a->tmp);
    *a = (atomic_file){0};
    return 0;
}

int pipe_closed(int err) { return err == EPIPE; }

int finish_stdout(int err)
{
    errno = 0;
    int bad = ferror(stdout) || err;
    if (fflush(stdout) != 0) {
        bad = 1;
        err = err ? err : errno;
    }
    if (!bad)
        return 0;
    if (!pipe_closed(err))
        fprintf(stderr, "simty: error writing stdout: %s\n", strerror(err ? err : EIO));
    return SIMTY_STATUS_OUTPUT;
}

int output_is_input(const char *opt, const char *output, char *const *inputs, unsigned n,
                    const char *what)
{
    struct stat o, st;
    if (!output || stat(output, &o) != 0 || !S_ISREG(o.st_mode))
        return 0;
    for (unsigned i = 0; i < n; i++)
        if (stat(inputs[i], &st) == 0 && st.st_dev == o.st_dev && st.st_ino == o.st_ino) {
            char name[256];
            text_escape(name, sizeof name, output);
            usage_error("%s %s is one of the programs; %s would replace it", opt, name, what);
            return 1;
        }
    return 0;
}
