"""The ``coinche`` command line (typer)."""
