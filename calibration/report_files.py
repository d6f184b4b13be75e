"""Write a calibration report to a folder: report.json, details.json, report.md, report.html."""

from __future__ import annotations

import json
import os
from pathlib import Path

from expgrade.calibration.report import CalibrationReport
from expgrade.calibration.report_html import render_html
from expgrade.calibration.report_json import contract_json, details_json
from expgrade.calibration.report_markdown import render_markdown
from expgrade.grading.errors import UserError

REPORT_FILES = ("report.json", "details.json", "report.md", "report.html")


def write_atomic(path: Path, text: str) -> None:
    """Write beside the target and rename, so a crash never leaves half a report."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def write_reports(report: CalibrationReport, out: Path) -> list[Path]:
    """All four files under `out` (created if needed); returns their paths."""
    if out.exists() and not out.is_dir():
        raise UserError("expected a folder for the report, found a file", file=out)
    out.mkdir(parents=True, exist_ok=True)
    texts = {
        "report.json": json.dumps(contract_json(report), indent=2, ensure_ascii=False) + "\n",
        "details.json": json.dumps(details_json(report), indent=2, ensure_ascii=False) + "\n",
        "report.md": render_markdown(report),
        "report.html": render_html(report),
    }
    paths = []
    for name in REPORT_FILES:
        write_atomic(out / name, texts[name])
        paths.append(out / name)
    return paths
