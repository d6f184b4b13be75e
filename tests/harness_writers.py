"""Harness output written the way the harnesses' own writers write it, for the importer tests.

OpenHands cannot be installed here (it pulls a runtime and docker images), so its writers are
followed statement by statement from `evaluation/utils/shared.py` at All-Hands-AI/OpenHands
156d0686c46aafb0fa9d291da6421fb6f64dddc0: the pydantic models `EvalMetadata` and `EvalOutput`
with their fields in upstream order, dumped with `model_dump_json()` as `update_progress` and
`make_metadata` do, the timeout and retries-exhausted records `_process_instance_wrapper` and
`log_skipped_maximum_retries_exceeded` build, and `convert_oh_output_to_swe_json.py`'s
`output.swebench.jsonl` (pandas `to_json(lines=True, orient="records")`, as upstream).

PaperBench's run layout and tarball follow openai/preparedness
51052cede8cc608f95bb00346635e03759013e5a (`paperbench/utils.py` `create_run_id`,
`create_run_dir`, `build_canonical_sub_path`, `get_timestamp`; `infra/alcatraz.py`
`upload_sources`: `cp -rp /home/submission /home/logs <tmp>` then `tar -czf … -C <tmp> .`).
SWE-bench predictions follow SWE-bench/SWE-bench 7a21e05772954cc81471ae19d56f436cecf43c54
(`harness/utils.py` `get_predictions_from_file`).
"""

from __future__ import annotations

import json
import subprocess
import time
import uuid
from pathlib import Path
from typing import Any

import pandas as pd
from pydantic import BaseModel, SecretStr

PATCH = (
    "diff --git a/astropy/modeling/separable.py b/astropy/modeling/separable.py\n"
    "--- a/astropy/modeling/separable.py\n+++ b/astropy/modeling/separable.py\n"
    "@@ -242,7 +242,7 @@ def _cstack(left, right):\n"
    "-        cright[-right.shape[0]:, -right.shape[1]:] = 1\n"
    "+        cright[-right.shape[0]:, -right.shape[1]:] = right\n"
)
MODEL = "anthropic/claude-3-5-sonnet-20241022"


class LLMConfig(BaseModel):
    """The fields of `openhands.core.config.LLMConfig` the evaluation output carries first."""

    model: str = "claude-3-5-sonnet-20241022"
    api_key: SecretStr | None = None
    base_url: str | None = None
    num_retries: int = 5
    temperature: float = 0.0
    max_output_tokens: int | None = None


class EvalMetadata(BaseModel):
    agent_class: str
    llm_config: LLMConfig
    agent_config: dict[str, Any] | None = None
    max_iterations: int
    eval_output_dir: str
    start_time: str
    git_commit: str
    dataset: str | None = None
    data_split: str | None = None
    details: dict[str, Any] | None = None
    condenser_config: dict[str, Any] | None = None
    instruction_template_name: str | None = None


class EvalOutput(BaseModel):
    instance_id: str
    test_result: dict[str, Any]
    instruction: str | None = None
    metadata: EvalMetadata | None = None
    history: list[dict[str, Any]] | list[tuple[dict[str, Any], dict[str, Any]]] | None = None
    metrics: dict[str, Any] | None = None
    error: str | None = None
    instance: dict[str, Any] | None = None


def _history(thought: str) -> list[dict[str, Any]]:
    """Events as `event_to_dict` writes them: a user message, a command and its output, a finish."""
    user = {"content": "Fix it", "image_urls": None, "wait_for_response": False}
    run = {"command": "git diff", "is_input": False, "thought": "", "blocking": False}
    ran = {"command": "git diff", "exit_code": 0}
    return [
        {"id": 0, "timestamp": "2024-11-02T10:11:13", "source": "user", "message": "Fix it",
         "action": "message", "args": user},
        {"id": 1, "timestamp": "2024-11-02T10:11:20", "source": "agent", "message": "Running: git diff",
         "action": "run", "args": run},
        {"id": 2, "timestamp": "2024-11-02T10:11:21", "source": "agent", "message": "Command finished",
         "cause": 1, "observation": "run", "content": PATCH, "extras": ran},
        {"id": 3, "timestamp": "2024-11-02T10:11:30", "source": "agent", "message": thought,
         "action": "finish", "args": {"final_thought": thought, "outputs": {}, "thought": ""}},
    ]  # fmt: skip


