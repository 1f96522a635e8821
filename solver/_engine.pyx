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

Everything below ``Engine`` runs ``noexcept nogil`` on C structs; the Python class
converts once at the boundary and releases the GIL for the search.
"""

from libc.stdint cimport int16_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset

cdef extern from *:
    """
    #ifdef __BMI2__
    #include <immintrin.h>
    #define COINCHE_HAVE_PEXT 1
    static inline unsigned int coinche_pext(unsigned int x, unsigned int m) { return _pext_u32(x, m); }
    /* the n lowest bits of m (all of them when it has fewer; 0 <= n < 32) */
    static inline unsigned int coinche_lowest(unsigned int m, int n) { return _pdep_u32((1u << n) - 1, m); }
    #else
    #define COINCHE_HAVE_PEXT 0
    static inline unsigned int coinche_pext(unsigned int x, unsigned int m) { (void)m; return x; }
    static inline unsigned int coinche_lowest(unsigned int m, int n) {
        unsigned int r = 0;
        while (m && n-- > 0) { r |= m & (0u - m); m &= m - 1; }
        return r;
    }
    #endif
    """
    bint HAVE_PEXT "COINCHE_HAVE_PEXT"
    uint32_t coinche_pext(uint32_t x, uint32_t m) nogil
    uint32_t coinche_lowest(uint32_t m, int n) nogil

cdef extern from *:
    """
    static inline int coinche_ctz(unsigned int x) { return __builtin_ctz(x); }
    /* 31 ^ __builtin_clz(x) is the index of the highest bit, one BSR; written through it,
       the engine's 31 - coinche_clz(x) (the highest card) folds back to that instruction,
       where GCC leaves 31 - __builtin_clz(x) in a loop as three (BSR, XOR, SUB) */
    static inline int coinche_clz(unsigned int x) { int top = 31 ^ __builtin_clz(x); return 31 - top; }
    static inline int coinche_popcount64(unsigned long long x) { return __builtin_popcountll(x); }
    static inline int coinche_popcount(unsigned int x) { return __builtin_popcount(x); }
    """
    int coinche_ctz(unsigned int x) nogil
    int coinche_clz(unsigned int x) nogil
    int coinche_popcount(unsigned int x) nogil

cdef extern from *:
    """
    #define COINCHE_TAG_MASK 0x1FF00000000ULL
    """
    uint64_t TAG_MASK "COINCHE_TAG_MASK"     # bits 32..40 of TTEntry.data: leader, context

cdef enum:
    LB_SHIFT = 41
    UB_SHIFT = 49
    BEST_SHIFT = 57
    GEN_SHIFT = 62
    BUCKET = 4

cdef uint32_t LANE[4]
cdef uint32_t ABOVE[32]       # cards of the same suit stronger than c
cdef uint64_t BELOW64[33]     # bits strictly below c (c in 0..32)

cdef uint8_t PEXT8[256][256]   # PEXT8[mask][x]: the bits of x under mask, packed low
cdef uint8_t SELECT8[256][8]   # SELECT8[mask][i]: the position of the i-th lowest bit of mask
cdef uint8_t FILL8[256]        # FILL8[mask]: as many low bits as mask has bits

cdef void _init_tables() noexcept:
    cdef int c, m, x, k, j
    for c in range(4):
        LANE[c] = (<uint32_t>0xFF) << (8 * c)
    for c in range(32):
        ABOVE[c] = LANE[c >> 3] & <uint32_t>(~((((<uint64_t>1) << (c + 1)) - 1)))
    for c in range(33):
        BELOW64[c] = ((<uint64_t>1) << c) - 1
    for m in range(256):
        for x in range(256):
            k = 0
            j = 0
            for c in range(8):
                if m >> c & 1:
                    if x >> c & 1:
                        k |= 1 << j
                    j += 1
            PEXT8[m][x] = k
    for m in range(256):
        j = 0
        for c in range(8):
            SELECT8[m][c] = 0
        for c in range(8):
            if m >> c & 1:
                SELECT8[m][j] = c
                j += 1
        FILL8[m] = (1 << j) - 1

_init_tables()

# ---------------------------------------------------------------------------
# Transposition table
# ---------------------------------------------------------------------------

ctypedef struct TTKey:
    uint64_t owners     # owners word of the shape (see _engine.pxd)
    uint64_t tag        # leader and context, in place (bits 32..40)
    uint32_t rem        # the cards still in play
    uint32_t packed     # the shape's cards: each lane's count, as its lowest bits (hashed)

cdef inline void tt_key(State* s, TTKey* k) noexcept nogil:
    """The position's shape: each suit's remaining cards renumbered 0, 1, 2... in
    strength order, with their owners, plus the leader and the context."""
    cdef uint32_t rem = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
    cdef uint32_t h1 = s.hands[1], h2 = s.hands[2], h3 = s.hands[3]
    cdef uint32_t bm, keep
    cdef int lane, sh
    k.rem = rem
    k.tag = ((<uint64_t>s.leader) << 32) | (s.ctx << 34)
    k.packed = packed_of(rem)
    if HAVE_PEXT:
        # the same shape with the suits' sequences end to end (the counts set them apart)
        k.owners = (<uint64_t>coinche_pext(h1 | h3, rem)) | ((<uint64_t>coinche_pext(h2 | h3, rem)) << 32)
        return
    # the owners word only needs E, S and W: N holds the rest of the packed cards
    for lane in range(4):
        sh = 8 * lane
        bm = (rem >> sh) & 0xFF
        if (bm & (bm + 1)) == 0:          # already packed (or empty)
            continue
        keep = ~((<uint32_t>0xFF) << sh)
        h1 = (h1 & keep) | ((<uint32_t>PEXT8[bm][(h1 >> sh) & 0xFF]) << sh)
        h2 = (h2 & keep) | ((<uint32_t>PEXT8[bm][(h2 >> sh) & 0xFF]) << sh)
        h3 = (h3 & keep) | ((<uint32_t>PEXT8[bm][(h3 >> sh) & 0xFF]) << sh)
    k.owners = (<uint64_t>(h1 | h3)) | ((<uint64_t>(h2 | h3)) << 32)

cdef inline uint32_t packed_of(uint32_t rem) noexcept nogil:
    return (<uint32_t>FILL8[rem & 0xFF]) | ((<uint32_t>FILL8[(rem >> 8) & 0xFF]) << 8) \
        | ((<uint32_t>FILL8[(rem >> 16) & 0xFF]) << 16) | ((<uint32_t>FILL8[rem >> 24]) << 24)

cdef inline TTEntry* tt_bucket(TTable* tt, TTKey* k) noexcept nogil:
    cdef uint64_t h = (k.owners * <uint64_t>0x9E3779B97F4A7C15) \
        ^ ((k.tag | k.packed) * <uint64_t>0xC2B2AE3D27D4EB4F)
    h ^= h >> 31
    h *= <uint64_t>0xD6E8FEB86659FD93
    return tt.entries + (h >> tt.shift) * BUCKET

cdef inline uint32_t top_run(State* s, uint32_t cards, int* side) noexcept nogil:
    """The run of highest ``cards`` (one suit's, still in play) held by one side, and that
    side in ``side`` (0 N-S, 1 E-W; -1 when there are no cards): the cards above the
    other side's highest."""
    cdef uint32_t ns = s.hands[0] | s.hands[2]
    if cards == 0:
        side[0] = -1
        return 0
    if (ns >> (31 - coinche_clz(cards))) & 1:
        side[0] = 0
        return held_run(cards, ns)
    side[0] = 1
    return held_run(cards, ~ns)

cdef inline uint32_t held_run(uint32_t lane_rem, uint32_t hand) noexcept nogil:
    """The run of highest cards of ``lane_rem`` (one suit's, still in play) held in
    ``hand``: those above the highest one ``hand`` lacks."""
    cdef uint32_t m = lane_rem & ~hand
    if m == 0:
        return lane_rem
    return lane_rem & ABOVE[31 - coinche_clz(m)]

cdef inline int mask_points(State* s, uint32_t m) noexcept nogil:
    """The points of the cards of ``m``."""
    cdef int p = 0
    while m:
        p += s.pts[coinche_ctz(m)]
        m &= m - 1
    return p

cdef inline bint penalties(State* s, uint32_t me, uint32_t mo, int* down, int* up) noexcept nogil:
    """Is a stored position holding the cards ``me``, with our owners word, of our shape
    (we hold ``mo``): as many cards in each suit?  (It holds as many cards in all: the
    owners word has a bit for each card of E and W.)  If so, how far the value can move
    from it to ours: the card-by-card point differences (k-th card of a suit against
    k-th card), summed where ours is lower (``down``) and higher (``up``).

    Points rise with strength, so the rises summed over a suit's pairs are, over each
    step of its point scale, the step times how many more of the other position's cards
    than of ours lie below it (the falls: how many fewer).  A card both positions hold
    counts once on each side: it changes nothing and is left out.  What remains are
    the cards only one position holds, as many on each side in every suit exactly when
    the shapes agree, and then the k-th lowest of one side and the k-th lowest of the
    other are in one suit: a single walk over the four suits pairs them, and a pair
    from two suits tells that the shapes differ."""
    cdef uint32_t a = me, b = mo, ta, tb, run
    cdef int ce, co, d, side
    down[0] = 0
    up[0] = 0
    if s.trump >= 0 and ((me ^ mo) & LANE[s.trump]):
        # the run of top trumps held by one side goes to that side whatever the play:
        # their points move both bounds alike (N-S) or neither (E-W); the other
        # position's top trumps, as many, pair with them and leave the walk below
        ta = me & LANE[s.trump]
        tb = mo & LANE[s.trump]
        if coinche_popcount(ta) != coinche_popcount(tb):
            return False
        run = top_run(s, tb, &side)
        while run:
            co = 31 - coinche_clz(run)
            ce = 31 - coinche_clz(ta)
            run &= ~((<uint32_t>1) << co)
            ta &= ~((<uint32_t>1) << ce)
            a &= ~((<uint32_t>1) << ce)
            b &= ~((<uint32_t>1) << co)
            if side == 0:
                d = s.pts[co] - s.pts[ce]
                down[0] -= d
                up[0] += d
    ta = a & ~b
    b &= ~a
    while ta:
        ce = coinche_ctz(ta)
        co = coinche_ctz(b)
        if (ce ^ co) >> 3:
            return False
        ta &= ta - 1
        b &= b - 1
        d = s.pts[co] - s.pts[ce]
        if d > 0:
            up[0] += d
        else:
            down[0] -= d
    return True

cdef inline int cheapest(State* s, uint32_t hand, int k) noexcept nogil:
    """The fewest points ``k`` cards of ``hand`` can carry: the k smallest of its cards'
    points, taken from the point classes in increasing order (``State.cheap``)."""
    cdef int i = 0, p = 0, c
    k -= coinche_popcount(hand & s.zero)
    while k > 0 and i < s.ncheap:
        c = coinche_popcount(hand & s.cheap[i])
        if c >= k:
            return p + k * s.cheap_pts[i]
        p += c * s.cheap_pts[i]
        k -= c
        i += 1
    return p

cdef inline uint32_t partner_follow(uint32_t hand, int suit, int n) noexcept nogil:
    """The cards partner's ``hand`` can put into a run of ``n`` tricks of ``suit`` his
    side cashes from now on: its n highest cards of the suit, or all of them when it
    holds fewer.  Nobody can take the trick from the run's card, so any card of the
    suit is his to play, and he plays his highest first."""
    cdef uint32_t h = hand & LANE[suit]
    cdef int k = coinche_popcount(h) - n       # the cards left out, his lowest
    if k > 0:
        h &= ~coinche_lowest(h, k)
    return h

cdef inline uint32_t forced_follow(uint32_t hand, int suit, int n) noexcept nogil:
    """The cheapest cards an opponent's ``hand`` puts into a run of ``n`` tricks of
    ``suit`` cashed from now on: its n lowest cards of the suit, or all of them when it
    holds fewer (a card it discards before it has to follow goes into a cashed trick
    too).  Points rise with strength in every suit of every strain.  What else the hand
    plays to the cashed tricks comes from the rest (each of its cards of the suit beyond
    them is worth at least one of them)."""
    return coinche_lowest(hand & LANE[suit], n if n > 0 else 0)

cdef inline uint32_t cashed_cards(State* s, int suit, uint32_t run, uint32_t hand,
                                  uint32_t mate, uint32_t oa, uint32_t ob, bint ra, bint rb,
                                  int shed) noexcept nogil:
    """The cards of ``suit`` a player wins by cashing it from now on, leading it round
    after round: ``run`` is his run of the suit's top cards, ``hand`` his hand, ``mate``
    his partner's, ``oa`` and ``ob`` his opponents' (``ra``, ``rb``: that one holds a
    trump that could ruff the suit).

    * An opponent with trumps follows as many rounds as he holds cards of the suit and
      could ruff the next: only that many of the run's top cards count (none: 0).
    * Long cards, when no opponent can ruff: once the run is cashed both opponents are
      out of the suit if they held no more cards of it than the run is long, and then
      the holder's lower cards win too and he keeps the lead, provided partner holds no
      more than ``n - shed`` cards above the holder's lowest one: he plays them in the
      run's ``n`` rounds, highest first, so he never has to take a trick from him
      (``shed`` 1 when partner owes the run's first round a card of his own choice, the
      lead that reaches the run, which may have to be his lowest)."""
    cdef uint32_t lane = LANE[suit]
    cdef int n = coinche_popcount(run), ca = coinche_popcount(oa & lane), cb = coinche_popcount(ob & lane)
    cdef uint32_t x = hand & lane
    if ra or rb:
        if ra and ca < n:
            n = ca
        if rb and cb < n:
            n = cb
        while coinche_popcount(run) > n:
            run &= run - 1          # the run's lowest cards are cashed last
        return run
    if coinche_popcount(x) > n and ca <= n and cb <= n \
            and coinche_popcount(mate & ABOVE[coinche_ctz(x)]) <= n - shed:
        return x
    return run

cdef inline uint32_t lane_tops(uint32_t m) noexcept nogil:
    """The highest card of each suit of ``m``."""
    m |= (m >> 1) & <uint32_t>0x7F7F7F7F
    m |= (m >> 2) & <uint32_t>0x3F3F3F3F
    m |= (m >> 4) & <uint32_t>0x0F0F0F0F
    return m & ~((m >> 1) & <uint32_t>0x7F7F7F7F)

cdef inline uint32_t lanes_of(uint32_t m) noexcept nogil:
    """The whole lane of each suit ``m`` has a card of."""
    m |= (m >> 4) & <uint32_t>0x0F0F0F0F
    m |= (m >> 2) & <uint32_t>0x03030303
    m |= (m >> 1) & <uint32_t>0x01010101
    return (m & <uint32_t>0x01010101) * <uint32_t>0xFF

cdef inline int seat_runs(State* s, uint32_t rem, uint32_t tops, int p, int shed,
                          int* k, uint32_t* low) noexcept nogil:
    """Points of the top runs ``p`` holds (``tops``: each suit's highest card), cashed
    from now on, with the cards of those suits the three other hands follow with
    (partner's highest, the opponents' lowest, those counted added to ``low``, one mask
    for each opponent, the next seat's first); their number of tricks in ``k``.  Each
    suit's cards won, the long ones included, are :func:`cashed_cards` (``shed`` 1 when
    partner owes the first round of ``p``'s runs the lead that reaches them).

    With trumps, ``p`` cashes his top trumps first (long trumps included): everyone
    follows with a trump while he holds one, so an opponent with no more trumps than
    those rounds is out of trumps after them.  A plain suit is then cashed for as many
    rounds as each opponent still holding trumps can follow (void, he would have to
    ruff), and its long cards win only when neither opponent holds a trump."""
    cdef uint32_t t = tops & s.hands[p], w, f1, f3, won = 0     # won: the cards counted
    cdef uint32_t r1 = 0, r3 = 0, tl = 0
    cdef int n, suit
    k[0] = 0
    if s.trump >= 0:
        tl = LANE[s.trump]
        r1 = s.hands[(p + 1) & 3] & tl
        r3 = s.hands[(p + 3) & 3] & tl
    while t:
        suit = s.trump if t & tl else coinche_ctz(t) >> 3
        t &= ~LANE[suit]
        w = cashed_cards(s, suit, held_run(rem & LANE[suit], s.hands[p]), s.hands[p],
                         s.hands[p ^ 2], s.hands[(p + 1) & 3], s.hands[(p + 3) & 3],
                         r1 != 0 and suit != s.trump, r3 != 0 and suit != s.trump, shed)
        if w == 0:
            continue
        n = coinche_popcount(w)
        f1 = forced_follow(s.hands[(p + 1) & 3], suit, n)
        f3 = forced_follow(s.hands[(p + 3) & 3], suit, n)
        low[0] |= f1
        low[1] |= f3
        won |= w | f1 | f3 | partner_follow(s.hands[p ^ 2], suit, n)
        k[0] += n
        if suit == s.trump:
            if coinche_popcount(r1) <= n:
                r1 = 0
            if coinche_popcount(r3) <= n:
                r3 = 0
    return mask_points(s, won)

cdef inline int lead_lost(State* s, uint32_t rem, uint32_t tops, int p, int total) noexcept nogil:
    """Sure points of the side not on lead when the leader leads a suit whose top card
    its opponent ``p`` holds (see :func:`quick_bounds`).

    ``p`` wins the trick with that card (he must follow and may play it; in TA it is
    above any card he must beat; with trumps, :func:`quick_bounds` makes sure nobody
    has to ruff it), then cashes every run of top cards he holds, that suit's included:
    nobody can beat them, and with trumps he only counts the rounds nobody can ruff
    (:func:`seat_runs`; the first trick is one of them).  Then, holding a card of a suit
    whose top run is partner's, he leads it, and partner cashes his runs, provided
    partner holds a card besides them for each of p's tricks (the first one included),
    so never has to give one up; with trumps, that suit must be trumps or one each
    opponent holding trumps can follow.  These tricks come one after the other from now
    on, so each opponent puts at least his lowest cards of each run's suit into them
    (:func:`forced_follow`: a card he does not follow with is discarded into one of them
    or follows later), and his cheapest other cards into the rest of them; ``p``'s
    partner follows with his highest cards (:func:`partner_follow`)."""
    cdef int k, km, v, vm
    cdef uint32_t mt = tops & s.hands[p ^ 2], e
    cdef uint32_t low[2]
    cdef uint32_t lowm[2]
    low[0] = low[1] = lowm[0] = lowm[1] = 0
    v = seat_runs(s, rem, tops, p, 0, &k, low)
    e = s.hands[p] & lanes_of(mt)
    if s.trump >= 0:
        if s.hands[(p + 1) & 3] & LANE[s.trump]:
            e &= lanes_of(s.hands[(p + 1) & 3]) | LANE[s.trump]
        if s.hands[(p + 3) & 3] & LANE[s.trump]:
            e &= lanes_of(s.hands[(p + 3) & 3]) | LANE[s.trump]
    if e:
        # (partner's opponents are p's, the other way round)
        vm = seat_runs(s, rem, tops, p ^ 2, 1, &km, lowm)
        if k + km <= s.tricks_left:
            v += vm
            k += km
            low[0] |= lowm[1]
            low[1] |= lowm[0]
    if k == s.tricks_left:
        return total                            # every trick, the last one's bonus too
    # each opponent plays a card to each of the k tricks: besides the lowest cards of
    # the runs' suits counted, his cheapest others
    return v + k * s.trick_bonus \
        + cheapest(s, s.hands[(p + 1) & 3] & ~low[0], k - coinche_popcount(low[0])) \
        + cheapest(s, s.hands[(p + 3) & 3] & ~low[1], k - coinche_popcount(low[1]))

cdef inline int least_lead_lost(State* s, uint32_t rem, uint32_t tops, uint32_t x,
                                int total) noexcept nogil:
    """:func:`lead_lost` for the opponent the leader would rather see win the first
    trick: ``x``, the top cards of the suits the leader holds, are all the opponents';
    the leader picks the suit, so the opponent who wins it is his choice too."""
    cdef int v = total, w
    if x & s.hands[(s.leader + 1) & 3]:
        v = lead_lost(s, rem, tops, (s.leader + 1) & 3, total)
    if x & s.hands[(s.leader + 3) & 3]:
        w = lead_lost(s, rem, tops, (s.leader + 3) & 3, total)
        if w < v:
            v = w
    return v

cdef inline void quick_bounds(State* s, int total, int* lb, int* ub) noexcept nogil:
    """Sure points at a trick start, as bounds on the N-S value.

    * Trumps: the run of highest remaining trumps held by one side (either player)
      always ends in that side's tricks.
    * Cashing: the leader can lead the top run of each plain suit he holds, one card
      after the other, and win every one of those tricks as long as no opponent can
      ruff: in SA and TA nobody can; with trumps, only as many rounds as each opponent
      with trumps holds cards of the suit (he then follows every round, so he is never
      void and never discards).  With trumps the leader first leads his own top trumps
      (and his long trumps, once they are the only ones left): an opponent with no more
      trumps than those rounds is then out of them.  Then, holding a card of a suit whose
      top run is partner's, he leads it, and partner cashes all his runs the same way.
      Partner keeps his runs while the leader cashes if he holds a card besides them
      for each of the leader's tricks; when he does not, only the richer of the two
      sets of runs counts.  If the side can cash every trick, it takes everything left.
    * Each cashed trick also holds the other three cards: an opponent follows the suit
      with his lowest cards while he can (:func:`forced_follow`), and plays his cheapest
      other cards to the rest of the cashed tricks; partner follows with his highest
      (:func:`partner_follow`).
    * Long cards: once a run is cashed, the holder's lower cards of the suit win too
      when no one can ruff, both opponents are out of the suit, and partner can shed
      the cards that would overtake them during the run.
    * A player holding nothing but his side's top trumps wins every trick for it.  When
      the side not on lead holds the top trumps, each opposing hand also puts its
      cheapest cards into the tricks those trumps take.
    * Lead lost: when the side on lead holds the top card of no suit the leader holds
      (and, with trumps, nobody has to ruff the first trick), an opponent wins the
      first trick and his side cashes its runs at once (:func:`lead_lost`): sure points
      of the side not on lead.
    """
    cdef uint32_t rem = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
    cdef uint32_t hand = s.hands[s.leader]
    cdef uint32_t o1 = s.hands[(s.leader + 1) & 3], o2 = s.hands[(s.leader + 3) & 3]
    cdef uint32_t mate = s.hands[(s.leader + 2) & 3]
    cdef uint32_t tops = lane_tops(rem), t1 = 0, t2 = 0
    cdef int suit, p, n, cash = 0, cashed = 0, side_trumps = 0, trump_side = -1, c, top
    cdef int mate_pts = 0, mate_n = 0
    cdef uint32_t x, w, f1, f2, other, held, run = 0, plain
    cdef uint32_t won = 0, mate_won = 0     # the cards counted in the leader's runs, in partner's
    cdef bint mine, entry = False
    cdef int tn = 0, tcash = 0, lost = 0
    cdef uint32_t low[4]    # the opponents' cards counted as followed (leader's runs, partner's)
    cdef uint32_t* lo
    low[0] = low[1] = low[2] = low[3] = 0
    if s.trump < 0:
        x = tops & lanes_of(hand)
        if (x & (hand | mate)) == 0:
            # The side on lead holds the top card of no suit the leader holds: it loses
            # the lead at once, and it can cash nothing first.
            p = least_lead_lost(s, rem, tops, x, total)
            if (s.leader & 1) == 0:
                if total - p < ub[0]:
                    ub[0] = total - p
            elif p > lb[0]:
                lb[0] = p
            return
    else:
        t1 = o1 & LANE[s.trump]
        t2 = o2 & LANE[s.trump]
        run = top_run(s, rem & LANE[s.trump], &trump_side)
        if run and ((s.hands[trump_side] & ~run) == 0 or (s.hands[trump_side + 2] & ~run) == 0):
            # a player holds nothing but the top trumps of his side's run: he plays one
            # to every trick, and a trick holding one is his side's (every higher trump
            # left is in that run too)
            if trump_side == 0:
                lb[0] = total
            else:
                ub[0] = 0
            return
        side_trumps = mask_points(s, run)
        if trump_side == (s.leader & 1):
            tn = coinche_popcount(held_run(rem & LANE[s.trump], hand))
            if tn:
                # The leader leads his own top trumps first: nobody can beat them, and
                # everyone must follow with a trump while he holds one.  Their points
                # are in side_trumps; the tricks also hold the opponents' lowest trumps
                # and partner's highest trumps outside the run.  An opponent with no
                # more trumps than these rounds is out of trumps after them, so he can
                # ruff none of the runs cashed next.
                x = hand & LANE[s.trump]
                n = 0
                w = 0
                if coinche_popcount(x) > tn and coinche_popcount(t1) <= tn \
                        and coinche_popcount(t2) <= tn \
                        and coinche_popcount(mate & ABOVE[coinche_ctz(x)]) <= tn:
                    # Long trumps: both opponents are out of trumps after the run, and
                    # partner, playing his highest trumps first, has shed the ones above
                    # the leader's lowest: every trump of the leader wins.  Partner may
                    # have to play his own trumps of the run before the others.
                    n = coinche_popcount(mate & run)
                    tn = coinche_popcount(x)
                    w = x & ~run
                low[0] = low[2] = forced_follow(o1, s.trump, tn)
                low[1] = low[3] = forced_follow(o2, s.trump, tn)
                tcash = mask_points(s, w | low[0] | low[1] | partner_follow(mate & ~run, s.trump, tn - n))
                if coinche_popcount(t1) <= tn:
                    t1 = 0
                if coinche_popcount(t2) <= tn:
                    t2 = 0
        x = tops & lanes_of(hand)
        if (x & (hand | mate)) == 0:
            # Lead lost, as in SA, when no one has to ruff the first trick: the top card
            # of a plain suit wins it if partner follows or holds no trump, and, when
            # the top card is fourth hand's, if his partner, second, follows or holds no
            # trump too (void, he would have to ruff; E-W's choice is then not theirs).
            # The top trump wins a trump lead anyway.
            plain = lanes_of(hand) & ~LANE[s.trump]
            if ((mate & LANE[s.trump]) == 0 or (plain & ~lanes_of(mate)) == 0) \
                    and (t1 == 0 or (plain & lanes_of(x & o2) & ~lanes_of(o1)) == 0):
                lost = least_lead_lost(s, rem, tops, x, total)
    # the plain suits whose top card the leader's side holds
    held = tops & (hand | mate)
    if s.trump >= 0:
        held &= ~LANE[s.trump]
    while held:
        top = coinche_ctz(held)
        held &= held - 1
        suit = top >> 3
        mine = (hand >> top) & 1
        if mine:
            x = hand & LANE[suit]
            other = mate
            lo = low
        else:
            x = mate & LANE[suit]
            other = hand
            lo = low + 2
        # (partner's runs come after a lead to them: the leader owes that first card)
        w = cashed_cards(s, suit, held_run(rem & LANE[suit], x), x, other, o1, o2,
                         t1 != 0, t2 != 0, 0 if mine else 1)
        if w == 0:
            continue
        n = coinche_popcount(w)
        # the other hands follow with their lowest cards of the suit while they can
        f1 = forced_follow(o1, suit, n)
        f2 = forced_follow(o2, suit, n)
        lo[0] |= f1
        lo[1] |= f2
        w |= f1 | f2 | partner_follow(other, suit, n)
        if mine:
            won |= w
            cashed += n
        else:
            mate_won |= w
            mate_n += n
            if hand & LANE[suit]:
                entry = True
    cash = mask_points(s, won)
    if entry:
        mate_pts = mask_points(s, mate_won)
        if tn + cashed + mate_n <= s.tricks_left:
            # the leader cashes his runs, then leads to one of partner's, who cashes his
            # (partner holds a card for each of the leader's tricks besides his runs)
            cash += mate_pts
            cashed += mate_n
            low[0] |= low[2]
            low[1] |= low[3]
        elif mate_pts > cash and tn + mate_n <= s.tricks_left:
            # not both: the leader leads to partner at once (after his top trumps)
            cash = mate_pts
            cashed = mate_n
            low[0] = low[2]
            low[1] = low[3]
    cash += tcash
    cashed += tn
    if cashed == s.tricks_left:
        # every remaining trick is the leader's side's
        if (s.leader & 1) == 0:
            lb[0] = total
        else:
            ub[0] = 0
        return
    if cashed:
        # each opponent plays a card to each cashed trick: besides the lowest cards of
        # the runs' suits counted, his cheapest others
        cash += cheapest(s, o1 & ~low[0], cashed - coinche_popcount(low[0])) \
            + cheapest(s, o2 & ~low[1], cashed - coinche_popcount(low[1]))
    if s.trump >= 0 and trump_side >= 0 and trump_side != (s.leader & 1):
        # every trick a card of that run is played to is the trump side's, and there are
        # at least as many such tricks as one hand holds of the run: each hand of the
        # other side plays a card to each of them, at least its cheapest cards
        c = coinche_popcount(run & s.hands[trump_side])
        n = coinche_popcount(run & s.hands[trump_side + 2])
        if n > c:
            c = n
        side_trumps += cheapest(s, s.hands[1 - trump_side], c) + cheapest(s, s.hands[3 - trump_side], c)
    if s.trump >= 0 and trump_side >= 0:
        if trump_side == (s.leader & 1):
            cash += side_trumps
        elif trump_side == 0:
            if side_trumps > lb[0]:
                lb[0] = side_trumps
        else:
            if total - side_trumps < ub[0]:
                ub[0] = total - side_trumps
    if (s.leader & 1) == 0:
        if cash > lb[0]:
            lb[0] = cash
        if total - lost < ub[0]:
            ub[0] = total - lost
    else:
        if total - cash < ub[0]:
            ub[0] = total - cash
        if lost > lb[0]:
            lb[0] = lost

cdef inline int tt_probe(State* s, TTEntry* e, TTKey* k, int alpha, int beta,
                         int* lb, int* ub, int* hint) noexcept nogil:
    """Narrow [lb, ub] with every stored position of the same shape (its bounds moved by
    the point differences).  Returns 2 when this very position is stored, 1 when only
    others of its shape are, 0 when none is.  The bounds of a position with other cards
    are only used when, as stored, they would end the search of the window (alpha,
    beta).  ``hint``: the stored best card, renumbered to our cards."""
    cdef int i, v, dn, up, b, lane, idx, elb, eub
    cdef int found = 0
    cdef uint64_t d
    cdef uint32_t erem
    for i in range(BUCKET):
        d = e[i].data
        if d == 0:
            break           # the slots in use come first in a bucket (see tt_store)
        if e[i].owners != k.owners or (d & TAG_MASK) != k.tag:
            continue
        erem = <uint32_t>d
        elb = <int>((d >> LB_SHIFT) & 0xFF)
        eub = <int>((d >> UB_SHIFT) & 0xFF)
        if erem != k.rem:
            if not penalties(s, erem, k.rem, &dn, &up):
                continue
            if elb >= beta or eub <= alpha:
                elb -= dn
                eub += up
            else:
                elb = -1
                eub = 1000
        s.tt.hits += 1
        if elb > lb[0]:
            lb[0] = elb
        if eub < ub[0]:
            ub[0] = eub
        b = <int>((d >> BEST_SHIFT) & 0x1F)
        if erem == k.rem:
            # this very position: its best card as stored (it wins over a shape mate's)
            if (erem >> b) & 1:
                hint[0] = b
            found = 2
        elif not found:
            # the first shape mate: its best card, renumbered to our cards
            if (erem >> b) & 1:
                lane = b >> 3
                idx = coinche_popcount(erem & LANE[lane] & <uint32_t>BELOW64[b])
                hint[0] = 8 * lane + SELECT8[(k.rem >> (8 * lane)) & 0xFF][idx & 7]
            found = 1
    return found

cdef inline void tt_store(State* s, TTEntry* e, TTKey* k, int lb, int ub, int best) noexcept nogil:
    """Store the bounds: the same position's slot, else an empty one, else the slot of an
    older generation, else the one holding the fewest cards.  ``best`` -1: no best card
    (keep the one stored for this position, if any)."""
    cdef int i, victim = -1, score, vscore = 1 << 30
    cdef uint64_t d
    cdef int gen = s.tt.generation
    for i in range(BUCKET):
        d = e[i].data
        if d == 0:
            # an empty slot: the slots after it are empty too (a bucket fills from its
            # first slot, and a slot never empties but by clearing the whole table)
            if vscore > -1:
                victim = i
                vscore = -1
            break
        if e[i].owners == k.owners and (d & (TAG_MASK | <uint64_t>0xFFFFFFFF)) == (k.tag | k.rem):
            victim = i
            if best < 0:
                best = <int>((d >> BEST_SHIFT) & 0x1F)
            break
        score = coinche_popcount(<uint32_t>d)
        if <int>((d >> GEN_SHIFT) & 3) != gen:
            score -= 64
        if score < vscore:
            vscore = score
            victim = i
    if best < 0:
        # no best card: store a card out of play, which probes read as "no hint" (a
        # full deal has none out of play; its one position takes its lowest card)
        best = coinche_ctz(~k.rem) if ~k.rem else coinche_ctz(k.rem)
    s.tt.stores += 1
    e[victim].owners = k.owners
    e[victim].data = (k.tag | k.rem | ((<uint64_t>lb) << LB_SHIFT) | ((<uint64_t>ub) << UB_SHIFT)
                      | ((<uint64_t>best) << BEST_SHIFT) | ((<uint64_t>gen) << GEN_SHIFT))

# ---------------------------------------------------------------------------
# Rules of play on engine masks
# ---------------------------------------------------------------------------

cdef inline bint beats(State* s, int c, int w) noexcept nogil:
    """Does card c take the trick from the card w currently winning it?"""
    return (s.beaters[w] >> c) & 1

cdef inline uint32_t legal_moves(State* s) noexcept nogil:
    """The legal cards of the player to move (engine layout)."""
    cdef int player = (s.leader + s.ncards) & 3
    cdef uint32_t h = s.hands[player]
    cdef uint32_t follow, up, tr
    cdef bint partner_wins
    if s.ncards == 0:
        return h
    follow = h & LANE[s.led]
    partner_wins = s.win_seat == (player ^ 2)
    if s.trump < 0:
        if follow == 0:
            return h
        if s.ta:
            if partner_wins and not s.overtrump_partner:
                return follow
            up = follow & ABOVE[s.win_card]
            return up if up else follow
        return follow
    if follow:
        if s.led == s.trump and not (partner_wins and not s.overtrump_partner):
            up = follow & ABOVE[s.win_card]
            if up:
                return up
        return follow
    if partner_wins:
        return h
    tr = h & LANE[s.trump]
    if tr == 0:
        return h
    if (s.win_card >> 3) == s.trump:
        up = tr & ABOVE[s.win_card]
        if up:
            return up
        if s.undertrump:
            return tr
        return h
    return tr

cdef inline int last_trick(State* s) noexcept nogil:
    """Value of a trick start where every hand holds one card."""
    cdef int k, seat, c, wc, ws, p
    s.nodes += 1
    ws = s.leader
    wc = coinche_ctz(s.hands[ws])
    p = s.pts[wc]
    for k in range(1, 4):
        seat = (s.leader + k) & 3
        c = coinche_ctz(s.hands[seat])
        p += s.pts[c]
        if beats(s, c, wc):
            wc = c
            ws = seat
    if ws & 1:
        return 0
    return p + s.trick_bonus + s.last_bonus

# ---------------------------------------------------------------------------
# Move generation: equivalence pruning and ordering
# ---------------------------------------------------------------------------

cdef inline bint same_class(State* s, int hi, int lo, uint32_t inplay) noexcept nogil:
    """Are the cards ``hi`` > ``lo`` of one hand one move: the same suit, equal points, and
    every card strictly between them gone (``inplay``: the cards held or in the trick,
    ``lo`` among them, so it must be the highest of them below ``hi``)?"""
    return (s.twins[hi] >> lo) & 1 and ((inplay & <uint32_t>BELOW64[hi]) >> lo) == 1

cdef inline int killer_slot(State* s) noexcept nogil:
    """The killer table's slot of the node: tricks to go, cards in the trick, and the card
    winning it (at a lead, the card that was winning the previous trick when its last
    card came: a card play leaves the field as it is when it completes a trick).

    Keyed by the player and the tricks to go alone, the killer helped at leads (nodes -3
    to -5%) and hurt inside tricks (+77%): one slot served positions with little in
    common.  The winning card keeps apart the positions that answer different plays:
    at leads it cuts 3% of the nodes more than the player's slot, and inside tricks a
    killer tried first, before the static order, then cuts 6% more (trumps 4%, SA 10%,
    TA 7%).  The suit of the previous lead on top (a ruff) gains 0.2%: not worth a
    table four times the size; without the tricks to go, +40%."""
    return 128 * s.tricks_left + 4 * s.win_card + s.ncards

cdef inline bint is_move(State* s, int c, uint32_t legal, uint32_t inplay) noexcept nogil:
    """Is ``c`` (any int: -1 and 255 mean no card) a legal card that :func:`gen_moves` lists,
    the highest of its class?  The card above it in its class would be the lowest card in
    play above it (legal cards of a suit are the hand's from some card up)."""
    cdef uint32_t x
    if <unsigned int>c >= 32 or not (legal >> c) & 1:
        return False
    x = inplay & ABOVE[c]
    return x == 0 or not ((legal & x & (~x + 1)) and (s.twins[coinche_ctz(x)] >> c) & 1)

cdef inline int gen_moves(State* s, uint32_t legal, int player, int killer, int skip,
                          uint32_t inplay, int* out, int* scores) noexcept nogil:
    """Fill ``out`` with one card per class of equivalent legal cards and ``scores`` with
    their order, higher first, ties in the order of ``out`` (unsorted: the search picks
    them as it needs them).  ``inplay``: the cards still held and those of the trick in
    progress.  ``legal`` holds two cards or more: the search plays a single legal card
    without a list.  ``skip``: a card already searched, left out of the list (the
    table's card, else the killer: see :func:`search_moves`).  ``killer``: the card that
    last cut off with this card winning the trick so far (at a lead: the previous trick),
    as many cards in the trick and as many tricks to go, comes first (in a sibling
    position it often cuts again, see killer_slot)."""
    # the state's fields are read once into locals: ``out`` and ``scores`` are ints, so
    # the compiler would otherwise read them again after every store
    cdef int ncards = s.ncards, trump = s.trump, led = s.led, win = s.win_card
    cdef uint32_t hand = s.hands[player], mate = s.hands[player ^ 2]
    cdef uint32_t others = (s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]) & ~hand
    cdef uint32_t opps = s.hands[(player + 1) & 3] | s.hands[(player + 3) & 3]
    cdef uint32_t opp_trumps, h, beat = 0, nextf = 0, discards = 0
    cdef int k, c, prev, n = 0, sc, suit, ruff_risk, p
    cdef bint partner_wins, wins, master, ours, ruff, safe
    opp_trumps = (opps & LANE[trump]) if trump >= 0 else 0
    ruff_risk = 0
    if ncards == 0 and opp_trumps:
        for k in range(1, 4, 2):
            h = s.hands[(player + k) & 3]
            if h & LANE[trump]:
                for suit in range(4):
                    if (h & LANE[suit]) == 0:
                        ruff_risk |= 1 << suit
    partner_wins = ncards > 0 and s.win_seat == (player ^ 2)
    if ncards > 0:
        beat = s.beaters[win]                   # the cards that take the trick now
        # the cards the next player may beat with: those of the suit led when he has
        # some (he must follow, so he cannot ruff), else any (of which only trumps beat)
        h = s.hands[(player + 1) & 3]
        nextf = h & LANE[led]
        if nextf == 0:
            nextf = h
        if trump >= 0:
            # with trumps, a discard comes from length (neither the suit led nor trumps)
            discards = ~(LANE[led] | LANE[trump])
    # classes: scan legal cards from the top; c joins prev's class (see same_class)
    prev = -1
    while legal:
        c = 31 - coinche_clz(legal)
        legal &= ~((<uint32_t>1) << c)
        if prev >= 0 and same_class(s, prev, c, inplay):
            prev = c
            continue
        prev = c
        if c == skip:
            continue
        suit = c >> 3
        p = s.pts[c]
        master = (ABOVE[c] & others) == 0
        if c == killer:
            sc = 5000
        elif ncards == 0:
            # can an opponent ruff a lead of this suit (void in it, with trumps)?
            ruff = suit != trump and (ruff_risk >> suit) & 1
            if suit == trump and not opp_trumps:
                # the opponents hold no trumps: ours are worth more kept (to ruff, and
                # as sure winners later) than led now, so lead them last
                sc = p - 200
            elif master and trump < 0 and (opps & LANE[suit]) == 0:
                # without trumps, a master in a suit the opponents no longer hold wins
                # whenever it is led: keep it for last
                sc = p - 200
            elif master and not ruff:
                # a sure winner: cash it, trumps first while the opponents hold some
                # (a master without points, after the leads to partner)
                sc = (300 if p else 150) + p + (50 if suit == trump and opp_trumps else 0)
            elif ruff:
                # an opponent can ruff it, master or not: risk as few points as can be
                sc = 50 - p
            elif (mate >> (31 - coinche_clz(others & LANE[suit]))) & 1:
                # partner holds the suit's best card: lead low to it
                sc = 250 - p
            elif trump >= 0 and suit != trump and (mate & LANE[suit]) == 0 \
                    and (mate & LANE[trump]) != 0:
                # partner is void and can ruff
                sc = 240 - p
            elif trump >= 0:
                # a low card, from the shortest suit first (toward ruffs)
                sc = 100 - p - 40 * coinche_popcount(hand & LANE[suit])
            else:
                # without trumps, from the side's longest suit (to set up its cards)
                sc = 100 - p + 10 * coinche_popcount((hand | mate) & LANE[suit])
        else:
            wins = (beat >> c) & 1
            ours = partner_wins or wins
            if ncards == 3:
                if wins and not partner_wins:
                    # the last card takes the trick: add points, but keep masters
                    sc = 230 + p - (25 if master else 0)
                elif ours:
                    sc = 200 + p - (25 if master else 0)
                else:
                    sc = 100 - p
            else:
                # can the next player not take the trick from the card winning it after c?
                safe = (nextf & (s.beaters[c] if wins else beat)) == 0
                if ncards == 2:
                    if ours and safe:
                        # the trick is ours: add points (but keep masters for later tricks,
                        # also when the master would be the card taking the trick: a
                        # cheaper winner first cuts 1.2% of the nodes, 0.5% with killers)
                        sc = 200 + p - (25 if master else 0)
                    elif ours:
                        sc = 120 - p
                    else:
                        sc = 100 - p
                else:
                    # second hand (its partner cannot be winning yet)
                    if wins and safe:
                        # the trick is ours (the last card is partner's): add points, but
                        # keep masters for later tricks
                        sc = 180 + p - (25 if master else 0)
                    elif wins:
                        sc = 140 - p
                    else:
                        sc = 100 - p
            if (discards >> c) & 1:
                sc += 25 * coinche_popcount(hand & LANE[suit])   # discard from length
        scores[n] = sc
        out[n] = c
        n += 1
    return n

