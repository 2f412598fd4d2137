"""The GDB stub (simty run --gdb, README "Debugging"), driven by stock
gdb-multiarch in batch mode and by a small remote-protocol client:

- on every model: a breakpoint in a kernel, a variable read on three
  threads (each has its own value), CSRs (mhartid, misa; mscratch written
  on one thread and not on another), `info threads` naming core, warp, lane
  and path, a `next` and a `stepi` of one thread, a watchpoint on a store
  (old and new value, the storing thread), continue to the program's end
  (gdb: "exited normally"; simty: the program's output and status 0);
- README's session, examples/gdb-session.gdb, replayed as shipped on every
  model: step, finish and next with the breakpoint still set stop once
  each, at thread 1's next line (no other lane re-reports the breakpoint);
  next of thread 8 after thread 1's stop stops at thread 8's next line;
- a guest fault stops with SIGSEGV at the faulting line and thread, a
  deadlock with SIGSTOP, and the next continue ends the run (121, 122);
- the protocol client: a step of one thread moves its warp's path and
  holds the other warp; registers and memory read and written, Ctrl-C
  (0x03) stops a running machine with T02, a corrupt packet is refused with
  '-', an unknown one gets the empty reply, `k` ends the run (status 137);
  a debugger that disconnects lets the run finish (status 0); one that
  attaches to a running machine (no --gdb-wait) stops it, writes memory
  and goes; usage errors (--gdb-wait alone, a bad port, --quantum above 1,
  a port in use) give status 125;
- noise, an overlong packet, malformed packets, a hardware breakpoint on a
  2-core machine, a half packet and a close; in no-ack mode, corrupt
  packets ignored with one stderr line and a count, 17 in a row ending the
  session (the run goes on); SIGINT while --gdb-wait waits (130).

Every simty runs with --gdb 0 (a free port, read from its stderr), so that
tests may run side by side; each wait is bounded."""

import os
import re
import select
import socket
import subprocess
import threading
import time

import programs

KERNEL = os.path.join(programs.ROOT, "tests", "gdb", "kernel.c")
SESSION = os.path.join(programs.ROOT, "examples", "gdb-session.gdb")  # README's session
MODELS = ("scalar", "simt", "cycle")
SHAPE = ["-w", "2", "-t", "4"]  # 8 threads, 2 warps
GDB = "gdb-multiarch"


def line_of(text):
    """The line of tests/gdb/kernel.c holding text."""
    with open(KERNEL) as f:
        for n, line in enumerate(f, 1):
            if text in line:
                return n
    raise ValueError(text)
TIMEOUT = 120  # seconds for one gdb session (a loaded 2-core host)


