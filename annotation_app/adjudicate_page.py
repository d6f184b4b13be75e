"""The adjudicator's page: the items whose labels disagree, each shown as its annotators saw it,
with every label (rationale, confidence), the judges' verdicts and rationales, and a form to
settle it: a final label and a reason, both required.

Shown only to users given the adjudicator role (`add-user NAME --adjudicator`); the store
checks the role again in the transaction that records the decision, as it checks the browser's
session. The item is shown from what was stored at load time (masked as annotators saw it:
no submission or agent name), and named by its opaque id, never by its key (whose submission
folder usually names the agent). Deciding writes a new decision and changes no label: the
blind labels stay as they were given, and `gold export` carries both.
"""

from __future__ import annotations

import streamlit as st

from expgrade.annotation_app import identity
from expgrade.annotation_app.adjudication import Disputed, queue
from expgrade.annotation_app.annotate_page import show_judges
from expgrade.annotation_app.render import show_item, visible
from expgrade.annotation_app.store import (
    AssignmentView,
    Decision,
    LabelInput,
    SessionEnded,
    Store,
    UserView,
)
from expgrade.grading.errors import UserError

CHOICE_KEY = "adjudicate_item"
ERROR_KEY = "adjudicate_error"
UNSCORABLE = "unscorable"


def option(d: Disputed) -> str:
    """A queue entry as the picker names it: its state first, then what it is; no submission."""
    state = f"settled {d.decision.verdict}" if d.decision else "open"
    return visible(f"{state} · {d.subtask} · {d.criterion} · #{d.public_id}")


def label_line(name: str, a: AssignmentView) -> str:
    """One person's blind label in a line: who, what, how sure, and any flag or reason."""
    parts = [f"{name}: {a.label or a.status}"]
    if a.confidence is not None:
        parts.append(f"confidence {a.confidence:g}")
    if a.flags:
        parts.append("flagged")
    if a.reason:
        parts.append(f"reason: {a.reason}")
    return visible(" · ".join(parts))


def _labels(labels: list[tuple[str, AssignmentView]]) -> None:
    """Each person's blind label with their rationale, as text (their words, never Markdown)."""
    for name, a in labels:
        with st.container(border=True, key=f"label_{a.id}"):
            st.text(label_line(name, a))
            st.text(visible(f"Rationale: {a.rationale}") if a.rationale else "No rationale given.")


def _settle(store: Store, user: UserView, d: Disputed, key: str) -> None:
    """The Settle button's callback: record the decision or leave the refusal for the redraw."""
    st.session_state.pop(ERROR_KEY, None)
    choice = st.session_state.get(f"{key}_label")
    reason = (st.session_state.get(f"{key}_reason") or "").strip()
    if choice is None:
        st.session_state[ERROR_KEY] = (key, "Choose the final label.")
        return
    unscorable = choice == UNSCORABLE
    decision = LabelInput(None if unscorable else choice, reason=reason or None, unscorable=unscorable)
    try:
        store.adjudicate(d.item_id, user.id, decision, session=st.session_state.get(identity.SID_KEY))
    except SessionEnded as exc:
        identity.forget(st.session_state.get(identity.SID_KEY))
        st.session_state[identity.ENDED_KEY] = str(exc)
        return
    except UserError as exc:
        st.session_state[ERROR_KEY] = (key, str(exc))
        return


def _decision(d: Decision) -> None:
    when = d.at.strftime("%Y-%m-%d %H:%M UTC") if hasattr(d.at, "strftime") else str(d.at)
    again = f" (decision {d.revision}; the newest counts)" if d.revision > 1 else ""
    st.success(f"Settled: {d.verdict}, by {d.adjudicator} at {when}{again}.", icon=":material/gavel:")
    st.text(visible(f"Reason: {d.reason}"))


def render(store: Store, project: str, user: UserView) -> None:
    """The page (a whole-script run: the sign-in above it has just checked the session)."""
    wider = st.checkbox(
        "Also items where the people agree and the judges say otherwise", key="adjudicate_judges"
    )
    items = queue(store, project, judge_disagrees=wider)
    settled = sum(d.settled for d in items)
    c1, c2, c3 = st.columns(3)
    c1.metric("On the queue", len(items))
    c2.metric("Settled", settled)
    c3.metric("Open", len(items) - settled)
    if not items:
        st.success("Nothing to settle: no item's labels disagree.")
        return
    options = {option(d): d for d in items}
    names = list(options)
    if st.session_state.get(CHOICE_KEY) not in options:  # first view, or its entry was renamed
        first_open = next((n for n, d in options.items() if not d.settled), names[0])
        previous = st.session_state.get(f"{CHOICE_KEY}_id")
        st.session_state[CHOICE_KEY] = next(
            (n for n, d in options.items() if d.item_id == previous), first_open
        )
    chosen = options[st.selectbox("Item", names, key=CHOICE_KEY)]
    st.session_state[f"{CHOICE_KEY}_id"] = chosen.item_id
    item = store.item(chosen.item_id)
    left, right = st.columns([3, 2], gap="medium")
    with left:
        show_item(item.content, f"adj{item.id}", store.text)
    with right, st.container(key="adjudication_panel", border=True):
        st.text(f"Item {item.public_id}")
        st.text(visible(item.title))
        criterion = item.content.get("criterion") or {}
        if criterion.get("guidelines"):
            with st.expander("Guidelines"):
                st.text(visible(criterion["guidelines"]))
        st.caption(f"Why it is here: {chosen.why}")
        st.caption("Labels (blind, as given)")
        _labels(store.item_labels(item.id))
        st.caption("Judges")
        show_judges(store.judges(item.id))
        if chosen.decision is not None:
            _decision(chosen.decision)
        key = f"adj{item.id}d{chosen.decision.revision if chosen.decision else 0}"
        with st.form(f"form_{key}", border=False, enter_to_submit=False):
            error = st.session_state.get(ERROR_KEY)
            if error and error[0] == key:
                st.error(error[1], icon=":material/error:")
            levels = [*item.scale, UNSCORABLE]
            st.radio("Final label", levels, index=None, key=f"{key}_label", horizontal=True)
            st.text_area("Reason (required)", key=f"{key}_reason", height=90)
            st.form_submit_button(
                "Settle again" if chosen.decision else "Settle",
                type="primary",
                on_click=_settle,
                args=(store, user, chosen, key),
            )
