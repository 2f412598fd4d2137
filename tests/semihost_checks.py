"""Semihosting checks (run_tests.py group semihost; docs/platform.md,
"Semihosting").

- tests/semihost/files.c reads an input file and its arguments and writes an
  output file (stdio and POSIX: fopen, fread, fseek, open, write, lseek,
  rename, unlink); built by sdk/simty-cc it writes on every model, at 1x1
  and 8x4, under --fs-root and on QEMU what the host gcc build writes, its
  stdout and stderr apart;
- tests/semihost/hostile.c: `..`, absolute paths, symbolic links out of the
  root, a very long name, unmapped pointers, huge lengths, SYSTEM, an
  unknown operation, a FIFO (for reading and for writing: at once, never
  waiting), a trailing slash on a file and --no-host-files each give the
  guest -1 and an errno, never a host crash, and nothing is created outside
  the root; the same with openat2 and with the component walk that stands
  in for it (SIMTY_NO_OPENAT2=1); a deleted current directory is an error
  the guest sees, every time;
- the host's stdin: a pipe that never sends does not hold `simty run`: a
  SIGTERM ends it (143) with its --stats-json written;
- the library's default is no host files: a guest under `simty bench`
  cannot create a file;
- a call by every lane of a warp is served lane by lane in thread order on
  every model; the whole output is the same with 2 cores on 1 and 2 host
  threads;
- EXIT_EXTENDED ends the run with its status, stdout and stderr kept; a
  guest stderr that cannot be written is status 123;
- tests/semihost/libc.c (getopt_long, posix_memalign, fopen "aw+", a
  zeroed fresh heap) prints on every model and QEMU what the host build
  prints; its simulated time is the same on every run.
"""

import os
import shutil
import subprocess
import threading

import programs

SRC = os.path.join(programs.ROOT, "tests", "semihost")
MODELS = ("scalar", "simt", "cycle")
INPUT = "the quick brown fox\njumps over the lazy dog\nthe end\n" * 3
ARGS = ["the", "fox", "a b", 'q"uote']

# hostile.c's lines, errno numbers as picolibc's (13 EACCES, 14 EFAULT,
# 9 EBADF, 20 ENOTDIR, 22 EINVAL, 88 ENOSYS, 91 ENAMETOOLONG)
HOSTILE = """dotdot: -1 errno 13
dotdot inside: -1 errno 13
absolute: -1 errno 13
symlink out: -1 errno 13
symlink out create: -1 errno 13
long name: -1 errno 91
name unmapped: -1 errno 14
name length huge: -1 errno 91
bad mode: -1 errno 22
block unmapped: -1 errno 14
write huge: -1 errno 14
read bad handle: 16 errno 9
read unmapped: 16 errno 14
close: 0 errno 14
close again: -1 errno 9
remove dotdot: -1 errno 13
rename out: -1 errno 13
system: -1 errno 13
unknown: -1 errno 88
fifo read: -1 errno 13
fifo write: -1 errno 13
trailing slash: -1 errno 20
cmdline short: -1 errno 22
tt still: 1 errno 22
in.txt: 1 errno 22
"""


