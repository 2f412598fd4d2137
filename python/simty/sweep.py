"""simty.sweep: a grid of runs on a local process pool, a Dask cluster or
any concurrent.futures executor, as a pandas DataFrame with simty bench's
CSV columns; resumable from its results file."""

import concurrent.futures
import csv
import io
import itertools
import multiprocessing
import os
import stat
import sys
import time

from . import _lib
from ._lib import ffi
from .errors import SimtyError, shown
from .machine import brief, check_program, new_config, path_text, settings_of
from .rows import BENCH_DEFAULTS, META, error_row, make_point, run_point, typed

# simty bench's grid order after the program (src/cli/bench.c, fill_runs);
# other keys follow in sorted order.
BENCH_ORDER = ("model", "shape", "paths", "priority", "steering", "coalescer", "mem_latency",
               "memory")
# simty bench's shapes when --shapes is not given
DEFAULT_SHAPES = ("1x1", "4x4", "8x8", "8x32", "32x16", "64x32")
SHAPE_KEYS = ("shape", "cores", "warps", "threads")


def expand_programs(programs):
    """Paths; a directory stands for its *.elf files sorted by name (simty
    bench).  Raises SimtyError for a missing file or a directory without
    programs."""
    if isinstance(programs, (str, os.PathLike)):
        programs = [programs]
    if not isinstance(programs, (list, tuple)):
        raise SimtyError("sweep: programs: expected a path or a list of paths, got %s"
                         % brief(programs))
    out = []
    for p in programs:
        p = path_text("program", p)
        if os.path.isdir(p):
            elfs = sorted(e for e in os.listdir(p) if e.endswith(".elf") and not e.startswith("."))
            if not elfs:
                raise SimtyError("no .elf files in %s" % shown(p))
            out += [os.path.join(p, e) for e in elfs]
        else:
            out.append(check_program(p))
    if not out:
        raise SimtyError("sweep: no program given")
    return out


def _key(k):
    if not isinstance(k, str):
        raise SimtyError("sweep: option names are str, got %s" % brief(k))
    return k.replace("-", "_")


def _values(k, v):
    """A grid entry's values: one value stands for [value]."""
    if isinstance(v, (str, int, float, bool, dict)):
        return [v]
    if not isinstance(v, (list, tuple, range)):
        raise SimtyError("sweep: grid[%r]: expected a value or a list of values, got %s"
                         % (k, brief(v)))
    if not v:
        raise SimtyError("sweep: grid[%r] is an empty list" % k)
    return list(v)


def grid_points(programs, grid, options=None, library=None):
    """The sweep's points in simty bench's order (program, model, shape,
    paths, priority, steering, coalescer, mem_latency, memory, then the
    other grid keys sorted), each point's configuration checked by the library.
    Raises SimtyError before anything runs."""
    if not isinstance(grid, dict):
        raise SimtyError("sweep: the grid must be a dict {KEY: [VALUES]}, got %s" % brief(grid))
    if not grid:
        raise SimtyError("sweep: the grid is empty (give at least one KEY: [VALUES])")
    if options is not None and not isinstance(options, dict):
        raise SimtyError("sweep: options must be a dict {KEY: VALUE}, got %s" % brief(options))
    grid = {_key(k): v for k, v in grid.items()}
    options = {_key(k): v for k, v in (options or {}).items()}
    for k, v in list(grid.items()):
        grid[k] = _values(k, v)
    both = sorted(set(grid) & set(options))
    if both:
        raise SimtyError("sweep: %s in both the grid and the options" % ", ".join(both))
    fixed = dict(BENCH_DEFAULTS)
    fixed.update(options)
    if not any(k in grid or k in fixed for k in SHAPE_KEYS):
        grid["shape"] = list(DEFAULT_SHAPES)
    order = [k for k in BENCH_ORDER if k in grid] + sorted(k for k in grid if k not in BENCH_ORDER)
    progs = expand_programs(programs)
    L = _lib.lib(library)[0]
    known = _lib.setting_names(L)
    checked = {}
    combos = []
    mem_set_used = False
    for at in itertools.product(*(range(len(grid[k])) for k in order)):
        values = [grid[k][i] for k, i in zip(order, at)]
        opts = dict(fixed)
        opts.update(zip(order, values))
        memory = opts.get("memory") or "ideal"
        if memory == "ideal" and "mem_set" in fixed:
            del opts["mem_set"]  # simty bench: --mem-set applies to the hierarchy runs
        else:
            mem_set_used = mem_set_used or "mem_set" in fixed
        lat = opts.get("mem_latency")
        if lat not in (None, 0, "0") and memory != "ideal":
            raise SimtyError("sweep: mem_latency applies to the ideal memory only (the "
                             "hierarchy has its own latencies), got mem_latency=%s with "
                             "memory=%s" % (lat, memory))
        settings = settings_of(opts, known)
        t = tuple(settings)
        if t not in checked:
            try:
                cfg = new_config(L, settings)
            except SimtyError as e:
                raise SimtyError("sweep: %s (at %s)" % (e, ", ".join(
                    "%s=%s" % (k, v) for k, v in zip(order, values)))) from None
            checked[t] = {k for k in order if not L.simty_setting_used(
                cfg, _setting(k).encode(), ffi.NULL, 0)}
            L.simty_free(cfg)
        # the same simulation as every point whose used keys have the same
        # values: simty bench runs the first of them only (its same_as)
        same = tuple(None if k in checked[t] else i for k, i in zip(order, at))
        combos.append((settings, same, _label(order, values)))
    if "mem_set" in fixed and not mem_set_used:
        raise SimtyError("sweep: mem_set needs a memory hierarchy: memory ddr4-3200 or hbm2")
    points = []
    for prog in progs:
        first = {}
        for settings, same, label in combos:
            p = make_point(prog, settings, len(points), library)
            p["same_as"] = first.setdefault(same, p["run"])
            p["label"] = label
            points.append(p)
    return points


