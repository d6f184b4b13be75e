"""Judge–human calibration: agreement with confidence intervals, judge bias, corrected scores.

Entry points: `calibrate(rows)` for the full report and `inter_annotator_agreement(rows)` for
the humans alone (both take `expgrade.grading.schemas.LabelRow` lists); `write_reports` writes the
report folder that `expgrade calibrate` produces.

The names are loaded on first use: the statistics pull in scipy and matplotlib, which every
`expgrade` start would otherwise pay for.
"""

import importlib
import os
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

_EXPORTS = {
    "CalibrationReport": "expgrade.calibration.report",
    "calibrate": "expgrade.calibration.analysis",
    "calibrate_frame": "expgrade.calibration.analysis",
    "inter_annotator_agreement": "expgrade.calibration.analysis",
    "HumanAgreement": "expgrade.calibration.humans",
    "write_reports": "expgrade.calibration.report_files",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'calibration' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = sorted(_EXPORTS)
