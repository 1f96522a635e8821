"""solver.problems: the Problem type, its JSON form, the miner's rules, the themes and the
committed set re-solved exactly."""

from __future__ import annotations

import json
import random
from importlib import resources

import jsonschema
import pytest

from solver.auction import Auction
from solver.cards import Card, Seat
from solver.deal import Deal
from solver.play import Position
from solver.problems import (MAX_BEST_SHARE, MIN_LEGAL, Problem, ProblemError, bidding_themes, check_problem,
                             load_problems, mine_four_hands, problems_from_json, problems_to_json,
                             themes_of)
from solver.solve import Solver


def _schema() -> dict:
    return json.loads(resources.files("solver").joinpath("schema/problems.schema.json").read_text())


@pytest.fixture(scope="module")
def mined() -> list[Problem]:
    return list(mine_four_hands(3, 4))


def test_mining_is_reproducible_and_round_trips(mined: list[Problem]) -> None:
    assert [p.to_dict() for p in mined] == [p.to_dict() for p in mine_four_hands(3, 4)]
    text = problems_to_json(mined)
    jsonschema.validate(json.loads(text), _schema())
    assert problems_from_json(text) == mined


def test_mined_problems_follow_the_rules(mined: list[Problem]) -> None:
    solver = Solver()
    for p in mined:
        legal = p.position().legal_cards()
        assert len(legal) >= MIN_LEGAL
        assert len(p.solution_cards) / len(legal) <= MAX_BEST_SHARE
        assert p.alternatives and all(a.cost > 0 or a.points >= 10 for a in p.alternatives)
        assert check_problem(p, solver) == []
        assert p.line[0] == Card.parse(p.solution)


def test_a_wrong_cost_is_caught(mined: list[Problem]) -> None:
    import dataclasses
    p = mined[0]
    a = p.alternatives[0]
    bad = dataclasses.replace(p, alternatives=(dataclasses.replace(a, cost=a.cost + 10),) + p.alternatives[1:])
    assert check_problem(bad, Solver()) != []


def test_bad_problem_json_is_one_error() -> None:
    with pytest.raises(ProblemError):
        problems_from_json('{"format": 1, "problems": [{"id": "x"}]}')
    with pytest.raises(ProblemError):
        problems_from_json("[")


# -- themes on constructed positions ------------------------------------------------------
# Hearts trump; hands chosen so each theme shows on one card of one trick.
HANDS = [["SA", "S7", "S8", "HJ", "H9", "D7", "D8", "C7"],      # N
         ["SK", "SQ", "SJ", "H7", "H8", "D9", "DT", "C8"],      # E
         ["ST", "S9", "HA", "HT", "DA", "DK", "C9", "CT"],      # S
         ["HK", "HQ", "DQ", "DJ", "CJ", "CQ", "CK", "CA"]]      # W


def _themes(leader: str, played: str, card: str, hands: list[list[str]] = HANDS) -> tuple[str, ...]:
    pos = Position.parse(Deal(hands), "H", leader, played=played or None)
    return themes_of(pos, Card.parse(card))


@pytest.mark.parametrize("leader, played, card, theme", [
    ("N", "", "HJ", "drawing-trumps"),                # a trump led
    ("N", "", "C7", "exit"),                          # North's only club led
    ("N", "SA SK S9", "HK", "ruffing"),               # West void in spades trumps
    ("N", "SA SK", "ST", "points-on-partner"),        # the ten on partner's ace
    ("E", "SJ S9", "HK", "overtaking"),               # West trumps partner's winning jack
    ("N", "SA", "SJ", "ducking"),                     # second hand under the ace keeps K Q
    ("N", "SA SK", "S9", "keeping-a-guard"),          # the nine, the ten kept
    ("W", "CA C7 C8", "CT", "unblocking"),            # South's highest club under the ace
])
def test_theme(leader: str, played: str, card: str, theme: str) -> None:
    assert theme in _themes(leader, played, card)


def test_theme_last_trick_and_none() -> None:
    small = [["SA", "SK"], ["SQ", "SJ"], ["ST", "S9"], ["S8", "S7"]]
    assert "last-trick" in _themes("N", "", "SA", small)
    # three tricks left (the first the miner can use: every hand holds 3 cards), and four
    three = [["SA", "SK", "HA"], ["SQ", "SJ", "HK"], ["ST", "S9", "HQ"], ["S8", "S7", "HJ"]]
    assert "last-trick" in _themes("N", "", "SA", three)
    assert "last-trick" not in _themes("N", "", "SA", [h + [c] for h, c in zip(three, ["DA", "DK", "DQ", "DJ"])])
    assert _themes("N", "", "SA") == ("technique",)   # a plain side ace led


# Hearts trump, none left; South leads with three tricks to go.  The club throws West in, and
# West must lead a spade into South's ace-queen: South takes the last two tricks.  Cashing the
# ace of spades instead keeps the lead but leaves West the king and the ace of clubs.
ENDING = [["D7", "D8", "D9"], ["CT", "DJ", "DQ"], ["SA", "SQ", "C7"], ["SK", "SJ", "CA"]]


