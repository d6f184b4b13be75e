"""Pure parts of the sandbox and execution grader: capture caps, results parsing, comparison,
clean rooms and patch fallbacks, the GPU allocator, apt source discovery. No Docker needed."""

from __future__ import annotations

import math
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest
from sandbox_support import SUBMISSIONS, TINY, submission, tiny_task

from expgrade.grading.errors import UserError
from expgrade.grading.execution import grade_execution
from expgrade.grading.execution.compare import compare
from expgrade.grading.execution.results import (
    ResultsUnreadable,
    normalise,
    parse_stdout,
    parse_with_patterns,
    read_results_file,
)
from expgrade.grading.sandbox import make_sandbox
from expgrade.grading.sandbox.base import StreamCapture
from expgrade.grading.sandbox.cleanroom import SubmissionRejected, apply_patch, prepare_clean_room
from expgrade.grading.sandbox.docker_backend import DockerSandbox
from expgrade.grading.sandbox.gpu import GpuAllocator, GpuUnavailable
from expgrade.grading.sandbox.image import choose_source, configured_sources
from expgrade.grading.sandbox.limits import parse_bytes
from expgrade.grading.schemas import RepoSpec, Tolerance

EXPGRADE = Path(__file__).resolve().parents[1] / ".venv" / "bin" / "expgrade"


def test_capture_keeps_head_and_tail_and_counts_the_rest() -> None:
    cap = StreamCapture(10)
    for i in range(1000):
        cap.feed(f"{i:04d}\n".encode())
    out = cap.captured()
    assert out.head == b"0000\n0001\n"
    assert out.tail == b"0998\n0999\n"
    assert out.total_bytes == 5000 and out.dropped_bytes == 4980
    assert "[... 4980 bytes dropped by expgrade ...]" in out.text()


def test_capture_with_one_huge_chunk_stays_bounded() -> None:
    cap = StreamCapture(4)
    cap.feed(b"abcdefghij" * 1000 + b"WXYZ")
    assert cap.head == b"abcd" and cap.tail == b"WXYZ"
    assert len(cap._tail) <= 8
    small = StreamCapture(100)
    small.feed(b"short")
    assert small.captured().text() == "short" and small.captured().dropped_bytes == 0


def test_parse_bytes_units_and_bad_input() -> None:
    assert parse_bytes("512m") == 512 * 1024**2
    assert parse_bytes("1.5G") == int(1.5 * 1024**3)
    assert parse_bytes("100") == 100
    with pytest.raises(UserError, match="memory"):
        parse_bytes("lots")


def test_stdout_objects_autoexperiment_convention() -> None:
    one = {"digits": {"acc": 1.0, "loss": 1.0}}
    text = 'step 1\n{"acc": 0.1}\nnoise {"not": json}\n{"acc": 0.9, "loss": 0.2}\n'
    assert parse_stdout(text, one) == {"digits": {"acc": 0.9, "loss": 0.2}}  # later lines win
    assert parse_stdout("{'acc': 0.5}\n", one) == {"digits": {"acc": 0.5}}  # a printed Python dict
    three = {"Experiment 1": {"FID": 1.0}, "Experiment 2": {"FID": 1.0}, "Experiment 3": {"loss": 1.0}}
    labelled = 'Experiment 2\n{"FID": 243.8}\nExperiment 1\nlog\n{"FID": 202.6}\n'
    assert parse_stdout(labelled, three) == {"Experiment 2": {"FID": 243.8}, "Experiment 1": {"FID": 202.6}}
    in_order = '{"FID": 1}\n{"FID": 2}\n{"loss": 3}\n'
    assert parse_stdout(in_order, three) == {
        "Experiment 1": {"FID": 1}, "Experiment 2": {"FID": 2}, "Experiment 3": {"loss": 3}
    }  # fmt: skip
    assert parse_stdout('{"Experiment 3": {"loss": 0.3}}\n', three) == {"Experiment 3": {"loss": 0.3}}
    assert parse_stdout("{__import__('os').system('id')}\n", one) == {}  # never evaluated


