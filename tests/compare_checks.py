"""tools/compare_builds.py checks itself (the compare group, issue 34): a
build compared with itself is identical (host seconds ignored, traces
compared), a different option on one side is reported where it shows
(statistics, commit and Kanata traces, exit status and stdout), bad
input exits 2, and the tiers have the sizes docs/testing.md gives.  A few
runs of the assembly micro-programs: seconds."""

import os
import re
import sys

TOOL = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    "tools", "compare_builds.py")


def tests(ctx, run, Failure):
    def compare(*args):
        status, out, err = run([sys.executable, TOOL, "--old", ctx.simty, "--new", ctx.simty,
                                "--quick", "-j", "1"] + list(args), timeout=600)
        return status, out, err

    def expect(status, out, err, want_status, *patterns):
        if status != want_status:
            raise Failure("compare_builds exited %d, expected %d:\n%s%s"
                          % (status, want_status, out[-2000:], err[-1000:]))
        for p in patterns:
            if not re.search(p, out + err, re.M):
                raise Failure("compare_builds printed no %r:\n%s%s" % (p, out[-2000:], err))

    def identical():
        # the micro-program's three models; the cycle run writes both traces
        expect(*compare("--match", r"^stats/cct ", "--limit", "3"), 0,
               r"^compare_builds: 3 run pairs compared in \d+s: identical$")

    def latency_differs():
        r = compare("--match", r"^timing/load cycle 8x4 default$", "--new-args", "--mem-latency 3")
        expect(*r, 1, r"^DIFF timing/load cycle 8x4 default$",
               r"^  stats\.json: \d+ keys differ: .*cycles old \d+ new \d+",
               r"^  commits\.trace: line \d+: old ", r"^  kanata\.log: line \d+: old ",
               r"^compare_builds: 1 run pairs compared in \d+s: 1 differ$")

    def status_differs():
        r = compare("--match", r"^examples/hello-O2 scalar 8x4 default$",
                    "--old-args", "--max-cycles 50")
        expect(*r, 1, r"^  exit status: old 124, new 0$", r"^  stdout: line 1: old b'', new ")

    def bad_input():
        for args, pattern in (
                (["--old", "/nonexistent/simty", "--new", ctx.simty],
                 r"^compare_builds: /nonexistent/simty is not an executable file$"),
                (["--old", ctx.simty, "--new", ctx.simty, "--match", "no such run"],
                 r"^compare_builds: no run matches 'no such run'$"),
                (["--old", ctx.simty, "--new", ctx.simty, "--new-args", "'unclosed"],
                 r"error: No closing quotation"),
                (["--old", ctx.simty], r"error: the following arguments are required: --new")):
            status, out, err = run([sys.executable, TOOL] + args)
            expect(status, out, err, 2, pattern)

    def tier_sizes():
        sizes = {}
        for tier in ("--quick", "", "--full"):
            status, out, err = run([sys.executable, TOOL, "--old", "x", "--new", "y", "--list"]
                                   + ([tier] if tier else []))
            expect(status, out, err, 0)
            sizes[tier] = len(out.splitlines())
        if not (200 <= sizes["--quick"] <= 500 and 800 <= sizes[""] <= 1500
                and sizes["--full"] > 3 * sizes[""]):
            raise Failure("tier sizes (quick, default, full) %s: expected a few hundred, "
                          "about a thousand, several thousand" % sizes)

    return [("compare a build with itself: identical", identical),
            ("compare --new-args --mem-latency 3: statistics and traces differ", latency_differs),
            ("compare --old-args --max-cycles 50: exit status and stdout differ", status_differs),
            ("compare bad input: exit status 2", bad_input),
            ("compare tier sizes", tier_sizes)]
