"""Showing an item: task, criterion, ground truth and the agent's artifact.

Everything an agent or a benchmark wrote is untrusted and goes through `st.text`, `st.code`
or a dataframe, never `st.markdown`: HTML or JavaScript in a submission is shown as the
characters it is, not interpreted, and nothing it holds becomes a link. Bidirectional
control characters are shown as their code points (`visible`), so `user\u202egnp.exe`
cannot pass for "userexe.png". A long text is shown whole on its item, in one box that
scrolls (`show_long`): a person reads a log from its start to its end without a page picker
between them. Only a text past WHOLE_CHARS has its middle left out, marked where it is, until
the person switches it all on, so a 5 MB log is not sent whole on every view; a diff is shown
a file at a time, and a text stored as a blob is fetched through `text_of` only when its tab
is drawn.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pandas as pd
import streamlit as st

#: a text up to this long goes to the browser whole; a longer one its two ends (END_CHARS each)
#: until the person asks for it all: a view of an item stays a few hundred kB, not megabytes
WHOLE_CHARS = 100_000
END_CHARS = 40_000
#: a text of more lines than BOX_LINES (counting a wrapped line per 100 characters) scrolls in a
#: box of BOX_HEIGHT_PX, so a long log takes the same room on a phone as on a desktop
BOX_HEIGHT_PX = 600
BOX_LINES = 30
_DIFF_HEADER = re.compile(r"^diff --git a/(.*?) b/(.*)$")
#: Characters that reorder the text around them (Unicode bidi embeddings, overrides, isolates
#: and marks): an agent can make a file name or a verdict read backwards with them.
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")

#: Resolves a content value that may be a blob reference to its text (`Store.text`).
TextOf = Callable[[Any], Any]


def visible(text: str) -> str:
    """`text` with each bidi control character shown as `⟨U+202E⟩` instead of obeyed."""
    return _BIDI.sub(lambda m: f"⟨U+{ord(m.group()):04X}⟩", text)


def left_out(text: str, keep: int = END_CHARS) -> tuple[int, int]:
    """(start, end) of the middle of `text` left out when only its first and last `keep`
    characters are shown, cut at line ends so each end shows whole lines; (0, 0) for a text
    of at most WHOLE_CHARS, which is shown whole."""
    if len(text) <= WHOLE_CHARS:
        return 0, 0
    start = text.rfind("\n", 0, keep) + 1 or keep
    end = text.find("\n", len(text) - keep) + 1 or len(text) - keep
    return start, end


def show_long(text: str, key: str, language: str | None = None) -> None:
    """`text` in one box on the item, scrolling when long: never split onto a second page. The
    middle of a text past WHOLE_CHARS is left out, with a line in its place saying how much,
    until the switch above the box shows it all (the person asks for the megabytes)."""
    start, end = left_out(text)
    shown = text
    if end > start:
        lines = text.count("\n", start, end)
        whole = st.toggle(
            f"Show all {len(text):,} characters (off: the middle {lines:,} lines are left out)",
            key=f"{key}_whole",
        )
        if not whole:
            marker = f"⋯ {end - start:,} characters ({lines:,} lines) left out here: switch on Show all ⋯\n"
            shown = text[:start] + marker + text[end:]
    tall = language == "diff" or shown.count("\n") + len(shown) // 100 > BOX_LINES
    st.code(
        visible(shown),
        language=language,
        wrap_lines=language != "diff",
        height=BOX_HEIGHT_PX if tall else None,
    )


_MARKDOWN_SPECIALS = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:])")


def md_escape(text: str) -> str:
    """Untrusted text for a Markdown-rendering element (captions, titles): shown literally.

    Names come from submission folders and benchmark files; without escaping, `[x](url)` or
    `![](url)` in a submission id would render as a link or fetch an image.
    """
    return _MARKDOWN_SPECIALS.sub(r"\\\1", text)


@dataclass(frozen=True)
class DiffFile:
    path: str
    text: str
    added: int
    removed: int


@functools.lru_cache(maxsize=8)  # texts come from the store's blob cache: the same object each view
def split_diff(diff: str) -> list[DiffFile]:
    """A unified diff cut into per-file parts (git headers, else ---/+++ pairs)."""
    parts: list[tuple[str, list[str]]] = []
    lines = diff.splitlines(keepends=True)
    header_open = False  # a `diff --git` header whose ---/+++ pair has not been seen yet
    for i, line in enumerate(lines):
        git = _DIFF_HEADER.match(line.rstrip("\n"))
        pair = line.startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ ")
        if git:
            parts.append((git.group(2), [line]))
            header_open = True
            continue
        if pair and not header_open:
            target = lines[i + 1][4:].strip().split("\t")[0]
            parts.append((target[2:] if target.startswith(("a/", "b/")) else target, [line]))
            continue
        if pair or line.startswith("@@"):
            header_open = False
        if not parts:
            parts.append(("(preamble)", []))
        parts[-1][1].append(line)
    files = []
    for path, body in parts:
        added = sum(1 for ln in body if ln.startswith("+") and not ln.startswith("+++"))
        removed = sum(1 for ln in body if ln.startswith("-") and not ln.startswith("---"))
        files.append(DiffFile(path, "".join(body), added, removed))
    return files


def results_table(results: dict[str, Any]) -> pd.DataFrame:
    """Expected, measured and claimed numbers side by side, one row per experiment × metric."""
    columns = [c for c in ("expected", "measured", "claimed") if isinstance(results.get(c), dict)]
    keys: dict[tuple[str, str], None] = {}
    for col in columns:
        for exp, metrics in results[col].items():
            for metric in metrics if isinstance(metrics, dict) else {"value": metrics}:
                keys[(str(exp), str(metric))] = None
    rows = []
    for exp, metric in keys:
        row: dict[str, Any] = {"experiment": visible(exp), "metric": visible(metric)}
        for col in columns:
            metrics = results[col].get(exp)
            value = metrics.get(metric) if isinstance(metrics, dict) else metrics
            row[col] = (
                value if isinstance(value, int | float) else (None if value is None else visible(str(value)))
            )
        rows.append(row)
    return pd.DataFrame(rows, columns=["experiment", "metric", *columns])


def show_text(label: str, value: Any, key: str) -> None:
    if value in (None, "", [], {}):
        return
    st.caption(md_escape(label))
    body = value if isinstance(value, str) else json.dumps(value, indent=2, ensure_ascii=False)
    show_long(body, key)


def show_diff(diff: str, key: str, sent: dict[str, Any] | None = None) -> None:
    if sent:  # as text: file names are the agent's, and Markdown would link a URL in one
        pieces = f"{sent['pieces']} pieces" if sent["pieces"] else "parts"
        st.text(
            visible(
                f"The judge was sent {pieces} of this diff, from: {', '.join(sent['files']) or 'no file'}"
            )
        )
    files = split_diff(diff)
    st.dataframe(
        pd.DataFrame([{"file": visible(f.path), "+": f.added, "-": f.removed} for f in files]),
        hide_index=True,
        width="stretch",
        height=min(38 + 35 * len(files), 220),
    )
    chosen = files[0]
    if len(files) > 1:
        names = [visible(f.path) for f in files]
        chosen = files[names.index(st.selectbox("File", names, key=f"{key}_file"))]
    show_long(chosen.text, f"{key}_diff", language="diff")


#: the tab that opens first for each subtask: the artifact the criterion is about
PRIMARY_TAB = {
    "design": "Design",
    "implementation": "Diff",
    "conclusion": "Conclusion",
    "integrity": "Log",
    "failure_mode": "Log",
}


def show_results(results: dict[str, Any]) -> None:
    source = "measured by re-running the agent's code" if "measured" in results else "claimed by the agent"
    st.caption(f"Results {source}")
    st.dataframe(results_table(results), hide_index=True, width="stretch")


def show_artifact(artifact: dict[str, Any], key: str, text_of: TextOf, subtask: str | None = None) -> None:
    """The agent's work as tabs, only those it produced, the subtask's own artifact first."""
    sections: list[tuple[str, Any]] = [
        ("Design", artifact.get("design")),
        ("Response", artifact.get("response")),
        ("Diff", artifact.get("diff")),
        ("Log", artifact.get("log")),
        # a failure-mode item's every step, for the steps its Log leaves out (failure_items.py)
        ("All steps", artifact.get("steps")),
        ("Results", artifact.get("results")),
        ("Conclusion", artifact.get("conclusion")),
    ]
    present = [(name, value) for name, value in sections if value not in (None, "", {}, [])]
    present.sort(key=lambda section: section[0] != PRIMARY_TAB.get(subtask or ""))
    if not present:
        st.info("This item carries no artifact.")
        return
    # A key per item and an explicit default: without them the browser keeps whichever tab
    # index was open on the previous item, so an implementation item could open on Design.
    # Only the open tab is drawn (a click on another reruns for it): each tab holds a code box
    # the browser would otherwise highlight and lay out on every item, unseen.
    names = [n for n, _ in present]
    tabs = st.tabs(names, default=names[0], key=f"{key}_tabs", on_change="rerun")
    for tab, (name, value) in zip(tabs, present, strict=True):
        if tab.open is False:
            continue
        with tab:
            if name == "Diff":
                show_diff(text_of(value), key, artifact.get("diff_sent"))
            elif name == "Results":
                show_results(value)
            else:
                show_text(name, text_of(value), f"{key}_{name}")


def show_item(content: dict[str, Any], key: str, text_of: TextOf) -> None:
    """Task and ground truth, then the agent's work (the criterion is in the labelling panel)."""
    st.subheader("Task")
    show_text("Question", content.get("question"), f"{key}_question")
    show_text("Method", content.get("method"), f"{key}_method")
    truth = {k: v for k, v in (content.get("ground_truth") or {}).items() if v not in (None, "", [], {})}
    if truth:
        with st.expander("Ground truth", expanded=True):
            for name, value in truth.items():
                show_text(name.replace("_", " "), text_of(value), f"{key}_truth_{name}")
    st.subheader("Agent's work")
    show_artifact(content.get("artifact") or {}, key, text_of, content.get("subtask"))
