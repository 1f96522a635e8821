"""A match: deal scores added up toward the target (``Rules.target``, 2000 by default;
any agreed number: 1001 in seed 001, 501 in seed 002, seed 004's agreed ceiling).

The match ends when a side reaches the target; the higher total wins, and equal
totals go to the winner of the last deal (seed 000).  With ``Rules(tie_held=True)``
the points held after a tied deal go to the winner of the next deal (seed 001).

>>> m = Match(Rules(target=1000))
>>> m.add(score_deal(Contract.parse("160H", declarer="N"), 162, capot=True))  # 250 + 160
>>> m.scores, m.is_over
((410, 0), False)
>>> for _ in range(2):
...     m.add(score_deal(Contract.parse("160H", declarer="N"), 162, capot=True))
>>> m.scores, m.winner
((1230, 0), <Team.NS: 0>)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Optional

from .messages import tr
from .cards import Team
from .rules import TOTAL_POINTS, Rules
from .contract import Coinche, Contract, opening_leader
from .declarations import award_announced, belote_teams, parse_declaration
from .errors import CoincheError, quote
from .outcome import capot_taker, deal_total
from .play import Position
from .scoring import DealScore, ScoreError, score_deal

if TYPE_CHECKING:
    from .records import Record

__all__ = ["Match", "deal_score", "is_passed_out", "parse_deal_line", "record_score", "result_capot"]


class Match:
    """Running totals of a match; ``add`` one :class:`~solver.scoring.DealScore` per deal."""

    def __init__(self, rules: Rules = Rules()) -> None:
        self.rules = rules
        self.deals: list[DealScore] = []
        self._totals = [0, 0]
        self.held = 0  #: points waiting for the winner of the next deal (tie_held)
        self.passed_out = 0  #: deals passed out: dealt, nobody scored

    @property
    def scores(self) -> tuple[int, int]:
        """``(ns_total, ew_total)``."""
        return (self._totals[0], self._totals[1])

    @property
    def ns(self) -> int:
        return self._totals[0]

    @property
    def ew(self) -> int:
        return self._totals[1]

    @property
    def target(self) -> int:
        return self.rules.match.target

    def add(self, score: DealScore) -> None:
        """Add a deal's score; held points go to the winner of the first deal after
        the tie that has a winner.

        >>> m = Match(Rules(tie_held=True, plus_two="none"))
        >>> c = Contract.parse("80S", declarer="N")
        >>> m.add(score_deal(c, 81, rules=m.rules))   # 81-81: EW 80, NS's 80 held
        >>> m.scores, m.held
        ((0, 80), 80)
        >>> m.add(score_deal(c, 100, rules=m.rules))  # NS make 100+80=180, and take the 80 held
        >>> m.scores, m.held
        ((260, 140), 0)
        """
        if not isinstance(score, DealScore):
            raise ScoreError(tr("not a deal score: {score!r}", score=score))
        self._refuse_after_end()
        self.deals.append(score)
        self._totals[0] += score.ns_score
        self._totals[1] += score.ew_score
        if score.tie:
            self.held += score.held
        elif self.held and score.winner is not None:
            self._totals[score.winner] += self.held
            self.held = 0

    def pass_out(self) -> None:
        """Count a deal passed out: nobody scores, held points stay held.

        >>> m = Match(Rules(target=500))
        >>> m.pass_out()
        >>> m.add(score_deal(Contract.parse("capotH", declarer="E"), 162, capot=True))
        >>> m.status()
        'E-W win the match, 500 to 0 (target 500), after 2 deals (passed out: 1).'
        """
        self._refuse_after_end()
        self.passed_out += 1

    def _refuse_after_end(self) -> None:
        if self.is_over:
            raise ScoreError(tr("the match is over ({ns} to {ew}): no deal can be added", ns=self.ns,
                                ew=self.ew))

    @property
    def is_over(self) -> bool:
        return max(self._totals) >= self.rules.match.target

    @property
    def last_winner(self) -> "Team | None":
        """The winner of the most recent deal that had one."""
        for s in reversed(self.deals):
            if s.winner is not None:
                return s.winner
        return None

    @property
    def winner(self) -> "Team | None":
        """The side that won the match, ``None`` while it goes on."""
        if not self.is_over:
            return None
        ns, ew = self._totals
        if ns != ew:
            return Team.NS if ns > ew else Team.EW
        return self.last_winner

    def __repr__(self) -> str:
        return (f"<Match NS {self.ns} EW {self.ew} target {self.rules.match.target}, "
                f"{len(self.deals)} deals scored, {self.passed_out} passed out>")

    def status(self) -> str:
        """Where the match stands, in a sentence: who won and how, or what each side
        still needs.

        >>> m = Match(Rules(target=500))
        >>> m.status()
        'The match goes on: N-S need 500 more, E-W 500 (target 500).'
        >>> m.add(score_deal(Contract.parse("capotH", declarer="E"), 162, capot=True))
        >>> m.status()
        'E-W win the match, 500 to 0 (target 500), after 1 deal.'
        """
        ns, ew = self._totals
        target = self.rules.match.target
        if not self.is_over:
            held = tr("; {held} held for the winner of the next deal", held=self.held) if self.held else ""
            return tr("The match goes on: N-S need {ns} more, E-W {ew} (target {target}){held}.",
                      ns=max(0, target - ns), ew=max(0, target - ew), target=target, held=held)
        w = self.winner
        n = len(self.deals) + self.passed_out
        deals = tr("after 1 deal") if n == 1 else tr("after {n} deals", n=n)
        if self.passed_out:
            deals += tr(" (passed out: {k})", k=self.passed_out)
        if w is None:
            return tr("The match is over at {ns} all (target {target}) with no deal won to settle it, "
                      "{deals}.", ns=ns, target=target, deals=deals)
        names = {Team.NS: "N-S", Team.EW: "E-W"}
        hi, lo = max(ns, ew), min(ns, ew)
        how = tr(", the tie settled by the last deal won ({side})", side=names[w]) if ns == ew else ""
        return tr("{side} win the match, {hi} to {lo} (target {target}){how}, {deals}.", side=names[w], hi=hi,
                  lo=lo, target=target, how=how, deals=deals)


def deal_score(contract: Contract, points: int, rules: Rules, *, belote: "list[Team] | None" = None,
               declarations: "dict[Team, list[str]] | None" = None, capot: "bool | Team | None" = False,
               generale: bool = False, total: int = TOTAL_POINTS) -> DealScore:
    """Score one deal played: announcements as words per side (``tierce``, ``carre-J``),
    compared and awarded under ``rules``, then :func:`~solver.scoring.score_deal`."""
    decl = (0, 0)
    if declarations and any(declarations.values()):
        if not rules.declarations:
            raise ScoreError(tr("declarations given, but these rules score none: "
                                "add the rule declarations=true"))
        decl = award_announced([parse_declaration(k) for k in declarations.get(Team.NS, [])],
                               [parse_declaration(k) for k in declarations.get(Team.EW, [])], rules)
    return score_deal(contract, points, capot=capot, belote=belote or None, declarations=decl,
                      generale=generale, rules=rules, total=total)


def result_capot(contract: Contract, points: int, total: int = TOTAL_POINTS) -> Optional[Team]:
    """The side that took every trick as a deal's result alone tells it (a score sheet's
    points, a record's ``[Result]`` without the whole play): the bidders when they took
    all ``total`` points of the deal, else no side.  Both formats read a result this way
    (docs/formats.md).

    >>> c = Contract.parse("capotH", declarer="S")
    >>> result_capot(c, 162), result_capot(c, 150)
    (<Team.NS: 0>, None)
    """
    return contract.team if points == total else None


#: The sheet's words that say one thing of a deal, and what: ``X`` and ``XX`` its coinche,
#: ``capot``, ``generale`` and ``lost-capot`` the side that took every trick.
_WORD_SAYS = {"x": ("coinche", "x"), "xx": ("coinche", "xx"), "capot": ("capot", "bidders"),
              "generale": ("capot", "bidders"), "lost-capot": ("capot", "defenders")}


def is_passed_out(text: str) -> bool:
    """Whether a score sheet's line is a deal passed out: ``pass``, a comment allowed."""
    return [w.lower() for w in text.split("#", 1)[0].split()] == ["pass"]


