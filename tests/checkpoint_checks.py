"""Checkpoint checks (run_tests.py group checkpoint; README "Checkpoints",
docs/design.md "Checkpoints").

- Round trips: a run stopped at a checkpoint (--checkpoint-at C
  --checkpoint-exit) and restored (--restore) ends exactly as the run
  without one: the two processes' stdout and stderr together, the exit
  status, --stats-json (all but sim_seconds) and the commit traces
  together byte for byte; on every model at 8x4, 4 cores with --quantum 16
  (a checkpoint cycle inside a quantum: the next boundary), the cycle model
  with a cache hierarchy over DRAM (one and four cores), --paths ipdom,
  the trap suite's timer interrupts, a region of interest and wrs waits
  open across the checkpoint (tests/stats), a program whose host files (one read,
  one written) and unfinished stdout line are open across the checkpoint
  (tests/checkpoint/ckfile.c), a restore on 2 host threads; a run that
  writes a checkpoint and goes on is unchanged too.
- Hostile files: not a checkpoint, empty, another build's (build identity,
  format version), truncated at many lengths, every one of many bits
  flipped, sections out of place or repeated, and crafted sections with a
  correct checksum (counts, sizes, indices out of range): each refused with
  one line "simty: checkpoint FILE: ..." and status 126, never a crash (the
  suite runs under ASan + UBSan too); and bytes of every section changed
  with the checksum made right again: refused or run, never a crash.
- Usage: --restore with a program or a machine option, --trace-kanata,
  --checkpoint without --checkpoint-at: status 125 with one line.
"""

import json
import os
import shutil
import struct
import subprocess
import threading

import programs

SRC = os.path.join(programs.ROOT, "tests", "checkpoint")
HEADER = 40
SECTION_HEADER = 24


