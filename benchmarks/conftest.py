"""Shared by the benchmarks: the machine's load, and a summary of every benchmark's
``extra_info`` at the end.

pytest-benchmark's own table times each benchmark's whole call; the per-query figures
(median, p99, nodes) live in ``extra_info``.  This prints them after the run, one line
per benchmark, so ``python -m pytest benchmarks`` shows them without a JSON file.  Each
benchmark's ``extra_info`` also holds the one-minute load average before and after it
(``load_average_before``, ``load_average_after``): times, and a ratio to another
solver's, mean little when other work holds the cores.
"""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def machine_load(request):
    """The load average around each benchmark, into its ``extra_info``."""
    if "benchmark" not in request.fixturenames:
        yield
        return
    bench = request.getfixturevalue("benchmark")
    before = os.getloadavg()[0]
    yield
    bench.extra_info["load_average_before"] = round(before, 2)
    bench.extra_info["load_average_after"] = round(os.getloadavg()[0], 2)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    plugin = getattr(config, "_benchmarksession", None)    # pytest-benchmark's own attribute
    benches = [b for b in getattr(plugin, "benchmarks", None) or [] if getattr(b, "extra_info", None)]
    if not benches:
        return
    terminalreporter.section("benchmark extra_info")
    for b in benches:
        info = " ".join(f"{k}={v}" for k, v in b.extra_info.items())
        terminalreporter.write_line(f"{b.name}: {info}")
