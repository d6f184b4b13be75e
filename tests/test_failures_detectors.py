"""Failure detectors on runs with known failures: each names the mode and the step (issue 54)."""

from __future__ import annotations

import json
from pathlib import Path

import failure_support as fs
import pytest

from expgrade.grading.errors import UserError
from expgrade.grading.failures.records import read_failures
from expgrade.grading.failures.run import analyze_run
from expgrade.grading.failures.taxonomy import load_taxonomy


def _analyze(
    tmp_path: Path,
    steps: list | None,
    record_extra: dict | None = None,
    *,
    candidates: bool = True,
    **sub: object,
):
    """One failed run analysed; with the `candidate` detectors too unless told otherwise, since what
    these tests hold is what each detector finds (tests/test_failures_candidates.py: the default)."""
    subs = tmp_path / "subs"
    fs.write_submission(subs, "s1", steps, **sub)  # type: ignore[arg-type]
    run = fs.write_run(tmp_path / "run", subs, [fs.result("s1", **(record_extra or {}))])
    analysis = analyze_run(run, load_taxonomy(), candidates=candidates)
    assert not analysis.problems
    (record,) = read_failures(run) or []
    return record


def test_module_not_found_never_fixed_is_environment_setup_at_its_first_step(tmp_path: Path) -> None:
    record = _analyze(tmp_path, fs.module_never_fixed())
    assert (record.status, record.mode, record.step, record.source) == (
        "classified",
        "environment_setup",
        3,
        "detector",
    )
    assert "ModuleNotFoundError" in (record.evidence or "") and "never fixed" in (record.evidence or "")
    traceback = next(f for f in record.findings if f.detector == "traceback")
    assert traceback.steps == [3, 7]
    install = next(f for f in record.findings if f.detector == "install")
    assert (install.mode, install.step) == ("environment_setup", 5)
    assert "ModuleNotFoundError" in (record.step_text or "")


def test_a_traceback_fixed_three_steps_later_is_not_a_failure(tmp_path: Path) -> None:
    record = _analyze(tmp_path, fs.fixed_three_steps_later())
    assert not [f for f in record.findings if f.detector == "traceback"]
    assert record.mode != "code_error"
    # Nothing else went wrong in the run: without a judge it is said to be unexplained, not guessed.
    assert record.status == "not_assessed" and "no judge" in (record.not_assessed or "")


def test_the_same_traceback_left_unfixed_is_a_code_error(tmp_path: Path) -> None:
    steps = fs.fixed_three_steps_later()
    steps[6] = fs.out(fs.traceback("NameError", "name 'labels' is not defined", line=9), 1)
    record = _analyze(tmp_path, steps)
    assert (record.mode, record.step) == ("code_error", 3)


def test_a_step_limit_hit_names_the_harness_step(tmp_path: Path) -> None:
    record = _analyze(tmp_path, fs.step_limit_hit(), ended="LimitsExceeded")
    assert (record.mode, record.step) == ("out_of_budget", 6)
    assert "LimitsExceeded" in (record.evidence or "")


def test_a_results_file_written_with_echo_is_unsupported_at_that_step(tmp_path: Path) -> None:
    record = _analyze(tmp_path, fs.echo_results())
    assert (record.mode, record.step, record.source) == ("results_unsupported", 4, "detector")
    assert "results.json" in (record.evidence or "")


def test_a_heredoc_results_file_is_hand_written_too(tmp_path: Path) -> None:
    steps = fs.echo_results()
    steps[3] = fs.call('cat > eval_results.json <<EOF\n{"accuracy": 0.93}\nEOF')
    record = _analyze(tmp_path, steps)
    assert (record.mode, record.step) == ("results_unsupported", 4)


def test_a_sandbox_fault_is_infrastructure_whatever_else_the_run_shows(tmp_path: Path) -> None:
    execution = {"status": "sandbox_error", "reason": "the Docker daemon stopped answering"}
    record = _analyze(tmp_path, fs.module_never_fixed(), {"execution": execution, "passed": None})
    assert (record.status, record.mode, record.source) == ("classified", "infrastructure", "detector")
    assert "Docker daemon" in (record.evidence or "")
    # The agent's own unfixed import is kept as evidence, but does not name the run.
    assert any(f.mode == "environment_setup" for f in record.findings)