# ---------------------------------------------------------------------------
# The search
# ---------------------------------------------------------------------------

cdef inline int play_card(State* s, int player, int c) noexcept nogil:
    """Play card ``c`` of ``player`` (the player to move); returns the points N-S win by it
    (the trick's, and the last trick's bonus, when it completes a trick N-S win; else 0).
    Callers that come back save the fields first (``Saved``) and restore them after."""
    cdef int winner, g = 0
    s.hands[player] ^= (<uint32_t>1) << c
    s.rem_pts -= s.pts[c]
    if s.ncards == 0:
        s.led = c >> 3
        s.win_card = c
        s.win_seat = player
        s.trick_pts = s.pts[c]
        s.trick_mask = (<uint32_t>1) << c
        s.ncards = 1
    elif s.ncards < 3:
        if beats(s, c, s.win_card):
            s.win_card = c
            s.win_seat = player
        s.trick_pts += s.pts[c]
        s.trick_mask |= (<uint32_t>1) << c
        s.ncards += 1
    else:
        winner = player if beats(s, c, s.win_card) else s.win_seat
        if (winner & 1) == 0:
            g = s.trick_pts + s.pts[c] + s.trick_bonus
            if s.tricks_left == 1:
                g += s.last_bonus
        s.ncards = 0
        s.leader = winner
        s.trick_pts = 0
        s.trick_mask = 0
        s.tricks_left -= 1
    return g

