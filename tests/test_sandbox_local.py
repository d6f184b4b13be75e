"""The local-process sandbox (no Docker): same grader, same statuses, weaker isolation."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from gpu_support import write_gpu_task
from sandbox_support import TINY, submission, tiny_task

from expgrade.grading.execution import grade_execution
from expgrade.grading.run_folder import SubmissionLogs
from expgrade.grading.sandbox import Limits, SandboxRequest, cgroup, make_sandbox
from expgrade.grading.sandbox.cleanroom import CLEAN_ROOM_PREFIX, remove_stale_clean_rooms
from expgrade.grading.sandbox.disk import capped_dir
from expgrade.grading.sandbox.local_backend import SUPERVISOR, LocalSandbox

VENV_BIN = Path(__file__).resolve().parents[1] / ".venv" / "bin"
needs_bwrap = pytest.mark.skipif(
    shutil.which("bwrap") is None, reason="bwrap not installed (apt-get install bubblewrap)"
)
needs_cgroup = pytest.mark.skipif(
    not (Path("/sys/fs/cgroup/memory").is_dir() or Path("/sys/fs/cgroup/cgroup.controllers").exists()),
    reason="no memory cgroup on this machine",
)


@pytest.fixture
def local(monkeypatch: pytest.MonkeyPatch) -> LocalSandbox:
    # The local backend runs the host's `python3` from PATH: make it the venv's (numpy, sklearn).
    monkeypatch.setenv("PATH", f"{VENV_BIN}:{os.environ.get('PATH', '/usr/bin:/bin')}")
    sandbox = make_sandbox("local")
    assert isinstance(sandbox, LocalSandbox)
    return sandbox


@pytest.mark.parametrize(
    ("name", "status"),
    [
        ("correct", "reproduced"),
        ("wrong_ema", "mismatch"),
        ("crashing", "failed"),
        ("bad_patch", "patch_failed"),
    ],
)
def test_local_statuses(local: LocalSandbox, tmp_path: Path, name: str, status: str) -> None:
    result = grade_execution(
        tiny_task(), submission(name), local, repo_base=TINY, logs=SubmissionLogs(tmp_path)
    )
    assert result.status == status, result.reason


def test_local_scrubs_environment_and_pins_gpus(
    local: LocalSandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EXPGRADE_TEST_SECRET_TOKEN", "hunter2")
    result = grade_execution(
        tiny_task(), submission("env_snoop"), local, repo_base=TINY, logs=SubmissionLogs(tmp_path)
    )
    assert result.status == "reproduced", result.reason
    assert "hunter2" not in SubmissionLogs(tmp_path).stdout.read_text()
    work = tmp_path / "w"
    work.mkdir()
    res = local.run(
        SandboxRequest(command=["sh", "-c", "echo gpus=[$CUDA_VISIBLE_DEVICES]; pwd"], workdir=work)
    )
    assert res.exit_code == 0 and "gpus=[]" in res.stdout.text() and str(work) in res.stdout.text()


def test_local_timeout_kills_the_whole_process_group(local: LocalSandbox, tmp_path: Path) -> None:
    work = tmp_path / "w"
    work.mkdir()
    unique = f"{4000 + os.getpid() % 1000}.{time.monotonic_ns() % 10**6}"  # a sleep only we started
    script = f"sleep {unique} & sleep {unique} & sleep {unique}"
    res = local.run(SandboxRequest(command=["sh", "-c", script], workdir=work, limits=Limits(timeout_s=1.5)))
    assert res.timed_out and 1.5 <= (res.duration_s or 0) < 20  # killed, not left to run
    time.sleep(0.3)
    assert [p for p in os.listdir("/proc") if p.isdigit() and _cmdline(p) == f"sleep {unique}"] == []


def test_local_memory_limit_is_a_resource_limit(local: LocalSandbox, tmp_path: Path) -> None:
    result = grade_execution(
        tiny_task(memory="300m", timeout_s=30),
        submission("memory_hog"),
        local,
        repo_base=TINY,
        logs=SubmissionLogs(tmp_path),
    )
    assert result.status == "resource_limit", result.reason


def _cmdline(pid: str) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
    except OSError:
        return ""


# ------------------------------------------------- the tree, memory, bwrap (issue 13)

DETACH = {
    # a child in its own session, out of the process group `killpg` would reach
    "setsid": "setsid sleep {tag} & sleep 0.2; echo started",
    # a grandchild whose parent exits at once: re-parented away from the command
    "double_fork": "(sh -c 'sleep {tag} &' &) ; sleep 0.2; echo started",
}


def _alive(tag: str) -> list[str]:
    return [p for p in os.listdir("/proc") if p.isdigit() and _cmdline(p) == f"sleep {tag}"]


@pytest.mark.parametrize("how", sorted(DETACH))
@pytest.mark.parametrize("ending", ["exits", "times_out"])
def test_detached_children_never_outlive_the_run(
    local: LocalSandbox, tmp_path: Path, how: str, ending: str
) -> None:
    tag = f"{5000 + os.getpid() % 1000}.{time.monotonic_ns() % 10**6}"
    script = DETACH[how].format(tag=tag) + ("; sleep 60" if ending == "times_out" else "")
    work = tmp_path / "w"
    work.mkdir()
    res = local.run(SandboxRequest(command=["sh", "-c", script], workdir=work, limits=Limits(timeout_s=2)))
    assert "started" in res.stdout.text() and res.timed_out == (ending == "times_out")
    assert _alive(tag) == []


def test_detached_children_die_without_cgroups_too(tmp_path: Path) -> None:
    """The subreaper supervisor alone (machines with no writable cgroup) still kills them."""
    tag = f"{6000 + os.getpid() % 1000}.{time.monotonic_ns() % 10**6}"
    work = tmp_path / "w"
    work.mkdir()
    box = LocalSandbox(use_cgroups=False, use_bwrap=False)
    res = box.run(SandboxRequest(command=["sh", "-c", DETACH["setsid"].format(tag=tag)], workdir=work))
    assert res.exit_code == 0 and "RLIMIT_DATA" in res.isolation["memory"]
    assert _alive(tag) == []


HOG = (
    "import sys; b = bytearray(int(sys.argv[1]) * 2**20); "
    "b[::4096] = b'x' * len(b[::4096]); print('survived')"
)


@needs_cgroup
def test_memory_cgroup_kills_an_over_allocation_and_no_address_space_limit(
    local: LocalSandbox, tmp_path: Path
) -> None:
    work = tmp_path / "w"
    work.mkdir()
    limits = Limits(memory_bytes=256 * 2**20, timeout_s=30)
    res = local.run(SandboxRequest(command=["python3", "-c", HOG, "512"], workdir=work, limits=limits))
    assert res.oom_killed and res.exit_code in (-9, 137) and "survived" not in res.stdout.text()
    assert res.isolation["memory"].startswith("cgroup v")
    ok = local.run(SandboxRequest(command=["python3", "-c", HOG, "64"], workdir=work, limits=limits))
    assert ok.exit_code == 0 and not ok.oom_killed
    # CUDA reserves far more address space than memory: the run must have no RLIMIT_AS
    lim = local.run(SandboxRequest(command=["cat", "/proc/self/limits"], workdir=work, limits=limits))
    (line,) = [x for x in lim.stdout.text().splitlines() if x.startswith("Max address space")]
    assert line.split()[3] == "unlimited"
    graded = grade_execution(
        tiny_task(memory="300m", timeout_s=30),
        submission("memory_hog"),
        local,
        repo_base=TINY,
        logs=SubmissionLogs(tmp_path),
    )
    assert graded.status == "resource_limit" and "OOM" in (graded.reason or "")
    record = json.loads(SubmissionLogs(tmp_path).sandbox_record.read_text())
    assert record["isolation"]["memory"].startswith("cgroup v") and record["oom_killed"]


def test_without_cgroups_memory_is_capped_by_rlimit_data(tmp_path: Path) -> None:
    work = tmp_path / "w"
    work.mkdir()
    box = LocalSandbox(use_cgroups=False)
    limits = Limits(memory_bytes=256 * 2**20, timeout_s=30)
    res = box.run(SandboxRequest(command=["python3", "-c", HOG, "512"], workdir=work, limits=limits))
    assert res.oom_killed and res.exit_code != 0 and "MemoryError" in res.stderr.text()
    lim = box.run(SandboxRequest(command=["cat", "/proc/self/limits"], workdir=work, limits=limits))
    text = lim.stdout.text()
    assert (
        "Max address space         unlimited" in text and f"Max data size             {256 * 2**20}" in text
    )


@needs_bwrap
def test_bwrap_blocks_network_and_writes_outside_the_work_dir(local: LocalSandbox, tmp_path: Path) -> None:
    work = tmp_path / "w"
    work.mkdir()
    probe = (
        "import socket, os\n"
        "try:\n    socket.create_connection(('1.1.1.1', 53), timeout=3); print('net: open')\n"
        "except OSError as e:\n    print('net:', e.strerror)\n"
        "for p in ['/etc/expgrade-probe', '/root/expgrade-probe', '/usr/expgrade-probe']:\n"
        "    try:\n        open(p, 'w'); print('wrote', p)\n"
        "    except OSError as e:\n        print('blocked', p, e.strerror)\n"
        "open('ok.txt', 'w').write('x'); print('work dir writable')\n"
        "print('devices', sorted(d for d in os.listdir('/dev') if d.startswith('nvidia')))\n"
    )
    res = local.run(SandboxRequest(command=["python3", "-c", probe], workdir=work))
    out = res.stdout.text()
    assert res.exit_code == 0, res.stderr.text()
    assert "net: Network is unreachable" in out and "wrote" not in out
    assert out.count("Read-only file system") == 3 and "work dir writable" in out
    assert "devices []" in out and (work / "ok.txt").exists()
    assert not Path("/etc/expgrade-probe").exists()
    assert res.isolation["network"].startswith("none") and "bwrap" in res.isolation["filesystem"]


@needs_bwrap
def test_an_interpreter_on_path_under_tmp_stays_visible_read_only(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The sandbox's private /tmp must not hide a venv under /tmp that PATH points to (a CI clone
    under /tmp ran the system python without the experiment's packages), nor make it writable."""
    prefix = Path(tempfile.mkdtemp(prefix="expgrade-venv-", dir="/tmp"))
    try:
        (prefix / "bin").mkdir()
        (prefix / "lib").mkdir()
        (prefix / "lib" / "marker.txt").write_text("packages here\n")
        tool = prefix / "bin" / "expgrade-probe-tool"
        tool.write_text(f"#!/bin/sh\ncat {prefix}/lib/marker.txt\ntouch {prefix}/lib/new || echo read-only\n")
        tool.chmod(0o755)
        monkeypatch.setenv("PATH", f"{prefix / 'bin'}:{os.environ.get('PATH', '/usr/bin:/bin')}")
        work = tmp_path / "w"
        work.mkdir()
        res = LocalSandbox().run(SandboxRequest(command=["expgrade-probe-tool"], workdir=work))
        assert res.exit_code == 0, res.stderr.text()
        assert res.stdout.text().splitlines() == ["packages here", "read-only"]
        assert "bwrap" in res.isolation["filesystem"] and not (prefix / "lib" / "new").exists()
    finally:
        shutil.rmtree(prefix)


