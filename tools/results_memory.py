"""The memory-hierarchy section of docs/RESULTS.md (docs/memory.md):
measured by tools/results.py through run(), written by section().

Three experiments, every figure from `simty bench -f csv` (region of
interest):
  suite     the suite at 1, 4 and 16 cores under the ideal memory, DDR4-3200
            and HBM2 (cfg.mem_shape warps x threads per core);
  latency   latency hiding on the hierarchy: IPC versus warps (1 core,
            cfg.lat_threads threads per warp) under each memory;
  coalesce  bytes moved between the L1D and the L2 and from DRAM with the
            Simty coalescer and the block coalescer (1 core, cfg.policy_shape).
"""

MEMORIES = ("ideal", "ddr4-3200", "hbm2")


def run(args, cfg, suite, bench, log):
    m = {}
    shapes = ",".join("%dx%s" % (c, cfg.mem_shape) for c in cfg.mem_cores)
    log("memory hierarchy: the suite at %s" % shapes)
    m["suite"] = bench(args, suite, ["--shapes", shapes, "--memory", ",".join(MEMORIES)])
    m["latency"] = bench(args, suite, [
        "--shapes", ",".join("%dx%d" % (w, cfg.lat_threads) for w in cfg.lat_warps),
        "--memory", ",".join(MEMORIES)])
    m["coalesce"] = bench(args, suite, ["--shapes", cfg.policy_shape, "--memory", "ddr4-3200",
                                        "--coalescer", "simty,block"])
    return m


def plot_latency(m, cfg, outdir, gnuplot, png, mean):
    by = {}
    for r in m["latency"]:
        by.setdefault((r["memory"], int(r["warps"])), []).append(r["ipc"])
    with open(outdir + "/memory_latency.dat", "w") as f:
        for mem in MEMORIES:
            f.write("# %s\n" % mem)
            for w in cfg.lat_warps:
                f.write("%d %.4f\n" % (w, mean(by.get((mem, w), []))))
            f.write("\n\n")
    gnuplot(png % (700, 420) + """
set output 'memory_latency.png'
set logscale x 2
set xlabel 'warps (%d threads each), one core'
set ylabel 'IPC (warp-instructions per cycle, suite mean)'
set yrange [0:1.05]
set key bottom right
set grid
plot for [i=0:%d] 'memory_latency.dat' index i using 1:2 with linespoints lw 2 \\
     title word('%s', i+1)
""" % (cfg.lat_threads, len(MEMORIES) - 1, " ".join(MEMORIES)), outdir)


