"""simty run's progress display (issue 32): on a terminal a live status
line from 2 s into a run, erased before the program's output and at the
end; --heartbeat S full lines on a pipe; --quiet none; and a run counts the
same with the display as without.  Part of the bad-input group (bad
--heartbeat values are in bad_input.OPTION_CASES).

The long runs are a program that never ends (tests/bad/forever.S,
chatty.S) stopped by --timeout 3 (3 s of host CPU time, so at least 3 s of
wall time: the live line must show)."""

import fcntl
import json
import os
import re
import select
import struct
import subprocess
import termios
import time

import programs

LIMIT = 124
STATUS = re.compile(r"simty: \d+\.\d s, \S+ cycles \(\S+/s\), \S+ thread-instructions "
                    r"\(\S+/s\), \d+/\d+ threads live")


def pty_run(cmd, timeout=120):
    """Runs cmd with stdout and stderr on one pseudo-terminal; returns
    (status, raw bytes written to the terminal)."""
    master, slave = os.openpty()
    # wide enough for the whole line (a narrower terminal gets it cut)
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=slave, stderr=slave)
    os.close(slave)
    raw = b""
    end = time.time() + timeout
    try:
        while time.time() < end:
            ready, _, _ = select.select([master], [], [], 1.0)
            if not ready:
                if p.poll() is not None:
                    break
                continue
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: every writer has closed the terminal
                break
            if not data:
                break
            raw += data
    finally:
        os.close(master)
    if p.poll() is None:
        p.kill()
    return p.wait(), raw.decode("utf-8", "replace")


def screen(raw):
    """The lines a terminal shows after raw: \\r goes back to the start of
    the line, ESC [ K erases to its end, other text overwrites."""
    lines, cur, col, i = [], [], 0, 0
    while i < len(raw):
        c = raw[i]
        if raw.startswith("\x1b[K", i):
            del cur[col:]
            i += 3
            continue
        if c == "\r":
            col = 0
        elif c == "\n":
            lines.append("".join(cur))
            cur, col = [], 0
        else:
            if col < len(cur):
                cur[col] = c
            else:
                cur.append(c)
            col += 1
        i += 1
    return lines, "".join(cur)


def tests(ctx, run, Failure):
    sim = ctx.simty
    forever = programs.asm_elf("bad", "forever")
    chatty = programs.asm_elf("bad", "chatty")

    def live_line():
        # chatty prints "tick N" several times a second of CPU time (even sanitized): some of
        # its lines come while the status line is shown
        st, raw = pty_run([sim, "run", "--timeout", "3", chatty])
        if st != LIMIT:
            raise Failure("status %d, expected %d:\n%r" % (st, LIMIT, raw))
        if not STATUS.search(raw) or "\rsimty: " not in raw:
            raise Failure("no live status line on the terminal:\n%r" % raw)
        if not re.search(r"threads live\x1b\[K\r\x1b\[Ktick \d", raw):
            raise Failure("the program's output never came while the status line was "
                          "shown (the test proves nothing):\n%r" % raw)
        lines, last = screen(raw)
        shown = [ln for ln in lines if ln.strip()]
        if last:
            raise Failure("the terminal is left with %r after the run" % last)
        bad = [ln for ln in shown if "threads live" in ln or
               (ln.startswith("tick") and not re.fullmatch(r"tick \d", ln))]
        if bad:
            raise Failure("status text left on the screen or mixed with the program's "
                          "output: %r\nraw: %r" % (bad, raw))
        if not any(re.fullmatch(r"simty: host time limit reached .*", ln) for ln in shown):
            raise Failure("the end-of-run message is not a clean line: %r" % shown)

    def quiet():
        st, raw = pty_run([sim, "run", "--quiet", "--timeout", "3", forever])
        if st != LIMIT or "threads live" in raw or "\x1b[K" in raw:
            raise Failure("--quiet: status %d, terminal got:\n%r" % (st, raw))

    def heartbeat_pipe():
        st, so, se = run([sim, "run", "--heartbeat", "1", "--timeout", "3", forever])
        beats = [ln for ln in se.splitlines() if STATUS.fullmatch(ln)]
        if st != LIMIT or len(beats) < 2 or "\r" in se or "\x1b" in se:
            raise Failure("--heartbeat 1 on a pipe: status %d, stderr:\n%s" % (st, se))
        if not se.splitlines()[len(beats)].startswith("simty: host time limit reached"):
            raise Failure("heartbeat lines are not all before the end message:\n%s" % se)
        st, so, se = run([sim, "run", "--timeout", "3", "--max-cycles", "3000000", forever])
        if "threads live" in se:
            raise Failure("a status line on a pipe without --heartbeat:\n%s" % se)

    def same_counts():
        # the monitor's clock reads cut the run loop's bursts: the same run
        # all the same (every statistic but host time, and the output)
        def one(extra):
            js = os.path.join(ctx.tmp, "status-%d.json" % len(extra))
            st, so, se = run([sim, "run", "--max-cycles", "12000000", "--stats-json", js] +
                             extra + [chatty])
            with open(js) as f:
                stats = json.load(f)
            os.unlink(js)
            stats.pop("sim_seconds", None)
            return st, so, stats
        a, b = one([]), one(["--heartbeat", "1"])
        if a != b:
            raise Failure("--heartbeat changed the run:\n%r\n%r" % (a, b))

    def bench_line():
        # simty bench's updating line is redrawn while a long run goes on
        # (each second), not only when a run ends
        st, raw = pty_run([sim, "bench", "--shapes", "8x4", "--timeout", "2", forever])
        if st != 1 or not re.search(r"\rsimty bench: 0/1 runs, [1-9]\d* s elapsed\x1b\[K", raw):
            raise Failure("simty bench: status %d, no live progress during the run:\n%r"
                          % (st, raw))

    return [("status live line on a terminal", live_line),
            ("status simty bench line during a long run", bench_line),
            ("status --quiet on a terminal", quiet),
            ("status --heartbeat on a pipe", heartbeat_pipe),
            ("status display changes no count", same_counts)]
