"""The C library (libsimty.so) through cffi in ABI mode: opaque pointers
only, no C structure is described here.  Enum results are declared as int
(an enum is an int in the platform's C ABI)."""

import os
import threading

import cffi

from .errors import SimtyError

CDEF = """
typedef struct simty_config simty_config;
typedef struct simty_sim simty_sim;

simty_config *simty_config_new(void);
void simty_config_set_console(simty_config *cfg, FILE *console);
int simty_config_set(simty_config *cfg, const char *key, const char *value, char *err,
                     size_t errlen);
int simty_config_check(const simty_config *cfg, char *err, size_t errlen);
const char *simty_setting_name(unsigned i);
const char *simty_plugin_kind_name(int kind);
const char *simty_plugin_name(int kind, unsigned i);
const char *simty_plugin_help(int kind, unsigned i);
int simty_setting_used(const simty_config *cfg, const char *name, char *why, size_t whylen);
const char *simty_config_ignored(const simty_config *cfg, unsigned n, char *why, size_t whylen);

simty_sim *simty_create(const simty_config *cfg, char *err, size_t errlen);
void simty_destroy(simty_sim *s);
int simty_load(simty_sim *s, const char *path, char *err, size_t errlen);
int simty_set_cmdline(simty_sim *s, int argc, const char *const *argv);
int simty_set_fs_root(simty_sim *s, const char *dir, char *err, size_t errlen);
void simty_set_host_files(simty_sim *s, int on);
void simty_run(simty_sim *s);
int simty_run_cycles(simty_sim *s, uint64_t cycles);
uint64_t simty_cycle(const simty_sim *s);
int simty_save(simty_sim *s, const char *path, char *err, size_t errlen);
simty_sim *simty_restore(const char *path, const simty_config *run, char *err, size_t errlen);
unsigned simty_nthreads(const simty_sim *s);

int simty_reg_read(const simty_sim *s, unsigned hart, unsigned reg, uint32_t *value);
int simty_freg_read(const simty_sim *s, unsigned hart, unsigned reg, uint64_t *value);
int simty_pc_read(const simty_sim *s, unsigned hart, uint32_t *pc);
int simty_mem_read(const simty_sim *s, uint32_t addr, void *buf, size_t len);
int simty_find_symbol(const simty_sim *s, const char *name, uint32_t *addr);

const char *simty_exit_reason_name(int r);
char *simty_stats_json(const simty_sim *s);
void simty_free(void *p);

const char *simty_record_csv_header(void);
char *simty_run_csv(simty_sim *s, const char *name, unsigned long run);
char *simty_error_csv(const simty_config *cfg, const char *name, unsigned long run,
                      const char *outcome, const char *detail);
"""

LIBC_CDEF = """
FILE *tmpfile(void);
int fclose(FILE *f);
int fflush(FILE *f);
int fseek(FILE *f, long offset, int whence);
long ftell(FILE *f);
size_t fread(void *buf, size_t size, size_t n, FILE *f);
"""

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
# In place (PYTHONPATH=python), the repository is the package's grandparent.
SOURCE_ROOT = os.path.dirname(os.path.dirname(PACKAGE_DIR))

ffi = cffi.FFI()
ffi.cdef(CDEF)
ffi.cdef(LIBC_CDEF)

_lock = threading.Lock()
_loaded = {}


def installed_info():
    """What `pip install` recorded (simty/_install.py), or {} in place."""
    try:
        from . import _install
    except ImportError:
        return {}
    return {k: getattr(_install, k) for k in ("ROOT", "COMMIT") if hasattr(_install, k)}


def library_candidates():
    """Where the library is looked for, in order: $SIMTY_LIB, the copy
    installed with the package, the repository's build/libsimty.so."""
    c = []
    if os.environ.get("SIMTY_LIB"):
        c.append(os.environ["SIMTY_LIB"])
    c.append(os.path.join(PACKAGE_DIR, "libsimty.so"))
    c.append(os.path.join(SOURCE_ROOT, "build", "libsimty.so"))
    return c


def library_path():
    """The library the package uses: the first candidate that exists."""
    cands = library_candidates()
    for p in cands:
        if os.path.isfile(p):
            return os.path.abspath(p)
    raise SimtyError("libsimty.so not found (looked at %s): build it with `make`, or set "
                     "SIMTY_LIB to its path" % ", ".join(cands))


def lib(path=None):
    """(library, libc): the library at `path` (default: library_path()),
    loaded once per process."""
    path = os.path.abspath(path) if path else library_path()
    with _lock:
        if path not in _loaded:
            try:
                handle = ffi.dlopen(path)
            except OSError as e:
                raise SimtyError("cannot load %s: %s" % (path, e)) from None
            if "libc" not in _loaded:
                _loaded["libc"] = ffi.dlopen(None)
            _loaded[path] = handle
        return _loaded[path], _loaded["libc"]


def setting_names(L):
    names, i = [], 0
    while True:
        p = L.simty_setting_name(i)
        if p == ffi.NULL:
            return names
        names.append(ffi.string(p).decode())
        i += 1


def plugins(L):
    """The registered plug-ins (src/registry/plugins.c), [(kind, name, help)] in
    the registry's order; the first of a kind is its default."""
    out, kind = [], 0
    while True:
        k = L.simty_plugin_kind_name(kind)
        if k == ffi.NULL:
            return out
        i = 0
        while True:
            p = L.simty_plugin_name(kind, i)
            if p == ffi.NULL:
                break
            out.append((ffi.string(k).decode(), ffi.string(p).decode(),
                        ffi.string(L.simty_plugin_help(kind, i)).decode()))
            i += 1
        kind += 1


def take_string(L, p):
    """A string the library allocated, freed with simty_free."""
    if p == ffi.NULL:
        raise MemoryError("libsimty: out of host memory")
    try:
        return ffi.string(p).decode("utf-8", "replace")
    finally:
        L.simty_free(p)
