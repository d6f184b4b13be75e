"""The default sandbox: one fresh, locked-down container per run (docker-py).

Hardening (visible in `docker inspect`, asserted by the tests): no network, a non-root user,
a read-only root filesystem with only the work directory and a size-capped tmpfs `/tmp`
writable, every capability dropped, `no-new-privileges`, a pids limit, a memory limit with
swap equal to it, a CPU quota, and an environment holding only what the request names.

Output is streamed through `attach` with the `none` log driver, so a submission that prints in
a loop fills neither the engine's json log on the host's disk nor the grader's memory.

GPUs reach a container in one of three ways (`--gpu-mode`), each giving it only the allocated
devices: `nvidia` (the NVIDIA container runtime's DeviceRequest), `cdi` (CDI devices
`nvidia.com/gpu=N`, Docker >= 25) or `devices` (the device nodes plus the host driver's user-
space libraries, read-only; needs no NVIDIA software in the engine). `auto` picks from what the
engine reports and the run record says which was used and why.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import docker
import requests
from docker.errors import APIError, DockerException, ImageNotFound, NotFound
from docker.types import DeviceRequest, LogConfig, Mount
from docker.utils import kwargs_from_env

from expgrade.grading.sandbox import reaper
from expgrade.grading.sandbox.base import BASE_IMAGE, LABEL, SandboxRequest, SandboxResult, StreamCapture
from expgrade.grading.sandbox.gpu import NVIDIA_SHARED_NODES
from expgrade.grading.sandbox.limits import SANDBOX_GRACE_S

#: Errors by which the engine (or the connection to it) fails, as opposed to the code's faults.
ENGINE_ERRORS = (DockerException, requests.RequestException)
GPU_MODES = ("auto", "nvidia", "cdi", "devices")
#: Where the CDI spec of `nvidia-ctk cdi generate` lands (Docker's default CDI spec dirs).
CDI_SPEC_DIRS = ("/etc/cdi", "/var/run/cdi")
#: Where `devices` mode mounts the host driver's libraries, as the NVIDIA runtime does.
DRIVER_LIB_DIR = "/usr/local/nvidia/lib64"
#: The driver's user-space libraries a CUDA program loads (not the CUDA toolkit's own).
_DRIVER_LIB = re.compile(r"^(libcuda\.so|libcudadebugger\.so|libnvidia-[\w.-]+\.so)")

WORKDIR = "/work"
#: Seconds between the checks of the wall clock and the cgroup's pids counter.
_POLL_S = 0.2
#: How long the in-container timer's SIGTERM gets before its SIGKILL.
INNER_KILL_AFTER_S = 3.0
#: What the in-container timer needs from the image: GNU coreutils' (or a recent busybox's) flags.
_TIMER_PROBE = ["timeout", "-k", "1", "10", "true"]


def _sandbox_user() -> str:
    """The uid the code runs as: `nobody` when we are root, else our own uid (owns the workdir)."""
    uid = os.getuid()
    return "65534:65534" if uid == 0 else f"{uid}:{os.getgid()}"


def _chown_tree(root: Path, user: str) -> None:
    """Give the sandbox user the work directory: it is the only place it may write."""
    if os.getuid() != 0:
        return
    uid, gid = (int(x) for x in user.split(":"))
    os.chown(root, uid, gid)
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            os.chown(os.path.join(dirpath, name), uid, gid, follow_symlinks=False)


def _pids_limit_hit(container_id: str) -> bool:
    """Whether the cgroup refused a fork (cgroup v1 `pids.events` max counter; v2 likewise)."""
    candidates = [
        Path(f"/sys/fs/cgroup/pids/docker/{container_id}/pids.events"),
        Path(f"/sys/fs/cgroup/system.slice/docker-{container_id}.scope/pids.events"),
        Path(f"/sys/fs/cgroup/docker/{container_id}/pids.events"),
    ]
    for path in candidates:
        with contextlib.suppress(OSError, ValueError):
            for line in path.read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "max":
                    return int(value) > 0
    return False


@dataclass(frozen=True)
class GpuConfig:
    """What a container is given for its GPUs, in one of the modes; `note` goes in the run record."""

    mode: str
    device_requests: list[DeviceRequest] = field(default_factory=list)
    devices: list[str] = field(default_factory=list)  # "host:container:rwm"
    mounts: list[Mount] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    note: str = ""


def driver_libraries() -> list[str]:
    """The host driver's user-space libraries (`ldconfig -p`), by the name programs load."""
    try:
        listing = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    found: dict[str, str] = {}
    for line in listing.splitlines():
        name, _, path = line.strip().partition(" => ")
        name = name.split(" ", 1)[0]
        if _DRIVER_LIB.match(name) and "x86-64" in line and name not in found:
            found[name] = path.strip()
    return [f"{path}:{name}" for name, path in sorted(found.items())]