ctypedef struct Saved:
    # State's fields from trick_mask to rem_pts, in State's order: saved and restored
    # as one block (checked when an Engine is made)
    uint32_t trick_mask
    uint8_t leader, ncards, led, win_card, win_seat, tricks_left
    int16_t trick_pts, rem_pts

cdef bint _saved_mirrors_state(State* s) noexcept:
    """Does every field of Saved sit where its namesake does in State (from trick_mask
    on), and does the block (padding included) end before State's next field?"""
    cdef Saved v
    cdef char* a = <char*>&s.trick_mask
    cdef char* b = <char*>&v
    return (sizeof(Saved) <= <size_t>(<char*>&s.trump - a)
            and <char*>&v.leader - b == <char*>&s.leader - a
            and <char*>&v.ncards - b == <char*>&s.ncards - a
            and <char*>&v.led - b == <char*>&s.led - a
            and <char*>&v.win_card - b == <char*>&s.win_card - a
            and <char*>&v.win_seat - b == <char*>&s.win_seat - a
            and <char*>&v.tricks_left - b == <char*>&s.tricks_left - a
            and <char*>&v.trick_pts - b == <char*>&s.trick_pts - a
            and <char*>&v.rem_pts - b == <char*>&s.rem_pts - a)

cdef inline void save(State* s, Saved* v) noexcept nogil:
    memcpy(v, &s.trick_mask, sizeof(Saved))

