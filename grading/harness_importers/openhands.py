"""OpenHands (and OpenDevin) evaluation output (`output.jsonl`): one `EvalOutput` a line, as presets.

OpenHands has published its evaluation output in several shapes; each record is read through
the preset of the one it is (`presets.Preset`: where its fields are, and what only its records
hold), and the import summary names which (a note per file):

- **V1 SDK** (OpenHands/benchmarks `benchmarks/utils/models.py`, the software-agent-sdk):
  `metadata.llm.model`, `metadata.agent_type`, `history` of SDK events with a `kind`; the
  answer is the last `FinishAction`'s `message`.
- **V0** (OpenHands `evaluation/utils/shared.py`): `metadata.agent_class`,
  `metadata.llm_config.model`, `test_result.git_patch`, `history` of `action`/`observation`
  events (or `[action, observation]` pairs); the answer is the last `finish` action's
  `final_thought` (older: `thought`), else the agent's last message.
- **V0, 2024** (OpenHands `evaluation/benchmarks/swe_bench/examples/example_agent_output.jsonl`):
  the patch at the top (`git_patch`), `swe_instance`, `metadata.model_name`.
- **OpenDevin, 2024** (OpenDevin's non-SWE-bench benchmarks, e.g.
  `evaluation/logic_reasoning/run_infer.py`): keyed `id`, no `metadata` in the record (the run's
  `metadata.json` says `Agent class` and `Model name`), the answer in `final_message`.

A record without `metadata` (a timed-out or failed instance) takes agent and model from the
run's `metadata.json` beside the file; only without it do they fall back to defaults, and that
is reported. How each run ended is read from `error` (`ended`). The harness's own result of a
record (`report`: SWE-bench's `resolved`, `failed_apply_patch`; `test_result.result`) is kept
under `extra.result`; every other field the mapping does not read under `extra.harness`.

Output of the OpenHands resolver (`issue`, `issue_type`, `success`, …, one GitHub issue a line)
is not an evaluation run and is refused as such. In a run folder only `output.jsonl` files are
read: the folder also holds `output.swebench.jsonl`, `output.swebench_eval.jsonl`,
`output.critic_attempt_N.jsonl` and `maximum_retries_exceeded.jsonl`, which are not the run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from expgrade.grading.harness_importers.mapping import FINDERS, Context, FieldMap, Finder
from expgrade.grading.harness_importers.presets import Preset, mapped_harness


def ended(error: object, ctx: Context | None = None) -> str:
    """How an instance's run ended, from the `error` OpenHands' evaluation code writes."""
    if not isinstance(error, str) or not error.strip():
        return "completed"
    if error.startswith("Timeout after"):
        return "timeout"
    if error.startswith("Maximum retries ("):
        return "error (retries exhausted)"
    return "agent error"


def _sdk_agent(value: Any) -> tuple[str, str] | None:
    """The V1 SDK runs name no agent class: `openhands-sdk`, or `openhands-sdk-<agent_type>`."""
    if not isinstance(value, str) or not value:
        return None
    return ("openhands-sdk" if value == "default" else f"openhands-sdk-{value}"), "{path}"


FINDERS["openhands_sdk_agent"] = Finder(
    _sdk_agent, "openhands-sdk[-<agent_type>] from an SDK run's agent_type"
)

# What every generation may call a field: the presets differ in how they are recognised and
# name the agent, not in where they look (a record of one generation with a field named as
# another's names it still imports the same).
_ID = "instance_id|id"
_MODEL = (
    "|".join(
        f"{root}{path}"
        for root in ("metadata.", "metadata.json:")
        for path in ("llm.model", "llm_config.model", "model_name")
    )
    + "|metadata.json:Model name"
)
_AGENT = "metadata.agent_class|metadata.json:agent_class|metadata.json:Agent class"
_PATCH = "test_result.git_patch|git_patch"
_CONCLUSION = "final_message|finish(history)"
_RESULT = "report|test_result.report|test_result.result"
_ERROR = "error"

RESOLVER = Preset(
    harness="openhands",
    generation="resolver",
    describe="OpenHands resolver output",
    fields=FieldMap(id="issue.number"),
    signature=("issue", "issue_type", "!instance_id"),
    refuse=(
        "this is OpenHands resolver output (one GitHub issue or PR a line: issue, issue_type,"
        " success, …), not an evaluation run; import an evaluation's output.jsonl"
        " (instance_id, test_result, history)"
    ),
)
SDK = Preset(
    harness="openhands",
    generation="V1 SDK",
    describe="OpenHands V1 SDK (OpenHands/benchmarks EvalOutput: metadata.llm, SDK events)",
    fields=FieldMap(
        id=_ID,
        agent="openhands_sdk_agent(metadata.agent_type)|openhands_sdk_agent(metadata.json:agent_type)",
        model=_MODEL,
        attempt="attempt",
        patch=_PATCH,
        conclusion=_CONCLUSION,
        log="history",
        ended=_ERROR,
        result=_RESULT,
    ),
    signature=(_ID, "metadata.llm|history[*].kind|history[*][*].kind|metadata.json:llm"),
    defaults={"agent": "openhands-sdk"},
    ended=ended,
    ended_step=True,
)
V0_2024 = Preset(
    harness="openhands",
    generation="V0, 2024",
    describe="OpenHands V0, 2024 (top-level git_patch, swe_instance, metadata.model_name,"
    " [action, observation] pairs)",
    fields=FieldMap(
        id=_ID,
        agent=_AGENT,
        model=_MODEL,
        patch="git_patch|test_result.git_patch",
        conclusion=_CONCLUSION,
        log="history",
        ended=_ERROR,
        result=_RESULT,
    ),
    signature=(_ID, "git_patch|swe_instance|metadata.model_name|metadata.json:model_name"),
    defaults={"agent": "openhands"},
    ended=ended,
    ended_step=True,
)
OPENDEVIN_2024 = Preset(
    harness="openhands",
    generation="OpenDevin 2024",
    describe="OpenDevin, 2024 (keyed id, history pairs, final_message; agent and model in metadata.json)",
    fields=FieldMap(
        id="id|instance_id|instance.id",
        agent=_AGENT,
        model=_MODEL,
        patch=_PATCH,
        conclusion=_CONCLUSION,
        log="history",
        ended=_ERROR,
        result="test_result.result|test_result|report",
    ),
    signature=("id", "!instance_id", "history|final_message|test_result"),
    defaults={"agent": "openhands"},
    ended=ended,
    ended_step=True,
)
V0 = Preset(
    harness="openhands",
    generation="V0",
    describe="OpenHands V0 (evaluation/utils/shared.py EvalOutput: metadata.llm_config,"
    " action/observation events)",
    fields=FieldMap(
        id=_ID,
        agent=_AGENT,
        model=_MODEL,
        patch=_PATCH,
        conclusion=_CONCLUSION,
        log="history",
        ended=_ERROR,
        result=_RESULT,
    ),
    signature=(_ID, "history|test_result|metadata"),
    defaults={"agent": "openhands"},
    ended=ended,
    ended_step=True,
)
#: In the order a record is tried; V0 last, as the fallback.
PRESETS = (RESOLVER, SDK, V0_2024, OPENDEVIN_2024, V0)


def is_run_output(path: Path) -> bool:
    """A run folder's own output, not a file derived from it (`output.swebench.jsonl`, …)."""
    return path.name in ("output.jsonl", "output.jsonl.gz")


HARNESS = mapped_harness(
    "openhands", PRESETS, patterns=("output.jsonl", "output.jsonl.gz"), accepts=is_run_output
)
