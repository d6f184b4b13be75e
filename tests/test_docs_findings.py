"""What running the docs as a new user found (issue 68), each checked where a user meets it: a
JSON error message cut off mid-phrase, the report's "whole run" command naming a placeholder
folder, a task with nothing to run called unscorable, and the people table's 145 of "150
labelled items" left unexplained."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from expgrade.grading.errors import UserError
from expgrade.grading.jsonl import load_json, read_json_lines

BIN = Path(sys.executable).parent


def _whole(error: pytest.ExceptionInfo[UserError]) -> str:
    message = str(error.value)
    assert "control character" in message and "column" in message, message
    assert not message.rstrip().endswith(" at"), message  # Python's own msg stops at "at"
    return message


def test_a_raw_control_character_is_named_whole_with_its_place(tmp_path: Path) -> None:
    document = tmp_path / "submission.json"
    document.write_text('{"id": "b\nc"}', encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load_json(document)
    assert "line 1, column 10" in _whole(caught)
    lines = tmp_path / "tasks.jsonl"
    lines.write_text('{"id": "a"}\n{"id": "b\tc"}\n', encoding="utf-8")
    with pytest.raises(UserError) as caught:
        read_json_lines(lines)
    assert "line 2" in _whole(caught) and "column 10" in str(caught.value)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """`expgrade demo --sandbox local`, as the README runs it (its scripted judge, no Docker)."""
    out = tmp_path_factory.mktemp("demo") / "run"
    env = {k: v for k, v in os.environ.items() if not k.startswith("EXPGRADE_")}
    env.update(
        PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}", COLUMNS="80", LITELLM_LOCAL_MODEL_COST_MAP="True"
    )
    done = subprocess.run(
        [str(BIN / "expgrade"), "demo", "--sandbox", "local", "--out", str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout, out


def test_a_task_with_nothing_to_run_is_not_called_unscorable(demo: tuple[str, Path]) -> None:
    stdout, out = demo
    said = [line for line in stdout.splitlines() if "not_run" in line]
    assert said and all(line.startswith("nothing to run:") for line in said), stdout
    assert "nothing to run:" in (out / "run" / "report.html").read_text(encoding="utf-8")


def test_the_reports_whole_run_command_names_the_submissions_folder(demo: tuple[str, Path]) -> None:
    _, out = demo
    html = (out / "run" / "report.html").read_text(encoding="utf-8")
    manifest = json.loads((out / "run" / "manifest.json").read_text(encoding="utf-8"))
    assert "The whole run: <code>expgrade submissions show " in html
    assert "SUBMISSIONS/" not in html
    assert f"submissions show {manifest['submissions_dir']}/" in html


def test_the_people_table_says_why_a_judge_has_fewer_labelled_items(demo: tuple[str, Path]) -> None:
    words = " ".join(demo[0].split())
    assert "on 150 random items" in words
    assert "gpt-3.5-turbo: 145 of the 150 labelled items" in words, demo[0]
