"""The Python API at its edges: what every query accepts, how wrong types and impossible
positions are refused (the project's errors, never a TypeError or a crashed interpreter),
and what a type checker sees of the package."""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import importlib.util
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solver
from solver import (
    EXAMPLE_DEAL, Card, CardSet, CoincheError, Deal, Position, Rank, Rules, Seat, Solver, Suit, Team,
    can_take, solve,
)
from solver._engine import Engine
from solver.errors import (
    CardError, DealError, RulesError, ScoreError, SeatError, StrainError,
)
from solver.rules import Strain, points_table, strength_table

from cli_helpers import run

ROOT = Path(__file__).resolve().parent.parent
DEAL = Deal.from_pbn(EXAMPLE_DEAL)


# -- every query takes a Deal, deal text or a Position, and dealer= ------------------------

def test_queries_read_deal_text():
    # the reference value of the example deal in clubs with S leading: 146 (the module
    # doctest of solver/solve.py, tests/data/dd_reference.json case 4)
    assert solve(EXAMPLE_DEAL, "C", leader="S").ns_points == 146
    assert can_take(EXAMPLE_DEAL, "C", 146, leader="S") and not can_take(EXAMPLE_DEAL, "C", 147, leader="S")
    assert Solver(tt_bits=10).solve(EXAMPLE_DEAL, "C", "S").ns_points == 146


@pytest.mark.parametrize("dealer", list(Seat))
def test_dealer_means_the_seat_after_leads(dealer):
    by_dealer = solve(DEAL, "H", dealer=dealer)
    assert by_dealer.leader == dealer.next
    assert by_dealer.ns_points == solve(DEAL, "H", leader=dealer.next).ns_points
    value = by_dealer.ns_points
    assert can_take(DEAL, "H", value, dealer=dealer.name)
    assert not can_take(DEAL, "H", value + 1, dealer=dealer)


def test_review_takes_dealer():
    by_dealer = solver.review(EXAMPLE_DEAL, "C", dealer="E", played="SQ")
    assert by_dealer.leader == Seat.S
    assert by_dealer.value_after == solver.review(DEAL, "C", leader="S", played="SQ").value_after


def test_leader_and_dealer_must_agree():
    assert solve(DEAL, "H", leader="E", dealer="N").leader == Seat.E
    with pytest.raises(SeatError, match="contradicts"):
        solve(DEAL, "H", leader="S", dealer="N")
    with pytest.raises(SeatError, match="contradicts"):
        can_take(DEAL, "H", 80, leader="S", dealer="N")


def test_a_position_is_solved_as_it_stands():
    pos = Position.parse(DEAL, "C", "S", Rules())
    pos.play(Card.SQ)
    pos.play(Card.S7)
    want = solve(DEAL, "C", leader="S", played="SQ S7")
    got = solve(pos)
    assert (got.ns_points, got.played, got.to_move) == (want.ns_points, want.played, want.to_move)
    # played goes on from the position; the position itself is left as it was
    on = solve(pos, played=["SA"])
    assert on.played == solve(DEAL, "C", leader="S", played="SQ S7 SA").played
    assert len(pos.history) == 2
    assert can_take(pos, target=want.ns_points) and not can_take(pos, "C", want.ns_points + 1, leader="S")


@pytest.mark.parametrize("kwargs, error", [
    ({"strain": "H"}, StrainError),
    ({"leader": "N"}, SeatError),
    ({"dealer": "S"}, SeatError),
    ({"rules": Rules(must_undertrump=False)}, RulesError),
])
def test_a_position_refuses_arguments_that_contradict_it(kwargs, error):
    pos = Position.parse(DEAL, "C", "S", Rules())
    with pytest.raises(error, match="contradict"):
        solve(pos, **kwargs)


def test_targets_beyond_any_deal_are_answered():
    # no side takes more than every point (162) or less than none
    assert not can_take(DEAL, "H", 2**40) and can_take(DEAL, "H", -2**40)
    assert can_take(DEAL, "H", 2**40, side="EW") is False


@pytest.mark.parametrize("call, error", [
    (lambda: solve(DEAL), StrainError),                        # a Deal needs a strain
    (lambda: can_take(DEAL, "H"), ScoreError),                 # and can_take a target
    (lambda: can_take(DEAL, "H", "82"), ScoreError),
    (lambda: can_take(DEAL, "H", 82.0), ScoreError),
    (lambda: solve(DEAL, "H", rules="j13"), RulesError),
    (lambda: solve(DEAL, "H", played=5), CardError),
    (lambda: solve(None, "H"), DealError),
    (lambda: solve(b"N:AK.K8.K8.A8", "H"), DealError),
])
def test_queries_refuse_wrong_types(call, error):
    with pytest.raises(error):
        call()


