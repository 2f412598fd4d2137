"""The SDK as a user meets it (tests/sdk/*):

- libraries: a program that multiplies and divides through picolibc and the
  soft-float routines (-march=rv32ima) links the rv32im multilib (no
  __mulsi3/__udivsi3... helper, M instructions inside __muldf3), with gcc
  and with clang; the default (rv32gc) build of it calls no soft-float
  routine at all;
- a stock rv32gc program (tests/stock: the Debian toolchain with plain
  flags, picolibc's libm, its own start-up code and linker script for QEMU
  virt) prints the same bits of float and double results on every model as
  on QEMU;
- abort(), a failed assert() and raise(SIGTERM) end the whole program with
  128 + the signal number and one line naming the hart, on every model and
  on QEMU;
- a C++ translation unit using C headers builds (gcc and clang) and runs on
  every model and on QEMU;
- simty_atomic_* on uint32_t, unsigned, int32_t and int counters (volatile
  or not) build with -Werror (gcc and clang) and count right on every
  model; a 16-bit or const target does not build;
- a thread whose stack overflows into the next thread's area is stopped
  with a guest fault naming it; --stack-size gives it room;
- --stack-interleave changes no result and saves replay passes;
- start-up and exit are cheap: a program whose main returns at once stays
  under a cycle bound at 1x32 and 64x32; every thread starts with its own
  thread-local variables initialised (.tdata) and zero (.tbss), on every
  model and on QEMU;
- every shape runs with default options, the biggest (64 x 64 x 64) too,
  with a warning (stderr unless -q, JSON "warnings") that its per-thread
  areas are smaller than the program's;
- printf of float and double values (tests/sdk/printf_float.c) prints the
  expected text on every model and on QEMU, hardware F/D (the default build)
  and at each ISA variant (run_tests.py --march: on simty too);
- the programs.QEMU_MARCHES builds (e.g. rv32gc) of the examples print on
  QEMU what the default builds print on simty, and those of the FP
  workloads pass on QEMU (whatever the simulator supports);
- simty-cc's cache of the runtime objects (SIMTY_CC_CACHE): a second build
  makes the same ELF from one entry, another -march or team mode makes
  another entry, so does an edited runtime.c, "off" writes nothing, an
  entry without its "complete" mark is rebuilt, and a cache directory that
  cannot be written falls back to building in the temporary directory;
- docs/design.md names only functions the code has, and README lists
  every workload of workloads/;
- the generated blocks of README.md and docs/pipeline.md (the tutorial's
  output, the serial-code and stack figures, the trace examples) match what
  the current build prints (tools/docblocks.py --check).
"""

import glob
import os
import re
import subprocess
import sys

import programs

SDK = os.path.join(programs.ROOT, "tests", "sdk")
# Helpers of the rv32ia libraries: none may appear in an rv32im link.
SOFT_MULDIV = ("__mulsi3", "__divsi3", "__udivsi3", "__modsi3", "__umodsi3", "__muldi3")
MODELS = ("scalar", "simt", "cycle")
SHAPE = ["-w", "2", "-t", "4"]  # 8 threads: the last is hart 7
QEMU_SMP = 4                    # the last is hart 3