def test_gpus_asked_for_on_a_machine_without_them_is_a_sandbox_error(
    local: LocalSandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if Path("/dev/nvidiactl").exists():
        pytest.skip("this machine has NVIDIA GPUs")
    result = grade_execution(tiny_task(gpus=1), submission("correct"), local, repo_base=TINY, gpu_ids=[0])
    assert result.status == "sandbox_error" and result.passed is None
    assert "/dev/nvidia0" in (result.reason or "")


@pytest.mark.skipif(os.geteuid() != 0, reason="a loop-mounted work dir needs root")
def test_disk_flood_ends_at_the_cap_as_a_resource_limit(local: LocalSandbox, tmp_path: Path) -> None:
    free_before = shutil.disk_usage(tmp_path).free
    flood = "dd if=/dev/zero of=flood.bin bs=1M count=400 && echo finished"
    task = tiny_task(command=flood, disk="40m", timeout_s=60)
    logs = SubmissionLogs(tmp_path)
    result = grade_execution(task, submission("correct"), local, repo_base=TINY, logs=logs)
    assert result.status == "resource_limit" and "disk cap" in (result.reason or ""), result.reason
    record = json.loads(logs.sandbox_record.read_text())
    assert record["disk_full"] and record["isolation"]["disk"].startswith("ext4 loop image")
    assert "No space left on device" in logs.stderr.read_text()
    assert shutil.disk_usage(tmp_path).free > free_before - 100 * 2**20  # 400 MiB never reached the host


def test_a_run_short_of_gpus_grades_everything_else_and_warns_once(tmp_path: Path) -> None:
    """On a machine with no GPU: the CPU task is graded, each GPU task's execution is sandbox_error."""
    if Path("/dev/nvidiactl").exists():
        pytest.skip("this machine has NVIDIA GPUs (tests/test_sandbox_gpu.py covers it there)")
    tasks, subs = write_gpu_task(tmp_path / "in", too_many=2)
    out = tmp_path / "run"
    env = {**os.environ, "PATH": f"{VENV_BIN}:{os.environ.get('PATH', '')}"}
    env.pop("EXPGRADE_GPUS", None)
    cmd = [str(VENV_BIN / "expgrade"), "grade", "--tasks", str(tasks), "--submissions", str(subs),
           "--out", str(out), "--subtasks", "execution", "--sandbox", "local"]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("ask for up to 2 GPU(s) but this machine has 0") == 1
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    execution = {r["submission_id"]: r["subtasks"]["execution"] for r in rows}
    assert execution["cpu"]["status"] == "reproduced", execution["cpu"]["reason"]
    for sid, asked in [("correct", 1), ("wrong", 1), ("greedy", 2)]:
        assert execution[sid]["status"] == "sandbox_error" and execution[sid]["passed"] is None
        assert (
            f"asks for {asked} GPU(s)" in execution[sid]["reason"]
            and "(0 on this machine)" in execution[sid]["reason"]
        )
    manifest = json.loads((out / "manifest.json").read_text())
    assert "ask for up to 2 GPU(s)" in manifest["sessions"][-1]["warnings"][0]


@pytest.mark.skipif(os.geteuid() != 0, reason="a loop-mounted work dir needs root")
def test_gc_unmounts_and_removes_a_killed_runs_capped_work_dir(tmp_path: Path) -> None:
    dead = subprocess.Popen(["true"])
    dead.wait()
    room = tmp_path / f"{CLEAN_ROOM_PREFIX}{dead.pid}-killed"
    room.mkdir()
    capped = capped_dir(room, 32 * 2**20)
    assert capped.__enter__().startswith("ext4 loop image")  # a run killed here never exits it
    (room / "work").mkdir()
    assert os.path.ismount(room) and room.with_name(room.name + ".disk").exists()
    assert remove_stale_clean_rooms(tmp_path) == 1
    assert not room.exists() and not room.with_name(room.name + ".disk").exists()


def test_supervisor_that_cannot_join_its_cgroup_reports_it_and_runs_nothing(tmp_path: Path) -> None:
    read, write = os.pipe()
    spec = {
        "cgroup_procs": [str(tmp_path / "no" / "cgroup.procs")],
        "command": ["touch", "ran"],
        "report_fd": write,
    }
    done = subprocess.run(
        [sys.executable, "-I", "-S", SUPERVISOR, json.dumps(spec)],
        cwd=tmp_path,
        pass_fds=(write,),
        timeout=60,
    )
    os.close(write)
    with os.fdopen(read, "rb") as report:
        assert report.read().startswith(b"FileNotFoundError")
    assert done.returncode == 125 and not (tmp_path / "ran").exists()


@pytest.mark.skipif(
    not Path("/sys/fs/cgroup/unified/cgroup.controllers").exists(), reason="no hybrid cgroup2 mount here"
)
def test_a_v2_hierarchy_without_the_memory_controller_gives_the_reason(tmp_path: Path) -> None:
    """The hybrid layout of this machine and CI: cgroup2 is mounted, but memory is v1's."""
    if "memory" in Path("/sys/fs/cgroup/unified/cgroup.controllers").read_text():
        pytest.skip("this cgroup2 mount has the memory controller")
    group, why = cgroup.create(2**30, 100, root=Path("/sys/fs/cgroup/unified"))
    assert group is None and "memory controller is not available" in why


@pytest.mark.skipif(os.geteuid() != 0, reason="a loop-mounted work dir needs root")
def test_unit_tests_run_under_every_limit_the_experiment_gets(local: LocalSandbox, tmp_path: Path) -> None:
    """The hidden tests go through the experiment's runner: the disk cap ends a flood (three
    20 MiB files, each under the per-file limit, 60 MiB against a 40 MiB cap), the clean room is
    one `sandbox gc` can find, and the task's environment is the one the code gets."""
    from expgrade.grading.graders.unit_tests import run_unit_tests

    fill = "for i in 1 2 3; do dd if=/dev/zero of=f$i bs=1M count=20 || exit 3; done"
    flood = f'pwd; echo "flag=$TASK_FLAG"; {fill}'
    task = tiny_task(test_command=flood, disk="40m", timeout_s=60, env={"TASK_FLAG": "from-the-task"})
    logs = SubmissionLogs(tmp_path)
    item = run_unit_tests(task, submission("correct"), sandbox=local, tasks_dir=TINY, gpu_ids=[], logs=logs)
    out = logs.unit_tests.read_text()
    assert item is not None and item.verdict == "fail" and "exit code 3" in (item.rationale or ""), out
    assert "No space left on device" in out
    assert f"/{CLEAN_ROOM_PREFIX}{os.getpid()}-" in out
    assert "flag=from-the-task" in out


def test_supervisor_ends_the_run_on_its_own_timer_with_no_grader_to_do_it(tmp_path: Path) -> None:
    """The supervisor's own limit (the grader's is gone, or never comes): the command and
    what it left in the background are killed at `deadline_s`, with no SIGTERM from anyone."""
    read, write = os.pipe()
    spec = {
        "command": ["sh", "-c", "sleep 60 & echo $! > bg; sleep 60"],
        "report_fd": write,
        "deadline_s": 1.0,
    }
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-I", "-S", SUPERVISOR, json.dumps(spec)],
        cwd=tmp_path,
        pass_fds=(write,),
        timeout=60,
    )
    took = time.monotonic() - started
    os.close(write)
    os.close(read)
    background = int((tmp_path / "bg").read_text())
    assert done.returncode == 128 + signal.SIGALRM and took < 30  # its 1 s timer, not the 60 s sleep
    stat = Path(f"/proc/{background}/stat")
    assert not stat.exists() or stat.read_text().rsplit(")", 1)[1].split()[0] == "Z"  # gone, or a corpse
