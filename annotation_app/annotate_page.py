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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd
import streamlit as st

from expgrade.annotation_app import identity
from expgrade.annotation_app.loaders import judge_votes
from expgrade.annotation_app.render import show_item, visible
from expgrade.annotation_app.store import (
    AssignmentView,
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
SHORTCUTS = {"pass": "P", "fail": "F"}
#: the panel sits beside the item and stays in view while the item scrolls; verdict colours
#: tell Pass from Fail at a glance; the verdict row comes last in the form (so Tab ends on
#: it) but is drawn first; a new item's heading flashes; confirmations ("Saved: pass.") show
#: at the bottom left, where they cover neither the panel's item id (the panel sticks to the
#: top while the item scrolls) nor its buttons. Fixed text, no untrusted content.
PANEL_CSS = """<style>
div[data-testid="stColumn"]:has(.st-key-label_panel) {
  position: sticky; top: 3.75rem; align-self: flex-start;
  max-height: calc(100vh - 4.5rem); overflow-y: auto;
}
.st-key-verdict_pass button { background-color: #1b7f3b; border-color: #1b7f3b; color: #fff; }
.st-key-verdict_fail button { background-color: #b3261e; border-color: #b3261e; color: #fff; }
div[data-testid="stLayoutWrapper"]:has(> .st-key-verdicts) { order: -1; }
div[data-testid="stElementContainer"]:has(> [data-testid="stHtml"]:empty) { display: none; }
div[data-testid="stToastContainer"] {
  top: auto !important; bottom: 1rem !important; left: 1rem !important; right: auto !important;
}
.st-key-item_head.expgrade-new { animation: expgrade-new 0.9s ease-out; }
@keyframes expgrade-new { from { background-color: #ffe08a; } to { background-color: transparent; } }
</style>"""
#: how long after an item is drawn its keys start to count: a key pressed earlier was aimed at
#: the item before (a double-tap, a correction) and must not label one nobody looked at
GRACE_MS = 250
#: the verdict keys, Escape, the new-item cue and the dropped-key notice, installed once per
#: browser tab. Keys map to buttons by their Streamlit keys (.st-key-verdict_*); a key held
#: down, a modifier or a key typed in a text field does nothing (a second press on an item
#: already labelled is refused by the store as stale, visibly). A key is judged by the item on
#: screen when it was pressed (the event's own timestamp, not when the browser got round to
#: handling it): pressed before the item shown now was drawn, plus GRACE_MS, it is dropped,
#: nothing is sent, and a notice says so. While a refused press's panel is open (its
#: `.st-key-conflict_panel`), every verdict key is dropped the same way: only the panel's
#: buttons act.
KEYS_JS = """<script>
(() => {
  if (window.__expgradeKeys) return;
  window.__expgradeKeys = true;
  const GRACE_MS = __GRACE_MS__;
  const BLOCKED = "a press that was not saved is waiting for your choice. Nothing was " +
    "saved; choose Record as revision or Discard mine first.";
  const KEYS = {p: "verdict_pass", f: "verdict_fail", u: "verdict_unscorable", s: "verdict_skip"};
  const NOT_TYPED = ["checkbox", "radio", "button", "submit", "reset", "range", "file", "color"];
  const typing = (el) => !!el && (el.isContentEditable || el.tagName === "TEXTAREA" ||
    el.tagName === "SELECT" || (el.tagName === "INPUT" && !NOT_TYPED.includes(el.type)));
  const itemId = () => {
    const e = document.querySelector(".st-key-item_head [data-testid=stText]");
    return e ? e.innerText : null;
  };
  let shown = null;
  let shownAt = performance.now();
  let hideTimer = null;
  const conflictOpen = () => !!document.querySelector(".st-key-conflict_panel");
  const dropped = (key, why) => {
    let note = document.getElementById("expgrade-dropped");
    if (!note) {
      note = document.createElement("div");
      note.id = "expgrade-dropped";
      note.setAttribute("role", "alert");
      note.style.cssText = "position:fixed;left:50%;bottom:1.5rem;transform:translateX(-50%);" +
        "z-index:100000;background:#5c2b00;color:#fff;padding:0.6rem 1rem;border-radius:0.5rem;" +
        "font:0.95rem sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.3);max-width:36rem";
      document.body.appendChild(note);
    }
    note.textContent = "Key " + key.toUpperCase() + " not recorded: " + (why ||
      "it was pressed before this item was on screen. Nothing was saved; look at the item, " +
      "then press again.");
    note.hidden = false;
    clearTimeout(hideTimer);
    hideTimer = setTimeout(() => { note.hidden = true; }, 5000);
  };
  const check = () => {
    const id = itemId();
    if (id === null || id === shown) return;
    const first = shown === null;
    shown = id;
    shownAt = performance.now();
    if (first) return;
    window.scrollTo(0, 0);
    document.querySelectorAll("[data-testid=stMain], [data-testid=stAppViewContainer], " +
      "div[data-testid=stColumn]:has(.st-key-label_panel)").forEach((s) => { s.scrollTop = 0; });
    const head = document.querySelector(".st-key-item_head");
    if (head) {
      head.classList.remove("expgrade-new");
      void head.offsetWidth;
      head.classList.add("expgrade-new");
    }
  };
  document.addEventListener("keydown", (e) => {
    const el = document.activeElement;
    const panel = document.querySelector(".st-key-label_panel");
    if (e.key === "Escape") {
      if (el && el !== document.body && (typing(el) || (panel && panel.contains(el)))) {
        e.preventDefault();
        e.stopPropagation();
        el.blur();
        if (panel) { panel.tabIndex = -1; panel.focus({preventScroll: true}); }
      }
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing || typing(el)) return;
    const k = (e.key || "").toLowerCase();
    const name = KEYS[k] || (/^[1-9]$/.test(k) ? "verdict_level_" + k : null);
    if (!name) return;
    if (!document.querySelector(".st-key-" + name + " button")) return;
    e.preventDefault();
    e.stopPropagation();
    if (e.repeat) return;
    if (conflictOpen()) { dropped(k, BLOCKED); return; }
    // the redraw may have reached the page since the last frame: note it before judging
    check();
    if (e.timeStamp < shownAt + GRACE_MS) { dropped(k); return; }
    // a key pressed while the page is still being redrawn (its buttons disabled) waits for
    // the live button of the item that was on screen, not a stale one; if another item shows
    // first, the key is dropped and the notice says so; none live within 20 s: dropped too
    const item = itemId();
    const until = Date.now() + 20000;
    const press = () => {
      if (itemId() !== item) { dropped(k); return; }
      if (conflictOpen()) { dropped(k, BLOCKED); return; }
      const live = Array.from(document.querySelectorAll(".st-key-" + name + " button"))
        .find((b) => !b.disabled && !b.closest("[data-stale=true]"));
      if (live) live.click();
      else if (Date.now() < until) requestAnimationFrame(press);
      else dropped(k);
    };
    press();
  }, true);
  let queued = false;
  // at most one look per frame, however many nodes a redraw touches
  new MutationObserver(() => {
    if (!queued) { queued = true; requestAnimationFrame(() => { queued = false; check(); }); }
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
})();
document.currentScript.remove();
</script>""".replace("__GRACE_MS__", str(GRACE_MS))


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


def _progress(store: Store, project: str, user: UserView, mine: int, has_open: bool) -> None:
    remaining = store.available(project, user.id) + (1 if has_open else 0)
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
    st.session_state.pop(ERROR_KEY, None)
    decision = None if action == "skip" else _decision(key, verdict, unscorable=action == "unscorable")
    session = st.session_state.get(identity.SID_KEY)
    named = f"item {item.public_id} ({visible(item.title)})"
    if st.session_state.get(CONFLICT_KEY) is not None:
        return  # its form was drawn disabled; a press queued before that changes nothing
    if st.session_state.get(SHOWN_KEY) != (a.id, a.revision):
        st.session_state[CONFLICT_KEY] = Conflict(
            a.id,
            decision,
            f"Not saved: this press was for {named}, which was no longer on screen when the "
            "app received it (a second press racing the first).",
            named,
        )
        return
    try:
        if decision is None:
            reason = st.session_state.get(f"{key}_reason") or ""
            store.skip(a.id, user.id, reason, revision=a.revision, session=session)
            st.session_state[FLASH_KEY] = "Skipped; the item goes to someone else."
        else:
            store.submit(a.id, user.id, decision, revision=a.revision, session=session)
            st.session_state[FLASH_KEY] = saved_message(decision, a)
    except StaleClaim as exc:
        st.session_state[CONFLICT_KEY] = Conflict(
            a.id, decision, str(exc).replace("this item", named, 1), named
        )
        return
    except SessionEnded as exc:
        _signed_out(str(exc))
        return
    except UserError as exc:
        st.session_state[ERROR_KEY] = (key, str(exc))
        return
    st.session_state.pop(CONFLICT_KEY, None)
    st.session_state.pop(EDIT_KEY, None)


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


def _label_form(store: Store, user: UserView, item: ItemView, a: AssignmentView, locked: bool) -> None:
    """Verdict buttons (with keys) submit at once; skip and unscorable need a reason.

    The fields come first in the page order and the verdict row last (drawn on top by
    PANEL_CSS), so Tab from the last field lands on a verdict button, never on a text box
    where P or F would be typed. No button has a Streamlit shortcut: KEYS_JS reads the keys.
    Drawing the form makes its claim the one a press may label (SHOWN_KEY); `locked` (a
    refused press waiting for the annotator's choice) draws its buttons disabled.
    """
    key = f"a{a.id}r{a.revision}"
    st.session_state[SHOWN_KEY] = (a.id, a.revision)
    shown: Any = a
    editing = a.state == "submitted"
    with st.form(key=f"form_{key}", border=False, enter_to_submit=False):
        error = st.session_state.get(ERROR_KEY)
        if error and error[0] == key:
            st.error(error[1], icon=":material/error:")
        st.number_input(
            "Confidence (optional)",
            min_value=0.0,
            max_value=1.0,
            value=shown.confidence,
            step=0.05,
            placeholder="not given",
            key=f"{key}_conf",
        )
        st.text_area("Rationale", shown.rationale or "", key=f"{key}_why", height=80)
        st.text_input(
            "Reason (needed to flag, skip or mark unscorable)", shown.reason or "", key=f"{key}_reason"
        )
        st.checkbox("Flag this item", "flagged" in shown.flags, key=f"{key}_flag")
        other = st.columns(2)
        with other[0], st.container(key="verdict_unscorable"):
            st.form_submit_button(
                "Unscorable (U)",
                width="stretch",
                disabled=locked,
                on_click=_press,
                args=(store, user, item, a, key, "unscorable", None),
            )
        if not editing:
            with other[1], st.container(key="verdict_skip"):
                st.form_submit_button(
                    "Skip (S)",
                    width="stretch",
                    disabled=locked,
                    on_click=_press,
                    args=(store, user, item, a, key, "skip", None),
                )
        with st.container(key="verdicts", horizontal=True):
            for i, level in enumerate(item.scale):
                sc = _shortcut(level, i)
                caption = f"{level.capitalize()} ({sc})" if sc else level.capitalize()
                name = f"verdict_{level}" if level in SHORTCUTS else f"verdict_level_{i + 1}"
                with st.container(key=name):
                    st.form_submit_button(
                        caption,
                        type="primary",
                        width="stretch",
                        disabled=locked,
                        on_click=_press,
                        args=(store, user, item, a, key, "label", level),
                    )


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


def _reveal(reveal: Reveal) -> None:
    """Adjudication after one's own submit: what the judges and the others said."""
    st.caption("Judges")
    table = judge_table(reveal.judges)
    if table.empty:
        st.text("No judge verdicts for this item.")
    else:
        st.dataframe(table, hide_index=True, width="stretch")
    others = reveal.others
    st.caption("Other annotators")
    if others:
        st.dataframe(
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
            hide_index=True,
            width="stretch",
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


def _criterion(item: ItemView) -> None:
    """The criterion and its guidelines, always visible in the panel (as text: the loader read
    them from files, and Markdown would turn a URL in them into a link)."""
    criterion = item.content.get("criterion") or {}
    if criterion.get("text"):
        st.text(visible(criterion["text"]))
    if criterion.get("guidelines"):
        with st.container(height=160, key="guidelines"):
            st.text(visible(criterion["guidelines"]))


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
    flash = st.session_state.pop(FLASH_KEY, None)
    if flash:
        st.toast(flash)
    mine = _my_labels(store, project, user)
    # a refused press is reported beside the item on screen: it never brings its own item back
    conflict: Conflict | None = st.session_state.get(CONFLICT_KEY)
    editing_id = st.session_state.get(EDIT_KEY)
    a = store.assignment(editing_id) if editing_id else store.claim(project, user.id)
    _progress(store, project, user, mine, a is not None and a.state == "open")
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
    left, right = st.columns([3, 2], gap="medium")
    with left:
        show_item(item.content, f"item{item.id}", store.text)
    with right, st.container(key="label_panel", border=True):
        with st.container(key="item_head"):
            st.text(f"Item {item.public_id}")
            st.text(visible(item.title))
            _criterion(item)
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