def tests(ctx, run, simty, Failure):
    out = []

    def build(src, out_name, flags=(), clang=False):
        elf = os.path.join(ctx.tmp, out_name)
        env = dict(os.environ, SIMTY_CLANG="clang") if clang else None
        p = subprocess.run([programs.SIMTY_CC, "-O2", "-Wall", "-Wextra", "-Werror"] +
                           list(flags) + [os.path.join(SDK, src), "-o", elf],
                           capture_output=True, text=True, env=env)
        if p.returncode != 0:
            raise Failure("building %s%s failed:\n%s" % (src, " (clang)" if clang else "",
                                                          p.stderr))
        return elf

    def qemu(elf, smp=QEMU_SMP):
        return run([programs.QEMU_RUN, "--smp", str(smp), "--timeout", "120", elf],
                   timeout=200)

    def multilib(clang):
        elf = build("libcalls.c", "libcalls%s.elf" % ("-clang" if clang else ""),
                    ["-march=rv32ima"], clang=clang)
        status, nm, err = run([programs.OBJDUMP.replace("objdump", "nm"), "-S", elf])
        syms = {}  # name -> (address, size)
        for line in nm.splitlines():
            f = line.split()
            if len(f) == 4:
                syms[f[3]] = (int(f[0], 16), int(f[1], 16))
        bad = [s for s in SOFT_MULDIV if s in syms]
        if status != 0 or bad or "__muldf3" not in syms or "__divdf3" not in syms:
            raise Failure("%s: soft multiply/divide helpers linked: %s (nm status %d)"
                          % (os.path.basename(elf), bad, status))
        status, dis, _ = run([programs.OBJDUMP, "-d", elf])
        lo, size = syms["__muldf3"]
        muls = [m for m in re.finditer(r"^([0-9a-f]+):\s+[0-9a-f]{8}\s+mul(hu)?\s", dis, re.M)
                if lo <= int(m.group(1), 16) < lo + size]
        if not muls:
            raise Failure("__muldf3 uses no mul instruction: not the rv32im libgcc")
        r = simty(ctx, elf, ["-w", "1", "-t", "2"])
        if r.status != 0 or r.out != "libcalls: 571428571 123456789 2.786 10 50\n":
            raise Failure("libcalls: status %d, output %r" % (r.status, r.out))
        gc = build("libcalls.c", "libcalls-gc%s.elf" % ("-clang" if clang else ""), clang=clang)
        status, nm, err = run([programs.OBJDUMP.replace("objdump", "nm"), gc])
        soft = [s for s in ("__muldf3", "__divdf3", "__adddf3", "__mulsf3") if s in nm]
        r = simty(ctx, gc, ["-w", "1", "-t", "2"])
        if status != 0 or soft or r.status != 0 or \
                r.out != "libcalls: 571428571 123456789 2.786 10 50\n":
            raise Failure("libcalls rv32gc: soft-float routines %s, status %d, output %r"
                          % (soft, r.status, r.out))

    out.append(("sdk multilib gcc", lambda: multilib(False)))
    out.append(("sdk multilib clang", lambda: multilib(True)))

    ending = {1: (134, r'assert: hart %d: \S*abort\.c:\d+: main: assertion "tid != last" failed'),
              2: (134, r"abort: hart %d called abort\(\)"),
              3: (143, r"signal: hart %d raised signal 15")}

    def ends_program(what):
        status, pattern = ending[what]
        elf = build("abort.c", "abort%d.elf" % what, ["-DWHAT=%d" % what])
        for model in MODELS:
            r = simty(ctx, elf, ["-m", model] + SHAPE)
            if (r.status != status or not re.fullmatch(pattern % 7 + "\n", r.out)
                    or r.stats["exit_reason"] != "finisher"):
                raise Failure("WHAT=%d %s: status %d (want %d), exit_reason %s, output %r"
                              % (what, model, r.status, status,
                                 r.stats and r.stats["exit_reason"], r.out))
        if not ctx.sanitized:
            st, out_, err = qemu(elf)
            if st != status or not re.fullmatch(pattern % (QEMU_SMP - 1) + "\n", out_):
                raise Failure("WHAT=%d QEMU: status %d (want %d), output %r %s"
                              % (what, st, status, out_, err))

    for what in ending:
        out.append(("sdk ends program %d" % what, lambda what=what: ends_program(what)))

    def cxx(clang):
        elf = build("cxx.cc", "cxx%s.elf" % ("-clang" if clang else ""), clang=clang)
        want = "cxx: PASS (8 threads, constructed)\n"
        for model in MODELS:
            r = simty(ctx, elf, ["-m", model] + SHAPE)
            if r.status != 0 or r.out != want:
                raise Failure("cxx %s: status %d, output %r" % (model, r.status, r.out))
        if not ctx.sanitized and not clang:
            st, out_, err = qemu(elf, 8)
            if st != 0 or out_ != want:
                raise Failure("cxx QEMU: status %d, output %r %s" % (st, out_, err))

    def atomic_types(clang):
        """simty_atomic_* take uint32_t *, unsigned *, int32_t *, int *
        (volatile or not) under -Werror, and refuse a 16-bit, const or float
        target."""
        name = "atomic_types%s" % ("-clang" if clang else "")
        elf = build("atomic_types.c", name + ".elf", clang=clang)
        for model in MODELS:
            r = simty(ctx, elf, ["-m", model] + SHAPE)
            if r.status != 0 or r.out != "atomic types: PASS (8 threads)\n":
                raise Failure("%s %s: status %d, output %r" % (name, model, r.status, r.out))
        for bad in ("WRONG_SIZE", "CONST_TARGET", "FLOAT_TARGET"):
            try:
                build("atomic_types.c", "%s-%s.elf" % (name, bad), ["-D" + bad], clang=clang)
            except Failure:
                continue
            raise Failure("%s: -D%s built; it must not" % (name, bad))

    out.append(("sdk atomics on every 32-bit integer type, gcc", lambda: atomic_types(False)))
    out.append(("sdk atomics on every 32-bit integer type, clang", lambda: atomic_types(True)))
    out.append(("sdk c++ gcc", lambda: cxx(False)))
    out.append(("sdk c++ clang", lambda: cxx(True)))

    def overflow():
        deep = build("overflow.c", "overflow12.elf", ["-DDEPTH=12"])
        msg = (r"simty: guest fault: hart 7, pc 0x[0-9a-f]{8} <depth> \(addi sp,sp,-\d+\): "
               r"stack overflow: sp 0x[0-9a-f]{8} is outside hart 7's stack "
               r"\[0x[0-9a-f]{8}, 0x[0-9a-f]{8}\) \(8192 bytes per thread; build with "
               r"simty-cc --stack-size=N for more\)\n")
        for model in MODELS:
            r = simty(ctx, deep, ["-m", model] + SHAPE)
            if r.status != 121 or not re.fullmatch(msg, r.err):
                raise Failure("overflow %s: status %d, stderr %r" % (model, r.status, r.err))
        roomy = build("overflow.c", "overflow12big.elf", ["-DDEPTH=12", "--stack-size=16384"])
        for model in MODELS:
            r = simty(ctx, roomy, ["-m", model] + SHAPE)
            if r.status != 0 or not r.out.startswith("overflow: "):
                raise Failure("overflow, 16 KiB stacks, %s: status %d %s"
                              % (model, r.status, r.err))

    out.append(("sdk stack overflow", overflow))

    # main's arguments beyond the static buffers (64 arguments, 1 KiB): 100
    # arguments were cut to 64, a line over 64 KiB gave argc 0.
    def arguments():
        elf = build("args.c", "args.elf")
        many = [str(i) for i in range(1, 101)]
        long_args = [c * 30000 for c in "xyz"]  # 90 KiB of command line
        # (argv[0]: the file name on simty, the path QEMU was given on QEMU)
        cases = ((many, "argc 101\nlast 100\ntotal %d\nnull 1\n", sum(map(len, many))),
                 (long_args, "argc 4\nlast " + "z" * 40 + "\ntotal %d\nnull 1\n", 90000))
        for guest, form, size in cases:
            for where, cmd, arg0 in (
                    ("simty", [ctx.simty, "run", "-t", "1", "-w", "1", elf],
                     os.path.basename(elf)),
                    ("qemu", [programs.QEMU_RUN, "--smp", "1", "--timeout", "120", elf], elf)):
                want = form % (len(arg0) + size)
                status, text, err = run(cmd + guest, timeout=200)
                if status != 0 or text != want:
                    raise Failure("%s, %d arguments of %d bytes: status %d, printed %r "
                                  "(want %r)\n%s" % (where, len(guest), len(guest[-1]),
                                                      status, text, want, err[-400:]))

    out.append(("sdk arguments: 100 of them, and a 90 KiB command line", arguments))

    # Start-up and exit of a program whose main returns at once, cycle model
    # (issue 32): they were 37,624 and 324,113 cycles when crt0 initialised
    # each thread's TLS block byte by byte (one replay pass per byte and
    # lane, the blocks 8 KiB apart); at most a quarter of that now.
    startup_bounds = ((1, 32, 9406), (64, 32, 81028))

    def startup():
        elf = build("empty.c", "empty.elf")
        for w, t, bound in startup_bounds:
            r = simty(ctx, elf, ["-m", "cycle", "-w", str(w), "-t", str(t)])
            if r.status != 0 or not r.stats or r.stats["cycles"] > bound:
                raise Failure("empty main at %dx%d: status %d, %s cycles (at most %d)"
                              % (w, t, r.status, r.stats and r.stats["cycles"], bound))

    out.append(("sdk start-up cycles", startup))

    # Every valid shape runs with default options (issue 32): the RAM is
    # sized to the machine (32768 threads need 288 MiB), and the biggest
    # machines, whose 8 KiB stacks fit in no RAM, get smaller ones.
    REDUCED = ("simty: warning: the per-thread stack and TLS area is reduced from 8192 to "
               "8048 bytes: 262144 threads x 8192 bytes do not fit in the largest RAM "
               "(--ram-size 2047M); run at most 257920 threads to keep 8192")

    def biggest_shapes():
        elf = build("last.c", "last.elf")
        for cores, w, t in ((16, 64, 32), (64, 64, 64)):
            n = cores * w * t
            r = simty(ctx, elf, ["-m", "simt", "--cores", str(cores), "-w", str(w),
                                 "-t", str(t)])
            if r.status != 0 or r.out != "last: thread %d of %d\n" % (n - 1, n):
                raise Failure("%dx%dx%d with default options: status %d, output %r %s"
                              % (cores, w, t, r.status, r.out, r.err))
            # the smaller areas are said (stderr, JSON), and only then
            warned = [line for line in r.err.splitlines() if "stack and TLS area" in line]
            want = [] if cores == 16 else [REDUCED]
            if warned != want or r.stats["warnings"] != [w[len("simty: warning: "):]
                                                         for w in want]:
                raise Failure("%dx%dx%d: warnings %r on stderr, %r in JSON; expected %r"
                              % (cores, w, t, warned, r.stats["warnings"], want))
        # --quiet drops the line, not the JSON's record
        r = simty(ctx, elf, ["-q", "-m", "simt", "--cores", "64", "-w", "64", "-t", "64",
                             "--max-cycles", "10"])
        if "stack and TLS area" in r.err or \
                r.stats["warnings"] != [REDUCED[len("simty: warning: "):]]:
            raise Failure("64x64x64 -q: warning on stderr %r, JSON %r"
                          % ("stack and TLS area" in r.err, r.stats["warnings"]))

    out.append(("sdk biggest shapes, default options", biggest_shapes))

    def tls(variant):
        elf = build("tls.c", "tls%s.elf" % variant, ["-D" + variant] if variant else [])
        for model, shape in [(m, SHAPE) for m in MODELS] + [("cycle", ["-w", "1", "-t", "32"])]:
            r = simty(ctx, elf, ["-m", model] + shape)
            n = int(shape[1]) * int(shape[3])
            if r.status != 0 or r.out != "tls: PASS (%d threads)\n" % n:
                raise Failure("tls %s %s: status %d, output %r %s"
                              % (variant, model, r.status, r.out, r.err))
        if not ctx.sanitized:
            st, out_, err = qemu(elf)
            if st != 0 or out_ != "tls: PASS (%d threads)\n" % QEMU_SMP:
                raise Failure("tls %s QEMU: status %d, output %r %s" % (variant, st, out_, err))

    for variant in ("", "BYTES_ONLY"):
        out.append(("sdk thread-local storage %s" % (variant or "words"),
                    lambda variant=variant: tls(variant)))

    printf_want = sorted([
        "f 0.333333 3.333e-01 0.333333",
        "d 0.2857142857 2.857143e-01 0.285714 0x1.2492492492492p-2",
        "sqrt2 1.4142135623731 exp1 2.718281828459",
        "special inf -inf -0 inf"] +
        ["thread %d: %.2f %e" % (t, ((t + 1) * 0.25) ** 2, (t + 1) * 0.25 / (t + 3))
         for t in range(8)])

    def printf_float(march):
        elf = build("printf_float.c", "printf_float-%s.elf" % (march or "default"),
                    ["-march=" + march] if march else [])
        if march is None or march in ctx.marches:
            for model in MODELS:
                r = simty(ctx, elf, ["-m", model] + SHAPE)
                if r.status != 0 or r.lines() != printf_want:
                    raise Failure("printf_float %s %s: status %d, output\n%s%s" % (
                        march or "default", model, r.status, r.out, r.err))
        if not ctx.sanitized:
            st, out_, err = qemu(elf, 8)
            if st != 0 or sorted(out_.splitlines()) != printf_want:
                raise Failure("printf_float %s QEMU: status %d, output\n%s%s" % (
                    march or "default", st, out_, err))

    for march in [None] + sorted(set(ctx.marches) | set(programs.QEMU_MARCHES)):
        out.append(("sdk printf float %s" % (march or "default"),
                    lambda march=march: printf_float(march)))

    def qemu_variant(name, march, workload):
        if workload:
            st, out_, err = run([programs.QEMU_RUN, "--smp", "4", "--timeout", "200",
                                 programs.workload_elf(name, march)], timeout=300)
            if st != 0 or "%s: PASS" % name not in out_:
                raise Failure("%s %s QEMU: status %d\n%s%s" % (name, march, st, out_[-500:],
                                                               err[-500:]))
            return
        st, out_, err = qemu(programs.example_elf(name, "-O2", march), 4)
        ref = simty(ctx, programs.example_elf(name, "-O2"), ["-w", "2", "-t", "2"])
        if st != ref.status or sorted(out_.splitlines()) != ref.lines():
            raise Failure("%s -O2 %s on QEMU: status %d, output differs from the default "
                          "build on simty (status %d)\n--- QEMU\n%s--- simty\n%s" % (
                              name, march, st, ref.status, out_[-1500:], ref.out[-1500:]))

    if not ctx.sanitized:
        for march in programs.QEMU_MARCHES:
            for name in programs.example_names():
                out.append(("sdk %s example %s on QEMU" % (march, name),
                            lambda n=name, m=march: qemu_variant(n, m, False)))
            for name in programs.FP_WORKLOADS:
                out.append(("sdk %s workload %s on QEMU" % (march, name),
                            lambda n=name, m=march: qemu_variant(n, m, True)))

    def stock():
        d = os.path.join(programs.ROOT, "tests", "stock")
        elf = os.path.join(ctx.tmp, "stock-fpcheck.elf")
        p = subprocess.run([programs.GCC, "-march=rv32gc", "-mabi=ilp32d", "-O2",
                            "--specs=picolibc.specs", "-nostartfiles", "-Wl,--no-warn-rwx-segments",
                            "-T", os.path.join(d, "virt.ld"), os.path.join(d, "start.S"),
                            os.path.join(d, "fpcheck.c"), "-lm", "-o", elf],
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise Failure("building tests/stock failed:\n%s" % p.stderr)
        st, ref, err = qemu(elf, 1)
        if st != 0 or ref.count("\n") < 20:
            raise Failure("tests/stock on QEMU: status %d\n%s%s" % (st, ref, err))
        for model in MODELS:
            r = simty(ctx, elf, ["-m", model, "-w", "1", "-t", "1"])
            if r.status != 0 or r.out != ref:
                raise Failure("tests/stock on the %s model: status %d, output differs from "
                              "QEMU's:\n--- QEMU\n%s--- simty\n%s%s" % (model, r.status, ref,
                                                                       r.out, r.err))

    if not ctx.sanitized:
        out.append(("sdk stock rv32gc program (Debian toolchain, plain flags) = QEMU", stock))

    def interleave():
        elf = build("overflow.c", "overflow4.elf", ["-DDEPTH=4"])
        for model in MODELS:
            plain = simty(ctx, elf, ["-m", model, "-w", "4", "-t", "8"])
            inter = simty(ctx, elf, ["-m", model, "-w", "4", "-t", "8", "--stack-interleave"])
            if (plain.status, plain.out) != (inter.status, inter.out) or plain.status != 0:
                raise Failure("%s: --stack-interleave changes the result: %d %r / %d %r"
                              % (model, plain.status, plain.out, inter.status, inter.out))
            if model != "scalar" and not (inter.stats["replays_memory"]
                                          < plain.stats["replays_memory"]):
                raise Failure("%s: --stack-interleave: %d memory replays, %d without"
                              % (model, inter.stats["replays_memory"],
                                 plain.stats["replays_memory"]))
        r = simty(ctx, programs.asm_elf("bad", "illegal"), ["--stack-interleave"])
        if r.status != 126 or "needs an SDK program" not in r.err:
            raise Failure("--stack-interleave on a non-SDK program: status %d %r"
                          % (r.status, r.err))

    out.append(("sdk stack interleave", interleave))

    def qemu_limit():
        status, o, e = run([sys.executable, programs.QEMU_RUN, "--smp", "513",
                            programs.example_elf("hello", "-O2")])
        if status == 0 or "at most 512 harts" not in e:
            raise Failure("qemu_run.py --smp 513: status %d %r" % (status, e))

    out.append(("sdk qemu_run hart limit", qemu_limit))

    def readme():
        p = subprocess.run([sys.executable, os.path.join(programs.ROOT, "tools",
                                                         "docblocks.py"),
                            "--check", "--simty", ctx.simty], capture_output=True, text=True)
        if p.returncode != 0:
            raise Failure("the documentation differs from what the build prints "
                          "(tools/docblocks.py --update):\n%s%s" % (p.stdout, p.stderr))

    def docs_name_what_exists():
        """docs/design.md names only functions that exist (every identifier
        in backquotes with an underscore or parentheses is in the code, not
        just in a comment), and README lists every workload."""
        code = []
        for pattern in ("src/**/*.[ch]", "sdk/**/*.[chS]", "python/**/*.py", "tools/*.py"):
            for path in glob.glob(os.path.join(programs.ROOT, pattern), recursive=True):
                with open(path, errors="replace") as f:
                    text = f.read()
                if path.endswith(".py"):
                    text = re.sub(r"#[^\n]*", "", text)
                else:
                    text = re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", text, flags=re.S))
                code.append(text)
        code = "\n".join(code)
        with open(os.path.join(programs.ROOT, "docs", "design.md")) as f:
            design = f.read()
        names = {n for n, call in re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)(\(\))?`", design)
                 if "_" in n or call}
        gone = sorted(n for n in names if not re.search(r"\b%s\b" % re.escape(n), code))
        if gone:
            raise Failure("docs/design.md names what the code does not have: %s" % gone)
        with open(os.path.join(programs.ROOT, "README.md")) as f:
            readme_text = f.read()
        m = re.search(r"`workloads/` holds (\d+) self-checking SPMD programs(.*?)\n\n",
                      readme_text, re.S)
        workloads = sorted(os.path.basename(p)[:-2] for p in
                           glob.glob(os.path.join(programs.ROOT, "workloads", "*.c")))
        missing = [w for w in workloads if not m or not re.search(r"\b%s\b" % w, m.group(2))]
        if not m or int(m.group(1)) != len(workloads) or missing:
            raise Failure("README's workload list: %s programs said, %d in workloads/, "
                          "not named: %s" % (m and m.group(1), len(workloads), missing))

    out.append(("sdk documentation names what exists (design.md functions, README workloads)",
                docs_name_what_exists))
    if not ctx.sanitized:  # the figures are the same; the sanitizers only slow it down
        out.append(("sdk documentation figures", readme))
    def cc_cache():
        cache = os.path.join(ctx.tmp, "cc-cache")
        src = os.path.join(SDK, "libcalls.c")
        home = os.path.join(ctx.tmp, "cc-home")
        os.makedirs(home, exist_ok=True)

        def cc(name, flags=(), where=cache, driver=programs.SIMTY_CC):
            elf = os.path.join(ctx.tmp, name)
            p = subprocess.run([driver, "-O2"] + list(flags) + [src, "-o", elf],
                               capture_output=True, text=True, cwd=ctx.tmp,
                               env=dict(os.environ, SIMTY_CC_CACHE=where, HOME=home,
                                        XDG_CACHE_HOME=os.path.join(home, "xdg")))
            if p.returncode != 0:
                raise Failure("simty-cc %s (SIMTY_CC_CACHE=%s) failed: %s" % (
                    " ".join(flags), where, p.stderr))
            with open(elf, "rb") as f:
                return f.read()

        def entries():
            return sorted(e for e in os.listdir(cache) if not e.startswith("."))

        first = cc("cache1.elf")
        one = entries()
        again = cc("cache2.elf")
        if len(one) != 1 or entries() != one or again != first:
            raise Failure("cache: entries %s then %s, ELFs %s" % (
                one, entries(), "equal" if again == first else "differ"))
        e = os.path.join(cache, one[0])
        if not {"complete", "crt0.o", "runtime.o", "hostio.o"} <= set(os.listdir(e)):
            raise Failure("cache entry holds %s" % os.listdir(e))
        cc("cache3.elf", ["-march=rv32ima"])
        cc("cache4.elf", ["-fopenmp"])
        if len(entries()) != 3:
            raise Failure("cache: -march=rv32ima and -fopenmp builds made %s" % entries())
        # "off": nothing written, not in the working directory nor the home
        if cc("cache5.elf", where="off") != first or os.path.exists(
                os.path.join(ctx.tmp, "off")) or os.listdir(home):
            raise Failure("SIMTY_CC_CACHE=off: different ELF or a cache written (%s)"
                          % os.listdir(home))
        # a damaged entry (no complete mark, a truncated object) is rebuilt
        os.unlink(os.path.join(e, "complete"))
        with open(os.path.join(e, "crt0.o"), "wb"):
            pass
        if cc("cache6.elf") != first or not os.path.exists(os.path.join(e, "complete")):
            raise Failure("cache: a damaged entry changed the ELF or was not repaired")
        # a cache that cannot be created: built in the temporary directory
        blocker = os.path.join(ctx.tmp, "cc-cache-file")
        with open(blocker, "w"):
            pass
        if cc("cache7.elf", where=os.path.join(blocker, "sub")) != first:
            raise Failure("cache in an unusable place: different ELF")
        # a change to the SDK's runtime makes a new entry (a copy of sdk/)
        import shutil
        copy = os.path.join(ctx.tmp, "sdk-copy")
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(os.path.dirname(programs.SIMTY_CC), copy)
        with open(os.path.join(copy, "runtime.c"), "a") as f:
            f.write("\nint simty_cache_test_marker;\n")
        before = entries()
        cc("cache8.elf", driver=os.path.join(copy, "simty-cc"))
        if len(entries()) != len(before) + 1:
            raise Failure("cache: an edited runtime.c reused an entry (%s then %s)"
                          % (before, entries()))

    out.append(("sdk cc cache", cc_cache))
    return out
