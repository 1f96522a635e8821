"""The point count: the shipped table evaluates hands by its own terms, the fit recovers
known coefficients, and a small study fits end to end."""

import numpy as np
import pytest

from solver import CardSet
from solver.cards import Card
from solver.errors import ConstraintError
from solver.handeval import TERMS, TRUMP_GROUPS, evaluate_hand, model, needs, raw_make, trump_group
from solver.handfit import LONG_ACCEPT, calibrate, fit, isotonic, least_squares

pytest.importorskip("pyarrow", reason="studies need pyarrow: pip install -e '.[test]' installs it")


def _terms_by_hand(hand: str, suit: int) -> dict[str, int]:
    """The model's inputs counted card by card (independent of solver.features)."""
    cards = [Card(c) for c in CardSet.from_pbn(hand)]
    trumps = [c for c in cards if c.suit == suit]
    out = {"base": 1, "each trump": len(trumps),
           "each side ace": sum(c.suit != suit and c.name[1] == "A" for c in cards),
           "each side ten": sum(c.suit != suit and c.name[1] == "T" for c in cards)}
    for h, letter in (("J", "J"), ("9", "9"), ("A", "A"), ("10", "T"), ("K", "K"), ("Q", "Q")):
        out[f"{h} of trumps"] = sum(c.name[1] == letter for c in trumps)
    return out


@pytest.mark.parametrize("hand, strain, suit", [("AJ9.A7.KT.J", "S", 0), ("7.AJ98.KQ.A", "H", 1),
                                                ("KQ8.T9.AJ.Q", "D", 2)])
def test_the_shipped_table_sums_its_terms(hand, strain, suit):
    coef = model()["coefficients"]
    counts = _terms_by_hand(hand, suit)
    v = evaluate_hand(hand, strain)
    assert v.points == pytest.approx(sum(coef[name] * counts[name] for name, _ in TERMS))
    assert dict(v.contributions) == pytest.approx({n: coef[n] * k for n, k in counts.items() if k})
    made = [lv for lv, p in v.p_make.items() if p >= 0.5]
    assert v.level == (max(made) if made else None)
    assert all(a >= b for a, b in zip(list(v.p_make.values()), list(v.p_make.values())[1:]))


def test_the_shipped_table_says_how_it_was_made():
    m = model()
    assert "coinche study run" in m["reproduce"] and m["study"]["deals"] >= 10000
    assert set(m["coefficients"]) == {n for n, _ in TERMS} == set(m["se"])
    # the fit's own held-out check: it beats the mean on fresh deals
    assert m["accuracy"]["rmse"] < m["accuracy"]["baseline_rmse"]