def section(m, cfg, names, md_table, mean, gmean, num):
    """Returns (markdown text, rows for the CSV file, failed runs)."""
    R = []
    rows = m["suite"] + m["latency"] + m["coalesce"]
    failed = [r for r in rows if not r["ok"]]
    R.append("## %d. Memory hierarchy\n" % num)
    R.append("The cycle model with `--memory ddr4-3200` and `--memory hbm2` (docs/memory.md: "
             "per core 16 KiB 4-way L1 instruction and data caches, write-through L1D, a "
             "1 MiB L2 in 8 banks behind an 8-cycle interconnect, 1 GHz core) next to the "
             "ideal memory of the sections above. The hierarchy is timing only: every "
             "workload passes under every memory; the figures cover the region of "
             "interest.\n")
    # suite at 1, 4, 16 cores
    idx = {(r["workload"], int(r["cores"]), r["memory"]): r for r in m["suite"]}
    table = []
    for c in cfg.mem_cores:
        for mem in MEMORIES:
            rs = [idx[(n, c, mem)] for n in names if (n, c, mem) in idx]
            base = [idx.get((n, c, "ideal")) for n in names if (n, c, mem) in idx]
            slow = gmean(r["cycles"] / b["cycles"] for r, b in zip(rs, base) if b and b["cycles"])
            hier = mem != "ideal"
            table.append([
                "%d" % c, mem, "%.3f" % mean(r["ipc"] for r in rs),
                "%.2f" % mean(r["thread_ipc"] for r in rs),
                "%.1f%%" % (100 * mean(r["simd_efficiency"] for r in rs)),
                "%.2fx" % slow if hier else "1",
                "%.1f%%" % (100 * mean(r["l1d_hit_rate"] for r in rs)) if hier else "-",
                "%.1f%%" % (100 * mean(r["l2_hit_rate"] for r in rs)) if hier else "-",
                "%.2f" % mean(r["dram_bytes_per_cycle"] for r in rs) if hier else "-",
                "%.1f%%" % (100 * mean(r["dram_row_hit_rate"] for r in rs)) if hier else "-",
                "%.0f" % mean(r["l1d_latency"] for r in rs) if hier else "-"])
    R.append("### %d.1 The suite at 1, 4 and 16 cores\n" % num)
    R.append("`simty bench --shapes %s --memory %s`; suite means (cycles: geometric mean of "
             "the ratio to the ideal memory at the same shape; IPC per core is IPC / "
             "cores).\n" % (",".join("%dx%s" % (c, cfg.mem_shape) for c in cfg.mem_cores),
                            ",".join(MEMORIES)))
    R.append(md_table(["cores", "memory", "IPC", "thread IPC", "SIMD eff.", "cycles vs ideal",
                       "L1D hits", "L2 hits", "DRAM B/cycle", "DRAM row hits",
                       "L1D load latency"], table,
                      ["--:", "---"] + ["--:"] * 9) + "\n")
    c_mid = cfg.mem_cores[len(cfg.mem_cores) // 2]
    per = []
    for n in names:
        b, d, h = (idx.get((n, c_mid, mem)) for mem in MEMORIES)
        if not (b and d and h):
            continue
        per.append([n, "%d" % b["cycles"], "%.2fx" % (d["cycles"] / max(b["cycles"], 1)),
                    "%.2fx" % (h["cycles"] / max(b["cycles"], 1)),
                    "%.1f%%" % (100 * d["l1d_hit_rate"]), "%.1f%%" % (100 * d["l2_hit_rate"]),
                    "%.2f" % d["dram_bytes_per_cycle"], "%.1f%%" % (100 * d["dram_row_hit_rate"]),
                    "%.0f / %.0f" % (d["dram_latency"], d["dram_latency_p99"])])
    R.append("Per workload at %d cores (%s per core): cycles under each hierarchy relative to "
             "the ideal memory, and the DDR4-3200 run's hit rates, DRAM traffic and DRAM "
             "read latency (mean / p99 cycles).\n" % (c_mid, cfg.mem_shape))
    R.append(md_table(["workload", "ideal cycles", "DDR4", "HBM2", "L1D hits", "L2 hits",
                       "DRAM B/cycle", "row hits", "DRAM latency"], per) + "\n")
    # latency hiding
    lb = {}
    for r in m["latency"]:
        lb.setdefault((r["memory"], int(r["warps"])), []).append(r["ipc"])
    R.append("### %d.2 Latency hiding on the hierarchy\n" % num)
    R.append("Suite mean IPC of one core with %d threads per warp, against the number of "
             "warps, under each memory (compare with section 3's fixed latencies).\n"
             % cfg.lat_threads)
    R.append("![IPC versus warps under each memory](results/memory_latency.png)\n")
    R.append(md_table(["memory"] + ["%d warps" % w for w in cfg.lat_warps],
                      [[mem] + ["%.3f" % mean(lb.get((mem, w), [])) for w in cfg.lat_warps]
                       for mem in MEMORIES]) + "\n")
    # coalescer
    co = {(r["workload"], r["coalescer"]): r for r in m["coalesce"]}
    ctab = []
    for n in names:
        s, b = co.get((n, "simty")), co.get((n, "block"))
        if not (s and b):
            continue
        ctab.append([n, "%d" % s["l2_bytes"], "%d" % b["l2_bytes"],
                     "%.2f" % (s["l2_bytes"] / max(b["l2_bytes"], 1)),
                     "%d" % s["dram_bytes"], "%d" % b["dram_bytes"],
                     "%d" % s["cycles"], "%d" % b["cycles"]])
    R.append("### %d.3 What the coalescer moves\n" % num)
    R.append("Bytes moved between the L1 data caches and the L2 (`l2_bytes`) and from and to "
             "DRAM (`dram_bytes`) at %s under DDR4-3200, with the Simty coalescer (a pass "
             "serves the leader's block when lanes are unit-stride or read one word) and the "
             "block coalescer (every lane in the leader's block). The L1 turns passes into "
             "lines, so a coalescer that needs more passes moves the same lines more "
             "often only when they miss.\n" % cfg.policy_shape)
    R.append(md_table(["workload", "L2 bytes (simty)", "L2 bytes (block)", "ratio",
                       "DRAM bytes (simty)", "DRAM bytes (block)", "cycles (simty)",
                       "cycles (block)"], ctab) + "\n")
    return "\n".join(R), rows, failed
