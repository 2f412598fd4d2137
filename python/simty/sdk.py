"""simty.build: guest programs built with the SDK's compiler driver
(sdk/simty-cc)."""

import os
import subprocess

from . import _lib
from .errors import SimtyError, shown
from .machine import brief, path_text


def sdk_root():
    """The simty source tree whose sdk/ builds programs: $SIMTY_ROOT, else
    the tree `pip install` was run from (recorded), else the repository the
    package runs from in place."""
    cands = []
    if os.environ.get("SIMTY_ROOT"):
        cands.append(os.environ["SIMTY_ROOT"])
    root = _lib.installed_info().get("ROOT")
    if root:
        cands.append(root)
    cands.append(_lib.SOURCE_ROOT)
    for c in cands:
        if os.access(os.path.join(c, "sdk", "simty-cc"), os.X_OK):
            return os.path.abspath(c)
    raise SimtyError("the simty SDK (sdk/simty-cc) was not found (looked in %s): set "
                     "SIMTY_ROOT to the simty source tree" % ", ".join(cands))


def build(sources, output=None, march=None, flags=(), stack_size=None, clang=False,
          env=None, cwd=None):
    """Compiles and links guest sources (C, C++, assembly) with
    sdk/simty-cc and returns the ELF's path.

    output      default: the first source with .elf for its extension
    march       e.g. "rv32gc" (the SDK's default), "rv32ima"
    flags       more compiler arguments, e.g. ("-O2", "-DN=64")
    stack_size  bytes of stack + TLS per thread (simty-cc --stack-size)
    clang       compile with clang (SIMTY_CLANG=clang)

    Raises SimtyError with the compiler's messages when the build fails."""
    if isinstance(sources, (str, os.PathLike)):
        sources = [sources]
    if not isinstance(sources, (list, tuple)):
        raise SimtyError("build: sources: expected a path or a list of paths, got %s"
                         % brief(sources))
    sources = [path_text("build: source", s) for s in sources]
    if not sources:
        raise SimtyError("build: no source given")
    for s in sources:
        if not os.path.isfile(os.path.join(cwd or ".", s)):
            raise SimtyError("build: cannot read %s: No such file or directory" % shown(s))
    if isinstance(flags, str):
        flags = flags.split()
    if not isinstance(flags, (list, tuple)) or not all(
            isinstance(f, str) and "\0" not in f for f in flags):
        raise SimtyError("build: flags: expected a str or a list of str (no NUL), got %s"
                         % brief(flags))
    if march is not None and (not isinstance(march, str) or not march.isprintable() or
                              not march.isascii() or " " in march):
        raise SimtyError("build: march: expected a name such as rv32gc, got %s" % brief(march))
    if stack_size is not None and (not isinstance(stack_size, int) or
                                   isinstance(stack_size, bool) or stack_size <= 0):
        raise SimtyError("build: stack_size: expected a positive number of bytes, got %s"
                         % brief(stack_size))
    if output is None:
        output = os.path.splitext(sources[0])[0] + ".elf"
    output = path_text("build: output", output)
    cmd = [os.path.join(sdk_root(), "sdk", "simty-cc")]
    if march:
        cmd.append("-march=" + march)
    if stack_size is not None:
        cmd.append("--stack-size=%d" % stack_size)
    cmd += list(flags) + ["-o", output] + sources
    e = dict(os.environ)
    e.update(env or {})
    if clang:
        e["SIMTY_CLANG"] = "clang"
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=e, cwd=cwd)
    except OSError as ex:
        raise SimtyError("build: cannot run %s: %s" % (cmd[0], ex)) from None
    if p.returncode != 0:
        raise SimtyError("build of %s failed (status %d):\n%s" % (
            " ".join(sources), p.returncode, (p.stderr + p.stdout).strip()))
    return os.path.join(cwd, output) if cwd and not os.path.isabs(output) else output
