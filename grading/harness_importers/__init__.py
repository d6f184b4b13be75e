"""Harness outputs -> expgrade submission folders (`expgrade submissions import FORMAT`).

One mapping (`mapping.FieldMap`: which field holds the id, agent, model, answer, log, attempt
and the harness's own result) turns any harness's records into `HarnessRecord`s; each built-in
format (`inspect_log`, `openhands`, `swebench`, `paperbench`) is presets of it, one per
generation (`presets.Preset`), and `json`/`jsonl` take a user's mapping. `auto` recognises the
harness from a file's content; one `SubmissionWriter` writes them all.
Other packages add formats through the `expgrade.harnesses` entry point group, without editing
expgrade (docs/harnesses.md).
"""

from __future__ import annotations

from importlib.metadata import entry_points

from expgrade.grading.harness_importers import (
    aider,
    atif,
    claude_code,
    codex,
    inspect_log,
    openhands,
    paperbench,
    swebench,
)
from expgrade.grading.harness_importers.common import (
    FileImport,
    Harness,
    HarnessOptions,
    Notice,
    import_files,
)
from expgrade.grading.harness_importers.mapping import FieldMap, load_mapping_file, parse_map_options
from expgrade.grading.harness_importers.presets import Preset, generic_harness
from expgrade.grading.harness_importers.writer import (
    HarnessRecord,
    Overrides,
    SubmissionWriter,
    render_transcript,
)

#: The formats expgrade ships: the built-in presets, and `json`/`jsonl` for a user's mapping.
HARNESSES: dict[str, Harness] = {
    h.name: h
    for h in (
        inspect_log.HARNESS,
        openhands.HARNESS,
        swebench.HARNESS,
        paperbench.HARNESS,
        atif.HARNESS,
        claude_code.HARNESS,
        codex.HARNESS,
        aider.HARNESS,
        generic_harness("json"),
        generic_harness("jsonl"),
    )
}
#: Where other packages register a `Harness`: `[project.entry-points."expgrade.harnesses"]`.
ENTRY_POINT_GROUP = "expgrade.harnesses"


def registered_harnesses() -> tuple[dict[str, Harness], list[str]]:
    """Every format: the shipped ones and those installed packages register, and what went wrong
    loading the latter. A broken plugin is reported, never fatal: the other formats still work."""
    found = dict(HARNESSES)
    problems: list[str] = []
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        where = f"harness '{ep.name}' ({ep.value}{f', package {ep.dist.name}' if ep.dist else ''})"
        if ep.name in HARNESSES:
            problems.append(f"{where}: not used, '{ep.name}' is a format expgrade ships")
            continue
        try:
            harness = ep.load()
        except Exception as exc:  # a third party's import error must not take expgrade down
            problems.append(f"{where}: cannot be loaded ({type(exc).__name__}: {exc})")
            continue
        if not isinstance(harness, Harness):
            problems.append(f"{where}: is a {type(harness).__name__}, expected an expgrade Harness")
        elif harness.name != ep.name:
            problems.append(f"{where}: the entry point is named '{ep.name}' but the Harness '{harness.name}'")
        else:
            found[ep.name] = harness
    return found, problems


__all__ = [
    "ENTRY_POINT_GROUP",
    "HARNESSES",
    "FieldMap",
    "FileImport",
    "Harness",
    "HarnessOptions",
    "HarnessRecord",
    "Notice",
    "Overrides",
    "Preset",
    "SubmissionWriter",
    "import_files",
    "load_mapping_file",
    "parse_map_options",
    "registered_harnesses",
    "render_transcript",
]
