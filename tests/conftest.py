"""Shared fixtures. Append your own below; keep the others."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATASETS = REPO_ROOT.parent / "shared" / "datasets"


@pytest.fixture(scope="session")
def shared_datasets() -> Path:
    """The public datasets beside the checkout (../shared/datasets); CI has them too."""
    assert SHARED_DATASETS.is_dir(), f"expected the shared datasets at {SHARED_DATASETS}"
    return SHARED_DATASETS


# --- judge engine (issue 3) ---------------------------------------------------------------

from typing import TYPE_CHECKING  # noqa: E402

if TYPE_CHECKING:
    from collections.abc import Iterator

    from expgrade.grading.judge.scripted_server import ScriptedServer


@pytest.fixture(scope="session")
def judge_server() -> Iterator[ScriptedServer]:
    """The scripted OpenAI-compatible judge server on 127.0.0.1 (expgrade.grading.judge.scripted_server).

    Session-wide: tests tell their requests apart by unique item text and read `stats` deltas.
    """
    from expgrade.grading.judge.scripted_server import ScriptedServer

    with ScriptedServer() as server:
        yield server


@pytest.fixture
def judge_cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh judge response cache for this test (EXPGRADE_CACHE_DIR), also seen by CLI subprocesses."""
    path = tmp_path / "judge-cache"
    monkeypatch.setenv("EXPGRADE_CACHE_DIR", str(path))
    return path
