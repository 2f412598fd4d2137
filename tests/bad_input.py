"""Bad input of every kind: options, files, guest programs that fault,
deadlock or never end.  Each must give its documented exit status and a
clear one-line message on stderr (deadlock and cycle-limit reports add a
dump of the live threads after that line)."""

import os
import re
import shutil
import struct
import subprocess

import programs

USAGE, LOAD, FAULT, DEADLOCK, OUTPUT, MAX_CYCLES = 125, 126, 121, 122, 123, 124

# (name, simty arguments before the program, program or None, status, regex)
OPTION_CASES = [
    ("cores zero", ["--cores", "0"], "ok", USAGE, r"--cores: expected an integer 1\.\.64, got '0'"),
    ("cores too many", ["-c", "65"], "ok", USAGE, r"--cores: expected an integer 1\.\.64"),
    ("cores not a number", ["--cores", "2x"], "ok", USAGE, r"--cores: .*got '2x'"),
    ("warps zero", ["-w", "0"], "ok", USAGE, r"--warps: expected an integer 1\.\.64, got '0'"),
    ("warps too many", ["--warps", "65"], "ok", USAGE, r"--warps: expected an integer 1\.\.64"),
    ("warps not a number", ["-w", "abc"], "ok", USAGE, r"--warps: .*got 'abc'"),
    ("warps negative", ["-w", "-3"], "ok", USAGE, r"--warps: .*got '-3'"),
    ("threads zero", ["-t", "0"], "ok", USAGE, r"--threads: expected an integer 1\.\.64"),
    ("threads too many", ["-t", "100"], "ok", USAGE, r"--threads: .*got '100'"),
    ("host threads zero", ["--host-threads", "0"], "ok", USAGE,
     r"--host-threads: expected an integer 1\.\.64, got '0'"),
    ("host threads too many", ["--host-threads", "65", "-c", "2"], "ok", USAGE,
     r"--host-threads: expected an integer 1\.\.64, got '65'"),
    ("quantum zero", ["--quantum", "0"], "ok", USAGE,
     r"--quantum: expected an integer 1\.\.100000, got '0'"),
    ("quantum junk", ["--quantum", "8k"], "ok", USAGE, r"--quantum: .*got '8k'"),
    ("quantum on simt", ["--quantum", "4", "-m", "simt", "-c", "2"], "ok", USAGE,
     r"a quantum of more than one cycle needs the cycle model \(--model cycle\)"),
    ("quantum past noc latency", ["--quantum", "9", "--memory", "hbm2", "-c", "2"], "ok", USAGE,
     r"a quantum of 9 cycles is longer than the interconnect latency \(noc\.latency 8\)"),
    ("heartbeat zero", ["--heartbeat", "0"], "ok", USAGE,
     r"--heartbeat: expected an integer 1\.\.86400, got '0'"),
    ("heartbeat negative", ["--heartbeat", "-2"], "ok", USAGE, r"--heartbeat: .*got '-2'"),
    ("heartbeat junk", ["--heartbeat", "1s"], "ok", USAGE, r"--heartbeat: .*got '1s'"),
    ("heartbeat huge", ["--heartbeat", "86401"], "ok", USAGE, r"--heartbeat: .*got '86401'"),
    ("heartbeat overflow", ["--heartbeat", "99999999999999999999"], "ok", USAGE,
     r"--heartbeat: .*got '99999999999999999999'"),
    ("heartbeat and quiet", ["--quiet", "--heartbeat", "5"], "ok", USAGE,
     r"--quiet and --heartbeat: give one of them"),
    ("heartbeat and gdb", ["--gdb", "1234", "--heartbeat", "5"], "ok", USAGE,
     r"--heartbeat and --gdb: a debugger session shows no status lines"),
    ("model", ["--model", "gpu"], "ok", USAGE,
     r"--model: expected cycle, simt or scalar, got 'gpu'"),
    ("mem latency", ["--mem-latency", "100001"], "ok", USAGE,
     r"--mem-latency: expected an integer 0\.\.100000, got '100001'"),
    ("mem latency junk", ["--mem-latency", "-1"], "ok", USAGE, r"--mem-latency: .*got '-1'"),
    ("fp latency 0", ["--fp-latency", "fma=0"], "ok", USAGE,
     r"--fp-latency: fma latency must be 1\.\.1000 cycles, got '0'"),
    ("fp latency too long", ["--fp-latency", "div=1001"], "ok", USAGE,
     r"--fp-latency: div latency must be 1\.\.1000 cycles, got '1001'"),
    ("fp latency kind", ["--fp-latency", "add=3"], "ok", USAGE,
     r"--fp-latency: expected KIND=N\[,KIND=N\.\.\.\] with KIND one of fma, div, sqrt, cvt, "
     r"misc; got 'add=3'"),
    ("fp latency trailing comma", ["--fp-latency", "fma=3,"], "ok", USAGE,
     r"--fp-latency: expected KIND=N.*got 'fma=3,'"),
    ("fp latency empty", ["--fp-latency", ""], "ok", USAGE, r"--fp-latency: expected KIND=N"),
    ("memory unknown", ["--memory", "sram"], "ok", USAGE,
     r"--memory: unknown memory 'sram' \(ideal, ddr4-3200, hbm2\)"),
    ("mem-set on ideal", ["--mem-set", "l2.size=1M"], "ok", USAGE,
     r"--mem-set needs a memory hierarchy"),
    ("mem-set unknown key", ["--memory", "hbm2", "--mem-set", "l3.size=1M"], "ok", USAGE,
     r"--mem-set: unknown setting 'l3\.size' \(--mem-set help lists them\)"),
    ("mem-set no value", ["--memory", "hbm2", "--mem-set", "l2.size"], "ok", USAGE,
     r"--mem-set: unknown setting 'l2\.size'"),
    ("mem-set not pow2", ["--mem-set", "l1d.size=3000", "--memory", "ddr4-3200"], "ok", USAGE,
     r"--mem-set l1d\.size: '3000' is not a power of two in 64\.\.1073741824 "
     r"\(K, M, G suffixes allowed\)"),
    ("mem-set range", ["--memory", "ddr4-3200", "--mem-set", "noc.latency=0"], "ok", USAGE,
     r"--mem-set noc\.latency: '0' is not in 1\.\.10000"),
    ("mem-set junk", ["--memory", "ddr4-3200", "--mem-set", "l2.banks=4x"], "ok", USAGE,
     r"--mem-set l2\.banks: '4x' is not"),
    ("mem-set negative", ["--memory", "ddr4-3200", "--mem-set", "dram.cl=-1"], "ok", USAGE,
     r"--mem-set dram\.cl: '-1' is not"),
    ("mem-set unknown replacement", ["--memory", "hbm2", "--mem-set", "l2.replacement=plru"],
     "ok", USAGE, r"--mem-set l2\.replacement: expected lru, fifo(, [a-z-]+)* or [a-z-]+, got 'plru'"),
    ("mem-set replacement number", ["--memory", "hbm2", "--mem-set", "l1d.replacement=1"],
     "ok", USAGE, r"--mem-set l1d\.replacement: expected lru, fifo(, [a-z-]+)* or [a-z-]+, got '1'"),
    ("mem-set huge size", ["--memory", "ddr4-3200", "--mem-set", "l2.size=4G"], "ok", USAGE,
     r"--mem-set l2\.size: '4G' is not"),
    ("memory l2 too small", ["--memory", "ddr4-3200", "--mem-set", "l2.size=4K",
                             "--mem-set", "l2.banks=64"], "ok", USAGE,
     r"l2\.size must hold at least l2\.ways lines in every bank"),
    ("memory with mem-latency", ["--memory", "hbm2", "--mem-latency", "5"], "ok", USAGE,
     r"--mem-latency applies to the ideal memory only"),
    ("memory core clock", ["--memory", "hbm2", "--mem-set", "core.mhz=3000"], "ok", USAGE,
     r"core\.mhz must divide 1000000"),
    ("memory dram bus", ["--memory", "hbm2", "--mem-set", "dram.bus_bits=512"], "ok", USAGE,
     r"a cache line must fill at least one DRAM clock"),
    ("kanata needs cycle", ["-m", "simt", "--trace-kanata", "/dev/null"], "ok", USAGE,
     r"--trace-kanata needs the cycle model"),
    ("trace-commits path", ["--trace-commits", "/nonexistent/dir/t"], "ok", OUTPUT,
     r"cannot write /nonexistent/dir/t: No such file or directory"),
    ("trace-kanata path", ["--trace-kanata", "/nonexistent/dir/k"], "ok", OUTPUT,
     r"cannot write /nonexistent/dir/k: No such file or directory"),
    ("trace-commits full disk", ["--trace-commits", "/dev/full"], "ok", OUTPUT,
     r"error writing /dev/full"),
    # (the registry's names: stats_checks.py's plugin_bad_name checks the whole list)
    ("paths", ["--paths", "stack"], "ok", USAGE,
     r"--paths: expected hct\b.*\bideal\b.*, got 'stack'"),
    ("priority", ["--priority", "x"], "ok", USAGE, r"--priority: expected depth\b.*\bminpc\b"),
    ("steering", ["--steering", "x"], "ok", USAGE, r"--steering: expected rr\b.*, got 'x'"),
    ("coalescer", ["--coalescer", "x"], "ok", USAGE, r"--coalescer: expected simty\b.*\bblock\b"),
    ("misaligned", ["--misaligned", "emulate"], "ok", USAGE,
     r"--misaligned: expected hardware or trap, got 'emulate'"),
    ("mem syntax", ["--mem", "1234"], "ok", USAGE, r"--mem: expected BASE:SIZE"),
    ("mem size", ["--mem", "0:zero"], "ok", USAGE, r"--mem: bad size"),
    ("mem past 4G", ["--mem", "0xffff0000:1M"], "ok", USAGE, r"--mem: bad size"),
    ("mem overlaps UART", ["--mem", "0x10000000:4K"], "ok", USAGE, r"overlaps the UART"),
    ("mem overlaps RAM", ["--mem", "0x80001000:4K"], "ok", USAGE, r"overlaps another region"),
    ("ram size", ["--ram-size", "1"], "ok", USAGE, r"--ram-size: expected a size"),
    # an SDK program's stacks that cannot fit: said at load, before the run
    # (was: crt0's "stacks do not fit" from inside the run, status 1)
    ("ram size below the stacks", ["--ram-size", "32M"], "ok", LOAD,
     r"^simty: 32 threads x 8192-byte stacks do not fit in 32 MiB of RAM: give "
     r"--ram-size 33M or more \(or build with a smaller simty-cc --stack-size\)$"),
    ("ram size short for the shape", ["--ram-size", "64M", "-c", "16", "-w", "64", "-t", "32"],
     "ok", LOAD, r"^simty: 32768 threads x 8192-byte stacks do not fit in 64 MiB of RAM: "
     r"give --ram-size 288M or more"),
    # a --mem region right above RAM caps it: named, with where to move it
    ("ram size capped by a mem region", ["--mem", "0x82000000:1M", "--ram-size", "32M"], "ok",
     LOAD, r"^simty: 32 threads x 8192-byte stacks do not fit in 32 MiB of RAM, and the --mem "
     r"region at 0x82000000 leaves no room for the 33M they need: move it to 0x82100000 or "
     r"above, run fewer threads or build with a smaller simty-cc --stack-size$"),
    ("auto ram capped by a mem region", ["--mem", "0x88000000:1M", "-c", "16", "-w", "64",
                                         "-t", "32"], "ok", LOAD,
     r"^simty: 32768 threads x 8192-byte stacks do not fit in 128 MiB of RAM, and the --mem "
     r"region at 0x88000000 leaves no room for the 288M they need: move it to 0x92000000"),
    ("ram size largest, shape too big", ["--ram-size", "2047M", "-c", "64", "-w", "64", "-t",
                                         "64"], "ok", LOAD,
     r"^simty: 262144 threads x 8192-byte stacks do not fit in the largest RAM "
     r"\(--ram-size 2047M\): run fewer threads"),
    ("max cycles zero", ["--max-cycles", "0"], "ok", USAGE, r"--max-cycles: expected a positive"),
    ("max cycles junk", ["--max-cycles", "10x"], "ok", USAGE, r"--max-cycles: .*'10x'"),
    ("progress", ["--progress", "maybe"], "ok", USAGE, r"--progress: expected on or off"),
    ("progress threshold", ["--progress-threshold", "0"], "ok", USAGE,
     r"--progress-threshold: expected an integer 1\.\.1073741824, got '0'"),
    ("progress threshold huge", ["--progress-threshold", "2G"], "ok", USAGE,
     r"--progress-threshold: expected an integer"),
    ("progress turn", ["--progress-turn", "x"], "ok", USAGE,
     r"--progress-turn: expected an integer 1\.\.1073741824, got 'x'"),
    ("spin detect", ["--spin-detect", "1"], "ok", USAGE, r"--spin-detect: expected on or off"),
    ("unknown option", ["--frobnicate"], "ok", USAGE, r"unknown option '--frobnicate'"),
    ("missing value", ["-w"], None, USAGE, r"option '-w' needs a value"),
    ("unknown short option", ["-x"], "ok", USAGE, r"unknown option '-x'"),
    ("flag with a value", ["--stats=1"], "ok", USAGE, r"option '--stats=1' takes no value"),
    ("missing long value", ["--stats-json"], None, USAGE, r"option '--stats-json' needs a value"),
    ("no program", [], None, USAGE, r"no program given"),
    # arguments after the program are the guest's (semihosting GET_CMDLINE)
    ("fs root missing", ["--fs-root", "/nonexistent-simty-root"], "ok", USAGE,
     r"^simty: --fs-root /nonexistent-simty-root: No such file or directory$"),
    ("fs root and no host files", ["--fs-root", ".", "--no-host-files"], "ok", USAGE,
     r"--fs-root and --no-host-files: give one of them"),
    ("trace window without a trace", ["--trace-from", "10"], "ok", USAGE,
     r"--trace-from, --trace-to and --trace-roi need --trace-commits or --trace-kanata"),
    ("trace roi without a trace", ["--trace-roi"], "ok", USAGE, r"need --trace-commits"),
    ("trace window empty", ["--trace-commits", "/dev/null", "--trace-from", "10",
                            "--trace-to", "10"], "ok", USAGE,
     r"--trace-to \(10\) must be after --trace-from \(10\)"),
    # an explicit 0 is not "no end" (issue 32, 11d)
    ("trace window empty at 0", ["--trace-commits", "/dev/null", "--trace-from", "0",
                                 "--trace-to", "0"], "ok", USAGE,
     r"--trace-to \(0\) must be after --trace-from \(0\)"),
    ("trace to 0", ["--trace-kanata", "/dev/null", "--trace-to", "0"], "ok", USAGE,
     r"--trace-to \(0\) must be after --trace-from \(0\)"),
    ("trace from junk", ["--trace-from", "x1"], "ok", USAGE,
     r"--trace-from: expected a cycle number, got 'x1'"),
    ("stack interleave value", ["--stack-interleave=1"], "ok", USAGE,
     r"option '--stack-interleave=1' takes no value"),
]

