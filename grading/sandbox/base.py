"""The Sandbox interface: run one command in a prepared work directory, under limits.

Both backends (Docker, local process) take the same `SandboxRequest` and give back the same
`SandboxResult`, so the execution grader never knows which one ran; it only maps the result
onto the statuses of docs/formats.md §4.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from expgrade.grading import __version__
from expgrade.grading.sandbox.limits import Limits

#: The default image `expgrade sandbox build-image` produces; tasks may name any other.
BASE_IMAGE = f"expgrade/sandbox-base:{__version__}"
#: Every container expgrade creates carries this label, so `sandbox gc` can find leftovers.
LABEL = "expgrade.sandbox"


@dataclass(frozen=True)
class SandboxRequest:
    """One command to run. `workdir` is a host directory the caller prepared (the clean room)."""

    command: list[str]
    workdir: Path
    image: str | None = None  # Docker only; None means BASE_IMAGE
    env: dict[str, str] = field(default_factory=dict)  # the only variables the run sees
    limits: Limits = field(default_factory=Limits)
    gpu_ids: tuple[int, ...] = ()
    labels: dict[str, str] = field(default_factory=dict)  # e.g. task and submission ids


class StreamCapture:
    """Keeps the first and the last `cap` bytes of a stream and counts what fell in between.

    A submission can print gigabytes; the grader's memory must not grow with it, yet both the
    start (the command line, the first error) and the end (the traceback, the results) matter.
    """

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.head = bytearray()
        self._tail = bytearray()  # trimmed to `cap` whenever it doubles: amortised O(1) per byte
        self.total = 0

    def feed(self, data: bytes) -> None:
        self.total += len(data)
        room = self.cap - len(self.head)
        if room > 0:
            self.head += data[:room]
            data = data[room:]
        if not data:
            return
        self._tail += data[-self.cap :] if len(data) > self.cap else data
        if len(self._tail) > 2 * self.cap:
            del self._tail[: len(self._tail) - self.cap]

    @property
    def tail(self) -> bytes:
        return bytes(self._tail[-self.cap :]) if len(self._tail) > self.cap else bytes(self._tail)

    def captured(self) -> CapturedOutput:
        tail = self.tail
        return CapturedOutput(
            head=bytes(self.head),
            tail=tail,
            total_bytes=self.total,
            dropped_bytes=self.total - len(self.head) - len(tail),
        )


@dataclass(frozen=True)
class CapturedOutput:
    head: bytes
    tail: bytes
    total_bytes: int
    dropped_bytes: int

    def text(self) -> str:
        """Head and tail joined, with a marker saying how much was dropped between them."""
        head = self.head.decode("utf-8", "replace")
        tail = self.tail.decode("utf-8", "replace")
        if self.dropped_bytes:
            return f"{head}\n[... {self.dropped_bytes} bytes dropped by expgrade ...]\n{tail}"
        return head + tail

    @classmethod
    def empty(cls) -> CapturedOutput:
        return cls(b"", b"", 0, 0)


@dataclass
class SandboxResult:
    """What happened. `error` set means infrastructure failed (-> sandbox_error), not the code."""

    backend: str
    exit_code: int | None = None
    duration_s: float | None = None
    timed_out: bool = False
    oom_killed: bool = False
    pids_limited: bool = False
    disk_full: bool = False  # the run filled its size-capped work dir (`run.disk`)
    stdout: CapturedOutput = field(default_factory=CapturedOutput.empty)
    stderr: CapturedOutput = field(default_factory=CapturedOutput.empty)
    error: str | None = None
    image: str | None = None
    image_id: str | None = None
    #: `docker inspect` of the container as created (Docker backend): the hardening, for audit.
    inspect: dict[str, Any] | None = None
    #: How this run was held in, in words (memory, processes, network, filesystem, GPUs, disk):
    #: the local backend's isolation depends on the machine, so each run says what it had.
    isolation: dict[str, str] = field(default_factory=dict)


class Sandbox(Protocol):
    """A place to run untrusted code. Implementations must never raise for the code's faults."""

    name: str

    def run(self, request: SandboxRequest) -> SandboxResult:
        """Run to completion, timeout or limit; always clean up what was started."""
        ...
