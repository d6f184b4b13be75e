"""Every file of a run folder (RUN_DIR) and of its per-submission logs, named once.

The writer (`expgrade grade`), the report, the annotation app and the resume check all locate
files through these two classes, as SWE-bench's harness constants do, so the layout is written
in exactly one place and documented in docs/formats.md:

    RUN_DIR/
      results.jsonl                 one ResultRecord per finished grading (append-only)
      superseded.jsonl              results taken out by --regrade-changed: their content changed
      manifest.json                 run identity and settings (atomic rewrite)
      judge_batches.jsonl           provider batches submitted by --batch (resume without paying twice)
      retest.jsonl                  judged items asked again past the cache (test-retest, append-only)
      report.html / .md / .json     `expgrade report` (and the demo) render the run report here
      logs/<submission>/
        grading.log                 the pipeline's step log
        retest-<subtask>.log        test-retest: the subtask's items asked again, both verdicts
        execution/stdout.txt        the reproduction command's output
        execution/stderr.txt
        execution/sandbox.json      limits, image, exit status and resource use of that run
        execution/seed-<seed>/      the same for each further run of --repeats
        implementation/unit_tests.txt   the task's test command output
      reference/<task>/             --reference-runs: the task's reference, run once per task
        seed-<seed>.json            one finished run (a ReferenceRun): the cache a resumed run reads
        seed-<seed>/                its stdout.txt, stderr.txt and sandbox.json
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

RESULTS = "results.jsonl"
CONTROLS = "controls.jsonl"
RETEST = "retest.jsonl"
SUPERSEDED = "superseded.jsonl"
MANIFEST = "manifest.json"
LOGS = "logs"
JUDGE_BATCHES = "judge_batches.jsonl"
REFERENCE = "reference"


def safe_name(name: str) -> str:
    """Characters unsafe in a file name replaced, so any id maps to one folder."""
    return re.sub(r"[^\w.\-]+", "_", name).strip(".") or "_"


@dataclass(frozen=True)
class RunLogs:
    """The files one sandbox run leaves: its output and its sandbox record."""

    root: Path

    @property
    def stdout(self) -> Path:
        return self.root / "stdout.txt"

    @property
    def stderr(self) -> Path:
        return self.root / "stderr.txt"

    @property
    def sandbox_record(self) -> Path:
        return self.root / "sandbox.json"


@dataclass(frozen=True)
class ReferenceLogs:
    """RUN_DIR/reference/<task>: the task's reference runs, one record and one log folder per seed."""

    root: Path

    def record(self, seed: int) -> Path:
        return self.root / f"seed-{seed}.json"

    def run(self, seed: int) -> RunLogs:
        return RunLogs(self.root / f"seed-{seed}")


@dataclass(frozen=True)
class SubmissionLogs:
    """RUN_DIR/logs/<submission>: what the graders of one submission leave behind."""

    root: Path

    @property
    def grading_log(self) -> Path:
        return self.root / "grading.log"

    def retest_log(self, subtask: str) -> Path:
        """Both askings of the subtask's items when test-retest drew it (docs/stability.md)."""
        return self.root / f"retest-{safe_name(subtask)}.log"

    @property
    def execution(self) -> Path:
        return self.root / "execution"

    @property
    def stdout(self) -> Path:
        return RunLogs(self.execution).stdout

    @property
    def stderr(self) -> Path:
        return RunLogs(self.execution).stderr

    @property
    def sandbox_record(self) -> Path:
        return RunLogs(self.execution).sandbox_record

    def execution_run(self, seed: int, *, first: bool) -> RunLogs:
        """The first run writes where a single run always did; each further one of --repeats to
        `execution/seed-<seed>/`."""
        return RunLogs(self.execution if first else self.execution / f"seed-{seed}")

    @property
    def implementation(self) -> Path:
        return self.root / "implementation"

    @property
    def unit_tests(self) -> Path:
        return self.implementation / "unit_tests.txt"


@dataclass(frozen=True)
class RunFolder:
    """RUN_DIR: the output folder of one `expgrade grade` run."""

    root: Path

    @property
    def results(self) -> Path:
        return self.root / RESULTS

    @property
    def superseded(self) -> Path:
        """Results `--regrade-changed` took out of `results` because their task or submission
        changed since: kept for the record, read by nothing that counts."""
        return self.root / SUPERSEDED

    @property
    def controls(self) -> Path:
        """The control gradings (docs/controls.md), apart from the results so they reach no pass rate."""
        return self.root / CONTROLS

    def control_logs(self, control_id: str) -> Path:
        return self.root / "controls" / f"{safe_name(control_id)}.log"

    @property
    def retests(self) -> Path:
        """Judged items asked again past the cache (docs/stability.md), apart from the results."""
        return self.root / RETEST

    @property
    def manifest(self) -> Path:
        return self.root / MANIFEST

    @property
    def judge_batches(self) -> Path:
        """One JSON line per provider batch `--batch` submitted, written the moment it is accepted."""
        return self.root / JUDGE_BATCHES

    @property
    def manifest_tmp(self) -> Path:
        """Where the manifest is written before the atomic rename onto `manifest`."""
        return self.root / (MANIFEST + ".tmp")

    @property
    def logs(self) -> Path:
        return self.root / LOGS

    def report(self, fmt: str) -> Path:
        """Where `expgrade report --format FMT` writes by default (html, md or json)."""
        return self.root / f"report.{fmt}"

    def submission_logs(self, submission_id: str) -> SubmissionLogs:
        return SubmissionLogs(self.logs / safe_name(submission_id))

    def reference(self, task_id: str) -> ReferenceLogs:
        """Hashed as well as made safe: two tasks whose ids differ only in unsafe characters must
        never share a cache."""
        digest = hashlib.sha256(task_id.encode()).hexdigest()[:10]
        return ReferenceLogs(self.root / REFERENCE / f"{safe_name(task_id)[:100]}-{digest}")

    def reference_records(self) -> list[Path]:
        """Every cached reference run of the folder (`--reference-runs`)."""
        return sorted((self.root / REFERENCE).glob("*/seed-*.json"))

    def sandbox_records(self) -> list[Path]:
        """Every execution run record of the folder, in submission order."""
        return sorted(self.logs.glob(f"*/{SubmissionLogs(Path()).sandbox_record.as_posix()}"))
