"""Batches: the line format, errors by line number, input order on a process pool.

Deals here hold two cards a hand so that solving is instant; every value asserted is
cross-checked with ``dd_table`` / ``par`` on the same deal.
"""

import pytest

from solver import Deal, Rules, Seat
from solver.batch import (CSV_COLUMNS, BadLine, BatchLineError, BatchResult, solve_batch,
                          csv_rows, parse_line, parse_lines)
from solver.par import par
from solver.table import dd_table

EXAMPLE = "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"
SMALL = ["N:AK.-.-.- -.AK.-.- QJ.-.-.- -.QJ.-.-", "N:A.K.-.- 7.8.-.- K.A.-.- 8.7.-.-",
         "N:-.-.AK.- -.-.-.AK -.-.QJ.- -.-.-.QJ", "N:J.9.-.- A.T.-.- 9.J.-.- T.A.-.-"]


def test_line_formats():
    assert parse_line("  # comment") is None and parse_line("   ") is None
    assert parse_line(SMALL[0]).dealer is None
    assert parse_line(SMALL[0] + " dealer=S").dealer == Seat.S
    assert parse_line(SMALL[0] + " w").dealer == Seat.W
    assert parse_line(SMALL[0], default_dealer="E").dealer == Seat.E
    assert parse_line(SMALL[0] + " N", default_dealer="E").dealer == Seat.N
    assert parse_line(SMALL[0]).deal == Deal.from_pbn(SMALL[0])


def test_bad_lines_are_reported_and_skipped():
    lines = [SMALL[0], "N:AK.-.-.- nonsense", "", SMALL[1] + " dealer=Q", SMALL[2]]
    items = parse_lines(lines)
    assert [(type(x).__name__, x.line) for x in items] == [
        ("BatchItem", 1), ("BadLine", 2), ("BadLine", 4), ("BatchItem", 5)]
    assert str(items[1]).startswith("line 2: ")
    assert "'Q'" in items[2].message
    with pytest.raises(BatchLineError, match="^line 2: "):
        parse_lines(lines, strict=True)


@pytest.mark.parametrize("workers", [1, 2])
def test_results_in_input_order(workers):
    lines = [s + (" " + "NESW"[i % 4] if i % 2 else "") for i, s in enumerate(SMALL * 3)]
    lines.insert(3, "garbage")
    lines.append(EXAMPLE + " dealer=E")                # a full deal: par too
    items = parse_lines(lines)
    seen = []
    out = list(solve_batch(items, workers=workers, with_par=True, chunk_size=2, progress=seen.append))
    assert [r.line for r in out] == list(range(1, len(lines) + 1))
    assert isinstance(out[3], BadLine)
    assert sum(seen) == len(lines) - 1
    for r in out:
        if isinstance(r, BadLine):
            continue
        deal = Deal.from_pbn(r.deal)
        if r.dealer is None:                             # all four leaders
            four = dd_table(deal)
            assert set(r.tables) == {"N", "E", "S", "W"} and r.par is None
            for seat in Seat:
                assert r.tables[seat.name]["ns_points"] == four.for_leader(seat).ns_points.to_dict()
        else:
            leader = Seat.parse(r.dealer).next
            t = dd_table(deal, leader)
            assert list(r.tables) == [leader.name]
            assert r.tables[leader.name]["ns_capot"] == t.ns_capot.to_dict()
            if deal.cards_per_hand == 8:
                assert r.par == par(deal, r.dealer).to_dict()
                assert r.par["contract"]["text"] == "capotSA"     # see test_par
            else:
                assert r.par is None


def test_csv_rows():
    items = parse_lines([EXAMPLE + " E", "bad"])
    out = list(solve_batch(items, workers=1, with_par=True))
    rows = csv_rows(out[0])
    assert len(rows) == 1 and len(rows[0]) == len(CSV_COLUMNS)
    row = dict(zip(CSV_COLUMNS, rows[0]))
    assert row["leader"] == "S" and row["ns_C"] == 146 and row["error"] == ""   # dd_reference case 4
    assert row["ns_capot_SA"] == 1
    want = par(Deal.from_pbn(EXAMPLE), "E").ns_score
    assert (row["par_contract"], row["par_ns_score"]) == ("capotSA", want)
    bad = csv_rows(out[1])
    assert len(bad[0]) == len(CSV_COLUMNS) and bad[0][0] == 2 and bad[0][-1]
    nopar = csv_rows(BatchResult(1, SMALL[0], None, {"N": dd_table(Deal.from_pbn(SMALL[0]), "N").to_dict()}))
    assert len(nopar[0]) == len(CSV_COLUMNS)


def test_rules_reach_the_workers():
    rules = Rules(ta_table="j13")
    items = parse_lines([SMALL[3] + " W"] * 3)
    out = list(solve_batch(items, rules, workers=2, chunk_size=1))
    t = dd_table(Deal.from_pbn(SMALL[3]), dealer="W", rules=rules)
    assert all(r.tables["N"]["ns_points"] == t.ns_points.to_dict() for r in out)
