"""Reading unified diffs: which files a patch touches, what it adds, and how to cut it up.

The integrity checks need to know which lines the agent *added* (a number in the task's own
README is not cheating) and which existing files it *changed*; the implementation grader
needs the diff in judge-sized chunks that never split a hunk needlessly.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

_OLD = re.compile(r"^--- (?P<p>\S+)")
_NEW = re.compile(r"^\+\+\+ (?P<p>\S+)")
_HUNK = re.compile(r"^@@ -\d+(?:,(?P<ol>\d+))? \+\d+(?:,(?P<nl>\d+))? @@")
_NULL = "/dev/null"


def _strip(path: str) -> str:
    """'a/x/y.py' or 'b/x/y.py' -> 'x/y.py'; absolute EXP-Bench names keep their tail."""
    if path.startswith(("a/", "b/")):
        return path[2:]
    return path.lstrip("/")


@dataclass
class FilePatch:
    path: str
    change: str  # "added" | "modified" | "deleted"
    text: str  # this file's part of the diff, headers included
    added: list[str] = field(default_factory=list)  # added lines, without the '+'


def split_files(diff: str) -> list[FilePatch]:
    """One FilePatch per file in a unified or git diff, in order.

    Hunk headers are counted out (`@@ -a,b +c,d @@`), so a removed line that itself starts
    with `-- ` is read as content, not mistaken for the next file's header.
    """
    files: list[FilePatch] = []
    buf: list[str] = []  # lines since the current file's text began
    old: str | None = None  # the '--- ' name waiting for its '+++ '
    cur: FilePatch | None = None
    left_old = left_new = 0  # lines still to come in the current hunk

    def close() -> None:
        if cur is not None:
            cur.text = "".join(buf)

    for line in diff.splitlines(keepends=True):
        bare = line.rstrip("\r\n")
        if left_old > 0 or left_new > 0:
            buf.append(line)
            tag = bare[:1]
            if tag in (" ", ""):
                left_old, left_new = left_old - 1, left_new - 1
            elif tag == "-":
                left_old -= 1
            elif tag == "+":
                left_new -= 1
                if cur is not None:
                    cur.added.append(bare[1:])
            continue
        if h := _HUNK.match(bare):
            left_old = int(h["ol"]) if h["ol"] is not None else 1
            left_new = int(h["nl"]) if h["nl"] is not None else 1
            buf.append(line)
            continue
        if bare.startswith("diff ") or ((m := _OLD.match(bare)) and old is None and cur is not None):
            close()  # the next file starts here
            cur, buf = None, []
        if m := _OLD.match(bare):
            old = m["p"]
        elif (m := _NEW.match(bare)) and old is not None:
            new = m["p"]
            if new == _NULL:
                cur = FilePatch(_strip(old), "deleted", "")
            else:
                cur = FilePatch(_strip(new), "added" if old == _NULL else "modified", "")
            files.append(cur)
            old = None
        buf.append(line)
    close()
    return files


def chunk_diff(diff: str, max_chars: int) -> list[str]:
    """Cut a diff into pieces of at most ~`max_chars`, at file boundaries, then hunk boundaries.

    Each piece repeats its file's header lines so the judge always knows which file it reads.
    A single hunk longer than `max_chars` is cut at line boundaries as a last resort.
    """
    if len(diff) <= max_chars:
        return [diff] if diff.strip() else []
    pieces: list[str] = []
    for fp in split_files(diff) or [FilePatch("", "modified", diff)]:
        header, hunks = _hunks(fp.text)
        for hunk in hunks:
            for part in _cut(hunk, max(1, max_chars - len(header))):
                pieces.append(header + part)
    return _pack(pieces, max_chars)


def _hunks(text: str) -> tuple[str, list[str]]:
    lines = text.splitlines(keepends=True)
    starts = [i for i, ln in enumerate(lines) if ln.startswith("@@")]
    if not starts:
        return "", [text]
    header = "".join(lines[: starts[0]])
    bounds = [*starts, len(lines)]
    return header, ["".join(lines[a:b]) for a, b in pairwise(bounds)]


def _cut(text: str, size: int) -> list[str]:
    if len(text) <= size:
        return [text]
    out: list[str] = []
    buf = ""
    for line in text.splitlines(keepends=True):
        while len(line) > size:  # a single huge line (minified code, data): hard cut
            if buf:
                out.append(buf)
                buf = ""
            out.append(line[:size])
            line = line[size:]
        if len(buf) + len(line) > size and buf:
            out.append(buf)
            buf = ""
        buf += line
    if buf:
        out.append(buf)
    return out


def _pack(pieces: list[str], max_chars: int) -> list[str]:
    """Greedily merge neighbouring pieces while they fit, so small files share a chunk."""
    out: list[str] = []
    for p in pieces:
        if out and len(out[-1]) + len(p) <= max_chars:
            out[-1] += p
        else:
            out.append(p)
    return out


#: A requirement's words that say nothing about where its code lives.
_STOP_WORDS = (
    "the and for with that this from into each are its use used using should must have has not "
    "all any one two when then than same code file files script scripts implement implemented "
    "implementation function functions class method step steps run runs value values set"
)
_STOP = frozenset(_STOP_WORDS.split())
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_CAMEL = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


def terms(text: str) -> set[str]:
    """Lower-case words of a text, identifiers split at '_' and camelCase, short and stop words out.

    `learning_rate`, `learningRate` and "learning rate" all give {learning, rate}, so a
    requirement in prose meets the identifiers of the code that implements it.
    """
    out: set[str] = set()
    for word in _WORD.findall(text):
        out.update(p.lower() for p in _CAMEL.findall(word))
    return {t for t in out if len(t) > 2 and t not in _STOP}


@dataclass(frozen=True)
class Selection:
    """The part of a diff sent to the judge for one requirement, and which files it came from."""

    diff: str
    files: list[str]
    pieces: int  # pieces sent
    of_pieces: int  # pieces in the whole diff


def select_relevant(
    diff: str, requirement: str, *, threshold: float, top_k: int, piece_chars: int
) -> Selection:
    """The pieces of `diff` lexically relevant to `requirement`, in diff order, headers kept.

    Hunks longer than `piece_chars` (a whole new file is one hunk) are cut at line bounds
    first, so one relevant function does not bring its whole file along. Each piece scores the
    share of the requirement's terms found in its file's path and its changed lines. Pieces
    scoring at least `threshold` are kept, and always the `top_k` best (ties in diff order),
    so a requirement phrased unlike its code still gets the likeliest places, never nothing.
    Deterministic: the same diff and requirement always select the
    same pieces, so the verdict is reproducible and the cache still hits.
    """
    units = _units(diff, piece_chars)
    return _assemble(units, _chosen(units, requirement, threshold, top_k))


def select_relevant_any(
    diff: str, requirements: Sequence[str], *, threshold: float, top_k: int, piece_chars: int
) -> Selection:
    """The pieces of `diff` that `select_relevant` keeps for any of `requirements`, each once.

    Joint judging asks about every requirement in one call, so it reads the union of their
    selections: the same pieces a per-requirement judge would see, without the repeats.
    """
    units = _units(diff, piece_chars)
    keep: set[int] = set()
    for requirement in requirements:
        keep |= _chosen(units, requirement, threshold, top_k)
    return _assemble(units, keep)


#: A piece of a diff: (file path, the terms of its path and changed lines, file header, hunk text).
_Unit = tuple[str, set[str], str, str]


def _units(diff: str, piece_chars: int) -> list[_Unit]:
    units: list[_Unit] = []
    for fp in split_files(diff) or [FilePatch("", "modified", diff)]:
        header, hunks = _hunks(fp.text)
        path_terms = terms(fp.path)
        for hunk in (part for h in hunks for part in _cut(h, piece_chars)):
            changed = "\n".join(ln[1:] for ln in hunk.splitlines() if ln[:1] in "+-")
            units.append((fp.path, path_terms | terms(changed), header, hunk))
    return units


def _chosen(units: list[_Unit], requirement: str, threshold: float, top_k: int) -> set[int]:
    wanted = terms(requirement)
    scores = [len(wanted & u[1]) / len(wanted) if wanted else 0.0 for u in units]
    best = sorted(range(len(units)), key=lambda i: (-scores[i], i))[:top_k]
    return set(best) | {i for i, score in enumerate(scores) if wanted and score >= threshold}


def _assemble(units: list[_Unit], chosen: set[int]) -> Selection:
    keep = sorted(chosen)
    parts: list[str] = []
    last_header: str | None = None
    for i in keep:
        _, _, header, hunk = units[i]
        parts.append(hunk if header == last_header and parts else header + hunk)
        last_header = header
    files = list(dict.fromkeys(units[i][0] for i in keep))
    return Selection("".join(parts), files, len(keep), len(units))
