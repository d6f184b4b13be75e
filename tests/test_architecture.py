"""The layers of docs/architecture.md hold, as import-linter contracts (pyproject `[tool.importlinter]`).

The contracts check every import, deferred ones too: cli > annotation_app > calibration >
grading, and inside grading running > grading > mechanisms > contracts; and only the demo may
import the test doubles of grading/testing (the scripted judge server). A contract that could
not fail would prove nothing, so a copy of the tree with one upward import must break it.
What the contracts do not see, a circle of files importing each other inside one layer, is
checked from the source by scripts/import_graph.py.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from script_support import load_script

REPO = Path(__file__).resolve().parents[1]
#: what `lint-imports` needs: the config, the namespace package and the folders it links to
TREE = ("pyproject.toml", "expgrade", "grading", "calibration", "annotation_app", "expgrade_cli")


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """`lint-imports` on the tree at `root`, importing `expgrade` from there and nowhere else."""
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())",
            "--config",
            str(root / "pyproject.toml"),
            "--no-cache",
        ],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_layer_contracts_hold() -> None:
    proc = lint_imports(REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 broken" in proc.stdout


@pytest.mark.parametrize(
    ("module", "upward", "contract"),
    [
        # a contract (bottom) module reaching up to the report (top of grading)
        ("grading/schemas/_upward.py", "expgrade.grading.report.build", "inside grading"),
        # calibration reaching up to the annotation app, deferred inside a function
        ("calibration/_upward.py", "expgrade.annotation_app.store", "cli > annotation_app"),
        # the judge engine reaching for the scripted server: same layer, but a test double
        ("grading/judge/_upward.py", "expgrade.grading.testing.judge_server", "test doubles stay out"),
    ],
)
def test_an_upward_import_breaks_its_contract(
    tmp_path: Path, module: str, upward: str, contract: str
) -> None:
    root = tmp_path / "tree"
    root.mkdir()
    for name in TREE:
        src = REPO / name
        if src.is_dir():
            # symlinks stay links: expgrade/grading -> ../grading resolves inside the copy
            shutil.copytree(src, root / name, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, root / name)
    (root / module).write_text(f"def sneak() -> None:\n    import {upward}  # noqa: F401\n")
    proc = lint_imports(root)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    importer = "expgrade." + module.removesuffix(".py").replace("/", ".")
    broken = proc.stdout.split("Broken contracts", 1)[-1]
    assert f"{contract}" in broken and importer in broken and upward in broken, proc.stdout


def test_no_file_imports_another_in_a_circle() -> None:
    ig = load_script("import_graph")
    assert ig.cycles(ig.file_graph(ig.module_imports())) == []
