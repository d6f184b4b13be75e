"""Whatever JSON a benchmark file holds, importing it gives tasks or a UserError, never a crash.

A crash would reach the user as a traceback; the CLI only turns `UserError` into a message.
"""

from __future__ import annotations

import contextlib
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from expgrade.grading.errors import UserError
from expgrade.grading.submission_reader import scan_submissions
from expgrade.grading.task_importers import IMPORTERS
from expgrade.grading.task_importers.paperbench import gold_labels

key = st.sampled_from(
    [
        "question",
        "method",
        "requirements",
        "masked_source",
        "source",
        "design_complexity",
        "no_answer",
        "paper_id",
        "func_ids",
        "func_details",
        "experiments",
        "solution",
        "results",
        "file",
        "line_start",
        "id",
        "requirements",
        "weight",
        "sub_tasks",
        "score",
        "valid_score",
        "task_category",
        "questions",
        "constant_variables",
        "final_answer",
        "combined_id",
        "task_id",
        "agent",
        "agent_model",
        "design",
        "conclusion",
        "x",
    ]
)
scalar = st.none() | st.booleans() | st.integers(-5, 5) | st.floats(allow_nan=False) | st.text(max_size=8)
value = st.recursive(
    scalar, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(key, inner, max_size=5), max_leaves=25
)
FUZZ = settings(max_examples=60, deadline=None)


def gives_result_or_user_error(load: Callable[[Path], Any], path: Path) -> None:
    with contextlib.suppress(UserError):
        load(path)


@FUZZ
@given(
    doc=st.dictionaries(st.just("questions"), st.lists(st.dictionaries(key, value, max_size=6), max_size=3))
    | value
)
def test_expbench_never_crashes(doc: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "1_complete_final.json"
        path.write_text(json.dumps(doc))
        gives_result_or_user_error(IMPORTERS["expbench"].load, path)


@FUZZ
@given(
    rows=st.lists(st.dictionaries(key, value, max_size=8) | value, max_size=3), results=st.text(max_size=30)
)
def test_autoexperiment_never_crashes(rows: list[Any], results: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mlrc_n=1.jsonl"
        base = {
            "paper_id": "1",
            "func_ids": "0",
            "func_details": [],
            "experiments": "e",
            "solution": "s",
            "results": results,
        }
        path.write_text("\n".join(json.dumps(r) for r in [base, *rows]) + "\n")
        gives_result_or_user_error(IMPORTERS["autoexperiment"].load, path)


@FUZZ
@given(doc=value)
def test_paperbench_rubric_and_gold_never_crash(doc: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "p.expected_result.json"
        path.write_text(json.dumps(doc))
        gives_result_or_user_error(IMPORTERS["paperbench"].load, path)
        gives_result_or_user_error(gold_labels, path)


@FUZZ
@given(meta=value, answer=value, eval_gen=value)
def test_submission_adapters_never_crash(meta: Any, answer: Any, eval_gen: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "native").mkdir()
        (root / "native" / "submission.json").write_text(json.dumps(meta))
        (root / "2110.03485_0").mkdir()
        (root / "2110.03485_0" / "final_answer.json").write_text(json.dumps(answer))
        out = root / "iclr2024" / "19033" / "agent" / "model"
        out.mkdir(parents=True)
        (out / "19033_task_index_0_iter_1_eval_gen.json").write_text(json.dumps(eval_gen))
        scan = scan_submissions(root)
        assert len(scan.submissions) + len(scan.problems) == 3
