"""Benchmark files -> Task records (docs/formats.md §2), one module per benchmark.

`IMPORTERS` maps the names the CLI accepts to their importer; `import_batch` applies one to
many sources with the batch rule of docs/formats.md §1.
"""

from expgrade.grading.task_importers import autoexperiment, expbench, paperbench
from expgrade.grading.task_importers.common import BatchResult, FileOutcome, Importer, import_batch

IMPORTERS: dict[str, Importer] = {
    imp.name: imp for imp in (expbench.IMPORTER, autoexperiment.IMPORTER, paperbench.IMPORTER)
}

__all__ = ["IMPORTERS", "BatchResult", "FileOutcome", "Importer", "import_batch"]