def test_least_squares_recovers_known_coefficients():
    rng = np.random.default_rng(1)
    x = np.column_stack([np.ones(4000), rng.integers(0, 2, (4000, 3)), rng.integers(0, 6, 4000)])
    truth = np.array([30.0, 25.0, 12.0, -3.0, 8.0])
    y = x @ truth + rng.normal(0, 5, 4000)
    coef, se, _ = least_squares(x, y, np.arange(4000) // 4)
    assert np.all(np.abs(coef - truth) < 4 * se)
    assert np.all(se < 0.5)


def test_a_small_study_fits_end_to_end(tmp_path):
    from solver import study
    study(tmp_path / "s", deals=40, seed=1, strains="S H D C", leaders="W", chunk_size=20, workers=1)
    table = fit(tmp_path / "s")
    assert table["accuracy"]["train_rows"] + table["accuracy"]["test_rows"] == 160
    assert len(table["residual_quantiles"]) == 100
    cal = calibrate(tmp_path / "s", table)["calibration"]
    assert [g["trumps"] for g in cal["groups"]] == [list(g) for g in TRUMP_GROUPS]
    for g in cal["groups"]:
        assert g["x"] == sorted(g["x"]) and g["y"] == sorted(g["y"])      # monotone curves
    # every (row, level) pair of the held-out deals is counted once in the table
    assert sum(b["pairs"] for b in cal["held_out"]["after"]) == cal["held_out"]["rows"] * 9


def test_a_study_of_long_suits_feeds_only_the_longest_trump_group(tmp_path):
    from solver import study
    study(tmp_path / "s", deals=40, seed=1, strains="S H D C", leaders="W", chunk_size=20, workers=1)
    study(tmp_path / "l", deals=20, seed=2, strains="S H D C", leaders="W", chunk_size=20, workers=1,
          accept=LONG_ACCEPT)
    table = fit(tmp_path / "s")
    plain = calibrate(tmp_path / "s", table)["calibration"]
    both = calibrate(tmp_path / "s", table, long=tmp_path / "l")["calibration"]
    assert both["groups"][:-1] == plain["groups"][:-1]                  # the uniform groups as they were
    assert both["held_out"]["rows"] == plain["held_out"]["rows"]        # the uniform deals' table on its rows
    # each long deal gives exactly one row of five trumps or more (8 cards hold one such
    # suit at most): 20 rows, the last 20% of the deals held out, the rest fitting
    fitted = both["groups"][-1]["rows"] - plain["groups"][-1]["rows"]
    held = both["held_out"]["groups"][-1]["rows"] - plain["held_out"]["groups"][-1]["rows"]
    assert fitted + held == 20 and 2 <= held <= 6
    assert [g["rows"] for g in both["held_out"]["groups"][:-1]] == \
        [g["rows"] for g in plain["held_out"]["groups"][:-1]]
    with pytest.raises(ConstraintError, match="filter"):               # uniform deals are not long ones
        calibrate(tmp_path / "s", table, long=tmp_path / "s")
    with pytest.raises(ConstraintError, match="filter"):               # nor the other way round
        calibrate(tmp_path / "l", table)


def test_the_long_study_goes_with_calibrate_only(capsys):
    from solver.handfit import _main
    with pytest.raises(SystemExit) as stop:
        _main(["calib", "--long", "calib5"])
    assert stop.value.code == 2 and "--long goes with --calibrate" in capsys.readouterr().err


def test_isotonic_pools_violators_and_keeps_an_ordered_fit():
    x = np.array([0.1, 0.2, 0.3, 0.4, 0.5])
    bx, by = isotonic(x, np.array([0.2, 0.1, 0.5, 0.4, 0.9]), np.array([1.0, 3.0, 1.0, 1.0, 1.0]))
    # (0.2·1 + 0.1·3) / 4 = 0.125 at x (0.1 + 0.6) / 4; (0.5 + 0.4) / 2 at 0.35; 0.9 alone
    assert np.allclose(by, [0.125, 0.45, 0.9]) and np.allclose(bx, [0.175, 0.35, 0.5])


def test_the_shipped_make_probabilities_are_calibrated_on_held_out_deals():
    # the table's own held-out check (python -m solver.handfit ... --calibrate, see
    # docs/handeval.md): on deals the curves never saw, each bin of announced
    # probability is within 3 points of the observed make rate
    m = model()
    after = m["calibration"]["held_out"]["after"]
    assert m["calibration"]["study"]["seed"] != m["study"]["seed"]      # deals the linear fit never saw
    assert sum(b["pairs"] for b in after) >= 50_000
    assert all(abs(b["observed"] - b["announced"]) <= 0.03 for b in after), after
    # per trump length too (the longest holdings measured on a study of long suits, see
    # docs/handeval.md), every bin of 100 pairs or more; the rarer ones are too noisy
    groups = m["calibration"]["held_out"]["groups"]
    assert [g["trumps"] for g in groups] == [list(g) for g in TRUMP_GROUPS]
    assert groups[-1]["rows"] >= 1000
    for g in groups:
        bins = [b for b in g["after"] if b["pairs"] >= 100]
        assert len(bins) >= 7 and all(abs(b["observed"] - b["announced"]) <= 0.03 for b in bins), g


def test_evaluate_hand_announces_the_calibrated_probabilities():
    # p_make is the raw share of the fit's errors passed through the trump-length curve
    hand, strain = "AJ9.A7.KT.J", "S"
    v = evaluate_hand(hand, strain)
    m = model()
    raw = raw_make(np.array(v.points), needs(False), np.array(m["residual_quantiles"]))
    curve = m["calibration"]["groups"][trump_group(3)]
    assert list(v.p_make.values()) == pytest.approx(list(np.interp(raw, curve["x"], curve["y"])))


def test_sans_atout_has_no_point_count():
    with pytest.raises(ConstraintError, match="strain SA: the point count covers the trump strains"):
        evaluate_hand("AJ9.A7.KT.J", "SA")


def test_hands_worked_out_together_have_the_values_of_one_at_a_time():
    # remember() evaluates many hands in one pass of array arithmetic (bidding rollouts);
    # each must read as the same hand evaluated alone
    import random

    from solver import handeval
    from solver.cards import CardSet
    from solver.rules import Strain
    rng = random.Random(7)
    masks = [sum(1 << c for c in rng.sample(range(32), 8)) for _ in range(40)]
    handeval._VALUES.clear()
    handeval.remember(masks)
    together = {(m, s): handeval.evaluate_hand(CardSet(m), s) for m in masks for s in handeval.TRUMP_STRAINS}
    for (m, s), v in together.items():
        alone = handeval._evaluate([m], Strain(s))[0]
        assert v.p_make == alone.p_make and v.level == alone.level
        assert v.contributions == alone.contributions and abs(v.points - alone.points) < 1e-9
