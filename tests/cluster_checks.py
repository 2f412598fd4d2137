"""Sweeps on real cluster software, started for the test on 127.0.0.1
(docs/cluster.md).

run_tests.py (group `cluster`) runs each case below as its own process
(under /usr/bin/python3 when it exists, like tests/python_checks.py), which
owns every daemon it starts: it stops them by pid when the case ends, fails
or is interrupted (SIGINT, SIGTERM, SIGHUP), kills any process left that
carries the case's marker in its environment or holds a file in the case's
directory (batch jobs, slurmstepd, Dask worker processes) and removes that
directory.  The daemons also get SIGTERM when the case process dies
(PR_SET_PDEATHSIG), and a reaper process forked at the start does the same
cleanup once the case process is gone, even killed by SIGKILL.

- slurm  a one-node Slurm (Debian 12's slurmctld, slurmd and munge: a munge
         key made for the test, slurm.conf written for it: two CPUs, no
         cgroups, state and spool in the case's directory, free ports, the
         daemons in the foreground as the current user).  docs/cluster.md's
         sweep.sbatch and merge.sbatch, and its submit commands, run as the
         page shows them (the environment sets SIMTY, PROGRAMS, OUT and a
         24-run GRID): the merged table equals the unsharded `simty bench`
         table but the host-time columns.  Then a sweep with one task whose
         program is missing (SIMTY a wrapper for that task) and one task
         cancelled: the merge job fails (125) naming the two shards; the
         page's rerun commands complete it, equal again.
- dask   `dask scheduler` and `dask worker` (2 processes) started as their
         own processes on 127.0.0.1, as on a cluster (PYTHONPATH and
         SIMTY_LIB set for them): simty.sweep with a Client on that
         scheduler equals `simty bench`'s table, computed in those worker
         processes.
"""

import csv
import ctypes
import io
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "cluster.md")
MARKER = "SIMTY_CLUSTER_TEST"
CASES = ("slurm", "dask")
HOST_COLUMNS = ("host_seconds", "mcycles_per_s", "mthread_instructions_per_s")
# the test's grid: 2 programs x 3 shapes x 2 models x 2 path tables = 24 runs,
# the exit-7 program's 2x2 and 4x4 runs failing (8 runs)
GRID = "-s 1x1,2x2,4x4 --model simt,cycle --paths hct,ideal"
SHARDS = 16              # docs/cluster.md's --array=1-16
MISSING, CANCELLED = 5, 12   # the failing sweep's tasks
CASE_SECONDS = 540       # the case's own bound; the runner's is a minute more


def interpreter():
    return "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else sys.executable


def tests(ctx, run, simty, Failure):
    if ctx.sanitized:
        return []  # the dask case binds libsimty.so, which the sanitized build lacks
    import programs

    def case(name):
        def t():
            tmp = tempfile.mkdtemp(prefix="cluster-" + name + "-", dir=ctx.tmp)
            cmd = [interpreter(), os.path.abspath(__file__), "--case", name, "--build",
                   ctx.build, "--tmp", tmp, "--programs",
                   programs.example_elf("vecadd", "-O2"), programs.asm_elf("bad", "exitcode")]
            status, out = run_case(cmd, CASE_SECONDS + 60)
            if status != 0:
                raise Failure("cluster case %s: status %d\n%s" % (name, status, out[-4000:]))
        return ("cluster %s" % name, t)
    return [case(n) for n in CASES]


def run_case(cmd, timeout):
    """Runs a case process; past timeout it gets SIGTERM (its cleanup runs),
    then SIGKILL.  Returns (status, stdout and stderr)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.terminate()
        try:
            out, _ = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            out, _ = p.communicate()
        return -1, "timed out after %ds\n" % timeout + out.decode("utf-8", "replace")
    return p.returncode, out.decode("utf-8", "replace")


# ---------------------------------------------------------------- the cases --
# (run with --case NAME, under the interpreter above)

class CaseFailure(Exception):
    pass


class Interrupted(BaseException):
    """A signal: the case stops, its cleanup runs."""

    def __init__(self, signo):
        super().__init__("signal %d" % signo)
        self.signo = signo


def check(cond, what):
    if not cond:
        raise CaseFailure(what)


def parent_death_signal():
    """preexec_fn: SIGTERM to the child when the case process dies."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def free_ports(n):
    """n TCP ports free on 127.0.0.1 now (bound, then released together)."""
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    return ports