def tests(ctx, run, simty, Failure):
    out = []
    work = os.path.join(ctx.tmp, "semihost")

    def build(src):
        # (one file per test: tests running in parallel build the same source)
        elf = os.path.join(ctx.tmp, "semihost-%s-%d-%d.elf" % (src[:-2], os.getpid(),
                                                              threading.get_ident()))
        p = subprocess.run([programs.SIMTY_CC, "-O2", "-Wall", "-Wextra", "-Werror",
                            os.path.join(SRC, src), "-o", elf], capture_output=True, text=True)
        if p.returncode != 0:
            raise Failure("building %s failed:\n%s" % (src, p.stderr))
        return elf

    def fresh(name):
        d = os.path.join(work, name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(os.path.join(d, "sub"))
        with open(os.path.join(d, "in.txt"), "w") as f:
            f.write(INPUT)
        return d

    def run_in(cwd, cmd, env=None):
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=300,
                           env=dict(os.environ, **env) if env else None)
        err = p.stderr.decode("utf-8", "replace")
        if ctx.sanitized and ("Sanitizer" in err or "runtime error" in err):
            raise Failure("sanitizer report running %s:\n%s" % (" ".join(cmd), err))
        return p.returncode, p.stdout.decode("utf-8", "replace"), err

    def sim(cwd, elf, opts, args, env=None):
        return run_in(cwd, [ctx.simty, "run"] + opts + [elf] + args, env)

    def files():
        elf = build("files.c")
        host = os.path.join(work, "files.host")
        os.makedirs(work, exist_ok=True)
        p = subprocess.run(["gcc", "-O2", "-o", host, os.path.join(SRC, "files.c")],
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise Failure("host gcc build of files.c failed:\n" + p.stderr)
        d = fresh("host")
        st, so, se = run_in(d, [host, "in.txt", "out.txt"] + ARGS)
        with open(os.path.join(d, "out.txt")) as f:
            want = f.read()
        if st != 0 or "size %d lines 9" % len(INPUT) not in want:
            raise Failure("host run: status %d, out.txt %r" % (st, want))
        runs = [("%s %s" % (m, s), ["-m", m] + s.split()) for m in MODELS
                for s in ("-w 1 -t 1", "-w 8 -t 4")]
        runs.append(("cycle 2 cores, 2 host threads",
                     ["-m", "cycle", "-c", "2", "--host-threads", "2", "--host-threads-min", "1",
                      "-w", "2", "-t", "4"]))
        for name, opts in runs:
            d = fresh("sim")
            st, so, se = sim(d, elf, opts, ["in.txt", "out.txt"] + ARGS)
            got = open(os.path.join(d, "out.txt")).read() if os.path.exists(
                os.path.join(d, "out.txt")) else None
            if st != 0 or got != want or so != "done: 456\n" or \
                    se != "stderr: %d bytes\n" % len(INPUT) or \
                    sorted(os.listdir(d)) != ["in.txt", "out.txt", "sub"]:
                raise Failure("files.c, %s: status %d, stdout %r, stderr %r, out.txt %r "
                              "(host: %r), files %s" % (name, st, so, se, got, want,
                                                       sorted(os.listdir(d))))
        # --fs-root: the paths are the root's, whatever the current directory
        d = fresh("root")
        st, so, se = sim(work, elf, ["--fs-root", d], ["in.txt", "out.txt"] + ARGS)
        got = open(os.path.join(d, "out.txt")).read() if os.path.exists(
            os.path.join(d, "out.txt")) else None
        if st != 0 or got != want:
            raise Failure("files.c under --fs-root: status %d, out.txt %r, stderr %r"
                          % (st, got, se))
        if shutil.which("qemu-system-riscv32") and not ctx.sanitized:
            d = fresh("qemu")
            st, so, se = run_in(d, [programs.QEMU_RUN, "--smp", "4", "--timeout", "120",
                                    elf, "in.txt", "out.txt"] + ARGS)
            got = open(os.path.join(d, "out.txt")).read() if os.path.exists(
                os.path.join(d, "out.txt")) else None
            if st != 0 or got != want.replace(elf, elf) or so != "done: 456\n":
                raise Failure("files.c on QEMU: status %d, stdout %r, stderr %r, out.txt %r"
                              % (st, so, se, got))

    def hostile():
        elf = build("hostile.c")
        d = fresh("hostile")
        os.symlink("/etc", os.path.join(d, "link-out"))
        victim = os.path.join(work, "victim-outside")
        if os.path.exists(victim):
            os.unlink(victim)
        os.symlink(victim, os.path.join(d, "link-file"))
        os.mkfifo(os.path.join(d, "fifo"))
        runs = [(m, shape, None) for m in MODELS
                for shape in (["-w", "1", "-t", "1"], ["-w", "8", "-t", "4"])]
        runs.append(("scalar", ["-w", "1", "-t", "1"], {"SIMTY_NO_OPENAT2": "1"}))
        for m, shape, env in runs:
            try:
                st, so, se = sim(work, elf, ["-m", m, "--fs-root", d] + shape, [], env)
            except subprocess.TimeoutExpired:
                raise Failure("hostile.c, %s %s: hangs (the FIFO?)" % (m, " ".join(shape)))
            if st != 0 or so != HOSTILE or se or os.path.exists(victim):
                raise Failure("hostile.c, %s %s%s: status %d, stderr %r, created outside "
                              "the root: %s, stdout:\n%s"
                              % (m, " ".join(shape), " SIMTY_NO_OPENAT2=1" if env else "",
                                 st, se, os.path.exists(victim), so))
        st, so, se = sim(d, elf, ["--no-host-files"], [])
        lines = so.splitlines()
        if st != 0 or len(lines) != len(HOSTILE.splitlines()) or \
                lines[-2:] != ["tt still: 1 errno 22", "in.txt: 0 errno 13"] or \
                not all(ln.endswith(": -1 errno 13") for ln in lines[:8]):
            raise Failure("hostile.c --no-host-files: status %d, stdout:\n%s" % (st, so))

    def deleted_cwd():
        # the root (the current directory) was removed: every call is ENOENT,
        # also the second (it once crashed on a half-opened root)
        elf = build("hostile.c")
        d = os.path.join(work, "gone")
        os.makedirs(work, exist_ok=True)
        shutil.rmtree(d, ignore_errors=True)
        p = subprocess.run(["sh", "-c", 'mkdir gone && cd gone && rmdir ../gone && exec "$0" run '
                            '-w 1 -t 1 "$1"', ctx.simty, elf], cwd=work, capture_output=True,
                           text=True, timeout=300)
        lines = p.stdout.splitlines()
        if p.returncode != 0 or "dotdot: -1 errno 2" not in lines or \
                "in.txt: 0 errno 2" not in lines:
            raise Failure("hostile.c in a deleted directory: status %d, stdout %r, stderr %r"
                          % (p.returncode, p.stdout, p.stderr))

    def stdin_signal():
        # a pipe that never sends: SIGTERM still ends the run, stats written
        elf = build("hostile.c")
        os.makedirs(work, exist_ok=True)
        stats = os.path.join(work, "stdin-stats.json")
        if os.path.exists(stats):
            os.unlink(stats)
        sleeper = subprocess.Popen(["sleep", "30"], stdout=subprocess.PIPE)
        try:
            p = subprocess.Popen([ctx.simty, "run", "--stats-json", stats, elf, "stdin"],
                                 stdin=sleeper.stdout, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE)
            sleeper.stdout.close()
            import time
            time.sleep(1)
            p.terminate()
            try:
                so, se = p.communicate(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.communicate()
                raise Failure("simty run reading a silent stdin: SIGTERM did not stop it")
        finally:
            sleeper.kill()
            sleeper.wait()
        if p.returncode != 143 or not os.path.exists(stats):
            raise Failure("simty run reading a silent stdin, SIGTERM: status %d (expected 143), "
                          "--stats-json written: %s, stderr %r"
                          % (p.returncode, os.path.exists(stats), se))

    def bench_no_files():
        # the library's default (simty bench): no host files
        elf = build("create.c")
        d = fresh("bench")
        st, so, se = run_in(d, [ctx.simty, "bench", "-s", "1x1", "-m", "scalar", elf])
        if os.path.exists(os.path.join(d, "x")):
            raise Failure("a guest under simty bench created a file (status %d)" % st)
        st, so, se = sim(d, elf, [], [])
        if st != 0 or so != "create: opened\n" or not os.path.exists(os.path.join(d, "x")):
            raise Failure("hostile create under simty run: status %d, stdout %r" % (st, so))

    def order():
        elf = build("hostile.c")
        one = "".join("T%03d\n" % i for i in range(8))
        for m in MODELS:
            st, so, se = sim(work, elf, ["-m", m, "-w", "1", "-t", "8"], ["order"])
            if st != 0 or so != one:
                raise Failure("order, %s 1x8: status %d, stdout %r" % (m, st, so))
        # several warps and cores: each warp's lines in lane order, together,
        # and the same output on 1 and 2 host threads
        outs = []
        for ht in ("1", "2"):
            st, so, se = sim(work, elf, ["-m", "cycle", "-c", "2", "--host-threads", ht,
                                         "--host-threads-min", "1", "-w", "2", "-t", "4"],
                             ["order"])
            lines = so.split()
            blocks = [lines[i:i + 4] for i in range(0, len(lines), 4)]
            ok = st == 0 and len(lines) == 16 and all(
                b == ["T%03d" % (int(b[0][1:]) + k) for k in range(4)] and int(b[0][1:]) % 4 == 0
                for b in blocks)
            if not ok:
                raise Failure("order, 2 cores of 2x4, %s host threads: status %d, stdout %r"
                              % (ht, st, so))
            outs.append(so)
        if outs[0] != outs[1]:
            raise Failure("order: 1 and 2 host threads differ: %r, %r" % tuple(outs))

    def exit_status():
        elf = build("hostile.c")
        for m in MODELS:
            st, so, se = sim(work, elf, ["-m", m, "-w", "2", "-t", "4"], ["exit", "7"])
            if st != 7 or so != "out\n" or se != "err\n":
                raise Failure("EXIT_EXTENDED, %s: status %d, stdout %r, stderr %r"
                              % (m, st, so, se))
        # the guest's stderr cannot be written: status 123, as the console's
        with open("/dev/full", "w") as full:
            p = subprocess.run([ctx.simty, "run", "-w", "1", "-t", "2", elf, "exit", "7"],
                               stdout=subprocess.PIPE, stderr=full, timeout=300)
        if p.returncode != 123 or p.stdout != b"out\n":
            raise Failure("stderr on /dev/full: status %d (expected 123), stdout %r"
                          % (p.returncode, p.stdout))
        if shutil.which("qemu-system-riscv32") and not ctx.sanitized:
            st, so, se = run_in(work, [programs.QEMU_RUN, "--smp", "2", elf, "exit", "7"])
            if st != 7 or so != "out\n" or "err\n" not in se:
                raise Failure("EXIT_EXTENDED on QEMU: status %d, stdout %r, stderr %r"
                              % (st, so, se))

    def libc():
        elf = build("libc.c")
        host = os.path.join(work, "libc.host")
        os.makedirs(work, exist_ok=True)
        p = subprocess.run(["gcc", "-O2", "-o", host, os.path.join(SRC, "libc.c")],
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise Failure("host gcc build of libc.c failed:\n" + p.stderr)
        args = ["-s", "5", "--verbose", "-n", "3", "a", "b"]
        d = fresh("libc")
        st, want, se = run_in(d, [host] + args)
        if st != 0 or "aw+: opened read back first" not in want:
            raise Failure("libc.c on the host: status %d, stdout %r" % (st, want))
        for m in MODELS:
            st, so, se = sim(d, elf, ["-m", m, "-w", "2", "-t", "4"], args)
            if st != 0 or so != want:
                raise Failure("libc.c, %s: status %d, stdout %r (host: %r), stderr %r"
                              % (m, st, so, want, se))
        if shutil.which("qemu-system-riscv32") and not ctx.sanitized:
            st, so, se = run_in(d, [programs.QEMU_RUN, "--smp", "2", elf] + args)
            if st != 0 or so != want:
                raise Failure("libc.c on QEMU: status %d, stdout %r (host: %r)" % (st, so, want))
        # simulated time: the same on every run, from the documented epoch
        runs = [sim(d, elf, ["-m", "cycle"], ["--times"])[1] for _ in range(2)]
        last = runs[0].splitlines()[-1].split()
        if runs[0] != runs[1] or last[:2] != ["time", "946684800"] or last[3] != "946684800":
            raise Failure("libc.c --times: %r then %r" % tuple(runs))

    out.append(("semihost files and arguments vs the host build", files))
    out.append(("semihost libc beyond ISO C vs the host build", libc))
    out.append(("semihost hostile paths, pointers and lengths", hostile))
    out.append(("semihost in a deleted current directory", deleted_cwd))
    out.append(("semihost stdin that never sends, SIGTERM", stdin_signal))
    out.append(("semihost simty bench has no host files", bench_no_files))
    out.append(("semihost lane-by-lane order", order))
    out.append(("semihost EXIT_EXTENDED status, stdout and stderr", exit_status))
    return out