cdef inline void unplay_card(State* s, Saved* v, int player, int c) noexcept nogil:
    """Undo :func:`play_card` of ``c`` by ``player`` from the fields saved before it."""
    s.hands[player] ^= (<uint32_t>1) << c
    memcpy(&s.trick_mask, v, sizeof(Saved))

cdef inline bint fold(int v, bint maximizing, int* best, int* alpha, int* beta) noexcept nogil:
    """Take one card's value ``v`` into the fail-soft ``best`` of the side to move and
    narrow the window (alpha, beta) by it; True when it cuts the search off."""
    if maximizing:
        if v > best[0]:
            best[0] = v
            if v >= beta[0]:
                return True
            if v > alpha[0]:
                alpha[0] = v
    elif v < best[0]:
        best[0] = v
        if v <= alpha[0]:
            return True
        if v < beta[0]:
            beta[0] = v
    return False

cdef int endgame(State* s, int alpha, int beta) noexcept nogil:
    """Fail-soft alpha-beta for the last two tricks: no table, no ordering, no classes
    (at most 16 ways to play the first of the two tricks)."""
    cdef int player, c, v, best, g, w, ldr
    cdef uint32_t legal, h
    cdef bint maximizing
    cdef Saved sv
    if s.ncards == 0 and s.tricks_left == 1:
        return last_trick(s)
    s.nodes += 1
    player = (s.leader + s.ncards) & 3
    maximizing = (player & 1) == 0
    legal = legal_moves(s)
    best = -1 if maximizing else 100000
    if s.ncards == 3 and s.tricks_left == 2:
        # the first trick's last card: play it in place (the hand and the next leader
        # are all the last trick reads)
        h = s.hands[player]
        ldr = s.leader
        while legal:
            c = coinche_ctz(legal)
            legal &= legal - 1
            w = player if beats(s, c, s.win_card) else s.win_seat
            g = 0 if w & 1 else s.trick_pts + s.pts[c] + s.trick_bonus
            s.hands[player] = h ^ ((<uint32_t>1) << c)
            s.leader = w
            v = g + last_trick(s)
            if fold(v, maximizing, &best, &alpha, &beta):
                break
        s.hands[player] = h
        s.leader = ldr
        return best
    save(s, &sv)
    while legal:
        c = coinche_ctz(legal)
        legal &= legal - 1
        g = play_card(s, player, c)
        if s.ncards > 0:
            v = endgame(s, alpha, beta)
        elif s.tricks_left == 0:
            v = g
        else:
            v = g + last_trick(s)
        unplay_card(s, &sv, player, c)
        if fold(v, maximizing, &best, &alpha, &beta):
            break
    return best

