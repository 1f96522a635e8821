"""Benchmark: the whole shipped problem set (solver/data/problems.json) solved again.

Every problem's solution and every alternative's cost must be exact (asserted: a
correctness check, not a time); the CPU time per problem goes to ``extra_info``.

Run: ``python -m pytest benchmarks/test_bench_problems.py --benchmark-only``
"""

from __future__ import annotations

import time

from solver.problems import check_problem, load_problems
from solver.solve import Solver


def test_resolve_whole_set(benchmark) -> None:
    problems = load_problems()
    solver = Solver()

    def resolve() -> list[str]:
        wrong: list[str] = []
        for p in problems:
            wrong += check_problem(p, solver)
        return wrong

    cpu = time.process_time()
    wrong = benchmark.pedantic(resolve, rounds=1, iterations=1)
    benchmark.extra_info["problems"] = len(problems)
    benchmark.extra_info["cpu_ms_per_problem"] = round(1000 * (time.process_time() - cpu) / len(problems), 2)
    assert wrong == []
