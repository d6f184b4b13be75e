"""A detector measured below 0.90 precision on held-out real runs fires only when asked, and says
so (issue 61: "a mode below it is off by default or labelled candidate"); the traceback defects the
bench's dev split showed (bench/failures_labelled/, the CS294 ReAct and mini-swe-agent runs)."""

from __future__ import annotations

from pathlib import Path

import failure_support as fs
from cli_support import run_cli
from test_failures_detectors import _analyze

from expgrade.grading.failures.precision import MEASURED, PRECISION_GOAL, is_candidate


def test_a_detector_below_the_goal_is_off_by_default_and_the_run_is_named_by_one_above_it(
    tmp_path: Path,
) -> None:
    record = _analyze(tmp_path, fs.module_never_fixed(), candidates=False)
    assert not [f for f in record.findings if f.detector == "traceback"]  # 0.57 on held-out runs
    assert (record.mode, record.step, record.candidate) == ("environment_setup", 5, False)  # the install


def test_asked_for_a_candidates_findings_are_kept_and_labelled(tmp_path: Path) -> None:
    record = _analyze(tmp_path, fs.module_never_fixed(), candidates=True)
    traceback = next(f for f in record.findings if f.detector == "traceback")
    install = next(f for f in record.findings if f.detector == "install")
    assert (traceback.candidate, install.candidate) == (True, False)
    assert (record.mode, record.step, record.candidate) == ("environment_setup", 3, True)


def test_every_measured_pair_below_the_goal_is_a_candidate() -> None:
    for (detector, mode), m in MEASURED.items():
        below = m.fired > 0 and m.right / m.fired < PRECISION_GOAL
        only_false_alarms = m.fired == 0 and m.passing_alarms > 0
        assert is_candidate(detector, mode) == (below or only_false_alarms), (detector, mode)
    assert is_candidate("traceback", "code_error") and not is_candidate("install", "environment_setup")


def test_the_taxonomy_command_shows_each_detectors_precision_and_default() -> None:
    result = run_cli("failures", "taxonomy")
    assert result.code == 0, result.err
    text = " ".join(result.out.split())
    assert "candidate" in text
    for measured in MEASURED.values():  # each pair's precision, with its interval and counts
        shown = measured.describe().split(";")[0]
        assert shown in text, shown


def test_a_traceback_header_quoted_in_a_shell_error_is_no_traceback(tmp_path: Path) -> None:
    """django__django-14011 (CS294 ReAct): the agent pasted a traceback into its command; bash
    complained, quoting the header, and the detector named an `Exception` that no program raised."""
    output = (
        "Result:\nbash: line 1: pytest: command not found\nbash: -c: line 2: syntax error near unexpected "
        "token `most'\nbash: -c: line 2: `----END_FUNCTION_CALL----Traceback (most recent call last):'\n"
    )
    record = _analyze(tmp_path, [fs.task_msg(), fs.call("pytest -q"), fs.out(output, 2)])
    assert not [f for f in record.findings if f.detector == "traceback"]


def test_an_import_of_a_name_the_agents_edit_removed_is_a_code_error_not_the_environment(
    tmp_path: Path,
) -> None:
    """pydicom-901, sqlfluff-1517 (mini-swe-agent): `cannot import name` from the repository's own
    package is the code's fault; only a module that is not installed is the environment's."""
    error = "cannot import name 'get_testdata_file' from 'pydicom.data' (/testbed/pydicom/data/__init__.py)"
    steps = [fs.task_msg(), fs.call("python reproduce.py"), fs.out(fs.traceback("ImportError", error), 1)]
    record = _analyze(tmp_path, steps)
    (traceback,) = [f for f in record.findings if f.detector == "traceback"]
    assert traceback.mode == "code_error"