cdef inline int max_value(State* s) noexcept nogil:
    """The most N-S can take from here: every point left, in the trick and in the hands."""
    return s.rem_pts + s.trick_pts + s.tricks_left * s.trick_bonus + s.last_bonus

cdef inline int child_value(State* s, Saved* sv, int player, int c, int alpha, int beta) noexcept nogil:
    """Play ``c``, search on, take it back (to the fields ``sv`` saved): the value of
    the position after ``c``."""
    cdef int g, v
    g = play_card(s, player, c)
    if s.ncards > 0:
        v = search_mid(s, alpha, beta)
    elif s.tricks_left == 0 or g >= beta:
        v = g               # the tricks to come add to g, never take from it
    else:
        v = g + search(s, alpha - g, beta - g)
    unplay_card(s, sv, player, c)
    return v

cdef inline int search_moves(State* s, int alpha, int beta, uint32_t legal, int hint,
                             int* best_card) noexcept nogil:
    """The move loop shared by :func:`search` and :func:`search_mid`: fail-soft best of the
    legal cards' values, the card that gave it in ``best_card``."""
    cdef int player = (s.leader + s.ncards) & 3
    cdef bint maximizing = (player & 1) == 0
    cdef int n, i = 0, j, k, c, v, best, nb, dl, left, first
    # (the slot read once: GCC does not see that the play in between leaves it as it was;
    # instructions -1%)
    cdef int slot = killer_slot(s), killer = s.killer[slot]
    cdef int moves[8]
    cdef int scores[8]
    cdef int vals[32]
    cdef uint32_t done = 0, x, deferred = 0
    cdef Saved sv
    # the cards in play: still held, or in the trick in progress
    cdef uint32_t inplay = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3] | s.trick_mask
    best = -1 if maximizing else 100000
    save(s, &sv)
    # The card the list would put first, the table's (``hint``) else the killer, is
    # searched before the list is made: when it cuts (83% of the time inside tricks,
    # 68% at leads) the list is never made.  The same nodes in the same order, and
    # 13% fewer instructions (gen_moves alone: -55%).
    first = hint
    if not is_move(s, first, legal, inplay):
        first = killer
        if not is_move(s, first, legal, inplay):
            first = -1
    if first >= 0:
        best_card[0] = first
        best = child_value(s, &sv, player, first, alpha, beta)
        if maximizing:
            if best >= beta:
                s.killer[slot] = first
                return best
            if best > alpha:
                alpha = best
        else:
            if best <= alpha:
                s.killer[slot] = first
                return best
            if best < beta:
                beta = best
        done = (<uint32_t>1) << first
        vals[first] = best
        i = 1
    n = gen_moves(s, legal, player, killer, first, inplay, moves, scores)
    left = n
    while left > 0:
        # the best-scored card not tried yet (the first of equal ones, as generated):
        # picked as needed, since a cutoff often comes before the list is done
        j = 0
        for k in range(1, n):
            if scores[k] > scores[j]:
                j = k
        c = moves[j]
        if i == 0:
            best_card[0] = c
        i += 1
        if done:
            # a neighbour of c in this hand (no card in play between them) was searched:
            # the two plays lead to positions of one shape, their values at most
            # |points(c) - points(nb)| apart
            nb = -1
            x = inplay & ABOVE[c]
            if x and (done >> coinche_ctz(x)) & 1:
                nb = coinche_ctz(x)
            else:
                x = inplay & LANE[c >> 3] & <uint32_t>BELOW64[c]
                if x and (done >> (31 - coinche_clz(x))) & 1:
                    nb = 31 - coinche_clz(x)
            if nb >= 0:
                dl = s.pts[c] - s.pts[nb]
                if dl < 0:
                    dl = -dl
                if maximizing:
                    if vals[nb] + dl <= alpha:
                        if vals[nb] + dl > best:
                            best = vals[nb] + dl
                        scores[j] = -1000000
                        left -= 1
                        continue
                elif vals[nb] - dl >= beta:
                    if vals[nb] - dl < best:
                        best = vals[nb] - dl
                    scores[j] = -1000000
                    left -= 1
                    continue
                if left > 1 and not (deferred >> c) & 1:
                    # its neighbour failed to cut, and so will it, nearly always (98 to
                    # 99% of the time): try the other cards first
                    deferred |= (<uint32_t>1) << c
                    scores[j] -= 500000
                    continue
        scores[j] = -1000000
        left -= 1
        v = child_value(s, &sv, player, c, alpha, beta)
        done |= (<uint32_t>1) << c
        vals[c] = v
        if maximizing:
            if v > best:
                best = v
                best_card[0] = c
                if best >= beta:
                    s.killer[slot] = c
                    break
                if best > alpha:
                    alpha = best
        else:
            if v < best:
                best = v
                best_card[0] = c
                if best <= alpha:
                    s.killer[slot] = c
                    break
                if best < beta:
                    beta = best
    return best