def tests(ctx, run, simty, Failure):
    out = []
    elfs = {}
    lock = threading.Lock()  # tests run side by side: each kernel is built once

    def build(variant):
        with lock:
            return build_locked(variant)

    def build_locked(variant):
        if variant not in elfs:
            elf = os.path.join(ctx.tmp, "gdb-kernel%s.elf" % (variant or ""))
            flags = ["-D" + variant] if variant else []
            p = subprocess.run([programs.SIMTY_CC, "-g", "-O0"] + flags + [KERNEL, "-o", elf],
                               capture_output=True, text=True)
            if p.returncode != 0:
                raise Failure("building %s failed:\n%s" % (KERNEL, p.stderr))
            elfs[variant] = elf
        return elfs[variant]

    def symbol(elf, name):
        nm = subprocess.run([programs.OBJDUMP.replace("objdump", "nm"), elf],
                            capture_output=True, text=True).stdout
        m = re.search(r"^([0-9a-f]+) [A-Za-z] %s$" % re.escape(name), nm, re.M)
        if not m:
            raise Failure("no symbol %r in %s" % (name, elf))
        return int(m.group(1), 16)

    def start(elf, args, wait=True):
        """simty run --gdb 0 [--gdb-wait]: the process and its port."""
        cmd = [ctx.simty, "run"] + list(args) + ["--gdb", "0"] + (["--gdb-wait"] if wait else [])
        cmd.append(elf)
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        err = b""
        deadline = time.time() + 60
        while time.time() < deadline:
            r, _, _ = select.select([p.stderr], [], [], 1)
            if r:
                chunk = os.read(p.stderr.fileno(), 4096)
                if not chunk:
                    break
                err += chunk
                m = re.search(rb"listening on 127\.0\.0\.1:(\d+)\n", err)
                if m:
                    return p, int(m.group(1)), err.decode("utf-8", "replace")
        p.kill()
        p.wait()
        raise Failure("simty --gdb 0 printed no port within 60 s: %s" % err.decode(errors="replace"))

    def finish(p, timeout=TIMEOUT):
        try:
            o, e = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            raise Failure("simty did not end within %d s after the debugger" % timeout)
        err = e.decode("utf-8", "replace")
        if ctx.sanitized and ("Sanitizer" in err or "runtime error" in err):
            raise Failure("sanitizer report:\n" + err[-3000:])
        return p.returncode, o.decode("utf-8", "replace"), err

    def gdb_session(elf, args, commands, wait=True):
        p, port, err0 = start(elf, args, wait)
        script = os.path.join(ctx.tmp, "gdb-%d.gdb" % port)
        with open(script, "w") as f:
            f.write("set pagination off\nset confirm off\nset width 0\n")
            f.write("target remote 127.0.0.1:%d\n" % port)
            f.write("".join(c + "\n" for c in commands))
        try:
            g = subprocess.run([GDB, "-q", "-nx", "-batch", "-x", script, elf],
                               capture_output=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            raise Failure("gdb-multiarch did not finish within %d s" % TIMEOUT)
        os.unlink(script)
        status, sout, serr = finish(p)
        text = g.stdout.decode("utf-8", "replace") + g.stderr.decode("utf-8", "replace")
        return text, status, sout, err0 + serr

    def expect(text, patterns, what):
        for pat in patterns:
            if not re.search(pat, text, re.M):
                raise Failure("%s: expected /%s/ in the gdb session:\n%s" % (what, pat, text[-4000:]))

    def session(model):
        elf = build(None)
        bp = line_of("results[tid % 64] = value;")
        # (the next and stepi are the stopped thread's: another thread
        # resumed at the breakpoint would hit it at once, as on hardware)
        cmds = ["break kernel.c:%d" % bp, "continue", "info threads",
                "python hit = gdb.selected_thread().num",
                "thread 1", "print value", "thread 3", "print value", "thread 8",
                "print value", "print $mhartid", "print/x $misa", "set $mscratch = 0x1234",
                "thread 1", "print/x $mscratch",
                "python gdb.execute('thread %d' % hit)",
                "set scheduler-locking step", "next",
                "print $pc", "stepi", "print $pc", "delete", "watch watched", "continue",
                "print watched", "delete", "continue"]
        text, status, sout, serr = gdb_session(elf, ["-m", model] + SHAPE, cmds)
        expect(text, [r"hit Breakpoint 1, main \(\) at .*kernel\.c:%d" % bp,
                      r"Thread 8 \(core 0 warp 1 lane 3, (active|waiting) path\)",
                      r"Thread 1 \(core 0 warp 0 lane 0, (active|waiting) path\)",
                      r"^\$1 = 7$", r"^\$3 = 77$",
                      r"^\$4 = 7$", r"^\$5 = 0x4000112d$", r"^\$6 = 0x0$",
                      r"^%d\s+if \(tid == 3\)" % (bp + 1),
                      r"Thread 4 hit Hardware watchpoint 2: watched",
                      r"Old value = 0\s+New value = 37", r"^\$9 = 37$",
                      r"exited normally"], "model %s" % model)
        # Thread 3 (lane 2 of warp 0) has stored its value when it is at the
        # breakpoint too.  On the SIMT models lanes 2-3 may still be one line
        # before it, at the store of `value` (seen on simt since the start-up
        # fetches the command line: the lanes' paths split there), when
        # lanes 0-1 reach it: then the value is not stored yet and only
        # where the thread is can be checked.
        t3 = re.search(r"^\s*3\s+Thread 3 \(.*$", text, re.M)
        if not t3:
            raise Failure("model %s: no thread 3 in info threads:\n%s" % (model, text[-3000:]))
        if re.search(r"kernel\.c:%d$" % bp, t3.group(0)):
            expect(text, [r"^\$2 = 27$"], "model %s" % model)
        elif model == "scalar" or not re.search(r"kernel\.c:%d$" % (bp - 1), t3.group(0)):
            raise Failure("model %s: thread 3 neither at the breakpoint nor one line before: %s"
                          % (model, t3.group(0)))
        pcs = re.findall(r"^\$[78] = .*(0x[0-9a-f]+)", text, re.M)
        # (the next instruction: 2 or 4 bytes on, the kernel is built rv32gc)
        if len(pcs) != 2 or int(pcs[1], 16) - int(pcs[0], 16) not in (2, 4):
            raise Failure("model %s: stepi did not move the thread one instruction on: %s\n%s"
                          % (model, pcs, text[-3000:]))
        if status != 0 or "kernel: done, watched = 37" not in sout:
            raise Failure("model %s: simty status %d, stdout %r, stderr %s"
                          % (model, status, sout, serr[-2000:]))

    for m in MODELS:
        out.append(("gdb session on the %s model: breakpoint, three threads, next, stepi, "
                    "watch, continue to exit" % m, lambda m=m: session(m)))

    def readme_session(model):
        """README's session, examples/gdb-session.gdb, replayed as shipped
        (its port replaced): step, finish and next of thread 1 with the
        breakpoint still set stop once each, where thread 1 gets to, though
        the other lanes of its path (and waiting threads) sit on the
        breakpoint too."""
        elf = build(None)
        with open(SESSION) as f:
            script = f.read()
        if script.count("target remote :1234\n") != 1:
            raise Failure("%s: expected one 'target remote :1234' line" % SESSION)
        p, port, err0 = start(elf, ["-m", model] + SHAPE)
        path = os.path.join(ctx.tmp, "gdb-session-%d.gdb" % port)
        with open(path, "w") as f:
            f.write(script.replace("target remote :1234", "target remote 127.0.0.1:%d" % port))
        try:
            g = subprocess.run([GDB, "-q", "-nx", "-batch", "-x", path, elf],
                               capture_output=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            raise Failure("gdb-multiarch did not finish within %d s" % TIMEOUT)
        os.unlink(path)
        status, sout, serr = finish(p)
        text = g.stdout.decode("utf-8", "replace") + g.stderr.decode("utf-8", "replace")
        # the output of each command, after its '+command' echo
        blocks = [(b.split("\n", 1)[0], b.split("\n", 1)[1] if "\n" in b else "")
                  for b in re.split(r"^\+", text, flags=re.M)[1:]]
        want = {"step": r"^work \(tid=0\) at .*kernel\.c:%d\n" % line_of("int v = (int)tid"),
                "finish": r"main \(\) at .*kernel\.c:%d\n.*\nValue returned is \$1 = 7$"
                          % line_of("int value = work(tid);"),
                "next": r"^(%d|%d)\t" % (line_of("results[tid % 64] = value;"),
                                          line_of("if (tid == 3)"))}
        stepped = []
        for cmd, body in blocks:
            if cmd not in want:
                continue
            stepped.append(cmd)
            lines = re.findall(r"^\d+\t", body, re.M)
            if "hit Breakpoint" in body or "Switching to Thread" in body or len(lines) != 1 \
                    or not re.search(want[cmd], body, re.M):
                raise Failure("model %s: '%s' did not stop once, where thread 1 got to:\n%s"
                              % (model, cmd, text[-4000:]))
        if stepped != ["step", "finish", "next", "next"]:
            raise Failure("model %s: the session ran %s:\n%s" % (model, stepped, text[-4000:]))
        expect(text, [r"Thread 1 hit Breakpoint 1, main \(\) at .*kernel\.c:%d"
                      % line_of("int value = work(tid);"),
                      r"^%d\s+results" % line_of("results[tid % 64] = value;"),
                      r"^%d\s+if \(tid == 3\)" % line_of("if (tid == 3)"),
                      r"^\$2 = 7$", r"^\$3 = 7$",
                      r"Thread 4 hit Hardware watchpoint 2: watched",
                      r"Old value = 0\s+New value = 37", r"^\$4 = 37$", r"^\$5 = 37$",
                      r"exited normally"], "README session, model %s" % model)
        if status != 0 or "kernel: done, watched = 37" not in sout:
            raise Failure("README session, model %s: simty status %d, stdout %r, stderr %s"
                          % (model, status, sout, (err0 + serr)[-2000:]))

    for m in MODELS:
        out.append(("gdb: README's session (examples/gdb-session.gdb) on the %s model: step, "
                    "finish, next stop once each with the breakpoint set" % m,
                    lambda m=m: readme_session(m)))

    def next_other_thread(model):
        """After thread 1's stop, `next` of thread 8 (behind it, or sitting on
        the breakpoint with thread 1's group): each next stops once, in
        thread 8, at its next line (at most a first arrival at the
        breakpoint): it never runs on past its line."""
        elf = build(None)
        bp = line_of("results[tid % 64] = value;")
        text, status, sout, serr = gdb_session(
            elf, ["-m", model] + SHAPE,
            ["set trace-commands on", "break kernel.c:%d" % bp, "continue", "thread 8",
             "next", "next", "print $mhartid", "delete", "continue"])
        blocks = [b.split("\n", 1) for b in re.split(r"^\+", text, flags=re.M)[1:]]
        nexts = [body for cmd, *rest in blocks if cmd == "next" for body in rest or [""]]
        lines = [re.findall(r"^(\d+)\t", body, re.M) for body in nexts]
        others = re.findall(r"Thread (\d+) hit", "".join(nexts))
        if (len(nexts) != 2 or [len(x) for x in lines] != [1, 1] or
                any(t != "8" for t in others) or "exited" in "".join(nexts) or
                int(lines[1][0]) not in (bp + 1, line_of("simty_barrier();")) or
                not re.search(r"^\$1 = 7$", text, re.M) or status != 0):
            raise Failure("model %s: next of thread 8 did not stop once at its next line "
                          "(status %d):\n%s" % (model, status, text[-3000:]))

    for m in MODELS:
        out.append(("gdb: next of another thread than the stop's on the %s model stops at its "
                    "next line" % m, lambda m=m: next_other_thread(m)))

    def stop_at_end(variant, sig, status_want, line_pat):
        def t():
            elf = build(variant)
            text, status, sout, serr = gdb_session(elf, SHAPE, ["continue", "info threads",
                                                                "continue"])
            expect(text, [r"received signal %s" % sig, line_pat,
                          r"Program terminated with signal %s" % sig], variant)
            if status != status_want:
                raise Failure("%s: simty status %d, want %d:\n%s"
                              % (variant, status, status_want, serr[-2000:]))
        return t

    out.append(("gdb: a guest fault stops with SIGSEGV at the store and its thread",
                stop_at_end("FAULT", "SIGSEGV", 121,
                            r"Thread 3 received signal SIGSEGV, Segmentation fault\.\n"
                            r"(.*\n)?.* in main \(\) at .*kernel\.c:%d"
                            % line_of("*(volatile int *)0x10"))))
    out.append(("gdb: a deadlock stops with SIGSTOP",
                stop_at_end("DEADLOCK", "SIGSTOP", 122,
                            r"in main \(\) at .*kernel\.c:%d" % line_of("while (!flag)"))))

    # ---- the protocol by hand --------------------------------------------

    class Rsp:
        def __init__(self, port):
            self.s = socket.create_connection(("127.0.0.1", port), timeout=60)
            self.buf = b""

        def raw(self, data):
            self.s.sendall(data)

        def byte(self):
            while not self.buf:
                chunk = self.s.recv(4096)
                if not chunk:
                    raise Failure("the stub closed the connection")
                self.buf += chunk
            b, self.buf = self.buf[:1], self.buf[1:]
            return b

        def reply(self):
            while self.byte() != b"$":
                pass
            data = b""
            while True:
                b = self.byte()
                if b == b"#":
                    break
                data += b
            cs = self.byte() + self.byte()
            if int(cs, 16) != sum(data) & 0xff:
                raise Failure("bad checksum from the stub: %r" % data)
            self.raw(b"+")
            return data.decode("latin-1")

        def cmd(self, text):
            data = text.encode("latin-1")
            self.raw(b"$%s#%02x" % (data, sum(data) & 0xff))
            if self.byte() != b"+":
                raise Failure("no '+' for %r" % text)
            return self.reply()

        def close(self):
            self.s.close()

    def protocol():
        elf = build("LONG")
        p, port, _ = start(elf, SHAPE)
        try:
            c = Rsp(port)
            if not c.cmd("?").startswith("T05thread:1;"):
                raise Failure("first stop reply")
            # a step of thread 1 moves its path (warp 0) and holds warp 1
            def pc_of(tid):
                if c.cmd("Hg%x" % tid) != "OK":
                    raise Failure("Hg%x refused" % tid)
                return int.from_bytes(bytes.fromhex(c.cmd("p20")), "little")
            pc1, pc5 = pc_of(1), pc_of(5)
            if c.cmd("vCont;s:1") != "T05thread:1;":
                raise Failure("step: stop reply")
            # (crt0's first instruction: 2 or 4 bytes, the kernel is built rv32gc)
            if pc_of(1) - pc1 not in (2, 4) or pc_of(2) != pc_of(1) or pc_of(5) != pc5:
                raise Failure("step of thread 1: pcs %x %x %x, were %x %x"
                              % (pc_of(1), pc_of(2), pc_of(5), pc1, pc5))
            c.cmd("Hg1")
            regs = c.cmd("g")
            if len(regs) != 33 * 8:
                raise Failure("g: %d hex digits, want %d" % (len(regs), 33 * 8))
            c.raw(b"$g#00")  # a corrupt packet
            if c.byte() != b"-":
                raise Failure("a bad checksum was not refused with '-'")
            if c.cmd("qNoSuchThing") != "":
                raise Failure("an unknown packet did not get the empty reply")
            if c.cmd("P5=78563412") != "OK" or c.cmd("p5") != "78563412":
                raise Failure("register x5 write and read back")
            if c.cmd("Hg2") != "OK" or c.cmd("p5") == "78563412":
                raise Failure("register x5 of thread 2 is not thread 1's")
            if c.cmd("M80000000,4:") == "OK" or not c.cmd("mzz,4").startswith("E"):
                raise Failure("malformed memory packets accepted")
            word = c.cmd("m80000000,4")
            if c.cmd("M80000000,4:%s" % word) != "OK":
                raise Failure("memory write back")
            if c.cmd("m10,4")[:1] != "E":
                raise Failure("memory outside RAM gave no error")
            xml, reply = "", "m"
            while reply.startswith("m") and len(xml) < 100000:  # chunk by chunk, to the 'l'
                reply = c.cmd("qXfer:features:read:target.xml:%x,fff" % len(xml))
                xml += reply[1:]
            if "riscv:rv32" not in xml or 'name="pc"' not in xml or \
                    'org.gnu.gdb.riscv.csr' not in xml or 'name="mhartid"' not in xml or \
                    'org.gnu.gdb.riscv.fpu' not in xml or 'name="fcsr"' not in xml or \
                    not reply.startswith("l"):
                raise Failure("target description: %r" % xml[:200])
            # the register names: the ABI's (simty_reg_name, simty_freg_name),
            # x8 "fp" as in gdb's own feature file
            names = dict((int(n), r) for r, n in
                         re.findall(r'<reg name="([^"]+)"[^>]*regnum="(\d+)"', xml))
            # (0..31 x, 32 pc, 33..64 f, 65 none, 66..68 the FP CSRs)
            want = ("zero ra sp gp tp t0 t1 t2 fp s1 a0 a1 a2 a3 a4 a5 a6 a7 s2 s3 s4 s5 "
                    "s6 s7 s8 s9 s10 s11 t3 t4 t5 t6 pc ft0 ft1 ft2 ft3 ft4 ft5 ft6 ft7 "
                    "fs0 fs1 fa0 fa1 fa2 fa3 fa4 fa5 fa6 fa7 fs2 fs3 fs4 fs5 fs6 fs7 fs8 "
                    "fs9 fs10 fs11 ft8 ft9 ft10 ft11 - fflags frm fcsr").split()
            got = [names.get(i, "-") for i in range(len(want))]
            if got != want:
                raise Failure("target description's registers 0..%d: %s" % (len(want) - 1, got))
            ti = c.cmd("qThreadExtraInfo,8")
            if bytes.fromhex(ti).decode() != "core 0 warp 1 lane 3, active path":
                raise Failure("thread 8's extra info: %r" % bytes.fromhex(ti))
            c.raw(b"$vCont;c#a8")
            if c.byte() != b"+":
                raise Failure("no '+' for vCont;c")
            time.sleep(0.5)
            c.raw(b"\x03")
            r = c.reply()
            if not r.startswith("T02thread:"):
                raise Failure("Ctrl-C: stop reply %r" % r)
            c.raw(b"$k#6b")
            c.close()
        except (OSError, socket.timeout) as e:
            p.kill()
            finish(p)
            raise Failure("protocol: %s" % e)
        status, _, err = finish(p)
        if status != 137:
            raise Failure("kill: simty status %d, want 137:\n%s" % (status, err[-2000:]))

    out.append(("gdb protocol: registers, memory, target description, bad packets, Ctrl-C, "
                "kill", protocol))

    def disconnect():
        elf = build(None)
        p, port, _ = start(elf, SHAPE, True)
        s = socket.create_connection(("127.0.0.1", port), timeout=60)
        s.sendall(b"$?#3f")
        s.recv(100)
        s.close()  # gone without a word
        status, sout, err = finish(p)
        if status != 0 or "kernel: done" not in sout or "the run goes on" not in err:
            raise Failure("after a disconnect: status %d, stdout %r, stderr %s"
                          % (status, sout, err[-1000:]))

    def silent():
        """A client that never acknowledges a reply is dropped after 10 s
        and the run goes on (it cannot hold simty)."""
        elf = build(None)
        p, port, _ = start(elf, SHAPE, True)
        s = socket.create_connection(("127.0.0.1", port), timeout=60)
        s.sendall(b"$?#3f")  # and no '+' ever
        t0 = time.time()
        status, sout, err = finish(p)
        s.close()
        took = time.time() - t0
        if (status != 0 or "kernel: done" not in sout or
                "acknowledged no reply for 10 s" not in err or not 9 <= took <= 50):
            raise Failure("a silent client: status %d after %.1f s, stdout %r, stderr %s"
                          % (status, took, sout, err[-1000:]))

    def attach_mid_run():
        """--gdb without --gdb-wait: a debugger attaches to the running
        machine (which stops), shortens its loop and goes: the run ends."""
        elf = build("LONG")
        iterations = symbol(elf, "iterations")
        p, port, _ = start(elf, SHAPE, wait=False)
        try:
            time.sleep(0.2)
            c = Rsp(port)
            if not c.cmd("?").startswith("T05thread:"):
                raise Failure("attach: no stop reply")
            if c.cmd("M%x,4:00000000" % iterations) != "OK":
                raise Failure("attach: memory write refused")
            c.close()
        except (OSError, socket.timeout) as e:
            p.kill()
            finish(p)
            raise Failure("attach mid-run: %s" % e)
        status, sout, err = finish(p)
        if status != 0 or "kernel: done" not in sout or "the run goes on" not in err:
            raise Failure("after attaching mid-run: status %d, stdout %r, stderr %s"
                          % (status, sout, err[-1000:]))

    out.append(("gdb: a debugger that disconnects lets the run finish (--gdb-wait)",
                disconnect))
    out.append(("gdb: a debugger attaches mid-run, shortens a loop, disconnects: the run ends",
                attach_mid_run))
    out.append(("gdb: a client that never acknowledges is dropped after 10 s, the run ends",
                silent))

    def hostile():
        """Garbage, an overlong packet, bad checksums, a half packet and a
        closed socket: refused, and the run still ends normally."""
        elf = build(None)
        work = symbol(elf, "work")
        p, port, _ = start(elf, ["-c", "2"] + SHAPE)
        try:
            c = Rsp(port)
            c.raw(b"\x00\xff+-garbage#zz")  # noise outside packets: ignored
            if c.cmd("?")[:3] != "T05":
                raise Failure("no stop reply after noise")
            c.raw(b"$" + b"m" * 20000 + b"#00")  # longer than the PacketSize
            if c.byte() != b"-":
                raise Failure("an overlong packet was not refused")
            c.raw(b"$?#zz")
            if c.byte() != b"-":
                raise Failure("a checksum that is not hex was not refused")
            for bad in ("Z0,zz,4", "Z9,0,4", "vCont;x", "vCont;s:zz", "Hgzz", "T0",
                        "p99", "P1=12", "G12", "X80000000,4:", "m80000000"):
                r = c.cmd(bad)
                if r not in ("", "E01"):
                    raise Failure("malformed %r got %r" % (bad, r))
            # thread id 14 = hart 13 = (core 1 x 2 + warp 1) x 4 + lane 1
            ti = bytes.fromhex(c.cmd("qThreadExtraInfo,e")).decode()
            if ti != "core 1 warp 1 lane 1, active path":
                raise Failure("thread 14 is %r" % ti)
            if c.cmd("Z1,%x,4" % work) != "OK":
                raise Failure("hardware breakpoint refused")
            r = c.cmd("vCont;c")
            if not re.match(r"T05thread:[0-9a-f]+;hwbreak:;$", r):
                raise Failure("hardware breakpoint: stop reply %r" % r)
            if c.cmd("z1,%x,4" % work) != "OK":
                raise Failure("hardware breakpoint removal refused")
            c.raw(b"$g#6")  # half a packet, then the socket closes
            c.close()
        except (OSError, socket.timeout) as e:
            p.kill()
            finish(p)
            raise Failure("hostile input: %s" % e)
        status, sout, err = finish(p)
        if status != 0 or sout.count("kernel: done") != 1 or "the run goes on" not in err:
            raise Failure("after hostile input: status %d, stdout %r, stderr %s"
                          % (status, sout, err[-1000:]))

    out.append(("gdb: noise, an overlong packet, bad checksums, malformed packets, a "
                "hardware breakpoint at 2 cores, a half packet and a close", hostile))

    def noack_corrupt():
        """No-ack mode (QStartNoAckMode): corrupt packets are ignored with
        one stderr line for the session and a count at its end; more than 16
        in a row end the session, and the run goes on."""
        elf = build(None)
        p, port, _ = start(elf, SHAPE)
        try:
            c = Rsp(port)
            if c.cmd("QStartNoAckMode") != "OK":
                raise Failure("QStartNoAckMode refused")
            for burst in (10, 5):  # each followed by a good packet
                c.raw(b"$g#00" * burst)
                c.raw(b"$?#3f")
                if not c.reply().startswith("T05"):
                    raise Failure("no-ack mode: no stop reply after %d corrupt packets" % burst)
            c.raw(b"$g#00" * 17)
            c.s.settimeout(20)
            while c.s.recv(4096):  # the stub closes the connection
                pass
            c.close()
        except (OSError, socket.timeout) as e:
            p.kill()
            finish(p)
            raise Failure("no-ack mode, 17 corrupt packets in a row: the session did not "
                          "end (%s)" % e)
        status, sout, err = finish(p)
        lines = [l for l in err.splitlines() if "corrupt packet" in l]
        if (status != 0 or "kernel: done" not in sout or len(lines) != 3 or
                "too many corrupt packets in a row; the run goes on" not in err or
                "31 corrupt packets ignored in this session" not in err):
            raise Failure("no-ack mode, corrupt packets: status %d, stdout %r, %d stderr lines "
                          "about them:\n%s" % (status, sout, len(lines), err[-2000:]))

    out.append(("gdb: no-ack mode: corrupt packets ignored with one line and a count, "
                "17 in a row end the session, the run goes on", noack_corrupt))

    def signal_while_waiting():
        elf = build(None)
        p, _, _ = start(elf, SHAPE, wait=True)
        p.send_signal(2)
        status, _, err = finish(p, timeout=60)
        if status != 130 or "interrupted by SIGINT" not in err:
            raise Failure("SIGINT while waiting for gdb: status %d, %s" % (status, err[-1000:]))

    out.append(("gdb: SIGINT while --gdb-wait waits ends the run (130)", signal_while_waiting))

    def fp_registers():
        src = os.path.join(programs.ROOT, "tests", "gdb", "fp.S")
        elf = os.path.join(ctx.tmp, "gdb-fp.elf")
        p = subprocess.run([programs.GCC, "-g", "-march=rv32imafd", "-mabi=ilp32d",
                            "-misa-spec=2.2", "-nostdlib", "-T",
                            os.path.join(programs.ROOT, "tests", "isa", "link.ld"), src, "-o", elf],
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise Failure("building %s failed:\n%s" % (src, p.stderr))
        cmds = ["break *after", "continue", "info registers ft3 fflags frm",
                "print $ft3.double", "set $ft3.double = 5.5", "print/x $ft3",
                "print/x $fcsr", "delete", "continue"]
        text, status, sout, serr = gdb_session(elf, ["--warps", "1", "--threads", "1"], cmds)
        expect(text, [r"ft3\s+\{float = .*, double = 1\}\s+\(raw 0x3ff0000000000000\)",
                      r"fflags\s+0x1\s.*NX:1", r"^\$1 = 1$",
                      r"^\$2 = \{float = .*, double = 0x4016000000000000\}|^\$2 = 0x4016000000000000",
                      r"^\$3 = 0x1$", r"exited normally"], "FP registers")
        if status != 0:
            raise Failure("FP registers: simty status %d (the program saw no 5.5), stderr %s"
                          % (status, serr[-2000:]))

    out.append(("gdb: FP registers and fcsr (feature riscv.fpu): read a double, write one "
                 "the program then stores, fflags", fp_registers))

    def no_debugger():
        elf = build(None)
        p, _, _ = start(elf, SHAPE, wait=False)
        status, sout, err = finish(p)
        if status != 0 or "kernel: done" not in sout:
            raise Failure("--gdb without a debugger: status %d, %r %s" % (status, sout, err))

    out.append(("gdb: --gdb without --gdb-wait runs to the end when nobody attaches",
                no_debugger))

    def usage():
        elf = build(None)
        for args, pat in ((["--gdb-wait"], "--gdb-wait needs --gdb"),
                          (["--gdb", "70000"], "--gdb: expected an integer 0..65535"),
                          (["--gdb", "x"], "--gdb: expected an integer"),
                          (["--gdb", "0", "-c", "2", "--quantum", "8"],
                           "--gdb needs --quantum 1")):
            status, _, err = run([ctx.simty, "run"] + args + [elf], timeout=60)
            if status != 125 or pat not in err:
                raise Failure("%s: status %d, stderr %r" % (args, status, err))
        holder = socket.socket()
        holder.bind(("127.0.0.1", 0))
        holder.listen(1)
        port = holder.getsockname()[1]
        status, _, err = run([ctx.simty, "run", "--gdb", str(port), elf], timeout=60)
        holder.close()
        if status != 125 or "cannot listen on 127.0.0.1:%d" % port not in err:
            raise Failure("a port in use: status %d, stderr %r" % (status, err))

    out.append(("gdb: usage errors (--gdb-wait alone, bad ports, --quantum, a port in use) "
                "give 125",
                usage))
    return out
