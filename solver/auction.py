"""The auction: the calls so far, from the seat after the dealer, checked under the rules.

Every call is made in turn: a pass, a bid (a level and a strain, or capot), a coinche
(by an opponent of the standing bid) or a surcoinche (by the coinched side).  A bid
overcalls the standing one (:func:`~solver.contract.bid_key`); three passes after a
call end the auction, four passes without a bid pass the deal out, a surcoinche ends it
(unless ``rules.contree``), and so does a capot bid that cannot be coinched.  A bid after
a coinche needs ``rules.contree``.  This is the one home of these rules: records
(:mod:`solver.records`) and the advice read auctions through :class:`AuctionState`.

Text gives the calls in order, each optionally after its seat (``E:pass``), in English
or French: ``pass``/``passe``/``p``, ``coinche``/``contre``/``x``,
``surcoinche``/``surcontre``/``xx``, bids as ``80H``, ``80♥``, ``80 cœur``,
``100 SA``, ``capot S``.  A last ``?`` (``N:?``) marks whose call is asked.

>>> a = Auction.parse("E:pass S:80H W:90S N:?", dealer="N")
>>> a.next_seat, a.contract
(<Seat.N: 0>, Contract.parse('90♠ W'))
>>> [str(c) for c in a.legal_calls()][:4]
['pass', '100♠', '100♥', '100♦']
>>> Auction.parse("E:pass S:80H W:coinche", dealer="N").contract
Contract.parse('80♥ S X')
>>> Auction.parse("E:pass S:80H S:pass", dealer="N")
Traceback (most recent call last):
...
solver.auction.AuctionError: call 3 'S:pass': it is W's turn, not S's
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Iterator, Optional

from .cards import Seat, TextEnum
from .contract import CAPOT, GENERALE, Coinche, Contract, bid_key, bid_levels, bid_strains, bid_text, cached_contract
from .contract import level_text, may_coinche, parse_level
from .errors import CoincheError, ContractError, SeatError, StrainError, quote
from .messages import tr
from .rules import Rules, Strain

__all__ = ["AuctionError", "CallKind", "Call", "AuctionState", "Auction", "parse_call"]


class AuctionError(CoincheError):
    """A call that cannot be made here, or text that is no call."""


class CallKind(TextEnum):
    """What a call of the auction is; equal to its name as text (``"pass"``)."""

    PASS = "pass"
    BID = "bid"
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"


_KIND_NUMBER = {kind: k for k, kind in enumerate(CallKind)}


@dataclasses.dataclass(frozen=True)
class Call:
    """One call of the auction: a :class:`CallKind`, and for a bid its level and strain."""

    seat: Seat
    kind: CallKind
    level: Optional[int] = None
    strain: Optional[Strain] = None

    def __post_init__(self) -> None:
        # Calls key the look-ahead's memories (an auction's calls, as a tuple, hashed on
        # every lookup), so each keeps its hash: from ints alone, the same in every process.
        strain = -1 if self.strain is None else int(self.strain)
        key = ((int(self.seat) * 8 + _KIND_NUMBER[self.kind]) * 1024 + (self.level or 0)) * 8 + strain
        object.__setattr__(self, "_hash", hash(key))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    def __str__(self) -> str:
        if self.kind == CallKind.BID:
            return bid_text(*self.level_strain())
        return str(self.kind)

    def level_strain(self) -> tuple[int, Strain]:
        """A bid's level and strain (:class:`AuctionError` for a call that is no bid)."""
        if self.level is None or self.strain is None:
            raise AuctionError(tr("{kind} is no bid", kind=self.kind))
        return self.level, self.strain

    @property
    def text(self) -> str:
        """The call for machines: ``pass``, ``coinche``, ``surcoinche`` or ``100H``."""
        if self.kind == CallKind.BID:
            return bid_text(*self.level_strain(), symbols=False)
        return str(self.kind)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.name, "call": self.text}


