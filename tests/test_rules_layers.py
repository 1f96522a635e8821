"""The rules as five records by layer (play, announcements, scoring, auction, match) behind
the flat ``Rules`` that ``--rule NAME=VALUE``, the board and JSON use."""

from __future__ import annotations

import dataclasses
import json
import pickle

import pytest

from solver.errors import RulesError
from solver.rules import (LAYER_OF, LAYERS, VARIANTS, AnnouncementRules, AuctionRules, MatchRules, PlayRules,
                          PlusTwo, Rules, SaTable, ScoringRules, TaTable)


def test_every_rule_has_one_layer_with_the_flat_type_and_default():
    flat = {f.name: f for f in dataclasses.fields(Rules)}
    homes = [f.name for record in LAYERS.values() for f in dataclasses.fields(record)]
    assert sorted(homes) == sorted(flat)                      # each rule in exactly one record
    for layer, record in LAYERS.items():
        for f in dataclasses.fields(record):
            assert (f.type, f.default) == (flat[f.name].type, flat[f.name].default), f.name
            assert LAYER_OF[f.name] == layer
    assert set(VARIANTS) == set(flat)


def test_the_records_read_the_flat_rules_and_build_them_back():
    r = Rules(must_undertrump=False, declarations=True, bid_only=True, suit_ranking=True, target=1000)
    assert r.play == PlayRules(must_undertrump=False)
    assert r.announcements == AnnouncementRules(declarations=True)
    assert r.scoring == ScoringRules(bid_only=True)
    assert r.auction == AuctionRules(suit_ranking=True)
    assert r.match == MatchRules(target=1000)
    assert Rules.from_parts(r.play, r.announcements, r.scoring, r.auction, r.match) == r
    assert Rules.from_parts(scoring=ScoringRules(rounding=False)) == Rules(rounding=False)
    copy = pickle.loads(pickle.dumps(r))
    assert copy == r and hash(copy) == hash(r) and copy.scoring == r.scoring
    assert r.replace(target=501).match.target == 501 and r.replace(target=501).play == r.play


def test_choice_rules_are_enums_equal_to_their_words_and_json_unchanged():
    r = Rules(ta_table="j13", sa_table="scaled", plus_two="none")
    assert (r.ta_table, r.sa_table, r.plus_two) == (TaTable.J13, SaTable.SCALED, PlusTwo.NONE)
    assert r.ta_table == "j13" and r.play.ta_table is TaTable.J13 and repr(r.ta_table) == "'j13'"
    assert Rules().with_options(["ta_table=J13"]).ta_table is TaTable.J13
    data = json.loads(json.dumps(dataclasses.asdict(r)))
    assert (data["ta_table"], data["sa_table"], data["plus_two"]) == ("j13", "scaled", "none")
    assert Rules(**data) == r


def test_each_record_checks_its_own_rules():
    for bad, message in [(lambda: PlayRules(ta_table="j15"), "tout atout table 'j15'"),
                         (lambda: ScoringRules(surcoinche=5), "surcoinche multiplier 5"),
                         (lambda: ScoringRules(bid_only=True, tie_held=True), "contradict"),
                         (lambda: AuctionRules(max_level=165), "max_level 165"),
                         (lambda: MatchRules(target=0), "match target 0"),
                         (lambda: AnnouncementRules(belote=1), "belote must be True or False")]:
        with pytest.raises(RulesError, match=message):
            bad()
    # a check across layers: 200 needs announcements that count (scoring) to be reachable
    assert AuctionRules(max_level=200).max_level == 200
    with pytest.raises(RulesError, match="a side can count at most 182"):
        Rules.from_parts(auction=AuctionRules(max_level=200))
    assert Rules.from_parts(announcements=AnnouncementRules(declarations=True),
                            scoring=ScoringRules(declarations_count=True),
                            auction=AuctionRules(max_level=200)).max_level == 200