def gpu_config(
    mode: str, gpu_ids: Sequence[int], *, libraries: Sequence[str] = (), device_root: Path = Path("/dev")
) -> GpuConfig:
    """The container settings that give exactly `gpu_ids` in `mode` (nvidia, cdi or devices).

    libraries: "host_path:name" of the driver's libraries, mounted read-only in `devices` mode.
    device_root: where the host's /dev/nvidia* nodes are (tests point it at nodes of their own).
    """
    ids = [str(i) for i in gpu_ids]
    if not ids:
        return GpuConfig(mode="none")
    if mode == "nvidia":
        request = DeviceRequest(driver="nvidia", device_ids=ids, capabilities=[["gpu"]])
        return GpuConfig(mode, device_requests=[request], env={"NVIDIA_VISIBLE_DEVICES": ",".join(ids)})
    if mode == "cdi":
        request = DeviceRequest(driver="cdi", device_ids=[f"nvidia.com/gpu={i}" for i in ids])
        return GpuConfig(mode, device_requests=[request])
    if mode == "devices":
        nodes = [f"nvidia{i}" for i in ids] + [Path(n).name for n in NVIDIA_SHARED_NODES]
        devices = [f"{device_root / n}:/dev/{n}:rwm" for n in nodes if (device_root / n).exists()]
        mounts = []
        for entry in libraries:
            host, _, name = entry.rpartition(":")
            mounts.append(
                Mount(f"{DRIVER_LIB_DIR}/{name}", os.path.realpath(host), type="bind", read_only=True)
            )
        return GpuConfig(mode, devices=devices, mounts=mounts, env={"LD_LIBRARY_PATH": DRIVER_LIB_DIR})
    raise ValueError(f"unknown GPU mode {mode!r} (expected one of {', '.join(GPU_MODES[1:])})")


def _major(info: dict[str, Any]) -> int:
    """The engine's major version, e.g. 20 for '20.10.24+dfsg1'."""
    digits = re.match(r"\d+", str(info.get("ServerVersion") or ""))
    return int(digits.group()) if digits else 0


def choose_gpu_mode(
    info: dict[str, Any], *, cdi_dirs: Sequence[str] = CDI_SPEC_DIRS, device_root: Path = Path("/dev")
) -> tuple[str | None, str]:
    """`auto`: the first mode the engine supports, and why; None and why none is possible.

    The NVIDIA runtime when the engine lists it; else CDI on Docker >= 25 with an NVIDIA CDI
    spec; else the bare device nodes when the host has them (the lent GPU machines: Debian's
    dockerd, no NVIDIA container software).
    """
    runtimes = sorted((info.get("Runtimes") or {}).keys())
    if "nvidia" in runtimes:
        return "nvidia", "the engine lists the nvidia runtime"
    version = str(info.get("ServerVersion"))
    spec_dirs = info.get("CDISpecDirs") or list(cdi_dirs)
    specs = [p for d in spec_dirs for p in sorted(Path(d).glob("*")) if p.is_file()]
    has_spec = any("nvidia.com/gpu" in p.read_text(errors="replace") or "nvidia.com" in p.name for p in specs)
    if _major(info) >= 25 and has_spec:
        return "cdi", f"Docker {version} with an NVIDIA CDI spec in {', '.join(spec_dirs)}"
    if (device_root / "nvidiactl").exists():
        return (
            "devices",
            f"no nvidia runtime (runtimes: {', '.join(runtimes)}), no usable CDI (Docker {version}), "
            "device nodes present",
        )
    return None, (
        "this Docker engine cannot give GPUs to containers: "
        f"no nvidia runtime (runtimes: {', '.join(runtimes)}), "
        f"no NVIDIA CDI spec usable by Docker {version} (CDI needs >= 25), and no {device_root}/nvidiactl "
        "on this host (no NVIDIA driver?)"
    )


