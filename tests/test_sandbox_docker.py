"""The Docker sandbox and the execution grader against the real engine and the tiny experiment.

Every submission in tests/fixtures/tiny_experiment/submissions must end with the right status;
the hardening must be visible in the containers' inspect output; nothing may be left running.
The base image is built by `expgrade sandbox build-image` (scripts/bootstrap.sh runs it before
pytest); the session fixture calls the same builder, which returns at once when it exists.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tarfile
import tempfile
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import docker
import pytest
from sandbox_support import TINY, submission, tiny_task

from expgrade.grading.execution import grade_execution
from expgrade.grading.run_folder import SubmissionLogs
from expgrade.grading.sandbox import BASE_IMAGE, GpuAllocator, Limits, SandboxRequest
from expgrade.grading.sandbox.base import LABEL, SandboxResult
from expgrade.grading.sandbox.docker_backend import DockerSandbox
from expgrade.grading.sandbox.image import _reusable, build_base_image
from expgrade.grading.schemas import ExecutionSubtask, Task
from expgrade.grading.submission_reader.loader import LoadedSubmission

pytestmark = pytest.mark.docker
REPO_ROOT = Path(__file__).resolve().parents[1]
EXPGRADE = REPO_ROOT / ".venv" / "bin" / "expgrade"


@pytest.fixture(scope="session")
def engine() -> docker.DockerClient:
    client = docker.from_env()
    client.ping()
    build_base_image(progress=lambda message: print(message, file=sys.stderr), client=client)
    return client


@pytest.fixture(scope="module")
def sandbox(engine: docker.DockerClient) -> DockerSandbox:
    return DockerSandbox()


def _ours(engine: docker.DockerClient, pid: int | None = None) -> list[object]:
    label = f"{LABEL}.pid={pid or os.getpid()}"
    # A run may remove its container between the listing and the inspect of each one.
    return list(engine.containers.list(all=True, filters={"label": label}, ignore_removed=True))


@pytest.fixture(autouse=True)
def no_leftovers(engine: docker.DockerClient) -> Iterator[None]:
    yield
    assert _ours(engine) == [], "a sandbox container outlived its run"


def grade(
    name: str, sandbox: DockerSandbox, tmp_path: Path, task: Task | None = None, **kw: object
) -> ExecutionSubtask:
    return grade_execution(
        task or tiny_task(),
        submission(name),
        sandbox,
        repo_base=TINY,
        logs=SubmissionLogs(tmp_path / "logs"),
        **kw,  # type: ignore[arg-type]
    )


def run_record(tmp_path: Path) -> dict[str, object]:
    return json.loads(SubmissionLogs(tmp_path / "logs").sandbox_record.read_text())


# ---------------------------------------------------------------- statuses of ordinary submissions


@pytest.mark.parametrize(
    ("name", "status", "flags"),
    [
        ("correct", "reproduced", []),
        ("workspace_copy", "reproduced", []),
        ("within_tolerance", "reproduced", []),
        ("wrong_ema", "mismatch", ["nonfinite_results"]),
        ("false_claims", "reproduced", ["claimed_mismatch"]),
        ("crashing", "failed", []),
        ("bad_patch", "patch_failed", []),
    ],
)
def test_submission_statuses(
    sandbox: DockerSandbox, tmp_path: Path, name: str, status: str, flags: list[str]
) -> None:
    result = grade(name, sandbox, tmp_path)
    assert result.status == status, result.reason
    assert set(flags) <= set(result.flags)
    assert result.passed is (status == "reproduced")
    assert result.expected_results == tiny_task().expected_results
    if name == "wrong_ema":
        assert {d.metric for d in result.deviations} == {"accuracy", "final_loss"}
        assert "not a finite number: digits/final_loss" in (result.reason or "")
    if name == "false_claims":
        assert "claimed" in (result.reason or "") and "0.998" in (result.reason or "")
    if name == "crashing":
        assert result.exit_code == 1 and "NameError" in (result.reason or "")
    if name == "bad_patch":
        assert "does not apply" in (result.reason or "") and result.exit_code is None
    if name == "within_tolerance":
        assert result.measured_results["digits"]["final_loss"] != pytest.approx(0.033128, rel=1e-4)


def test_results_from_stdout_json_and_from_regexes(sandbox: DockerSandbox, tmp_path: Path) -> None:
    from_stdout = grade("correct", sandbox, tmp_path / "a", tiny_task(results_file=None))
    assert from_stdout.status == "reproduced", from_stdout.reason
    patterns = {"digits": {"accuracy": r"test accuracy: (\S+)", "final_loss": r"final loss: (\S+)"}}
    from_regex = grade(
        "correct", sandbox, tmp_path / "b", tiny_task(results_file=None, result_patterns=patterns)
    )
    assert from_regex.status == "reproduced" and from_regex.measured_results["digits"]["accuracy"] == 0.944444
    missing = grade("correct", sandbox, tmp_path / "c", tiny_task(results_file="nowhere.json"))
    assert missing.status == "missing_results" and missing.passed is False
    assert "nowhere.json" in (missing.reason or "")


# ---------------------------------------------------------------- hostile submissions


def test_infinite_loop_times_out_on_our_timer(sandbox: DockerSandbox, tmp_path: Path) -> None:
    started = time.monotonic()
    result = grade("infinite_loop", sandbox, tmp_path, tiny_task(timeout_s=3))
    assert result.status == "timeout" and result.passed is False
    # the upper bounds tell "killed at its limit" from "ran forever", on a loaded machine too
    assert 3 <= (result.duration_s or 0) < 20 and time.monotonic() - started < 60


def test_memory_hog_is_oom_killed(sandbox: DockerSandbox, tmp_path: Path) -> None:
    result = grade("memory_hog", sandbox, tmp_path, tiny_task(memory="200m", timeout_s=30))
    assert result.status == "resource_limit", result.reason
    assert "memory" in (result.reason or "")
    assert run_record(tmp_path)["oom_killed"] is True


def test_fork_bomb_hits_the_pids_limit_and_host_is_unaffected(sandbox: DockerSandbox, tmp_path: Path) -> None:
    limits = Limits(timeout_s=4, pids=64, cpus=1.0, memory_bytes=512 << 20)
    result = grade("fork_bomb", sandbox, tmp_path, limits=limits)
    assert result.status == "resource_limit", result.reason
    assert "process limit" in (result.reason or "")
    time.sleep(0.5)
    bombs = [p for p in os.listdir("/proc") if p.isdigit() and b"os.fork()" in _cmdline(p)]
    assert bombs == [], "fork-bomb processes survived on the host"


def _cmdline(pid: str) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def test_network_env_and_filesystem_probes_find_nothing(
    sandbox: DockerSandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EXPGRADE_TEST_SECRET_TOKEN", "hunter2")
    for name, marker in [("network_probe", "NETWORK_PROBE reached: nothing"),
                         ("env_snoop", "ENV_SNOOP saw"),
                         ("write_outside", "WRITE_OUTSIDE wrote: nothing")]:  # fmt: skip
        result = grade(name, sandbox, tmp_path / name)
        assert result.status == "reproduced", (name, result.reason)
        stdout = SubmissionLogs(tmp_path / name / "logs").stdout.read_text()
        assert marker in stdout and "hunter2" not in stdout
    for path in ["/etc/expgrade_pwned", "/expgrade_pwned", "/var/tmp/expgrade_pwned"]:
        assert not Path(path).exists()
    monkeypatch.setenv("EXPGRADE_PASSED_IN", "yes")
    named = tiny_task(pass_env=["EXPGRADE_PASSED_IN", "EXPGRADE_UNSET_VAR"], env={"SET_BY_TASK": "1"})
    result = grade("env_snoop", sandbox, tmp_path / "named", named)
    assert result.status == "reproduced", result.reason
    stdout = SubmissionLogs(tmp_path / "named" / "logs").stdout.read_text()
    assert (
        "'EXPGRADE_PASSED_IN'" in stdout and "'SET_BY_TASK'" in stdout and "EXPGRADE_UNSET_VAR" not in stdout
    )


def test_stdout_flood_is_capped_in_memory_and_on_disk(sandbox: DockerSandbox, tmp_path: Path) -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = grade("stdout_flood", sandbox, tmp_path)
    grown_mib = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert result.status == "reproduced", result.reason
    assert "output_truncated" in result.flags
    record = run_record(tmp_path)
    assert record["stdout_bytes"] >= 200_000_000  # type: ignore[operator]
    assert record["stdout_dropped_bytes"] >= 199_000_000  # type: ignore[operator]
    assert SubmissionLogs(tmp_path / "logs").stdout.stat().st_size < 1 << 20
    assert record["host_config"]["LogConfig"]["Type"] == "none"  # type: ignore[index]
    assert grown_mib < 64, f"the grader grew by {grown_mib:.0f} MiB reading a 200 MB flood"


# ---------------------------------------------------------------- hardening, GPUs, infrastructure


def test_container_hardening_is_visible_in_inspect(sandbox: DockerSandbox, tmp_path: Path) -> None:
    work = tmp_path / "w"
    work.mkdir()
    req = SandboxRequest(
        command=["sh", "-c", "id -u; touch /work/ok && echo wrote; touch /x 2>/dev/null || echo ro; env"],
        workdir=work,
        env={"GIVEN": "1"},
        limits=Limits(timeout_s=20, memory_bytes=300 << 20, cpus=0.5, pids=77),
    )
    res = sandbox.run(req)
    assert res.error is None and res.exit_code == 0
    out = res.stdout.text()
    assert out.splitlines()[0] in {"65534", str(os.getuid())} and "wrote" in out and "ro" in out
    assert "GIVEN=1" in out and "HOSTNAME" in out and "SECRET" not in out
    hc, cfg = res.inspect["HostConfig"], res.inspect["Config"]  # type: ignore[index]
    assert hc["NetworkMode"] == "none"
    assert hc["ReadonlyRootfs"] is True
    assert hc["CapDrop"] == ["ALL"]
    assert hc["SecurityOpt"] == ["no-new-privileges"]
    assert hc["PidsLimit"] == 77
    assert hc["Memory"] == 300 << 20 and hc["MemorySwap"] == 300 << 20
    assert hc["NanoCpus"] == 500_000_000
    assert "/tmp" in hc["Tmpfs"] and "size=" in hc["Tmpfs"]["/tmp"]
    assert hc["LogConfig"]["Type"] == "none"
    assert hc["Binds"] == [f"{work.resolve()}:/work:rw"]
    assert cfg["User"] in {"65534:65534", f"{os.getuid()}:{os.getgid()}"}
    assert cfg["Labels"][LABEL] == "1"
    # the limit inside the container too, for a grader that is killed: limit + 2 s, then SIGKILL 3 s on
    assert cfg["Entrypoint"] == ["timeout", "-k", "3", "22"] and cfg["Cmd"] == req.command
    assert "in-container `timeout`" in res.isolation["kill"]
    assert sorted(e.split("=")[0] for e in cfg["Env"]) == [
        "GIVEN",
        "HOME",
        "LANG",
        "PATH",
        "PYTHONUNBUFFERED",
        "TMPDIR",
    ]
    assert not hc.get("DeviceRequests")


def fake_nvidia(root: Path, gpus: int) -> Path:
    """Device nodes named like the NVIDIA driver's (they are /dev/null's): this machine has no GPU,
    yet the engine must really pass exactly the allocated nodes through."""
    root.mkdir()
    for name in [f"nvidia{i}" for i in range(gpus)] + ["nvidiactl", "nvidia-uvm", "nvidia-uvm-tools"]:
        os.mknod(root / name, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    return root


def test_gpu_runtime_missing_is_a_sandbox_error_naming_what_to_do(
    sandbox: DockerSandbox, tmp_path: Path
) -> None:
    work = tmp_path / "w"
    work.mkdir()
    nvidia = DockerSandbox(gpu_mode="nvidia").run(
        SandboxRequest(command=["true"], workdir=work, gpu_ids=(2,))
    )
    assert (
        nvidia.error is not None
        and "no nvidia runtime" in nvidia.error
        and "--gpu-mode devices" in nvidia.error
    )
    if not Path("/dev/nvidiactl").exists():  # auto, on an engine and host with no way to give GPUs
        graded = grade("correct", sandbox, tmp_path, tiny_task(gpus=1), gpu_ids=[3])
        assert graded.status == "sandbox_error" and graded.passed is None
        assert "cannot give GPUs to containers" in (graded.reason or "")


@pytest.mark.skipif(os.geteuid() != 0, reason="making device nodes needs root")
def test_devices_mode_gives_only_the_allocated_gpus_nodes_and_records_the_mode(tmp_path: Path) -> None:
    box = DockerSandbox(gpu_mode="devices", device_root=fake_nvidia(tmp_path / "dev", gpus=4))
    work = tmp_path / "w"
    work.mkdir()
    res = box.run(
        SandboxRequest(
            command=["sh", "-c", "ls /dev | grep nvidia; echo $LD_LIBRARY_PATH"], workdir=work, gpu_ids=(2,)
        )
    )
    assert res.error is None and res.exit_code == 0, res.error
    seen = res.stdout.text().split()
    assert seen == ["nvidia-uvm", "nvidia-uvm-tools", "nvidia2", "nvidiactl", "/usr/local/nvidia/lib64"]
    devices = res.inspect["HostConfig"]["Devices"]  # type: ignore[index]
    assert {d["PathInContainer"] for d in devices} == {
        "/dev/nvidia2", "/dev/nvidiactl", "/dev/nvidia-uvm", "/dev/nvidia-uvm-tools"
    }  # fmt: skip
    assert not res.inspect["HostConfig"].get("DeviceRequests")  # type: ignore[index]
    assert res.isolation["gpus"].startswith("devices (--gpu-mode): GPUs [2]")


@pytest.mark.skipif(os.geteuid() != 0, reason="making device nodes needs root")
def test_cuda_failing_in_the_sandbox_is_caught_by_the_canary_as_a_sandbox_error(tmp_path: Path) -> None:
    """The nodes are there but no driver library is: the agent's code must not be blamed."""
    box = DockerSandbox(gpu_mode="auto", device_root=fake_nvidia(tmp_path / "dev", gpus=2))
    graded = grade("correct", box, tmp_path, tiny_task(gpus=1), gpu_ids=[1])
    assert graded.status == "sandbox_error" and graded.passed is None
    assert "GPU canary failed" in (graded.reason or "") and "libcuda.so.1" in (graded.reason or "")
    record = run_record(tmp_path)
    assert record["isolation"]["gpus"].startswith("devices (auto: no nvidia runtime")  # type: ignore[index]