cdef int search_mid(State* s, int alpha, int beta) noexcept nogil:
    """:func:`search` inside a trick (one to three cards played) with two tricks or more
    to go: no table, no bounds."""
    cdef uint32_t legal
    cdef Saved sv
    s.nodes += 1
    legal = legal_moves(s)
    if (legal & (legal - 1)) == 0:
        # one legal card: no ordering, no bookkeeping
        save(s, &sv)
        return child_value(s, &sv, (s.leader + s.ncards) & 3, coinche_ctz(legal), alpha, beta)
    return search_mid_moves(s, alpha, beta, legal)

cdef int search_mid_moves(State* s, int alpha, int beta, uint32_t legal) noexcept nogil:
    """:func:`search_mid` with two legal cards or more (written apart for a small frame in
    the one-card case; GCC inlines it back today, and forcing it out of line measured
    +0.9% instructions)."""
    cdef int best_card
    return search_moves(s, alpha, beta, legal, -1, &best_card)

cdef int search(State* s, int alpha, int beta) noexcept nogil:
    """Fail-soft alpha-beta: N-S points from here to the end; exact inside (alpha, beta)."""
    cdef int best, best_card
    cdef int lb = 0, ub, hint = -1, total, found
    cdef TTKey key
    cdef TTEntry* bucket
    if s.tricks_left == 1:
        return endgame(s, alpha, beta)
    if s.ncards > 0:
        return search_mid(s, alpha, beta)
    s.nodes += 1
    total = max_value(s)
    if total <= alpha:
        return total
    if beta <= 0:
        return 0
    ub = total
    tt_key(s, &key)
    bucket = tt_bucket(s.tt, &key)
    found = tt_probe(s, bucket, &key, alpha, beta, &lb, &ub, &hint)
    if found:
        if lb >= beta:
            return lb
        if ub <= alpha:
            return ub
    if found < 2:
        # (a stored entry of this position already holds its sure points: every bound
        # stored below is narrowed by them first)
        quick_bounds(s, total, &lb, &ub)
        if lb >= beta:
            return lb
        if ub <= alpha:
            return ub
    if s.tricks_left == 2:
        # two tricks left: solve exactly, so the entry answers every later probe
        best = endgame(s, -1, total + 1)
        tt_store(s, bucket, &key, best, best, -1)
        return best
    best = search_moves(s, alpha, beta, legal_moves(s), hint, &best_card)
    if best <= alpha:
        if best < ub:
            ub = best
        if (s.leader & 1) == 0:
            best_card = -1          # every card failed: none is known best
    elif best >= beta:
        if best > lb:
            lb = best
        if s.leader & 1:
            best_card = -1
    else:
        lb = best
        ub = best
    tt_store(s, bucket, &key, lb, ub, best_card)
    return best

