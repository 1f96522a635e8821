"""Reading the command line's values into the solver's types, once, at the boundary:
the deal, the first leader, whole numbers and the sampling constraints (the rules:
:mod:`.rules`).

Each reader raises the solver's error for its kind (a :class:`solver.CoincheError`),
which the command turns into one line on stderr and exit code 2.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Sequence

import solver
from solver.deal import first_leader
from solver.errors import ConstraintError, DealError, SeatError, quote
from solver.messages import N_, tr
from solver.sampling import Constraints

from .options import KnownOpt, LengthOpt, PointsOpt, VoidOpt, option_group

if TYPE_CHECKING:
    from solver.records import Record


def parse_deal(text: str) -> solver.Deal:
    """A deal from the command line; the word ``example`` gives the built-in example deal.
    A word that is no deal but reads as a file name is said to be a missing file.

    >>> parse_deal("nosuch.txt")
    Traceback (most recent call last):
    ...
    solver.errors.DealError: no such file: 'nosuch.txt'
    """
    if text.strip().lower() == "example":
        return solver.Deal.from_pbn(solver.EXAMPLE_DEAL)
    try:
        return solver.Deal.from_pbn(text)
    except DealError:
        if _FILE_NAME.fullmatch(text.strip()):
            raise DealError(tr("no such file: {path}", path=quote(text))) from None
        raise


#: One word ending in a suffix with a letter no hand uses (``deals.txt``, ``game.json``);
#: a hand's last suit (``AK.K8.K8.AQJ``) has ranks only.
_FILE_NAME = re.compile(r"\S+\.[A-Za-z0-9]*[B-CE-IL-PSU-Zb-ce-il-psu-z][A-Za-z0-9]*")


def leader_from(leader: "str | None", dealer: "str | None") -> solver.Seat:
    """The first leader from ``--leader`` / ``--dealer`` (the seat after the dealer), N by default."""
    return first_leader(leader, dealer, default=solver.Seat.N)


def record_leader(records: "Sequence[Record]", path: str, leader: "str | None", dealer: "str | None") -> "solver.Seat | None":
    """The first leader ``--leader`` / ``--dealer`` give the games of a record file that
    have none of their own (no [Dealer] nor [Play]); ``None`` when neither is given.  The
    file's own tags win: an option that gives a game another first leader is an error."""
    given = first_leader(leader, dealer)
    for n, r in enumerate(records, 1):
        if given is not None and r.first_leader is not None and r.first_leader != given:
            raise SeatError(tr("game {n} of {path} has its own first leader, {seat}, not the {given} of {options}: "
                               "with a record file, --leader and --dealer only stand in for a game without "
                               "a [Dealer]", n=n, path=quote(path), seat=r.first_leader.name, given=given.name,
                               options=_seat_options(leader, dealer)))
    return given


def record_dealer(records: "Sequence[Record]", path: str, dealer: "str | None") -> "solver.Seat | None":
    """The dealer ``--dealer`` gives the games of a record file without a [Dealer];
    ``None`` when not given.  An option that gives a game another dealer is an error."""
    given = solver.Seat.parse(dealer) if dealer is not None else None
    for n, r in enumerate(records, 1):
        if given is not None and r.dealer is not None and r.dealer != given:
            raise SeatError(tr("game {n} of {path} has its own dealer, {seat}, not the {given} of --dealer "
                               "{dealer}: with a record file, --dealer only stands in for a game without a "
                               "[Dealer]", n=n, path=quote(path), seat=r.dealer.name, given=given.name,
                               dealer=quote(dealer)))
    return given


def _seat_options(leader: "str | None", dealer: "str | None") -> str:
    """``--leader 'N' --dealer 'E'``: the seat options as given, quoted."""
    return " ".join(f"{name} {quote(value)}" for name, value in (("--leader", leader), ("--dealer", dealer))
                    if value is not None)


def whole_number(text: str) -> int:
    """``int(text)`` for at most 9 ASCII digits with an optional sign; ValueError for
    anything else (``int`` alone takes ``٣`` and spends long on 100,000 digits).

    >>> whole_number(" -12"), whole_number("+7")
    (-12, 7)
    """
    t = text.strip()
    digits = t[1:] if t[:1] in ("+", "-") else t
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 9):
        raise ValueError(tr("not a whole number: {text}", text=quote(text)))
    return int(t)


