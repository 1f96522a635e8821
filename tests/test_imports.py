"""The import graph of ``solver/`` and ``cli/``, read from the sources' syntax trees.

- no circle: no module reaches itself through the modules it imports (at the top or
  inside a function: an import inside a function hides an arrow, it does not remove it);
- no arrow back up to the package's face: a module of ``solver`` takes nothing from
  ``solver/__init__.py``, which imports them all;
- imports inside functions only for what an optional extra brings (matplotlib, pyarrow,
  the web board, a Dask cluster) or what only some Pythons have;
- no module imports another's private name (``_name``): what two modules share is public.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"solver": "solver", "cli": "coinche_cli"}       # folder -> the name it installs as

#: Imports allowed inside a function: modules of optional extras, or of some Pythons only
#: (``tomllib`` is 3.11's; ``tomli`` before).  The web board needs the ``web`` extra: the
#: package ``solver.web`` imports fastapi when it loads, so each of its modules counts.
OPTIONAL = {"matplotlib", "matplotlib.pyplot", "pyarrow", "pyarrow.parquet", "distributed", "uvicorn",
            "tomllib", "tomli", "solver.web"}


def _optional(module: str) -> bool:
    return module in OPTIONAL or module.startswith("solver.web.")

#: Imports made inside a function on purpose: the entry point imports the command line
#: inside its guard against Ctrl-C (an interrupt during the imports exits 130); the French
#: help's catalogue is loaded only for a French help (the English command line starts without it).
DELIBERATE = {("cli/entry.py", "cli.main", "main"), ("cli/lang.py", "cli.help_fr", "french_help")}

#: Imports still made inside functions, or of private names, by modules being reworked:
#: (file, imported module, name).  The list may only shrink.
PENDING: set[tuple[str, str, str]] = set()


@dataclasses.dataclass(frozen=True)
class Import:
    path: str           # the importing file, from the checkout's root
    module: str         # the module imported from, by its dotted name in the checkout
    name: str           # the name taken ("" for ``import module``)
    inside: bool        # made inside a function
    typing_only: bool   # under ``if TYPE_CHECKING:``


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _target(path: Path, node: ast.ImportFrom) -> str:
    """The dotted name an import refers to, relative imports resolved, installed names
    (``coinche_cli``) read as their folder."""
    if node.level == 0:
        module = node.module or ""
        for folder, installed in PACKAGES.items():
            if module == installed or module.startswith(installed + "."):
                module = folder + module[len(installed):]
        return module
    base = _module_name(path).split(".")
    if path.name != "__init__.py":
        base = base[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


class _Reader(ast.NodeVisitor):
    def __init__(self, path: Path) -> None:
        self.path, self.depth, self.typing_only = path, 0, False
        self.found: list[Import] = []

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_If(self, node: ast.If) -> None:
        if "TYPE_CHECKING" in ast.unparse(node.test):
            before, self.typing_only = self.typing_only, True
            for child in node.body:
                self.visit(child)
            self.typing_only = before
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)

    def _add(self, module: str, name: str) -> None:
        rel = self.path.relative_to(ROOT).as_posix()
        self.found.append(Import(rel, module, name, self.depth > 0, self.typing_only))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(_target(self.path, ast.ImportFrom(module=alias.name, names=[], level=0)), "")

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = _target(self.path, node)
        for alias in node.names:
            self._add(module, alias.name)


def _sources() -> list[Path]:
    return sorted(p for folder in PACKAGES for p in (ROOT / folder).rglob("*.py"))


def _imports() -> list[Import]:
    out: list[Import] = []
    for path in _sources():
        reader = _Reader(path)
        reader.visit(ast.parse(path.read_text(encoding="utf-8")))
        out += reader.found
    return out


MODULES = {_module_name(p) for p in _sources()}


def _project_module(imp: Import) -> str | None:
    """The module of the checkout an import ties to: ``from . import notation`` names the
    submodule, ``from .cards import Seat`` the module; None outside the checkout."""
    submodule = f"{imp.module}.{imp.name}"
    if imp.name and submodule in MODULES:
        return submodule
    return imp.module if imp.module in MODULES else None


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for imp in _imports():
        target = _project_module(imp)
        source = _module_name(ROOT / imp.path)
        if target is not None and target != source and not source.endswith("__init__"):
            graph[source].add(target)
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_reader_sees_an_import_inside_a_function_and_a_circle():
    # the checks below are only as good as the reader: it must see these
    reader = _Reader(ROOT / "solver" / "x.py")
    source = "from .cards import Seat\ndef f():\n    from . import deal\n    from .play import _p\n"
    reader.visit(ast.parse(source))
    assert [(i.module, i.name, i.inside) for i in reader.found] == [
        ("solver.cards", "Seat", False), ("solver", "deal", True), ("solver.play", "_p", True)]
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circle():
    assert _circles(_graph()) == []


def test_the_look_ahead_stands_between_the_point_count_bot_and_pimc():
    # the look-ahead reads auctions with the point-count bot, whose module stands on
    # bidding: bidding, the point-count bot and card play reach lookahead by no path,
    # inside a function or not; the PIMC bot, which judges its calls by the look-ahead's
    # rollouts, stands above it
    graph = _graph()

    def reach(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for m in graph[todo.pop()] - seen:
                seen.add(m)
                todo.append(m)
        return seen
    assert {"solver.bidding", "solver.heuristic"} <= reach("solver.lookahead")
    for below in ("solver.bidding", "solver.heuristic", "solver.cardplay"):
        assert "solver.lookahead" not in reach(below), below
    assert "solver.lookahead" in reach("solver.bots")


def test_no_module_of_the_package_imports_its_face():
    for imp in _imports():
        if imp.path.startswith("solver/") and not imp.path.endswith("__init__.py"):
            assert _project_module(imp) != "solver", imp


def test_imports_inside_functions_are_for_optional_extras_only():
    inside = {(i.path, i.module, i.name) for i in _imports()
              if i.inside and (i.module.split(".")[0] in PACKAGES or _optional(i.module))}
    unexpected = {x for x in inside if not _optional(x[1]) and x not in PENDING | DELIBERATE}
    assert not unexpected, sorted(unexpected)


def test_no_module_imports_a_private_name_of_another():
    private = {(i.path, i.module, i.name) for i in _imports()
               if i.name.startswith("_") and not i.name.startswith("__")
               and i.module.split(".")[0] in PACKAGES}
    assert not private - PENDING, sorted(private - PENDING)


def test_the_pending_list_names_imports_that_still_exist():
    # an import moved up or made public is struck from PENDING, so the list only shrinks
    made = {(i.path, i.module, i.name) for i in _imports()}
    assert PENDING <= made, sorted(PENDING - made)