_WORDS = {"PASS": CallKind.PASS, "P": CallKind.PASS, "PASSE": CallKind.PASS, "-": CallKind.PASS,
          "COINCHE": CallKind.COINCHE, "CONTRE": CallKind.COINCHE, "X": CallKind.COINCHE,
          "SURCOINCHE": CallKind.SURCOINCHE, "SURCONTRE": CallKind.SURCOINCHE, "XX": CallKind.SURCOINCHE}


def parse_call(text: str, seat: Seat) -> Call:
    """One call as text (a word, or a bid: ``100H``, ``100 cœur``, ``capot SA``) by ``seat``.

    >>> parse_call("passe", Seat.N).kind, str(parse_call("100 coeur", Seat.N))
    (<CallKind.PASS: 'pass'>, '100♥')
    """
    t = " ".join(text.split())
    kind = _WORDS.get(t.upper())
    if kind is not None:
        return Call(seat, kind)
    m = re.fullmatch(r"(?i)([0-9]+|capot|g[ée]n[ée]rale)\s*(.+)", t)
    if m is None:
        raise AuctionError(tr("call {text}: {why}", text=quote(text),
                              why=tr("expected pass, coinche, surcoinche or a bid like 80H")))
    try:
        return Call(seat, CallKind.BID, parse_level(m.group(1)), Strain.parse(m.group(2).strip()))
    except (ContractError, StrainError) as e:
        raise AuctionError(tr("call {text}: {why}", text=quote(text), why=e)) from None


class AuctionState:
    """The auction so far under ``rules``: :meth:`add` a call, in turn; see the module."""

    def __init__(self, rules: Rules = Rules()) -> None:
        self.rules = rules
        self.bid: Optional[Call] = None
        self.coinche = Coinche.NONE
        self.passes = 0
        self.calls = 0
        self.ended = False

    @property
    def over(self) -> bool:
        return self.ended or (self.passes >= 3 and self.bid is not None) or self.passes == 4

    def closing_passes(self) -> list[None]:
        """As many passes as end the auction now (None each)."""
        return [None] * max(0, (3 if self.bid is not None else 4) - self.passes) if not self.ended else []

    def why_not(self, call: Call) -> Optional[str]:
        """Why ``call`` cannot come next (None when it can)."""
        r, b = self.rules, self.bid
        if self.over:
            return tr("a call after the end of the auction")
        if call.kind == CallKind.PASS:
            return None
        if call.kind == CallKind.BID:
            if self.coinche and not r.auction.contree:
                return tr("a bid after a coinche: {bid} is coinched", bid=self._bid_text())
            allowed = bid_levels(r) + (CAPOT,) + ((GENERALE,) if r.auction.generale else ())
            if call.level not in allowed or call.strain not in bid_strains(r):
                return tr("bid {bid} is not allowed by these rules", bid=quote(call.text))
            if b is not None and bid_key(*call.level_strain(), r) <= bid_key(*b.level_strain(), r):
                return tr("bid {bid} does not overcall {standing}", bid=quote(call.text), standing=self._bid_text())
            return None
        if call.kind == CallKind.COINCHE:
            if b is None or self.coinche or b.seat.team == call.seat.team:
                return tr("a coinche needs a standing bid of the opponents, not yet coinched")
            return None
        if self.coinche != Coinche.COINCHE or b is None or b.seat.team != call.seat.team:
            return tr("a surcoinche needs the bidders' contract coinched")
        return None

    def add(self, call: Call) -> None:
        """Make ``call``; :class:`AuctionError` says why it cannot be made."""
        why = self.why_not(call)
        if why is not None:
            raise AuctionError(why)
        if call.kind == CallKind.PASS:
            self.passes += 1
        else:
            if call.kind == CallKind.BID:
                self.bid, self.coinche = call, Coinche.NONE
                self.ended = not may_coinche(call.level_strain()[0], self.rules)
            elif call.kind == CallKind.COINCHE:
                self.coinche = Coinche.COINCHE
            else:
                self.coinche = Coinche.SURCOINCHE
                self.ended = not self.rules.auction.contree
            self.passes = 0
        self.calls += 1

    def copy(self) -> "AuctionState":
        """A state that later calls may change without changing this one."""
        other = AuctionState.__new__(AuctionState)
        other.__dict__.update(self.__dict__)
        return other

    def legal_calls(self, seat: Seat) -> list[Call]:
        """Every call ``seat`` may make next, in the order of :meth:`Auction.legal_calls`:
        the calls :meth:`why_not` accepts, found without asking it of each."""
        if self.over:
            return []
        r, b = self.rules, self.bid
        calls, bids, coinche, surcoinche = calls_of(seat, r)
        out = [calls[0]]
        if not (self.coinche and not r.auction.contree):
            if b is None:
                out += [c for _, c in bids]
            else:
                floor = bid_key(*b.level_strain(), r)
                out += [c for key, c in bids if key > floor]
        if b is not None and not self.coinche and b.seat.team != seat.team:
            out.append(coinche)
        if self.coinche == Coinche.COINCHE and b is not None and b.seat.team == seat.team:
            out.append(surcoinche)
        return out

    def _bid_text(self) -> str:
        b = self.bid
        if b is None:
            return "no bid"
        level, strain = b.level_strain()
        return f"{level_text(level)}{strain.name}"

    def contract(self) -> Optional[Contract]:
        """The standing contract (declarer and coinche included), None before any bid."""
        b = self.bid
        if b is None:
            return None
        return cached_contract(*b.level_strain(), b.seat, self.coinche, self.rules.capot_coinche)


