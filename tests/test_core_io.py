"""The shared file mechanisms: crash-safe JSONL appends, strict JSON, label tables in three formats."""

from __future__ import annotations

import json
import math
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import run_cli

from expgrade.grading.errors import UserError
from expgrade.grading.jsonl import (
    CutLineWarning,
    append_line,
    dumps,
    iter_json_lines,
    read_json_lines,
    read_models,
)
from expgrade.grading.labels_io import read_label_rows, write_label_rows
from expgrade.grading.schemas import Deviation, LabelRow


def test_append_after_a_torn_tail_keeps_every_finished_record(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    append_line(path, {"k": 1})
    with path.open("a", encoding="utf-8") as fh:
        fh.write('{"k": 2, "half')  # a crash mid-write
    # A reader sees the finished record only, and is told of the cut line.
    with pytest.warns(CutLineWarning, match="line 2: cut short"):
        assert [obj for _, obj in iter_json_lines(path)] == [{"k": 1}]
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


# The one policy for JSON lines (docs/formats.md §1), on the bytes a killed writer leaves.

_LABEL = '{"item_id": "%s", "rater": "r", "rater_kind": "human", "label": "pass"}'


def _killed_writer_file(path: Path, complete: int, cut: bytes) -> Path:
    """What `print(json.dumps(r), file=fh)` leaves when the process dies inside record `complete+1`."""
    with path.open("wb") as fh:
        for i in range(complete):
            fh.write((_LABEL % f"item-{i}" + "\n").encode())
        fh.write(cut)
    return path


@pytest.mark.parametrize(
    "cut",
    [
        b'{"item_id": "item-9", "rater": "r", "rat',
        # cut inside a multi-byte character: the last line is not even UTF-8
        ('{"item_id": "item-9", "rater": "\u00e9\u00e9').encode()[:-1],
    ],
)
def test_a_cut_last_line_keeps_every_complete_record_and_is_named(tmp_path: Path, cut: bytes) -> None:
    path = _killed_writer_file(tmp_path / "labels.jsonl", 3, cut)
    with pytest.warns(CutLineWarning) as warned:
        rows = read_label_rows(path)
    assert [r.item_id for r in rows] == ["item-0", "item-1", "item-2"]
    (w,) = [w for w in warned if isinstance(w.message, CutLineWarning)]
    assert isinstance(w.message, CutLineWarning)
    assert (w.message.cut.file, w.message.cut.line, w.message.cut.kept) == (path, 4, 3)
    assert f"{path}, line 4: cut short" in str(w.message)
    with pytest.warns(CutLineWarning):
        lines = read_json_lines(path)
    assert lines.cut == w.message.cut and [n for n, _ in lines.records] == [1, 2, 3]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (_LABEL % "a" + "\n" + '{"item_id": "b", "rat\n' + _LABEL % "c" + "\n", 2),  # inside the file
        (_LABEL % "a" + "\n" + '{"item_id": "b", "rat\n', 2),  # last, but its newline was written
        ("[1, 2]\n" + _LABEL % "a", 1),
    ],
)
def test_a_malformed_line_elsewhere_rejects_the_file_named_by_file_and_line(
    tmp_path: Path, text: str, line: int
) -> None:
    path = tmp_path / "labels.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UserError) as info:
        read_label_rows(path)
    assert f"{path}, record line {line}:" in str(info.value)


def test_an_unterminated_complete_last_line_is_a_record(tmp_path: Path) -> None:
    path = tmp_path / "labels.jsonl"
    path.write_text(_LABEL % "a" + "\n" + _LABEL % "b", encoding="utf-8")
    assert read_json_lines(path).cut is None
    assert [r.item_id for r in read_label_rows(path)] == ["a", "b"]


def test_the_cli_names_a_cut_line_and_exits_1(tmp_path: Path) -> None:
    task = {"id": "t1", "source": {"benchmark": "native", "paper_id": "p"}, "question": "q"}
    path = tmp_path / "TASKS.jsonl"
    path.write_text(json.dumps(task) + "\n" + json.dumps({**task, "id": "t2"})[:30], encoding="utf-8")
    result = run_cli("tasks", "validate", path)
    assert result.code == 1, result
    assert f"{path}, line 2: cut short" in result.err.replace("\n", "")
    assert "native" in result.out  # the complete record was read and validated
