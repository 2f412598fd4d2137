"""Installs the simty package with a copy of the simulator library.

The library copied is $SIMTY_LIB if set, else the repository's
build/libsimty.so (run `make` first).  The install also records where the
source tree is (for simty.build: its sdk/simty-cc) and its git commit (the
sweeps' commit column) in simty/_install.py."""

import os
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def git_commit(root):
    try:
        p = subprocess.run(["git", "-C", root, "rev-parse", "HEAD"], capture_output=True,
                           text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return p.stdout.strip() if p.returncode == 0 and p.stdout.strip() else None


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        lib = os.environ.get("SIMTY_LIB") or os.path.join(ROOT, "build", "libsimty.so")
        if not os.path.isfile(lib):
            raise SystemExit("simty: %s not found: build it first (make, in %s) or set "
                             "SIMTY_LIB to a libsimty.so" % (lib, ROOT))
        dest = os.path.join(self.build_lib, "simty")
        os.makedirs(dest, exist_ok=True)
        shutil.copy2(lib, os.path.join(dest, "libsimty.so"))
        is_tree = os.path.isfile(os.path.join(ROOT, "sdk", "simty-cc"))
        with open(os.path.join(dest, "_install.py"), "w") as f:
            f.write('"""Written by setup.py when the package was installed."""\n')
            f.write("ROOT = %r\n" % (ROOT if is_tree else None))
            f.write("COMMIT = %r\n" % (git_commit(ROOT) if is_tree else None))
            f.write("LIBRARY_SOURCE = %r\n" % os.path.abspath(lib))


setup(cmdclass={"build_py": BuildWithLibrary})