class DockerSandbox:
    """Runs each request in a new container and removes it afterwards, whatever happens."""

    name = "docker"

    def __init__(
        self,
        *,
        base_url: str | None = None,
        default_image: str = BASE_IMAGE,
        gpu_mode: str = "auto",
        device_root: Path = Path("/dev"),
    ) -> None:
        if gpu_mode not in GPU_MODES:
            from expgrade.grading.errors import UserError

            raise UserError(
                f"unknown GPU mode '{gpu_mode}' (expected {'|'.join(GPU_MODES)})", field="--gpu-mode"
            )
        self.default_image = default_image
        self.gpu_mode = gpu_mode
        self.device_root = device_root
        self._base_url = base_url
        self._lock = threading.Lock()
        self._pair: tuple[docker.DockerClient, docker.APIClient] | None = None
        self._gpu_choice: tuple[str | None, str] | None = None
        self._has_timer: dict[str, bool] = {}
        reaper.install()

    def _gpu_mode(self) -> tuple[str | None, str]:
        """The mode GPU runs use and why, decided once (the engine does not change under us)."""
        if self._gpu_choice is None:
            info = self._client.info()
            if self.gpu_mode == "auto":
                mode, why = choose_gpu_mode(info, device_root=self.device_root)
                self._gpu_choice = (mode, f"auto: {why}")
            else:
                problem = self._unsupported(info)
                self._gpu_choice = (None, problem) if problem else (self.gpu_mode, "--gpu-mode")
        return self._gpu_choice

    def _unsupported(self, info: dict[str, Any]) -> str | None:
        """Why the engine cannot do the explicitly asked mode, in words a person can act on."""
        runtimes = ", ".join(sorted((info.get("Runtimes") or {}).keys()))
        if self.gpu_mode == "nvidia" and "nvidia" not in runtimes.split(", "):
            return (
                f"--gpu-mode nvidia, but the Docker engine has no nvidia runtime (runtimes: {runtimes}): "
                "install the NVIDIA container toolkit, or use --gpu-mode devices"
            )
        if self.gpu_mode == "cdi" and _major(info) < 25:
            return f"--gpu-mode cdi needs Docker >= 25; this engine is {info.get('ServerVersion')}"
        if self.gpu_mode == "devices" and not (self.device_root / "nvidiactl").exists():
            return f"--gpu-mode devices, but {self.device_root}/nvidiactl does not exist (no NVIDIA driver?)"
        return None

    def _image_has_timer(self, image_id: str) -> bool:
        """Whether `timeout -k` works in the image, probed once per image by running it.

        Tasks may name any image; one without a usable `timeout` (distroless, an old busybox)
        still runs, only without the in-container limit (its isolation record says so).
        """
        with self._lock:
            known = self._has_timer.get(image_id)
        if known is not None:
            return known
        probe = self._client.containers.create(
            image_id, entrypoint=_TIMER_PROBE, command=[], user=_sandbox_user(), network_mode="none",
            labels=reaper.owner_labels(), log_config=LogConfig(type=LogConfig.types.NONE),
        )  # fmt: skip
        try:
            self._client.api.start(probe.id)
            ok = self._client.api.wait(probe.id, timeout=60).get("StatusCode") == 0
        except APIError:  # no such executable: the engine refuses to start it
            ok = False
        finally:
            self._remove(probe.id)
        with self._lock:
            self._has_timer[image_id] = ok
        return ok

    @property
    def _client(self) -> docker.DockerClient:
        return self._connect()[0]

    @property
    def _stream_api(self) -> docker.APIClient:
        return self._connect()[1]

    def _connect(self) -> tuple[docker.DockerClient, docker.APIClient]:
        """Connect on first use, so that a missing engine is a sandbox_error of a run, not a crash.

        Two clients to the same engine (`base_url`, else DOCKER_HOST and friends): control calls
        get an HTTP timeout, so a wedged engine cannot hang us; the attach stream and `wait`
        must not, since a run may be silent for hours. Our own timer (not docker-py's
        `wait(timeout)`, an HTTP read timeout) decides when a run has taken too long.
        """
        with self._lock:
            if self._pair is None:
                where = {"base_url": self._base_url} if self._base_url else kwargs_from_env()
                client = docker.DockerClient(**where, timeout=120)
                stream = docker.APIClient(**where, timeout=None, version=client.api.api_version)
                self._pair = (client, stream)
            return self._pair

    def run(self, request: SandboxRequest) -> SandboxResult:
        image = request.image or self.default_image
        result = SandboxResult(backend=self.name, image=image)
        try:
            image_obj = self._client.images.get(image)
        except ImageNotFound:
            hint = " (run `expgrade sandbox build-image`)" if image == BASE_IMAGE else ""
            result.error = f"image '{image}' is not present on the Docker engine{hint}"
            return result
        except DockerException as exc:
            result.error = f"Docker engine unavailable: {exc}"
            return result
        result.image_id = image_obj.id
        gpus = GpuConfig(mode="none")
        if request.gpu_ids:
            try:
                mode, why = self._gpu_mode()
            except ENGINE_ERRORS as exc:
                result.error = f"Docker engine unavailable: {exc}"
                return result
            if mode is None:
                result.error = why
                return result
            libraries = driver_libraries() if mode == "devices" else []
            gpus = gpu_config(mode, request.gpu_ids, libraries=libraries, device_root=self.device_root)
            gpus = GpuConfig(**{**gpus.__dict__, "note": f"{mode} ({why}): GPUs {list(request.gpu_ids)}"})
        container = None
        try:
            timer = self._image_has_timer(image_obj.id)
            result.isolation = _isolation(request, gpus, timer=timer)
            entrypoint = _entrypoint(image_obj.attrs, request.limits.timeout_s) if timer else None
            container = self._create(request, image, gpus, entrypoint)
            result.inspect = container.attrs
            self._run_container(container.id, request, result)
        except APIError as exc:
            result.error = _explain_api_error(exc, request)
        except ENGINE_ERRORS as exc:
            result.error = f"the Docker engine failed mid-run (is it still running?): {exc}"
        finally:
            if container is not None:
                try:
                    self._remove(container.id)
                except ENGINE_ERRORS as exc:  # still registered: the atexit hook and `gc` retry
                    result.error = result.error or f"the Docker engine failed mid-run: {exc}"
        return result

    def _create(
        self, request: SandboxRequest, image: str, gpus: GpuConfig, entrypoint: list[str] | None
    ) -> Any:
        limits = request.limits
        user = _sandbox_user()
        _chown_tree(request.workdir, user)
        env = {
            "HOME": "/tmp",
            "TMPDIR": "/tmp",
            "LANG": "C.UTF-8",
            "PYTHONUNBUFFERED": "1",
            "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
            **gpus.env,
            **request.env,
        }
        container = self._client.containers.create(
            image,
            command=request.command,
            entrypoint=entrypoint,
            working_dir=WORKDIR,
            user=user,
            environment=env,
            labels={**reaper.owner_labels(), **request.labels},
            network_mode="none",
            read_only=True,
            tmpfs={"/tmp": f"rw,nosuid,nodev,size={limits.tmp_bytes},mode=1777"},
            volumes={str(request.workdir.resolve()): {"bind": WORKDIR, "mode": "rw"}},
            cap_drop=["ALL"],
            security_opt=["no-new-privileges"],
            pids_limit=limits.pids,
            mem_limit=limits.memory_bytes,
            memswap_limit=limits.memory_bytes,
            nano_cpus=int(limits.cpus * 1e9),
            log_config=LogConfig(type=LogConfig.types.NONE),
            device_requests=gpus.device_requests,
            devices=gpus.devices,
            mounts=gpus.mounts,
            stdin_open=False,
            tty=False,
            init=True,  # a real PID 1 reaps zombies and forwards our kill to the whole tree
        )
        reaper.register(container.id, lambda: self._remove(container.id))
        return container

    def _run_container(self, cid: str, request: SandboxRequest, result: SandboxResult) -> None:
        limits = request.limits
        out, err = StreamCapture(limits.output_bytes), StreamCapture(limits.output_bytes)
        # Attach before start, like `docker run`, so not a byte of output is missed.
        stream = self._stream_api.attach(cid, stdout=True, stderr=True, stream=True, demux=True)
        reader = threading.Thread(target=_drain, args=(stream, out, err), daemon=True)
        exit_box: dict[str, Any] = {}
        done = threading.Event()

        def waiter() -> None:
            try:
                exit_box["status"] = self._stream_api.wait(cid, timeout=None)
            except Exception as exc:  # reported as a sandbox error below
                exit_box["error"] = exc
            done.set()

        started = time.monotonic()
        try:
            self._client.api.start(cid)
        except DockerException:
            stream.close()
            raise
        reader.start()
        threading.Thread(target=waiter, daemon=True).start()
        deadline = started + limits.timeout_s
        while not done.wait(min(_POLL_S, max(0.0, deadline - time.monotonic()))):
            if not result.pids_limited and _pids_limit_hit(cid):
                result.pids_limited = True
            if time.monotonic() >= deadline:
                result.timed_out = True
                result.pids_limited = result.pids_limited or self._at_pids_limit(cid, limits.pids)
                with contextlib.suppress(DockerException):
                    self._client.api.kill(cid)
                done.wait(30)
                break
        result.duration_s = time.monotonic() - started
        reader.join(timeout=30)
        with contextlib.suppress(Exception):
            stream.close()
        result.stdout, result.stderr = out.captured(), err.captured()
        if "error" in exit_box:
            problem = exit_box["error"]
            result.error = (
                f"the Docker engine stopped answering mid-run (waiting for the container): {problem}"
            )
            return
        state = self._client.api.inspect_container(cid)["State"]
        result.oom_killed = bool(state.get("OOMKilled"))
        result.exit_code = exit_box.get("status", {}).get("StatusCode", state.get("ExitCode"))

    def _at_pids_limit(self, cid: str, limit: int) -> bool:
        """Fallback where the cgroup files are not readable (rootless engines, other layouts):
        a run killed at its timeout while holding its whole pids budget was fork-bombing."""
        try:
            stats = self._client.api.stats(cid, stream=False, one_shot=True)
        except DockerException:
            return False
        return int((stats.get("pids_stats") or {}).get("current") or 0) >= limit - 1

    def _remove(self, cid: str) -> None:
        with contextlib.suppress(NotFound):
            try:
                self._client.api.remove_container(cid, force=True)
            except APIError as exc:
                if "already in progress" not in str(exc):
                    raise
        reaper.unregister(cid)


