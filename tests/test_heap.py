"""The collector around litellm's import (grading/heap.py), in fresh interpreters: what a library
caller gets differs on purpose from what the CLI's own process gets."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytestmark = pytest.mark.timeout(120)

_PROBE = """
import gc
{before}
from expgrade.grading.judge import client
client._litellm()
print(gc.get_freeze_count(), gc.isenabled())
"""


def _probe(before: str) -> tuple[int, bool]:
    out = subprocess.run(
        [sys.executable, "-c", _PROBE.format(before=before)], capture_output=True, text=True, check=True
    ).stdout.split()
    return int(out[0]), out[1] == "True"


def test_a_library_caller_gets_its_collector_back_and_nothing_frozen() -> None:
    assert _probe("") == (0, True)
    assert _probe("gc.disable()") == (0, False)  # a caller's own choice is kept


def test_a_process_that_owns_its_heap_freezes_the_import() -> None:
    frozen, enabled = _probe("from expgrade.grading.heap import own_heap; own_heap()")
    assert enabled and frozen > 100_000  # litellm leaves hundreds of thousands of objects


def test_the_cli_freezes_its_heap_before_the_interpreter_exits() -> None:
    probe = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('frozen at exit', gc.get_freeze_count()))\n"
        "sys.argv = ['expgrade', '--help']\n"
        "from expgrade.cli import main\n"
        "main()\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    frozen = int(run.stdout.rsplit("frozen at exit", 1)[1])
    assert frozen > 10_000
