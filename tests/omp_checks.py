"""OpenMP and pthreads on simty (tests/omp/*.c, issue 33 items 2 and 3).

Every program is self-checking: it prints one "NAME: ok" line per check
(the same lines at every shape) and exits 0, or prints "NAME: WRONG" and
exits 1. Built with `sdk/simty-cc -fopenmp` (team mode), pthreads.c with
-pthread, parloops.c with -ftree-parallelize-loops=4. Each runs:

- on every model at 1x1, 8x4, 8x32 and 2 cores of 8x8, with the output
  and status of the scalar model at 1x1; the short ones also on two host
  threads (2 cores of 2x2: --host-threads hands the cores' work over every
  cycle, which is slow on a loaded host);
- critical.c and pthreads.c (threads of one warp waiting for a lock held
  by a warp mate) also with --progress off: the runtime's own waits sleep
  in the barrier CSR or wrs.nto, never relying on the scheduler;
- on QEMU at -smp 8 and 1 (the runtime's wrs mode: no barrier CSR there).

A team-mode program's exit status is main's (exit ends the parked
workers through the finisher), on simty and QEMU. And team mode's
link-time guard: code compiled with -fopenmp but linked
without it fails naming the missing entry point, never at run time.
"""

import glob
import os
import subprocess

import programs

SHAPES = [(1, 1, 1), (1, 8, 4), (1, 8, 32), (2, 8, 8)]  # (cores, warps, threads)
MODELS = ("scalar", "simt", "cycle")
PROGRESS_OFF = ("critical", "pthreads")
HOST_THREADS = ("pthreads", "single", "api")
QEMU_SMP = (8, 1)
FLAGS = {"pthreads": ["-pthread"], "parloops": ["-ftree-parallelize-loops=4"]}


def names():
    return sorted(os.path.basename(p)[:-2]
                  for p in glob.glob(os.path.join(programs.ROOT, "tests", "omp", "*.c")))


def team_files():
    sdk = os.path.join(programs.ROOT, "sdk")
    return programs.sdk_files() + glob.glob(os.path.join(sdk, "omp", "*")) + \
        glob.glob(os.path.join(sdk, "omp", "include", "*"))


def build(name):
    src = os.path.join(programs.ROOT, "tests", "omp", name + ".c")
    # (build/guest/omp holds the workloads/omp programs: omp_programs_checks.py)
    out = os.path.join(programs.GUEST, "omp-tests", name + ".elf")
    deps = [src, os.path.join(programs.ROOT, "tests", "omp", "check.h")] + team_files()
    if programs.stale(out, deps):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        programs._run([programs.SIMTY_CC] + FLAGS.get(name, ["-fopenmp"]) +
                      ["-Wall", "-Wextra", "-Werror", src, "-o", out], out)
    return out


def shape_args(c, w, t):
    return (["--cores", str(c)] if c > 1 else []) + ["-w", str(w), "-t", str(t)]


def check_output(Failure, what, status, out, err):
    lines = out.splitlines()
    if status != 0 or not lines or any(not ln.endswith(": ok") for ln in lines):
        raise Failure("%s: status %d\n%s%s" % (what, status, out[-2000:], err[-1000:]))