def fnv(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
    return h


def sections(blob):
    """[(tag, offset of payload, length)] of a checkpoint."""
    out, pos = [], HEADER
    count = struct.unpack_from("<I", blob, 12)[0]
    for _ in range(count):
        tag = blob[pos:pos + 4].decode()
        length = struct.unpack_from("<Q", blob, pos + 8)[0]
        out.append((tag, pos + SECTION_HEADER, length))
        pos += SECTION_HEADER + length
    return out


def patch(blob, tag, off, fmt, value, fix=True):
    """blob with a value written at offset off of section tag's payload,
    its checksum recomputed (fix) so that only the loader's checks see it."""
    b = bytearray(blob)
    for t, p, n in sections(blob):
        if t == tag:
            struct.pack_into(fmt, b, p + off, value)
            if fix:
                struct.pack_into("<Q", b, p - 8, fnv(b[p:p + n]))
            return bytes(b)
    raise KeyError(tag)


def tests(ctx, run, simty, Failure):
    out = []
    work = os.path.join(ctx.tmp, "checkpoint")
    os.makedirs(work, exist_ok=True)
    lock = threading.Lock()
    built = {}
    G = lambda *p: os.path.join(ctx.guest, *p)  # noqa: E731

    def ckfile():
        with lock:
            if "ckfile" not in built:
                elf = os.path.join(work, "ckfile.elf")
                p = subprocess.run([programs.SIMTY_CC, "-O2", "-Wall", "-Wextra", "-Werror",
                                    os.path.join(SRC, "ckfile.c"), "-o", elf],
                                   capture_output=True, text=True)
                if p.returncode != 0:
                    raise Failure("building ckfile.c failed:\n%s" % p.stderr)
                built["ckfile"] = elf
            return built["ckfile"]

    def sim(cwd, args, timeout=300):
        p = subprocess.run([ctx.simty, "run"] + args, cwd=cwd, capture_output=True,
                           timeout=timeout)
        err = p.stderr.decode("utf-8", "replace")
        if ctx.sanitized and ("Sanitizer" in err or "runtime error" in err):
            raise Failure("sanitizer report running simty run %s:\n%s" % (" ".join(args), err))
        return p.returncode, p.stdout, p.stderr

    def stats(path):
        with open(path) as f:
            d = json.load(f)
        d.pop("sim_seconds", None)
        return d

    def fresh(name, files):
        d = os.path.join(work, name.replace(" ", "_").replace("/", "_"))
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        if files:
            with open(os.path.join(d, "in.txt"), "w") as f:
                for i in range(40):
                    f.write("line %d of the input\n" % i)
        return d

    def roundtrip(name, elf, cfg, at, guest=(), restore=(), files=False, go_on=False):
        d = fresh(name, files)
        guest = list(guest)
        full = sim(d, ["-q"] + cfg + ["--stats-json", "full.json", "--trace-commits", "full.tr",
                                      elf] + guest)
        if files:
            os.rename(os.path.join(d, "out.txt"), os.path.join(d, "full.txt"))
        a = sim(d, ["-q"] + cfg + ["--checkpoint-at", str(at), "--checkpoint", "ck",
                                   "--checkpoint-exit", "--trace-commits", "a.tr", elf] + guest)
        if a[0] != 0 or not os.path.exists(os.path.join(d, "ck")):
            raise Failure("%s: the checkpoint run: status %d, %s" % (name, a[0], a[2][-400:]))
        b = sim(d, ["-q", "--restore", "ck", "--stats-json", "b.json", "--trace-commits", "b.tr"]
                + list(restore))
        with open(os.path.join(d, "full.tr"), "rb") as f:
            ftr = f.read()
        with open(os.path.join(d, "a.tr"), "rb") as f, open(os.path.join(d, "b.tr"), "rb") as g:
            abtr = f.read() + g.read()
        if b[0] != full[0]:
            raise Failure("%s: restored status %d, %d without a checkpoint: %s" % (
                name, b[0], full[0], b[2][-400:]))
        if a[1] + b[1] != full[1]:
            raise Failure("%s: stdout differs across the checkpoint" % name)
        if a[2] + b[2] != full[2]:
            raise Failure("%s: stderr differs across the checkpoint:\n%s" % (name, b[2][-400:]))
        if abtr != ftr:
            raise Failure("%s: commit traces differ across the checkpoint (%d / %d bytes)" % (
                name, len(abtr), len(ftr)))
        sf, sb = stats(os.path.join(d, "full.json")), stats(os.path.join(d, "b.json"))
        if sf != sb:
            diff = [k for k in sf if sf.get(k) != sb.get(k)]
            raise Failure("%s: statistics differ across the checkpoint: %s" % (name, diff[:8]))
        if files:
            with open(os.path.join(d, "full.txt")) as f, open(os.path.join(d, "out.txt")) as g:
                if f.read() != g.read():
                    raise Failure("%s: the guest's output file differs" % name)
        if go_on:  # a checkpoint written on the way changes nothing
            c = sim(d, ["-q"] + cfg + ["--checkpoint-at", str(at), "--checkpoint", "ck2",
                                       "--stats-json", "c.json", "--trace-commits", "c.tr", elf]
                    + guest)
            with open(os.path.join(d, "c.tr"), "rb") as f:
                ctr = f.read()
            if c[:2] != full[:2] or ctr != ftr or stats(os.path.join(d, "c.json")) != sf:
                raise Failure("%s: a run that writes a checkpoint and goes on differs" % name)

    def add(name, *a, **k):
        out.append(("checkpoint " + name, lambda: roundtrip(name, *a, **k)))

    hist = programs.example_elf("histogram")
    dot = programs.example_elf("dot")
    # (mid-way through ckfile.c: 156k, 232k and 851k cycles at 2x4)
    files_at = {"scalar": 70001, "simt": 100000, "cycle": 300000}
    for m in ("scalar", "simt", "cycle"):
        for at in (3000,) if ctx.sanitized else (1, 3000, 40000):  # (sanitized: lighter)
            add("%s 8x4 at %d" % (m, at), hist, ["-m", m, "-w", "8", "-t", "4"], at,
                go_on=at == 3000)
        add("%s timer" % m, G("trap", "timer.elf"), ["-m", m, "-w", "2", "-t", "4"], 2001)
        out.append(("checkpoint %s files" % m, lambda m=m: roundtrip(
            "%s files" % m, ckfile(), ["-m", m, "-w", "2", "-t", "4"], files_at[m],
            guest=["in.txt", "out.txt"], files=True)))

    def files_elsewhere():
        """A restore reopens the guest's files only under its root (here
        the current directory): restored from another directory, refused."""
        d = fresh("files elsewhere", True)
        st, _, err = sim(d, ["-q", "-m", "simt", "-w", "2", "-t", "4", "--checkpoint-at",
                             "100000", "--checkpoint", "ck", "--checkpoint-exit", ckfile(),
                             "in.txt", "out.txt"])
        os.makedirs(os.path.join(d, "sub"))
        st2, _, err2 = sim(os.path.join(d, "sub"), ["-q", "--restore", "../ck"])
        e = err2.decode("utf-8", "replace")
        if st != 0 or st2 != 126 or "is not under its root" not in e:
            raise Failure("files elsewhere: status %d then %d: %s" % (st, st2, e))
    out.append(("checkpoint files restored elsewhere", files_elsewhere))

    def kanata_go_on():
        """A run that writes a checkpoint and goes on keeps its Kanata
        trace byte for byte (a restore refuses one: usage_tests)."""
        d = fresh("kanata go on", False)
        cfg = ["-q", "-m", "cycle", "-w", "2", "-t", "4"]
        elf = G("trap", "timer.elf")
        a = sim(d, cfg + ["--trace-kanata", "k1", elf])
        b = sim(d, cfg + ["--trace-kanata", "k2", "--checkpoint-at", "3001", "--checkpoint", "ck",
                          elf])
        with open(os.path.join(d, "k1"), "rb") as f, open(os.path.join(d, "k2"), "rb") as g:
            same = f.read() == g.read()
        if a[:2] != b[:2] or not same or not os.path.exists(os.path.join(d, "ck")):
            raise Failure("kanata go on: the Kanata trace or output changed (status %d, %d)" % (
                a[0], b[0]))
    out.append(("checkpoint kanata unchanged by a checkpoint", kanata_go_on))
    # a region of interest open across the checkpoint; wrs waits
    for m in ("scalar", "simt", "cycle"):
        for at in (3, 8, 20) if m != "scalar" else (3, 8, 11):  # (12 scalar steps in all)
            add("%s roi at %d" % (m, at), programs.asm_elf("stats", "roi"),
                ["-m", m, "-w", "2", "-t", "4"], at)
        add("%s wrs" % m, programs.asm_elf("stats", "wrs_idle"), ["-m", m, "-w", "2", "-t", "4"],
            150)
    mc = ["--cores", "4", "-w", "2", "-t", "4"]
    add("cycle 4 cores quantum 16", G("multicore", "atomics.elf"),
        ["-m", "cycle"] + mc + ["--quantum", "16"], 20005, go_on=True)
    add("cycle 4 cores quantum 16 host threads", G("multicore", "mp.elf"),
        ["-m", "cycle"] + mc + ["--quantum", "16"], 30000, restore=["--host-threads", "2"])
    add("simt 4 cores", G("multicore", "atomics.elf"), ["-m", "simt"] + mc, 20000)
    add("scalar 4 cores", G("multicore", "atomics.elf"), ["-m", "scalar"] + mc, 10000)
    add("cycle ddr4-3200 8x4", hist, ["-m", "cycle", "-w", "8", "-t", "4", "--memory",
                                      "ddr4-3200"], 100000, go_on=True)
    add("cycle hbm2 4 cores quantum 4", dot, ["-m", "cycle"] + mc + [
        "--memory", "hbm2", "--quantum", "4", "--mem-set", "l1d.replacement=random"], 50003)
    add("cycle lanes mem-latency", G("trap", "lanes.elf"),
        ["-m", "cycle", "-w", "4", "-t", "8", "--mem-latency", "20"], 9000)
    add("simt ipdom", hist, ["-m", "simt", "-w", "4", "-t", "8", "--paths", "ipdom"], 30000)
    add("cycle ipdom gto", dot, ["-m", "cycle", "-w", "4", "-t", "8", "--paths", "ipdom",
                                 "--steering", "gto"], 30000)
    out.extend(hostile_tests(ctx, sim, work, Failure, hist))
    out.extend(usage_tests(ctx, sim, work, Failure, hist))
    return out


def hostile_tests(ctx, sim, work, Failure, elf):
    out = []
    d = os.path.join(work, "hostile")
    state = {}
    lock = threading.Lock()

    def good():
        """A checkpoint of the cycle model with a hierarchy on 2 cores."""
        with lock:
            if "blob" not in state:
                os.makedirs(d, exist_ok=True)
                st, _, err = sim(d, ["-q", "-m", "cycle", "--cores", "2", "-w", "4", "-t", "4",
                                     "--memory", "ddr4-3200", "--quantum", "4",
                                     "--checkpoint-at", "20000", "--checkpoint", "good",
                                     "--checkpoint-exit", elf])
                if st != 0:
                    raise Failure("the checkpoint to corrupt: status %d %s" % (st, err))
                with open(os.path.join(d, "good"), "rb") as f:
                    state["blob"] = f.read()
            return state["blob"]

    def refused(name, blob, want=None):
        path = os.path.join(d, "bad-" + name.replace(" ", "_"))
        with open(path, "wb") as f:
            f.write(blob)
        st, so, se = sim(d, ["-q", "--restore", path, "--max-cycles", "200000"])
        err = se.decode("utf-8", "replace")
        lines = err.strip().split("\n")
        if st != 126 or len(lines) != 1 or not lines[0].startswith("simty: checkpoint "):
            raise Failure("%s: status %d (want 126 and one line), stderr:\n%s" % (
                name, st, err[-600:]))
        if want and want not in err:
            raise Failure("%s: %r not in the message: %s" % (name, want, err))

    def case(name, make, want=None):
        out.append(("checkpoint hostile " + name, lambda: refused(name, make(good()), want)))

    case("not a checkpoint", lambda b: b"\x7fELF" + b[4:], "not a simty checkpoint")
    case("empty", lambda b: b"", "not a simty checkpoint")
    case("another build", lambda b: b[:16] + bytes(x ^ 0xff for x in b[16:24]) + b[24:],
         "written by another build of simty")
    case("another format", lambda b: b[:8] + struct.pack("<I", 99) + b[12:],
         "written by another build of simty")
    case("section count", lambda b: b[:12] + struct.pack("<I", 1000) + b[16:], "corrupt")
    case("missing section", lambda b: b[:12] + struct.pack("<I", 8) + b[16:], None)
    case("huge section length", lambda b: b[:HEADER + 8] + struct.pack("<Q", 1 << 62)
         + b[HEADER + 16:], "truncated")
    case("repeated section", lambda b: b[:HEADER] + rename(b, 1, "CONF"),
         "repeated")
    case("trailing bytes", lambda b: b + b"\0", "after the last section")

    # crafted: a correct checksum, a value out of range
    crafted = [("cores", "MACH", 0, "<I", 99, "number of cores"),
               ("warps", "MACH", 4, "<I", 7, "number of warps"),
               ("register count", "MACH", -2, "<Q", 1 << 40, "register file"),
               ("memory regions", "MEMY", 0, "<I", 9, "memory regions"),
               ("page count", "MEMY", 16, "<Q", 1 << 50, "memory pages"),
               ("program length", "CONF", -1, "<Q", 1 << 40, None),
               ("path tables", "PATH", 0, "<I", 5, "path tables"),
               ("pipeline warps", "MODL", 0, "<I", 3, "number of warps"),
               ("timing warps", "TIME", 1, "<I", 3, None),
               ("console", "CONS", 0, "<I", 5, "console"),
               ("deadlock watch", "RUNS", 0, "<Q", 12345, "deadlock watch")]
    for name, tag, off, fmt, value, want in crafted:
        def make(b, tag=tag, off=off, fmt=fmt, value=value):
            if off == -1:  # CONF: the program's length follows the configuration and path
                off = conf_elf_len_offset(b)
            if off == -2:  # MACH: the register file's length (2 cores of 4 x 4)
                off = find_u64(b, "MACH", 52, 2 * 4 * 32 * 4)
            return patch(b, tag, off, fmt, value)
        case("crafted " + name, make, want)

    def truncations():
        b = good()
        n = len(b)
        for k in sorted(set([0, 7, 8, 39, 40, 41, 63, 64, 65] + [n * i // 23 for i in range(1, 23)]
                            + [n - 1, n - 8])):
            refused("truncated at %d" % k, b[:k])

    def flips():
        b = good()
        n = len(b)
        # bits in every section's header and payload, spread over the file
        spots = [8, 12, 16, 24, 39] + [HEADER + 3, HEADER + 9, HEADER + 17]
        for t, p, ln in sections(b):
            spots += [p - 24, p - 12, p - 1, p, p + ln // 2, p + ln - 1]
        spots += [n * i // 31 for i in range(1, 31)]
        for k in sorted(set(s for s in spots if 0 <= s < n)):
            bb = bytearray(b)
            bb[k] ^= 1 << (k % 8)
            refused("bit flipped at %d" % k, bytes(bb))

    def mutations():
        """Crafted files: bytes of every section changed and its checksum
        made right again, so only the loader's own checks stand between
        them and the machine: each is refused (126) or runs (the state may
        be a guest's nonsense: any status of a run, the cycle limit
        bounding it), never a crash or a sanitizer report."""
        import random
        b = good()
        secs = sections(b)
        rng = random.Random(35)
        for i in range(18 if ctx.sanitized else 36):
            t, p, ln = secs[i % len(secs)]
            bb = bytearray(b)
            for _ in range(rng.choice((1, 2, 4))):
                k = p + rng.randrange(ln)
                bb[k] = rng.choice((bb[k] ^ (1 << rng.randrange(8)), 0xff, 0, rng.randrange(256)))
            struct.pack_into("<Q", bb, p - 8, fnv(bb[p:p + ln]))
            path = os.path.join(d, "mutated-%d" % i)
            with open(path, "wb") as f:
                f.write(bytes(bb))
            st, _, se = sim(d, ["-q", "--restore", path, "--max-cycles", "30000"])
            if st < 0 or st > 126:
                raise Failure("mutated %s (%d): status %d: %s" % (
                    t, i, st, se.decode("utf-8", "replace")[-600:]))

    out.append(("checkpoint hostile truncations", truncations))
    out.append(("checkpoint hostile mutations", mutations))
    out.append(("checkpoint hostile bit flips", flips))
    return out


def rename(b, index, tag):
    """b (from its first section on) with section `index`'s tag replaced."""
    bb = bytearray(b)
    _, p, _ = sections(b)[index]
    bb[p - SECTION_HEADER:p - SECTION_HEADER + 4] = tag.encode()
    return bytes(bb[HEADER:])


def find_u64(b, tag, start, value):
    """The first offset from start in section tag's payload of a u64 value."""
    for t, p, n in sections(b):
        if t == tag:
            for off in range(start, n - 7):
                if struct.unpack_from("<Q", b, p + off)[0] == value:
                    return off
    raise KeyError(tag)


def conf_elf_len_offset(b):
    """Offset in CONF of the program's length: after the configuration and
    the path string (the configuration's size: the CONF section's length
    less the rest)."""
    for t, p, n in sections(b):
        if t == "CONF":
            # the program image is the section's tail: length, bytes; find the
            # u64 that equals the bytes after it
            for off in range(n - 8, -1, -1):
                if struct.unpack_from("<Q", b, p + off)[0] == n - off - 8:
                    return off
    raise KeyError("CONF")


def usage_tests(ctx, sim, work, Failure, elf):
    out = []
    d = os.path.join(work, "usage")

    def usage(name, args, want):
        def t():
            os.makedirs(d, exist_ok=True)
            st, _, se = sim(d, args)
            err = se.decode("utf-8", "replace")
            if st != 125 or want not in err:
                raise Failure("%s: status %d (want 125), %s" % (name, st, err[-400:]))
        out.append(("checkpoint usage " + name, t))

    usage("restore and a program", ["--restore", "x", elf], "no program may be given")
    usage("restore and a machine option", ["--restore", "x", "-w", "4"], "--warps cannot")
    usage("restore and kanata", ["--restore", "x", "--trace-kanata", "k"], "Kanata")
    usage("checkpoint alone", ["--checkpoint", "x", elf], "go together")
    usage("checkpoint-exit alone", ["--checkpoint-exit", elf], "--checkpoint-exit needs")
    usage("checkpoint-at bad", ["--checkpoint-at", "x", "--checkpoint", "y", elf],
          "expected a cycle number")
    return out