def parse_deal_line(text: str, rules: Rules = Rules()) -> Optional[DealScore]:
    """One deal of a score sheet: ``CONTRACT DECLARER POINTS`` and words, or ``pass``;
    ``None`` for a blank, ``#`` comment or ``pass`` line.

    The words: ``X`` (coinched) or ``XX`` (surcoinched), ``belote=NS`` (once per belote),
    ``capot`` (the bidders took every trick), ``lost-capot`` (the defenders did),
    ``generale`` (one player took them all), ``decl=NS:tierce,carre-J`` (a side's
    announcements).  POINTS are the declaring side's card points, 0 to 162; all 162 is a
    capot by the bidders without the word (:func:`result_capot`).  Words that exclude
    each other (``X`` and ``XX``, ``lost-capot`` and ``capot`` or ``generale``) are an error.

    >>> parse_deal_line("100H S 122 belote=NS").scores
    (240, 40)
    >>> parse_deal_line("90S E 70 X").scores                   # failed: 160 + 2 x 90 to N-S
    (340, 0)
    >>> parse_deal_line("capotH S 162").scores                 # a bid capot made
    (500, 0)
    >>> parse_deal_line("100H S lots")
    Traceback (most recent call last):
    ...
    solver.errors.ScoreError: card points 'lots' in '100H S lots': expected a whole number from 0 to 162
    """
    t = text.split("#", 1)[0].split()
    if not t or is_passed_out(text):
        return None
    if len(t) < 3:
        raise ScoreError(tr("deal {text}: expected CONTRACT DECLARER POINTS [words], like 100H S 122",
                            text=quote(text)))
    points = t[2]
    if not (points.isascii() and points.isdigit() and len(points) <= 3):
        raise ScoreError(tr("card points {points} in {text}: expected a whole number from 0 to {total}",
                            points=quote(points), text=quote(text), total=TOTAL_POINTS))
    coinche = Coinche.NONE
    belote: list[Team] = []
    decl: dict[Team, list[str]] = {Team.NS: [], Team.EW: []}
    capot: "bool | Team | Literal['lost']" = False
    generale = False
    said: dict[str, tuple[str, str]] = {}     # per kind of word, the first met and what it says
    for w in t[3:]:
        key, sep, value = w.partition("=")
        k = key.lower()
        if not sep and k in _WORD_SAYS:
            group, meaning = _WORD_SAYS[k]
            first, first_meaning = said.setdefault(group, (w, meaning))
            if first_meaning != meaning:
                raise ScoreError(tr("words {first} and {second} in {text} exclude each other: give one of them",
                                    first=quote(first), second=quote(w), text=quote(text)))
            if group == "coinche":
                coinche = Coinche.parse(k)
            else:
                generale = generale or k == "generale"
                capot = True if k != "lost-capot" else "lost"
        elif k == "belote" and sep:
            belote.append(Team.parse(value))
        elif k == "decl" and sep:
            side, _, kinds = value.partition(":")
            decl[Team.parse(side)] += [x for x in kinds.split(",") if x]
        else:
            raise ScoreError(tr("unknown word {word} in {text}: expected X, XX, belote=SIDE, capot, "
                                "lost-capot, generale or decl=SIDE:KINDS", word=quote(w), text=quote(text)))
    contract = Contract.parse(t[0], t[1], coinche, capot_coinche=rules.capot_coinche)
    if capot == "lost":
        capot = contract.team.other
    elif capot is False:
        taker = result_capot(contract, int(points))
        capot = False if taker is None else taker
    return deal_score(contract, int(points), rules, belote=belote, declarations=decl, capot=capot,
                      generale=generale)