cdef int solve_state(State* s, int guess, int lower, int upper) noexcept nogil:
    """Exact value by null-window probes, bisecting on the fail-soft bounds they return.

    Each probe asks "do N-S take at least t?" and returns a bound; the bounds shrink
    [lower, upper] until they meet.  Fail-soft bounds rarely land far from t here, so
    bisection (about 7 probes over 0..162) beats MTD(f)'s unit steps.  ``guess`` is the
    first threshold (82 answers the most common question first; -1 bisects at once);
    ``lower`` and ``upper`` are bounds the caller already knows (-1: none), such as a
    card's value being at most its position's value for the side to move.
    """
    cdef int t, v, qlb = 0, qub = max_value(s)
    if s.ncards == 0 and s.tricks_left > 1:
        quick_bounds(s, qub, &qlb, &qub)
    if lower < qlb:
        lower = qlb
    if upper < 0 or upper > qub:
        upper = qub
    t = guess
    while lower < upper:
        if t <= lower or t > upper:
            t = (lower + upper + 1) // 2
        v = search(s, t - 1, t)
        if v >= t:
            lower = v
        else:
            upper = v
        t = -1
    return lower

# ---------------------------------------------------------------------------
# Python boundary
# ---------------------------------------------------------------------------

cdef class Engine:
    """A search engine with its own transposition table.

    The engine speaks canonical card ints (``solver.cards``) at its boundary.  Set a
    position with :meth:`setup`, then ask :meth:`value` (exact), :meth:`probe`
    (threshold) or move along with :meth:`play` / :meth:`unplay`.  One engine is not
    for use by two threads at once; make one engine per thread.
    """

    cdef TTable tt
    cdef State st
    cdef State stack[40]
    cdef int depth
    cdef int to_engine[32]
    cdef int to_canon[32]
    cdef readonly int tt_bits
    cdef object _tables      # (strength, points, count_tricks) last compiled by setup

    def __cinit__(self, int tt_bits=14):
        if tt_bits < 8 or tt_bits > 26:
            raise ValueError(f"tt_bits {tt_bits!r} out of range 8..26")
        self.tt_bits = tt_bits
        self.tt.nbuckets = (<uint64_t>1) << tt_bits
        self.tt.shift = 64 - tt_bits
        self.tt.entries = <TTEntry*>calloc(self.tt.nbuckets * BUCKET, sizeof(TTEntry))
        if self.tt.entries == NULL:
            raise MemoryError("cannot allocate the transposition table")
        self.tt.generation = 0
        self.tt.stores = 0
        self.tt.hits = 0
        memset(&self.st, 0, sizeof(State))
        if not _saved_mirrors_state(&self.st):
            raise AssertionError("Saved must mirror State's fields trick_mask..rem_pts")
        self.st.tt = &self.tt
        self.depth = 0

    def __dealloc__(self):
        if self.tt.entries != NULL:
            free(self.tt.entries)
            self.tt.entries = NULL

    @property
    def table_bytes(self):
        """Memory held by the transposition table."""
        return int(self.tt.nbuckets * BUCKET * sizeof(TTEntry))

    def table_fill(self):
        """Fraction of transposition-table slots in use."""
        cdef uint64_t i, used = 0, total = self.tt.nbuckets * BUCKET
        for i in range(total):
            if self.tt.entries[i].data != 0:
                used += 1
        return used / total

    def clear(self):
        """Empty the transposition table (never needed for correctness)."""
        memset(self.tt.entries, 0, self.tt.nbuckets * BUCKET * sizeof(TTEntry))

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
        cdef int c, e, k, n, seat
        cdef State* s = &self.st
        if self._tables is None or self._tables[0] is not strength or self._tables[1] is not points \
                or self._tables[2] != count_tricks:
            # compile the tables (skipped when the same table objects come again, as the
            # cached ones of solver.rules do from one strain's solve to the next)
            self._tables = None
            for c in range(32):
                e = (c & ~7) | int(strength[c])
                self.to_engine[c] = e
                self.to_canon[e] = c
            for c in range(32):
                s.pts[self.to_engine[c]] = 0 if count_tricks else int(points[c])
            for e in range(32):
                s.twins[e] = 0
                for c in range(e & ~7, e):
                    if s.pts[c] == s.pts[e]:
                        s.twins[e] |= (<uint32_t>1) << c
            s.zero = 0
            for e in range(32):
                if s.pts[e] == 0:
                    s.zero |= (<uint32_t>1) << e
            s.ncheap = 0
            for e in range(32):
                if s.pts[e] == 0:
                    continue
                for k in range(s.ncheap):
                    if s.cheap_pts[k] == s.pts[e]:
                        s.cheap[k] |= (<uint32_t>1) << e
                        break
                else:
                    # a new class, put in its place in increasing order
                    k = s.ncheap
                    while k > 0 and s.cheap_pts[k - 1] > s.pts[e]:
                        s.cheap[k] = s.cheap[k - 1]
                        s.cheap_pts[k] = s.cheap_pts[k - 1]
                        k -= 1
                    s.cheap[k] = (<uint32_t>1) << e
                    s.cheap_pts[k] = s.pts[e]
                    s.ncheap += 1
            for e in range(32):
                if e & 7 and s.pts[e] < s.pts[e - 1]:
                    # the sure-points bounds take a hand's lowest cards as its cheapest
                    raise ValueError("a card's points must not fall as its strength rises")
            if type(strength) is tuple and type(points) is tuple:     # immutable: safe to reuse
                self._tables = (strength, points, count_tricks)
        s.trump = strain if strain < 4 else -1
        for e in range(32):
            s.beaters[e] = ABOVE[e]
            if s.trump >= 0 and (e >> 3) != s.trump:
                s.beaters[e] |= LANE[s.trump]
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
        trick = list(trick)
        n = len(trick)
        if n > 3:
            raise ValueError("a trick in progress holds at most 3 cards")
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
                s.win_seat = (leader + k) & 3
            s.ncards = k + 1
        held = [coinche_popcount(s.hands[(leader + k) & 3]) for k in range(4)]
        # players who already played to this trick hold one card fewer
        for k in range(n):
            held[k] += 1
        if len(set(held)) != 1:
            raise ValueError("the hands do not hold a consistent number of cards")
        s.tricks_left = held[0]
        s.nodes = 0
        memset(s.killer, 255, sizeof(s.killer))     # no killer yet (255 is no card)
        if n == 0:
            s.win_card = 0      # the killer slot of the first lead (no previous trick)
        self.depth = 0
        self.tt.generation = (self.tt.generation + 1) & 3

    cdef uint32_t _to_engine_mask(self, uint32_t m):
        cdef uint32_t out = 0
        cdef int c
        for c in range(32):
            if m >> c & 1:
                out |= (<uint32_t>1) << self.to_engine[c]
        return out

    cdef uint32_t _to_canon_mask(self, uint32_t m):
        cdef uint32_t out = 0
        cdef int e
        for e in range(32):
            if m >> e & 1:
                out |= (<uint32_t>1) << self.to_canon[e]
        return out

    @property
    def nodes(self):
        """Nodes searched since the last :meth:`setup` (or :meth:`reset_nodes`)."""
        return int(self.st.nodes)

    def reset_nodes(self):
        self.st.nodes = 0

    @property
    def tt_stats(self):
        return {"stores": int(self.tt.stores), "hits": int(self.tt.hits)}

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

    def card_value(self, int card, int parent=-1):
        """The value of the current position if ``card`` is played next (N-S points from
        here, the card's trick included).

        ``parent``: the current position's own value, when known.  No card does better
        than the position for the side to move, so the search then starts at that value
        and is bounded by it: a best card costs a single probe."""
        cdef int g, rest, maximizing = ((self.st.leader + self.st.ncards) & 1) == 0
        g = self.play(card)
        try:
            if parent < 0:
                return g + self.value()
            rest = parent - g if parent > g else 0
            if maximizing:
                return g + self.value(rest, 0, rest)
            return g + self.value(rest + 1, rest, -1)
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
        cdef int e = self.to_engine[card]
        cdef int player = (s.leader + s.ncards) & 3
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

    def move_classes(self):
        """The legal cards grouped into classes of equivalent cards (canonical ints);
        each class's first card is the one the search plays."""
        cdef State* s = &self.st
        cdef uint32_t legal = legal_moves(s)
        cdef uint32_t inplay = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3] | s.trick_mask
        cdef int c, prev = -1
        classes = []
        cur = None
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

    def search_window(self, int alpha, int beta):
        """One fail-soft alpha-beta search with the window (alpha, beta) (for tests and tuning)."""
        cdef int v
        with nogil:
            v = search(&self.st, alpha, beta)
        return v
