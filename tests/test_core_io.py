"""The shared file mechanisms: crash-safe JSONL appends, strict JSON, label tables in three formats."""

from __future__ import annotations

import json
import math
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from expgrade.grading.errors import UserError
from expgrade.grading.jsonl import append_line, dumps, iter_json_lines, read_models
from expgrade.grading.labels_io import read_label_rows, write_label_rows
from expgrade.grading.schemas import Deviation, LabelRow


def test_append_after_a_torn_tail_keeps_every_finished_record(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    append_line(path, {"k": 1})
    with path.open("a", encoding="utf-8") as fh:
        fh.write('{"k": 2, "half')  # a crash mid-write
    # A reader that tolerates the torn tail sees the finished record only.
    assert [obj for _, obj in iter_json_lines(path, tolerate_torn_tail=True)] == [{"k": 1}]
    append_line(path, {"k": 3})
    # The fragment was cut off, not closed: even a strict reader sees every finished record.
    assert [obj for _, obj in iter_json_lines(path)] == [{"k": 1}, {"k": 3}]


_CRASHING_WRITER = """
import os, signal, sys
from pathlib import Path
from expgrade.grading.jsonl import append_line
path = Path(sys.argv[1])
for k in range(3):
    append_line(path, {"k": k})
fd = os.open(path, os.O_WRONLY | os.O_APPEND)
os.write(fd, b'{"k": 3, "payload": "cut sh')  # the process dies inside its fourth record
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_crash_mid_write_loses_only_the_unfinished_record(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    crashed = subprocess.run([sys.executable, "-c", _CRASHING_WRITER, str(path)], check=False)
    assert crashed.returncode == -signal.SIGKILL
    append_line(path, {"k": 4})  # the next run goes on appending
    assert [obj["k"] for _, obj in iter_json_lines(path)] == [0, 1, 2, 4]


def test_non_finite_numbers_are_written_as_null() -> None:
    dev = Deviation(experiment="e", metric="loss", expected=1.0, measured=math.nan)
    assert json.loads(dumps(dev))["measured"] is None
    assert json.loads(dumps({"a": [math.inf, 1.5], "b": {"c": -math.inf}})) == {
        "a": [None, 1.5],
        "b": {"c": None},
    }


def test_bad_record_names_file_line_and_field(tmp_path: Path) -> None:
    path = tmp_path / "labels.jsonl"
    path.write_text(
        '{"item_id": "a", "rater": "r", "rater_kind": "human", "label": "pass"}\n'
        '{"item_id": "b", "rater": "r", "rater_kind": "robot", "label": "pass"}\n',
        encoding="utf-8",
    )
    with pytest.raises(UserError) as info:
        read_models(path, LabelRow)
    message = str(info.value)
    assert str(path) in message and "line 2" in message and "rater_kind" in message


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_label_tables_round_trip_in_every_format(tmp_path: Path, suffix: str) -> None:
    rows = [
        LabelRow(
            item_id="t/s/design/v1",
            rater="openai/gpt-4o",
            rater_kind="judge",
            label="pass",
            flags=["prompt_injection"],
            confidence=0.8,
            cost_usd=0.0012,
            prompt_tokens=120,
            extra={"prompt_hash": "abc"},
        ),
        LabelRow(item_id="t/s/design/v1", rater="ann-1", rater_kind="human", label="fail", subtask="design"),
        LabelRow(
            item_id="t/s/design/v2",
            rater="openai/gpt-4o",
            rater_kind="judge",
            status="unscorable",
            reason="parse_error",
        ),
        LabelRow(item_id="42", rater="ann-2", rater_kind="human", score=3.5, response_length=10),
    ]
    path = tmp_path / f"labels{suffix}"
    assert write_label_rows(path, rows) == 4
    assert read_label_rows(path) == rows


def test_unknown_label_format_and_empty_table_are_user_errors(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="unknown label-table format"):
        read_label_rows(tmp_path / "labels.xlsx")
    empty = tmp_path / "labels.jsonl"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(UserError, match="no rows"):
        read_label_rows(empty)
