"""The annotator's page: the item on the left, the labelling panel fixed beside it.

Blindness is enforced here: judge verdicts and other annotators' labels are read from the
store only for an item this annotator has already submitted, and the item is named by an
opaque id and its task · subtask · criterion, never by the submission (whose folder name
usually carries the agent's name).

Every press is answered. A verdict button carries the claim it answers (assignment id and
the revision the annotator saw) into its callback, which runs before the page is redrawn;
the store either records it or refuses it. A press records a verdict only on the item on
screen, the one the annotator moved forward to or reopened from "My labels": a press that
reaches the app after the page has moved on (a double press racing the redraw) is refused
without touching the store. That refusal, and one because another tab or an earlier press got
there first, is reported on the item now on screen (the page never goes back to the item
the press was for), keeps what was entered and offers to discard it or to record it as a
revision; while that panel is open the verdict keys and buttons do nothing. A press from a
browser whose session ended is refused and signs the tab out; any other refusal is shown in
the panel beside the buttons.

Only an explicit verdict records a verdict: the form never submits on Enter or Ctrl+Enter
in a field, and the verdict keys are read by one fixed script (KEYS_JS) that ignores them
while a text field has the cursor. Escape leaves a field; Tab ends on the verdict buttons.

A key is answered in the browser. Beside the claim the page draws, hidden, the item the queue
will give next, held for this annotator (`Store.hold_next`: a short hold on one of its slots,
which every other annotator's claim skips, so it is the item the press leads to; its copy of
the form disabled); a verdict key shows it at once while the press travels, and a verdict key
on that copy labels it at once through a channel of its own (HELD_KEY, `_press_held`), without
waiting for the run that records the press before to make it the claim, whose form comes
alive after (keys.js says how the two are swapped). Only while the hold has HOLD_MARGIN_S
left does a key show it at once (or take a key on it): later, the page waits for the app's
answer, since a hold that lapsed may have gone to someone else. What is typed in a claim's
rationale and reason survives a reload (kept in the browser until its press is answered).
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pandas as pd
import streamlit as st
from pydantic import BaseModel, Field, ValidationError

from expgrade.annotation_app import identity
from expgrade.annotation_app.loaders import judge_votes
from expgrade.annotation_app.render import show_item, visible
from expgrade.annotation_app.store import (
    AssignmentView,
    Hold,
    ItemView,
    LabelEntry,
    LabelInput,
    Reveal,
    SessionEnded,
    StaleClaim,
    Store,
    UserView,
)
from expgrade.grading.errors import UserError

EDIT_KEY = "annotate_editing"
FLASH_KEY = "annotate_flash"
ERROR_KEY = "annotate_error"
CONFLICT_KEY = "annotate_conflict"
#: the claim whose form is on screen (assignment id, revision): the only one a press may label
SHOWN_KEY = "annotate_shown"
#: the reopened label whose judges and others the annotator asked to see (revealing is a
#: choice: before it, a reopened label can still be corrected blind)
REVEAL_KEY = "annotate_reveal"
#: how many verdict presses this tab's app has answered (recorded or refused): KEYS_JS waits
#: for the count to pass the press it sent before it gives up the item shown ahead
ANSWERED_KEY = "annotate_answered"
#: the key prefix of the item drawn ahead (its containers and widgets)
AHEAD = "ahead_"
#: the channel a key on the copy drawn ahead is sent by (`_press_held`): KEYS_JS calls
#: window.__expgradeHeldPress, which fires the component's `press` trigger, a rerun like a click
HELD_KEY = "held_press"
HELD_CHANNEL = st.components.v2.component(
    "expgrade_held_press",
    js="export default function (c) { window.__expgradeHeldPress = (p) => c.setTriggerValue('press', p); }",
)
SHORTCUTS = {"pass": "P", "fail": "F"}
#: which of the two items shows: the claim, or (while a key's press travels) the item drawn
#: ahead; in the page's style sheet (PANEL_CSS) for its first drawing and in one of the
#: document's own (KEYS_JS), which no redraw replaces
LOOK_AHEAD_CSS = """
.st-key-item_ahead, div[data-testid="stLayoutWrapper"]:has(> .st-key-item_ahead),
body[data-expgrade-ahead] .st-key-item_now,
body[data-expgrade-ahead] div[data-testid="stLayoutWrapper"]:has(> .st-key-item_now) { display: none; }
body[data-expgrade-ahead] .st-key-item_ahead,
body[data-expgrade-ahead] div[data-testid="stLayoutWrapper"]:has(> .st-key-item_ahead) { display: flex; }
"""
#: the width under which Streamlit stacks columns (a phone): the panel then comes first, above
#: the item, and a new item leaves the page where it was (PHONE_CSS, KEYS_JS)
NARROW = "(max-width: 640px)"
#: a phone (390 px wide) holds the panel above the item, where a thumb finds it at the top of
#: the page: the item's id, its criterion, then Pass/Fail and Unscorable/Skip, then the fields;
#: the panel scrolls with the page (a sticky box of its own would trap the scroll)
PHONE_CSS = (
    "@media "
    + NARROW
    + """ {
div[data-testid="stColumn"]:has(.st-key-label_panel),
div[data-testid="stColumn"]:has(.st-key-ahead_label_panel) {
  order: -1; position: static; max-height: none; overflow-y: visible;
}
div[data-testid="stLayoutWrapper"]:has(> .st-key-verdicts),
div[data-testid="stLayoutWrapper"]:has(> .st-key-ahead_verdicts) { order: -2; }
div[data-testid="stForm"] > div[data-testid="stVerticalBlock"] > div[data-testid="stLayoutWrapper"]:has(
  .st-key-verdict_unscorable, .st-key-ahead_verdict_unscorable) { order: -1; }
}
"""
)
#: the panel sits beside the item and stays in view while the item scrolls; verdict colours
#: tell Pass from Fail at a glance; the verdict row comes last in the form (so Tab ends on
#: it) but is drawn first; a new item's heading flashes; confirmations ("Saved: pass.") show
#: at the bottom left, where they cover neither the panel's item id (the panel sticks to the
#: top while the item scrolls) nor its buttons. Fixed text, no untrusted content.
PANEL_CSS = (
    """<style>
