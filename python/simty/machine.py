"""simty.Machine: one simulator (simty_sim) built from keyword options."""

import json
import os
import weakref

from . import _lib
from ._lib import ffi
from .errors import SimtyError, shown

# Options that may be given several times (a list, or a dict of KEY=VALUE)
REPEATABLE = ("mem-set", "mem", "fp-latency")
ERRLEN = 512


def brief(value):
    """A value of any type, quoted in a message: its repr, printable and
    at most 80 characters."""
    r = shown(repr(value))
    return r if len(r) <= 80 else r[:77] + "..."


def c_text(what, value):
    """value (a str) as the C library reads it: its UTF-8 bytes.
    SimtyError for another type, a NUL character (C would read the text
    before it only) or a lone surrogate (no UTF-8 form)."""
    if not isinstance(value, str):
        raise SimtyError("%s: expected a str, got %s" % (what, brief(value)))
    if "\0" in value:
        raise SimtyError("%s: a NUL character in '%s'" % (what, shown(value)))
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError:
        raise SimtyError("%s: not valid Unicode text (a lone surrogate) in '%s'"
                         % (what, shown(value))) from None


def path_text(what, path):
    """A path argument (str or os.PathLike) as a str; SimtyError for another
    type, an empty path or a NUL character."""
    if not isinstance(path, (str, os.PathLike)):
        raise SimtyError("%s: expected a path (str or os.PathLike), got %s" % (what, brief(path)))
    path = os.fspath(path)
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if not path:
        raise SimtyError("%s: an empty path" % what)
    if "\0" in path:
        raise SimtyError("%s: a NUL character in the path '%s'" % (what, shown(path)))
    return path


def parse_shape(shape):
    """'WxT', 'CxWxT' or a (W, T) / (C, W, T) tuple -> [(cores, warps,
    threads)] settings, as simty bench --shapes reads them."""
    if isinstance(shape, str):
        parts = shape.split("x")
    elif isinstance(shape, (tuple, list)):
        parts = [str(p) for p in shape]
    else:
        parts = []
    if len(parts) not in (2, 3) or not all(p.isdigit() for p in parts):
        raise SimtyError("shape: expected WARPSxTHREADS or CORESxWARPSxTHREADS, got %s"
                         % brief(shape))
    if len(parts) == 2:
        parts = ["1"] + parts
    return [("cores", parts[0]), ("warps", parts[1]), ("threads", parts[2])]


def _value_text(key, value):
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (int, str)):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return repr(value)
    raise SimtyError("option %s: expected an int, str or bool, got %s" % (key, brief(value)))


def settings_of(options, known=None):
    """Keyword options -> [(library key, value text)] in the order they are
    applied: `memory` first (a preset discards earlier mem-set settings),
    then the others as given.  Python names use '_' for the library's '-';
    `shape` stands for cores, warps and threads.  None values are left
    out.  Raises SimtyError for an unknown key or a value of a wrong type
    (the library checks the values themselves)."""
    if known is None:
        known = _lib.setting_names(_lib.lib()[0])
    out = []
    for name, value in options.items():
        if not isinstance(name, str):
            raise SimtyError("option names are str, got %s" % brief(name))
        if value is None:
            continue
        key = name.replace("_", "-")
        if key == "shape":
            out += parse_shape(value)
            continue
        if key not in known:
            raise SimtyError("unknown option '%s' (options: shape, %s)" % (
                shown(name), ", ".join(k.replace("-", "_") for k in known)))
        if isinstance(value, dict):
            items = ["%s=%s" % (k, _value_text(key, v)) for k, v in value.items()]
        elif isinstance(value, (list, tuple)):
            items = [_value_text(key, v) for v in value]
        else:
            items = [_value_text(key, value)]
        if len(items) != 1 and key not in REPEATABLE:
            raise SimtyError("option %s takes one value, got %s" % (name, brief(value)))
        out += [(key, v) for v in items]
    return [s for s in out if s[0] == "memory"] + [s for s in out if s[0] != "memory"]


