"""The limits of one sandboxed run, and the only place they are derived from a task.

Every limit has one default, here. A task's `run` spec may override some of them; the
execution grader, the unit-test grader and the executor's resource request all go through
`Limits.from_run`, so a run is never limited one way and reported another.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from expgrade.grading.schemas.task import RunSpec

#: The sandbox's own wall-clock limit (Docker: `timeout` as the container's entrypoint; local:
#: the supervisor's timer) fires this long after the run's limit. While the grader lives, its
#: timer always fires first and reports the timeout; the sandbox's own is for when the grader
#: is gone (SIGKILL, an OOM kill, a lost Ray worker), so the run still ends and frees its GPUs.
SANDBOX_GRACE_S = 2.0

_UNITS = {"": 1, "b": 1, "k": 1024, "m": 1024**2, "g": 1024**3, "t": 1024**4}


def parse_bytes(text: str | int, *, field_name: str = "memory") -> int:
    """'512m', '4g', '1.5G', '1048576' -> bytes (Docker's units: powers of 1024)."""
    if isinstance(text, int):
        return text
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([bkmgt]?)(?:i?b)?\s*", text.lower())
    if not m:
        from expgrade.grading.errors import UserError

        raise UserError(f"'{text}' is not a size like 512m or 4g", field=field_name)
    return int(float(m.group(1)) * _UNITS[m.group(2)])


@dataclass(frozen=True)
class Limits:
    """Resource limits of one run. Defaults are generous for a small experiment, not for a bomb."""

    timeout_s: float = 3600.0
    memory_bytes: int = 4 * 1024**3
    cpus: float = 2.0
    pids: int = 512
    tmp_bytes: int = 256 * 1024**2  # the tmpfs /tmp; counts against memory_bytes in Docker
    output_bytes: int = 256 * 1024  # per stream, kept twice: the head and the tail
    file_bytes: int = 8 * 1024**3  # largest file the run may write (RLIMIT_FSIZE, local backend)
    disk_bytes: int = 20 * 1024**3  # all the run may write to its work dir (`run.disk`)

    @classmethod
    def from_run(cls, run: RunSpec | None, *, tests: bool = False) -> Limits:
        """The limits a task's `run` asks for, the defaults for what it leaves out.

        tests: the limits of the task's test command instead of its experiment: the same,
        except that `run.test_timeout_s` (when given) replaces `run.timeout_s`.
        """
        if run is None:
            return cls()
        given: dict[str, Any] = {}
        timeout = (run.test_timeout_s if tests else None) or run.timeout_s
        if timeout is not None:
            given["timeout_s"] = float(timeout)
        if run.memory is not None:
            given["memory_bytes"] = parse_bytes(run.memory, field_name="run.memory")
        if run.cpus is not None:
            given["cpus"] = run.cpus
        if run.disk is not None:
            given["disk_bytes"] = parse_bytes(run.disk, field_name="run.disk")
        return replace(cls(), **given)
