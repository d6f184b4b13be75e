"""`expgrade report`: a run folder's results as HTML (with plots), Markdown or JSON."""

from expgrade.grading.report.build import build_report
from expgrade.grading.report.render import render_html, render_markdown
from expgrade.grading.report.summary import print_summary

__all__ = ["build_report", "print_summary", "render_html", "render_markdown"]