def tests(ctx, run, simty, Failure):
    result = []
    for name in names():
        def t(name=name):
            try:
                elf = build(name)
            except RuntimeError as e:
                raise Failure(str(e))
            ref = None
            runs = [(m, s, []) for s in SHAPES for m in MODELS]
            if name in HOST_THREADS:
                runs.append(("cycle", (2, 2, 2), ["--host-threads", "2", "--host-threads-min", "1"]))
            if name in PROGRESS_OFF:
                runs += [(m, s, ["--progress", "off"]) for s in SHAPES[1:3]
                         for m in ("simt", "cycle")]
            for model, (c, w, tt), extra in runs:
                what = "%s %s %dx%dx%d %s" % (name, model, c, w, tt, " ".join(extra))
                r = simty(ctx, elf, ["-m", model] + shape_args(c, w, tt) + extra,
                          timeout=300)
                check_output(Failure, what, r.status, r.out, r.err)
                if ref is None:
                    ref = r.out
                elif r.out != ref:
                    raise Failure("%s: output differs from scalar 1x1:\n%s--- ref\n%s"
                                  % (what, r.out, ref))
            if ctx.sanitized:
                return  # QEMU is not what the sanitizers check
            for smp in QEMU_SMP:
                status, out, err = run([programs.QEMU_RUN, "--smp", str(smp), "--timeout",
                                        "120", elf], timeout=200)
                if status == 124:
                    raise Failure("%s: QEMU -smp %d timed out" % (name, smp))
                check_output(Failure, "%s QEMU -smp %d" % (name, smp), status, out, err)
                if out != ref:
                    raise Failure("%s QEMU -smp %d: output differs:\n%s--- simty\n%s"
                                  % (name, smp, out, ref))
        result.append(("omp %s" % name, t))

    def link_guard():
        src = os.path.join(programs.ROOT, "tests", "omp", "reduction.c")
        obj = os.path.join(ctx.tmp, "omp-guard.o")
        elf = os.path.join(ctx.tmp, "omp-guard.elf")
        status, out, err = run([programs.SIMTY_CC, "-fopenmp", "-c", src, "-o", obj])
        if status != 0:
            raise Failure("compiling with -fopenmp -c failed:\n" + err)
        status, out, err = run([programs.SIMTY_CC, obj, "-o", elf])
        if status == 0 or "GOMP_parallel" not in err or "-fopenmp" not in err:
            raise Failure("linking OpenMP code without -fopenmp: status %d, expected a "
                          "link error naming GOMP_parallel and -fopenmp:\n%s" % (status, err))
    result.append(("omp link guard (-fopenmp code linked without -fopenmp)", link_guard))

    def build_source(name, text):
        """Writes NAME.c and builds it with simty-cc -fopenmp: (status,
        stderr, the ELF's path)."""
        src = os.path.join(ctx.tmp, name + ".c")
        elf = os.path.join(ctx.tmp, name + ".elf")
        with open(src, "w") as f:
            f.write(text)
        status, _out, err = run([programs.SIMTY_CC, "-fopenmp", src, "-o", elf])
        return status, err, elf

    def unsupported():
        # what the runtime leaves out (sdk/README.md: doacross loops) fails
        # at link time naming the entry points, never at run time
        status, err, elf = build_source(
            "omp-doacross", "#include <stdio.h>\nint a[100];\nint main(void)\n{\n"
            "#pragma omp parallel for ordered(1)\n"
            "    for (int i = 1; i < 100; i++) {\n"
            "#pragma omp ordered depend(sink: i - 1)\n"
            "        a[i] = a[i - 1] + 1;\n"
            "#pragma omp ordered depend(source)\n    }\n"
            "    printf(\"%d\\n\", a[99]);\n    return 0;\n}\n")
        names = ("GOMP_loop_doacross_static_start", "GOMP_doacross_wait", "GOMP_doacross_post")
        if status == 0 or os.path.exists(elf) or \
                not all("undefined reference to `%s'" % n in err for n in names):
            raise Failure("a doacross loop: status %d, expected a link error naming %s:\n%s"
                          % (status, ", ".join(names), err[-1500:]))
    result.append(("omp unsupported construct fails at link time (doacross)", unsupported))

    def exit_code():
        status, err, elf = build_source(
            "omp-exit", "#include <omp.h>\n#include <stdio.h>\nint main(void)\n{\n"
            "    int n = 0;\n#pragma omp parallel\n    if (omp_get_thread_num() == 0)\n"
            "        n = omp_get_num_threads();\n    printf(\"%d\\n\", n);\n"
            "    return 7;\n}\n")
        if status != 0:
            raise Failure("building omp-exit.c failed:\n" + err)
        r = simty(ctx, elf, ["-m", "cycle", "-w", "2", "-t", "4"])
        if r.status != 7 or r.out != "8\n":
            raise Failure("simty: status %d (want 7), output %r" % (r.status, r.out))
        if not ctx.sanitized:
            status, out, err = run([programs.QEMU_RUN, "--smp", "2", "--timeout", "60", elf],
                                   timeout=100)
            if status != 7 or out != "2\n":
                raise Failure("QEMU: status %d (want 7), output %r" % (status, out))
    result.append(("omp exit status is main's", exit_code))
    return result