def parse_constraints(known: "list[str] | None", void: "list[str] | None", length: "list[str] | None",
                      points: "list[str] | None") -> "Constraints | None":
    """Constraints from the command line options (each repeatable).

    ``--known E:SJ,S9``, ``--void W:SH``, ``--length N:H:3-5``, ``--points N:20-60``.

    >>> parse_constraints(["E:SJ,S9"], ["W:S"], ["N:H:3-5"], ["N:20-60"]).describe()
    ['E holds J9.-.-.-', 'W void in ♠', 'N holds 3 to 5 ♥', 'N holds 20 to 60 points']
    >>> parse_constraints(None, ["W"], None, None)
    Traceback (most recent call last):
    ...
    solver.errors.ConstraintError: --void 'W': expected SEAT:SUITS, like W:S

    A range given twice for the same seat (and suit) must hold both times:

    >>> parse_constraints(None, None, ["N:H:2-5", "N:H:4-6"], None).describe()
    ['N holds 4 to 5 ♥']
    >>> parse_constraints(None, None, None, ["N:20-60", "N:0-10"])
    Traceback (most recent call last):
    ...
    solver.errors.ConstraintError: --points 'N:0-10' contradicts 'N:20-60' given before
    """
    def split(text: str, option: str, parts: int, example: str) -> list[str]:
        bits = text.split(":")
        if len(bits) != parts or not all(b.strip() for b in bits):
            raise ConstraintError(tr("{option} {text!r}: expected {example}", option=option, text=text,
                                     example=tr(example)))
        return [b.strip() for b in bits]

    def rng(text: str, option: str, full: str, example: str) -> tuple[int, int]:
        lo, sep, hi = text.partition("-")
        try:
            return (whole_number(lo), whole_number(hi)) if sep else (whole_number(lo), whole_number(lo))
        except ValueError:
            raise ConstraintError(tr("{option} {text}: expected {example}", option=option, text=quote(full),
                                     example=tr(example))) from None

    def both(ranges: dict[tuple[str, ...], tuple[int, int]], given: dict[tuple[str, ...], str],
             key: tuple[str, ...], r: tuple[int, int], option: str, text: str) -> None:
        # the same seat (and suit) twice: both ranges hold, so keep what they share
        if key in ranges:
            lo, hi = max(ranges[key][0], r[0]), min(ranges[key][1], r[1])
            if lo > hi:
                raise ConstraintError(tr("{option} {text!r} contradicts {before!r} given before", option=option,
                                         text=text, before=given[key]))
            r = (lo, hi)
        ranges[key] = r
        given.setdefault(key, text)

    kw: dict[str, dict[Any, Any]] = {"known": {}, "voids": {}, "lengths": {}, "points": {}}
    given: dict[tuple[str, ...], str] = {}
    for t in known or []:
        seat, cards = split(t, "--known", 2, N_("SEAT:CARDS, like E:SJ,S9"))
        kw["known"][seat] = (kw["known"].get(seat, "") + " " + cards.replace(",", " ")).strip()
    for t in void or []:
        seat, suits = split(t, "--void", 2, N_("SEAT:SUITS, like W:S"))
        kw["voids"][seat] = kw["voids"].get(seat, "") + suits
    for t in length or []:
        seat, suit, r = split(t, "--length", 3, N_("SEAT:SUIT:MIN-MAX, like N:H:3-5"))
        both(kw["lengths"], given, ("length", seat.upper(), suit.upper()),
             rng(r, "--length", t, N_("SEAT:SUIT:MIN-MAX, like N:H:3-5")), "--length", t)
    for t in points or []:
        seat, r = split(t, "--points", 2, N_("SEAT:MIN-MAX, like N:20-60"))
        both(kw["points"], given, ("points", seat.upper()),
             rng(r, "--points", t, N_("SEAT:MIN-MAX, like N:20-60")), "--points", t)
    kw["lengths"] = {k[1:]: v for k, v in kw["lengths"].items()}
    kw["points"] = {k[1]: v for k, v in kw["points"].items()}
    if not any(kw.values()):
        return None
    return Constraints(known=kw["known"], voids=kw["voids"], lengths=kw["lengths"], points=kw["points"])


#: Decorator for a sampling command: its ``constraints`` parameter becomes ``--known``,
#: ``--void``, ``--length`` and ``--points``, read by :func:`parse_constraints`.
takes_constraints = option_group("constraints", {"known": KnownOpt, "void": VoidOpt, "length": LengthOpt,
                                                 "points": PointsOpt}, parse_constraints)