_CALLS: dict[tuple[Seat, Rules], tuple[list[Call], list[tuple[tuple[int, int], Call]], Call, Call]] = {}


def calls_of(seat: Seat, rules: Rules) -> tuple[list[Call], list[tuple[tuple[int, int], Call]], Call, Call]:
    """``seat``'s calls under ``rules``, made once: ``([pass], [(bid_key, bid)] in the
    order of the legal calls, coinche, surcoinche)``; the bids are those the rules allow
    (:meth:`AuctionState.why_not`)."""
    key = (seat, rules)
    made = _CALLS.get(key)
    if made is None:
        levels = bid_levels(rules) + (CAPOT,) + ((GENERALE,) if rules.auction.generale else ())
        bids = [(bid_key(lv, st, rules), Call(seat, CallKind.BID, lv, st)) for lv in levels for st in bid_strains(rules)]
        if len(_CALLS) > 256:
            _CALLS.clear()
        made = _CALLS[key] = ([Call(seat, CallKind.PASS)], bids, Call(seat, CallKind.COINCHE),
                              Call(seat, CallKind.SURCOINCHE))
    return made


def _tokens(text: str) -> Iterator[tuple[Optional[str], str]]:
    """``(seat letter or None, call text)`` for each call of ``text``."""
    words = text.replace(",", " ").split()
    i = 0
    while i < len(words):
        seat, sep, word = words[i].rpartition(":") if ":" in words[i] else ("", "", words[i])
        if sep and not word and i + 1 < len(words):       # "E: pass"
            i += 1
            word = words[i]
        if re.fullmatch(r"(?i)[0-9]+|capot|g[ée]n[ée]rale", word) and i + 1 < len(words) \
                and ":" not in words[i + 1] and words[i + 1].upper() not in _WORDS and words[i + 1] != "?":
            i += 1
            word = f"{word} {words[i]}"                   # "80 cœur", "100 SA"
        yield (seat or None), word
        i += 1