def test_normalise_flat_goes_to_the_only_experiment_and_strings_become_numbers() -> None:
    assert normalise({"acc": "0.9"}, {"digits": {"acc": 1.0}}) == {"digits": {"acc": 0.9}}
    assert normalise({"acc": 1}, {"a": {}, "b": {}}) == {"default": {"acc": 1}}
    assert normalise({"e": {"m": 2}}, None) == {"e": {"m": 2}}
    assert normalise([1, 2], None) == {}


def test_regex_patterns_take_the_last_match() -> None:
    text = "test accuracy: 0.5\n...\ntest accuracy: 0.93\nloss=nan\n"
    found = parse_with_patterns(text, {"d": {"accuracy": r"test accuracy: ([0-9.]+)", "loss": r"loss=(\S+)"}})
    assert found["d"]["accuracy"] == 0.93 and math.isnan(found["d"]["loss"])
    with pytest.raises(UserError, match="result_patterns"):
        parse_with_patterns(text, {"d": {"x": "("}})


def test_results_file_refuses_symlinks_out_and_oversized(tmp_path: Path) -> None:
    (tmp_path / "secret").write_text('{"a": {"b": 1}}')
    work = tmp_path / "work"
    work.mkdir()
    (work / "results.json").symlink_to(tmp_path / "secret")
    with pytest.raises(ResultsUnreadable, match="outside"):
        read_results_file(work, "results.json", max_bytes=100)
    (work / "big.json").write_text("[" + "1," * 100 + "1]")
    with pytest.raises(ResultsUnreadable, match="over the cap"):
        read_results_file(work, "big.json", max_bytes=50)
    assert read_results_file(work, "absent.json", max_bytes=50) is None


def test_compare_tolerances_nan_missing_and_extra() -> None:
    expected = {"e": {"acc": 0.9, "loss": 0.1, "f1": 0.5, "n": 100.0}}
    measured = {"e": {"acc": 0.93, "loss": float("nan"), "n": 100.4, "bonus": 1.0}}
    tol = Tolerance(rel=0.05, per_metric={"e/n": {"rel": 0.0, "abs": 0.5}})
    cmp = compare(expected, measured, tol)
    assert cmp.missing == ["e/f1"] and cmp.nonfinite == ["e/loss"] and cmp.extra == ["e/bonus"]
    assert {d.metric for d in cmp.deviations} == {"loss", "f1"}  # acc 3.3 % off, n within abs 0.5
    assert not cmp.all_within
    text = cmp.explain()
    assert "not measured: e/f1" in text and "not a finite number: e/loss" in text and "extra" in text
    tight = compare(expected, measured, Tolerance(rel=0.01))
    acc = next(d for d in tight.deviations if d.metric == "acc")
    assert acc.rel_error == pytest.approx(0.0333, abs=1e-3)
    assert compare({"e": {"z": 0.0}}, {"e": {"z": 0.0}}, None).all_within  # expected 0: abs rule
    assert not compare({}, {"e": {"z": 1}}, None).all_within  # nothing compared is not a pass


def _repo_copy(tmp_path: Path) -> Path:
    dest = tmp_path / "room"
    prepare_clean_room(dest, repo=RepoSpec(path="repo"), repo_base=TINY)
    return dest


def test_clean_room_applies_patch_and_copies_reproduce(tmp_path: Path) -> None:
    room = prepare_clean_room(
        tmp_path / "room",
        repo=RepoSpec(path="repo"),
        repo_base=TINY,
        patch=SUBMISSIONS / "correct" / "patch.diff",
        reproduce=SUBMISSIONS / "infinite_loop" / "reproduce.sh",
    )
    assert "b2 * state" in (room.path / "optim.py").read_text()
    assert (room.path / "reproduce.sh").read_text().startswith("#!/bin/sh")
    assert room.notes[-2] == "patch applied with git apply"
    assert "NotImplementedError" in (TINY / "repo" / "optim.py").read_text()  # the task repo is untouched


