"""The column reader (`read_label_frame`, what `expgrade calibrate` reads with) against the row
reader (`read_label_rows`, one pydantic model per row): the same tables give the same
calibration, and the same bad rows give the same error naming file, row and field."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from expgrade.calibration.analysis import calibrate_frame
from expgrade.calibration.datasets import alttest_rows, pandalm_rows
from expgrade.calibration.report_json import contract_json, details_json
from expgrade.grading.errors import UserError
from expgrade.grading.labels_frame import read_label_frame
from expgrade.grading.labels_io import label_frame, read_label_rows, write_label_rows


def _same_calibration(path: Path) -> None:
    slow = calibrate_frame(label_frame(read_label_rows(path)), n_resamples=30)
    fast = calibrate_frame(read_label_frame([path]), n_resamples=30)
    assert contract_json(fast) == contract_json(slow)
    assert details_json(fast) == details_json(slow)


@pytest.mark.parametrize("suffix", [".csv", ".parquet", ".jsonl"])
def test_public_sets_calibrate_the_same_through_both_readers(
    datasets: Path, tmp_path: Path, suffix: str
) -> None:
    # PandaLM carries extra (candidate lengths and models) and unscorable judge rows; CEBaB is ordinal
    rows = pandalm_rows(datasets / "judge_human" / "pandalm")[:900] + alttest_rows(
        datasets / "alttest" / "cebab_stars"
    )
    path = tmp_path / f"labels{suffix}"
    write_label_rows(path, rows)
    _same_calibration(path)


def test_a_column_outside_the_contract_is_refused_and_extra_keeps_the_users_own(tmp_path: Path) -> None:
    """Issue 57: an unknown column is a misspelling until the user says otherwise (`extra`)."""
    path = tmp_path / "labels.csv"
    frame = pd.DataFrame(
        {
            "item_id": [f"i{i}" for i in range(30) for _ in range(3)],
            "rater": ["a", "b", "gpt-4o"] * 30,
            "rater_kind": ["human", "human", "judge"] * 30,
            "label": ["pass" if i % 3 else "fail" for i in range(90)],
            "batch": ["x"] * 90,
        }
    )
    frame.to_csv(path, index=False)
    with pytest.raises(UserError, match="unknown field 'batch'"):
        read_label_frame([path])
    frame.drop(columns="batch").assign(extra=['{"batch": "x"}'] * 90).to_csv(path, index=False)
    read = read_label_frame([path])
    assert read["extra"].map(lambda e: e.get("batch")).eq("x").all()
    _same_calibration(path)


BAD_CELLS = [
    ("rater_kind", "robot", "rater_kind"),
    ("confidence", "1.5", "confidence"),
    ("response_length", "-3", "response_length"),
    ("response_length", "12.5", "response_length"),
    ("cost_usd", "cheap", "cost_usd"),
    ("status", "maybe", "status"),
    ("order", "sideways", "order"),
    ("label", None, "label"),
]


@pytest.mark.parametrize(("column", "value", "field"), BAD_CELLS)
@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_bad_cell_gets_the_row_readers_error(tmp_path: Path, column: str, value: str | None, field: str,
                                               suffix: str) -> None:  # fmt: skip
    rows = [
        {"item_id": f"i{i}", "rater": r, "rater_kind": "human", "label": "pass"}
        for i in range(5)
        for r in ("a", "b")
    ]
    rows[7][column] = value
    path = tmp_path / f"labels{suffix}"
    frame = pd.DataFrame(rows)
    frame.to_csv(path, index=False) if suffix == ".csv" else frame.to_parquet(path, index=False)
    with pytest.raises(UserError) as slow:
        read_label_rows(path)
    with pytest.raises(UserError) as fast:
        read_label_frame([path])
    assert str(fast.value) == str(slow.value)
    assert "row 8" in str(fast.value) and field in str(fast.value) and path.name in str(fast.value)


cells = st.one_of(st.none(), st.sampled_from(["pass", "fail", " pass", "PASS", "3", "2.0", "", "tie"]))
numbers = st.one_of(st.none(), st.sampled_from(["0.5", "-1", "2", "x", "1e3", "nan", "7"]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.tuples(
            st.integers(0, 6),
            st.sampled_from(["a", "b", "judge-1", ""]),
            st.sampled_from(["human", "judge", "Human"]),
            cells,
            numbers,
            st.sampled_from([None, "graded", "unscorable"]),
            st.sampled_from([None, "refused", ""]),
            numbers,
        ),
        min_size=1,
        max_size=25,
    ),
    st.sampled_from([".csv", ".parquet"]),
)
def test_garbled_tables_read_alike(tmp_path: Path, raw: list[tuple], suffix: str) -> None:  # type: ignore[type-arg]
    """Whatever a hand-edited table holds, both readers accept it alike or reject it with one message."""
    frame = pd.DataFrame(
        raw,
        columns=["item_id", "rater", "rater_kind", "label", "score", "status", "reason", "confidence"],
    ).assign(item_id=lambda f: "i" + f["item_id"].astype(str))
    path = tmp_path / f"g{suffix}"
    frame.to_csv(path, index=False) if suffix == ".csv" else frame.to_parquet(path, index=False)
    try:
        slow = label_frame(read_label_rows(path))
    except UserError as exc:
        with pytest.raises(UserError) as fast_error:
            read_label_frame([path])
        assert str(fast_error.value) == str(exc)
        return
    fast = read_label_frame([path])
    assert len(fast) == len(slow)
    for column in ("item_id", "rater", "rater_kind", "label", "status"):
        if column in fast:
            got = fast[column].astype(object).where(fast[column].notna(), None).tolist()
            want = slow[column].tolist()
            assert got == want, column
    for column in ("score", "confidence"):
        if column in fast:
            assert fast[column].fillna(-99).tolist() == slow[column].astype(float).fillna(-99).tolist()


def test_missing_file_and_empty_table(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="file not found"):
        read_label_frame([tmp_path / "nope.parquet"])
    (tmp_path / "empty.csv").write_text("item_id,rater,rater_kind,label\n")
    with pytest.raises(UserError, match="no rows"):
        read_label_frame([tmp_path / "empty.csv"])
