"""Shared by the benchmarks: a summary of every benchmark's ``extra_info`` at the end.

pytest-benchmark's own table times each benchmark's whole call; the per-query figures
(median, p99, nodes) live in ``extra_info``.  This prints them after the run, one line
per benchmark, so ``python -m pytest benchmarks`` shows them without a JSON file.
"""

from __future__ import annotations


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    plugin = getattr(config, "_benchmarksession", None)    # pytest-benchmark's own attribute
    benches = [b for b in getattr(plugin, "benchmarks", None) or [] if getattr(b, "extra_info", None)]
    if not benches:
        return
    terminalreporter.section("benchmark extra_info")
    for b in benches:
        info = " ".join(f"{k}={v}" for k, v in b.extra_info.items())
        terminalreporter.write_line(f"{b.name}: {info}")
