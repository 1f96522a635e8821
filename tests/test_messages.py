"""The message catalogue: every text the code writes through tr() or marks with N_()
has its French, the French fills the same fields, and the catalogue holds nothing that
the code no longer writes."""

import ast
import string
from pathlib import Path

import pytest

from solver.messages import FRENCH, french_cards, tr, writing_in

ROOT = Path(__file__).resolve().parent.parent


def _templates() -> dict[str, str]:
    """Every literal template passed to tr() or N_() in solver/ and cli/ -> where."""
    found = {}
    for path in [*ROOT.joinpath("solver").rglob("*.py"), *ROOT.joinpath("cli").rglob("*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            named = isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            first = node.args[0] if named and node.args else None
            if named and node.func.id in ("tr", "N_") and isinstance(first, ast.Constant) \
                    and isinstance(first.value, str):
                found.setdefault(node.args[0].value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


TEMPLATES = _templates()


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_code_writes_many_templates():
    assert len(TEMPLATES) > 200        # a scan that found nothing would pass the checks below


@pytest.mark.parametrize("template", sorted(TEMPLATES))
def test_every_template_has_its_french(template):
    assert template in FRENCH, f"no French for {template!r} ({TEMPLATES[template]})"
    assert _fields(FRENCH[template]) == _fields(template), template


def test_the_catalogue_holds_nothing_unused():
    unused = sorted(set(FRENCH) - set(TEMPLATES))
    assert not unused


def test_french_card_names():
    assert french_cards("J♥ Q♠ K♦ A♣ 10♥ 9♠") == "V♥ D♠ R♦ A♣ 10♥ 9♠"
    assert french_cards("AKQ.J") == "AKQ.J"            # hands in PBN text keep their letters
    assert french_cards("♠ A J 9  ♥ A 7  ♦ K 10") == "♠ A V 9  ♥ A 7  ♦ R 10"
    with writing_in("fr"):
        assert tr("after {n} deals", n=2) == "après 2 donnes"
    assert tr("after {n} deals", n=2) == "after 2 deals"


def test_the_catalogue_gives_each_template_once():
    # a dict literal keeps the last of two equal keys silently: the first French would be dead text
    source = (ROOT / "solver" / "messages.py").read_text(encoding="utf-8")
    catalogue = next(node.value for node in ast.parse(source).body
                     if isinstance(node, ast.AnnAssign) and ast.unparse(node.target) == "FRENCH")
    assert isinstance(catalogue, ast.Dict)
    keys = [k.value for k in catalogue.keys if isinstance(k, ast.Constant)]
    assert len(keys) > 500
    assert sorted(k for k in set(keys) if keys.count(k) > 1) == []
