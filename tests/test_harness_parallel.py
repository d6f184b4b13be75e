"""A JSON-lines import mapped in worker processes does what one process does (issue 62 item 3).

`EXPGRADE_IMPORT_WORKERS` sets how many worker processes map the records of a JSON-lines file
(`grading/harness_importers/parallel.py`; unset, only files of 8 MB or more get them): 1 is
the import in one process. With 2 the messages, the exit code and every byte written must be
the same, whatever the records: real OpenHands records of three generations, a repeat, a
record refused in the middle of its file, a cut last line; and Ctrl-C must leave the folders
of the files already imported whole and nothing of the file it stopped. The throughput and
memory figures are in bench/harness.md.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_support import CliResult, run_cli
from grade_support import command, ctrl_c_reaches_it

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.parallel import PARALLEL_FROM, mapped_lines, workers_for
from expgrade.grading.harness_importers.writer import HarnessRecord

pytestmark = pytest.mark.timeout(480)

REAL = Path(__file__).parent / "fixtures" / "harness_real"
#: Real OpenHands records of three generations (V0, V0 2024, V1 SDK).
SOURCES = (
    "openhands_v0_multi_swe_bench_output.jsonl",
    "openhands_v0_2024_example_agent_output.jsonl",
    "openhands_sdk_output.jsonl",
)


def real_records() -> list[dict[str, object]]:
    return [
        json.loads(line)
        for name in SOURCES
        for line in (REAL / name).read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]


def write_output(dest: Path, copies: int, *, history_times: int = 1, tag: str = "copy") -> list[str]:
    """`copies` of every real record, each under its own instance id (`<id>-<tag><n>`; its
    history repeated `history_times` times); returns the lines written, newline included."""
    lines = []
    for n in range(copies):
        for record in real_records():
            history = record.get("history")
            if isinstance(history, list):
                record = {**record, "history": history * history_times}
            lines.append(json.dumps({**record, "instance_id": f"{record['instance_id']}-{tag}{n}"}) + "\n")
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text("".join(lines), encoding="utf-8")
    return lines


def digests(out: Path) -> dict[str, str]:
    """SHA-256 of every file under `out`, by its path inside it."""
    return {
        str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("*"))
        if p.is_file()
    }


def import_with(
    workers: int, src: Path, out: Path, monkeypatch: pytest.MonkeyPatch, fmt: str = "openhands"
) -> CliResult:
    monkeypatch.setenv("EXPGRADE_IMPORT_WORKERS", str(workers))
    result = run_cli("submissions", "import", fmt, src, "--out", out)
    return CliResult(result.code, result.out.replace(str(out), "OUT"), result.err.replace(str(out), "OUT"))


@pytest.mark.parametrize("fmt", ["openhands", "auto"])
def test_two_workers_write_what_one_process_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    src = tmp_path / "run" / "output.jsonl"
    lines = write_output(src, copies=3)
    with src.open("a", encoding="utf-8") as fh:
        fh.write(lines[0])  # the same attempt read twice: written once, reported as a repeat
    one = import_with(1, src, tmp_path / "one", monkeypatch, fmt)
    two = import_with(2, src, tmp_path / "two", monkeypatch, fmt)
    assert one.code == 0, one.out + one.err
    assert (two.code, two.out, two.err) == (one.code, one.out, one.err)
    written = digests(tmp_path / "one")
    assert len(list((tmp_path / "one").glob("*/submission.json"))) == len(lines)
    assert digests(tmp_path / "two") == written
    said = " ".join(two.out.split())
    assert "1 skipped as repeats" in said, said


def test_a_record_refused_in_the_middle_is_named_and_its_file_contributes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = tmp_path / "run" / "output.jsonl"
    lines = write_output(src, copies=2)
    bad = json.loads(lines[2])
    bad["instance_id"] = ["not", "an", "id"]
    lines[2] = json.dumps(bad) + "\n"
    src.write_text("".join(lines), encoding="utf-8")
    good = tmp_path / "other" / "output.jsonl"
    write_output(good, copies=1)
    results = {}
    for workers in (1, 2):
        out = tmp_path / f"out{workers}"
        monkeypatch.setenv("EXPGRADE_IMPORT_WORKERS", str(workers))
        r = run_cli("submissions", "import", "openhands", src, good, "--out", out)
        results[workers] = (r.code, r.out.replace(str(out), "OUT"), r.err.replace(str(out), "OUT"))
        said = " ".join((r.out + r.err).split())
        assert r.code == 1, said
        assert "record line 3" in said and "field 'instance_id'" in said and "expected a string" in said, said
        # the batch rule: the refused file wrote nothing, before or after its bad record
        tasks = [json.loads(p.read_text())["task_id"] for p in out.glob("*/submission.json")]
        assert len(tasks) == len(real_records()) and all(t.endswith("-copy0") for t in tasks), tasks
    assert results[2] == results[1]
    assert digests(tmp_path / "out2") == digests(tmp_path / "out1")


def test_a_cut_last_line_keeps_the_records_before_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "run" / "output.jsonl"
    lines = write_output(src, copies=2)
    src.write_text("".join(lines[:-1]) + lines[-1][: len(lines[-1]) // 2], encoding="utf-8")
    one = import_with(1, src, tmp_path / "one", monkeypatch)
    two = import_with(2, src, tmp_path / "two", monkeypatch)
    assert one.code == 1, one.out + one.err
    assert "cut" in " ".join((one.out + one.err).split()).lower()
    assert (two.code, two.out, two.err) == (one.code, one.out, one.err)
    assert len(list((tmp_path / "two").glob("*/submission.json"))) == len(lines) - 1
    assert digests(tmp_path / "two") == digests(tmp_path / "one")


def test_a_wrong_number_of_workers_is_a_user_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "run" / "output.jsonl"
    write_output(src, copies=1)
    monkeypatch.setenv("EXPGRADE_IMPORT_WORKERS", "two")
    r = run_cli("submissions", "import", "openhands", src, "--out", tmp_path / "out")
    said = " ".join((r.out + r.err).split())
    assert r.code != 0 and "EXPGRADE_IMPORT_WORKERS='two'" in said and "whole number" in said, said


def test_ctrl_c_keeps_the_files_done_whole_and_nothing_of_the_file_it_stopped(tmp_path: Path) -> None:
    first = tmp_path / "a" / "output.jsonl"
    first_lines = write_output(first, copies=1, tag="first")
    # long enough that it is still being imported when the signal lands, on a loaded machine too
    second = tmp_path / "b" / "output.jsonl"
    write_output(second, copies=8, history_times=8)
    out = tmp_path / "subs"
    staging = tmp_path / "tmp"
    staging.mkdir()
    env = {
        **os.environ,
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "EXPGRADE_IMPORT_WORKERS": "2",
        "TMPDIR": str(staging),
    }
    argv = command("submissions", "import", "openhands", first, second, "--out", out)
    proc = subprocess.Popen(
        argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_reaches_it
    )
    # until the second file's first record is written
    deadline = time.monotonic() + 300
    while proc.poll() is None and time.monotonic() < deadline:
        if len(list(out.glob("*/submission.json"))) > len(first_lines):
            break
        time.sleep(0.02)
    assert proc.poll() is None, "the import ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Traceback" not in err, err
    folders = sorted(out.iterdir())
    # the first file's folders, whole; nothing of the second, which the interrupt rolled back
    assert len(folders) == len(first_lines), [f.name for f in folders]
    one_process = tmp_path / "one"
    subprocess.run(
        command("submissions", "import", "openhands", first, "--out", one_process),
        env={**env, "EXPGRADE_IMPORT_WORKERS": "1"},
        check=True,
        capture_output=True,
    )
    assert digests(out) == digests(one_process)
    assert list(staging.iterdir()) == []  # the workers' staged steps removed


def _dies_on_line_two(line: int, obj: dict[str, Any]) -> Iterator[tuple[str, HarnessRecord]]:
    """A mapper whose worker is killed on line 2, as the kernel's OOM killer would."""
    if line == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    return iter(())