@dataclasses.dataclass(frozen=True)
class Auction:
    """The calls so far from the seat after ``dealer``, each checked under ``rules``."""

    dealer: Seat
    calls: tuple[Call, ...] = ()
    rules: Rules = Rules()

    def __post_init__(self) -> None:
        object.__setattr__(self, "_state", self._replay())     # every call checked

    def __getstate__(self) -> dict[str, Any]:
        """The calls, not the state worked out from them (worked out again when asked)."""
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    def _known_state(self) -> AuctionState:
        """The state after every call, worked out once (not to be changed)."""
        st: Optional[AuctionState] = self.__dict__.get("_state")
        if st is None:
            st = self._replay()
            object.__setattr__(self, "_state", st)
        return st

    @classmethod
    def parse(cls, text: str, dealer: "Seat | str", rules: Rules = Rules()) -> "Auction":
        """The calls of ``text`` (see the module); bad calls raise :class:`AuctionError`
        quoting the call and saying why."""
        try:
            dealer = Seat.parse(dealer)
        except SeatError as e:
            raise AuctionError(tr("dealer: {error}", error=e)) from None
        state, calls, seat = AuctionState(rules), [], dealer.next
        for n, (who, word) in enumerate(_tokens(text), 1):
            shown = f"{who}:{word}" if who else word
            if who is not None:
                try:
                    said = Seat.parse(who)
                except SeatError:
                    raise AuctionError(tr("call {n} {text}: {why}", n=n, text=quote(shown),
                                          why=tr("unknown seat {seat}", seat=quote(who)))) from None
                if said != seat:
                    raise AuctionError(tr("call {n} {text}: {why}", n=n, text=quote(shown),
                                          why=tr("it is {seat}'s turn, not {said}'s", seat=seat,
                                                 said=said.name)))
            if word == "?":
                break
            try:
                call = parse_call(word, seat)
                state.add(call)
            except AuctionError as e:
                why = str(e).replace(tr("call {text}: {why}", text=quote(word), why=""), "")
                raise AuctionError(tr("call {n} {text}: {why}", n=n, text=quote(shown), why=why)) from None
            calls.append(call)
            seat = seat.next
        return cls(dealer, tuple(calls), rules)

    def state(self) -> AuctionState:
        """The state after every call (a copy the caller may change)."""
        return self._known_state().copy()

    def _replay(self) -> AuctionState:
        """The state after every call, each checked in turn."""
        state = AuctionState(self.rules)
        seat = self.dealer.next
        for n, call in enumerate(self.calls, 1):
            if call.seat != seat:
                raise AuctionError(tr("call {n} ({call}): it is {seat}'s turn, not {caller}'s", n=n,
                                      call=call, seat=seat.name, caller=call.seat.name))
            state.add(call)
            seat = seat.next
        return state

    @property
    def next_seat(self) -> Seat:
        return Seat((int(self.dealer) + 1 + len(self.calls)) % 4)

    @property
    def is_over(self) -> bool:
        return self._known_state().over

    @property
    def contract(self) -> Optional[Contract]:
        return self._known_state().contract()

    def before(self, index: int) -> "Auction":
        """The auction before call ``index`` (0-based)."""
        return Auction(self.dealer, self.calls[:index], self.rules)

    def then(self, call: Call) -> "Auction":
        """The auction with ``call`` added (checked)."""
        seat = self.next_seat
        if call.seat != seat:
            raise AuctionError(tr("call {n} ({call}): it is {seat}'s turn, not {caller}'s", n=len(self.calls) + 1,
                                  call=call, seat=seat.name, caller=call.seat.name))
        state = self._known_state().copy()
        state.add(call)                 # checked as a new auction checks its last call
        out = Auction.__new__(Auction)
        for name, value in (("dealer", self.dealer), ("calls", self.calls + (call,)), ("rules", self.rules),
                            ("_state", state)):
            object.__setattr__(out, name, value)
        return out

    def legal_calls(self) -> list[Call]:
        """Every call the next seat may make: pass, each bid that overcalls (by level,
        then strain S H D C SA TA), coinche, surcoinche."""
        legal: Optional[list[Call]] = self.__dict__.get("_legal")
        if legal is None:
            legal = self._known_state().legal_calls(self.next_seat)
            object.__setattr__(self, "_legal", legal)
        return list(legal)

    def text(self) -> str:
        """The auction as text ``parse`` reads back: ``E:pass S:80H``."""
        return " ".join(f"{c.seat.name}:{c.text}" for c in self.calls)

    def to_dict(self) -> dict[str, Any]:
        return {"dealer": self.dealer.name, "calls": [c.to_dict() for c in self.calls]}

    def __str__(self) -> str:
        return " ".join(f"{c.seat.name}:{c}" for c in self.calls) or "(no call yet)"
