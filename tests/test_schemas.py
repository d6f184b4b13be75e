"""Every file-format model survives a round trip through its file format, `extra` included."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from expgrade.grading.jsonl import read_models, write_models
from expgrade.grading.labels_io import read_label_rows, write_label_rows
from expgrade.grading.schemas import LabelRow, ResultRecord, Submission, Task

SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

text = st.text(max_size=12)
word = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_-", min_size=1, max_size=10)
ident = st.text(min_size=1, max_size=16).filter(lambda s: s == s.strip() and s.strip())
number = st.floats(allow_nan=False, allow_infinity=False, width=32)
json_value = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**31), 2**31) | number | text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(word, inner, max_size=3),
    max_leaves=6,
)
#: A user's own data, written under `extra` (unknown keys are refused: tests/test_strict_inputs.py).
unknown = st.dictionaries(word.map(lambda w: f"x_{w}"), json_value, max_size=2).map(
    lambda d: {"extra": d} if d else {}
)
optional_text = st.none() | text


def rubric_nodes() -> st.SearchStrategy[dict[str, Any]]:
    leaf = st.fixed_dictionaries(
        {
            "id": word,
            "requirements": text,
            "weight": st.floats(0, 10),
            "task_category": st.none()
            | st.sampled_from(["Code Development", "Code Execution", "Result Analysis"]),
        }
    )
    return st.recursive(
        leaf,
        lambda inner: st.builds(lambda n, kids: {**n, "sub_tasks": kids}, leaf, st.lists(inner, max_size=3)),
        max_leaves=8,
    )


metrics = st.dictionaries(word, st.dictionaries(word, number, max_size=3), max_size=3)

task_dicts = st.builds(
    lambda base, opt, more: {**base, **{k: v for k, v in opt.items() if v is not None}, **more},
    st.fixed_dictionaries(
        {
            "id": ident,
            "source": st.fixed_dictionaries(
                {
                    "benchmark": st.sampled_from(["expbench", "autoexperiment", "paperbench", "native"]),
                    "paper_id": ident,
                }
            ),
            "question": text,
        }
    ),
    st.fixed_dictionaries(
        {
            "method": optional_text,
            "design": st.none()
            | st.fixed_dictionaries(
                {
                    "constant_variables": st.dictionaries(word, json_value, max_size=2),
                    "independent_variables": st.dictionaries(word, json_value, max_size=2),
                    "dependent_variables": st.dictionaries(word, json_value, max_size=2),
                }
            ),
            "requirements": st.none() | st.lists(text, max_size=3),
            "expected_outcome": optional_text,
            "repo": st.none()
            | st.fixed_dictionaries({"path": optional_text, "url": optional_text, "commit": optional_text}),
            "masked": st.none()
            | st.lists(
                st.fixed_dictionaries(
                    {
                        "file": word,
                        "name": st.none() | word,
                        "line_start": st.none() | st.integers(1, 10_000),
                        "line_end": st.none() | st.integers(1, 10_000),
                    }
                ),
                max_size=3,
            ),
            "run": st.none()
            | st.fixed_dictionaries(
                {
                    "command": text,
                    "timeout_s": st.integers(1, 10**6),
                    "gpus": st.integers(0, 8),
                    "results_file": st.none() | word,
                    "cpus": st.none() | st.floats(0.1, 64),
                }
            ),
            "expected_results": st.none() | metrics,
            "tolerance": st.none()
            | st.fixed_dictionaries(
                {
                    "rel": st.floats(0, 1),
                    "abs": st.floats(0, 1),
                    "per_metric": st.dictionaries(
                        word, st.fixed_dictionaries({"rel": st.floats(0, 1)}), max_size=2
                    ),
                }
            ),
            "rubric": st.none() | rubric_nodes(),
        }
    ),
    unknown,
)

submission_dicts = st.builds(
    lambda base, more: {**base, **more},
    st.fixed_dictionaries(
        {
            "task_id": ident,
            "agent": ident,
            "agent_model": ident,
            "attempt": st.integers(1, 100),
            "design": st.none()
            | text
            | st.lists(json_value, max_size=3)
            | st.dictionaries(word, json_value, max_size=3),
            "conclusion": optional_text,
            "claimed_results": st.none() | metrics,
        }
    ),
    unknown,
)

judged = st.fixed_dictionaries(
    {
        "status": st.sampled_from(["graded", "unscorable", "skipped"]),
        "reason": optional_text,
        "score": st.none() | st.floats(0, 1),
        "passed": st.none() | st.booleans(),
        "items": st.lists(
            st.fixed_dictionaries(
                {
                    "criterion": text,
                    "verdict": st.none() | st.sampled_from(["pass", "fail"]),
                    "rationale": optional_text,
                    "judge": json_value,
                    "flags": st.lists(word, max_size=2),
                }
            ),
            max_size=2,
        ),
        "flags": st.lists(word, max_size=2),
    }
)
execution = st.fixed_dictionaries(
    {
        "status": st.sampled_from(
            ["reproduced", "mismatch", "failed", "timeout", "sandbox_error", "not_run"]
        ),
        "passed": st.none() | st.booleans(),
        "exit_code": st.none() | st.integers(-255, 255),
        "measured_results": metrics,
        "expected_results": metrics,
        "deviations": st.lists(
            st.fixed_dictionaries(
                {
                    "experiment": word,
                    "metric": word,
                    "expected": st.none() | number,
                    "measured": st.none() | number,
                }
            ),
            max_size=2,
        ),
    }
)
result_dicts = st.builds(
    lambda base, more: {**base, **more},
    st.fixed_dictionaries(
        {
            "task_id": ident,
            "submission_id": ident,
            "agent": ident,
            "agent_model": ident,
            "attempt": st.integers(1, 10),
            "subtasks": st.fixed_dictionaries(
                {
                    "design": st.none() | judged,
                    "implementation": st.none() | judged,
                    "conclusion": st.none() | judged,
                    "integrity": st.none() | judged,
                    "execution": st.none() | execution,
                }
            ),
            "all_passed": st.none() | st.booleans(),
        }
    ),
    unknown,
)

label_dicts = st.builds(
    lambda base, verdict, more: {**base, **verdict, **more},
    st.fixed_dictionaries(
        {
            "item_id": word,
            "rater": word,
            "rater_kind": st.sampled_from(["human", "judge"]),
            "flags": st.lists(word, max_size=2),
            "subtask": st.none() | word,
            "criterion": st.none() | word,
            "order": st.none() | st.sampled_from(["original", "swapped"]),
            "confidence": st.none() | st.floats(0, 1),
            "prompt_tokens": st.none() | st.integers(0, 10**6),
        }
    ),
    st.one_of(
        st.fixed_dictionaries({"label": st.sampled_from(["pass", "fail", "tie"])}),
        st.fixed_dictionaries({"score": st.floats(-5, 5, width=32)}),
        st.fixed_dictionaries({"status": st.just("unscorable"), "reason": word}),
    ),
    st.dictionaries(word.map(lambda w: f"x_{w}"), word, max_size=2).map(lambda d: {"extra": d} if d else {}),
)


def _round_trip_jsonl(tmp_path: Path, model: type[Any], data: dict[str, Any]) -> None:
    record = model.model_validate(data)
    assert record.extra == data.get("extra", {})  # carried as written
    again = model.model_validate_json(record.model_dump_json())
    assert again == record
    path = tmp_path / "records.jsonl"
    write_models(path, [record, record])
    assert read_models(path, model) == [record, record]
    # And the dump is plain JSON a user could have written by hand.
    assert model.model_validate(json.loads(record.model_dump_json())) == record


@SETTINGS
@given(data=task_dicts)
def test_task_round_trip(tmp_path: Path, data: dict[str, Any]) -> None:
    _round_trip_jsonl(tmp_path, Task, data)


@SETTINGS
@given(data=submission_dicts)
def test_submission_round_trip(tmp_path: Path, data: dict[str, Any]) -> None:
    _round_trip_jsonl(tmp_path, Submission, data)


@SETTINGS
@given(data=result_dicts)
def test_result_record_round_trip(tmp_path: Path, data: dict[str, Any]) -> None:
    _round_trip_jsonl(tmp_path, ResultRecord, data)


@SETTINGS
@given(data=label_dicts)
def test_label_row_round_trip(tmp_path: Path, data: dict[str, Any]) -> None:
    _round_trip_jsonl(tmp_path, LabelRow, data)


@SETTINGS
@given(
    rows=st.lists(label_dicts, min_size=1, max_size=4), fmt=st.sampled_from([".jsonl", ".csv", ".parquet"])
)
def test_label_table_round_trip_in_every_format(tmp_path: Path, rows: list[dict[str, Any]], fmt: str) -> None:
    labels = [LabelRow.model_validate(r) for r in rows]
    path = tmp_path / f"labels{fmt}"
    write_label_rows(path, labels)
    back = read_label_rows(path)
    assert [b.model_dump(exclude={"score", "confidence"}) for b in back] == [
        r.model_dump(exclude={"score", "confidence"}) for r in labels
    ]
    for b, r in zip(back, labels, strict=True):
        for attr in ("score", "confidence"):
            x, y = getattr(b, attr), getattr(r, attr)
            assert (x is None and y is None) or abs(x - y) <= 1e-9 * max(1.0, abs(y))
