"""The development set-up README.md describes runs as written: the test extra installs what
``python setup.py build_ext --inplace`` needs, the dependency lower bounds are those
``.ci/oldest`` installs, and ``.ci/run`` installs nothing outside a virtual environment of
its own."""

import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")      # Python 3.11 and later

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower()


def test_the_test_extra_holds_the_build_requirements():
    build = {_name(r) for r in PROJECT["build-system"]["requires"]} - {"wheel"}
    test = {_name(r) for r in PROJECT["project"]["optional-dependencies"]["test"]}
    assert build <= test, f"setup.py build_ext needs {sorted(build - test)}, which .[test] leaves out"


def test_every_run_time_dependency_has_a_lower_bound_for_ci_oldest():
    for requirement in PROJECT["project"]["dependencies"]:
        assert re.fullmatch(r"[A-Za-z0-9_.-]+>=[0-9.]+", requirement), requirement
    assert "re.sub(r\">=\", \"==\"" in (ROOT / ".ci" / "oldest").read_text(encoding="utf-8")


def test_ci_installs_into_a_virtual_environment_of_its_own():
    for script in ("run", "oldest"):
        lines = [line.strip() for line in (ROOT / ".ci" / script).read_text(encoding="utf-8").splitlines()
                 if line.strip() and not line.lstrip().startswith("#")]
        pip = next(i for i, line in enumerate(lines) if "pip install" in line)
        venv = next(i for i, line in enumerate(lines) if re.match(r"python -m venv \S+$", line))
        activate = next(i for i, line in enumerate(lines) if re.match(r"\. \S+/bin/activate$", line))
        assert venv < activate < pip, f".ci/{script} runs pip before it is in its own environment"


def test_the_benchmark_command_names_each_benchmark_as_it_starts():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = re.search(r"^python -m pytest benchmarks[^\n#]*", readme, re.M).group(0)
    assert " -v" in command, command