# Every subcommand's --help (and -h): the options on stdout, status 0,
# nothing on stderr, wherever the option comes.
HELP_CASES = [
    (["--help"], "usage: simty run", "--coalescer"),
    (["-h"], "usage: simty run", "--stack-interleave"),
    (["run", "--help"], "usage: simty run [options] PROGRAM.elf", "--trace-roi"),
    (["run", "-w", "4", "-h"], "usage: simty run", "--mem-latency"),
    (["disasm", "--help"], "usage: simty disasm [options] PROGRAM.elf", "--no-aliases"),
    (["disasm", "-h"], "usage: simty disasm", "--source"),
    (["bench", "--help"], "usage: simty bench", "--shapes"),
    (["bench", "-h"], "usage: simty bench", "--jobs"),
    (["bench", "-q", "--help"], "usage: simty bench", "--steering LIST    rr (default)"),
    (["run", "-q", "--help"], "usage: simty run", "--paths P          path organisation: hct"),
    (["plugins", "--help"], "usage: simty plugins", "KIND NAME HELP"),
    (["run", "--help"], "usage: simty run", "--progress-threshold"),
    (["run", "--mem-set", "help"], "--mem-set KEY=VALUE", "dram.rcd"),
    (["run", "--memory", "hbm2", "--mem-set", "help"], "--mem-set KEY=VALUE", "(hbm2 values)"),
]

