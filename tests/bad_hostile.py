"""Hostile input (issue 10): each test here failed before its fix (a crash,
a hang, lost output or a message that is not one printable line) and must
give a documented status and message now.  Part of the bad-input group.

Programs the linker cannot make easily (segments at the top of the address
space, many executable segments, symbol names with any bytes) are built by
tests/elfgen.py."""

import json
import os
import re
import signal
import subprocess
import sys
import time

import elfgen as g
import programs

USAGE, LOAD, FAULT, DEADLOCK, OUTPUT, LIMIT = 125, 126, 121, 122, 123, 124
MODELS = ("scalar", "simt", "cycle")
EVIL = b"evil\n\x1b[2J\xff\xfe\\name"       # newline, escape, not UTF-8, backslash
EVIL_SHOWN = r"evil\x0a\x1b[2J\xff\xfe\\name"  # how simty prints it
RAM = 0x80000000


def printable(data):
    """Printable ASCII lines (tabs allowed: traces and listings use them)."""
    return all(32 <= b < 127 or b in (9, 10) for b in data)


def tests(ctx, run, simty, Failure):
    out = []
    sim = ctx.simty
    counter = iter(range(10 ** 6))
    asan_env = dict(os.environ)

    def path(name):
        return os.path.join(ctx.tmp, "hostile-%d-%s" % (next(counter), name))

    def write_elf(name, data):
        p = path(name + ".elf")
        with open(p, "wb") as f:
            f.write(data)
        return p

    def raw(cmd, timeout=120, stdin=None, env=None):
        """Runs cmd; returns (status, stdout bytes, stderr bytes)."""
        try:
            p = subprocess.run(cmd, capture_output=True, timeout=timeout, stdin=stdin, env=env)
        except subprocess.TimeoutExpired:
            raise Failure("hangs (no end after %d s): %s" % (timeout, " ".join(cmd)))
        if ctx.sanitized and (b"Sanitizer" in p.stderr or b"runtime error" in p.stderr):
            raise Failure("sanitizer report: %s" % p.stderr.decode("utf-8", "replace"))
        return p.returncode, p.stdout, p.stderr

    def expect(cmd, status, pattern, timeout=120, lines=1):
        st, so, se = raw(cmd, timeout)
        text = se.decode("ascii", "replace").strip()
        first = text.splitlines()[0] if text else ""
        if st != status or not re.search(pattern, first) or not first.startswith("simty"):
            raise Failure("%s: status %d, stderr %r (expected %d, /%s/)"
                          % (" ".join(cmd), st, text, status, pattern))
        if lines and len(text.splitlines()) != lines:
            raise Failure("%s: %d lines on stderr, expected %d:\n%s"
                          % (" ".join(cmd), len(text.splitlines()), lines, text))
        if not printable(se):
            raise Failure("%s: stderr is not printable text: %r" % (" ".join(cmd), se))
        return so, se

    # ---- 1. RAM sizes: tohost in the last, partial word of RAM ----
    def tohost_edge():
        code = g.words(g.lui(g.T0, 0x80001), g.addi(g.T1, 0, 1), g.sb(g.T1, g.T0, 0))
        return write_elf("tohost_edge", g.make_elf([(RAM, code, True)], RAM,
                                                   [(b"tohost", RAM + 0x1000)]))

    def ram_odd():
        elf = tohost_edge()
        expect([sim, "run", "--ram-size", "4097", elf], USAGE,
               r"--ram-size: .*multiple of 4 bytes, got '4097'")
        expect([sim, "run", "--mem", "0x1002:4K", elf], USAGE,
               r"memory region 0x00001002\+0x1000: base and size must be multiples of 4")
        expect([sim, "bench", "--ram-size", "4097", elf], USAGE, r"--ram-size: .*multiple of 4")
        for model in MODELS:  # a word-multiple size keeps tohost whole: it ends the run
            r = simty(ctx, elf, ["-m", model, "--ram-size", "4100"])
            if r.status != 0 or r.stats["exit_reason"] != "tohost":
                raise Failure("%s --ram-size 4100: status %d %s" % (model, r.status, r.err))
    out.append(("hostile RAM size not a multiple of 4, tohost at its end", ram_odd))

    # ---- 2. a signature range at the top of the address space ----
    def top_program(symbols=()):
        body = g.words(*g.exit0()).ljust(0x1000, b"\0")
        return write_elf("top", g.make_elf([(0xfffff000, body, True)], 0xfffff000,
                                           [(b"top", 0xfffff000)] + list(symbols)))

    def signature_top():
        elf = top_program([(b"begin_signature", 0xfffff000), (b"end_signature", 0xfffffffc)])
        for model in MODELS:
            sig = path("top.sig")
            st, _o, se = raw([sim, "run", "-m", model, "--mem", "0xfffff000:4K",
                              "--signature", sig, elf])
            with open(sig) as f:
                words = f.read().split()
            if st != 0 or len(words) != 1023 or words[0] != "00000513" or words[-1] != "0" * 8:
                raise Failure("%s: status %d, %d words %s, %s" % (model, st, len(words),
                                                                  words[:1], se))
    out.append(("hostile signature range ending at the top of memory", signature_top))

    # ---- 3. a FIFO named *.elf ----
    def fifo():
        d = path("fifo-dir")
        os.makedirs(d)
        f = os.path.join(d, "pipe.elf")
        os.mkfifo(f)
        expect([sim, "run", f], LOAD, r"pipe\.elf is not a regular file", timeout=20)
        expect([sim, "disasm", f], LOAD, r"pipe\.elf is not a regular file", timeout=20)
        st, so, se = raw([sim, "bench", "-q", "-f", "csv", "-s", "1x1", d], timeout=20)
        if st != 1 or not re.search(rb"\n0,pipe,cycle,1,1,.*,load error,.*pipe\.elf is not a regular "
                                    rb"file\"\n$", so):
            raise Failure("bench over a FIFO: status %d\n%s%s" % (st, so, se))
    out.append(("hostile FIFO named .elf (run, disasm, bench)", fifo))

    # ---- 4. self-modifying code: the shape 1x2 and others ----
    def self_modify():
        elf = programs.asm_elf("simt", "self_modify_cached")
        for model in MODELS:
            for w, t in ((1, 1), (1, 2), (2, 3), (8, 4)):
                r = simty(ctx, elf, ["-m", model, "-w", str(w), "-t", str(t)])
                if r.status != 0:
                    raise Failure("%s %dx%d: status %d (stale code ran)" % (model, w, t,
                                                                           r.status))
        # the cycle model squashes an instruction whose word changed after
        # its fetch and fetches it again (W = 1: fetched before the store ran)
        k, c = path("smc.kanata"), path("smc.commits")
        st, _o, se = raw([sim, "run", "-w", "1", "-t", "1", "--trace-kanata", k,
                          "--trace-commits", c, programs.asm_elf("simt", "self_modify")])
        labels = {}  # Kanata record id -> its labels, concatenated
        with open(k) as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if parts[0] == "L" and parts[2] == "0":
                    labels[parts[1]] = labels.get(parts[1], "") + parts[3]
        kanata = "\n".join(labels.values())
        with open(c) as f:
            commits = f.read()
        if st != 0 or "addi a0,zero,0 ; mask=1 a0: 0=00000000" not in commits or \
                kanata.count("addi a0,zero,1 [squashed: code changed since fetch]") != 1 or \
                kanata.count("addi a0,zero,0 [mask 1]") != 1:
            raise Failure("self_modify at 1x1: status %d, refetch %d, commits:\n%s"
                          % (st, kanata.count("code changed"), commits))
    out.append(("hostile self-modifying code, every model and shape", self_modify))

    # ---- 5. guest-controlled text: symbol names and console bytes ----
    def evil_fault():
        code = g.words(g.jal(0, 8), g.addi(g.T0, 0, 1), g.ILLEGAL)
        return write_elf("evil_fault", g.make_elf([(RAM, code, True)], RAM,
                                                  [(b"start", RAM), (EVIL, RAM + 8)]))

    def evil_symbols():
        elf = evil_fault()
        for model in MODELS:
            js, tc = path("evil.json"), path("evil.commits")
            extra = ["--trace-kanata", path("evil.kanata")] if model == "cycle" else []
            _so, se = expect([sim, "run", "-m", model, "--stats-json", js, "--trace-commits",
                              tc] + extra + [elf], FAULT, re.escape("<%s>" % EVIL_SHOWN))
            with open(js, "rb") as f:
                stats = json.loads(f.read())  # bytes: must be valid UTF-8 JSON
            if "simty: " + stats["message"] != se.decode().strip():
                raise Failure("JSON message %r, stderr %r" % (stats["message"], se))
            for trace in [tc] + extra[1:]:
                with open(trace, "rb") as f:
                    data = f.read()
                if not printable(data) or EVIL_SHOWN.encode() not in data:
                    raise Failure("%s: trace not printable or lacks the name: %r"
                                  % (model, data[-300:]))
        # disassembly: the label and the jump's operand
        st, so, se = raw([sim, "disasm", elf])
        if st != 0 or not printable(so) or so.count(EVIL_SHOWN.encode()) != 2:
            raise Failure("disasm: status %d %r" % (st, so))
        # a deadlock report names the paths' symbols
        loop = g.words(g.addi(g.T0, g.T0, 0), g.jal(0, -4))
        dl = write_elf("evil_loop", g.make_elf([(RAM, loop, True)], RAM, [(EVIL, RAM)]))
        for model in MODELS:
            st, so, se = raw([sim, "run", "-m", model, "-w", "2", "-t", "2", dl])
            if st != DEADLOCK or not printable(se) or EVIL_SHOWN.encode() not in se:
                raise Failure("%s deadlock dump: status %d %r" % (model, st, se))
    out.append(("hostile symbol names with control bytes (messages, JSON, traces, disasm)",
                evil_symbols))

    def evil_bench():
        code = [g.lui(g.T0, 0x10000)]
        for b in b"\x1b[31m\xff|x,\"\n":
            code += [g.addi(g.T1, 0, b), g.sb(g.T1, g.T0, 0)]
        code += [g.addi(g.A0, 0, 1), g.addi(g.A7, 0, 93), g.ECALL]
        noisy = write_elf("noisy", g.make_elf([(RAM, g.words(*code), True)], RAM))
        st, so, se = raw([sim, "bench", "-q", "-f", "csv", "-s", "1x1,2x2", noisy, evil_fault()])
        if st != 1 or not printable(so):
            raise Failure("bench CSV: status %d, not printable %r" % (st, so))
        import csv
        import io
        rows = list(csv.DictReader(io.StringIO(so.decode())))
        details = [r["detail"] for r in rows]
        if len(rows) != 4 or details[0] != r'\x1b[31m\xff|x,"' or \
                EVIL_SHOWN not in details[2]:
            raise Failure("bench CSV rows: %s" % details)
        st, so, se = raw([sim, "bench", "-q", "-s", "1x1", noisy, evil_fault()])
        fails = [line for line in so.decode().splitlines() if line.startswith("- ")]
        if st != 1 or not printable(so) or len(fails) != 2:
            raise Failure("bench Markdown: status %d\n%s" % (st, so.decode()))
    out.append(("hostile guest text in bench tables", evil_bench))

    # ---- 6. output that cannot be written ----
    def print_forever():
        code = [g.lui(g.T0, 0x10000), g.addi(g.T1, 0, ord("x")), g.addi(g.T2, 0, 10),
                g.sb(g.T1, g.T0, 0), g.sb(g.T2, g.T0, 0), g.jal(0, -8)]
        return write_elf("print_forever", g.make_elf([(RAM, g.words(*code), True)], RAM))

    def full_disk():
        hello = programs.example_elf("hello", "-O2")
        with open("/dev/full", "wb") as full:
            for cmd, pattern in (
                    ([sim, "run", hello], r"the program's output cannot be written \(No space"),
                    ([sim, "run", "--stats-json", "-", programs.asm_elf("stats", "parity")],
                     r"error writing -: No space left"),
                    ([sim, "disasm", hello], r"error writing stdout: No space left")):
                try:
                    p = subprocess.run(cmd, stdout=full, stderr=subprocess.PIPE, timeout=120)
                except subprocess.TimeoutExpired:
                    raise Failure("hangs: %s" % " ".join(cmd))
                err = p.stderr.decode("ascii", "replace").strip()
                if p.returncode != OUTPUT or not re.search(pattern, err.splitlines()[0]) \
                        or len(err.splitlines()) != 1:
                    raise Failure("%s > /dev/full: status %d, %r" % (" ".join(cmd),
                                                                     p.returncode, err))
    out.append(("hostile stdout on a full disk (run, stats-json, disasm)", full_disk))

    def print_then_exit(status):
        code = [g.lui(g.T0, 0x10000), g.addi(g.T1, 0, ord("x")), g.sb(g.T1, g.T0, 0),
                g.addi(g.T1, 0, 10), g.sb(g.T1, g.T0, 0), g.addi(g.A0, 0, status),
                g.addi(g.A7, 0, 93), g.ECALL]
        return write_elf("print_exit", g.make_elf([(RAM, g.words(*code), True)], RAM))

    def lost_output_wins():
        # the output error wins over the program's own non-zero exit code,
        # in the status and in --stats-json (issue 32, 11b)
        elf = print_then_exit(5)
        with open("/dev/full", "wb") as full:
            for model in MODELS:
                js = path("lost.json")
                p = subprocess.run([sim, "run", "-m", model, "--stats-json", js, elf],
                                   stdout=full, stderr=subprocess.PIPE, timeout=120)
                with open(js) as f:
                    st = json.load(f)
                err = p.stderr.decode("ascii", "replace").strip().splitlines()
                if p.returncode != OUTPUT or (st["exit_reason"], st["exit_code"],
                                              st["exit_status"]) != ("output_error", 5, OUTPUT) \
                        or len(err) != 1 or not re.match(
                            r"simty: the program's output cannot be written \(No space left on "
                            r"device\); the program ended \(exit, exit code 5\) at cycle \d+$",
                            err[0]):
                    raise Failure("%s: status %d, %s, %r" % (model, p.returncode, st, err))
        # a file output that fails: 123 too, not the program's code 7
        for opt in ("--stats-json", "--trace-commits"):
            st, _o, se = raw([sim, "run", opt, "/dev/full",
                              os.path.join(programs.GUEST, "bad", "exitcode.elf")])
            if st != OUTPUT or b"No space left" not in se:
                raise Failure("%s /dev/full, exit code 7: status %d, %r" % (opt, st, se))
    out.append(("hostile lost output wins over the exit code (status, JSON)", lost_output_wins))

    def closed_pipe():
        """stdout closed by its reader (`| head`): status 123, as README says,
        and not a word on stderr, as cat and objdump say nothing."""
        def closed(cmd, read):
            if read:  # the reader takes some, then goes away
                p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                p.stdout.read(read)
                p.stdout.close()
            else:  # gone before the first write
                r, w = os.pipe()
                os.close(r)
                p = subprocess.Popen(cmd, stdout=w, stderr=subprocess.PIPE)
                os.close(w)
            try:
                _o, err = p.communicate(timeout=120)
            except subprocess.TimeoutExpired:
                p.kill()
                p.communicate()
                raise Failure("%s: still running after its stdout closed" % " ".join(cmd))
            if p.returncode != OUTPUT or err:
                raise Failure("%s into a closed pipe: status %d, stderr %r"
                              % (" ".join(cmd[1:]), p.returncode, err))
        for model in MODELS:
            js = path("pipe.json")
            closed([sim, "run", "-m", model, "--stats-json", js, print_forever()], 100)
            with open(js) as f:
                stats = json.load(f)
            if stats["exit_reason"] != "output_error":
                raise Failure("%s: exit_reason %s" % (model, stats["exit_reason"]))
        closed([sim, "disasm", programs.example_elf("hello", "-O0")], 100)
        closed([sim, "disasm", programs.example_elf("hello", "-O0")], 0)
        closed([sim, "run", "--stats-json", "-", programs.asm_elf("stats", "parity")], 0)
        closed([sim, "run", "--signature", "-", programs.asm_elf("isa", "sig")], 0)
        closed([sim, "bench", "-q", "-s", "1x1", programs.example_elf("hello", "-O2")], 0)
    out.append(("hostile stdout closed by its reader: 123 without a word (run on every model, "
                "--stats-json -, --signature -, disasm, bench)", closed_pipe))

    # ---- 7. signals ----
    def busy_program():
        """Every hart counts forever in the signature word."""
        code = g.words(g.lui(g.T0, 0x80001), g.addi(g.T1, g.T1, 1), g.sw(g.T1, g.T0, 0),
                       g.jal(0, -8)).ljust(0x1010, b"\0")
        return write_elf("busy", g.make_elf([(RAM, code, True)], RAM, [
            (b"begin_signature", RAM + 0x1000), (b"end_signature", RAM + 0x1010)]))

    def interrupted():
        elf = busy_program()
        for model in MODELS:
            for signo, status, name in ((signal.SIGINT, 130, "SIGINT"),
                                        (signal.SIGTERM, 143, "SIGTERM")):
                js, sig, tc = path("int.json"), path("int.sig"), path("int.commits")
                p = subprocess.Popen([sim, "run", "-m", model, "--stats-json", js,
                                      "--signature", sig, "--trace-commits", tc, elf],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                t0 = time.time()
                while (not os.path.exists(tc) or os.path.getsize(tc) < 10000) and \
                        time.time() - t0 < 30:
                    time.sleep(0.02)
                p.send_signal(signo)
                try:
                    _o, err = p.communicate(timeout=60)
                except subprocess.TimeoutExpired:
                    p.kill()
                    raise Failure("%s %s: no end after the signal" % (model, name))
                first = err.decode("ascii", "replace").splitlines()[0] if err else ""
                if p.returncode != status or \
                        not re.match(r"simty: interrupted by %s at cycle \d+$" % name, first):
                    raise Failure("%s %s: status %d, %r" % (model, name, p.returncode, err))
                with open(js) as f:
                    stats = json.load(f)
                with open(sig) as f:
                    words = f.read().split()
                with open(tc, "rb") as f:
                    trace = f.read()
                if stats["exit_reason"] != "interrupted" or stats["exit_status"] != status or \
                        len(words) != 4 or not trace.endswith(b"\n"):
                    raise Failure("%s %s: %s %s, %d signature words, trace ends %r"
                                  % (model, name, stats["exit_reason"], stats["exit_status"],
                                     len(words), trace[-40:]))
    out.append(("hostile SIGINT/SIGTERM mid-run (every model)", interrupted))

    def bench_interrupted():
        table = path("table.md")
        with open(table, "w") as f:
            f.write("old table\n")
        p = subprocess.Popen([sim, "bench", "-q", "-j", "2", "-s", "1x1,2x2,4x4", "-o", table,
                              busy_program()], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(1)
        p.send_signal(signal.SIGINT)
        try:
            _o, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            raise Failure("bench: no end after SIGINT")
        with open(table) as f:
            kept = f.read()
        left = [n for n in os.listdir(ctx.tmp) if os.path.basename(table) + ".tmp" in n]
        if p.returncode != 130 or kept != "old table\n" or left or \
                not re.match(rb"simty bench: interrupted by SIGINT with \d of 3 runs finished; "
                             rb"no table written\n$", err):
            raise Failure("bench SIGINT: status %d, table %r, left %s, %r"
                          % (p.returncode, kept, left, err))
    out.append(("hostile SIGINT during simty bench -o", bench_interrupted))

    # ---- 8. bench ----
    def bench_files():
        d = path("bench-dir")
        os.makedirs(d)
        ok = os.path.join(d, "ok.elf")
        with open(programs.asm_elf("bad", "exitcode"), "rb") as f, open(ok, "wb") as o:
            o.write(f.read())
        os.symlink("/nonexistent/gone.elf", os.path.join(d, "dangling.elf"))
        st, so, se = raw([sim, "bench", "-q", "-f", "csv", "-s", "1x1", d])
        text = so.decode()
        if st != 1 or "dangling,cycle,1,1,1" not in text or "ok,cycle,1,1,1,hct,depth,rr,simty,0,pass" \
                not in text or "No such file or directory" not in text:
            raise Failure("bench with a dangling link: status %d\n%s%s" % (st, text, se))
        # -o naming one of the programs: refused, program intact
        before = open(ok, "rb").read()
        expect([sim, "bench", "-q", "-s", "1x1", "-o", ok, ok], USAGE,
               r"-o .*ok\.elf is one of the programs")
        if open(ok, "rb").read() != before:
            raise Failure("-o p.elf p.elf changed the program")
        # -o written whole: no temporary file left, the table complete
        table = os.path.join(d, "t.md")
        st, so, se = raw([sim, "bench", "-q", "-s", "1x1", "-o", table, ok])
        with open(table) as f:
            md = f.read()
        if st != 0 or sorted(os.listdir(d)) != ["dangling.elf", "ok.elf", "t.md"] or \
                "Limits per run: 2000000000 cycles (--max-cycles), 600 s of host CPU time" \
                not in md:
            raise Failure("bench -o: status %d, files %s\n%s" % (st, os.listdir(d), md))
        # a host time limit per run
        st, so, se = raw([sim, "bench", "-q", "-f", "csv", "-s", "1x1", "--timeout", "1",
                          "--max-cycles", "1000000000000", busy_program()], timeout=60)
        if st != 1 or ",time limit," not in so.decode() or \
                "host time limit reached" not in so.decode():
            raise Failure("bench --timeout 1: status %d\n%s" % (st, so.decode()))
    out.append(("hostile bench: dangling link, -o over a program, whole -o, --timeout",
                bench_files))

    # ---- 9. sizes that overflow ----
    out.append(("hostile --mem size wrapping 2^64", lambda: expect(
        [sim, "run", "--mem", "1:18446744073709551615", programs.example_elf("hello")], USAGE,
        r"--mem: bad size .*region must fit below 4 GiB")))
    out.append(("hostile --mem size past 2^32", lambda: expect(
        [sim, "run", "--mem", "0xfffff000:0x1004", programs.example_elf("hello")], USAGE,
        r"--mem: bad size")))

    # ---- 12. messages ----
    def host_oom():
        env = dict(asan_env)
        if ctx.sanitized:  # ASan reserves address space: cap its allocations instead
            env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + \
                ":allocator_may_return_null=1:max_allocation_size_mb=512"
            limit = None
        else:
            import resource
            limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # noqa
        try:
            p = subprocess.run([sim, "run", "--ram-size", "2047M", programs.example_elf("hello")],
                               capture_output=True, timeout=60, env=env, preexec_fn=limit)
        except subprocess.TimeoutExpired:
            raise Failure("hangs")
        err = p.stderr.decode("ascii", "replace").strip()
        if ctx.sanitized:  # ASan's own note on the allocation it refused
            err = re.sub(r"^==\d+==WARNING: AddressSanitizer failed to allocate .*\n", "", err)
        if p.returncode != LOAD or not re.match(
                r"simty: cannot allocate 2146435072 bytes of guest memory$", err):
            raise Failure("status %d, %r" % (p.returncode, err))
    out.append(("hostile host out of memory for guest RAM is status 126", host_oom))

    def signature_stdout():
        elf = os.path.join(programs.GUEST, "isa", "sig.elf")
        st, so, se = raw([sim, "run", "--signature", "-", elf])
        with open(os.path.join(programs.ROOT, "tests", "isa", "sig.expected"), "rb") as f:
            want = f.read()
        if st != 0 or so != want:
            raise Failure("--signature -: status %d, stdout %r" % (st, so[:200]))
    out.append(("hostile --signature - writes stdout", signature_stdout))

    def disasm_segments():
        segs = [(RAM + 0x1000 * i, g.words(g.jal(0, 0x1000)), True) for i in range(16)]
        segs.append((RAM + 0x10000, g.words(*g.exit0()), True))
        many = write_elf("many", g.make_elf(segs, RAM))
        st, so, se = raw([sim, "disasm", many])
        n = len(re.findall(rb"^[0-9a-f]+:\t", so, re.M))
        if st != 0 or n != 19:
            raise Failure("17 executable segments: status %d, %d instructions\n%s" % (
                st, n, so.decode()))
        st, so, se = raw([sim, "disasm", "--no-aliases", "--mem", "0xfffff000:4K",
                          top_program()])
        if st != 0 or b"fffff000:\t00000513\taddi\ta0,zero,0" not in so or \
                b"fffffffc:\t00000000" not in so:
            raise Failure("segment ending at 2^32: status %d\n%s" % (st, so[:300]))
        r = simty(ctx, top_program(), ["--mem", "0xfffff000:4K"])
        if r.status != 0:
            raise Failure("program at the top of memory: status %d %s" % (r.status, r.err))
    out.append(("hostile disasm of 17 segments and of one ending at 2^32", disasm_segments))

    def fetch_after_jump():
        for model in MODELS:
            expect([sim, "run", "-m", model, programs.asm_elf("bad", "unmapped_fetch")], FAULT,
                   r"^simty: guest fault: hart 0, pc 0x40000000: instruction fetch from unmapped "
                   r"address 0x40000000, reached by the jump at 0x8[0-9a-f]{7} <bad\+0x4> "
                   r"\(jalr zero,0\(t0\)\)$")
    out.append(("hostile fetch fault names the jump", fetch_after_jump))

    def trace_limit():
        elf = programs.example_elf("hello", "-O2")
        for opt in ("--trace-commits", "--trace-kanata"):
            t = path("limited.trace")
            st, so, se = raw([sim, "run", opt, t, "--trace-limit", "2000", elf])
            data = open(t, "rb").read()
            note = se.decode().strip()
            if st != 0 or not 1000 < len(data) <= 2000 or not data.endswith(b"\n") or \
                    not re.match(r"simty: %s .*: stopped at the --trace-limit of 2000 bytes "
                                 r"\(the run went on\)$" % opt, note):
                raise Failure("%s: status %d, %d bytes, %r" % (opt, st, len(data), note))
            st, so, se = raw([sim, "run", opt, t, "--trace-limit", "0", elf])
            if st != 0 or os.path.getsize(t) < 100000 or se:
                raise Failure("%s --trace-limit 0: status %d, %d bytes"
                              % (opt, st, os.path.getsize(t)))
        expect([sim, "run", "--trace-limit", "x", elf], USAGE, r"--trace-limit: expected a size")
    out.append(("hostile --trace-limit caps a trace at a line boundary", trace_limit))

    def output_over_program():
        victim = path("victim.elf")
        orig = open(programs.example_elf("hello", "-O2"), "rb").read()
        for opt in ("--trace-commits", "--trace-kanata", "--signature", "--stats-json"):
            with open(victim, "wb") as f:
                f.write(orig)
            expect([sim, "run", opt, victim, victim], USAGE,
                   r"%s .*victim\.elf is one of the programs" % opt)
            if open(victim, "rb").read() != orig:
                raise Failure("%s over the program changed it" % opt)
    out.append(("hostile run output file naming the program itself", output_over_program))

    def closed_stdout():
        # with stdout closed (>&-), the trace must not take descriptor 1 and
        # receive the program's output; the lost output is an error (123)
        t = path("closed.trace")
        p = subprocess.run([sim, "run", "--trace-commits", t,
                            programs.example_elf("hello", "-O2")],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120,
                           pass_fds=(), preexec_fn=lambda: os.close(1))
        err = p.stderr.decode()
        if p.returncode != OUTPUT or b"hello" in open(t, "rb").read() or \
                "Bad file descriptor" not in err:
            raise Failure("closed stdout: status %d, %r" % (p.returncode, err))
    out.append(("hostile closed stdout with a trace file", closed_stdout))

    def write_error_cause():
        sig = os.path.join(programs.GUEST, "isa", "sig.elf")
        hello = programs.example_elf("hello", "-O2")
        with open("/dev/full", "w") as full:
            for cmd in ([sim, "run", "--signature", "-", sig],
                        [sim, "run", "--stats-json", "-", sig]):
                p = subprocess.run(cmd, stdout=full, stderr=subprocess.PIPE, timeout=120)
                err = p.stderr.decode().strip().splitlines()
                if p.returncode != OUTPUT or len(err) != 1 or "No space left" not in err[0]:
                    raise Failure("%s > /dev/full: status %d, %r" % (cmd[2], p.returncode, err))
        st, so, se = raw([sim, "run", "--trace-commits", "/dev/full", "--trace-limit", "0",
                          hello])
        err = se.decode().strip().splitlines()
        if st != OUTPUT or len(err) != 1 or "No space left" not in err[0]:
            raise Failure("trace to /dev/full: status %d, %r" % (st, err))
        # a trace on stdout whose reader goes away: 123 and no error line (a
        # closed pipe is not reported, as cat reports none)
        p = subprocess.Popen([sim, "run", "--trace-commits", "-", hello],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        p.stdout.readline()
        p.stdout.close()
        err = p.stderr.read().decode().strip().splitlines()
        p.wait(timeout=120)
        if p.returncode != OUTPUT or err:
            raise Failure("trace into a closed pipe: status %d, %r" % (p.returncode, err))
    out.append(("hostile write errors name their cause once", write_error_cause))

    def signature_interleaved():
        # a signature over the stack area reads what the program stored,
        # wherever --stack-interleave keeps it
        top = RAM + 0x2000
        code = g.words(g.lui(g.T0, top >> 12), g.addi(g.T1, 0, 0x55), g.sw(g.T1, g.T0, -8),
                       *g.exit0())
        elf = write_elf("sig_stacks", g.make_elf([(RAM, code, True)], RAM, [
            (b"__simty_stack_size", 16), (b"__simty_ram_end", top),
            (b"begin_signature", top - 64), (b"end_signature", top)]))
        outs = []
        for extra in ([], ["--stack-interleave"]):
            st, so, se = raw([sim, "run", "--ram-size", "8K", "-w", "1", "-t", "4",
                              "--signature", "-"] + extra + [elf])
            if st != 0:
                raise Failure("%s: status %d %r" % (extra, st, se))
            outs.append(so)
        if outs[0] != outs[1] or outs[0].split().count(b"00000055") != 1:
            raise Failure("signature differs with --stack-interleave:\n%s\n%s" % tuple(outs))
    out.append(("hostile signature over interleaved stacks", signature_interleaved))

    def disasm_source_hostile():
        # -S: a source file that is a FIFO is skipped without blocking; a
        # source path with control bytes and a corrupt line table are safe
        d = path("srcdir")
        os.makedirs(d, exist_ok=True)
        src = os.path.join(d, "f\x1bx.c")
        with open(src, "w") as f:
            f.write("int main(void)\n{\n    return 0;\n}\n")
        elf = os.path.join(d, "f.elf")
        p = subprocess.run([programs.SIMTY_CC, "-g", "-O1", "-o", elf, src],
                           capture_output=True, text=True)
        if p.returncode:
            raise Failure("build: " + p.stderr)
        os.unlink(src)
        os.mkfifo(src)
        st, so, se = raw([sim, "disasm", "-S", elf], timeout=30)
        if st != 0 or b"\x1b" in so or b"\\x1bx.c:" not in so:
            raise Failure("disasm -S, FIFO source: status %d %r" % (st, so[:300]))
    out.append(("hostile disasm --source: a FIFO as source file, escaped paths",
                disasm_source_hostile))
    return out