def new_config(L, settings):
    """A library configuration (simty_config_new) with the settings applied
    and checked; the caller frees it with simty_free.  Raises SimtyError
    with the library's message."""
    cfg = L.simty_config_new()
    if cfg == ffi.NULL:
        raise MemoryError("libsimty: out of host memory")
    err = ffi.new("char[]", ERRLEN)
    try:
        for key, value in settings:
            what = "option %s" % shown(key)
            if L.simty_config_set(cfg, c_text(what, key), c_text(what, value), err,
                                  ERRLEN) != 0:
                raise SimtyError(ffi.string(err).decode("utf-8", "replace"))
        if L.simty_config_check(cfg, err, ERRLEN) != 0:
            raise SimtyError(ffi.string(err).decode("utf-8", "replace"))
    except BaseException:
        L.simty_free(cfg)
        raise
    return cfg


def check_program(path):
    """The path (a str) of a program; SimtyError unless it is a readable
    file (before the library is asked; it refuses what is not a regular
    file)."""
    path = path_text("program", path)
    if not os.path.exists(path):
        raise SimtyError("cannot read %s: No such file or directory" % shown(path))
    if os.path.isdir(path):
        raise SimtyError("cannot read %s: Is a directory" % shown(path))
    if not os.access(path, os.R_OK):
        raise SimtyError("cannot read %s: Permission denied" % shown(path))
    return path


def _release(L, C, sim, cfg, console):
    """Frees one machine's C objects (run once, by weakref.finalize)."""
    if sim != ffi.NULL:
        L.simty_destroy(sim)
    if cfg != ffi.NULL:
        L.simty_free(cfg)
    if console != ffi.NULL:
        C.fclose(console)


def _uint(what, v, bits=32):
    """v, checked to be an int in [0, 2**bits) (SimtyError otherwise)."""
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 1 << bits:
        raise SimtyError("%s must be an integer 0..%d, got %r" % (what, (1 << bits) - 1, v))
    return v