def _setting(k):
    return "cores" if k == "shape" else k.replace("_", "-")


def _label(order, values):
    """The grid keys of a point but model and shape, for progress lines:
    " memory=hbm2 mem_latency=0"."""
    return "".join(" %s=%s" % (k, v) for k, v in zip(order, values)
                   if k not in ("model", "shape"))


# ---- results file ----

# rows a resumed sweep runs again: their outcome came from the host (a lost
# worker, host CPU time, a signal), not from the deterministic run
RERUN = ("error", "time limit", "interrupted")

def _complete_length(f):
    """Bytes of the binary file f up to its last line end (every row of a
    results file is one line: what follows the last line end is a row cut
    short by a crash)."""
    pos = f.seek(0, 2)
    while pos > 0:
        n = min(65536, pos)
        f.seek(pos - n)
        i = f.read(n).rfind(b"\n")
        if i >= 0:
            return pos - n + i + 1
        pos -= n
    return 0


def results_path(what, path):
    """A results file's path, checked: a path (str or os.PathLike) that does
    not exist yet or names a regular file.  A FIFO or a device would block
    or never end, a directory cannot be one (simty bench --merge refuses
    them the same way).  SimtyError otherwise."""
    path = path_text(what, path)
    # the file opened is the file checked (no stat, then an open of what
    # may since have been replaced); O_NONBLOCK: opening a FIFO returns
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return path
    except OSError as e:
        raise SimtyError("%s: cannot read %s: %s" % (what, shown(path), e.strerror)) from None
    try:
        st = os.fstat(fd)
    finally:
        os.close(fd)
    if not stat.S_ISREG(st.st_mode):
        raise SimtyError("%s: %s is not a regular file" % (what, shown(path)))
    return path


def _read_results(path, cols):
    """{point key: row} of a results file (the last row of a point wins);
    a row cut short by a crash (the text after the last line end) is
    ignored."""
    done = {}
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return done
    with open(path, newline="") as f:
        text = f.read()
    cut = text.rfind("\n") + 1
    if cut == 0:  # no complete line: at most a header cut short
        if not (",".join(cols) + "\n").startswith(text):
            raise SimtyError("results file %s has other columns than this sweep's (another "
                             "simty version?): use a new file" % shown(path))
        return done
    reader = csv.reader(io.StringIO(text[:cut], newline=""))
    header = next(reader, None)
    if header is None:
        return done
    if tuple(header) != tuple(cols):
        raise SimtyError("results file %s has other columns than this sweep's (another "
                         "simty version?): use a new file" % shown(path))
    for fields in reader:
        if len(fields) != len(cols):
            continue
        row = {c: typed(c, x) for c, x in zip(cols, fields)}
        done[row["point"]] = row
    return done