div[data-testid="stColumn"]:has(.st-key-label_panel),
div[data-testid="stColumn"]:has(.st-key-ahead_label_panel) {
  position: sticky; top: 3.75rem; align-self: flex-start;
  max-height: calc(100vh - 4.5rem); overflow-y: auto;
}
.st-key-verdict_pass button { background-color: #1b7f3b; border-color: #1b7f3b; color: #fff; }
.st-key-verdict_fail button { background-color: #b3261e; border-color: #b3261e; color: #fff; }
/* the copy drawn ahead looks as its live form will a moment later, not greyed out */
.st-key-ahead_verdict_pass button {
  background-color: #1b7f3b !important; border-color: #1b7f3b !important; color: #fff !important;
}
.st-key-ahead_verdict_fail button {
  background-color: #b3261e !important; border-color: #b3261e !important; color: #fff !important;
}
.st-key-item_ahead button:disabled { opacity: 1; cursor: progress; }
div[data-testid="stLayoutWrapper"]:has(> .st-key-verdicts),
div[data-testid="stLayoutWrapper"]:has(> .st-key-ahead_verdicts) { order: -1; }
div[data-testid="stElementContainer"]:has(> [data-testid="stHtml"]:empty),
div[data-testid="stElementContainer"]:has([data-expgrade-answered]),
div[data-testid="stElementContainer"]:has([data-expgrade-hold]),
.st-key-held_press { display: none; }
div[data-testid="stToastContainer"] {
  top: auto !important; bottom: 1rem !important; left: 1rem !important; right: auto !important;
}
.st-key-item_head.expgrade-new, .st-key-ahead_item_head.expgrade-new {
  animation: expgrade-new 0.9s ease-out;
}
@keyframes expgrade-new { from { background-color: #ffe08a; } to { background-color: transparent; } }
"""
    + LOOK_AHEAD_CSS
    + PHONE_CSS
    + "</style>"
)
#: how long after an item is painted its keys start to count: a key pressed earlier was aimed
#: at the item before (a double-tap, a correction) and must not label one nobody looked at
GRACE_MS = 250
#: the time a press may take to reach the store: a key shows the held item at once only while
#: its hold has this much left, so the hold cannot lapse (and the item go to someone else)
#: between the item shown and the press that claims it
HOLD_MARGIN_S = 30
#: the verdict keys, Escape, the new-item cue, the dropped-key notice, the look-ahead swap and
#: the drafts of a claim's fields, installed once per browser tab (keys.js says how); keys map to
#: buttons by their Streamlit keys (.st-key-verdict_*). Fixed text, no untrusted content.
KEYS_JS = (
    "<script>"
    + (Path(__file__).with_name("keys.js"))
    .read_text(encoding="utf-8")
    .replace("__GRACE_MS__", str(GRACE_MS))
    .replace("__LOOK_AHEAD_CSS__", LOOK_AHEAD_CSS)
    .replace("__NARROW__", NARROW)
    + "document.currentScript.remove();</script>"
)


@dataclass(frozen=True)
class Conflict:
    """A press the store refused because its claim was no longer current."""

    assignment_id: int
    decision: LabelInput | None  # None: the refused press was a skip
    message: str
    #: the item the press was for, as the panel names it (it may no longer be on screen)
    item: str = ""


def _shortcut(level: str, position: int) -> str | None:
    """P/F for pass/fail, digits for an ordinal scale's levels (1 = first listed)."""
    return SHORTCUTS.get(level) or (str(position + 1) if position < 9 else None)


def _verdict_name(level: str, position: int) -> str:
    """The key of a level's verdict button (KEYS_JS maps keys to buttons by it)."""
    return f"verdict_{level}" if level in SHORTCUTS else f"verdict_level_{position + 1}"


def _progress(store: Store, project: str, user: UserView, mine: int) -> None:
    remaining = store.available(project, user.id)
    total = mine + remaining
    st.progress(mine / total if total else 1.0, text=f"{mine} labelled · {remaining} to go")


def _decision(key: str, verdict: str | None, unscorable: bool = False) -> LabelInput:
    flagged = bool(st.session_state.get(f"{key}_flag"))
    confidence = st.session_state.get(f"{key}_conf")
    return LabelInput(
        label=verdict,
        confidence=None if confidence is None else float(confidence),
        rationale=(st.session_state.get(f"{key}_why") or "").strip() or None,
        flags=["flagged"] if flagged else [],
        reason=(st.session_state.get(f"{key}_reason") or "").strip() or None,
        unscorable=unscorable,
    )


def _press(
    store: Store,
    user: UserView,
    item: ItemView,
    a: AssignmentView,
    key: str,
    action: str,
    verdict: str | None,
) -> None:
    """The button's callback: record or refuse, and leave the answer for the redraw.

    Only the claim on screen may be labelled: a press whose form was replaced before the app
    got to it (the second of a double press, queued behind the first's redraw) is refused
    here, before the store, and reported beside the item now shown; so is any press while a
    refusal waits for the annotator's choice.
    """
    decision = None if action == "skip" else _decision(key, verdict, unscorable=action == "unscorable")
    session = st.session_state.get(identity.SID_KEY)
    named = f"item {item.public_id} ({visible(item.title)})"
    if not _answering():
        return
    if st.session_state.get(SHOWN_KEY) != (a.id, a.revision):
        st.session_state[CONFLICT_KEY] = Conflict(
            a.id,
            decision,
            f"Not saved: this press was for {named}, which was no longer on screen when the "
            "app received it (a second press racing the first).",
            named,
        )
        return

    def write() -> str:
        if decision is None:
            reason = st.session_state.get(f"{key}_reason") or ""
            store.skip(a.id, user.id, reason, revision=a.revision, session=session)
            return "Skipped; the item goes to someone else."
        store.submit(a.id, user.id, decision, revision=a.revision, session=session)
        return saved_message(decision, a)

    def refused(message: str) -> None:
        st.session_state[ERROR_KEY] = (key, message)

    _record(write, Conflict(a.id, decision, "", named), refused)


def _answering() -> bool:
    """Count a press as answered (KEYS_JS waits on the count); False while a refused press
    waits for the annotator's choice: its form was drawn disabled, and a press queued before
    that changes nothing."""
    st.session_state.pop(ERROR_KEY, None)
    st.session_state[ANSWERED_KEY] = st.session_state.get(ANSWERED_KEY, 0) + 1
    return st.session_state.get(CONFLICT_KEY) is None


def _record(write: Callable[[], str], stale: Conflict, refused: Callable[[str], None]) -> None:
    """Run a press's store write (it returns the confirmation) and leave the answer for the
    redraw: a stale press becomes `stale` with the store's message (the panel that offers to
    record it as a revision), an ended session signs the tab out, any other refusal goes to
    `refused`."""
    try:
        st.session_state[FLASH_KEY] = write()
    except StaleClaim as exc:
        st.session_state[CONFLICT_KEY] = replace(stale, message=str(exc).replace("this item", stale.item, 1))
        return
    except SessionEnded as exc:
        _signed_out(str(exc))
        return
    except UserError as exc:
        refused(str(exc))
        return
    st.session_state.pop(CONFLICT_KEY, None)
    st.session_state.pop(EDIT_KEY, None)


class HeldPress(BaseModel):
    """What KEYS_JS sends for a key on the copy drawn ahead: the hold's assignment id, the public
    id of the item on screen and the level the key labels (checked against the item's scale by
    the store)."""

    hold: int
    item: str = Field(pattern=r"^[0-9a-f]{10}$")
    level: str


def _press_held(store: Store, user: UserView) -> None:
    """HELD_KEY's callback: a key on the copy of the item drawn ahead, shown before the app has
    made it the claim, labels that item (`Store.submit_held`: claimed and labelled in one
    transaction), so the next item takes a key the moment a key shows it. The press names the
    hold, the item id on screen and the verdict (KEYS_JS reads them from the copy's marker,
    `_ahead`); the store refuses a hold that lapsed or names another item, and the refusal is
    shown (nothing stored) beside the item the app gives instead."""
    if not _answering():
        return
    try:
        press = HeldPress.model_validate(st.session_state[HELD_KEY]["press"])
    except ValidationError:
        st.session_state[CONFLICT_KEY] = Conflict(0, None, "Not saved: the press did not name an item.")
        return
    named = f"item {press.item}"
    decision = LabelInput(label=press.level)

    def write() -> str:
        session = st.session_state.get(identity.SID_KEY)
        store.submit_held(press.hold, user.id, press.item, decision, session=session)
        return f"Saved: {_what(decision)}."

    def refused(message: str) -> None:
        st.session_state[CONFLICT_KEY] = Conflict(press.hold, None, message, named)

    _record(write, Conflict(press.hold, decision, "", named), refused)


def _what(decision: LabelInput) -> str:
    parts = ["unscorable" if decision.unscorable else str(decision.label)]
    if decision.confidence is not None:
        parts.append(f"confidence {decision.confidence:g}")
    if decision.flags:
        parts.append("flagged")
    return ", ".join(parts)


def saved_message(decision: LabelInput, a: AssignmentView) -> str:
    """The confirmation names what was stored, so a stray press is noticed at once."""
    what = _what(decision)
    if a.revealed_at is not None:
        return f"Saved as a revision after the reveal: {what} (your blind label stays {a.label or a.status})."
    return f"Saved the edit: {what}." if a.state == "submitted" else f"Saved: {what}."


def _signed_out(message: str) -> None:
    """A press from a browser whose session ended: sign this tab out and say why."""
    for k in (CONFLICT_KEY, EDIT_KEY, FLASH_KEY):
        st.session_state.pop(k, None)
    identity.forget(st.session_state.get(identity.SID_KEY))
    st.session_state[identity.ENDED_KEY] = message


def _resolve(store: Store, user: UserView, conflict: Conflict, record: bool) -> None:
    """Discard the refused entry, or record it as a new revision of the label."""
    if record and conflict.decision is not None:
        try:
            store.submit(
                conflict.assignment_id,
                user.id,
                conflict.decision,
                session=st.session_state.get(identity.SID_KEY),
            )
        except SessionEnded as exc:
            _signed_out(str(exc))
            return
        except UserError as exc:
            st.session_state[CONFLICT_KEY] = Conflict(conflict.assignment_id, None, str(exc), conflict.item)
            return
        st.session_state[FLASH_KEY] = (
            f"Recorded your entry for {conflict.item} as a new revision: {_what(conflict.decision)}."
        )
    else:
        st.session_state[FLASH_KEY] = "Discarded your entry."
    st.session_state.pop(CONFLICT_KEY, None)


def _show_conflict(store: Store, user: UserView, conflict: Conflict) -> None:
    st.warning(conflict.message, icon=":material/warning:")
    d = conflict.decision
    if d is None:
        st.button("OK", key="conflict_ok", on_click=_resolve, args=(store, user, conflict, False))
        return
    # as text, not a table: the annotator (and a screen reader) reads what would be recorded
    entered = [f"Your entry: {_what(d)}"]
    entered += [
        f"{name}: {value}" for name, value in (("Rationale", d.rationale), ("Reason", d.reason)) if value
    ]
    st.text(visible("\n".join(entered)))
    c1, c2 = st.columns(2)
    c1.button(
        "Record as revision",
        key="conflict_record",
        type="primary",
        width="stretch",
        on_click=_resolve,
        args=(store, user, conflict, True),
    )
    c2.button(
        "Discard mine",
        key="conflict_discard",
        width="stretch",
        on_click=_resolve,
        args=(store, user, conflict, False),
    )


#: what a form's button does when pressed: the callback's args for (action, verdict), or None
#: for the look-ahead copy, whose buttons do nothing (it has no claim to label)
PressArgs = Callable[[str, str | None], tuple[Any, ...]] | None


def _label_form(store: Store, user: UserView, item: ItemView, a: AssignmentView, locked: bool) -> None:
    """The claim's form: verdict buttons (with keys) submit at once; skip and unscorable need
    a reason. Drawing it makes its claim the one a press may label (SHOWN_KEY); `locked` (a
    refused press waiting for the annotator's choice) draws its buttons disabled."""
    key = f"a{a.id}r{a.revision}"
    st.session_state[SHOWN_KEY] = (a.id, a.revision)
    error = st.session_state.get(ERROR_KEY)
    _form_body(
        item,
        key,
        a,
        editing=a.state == "submitted",
        error=error[1] if error and error[0] == key else None,
        disabled=locked,
        press=lambda action, verdict: (store, user, item, a, key, action, verdict),
    )


def _form_body(
    item: ItemView,
    key: str,
    shown: AssignmentView | None,
    *,
    editing: bool,
    error: str | None,
    disabled: bool,
    press: PressArgs,
    ahead: str = "",
) -> None:
    """The fields and buttons of a label form, for the claim on screen or (`ahead` = the key
    prefix "ahead_") the item drawn ahead, whose copy is all disabled and has no callbacks.

    The fields come first in the page order and the verdict row last (drawn on top by
    PANEL_CSS), so Tab from the last field lands on a verdict button, never on a text box
    where P or F would be typed. No button has a Streamlit shortcut: KEYS_JS reads the keys.
    """
    fields_off = bool(ahead)

    def button(label: str, name: str, action: str, verdict: str | None, kind: Any = "secondary") -> None:
        with st.container(key=f"{ahead}{name}"):
            st.form_submit_button(
                label,
                type=kind,
                width="stretch",
                disabled=disabled,
                on_click=_press if press else None,
                args=press(action, verdict) if press else None,
            )

    with st.form(key=f"form_{key}", border=False, enter_to_submit=False):
        if error:
            st.error(error, icon=":material/error:")
        st.number_input(
            "Confidence (optional)",
            min_value=0.0,
            max_value=1.0,
            value=shown.confidence if shown else None,
            step=0.05,
            placeholder="not given",
            key=f"{key}_conf",
            disabled=fields_off,
        )
        rationale = shown.rationale if shown else None
        st.text_area("Rationale", rationale or "", key=f"{key}_why", height=80, disabled=fields_off)
        reason = shown.reason if shown else None
        st.text_input(
            "Reason (needed to flag, skip or mark unscorable)",
            reason or "",
            key=f"{key}_reason",
            disabled=fields_off,
        )
        flagged = shown is not None and "flagged" in shown.flags
        st.checkbox("Flag this item", flagged, key=f"{key}_flag", disabled=fields_off)
        other = st.columns(2)
        with other[0]:
            button("Unscorable (U)", "verdict_unscorable", "unscorable", None)
        if not editing:
            with other[1]:
                button("Skip (S)", "verdict_skip", "skip", None)
        with st.container(key=f"{ahead}verdicts", horizontal=True):
            for i, level in enumerate(item.scale):
                sc = _shortcut(level, i)
                # A mode id reads as words ("Environment setup (1)"): an underscore gives the
                # browser a place to break the button's label mid-word.
                words = level.replace("_", " ").capitalize()
                caption = f"{words} ({sc})" if sc else words
                button(caption, _verdict_name(level, i), "label", level, "primary")


def judge_table(judges: dict[str, Any]) -> pd.DataFrame:
    """The judges' verdicts as rows a person reads: one per judge, then the overall verdict."""
    rows: list[dict[str, Any]] = [
        {
            "judge": v.rater,
            "verdict": v.label or "unscorable",
            "confidence": v.confidence,
            "rationale": str(v.record.get("rationale") or ""),
        }
        for v in judge_votes(judges)
    ]
    if judges.get("verdict") is not None and judges.get("judge") != judges.get("verdict"):
        rows.append(
            {
                "judge": "overall",
                "verdict": judges["verdict"],
                "confidence": None,
                "rationale": judges.get("rationale") or "",
            }
        )
    return pd.DataFrame(rows, columns=["judge", "verdict", "confidence", "rationale"])


def narrow_table(table: pd.DataFrame, who: str, prose: str) -> None:
    """`table` as a grid of its short columns, its free text (`prose`) under it as wrapped
    lines named by `who`: a grid cell shows one line cut at its width, and a text column wide
    enough to read pushed the grid past the right edge of a 1280 px window."""
    short = [c for c in table.columns if c != prose]
    st.dataframe(table, hide_index=True, width="stretch", column_order=short)
    for name, text in zip(table[who], table[prose], strict=True):
        if text:
            st.text(visible(f"{name}: {text}"))


def show_judges(judges: dict[str, Any]) -> None:
    """The judges' verdicts, or a line saying there are none (the reveal, the Adjudicate page)."""
    table = judge_table(judges)
    if table.empty:
        st.text("No judge verdicts for this item.")
    else:
        narrow_table(table, "judge", "rationale")


def _reveal(reveal: Reveal) -> None:
    """Adjudication after one's own submit: what the judges and the others said."""
    st.caption("Judges")
    show_judges(reveal.judges)
    others = reveal.others
    st.caption("Other annotators")
    if others:
        narrow_table(
            pd.DataFrame(
                [
                    {
                        "annotator": name,
                        "label": o.label or o.status,
                        "confidence": o.confidence,
                        "rationale": o.rationale,
                        "flags": ", ".join(o.flags),
                    }
                    for name, o in others
                ]
            ),
            "annotator",
            "rationale",
        )
    else:
        st.text("No other annotator has labelled this item yet.")


#: the reopen list holds the newest labels only: it is drawn on every press, and its length
#: must not grow with the annotator's history
REOPEN_LIMIT = 200


def reopen_label(entry: LabelEntry) -> str:
    """A reopen-list entry that differs early (it is cut at sidebar width) and names no submission."""
    return visible(
        f"{entry.label or entry.status} · {entry.subtask} · {entry.criterion} · {entry.task_id} "
        f"#{entry.public_id}"
    )


def _my_labels(store: Store, project: str, user: UserView) -> int:
    """The sidebar list of one's own labels (the newest REOPEN_LIMIT); choosing one reopens it
    for review or an edit. Returns how many labels the annotator has given in all."""
    entries, total = store.my_labels(project, user.id, REOPEN_LIMIT)
    options: dict[str, int] = {reopen_label(e): e.assignment_id for e in entries}

    def reopen() -> None:
        choice = st.session_state.get("reopen")
        if choice in options:
            st.session_state[EDIT_KEY] = options[choice]
            st.session_state.pop(REVEAL_KEY, None)
        st.session_state["reopen"] = "—"

    with st.sidebar:
        newest = f"; the newest {len(entries)} listed" if total > len(entries) else ""
        st.caption(f"My labels ({total}{newest})")
        if entries:
            st.selectbox("Reopen a label", ["—", *options], key="reopen", on_change=reopen)
    return total


def _head(item: ItemView, ahead: str = "") -> None:
    """The panel's top: the item's id and title, its criterion and the guidelines, always
    visible (as text: the loader read them from files, and Markdown would turn a URL in them
    into a link). KEYS_JS reads the item on screen from this head's first text."""
    with st.container(key=f"{ahead}item_head"):
        st.text(f"Item {item.public_id}")
        st.text(visible(item.title))
        criterion = item.content.get("criterion") or {}
        if criterion.get("text"):
            st.text(visible(criterion["text"]))
        if criterion.get("guidelines"):
            with st.container(height=160, key=f"{ahead}guidelines"):
                st.text(visible(criterion["guidelines"]))


def _ahead(store: Store, item: ItemView, hold: Hold) -> None:
    """The item held for this annotator's next press, drawn hidden beside the one on screen: a
    verdict key shows it at once (KEYS_JS swaps the two while the press travels), and a verdict
    key on it is sent with the hold its marker names (`_press_held`). Its fields and buttons are
    a disabled copy: skip and unscorable, which want a reason, wait for the claim's own form."""
    left, right = st.columns([3, 2], gap="medium")
    with left:
        show_item(item.content, f"item{item.id}", store.text)
    with right, st.container(key="ahead_label_panel", border=True):
        _head(item, AHEAD)
        # what a key on this copy sends (`_press_held`): the hold, the item, each key's level
        levels = {_verdict_name(level, i): level for i, level in enumerate(item.scale)}
        st.html(
            f'<i data-expgrade-hold="{hold.assignment_id}" data-expgrade-item="{item.public_id}" '
            f'data-expgrade-levels="{html.escape(json.dumps(levels), quote=True)}"></i>'
        )
        _form_body(
            item,
            f"ahead{item.id}",
            None,
            editing=False,
            error=None,
            disabled=True,
            press=None,
            ahead=AHEAD,
        )


def render(store: Store, project: str, user: UserView) -> None:
    _labelling(store, project, user)


def _ask_reveal(assignment_id: int) -> None:
    st.session_state[REVEAL_KEY] = assignment_id


def _reopened(a: AssignmentView, revealed: bool) -> None:
    """What a reopened label may still be: corrected blind until the judges are shown, then
    only revised beside the blind label."""
    if revealed:
        st.info(
            f"Your blind label: {a.label or a.status}. You have seen the judges and the other "
            "annotators, so a verdict here is kept as a separate revision marked as made after "
            "the reveal; the gold set keeps your blind label."
        )
    else:
        st.info(
            f"Your blind label: {a.label or a.status}. The judges and the other annotators are "
            "still hidden: a verdict here corrects your blind label. Once you show them, a change "
            "is kept as a separate revision and the gold set keeps your blind label."
        )
        st.button("Show the judges and the others", key="reveal", on_click=_ask_reveal, args=(a.id,))
    if st.button("Back to the queue", key="back"):
        st.session_state.pop(EDIT_KEY, None)
        st.session_state.pop(REVEAL_KEY, None)
        st.rerun(scope="fragment")


@st.fragment
def _labelling(store: Store, project: str, user: UserView) -> None:
    """The item and its panel (and the sidebar's own-labels list), as one fragment.

    A verdict press, a tab or a reopen reruns only this part: the browser redraws the item and
    panel, not the sign-in, the page choice and the key script around them. The session is
    still checked on every rerun, and a session that ended reruns the whole page (its sign-in).
    """
    if st.session_state.get(identity.ENDED_KEY) or not identity.session_alive(store):
        st.rerun()
    HELD_CHANNEL(key=HELD_KEY, on_press_change=lambda: _press_held(store, user))
    flash = st.session_state.pop(FLASH_KEY, None)
    if flash:
        st.toast(flash)
    mine = _my_labels(store, project, user)
    # a refused press is reported beside the item on screen: it never brings its own item back
    conflict: Conflict | None = st.session_state.get(CONFLICT_KEY)
    editing_id = st.session_state.get(EDIT_KEY)
    a = store.assignment(editing_id) if editing_id else store.claim(project, user.id)
    _progress(store, project, user, mine)
    if a is None:
        st.success("Nothing left for you in this project. Thank you!")
        return
    item = store.item(a.item_id)
    # what the judges and the others said shows only for one's own submitted label, once asked
    # for, and the store records that it was shown: from then on the blind label is frozen
    # (not while a refused entry waits: that entry was made blind and must be recorded so)
    asked = a.revealed_at is not None or st.session_state.get(REVEAL_KEY) == a.id
    waiting = conflict is not None and conflict.assignment_id == a.id
    reveal = store.reveal(a.id, user.id) if a.state == "submitted" and asked and not waiting else None
    if reveal is not None and a.revealed_at is None:
        a = store.assignment(a.id)
    st.markdown(PANEL_CSS, unsafe_allow_html=True)
    with st.container(key="item_now"):
        _claimed(store, user, item, a, conflict, reveal)
    # drawn ahead only from the queue's flow: not while an entry waits (the keys do nothing
    # then), not beside a reopened label (a press there stays on it); held once the claim's form
    # is drawn, so that the hold's write does not delay the form coming alive
    hold = store.hold_next(project, user.id, after=a.id) if a.state == "open" and not conflict else None
    # drawn (empty) with no hold too: the answer count below keeps its place in the page
    with st.container(key="item_ahead"):
        if hold is not None:
            _ahead(store, store.item(hold.item_id), hold)
    _answered(hold)


def _answered(hold: Hold | None) -> None:
    """How many presses this tab has sent that the app has answered, and how long the item
    drawn ahead stays held for this annotator (less HOLD_MARGIN_S; 0 with none): drawn after
    the claim's redraw, so when KEYS_JS reads the count the item the answer left on screen is
    drawn, and it counts the hold's time from when it reads it (no clock shared with the app)."""
    left_ms = 0
    if hold is not None:
        left_ms = max(0, int(((hold.expires_at - datetime.now(UTC)).total_seconds() - HOLD_MARGIN_S) * 1000))
    st.html(
        f'<i data-expgrade-answered="{st.session_state.get(ANSWERED_KEY, 0)}" '
        f'data-expgrade-hold-ms="{left_ms}"></i>'
    )


def _claimed(
    store: Store,
    user: UserView,
    item: ItemView,
    a: AssignmentView,
    conflict: Conflict | None,
    reveal: Reveal | None,
) -> None:
    """The claim on screen: its item on the left, the labelling panel beside it."""
    left, right = st.columns([3, 2], gap="medium")
    with left:
        show_item(item.content, f"item{item.id}", store.text)
    with right, st.container(key="label_panel", border=True):
        _head(item)
        if conflict:
            with st.container(key="conflict_panel"):
                _show_conflict(store, user, conflict)
        elif a.state == "submitted":
            _reopened(a, revealed=reveal is not None)
        _label_form(store, user, item, a, locked=conflict is not None)
        if reveal is not None:
            with st.expander("Adjudication: judges and other annotators", expanded=True):
                _reveal(reveal)
            with st.expander("History of this label"):
                st.dataframe(pd.DataFrame(store.history(a.id)), hide_index=True, width="stretch")
