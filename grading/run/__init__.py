"""Running many gradings: orchestrator, job, results store, manifest, labels, demo."""