class _Results:
    """Appends rows to the results file as they finish (header once)."""

    def __init__(self, path, cols):
        self.cols = cols
        self.f = None
        if path:
            new = not os.path.exists(path) or os.path.getsize(path) == 0
            if not new:
                with open(path, "rb+") as f:
                    keep = _complete_length(f)
                    if keep < f.seek(0, 2):  # a row cut short: dropped
                        f.truncate(keep)
                new = keep == 0
            self.f = open(path, "a", newline="")
            self.w = csv.writer(self.f, lineterminator="\n")
            if new:
                self.w.writerow(cols)
                self.f.flush()

    def add(self, row):
        if self.f:
            self.w.writerow([row[c] for c in self.cols])
            self.f.flush()

    def close(self):
        if self.f:
            self.f.close()


# ---- executors ----

def _shape(row):
    if row.get("cores", 1) != 1:
        return "%sx%sx%s" % (row["cores"], row["warps"], row["threads"])
    return "%sx%s" % (row.get("warps"), row.get("threads"))


def _check_pool(pool):
    """SimtyError if the pool's workers die before running anything (no
    point is to blame: every point would get an error row after its
    retries, one at a time)."""
    try:
        pool.submit(os.getpid).result()
    except concurrent.futures.process.BrokenProcessPool:
        pool.shutdown(wait=True)
        raise SimtyError("sweep: the local pool's worker processes die before running "
                         "anything (they are spawned and import the main module: a script "
                         "must call sweep() under `if __name__ == \"__main__\":`)") from None


def _run_local(todo, jobs, retries, done):
    """A process pool (spawned workers: they see os.environ as it is at
    the sweep).  If a worker process dies, the pool is rebuilt; the points that were running in it are charged an
    attempt and run again one at a time (so that a point that kills its
    worker is found), at most `retries` more times each."""
    ctx = multiprocessing.get_context("spawn")
    pending = list(todo)
    pending.reverse()  # pop() from the end: grid order
    suspects = []
    attempts = {}
    pool = None
    inflight = {}
    try:
        while pending or suspects or inflight:
            if pool is None:
                pool = concurrent.futures.ProcessPoolExecutor(max_workers=jobs, mp_context=ctx)
                _check_pool(pool)
            if suspects:
                if not inflight:
                    p = suspects.pop(0)
                    inflight[pool.submit(run_point, p)] = p
            else:
                while pending and len(inflight) < jobs:
                    p = pending.pop()
                    inflight[pool.submit(run_point, p)] = p
            finished, _ = concurrent.futures.wait(
                inflight, return_when=concurrent.futures.FIRST_COMPLETED)
            broken = False
            for fut in finished:
                try:
                    fut.result()
                except concurrent.futures.process.BrokenProcessPool:
                    broken = True
                except Exception:
                    pass
            if broken:  # every future of the pool fails now: collect them all
                concurrent.futures.wait(inflight)
                finished = set(inflight)
            for fut in finished:
                p = inflight.pop(fut)
                try:
                    done(p, fut.result())
                except concurrent.futures.process.BrokenProcessPool:
                    n = attempts[p["key"]] = attempts.get(p["key"], 0) + 1
                    if n > retries:
                        done(p, error_row(p, "error", "the worker process died %d time%s "
                                          "running it" % (n, "s" if n > 1 else "")))
                    else:
                        suspects.append(p)
                except Exception as e:
                    done(p, error_row(p, "error", "%s: %s" % (type(e).__name__, e)))
            if broken:
                pool.shutdown(wait=True)
                pool = None
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _is_dask(executor):
    return hasattr(executor, "run_on_scheduler") and hasattr(executor, "gather")


def _set_allowed_failures(n, dask_scheduler=None):
    dask_scheduler.allowed_failures = n
    return n


def _run_dask(client, todo, retries, done):
    """A dask.distributed Client: one task per point (retries: a task that
    raised runs again), and the scheduler's allowed-failures set to
    `retries` (a point whose worker died runs again on another worker, at
    most `retries` times, then fails with KilledWorker: an error row)."""
    from distributed import as_completed
    client.run_on_scheduler(_set_allowed_failures, retries)
    futs = {}
    for p in todo:
        futs[client.submit(run_point, p, retries=retries, pure=False)] = p
    for fut in as_completed(list(futs)):
        p = futs.pop(fut)
        try:
            row = fut.result()
        except Exception as e:
            row = error_row(p, "error", "%s: %s" % (type(e).__name__, e))
        done(p, row)
        fut.release()