def test_patch_falls_back_to_fuzz_when_context_drifted(tmp_path: Path) -> None:
    dest = _repo_copy(tmp_path)
    lines = (dest / "optim.py").read_text().splitlines(keepends=True)
    assert lines[4] == "\n"  # the hunk's first context line
    lines[4] = "# a comment the agent's tree did not have\n"
    (dest / "optim.py").write_text("".join(lines))
    how = apply_patch(SUBMISSIONS / "correct" / "patch.diff", dest)
    assert how == "patch applied with patch -p1 --fuzz=3"
    text = (dest / "optim.py").read_text()
    assert "b2 * state" in text and "# a comment" in text and not list(dest.glob("*.rej"))


def test_patch_that_does_not_apply_says_why(tmp_path: Path) -> None:
    dest = _repo_copy(tmp_path)
    with pytest.raises(SubmissionRejected) as info:
        apply_patch(SUBMISSIONS / "bad_patch" / "patch.diff", dest)
    message = str(info.value)
    assert "git apply:" in message and "--3way" in message and "patch -p1" in message
    assert "NotImplementedError" in (dest / "optim.py").read_text()  # nothing half-applied


def test_clean_room_from_a_git_repo_at_a_commit(tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.fail("git is a requirement of the clean room (scripts/bootstrap.sh installs it)")
    origin = tmp_path / "origin"
    shutil.copytree(TINY / "repo", origin)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], cwd=origin, check=True)
    subprocess.run([*git, "add", "-A"], cwd=origin, check=True)
    subprocess.run([*git, "commit", "-qm", "base"], cwd=origin, check=True)
    base = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=origin, capture_output=True, text=True
    ).stdout.strip()
    (origin / "optim.py").write_text("later change\n")
    subprocess.run([*git, "commit", "-qam", "later"], cwd=origin, check=True)
    room = prepare_clean_room(
        tmp_path / "room",
        repo=RepoSpec(url=str(origin), commit=base),
        patch=SUBMISSIONS / "correct" / "patch.diff",
    )
    assert "b2 * state" in (room.path / "optim.py").read_text()
    assert room.notes[0].startswith("cloned")


def test_patch_falls_back_to_three_way_merge_against_the_repos_history(tmp_path: Path) -> None:
    """The agent diffed against an older commit: plain `git apply` fails, the 3-way merge works."""
    origin = tmp_path / "origin"
    shutil.copytree(TINY / "repo", origin)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t"]

    def sh(*args: str) -> str:
        return subprocess.run([*git, *args], cwd=origin, check=True, capture_output=True, text=True).stdout

    sh("init", "-q")
    sh("add", "-A")
    sh("commit", "-qm", "c1")
    fixed = (SUBMISSIONS / "correct" / "patch.diff").read_text()
    subprocess.run(["patch", "-p1", "-s"], input=fixed, cwd=origin, check=True, text=True)
    agent_patch = tmp_path / "agent.diff"
    agent_patch.write_text(sh("diff"))  # a git diff: carries the preimage blob id
    sh("checkout", "--", ".")
    lines = (origin / "optim.py").read_text().splitlines(keepends=True)
    lines[4] = "# changed upstream after the agent's checkout\n"
    (origin / "optim.py").write_text("".join(lines))
    sh("commit", "-qam", "c2")
    room = prepare_clean_room(
        tmp_path / "room",
        repo=RepoSpec(url=str(origin), commit=sh("rev-parse", "HEAD").strip()),
        patch=agent_patch,
    )
    assert room.notes[-1] == "patch applied with git apply --3way"
    text = (room.path / "optim.py").read_text()
    assert "b2 * state" in text and "changed upstream" in text and "<<<<<<<" not in text


def test_workspace_with_symlink_out_is_rejected(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "leak").symlink_to("/etc/passwd")
    with pytest.raises(SubmissionRejected, match="symlinks"):
        prepare_clean_room(tmp_path / "room", repo=None, workspace=ws)


