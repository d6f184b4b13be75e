"""Helpers for the CLI tests: the real `expgrade` entry point as a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXPGRADE = REPO / ".venv" / "bin" / "expgrade"


@dataclass
class CliResult:
    code: int
    out: str
    err: str


def run_cli(*args: str | Path, cwd: Path | None = None) -> CliResult:
    """Run `expgrade ARGS` as a user would; a user-facing failure must never show a traceback."""
    exe = (
        [str(EXPGRADE)]
        if EXPGRADE.exists()
        else [sys.executable, "-c", "from expgrade.cli import main; main()"]
    )
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True", "COLUMNS": "200", "NO_COLOR": "1"}
    proc = subprocess.run(
        [*exe, *map(str, args)], capture_output=True, text=True, cwd=cwd, env=env, timeout=120, check=False
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    return CliResult(proc.returncode, proc.stdout, proc.stderr)
