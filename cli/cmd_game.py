"""``coinche game``: sit at a seat and play a match against bots, deal by deal."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any, Callable, Optional

import typer

from .app import app
from .cmd_bidreview import show_auction_review
from .cmd_review import show_seat_review
from .errors import error_line, fail, handle_errors
from .lang import read_typed
from .output import err_console
from .options import RuleOpt, SeedOpt, seed_or_fresh
from .output import card_text, cards_text, say
from .records_io import check_records_out, load_records, mixed_rules, write_records_out
from .rules import rules_from
from solver.auction import Call, CallKind, parse_call
from solver.bidding import call_text
from solver.bots import SeatView, make_bot
from solver.cards import Card, Seat
from solver.errors import CoincheError, SeatError, quote
from solver.game import DealResult, GameError, Person, play_match
from solver.match import Match
from solver.messages import tr
from solver.play import Position
from solver.records import Record
from solver.rules import Rules, Strain, strength_table
from solver.seatreview import review_from_seats
from solver.system import DEFAULT

BotOpt = Annotated[str, typer.Option(help="The bots: pimc, heuristic, random or dd (dd sees every card).")]


class Quit(Exception):
    """The player typed quit, or the input ended."""


def legal_card(text: str, legal: "list[Card]") -> Card:
    """The card ``text`` names, read in the command's language as ``--played`` is (in
    French ``VC`` is the jack of hearts), when it is one of ``legal``; CoincheError
    otherwise."""
    card = Card.parse(read_typed("played", text))
    if card not in legal:
        raise CoincheError(tr("{card} cannot be played now: play one of {legal}",
                              card=card_text(card), legal=cards_text(legal)))
    return card


def sorted_hand(cards: "list[Card]", strain: Optional[Strain]) -> list[Card]:
    """A hand for people: trumps first, then the other suits in the order S H D C, each
    from its strongest card (trump order in trumps).

    >>> [c.name for c in sorted_hand([Card.SA, Card.H9, Card.HJ, Card.S7], Strain.H)]
    ['HJ', 'H9', 'SA', 'S7']
    """
    strength = strength_table(strain if strain is not None else Strain.SA)
    trump = strain.trump if strain is not None else -1
    return sorted(cards, key=lambda c: (c.suit != trump, int(c.suit), -strength[int(c)]))


class Terminal:
    """The person's side of the table: shows what the seat sees, reads calls and cards."""

    def __init__(self, seat: Seat, read: Optional[Callable[[], str]] = None) -> None:
        self.seat = seat
        self.read = read or (lambda: sys.stdin.readline())

    def ask(self, prompt: str) -> str:
        say(prompt, wrap=False)
        line = self.read()
        if not line:
            raise Quit
        t = line.strip()
        if t.lower() in ("quit", "q", "quitter"):
            raise Quit
        return t

    def _hand(self, view: SeatView) -> str:
        c = view.contract
        cards = [x for x in view.remaining()] if c is not None and not view.bidding else list(view.hand)
        return cards_text(sorted_hand(cards, None if view.bidding or c is None else c.strain))

    def call(self, view: SeatView) -> Call:
        say(tr("Auction (dealer {dealer}): {calls}", dealer=view.dealer,
               calls=" ".join(f"{c.seat.name}:{call_text(c)}" for c in view.auction.calls) or "-"))
        say(tr("Your hand ({seat}): {hand}", seat=self.seat, hand=self._hand(view)))
        legal = view.legal_calls()
        bids = [c for c in legal if c.kind == CallKind.BID]
        words = [call_text(c) for c in legal if c.kind != CallKind.BID]
        lowest = tr("bids from {bid}", bid=call_text(bids[0])) if bids else ""
        while True:
            text = self.ask(tr("Your call ({options}): ", options=", ".join(words + ([lowest] if lowest else []))))
            try:
                call = parse_call(text, self.seat)
                why = view.auction.state().why_not(call)
                if why is not None:
                    raise CoincheError(why)
                return call
            except CoincheError as e:
                err_console.print(error_line(e), soft_wrap=True)

    def card(self, view: SeatView) -> Card:
        c = view.contract
        assert c is not None
        lead, trick = view.trick()
        shown = " ".join(f"{Seat((lead + i) & 3).name}:{card_text(x)}" for i, x in enumerate(trick)) or "-"
        say(tr("{contract}; trick {n}: {trick}", contract=c, n=len(view.played) // 4 + 1, trick=shown))
        say(tr("Your hand ({seat}): {hand}", seat=self.seat, hand=self._hand(view)))
        legal = sorted_hand(view.legal_cards(), c.strain)
        while True:
            text = self.ask(tr("Your card ({options}): ", options=cards_text(legal)))
            try:
                return legal_card(text, legal)
            except CoincheError as e:
                err_console.print(error_line(e), soft_wrap=True)


def _bots(seat: Seat, partner: str, opponents: str, seed: int, options: dict[str, Any],
          person: Any) -> list[Any]:
    out: list[Any] = []
    for s in Seat:
        if s == seat:
            out.append(person)
        else:
            out.append(make_bot(partner if s == seat.partner else opponents, seed * 4 + int(s), **(
                options if (partner if s == seat.partner else opponents).lower() == "pimc" else {})))
    return out


def _deal_done(res: DealResult, m: Match, review: int, seed: int, rules: Rules) -> None:
    r = res.record
    say()
    if r.contract is None:
        say(tr("Passed out: nobody scores."))
    else:
        ns, ew = res.scores
        made = res.score is not None and res.score.made
        say(tr("{contract}: the declarers took {points} points; {verdict}. N-S {ns}, E-W {ew}.",
               contract=r.contract, points=r.result, verdict=tr("made") if made else tr("down"), ns=ns, ew=ew))
        if review and r.deal is not None and r.dealer is not None and r.first_leader is not None:
            calls = " ".join(f"{c.seat.name}:{c.text}" for c in r.auction)
            show_auction_review(r.deal, r.dealer, calls, DEFAULT, review, seed, rules, 1, False)
            seats = review_from_seats(r.deal, r.contract, r.play, leader=r.first_leader, samples=review,
                                      seed=seed, rules=rules, workers=1)
            show_seat_review(seats, False)
    say(tr("Score: N-S {ns}, E-W {ew}. {status}", ns=m.ns, ew=m.ew, status=m.status()))
    say()


def _differences(saved: Rules, given: Rules) -> str:
    """The fields ``given`` changes in ``saved``, with their saved values: ``target=1000``."""
    names = [f for f in Rules.__dataclass_fields__ if getattr(given, f) != getattr(saved, f)]
    return " ".join(f"{f}={str(getattr(saved, f)).lower()}" for f in names)


def _resumed_rules(path: Path, done: "list[Record]", rule: "list[str] | None", target: "int | None") -> Rules:
    """The rules of a saved match: its deals' ``[Rules]`` (one set for every deal), which
    ``--rule`` and ``--target`` may repeat but not change (docs/play.md)."""
    saved = done[0].rules
    mixed = mixed_rules(done)
    if mixed is not None:
        raise fail(tr("{path} {error}", path=quote(str(path)), error=mixed))
    for text in rule or ():
        given = rules_from([text], saved)
        if given != saved:
            raise fail(tr("--rule {option}: the match saved in {path} is played with {saved}; a resumed match "
                          "keeps its rules", option=quote(text), path=quote(str(path)),
                          saved=_differences(saved, given)))
    if target is not None and target != saved.target:
        raise fail(tr("--target {target}: the match saved in {path} is played with {saved}; a resumed match "
                      "keeps its rules", target=target, path=quote(str(path)),
                      saved=_differences(saved, saved.replace(target=target))))
    return saved


@app.command()
@handle_errors
def game(
    seat: Annotated[str, typer.Option("--seat", help="Your seat: N E S W.")],
    partner: BotOpt = "pimc",
    opponents: BotOpt = "pimc",
    target: Annotated[Optional[int], typer.Option("--target", min=1, help="The match ends when a side "
                                                  "reaches it (default: the rules', 2000).")] = None,
    dealer: Annotated[str, typer.Option("--dealer", help="The first dealer; then each seat in turn.")] = "N",
    seed: SeedOpt = None,
    worlds: Annotated[int, typer.Option("--worlds", min=1, max=1000, help="Deals of the hidden cards a "
                                        "PIMC bot solves for each card.")] = 30,
    samples: Annotated[int, typer.Option("--samples", min=1, max=1000, help="Deals a PIMC bot solves for "
                                         "each call.")] = 30,
    review: Annotated[int, typer.Option("--review", min=0, max=1000, help="After each deal, review the "
                                        "auction and the cards on this many deals (0: no review).")] = 20,
    out: Annotated[Optional[Path], typer.Option("--out", help="Write the match's records there "
                                                "(PBN), also when stopped with Ctrl-C.")] = None,
    resume: Annotated[Optional[Path], typer.Option("--resume", help="Go on with the match saved in "
                                                   "this record file.")] = None,
    rule: RuleOpt = None,
) -> None:
    """Play a match at one seat against bots: bid and play your cards as prompted (in
    English or French: 100H, 100 coeur, passe, contre; cards like HJ or VC), read the
    review after each deal.  Type quit to stop; Ctrl-C stops too, and --out keeps the
    deals played.

    Example: coinche game --seat S --partner heuristic --opponents heuristic --target 1000 --seed 7 --review 0
    """
    try:
        me, first = Seat.parse(seat), Seat.parse(dealer)
    except SeatError as e:
        raise fail(str(e)) from None
    out = check_records_out(out, [resume] if resume is not None else [])
    done: list[Record] = []
    if resume is None:
        rules = rules_from(rule)
        if target is not None:
            rules = rules.replace(target=target)
    else:
        done = load_records(resume)
        tag = done[0].section("MatchSeed")
        if tag is None or not tag.value.isdigit():
            raise fail(tr("{path}: not a saved match (no [MatchSeed] tag)", path=quote(str(resume))))
        if seed is not None and seed != int(tag.value):
            raise fail(tr("--seed {seed}: the saved match was played with seed {saved}", seed=seed, saved=tag.value))
        seed = int(tag.value)
        first = done[0].dealer or first
        rules = _resumed_rules(resume, done, rule, target)
    seed = seed_or_fresh(seed)
    for kind in (partner, opponents):
        make_bot(kind)                       # a bad name is refused before the match starts
    term = Terminal(me)
    person = Person(term.call, term.card)
    bots = _bots(me, partner, opponents, seed, {"worlds": worlds, "samples": samples}, person)
    if done:
        try:        # the saved deals scored, none played: a match already over is not played on
            saved = play_match(bots, rules, seed, first, done=done, max_deals=len(done)).match
        except GameError as e:
            raise fail(str(e)) from None
        if saved.is_over:
            raise fail(tr("{path}: the saved match is over, nothing is left to play: {status}",
                          path=quote(str(resume)), status=saved.status()))
    say(tr("Match to {target}, seed {seed}: you sit {seat}, partner {partner}, opponents {opponents}.",
           target=rules.target, seed=seed, seat=me.name, partner=partner, opponents=opponents))
    played: list[Record] = list(done)

    def on_deal(res: DealResult, m: Match) -> None:
        played.append(res.record)
        _deal_done(res, m, review, seed, rules)

    def on_card(s: Seat, card: Card, pos: Position) -> None:
        if s != me:
            say(tr("{seat} plays {card}", seat=s, card=card_text(card)))

    def on_call(call: Call, auction: Any) -> None:
        if call.seat != me:
            say(tr("{seat} calls {call}", seat=call.seat, call=call_text(call)))

    try:
        result = play_match(bots, rules, seed, first, done=done, on_deal=on_deal, on_card=on_card,
                            on_call=on_call)
        say(result.match.status())
    except GameError as e:
        raise fail(str(e)) from None
    except Quit:
        say(tr("Stopped after {n} deals.", n=len(played)))
    finally:
        if out is not None and played:
            write_records_out(played, out)
            err_console.print(tr("The match so far is in {path}.", path=str(out)), soft_wrap=True)