def _line(pos: Position, card: Card) -> list[Card]:
    """The exact line after ``card`` (``card`` first), as the miner writes a problem's."""
    solver = Solver()
    after = pos.copy()
    after.play(card)
    return [card] + solver.optimal_line(after, solver.card_values(pos)[card])


def test_theme_endplay_read_from_the_line() -> None:
    pos = Position.parse(Deal(ENDING), "H", "S")
    values = Solver().card_values(pos)
    assert max(values, key=lambda c: values[c]) == Card.parse("C7")      # the throw-in is the one best card
    throw_in = _line(pos, Card.parse("C7"))
    assert throw_in[1] == Card.parse("CA")                                  # West wins the club...
    assert "endplay" in themes_of(pos, Card.parse("C7"), throw_in)        # ...and leads into the tenace
    assert "endplay" not in themes_of(pos, Card.parse("C7"))                # no line, no endplay
    cash = Card.parse("SA")                                                 # keeps the lead: no endplay
    assert "endplay" not in themes_of(pos, cash, _line(pos, cash))
    # the same club lead with the ace of clubs in North's hand: North wins it, nobody is thrown in
    north = [["D7", "D8", "CA"], ["CT", "DJ", "DQ"], ["SA", "SQ", "C7"], ["SK", "SJ", "D9"]]
    pos = Position.parse(Deal(north), "H", "S")
    assert "endplay" not in themes_of(pos, Card.parse("C7"), _line(pos, Card.parse("C7")))


def test_bidding_situations() -> None:
    north = Auction.parse("80H", Seat.W)              # West deals, North opens 80♥
    assert bidding_themes(Auction.parse("", Seat.W), Seat.N) == ("opening",)
    assert bidding_themes(north, Seat.E, "pass") == ("overcall",)
    assert bidding_themes(north, Seat.E, "coinche") == ("coinche-decision",)     # the best call is to coinche
    assert bidding_themes(Auction.parse("80H pass", Seat.W), Seat.S, "90H") == ("answer",)
    assert bidding_themes(Auction.parse("80H coinche", Seat.W), Seat.S, "pass") == ("coinche-decision",)


def test_committed_set_sample_is_exact() -> None:
    """A random sample of the shipped set solved again: every cost exact."""
    problems = load_problems()
    assert problems
    schema_ok = json.loads(resources.files("solver").joinpath("data/problems.json").read_text())
    jsonschema.validate(schema_ok, _schema())
    solver = Solver()
    for p in random.Random().sample(problems, min(8, len(problems))):
        assert check_problem(p, solver) == [], p.id


def test_committed_set_follows_the_rules() -> None:
    """Every shipped problem, read without solving: ids unique, no near-duplicates, card
    problems with at least MIN_LEGAL legal cards and at most MAX_BEST_SHARE of them best,
    seat and bidding costs with their standard errors, the set in its documented order."""
    from solver.problems import near_key, set_order
    problems = load_problems()
    assert len({p.id for p in problems}) == len(problems)
    assert len({near_key(p) for p in problems}) == len(problems)
    assert problems == sorted(problems, key=set_order)
    for p in problems:
        if p.kind != "bidding":
            legal = p.position().legal_cards()
            assert len(legal) >= MIN_LEGAL and len(p.solution_cards) / len(legal) <= MAX_BEST_SHARE, p.id
        if p.kind != "four-hands":
            assert p.samples > 0 and all(a.se is not None for a in p.alternatives), p.id
        assert p.fails and 0 <= p.difficulty <= 1 and p.deviation > 0, p.id


def test_committed_set_themes_are_read_from_the_solutions() -> None:
    """Every shipped problem's themes are what the classifiers read from its solution today,
    and every card theme of the issue's list is in the set (four-hands or seat problems)."""
    problems = load_problems()
    for p in problems:
        if p.kind == "bidding":
            auction = Auction(p.dealer, (), p.rules)
            for c in p.auction:
                auction = auction.then(c)
            assert p.themes == bidding_themes(auction, p.seat, p.solution), p.id
        else:
            assert p.themes == themes_of(p.position(), Card.parse(p.solution), p.line), p.id
    cards = {t for p in problems if p.kind != "bidding" for t in p.themes}
    assert {"drawing-trumps", "ruffing", "unblocking", "points-on-partner", "keeping-a-guard",
            "last-trick", "ducking", "exit", "endplay"} <= cards


def test_a_coinche_answer_is_judged_by_the_deal_score() -> None:
    """A shipped bidding problem whose best call is to coinche: judged again on its deals, the
    coinche (its multiplier in the deal score) still beats every other call by its margin."""
    coinches = [p for p in load_problems() if p.kind == "bidding" and p.solution == "coinche"]
    assert coinches
    p = coinches[0]
    assert p.themes == ("coinche-decision",) and "pass" in {a.answer for a in p.alternatives}
    assert check_problem(p, Solver()) == []
