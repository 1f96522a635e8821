"""Play review, cross-checked card by card against ``solve()``."""

import pytest

from solver import Card, Deal, Rules, Team
from solver.errors import IllegalPlayError
from solver.play import Position
from solver.review import review
from solver.solve import solve

EXAMPLE = "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"
# Three cards a hand: small enough to review a whole play quickly.
ENDGAME = "N:AK.-.8.- T.-.9.7 Q.A.-.K 7.9.-.T"


def a_play(deal, strain, leader, pick):
    """A complete legal play: ``pick`` chooses among the legal cards (sorted)."""
    pos = Position.parse(deal, strain, leader)          # the strain and leader as text
    cards = []
    while not pos.is_over:
        legal = sorted(pos.legal_cards())
        c = legal[pick(len(cards), len(legal))]
        pos.play(c)
        cards.append(c)
    return cards, pos


@pytest.mark.parametrize("strain", ["S", "SA", "TA"])
def test_review_agrees_with_card_values(strain):
    deal = Deal.from_pbn(ENDGAME)
    played, pos = a_play(deal, strain, "E", lambda i, n: (i * 7) % n)   # a deterministic non-optimal play
    r = review(deal, strain, "E", played)
    assert len(r.steps) == len(played) == 12 and r.complete
    for step in r.steps:
        sol = solve(deal, strain, "E", played[:step.index])
        assert step.seat == sol.to_move
        assert step.value_before == sol.ns_points
        assert step.card_values == sol.card_values
        assert step.cost == sol.cost(step.card)
        assert step.value_after == sol.card_values[step.card]
        assert list(step.best_cards) == sol.best_cards
    # the chain of values: each card's "after" is the next card's "before" ...
    for a, b in zip(r.steps, r.steps[1:]):
        assert a.value_after == b.value_before
    # ... it ends at the points N-S actually took, and the costs explain the difference
    assert r.value_after == pos.points[0] == r.points[0]
    assert r.value_before - r.cost(Team.NS) + r.cost(Team.EW) == r.value_after


def test_optimal_line_costs_nothing():
    deal = Deal.from_pbn(EXAMPLE)
    line = solve(deal, "C", "S").line[:8]
    r = review(deal, "C", "S", line)
    assert r.value_before == 146                   # dd_reference.json case 4
    assert all(s.cost == 0 for s in r.steps) and not r.mistakes
    assert r.value_after == 146 and not r.complete


def test_a_mistake_is_marked():
    """Case 4 starts 146 for N-S; leading the seven of diamonds is costed by solve()."""
    deal = Deal.from_pbn(EXAMPLE)
    r = review(deal, "C", "S", ["D7"])
    sol = solve(deal, "C", "S")
    assert r.steps[0].cost == sol.cost(Card.D7) == 146 - sol.card_values[Card.D7] > 0
    assert r.steps[0].is_mistake == (r.steps[0].cost > 0)
    d = r.to_dict()
    assert d["steps"][0]["card"] == "D7" and d["value_before"] == 146
    assert r.mistakes == [r.steps[0]] and r.cost(Team.NS) == r.steps[0].cost


def test_empty_play_and_rules():
    deal = Deal.from_pbn(ENDGAME)
    rules = Rules(must_undertrump=False)
    r = review(deal, "H", "N", "", rules)
    assert r.steps == () and r.value_before == r.value_after == solve(deal, "H", "N", rules=rules).ns_points


def test_illegal_card_names_its_place():
    with pytest.raises(IllegalPlayError, match="card 2 of the play"):
        review(Deal.from_pbn(EXAMPLE), "C", "S", "SQ SA")
