"""Execution grading: re-run a submission in a sandbox and check its numbers (docs/formats.md §4)."""

from expgrade.grading.execution.compare import Comparison, compare, within
from expgrade.grading.execution.grader import SubmissionArtifacts, grade_execution

__all__ = ["Comparison", "SubmissionArtifacts", "compare", "grade_execution", "within"]