def tail(path, n=15):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-n:])
    except OSError:
        return "(no %s)\n" % path


class Daemons:
    """The processes a case starts, stopped by pid in reverse order."""

    def __init__(self, tmp):
        self.tmp = tmp
        self.procs = []  # (name, Popen, log path)
        self.before_stop = []  # called first (e.g. cancel the jobs left)

    def start(self, name, cmd, env=None):
        env = dict(env or os.environ, **{MARKER: self.tmp})
        log = os.path.join(self.tmp, name + ".out")
        with open(log, "wb") as f:
            p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.STDOUT,
                                 env=env, cwd=self.tmp, preexec_fn=parent_death_signal)
        self.procs.append((name, p, log))
        return p

    def alive(self):
        for name, p, log in self.procs:
            check(p.poll() is None, "%s exited (status %s):\n%s" % (name, p.returncode, tail(log)))

    def logs(self):
        return "".join("--- %s\n%s" % (name, tail(log)) for name, _p, log in self.procs)

    def stop(self):
        for fn in self.before_stop:
            try:
                fn()
            except Exception as e:  # a daemon already gone: stop the rest anyway
                print("cleanup: %s" % e, file=sys.stderr)
        for name, p, _log in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
        self.procs = []


def case_pids(tmp):
    """Processes (other than this one) of the case: with its marker in their
    environment, or their working directory or an open file in tmp (slurmstepd
    starts with an environment of its own, but holds slurmd's log open)."""
    pids = []
    want = (MARKER + "=" + tmp).encode() + b"\0"
    inside = lambda path: path == tmp or path.startswith(tmp + "/")
    for d in os.listdir("/proc"):
        if not d.isdigit() or int(d) == os.getpid():
            continue
        try:
            with open("/proc/%s/environ" % d, "rb") as f:
                ours = want in f.read() + b"\0"
            ours = ours or inside(os.readlink("/proc/%s/cwd" % d))
            fds = "/proc/%s/fd" % d
            ours = ours or any(inside(os.readlink(os.path.join(fds, fd)))
                               for fd in os.listdir(fds))
        except OSError:
            continue  # gone, or not ours to read
        if ours:
            pids.append(int(d))
    return pids


def kill_left(tmp):
    """Waits 10 s at most for the case's processes to end, then SIGKILL to
    those left; their pids and names."""
    t0 = time.monotonic()
    while case_pids(tmp) and time.monotonic() - t0 < 10:
        time.sleep(0.2)
    left = []
    for pid in case_pids(tmp):
        try:
            with open("/proc/%d/comm" % pid) as f:
                left.append("%d %s" % (pid, f.read().strip()))
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    return left


# ------------------------------------------------------------------ Slurm --

def doc_blocks():
    """docs/cluster.md's scripts and commands: sweep.sbatch, merge.sbatch, the
    submit commands and the rerun commands, as the page shows them."""
    with open(DOC) as f:
        blocks = re.findall(r"^```sh\n(.*?)^```$", f.read(), re.S | re.M)

    def one(what, pred):
        found = [b for b in blocks if pred(b)]
        check(len(found) == 1, "docs/cluster.md: %d blocks for %s" % (len(found), what))
        return found[0]
    return {
        "sweep.sbatch": one("sweep.sbatch", lambda b: "--job-name=simty-sweep" in b),
        "merge.sbatch": one("merge.sbatch", lambda b: "--job-name=simty-merge" in b),
        "submit": one("the submit commands", lambda b: b.startswith("mkdir -p logs\n")),
        "rerun": one("the rerun commands", lambda b: "--export=ALL,SHARDS=" in b and
                     b.startswith("jobid=")),
    }