def openhands_run(
    outputs: Path, *, agent_class: str = "CodeActAgent", metadata_json: bool = True
) -> tuple[Path, EvalMetadata]:
    """`make_metadata`: the run folder `<outputs>/<dataset>/<agent>/<model>_maxiter_<n>` and its
    `metadata.json`; returns the folder and the metadata the records carry."""
    llm = LLMConfig(model=MODEL, api_key=SecretStr("sk-secret"))
    model_path = llm.model.split("/")[-1].replace(":", "_").replace("@", "-")
    run = outputs / "princeton-nlp__SWE-bench_Lite-test" / agent_class / f"{model_path}_maxiter_100"
    (run / "logs").mkdir(parents=True)
    metadata = EvalMetadata(
        agent_class=agent_class,
        llm_config=llm,
        max_iterations=100,
        eval_output_dir=str(run),
        start_time=time.strftime("%Y-%m-%d %H:%M:%S"),
        git_commit="156d0686c46aafb0fa9d291da6421fb6f64dddc0",
        dataset="princeton-nlp__SWE-bench_Lite-test",
        data_split=None,
        details={},
        condenser_config={"type": "noop"},
    )
    if metadata_json:
        (run / "metadata.json").write_text(metadata.model_dump_json())
    return run, metadata


def finished(instance_id: str, metadata: EvalMetadata, *, error: str | None = None) -> EvalOutput:
    """`process_instance` of swe_bench/run_infer.py: `error=state.last_error` when the agent stopped."""
    thought = f"Fixed {instance_id}: the right operand's own separability matrix is used."
    return EvalOutput(
        instance_id=instance_id,
        instruction="<uploaded_files>\n/workspace/astropy__astropy__4.3\n</uploaded_files>\n...",
        instance={"instance_id": instance_id, "repo": "astropy/astropy"},
        test_result={"git_patch": PATCH},
        metadata=metadata,
        history=_history(thought),
        metrics={"accumulated_cost": 0.42},
        error=error,
    )


def timed_out(instance_id: str, seconds: int = 120) -> EvalOutput:
    """`_process_instance_wrapper` on `EvalTimeoutException`."""
    return EvalOutput(instance_id=instance_id, test_result={}, error=f"Timeout after {seconds} seconds")


def retries_exhausted(run: Path, instance_id: str, error: str, max_retries: int = 5) -> EvalOutput:
    """`log_skipped_maximum_retries_exceeded`: a line in maximum_retries_exceeded.jsonl, and the record."""
    with open(run / "maximum_retries_exceeded.jsonl", "a") as f:
        f.write(
            json.dumps(
                {"instance_id": instance_id, "error": error, "timestamp": time.strftime("%Y-%m-%d %H:%M:%S")}
            )
            + "\n"
        )
    return EvalOutput(
        instance_id=instance_id, test_result={}, error=f"Maximum retries ({max_retries}) reached: {error}"
    )