def _run_executor(executor, todo, retries, done):
    """Any concurrent.futures.Executor: a point whose run raised is
    submitted again, at most `retries` times."""
    attempts = {}
    futs = {executor.submit(run_point, p): p for p in todo}
    while futs:
        finished, _ = concurrent.futures.wait(futs, return_when=concurrent.futures.FIRST_COMPLETED)
        for fut in finished:
            p = futs.pop(fut)
            try:
                done(p, fut.result())
            except Exception as e:
                n = attempts[p["key"]] = attempts.get(p["key"], 0) + 1
                if n > retries:
                    done(p, error_row(p, "error", "%s: %s" % (type(e).__name__, e)))
                else:
                    futs[executor.submit(run_point, p)] = p


def sweep(programs, grid, executor=None, results=None, retries=2, options=None, jobs=None,
          progress=False):
    """Runs every program at every combination of the grid and returns a
    pandas DataFrame: one row per run in simty bench's order, with exactly
    `simty bench -f csv`'s columns (the same rows and run numbers for a
    grid bench can express) and then commit, host, seconds and point.

    programs  ELF paths; a directory stands for its *.elf files by name
    grid      {option: [values]}: Machine options (warps, model, memory,
              mem_set, ...) and shape ("WxT" or "CxWxT"); simty bench's
              shapes (1x1 ... 64x32) when no shape, cores, warps or
              threads is given
    options   {option: value} for every run (max_cycles 2000000000 and
              timeout 600 unless given, as in simty bench; mem_set applies
              to the hierarchy runs only, as bench's --mem-set)
    executor  None: a local process pool of `jobs` workers (default: the
              CPUs); a dask.distributed.Client; or any
              concurrent.futures.Executor
    results   a CSV file every finished row is appended to; a later sweep
              with the same file runs only the points not in it (rows
              whose result depends on the host rather than the run:
              "error", "time limit", "interrupted", run again; so does a
              row cut short by a crash)
    retries   how many times a point whose worker died is run again
              before its row says result "error" (on Dask and other
              executors also a task that raised; on the local pool a run
              that raised is an "error" row at once: runs are
              deterministic)
    progress  one line per finished run on stderr

    Bad input (an unknown option, a bad value, a missing program, an
    empty grid) raises SimtyError before any run starts."""
    import pandas as pd

    if not isinstance(retries, int) or isinstance(retries, bool) or retries < 0:
        raise SimtyError("sweep: retries must be a non-negative integer, got %s" % brief(retries))
    if jobs is not None and (not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1):
        raise SimtyError("sweep: jobs must be None or a positive integer, got %s" % brief(jobs))
    if not (executor is None or _is_dask(executor) or
            isinstance(executor, concurrent.futures.Executor)):
        raise SimtyError("sweep: executor must be None, a dask.distributed.Client or a "
                         "concurrent.futures.Executor, got %s" % brief(executor))
    if results is not None:
        results = results_path("sweep: results", results)
    library = _lib.library_path()
    points = grid_points(programs, grid, options, library)
    from .rows import columns
    cols = columns()
    rows = {}
    try:
        previous = _read_results(results, cols) if results else {}
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise SimtyError("sweep: cannot read the results file %s: %s" % (
            shown(results), shown(getattr(e, "strerror", None) or str(e)))) from None
    todo, copies = [], []
    for p in points:
        old = previous.get(p["key"])
        if p["same_as"] != p["run"]:
            copies.append((p, old))
        elif old is not None and old["result"] not in RERUN:
            row = dict(old)
            row["run"] = p["run"]
            rows[p["run"]] = row
        else:
            todo.append(p)
    total, t0 = len(points), time.monotonic()
    if progress and rows:
        print("simty sweep: %d of %d runs already in %s" % (len(rows), total, results),
              file=sys.stderr, flush=True)
    try:
        out = _Results(results, cols)
    except OSError as e:
        raise SimtyError("sweep: cannot write the results file %s: %s" % (
            shown(results), shown(e.strerror or str(e)))) from None
    counter = [len(rows)]

    def done(p, row):
        row["run"] = p["run"]
        rows[p["run"]] = row
        out.add(row)
        counter[0] += 1
        if progress:
            print("simty sweep: [%d/%d] %s %s %s%s: %s (%.2f s, %s)" % (
                counter[0], total - len(copies), row["workload"], row["model"], _shape(row),
                p["label"], row["result"], row["seconds"], row["host"]), file=sys.stderr,
                flush=True)

    try:
        if todo and executor is None:
            n = jobs or os.cpu_count() or 1
            _run_local(todo, max(1, min(n, len(todo))), retries, done)
        elif todo and _is_dask(executor):
            _run_dask(executor, todo, retries, done)
        elif todo:
            _run_executor(executor, todo, retries, done)
        copied = _copy_rows(copies, points, rows, {p["run"] for p in todo}, out)
    finally:
        out.close()
    if progress:
        for line in _ignored_notes(points, library):
            print("simty sweep: note: " + line, file=sys.stderr, flush=True)
        if copied:
            print("simty sweep: note: %d run%s differ%s from an earlier one only in options "
                  "without effect: not simulated again, %s row%s repeat%s that run's figures"
                  % ((copied, "", "s", "its", "", "s") if copied == 1
                     else (copied, "s", "", "their", "s", "")), file=sys.stderr, flush=True)
        print("simty sweep: %d runs (%d run now, %d copied, %d from %s), %d failed, %.1f s" % (
            total, len(todo), copied, total - len(todo) - copied, results,
            sum(1 for r in rows.values() if not r["ok"]), time.monotonic() - t0),
            file=sys.stderr, flush=True)
    df = pd.DataFrame([rows[i] for i in range(total)], columns=list(cols))
    df.attrs["ran"] = len(todo)
    df.attrs["copied"] = copied
    df.attrs["resumed"] = total - len(todo) - copied
    return df


