"""Harness output of long records is recognised from its first record, not by reading the file
(issue 62 item 3: any size in bounded memory; the figures are in bench/harness.md).

Recognising a file (`import auto`, and every named import's check that the file is not another
harness's) peeks at its first bytes. A JSON-lines file whose first record was longer than the
peek (an OpenHands record of a long run: megabytes of history on one line) used to be read
whole and parsed as one document: the memory of the whole file, and, as a file of several lines
is no one document, not recognised at all.
"""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import run_cli

from expgrade.grading.harness_importers.sniff import PEEK_BYTES, peek

REAL = Path(__file__).parent / "fixtures" / "harness_real" / "openhands_v0_multi_swe_bench_output.jsonl"


def long_output(dest: Path) -> list[str]:
    """The real OpenHands records, each history repeated until its line is longer than the
    peek; returns their instance ids."""
    records = [json.loads(line) for line in REAL.read_text().splitlines() if line.strip()]
    dest.parent.mkdir(parents=True, exist_ok=True)
    with dest.open("w") as fh:
        for record in records:
            times = PEEK_BYTES // len(json.dumps(record["history"])) + 1
            line = json.dumps({**record, "history": record["history"] * times})
            assert len(line) > PEEK_BYTES
            fh.write(line + "\n")
    return [r["instance_id"] for r in records]


def test_a_first_record_longer_than_the_peek_is_read_alone(tmp_path: Path) -> None:
    src = tmp_path / "run" / "output.jsonl"
    ids = long_output(src)
    found = peek(src)
    assert found is not None
    kind, first = found
    assert kind == "jsonl"
    assert first["instance_id"] == ids[0]


def test_import_auto_takes_an_output_of_long_records(tmp_path: Path) -> None:
    src = tmp_path / "run" / "output.jsonl"
    ids = long_output(src)
    r = run_cli("submissions", "import", "auto", src, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    tasks = sorted(
        json.loads(p.read_text())["task_id"] for p in (tmp_path / "subs").glob("*/submission.json")
    )
    assert tasks == sorted(ids)
    assert "OpenHands V0" in " ".join((r.out + r.err).split())
