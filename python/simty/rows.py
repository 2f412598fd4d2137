"""Runs as rows of simty bench's CSV table: one run on a worker
(run_point), simty.run, the column types, and the metadata columns."""

import csv
import io
import json
import os
import signal
import socket
import subprocess
import time

from . import _lib
from ._lib import ffi
from .errors import SimtyError
from .machine import Machine, check_program, new_config, settings_of

# simty bench -f csv's defaults for every run (src/cli/bench.c)
BENCH_DEFAULTS = {"max_cycles": 2000000000, "timeout": 600}
# Columns after the bench CSV's: the source tree's commit, the worker's
# host name, the run's wall seconds on the worker, the point's key.
META = ("commit", "host", "seconds", "point")
# Text columns; every other column is an integer or a float, as pandas'
# read_csv types them (a float column's values always have a '.').
TEXT = {"workload", "model", "paths", "priority", "steering", "coalescer", "result", "memory",
        "detail",
        "commit", "host", "point"}


def plugins(library=None):
    """The plug-ins the library has (`simty plugins`): [(kind, name, help)],
    e.g. ("paths", "hct", ...); grid keys paths, priority, steering and
    coalescer take their names."""
    return _lib.plugins(_lib.lib(library)[0])


def columns():
    """simty bench CSV's columns (from the library), then META."""
    L = _lib.lib()[0]
    return tuple(ffi.string(L.simty_record_csv_header()).decode().strip().split(",")) + META


def typed(column, text):
    """A CSV field as pandas.read_csv (keep_default_na=False) types it."""
    if column in TEXT:
        return text
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return text


def parse_row(header, line):
    """One CSV row (text) -> {column: typed value}."""
    fields = next(csv.reader(io.StringIO(line)))
    if len(fields) != len(header):
        raise SimtyError("a row with %d fields for %d columns: %r" % (
            len(fields), len(header), line[:200]))
    return {c: typed(c, f) for c, f in zip(header, fields)}


def program_name(path):
    """The workload column: simty bench's name of a program ("dir/bfs.elf"
    -> "bfs"; non-printable bytes as \\xNN, ',', '"', '|' as '_')."""
    base = os.path.basename(os.fsencode(path))
    if base.endswith(b".elf"):
        base = base[:-4]
    out = []
    for c in base:
        if c == 0x5c:
            out.append("\\\\")
        elif 0x20 <= c < 0x7f:
            out.append("_" if chr(c) in ',"|' else chr(c))
        else:
            out.append("\\x%02x" % c)
    return "".join(out)


_commit = None


def source_commit():
    """The commit of the sources the package (and its library) came from:
    recorded by pip install, else `git rev-parse HEAD` of the repository
    the package runs from in place, else "unknown"."""
    global _commit
    if _commit is None:
        info = _lib.installed_info()
        c = info.get("COMMIT")
        if not c and os.path.isfile(os.path.join(_lib.SOURCE_ROOT, "src", "simty.h")):
            try:
                p = subprocess.run(["git", "-C", _lib.SOURCE_ROOT, "rev-parse", "HEAD"],
                                   capture_output=True, text=True, timeout=30)
                c = p.stdout.strip() if p.returncode == 0 else None
            except (OSError, subprocess.SubprocessError):
                c = None
        _commit = c or "unknown"
    return _commit


def point_key(program, settings):
    """A stable key of one run: the program's absolute path and its sorted
    settings (JSON)."""
    return json.dumps({"program": os.path.abspath(program),
                       "settings": sorted([list(s) for s in settings], key=lambda s: s[0])},
                      separators=(",", ":"))


def make_point(program, settings, run=0, library=None):
    return {"program": os.path.abspath(program), "name": program_name(program),
            "settings": [tuple(s) for s in settings], "run": run,
            "key": point_key(program, settings), "lib": library}


def _test_hook(point):
    """Test only (tests/python_checks.py): SIMTY_SWEEP_TEST_KILL=MARKER:NAME
    kills the worker process running the first point of workload NAME
    (the one that creates the file MARKER), as a crash would; with an
    empty MARKER, every point of NAME."""
    spec = os.environ.get("SIMTY_SWEEP_TEST_KILL")
    if not spec or ":" not in spec:
        return
    marker, name = spec.rsplit(":", 1)
    if point["name"] != name:
        return
    if marker:
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
    os.kill(os.getpid(), signal.SIGKILL)


def _with_meta(header, text, point, seconds):
    row = parse_row(header, text)
    row.update(commit=source_commit(), host=socket.gethostname(), seconds=round(seconds, 6),
               point=point["key"])
    return row


def error_row(point, outcome, detail, seconds=0.0):
    """The row of a run that never finished (outcome "error" etc.: status
    126, ok 0), made by the library from the point's configuration."""
    L = _lib.lib(_usable(point.get("lib")))[0]
    try:
        cfg = new_config(L, point["settings"])
    except SimtyError:
        cfg = new_config(L, [])
    try:
        text = _lib.take_string(L, L.simty_error_csv(
            cfg, point["name"].encode(), point["run"], outcome.encode(),
            detail.encode("utf-8", "replace")))
    finally:
        L.simty_free(cfg)
    return _with_meta(_header(), text, point, seconds)


def _usable(library):
    """The library a point names, if this host has it (else the worker's own)."""
    return library if library and os.path.isfile(library) else None


_headers = {}


def _header(library=None):
    if library not in _headers:
        L = _lib.lib(library)[0]
        _headers[library] = ffi.string(L.simty_record_csv_header()).decode().strip().split(",")
    return _headers[library]


def run_point(point):
    """Runs one point (make_point) to its end in this process and returns
    its row: simty bench's CSV columns, typed, then META.  A program that
    cannot be loaded gives a "load error" row, as in simty bench.  This is
    the function sweep() sends to its workers."""
    t0 = time.monotonic()
    _test_hook(point)
    library = _usable(point.get("lib"))
    try:
        m = Machine(_settings=point["settings"], _library=library)
    except SimtyError as e:
        return error_row(point, "config error", str(e), time.monotonic() - t0)
    with m:
        try:
            m.load(point["program"])
        except SimtyError as e:
            text = m._error_csv(point["name"], point["run"], "load error", str(e))
        else:
            text = m._run_csv(point["name"], point["run"])
    return _with_meta(_header(library), text, point, time.monotonic() - t0)


def run(program, **options):
    """Runs one program to its end in this process and returns its row as a
    dict: exactly the columns of `simty bench -f csv` (run 0), typed as
    pandas reads them, then commit, host, seconds and point.  Options as
    for Machine; simty bench's limits (max_cycles 2000000000, timeout 600)
    apply unless given.  Raises SimtyError for bad options or a program
    that does not exist; a program that cannot be loaded gives a row with
    result "load error", as in simty bench."""
    check_program(program)
    opts = dict(BENCH_DEFAULTS)
    opts.update(options)
    settings = settings_of(opts)
    L = _lib.lib()[0]
    L.simty_free(new_config(L, settings))  # bad values raise here
    return run_point(make_point(program, settings, 0, _lib.library_path()))
