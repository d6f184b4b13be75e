"""The admin page: progress, agreement (human–human and judge–human), items, export."""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path

import pandas as pd
import streamlit as st

from expgrade.annotation_app.dashboard import project_agreement
from expgrade.annotation_app.export import export_rows
from expgrade.annotation_app.render import visible
from expgrade.annotation_app.store import ItemRow, Store
from expgrade.grading.labels_io import write_label_rows

STATES = ["submitted", "open", "skipped", "expired"]


def progress_tables(states: list[dict[str, object]], overlap: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(per annotator, per subtask) progress from one row per assignment."""
    df = pd.DataFrame(states, columns=["item_id", "state", "flagged", "annotator", "subtask"])
    if df.empty:
        return pd.DataFrame(columns=[*STATES, "flagged"]), pd.DataFrame(columns=["labels", "complete items"])
    df["subtask"] = df["subtask"].fillna("(none)")
    done = df[df["state"] == "submitted"]
    per_annotator = pd.crosstab(df["annotator"], df["state"]).reindex(columns=STATES, fill_value=0)
    per_annotator["flagged"] = (
        done.groupby("annotator")["flagged"].sum().reindex(per_annotator.index, fill_value=0)
    )
    per_item = done.groupby(["subtask", "item_id"]).size()
    per_subtask = pd.DataFrame(
        {
            "labels": done.groupby("subtask").size(),
            "complete items": (per_item >= overlap).groupby(level=0).sum(),
        }
    )
    return per_annotator.astype(int), per_subtask.fillna(0).astype(int)


def _download(store: Store, project: str, suffix: str) -> bytes:
    """The gold file, read whole (content hashes, provenance) only when an admin asks for it."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"gold{suffix}"
        write_label_rows(path, export_rows(store, project))
        return path.read_bytes()


#: rows of the items table sent to the browser: a 100,000-row table took seconds to send and
#: draw, and nobody reads past the first screens without a filter
ADMIN_ROWS = 1_000


def items_table(items: list[ItemRow], counts: dict[int, tuple[int, bool]]) -> pd.DataFrame:
    """One row per item: its key, grouping, agent, labels so far and whether any is flagged."""
    table = pd.DataFrame(items, columns=list(ItemRow._fields))
    labels = pd.Series({i: n for i, (n, _) in counts.items()}, dtype=int)
    flagged = pd.Series({i: f for i, (_, f) in counts.items()}, dtype=bool)
    table["labels"] = table["id"].map(labels).fillna(0).astype(int)
    table["flagged"] = table["id"].map(flagged).fillna(False).astype(bool)
    return table[["item_key", "subtask", "criterion", "agent", "labels", "flagged"]].rename(
        columns={"item_key": "item"}
    )


def render(store: Store, project: str) -> None:
    proj = store.project(project)
    n_items = store.item_count(project)
    counts = store.label_counts(project)
    states = store.assignment_states(project)
    submitted = sum(n for n, _ in counts.values())
    per_annotator, per_subtask = progress_tables(states, proj.overlap)
    cols = st.columns(4)
    cols[0].metric("Items", n_items)
    cols[1].metric("Overlap K", proj.overlap)
    cols[2].metric("Labels", f"{submitted} / {n_items * proj.overlap}")
    cols[3].metric("Queue", "active" if proj.active_queue else "in order")

    st.subheader("Progress per annotator")
    st.dataframe(per_annotator, width="stretch")
    st.subheader("Progress per subtask")
    st.dataframe(per_subtask, width="stretch")

    st.subheader("Agreement")
    human_table, judge_table = project_agreement(store, project)
    st.caption("Between annotators (items with at least two human labels)")
    st.dataframe(human_table, hide_index=True, width="stretch")
    st.caption("Judges against the human majority")
    st.dataframe(judge_table, hide_index=True, width="stretch")

    st.subheader("Items")
    f1, f2, f3 = st.columns(3)
    subtasks = f1.multiselect("Subtask", store.item_subtasks(project), key="flt_subtask")
    state = f2.selectbox("Status", ["all", "complete", "incomplete", "flagged"], key="flt_state")
    needle = f3.text_input("Item contains", key="flt_text")
    found, total = store.find_items(
        project, limit=ADMIN_ROWS, subtasks=subtasks, status=state, contains=needle
    )
    if total > len(found):
        st.caption(f"The first {len(found):,} of {total:,} items; filter to see others.")
    shown = items_table(found, counts)
    shown = shown.assign(item=shown["item"].map(visible))
    st.dataframe(
        shown,
        hide_index=True,
        width="stretch",
        # the long item ids get the room; short columns stay narrow so none is cut off
        column_config={
            "item": st.column_config.TextColumn("item", width="large"),
            "labels": st.column_config.NumberColumn("labels", width="small"),
            "flagged": st.column_config.CheckboxColumn("flagged", width="small"),
        },
    )

    st.subheader("Export")
    c1, c2 = st.columns(2)
    c1.download_button(
        "Gold labels (JSONL)",
        functools.partial(_download, store, project, ".jsonl"),  # built on click, not on every view
        f"{project}.gold.jsonl",
        mime="application/jsonl",
        key="dl_jsonl",
        disabled=not submitted,
    )
    c2.download_button(
        "Gold labels (CSV)",
        functools.partial(_download, store, project, ".csv"),
        f"{project}.gold.csv",
        mime="text/csv",
        key="dl_csv",
        disabled=not submitted,
    )