class Slurm:
    """A one-node Slurm and its munge, in directory d."""

    def __init__(self, d, daemons):
        self.d, self.daemons = d, daemons
        self.conf = os.path.join(d, "slurm.conf")
        # the jobs inherit the marker from sbatch's environment
        # (without the caller's SBATCH_*/SLURM_*/SQUEUE_* variables: on a
        # login node or inside a job they would act as sbatch options)
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("SBATCH_", "SLURM_", "SQUEUE_", "SALLOC_", "SRUN_"))}
        self.env = dict(env, SLURM_CONF=self.conf, **{MARKER: daemons.tmp})

    def write_config(self):
        d = self.d
        for sub in ("munge", "state", "spool"):
            os.makedirs(os.path.join(d, sub), mode=0o700)
        os.chmod(os.path.join(d, "munge"), 0o711)  # clients reach the socket
        key = os.path.join(d, "munge", "munge.key")
        fd = os.open(key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.write(fd, os.urandom(1024))
        os.close(fd)
        self.key, self.socket = key, os.path.join(d, "munge", "munge.socket")
        user = pwd_name()
        host = socket.gethostname().split(".")[0]
        ctld_port, node_port = free_ports(2)
        mem = min(2048, os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") >> 20)
        lines = [
            "# one node on 127.0.0.1, for tests/cluster_checks.py",
            "ClusterName=simtytest",
            "SlurmctldHost=%s(127.0.0.1)" % host,
            "SlurmctldPort=%d" % ctld_port,
            "SlurmdPort=%d" % node_port,
            "SlurmUser=%s" % user,
            "SlurmdUser=%s" % user,
            "AuthType=auth/munge",
            "CredType=cred/munge",
            "AuthInfo=socket=%s" % self.socket,
            "StateSaveLocation=%s/state" % d,
            "SlurmdSpoolDir=%s/spool" % d,
            "SlurmctldPidFile=%s/slurmctld.pid" % d,
            "SlurmdPidFile=%s/slurmd.pid" % d,
            "SlurmctldLogFile=%s/slurmctld.log" % d,
            "SlurmdLogFile=%s/slurmd.log" % d,
            "MailProg=/bin/true",
            # no cgroups: processes tracked by parent pid, no task binding
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "JobAcctGatherType=jobacct_gather/none",
            "AccountingStorageType=accounting_storage/none",
            "JobCompType=jobcomp/none",
            "SwitchType=switch/none",
            "MpiDefault=none",
            "SelectType=select/cons_tres",
            "SelectTypeParameters=CR_CPU",
            # start the next array task at once, not up to 3 s later
            "SchedulerParameters=batch_sched_delay=0",
            "ReturnToService=2",
            "MinJobAge=600",  # job records (exit codes) kept for the checks
            # the node is what this file says, whatever the machine has
            "SlurmdParameters=config_overrides",
            "NodeName=simtynode NodeHostname=%s NodeAddr=127.0.0.1 CPUs=2 RealMemory=%d "
            "State=UNKNOWN" % (host, mem),
            "PartitionName=test Nodes=simtynode Default=YES MaxTime=INFINITE State=UP",
        ]
        with open(self.conf, "w") as f:
            f.write("\n".join(lines) + "\n")

    def start(self):
        m = os.path.join(self.d, "munge")
        self.daemons.start("munged", [tool("munged"), "--foreground", "--force",
                                      "--key-file=" + self.key, "--socket=" + self.socket,
                                      "--pid-file=" + os.path.join(m, "munged.pid"),
                                      "--log-file=" + os.path.join(m, "munged.log"),
                                      "--seed-file=" + os.path.join(m, "munged.seed")])
        wait_for(lambda: os.path.exists(self.socket), 30, "munged's socket", self.daemons)
        self.daemons.start("slurmctld", [tool("slurmctld"), "-D", "-f", self.conf], self.env)
        self.daemons.start("slurmd", [tool("slurmd"), "-D", "-f", self.conf, "-N", "simtynode"],
                           self.env)
        self.daemons.before_stop.append(self.cancel_all)
        wait_for(lambda: self.cmd(["sinfo", "-h", "-o", "%T"], ok=None).stdout.strip() ==
                 "idle", 60, "the node idle in sinfo", self.daemons)

    def cancel_all(self):
        """Cancels the jobs left (a failed or interrupted case), waits 15 s at most."""
        if self.cmd(["squeue", "-h", "-o", "%i"], ok=None).stdout.strip():
            self.cmd(["scancel", "-u", pwd_name()], ok=None)
            t0 = time.monotonic()
            while (time.monotonic() - t0 < 15 and
                   self.cmd(["squeue", "-h", "-o", "%i"], ok=None).stdout.strip()):
                time.sleep(0.3)

    def cmd(self, args, ok=(0,), cwd=None, env=None):
        p = subprocess.run(args, capture_output=True, text=True, timeout=60,
                           env=env or self.env, cwd=cwd)
        check(ok is None or p.returncode in ok, "%s: status %d: %s" % (
            " ".join(args), p.returncode, (p.stdout + p.stderr).strip()[-1500:]))
        return p

    def wait_idle(self, seconds, what):
        wait_for(lambda: not self.cmd(["squeue", "-h", "-o", "%i"]).stdout.strip(), seconds,
                 what, self.daemons, lambda: self.cmd(["squeue"], ok=None).stdout)

    def states(self, jobid):
        """{array task id or None: (JobState, ExitCode)} of job jobid."""
        out = self.cmd(["scontrol", "-o", "show", "job", str(jobid)]).stdout
        got = {}
        for line in out.splitlines():
            f = dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
            task = f.get("ArrayTaskId")
            got[int(task) if task and task.isdigit() else None] = (f["JobState"],
                                                                   f["ExitCode"])
        return got


def pwd_name():
    import pwd
    return pwd.getpwuid(os.getuid()).pw_name


def wait_for(cond, seconds, what, daemons, detail=lambda: ""):
    t0 = time.monotonic()
    while True:
        daemons.alive()
        if cond():
            return
        if time.monotonic() - t0 > seconds:
            raise CaseFailure("no %s after %ds\n%s%s" % (what, seconds, detail(), daemons.logs()))
        time.sleep(0.3)


def csv_rows(text):
    return [{k: v for k, v in r.items() if k not in HOST_COLUMNS}
            for r in csv.DictReader(io.StringIO(text))]


def tool(name):
    """The full path of a Slurm or munge program (/usr/sbin may not be on a
    user's PATH)."""
    path = shutil.which(name, path=os.environ.get("PATH", "") + ":/usr/sbin:/sbin")
    check(path, "%s not found: install munge, slurmctld, slurmd and slurm-client "
          "(make deps)" % name)
    return path


class Sweep:
    """One sweep of docs/cluster.md's scripts, in its own directory (the page's
    working directory: logs/ and OUT=out/ in it)."""

    def __init__(self, slurm, blocks, d, simty, programs, want):
        self.slurm, self.blocks, self.d, self.want = slurm, blocks, d, want
        os.makedirs(d)
        for f in ("sweep.sbatch", "merge.sbatch"):
            with open(os.path.join(d, f), "w") as out:
                out.write(blocks[f])
        self.env = dict(slurm.env, SIMTY=simty, PROGRAMS=programs, GRID=GRID,
                        OUT=os.path.join(d, "out"))

    def submit(self, block):
        """Runs one of the page's command blocks; the merge job's id (the one
        sbatch line it prints) and the array job's (its dependency)."""
        p = self.slurm.cmd(["bash", "-euc", self.blocks[block]], cwd=self.d, env=self.env)
        ids = re.findall(r"^Submitted batch job (\d+)$", p.stdout, re.M)
        check(len(ids) == 1, "the page's %s commands printed %r" % (block, p.stdout))
        out = self.slurm.cmd(["scontrol", "-o", "show", "job", ids[0]]).stdout
        m = re.search(r"Dependency=afterany:(\d+)", out)
        check(m, "merge job %s: no afterany dependency: %s" % (ids[0], out))
        return int(ids[0]), int(m.group(1))

    def merge_log(self, merge_id):
        return read(os.path.join(self.d, "logs", "merge-%d.out" % merge_id))

    def merge_state(self, merge_id):
        return self.slurm.states(merge_id)[None]

    def check_merged(self, what):
        got = csv_rows(read(os.path.join(self.d, "out", "sweep.csv")))
        if got != self.want:
            diff = [(a, b) for a, b in zip(got, self.want) if a != b][:1]
            raise CaseFailure("%s: %d rows, unsharded %d; first difference %s" % (
                what, len(got), len(self.want), diff))
        md = read(os.path.join(self.d, "out", "sweep.md"))
        check(md.startswith("| ") and md.count("\n| ") >= len(self.want),
              "%s: sweep.md %r" % (what, md[:300]))


def read(path):
    with open(path) as f:
        return f.read()


def case_slurm(env):
    tool("sbatch")  # the client commands are there too
    blocks = doc_blocks()
    slurm = Slurm(os.path.join(env.tmp, "slurm"), env.daemons)
    os.makedirs(slurm.d)
    slurm.write_config()
    slurm.start()
    progs = os.path.join(env.tmp, "programs")
    os.makedirs(progs)
    for elf in env.programs:
        shutil.copy(elf, progs)
    ref = subprocess.run([env.simty, "bench", "-q", "-f", "csv"] + GRID.split() + [progs],
                         capture_output=True, text=True, timeout=600)
    want = csv_rows(ref.stdout)
    check(ref.returncode == 1 and len(want) == 24,
          "unsharded bench: status %d: %s" % (ref.returncode, ref.stderr[-1000:]))
    docs_sweep(Sweep(slurm, blocks, os.path.join(env.tmp, "sweep"), env.simty, progs, want))
    failing_sweep(env, Sweep(slurm, blocks, os.path.join(env.tmp, "failing"),
                             missing_wrapper(env), progs, want))


def docs_sweep(sw):
    """The page's sweep, as it is."""
    t0 = time.monotonic()
    merge_id, array_id = sw.submit("submit")
    sw.slurm.wait_idle(240, "end of the sweep's jobs")
    states = sw.slurm.states(array_id)
    check(sorted(states) == list(range(1, SHARDS + 1)) and
          all(s == ("COMPLETED", "0:0") for s in states.values()), "array tasks: %s" % states)
    check(sw.merge_state(merge_id) == ("COMPLETED", "0:0"),
          "merge job: %s\n%s" % (sw.merge_state(merge_id), sw.merge_log(merge_id)))
    for k in range(1, SHARDS + 1):  # every task's log: -q, nothing on stderr
        log = read(os.path.join(sw.d, "logs", "sweep-%d_%d.out" % (array_id, k)))
        check(log == "", "task %d's log: %r" % (k, log))
    sw.check_merged("the sweep's merged table")
    print("slurm: %d array tasks and the merge job in %.1fs: the merged table equals the "
          "unsharded one" % (SHARDS, time.monotonic() - t0))


def missing_wrapper(env):
    """SIMTY for the failing sweep: task MISSING runs on a node without the
    programs (simty bench: 126)."""
    path = os.path.join(env.tmp, "simty-missing")
    with open(path, "w") as f:
        f.write("#!/bin/bash\n# task %d runs on a node without the programs\n"
                "[ \"$SLURM_ARRAY_TASK_ID\" != %d ] || set -- \"${@:1:$#-1}\" /nonexistent\n"
                "exec %s \"$@\"\n" % (MISSING, MISSING, env.simty))
    os.chmod(path, 0o755)
    return path


def failing_sweep(env, sw):
    """Task MISSING fails, task CANCELLED is cancelled while pending: the merge
    job names both shards; the page's rerun commands complete the table."""
    t0 = time.monotonic()
    merge_id, array_id = sw.submit("submit")
    sw.slurm.cmd(["scancel", "%d_%d" % (array_id, CANCELLED)])
    sw.slurm.wait_idle(240, "end of the failing sweep's jobs")
    states = sw.slurm.states(array_id)
    # (a task cancelled while pending leaves no record)
    check(states.get(MISSING) == ("FAILED", "126:0") and
          states.get(CANCELLED, ("CANCELLED",))[0] == "CANCELLED" and
          sorted(set(states) | {CANCELLED}) == list(range(1, SHARDS + 1)) and
          all(s == ("COMPLETED", "0:0") for k, s in states.items()
              if k not in (MISSING, CANCELLED)), "array tasks: %s" % states)
    check(not os.path.exists(os.path.join(sw.d, "logs", "sweep-%d_%d.out" % (
        array_id, CANCELLED))), "the cancelled task ran")
    log = sw.merge_log(merge_id)
    check(sw.merge_state(merge_id) == ("FAILED", "125:0") and log ==
          "simty-merge: shards %d,%d of %d missing (their array tasks failed or were "
          "cancelled): rerun them, then this job\n" % (MISSING, CANCELLED, SHARDS),
          "merge job: %s, log %r" % (sw.merge_state(merge_id), log))
    check(not os.path.exists(os.path.join(sw.d, "out", "sweep.csv")), "a table was merged")
    # the page's rerun names these shards
    check("--array=%d,%d " % (MISSING, CANCELLED) in sw.blocks["rerun"] and
          "SHARDS=%d " % SHARDS in sw.blocks["rerun"], "the rerun block: %r" % sw.blocks["rerun"])
    sw.env["SIMTY"] = env.simty  # the node has its programs now
    merge_id, _ = sw.submit("rerun")
    sw.slurm.wait_idle(120, "end of the rerun's jobs")
    check(sw.merge_state(merge_id) == ("COMPLETED", "0:0"),
          "merge job after the rerun: %s\n%s" % (sw.merge_state(merge_id),
                                                  sw.merge_log(merge_id)))
    sw.check_merged("the merged table after the rerun")
    print("slurm: task %d without its programs (126), task %d cancelled: the merge job names "
          "both shards (125); rerun, merged equal, in %.1fs" % (
              MISSING, CANCELLED, time.monotonic() - t0))


# ------------------------------------------------------------------- Dask --

def case_dask(env):
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import python_checks as pc
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import simty
    import simty.rows
    from distributed import Client

    py = interpreter()
    port, = free_ports(1)
    addr = "tcp://127.0.0.1:%d" % port
    # the scheduler and the workers import simty (an installed package on a
    # cluster: python/README.md), the workers bind libsimty.so
    wenv = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"),
                SIMTY_LIB=os.path.join(env.build, "libsimty.so"))
    daemons = env.daemons
    daemons.start("dask-scheduler", [py, "-m", "dask", "scheduler", "--host", "127.0.0.1",
                                     "--port", str(port), "--no-dashboard"], wenv)
    worker = daemons.start("dask-worker", [
        py, "-m", "dask", "worker", addr, "--host", "127.0.0.1", "--nworkers", "2",
        "--nthreads", "1", "--no-dashboard", "--death-timeout", "60",
        "--local-directory", os.path.join(env.tmp, "dask-worker")], wenv)
    # the reference: simty bench over the same grid (python_checks' sweep-bench
    # case: the local pool's sweep equals it)
    ref = pc.Env(env.build, env.tmp).bench(pc.SWEEP_BENCH_ARGS, pc.SWEEP_PROGRAMS)
    client = None
    try:
        t0 = time.monotonic()
        wait_for(lambda: socket_open(port), 60, "Dask scheduler listening", daemons)
        client = Client(addr, timeout=60)
        client.wait_for_workers(2, timeout=120)
        pids = set(client.run(os.getpid).values())
        check(len(pids) == 2 and all(descends(p, worker.pid) for p in pids),
              "worker processes %s are not the dask worker's (%d)" % (pids, worker.pid))
        df = simty.sweep(pc.SWEEP_PROGRAMS, pc.SWEEP_GRID, options=pc.SWEEP_OPTIONS,
                         executor=client)
        ran = set(client.run(lambda: os.environ.get("SIMTY_LIB")).values())
    finally:
        if client is not None:
            client.close()
    check(ran == {wenv["SIMTY_LIB"]}, "workers' SIMTY_LIB %s" % ran)
    try:
        pc.check(list(df.columns) == list(ref.columns) + list(simty.rows.META),
                 "columns %s" % list(df.columns))
        pc.same_frames(df[list(ref.columns)], ref, "sweep on the dask scheduler vs simty bench",
                       drop=pc.HOST_COLUMNS)
    except pc.CaseFailure as e:
        raise CaseFailure(str(e))
    print("dask: %d runs on %s (2 worker processes %s) equal to simty bench's table, "
          "in %.1fs" % (len(df), addr, sorted(pids), time.monotonic() - t0))


def socket_open(port):
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def descends(pid, ancestor):
    while pid > 1:
        if pid == ancestor:
            return True
        with open("/proc/%d/stat" % pid) as f:
            pid = int(f.read().rsplit(")", 1)[1].split()[1])
    return False


# ------------------------------------------------------------------- main --

def start_reaper(tmp):
    """Forks a process that outlives this one (SIGKILL included, which no
    finally survives): when this process ends it kills what is left of the
    case's processes and removes tmp.  After a normal end it finds nothing."""
    r, w = os.pipe()
    if os.fork() == 0:
        try:
            os.close(w)
            os.setsid()  # out of the terminal's SIGINT; ignores the rest
            for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
                signal.signal(s, signal.SIG_IGN)
            os.chdir("/")
            while os.read(r, 1):  # EOF: the case process is gone
                pass
            left = kill_left(tmp)
            shutil.rmtree(tmp, ignore_errors=True)
            if left:
                print("cluster_checks: killed after the case ended: %s" % left, file=sys.stderr)
        finally:
            os._exit(0)
    os.close(r)
    os.set_inheritable(w, False)  # held by this process alone



class Env:
    def __init__(self, build, tmp, programs):
        self.build, self.tmp, self.programs = build, tmp, programs
        self.simty = os.path.join(build, "simty")
        self.daemons = Daemons(tmp)


def main():
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--case", required=True, choices=CASES)
    ap.add_argument("--build", required=True)
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--programs", nargs="+", default=[])
    a = ap.parse_args()
    parent_death_signal()  # the runner gone: stop, clean up
    tmp = os.path.abspath(a.tmp)
    start_reaper(tmp)

    def interrupted(signo, _frame):
        raise Interrupted(signo)
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGALRM):
        signal.signal(s, interrupted)
    signal.alarm(CASE_SECONDS)
    env = Env(os.path.abspath(a.build), tmp, [os.path.abspath(p) for p in a.programs])
    status = 0
    try:
        globals()["case_" + a.case](env)
    except CaseFailure as e:
        print("FAIL %s: %s" % (a.case, e), file=sys.stderr)
        status = 1
    except Interrupted as e:
        print("FAIL %s: interrupted (%s)\n%s" % (
            a.case, "time limit of %ds" % CASE_SECONDS if e.signo == signal.SIGALRM else e,
            env.daemons.logs()), file=sys.stderr)
        status = 128 + e.signo
    finally:
        signal.alarm(0)
        for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(s, signal.SIG_IGN)  # the cleanup is not cut short
        t0 = time.monotonic()
        env.daemons.stop()
        left = kill_left(tmp)
        print("%s: daemons stopped in %.1fs" % (a.case, time.monotonic() - t0))
        shutil.rmtree(tmp, ignore_errors=True)
        if left:
            print("FAIL %s: processes left after the daemons stopped, killed: %s" % (
                a.case, left), file=sys.stderr)
            status = status or 1
    sys.exit(status)


if __name__ == "__main__":
    main()
