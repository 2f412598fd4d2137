/* RISC-V semihosting: see machine/semihost.h and docs/platform.md,
 * "Semihosting". */
#define _GNU_SOURCE /* openat2 through syscall() */
#include "machine/semihost.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include "machine/machine.h"


/* Operation numbers (ARM numbering). */
enum {
    SYS_OPEN = 0x01, SYS_CLOSE = 0x02, SYS_WRITEC = 0x03, SYS_WRITE0 = 0x04, SYS_WRITE = 0x05,
    SYS_READ = 0x06, SYS_READC = 0x07, SYS_ISERROR = 0x08, SYS_ISTTY = 0x09, SYS_SEEK = 0x0a,
    SYS_FLEN = 0x0c, SYS_TMPNAM = 0x0d, SYS_REMOVE = 0x0e, SYS_RENAME = 0x0f, SYS_CLOCK = 0x10,
    SYS_TIME = 0x11, SYS_SYSTEM = 0x12, SYS_ERRNO = 0x13, SYS_GET_CMDLINE = 0x15,
    SYS_HEAPINFO = 0x16, SYS_EXIT = 0x18, SYS_EXIT_EXTENDED = 0x20, SYS_ELAPSED = 0x30,
    SYS_TICKFREQ = 0x31,
};
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

/* Guest errno numbers (picolibc's, as newlib's): 1..34 are the host's on
 * Linux; these differ. */
enum { G_ENOENT = 2, G_EIO = 5, G_EBADF = 9, G_EACCES = 13, G_EFAULT = 14, G_ENOTDIR = 20,
       G_EISDIR = 21, G_EINVAL = 22, G_EMFILE = 24, G_EFBIG = 27, G_ESPIPE = 29, G_ENOSYS = 88, G_ENOTEMPTY = 90, G_ENAMETOOLONG = 91, G_ELOOP = 92 };

/* ":semihosting-features": the magic, then feature byte 0 (EXIT_EXTENDED,
 * separate stdout and stderr ":tt" handles). */
static const uint8_t features[5] = {'S', 'H', 'F', 'B', 0x03};

int semihost_init(semihost *h, FILE *err, unsigned nharts)
{
    h->root_fd = -1;
    h->no_files = true; /* host files and stdin: opt-in (simty_set_host_files) */
    const char *e = getenv("SIMTY_NO_OPENAT2");
    h->no_openat2 = e && strcmp(e, "1") == 0;
    h->nharts = nharts;
    h->err = calloc(nharts, sizeof *h->err);
    if (!h->err || console_init(&h->errc, err, nharts))
        return -1;
    return 0;
}

void semihost_free(semihost *h)
{
    for (unsigned i = 0; i < SEMIHOST_MAX_FILES; i++)
        if (h->files[i].kind == SH_HOST)
            close(h->files[i].fd);
    memset(h->files, 0, sizeof h->files);
    if (h->root_fd >= 0)
        close(h->root_fd);
    h->root_fd = -1;
    console_free(&h->errc);
    free(h->err);
    free(h->root);
    free(h->root_real);
    free(h->cmdline);
    h->err = NULL;
    h->root = h->root_real = h->cmdline = NULL;
}

/* ---- guest memory ---- */

/* Host byte of guest address a (RAM and memory regions only, through the
 * --stack-interleave mapping), or NULL. */
static uint8_t *guest_byte(simty_sim *s, uint32_t a)
{
    return bus_ram(s, stacks_store_addr(&s->stacks, s->nharts, a), 1);
}

static bool read_guest(simty_sim *s, uint32_t addr, void *buf, uint32_t n)
{
    uint8_t *b = buf;
    if ((uint64_t)addr + n > 0x100000000ull)
        return false;
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *p = guest_byte(s, addr + i);
        if (!p)
            return false;
        b[i] = *p;
    }
    return true;
}

