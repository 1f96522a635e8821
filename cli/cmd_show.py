"""``coinche show``: a deal, and with a play the position it reaches."""

from __future__ import annotations

from typing import Any

from .app import app
from .errors import fail, handle_errors
from .options import DealArg, DealerOpt, JsonOpt, LeaderOpt, PlayedOpt, StrainOpt
from .output import cards_text, print_deal, print_json, say
from .parse import leader_from, parse_deal
from .rules import takes_rules
from solver.messages import tr
from solver.cards import Seat, Team
from solver.play import Position
from solver.rules import Rules


def _position_dict(pos: Position) -> dict[str, Any]:
    """The JSON of ``coinche show`` with a play."""
    return {
        "deal": pos.deal.to_pbn(),
        "strain": pos.strain.name,
        "leader": pos.first_leader.name,
        "played": [c.name for _, c in pos.history],
        "trick_leader": pos.leader.name,
        "trick": [c.name for c in pos.trick],
        "hands": {s.name: pos.hand(s).to_pbn() for s in Seat},
        "tricks": {t.name: pos.tricks[t] for t in Team},
        "points": {t.name: pos.points[t] for t in Team},
        "over": pos.is_over,
        "to_move": None if pos.is_over else pos.to_move.name,
        "legal": [c.name for c in pos.legal_cards()],
    }


@app.command()
@handle_errors
@takes_rules("undertrump", "overtrump_partner", "ta_table")
def show(
    deal: DealArg,
    strain: StrainOpt = None,
    leader: LeaderOpt = None,
    dealer: DealerOpt = None,
    played: PlayedOpt = None,
    rules: Rules = Rules(),
    as_json: JsonOpt = False,
) -> None:
    """Show a deal; with --strain (and --played) the position reached, the tricks won
    so far and the legal cards of the player to move.

    Example: coinche show example --strain H --leader N --played "SA S8 SQ S7"
    """
    d = parse_deal(deal)
    if strain is None:
        if played or leader or dealer:
            raise fail(tr("--played, --leader and --dealer need --strain (the trumps of the play)"))
        if as_json:
            print_json({"deal": d.to_pbn(), "hands": {s.name: d.hands[s].to_pbn() for s in Seat}})
        else:
            print_deal(d)
        return
    pos = Position.parse(d, strain, leader=leader_from(leader, dealer), rules=rules, played=played)
    if as_json:
        print_json(_position_dict(pos))
        return
    print_deal(d, pos)
    if pos.is_over:
        say(tr("The deal is over."))
        return
    say(tr("Hands now:"))
    for s in Seat:
        say(f"  {s.name}  {pos.hand(s).symbols()}")
    if pos.trick:
        cards = " ".join(f"{Seat((pos.leader + i) & 3).name} {c.symbol}" for i, c in enumerate(pos.trick))
        say(tr("Trick so far: {cards}", cards=cards))
    say(tr("{seat} to play; legal: {cards}", seat=pos.to_move, cards=cards_text(pos.legal_cards())))
