#!/usr/bin/env python3
"""The folder layering check of src/ (docs/design.md "Layers"; run by
`make check` and `make layers`).

Each folder of src/ sits in one layer; a file may include headers of its
own folder, of folders in lower layers, and the public headers at the top
of src/ (simty.h, the library's types; simty_guest.h, the guest contract).
An include of a folder in a higher layer, or of another folder in the same
layer, is an *upward* edge; the folder graph must have no cycle outside the
edges listed in DEBT.

DEBT is the list of known upward folder edges, each with its reason; it
is empty since the machine's state moved to machine/ (issue 34).  The
check fails on an upward edge not in DEBT (new code must not add one) and
on a DEBT entry that no longer exists (the list is kept exact).

With --objects DIR (a build's obj/src), the same rule holds for the
links: an object of a folder may use only functions and data defined in
its own folder or lower layers (nm), so a function declared low and
defined high (an include-clean upward call) fails too.  Two references
are not calls upward: the registry's ops objects (registry/ names each
plug-in's ops object, opaque, by design) and the public API (simty_*,
simty.h, which any layer may include).

usage: tools/layers.py [--src DIR] [--graph] [--objects DIR]
exit status: 0 clean, 1 a new upward edge or a stale DEBT entry, 2 bad use
"""

import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# bottom first; folders of one entry are one layer
LAYERS = [
    ("util",),                   # portable helpers: parsing, files, escapes
    ("registry",),               # the named plug-ins: names, help, opaque ops
    ("isa",),                    # decoder, lane arithmetic, FPU, CSR numbers
    ("memory",),                 # guest memory regions
    ("loader",),                 # ELF, DWARF lines, control-flow graph
    ("machine",),                # state, bus, devices, M-mode, barrier unit, reservations; the port
    ("warp",),                   # the shared executor, path tables, coalescers
    ("sync",),                   # waking waiting paths; the spin detector
    ("memsys", "trace"),         # memory timing; commit and Kanata traces
    ("models",),                 # the model interface; the functional models
    ("pipeline", "stats"),       # the cycle model (a model); statistics
    ("sim",),                    # API: lifecycle, the ports, run loop, inspection
    ("cli",),                    # the command line, bench, gdb stub
]

PUBLIC = {"simty.h", "simty_guest.h"}  # public headers at the top of src/

# (from, to): why it is still there.  Remove an entry with the edge.
DEBT = {
}


def layer_of():
    rank = {}
    for i, folders in enumerate(LAYERS):
        for f in folders:
            rank[f] = i
    return rank


def edges(src):
    """{(from, to): [(file, line), ...]} over every quoted include of src/."""
    out = {}
    for d, _, files in os.walk(src):
        rel = os.path.relpath(d, src)
        if rel == ".":
            continue
        folder = rel.split(os.sep)[0]
        for name in sorted(files):
            if not name.endswith((".c", ".h")):
                continue
            path = os.path.join(d, name)
            with open(path, errors="replace") as f:
                for n, text in enumerate(f, 1):
                    m = re.match(r'\s*#\s*include\s+"([^"]+)"', text)
                    if not m:
                        continue
                    inc = m.group(1)
                    if "/" in inc:
                        to = inc.split("/")[0]
                    elif os.path.exists(os.path.join(d, inc)):
                        to = folder
                    elif inc in PUBLIC:
                        continue
                    else:
                        to = "?" + inc
                    if to != folder:
                        out.setdefault((folder, to), []).append(
                            (os.path.relpath(path, ROOT), n))
    return out


def object_symbols(objdir):
    """({symbol: {folder defining it}}, {(folder, object): {undefined symbols}})
    over the objects of objdir/FOLDER/*.o (nm)."""
    import subprocess
    defined, used = {}, {}
    for folder in sorted(os.listdir(objdir)):
        d = os.path.join(objdir, folder)
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            if not name.endswith(".o"):
                continue
            p = subprocess.run(["nm", os.path.join(d, name)], capture_output=True, text=True)
            if p.returncode != 0:
                raise OSError("nm %s: %s" % (os.path.join(d, name), p.stderr.strip()))
            for line in p.stdout.splitlines():
                f = line.split()
                if len(f) == 3 and f[1] in "TDBRC":
                    defined.setdefault(f[2], set()).add(folder)
                elif len(f) == 2 and f[0] == "U":
                    used.setdefault((folder, "%s/%s" % (folder, name)), set()).add(f[1])
    return defined, used


def upward_calls(objdir, rank):
    """["OBJ uses SYMBOL of FOLDER", ...]: references to a folder not below."""
    defined, used = object_symbols(objdir)
    bad = []
    for (folder, obj), syms in sorted(used.items()):
        if folder == "registry" or folder not in rank:
            continue
        for sym in sorted(syms):
            if sym.startswith("simty_"):
                continue
            for to in sorted(defined.get(sym, ())):
                if to != folder and to in rank and rank[to] >= rank[folder]:
                    bad.append("%s uses %s, defined in %s, which is not below it"
                               % (obj, sym, to))
    return bad


def upward(e, rank):
    a, b = e
    if b.startswith("?") or a not in rank or b not in rank:
        return True  # unknown folders and headers are errors too
    return rank[b] >= rank[a]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--src", default=os.path.join(ROOT, "src"))
    ap.add_argument("--graph", action="store_true", help="print every folder edge")
    ap.add_argument("--objects", metavar="DIR",
                    help="also check the links of a build's objects (BUILD/obj/src)")
    a = ap.parse_args()
    if not os.path.isdir(a.src):
        print("layers.py: %s: not a directory" % a.src, file=sys.stderr)
        return 2
    rank = layer_of()
    found = edges(a.src)
    folders = {d for d in os.listdir(a.src) if os.path.isdir(os.path.join(a.src, d))}
    bad = []
    for f in sorted(folders - set(rank)):
        bad.append("src/%s/ is in no layer (add it to LAYERS in tools/layers.py)" % f)
    up = {e: v for e, v in found.items() if upward(e, rank)}
    for e in sorted(up):
        if e not in DEBT:
            where = ", ".join("%s:%d" % w for w in up[e][:3])
            bad.append("%s includes %s, which is not below it (%s)" % (e[0], e[1], where))
    for e in sorted(DEBT):
        if e not in up:
            bad.append("DEBT lists %s -> %s, which no longer exists: remove it" % e)
    if a.objects:
        if not os.path.isdir(a.objects):
            print("layers.py: %s: not a directory" % a.objects, file=sys.stderr)
            return 2
        try:
            bad += upward_calls(a.objects, rank)
        except OSError as e:
            print("layers.py: %s" % e, file=sys.stderr)
            return 2
    if a.graph:
        for e in sorted(found):
            print("%-9s -> %-9s %3d%s" % (e[0], e[1], len(found[e]),
                                          "  (upward)" if e in up else ""))
    for b in bad:
        print("layers: " + b)
    lines = sum(len(v) for v in up.values())
    print("layers: %d layers; %d upward folder edges (%d include lines) left to remove, "
          "listed in tools/layers.py DEBT" % (len(LAYERS), len(up), lines))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
