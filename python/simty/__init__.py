"""simty: the simty simulator (libsimty.so) from Python.

    import simty
    with simty.Machine(warps=8, threads=32) as m:      # one machine
        m.load("build/guest/examples/vecadd-O2.elf")
        m.run()
        print(m.result, m.stats["cycles"])
    row = simty.run("prog.elf", shape="8x32")          # one simty bench row
    df = simty.sweep(["build/guest/examples"],         # a grid, as a DataFrame
                     {"shape": ["8x8", "8x32"], "model": ["simt", "cycle"]})

python/README.md describes installation, the API and sweeps.
"""

from ._lib import library_path
from .errors import SimtyError
from .machine import Machine
from .rows import columns, plugins, run, run_point
from .sdk import build, sdk_root
from .sweep import grid_points, read_csv, sweep

__version__ = "0.1.0"
__all__ = ["Machine", "SimtyError", "build", "columns", "grid_points", "library_path",
           "plugins", "read_csv", "run", "run_point", "sdk_root", "sweep"]
