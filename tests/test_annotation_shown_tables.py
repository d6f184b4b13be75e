"""Tables drawn on a canvas hide their text from a page search, so the Results tab of a
conclusion item is checked in the dataframe the page was given (Streamlit's AppTest, the real
script and a real SQLite store): the agent's experiment and metric names, and its values,
reach it with the agent's, the model's and the folder's names masked however they are spelt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from annotation_support import REPO, make_run
from streamlit.testing.v1 import AppTest

from expgrade.annotation_app.loaders import load_run
from expgrade.annotation_app.store import Store

SCRIPT = str(REPO / "annotation_app" / "app.py")
#: agentA's results as its code wrote them: its names in keys and values, spelt its own way
RESULTS = {
    "AGENTA sweep": {"final_loss AgentA_Model": 0.31, "run": "agenta-t0 seed 1"},
    "main": {"accuracy": 0.805},
}


def test_the_results_table_is_given_masked_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = make_run(tmp_path / "run", n_tasks=1, agents=("agentA",))
    results = run / "results.jsonl"
    record = json.loads(results.read_text())
    record["subtasks"]["execution"]["measured_results"] = RESULTS
    results.write_text(json.dumps(record) + "\n")
    db = str(tmp_path / "annotate.db")
    monkeypatch.setenv("EXPGRADE_ANNOTATE_DB", db)
    monkeypatch.delenv("EXPGRADE_TRUSTED_HEADER", raising=False)
    store = Store.open(db)
    specs = [s for s in load_run(run) if s.subtask == "conclusion"]
    store.load("demo", 1, specs, active_queue=False)
    at = AppTest.from_file(SCRIPT, default_timeout=60).run()
    at.text_input[0].input(store.add_user("ann"))
    at.button[0].click().run()
    item = next(i for i in store.items("demo"))
    at.session_state[f"item{item.id}_tabs"] = "Results"  # what a click on the tab sets
    at.run()
    assert not at.exception, at.exception
    tables = [d.value for d in at.dataframe if "experiment" in d.value.columns]
    assert len(tables) == 1, [d.value.columns for d in at.dataframe]
    shown = tables[0].astype(str).to_csv(index=False)
    assert "0.31" in shown and "sweep" in shown and "final_loss" in shown  # the table is there
    assert "agenta" not in shown.casefold(), shown
    assert set(tables[0]["experiment"]) == {"[agent] sweep", "main"}
    assert "final_loss [model]" in set(tables[0]["metric"])
    assert "[submission] seed 1" in set(tables[0]["measured"])