# -- Rules, cards and the public constructors ----------------------------------------------

_N_RULES = len(dataclasses.fields(Rules))

@pytest.mark.parametrize("args, kwargs, words", [
    ((), {"foo": 1}, ["'foo'", "must_undertrump"]),
    ((True,) * (_N_RULES + 1), {}, [f"at most {_N_RULES}"]),     # one more than Rules has fields
    ((False,), {"must_undertrump": True}, ["given twice"]),
    ((), {"failed_capot": 500.0}, ["failed_capot", "500.0"]),
    ((), {"target": True}, ["target"]),
    ((), {"ta_table": ["j13"]}, ["['j13']"]),
])
def test_rules_refuse_with_rules_error(args, kwargs, words):
    with pytest.raises(RulesError) as e:
        Rules(*args, **kwargs)
    for w in words:
        assert w in str(e.value)


def test_rules_still_build_copy_and_pickle():
    r = Rules(False, must_overtrump_partner=False, target=1000)
    assert (r.must_undertrump, r.must_overtrump_partner, r.target) == (False, False, 1000)
    assert pickle.loads(pickle.dumps(r)) == r
    assert r.replace(target=1500).target == 1500
    with pytest.raises(RulesError, match="'colour'"):
        r.replace(colour="red")


def test_rule_options_read_names_in_any_case():
    r = Rules().with_options(["MUST_UNDERTRUMP=false", "Must-Overtrump-Partner=OFF", "TA_TABLE=J13"])
    assert (r.must_undertrump, r.must_overtrump_partner, r.ta_table) == (False, False, "j13")
    for bad in ["must_undertrump", "target=١٠٠٠", "target=" + "9" * 5000, "nope=1"]:
        with pytest.raises(RulesError):
            Rules().with_options([bad])


def test_rule_option_names_in_capitals_on_the_command_line():
    upper = run("table", "example", "--leader", "N", "--json", "--rule", "MUST_UNDERTRUMP=false")
    lower = run("table", "example", "--leader", "N", "--json", "--rule", "must_undertrump=false")
    assert upper.exit_code == 0, upper.output
    assert upper.stdout == lower.stdout


def test_suits_and_ranks_print_as_letters():
    card = Card.parse("10♥")
    assert (str(card.suit), str(card.rank)) == ("H", "T")
    assert f"{Rank.R7}{Suit.S}" == "7S"
    assert [str(r) for r in Rank] == list("789TJQKA")


def test_card_sets_read_text():
    assert CardSet("SA HT") == CardSet("SA,HT") == CardSet("A.T.-.-") == CardSet([Card.SA, Card.HT])


@pytest.mark.parametrize("call", [
    lambda: CardSet(None), lambda: CardSet(1.5), lambda: CardSet(b"SA"), lambda: CardSet(True),
    lambda: CardSet([None]), lambda: CardSet(-1),
    lambda: Deal([None, 0, 0, 0]), lambda: Deal(None), lambda: Deal(4), lambda: Deal(EXAMPLE_DEAL),
    lambda: Deal([0, 0, 0]), lambda: Deal.random(seed=1.5), lambda: Deal.random(rng=1),
    lambda: Deal.from_pbn(None), lambda: Deal.parse(7),
    lambda: Solver(tt_bits=14.0), lambda: Solver(tt_bits="14"), lambda: Solver(tt_bits=40),
    lambda: Solver(tt_bits=2**31),
    lambda: Position.parse(None, "H"), lambda: Position.parse(DEAL, "H", "N", "j13"),
    lambda: Position.parse(DEAL, "H", played=5),
    lambda: solver.legal_cards(CardSet(), 5, Seat.N, Strain.H), lambda: solver.trick_winner([None], Strain.H),
])
def test_constructors_refuse_wrong_types_with_project_errors(call):
    with pytest.raises(CoincheError):
        call()


WRONG = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.binary(max_size=8), st.text(max_size=12),
    st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=3)), max_size=5),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3), st.complex_numbers(),
    st.from_type(type).flatmap(lambda t: st.just(t)),
)


