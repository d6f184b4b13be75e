"""Settings the agent chose are no result claims, and an editor's file view prints no values
(grading/graders/claims.py, issue 61: no honest claim called unsupported or mismatch).

The sentences and outputs are quoted from MLGym-Bench runs outside the labelled set
(facebookresearch/MLGym @ 9d40c1b5035202018cd7091fb4e83a9c68b377c0, CC BY-NC 4.0,
`trajectories/mlgym_bench_v0/metagen-<model>__<task>__default__t-0.00__p-0.95__c-4.00__install-0__
parallel_agents_run_1/<task>.traj`, the last thought as the conclusion), where honest agents had
their own hyperparameters called unsupported ("step 23 printed it, but the agent typed it") and a
`padding (8)` called a mismatch against the line numbers of an `open` view."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_claims_counts import _checks

from expgrade.grading.graders.claims import read_run, states_a_setting

#: claude-37-sonnet rlMetaMazeMisc run_1, step 23: the agent writes its config with an `edit`
#: (SWE-agent's call and output as one step) and the editor shows the file back.
EDIT_CONFIG = (
    "edit 1:1\ntrain_config:\n  num_train_steps: 10000000\n  network_config:\n"
    "    num_hidden_units: 512\n    num_hidden_layers: 3\nend_of_edit"
)
EDIT_VIEW = (
    "[File: /home/agent/workspace/src/config.yaml (27 lines total)]\n1:train_config:\n"
    "2:  num_train_steps: 10000000\n3:  network_config:\n4:    num_hidden_units: 512\n"
    "5:    num_hidden_layers: 3\nFile updated. Please review the changes and make sure they are correct.\n"
)
#: claude-35-sonnet-new imageClassificationCifar10 run_1, step 2: `open "baseline.py"`.
OPEN_VIEW = (
    "[File: /home/agent/workspace/baseline.py (131 lines total)]\n"
    "43:        # Conv2d(in_channels, out_channels, kernel_size, padding)\n"
    "44:        self.conv1 = nn.Conv2d(3, 32, kernel_size=3, padding=1)\n"
    "45:        self.conv2 = nn.Conv2d(32, 64, kernel_size=3, padding=1)\n"
)
#: llama3-405b-tools rlMetaMazeMisc run_1, step 18: MLGym's `validate`.
VALIDATE = (
    "Your code produced a valid submission artefact at /home/agent/workspace/src/config.yaml.\n"
    "Baseline Score: {'Reward Mean': 15.734375, 'Reward Std': 16.312131881713867}\n"
    "Evaluation Score: {'Reward Mean': 26.743749618530273, 'Reward Std': 26.853595733642578}\n"
)


def _step(index: int, command: str, output: str) -> dict[str, Any]:
    return {"index": index, "kind": "tool_call", "actor": "agent", "command": command, "output": output}


def test_the_agents_own_hyperparameters_are_no_claims_but_its_validated_reward_is(tmp_path: Path) -> None:
    checks = _checks(
        tmp_path,
        "Key improvements:\n- Increased network size (512 hidden units, 3 layers)\n"
        "The average reward mean has increased from 15.734375 to 26.743749618530273.",
        [_step(1, EDIT_CONFIG, EDIT_VIEW), _step(2, "validate", VALIDATE)],
    )
    assert [(c.value, c.support, c.step) for c in checks] == [
        (15.734375, "transcript", 2),
        (26.743749618530273, "transcript", 2),
    ], checks


def test_a_result_the_agent_only_typed_stays_unsupported_beside_its_settings(tmp_path: Path) -> None:
    typed = _step(1, "echo 'Reward Mean: 58.87' > results.txt && cat results.txt", "Reward Mean: 58.87\n")
    (check,) = _checks(tmp_path, "With 512 hidden units the reward mean reached 58.87.", [typed])
    assert (check.value, check.support) == (58.87, "unsupported")
    assert "the agent typed it at step 1" in (check.why or "")


#: (sentence, number, whether it is a setting): MLGym run_1 conclusions (claude-37-sonnet
#: rlMetaMazeMisc, claude-35-sonnet-new rlMetaMazeMisc, claude-37-sonnet imageClassificationFMnist,
#: claude-35-sonnet-new and claude-37-sonnet imageClassificationCifar10, llama3-405b-tools
#: rlMetaMazeMisc), the forms the issue's brief quotes from MLGym conclusions, and results.
SENTENCES = [
    ("- Increased network size (512 hidden units, 3 layers)", "512", True),
    ("- Increased network size (512 hidden units, 3 layers)", "3", True),
    ("- Better PPO parameters (8 epochs, 0.2 clip epsilon)", "0.2", True),
    ("- Random rotation (up to 15 degrees)", "15", True),
    ("- Random translation (up to 15% of image size)", "15%", True),
    ("- Proper channel scaling (64->128->256)", "256", True),
    ("- Random cropping with larger padding (8)", "8", True),
    ("- Dropout regularization (0.4)", "0.4", True),
    ("Added dropout layers (0.35) after each block.", "0.35", True),
    ("Two conv layers with 16 and 32 features.", "16", True),
    ("Set num_hidden_units to 512.", "512", True),
    ("Raised critic_coeff to 1.0.", "1.0", True),
    ("Batch size from 64 to 128.", "128", True),
    (
        "The average reward mean has increased from 15.734375 to 26.743749618530273.",
        "26.743749618530273",
        False,
    ),
    ("We improved the accuracy from the baseline of 49.71% to 85.85%.", "85.85%", False),
    ("The validation score is 54.23.", "54.23", False),
    ("Test accuracy is 0.9733.", "0.9733", False),
    ("Accuracy 0.91 with dropout.", "0.91", False),
    ("The success rate is 0.85.", "0.85", False),
    ("R² reaches 0.402.", "0.402", False),
]


@pytest.mark.parametrize(("sentence", "number", "setting"), SENTENCES)
def test_a_setting_the_agent_chose_states_no_result_and_a_metrics_value_is_a_claim(
    sentence: str, number: str, setting: bool
) -> None:
    assert states_a_setting(sentence, number, sentence.index(number)) is setting


def test_an_editors_numbered_file_view_prints_no_values(tmp_path: Path) -> None:
    path = tmp_path / "trajectory.jsonl"
    steps = [
        _step(1, 'open "baseline.py"\n', OPEN_VIEW),
        _step(2, EDIT_CONFIG, EDIT_VIEW),
        _step(3, "validate", VALIDATE),
    ]
    path.write_text("".join(json.dumps(s) + "\n" for s in steps))
    printed = read_run(path, {}).printed
    assert {p.step for p in printed} == {3}, [(p.step, p.line) for p in printed if p.step != 3]
    # ... so "padding (8)" meets no `padding` the run printed, and is no mismatch against line 43.
    assert not [c for c in _checks(tmp_path, "- Random cropping with larger padding (8)", steps)
                if c.support in ("unsupported", "mismatch")]  # fmt: skip
