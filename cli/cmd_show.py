"""``coinche show``: a deal, and with a play the position it reaches."""

from __future__ import annotations

import solver
from .common import (
    DealArg,
    DealerOpt,
    JsonOpt,
    LeaderOpt,
    OvertrumpPartnerOpt,
    PlayedOpt,
    StrainOpt,
    UndertrumpOpt,
    fail,
    handle_errors,
    leader_from,
    parse_deal,
    print_json,
)
from .app import app
from .output import cards_text, say
from solver.cards import Seat, Team
from solver.play import Position


@app.command()
@handle_errors
def show(
    deal: DealArg,
    strain: StrainOpt = None,
    leader: LeaderOpt = None,
    dealer: DealerOpt = None,
    played: PlayedOpt = None,
    undertrump: UndertrumpOpt = True,
    overtrump_partner: OvertrumpPartnerOpt = True,
    as_json: JsonOpt = False,
) -> None:
    """Show a deal; with --strain (and --played) the position reached, the tricks won
    so far and the legal cards of the player to move.

    Example: coinche show example --strain H --leader N --played "SA S8 SQ S7"
    """
    d = parse_deal(deal)
    if strain is None:
        if played or leader or dealer:
            raise fail("--played, --leader and --dealer need --strain (the trumps of the play)")
        if as_json:
            print_json({"deal": d.to_pbn(), "hands": {s.name: d.hands[s].to_pbn() for s in Seat}})
        else:
            say(d.diagram(), wrap=False)
            say()
            say(d.to_pbn(), wrap=False)
        return
    first = leader_from(leader, dealer)
    rules = solver.Rules(must_undertrump=undertrump, must_overtrump_partner=overtrump_partner)
    pos = Position(d, strain, leader=first, rules=rules, played=played)
    history = [c for _, c in pos.history]
    legal = list(pos.legal_cards())
    if as_json:
        print_json({
            "deal": d.to_pbn(),
            "strain": pos.strain.name,
            "leader": first.name,
            "played": [c.name for c in history],
            "trick_leader": pos.leader.name,
            "trick": [c.name for c in pos.trick],
            "hands": {s.name: pos.hand(s).to_pbn() for s in Seat},
            "tricks": {t.name: pos.tricks[t] for t in Team},
            "points": {t.name: pos.points[t] for t in Team},
            "over": pos.is_over,
            "to_move": None if pos.is_over else pos.to_move.name,
            "legal": [c.name for c in legal],
        })
        return
    say(d.diagram(), wrap=False)
    say()
    say(d.to_pbn(), wrap=False)
    say(f"Trumps {pos.strain.symbol}, first lead by {first.name}")
    if history:
        tricks = [cards_text(history[i:i + 4]) for i in range(0, len(history), 4)]
        say("Played: " + " | ".join(tricks))
        say(f"Tricks won: NS {pos.tricks[0]} ({pos.points[0]} points), "
            f"EW {pos.tricks[1]} ({pos.points[1]} points)")
    if pos.is_over:
        say("The deal is over.")
        return
    say("Hands now:")
    for s in Seat:
        say(f"  {s.name}  {pos.hand(s).symbols()}")
    if pos.trick:
        cards = " ".join(f"{Seat((pos.leader + i) & 3).name} {c.symbol}" for i, c in enumerate(pos.trick))
        say(f"Trick so far: {cards}")
    say(f"{pos.to_move.name} to play; legal: {cards_text(legal)}")
