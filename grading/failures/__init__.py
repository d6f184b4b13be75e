"""Why agents fail: a versioned taxonomy, detectors over the run's steps, a judge for the rest.

See docs/failures.md. `run.analyze_run` writes RUN_DIR/failures.jsonl; the report's
`failure_modes` block and `expgrade compare` read it; calibration compares it with people's
failure-mode labels.
"""