static bool guest_range_ok(simty_sim *s, uint32_t addr, uint32_t n)
{
    if ((uint64_t)addr + n > 0x100000000ull)
        return false;
    /* the ends and every 4 KiB step between (regions are whole pages) */
    for (uint64_t a = addr; a < (uint64_t)addr + n; a = (a | 0xfff) + 1)
        if (!guest_byte(s, (uint32_t)a))
            return false;
    return n == 0 || guest_byte(s, addr + n - 1);
}

static void write_guest(simty_sim *s, unsigned hart, uint32_t addr, const void *buf, uint32_t n)
{
    const uint8_t *b = buf;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t a = stacks_store_addr(&s->stacks, s->nharts, addr + i);
        uint8_t *p = bus_ram(s, a, 1);
        if (p) /* (checked by the caller) */
            ram_store(s, hart, a, p, 1, b[i]);
    }
}

static bool read_words(simty_sim *s, uint32_t addr, uint32_t *w, unsigned n)
{
    uint8_t b[16];
    if (!read_guest(s, addr, b, 4 * n))
        return false;
    for (unsigned i = 0; i < n; i++)
        w[i] = load_le(b + 4 * i, 4);
    return true;
}

/* ---- results ---- */

static uint32_t fail(simty_sim *s, unsigned hart, int32_t guest_errno)
{
    s->semi.err[hart] = guest_errno;
    return UINT32_MAX;
}

static int32_t guest_errno(int e)
{
    switch (e) {
    case ENOSYS: return G_ENOSYS;
    case ENOTEMPTY: return G_ENOTEMPTY;
    case ENAMETOOLONG: return G_ENAMETOOLONG;
    case ELOOP: return G_ELOOP;
    case EXDEV: return G_EACCES; /* a path leaving the root (RESOLVE_BENEATH) */
    default: return e >= 1 && e <= 34 ? e : G_EIO;
    }
}

static uint32_t host_fail(simty_sim *s, unsigned hart)
{
    return fail(s, hart, guest_errno(errno));
}

/* ---- output ---- */

/* The guest's stdout is the console (the UART's line buffers: one order
 * with UART output); its stderr the host's stderr, also line by line. */
static void out_byte(simty_sim *s, unsigned hart, bool err, uint8_t c)
{
    console_t *k = err ? &s->semi.errc : &s->console;
    console_putc(k, hart, c);
    if (k->err && !s->console.err)
        s->console.err = k->err; /* one output error: the run's (status 123) */
    if (s->console.err && !s->stop_request)
        s->stop_request = STOP_OUTPUT;
}

void semihost_flush(simty_sim *s)
{
    console_flush_all(&s->semi.errc);
    if (s->semi.errc.err && !s->console.err)
        s->console.err = s->semi.errc.err;
}

/* ---- the file sandbox ---- */

static int open_root(simty_sim *s)
{
    semihost *h = &s->semi;
    if (h->root_fd >= 0)
        return 0;
    const char *dir = h->root ? h->root : ".";
    h->root_fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (h->root_fd < 0)
        return -1;
    h->root_real = realpath(dir, NULL);
    if (!h->root_real) { /* (a deleted directory): not opened, try again next time */
        int e = errno;
        close(h->root_fd);
        h->root_fd = -1;
        errno = e;
        return -1;
    }
    return 0;
}

/* The guest path at ptr (len bytes) as a path relative to the root in buf:
 * an absolute path must name something under the root.  Returns 0 or a
 * guest errno. */
static int32_t guest_path(simty_sim *s, uint32_t ptr, uint32_t len, char *buf)
{
    if (len > SEMIHOST_PATH_MAX)
        return G_ENAMETOOLONG;
    if (!read_guest(s, ptr, buf, len))
        return G_EFAULT;
    buf[len] = 0;
    if (strlen(buf) != len || len == 0)
        return len ? G_EINVAL : G_ENOENT; /* a NUL inside; ENOENT for "" */
    if (buf[0] != '/')
        return 0;
    const char *r = s->semi.root_real;
    size_t n = strlen(r);
    if (strcmp(r, "/") == 0)
        n = 0;
    if (strncmp(buf, r, n) != 0 || (buf[n] != '/' && buf[n] != 0))
        return G_EACCES;
    const char *rest = buf + n;
    while (*rest == '/')
        rest++;
    memmove(buf, *rest ? rest : ".", strlen(*rest ? rest : ".") + 1);
    return 0;
}

