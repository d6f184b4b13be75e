"""A third-party harness format through the `expgrade.harnesses` entry point, without editing expgrade.

The test package is laid out as pip leaves an installed package: its module and a
`*.dist-info` folder (METADATA, entry_points.txt) on the path, which `importlib.metadata` reads
exactly as it reads an installed wheel's. The CLI runs as a user runs it, in a subprocess.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_support import run_cli

PLUGIN = """
from pathlib import Path
from expgrade.grading.harness_importers import Harness, HarnessOptions, HarnessRecord
from expgrade.grading.jsonl import iter_json_lines


def load(path: Path, options: HarnessOptions):
    for line, run in iter_json_lines(path):
        yield HarnessRecord(
            task_id=run["task"],
            agent=run["agent"],
            agent_model=run["model"],
            record=f"line {line}",
            fields={"task_id": "task", "agent": "agent", "agent_model": "model", "conclusion": "answer"},
            conclusion=run.get("answer"),
            ended=run.get("status", "completed"),
        )


HARNESS = Harness(name="toy-harness", patterns=("runs.jsonl",), load=load)
"""


def install(site: Path, entry_points: dict[str, str], module: str = PLUGIN) -> None:
    """What `pip install toy-harness` leaves in site-packages."""
    (site / "toy_harness").mkdir(parents=True)
    (site / "toy_harness" / "__init__.py").write_text(module)
    info = site / "toy_harness-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-harness\nVersion: 0.1\n")
    lines = "".join(f"{name} = {target}\n" for name, target in entry_points.items())
    (info / "entry_points.txt").write_text(f"[expgrade.harnesses]\n{lines}")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    site = tmp_path / "site-packages"
    site.mkdir()
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")])))
    return site


def _runs(folder: Path) -> Path:
    folder.mkdir(parents=True)
    runs = [
        {"task": "demo/tiny-digits/adam", "agent": "toy", "model": "m1", "answer": "94.4%"},
        {"task": "demo/tiny-digits/lr-sweep", "agent": "toy", "model": "m1", "status": "crashed"},
    ]
    (folder / "runs.jsonl").write_text("".join(json.dumps(r) + "\n" for r in runs))
    (folder / "notes.jsonl").write_text("not a run\n")  # not the plugin's pattern: never read
    return folder


def test_an_installed_package_adds_a_format(site: Path, tmp_path: Path) -> None:
    install(site, {"toy-harness": "toy_harness:HARNESS"})
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "toy-harness", _runs(tmp_path / "runs"), "--out", out)
    assert r.code == 0, r.out + r.err
    subs = sorted(
        (json.loads(p.read_text()) for p in out.glob("*/submission.json")), key=lambda s: s["task_id"]
    )
    assert [(s["task_id"], s["agent"], s["extra"]["source"]["format"]) for s in subs] == [
        ("demo/tiny-digits/adam", "toy", "toy-harness"),
        ("demo/tiny-digits/lr-sweep", "toy", "toy-harness"),
    ]
    assert subs[0]["conclusion"] == "94.4%"
    assert "1 completed, 1 crashed" in " ".join(r.out.split())
    assert run_cli("submissions", "validate", out).code == 0


def test_a_broken_plugin_is_reported_and_the_shipped_formats_still_work(site: Path, tmp_path: Path) -> None:
    install(
        site,
        {"toy-harness": "toy_harness:HARNESS", "openhands": "toy_harness:HARNESS"},
        module="raise ImportError('toy needs a library that is not installed')",
    )
    preds = tmp_path / "preds.jsonl"
    preds.write_text(json.dumps({"instance_id": "i", "model_name_or_path": "m", "model_patch": ""}) + "\n")
    r = run_cli("submissions", "import", "swebench-predictions", preds, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    err = " ".join(r.err.split())
    assert "harness 'toy-harness' (toy_harness:HARNESS, package toy-harness): cannot be loaded" in err
    assert "toy needs a library that is not installed" in err
    assert "harness 'openhands' (toy_harness:HARNESS, package toy-harness): not used" in err
    r = run_cli("submissions", "import", "toy-harness", preds, "--out", tmp_path / "subs2")
    assert r.code == 2 and "unknown format 'toy-harness'" in r.err