@pytest.mark.skipif(os.geteuid() != 0, reason="making device nodes needs root")
def test_gpu_allocator_gives_concurrent_runs_distinct_devices(tmp_path: Path) -> None:
    pool = GpuAllocator([0, 1])
    seen: list[tuple[float, float, list[str]]] = []
    lock = threading.Lock()
    dev = fake_nvidia(tmp_path / "dev", gpus=2)

    class Recording(DockerSandbox):
        def run(self, request: SandboxRequest) -> SandboxResult:
            start = time.monotonic()
            res = super().run(SandboxRequest(**{**request.__dict__, "command": ["true"]}))
            time.sleep(0.3)  # hold the device a little, as a real run would
            nodes = [d["PathInContainer"] for d in res.inspect["HostConfig"]["Devices"]]  # type: ignore[index]
            with lock:
                seen.append((start, time.monotonic(), [n for n in nodes if n[-1].isdigit()]))
            return res

    rec = Recording(gpu_mode="devices", device_root=dev)
    results: list[ExecutionSubtask] = []

    def one(i: int) -> None:
        results.append(grade("correct", rec, tmp_path / str(i), tiny_task(gpus=1), allocator=pool))

    threads = [threading.Thread(target=one, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r.status for r in results] == ["missing_results"] * 4  # `true` writes no results
    assert {ids[0] for _, _, ids in seen} == {"/dev/nvidia0", "/dev/nvidia1"}
    assert all(len(ids) == 1 for _, _, ids in seen)
    for a in seen:  # runs (canary and command) that overlapped in time never shared a device
        for b in seen:
            if a is not b and a[0] < b[1] and b[0] < a[1]:
                assert a[2] != b[2]
    assert pool.free == (0, 1)


def test_missing_image_and_gpus_zero(sandbox: DockerSandbox, tmp_path: Path) -> None:
    result = grade("correct", sandbox, tmp_path, tiny_task(image="expgrade/no-such-image:0"))
    assert result.status == "sandbox_error" and result.passed is None
    assert "not present" in (result.reason or "")


# ---------------------------------------------------------------- cleanup on signals, gc, image


CHILD = textwrap.dedent(
    """
    import signal, threading, time, sys
    from pathlib import Path
    # A shell's background job inherits SIGINT ignored (CI may run us that way); Ctrl-C is
    # what this child stands for, so give it Python's own handler back.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    from expgrade.grading.sandbox.docker_backend import DockerSandbox
    from expgrade.grading.sandbox import SandboxRequest, Limits
    work = Path(sys.argv[1])
    box = DockerSandbox()
    req = SandboxRequest(command=["sleep", "120"], workdir=work, limits=Limits(timeout_s=300))
    threading.Thread(target=box.run, args=(req,), daemon=True).start()
    print("started", flush=True)
    time.sleep(300)
    """
)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_signal_removes_running_containers(engine: docker.DockerClient, tmp_path: Path, sig: int) -> None:
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not _ours(engine, child.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _ours(engine, child.pid), "the child never started its container"
        time.sleep(1)
        child.send_signal(sig)
        child.wait(timeout=60)
        assert _ours(engine, child.pid) == []
    finally:
        child.kill()
        for c in _ours(engine, child.pid):
            c.remove(force=True)  # type: ignore[attr-defined]


def test_gc_removes_orphans_but_not_live_runs(engine: docker.DockerClient) -> None:
    """`sandbox gc` and the sweep `expgrade grade` makes at each start (one function): a dead
    grader's container goes; a live one's, another host's and one that is not ours stay."""
    dead = engine.containers.create(
        BASE_IMAGE, ["sleep", "60"], labels={LABEL: "1", f"{LABEL}.pid": "999999999"}
    )
    live_label = {LABEL: "1", f"{LABEL}.pid": "1", f"{LABEL}.host": os.uname().nodename}
    live = engine.containers.create(BASE_IMAGE, ["sleep", "60"], labels=live_label)
    other_host = {LABEL: "1", f"{LABEL}.pid": "999999999", f"{LABEL}.host": "other"}
    elsewhere = engine.containers.create(BASE_IMAGE, ["sleep", "60"], labels=other_host)
    foreign = engine.containers.create(BASE_IMAGE, ["sleep", "60"], labels={"expgrade.pid": "999999999"})
    tmp = Path(tempfile.gettempdir())
    dead_room, live_room = tmp / "expgrade-run-999999999-gctest", tmp / f"expgrade-run-{os.getpid()}-gctest"
    for room in (dead_room, live_room):
        (room / "work").mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run([str(EXPGRADE), "sandbox", "gc"], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        ids = {c.id for c in engine.containers.list(all=True)}
        assert dead.id not in ids and {live.id, elsewhere.id, foreign.id} <= ids
        assert "removed" in done.stdout
        assert not dead_room.exists() and live_room.exists()
    finally:
        shutil.rmtree(live_room, ignore_errors=True)
        shutil.rmtree(dead_room, ignore_errors=True)
        for c in (dead, live, elsewhere, foreign):
            with contextlib.suppress(docker.errors.NotFound):
                c.remove(force=True)


def test_an_image_without_timeout_runs_without_the_in_container_limit(engine: docker.DockerClient) -> None:
    """The probe decides per image; an image with no `timeout` (here: none at all) is told apart
    from the base image, and the probe leaves no container behind (the no-leftovers fixture)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        tar.addfile(tarfile.TarInfo("marker"), io.BytesIO(b""))
    engine.api.import_image_from_data(buf.getvalue(), repository="expgrade/no-timeout", tag="test")
    try:
        box = DockerSandbox()
        assert box._image_has_timer(engine.images.get(BASE_IMAGE).id) is True
        assert box._image_has_timer(engine.images.get("expgrade/no-timeout:test").id) is False
    finally:
        engine.images.remove("expgrade/no-timeout:test", force=True)


def test_build_image_is_idempotent_and_fast_when_present(engine: docker.DockerClient) -> None:
    started = time.monotonic()
    done = subprocess.run(
        [str(EXPGRADE), "sandbox", "build-image"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "already present" in done.stdout and time.monotonic() - started < 30
    image = engine.images.get(BASE_IMAGE)
    assert image.attrs["Config"]["WorkingDir"] == "/work"


def test_a_run_that_copes_with_the_pids_limit_is_judged_by_its_numbers(
    sandbox: DockerSandbox, tmp_path: Path
) -> None:
    script = tmp_path / "reproduce.sh"
    script.write_text(
        "python3 -c 'import subprocess\n"
        "procs = []\n"
        "try:\n"
        '    for _ in range(100): procs.append(subprocess.Popen(["sleep", "1"]))\n'
        'except OSError as e: print("fork refused:", e)\n'
        "for p in procs: p.kill()\n'\n"
        "exec python3 train.py\n"
    )
    base = submission("correct")
    coping = LoadedSubmission(
        "coping", base.submission, "native", tmp_path, patch=base.patch, reproduce=script
    )
    result = grade_execution(
        tiny_task(), coping, sandbox, repo_base=TINY, limits=Limits(timeout_s=60, pids=32)
    )
    assert result.status == "reproduced", result.reason
    assert "pids_limit_hit" in result.flags


def test_image_from_another_recipe_is_rebuilt_and_a_foreign_one_kept(engine: docker.DockerClient) -> None:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        info = tarfile.TarInfo("marker")
        tar.addfile(info, io.BytesIO(b""))
    messages: list[str] = []
    for tag, labels in [("old", "LABEL expgrade.recipe=0ld expgrade.suite=bookworm"), ("foreign", None)]:
        name = f"expgrade/recipe-test:{tag}"
        engine.api.import_image_from_data(buf.getvalue(), repository="expgrade/recipe-test", tag=tag,
                                          changes=[labels] if labels else None)  # fmt: skip
        try:
            kept = _reusable(engine, name, messages.append)
            assert (kept is None) == (tag == "old")
        finally:
            engine.images.remove(name, force=True)
    assert "rebuilding" in messages[0] and "already present" in messages[1]


# ---------------------------------------------------------------- infrastructure faults (issue 13)


class EngineProxy:
    """A unix socket in front of the real engine that the test can cut, as if dockerd died."""

    def __init__(self, path: Path, target: str = "/var/run/docker.sock") -> None:
        self.path, self.target = path, target
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(path))
        self.server.listen(16)
        self.conns: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                client, _ = self.server.accept()
                if self.server.fileno() == -1:  # cut meanwhile
                    client.close()
                    return
                upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                upstream.connect(self.target)
                self.conns += [client, upstream]
                for a, b in ((client, upstream), (upstream, client)):
                    threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := src.recv(65536):
                dst.sendall(data)
        with contextlib.suppress(OSError):
            dst.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        # shutdown wakes the blocked accept(); close alone would let it accept one more client
        with contextlib.suppress(OSError):
            self.server.shutdown(socket.SHUT_RDWR)
        self.server.close()
        self.path.unlink()
        for conn in self.conns:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
            conn.close()


def test_engine_gone_mid_run_is_a_sandbox_error(engine: docker.DockerClient, tmp_path: Path) -> None:
    proxy = EngineProxy(tmp_path / "engine.sock")
    box = DockerSandbox(base_url=f"unix://{tmp_path / 'engine.sock'}")
    outcome: list[ExecutionSubtask] = []
    task = tiny_task(command="sleep 60", timeout_s=120)
    runner = threading.Thread(target=lambda: outcome.append(grade("correct", box, tmp_path, task)))
    runner.start()
    deadline = time.monotonic() + 60
    while not [c for c in _ours(engine) if c.status == "running"] and time.monotonic() < deadline:  # type: ignore[attr-defined]
        time.sleep(0.1)
    proxy.cut()
    runner.join(timeout=60)
    for container in _ours(engine):  # the grader could not remove it: the engine was gone for it
        container.remove(force=True)  # type: ignore[attr-defined]
    (result,) = outcome
    assert result.status == "sandbox_error" and result.passed is None
    assert "the Docker engine" in (result.reason or "") and "mid-run" in (result.reason or "")


@pytest.mark.skipif(os.geteuid() != 0, reason="a loop-mounted work dir needs root")
def test_disk_flood_in_a_container_ends_at_the_cap(sandbox: DockerSandbox, tmp_path: Path) -> None:
    free_before = shutil.disk_usage(tmp_path).free
    flood = "dd if=/dev/zero of=flood.bin bs=1M count=400 && echo finished"
    result = grade("correct", sandbox, tmp_path, tiny_task(command=flood, disk="40m"))
    assert result.status == "resource_limit" and "disk cap" in (result.reason or ""), result.reason
    record = run_record(tmp_path)
    assert record["disk_full"] and str(record["isolation"]["disk"]).startswith("ext4 loop image")  # type: ignore[index]
    assert shutil.disk_usage(tmp_path).free > free_before - 100 * 2**20
