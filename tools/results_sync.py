"""The synchronisation section of docs/RESULTS.md (docs/progress.md):
measured by tools/results.py through run(), written by section().

Four experiments, every figure from `simty run --stats-json`:
  barrier  the suite with the hardware barrier (the SDK's simty_barrier) and
           with the SDK's software barrier (-DSIMTY_SOFTWARE_BARRIER), next
           to the figures of the report before the hardware barrier
           (docs/results/before-sync-suite.csv, the suite.csv that
           `make results` wrote at commit d00f9c3);
  neutral  the suite with the forward-progress scheduler on and off: the
           region of interest must not change, with no turn and no spin
           detection (a detection on these programs would be a false one);
  suite    the forward-progress programs (tests/progress): result, cycles,
           turns, detections, largest starvation next to the bound;
  locks    the lock-heavy workloads with and without the spin detector, and
           with `pause` in their spin loops.
"""

import csv
import json
import os
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEFORE_CSV = os.path.join(ROOT, "docs", "results", "before-sync-suite.csv")
LOCK_WORKLOADS = ("spinlock", "lock_histogram", "lock_hash", "work_queue")
PAUSE_FLAG = "-DSPIN_HINT()=simty_pause()"
# runs without the spin detector rely on the threshold turns alone: they are
# slow by design, so they get a cycle limit (cfg.no_detector_limit, reported
# as "> limit")


def progress_names():
    d = os.path.join(ROOT, "tests", "progress")
    return sorted(f[:-2] for f in os.listdir(d) if f.endswith(".c"))


def simty_stats(simty, elf, args, timeout=3600):
    """Runs one program; returns (exit status, stats dict or None)."""
    fd, js = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        p = subprocess.run([simty, "run", "--stats-json", js] + args + [elf],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout)
        try:
            with open(js) as f:
                return p.returncode, json.load(f)
        except (OSError, ValueError):
            return p.returncode, None
    finally:
        os.unlink(js)


def shape_args(shape):
    w, t = shape.split("x")
    return ["-w", w, "-t", t]


def run(args, cfg, build, names, build_suite, log):
    """Builds the variants and runs the four experiments; returns a dict of
    row lists for section().  build_suite(names, flags, outdir, jobs,
    use_defaults) is tools/results.py's builder."""
    shapes = cfg.sync_shapes
    plain = [n for n in names if n not in LOCK_WORKLOADS]
    locks = [n for n in LOCK_WORKLOADS if n in names]
    log("synchronisation: building the software-barrier and pause variants")
    hw = dict(zip(plain, build_suite(plain, "", os.path.join(build, "default"), args.jobs, True)))
    sw = dict(zip(plain, build_suite(plain, "-DSIMTY_SOFTWARE_BARRIER",
                                     os.path.join(build, "sw-barrier"), args.jobs, True)))
    lk = dict(zip(locks, build_suite(locks, "", os.path.join(build, "default"), args.jobs, True)))
    lp = dict(zip(locks, build_suite(locks, PAUSE_FLAG, os.path.join(build, "pause"),
                                     args.jobs, True)))
    prog_names = progress_names() if not cfg.quick else ["tas_lock", "never_flag"]
    prog = {n: build_progress(n, build) for n in prog_names}

    jobs = []  # (key, elf, args)
    for n in plain:
        for s in shapes:
            jobs.append((("barrier", n, s, "hw"), hw[n], shape_args(s)))
            jobs.append((("barrier", n, s, "sw"), sw[n], shape_args(s)))
            jobs.append((("neutral", n, s, "off"), hw[n], shape_args(s) + ["--progress", "off"]))
    for n in prog_names:
        for s in cfg.progress_shapes:
            jobs.append((("suite", n, s), prog[n], shape_args(s)))
    for n in locks:
        for s in shapes:
            jobs.append((("locks", n, s, "detector"), lk[n], shape_args(s)))
            jobs.append((("locks", n, s, "pause"), lp[n], shape_args(s)))
            jobs.append((("locks", n, s, "pause, no detector"), lp[n],
                         shape_args(s) + ["--spin-detect", "off", "--max-cycles",
                                          str(cfg.no_detector_limit)]))
        s = shapes[0]
        jobs.append((("locks", n, s, "no detector"), lk[n],
                     shape_args(s) + ["--spin-detect", "off", "--max-cycles",
                                      str(cfg.no_detector_limit)]))
        jobs.append((("locks", n, s, "no detector, threshold 4096"), lk[n],
                     shape_args(s) + ["--spin-detect", "off", "--progress-threshold", "4096",
                                      "--max-cycles", str(cfg.no_detector_limit)]))
    log("synchronisation: %d runs" % len(jobs))
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = [(k, pool.submit(simty_stats, args.simty, e, a)) for k, e, a in jobs]
        res = {k: f.result() for k, f in futs}
    return {"res": res, "plain": plain, "locks": locks, "progress": prog_names,
            "shapes": shapes, "progress_shapes": cfg.progress_shapes,
            "limit": cfg.no_detector_limit}


