"""The local backend's supervisor: the process between the grader and the untrusted command.

Run as a script (`python -I -S supervise.py SPEC_JSON`), standard library only, so it needs neither
the grader's environment nor its import path. It joins the run's cgroups before anything else
(so every descendant is born inside them), makes itself a child subreaper (so children that
called `setsid()` or double-forked are re-parented to it rather than to init, where a process-
group kill would miss them), sets the rlimits in the forked child only, and execs the command.
When the command exits, or the grader sends SIGTERM, it kills every descendant that is left and
exits with the command's status: a daemon the command left behind never outlives the run.

It does not depend on the grader staying alive: the grader's death sends it SIGTERM
(`PR_SET_PDEATHSIG`; strictly, the end of the grader's thread that started it, which waits on it
for the whole run), and its own timer fires shortly after the run's limit, so a run whose
grader was SIGKILLed (an OOM kill, a lost Ray worker) ends anyway, within its limit.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import resource
import signal
import sys
import time
from types import FrameType
from typing import Any

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36


def _descendants(root: int) -> set[int]:
    """Every live process below `root`, from the parent links in /proc (no CONFIG_PROC_CHILDREN)."""
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                stat = fh.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(b")") + 2 :].split()[1])
        children.setdefault(ppid, []).append(int(name))
    found: set[int] = set()
    stack = [root]
    while stack:
        for child in children.get(stack.pop(), []):
            if child not in found:
                found.add(child)
                stack.append(child)
    return found


def kill_tree() -> None:
    """SIGKILL every descendant and reap them, until none is left (forks in flight included)."""
    me = os.getpid()
    while left := _descendants(me):
        for pid in left:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):  # none left to reap
            while os.waitpid(-1, os.WNOHANG) != (0, 0):
                continue
        time.sleep(0.005)  # a killed process needs a moment to become a zombie


def setup(spec: dict[str, Any]) -> None:
    """Join the run's cgroups, become a subreaper and ask for SIGTERM when the grader dies;
    raises if any of it cannot be done, or if the grader is already gone."""
    for procs in spec.get("cgroup_procs", []):
        with open(str(procs), "w") as fh:
            fh.write(str(os.getpid()))
    libc = ctypes.CDLL(None, use_errno=True)
    for option, what in ((PR_SET_CHILD_SUBREAPER, 1), (PR_SET_PDEATHSIG, signal.SIGTERM)):
        if libc.prctl(option, int(what), 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), f"prctl({option}) failed")
    if os.getppid() != int(spec.get("grader_pid", os.getppid())):  # died before PDEATHSIG was set
        raise OSError("the grader is gone")


def main(spec: dict[str, Any]) -> int:
    # The grader learns on its own pipe, not from the command's output (which the code controls),
    # whether the supervisor is in place: a failure here is the sandbox's, not the agent's.
    report = int(spec["report_fd"])
    try:
        setup(spec)
    except Exception as exc:
        os.write(report, f"{type(exc).__name__}: {exc}".encode())
        return 125
    os.write(report, b"ok")
    os.close(report)
    command = [str(c) for c in spec["command"]]
    rlimits = {str(k): int(v) for k, v in spec.get("rlimits", {}).items()}

    def on_term(signum: int, frame: FrameType | None) -> None:
        kill_tree()
        os._exit(128 + signum)

    # Before the fork, so no SIGTERM finds us without it; the child's exec resets them.
    signal.signal(signal.SIGTERM, on_term)
    signal.signal(signal.SIGALRM, on_term)
    child = os.fork()
    if child == 0:
        for name, value in rlimits.items():
            resource.setrlimit(getattr(resource, f"RLIMIT_{name}"), (value, value))
        try:
            os.execvp(command[0], command)
        except OSError as exc:
            os.write(2, f"expgrade: cannot run {command[0]!r}: {exc}\n".encode())
            os._exit(127)
    if spec.get("deadline_s"):  # timers are not inherited: this one is ours alone
        signal.setitimer(signal.ITIMER_REAL, float(spec["deadline_s"]))
    status = 0
    while True:
        try:
            pid, wstatus = os.waitpid(-1, 0)
        except ChildProcessError:
            break
        if pid == child:
            status = wstatus
            break
    signal.setitimer(signal.ITIMER_REAL, 0)
    kill_tree()
    if os.WIFSIGNALED(status):
        signal.signal(os.WTERMSIG(status), signal.SIG_DFL)
        os.kill(os.getpid(), os.WTERMSIG(status))
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main(json.loads(sys.argv[1])))
