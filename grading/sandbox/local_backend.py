"""The local-process sandbox, for machines without Docker (HPC nodes, the lent GPU machines).

Each run gets: a temporary working copy (the clean room), a scrubbed environment, GPU pinning
via `CUDA_VISIBLE_DEVICES`, and a supervisor process (grading/sandbox/supervise.py) that joins
the run's memory + pids cgroup, is a child subreaper, and kills every descendant when the
command ends or the timer fires; it also ends the run when the grader dies, and at the limit
(plus a grace) on its own timer, so a SIGKILLed grader leaves nothing running. Where no cgroup
can be had, memory is capped with RLIMIT_DATA, never RLIMIT_AS: CUDA reserves far more address
space than any memory limit.
Where `bwrap` (bubblewrap) is installed the command also runs in a network namespace with a
read-only view of the system, a writable work dir and /tmp, and only the allocated GPUs' device
nodes. Which of these a run had is recorded in `SandboxResult.isolation` (sandbox.json).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

from expgrade.grading.sandbox import cgroup
from expgrade.grading.sandbox.base import SandboxRequest, SandboxResult, StreamCapture
from expgrade.grading.sandbox.gpu import device_nodes, missing_gpu_nodes
from expgrade.grading.sandbox.limits import SANDBOX_GRACE_S

SUPERVISOR = str(Path(__file__).with_name("supervise.py"))
#: Messages by which a process tells us it ran into an rlimit (only cgroups record OOM kills).
_MEMORY_MARKERS = ("MemoryError", "Cannot allocate memory", "Unable to allocate")
_FORK_MARKERS = ("BlockingIOError", "fork: Resource temporarily unavailable", "fork: retry")
#: Seconds the supervisor gets to kill the tree on SIGTERM before it is killed itself.
_TERM_GRACE_S = 5.0


def _pump(pipe: IO[bytes], capture: StreamCapture) -> None:
    with pipe:
        while chunk := pipe.read(65536):
            capture.feed(chunk)


def kept_under_tmp(path_env: str) -> list[str]:
    """Where the run's PATH leads under /tmp, which the sandbox's private /tmp would hide.

    PATH is kept on purpose (the experiment's interpreter is often the user's own venv), and a
    venv or checkout under /tmp is common (CI clones, scratch dirs): without these read-only
    binds `python` would silently be another interpreter, without the experiment's packages.
    A `bin` directory is kept with its prefix (a venv's or conda env's `lib` lives beside it).
    """
    tmp = Path("/tmp")
    kept: set[str] = set()
    for entry in path_env.split(os.pathsep):
        path = Path(entry)
        if not path.is_absolute() or not path.is_dir():
            continue
        real = path.resolve()
        if tmp in real.parents:
            root = real.parent if real.name == "bin" and real.parent != tmp else real
            kept.add(str(root))
    return sorted(kept)


def bwrap_prefix(bwrap: str, request: SandboxRequest, tmp: Path, path_env: str) -> list[str]:
    """bubblewrap arguments: no network, read-only system, writable work dir, own GPUs only."""
    work = str(request.workdir.resolve())
    args = [bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
    for kept in kept_under_tmp(path_env):
        args += ["--ro-bind", kept, kept]
    for node in device_nodes(request.gpu_ids):
        args += ["--dev-bind", node, node]
    args += ["--bind", work, work, "--bind", str(tmp.resolve()), str(tmp.resolve())]
    args += ["--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts"]
    return [*args, "--die-with-parent", "--new-session", "--chdir", work, "--"]


class LocalSandbox:
    name = "local"

    def __init__(self, *, use_cgroups: bool = True, use_bwrap: bool = True) -> None:
        self.use_cgroups = use_cgroups
        self.use_bwrap = use_bwrap

    def run(self, request: SandboxRequest) -> SandboxResult:
        result = SandboxResult(backend=self.name)
        no_gpu = missing_gpu_nodes(request.gpu_ids)
        if no_gpu is not None:
            result.error = no_gpu
            return result
        limits = request.limits
        tmp = request.workdir.parent / "tmp"
        tmp.mkdir(exist_ok=True)
        env = {
            "HOME": str(tmp), "TMPDIR": str(tmp), "LANG": "C.UTF-8", "PYTHONUNBUFFERED": "1",
            # PATH is kept: on an HPC node the interpreter the experiment needs is the user's own
            # (a venv or module), and PATH is not where secrets live.
            "PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"),
            "CUDA_VISIBLE_DEVICES": ",".join(str(i) for i in request.gpu_ids),
            **request.env,
        }  # fmt: skip
        group, why_not = (
            cgroup.create(limits.memory_bytes, limits.pids) if self.use_cgroups else (None, "cgroups off")
        )
        rlimits = {
            "CPU": max(1, int(limits.timeout_s * max(1.0, limits.cpus))),
            "FSIZE": limits.file_bytes,
            "NOFILE": 4096,
        }
        if group is None:
            rlimits |= {"DATA": limits.memory_bytes, "NPROC": limits.pids}
        bwrap = _usable_bwrap() if self.use_bwrap else None
        prefix = bwrap_prefix(bwrap, request, tmp, env["PATH"]) if bwrap else []
        command = [*prefix, *request.command]
        result.isolation = _isolation(group, why_not, bwrap is not None, request, limits.memory_bytes)
        report_r, report_w = os.pipe()
        spec = {
            "cgroup_procs": group.procs_files if group else [],
            "rlimits": rlimits,
            "command": command,
            "report_fd": report_w,
            "grader_pid": os.getpid(),  # its death ends the run (PR_SET_PDEATHSIG) ...
            "deadline_s": limits.timeout_s + SANDBOX_GRACE_S,  # ... and so does the limit
        }
        out, err = StreamCapture(limits.output_bytes), StreamCapture(limits.output_bytes)
        started = time.monotonic()
        try:
            proc = subprocess.Popen(
                [sys.executable, "-I", "-S", SUPERVISOR, json.dumps(spec)], cwd=request.workdir, env=env,
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                start_new_session=True, pass_fds=(report_w,),
            )  # fmt: skip
        except OSError as exc:
            os.close(report_r)
            if group is not None:
                group.remove()
            result.error = f"could not start the command: {exc}"
            return result
        finally:
            os.close(report_w)
        with os.fdopen(report_r, "rb") as report:
            setup = report.read().decode(errors="replace")
        if setup != "ok":
            proc.kill()
            proc.communicate()
            if group is not None:
                group.remove()
            result.error = (
                f"the local sandbox's supervisor could not be set up: {setup or 'it died at start'}"
            )
            return result
        assert proc.stdout is not None and proc.stderr is not None
        pumps = [
            threading.Thread(target=_pump, args=(p, c), daemon=True)
            for p, c in ((proc.stdout, out), (proc.stderr, err))
        ]
        for t in pumps:
            t.start()
        try:
            proc.wait(timeout=limits.timeout_s)
        except subprocess.TimeoutExpired:
            result.timed_out = True
            proc.terminate()  # the supervisor kills the whole tree, detached children included
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=_TERM_GRACE_S)
        finally:
            # Whatever the supervisor could not reach (it may itself have been killed by the code)
            if group is not None:
                group.kill()
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        result.duration_s = time.monotonic() - started
        for t in pumps:
            t.join(timeout=10)
        result.stdout, result.stderr = out.captured(), err.captured()
        result.exit_code = proc.returncode
        if group is not None:
            result.oom_killed = group.oom_killed()
            result.pids_limited = group.pids_limited()
            group.remove()
        if proc.returncode != 0 and not result.timed_out:
            # Without a cgroup nothing records an rlimit hit; the process says so itself.
            stderr_tail = result.stderr.text()[-4000:]
            result.oom_killed |= any(m in stderr_tail for m in _MEMORY_MARKERS)
            result.pids_limited |= any(m in stderr_tail for m in _FORK_MARKERS)
        if proc.returncode == -signal.SIGXCPU:
            result.timed_out = True  # the CPU-seconds backstop fired before our timer
        return result


@functools.cache
def _usable_bwrap() -> str | None:
    """`bwrap`, if installed and able to make namespaces here (not every kernel or container lets
    it): a bwrap that fails at every start would turn every run into `failed`."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return None
    probe = [
        bwrap,
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--unshare-net",
        "--unshare-pid",
        "true",
    ]
    try:
        ok = subprocess.run(probe, capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.SubprocessError):
        ok = False
    return bwrap if ok else None