def write_outputs(run: Path, results: list[EvalOutput], *, killed_mid_record: bool = False) -> Path:
    """`update_progress`: `output_fp.write(result.model_dump_json() + '\\n')`, flushed per record.

    `killed_mid_record`: the process died while writing the last one (its buffer only half out).
    """
    path = run / "output.jsonl"
    with open(path, "w") as output_fp:
        for result in results:
            line = result.model_dump_json() + "\n"
            if killed_mid_record and result is results[-1]:
                line = line[: len(line) // 2]
            output_fp.write(line)
            output_fp.flush()
    return path


def convert_to_swebench(output_file: Path) -> Path:
    """convert_oh_output_to_swe_json.py: `output.swebench.jsonl` beside `output.jsonl`."""
    oh_format = pd.read_json(output_file, orient="records", lines=True)
    model_name = output_file.parent.name

    def row_to_swebench(row: pd.Series) -> dict[str, Any]:
        patch = row["test_result"].get("git_patch", "") if isinstance(row["test_result"], dict) else ""
        return {"instance_id": row["instance_id"], "model_patch": patch, "model_name_or_path": model_name}

    converted = oh_format.apply(row_to_swebench, axis=1)
    target = Path(str(output_file).replace(".jsonl", ".swebench.jsonl"))
    converted.to_json(target, lines=True, orient="records")
    return target


# --- SWE-bench -------------------------------------------------------------------------------


def swebench_predictions(folder: Path, predictions: list[dict[str, Any]]) -> tuple[Path, Path]:
    """One run's predictions in both shapes `get_predictions_from_file` reads, side by side:
    `preds.json` as SWE-agent writes it (an object keyed by instance id) and `preds.jsonl`."""
    folder.mkdir(parents=True, exist_ok=True)
    as_json = folder / "preds.json"
    as_json.write_text(json.dumps({p["instance_id"]: p for p in predictions}, indent=2))
    as_jsonl = folder / "preds.jsonl"
    as_jsonl.write_text("".join(json.dumps(p) + "\n" for p in predictions))
    return as_json, as_jsonl


# --- PaperBench ------------------------------------------------------------------------------


def paperbench_run(
    runs_dir: Path, paper_id: str, home: Path, *, snapshots: int = 2, run_group: str | None = None
) -> Path:
    """A PaperBench run folder with `snapshots` timestamped submissions of `home`'s
    `submission/` and `logs/`, each tarred as `upload_sources` does; returns the run folder."""
    group = run_group or time.strftime("%Y-%m-%dT%H-%M-%S-%Z", time.gmtime()) + "_run-group_aisi-basic-agent"
    run_dir = runs_dir / group / f"{paper_id}_{uuid.uuid4()}"
    for i in range(snapshots):
        timestamp = time.strftime("%Y-%m-%dT%H-%M-%S-%Z", time.gmtime(time.time() + 1800 * i))
        fpath = run_dir / "submissions" / timestamp / "submission.tar.gz"
        fpath.parent.mkdir(parents=True)
        tmp = runs_dir / "tmp" / "submissions" / timestamp
        tmp.mkdir(parents=True)
        for source in ("submission", "logs"):
            (home / source).mkdir(parents=True, exist_ok=True)
            subprocess.run(["cp", "-rp", str(home / source), str(tmp)], check=True)
        (tmp / "submission" / "snapshot.txt").write_text(f"snapshot {i}\n")
        subprocess.run(["tar", "-czf", str(fpath), "-C", str(tmp), "."], check=True)
    return run_dir


def paperbench_first_release_run(runs_dir: Path, paper_id: str, home: Path, *, agent_id: str) -> Path:
    """A run folder as PaperBench's first release writes it (openai/preparedness
    352ed048d510a2525aea658489b3839b4efc412b `paperbench/nano/eval.py`, `agents/run.py`,
    `infra/alcatraz.py`): `<run group>/<paper>_<uuid>/<timestamp>.tar.gz` (`upload_sources` into
    the run folder itself), a reproduction's `<timestamp>_repro.tar.gz`, `metadata.json` (the
    `AgentOutput`, `model_dump(mode="json")`), `status.json` (`upload_status`) and
    `pb_result.json` (`PaperBenchGrade.to_dict()`); the run group is
    `{get_timestamp()}_run-group_{solver.shortname()}`, the shortname the agent id."""
    group = "2025-04-02T10-00-00-UTC_run-group_" + agent_id
    run_id = f"{paper_id}_{uuid.uuid4()}"
    run_dir = runs_dir / group / run_id
    run_dir.mkdir(parents=True)
    start = 1743588000.0
    for i, timestamp in enumerate(("2025-04-02T10-00-05-UTC", "2025-04-02T10-30-05-UTC")):
        tmp = runs_dir / "tmp" / timestamp
        tmp.mkdir(parents=True)
        for source in ("submission", "logs"):
            (home / source).mkdir(parents=True, exist_ok=True)
            subprocess.run(["cp", "-rp", str(home / source), str(tmp)], check=True)
        (tmp / "submission" / "snapshot.txt").write_text(f"snapshot {i}\n")
        subprocess.run(["tar", "-czf", str(run_dir / f"{timestamp}.tar.gz"), "-C", str(tmp), "."], check=True)
    subprocess.run(
        [
            "cp",
            str(run_dir / "2025-04-02T10-30-05-UTC.tar.gz"),
            str(run_dir / "2025-04-02T10-30-05-UTC_repro.tar.gz"),
        ],
        check=True,
    )
    agent_output = {
        "run_id": run_id,
        "time_start": start,
        "time_end": start + 3600,
        "error_msg": None,
        "runtime_in_seconds": 3600.0,
        "status_exists": True,
        "skipped_rollout": False,
    }
    (run_dir / "metadata.json").write_text(json.dumps(agent_output, indent=4))
    status = {
        "status": "done",
        "created_at": int(start),
        "agent_finished_at": int(start + 3600),
        "last_updated": int(start + 3600),
    }
    (run_dir / "status.json").write_text(json.dumps(status, indent=4))
    grade = {
        "paperbench_result": {
            "paper_id": paper_id,
            "skipped_reproduction": False,
            "code_only": False,
            "agent_output": agent_output,
            "judge_output": None,
            "reproduction_output": None,
        },
        "score": 0.25,
        "grader_log": "Log file not found!",
    }
    (run_dir / "pb_result.json").write_text(json.dumps(grade, indent=2))
    return run_dir