@settings(max_examples=150, deadline=None)
@given(WRONG, st.sampled_from([
    Card.parse, Suit.parse, Rank.parse, Seat.parse, Team.parse, Strain.parse, CardSet, CardSet.from_pbn,
    Deal, Deal.from_pbn, Deal.parse, lambda x: Deal.random(seed=x), lambda x: Solver(tt_bits=x),
    lambda x: Rules(target=x), lambda x: Rules(must_undertrump=x), lambda x: Rules(ta_table=x),
    lambda x: Rules().with_options([x]), lambda x: Rules().with_options(x),
    lambda x: solve(x, "H"), lambda x: solve(DEAL, x), lambda x: solve(DEAL, "H", x),
    lambda x: solve(DEAL, "H", dealer=x), lambda x: can_take(DEAL, "H", x), lambda x: can_take(x, "H", 80),
    lambda x: can_take(DEAL, "H", 80, side=x), lambda x: solve(DEAL, "H", played=x),
    lambda x: Position.parse(x, "H"), lambda x: Position.parse(DEAL, "H", rules=x),
    lambda x: Position.parse(DEAL, "H", played=x),
    lambda x: solver.legal_cards(x, [], Seat.N, Strain.H), lambda x: solver.legal_cards(CardSet(), x, Seat.N, Strain.H),
    lambda x: solver.trick_winner(x, Strain.H),
]))
def test_wrong_types_raise_project_errors(value, call):
    """Whatever the value, the public constructors, parsers and queries either take it
    or refuse it with a CoincheError: never a TypeError or an AttributeError."""
    try:
        call(value)
    except CoincheError:
        pass


# -- nothing reachable from Python crashes the engine ----------------------------------------

FULL = [0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24]      # every suit to one player


@pytest.mark.parametrize("hands, leader, trick, words", [
    ([0xFF, 0xFF, 0xFF00, 0xFF0000], Seat.N, (), ["shares"]),          # overlapping hands
    ([0xFFFFFFFF] * 4, Seat.N, (), ["shares"]),                        # every card in every hand
    ([1 << 40, 0, 0, 0], Seat.N, (), ["out of range"]),
    ([-1, 0, 0, 0], Seat.N, (), ["out of range"]),
    ([1, 2, 4], Seat.N, (), ["3 hands"]),
    ([1, 2, 4, 8], Seat.N, (1,), ["also held"]),                       # a trick card still held
    ([2, 4, 8, 0], Seat.N, (0, 0), ["played twice"]),
    ([2, 4, 8, 16], Seat.N, (0,), ["consistent"]),                     # N played: one card too many
])
def test_load_hands_refuses_impossible_positions(hands, leader, trick, words):
    s = Solver(tt_bits=8)
    with pytest.raises(DealError) as e:
        s.load_hands(hands, Strain.H, leader, Rules(), trick)
    for w in words:
        assert w in str(e.value)
    # and the engine is left without a position, never with half of one
    assert s._engine.value() == 0 and s._engine.is_over and s._engine.move_classes() == []


@pytest.mark.parametrize("leader", [4, 5, 200, 255, -1])
def test_leader_out_of_range_is_refused(leader):
    # an int is no Seat (the type checker refuses it); the engine's own check still holds
    with pytest.raises(DealError, match="leader"):
        Solver(tt_bits=8).load_hands(FULL, Strain.H, leader, Rules())
    with pytest.raises(ValueError, match="leader"):
        Engine(8).setup(FULL, 1, strength_table(Strain.H), points_table(Strain.H), leader)


def test_raw_engine_checks_its_arguments():
    e = Engine(8)
    st_h, pts_h = strength_table(Strain.H), points_table(Strain.H)
    for card in (100000, 32, -1):
        with pytest.raises(ValueError, match="out of range"):
            e.play(card)                 # no position yet
    e.setup(FULL, 1, st_h, pts_h, 0)
    for card in (100000, 32, -1):
        with pytest.raises(ValueError, match="out of range"):
            e.play(card)
        with pytest.raises(ValueError, match="out of range"):
            e.card_value(card)
    with pytest.raises(ValueError, match="strain"):
        e.setup(FULL, 6, st_h, pts_h, 0)
    with pytest.raises(ValueError, match="strengths"):
        e.setup(FULL, 1, [9] * 32, pts_h, 0)
    with pytest.raises(ValueError, match="points"):
        e.setup(FULL, 1, st_h, [200] * 32, 0)
    with pytest.raises(ValueError, match="points"):
        e.setup(FULL, 1, st_h, [-1] + [0] * 31, 0)
    with pytest.raises(ValueError, match="trick card"):
        e.setup([2, 4, 8, 0], 1, st_h, pts_h, 0, [40])
    assert e.value() == 0 and e.move_classes() == []
    # and good setups after all of these give the right values.  Each player holds one
    # suit (N spades, E hearts); N leads.  Spades trumps: nobody else can follow or trump,
    # N takes every trick, all 162 points.  Hearts trumps: E trumps the lead and then
    # leads hearts nobody can follow, E-W take everything, N-S 0.
    e.setup(FULL, 0, strength_table(Strain.S), points_table(Strain.S), 0)
    assert e.value() == 162
    e.setup(FULL, 1, st_h, pts_h, 0)
    assert e.value() == 0


# -- what a type checker sees ----------------------------------------------------------------