/* Is name in dir a symbolic link? */
static bool is_link(int dir, const char *name)
{
    struct stat st;
    return fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode);
}

/* The last step of walk_beneath: name in dir (rel ended with a slash if
 * dir_only), with walk's errors: a symbolic link is EACCES (it could lead
 * out), a non-directory before a slash ENOTDIR, a new name before a slash
 * EISDIR, as openat2 gives them. */
static int open_last(int dir, const char *name, bool dir_only, int flags, mode_t mode)
{
    struct stat st;
    if (fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
        if (S_ISLNK(st.st_mode) || (dir_only && !S_ISDIR(st.st_mode))) {
            errno = S_ISLNK(st.st_mode) ? EACCES : ENOTDIR;
            return -1;
        }
    } else if (dir_only && errno == ENOENT && (flags & O_CREAT)) {
        errno = EISDIR;
        return -1;
    }
    int fd = openat(dir, name, flags | O_NOFOLLOW, mode);
    if (fd < 0 && (errno == ELOOP || errno == ENOTDIR) && is_link(dir, name))
        errno = EACCES; /* (it became one meanwhile) */
    return fd;
}

/* openat(dir, rel) component by component, following no symbolic link and
 * refusing `..` (EACCES, as a symbolic link): the fallback of
 * open_beneath. */
