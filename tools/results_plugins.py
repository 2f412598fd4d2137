"""Section 14 of the results report: the plug-ins of issue 34 against the
defaults on every workload (tools/results.py; docs/paths.md, docs/pipeline.md
"Fetch steering", docs/memory.md "Replacement").  Every figure comes from
`simty bench` on the cycle model and covers the region of interest:

- reconvergence: --paths hct (default), ideal, ipdom at 8x32;
- fetch steering: --steering rr (default), skip-idle, gto at 8x32 and 64x16;
- cache replacement: every cache (L1I, L1D, L2) on lru (default), fifo,
  random, srrip, under --memory ddr4-3200 with a 64 KiB L2 (so that the L2's
  policy matters too) at 8x32.

Cycles are exact and the same on every host; a point that does not pass
(the workload's own check) is reported and fails the report."""

import csv
import io
import subprocess

REPL_MEMORY = ["--memory", "ddr4-3200", "--mem-set", "l2.size=64K"]


def bench(simty, jobs, args, elfs):
    """simty bench's CSV rows, or a one-line error (str)."""
    cmd = [simty, "bench", "-f", "csv", "-q", "-j", str(jobs), "-m", "cycle"] + args + elfs
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        return "simty bench %s: status %d: %s" % (" ".join(args), p.returncode,
                                                    p.stderr.strip()[-300:])
    return list(csv.DictReader(io.StringIO(p.stdout)))


def registered(simty):
    """{kind: [names, default first]} from `simty plugins` (the registry,
    src/registry/plugins.c): a policy added there is measured with no change
    here; or a one-line error (str)."""
    p = subprocess.run([simty, "plugins"], capture_output=True, text=True)
    if p.returncode != 0:
        return "simty plugins: status %d: %s" % (p.returncode, p.stderr.strip()[-300:])
    kinds = {}
    for line in p.stdout.splitlines():
        f = line.split()
        if len(f) >= 2:
            kinds.setdefault(f[0], []).append(f[1])
    return kinds


def run(args, names, elf, log, quick=False):
    """Measures; returns ({(kind, policy, workload, shape): row}, wide
    shapes, both shapes, the policies of each kind), or a one-line error
    (str)."""
    wide = ["8x4"] if quick else ["8x32"]
    both = ["8x4"] if quick else ["8x32", "64x16"]
    elfs = [elf[n] for n in names]
    kinds = registered(args.simty)
    if isinstance(kinds, str):
        return kinds
    PATHS, STEERINGS, REPLACEMENTS = (kinds.get(k, []) for k in
                                      ("paths", "steering", "replacement"))
    if not (PATHS and STEERINGS and REPLACEMENTS):
        return "simty plugins lists no paths, steering or replacement policy"
    res = {}
    jobs = [("paths", ["--shapes", ",".join(wide), "--paths", ",".join(PATHS)], "paths")]
    jobs.append(("steering", ["--shapes", ",".join(both), "--steering", ",".join(STEERINGS)],
                 "steering"))
    for pol in REPLACEMENTS:
        sets = [a for c in ("l1i", "l1d", "l2")
                for a in ("--mem-set", "%s.replacement=%s" % (c, pol))]
        jobs.append(("replacement", ["--shapes", ",".join(wide)] + REPL_MEMORY + sets, pol))
    for kind, bargs, key in jobs:
        log("plug-ins: %s %s, %d workloads" % (kind, key if kind == "replacement" else
                                               "policies", len(names)))
        rows = bench(args.simty, args.jobs, bargs, elfs)
        if isinstance(rows, str):
            return rows
        for r in rows:
            pol = r[key] if kind != "replacement" else key
            res[kind, pol, r["workload"], "%sx%s" % (r["warps"], r["threads"])] = r
    return res, wide, both, (PATHS, STEERINGS, REPLACEMENTS)