def test_no_trajectory_gets_only_the_modes_that_need_none(tmp_path: Path) -> None:
    limited = _analyze(tmp_path / "a", None, ended="message limit")
    assert (limited.status, limited.mode, limited.step, limited.n_steps) == (
        "classified",
        "out_of_budget",
        None,
        None,
    )
    assert "no trajectory.jsonl" in (limited.not_assessed or "")
    nothing = _analyze(tmp_path / "b", None)
    assert (nothing.status, nothing.mode) == ("not_assessed", None)
    assert "limits, claim support and re-execution" in (nothing.not_assessed or "")


def test_claims_the_run_does_not_support_are_results_unsupported(tmp_path: Path) -> None:
    claims = [
        {
            "text": "accuracy 0.93",
            "value": 0.93,
            "metric": "accuracy",
            "support": "unsupported",
            "step": None,
            "kind": "number",
            "source": "conclusion",
            "why": "no step printed it",
        },
        {
            "text": "loss 2.30",
            "value": 2.3,
            "metric": "loss",
            "support": "transcript",
            "step": 3,
            "kind": "number",
            "source": "conclusion",
            "why": "step 3 printed it",
        },
    ]
    record = _analyze(tmp_path, None, {"claims": claims})
    assert (record.mode, record.source) == ("results_unsupported", "detector")
    assert "accuracy 0.93" in (record.evidence or "") and "loss" not in (record.evidence or "")


