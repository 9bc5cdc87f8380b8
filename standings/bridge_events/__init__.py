"""Bridge events in the project: the `bridge_standings` command over the pure `bridge` package."""