def _isolation(
    group: cgroup.RunCgroup | None, why_not: str, bwrapped: bool, request: SandboxRequest, memory: int
) -> dict[str, str]:
    """What held this run in, in words, for sandbox.json: the local backend varies by machine."""
    gpus = ",".join(str(i) for i in request.gpu_ids)
    return {
        "memory": f"{group.describe()} = {memory}" if group else f"RLIMIT_DATA = {memory} ({why_not})",
        "processes": "cgroup pids.max" if group and group.pids_dir else "RLIMIT_NPROC (per user)",
        "kill": ("cgroup sweep + " if group else "")
        + "subreaper supervisor kills every descendant, also when the grader dies or the limit"
        + f" + {SANDBOX_GRACE_S:g} s passes on its own timer",
        "network": "none (bwrap --unshare-net)" if bwrapped else "host network (no usable bwrap)",
        "filesystem": (
            "read-only system, writable work dir and /tmp (bwrap)"
            if bwrapped
            else "anything the grader's user may write (no usable bwrap)"
        ),
        "gpus": (
            "none"
            if not gpus
            else f"{gpus}: only their device nodes (bwrap)"
            if bwrapped
            else f"{gpus}: CUDA_VISIBLE_DEVICES only (every GPU's device node visible)"
        ),
    }
