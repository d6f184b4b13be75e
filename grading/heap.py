"""The collector's part in a heavy import, and a process that owns its heap.

Importing litellm leaves ~380,000 long-lived objects (pydantic builds ~2,500 model classes).
While they are being created the collector walks the growing heap again and again to free
nothing (~0.7 s of a ~2.2 s import); afterwards every full collection walks them once more
(~0.35 s a pass, several in a 4,000-call run, and one at interpreter exit). bench/judge.md has
the measurements.

`gc.freeze()` takes whatever is alive out of the collector's sight for good. That is right for
a process that is expgrade's alone (the CLI), wrong for a library caller, whose own objects
alive at that moment would never be collected if they later became cyclic garbage. So freezing
is a policy the process owner opts into (`own_heap`), and a library import only pauses the
collector.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_owned = False


def own_heap() -> None:
    """Say the process is expgrade's alone: heavy imports end frozen, and so does the exit."""
    global _owned
    _owned = True


@contextmanager
def heavy_import() -> Iterator[None]:
    """Pause the collector for an import that only allocates; freeze its result in an owned process."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if _owned:
            gc.freeze()
        if was_enabled:
            gc.enable()


def settle_before_exit() -> None:
    """Spare an owned process the interpreter's last walk of its heap (~1 s after a judge run)."""
    if _owned:
        gc.freeze()
