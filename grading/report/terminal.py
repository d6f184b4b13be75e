"""The terminal tables of a run's report: the one rule for every table the CLI prints lives in
`expgrade.grading.tables` (a light module, so commands that print a table start fast)."""

from expgrade.grading.tables import stacked, terminal_table

__all__ = ["stacked", "terminal_table"]
