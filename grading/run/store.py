"""RUN_DIR/results.jsonl: the append-only record of finished gradings.

A result is appended (one line, one `write`, fsynced) only once its grading is complete, so
the file is the run's single source of truth: a key in it is done and is never graded
again; a key missing from it is graded on the next run. A crash (even SIGKILL) mid-append
leaves at most a torn last line, which is cut off (expgrade.grading.jsonl's one torn-line policy)
before anything else is appended, so that submission is simply graded again: nothing is
lost and nothing is duplicated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from expgrade.grading.controls import read_controls, read_retests
from expgrade.grading.errors import UserError
from expgrade.grading.failures.records import read_failure_checks, read_failures
from expgrade.grading.jsonl import CutLine, append_line, cut_torn_tail, iter_json_lines, read_models
from expgrade.grading.report import build_report
from expgrade.grading.run.manifest import load_manifest
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.schemas import ResultRecord, RunReport
from expgrade.grading.schemas.result import ReferenceRun


def result_key(task_id: str, submission_id: str) -> str:
    return f"{task_id}/{submission_id}"


@dataclass
class ResultsStore:
    """`results.jsonl` of a run being graded. A cut last line an earlier session's crash left is
    this run's own unfinished append: it is cut off (its submission is graded again) and
    `repaired` names it, for the run to say so."""

    path: Path
    finished: set[str] = field(default_factory=set)
    repaired: CutLine | None = None

    @classmethod
    def open(cls, run_dir: Path) -> ResultsStore:
        path = RunFolder(run_dir).results
        was_cut = cut_torn_tail(path)
        finished = {
            result_key(str(obj.get("task_id")), str(obj.get("submission_id")))
            for _, obj in (iter_json_lines(path) if path.exists() else ())
        }
        repaired = None
        if was_cut:  # the cut line came after every line still there
            with path.open("rb") as fh:
                repaired = CutLine(
                    path,
                    sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b"")) + 1,
                    len(finished),
                )
        return cls(path, finished, repaired)

    def append(self, record: ResultRecord) -> None:
        key = result_key(record.task_id, record.submission_id)
        if key in self.finished:  # an executor retry that delivered twice: keep the first
            return
        append_line(self.path, record)
        self.finished.add(key)


def read_results(run_dir: Path) -> list[ResultRecord]:
    """Every finished result of a run folder, validated (a cut last line is named and skipped)."""
    path = RunFolder(run_dir).results
    if not run_dir.is_dir():
        raise UserError("run folder not found", file=run_dir)
    if not path.exists():
        raise UserError(f"no {path.name} here; is this a folder written by `expgrade grade`?", file=run_dir)
    return read_models(path, ResultRecord)


def report_run(
    run_dir: Path, *, n_boot: int = 1000, confidence: float = 0.95, seed: int | None = None
) -> RunReport:
    """The report of a run folder: its results and manifest, read here, handed to `build_report`."""
    return build_report(
        run_dir,
        read_results(run_dir),
        load_manifest(run_dir) or {},
        n_boot=n_boot,
        confidence=confidence,
        seed=seed,
        references=read_reference_runs(run_dir),
        controls=read_controls(run_dir),
        retests=read_retests(run_dir),
        failures=read_failures(run_dir),
        failure_checks=read_failure_checks(run_dir),
    )


def read_reference_runs(run_dir: Path) -> list[ReferenceRun]:
    """Every cached reference run of the folder (`--reference-runs`); unreadable ones are skipped
    (the next grading runs them again)."""
    runs = []
    for path in RunFolder(run_dir).reference_records():
        try:
            runs.append(ReferenceRun.model_validate_json(path.read_text(encoding="utf-8")))
        except (ValueError, OSError):
            continue
    return runs
