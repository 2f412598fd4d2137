"""Sampled simulation, simty run --sample (the sampling group, issue 35
item 5; docs/sampling.md): the guest's output and exit status are those of
a full run, --stats-json has its "sample" object, the estimate of a
steady-state kernel lies within 5% of the full cycle-model run, and bad
values and options it cannot combine with are refused with one line and
status 125.  A few seconds."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import programs  # noqa: E402
import speed  # noqa: E402  (bench/speed.py builds the benchmark kernels)

DDR = ["--memory", "ddr4-3200"]
KEYS = ("interval", "window", "warmup", "windows", "units", "measured_cycles",
        "measured_instructions", "detailed_cycles", "instructions", "estimate", "ci95_low",
        "ci95_high", "rel_error", "ipc", "ipc_low", "ipc_high", "thread_ipc", "simd_efficiency",
        "spin_share")


def tests(ctx, run, simty, Failure):
    def same_as_full(name, shape, extra):
        def check():
            elf = programs.workload_elf(name)
            full = simty(ctx, elf, shape + DDR)
            smp = simty(ctx, elf, shape + DDR + ["--sample"] + extra)
            if (smp.status, smp.out) != (full.status, full.out):
                raise Failure("--sample changed the guest's results: status %d -> %d, "
                              "output %r -> %r" % (full.status, smp.status, full.out[-300:],
                                                   smp.out[-300:]))
            s = (smp.stats or {}).get("sample")
            if not s or any(k not in s for k in KEYS):
                raise Failure("--stats-json has no complete \"sample\" object: %r" % s)
            if s["windows"] < 2 or s["estimate"] is None or s["ci95_low"] is None:
                raise Failure("expected an estimate with an interval: %r" % s)
            if not s["ci95_low"] <= s["estimate"] <= s["ci95_high"]:
                raise Failure("the estimate lies outside its own interval: %r" % s)
            if "sample" in (full.stats or {}):
                raise Failure("a full run's statistics have a \"sample\" object")
        return check

    def steady_state():
        elf = speed.build("uniform")
        shape = ["-w", "8", "-t", "32"]
        full = simty(ctx, elf, shape)
        smp = simty(ctx, elf, shape + ["--sample", "--sample-interval", "50000"])
        s = smp.stats["sample"]
        cycles = full.stats["cycles"]
        err = abs(s["estimate"] - cycles) / cycles
        if err > 0.05 or smp.status != full.status:
            raise Failure("uniform 8x32: estimate %.0f for %d cycles (%.2f%% off), status %d/%d"
                          % (s["estimate"], cycles, 100 * err, smp.status, full.status))
        # the same with the memory hierarchy: caches warmed by the fast-forward
        full = simty(ctx, elf, shape + DDR)
        smp = simty(ctx, elf, shape + DDR + ["--sample", "--sample-interval", "50000"])
        err = abs(smp.stats["sample"]["estimate"] - full.stats["cycles"]) / full.stats["cycles"]
        if err > 0.05:
            raise Failure("uniform 8x32 ddr4-3200: estimate %.2f%% off" % (100 * err))

    def text_report():
        elf = programs.workload_elf("vecadd")
        status, out, err = run([ctx.simty, "run", "--stats", "--sample", "--sample-interval",
                                "3000", "-w", "4", "-t", "8", elf])
        for want in ("  sampled ", "  estimated cycles     ", "95% CI", "  estimated IPC "):
            if want not in err:
                raise Failure("--stats --sample printed no %r:\n%s" % (want, err[-1500:]))

    def too_short():
        # a run that ends before its first window: no estimate, said so
        elf = programs.example_elf("hello", "-O2")
        r = simty(ctx, elf, ["--sample"])
        s = (r.stats or {}).get("sample")
        if r.status != 0 or not s or s["windows"] != 0 or s["estimate"] is not None:
            raise Failure("a run shorter than the interval: status %d, sample %r" % (r.status, s))
        status, out, err = run([ctx.simty, "run", "--stats", "--sample", elf])
        if "the run ended before its first window" not in err:
            raise Failure("--stats did not say that no window was measured:\n%s" % err[-800:])

    def spin_warning():
        # a spin-heavy program: the estimate is not to be trusted, and --stats says so
        elf = programs.workload_elf("spinlock")
        status, out, err = run([ctx.simty, "run", "--stats", "--sample", "--sample-interval",
                                "5000", "-w", "4", "-t", "8", elf])
        if status != 0 or "of the warp-instructions spin (detected spin loops)" not in err:
            raise Failure("spinlock --sample --stats: status %d, no spin warning:\n%s"
                          % (status, err[-1500:]))
        elf = programs.workload_elf("matmul")
        status, out, err = run([ctx.simty, "run", "--stats", "--sample", "--sample-interval",
                                "5000", "-w", "4", "-t", "8", elf])
        if "spin (detected spin loops)" in err:
            raise Failure("matmul --sample --stats: a spin warning without spin loops")

    def refused():
        elf = programs.example_elf("hello", "-O2")
        kanata = os.path.join(ctx.tmp, "sample.kanata")
        for args, pattern in (
                (["--sample", "--sample-interval", "0"],
                 "--sample-interval: expected a number of warp-instructions, 1..2^40, got '0'"),
                (["--sample", "--sample-window", "0"],
                 "--sample-window: expected a number of warp-instructions, 1..2^40, got '0'"),
                (["--sample", "--sample-warmup", "x"],
                 "--sample-warmup: expected a number of warp-instructions, 0..2^40, got 'x'"),
                (["--sample-interval", "1000"],
                 "--sample-interval, --sample-window and --sample-warmup need --sample"),
                (["--sample", "--model", "simt"],
                 "--sample estimates the cycle model's cycles: it needs --model cycle"),
                (["--sample", "--cores", "2"], "--sample supports one core (got --cores 2)"),
                (["--sample", "--trace-kanata", kanata],
                 "--sample and --trace-kanata: a Kanata trace needs every cycle"),
                (["--sample", "--gdb", "0"],
                 "--sample and --gdb: a debugger session is not sampled"),
                (["--sample", "--checkpoint-at", "1000", "--checkpoint",
                  os.path.join(ctx.tmp, "sample.ck")],
                 "--sample and --checkpoint: a sampled run switches models"),
                (["--sample", "--restore", elf],
                 "--sample and --restore: a sampled run switches models")):
            cmd = [ctx.simty, "run"] + args + ([] if "--restore" in args else [elf])
            status, out, err = run(cmd, timeout=60)
            lines = err.strip().splitlines()
            if status != 125 or len(lines) != 1 or pattern not in lines[0]:
                raise Failure("%s: status %d, expected 125 and one line with %r:\n%s"
                              % (" ".join(cmd[2:]), status, pattern, err[-500:]))

    return [("sampling histogram 8x4: same output and status as a full run, JSON keys",
             same_as_full("histogram", ["-w", "8", "-t", "4"], ["--sample-interval", "4000"])),
            ("sampling reduction 4x8: same output and status as a full run, JSON keys",
             same_as_full("reduction", ["-w", "4", "-t", "8"], ["--sample-interval", "4000"])),
            ("sampling bfs 8x8: same output and status as a full run, JSON keys",
             same_as_full("bfs", ["-w", "8", "-t", "8"],
                          ["--sample-interval", "3000", "--sample-warmup", "0"])),
            ("sampling uniform 8x32: estimate within 5% of the full run", steady_state),
            ("sampling --stats: the estimate's lines", text_report),
            ("sampling a run shorter than the interval: no estimate", too_short),
            ("sampling spinlock: --stats warns of spin loops", spin_warning),
            ("sampling bad values and options it cannot combine with: status 125", refused)]
