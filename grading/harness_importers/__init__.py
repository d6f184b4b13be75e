"""Harness outputs -> expgrade submission folders (`expgrade submissions import FORMAT`).

One module per harness format (`inspect_log`, `openhands`, `swebench`, `paperbench`), each a
`Harness` that turns its files into `HarnessRecord`s; one `SubmissionWriter` writes them all.
"""

from expgrade.grading.harness_importers import inspect_log, openhands, paperbench, swebench
from expgrade.grading.harness_importers.common import FileImport, Harness, HarnessOptions, import_files
from expgrade.grading.harness_importers.writer import (
    HarnessRecord,
    Overrides,
    SubmissionWriter,
    render_transcript,
)

HARNESSES: dict[str, Harness] = {
    h.name: h for h in (inspect_log.HARNESS, openhands.HARNESS, swebench.HARNESS, paperbench.HARNESS)
}

__all__ = [
    "HARNESSES",
    "FileImport",
    "Harness",
    "HarnessOptions",
    "HarnessRecord",
    "Overrides",
    "SubmissionWriter",
    "import_files",
    "render_transcript",
]
