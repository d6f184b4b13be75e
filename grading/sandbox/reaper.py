"""Containers expgrade starts are always removed: on return, on exceptions, Ctrl-C and SIGTERM.

`finally` blocks cover the thread that runs a container, but a grading run usually runs
containers in worker threads while the main thread receives the signal; and SIGTERM's default
action kills the process without running any Python at all. So every live container is also
registered here, a SIGTERM handler turns the signal into an orderly exit, and an `atexit`
hook removes whatever is still registered. `sandbox gc` handles what survives a SIGKILL.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import socket
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

from expgrade.grading.sandbox.base import LABEL

_live: dict[str, Callable[[], None]] = {}
_lock = threading.Lock()
_atexit_done = False
_signal_done = False


def owner_labels() -> dict[str, str]:
    """Labels that let `gc` tell a crashed run's containers from a live run's."""
    return {LABEL: "1", f"{LABEL}.host": socket.gethostname(), f"{LABEL}.pid": str(os.getpid())}


def process_alive(pid: int) -> bool:
    """Whether a process with this id exists on this host (a live owner keeps its leftovers)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def register(key: str, remove: Callable[[], None]) -> None:
    install()
    with _lock:
        _live[key] = remove


def unregister(key: str) -> None:
    with _lock:
        _live.pop(key, None)


def remove_all() -> None:
    """Remove every registered container; safe to call twice and from a signal handler."""
    with _lock:
        pending = list(_live.items())
        _live.clear()
    for _, remove in pending:
        with contextlib.suppress(Exception):
            remove()


def install() -> None:
    """Register the atexit hook once, and the SIGTERM handler once it can be (main thread only).

    Sandboxes call this when they are created (usually in the main thread) and again before
    each container, so a sandbox first used from a worker thread still gets the handler
    as soon as any call comes from the main thread.
    """
    global _atexit_done, _signal_done
    with _lock:
        if not _atexit_done:
            atexit.register(remove_all)
            _atexit_done = True
        if _signal_done or threading.current_thread() is not threading.main_thread():
            return
        _signal_done = True
    previous = signal.getsignal(signal.SIGTERM)

    def on_sigterm(signum: int, frame: FrameType | None) -> Any:
        remove_all()
        if callable(previous):
            return previous(signum, frame)
        raise SystemExit(128 + signum)

    with contextlib.suppress(ValueError):
        signal.signal(signal.SIGTERM, on_sigterm)