def section(res, n, names, md_table, gmean, note=""):
    """The section's lines, and the points that did not pass."""
    title = "## %d. Plug-ins against the defaults: reconvergence, fetch steering, " \
            "cache replacement\n" % n
    if isinstance(res, str):
        return [title, note + "**Not measured: %s**\n" % res], ["plug-ins: " + res]
    res, wide, both, (PATHS, STEERINGS, REPLACEMENTS) = res
    failed = ["%s %s %s %s: %s" % (k[0], k[1], k[2], k[3], r["result"])
              for k, r in sorted(res.items()) if r["ok"] != "1"]

    def cyc(kind, pol, w, shape):
        r = res.get((kind, pol, w, shape))
        return int(r["cycles"]) if r else 0

    def eff(kind, pol, w, shape):
        r = res.get((kind, pol, w, shape))
        return float(r["simd_efficiency"]) if r else 0.0

    def ratio(kind, pol, base, w, shape):
        a, b = cyc(kind, pol, w, shape), cyc(kind, base, w, shape)
        return a / b if a and b else 0.0

    R = [title]
    R.append(note + "The policies a user picks by name (`simty plugins`; docs/design.md "
             "\"Plug-ins\") against each kind's default, on every workload, cycle model, "
             "region of interest. A ratio is the policy's cycles over the default's (below "
             "1: faster). The policies change timing (and, for reconvergence, which lanes "
             "run together), never what a program computes: every run passes its own "
             "check.\n")
    s = wide[0]
    R.append("**Reconvergence** (`--paths`, docs/paths.md) at %s: Simty's hot and cold "
             "context tables (hct, default), an unbounded sorted path list (ideal) and the "
             "immediate-post-dominator stack of GPGPU-Sim and Vortex (ipdom), on the same "
             "binaries.\n" % s)
    rows = [[w] + ["%d" % cyc("paths", p, w, s) for p in PATHS] +
            ["%.1f%%" % (100 * eff("paths", p, w, s)) for p in PATHS] +
            ["%.3f" % ratio("paths", p, PATHS[0], w, s) for p in PATHS[1:]] for w in names]
    rows.append(["geometric mean"] + [""] * 3 +
                ["%.1f%%" % (100 * gmean([eff("paths", p, w, s) for w in names]))
                 for p in PATHS] +
                ["%.3f" % gmean([ratio("paths", p, PATHS[0], w, s) for w in names])
                 for p in PATHS[1:]])
    R.append(md_table(["workload"] + ["%s cycles" % p for p in PATHS] +
                      ["%s eff." % p for p in PATHS] + ["%s/%s" % (p, PATHS[0]) for p in PATHS[1:]],
                      rows))
    R.append("")
    R.append("**Fetch steering** (`--steering`, docs/pipeline.md \"Fetch steering\") at %s: "
             "the RTL's strict round robin (rr, default), round robin over the warps with a "
             "runnable path (skip-idle), greedy then oldest (gto).\n" % " and ".join(both))
    rows = []
    for w in names:
        rows.append([w] + ["%d" % cyc("steering", STEERINGS[0], w, sh) for sh in both] +
                    ["%.3f" % ratio("steering", p, STEERINGS[0], w, sh)
                     for sh in both for p in STEERINGS[1:]])
    rows.append(["geometric mean"] + [""] * len(both) +
                ["%.3f" % gmean([ratio("steering", p, STEERINGS[0], w, sh) for w in names])
                 for sh in both for p in STEERINGS[1:]])
    R.append(md_table(["workload"] + ["%s cycles %s" % (STEERINGS[0], sh) for sh in both] +
                      ["%s/%s %s" % (p, STEERINGS[0], sh) for sh in both for p in STEERINGS[1:]], rows))
    R.append("")
    R.append("**Cache replacement** (`--mem-set l1i/l1d/l2.replacement=`, docs/memory.md) "
             "at %s under `%s`: every cache on least recently used (lru, default), first "
             "in first out, a seeded random way, or static re-reference interval prediction "
             "(srrip).\n" % (s, " ".join(REPL_MEMORY)))
    rows = [[w, "%d" % cyc("replacement", REPLACEMENTS[0], w, s)] +
            ["%.3f" % ratio("replacement", p, REPLACEMENTS[0], w, s) for p in REPLACEMENTS[1:]]
            for w in names]
    rows.append(["geometric mean", ""] +
                ["%.3f" % gmean([ratio("replacement", p, REPLACEMENTS[0], w, s) for w in names])
                 for p in REPLACEMENTS[1:]])
    R.append(md_table(["workload", "%s cycles" % REPLACEMENTS[0]] + ["%s/%s" % (p, REPLACEMENTS[0]) for p in REPLACEMENTS[1:]],
                      rows))
    R.append("")
    if failed:
        R.append("**Runs that did not pass:** " + "; ".join(failed) + "\n")
    return R, failed