def test_a_passing_run_gets_no_failure_verdict(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    fs.write_submission(subs, "ok", fs.fixed_three_steps_later())
    fs.write_submission(subs, "bad", fs.echo_results())
    run = fs.write_run(tmp_path / "run", subs, [fs.result("ok", passed=True), fs.result("bad")])
    analyze_run(run, load_taxonomy())
    assert [r.submission_id for r in read_failures(run) or []] == ["bad"]


def test_exp_bench_monitor_checks_read_paper_git_history_and_mock_data(tmp_path: Path) -> None:
    steps = [
        fs.task_msg(),
        fs.call("git log -p -- results/"),
        fs.out("commit 1a2b3c\n+accuracy 0.93\n", 0),
        fs.call("pdftotext paper.pdf - | grep accuracy"),
        fs.out("Table 2: accuracy 0.93\n", 0),
        fs.call("python make_mock_data.py --out dummy_data.csv && python train.py --data dummy_data.csv"),
        fs.out("test accuracy: 0.93\n", 0),
    ]
    record = _analyze(tmp_path, steps)
    found = {(f.detector, f.step) for f in record.findings}
    assert {("git_history", 2), ("read_paper", 4), ("mock_data", 6)} <= found
    assert (record.mode, record.step) == ("results_unsupported", 2)


def test_a_failing_command_repeated_is_cited_at_every_step(tmp_path: Path) -> None:
    steps = [fs.task_msg()]
    for _ in range(3):
        steps += [fs.call("make train"), fs.out("make: *** [train] Error 2\n", 2)]
    record = _analyze(tmp_path, steps)
    repeated = next(f for f in record.findings if f.detector == "repeated")
    assert (repeated.mode, repeated.steps) == ("code_error", [3, 5, 7])


def test_cuda_out_of_memory_never_fixed_is_environment(tmp_path: Path) -> None:
    steps = [
        fs.task_msg(),
        fs.call("python train.py --batch-size 4096"),
        fs.out(
            fs.traceback("torch.cuda.OutOfMemoryError", "CUDA out of memory. Tried to allocate 2.00 GiB"), 1
        ),
    ]
    record = _analyze(tmp_path, steps)
    assert (record.mode, record.step) == ("environment_setup", 3)
    assert "OutOfMemoryError" in (record.evidence or "")


def test_a_torn_trajectory_is_named_not_half_read(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    folder = fs.write_submission(subs, "s1", fs.module_never_fixed())
    (folder / "trajectory.jsonl").write_text('{"index": 1, "kind": "thought"}\n', encoding="utf-8")
    run = fs.write_run(tmp_path / "run", subs, [fs.result("s1")])
    analysis = analyze_run(run, load_taxonomy())
    assert analysis.problems and "trajectory.jsonl" in analysis.problems[0] and "kind" in analysis.problems[0]
    assert read_failures(run) == []


def test_taxonomy_extends_replaces_and_refuses(tmp_path: Path) -> None:
    shipped = load_taxonomy()
    assert shipped.ref.startswith("failure-taxonomy@1.0.0#")
    extended = tmp_path / "ext.yaml"
    extended.write_text(
        "id: my-taxonomy\nversion: '1'\ntitle: mine\nextends: failure-taxonomy\n"
        "modes:\n  - {id: data_leak, title: Data leak, description: test data used in training}\n",
        encoding="utf-8",
    )
    mine = load_taxonomy(extended)
    assert mine.ids == [*shipped.ids, "data_leak"] and mine.digest != shipped.digest
    unknown = tmp_path / "bad.yaml"
    unknown.write_text(
        json.dumps(
            {
                "id": "x",
                "version": "1",
                "title": "x",
                "modes": [{"id": "a", "title": "a", "description": "a", "colour": 1}],
            }
        ),
        encoding="utf-8",
    )
    with pytest.raises(UserError, match="colour"):
        load_taxonomy(unknown)
    short = tmp_path / "short.yaml"
    short.write_text(
        json.dumps(
            {
                "id": "x",
                "version": "1",
                "title": "x",
                "modes": [{"id": "a", "title": "a", "description": "a"}],
            }
        ),
        encoding="utf-8",
    )
    with pytest.raises(UserError, match="environment_setup"):
        load_taxonomy(short)


def test_the_judge_rubric_follows_the_taxonomy(tmp_path: Path) -> None:
    from expgrade.grading.failures.judge import failure_rubric
    from expgrade.grading.judge.rubrics import load_rubric

    assert (
        failure_rubric(load_taxonomy(), tmp_path) == "failure-mode"
    )  # the shipped rubric is the shipped taxonomy's
    extended = tmp_path / "ext.yaml"
    extended.write_text(
        "id: mine\nversion: '2'\ntitle: mine\nextends: failure-taxonomy\n"
        "modes:\n  - {id: data_leak, title: Data leak, description: test data used in training}\n",
        encoding="utf-8",
    )
    rubric = load_rubric(failure_rubric(load_taxonomy(extended), tmp_path / "failures"))
    assert rubric.verdict.labels[-1] == "data_leak" and "+mine.2." in rubric.version and rubric.cites_step


def test_instructions_that_mention_a_time_limit_are_no_limit_hit(tmp_path: Path) -> None:
    """PaperBench's harness log repeats the task's instructions inside the run's log; a line
    saying when to stop is no limit reached. Lines from benchflow-ai/paperbench@d0db04bc
    `project/paperbench/runs/2025-04-09T10-52-42-UTC_run-group_aisi-basic-agent-llama4-dev/`
    (its `logs/run.log`, imported with `import paperbench`), step 1 of the labelled run
    `paperbench-llama4` (bench/failures_labelled/, dev split)."""
    log = "\n".join(
        [
            "+ conda run -n agent --no-capture-output python start.py",
            "│    submit your first working solution. Keep working until the time limit     │",
            "│    require using the full time limit.                                        │",
            "│ core contributions of the paper, and so are out of scope. This is the case   │",
            "│ month with TPUs. Retraining an agent of this level can incur a cost          │",
            "│ stop working when the time limit has been reached.                           │",
        ]
    )
    steps = [{"kind": "message", "actor": "harness", "role": "user", "text": log}]
    record = _analyze(tmp_path / "a", steps, ended="completed", conclusion=None)
    assert not [f for f in record.findings if f.detector == "limit"]
    # The same log with the harness's own report of the limit it hit does fire, at that step.
    steps.append(
        {"kind": "error", "actor": "harness", "text": "Time limit reached: the agent ran out of time"}
    )
    hit = _analyze(tmp_path / "b", steps, ended="completed", conclusion=None)
    (limit,) = [f for f in hit.findings if f.detector == "limit"]
    assert (limit.mode, limit.step) == ("out_of_budget", 2)
