"""The graders: one task x submission -> one result record (unit tests, judged subtasks, integrity)."""
