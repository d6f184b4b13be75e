"""Loading submissions (docs/formats.md §3): the native folder layout and adapters for benchmark outputs."""

from expgrade.grading.submission_reader.loader import (
    DEFAULT_ARTIFACTS,
    LoadedSubmission,
    Problem,
    SubmissionScan,
)
from expgrade.grading.submission_reader.scan import load_submissions, scan_submissions

__all__ = [
    "DEFAULT_ARTIFACTS",
    "LoadedSubmission",
    "Problem",
    "SubmissionScan",
    "load_submissions",
    "scan_submissions",
]
