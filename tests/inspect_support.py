"""A tiny real Inspect AI eval: the source of every Inspect log the tests read.

The agent is Inspect's own `basic_agent` with its `bash` tool in Inspect's `local` sandbox; the
model is `mockllm`, scripted to do what a coding agent does: edit a file of the demo task's
repo, look at `git diff`, and submit an answer. Running it writes a genuine `.eval` (or
`.json`) log through Inspect's own recorder, so the importer is tested on what Inspect writes,
not on an imitation. `python tests/inspect_support.py DIR` writes one for a look.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    GenerateConfig,
    ModelOutput,
    ModelUsage,
    get_model,
)
from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState, basic_agent
from inspect_ai.tool import ToolChoice, ToolInfo, bash
from inspect_ai.util import sandbox

REPO = Path(__file__).resolve().parents[1] / "examples" / "demo" / "repo"
ADAM_TASK = "demo/tiny-digits/adam"
SWEEP_TASK = "demo/tiny-digits/lr-sweep"
ANSWER = "Adam reaches 94.4% test accuracy with a final loss of 0.0331. [@@script verdict=pass@@]"
SWEEP_ANSWER = "lr 0.05 gives the lowest final loss. [@@script verdict=pass@@]"

ADAM = """    # @@script verdict=pass@@
    state["t"] += 1
    state["m"] = b1 * state["m"] + (1 - b1) * g
    state["v"] = b2 * state["v"] + (1 - b2) * g * g
    m_hat = state["m"] / (1 - b1 ** state["t"])
    v_hat = state["v"] / (1 - b2 ** state["t"])
    return w - lr * m_hat / (np.sqrt(v_hat) + eps)
"""
EDIT = (
    "python3 - <<'PY'\nimport pathlib\np = pathlib.Path('optim.py')\n"
    "p.write_text(p.read_text().replace(\n"
    "    '    raise NotImplementedError(\"masked: implement the Adam update\")\\n',\n"
    f"    {ADAM!r}))\nPY"
)


def agent_script(answer: str = ANSWER, sweep_answer: str = SWEEP_ANSWER) -> Callable[..., ModelOutput]:
    """The mockllm agent: its next move from how many moves it has made in this sample so far."""

    def move(
        messages: list[ChatMessage], tools: list[ToolInfo], tool_choice: ToolChoice, config: GenerateConfig
    ) -> ModelOutput:
        turn = sum(isinstance(m, ChatMessageAssistant) for m in messages)
        edits = "Implement the Adam update" in str(messages[1].content if len(messages) > 1 else "")
        steps: list[tuple[str, dict[str, Any]]] = (
            [("bash", {"command": EDIT}), ("bash", {"command": "git diff"}), ("submit", {"answer": answer})]
            if edits
            else [("bash", {"command": "ls"}), ("submit", {"answer": sweep_answer})]
        )
        name, args = steps[min(turn, len(steps) - 1)]
        out = ModelOutput.for_tool_call("mockllm/model", name, args, content=f"step {turn + 1}: {name}")
        # Given usage, mockllm does not count tokens with tiktoken (which downloads its tables).
        n = 10 * len(messages)
        out.usage = ModelUsage(input_tokens=n, output_tokens=20, total_tokens=n + 20)
        return out

    return move


@scorer(metrics=[])
def final_diff() -> Scorer:
    """Records the sandbox's final changes as inspect_evals' SWE-bench scorer does (`model_patch`)."""

    async def score(state: TaskState, target: Target) -> Score:
        diff = await sandbox().exec(["git", "diff"])
        return Score(value=0.0, metadata={"model_patch": diff.stdout})

    return score


def tiny_task(scorer: Scorer | None = None, epochs: int = 2) -> Task:
    files = {p.name: p.read_text() for p in sorted(REPO.glob("*.py"))}
    setup = "git init -q . && git add -A"
    return Task(
        dataset=[
            Sample(
                id="adam",
                input="Implement the Adam update (adam_step in optim.py).",
                metadata={"task_id": ADAM_TASK},
                files=files,
                setup=setup,
            ),
            Sample(
                id="sweep",
                input="How does Adam's learning rate affect the final loss?",
                metadata={"task_id": SWEEP_TASK},
                files=files,
                setup=setup,
            ),
        ],
        solver=basic_agent(tools=[bash(timeout=60)], message_limit=20),
        scorer=scorer,
        sandbox="local",
        epochs=epochs,
        name="tiny_adam",
    )


def run_tiny_eval(
    log_dir: Path,
    *,
    log_format: Literal["eval", "json"] = "eval",
    scorer: Scorer | None = None,
    epochs: int = 2,
    sweep_answer: str = SWEEP_ANSWER,
) -> Path:
    """Run the tiny eval and return the path of the log it wrote."""
    model = get_model("mockllm/model", custom_outputs=agent_script(sweep_answer=sweep_answer))
    [log] = eval(
        tiny_task(scorer, epochs),
        model=model,
        log_dir=str(log_dir),
        log_format=log_format,
        display="none",
        max_samples=2,
    )
    assert log.status == "success", log.error.message if log.error else log.status
    return Path(log.location)


if __name__ == "__main__":
    print(run_tiny_eval(Path(sys.argv[1]), log_format="json" if "--json" in sys.argv else "eval"))


def run_tiny_eval_set(log_dir: Path) -> Path:
    """Run the tiny eval as `inspect eval-set` does; the folder holds Inspect's `eval-set.json`
    and `logs.json` beside the log."""
    from inspect_ai import eval_set

    model = get_model("mockllm/model", custom_outputs=agent_script())
    success, _ = eval_set(
        tiny_task(epochs=1), log_dir=str(log_dir), model=model, display="none", max_samples=2
    )
    assert success
    return log_dir


_KILLED_EVAL = """
import sys
import anyio
sys.path.insert(0, sys.argv[2])
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from inspect_ai.solver import chain, solver, generate
from inspect_support import ADAM_TASK, SWEEP_TASK, ANSWER

