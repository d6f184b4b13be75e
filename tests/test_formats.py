"""docs/formats.md's JSON Schemas are what the pydantic models give, and the docs cite it, not CONTRACT.md."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pydantic import ValidationError
from script_support import load_script

from expgrade.grading.schemas import FORMATS, RunReport
from expgrade.grading.status import Unscorable

REPO = Path(__file__).resolve().parents[1]


def test_committed_schemas_are_up_to_date() -> None:
    writer = load_script("write_schemas")
    for name, model in FORMATS.items():
        path = REPO / "docs" / "schemas" / f"{name}.schema.json"
        assert path.read_text(encoding="utf-8") == writer.schema_text(model), (
            f"{path} is stale: run python scripts/write_schemas.py"
        )
        assert json.loads(path.read_text(encoding="utf-8"))["title"] == model.__name__


def test_every_unscorable_reason_is_documented_once() -> None:
    text = (REPO / "docs" / "formats.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z_]+)` \|", text, flags=re.M)
    assert sorted(r for r in rows if r in set(Unscorable)) == sorted(Unscorable)


def test_no_code_cites_the_old_contract_file() -> None:
    cited = [
        str(p.relative_to(REPO))
        for pkg in ("grading", "calibration", "annotation_app", "expgrade_cli")
        for p in (REPO / pkg).rglob("*.py")
        if "CONTRACT" in p.read_text(encoding="utf-8")
    ]
    assert cited == []


def test_the_run_report_is_typed_and_refuses_a_key_it_does_not_declare(tmp_path: Path) -> None:
    from expgrade.grading.report import build_report

    report = build_report(tmp_path, [], {"seed": 3}, n_boot=10)
    data = report.as_json()
    assert "calibration" not in data and data["bootstrap"]["seed"] == 3  # only what was set
    assert RunReport.model_validate(data).as_json() == data
    with pytest.raises(ValidationError, match="surprise"):
        RunReport.model_validate({**data, "surprise": 1})