def _copy_rows(copies, points, rows, ran, out):
    """The rows of the points that are the same simulation as an earlier
    point (same_as; as simty bench): that point's row with the point's own
    configuration columns (those in which the two points' rows differ when
    nothing ran), run and key.  A copy already in the results file is kept
    unless its source ran now.  Returns how many rows were made."""
    made = 0
    for p, old in copies:
        src = rows[p["same_as"]]
        if old is not None and old["result"] not in RERUN and p["same_as"] not in ran:
            row = dict(old)
            row["run"] = p["run"]
            rows[p["run"]] = row
            continue
        row = dict(src)
        mine, theirs = error_row(p, "", ""), error_row(points[p["same_as"]], "", "")
        for c in mine:
            if c not in META and c != "run" and mine[c] != theirs[c]:
                row[c] = mine[c]
        row["run"], row["point"] = p["run"], p["key"]
        rows[p["run"]] = row
        out.add(row)
        made += 1
    return made


def _ignored_notes(points, library):
    """Each option without effect in some point (simty_config_ignored), once,
    with its number of runs: simty bench's notes."""
    L = _lib.lib(library)[0]
    count, seen = {}, {}
    why = ffi.new("char[]", 160)
    for p in points:
        t = tuple(p["settings"])
        if t not in seen:
            cfg = new_config(L, p["settings"])
            seen[t] = []
            try:
                while True:
                    name = L.simty_config_ignored(cfg, len(seen[t]), why, 160)
                    if name == ffi.NULL:
                        break
                    seen[t].append("--%s %s" % (ffi.string(name).decode(),
                                                ffi.string(why).decode()))
            finally:
                L.simty_free(cfg)
        for note in seen[t]:
            count[note] = count.get(note, 0) + 1
    return ["%s: %d run%s" % (n, c, "" if c == 1 else "s") for n, c in count.items()]


def read_csv(path):
    """A `simty bench -f csv` table or a sweep's results file as a
    DataFrame typed like sweep()'s (text columns stay text: an empty
    detail is "", not NaN)."""
    import pandas as pd
    from .rows import TEXT
    path = results_path("read_csv", path)
    try:
        with open(path, newline="") as f:
            header = next(csv.reader(f), [])
        return pd.read_csv(path, keep_default_na=False,
                           dtype={c: str for c in header if c in TEXT})
    except (OSError, UnicodeDecodeError, csv.Error, pd.errors.ParserError,
            pd.errors.EmptyDataError) as e:
        detail = getattr(e, "strerror", None) or str(e) or type(e).__name__
        raise SimtyError("read_csv: cannot read %s: %s" % (shown(path), shown(detail))) from None
