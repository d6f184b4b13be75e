"""`expgrade --help` and the commands that call no model start without the heavy libraries.

A newcomer's first command paid 2 s for litellm, scipy and the graders before printing a line
(issue 49). Each command here runs in a fresh interpreter, which then names every heavy module
it loaded; the time it takes is measured in bench/cli_start.md, not here.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(120)

#: What a command that calls no model has no use for: each costs 0.1-5 s to import.
HEAVY = (
    "litellm",
    "pandas",
    "matplotlib",
    "streamlit",
    "sqlalchemy",
    "scipy",
    "sklearn",
    "inspect_ai",
    "ray",
    "docker",
    "numpy",
    "aiohttp",
    "openai",
)

_PROBE = """
import contextlib, io, json, sys
sys.argv = ["expgrade", *json.loads(sys.argv[1])]
from expgrade.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main()
    except SystemExit as exc:
        assert exc.code in (0, None), exc.code
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})))
"""


@pytest.mark.parametrize("argv", [["--help"], ["schema", "task"], ["rubrics", "list"], ["judge", "--help"]])
def test_a_command_that_calls_no_model_loads_no_heavy_module(argv: list[str]) -> None:
    run = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(argv)], capture_output=True, text=True, timeout=100
    )
    assert run.returncode == 0, run.stderr
    loaded = set(json.loads(run.stdout.splitlines()[-1]))
    assert not loaded & set(HEAVY), f"`expgrade {' '.join(argv)}` imported {sorted(loaded & set(HEAVY))}"


def test_the_judge_package_s_lazy_names_are_its_imports() -> None:
    """`grading/judge/__init__.py` loads its public names on first use: the `TYPE_CHECKING`
    imports (what readers and mypy see), `_HOME` (what runs) and `__all__` must name the same."""
    import expgrade.grading.judge as judge

    source = Path(judge.__file__).read_text(encoding="utf-8")
    imported: dict[str, str] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("expgrade.grading.judge."):
            imported |= {a.name: (node.module or "").rsplit(".", 1)[1] for a in node.names}
    assert imported == judge._HOME
    assert sorted(judge.__all__) == sorted(imported)
    for name in judge.__all__:
        assert getattr(judge, name) is not None
