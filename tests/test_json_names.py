"""One name per field across the doors: the command line's ``--json`` and the board's
JSON API give each value the same name (docs/json.md), the names of the Python API's
``to_dict()``."""

import json

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from cli_helpers import run  # noqa: E402
from solver.web import create_app  # noqa: E402

#: The same question at both doors: the command line's arguments, the API's path and body.
QUESTIONS = [
    (["solve", "example", "--strain", "C", "--leader", "S", "--played", "SQ S7"],
     "/api/solve", {"deal": "example", "strain": "C", "leader": "S", "played": "SQ S7"}),
    (["table", "example"], "/api/table", {"deal": "example"}),
    (["par", "example", "--dealer", "W"], "/api/par", {"deal": "example", "dealer": "W"}),
    (["review", "example", "--strain", "C", "--leader", "S", "--played", "SQ S7 SA ST"],
     "/api/review", {"deal": "example", "strain": "C", "leader": "S", "played": "SQ S7 SA ST"}),
]

#: Work counts, which depend on what the solver met before.
_WORK = {"nodes"}


def _fields(data, path=()):
    """Every ``(key path, value)`` of a JSON object, nested objects and lists of objects included."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield path + (k,), v
            yield from _fields(v, path + (k,))
    elif isinstance(data, list):
        for v in data:
            yield from _fields(v, path)


def _telling(value) -> bool:
    """A value too particular to be two fields' by chance (a list of cards, a table row)."""
    return isinstance(value, (list, dict)) and len(value) > 1


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


@pytest.mark.parametrize("args, path, body", QUESTIONS, ids=lambda x: x if isinstance(x, str) else None)
def test_a_value_has_one_name_at_both_doors(client, args, path, body):
    cli = json.loads(run(*args, "--json").stdout)
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    web = response.json()
    web_names = {}
    for keys, value in _fields(web):
        if keys[-1] not in _WORK and _telling(value):
            web_names.setdefault(json.dumps(value, sort_keys=True), set()).add(keys[-1])
    shared = 0
    for keys, value in _fields(cli):
        names = web_names.get(json.dumps(value, sort_keys=True))
        if keys[-1] in _WORK or not _telling(value) or names is None:
            continue
        assert keys[-1] in names, f"{'.'.join(keys)} is called {sorted(names)} by the web API"
        shared += 1
    assert shared, "the two doors share no field: the question differs"


def test_the_optimal_line_is_optimal_line_everywhere(client):
    import solver

    sol = solver.solve(solver.Deal.from_pbn(solver.EXAMPLE_DEAL), "C", leader="S")
    line = [c.name for c in sol.line]
    assert sol.to_dict()["optimal_line"] == line
    assert json.loads(run("solve", "example", "--strain", "C", "--leader", "S", "--json").stdout)[
        "optimal_line"] == line
    web = client.post("/api/solve", json={"deal": "example", "strain": "C", "leader": "S"}).json()
    assert web["optimal_line"] == line and "line" not in web