static int walk_beneath(int dir, const char *rel, int flags, mode_t mode)
{
    char path[SEMIHOST_PATH_MAX + 1];
    snprintf(path, sizeof path, "%s", rel);
    size_t len = strlen(path);
    bool dir_only = len && path[len - 1] == '/';
    int cur = dir;
    char *save = NULL;
    char *c = strtok_r(path, "/", &save);
    while (c) {
        char *next = strtok_r(NULL, "/", &save);
        int fd;
        if (strcmp(c, "..") == 0) {
            fd = -1;
            errno = EACCES;
        } else if (next) {
            fd = openat(cur, c, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (fd < 0 && errno == ENOTDIR && is_link(cur, c))
                errno = EACCES;
        } else {
            fd = open_last(cur, c, dir_only, flags, mode);
        }
        int e = errno;
        if (cur != dir)
            close(cur);
        if (fd < 0) {
            errno = e;
            return -1;
        }
        cur = fd;
        c = next;
    }
    return cur == dir ? openat(dir, ".", flags, mode) : cur;
}

/* openat(dir, rel) that never leaves dir: openat2 with RESOLVE_BENEATH
 * (Linux 5.6+: `..` and symbolic links are followed while they stay
 * beneath), else (openat2 missing or refused by a seccomp filter, or
 * no_openat2) walk_beneath.  Returns an fd or -1 (errno). */
static int open_beneath(const semihost *h, int dir, const char *rel, int flags, mode_t mode)
{
#if defined(__linux__) && defined(SYS_openat2)
    if (!h->no_openat2) {
        struct {
            uint64_t flags, mode, resolve;
        } how = {(uint64_t)(unsigned)flags, (flags & O_CREAT) ? mode : 0,
                 0x08 /* RESOLVE_BENEATH */ | 0x02 /* NO_MAGICLINKS */};
        long r = syscall(SYS_openat2, dir, rel, &how, sizeof how);
        if (r >= 0 || (errno != ENOSYS && errno != EPERM))
            return (int)r;
    }
#else
    (void)h;
#endif
    return walk_beneath(dir, rel, flags, mode);
}

/* The directory holding the last component of rel (its fd, to close) and
 * that component in *name; -1 (errno) if there is none to act on. */
static int parent_beneath(const semihost *h, int root, char *rel, const char **name)
{
    char *slash = strrchr(rel, '/');
    const char *last = slash ? slash + 1 : rel;
    if (!*last || strcmp(last, ".") == 0 || strcmp(last, "..") == 0) {
        errno = strcmp(last, "..") == 0 ? EACCES : EINVAL;
        return -1;
    }
    *name = last;
    if (!slash)
        return openat(root, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    *slash = 0;
    int fd = open_beneath(h, root, *rel ? rel : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
    *slash = '/';
    return fd;
}

/* ---- handles ---- */

static struct semihost_file *handle(simty_sim *s, uint32_t h)
{
    if (h == 0 || h > SEMIHOST_MAX_FILES || s->semi.files[h - 1].kind == SH_FREE)
        return NULL;
    return &s->semi.files[h - 1];
}

static uint32_t new_handle(simty_sim *s, unsigned hart, uint8_t kind, int fd)
{
    for (unsigned i = 0; i < SEMIHOST_MAX_FILES; i++)
        if (s->semi.files[i].kind == SH_FREE) {
            s->semi.files[i] = (struct semihost_file){.fd = fd, .kind = kind};
            return i + 1;
        }
    if (kind == SH_HOST)
        close(fd);
    return fail(s, hart, G_EMFILE);
}

/* OPEN {name, mode 0..11 (fopen's r rb r+ r+b w wb w+ w+b a ab a+ a+b), length} */
static uint32_t sh_open(simty_sim *s, unsigned hart, uint32_t a1)
{
    uint32_t p[3];
    char path[SEMIHOST_PATH_MAX + 1];
    if (!read_words(s, a1, p, 3))
        return fail(s, hart, G_EFAULT);
    if (p[1] > 11)
        return fail(s, hart, G_EINVAL);
    if (p[2] == 3 && read_guest(s, p[0], path, 3) && memcmp(path, ":tt", 3) == 0)
        return new_handle(s, hart, p[1] < 4 ? SH_STDIN : p[1] < 8 ? SH_STDOUT : SH_STDERR, -1);
    if (p[2] == 21 && read_guest(s, p[0], path, 21) &&
        memcmp(path, ":semihosting-features", 21) == 0)
        return p[1] < 4 ? new_handle(s, hart, SH_FEATURES, -1) : fail(s, hart, G_EACCES);
    if (s->semi.no_files)
        return fail(s, hart, G_EACCES);
    if (open_root(s))
        return host_fail(s, hart);
    int32_t e = guest_path(s, p[0], p[2], path);
    if (e)
        return fail(s, hart, e);
    static const int acc[3] = {O_RDONLY, O_WRONLY | O_CREAT | O_TRUNC, O_WRONLY | O_CREAT | O_APPEND};
    /* O_NONBLOCK: a FIFO or a device must not hold the simulator in open() */
    int flags = acc[p[1] / 4] | O_CLOEXEC | O_NONBLOCK | O_NOCTTY;
    if (p[1] & 2) /* + */
        flags = (flags & ~(O_RDONLY | O_WRONLY)) | O_RDWR;
    int fd = open_beneath(&s->semi, s->semi.root_fd, path, flags, 0644);
    if (fd < 0) /* (ENXIO: a FIFO for writing that nobody reads) */
        return errno == ENXIO ? fail(s, hart, G_EACCES) : host_fail(s, hart);
    /* regular files only: a FIFO, a device or a socket could block */
    struct stat st;
    e = fstat(fd, &st) ? G_EIO : S_ISDIR(st.st_mode) ? G_EISDIR
                               : !S_ISREG(st.st_mode) ? G_EACCES : 0;
    if (!e && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0)
        e = G_EIO;
    if (e) {
        close(fd);
        return fail(s, hart, e);
    }
    return new_handle(s, hart, SH_HOST, fd);
}

static uint32_t sh_close(simty_sim *s, unsigned hart, uint32_t a1)
{
    uint32_t h;
    if (!read_words(s, a1, &h, 1))
        return fail(s, hart, G_EFAULT);
    struct semihost_file *f = handle(s, h);
    if (!f)
        return fail(s, hart, G_EBADF);
    int r = f->kind == SH_HOST ? close(f->fd) : 0;
    int e = errno;
    f->kind = SH_FREE;
    if (r) {
        errno = e;
        return host_fail(s, hart);
    }
    return 0;
}

/* WRITE {handle, buffer, length}: the bytes not written (0: all). */
static uint32_t sh_write(simty_sim *s, unsigned hart, uint32_t a1)
{
    uint32_t p[3];
    if (!read_words(s, a1, p, 3))
        return fail(s, hart, G_EFAULT);
    struct semihost_file *f = handle(s, p[0]);
    if (!f || f->kind == SH_STDIN || f->kind == SH_FEATURES)
        return (void)fail(s, hart, G_EBADF), p[2];
    if (!guest_range_ok(s, p[1], p[2]))
        return (void)fail(s, hart, G_EFAULT), p[2];
    if (f->kind != SH_HOST) {
        for (uint32_t i = 0; i < p[2]; i++)
            out_byte(s, hart, f->kind == SH_STDERR, *guest_byte(s, p[1] + i));
        return 0;
    }
    uint8_t buf[4096];
    uint32_t done = 0;
    while (done < p[2]) {
        uint32_t n = p[2] - done < sizeof buf ? p[2] - done : (uint32_t)sizeof buf;
        read_guest(s, p[1] + done, buf, n);
        ssize_t w = write(f->fd, buf, n);
        if (w <= 0) {
            if (w < 0 && errno == EINTR)
                continue;
            host_fail(s, hart);
            break;
        }
        done += (uint32_t)w;
    }
    return p[2] - done;
}

/* One byte of the host's stdin into *c: 1, 0 (end of file; host stdin
 * off; the run was asked to stop while it waited: it ends, INTERRUPTED) or
 * -1 (errno).  Waits in slices (poll) so that a signal's stop request ends
 * the wait: a pipe or a terminal that never sends cannot hold the
 * simulator. */
static ssize_t stdin_byte(simty_sim *s, uint8_t *c)
{
    if (s->semi.no_files)
        return 0;
    for (;;) {
        if (s->stop_request) { /* the run ends here, before the guest sees the EOF */
            if (!sim_stopped(s))
                sim_stop_requested(s);
            return 0;
        }
        struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
        int n = poll(&p, 1, SEMIHOST_STDIN_SLICE_MS);
        if (n < 0 && errno != EINTR)
            return -1;
        if (n <= 0)
            continue;
        ssize_t r = read(STDIN_FILENO, c, 1);
        if (r >= 0 || (errno != EINTR && errno != EAGAIN))
            return r;
    }
}

/* READ {handle, buffer, length}: the bytes not read (length: end of file). */
static uint32_t sh_read(simty_sim *s, unsigned hart, uint32_t a1)
{
    uint32_t p[3];
    if (!read_words(s, a1, p, 3))
        return fail(s, hart, G_EFAULT);
    struct semihost_file *f = handle(s, p[0]);
    if (!f || f->kind == SH_STDOUT || f->kind == SH_STDERR)
        return (void)fail(s, hart, G_EBADF), p[2];
    if (!guest_range_ok(s, p[1], p[2]))
        return (void)fail(s, hart, G_EFAULT), p[2];
    uint8_t buf[4096];
    uint32_t done = 0;
    while (done < p[2]) {
        uint32_t n = p[2] - done < sizeof buf ? p[2] - done : (uint32_t)sizeof buf;
        ssize_t r;
        if (f->kind == SH_FEATURES) {
            uint32_t left = f->pos < sizeof features ? (uint32_t)sizeof features - f->pos : 0;
            r = n < left ? n : left;
            memcpy(buf, features + f->pos, (size_t)r);
            f->pos += (uint32_t)r;
        } else if (f->kind == SH_STDIN) {
            r = stdin_byte(s, buf); /* a byte at a time */
        } else {
            r = read(f->fd, buf, n);
        }
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            host_fail(s, hart);
        if (r <= 0)
            break;
        write_guest(s, hart, p[1] + done, buf, (uint32_t)r);
        done += (uint32_t)r;
        if (f->kind == SH_STDIN && buf[r - 1] == '\n')
            break; /* a line at a time, as a terminal gives it */
    }
    return p[2] - done;
}

static uint32_t sh_seek_flen(simty_sim *s, unsigned hart, uint32_t a1, bool seek)
{
    uint32_t p[2] = {0, 0};
    if (!read_words(s, a1, p, seek ? 2 : 1))
        return fail(s, hart, G_EFAULT);
    struct semihost_file *f = handle(s, p[0]);
    if (!f)
        return fail(s, hart, G_EBADF);
    if (f->kind == SH_FEATURES) {
        if (!seek)
            return sizeof features;
        f->pos = p[1];
        return 0;
    }
    if (f->kind != SH_HOST)
        return fail(s, hart, G_ESPIPE);
    if (seek)
        return lseek(f->fd, (off_t)p[1], SEEK_SET) < 0 ? host_fail(s, hart) : 0;
    struct stat st;
    if (fstat(f->fd, &st) != 0)
        return host_fail(s, hart);
    if (st.st_size > INT32_MAX)
        return fail(s, hart, G_EFBIG);
    return (uint32_t)st.st_size;
}

static uint32_t sh_remove(simty_sim *s, unsigned hart, uint32_t a1)
{
    uint32_t p[2];
    char path[SEMIHOST_PATH_MAX + 1];
    if (!read_words(s, a1, p, 2))
        return fail(s, hart, G_EFAULT);
    if (s->semi.no_files)
        return fail(s, hart, G_EACCES);
    if (open_root(s))
        return host_fail(s, hart);
    int32_t e = guest_path(s, p[0], p[1], path);
    if (e)
        return fail(s, hart, e);
    const char *name;
    int dir = parent_beneath(&s->semi, s->semi.root_fd, path, &name);
    if (dir < 0)
        return host_fail(s, hart);
    int r = unlinkat(dir, name, 0);
    e = errno;
    close(dir);
    errno = e;
    return r ? host_fail(s, hart) : 0;
}

static uint32_t sh_rename(simty_sim *s, unsigned hart, uint32_t a1)
{
    uint32_t p[4];
    char from[SEMIHOST_PATH_MAX + 1], to[SEMIHOST_PATH_MAX + 1];
    if (!read_words(s, a1, p, 4))
        return fail(s, hart, G_EFAULT);
    if (s->semi.no_files)
        return fail(s, hart, G_EACCES);
    if (open_root(s))
        return host_fail(s, hart);
    int32_t e = guest_path(s, p[0], p[1], from);
    if (!e)
        e = guest_path(s, p[2], p[3], to);
    if (e)
        return fail(s, hart, e);
    const char *n1, *n2;
    int d1 = parent_beneath(&s->semi, s->semi.root_fd, from, &n1);
    if (d1 < 0)
        return host_fail(s, hart);
    int d2 = parent_beneath(&s->semi, s->semi.root_fd, to, &n2);
    int r = d2 < 0 ? -1 : renameat(d1, n1, d2, n2);
    e = errno;
    close(d1);
    if (d2 >= 0)
        close(d2);
    errno = e;
    return r ? host_fail(s, hart) : 0;
}

/* GET_CMDLINE {buffer, length}: the command line, NUL-terminated, and its
 * length in the block's second word. */
static uint32_t sh_cmdline(simty_sim *s, unsigned hart, uint32_t a1)
{
    uint32_t p[2];
    if (!read_words(s, a1, p, 2))
        return fail(s, hart, G_EFAULT);
    const char *c = s->semi.cmdline ? s->semi.cmdline : "";
    uint32_t n = (uint32_t)strlen(c);
    if (n + 1 > p[1])
        return fail(s, hart, G_EINVAL);
    if (!guest_range_ok(s, p[0], n + 1) || !guest_range_ok(s, a1, 8))
        return fail(s, hart, G_EFAULT);
    write_guest(s, hart, p[0], c, n + 1);
    uint8_t w[4];
    store_le(w, 4, n);
    write_guest(s, hart, a1 + 4, w, 4);
    return 0;
}

static uint32_t sh_write_words(simty_sim *s, unsigned hart, uint32_t addr, const uint32_t *w,
                               unsigned n)
{
    uint8_t b[16];
    if (!guest_range_ok(s, addr, 4 * n))
        return fail(s, hart, G_EFAULT);
    for (unsigned i = 0; i < n; i++)
        store_le(b + 4 * i, 4, w[i]);
    write_guest(s, hart, addr, b, 4 * n);
    return 0;
}

static uint32_t sh_exit(simty_sim *s, unsigned hart, uint32_t a1, bool extended)
{
    uint32_t p[2] = {a1, 0};
    if (extended && !read_words(s, a1, p, 2))
        return fail(s, hart, G_EFAULT);
    int code = p[0] == ADP_STOPPED_APPLICATION_EXIT ? (extended ? (int)(p[1] & 0xff) : 0) : 1;
    sim_stop(s, SIMTY_EXIT_FINISHER, code);
    return 0;
}

uint32_t semihost_call(simty_sim *s, unsigned hart, uint32_t op, uint32_t a1, uint64_t now)
{
    s->mem_changed = true; /* a device acted (deadlock detection) */
    uint8_t c;
    switch (op) {
    case SYS_OPEN: return sh_open(s, hart, a1);
    case SYS_CLOSE: return sh_close(s, hart, a1);
    case SYS_WRITEC:
        if (!read_guest(s, a1, &c, 1))
            return fail(s, hart, G_EFAULT);
        out_byte(s, hart, false, c);
        return 0;
    case SYS_WRITE0:
        for (uint32_t a = a1;; a++) {
            const uint8_t *p = guest_byte(s, a);
            if (!p)
                return fail(s, hart, G_EFAULT);
            if (!*p)
                return 0;
            out_byte(s, hart, false, *p);
        }
    case SYS_WRITE: return sh_write(s, hart, a1);
    case SYS_READ: return sh_read(s, hart, a1);
    case SYS_READC: {
        ssize_t r = stdin_byte(s, &c);
        if (r < 0)
            return host_fail(s, hart);
        return r == 0 ? fail(s, hart, G_EIO) : c;
    }
    case SYS_ISERROR: {
        uint32_t v;
        if (!read_words(s, a1, &v, 1))
            return fail(s, hart, G_EFAULT);
        return (int32_t)v < 0;
    }
    case SYS_ISTTY: {
        uint32_t h;
        if (!read_words(s, a1, &h, 1))
            return fail(s, hart, G_EFAULT);
        const struct semihost_file *f = handle(s, h);
        if (!f)
            return fail(s, hart, G_EBADF);
        return f->kind == SH_STDIN || f->kind == SH_STDOUT || f->kind == SH_STDERR;
    }
    case SYS_SEEK: return sh_seek_flen(s, hart, a1, true);
    case SYS_FLEN: return sh_seek_flen(s, hart, a1, false);
    case SYS_REMOVE: return sh_remove(s, hart, a1);
    case SYS_RENAME: return sh_rename(s, hart, a1);
    case SYS_CLOCK:
        s->counter_read = true; /* (time-varying: not a deadlock) */
        return (uint32_t)(now / (SEMIHOST_HZ / 100));
    case SYS_TIME:
        s->counter_read = true;
        return (uint32_t)(SEMIHOST_EPOCH + now / SEMIHOST_HZ);
    case SYS_ERRNO: return (uint32_t)s->semi.err[hart];
    case SYS_GET_CMDLINE: return sh_cmdline(s, hart, a1);
    case SYS_HEAPINFO: { /* {pointer to 4 words}: 0 = not known */
        uint32_t p;
        if (!read_words(s, a1, &p, 1))
            return fail(s, hart, G_EFAULT);
        static const uint32_t zero[4];
        return sh_write_words(s, hart, p, zero, 4);
    }
    case SYS_EXIT: return sh_exit(s, hart, a1, false);
    case SYS_EXIT_EXTENDED: return sh_exit(s, hart, a1, true);
    case SYS_ELAPSED: {
        s->counter_read = true;
        const uint32_t w[2] = {(uint32_t)now, (uint32_t)(now >> 32)};
        return sh_write_words(s, hart, a1, w, 2);
    }
    case SYS_TICKFREQ: return (uint32_t)SEMIHOST_HZ;
    case SYS_SYSTEM: /* never runs a host command */
        return fail(s, hart, G_EACCES);
    default: /* TMPNAM and unknown operations */
        return fail(s, hart, G_ENOSYS);
    }
}

bool semihost_is_call(simty_sim *s, unsigned hart, uint32_t pc, const insn_t *d)
{
    (void)hart;
    if (d->len != 4 || (pc & 0xfff) < 4 || (pc & 0xfff) > 0xff8)
        return false;
    uint8_t b[12]; /* (byte by byte: with C the words need not be aligned) */
    for (unsigned i = 0; i < 12; i++) {
        const uint8_t *p = bus_ram(s, pc - 4 + i, 1);
        if (!p)
            return false;
        b[i] = *p;
    }
    return load_le(b, 4) == SEMIHOST_PRE && load_le(b + 8, 4) == SEMIHOST_POST;
}

/* ---- the library API (src/simty.h) ---- */

/* Appends argument a to the command line at c (capacity checked by the
 * caller): as it is if it has no space, tab, newline, quote or backslash
 * and is not empty, else in double quotes with `"` and `\` escaped. */
static char *quote_arg(char *c, const char *a)
{
    if (*a && !a[strcspn(a, " \t\n\"\\")])
        return c + sprintf(c, "%s", a);
    *c++ = '"';
    for (; *a; a++) {
        if (*a == '"' || *a == '\\')
            *c++ = '\\';
        *c++ = *a;
    }
    *c++ = '"';
    *c = 0;
    return c;
}

int simty_set_cmdline(simty_sim *s, int argc, const char *const *argv)
{
    size_t n = 1;
    for (int i = 0; i < argc; i++)
        n += 2 * strlen(argv[i]) + 3;
    char *c = malloc(n), *e = c;
    if (!c)
        return -1;
    *c = 0;
    for (int i = 0; i < argc; i++) {
        if (i)
            *e++ = ' ';
        e = quote_arg(e, argv[i]);
    }
    free(s->semi.cmdline);
    s->semi.cmdline = c;
    return 0;
}

int simty_set_fs_root(simty_sim *s, const char *dir, char *err, size_t errlen)
{ /* (turns host files on: simty_set_host_files(s, 0) after it turns them off) */
    int fd = open(dir ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    char *real = fd < 0 ? NULL : realpath(dir ? dir : ".", NULL);
    char *copy = dir ? strdup(dir) : NULL;
    if (fd < 0 || !real || (dir && !copy)) {
        snprintf(err, errlen, "--fs-root %s: %s", dir ? dir : ".", strerror(errno));
        if (fd >= 0)
            close(fd);
        free(real);
        free(copy);
        return -1;
    }
    semihost *h = &s->semi;
    if (h->root_fd >= 0)
        close(h->root_fd);
    free(h->root);
    free(h->root_real);
    h->root_fd = fd;
    h->root = copy;
    h->root_real = real;
    h->no_files = false;
    return 0;
}

void simty_set_host_files(simty_sim *s, int on) { s->semi.no_files = !on; }