def build_progress(name, build):
    out = os.path.join(build, "progress", name + ".elf")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    src = os.path.join(ROOT, "tests", "progress", name + ".c")
    p = subprocess.run([os.path.join(ROOT, "sdk", "simty-cc"), "-Wall", "-Wextra", "-Werror",
                        "-o", out, src], capture_output=True, text=True)
    if p.returncode:
        raise SystemExit("results: building %s failed:\n%s" % (src, p.stderr))
    return out


# ------------------------------------------------------------- report --

def roi(st):
    return st["roi"] if st and st.get("roi") else st


def executed(r):
    return r["warp_instructions"] - r.get("squashed", 0)


def barrier_share(r):
    return r.get("barrier_slots", 0) / max(executed(r), 1)


def before_rows():
    if not os.path.exists(BEFORE_CSV):
        return {}
    out = {}
    with open(BEFORE_CSV) as f:
        for r in csv.DictReader(f):
            out[(r["workload"], "%dx%d" % (float(r["warps"]), float(r["threads"])))] = r
    return out


def fmt_int(v):
    return "{:,}".format(int(v))


def pct(x):
    return "%.1f%%" % (100.0 * x)


def section(m, md_table, num):
    """The report section (a list of markdown paragraphs), CSV rows, and the
    runs that did not behave as expected (results.py's `failed` entries)."""
    res, plain, shapes, limit = m["res"], m["plain"], m["shapes"], m["limit"]
    failed = []

    def fail(n, s, what):
        w, t = s.split("x")
        failed.append({"workload": n, "warps": int(w), "threads": int(t), "result": what})
    big = shapes[-1]
    before = before_rows()
    R, rows = [], []
    R.append("## %d. Synchronisation and forward progress\n" % num)
    R.append("docs/progress.md describes the mechanisms. All runs: cycle model, default "
             "policies; figures cover the region of interest.\n")

    # barrier
    R.append("### Barrier: hardware versus software\n")
    hdr = ["workload", "before: barrier share", "before: slots", "before: cycles",
           "software: slots", "software: cycles", "hardware: barrier share",
           "hardware: slots", "hardware: cycles"]
    table, shares_before, shares_after = [], [], []
    for n in plain:
        stw, sts = res[("barrier", n, big, "hw")][1], res[("barrier", n, big, "sw")][1]
        b = before.get((n, big))
        if not stw or not sts or stw["exit_reason"] != "exit" or sts["exit_reason"] != "exit":
            table.append([n] + ["run failed"] * 8)
            fail(n, big, "barrier experiment run failed")
            continue
        hw, sw = roi(stw), roi(sts)
        if b:
            shares_before.append(float(b["barrier_share"]))
            b_slots = float(b["warp_instructions"]) - float(b["squashed"])
        shares_after.append(barrier_share(hw))
        table.append([n, pct(float(b["barrier_share"])) if b else "-",
                      fmt_int(b_slots) if b else "-", fmt_int(float(b["cycles"])) if b else "-",
                      fmt_int(executed(sw)), fmt_int(sw["cycles"]), pct(barrier_share(hw)),
                      fmt_int(executed(hw)), fmt_int(hw["cycles"])])
        rows.append({"experiment": "barrier", "program": n, "shape": big,
                     "before_cycles": b["cycles"] if b else "", "sw_cycles": sw["cycles"],
                     "hw_cycles": hw["cycles"], "hw_barrier_share": barrier_share(hw)})
    R.append("At %s. *before*: the report before the hardware barrier existed, when "
             "`simty_barrier()` spun in software (its libraries also differed: rv32ia, "
             "see section 1); *software barrier*: today's build with "
             "`-DSIMTY_SOFTWARE_BARRIER`, a counting barrier under an SDK lock whose "
             "waiters spin with `pause`; *hardware*: the default `simty_barrier()`, one "
             "write of CSR 0x800. *slots*: executed issue slots; *barrier share*: slots "
             "spent in the barrier (before: in the SDK's wait routine; hardware: the "
             "arrival slots) over executed slots.\n" % big)
    R.append(md_table(hdr, table) + "\n")
    if shares_after:
        R.append("Mean barrier share at %s: %s before, %s with the hardware barrier "
                 "(the goal was 3%% at most). Parked warps stop issuing, so the slots "
                 "their waits took are gone; cycles fall less, because fetch steering "
                 "visits warps in strict round robin (spec section 5, as in the RTL): a "
                 "warp left alone with serial work still gets one slot every W cycles "
                 "whether the others spin or are parked. The saved slots are energy, and "
                 "time only where other warps had work to issue.\n" % (
                     big, pct(sum(shares_before) / len(shares_before)) if shares_before
                     else "-", pct(sum(shares_after) / len(shares_after))))

    # neutrality
    R.append("### The scheduler on code that does not spin\n")
    hdr = ["workload"] + ["%s cycles (off / on)" % s for s in shapes] + [
        "turns (ROI / run)", "spin detections (ROI / run)"]
    table, diff, turns_roi, det = [], 0, 0, 0
    for n in plain:
        cells = [n]
        t_roi = t_run = d_roi = d_run = 0
        for s in shapes:
            on, off = res[("barrier", n, s, "hw")][1], res[("neutral", n, s, "off")][1]
            if not on or not off or off["exit_reason"] != "exit":
                cells.append("run failed")
                fail(n, s, "--progress off run failed")
                continue
            c_on, c_off = roi(on)["cycles"], roi(off)["cycles"]
            diff += c_on != c_off
            cells.append("%s / %s" % (fmt_int(c_off), fmt_int(c_on)) if c_on != c_off
                         else "%s (same)" % fmt_int(c_on))
            t_roi += roi(on).get("progress_triggers", 0)
            t_run += on["progress_triggers"]
            d_roi += roi(on).get("spin_detections", 0)
            d_run += on["spin_detections"]
        turns_roi += t_roi
        det += d_run
        cells += ["%d / %d" % (t_roi, t_run), "%d / %d" % (d_roi, d_run)]
        table.append(cells)
    R.append("`--progress on` (the default) against `--progress off` (the paper's pure "
             "priority) on the suite. Region-of-interest cycles that differ: %d of %d; "
             "turns inside regions of interest: %d; spin detections (false ones: these "
             "programs never wait for a thread): %d.\n" % (
                 diff, len(plain) * len(shapes), turns_roi, det))
    R.append(md_table(hdr, table) + "\n")
    R.append("Turns outside the region of interest come from the sequential self-check "
             "at the end of each workload: thread 0 checks for hundreds of thousands of "
             "commits while its warp mates wait to return from `main` at a lower "
             "priority, and after %s commits they get a turn and exit. That is the "
             "scheduler doing its job on a legitimate wait; it happens after the region "
             "of interest closes.\n" % fmt_int(262144))

    # the forward-progress suite
    R.append("### The forward-progress suite\n")
    hdr = ["program"] + ["%s cycles" % s for s in m["progress_shapes"]] + [
        "turns", "spin detections", "max starvation", "bound"]
    table = []
    for n in m["progress"]:
        cells = [n]
        tr = dt = st_max = bound = 0
        for s in m["progress_shapes"]:
            status, st = res[("suite", n, s)]
            if not st:
                cells.append("status %d" % status)
                fail(n, s, "progress suite: status %d" % status)
                continue
            want = "deadlock" if n.startswith("never_") else "exit"
            ok = st["exit_reason"] == want and (status == 0) == (want == "exit")
            if not ok:
                fail(n, s, "progress suite: %s" % st["exit_reason"])
            cells.append(("%s" % fmt_int(st["cycles"])) + ("" if ok else " (%s!)" %
                                                           st["exit_reason"]) +
                         (" deadlock" if want == "deadlock" and ok else ""))
            tr += st["progress_triggers"]
            dt += st["spin_detections"]
            st_max = max(st_max, st["max_starvation"])
            bound = max(bound, st["starvation_bound"])
            rows.append({"experiment": "suite", "program": n, "shape": s,
                         "exit_reason": st["exit_reason"], "cycles": st["cycles"],
                         "turns": st["progress_triggers"],
                         "spin_detections": st["spin_detections"],
                         "max_starvation": st["max_starvation"],
                         "starvation_bound": st["starvation_bound"]})
        cells += [str(tr), fmt_int(dt), fmt_int(st_max), fmt_int(bound)]
        table.append(cells)
    R.append("Every program of `tests/progress` (plain C spin waits, no hint) on the "
             "cycle model; `never_*` wait for something no thread provides and must be "
             "reported as deadlocks. *max starvation*: the most commits a runnable path "
             "waited before it issued, over the shapes; *bound*: the guarantee of "
             "docs/progress.md at the widest shape.\n")
    R.append(md_table(hdr, table) + "\n")

    # lock-heavy kernels
    if m["locks"]:
        R.append("### Lock-heavy kernels and the spin detector\n")
        variants = ["detector", "no detector", "no detector, threshold 4096", "pause",
                    "pause, no detector"]
        hdr = ["kernel", "shape"] + variants + ["detector speed-up"]
        table = []
        for n in m["locks"]:
            for s in shapes:
                cells, cyc = [n, s], {}
                for v in variants:
                    got = res.get(("locks", n, s, v))
                    if not got:
                        cells.append("-")
                        continue
                    status, st = got
                    if st and st["exit_reason"] == "exit" and status == 0:
                        cyc[v] = roi(st)["cycles"]
                        cells.append(fmt_int(cyc[v]))
                    elif st and st["exit_reason"] == "max_cycles" and "no detector" in v:
                        cells.append("> %s" % fmt_int(limit))
                        cyc[v] = None
                    else:
                        cells.append("failed (%s)" % (st["exit_reason"] if st else status))
                        fail(n, s, "lock kernel (%s): %s" % (
                            v, st["exit_reason"] if st else "status %d" % status))
                base = cyc.get("no detector")
                cells.append("%.0fx" % (base / cyc["detector"]) if base and cyc.get("detector")
                             else "> %.0fx" % (limit / cyc["detector"])
                             if "no detector" in cyc and cyc.get("detector") else "-")
                table.append(cells)
                rows.append({"experiment": "locks", "program": n, "shape": s,
                             **{v: cyc.get(v, "") for v in variants}})
        R.append("Region-of-interest cycles of the spin lock (test-and-set) and the "
                 "lock-heavy workloads (plain C test-and-test-and-set locks). *no detector*: `--spin-detect off`, so an "
                 "in-warp lock hand-off waits for a threshold turn (262,144 commits; runs "
                 "only at %s, with a cycle limit); *threshold 4096*: the same with "
                 "`--progress-threshold 4096`; *pause*: built with `pause` in the spin "
                 "loops (`%s`). The BOWS goal was 1.5x fewer cycles with the detector "
                 "than without.\n" % (shapes[0], PAUSE_FLAG))
        R.append(md_table(hdr, table) + "\n")
    return R, rows, failed