def answer(*args):
    out = ModelOutput.from_content("mockllm/model", ANSWER)
    out.usage = ModelUsage(input_tokens=10, output_tokens=20, total_tokens=30)
    return out

@solver
def stall():
    async def solve(state, generate):
        if state.sample_id == "sweep":
            await anyio.sleep(3600)  # never finishes: the process is killed first
        return state
    return solve

task = Task(
    dataset=[
        Sample(id="adam", input="Implement the Adam update.", metadata={"task_id": ADAM_TASK}),
        Sample(id="sweep", input="How does the learning rate matter?", metadata={"task_id": SWEEP_TASK}),
    ],
    solver=chain(stall(), generate()),
    name="killed",
)
eval(task, model=get_model("mockllm/model", custom_outputs=answer), log_dir=sys.argv[1],
     display="none", log_buffer=1, max_samples=2)
"""


def killed_eval_log(log_dir: Path, timeout_s: float = 300) -> Path:
    """An `.eval` log of an eval killed (SIGKILL) mid-run: status `started`, one of two samples
    finished and flushed to the log by Inspect (`log_buffer=1`), the other never."""
    import signal
    import subprocess
    import time
    import zipfile

    proc = subprocess.Popen(
        [sys.executable, "-c", _KILLED_EVAL, str(log_dir), str(Path(__file__).parent)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + timeout_s
    try:
        while time.monotonic() < deadline:
            logs = list(log_dir.glob("*.eval"))
            try:
                names = zipfile.ZipFile(logs[0]).namelist() if logs else []
            except (zipfile.BadZipFile, OSError):
                names = []  # Inspect is rewriting it
            if "samples/adam_epoch_1.json" in names:
                return logs[0]
            if proc.poll() is not None:
                raise AssertionError(
                    f"the eval ended before it was killed: {proc.stderr.read() if proc.stderr else ''}"
                )
            time.sleep(0.5)
        raise AssertionError("the first sample never reached the log")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
