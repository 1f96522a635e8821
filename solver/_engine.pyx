# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Exact alpha-beta search for Coinche card play (see ``_engine.pxd`` for the layout).

The search is a fail-soft alpha-beta on the points N-S take from the position to the
end of the deal, over single card plays.  The driver (:func:`solve_state`) runs
null-window probes, MTD(f) style, until the bounds meet.  Positions at trick starts
go through the transposition table (lower and upper bounds, exact keys).  Pruning
that is always exact:

* cards of one hand that are neighbours in the strain's order once the cards
  already played in finished tricks are taken away, and that carry equal points,
  are one move (only the highest is searched);
* two such neighbours with unequal points lead to positions of one shape whose
  values differ by at most the difference of their points, so once one is
  searched the other is skipped when that margin cannot bring it into the window;
* at a trick start the value lies in ``[0, points left]``, and sure points (top
  trumps, cashing runs) narrow it;
* the table is keyed by the position's shape, so a position reuses the bounds of
  every stored position that differs from it only in the points of its cards
  (the bounds moved by those points, see ``_engine.pxd``);
* the last trick is scored directly.

Everything in the included files runs ``noexcept nogil`` on C structs; the Python
class ``Engine`` converts once at the boundary and releases the GIL for the search.
"""

from libc.stdint cimport int16_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset

# One C translation unit, split by role (the helpers are inline and stay so):
include "_engine_bits.pxi"      # bit instructions, layout tables, seats, sentinels
include "_engine_play.pxi"      # rules of play on masks, a card played and taken back
include "_engine_table.pxi"     # the transposition table and its entry layout
include "_engine_sure.pxi"      # sure bounds at trick starts
include "_engine_order.pxi"     # move classes and ordering, by position in the trick
include "_engine_estimate.pxi"  # a whole deal's first estimate, for the probes
include "_engine_search.pxi"    # the alpha-beta search and the probe driver

# ---------------------------------------------------------------------------
# Python boundary
# ---------------------------------------------------------------------------

cdef uint32_t permute_mask(uint32_t m, const int* where):
    """The mask of the cards ``where[c]`` for the cards ``c`` of ``m`` (canonical order to
    the engine's, or back)."""
    cdef uint32_t out = 0
    cdef int c
    for c in range(32):
        if m >> c & 1:
            out |= (<uint32_t>1) << where[c]
    return out


def lead_weights():
    """The weight the search adds to the order of a lead of each class (2048 ints, see
    _engine_order.pxi's lead_class)."""
    return [LEAD_WEIGHT[k] for k in range(LEAD_CLASSES)]


def set_lead_weights(weights):
    """Set the weights of :func:`lead_weights` for every engine of the process (the lead
    learning tool tries weights with it; the search starts from the learned table)."""
    cdef int k
    w = [int(x) for x in weights]
    if len(w) != LEAD_CLASSES or min(w) < 0 or max(w) > MAX_LEAD_WEIGHT:
        raise ValueError(f"{LEAD_CLASSES} weights from 0 to {MAX_LEAD_WEIGHT} are needed")
    global LEAD_WEIGHTS_ON
    for k in range(LEAD_CLASSES):
        LEAD_WEIGHT[k] = w[k]
    LEAD_WEIGHTS_ON = min(w) != max(w)


def estimate_weights():
    """The weights of the first estimate of a whole deal's value, one list a kind of strain
    (a trump suit, sans atout, tout atout; see _engine_estimate.pxi)."""
    return [[ESTIMATE_W[k][i] for i in range(EST_FEATURES if k == 0 else EST_PLAIN)]
            for k in range(EST_KINDS)]


def set_estimate_weights(weights):
    """Set the weights of :func:`estimate_weights` for every engine of the process (the
    fitting tool compares them; all 0: no estimate, the probes bisect at once)."""
    cdef int k, i
    w = [[float(x) for x in row] for row in weights]
    if [len(row) for row in w] != [EST_FEATURES, EST_PLAIN, EST_PLAIN]:
        raise ValueError(f"{EST_FEATURES}, {EST_PLAIN} and {EST_PLAIN} weights are needed")
    if not all(-1e6 < x < 1e6 for row in w for x in row):
        raise ValueError("the weights must be finite numbers between -1e6 and 1e6")
    global ESTIMATE_ON
    ESTIMATE_ON = False
    for k in range(EST_KINDS):
        for i in range(EST_FEATURES):
            ESTIMATE_W[k][i] = w[k][i] if i < len(w[k]) else 0
            if ESTIMATE_W[k][i] != 0:
                ESTIMATE_ON = True


set_estimate_weights([[LEARNED_ESTIMATE[k][i] for i in range(EST_FEATURES if k == 0 else EST_PLAIN)]
                      for k in range(EST_KINDS)])


cdef class Engine:
    """A search engine with its own transposition table, or another engine's.

    The engine speaks canonical card ints (``solver.cards``) at its boundary.  Set a
    position with :meth:`setup`, then ask :meth:`value` (exact), :meth:`probe`
    (threshold) or move along with :meth:`play` / :meth:`unplay`.  One engine is not
    for use by two threads at once; make one engine per thread.  ``table_of``: search
    with that engine's table, so that two threads working on one position share what
    they learn (the table's entries are checked as a whole when read: see _engine.pxd).
    """

    cdef TTable tt
    cdef State st
    cdef State stack[40]
    cdef int depth
    cdef int to_engine[32]
    cdef int to_canon[32]
    cdef readonly int tt_bits
    cdef object _tables      # (strength, points, count_tricks) last compiled by setup
    cdef Engine _table_owner  # the engine whose table this one searches with (None: its own)

    def __cinit__(self, int tt_bits=14, Engine table_of=None):
        memset(&self.st, 0, sizeof(State))
        if not _saved_mirrors_state(&self.st):
            raise AssertionError("Saved must mirror State's fields trick_mask..rem_pts")
        self.depth = 0
        if table_of is not None:
            # self.tt stays empty (nothing to free): the owner's table, kept alive by the reference
            self._table_owner = table_of
            self.tt_bits = table_of.tt_bits
            self.st.tt = table_of.st.tt
            return
        if tt_bits < 8 or tt_bits > 26:
            raise ValueError(f"tt_bits {tt_bits!r} out of range 8..26")
        self.tt_bits = tt_bits
        self.tt.nbuckets = (<uint64_t>1) << tt_bits
        self.tt.shift = 64 - tt_bits
        self.tt.entries = <TTEntry*>calloc(self.tt.nbuckets * BUCKET, sizeof(TTEntry))
        if self.tt.entries == NULL:
            raise MemoryError("cannot allocate the transposition table")
        self.tt.generation = 0
        self.st.tt = &self.tt

    def copy_table(self, Engine source):
        """Make this engine's table a copy of ``source``'s (of the same size), which may be
        searching in another thread meanwhile: each 64-bit word is copied whole, and an
        entry whose two words come from two stores is passed over by the probe, as in a
        shared table (see _engine.pxd)."""
        if self.st.tt != &self.tt:
            raise ValueError("this engine searches with another engine's table")
        if source.tt_bits != self.tt_bits:
            raise ValueError(f"tables of 2^{source.tt_bits} and 2^{self.tt_bits} buckets")
        if source.st.tt == &self.tt:
            return
        with nogil:
            memcpy(self.tt.entries, source.st.tt.entries, self.tt.nbuckets * BUCKET * sizeof(TTEntry))
        self.tt.generation = source.st.tt.generation

    def __dealloc__(self):
        if self.tt.entries != NULL:
            free(self.tt.entries)
            self.tt.entries = NULL

    def setup(self, hands, int strain, strength, points, int leader, trick=(),
              bint undertrump=True, bint overtrump_partner=True, int ta_variant=0,
              bint count_tricks=False):
        """Set the position.

        ``hands``: four canonical masks (the cards still held); ``strength`` and
        ``points``: the 32-entry tables of ``solver.rules`` for the strain; ``leader``:
        the seat that led the current trick; ``trick``: the canonical cards already in
        it, lead first.  ``count_tricks`` makes the value the number of tricks N-S take
        instead of points.
        """
        cdef int c, e, seat
        cdef State* s = &self.st
        s.tricks_left = 0           # no position until this one is checked (a failed setup leaves none)
        self.depth = 0
        hands, trick = self._checked_position(hands, strain, leader, trick)
        if self._tables is None or self._tables[0] is not strength or self._tables[1] is not points \
                or self._tables[2] != count_tricks:
            # compile the tables (skipped when the same table objects come again, as the
            # cached ones of solver.rules do from one strain's solve to the next)
            self._tables = None
            self._check_tables(strength, points)
            for c in range(32):
                e = (c & ~7) | int(strength[c])
                self.to_engine[c] = e
                self.to_canon[e] = c
            for c in range(32):
                s.pts[self.to_engine[c]] = 0 if count_tricks else int(points[c])
            compile_point_classes(s)
            for e in range(32):
                if e & 7 and s.pts[e] < s.pts[e - 1]:
                    # the sure-points bounds take a hand's lowest cards as its cheapest
                    raise ValueError("a card's points must not fall as its strength rises")
            if type(strength) is tuple and type(points) is tuple:     # immutable: safe to reuse
                self._tables = (strength, points, count_tricks)
        s.trump = strain if strain < 4 else -1
        compile_beaters(s)
        s.ta = 1 if strain == 5 else 0
        s.undertrump = undertrump
        s.overtrump_partner = overtrump_partner
        s.trick_bonus = 1 if count_tricks else 0
        s.last_bonus = 0 if count_tricks else 10
        # a points table variant 2 (TA only) sets the strain field to 7, free since strains are 0..5
        s.ctx = (<uint64_t>(strain | (ta_variant & 2))) | ((<uint64_t>undertrump) << 3) \
            | ((<uint64_t>overtrump_partner) << 4) | ((<uint64_t>count_tricks) << 5) \
            | ((<uint64_t>(ta_variant & 1)) << 6)
        for seat in range(4):
            s.hands[seat] = self._to_engine_mask(int(hands[seat]))
        s.rem_pts = 0
        for seat in range(4):
            for e in range(32):
                if s.hands[seat] >> e & 1:
                    s.rem_pts += s.pts[e]
        self._load_trick(leader, trick)
        s.nodes = 0
        memset(s.killer, 255, sizeof(s.killer))     # no killer yet (255 is no card)
        if not trick:
            s.win_card = 0      # the killer slot of the first lead (no previous trick)
        self.depth = 0
        self.st.tt.generation = (self.st.tt.generation + 1) & 3

    cdef _load_trick(self, int leader, trick):
        """Put the cards of the current trick (canonical, lead first) on the table and set
        the tricks left once the hands hold a consistent number of cards."""
        cdef State* s = &self.st
        cdef int e, k, n = len(trick)
        s.ncards = 0
        s.trick_pts = 0
        s.trick_mask = 0
        s.leader = leader
        for k in range(n):
            e = self.to_engine[int(trick[k])]
            s.trick_mask |= (<uint32_t>1) << e
            s.trick_pts += s.pts[e]
            if k == 0:
                s.led = e >> 3
                s.win_card = e
                s.win_seat = leader
            elif beats(s, e, s.win_card):
                s.win_card = e
                s.win_seat = seat_after(leader, k)
            s.ncards = k + 1
        # players who already played to this trick hold one card fewer
        held = [coinche_popcount(s.hands[seat_after(leader, k)]) + (k < n) for k in range(4)]
        if len(set(held)) != 1:
            raise ValueError("the hands do not hold a consistent number of cards")
        s.tricks_left = held[0]

    cdef tuple _checked_position(self, hands, int strain, int leader, trick):
        """``(hands, trick)`` as lists of ints once they are a position the search can take:
        four disjoint masks of the 32 cards, at most 3 cards in the trick, none held."""
        if not 0 <= strain <= 5:
            raise ValueError(f"strain {strain} out of range 0..5")
        if not 0 <= leader <= 3:
            raise ValueError(f"leader {leader} out of range 0..3")
        masks, cards = [int(h) for h in hands], [int(c) for c in trick]
        if len(masks) != 4 or len(cards) > 3:
            raise ValueError(f"{len(masks)} hands and {len(cards)} cards in the trick: expected 4 and 0..3")
        seen = 0
        for m in masks:
            if m < 0 or m > 0xFFFFFFFF:
                raise ValueError(f"hand mask {m:#x} out of range 0..0xffffffff")
            if m & seen:
                raise ValueError(f"hand mask {m:#x} shares cards with another hand ({m & seen:#x})")
            seen |= m
        for c in cards:
            if c < 0 or c > 31:
                raise ValueError(f"trick card {c} out of range 0..31")
            if seen >> c & 1:
                raise ValueError(f"trick card {c} is also held, or played twice")
            seen |= 1 << c
        return masks, cards

    cdef _check_tables(self, strength, points):
        """Refuse tables the search cannot take: each suit's strengths a permutation of
        0..7, points from 0 with a total that fits a table bound (8 bits, the last
        trick's 10 included)."""
        cdef int suit
        for suit in range(4):
            if sorted(int(strength[c]) for c in range(8 * suit, 8 * suit + 8)) != list(range(8)):
                raise ValueError(f"the strengths of suit {suit} are not 0..7 in some order")
        pts = [int(points[c]) for c in range(32)]
        if min(pts) < 0 or sum(pts) > 245:
            raise ValueError("card points must be 0 or more, 245 at most in all")

    cdef uint32_t _to_engine_mask(self, uint32_t m):
        return permute_mask(m, self.to_engine)

    cdef uint32_t _to_canon_mask(self, uint32_t m):
        return permute_mask(m, self.to_canon)

    @property
    def nodes(self):
        """Nodes searched since the last :meth:`setup`."""
        return int(self.st.nodes)

    @property
    def to_move(self):
        return (self.st.leader + self.st.ncards) & 3

    @property
    def tricks_left(self):
        return self.st.tricks_left

    @property
    def is_over(self):
        return self.st.tricks_left == 0

    def max_value(self):
        return max_value(&self.st)

    def legal(self):
        """The legal cards of the player to move, as a canonical mask."""
        if self.st.tricks_left == 0:
            return 0
        return int(self._to_canon_mask(legal_moves(&self.st)))

    def value(self, int guess=-1, int lower=0, int upper=-1):
        """The exact value (N-S points from here to the end) of the current position.

        ``guess``: the first threshold to try (-1: the middle); ``lower`` / ``upper``:
        bounds already known to hold (``upper`` -1: none).  Wrong bounds give wrong
        values: pass only proven ones."""
        cdef int v
        if self.st.tricks_left == 0:
            return 0
        with nogil:
            v = solve_state(&self.st, guess, lower, upper)
        return v

    def value_near(self, int estimate, int lower=0, int upper=-1):
        """The exact value, the probes starting from ``estimate`` and stepping away from
        it (see ``solve_near``): fewer probes than :meth:`value` when the estimate is
        within a few points, more when it is far.  ``lower`` / ``upper`` as for
        :meth:`value`."""
        cdef int v
        if self.st.tricks_left == 0:
            return 0
        with nogil:
            v = solve_near(&self.st, estimate, lower, upper)
        return v

    def card_value(self, int card, int parent=-1, int estimate=-1):
        """The value of the current position if ``card`` is played next (N-S points from
        here, the card's trick included).

        ``parent``: the current position's own value, when known.  No card does better
        than the position for the side to move, so the search is bounded by it and
        starts there: a best card costs a single probe, a card a few points worse a
        few.  ``estimate``: without ``parent``, a value near the card's (a sibling's),
        where the probes start."""
        cdef int g, rest, maximizing = ((self.st.leader + self.st.ncards) & 1) == 0
        g = self.play(card)
        try:
            if parent >= 0:
                rest = parent - g if parent > g else 0
                if maximizing:
                    return g + self.value_near(rest, 0, rest)
                return g + self.value_near(rest, rest, -1)
            if estimate >= 0:
                return g + self.value_near(estimate - g if estimate > g else 0)
            return g + self.value()
        finally:
            self.unplay()

    def sure_bounds(self):
        """``(lower, upper)``: the bounds on the value (N-S points from here on) that the
        search reads at a trick start before it plays a card: the points of the sure
        tricks of each side (top trumps, runs the leader's side can cash).  For tests and
        teaching; the value always lies between them."""
        cdef int lb = 0, ub = max_value(&self.st)
        if self.st.ncards != 0 or self.st.tricks_left == 0:
            raise ValueError("sure bounds are read at the start of a trick")
        quick_bounds(&self.st, ub, &lb, &ub)
        return lb, ub

    def probe(self, int threshold):
        """True when N-S take at least ``threshold`` from here on (one null-window search)."""
        cdef int v
        if threshold <= 0:
            return True
        if threshold > max_value(&self.st):
            return False
        if self.st.tricks_left == 0:
            return False
        with nogil:
            v = search(&self.st, threshold - 1, threshold)
        return v >= threshold

    def play(self, int card):
        """Play a canonical card for the player to move; returns the points N-S won by it
        (the trick's points when it completes a trick that N-S win, else 0).  The card
        must be legal (checked)."""
        cdef State* s = &self.st
        cdef int e, player = (s.leader + s.ncards) & 3
        if card < 0 or card > 31:
            raise ValueError(f"card {card!r} out of range 0..31")
        e = self.to_engine[card]
        if s.tricks_left == 0 or not (legal_moves(s) >> e & 1):
            raise ValueError(f"card {card!r} is not legal here")
        self.stack[self.depth] = s[0]
        self.depth += 1
        return play_card(s, player, e)

    def unplay(self):
        cdef uint64_t nodes = self.st.nodes
        if self.depth == 0:
            raise ValueError("nothing to unplay")
        self.depth -= 1
        self.st = self.stack[self.depth]
        self.st.nodes = nodes

    def ordering(self):
        """The first card of each class of legal cards (canonical ints) in the order the
        search's move list tries them when the table gives no card and there is no killer:
        the ordering heuristics and the lead weights (for measuring them against the exact
        values)."""
        cdef State* s = &self.st
        cdef uint32_t legal
        cdef uint32_t inplay = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3] | s.trick_mask
        cdef int moves[8]
        cdef int scores[8]
        cdef int n, i
        if s.tricks_left == 0:
            return []
        legal = legal_moves(s)
        if (legal & (legal - 1)) == 0:
            return [self.to_canon[coinche_ctz(legal)]]
        n = gen_moves(s, legal, to_move(s), NO_CARD, NO_CARD, inplay, moves, scores)
        # higher scores first, equal ones in the order generated (as the search picks them)
        order = sorted(range(n), key=lambda k: (-scores[k], k))
        return [self.to_canon[moves[i]] for i in order]

    def lead_classes(self):
        """At a trick start, the first card of each class of legal cards (canonical ints) with
        its lead class (see _engine_order.pxi's lead_class), as the search's move list makes
        them; empty elsewhere."""
        cdef State* s = &self.st
        cdef uint32_t legal, ruff_risk
        cdef uint32_t inplay = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
        cdef uint32_t hand, mate, others, opps, opp_trumps
        cdef int moves[8]
        cdef int scores[8]
        cdef int n, i, c, player
        if s.tricks_left == 0 or s.ncards:
            return []
        player = s.leader
        legal = legal_moves(s)
        hand = s.hands[player]
        mate = s.hands[partner(player)]
        others = inplay & ~hand
        opps = s.hands[next_seat(player)] | s.hands[prev_seat(player)]
        opp_trumps = (opps & LANE[s.trump]) if s.trump >= 0 else 0
        ruff_risk = ruff_risk_of(s, player, s.trump) if opp_trumps else 0
        n = gen_moves(s, legal, player, NO_CARD, NO_CARD, inplay, moves, scores) if legal & (legal - 1) else 0
        if n == 0:
            moves[0] = coinche_ctz(legal)
            n = 1
        out = []
        for i in range(n):
            c = moves[i]
            out.append((self.to_canon[c], lead_class(s, c, s.pts[c], (ABOVE[c] & others) == 0, s.trump,
                                                     hand, mate, others, opp_trumps, ruff_risk)))
        return out

    def estimate_features(self):
        """At a trick start, the features of the first estimate for the leader's side (see
        _engine_estimate.pxi), floats; empty elsewhere."""
        cdef double f[EST_FEATURES]
        cdef int n
        if self.st.tricks_left == 0 or self.st.ncards:
            return []
        n = estimate_features(&self.st, f)
        return [f[i] for i in range(n)]

    def estimate(self):
        """The first estimate of the N-S value where the probes of :meth:`value` start
        without a guess; -1 where there is none (anything but a whole deal's first lead,
        tricks counted, or no weights)."""
        return root_estimate(&self.st)

    def move_classes(self):
        """The legal cards grouped into classes of equivalent cards (canonical ints);
        each class's first card is the one the search plays."""
        cdef State* s = &self.st
        cdef uint32_t legal = legal_moves(s)
        cdef uint32_t inplay = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3] | s.trick_mask
        cdef int c, prev = -1
        classes = []
        cur = None
        if s.tricks_left == 0:
            return classes
        while legal:
            c = 31 - coinche_clz(legal)
            legal &= ~((<uint32_t>1) << c)
            if prev >= 0 and same_class(s, prev, c, inplay):
                cur.append(self.to_canon[c])
            else:
                cur = [self.to_canon[c]]
                classes.append(cur)
            prev = c
        return classes