def _drain(
    stream: Iterator[tuple[bytes | None, bytes | None]], out: StreamCapture, err: StreamCapture
) -> None:
    with contextlib.suppress(Exception):  # the stream ends with an error when we kill the container
        for stdout, stderr in stream:
            if stdout:
                out.feed(stdout)
            if stderr:
                err.feed(stderr)


def _entrypoint(image_attrs: dict[str, Any], timeout_s: float) -> list[str]:
    """The image's own entrypoint under `timeout`: the run ends at its limit (plus a grace)
    even when the grader that should kill it is gone, and with it its GPUs are freed."""
    own = (image_attrs.get("Config") or {}).get("Entrypoint") or []
    return [
        "timeout", "-k", f"{INNER_KILL_AFTER_S:g}", f"{timeout_s + SANDBOX_GRACE_S:g}", *own,
    ]  # fmt: skip


def _isolation(request: SandboxRequest, gpus: GpuConfig, *, timer: bool) -> dict[str, str]:
    """The container's hardening in words, as the local backend records its own (sandbox.json)."""
    limits = request.limits
    inner = (
        f"in-container `timeout` at the limit + {SANDBOX_GRACE_S:g} s (ends it if the grader dies)"
        if timer
        else "no in-container limit (the image has no usable `timeout`)"
    )
    return {
        "memory": f"container cgroup, memory = memory+swap = {limits.memory_bytes}",
        "processes": f"container pids limit {limits.pids}",
        "kill": f"container removal (init as PID 1); {inner}",
        "network": "none (network_mode none)",
        "filesystem": (
            f"read-only root; writable {WORKDIR} and a {limits.tmp_bytes}-byte tmpfs /tmp; "
            "non-root user, no capabilities"
        ),
        "gpus": gpus.note or "none",
    }