# Guest faults: (program, expected regex after "guest fault: hart 0, pc ...")
# (with these options: misaligned loads and stores execute by default)
FAULT_ARGS = {"misaligned_load": ["--misaligned", "trap"],
              "misaligned_store": ["--misaligned", "trap"]}
FAULT_CASES = [
    ("illegal", r"\(\.word 0xffffffff\): illegal instruction 0xffffffff"),
    ("zero_word", r"\(\.word 0x00000000\): illegal instruction 0x00000000$"),
    ("compressed", r"\(\.2byte 0x6501\): illegal instruction 0x6501$"),
    ("misaligned_load", r"\(lw t1,1\(t0\)\): misaligned 4-byte load at address 0x8[0-9a-f]{6}1$"),
    ("misaligned_store", r"\(sw t1,2\(t0\)\): misaligned 4-byte store at address 0x8[0-9a-f]{6}2$"),
    ("misaligned_unmapped", r"\(lw t1,2\(t0\)\): load at unmapped address 0x83fffffe$"),
    ("misaligned_device", r"\(sh t1,1\(t0\)\): misaligned 2-byte store at address 0x10000001 "
                          r"reaches device register 0x10000001 \(devices take aligned accesses "
                          r"only\)$"),
    ("misaligned_clint", r"\(sh t1,1\(t0\)\): misaligned 2-byte store at address 0x02000001 "
                         r"reaches device register 0x02000001 \(devices take aligned accesses "
                         r"only\)$"),
    ("misaligned_amo", r"\(amoadd\.w t2,t1,\(t0\)\): misaligned 4-byte atomic access at address "
                       r"0x8[0-9a-f]{6}2$"),
    ("misaligned_lr", r"\(lr\.w t2,\(t0\)\): misaligned 4-byte atomic access at address "
                      r"0x8[0-9a-f]{6}1$"),
    ("unmapped_store", r"\(sw zero,8\(t0\)\): store at unmapped address 0x40000008"),
    ("unmapped_fetch", None),
    ("misaligned_jump", r"\(jalr ra,6\(t0\)\): jump to misaligned address 0x8[0-9a-f]{7}"),
    ("bad_ecall", r"\(ecall\): unsupported ecall \(a7 = 64"),
    ("ebreak", r"\(ebreak\): ebreak"),
    ("bad_finisher", r"\(sw t1,0\(t0\)\): unsupported test finisher command 0x00001234"),
    ("csr_readonly", r"\(csrrw zero,mhartid,zero\): write to read-only CSR mhartid \(0xf14\)"),
    ("csr_unknown", r"\(csrrs t0,satp,zero\): CSR satp \(0x180\) is not implemented"),
]


