"""A module as an earlier commit had it, for benchmarks that time code before and after a
change side by side in one run."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def module_at(commit: str, path: str, name: str) -> types.ModuleType:
    """`path` (a file of the repository) at `commit`, loaded as module `name`."""
    source = subprocess.run(
        ["git", "show", f"{commit}:{path}"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout
    module = types.ModuleType(name)
    module.__file__ = str(REPO / path)  # a module that reads its data files beside it finds them
    sys.modules[name] = module  # dataclasses look their module up while the class is made
    exec(compile(source, f"{name}.py", "exec"), module.__dict__)
    return module
