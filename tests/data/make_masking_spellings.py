"""Writes tests/data/masking_spellings.json: held-out names spelt in ways nobody planned.

Frozen before the masking was tuned (issue 46): 300 spellings drawn by hypothesis
(`annotation_support.respell_strategy`, derandomized, so running this again gives the same
file) of the names in `annotation_support.HELD_OUT_NAMES`: each character in either case,
perhaps URL-encoded, an HTML character reference or fullwidth, with any separator or none
between any two. Run from the repository root: `python tests/data/make_masking_spellings.py`.
"""

import json
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from annotation_support import respell_strategy

drawn: list[dict[str, str]] = []


@settings(max_examples=300, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(respell_strategy())
def collect(case: tuple[str, str, str]) -> None:
    name, what, spelling = case
    drawn.append({"name": name, "what": what, "spelling": spelling})


collect()
unique = list({json.dumps(c, sort_keys=True): c for c in drawn}.values())
out = Path(__file__).with_name("masking_spellings.json")
out.write_text(json.dumps(unique, indent=1, ensure_ascii=True) + "\n")
print(f"{len(unique)} spellings -> {out}")