def test_allocator_hands_out_distinct_devices_and_makes_others_wait() -> None:
    pool = GpuAllocator([0, 1])
    held: list[tuple[int, ...]] = []
    in_use: set[int] = set()
    overlap = []
    lock = threading.Lock()

    def job() -> None:
        with pool.acquire(1) as ids:
            with lock:
                if in_use & set(ids):
                    overlap.append(ids)
                in_use.update(ids)
                held.append(ids)
            time.sleep(0.05)
            with lock:
                in_use.difference_update(ids)

    threads = [threading.Thread(target=job) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not overlap and len(held) == 8 and {i for ids in held for i in ids} == {0, 1}
    assert pool.free == (0, 1)
    with pool.acquire(2) as both:
        assert both == (0, 1)
        with pytest.raises(GpuUnavailable, match="within"):
            pool.take(1, timeout_s=0.1)
    with pytest.raises(GpuUnavailable, match="has 2"):
        pool.take(3)
    assert pool.take(0) == ()


def test_apt_sources_one_line_and_deb822(tmp_path: Path) -> None:
    d = tmp_path / "sources.list.d"
    d.mkdir()
    (tmp_path / "sources.list").write_text(
        "# comment\ndeb [signed-by=/k.gpg] http://mirror.example/debian bookworm-security main\n"
    )
    (d / "a.sources").write_text(
        "Types: deb\nURIs: http://mirror.example/debian\nSuites: bookworm bookworm-updates\n"
        "Components: main\n"
        "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\n"
        "Types: deb-src\nURIs: http://src.example\nSuites: bookworm\n"
    )
    (d / "b.sources.disabled").write_text("Types: deb\nURIs: http://no\nSuites: bookworm\n")
    (d / "c.list").write_text("deb https://packages.cloud.google.com/apt cloud-sdk-bookworm main\n")
    sources = configured_sources(tmp_path)
    assert [(s.uri, s.suite) for s in sources] == [
        ("http://mirror.example/debian", "bookworm-security"),
        ("http://mirror.example/debian", "bookworm"),
        ("http://mirror.example/debian", "bookworm-updates"),
        ("https://packages.cloud.google.com/apt", "cloud-sdk-bookworm"),
    ]
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    (scripts / "bookworm").write_text("")
    chosen = choose_source(sources, scripts)
    assert (chosen.suite, chosen.keyring) == ("bookworm", "/usr/share/keyrings/debian-archive-keyring.gpg")
    assert chosen.components == ("main",) and sources[-1].components == ("main",)
    with pytest.raises(UserError, match="--mirror"):
        choose_source(sources[-1:], scripts)


def test_grader_undecided_statuses_never_pass_or_fail(tmp_path: Path) -> None:
    local = make_sandbox("local")
    no_run = tiny_task().model_copy(update={"run": None})
    no_expected = tiny_task().model_copy(update={"expected_results": None})
    unreachable = tiny_task().model_copy(
        update={"repo": RepoSpec(url=str(tmp_path / "no-such-repo"), commit="abc")}
    )
    cases = [
        (grade_execution(no_run, submission("correct"), local), "not_run", "no run spec"),
        (grade_execution(no_expected, submission("correct"), local), "not_run", "no expected_results"),
        (grade_execution(unreachable, submission("correct"), local), "sandbox_error", "git clone"),
        (grade_execution(tiny_task(gpus=2), submission("correct"), local, repo_base=TINY, gpu_ids=[0]),
         "sandbox_error", "asks for 2 GPU(s); this grading was given 1"),
        (grade_execution(tiny_task(), submission("correct"), DockerSandbox(base_url="unix:///nonexistent.sock"),
                         repo_base=TINY), "sandbox_error", "Docker engine unavailable"),
    ]  # fmt: skip
    for result, status, why in cases:
        assert result.status == status and result.passed is None, result
        assert why in (result.reason or "")
        assert result.claimed_results == {"digits": {"accuracy": 0.944444, "final_loss": 0.033128}}


def test_cli_reports_an_unreachable_engine_as_a_user_error() -> None:
    env = {**os.environ, "DOCKER_HOST": "unix:///nonexistent/docker.sock"}
    done = subprocess.run(
        [str(EXPGRADE), "sandbox", "gc"], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 2, done.stderr
    assert "cannot reach the Docker engine" in done.stderr and "Traceback" not in done.stderr


# ---------------------------------------------------------------- Docker GPU modes (issue 13)


def test_gpu_configs_of_each_mode_give_only_the_allocated_gpus(tmp_path: Path) -> None:
    from expgrade.grading.sandbox.docker_backend import DRIVER_LIB_DIR, gpu_config

    nvidia = gpu_config("nvidia", [1, 3])
    (req,) = nvidia.device_requests
    assert req["Driver"] == "nvidia" and req["DeviceIDs"] == ["1", "3"] and req["Capabilities"] == [["gpu"]]
    assert nvidia.env == {"NVIDIA_VISIBLE_DEVICES": "1,3"} and not nvidia.devices and not nvidia.mounts
    cdi = gpu_config("cdi", [1, 3])
    (req,) = cdi.device_requests
    assert req["Driver"] == "cdi" and req["DeviceIDs"] == ["nvidia.com/gpu=1", "nvidia.com/gpu=3"]
    assert not cdi.devices and not cdi.env
    dev = tmp_path / "dev"
    dev.mkdir()
    for name in ["nvidia0", "nvidia1", "nvidia2", "nvidia3", "nvidiactl", "nvidia-uvm"]:
        (dev / name).touch()
    lib = tmp_path / "libcuda.so.535.1"
    lib.touch()
    devices = gpu_config("devices", [1, 3], libraries=[f"{lib}:libcuda.so.1"], device_root=dev)
    assert devices.devices == [
        f"{dev}/nvidia1:/dev/nvidia1:rwm",
        f"{dev}/nvidia3:/dev/nvidia3:rwm",
        f"{dev}/nvidiactl:/dev/nvidiactl:rwm",
        f"{dev}/nvidia-uvm:/dev/nvidia-uvm:rwm",
    ]  # fmt: skip  (nvidia-uvm-tools absent here: only nodes that exist are passed)
    (mount,) = devices.mounts
    assert mount["Target"] == f"{DRIVER_LIB_DIR}/libcuda.so.1" and mount["Source"] == str(lib)
    assert mount["ReadOnly"] is True and devices.env == {"LD_LIBRARY_PATH": DRIVER_LIB_DIR}
    assert gpu_config("devices", []).devices == [] and gpu_config("nvidia", []).device_requests == []


def test_auto_gpu_mode_picks_what_the_engine_supports(tmp_path: Path) -> None:
    from expgrade.grading.sandbox.docker_backend import choose_gpu_mode

    dev, cdi = tmp_path / "dev", tmp_path / "cdi"
    dev.mkdir()
    cdi.mkdir()
    runc = {"Runtimes": {"runc": {}}, "ServerVersion": "27.3.1"}
    mode, why = choose_gpu_mode({**runc, "Runtimes": {"nvidia": {}, "runc": {}}}, device_root=dev)
    assert mode == "nvidia"
    assert choose_gpu_mode(runc, cdi_dirs=[str(cdi)], device_root=dev)[0] is None
    (cdi / "nvidia.yaml").write_text("kind: nvidia.com/gpu\n")
    assert choose_gpu_mode(runc, cdi_dirs=[str(cdi)], device_root=dev)[0] == "cdi"
    old = {**runc, "ServerVersion": "20.10.24+dfsg1"}
    mode, why = choose_gpu_mode(old, cdi_dirs=[str(cdi)], device_root=dev)
    assert mode is None and "CDI needs >= 25" in why and "nvidiactl" in why
    (dev / "nvidiactl").touch()
    mode, why = choose_gpu_mode(old, cdi_dirs=[str(cdi)], device_root=dev)
    assert mode == "devices" and "no nvidia runtime (runtimes: runc)" in why


def test_unknown_gpu_mode_is_a_user_error() -> None:
    from expgrade.grading.errors import UserError
    from expgrade.grading.sandbox.docker_backend import DockerSandbox as Box

    with pytest.raises(UserError, match="unknown GPU mode"):
        Box(gpu_mode="cuda")
