"""Shared fixtures. Append your own below; keep the others."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

REPO_ROOT = Path(__file__).resolve().parents[1]
#: public files the repository ships (provenance and licences in its README), laid out like
#: the full datasets, so a test can read either
BUNDLED_DATASETS = REPO_ROOT / "examples" / "datasets"
SHARED_DATASETS = REPO_ROOT.parent / "shared" / "datasets"
#: set by .ci/run where the full datasets must be there: their checks then fail, never skip
REQUIRE_FULL = "EXPGRADE_REQUIRE_FULL_DATASETS"


@pytest.fixture(scope="session")
def datasets() -> Path:
    """The bundled public datasets: every clone has them."""
    return BUNDLED_DATASETS


@pytest.fixture(scope="session")
def shared_datasets() -> Path:
    """The full public datasets beside the checkout (../shared/datasets), for the checks on them.

    A clone elsewhere has no ../shared: these checks are then skipped, and said so; CI runs them
    (with EXPGRADE_REQUIRE_FULL_DATASETS=1, a missing folder fails instead).
    """
    if not SHARED_DATASETS.is_dir():
        if os.environ.get(REQUIRE_FULL) == "1":
            pytest.fail(f"{REQUIRE_FULL}=1 but the full datasets are not at {SHARED_DATASETS}")
        pytest.skip(f"full-dataset check: no {SHARED_DATASETS} beside this clone (bundled subset tested)")
    return SHARED_DATASETS


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that reads the full datasets, so that `-m full_datasets` selects just
    those: .ci/run runs the whole suite once in a clone without them, then these beside them."""
    for item in items:
        if "shared_datasets" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.full_datasets)


# --- judge engine (issue 3) ---------------------------------------------------------------

from typing import TYPE_CHECKING  # noqa: E402

if TYPE_CHECKING:
    from collections.abc import Iterator

    from expgrade.grading.testing.judge_server import ScriptedServer


@pytest.fixture(scope="session")
def judge_server() -> Iterator[ScriptedServer]:
    """The scripted OpenAI-compatible judge server on 127.0.0.1 (expgrade.grading.testing.judge_server).

    Session-wide: tests tell their requests apart by unique item text and read `stats` deltas.
    """
    from expgrade.grading.testing.judge_server import ScriptedServer

    with ScriptedServer() as server:
        yield server


@pytest.fixture
def judge_cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh judge response cache for this test (EXPGRADE_CACHE_DIR), also seen by CLI subprocesses."""
    path = tmp_path / "judge-cache"
    monkeypatch.setenv("EXPGRADE_CACHE_DIR", str(path))
    return path


# --- executors (issue 8) ------------------------------------------------------------------

if TYPE_CHECKING:
    from executors_support import DemoRun


@pytest.fixture(scope="session")
def demo_graded_in_threads(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoRun]:
    """`expgrade grade` on the demo in threads, once for the session, its scripted judge still
    serving: the executors' tests (worker processes, Ray) grade it their way and compare, read-only."""
    from executors_support import demo_in_threads

    with demo_in_threads(tmp_path_factory.mktemp("demo")) as run:
        yield run