def one_line(err):
    return len(err.strip().splitlines()) == 1


def tests(ctx, run, simty, Failure):
    out = []
    ok_elf = programs.example_elf("hello", "-O2")
    bad = lambda name: programs.asm_elf("bad", name)  # noqa: E731
    sim = ctx.simty

    def expect(cmd, status, pattern, single=True):
        st, so, se = run(cmd, timeout=120)
        if ctx.sanitized and ("Sanitizer" in se or "runtime error" in se):
            raise Failure("sanitizer report: %s" % se)
        if st != status:
            raise Failure("%s: status %d, expected %d; stderr: %s"
                          % (" ".join(cmd), st, status, se.strip()))
        first = se.strip().splitlines()[0] if se.strip() else ""
        if not re.search(pattern, first):
            raise Failure("%s: stderr first line %r does not match %r"
                          % (" ".join(cmd), first, pattern))
        if not first.startswith("simty: "):
            raise Failure("message does not start with 'simty: ': %r" % first)
        if single and not one_line(se):
            raise Failure("%s: expected one line on stderr, got:\n%s" % (" ".join(cmd), se))
        return so, se

    for name, args, prog, status, pattern in OPTION_CASES:
        cmd = [sim, "run"] + [ok_elf if a == "ok" else a for a in args]
        if prog:
            cmd.append(ok_elf)
        out.append(("bad option %s" % name,
                    lambda cmd=cmd, status=status, pattern=pattern: expect(cmd, status, pattern)))
    out.append(("bad command", lambda: expect([sim, "frob"], USAGE, r"unknown command 'frob'")))

    out.append(("bad option before the command", lambda: expect(
        [sim, "-w", "2", ok_elf], USAGE, r"unknown option '-w' before the command")))
    out.append(("bad command, a missing program", lambda: expect(
        [sim, "nosuch.elf"], USAGE, r"unknown command 'nosuch\.elf' \(.*a program file: No such")))

    def program_first():
        """simty PROGRAM.elf ARG... is simty run PROGRAM.elf ARG...: what
        follows the program is the guest's, options or not (they were
        moved before it, and the first guest argument became the
        program)."""
        want = run([sim, "run", ok_elf])
        if run([sim, ok_elf]) != want or want[0] != 0 or "hello" not in want[1]:
            raise Failure("simty hello.elf: %r, simty run hello.elf: %r"
                          % (run([sim, ok_elf]), want))
        elf = os.path.join(ctx.tmp, "args-first.elf")
        p = subprocess.run([programs.SIMTY_CC, "-O2", os.path.join(
            programs.ROOT, "tests", "sdk", "args.c"), "-o", elf], capture_output=True, text=True)
        if p.returncode != 0:
            raise Failure("building tests/sdk/args.c: %s" % p.stderr)
        guest = ["-t", "1", "-w", "1", "x"]
        want = run([sim, "run", elf] + guest)
        got = run([sim, elf] + guest)
        if got[:2] != want[:2] or want[0] != 0 or "argc 6" not in want[1] \
                or "last x" not in want[1]:
            raise Failure("simty args.elf %s: %r, simty run ... args.elf: %r"
                          % (" ".join(guest), got, want))
    out.append(("cli simty PROGRAM.elf runs it", program_first))

    def help_and_version():
        st, so, se = run([sim, "--help"])
        if st != 0 or not so.startswith("usage: simty run") or "--coalescer" not in so or se:
            raise Failure("simty --help: status %d, stdout %r, stderr %r" % (st, so[:80], se))
        if "RV32GC" not in so or "RV32IMA" in so:  # as README says
            raise Failure("simty --help names the ISA wrongly: %r" % so[:400])
        st, so, se = run([sim, "--version"])
        if st != 0 or not re.match(r"^simty \d+\.\d+\.\d+\n$", so):
            raise Failure("simty --version: status %d, %r" % (st, so))
    out.append(("cli help and version", help_and_version))

    def subcommand_help(args, head, option):
        st, so, se = run([sim] + args)
        if st != 0 or not so.startswith(head) or option not in so or se:
            raise Failure("simty %s: status %d, stdout %r, stderr %r"
                          % (" ".join(args), st, so[:80], se))
    for args, head, option in HELP_CASES:
        out.append(("cli help %s" % " ".join(args), lambda args=args, head=head, option=option:
                    subcommand_help(args, head, option)))
    out.append(("bad disasm option", lambda: expect(
        [sim, "disasm", "--warps", "4", ok_elf], USAGE, r"unknown option '--warps'")))
    out.append(("bad disasm no program", lambda: expect(
        [sim, "disasm", "--source"], USAGE, r"no program given")))
    out.append(("bad no command", lambda: expect([sim], USAGE, r"missing command")))
    out.append(("bad plugins argument", lambda: expect(
        [sim, "plugins", "x"], USAGE, r"plugins: unexpected argument 'x'")))

    # files
    names = iter(range(10 ** 6))  # a file per test: tests run in parallel

    def patched(offset, value, label):
        path = os.path.join(ctx.tmp, "%s-%d.elf" % (label, next(names)))
        with open(ok_elf, "rb") as f:
            data = bytearray(f.read())
        data[offset] = value
        with open(path, "wb") as f:
            f.write(data)
        return path

    def text_file():
        path = os.path.join(ctx.tmp, "notelf-%d.txt" % next(names))
        with open(path, "w") as f:
            f.write("this is not an ELF file\n")
        return path

    def truncated():
        path = os.path.join(ctx.tmp, "truncated-%d.elf" % next(names))
        with open(ok_elf, "rb") as f:
            data = f.read()
        with open(path, "wb") as f:
            f.write(data[:200])
        return path

    file_cases = [
        ("missing file", lambda: os.path.join(ctx.tmp, "nope.elf"), r"cannot open .*nope\.elf"),
        ("directory", lambda: ctx.tmp, r"is not a regular file"),
        ("device file", lambda: "/dev/zero", r"/dev/zero is not a regular file"),
        ("not an ELF", text_file, r"not an ELF file"),
        ("64-bit ELF", lambda: patched(4, 2, "class64"), r"a 64-bit ELF file; simty runs 32-bit"),
        ("big-endian", lambda: patched(5, 2, "bigendian"), r"not a little-endian ELF"),
        ("wrong machine", lambda: patched(18, 40, "arm"), r"ELF machine 40 is not RISC-V"),
        ("quad-float", lambda: patched(36, 6, "quadfloat"), r"quad-float ABI"),
        # hello's entry is 0x80000000; it is built rv32gc (RVC: 2-byte alignment)
        ("misaligned entry", lambda: patched(24, 1, "entry1"),
         r"entry point 0x80000001 is not 2-byte aligned"),
        ("truncated", truncated, r"outside the file|program headers|segment"),
        ("segment outside memory", lambda: bad("lowaddr"),
         r"segment \d at 0x00000[02]00 \(\d+ bytes\) is outside mapped memory "
         r"\(add a region with --mem BASE:SIZE\)"),
    ]
    for name, make, pattern in file_cases:
        out.append(("bad file %s" % name, lambda make=make, pattern=pattern:
                    expect([sim, "run", make()], LOAD, pattern)))
        out.append(("bad file %s (disasm)" % name, lambda make=make, pattern=pattern:
                    expect([sim, "disasm", make()], LOAD, pattern)))
    out.append(("bad file host ELF", lambda: expect(
        [sim, "run", shutil.which("true") or "/bin/true"], LOAD, r"64-bit ELF")))

    def corrupt_debug_line():
        """disasm --source on a program whose line table has a bad version:
        status 126 and one line naming it (the plain listing still works)."""
        src = programs.debug_elfs()[0]
        with open(src, "rb") as f:
            data = bytearray(f.read())
        shoff, = struct.unpack_from("<I", data, 32)
        shnum, shstrndx = struct.unpack_from("<HH", data, 48)
        stroff = struct.unpack_from("<I", data, shoff + 40 * shstrndx + 16)[0]
        for i in range(shnum):
            name, _, _, _, off = struct.unpack_from("<IIIII", data, shoff + 40 * i)
            if data[stroff + name:].startswith(b".debug_line\0"):
                struct.pack_into("<H", data, off + 4, 99)  # the first unit's version
                break
        else:
            raise Failure("%s has no .debug_line" % src)
        path = os.path.join(ctx.tmp, "badline-%d.elf" % next(names))
        with open(path, "wb") as f:
            f.write(data)
        expect([sim, "disasm", "--source", path], LOAD,
               r"badline-\d+\.elf: unsupported \.debug_line version 99")
        st, so, se = run([sim, "disasm", path])
        if st != 0 or "<main>:" not in so:
            raise Failure("disasm without --source: status %d %s" % (st, se))
    out.append(("bad file debug_line (disasm --source)", corrupt_debug_line))

    def rvc_flag_ok():
        """An ELF whose header says RVC but that holds no compressed
        instruction runs as the same program without the flag."""
        for model in ("scalar", "simt", "cycle"):
            want = run([sim, "run", "-m", model, ok_elf])
            got = run([sim, "run", "-m", model, patched(36, 1, "rvc")])
            if got[0] != 0 or got[1] != want[1]:
                raise Failure("RVC-flagged hello on %s: status %d, stdout %r, stderr %s"
                              % (model, got[0], got[1], got[2]))
    out.append(("bad file RVC flag without compressed code runs", rvc_flag_ok))

    def lowaddr_ok():
        st, so, se = run([sim, "run", "--mem", "0:4K", bad("lowaddr")])
        if st != 0:
            raise Failure("lowaddr with --mem 0:4K: status %d %s" % (st, se))
    out.append(("bad file lowaddr with --mem", lowaddr_ok))

    # guest faults, in every model
    for prog, pattern in FAULT_CASES:
        for model in (["-m", "scalar"], ["-m", "simt", "-w", "2", "-t", "4"],
                      ["-m", "simt", "-w", "1", "-t", "1"], ["-w", "2", "-t", "4"],
                      ["-w", "1", "-t", "1"], ["-w", "8", "-t", "4", "--mem-latency", "5"]):
            def t(prog=prog, pattern=pattern, model=model):
                if pattern is None:  # nothing to disassemble at the faulting PC
                    pattern = (r"^simty: guest fault: hart 0, pc 0x40000000: instruction fetch "
                               r"from unmapped address 0x40000000, reached by the jump at "
                               r"0x8[0-9a-f]{7} <bad\+0x4> \(jalr zero,0\(t0\)\)$")
                else:
                    pattern = r"^simty: guest fault: hart 0, pc 0x8[0-9a-f]{7} <[^>]+> " + pattern
                expect([sim, "run"] + model + FAULT_ARGS.get(prog, []) + [bad(prog)], FAULT,
                       pattern)
            out.append(("bad guest %s %s" % (prog, " ".join(model)), t))

    # the same misaligned load and store execute by default (--misaligned hardware)
    for prog in ("misaligned_load", "misaligned_store"):
        for model in ("scalar", "simt", "cycle"):
            def hw(prog=prog, model=model):
                for extra in ([], ["--misaligned", "hardware"]):
                    st, so, se = run([sim, "run", "-m", model] + extra + [bad(prog)])
                    if st != 0 or se:
                        raise Failure("%s %s %s: status %d %s" % (prog, model, extra, st, se))
            out.append(("bad guest %s executes by default, %s" % (prog, model), hw))

    # cycle limit
    for model in ("scalar", "simt", "cycle"):
        out.append(("bad max-cycles %s" % model, lambda model=model: expect(
            [sim, "run", "-m", model, "--max-cycles", "5000", bad("forever")], MAX_CYCLES,
            r"cycle limit reached \(--max-cycles 5000\)", single=False)))

    # deadlocks: diagnosed with a dump of every warp's paths, never a hang.
    # A spin lock between threads of one warp deadlocks only under pure
    # priority (--progress off); the forward-progress scheduler completes it.
    def spinlock_deadlock():
        so, se = expect([sim, "run", "--progress", "off", "-w", "2", "-t", "4", bad("spinlock")],
                        DEADLOCK,
                        r"deadlock: no thread can make progress", single=False)
        if not re.search(r"warp 0 path \d \(active\): pc 0x8[0-9a-f]{7} <acquire> depth 0 "
                         r"mask 0x[0-9a-f]+ harts", se):
            raise Failure("deadlock dump lacks the spinning path:\n%s" % se)
        if not re.search(r"<acquire\+0x4>|<acquire\+0x8>|<acquire>", se):
            raise Failure("deadlock dump lacks symbol+offset:\n%s" % se)
    out.append(("bad deadlock spinlock cycle", spinlock_deadlock))
    # under a memory hierarchy too: each spin sends an atomic to the L2, and
    # the hierarchy's state repeats with the loop (docs/memory.md)
    for mem in ("ddr4-3200", "hbm2"):
        out.append(("bad deadlock spinlock cycle memory %s" % mem, lambda mem=mem: expect(
            [sim, "run", "--progress", "off", "-w", "2", "-t", "4", "--memory", mem,
             "--max-cycles", "50000000", bad("spinlock")], DEADLOCK,
            r"deadlock: no thread can make progress", single=False)))
    for prog in ("call_self", "return_self", "waitforever", "spin_other_warp_done"):
        out.append(("bad deadlock %s cycle memory ddr4-3200" % prog,
                    lambda prog=prog: expect(
                        [sim, "run", "--progress", "off", "-w", "3", "-t", "4", "--memory",
                         "ddr4-3200", "--mem-set", "l1d.size=64", "--mem-set", "l1d.ways=1",
                         "--max-cycles", "50000000", bad(prog)],
                        DEADLOCK, r"deadlock", single=False)))
    out.append(("bad deadlock spinlock minpc/ideal", lambda: expect(
        [sim, "run", "--progress", "off", "-w", "1", "-t", "8", "--paths", "ideal",
         "--priority", "minpc", bad("spinlock")], DEADLOCK, r"deadlock", single=False)))

    for model, extra in (("scalar", []), ("simt", []), ("cycle", []),
                         ("simt", ["--spin-detect", "off", "--progress-threshold", "64"]),
                         ("cycle", ["--paths", "ideal", "--priority", "minpc"])):
        def spinlock_ok(model=model, extra=extra):
            st, so, se = run([sim, "run", "-m", model, "-w", "2", "-t", "4"] + extra +
                             [bad("spinlock")])
            if st != 0:
                raise Failure("spinlock on the %s model %s: status %d %s"
                              % (model, " ".join(extra), st, se))
        out.append(("bad spinlock runs %s %s" % (model, " ".join(extra)), spinlock_ok))
    for model in ("scalar", "simt", "cycle"):
        for prog in ("waitforever", "call_self", "return_self"):
            out.append(("bad deadlock %s %s" % (prog, model),
                        lambda model=model, prog=prog: expect(
                            [sim, "run", "-m", model, "-w", "2", "-t", "3", bad(prog)],
                            DEADLOCK, r"deadlock", single=False)))
    # the default shape (8 warps keep the commit latch full at every sample)
    for prog in ("call_self", "return_self", "waitforever"):
        for shape in ([], ["-w", "16", "-t", "1"]):
            out.append(("bad deadlock %s cycle %s" % (prog, " ".join(shape) or "default"),
                        lambda prog=prog, shape=shape: expect(
                            [sim, "run", "--max-cycles", "20000000"] + shape + [bad(prog)],
                            DEADLOCK, r"deadlock", single=False)))
    # found even when other warps have finished (their idle time grows)
    out.append(("bad deadlock spin after other warps ended", lambda: expect(
        [sim, "run", "--progress", "off", "-w", "3", "-t", "4", bad("spin_other_warp_done")],
        DEADLOCK, r"deadlock", single=False)))
    def spin_other_ok():
        st, so, se = run([sim, "run", "-w", "3", "-t", "4", bad("spin_other_warp_done")])
        if st != 0:
            raise Failure("spin_other_warp_done: status %d %s" % (st, se))
    out.append(("bad spin after other warps ended completes", spin_other_ok))

    # exit code rule: lowest-numbered hart with a non-zero code
    for model in ("scalar", "simt", "cycle"):
        def ex(model=model):
            r = simty(ctx, bad("exitcode"), ["-m", model, "-w", "2", "-t", "4"])
            if r.status != 7 or r.stats["exit_reason"] != "exit" or r.stats["exit_code"] != 7:
                raise Failure("exitcode %s: status %d, stats %s" % (model, r.status, r.stats))
        out.append(("bad exitcode %s" % model, ex))

        def tohost(model=model):
            # a misaligned store over part of tohost: the word it leaves ends the run
            r = simty(ctx, bad("misaligned_tohost"), ["-m", model, "-w", "2", "-t", "4"])
            if r.status != 5 or not r.stats or r.stats["exit_reason"] != "tohost":
                raise Failure("misaligned_tohost %s: status %d, stats %s" % (model, r.status,
                                                                          r.stats))
        out.append(("bad misaligned store to tohost %s" % model, tohost))

    # --signature on a program without signature symbols
    out.append(("bad signature symbols", lambda: expect(
        [sim, "run", "--signature", os.path.join(ctx.tmp, "x.sig"), ok_elf], OUTPUT,
        r"--signature: the program has no begin_signature/end_signature symbols")))
    out.append(("bad stats-json path", lambda: expect(
        [sim, "run", "--stats-json", "/nonexistent/dir/x.json", ok_elf], OUTPUT,
        r"cannot write /nonexistent/dir/x\.json")))
    return out