class Machine:
    """A simulated machine.

        with simty.Machine(warps=8, threads=32, memory="hbm2") as m:
            m.load("build/guest/examples/vecadd-O2.elf")
            m.run()
            print(m.result, m.stats["cycles"], m.console)

    Options are simty run's long options with '_' for '-' (simty_config_set
    keys): cores, warps, threads, model, paths, priority, coalescer,
    mem_latency, fp_latency, memory, mem_set, ram_size, mem, max_cycles,
    timeout, ... plus shape="WxT" or "CxWxT".  Values: int, str or bool
    (True/False -> on/off); mem_set, mem and fp_latency also take a list of
    "KEY=VALUE" strings or a dict.  The guest's console output goes to a
    temporary file: read it with .console."""

    def __init__(self, _settings=None, _library=None, **options):
        L, C = _lib.lib(_library)
        self._L, self._C = L, C
        self.settings = list(_settings) if _settings is not None else settings_of(
            options, _lib.setting_names(L))
        self._start(lambda cfg, err: L.simty_create(cfg, err, ERRLEN))
        self.program = None

    def _start(self, create):
        """The simulator from the configuration of self.settings, its console
        a temporary file: create(cfg, err) makes it (NULL with err)."""
        L, C = self._L, self._C
        cfg = new_config(L, self.settings)
        console = C.tmpfile()
        if console == ffi.NULL:
            L.simty_free(cfg)
            raise SimtyError("cannot create a temporary file for the console")
        L.simty_config_set_console(cfg, console)
        err = ffi.new("char[]", ERRLEN)
        sim = create(cfg, err)
        if sim == ffi.NULL:
            msg = ffi.string(err).decode("utf-8", "replace")
            _release(L, C, ffi.NULL, cfg, console)
            raise SimtyError(msg)
        self._sim, self._cfg, self._console = sim, cfg, console
        self._finalizer = weakref.finalize(self, _release, L, C, sim, cfg, console)

    # Options a restore takes (run control); the machine's come from the checkpoint
    RESTORE_OPTIONS = ("max-cycles", "timeout", "host-threads", "host-threads-min")

    @classmethod
    def restore(cls, path, _library=None, **options):
        """A machine continued from a checkpoint (Machine.save, or `simty
        run --checkpoint`): the saved run's machine, program and state; it
        runs on exactly as the saved one would have.  options: run control
        only (max_cycles: the whole run's, timeout, host_threads,
        host_threads_min); the
        console holds the output from the checkpoint on."""
        path = path_text("restore", path)
        L, C = _lib.lib(_library)
        settings = settings_of(options, _lib.setting_names(L))
        for key, _ in settings:
            if key not in cls.RESTORE_OPTIONS:
                raise SimtyError("restore: the machine's options come from the checkpoint; "
                                 "%s cannot be given" % key.replace("-", "_"))
        m = cls.__new__(cls)
        m._L, m._C, m.settings = L, C, settings
        m._start(lambda cfg, err: L.simty_restore(os.fsencode(path), cfg, err, ERRLEN))
        m.program = path
        return m

    def save(self, path):
        """Writes a checkpoint of the machine to path (between runs: after
        run(cycles=N) paused); Machine.restore(path) continues it.  Returns
        the machine."""
        s = self._loaded()
        path = path_text("save", path)
        err = ffi.new("char[]", ERRLEN)
        if self._L.simty_save(s, os.fsencode(path), err, ERRLEN) != 0:
            raise SimtyError(ffi.string(err).decode("utf-8", "replace"))
        return self

    # ---- life cycle ----

    def close(self):
        """Frees the simulator (also done when the object is collected);
        calling it again does nothing."""
        self._finalizer()

    @property
    def closed(self):
        return not self._finalizer.alive

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _s(self):
        if not self._finalizer.alive:
            raise SimtyError("the machine is closed")
        return self._sim

    def __repr__(self):
        opts = " ".join("%s=%s" % kv for kv in self.settings)
        return "<simty.Machine %s%s%s>" % (opts or "defaults",
                                            " program=%s" % self.program if self.program else "",
                                            " closed" if self.closed else "")

    # ---- program and run ----

    def load(self, path, args=None, fs_root=None):
        """Loads an ELF program; returns the machine.  args: the guest's
        arguments (argv[1:]; argv[0] is the program's file name), as
        `simty run prog.elf ARG...` passes them.  fs_root: a directory the
        guest may open host files in (its paths are relative to it and
        cannot leave it; docs/platform.md, "Semihosting"); it also gives
        the guest the process's stdin.  Without it the guest has no host
        files and its stdin is at end of file."""
        s = self._s()
        if self.program is not None:
            raise SimtyError("a program is already loaded (%s): use a new Machine"
                             % shown(self.program))
        path = check_program(path)
        argv = [os.fsencode(os.path.basename(path))]
        if args is not None:
            if isinstance(args, (str, bytes, dict)) or not hasattr(args, "__iter__"):
                raise SimtyError("args: expected a list of strings")
            args = list(args)
            if not all(isinstance(a, str) for a in args):
                raise SimtyError("args: expected a list of strings")
            if any("\0" in a for a in args):
                raise SimtyError("args: a NUL character in an argument")
            try:
                argv += [os.fsencode(a) for a in args]
            except UnicodeError as e:
                raise SimtyError("args: %s" % e)
        err = ffi.new("char[]", ERRLEN)
        if fs_root is not None:
            root = os.fspath(fs_root) if isinstance(fs_root, (str, os.PathLike)) else None
            if not isinstance(root, str) or not root or "\0" in root:
                raise SimtyError("fs_root: expected a directory's path")
            if self._L.simty_set_fs_root(s, os.fsencode(root), err, ERRLEN) != 0:
                raise SimtyError(ffi.string(err).decode("utf-8", "replace"))
        if self._L.simty_load(s, os.fsencode(path), err, ERRLEN) != 0:
            raise SimtyError(ffi.string(err).decode("utf-8", "replace"))
        if args is not None:
            keep = [ffi.new("char[]", a) for a in argv]
            if self._L.simty_set_cmdline(s, len(keep), ffi.new("char *[]", keep)) != 0:
                raise SimtyError("out of memory for the command line")
        self.program = path
        return self

    def _loaded(self):
        s = self._s()
        if self.program is None:
            raise SimtyError("no program loaded: call load(path) first")
        return s

    def run(self, cycles=None):
        """Runs to the end (cycles=None) and returns the exit reason's name
        ("exit", "fault", "deadlock", "max-cycles", ...), or runs at most
        `cycles` more cycles and returns the exit reason, or None while the
        program still runs."""
        s = self._loaded()
        if cycles is None:
            self._L.simty_run(s)
            return self.result["reason"]
        _uint("run: cycles", cycles, 64)
        r = self._L.simty_run_cycles(s, cycles)
        return None if r == 0 else ffi.string(self._L.simty_exit_reason_name(r)).decode()

    @property
    def stats(self):
        """The statistics as `simty run --stats-json` writes them (a dict;
        "roi" is the region of interest's, or None)."""
        return json.loads(_lib.take_string(self._L, self._L.simty_stats_json(self._s())))

    @property
    def roi(self):
        """Statistics of the region of interest, or None if none was marked."""
        return self.stats["roi"]

    @property
    def result(self):
        """reason ("running" before the end), exit_code, exit_status (the
        simty command's exit status) and message (a fault's, a deadlock's)."""
        st = self.stats
        return {"reason": st["exit_reason"], "exit_code": st["exit_code"],
                "exit_status": st["exit_status"], "message": st["message"]}

    @property
    def console(self):
        """The guest's console output so far."""
        self._s()
        C, f = self._C, self._console
        C.fflush(f)
        C.fseek(f, 0, 2)
        size = C.ftell(f)
        C.fseek(f, 0, 0)
        buf = ffi.new("char[]", max(size, 1))
        got = C.fread(buf, 1, size, f)
        C.fseek(f, 0, 2)
        return ffi.buffer(buf, got)[:].decode("utf-8", "replace")

    @property
    def cycle(self):
        return int(self._L.simty_cycle(self._s()))

    @property
    def nthreads(self):
        return int(self._L.simty_nthreads(self._s()))

    # ---- state ----

    def reg(self, hart, r):
        """Integer register x<r> of thread `hart` (after the thread ended:
        its final value)."""
        v = ffi.new("uint32_t *")
        if self._L.simty_reg_read(self._s(), _uint("reg: hart", hart), _uint("reg: r", r), v):
            raise SimtyError("no register x%s of thread %s" % (r, hart))
        return int(v[0])

    def freg(self, hart, r):
        """Floating-point register f<r> of thread `hart` (64 bits; a single
        is NaN-boxed)."""
        v = ffi.new("uint64_t *")
        if self._L.simty_freg_read(self._s(), _uint("freg: hart", hart), _uint("freg: r", r), v):
            raise SimtyError("no register f%s of thread %s" % (r, hart))
        return int(v[0])

    def pc(self, hart):
        """The PC of thread `hart`: the next instruction it runs, or, once
        it ended, the instruction that ended it (its exit ecall, or the
        self-loop it parked in), on every model."""
        v = ffi.new("uint32_t *")
        if self._L.simty_pc_read(self._s(), _uint("pc: hart", hart), v) != 0:
            raise SimtyError("no thread %s" % (hart,))
        return int(v[0])

    def read(self, addr, n):
        """n bytes of guest RAM from addr."""
        _uint("read: addr", addr)
        _uint("read: length", n, 31)
        buf = ffi.new("char[]", max(n, 1))
        if self._L.simty_mem_read(self._s(), addr, buf, n) != 0:
            raise SimtyError("read: [0x%x, 0x%x) is not all guest RAM" % (addr, addr + n))
        return ffi.buffer(buf, n)[:]

    def symbol(self, name):
        """Address of an ELF symbol of the loaded program."""
        v = ffi.new("uint32_t *")
        text = c_text("symbol", name)
        if self._L.simty_find_symbol(self._loaded(), text, v) != 0:
            raise SimtyError("no symbol '%s' in %s" % (shown(name), shown(self.program)))
        return int(v[0])

    # ---- bench rows (simty.run, simty.sweep) ----

    def _run_csv(self, name, run):
        """Runs the loaded program to its end; its simty bench CSV row (text)."""
        return _lib.take_string(self._L, self._L.simty_run_csv(self._loaded(), name.encode(),
                                                                 run))

    def _error_csv(self, name, run, outcome, detail):
        return _lib.take_string(self._L, self._L.simty_error_csv(
            self._cfg, name.encode(), run, outcome.encode(), detail.encode()))
