"""SWE-bench prediction files: `{"instance_id", "model_name_or_path", "model_patch"}` per prediction.

The SWE-bench harness (`swebench.harness.run_evaluation --predictions_path`) reads JSONL (one
prediction a line) or JSON (a list of predictions, or an object keyed by instance id, as
mini-swe-agent's `preds.json`). The instance id is the task id; the model name is both agent
and model (a prediction file names nothing else; `--agent`/`--agent-model` say better). An
empty or null `model_patch` (the harness writes `pred["model_patch"] or ""` and reports both as
"empty patch") is an attempt that changed nothing: it is kept, with no patch, and counted as
ended `empty patch`.

The harness keeps one prediction per instance (`{pred["instance_id"]: pred ...}`). A prediction
repeated exactly, in one file or across files (`preds.json` and `preds.jsonl` of one run side by
side), is therefore imported once and the repeat reported. Distinct predictions for one task
from one model become attempts 1, 2, … in file order, and a file holding such is reported,
since the harness itself would grade only its last.

A folder is read for its prediction files only: evaluation reports and the like beside them
are named as skipped (`sniff.py`). A run's trajectories are joined to their predictions by
instance id (`trajectories.py`): each prediction's submission gets the steps of the SWE-agent
`<id>.traj`, mini-swe-agent `<id>.traj.json` or AutoCodeRover `<id>_<time>/conversation_round_N.json`
found under the predictions file's folder.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

from expgrade.grading.harness_importers.common import Harness, HarnessOptions, Notice
from expgrade.grading.harness_importers.mapping import Context, FieldMap
from expgrade.grading.harness_importers.presets import Preset, json_records, records_through
from expgrade.grading.harness_importers.sniff import is_record_file
from expgrade.grading.harness_importers.trajectories import join, trajectories_beside
from expgrade.grading.harness_importers.writer import HarnessRecord


def _ended(value: object, ctx: Context) -> str:
    return "completed" if ctx.record.get("model_patch") else "empty patch"


PREDICTIONS = Preset(
    harness="swebench-predictions",
    generation="",
    describe="SWE-bench predictions (instance_id, model_name_or_path, model_patch)",
    fields=FieldMap(
        id="instance_id|@key",
        agent="model_name_or_path",
        model="model_name_or_path",
        patch="model_patch",
    ),
    signature=("model_patch|model_name_or_path", "instance_id|@key", "!history", "!test_result"),
    required=("model_patch",),
    ended=_ended,
)
PRESETS = (PREDICTIONS,)


def load(path: Path, options: HarnessOptions) -> Iterator[HarnessRecord | Notice]:
    patches: dict[tuple[str, str], set[str]] = defaultdict(set)
    id_spec = FieldMap(id=PREDICTIONS.fields.id)
    found = trajectories_beside(path)
    joined = 0
    empty: list[str] = []
    for item in records_through(PRESETS, json_records(path, PREDICTIONS.fields, id_spec), path, options):
        if isinstance(item, HarnessRecord):
            patches[(item.task_id, item.agent_model)].add(item.patch or "")
            if (traj := found.get(item.task_id)) is not None:
                if join(item, traj, path.parent):
                    empty.append(item.task_id)
                joined += 1
        elif item.info:
            continue  # one generation: no "read as" note
        yield item
    where = path.parent.name or path.parent
    if found and len(empty) < joined:
        yield Notice(
            f"{joined - len(empty)} prediction(s) joined to their trajectory by instance id"
            f" ({len(found)} trajectory file(s) found under {where})",
            info=True,
        )
    if empty:
        yield Notice(
            f"{len(empty)} of the {joined} trajectories joined under {where} are empty (0 messages or"
            f" steps: the run recorded none there), imported with no steps: {', '.join(empty[:5])}"
            f"{f' and {len(empty) - 5} more' if len(empty) > 5 else ''}"
        )
    several = sorted(task for (task, _), found in patches.items() if len(found) > 1)
    if several:
        yield Notice(
            f"{len(several)} instance(s) have several distinct predictions, imported as attempts 1, 2, …"
            f" (the SWE-bench harness would grade only the last): {', '.join(several[:5])}"
        )


HARNESS = Harness(
    name="swebench-predictions",
    patterns=("*.jsonl", "*.json", "*.jsonl.gz", "*.json.gz"),
    load=load,
    accepts=is_record_file,
    presets=PRESETS,
)
