"""The agent's prose taken out of what it submitted: the input of the verdict-invariance check.

A grader should decide on what code does, what numbers a log or results file holds, not on what
comments, docstrings, markdown and log messages say about them. So the invariance check judges
an item a second time with that prose replaced by placeholders; a verdict that flips was
steered by words, whatever their wording or language, which no detector has to recognise.

Only fields whose kind leaves the decision to something other than prose are rewritten (the
rubric says so by the field's `kind`): `code`, `diff`, `log`, `json`. A `text` field (a design,
a conclusion) or a `transcript` *is* prose: it is left alone, and an item with nothing else
gets no second call.

What stays: code outside comments and docstrings, numbers, `key=value` and `key: value` pairs,
fenced code and table rows with numbers in markdown, JSON keys and numbers. What goes: comment
text, docstrings, markdown prose, the words of log messages, long JSON strings.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from expgrade.grading.judge.rubrics import Rubric

PLACEHOLDER = "[prose]"
NEUTRALISABLE = frozenset({"code", "diff", "log", "json"})

_DOCSTRING = re.compile(r'("""|\'\'\')(?:.|\n)*?\1')
_BLOCK_COMMENT = re.compile(r"/\*(?:.|\n)*?\*/")
_HTML_COMMENT = re.compile(r"<!--(?:.|\n)*?-->")
# A comment: `#` or `//` at a line's start or after whitespace, up to the end of the line (not `#!`).
_LINE_COMMENT = re.compile(r"(^|\s)(#|//)(?!!)\s?[^\n]*")
_DIFF_FILE = re.compile(r"^\+\+\+ (?:b/)?(\S+)", re.M)
_PROSE_FILES = (".md", ".rst", ".txt", ".markdown")
_LOG_FILES = (".log", ".out", ".err")
_DIFF_HEADERS = ("@@", "diff ", "--- ", "+++ ", "index ", "new file", "deleted file", "similarity", "rename ")
_DATA_TOKEN = re.compile(r"\d|[=:]\S|^[\[\]{}()|,;]+$")


def _blank(open_: str, close: str) -> Callable[[re.Match[str]], str]:
    """The placeholder between the delimiters, keeping the span's line count (diff columns line up)."""
    return lambda m: f"{open_}{PLACEHOLDER}{chr(10) * m.group(0).count(chr(10))}{close}"


def _code(text: str) -> str:
    """Comments and docstrings of code (Python, C-like, shell, SQL) replaced by the placeholder."""
    text = _DOCSTRING.sub(lambda m: _blank(m.group(1), m.group(1))(m), text)
    text = _BLOCK_COMMENT.sub(_blank("/* ", " */"), text)
    text = _HTML_COMMENT.sub(_blank("<!-- ", " -->"), text)
    return _LINE_COMMENT.sub(lambda m: f"{m.group(1)}{m.group(2)} {PLACEHOLDER}", text)


def _log_line(line: str) -> str:
    """A log line's data (timestamps, numbers, key=value) kept; each run of words in between replaced."""
    out: list[str] = []
    run = 0
    for token in line.split(" "):
        if not token or _DATA_TOKEN.search(token):
            if run:
                out.append(PLACEHOLDER)
                run = 0
            out.append(token)
        else:
            run += 1
    if run:
        out.append(PLACEHOLDER)
    return " ".join(out)


def _log(text: str) -> str:
    return "\n".join(_log_line(line) for line in text.split("\n"))


def _markdown(text: str) -> str:
    """Fenced code and table rows holding numbers kept; every other line replaced."""
    out, fenced = [], False
    for line in text.split("\n"):
        body = line.strip()
        if body.startswith("```"):
            fenced = not fenced
            out.append(line)
        elif fenced or not body or (body.startswith("|") and re.search(r"\d", body)):
            out.append(line if fenced or not body else _log_line(line))
        else:
            out.append(PLACEHOLDER)
    return "\n".join(out)


def _json_value(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _json_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_value(v) for v in value]
    if isinstance(value, str) and len(value.split()) >= 3:
        return PLACEHOLDER
    return value


def _json(text: str) -> str:
    try:
        return json.dumps(_json_value(json.loads(text)), ensure_ascii=False, indent=1)
    except ValueError:
        return _log(text)


def _diff(text: str) -> str:
    """Each file's hunks rewritten by what the file is: markdown, a log or JSON, or code."""
    out = []
    for part in re.split(r"(?m)^(?=\+\+\+ )", text):
        m = _DIFF_FILE.match(part)
        if not m:
            out.append(part)
            continue
        head, _, body = part.partition("\n")
        name = m.group(1).lower()
        if name.endswith(_PROSE_FILES):
            rewrite = _markdown
        elif name.endswith((*_LOG_FILES, ".json")):
            rewrite = _log
        else:
            rewrite = _code
        out.append(f"{head}\n{_prefixed(body, rewrite)}")
    return "".join(out)


def _prefixed(body: str, rewrite: Callable[[str], str]) -> str:
    """Rewrite a hunk's text without its +/-/space column, then put the column back."""
    lines = body.split("\n")
    header = [line.startswith(_DIFF_HEADERS) for line in lines]
    inner = ["" if h else line[1:] for line, h in zip(lines, header, strict=True)]
    rewritten = rewrite("\n".join(inner)).split("\n")
    return "\n".join(
        line if h else line[:1] + new for line, new, h in zip(lines, rewritten, header, strict=True)
    )


_BY_KIND: dict[str, Callable[[str], str]] = {"code": _code, "diff": _diff, "log": _log, "json": _json}


def strip_prose(value: str, kind: str) -> str:
    """`value` with its prose replaced by `[prose]`, for a field of `kind` (unchanged for text kinds)."""
    rewrite = _BY_KIND.get(kind)
    return rewrite(value) if rewrite else value


def prose_free_fields(rubric: Rubric, fields: dict[str, Any]) -> dict[str, Any] | None:
    """The item's fields with the prose of every neutralisable untrusted field replaced.

    None when nothing changes (no such field, or no prose in it): no second call is worth paying.
    """
    out = dict(fields)
    for f in rubric.fields:
        value = fields.get(f.name)
        if f.untrusted and f.kind in NEUTRALISABLE and isinstance(value, str):
            out[f.name] = strip_prose(value, f.kind)
    return None if out == fields else out
