"""The package's refusals and the learner's texts in the output language: under
writing_in("fr") (what ``COINCHE_LANG=fr`` sets) the French of the catalogue, and the
English unchanged otherwise."""

import pytest

from solver.cardplay import play_advice
from solver.cards import CardSet, Seat, Team
from solver.contract import Contract
from solver.declarations import parse_declaration
from solver.deal import EXAMPLE_DEAL
from solver.errors import CoincheError
from solver.knowledge import Knowledge
from solver.match import parse_deal_line
from solver.messages import writing_in
from solver.play import Position
from solver.problems import problems_from_json
from solver.rules import Rules, Strain
from solver.sampling import Constraints
from solver.system import load_system

HAND = "7.AJ9.KT.J8"     # South's hand in the README's examples


def _undo() -> None:
    Position.parse(EXAMPLE_DEAL, "H", "W").undo()


#: (what is refused, its English, its French), one refusal of each kind of module.
REFUSALS = [
    (lambda: CardSet(1 << 40), "card mask 1099511627776 out of range 0..0xFFFFFFFF",
     "masque de cartes 1099511627776 hors de 0..0xFFFFFFFF"),
    (lambda: Team.parse("NE"), "unknown side 'NE': expected NS or EW",
     "camp inconnu 'NE' : il faut NS ou EO"),
    (lambda: Contract.parse("capot S X"),
     "bid 'capot S X' coinched: a capot bid cannot be coinched or surcoinched",
     "enchère 'capot S X' coinchée : une enchère de capot ne peut être ni coinchée ni surcoinchée"),
    (lambda: Rules(coinche_takes_all=True, bid_only=True),
     "rules options coinche_takes_all and bid_only contradict each other: a coinche taking 162",
     "les options de règles coinche_takes_all et bid_only se contredisent : une coinche qui prend 162"),
    (lambda: Rules(ta_table="j99"), "unknown tout atout table 'j99': expected 'j14', 'j13' or 'scaled'",
     "barème de tout atout inconnu 'j99' : il faut 'j14', 'j13' ou 'scaled'"),
    (_undo, "nothing to undo: no card has been played", "rien à annuler : aucune carte n'a été jouée"),
    (lambda: Knowledge.from_play(CardSet.from_pbn(HAND), Seat.S, Strain.SA, Seat.W, belote="E"),
     "belote 'E': there is no belote at sans atout", "belote 'E' : il n'y a pas de belote à sans atout"),
    (lambda: parse_deal_line("100H S 122 zz"), "unknown word 'zz' in '100H S 122 zz': expected X, XX",
     "mot inconnu 'zz' dans '100H S 122 zz' : il faut X, XX"),
    (lambda: parse_declaration("carre-8"), "declaration 'carre-8': a carré names its rank",
     "annonce 'carre-8' : un carré nomme son rang"),
    (lambda: problems_from_json("{not json"), "not JSON: ", "pas du JSON : "),
]


@pytest.mark.parametrize("refused, english, french", REFUSALS, ids=lambda x: x if isinstance(x, str) else "")
def test_a_refusal_in_each_language(refused, english, french):
    with pytest.raises(CoincheError) as en:
        refused()
    with writing_in("fr"), pytest.raises(CoincheError) as fr:
        refused()
    assert english in str(en.value)
    assert french in str(fr.value)


def test_a_bidding_system_file_refused_in_french(tmp_path):
    bad = tmp_path / "system.toml"
    bad.write_text('name = "mine"\n[[rules]]\nsituation = "nowhere"\nstrains = "S"\nlevels = [80, 160]\n'
                   "shows = {}\n", encoding="utf-8")
    with pytest.raises(CoincheError, match="situation 'nowhere': expected one of "):
        load_system(bad)
    with writing_in("fr"), pytest.raises(CoincheError, match="situation 'nowhere' : il faut l'une de "):
        load_system(bad)


def test_what_the_constraints_show_in_each_language():
    """Constraints.describe(), the lines a learner reads of what the auction showed."""
    c = Constraints(known={"N": "SA"}, excluded={"E": "SJ"}, lengths={"N:H": (2, 5)}, voids={"W": "S"},
                    points={"N": (20, 60)})
    assert c.describe() == ["N holds A.-.-.-", "E cannot hold J.-.-.-", "W void in ♠", "N holds 2 to 5 ♥",
                            "N holds 20 to 60 points"]
    with writing_in("fr"):
        assert c.describe() == ["N tient A.-.-.-", "E ne peut pas tenir J.-.-.-", "O chicane à ♠",
                                "N a de 2 à 5 cartes à ♥", "N a de 20 à 60 points"]


def test_the_cards_shown_by_announcing_are_named_in_each_language():
    """The "shown" cards (declarations announced) in a refusal's words, read where the
    card-play advice takes them as text."""
    with pytest.raises(CoincheError, match="^shown cards 'HA': unknown seat 'Z'"):
        play_advice(HAND, "S", "100H S", leader="W", samples=1, shown={"Z": "HA"})
    with writing_in("fr"), pytest.raises(CoincheError, match="^cartes montrées 'HA' : place inconnue 'Z'"):
        play_advice(HAND, "S", "100H S", leader="W", samples=1, shown={"Z": "HA"})