def _explain_api_error(exc: APIError, request: SandboxRequest) -> str:
    text = str(exc.explanation or exc)
    if request.gpu_ids and ("device driver" in text or "nvidia" in text.lower()):
        return (
            f"the Docker engine cannot give GPUs {list(request.gpu_ids)} to a container "
            f"(no NVIDIA container runtime/toolkit?): {text}"
        )
    return f"Docker API error: {text}"


def leftover_containers(client: docker.DockerClient | None = None, *, all_owners: bool = False) -> list[Any]:
    """Sandbox containers whose owning process on this host is gone (or every one, `all_owners`).

    Containers owned by a live process, or by another host sharing the engine, are left alone:
    removing them would break a grading run in progress.
    """
    client = client or docker.from_env(timeout=120)
    # A run can remove its container between docker-py's listing and its inspect of each one.
    containers = client.containers.list(all=True, filters={"label": LABEL}, ignore_removed=True)
    if all_owners:
        return list(containers)
    here = socket.gethostname()
    leftovers = []
    for c in containers:
        labels = c.labels or {}
        pid = labels.get(f"{LABEL}.pid", "")
        if labels.get(f"{LABEL}.host", here) == here and not (
            pid.isdigit() and reaper.process_alive(int(pid))
        ):
            leftovers.append(c)
    return leftovers
