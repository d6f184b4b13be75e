"""Which structured-output mode a judge's server speaks, found once per model and endpoint.

OpenAI's API takes `response_format: {"type": "json_schema", ...}`; llama.cpp's server (from
`llama-cpp-python[server]`) refuses it with HTTP 500 and `Input should be 'text' or
'json_object'`, yet accepts `{"type": "json_object", "schema": {...}}` and enforces the schema;
some servers take neither. A judge set to `auto` is tried in `MODES` order and the first mode its
server accepts is kept for the rest of the run, so a server costs at most one refused request per
mode it lacks, not one per call: the engine lets a single call probe while the others wait
(`JudgeEngine._output_mode`). `off` sends no response format: the prompt's own JSON instructions
and the tolerant parser (parse.py) do the work.
"""

from __future__ import annotations

import re
from typing import Any, Literal, get_args

from expgrade.grading.judge.rubrics import Rubric

#: `--structured-output`: `auto` negotiates; the others force one mode.
StructuredOutput = Literal["auto", "json_schema", "json_object", "off"]
#: A mode actually sent: what `auto` settles on, in the order it tries them.
OutputMode = Literal["json_schema", "json_object", "off"]
MODES: tuple[OutputMode, ...] = get_args(OutputMode)
CHOICES: tuple[str, ...] = get_args(StructuredOutput)

#: A refusal that says the request itself is malformed (a validation error, OpenAI's
#: `invalid_request_error`): sending it again cannot help, whatever the HTTP status says.
_INVALID = re.compile(
    r"Input should be|validation error|invalid_request|invalid request|literal_error"
    r"|unsupported|not supported",
    re.IGNORECASE,
)
#: ... and names the response format: another mode may be accepted.
_ABOUT_FORMAT = re.compile(r"response_format|json_schema|json_object|schema|grammar", re.IGNORECASE)


def structured_mode(value: str | bool) -> StructuredOutput:
    """A `JudgeSpec.structured_output` value as a mode; booleans are the older spelling (True: auto)."""
    if isinstance(value, bool):
        return "auto" if value else "off"
    if value not in CHOICES:
        raise ValueError(f"structured_output must be one of {', '.join(CHOICES)}, not {value!r}")
    return value  # type: ignore[return-value]


def format_for(mode: OutputMode, rubric: Rubric) -> dict[str, Any] | None:
    """The `response_format` a call in `mode` sends (None: none at all)."""
    # The prompt builder, imported only to send: the CLI imports this module to declare its options.
    from expgrade.grading.judge.prompt import response_format, verdict_schema

    if mode == "json_schema":
        return response_format(rubric)
    if mode == "json_object":  # llama.cpp's server spelling: the schema beside the type
        return {"type": "json_object", "schema": verdict_schema(rubric)}
    return None


def status_of(exc: BaseException) -> int | None:
    status = getattr(exc, "status_code", None)
    return status if isinstance(status, int) else None


def invalid_request(exc: BaseException) -> bool:
    """Whether the provider said the request is malformed (400/422, or a body that says so)."""
    return status_of(exc) in (400, 422) or bool(_INVALID.search(str(exc)))


def refuses_format(exc: BaseException) -> bool:
    """Whether a failed call's error says the server does not take its response format."""
    return invalid_request(exc) and bool(_ABOUT_FORMAT.search(str(exc)))


def next_mode(mode: OutputMode) -> OutputMode | None:
    """The mode to try after `mode` was refused (None after `off`: nothing left to drop)."""
    i = MODES.index(mode)
    return MODES[i + 1] if i + 1 < len(MODES) else None