def record_score(record: Record, rules: Optional[Rules] = None) -> Optional[DealScore]:
    """The score of a played game record (:class:`~solver.records.Record`): its contract,
    ``[Result]``, ``[Belote]`` and ``[Declarations]``; capot when the play shows every
    trick to one side, or, without a complete play, a result of all the deal's points.
    ``None`` for a game passed out or without a contract; a contract without a result is
    an error, and so is a ``[Belote]`` for a side whose hands hold no K and Q of trumps
    (when the record has its deal)."""
    rules = record.rules if rules is None else rules
    c = record.contract
    if c is None:
        return None
    where = tr("game at line {n}", n=record.line)
    if record.result is None:
        raise ScoreError(tr("{where}: contract {contract} without a [Result]", where=where, contract=c))
    deal = record.deal
    total = TOTAL_POINTS if deal is None else deal_total(deal, c.strain, rules)
    taker = result_capot(c, record.result, total)
    leader = record.leader if record.leader is not None or record.dealer is None else opening_leader(
        c, record.dealer, rules)
    if deal is not None and leader is not None and len(record.play) == 4 * deal.cards_per_hand:
        pos = Position(deal, c.strain, leader, rules, record.play)
        taker = capot_taker(pos.tricks[0], pos.total_tricks)
    if record.belote is not None and deal is not None:
        holders = {seat.team for seat, _ in belote_teams(deal, c.strain, rules)}
        if record.belote not in holders:
            raise ScoreError(tr("{where}: [Belote] {belote}, but no hand of "
                                "{belote} holds the K and Q of trumps in {strain}", where=where,
                                belote=record.belote.name, strain=c.strain.name))
    decl: dict[Team, list[str]] = {Team.NS: [], Team.EW: []}
    for part in (record.declarations or "").split():
        side, _, kinds = part.partition(":")
        decl[Team.parse(side)] += [x for x in kinds.split(",") if x]
    try:
        belote = [record.belote] if record.belote is not None else None
        return deal_score(c, record.result, rules, belote=belote, declarations=decl, capot=taker,
                          total=total)
    except CoincheError as e:
        raise type(e)(tr("{where}: {error}", where=where, error=e)) from None
