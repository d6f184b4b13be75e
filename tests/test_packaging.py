"""The wheel installs one import name, `expgrade`, and works from its installed place.

Generic top-level names (`grading`, `calibration`, …) would collide with other packages, so the
wheel maps the checkout's folders under `expgrade/` (pyproject's hatch `sources`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_wheel_installs_only_the_expgrade_namespace(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            tmp_path,
            REPO,
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("expgrade-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")} == {"expgrade"}
    for package in ("grading", "calibration", "annotation_app", "cli"):
        assert f"expgrade/{package}/__init__.py" in names
    assert any(n.startswith("expgrade/grading/_rubrics/") for n in names)
    # The learned injection layer's weights ship in the core install (no extra to defend).
    assert "expgrade/grading/judge/injection_model.npz" in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "expgrade = expgrade.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()

    # Installed elsewhere, with the checkout off sys.path: the rubrics and the demo are found
    # inside the package, and no bare `grading` is importable from the wheel.
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    probe = (
        "import importlib.util, expgrade.grading.judge.rubrics as r, expgrade.grading.run.demo as d;"
        "print(r.rubric_dirs()[0]); print(d.demo_source()); print(importlib.util.find_spec('grading'))"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        [
            sys.executable,
            "-S",
            "-c",
            f"import sys; sys.path[:0] = [{str(target)!r}, *{_site_packages()!r}]; {probe}",
        ],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    ).stdout.splitlines()
    assert out[0].startswith(str(target / "expgrade" / "grading" / "_rubrics"))
    assert out[1].startswith(str(target / "expgrade" / "grading" / "_demo"))
    assert out[2] == "None"


def _site_packages() -> list[str]:
    """The dependencies' folders without the editable install's link to the checkout."""
    import site

    return [p for p in site.getsitepackages() if Path(p).is_dir()]
