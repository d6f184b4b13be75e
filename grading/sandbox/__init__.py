"""Sandboxes that run untrusted experiment code: Docker (default, hardened) or a local process.

`make_sandbox("docker" | "local")` is what callers use; the backends share `SandboxRequest` and
`SandboxResult` (see grading/sandbox/base.py and docs/sandbox.md).
"""

from __future__ import annotations

import functools

from expgrade.grading.errors import UserError
from expgrade.grading.sandbox.base import (
    BASE_IMAGE,
    CapturedOutput,
    Sandbox,
    SandboxRequest,
    SandboxResult,
    StreamCapture,
)
from expgrade.grading.sandbox.gpu import GpuAllocator, GpuUnavailable, default_allocator, detect_gpus
from expgrade.grading.sandbox.limits import Limits, parse_bytes


@functools.cache
def make_sandbox(kind: str = "docker", gpu_mode: str = "auto") -> Sandbox:
    """The sandbox named on the command line (`--sandbox docker|local`), one per process.

    gpu_mode (`--gpu-mode`): how the Docker sandbox gives GPUs to a container; the local
    sandbox has one way only (device nodes, CUDA_VISIBLE_DEVICES) and ignores it.

    Shared, because a Docker sandbox holds the engine connections (and is thread-safe): a
    grading run with many workers should not reconnect, and negotiate the API, per job.
    """
    if kind == "docker":
        from expgrade.grading.sandbox.docker_backend import DockerSandbox

        return DockerSandbox(gpu_mode=gpu_mode)
    if kind == "local":
        from expgrade.grading.sandbox.local_backend import LocalSandbox

        return LocalSandbox()
    raise UserError(f"unknown sandbox '{kind}' (expected docker or local)", field="--sandbox")


__all__ = [
    "BASE_IMAGE",
    "CapturedOutput",
    "GpuAllocator",
    "GpuUnavailable",
    "Limits",
    "Sandbox",
    "SandboxRequest",
    "SandboxResult",
    "StreamCapture",
    "default_allocator",
    "detect_gpus",
    "make_sandbox",
    "parse_bytes",
]