@pytest.mark.timeout(300)  # the defect is a hang: the dead worker's line never comes back
def test_a_worker_killed_mid_file_is_an_error_naming_the_file_not_a_hang(tmp_path: Path) -> None:
    src = tmp_path / "output.jsonl"
    src.write_text("".join(json.dumps({"instance_id": f"t{i}"}) + "\n" for i in range(6)))
    with pytest.raises(UserError) as caught:
        list(mapped_lines(src, _dies_on_line_two, workers=2))
    said = str(caught.value)
    assert str(src) in said and "ended without finishing its line" in said, said
    assert "EXPGRADE_IMPORT_WORKERS=1" in said


def _large_record(line: int, obj: dict[str, Any]) -> Iterator[tuple[str, HarnessRecord]]:
    """A record larger than a pipe's buffer: its worker is mid-send when the import stops."""
    yield "large", HarnessRecord(f"t{line}", "agent", "model", f"line {line}", {}, conclusion="y" * (4 << 20))


@pytest.mark.timeout(300)  # the defect is a hang: the pool's shutdown waited on a result half sent
def test_an_import_stopped_while_workers_send_large_records_ends_them_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stopped part way (Ctrl-C in the writer, a refusal) while the workers are sending records
    larger than a pipe holds, the import ends its workers and returns: with a
    `multiprocessing.Pool` its shutdown hung on the second try (the result half sent by a
    worker it had terminated)."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where the workers stage steps
    src = tmp_path / "output.jsonl"
    src.write_text("".join(json.dumps({"instance_id": f"t{i}"}) + "\n" for i in range(200)))
    for taken in range(1, 6):
        records = mapped_lines(src, _large_record, workers=2)
        for _ in range(taken):
            next(records)
        records.close()
        assert multiprocessing.active_children() == [], f"workers left after {taken} record(s)"
    assert not list(tmp_path.glob("expgrade-import-*"))


def test_workers_are_the_default_for_a_large_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Unset or `auto`, a large file is mapped with a worker per core and a small one in one
    process; `N` asks for N workers whatever the size, and 1 for none."""
    large, small = tmp_path / "large.jsonl", tmp_path / "small.jsonl"
    with large.open("wb") as fh:
        fh.truncate(PARALLEL_FROM)
    small.write_text("{}\n")
    cores = os.cpu_count() or 1
    monkeypatch.delenv("EXPGRADE_IMPORT_WORKERS", raising=False)
    assert workers_for(large) == cores and workers_for(small) == 1
    monkeypatch.setenv("EXPGRADE_IMPORT_WORKERS", "auto")
    assert workers_for(large) == cores and workers_for(small) == 1
    monkeypatch.setenv("EXPGRADE_IMPORT_WORKERS", "3")
    assert workers_for(small) == 3
    monkeypatch.setenv("EXPGRADE_IMPORT_WORKERS", "1")
    assert workers_for(large) == 1