def test_all_is_written_out_and_complete():
    """``__all__`` is a literal list (type checkers do not run code) naming every public
    name the package imports."""
    source = (ROOT / "solver" / "__init__.py").read_text()
    [node] = [n for n in ast.parse(source).body
              if isinstance(n, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in n.targets)]
    assert isinstance(node.value, ast.List)
    assert all(isinstance(e, ast.Constant) for e in node.value.elts)
    public = {name for name, value in vars(solver).items()
              if not name.startswith("_") and not isinstance(value, ModuleType)} | {"__version__"}
    assert sorted(solver.__all__) == sorted(public)
    assert len(solver.__all__) == len(set(solver.__all__))


def _readme_python() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, "README.md has no Python example"
    return blocks[0]


def test_mypy_strict_accepts_the_readme_example(tmp_path, tmp_path_factory):
    """``mypy --strict`` on the README's Python example, run from a folder outside the
    checkout: the installed package is found (the editable install is setuptools' strict
    mode, a tree of links type checkers follow) and exports what the example uses."""
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed: pip install -e '.[test]' installs it")
    (tmp_path / "example.py").write_text(_readme_python(), encoding="utf-8")
    # the cache outlives the run (mypy checks it against the sources), one per interpreter
    digest = hashlib.sha1(sys.prefix.encode()).hexdigest()[:12]
    cache = tmp_path_factory.getbasetemp().parent / f"mypy-cache-{digest}"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), "example.py"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success" in done.stdout


#: A user's script: what a type checker infers for the package's answers (``assert_type``
#: fails the check when the inferred type differs, ``Any`` included).
_USER_SCRIPT = """\
from typing_extensions import assert_type

import solver
from solver import AuctionAdvice, Card, CardSet, Deal, PlayAdvice, Position, Seat, Solution, Solver

deal = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")
assert_type(deal.hands, tuple[CardSet, CardSet, CardSet, CardSet])
north, east, south, west = deal.hands
assert_type(north.mask, int)
assert_type(deal[Seat.S], CardSet)
assert_type(Seat.parse("N"), Seat)
assert_type(Card.parse("SA"), Card)
assert_type(solver.solve(deal, "C", leader="S"), Solution)
assert_type(Solver(tt_bits=10).solve(deal, "C", leader="S"), Solution)
assert_type(Solver(tt_bits=10).card_values(Position.parse(deal, "C", "S")), dict[Card, int])
assert_type(solver.auction_advice("AJ9.A7.KT.J", "S", "E", "E:pass S:?", samples=8, seed=1), AuctionAdvice)
assert_type(solver.play_advice("AJ9.A7.KT.J", "S", "100H S", samples=8, seed=1), PlayAdvice)
"""

_ADVISE_SCRIPT = """\
from typing_extensions import assert_type

import solver

assert_type(solver.advise("AJ9.A7.KT.J", seat="S", dealer="E", samples=8, seed=1), solver.Advice)
"""


def _mypy_strict(script: str, tmp_path: Path,
                 tmp_path_factory: pytest.TempPathFactory) -> "subprocess.CompletedProcess[str]":
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed: pip install -e '.[test]' installs it")
    (tmp_path / "user.py").write_text(script, encoding="utf-8")
    digest = hashlib.sha1(sys.prefix.encode()).hexdigest()[:12]
    cache = tmp_path_factory.getbasetemp().parent / f"mypy-cache-{digest}"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), "user.py"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)


def test_a_users_script_sees_precise_types(tmp_path, tmp_path_factory):
    """Hands, solutions, a solver's guarded methods and the advice functions are typed
    for a user's type checker, not ``Any``."""
    done = _mypy_strict(_USER_SCRIPT, tmp_path, tmp_path_factory)
    assert done.returncode == 0, done.stdout + done.stderr


def test_advise_is_typed_for_a_users_script(tmp_path, tmp_path_factory):
    done = _mypy_strict(_ADVISE_SCRIPT, tmp_path, tmp_path_factory)
    assert done.returncode == 0, done.stdout + done.stderr


def test_no_module_imports_the_cli_folder_by_its_folder_name():
    """The command line installs as ``coinche_cli``; an ``import cli`` would only work
    from the checkout."""
    for path in [*ROOT.glob("solver/*.py"), *ROOT.glob("cli/*.py"), *ROOT.glob("tests/*.py"),
                 *ROOT.glob("benchmarks/*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                assert (node.module or "").split(".")[0] != "cli", path
            if isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] != "cli" for a in node.names), path


def test_rules_fields_keep_their_types_as_text():
    # Rules' checks read the fields' annotations as text ("bool", "int")
    assert {f.type for f in dataclasses.fields(Rules)} >= {"bool", "int"}
