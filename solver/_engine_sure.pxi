# Sure bounds at a trick start: the points each side is sure to take whatever the
# play, from the top trumps and the runs the side on lead can cash (or the lead lost
# at once).  Every bound is a proof that the value lies on its side: each rule below
# states why, and tests/test_sure_bounds.py checks them against the exhaustive
# minimax.  Included by _engine.pyx.

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
        r1 = s.hands[next_seat(p)] & tl
        r3 = s.hands[prev_seat(p)] & tl
    while t:
        suit = s.trump if t & tl else coinche_ctz(t) >> 3
        t &= ~LANE[suit]
        w = cashed_cards(s, suit, held_run(rem & LANE[suit], s.hands[p]), s.hands[p],
                         s.hands[partner(p)], s.hands[next_seat(p)], s.hands[prev_seat(p)],
                         r1 != 0 and suit != s.trump, r3 != 0 and suit != s.trump, shed)
        if w == 0:
            continue
        n = coinche_popcount(w)
        f1 = forced_follow(s.hands[next_seat(p)], suit, n)
        f3 = forced_follow(s.hands[prev_seat(p)], suit, n)
        low[0] |= f1
        low[1] |= f3
        won |= w | f1 | f3 | partner_follow(s.hands[partner(p)], suit, n)
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
    cdef uint32_t mt = tops & s.hands[partner(p)], e
    cdef uint32_t low[2]
    cdef uint32_t lowm[2]
    low[0] = low[1] = lowm[0] = lowm[1] = 0
    v = seat_runs(s, rem, tops, p, 0, &k, low)
    e = s.hands[p] & lanes_of(mt)
    if s.trump >= 0:
        if s.hands[next_seat(p)] & LANE[s.trump]:
            e &= lanes_of(s.hands[next_seat(p)]) | LANE[s.trump]
        if s.hands[prev_seat(p)] & LANE[s.trump]:
            e &= lanes_of(s.hands[prev_seat(p)]) | LANE[s.trump]
    if e:
        # (partner's opponents are p's, the other way round)
        vm = seat_runs(s, rem, tops, partner(p), 1, &km, lowm)
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
        + cheapest(s, s.hands[next_seat(p)] & ~low[0], k - coinche_popcount(low[0])) \
        + cheapest(s, s.hands[prev_seat(p)] & ~low[1], k - coinche_popcount(low[1]))

cdef inline int least_lead_lost(State* s, uint32_t rem, uint32_t tops, uint32_t x,
                                int total) noexcept nogil:
    """:func:`lead_lost` for the opponent the leader would rather see win the first
    trick: ``x``, the top cards of the suits the leader holds, are all the opponents';
    the leader picks the suit, so the opponent who wins it is his choice too."""
    cdef int v = total, w
    if x & s.hands[next_seat(s.leader)]:
        v = lead_lost(s, rem, tops, next_seat(s.leader), total)
    if x & s.hands[prev_seat(s.leader)]:
        w = lead_lost(s, rem, tops, prev_seat(s.leader), total)
        if w < v:
            v = w
    return v

# ---------------------------------------------------------------------------
# The sure bounds of a trick start, step by step
# ---------------------------------------------------------------------------

ctypedef struct Sure:
    # what the steps of quick_bounds share (one struct on the stack: every step inlines)
    uint32_t rem            # the cards in play
    uint32_t tops           # each suit's highest card in play
    uint32_t hand, mate     # the leader's hand, his partner's
    uint32_t o1, o2         # the opponents' hands: the next seat's, the previous seat's
    uint32_t t1, t2         # their trumps, while they may ruff (0 once they cannot)
    uint32_t low[4]         # the opponents' cards counted as followed (o1, o2): in the
                            # leader's runs (0, 1), in partner's (2, 3)
    uint32_t run            # the run of top trumps held by one side
    int trump_side          # that side (0 N-S, 1 E-W; -1: no trumps left, or none)
    int side_trumps         # the points that run takes
    int tn                  # the leader's rounds of top (and long) trumps, cashed first
    int tcash               # the other cards of those rounds
    int lost                # the sure points of the side not on lead when it loses the lead
    uint32_t won, mate_won  # the cards counted in the leader's runs, in partner's
    int cashed, mate_n      # their tricks
    bint entry              # the leader holds a card of a suit of partner's runs

cdef inline void sure_start(State* s, Sure* q) noexcept nogil:
    q.rem = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
    q.hand = s.hands[s.leader]
    q.o1 = s.hands[next_seat(s.leader)]
    q.o2 = s.hands[prev_seat(s.leader)]
    q.mate = s.hands[partner(s.leader)]
    q.tops = lane_tops(q.rem)
    q.t1 = q.t2 = q.run = 0
    q.low[0] = q.low[1] = q.low[2] = q.low[3] = 0
    q.trump_side = -1
    q.side_trumps = q.tn = q.tcash = q.lost = 0
    q.won = q.mate_won = 0
    q.cashed = q.mate_n = 0
    q.entry = False

cdef inline uint32_t lead_tops(Sure* q) noexcept nogil:
    """The top cards of the suits the leader holds; when his side holds none of them, it
    loses the first trick whatever he leads (bar a ruff, see trump_lead_lost)."""
    return q.tops & lanes_of(q.hand)

cdef inline bint top_trumps_alone(State* s, Sure* q) noexcept nogil:
    """Find the run of top trumps and its side; True when a player holds nothing but
    that run: he plays one to every trick, and a trick holding one is his side's (every
    higher trump left is in that run too)."""
    q.t1 = q.o1 & LANE[s.trump]
    q.t2 = q.o2 & LANE[s.trump]
    q.run = top_run(s, q.rem & LANE[s.trump], &q.trump_side)
    if q.run and ((s.hands[q.trump_side] & ~q.run) == 0
                  or (s.hands[partner(q.trump_side)] & ~q.run) == 0):
        return True
    q.side_trumps = mask_points(s, q.run)
    return False

cdef inline void leader_trumps_first(State* s, Sure* q) noexcept nogil:
    """The leader leads his own top trumps first (his side holds the top run): nobody
    can beat them, and everyone must follow with a trump while he holds one.  Their
    points are in side_trumps; the tricks also hold the opponents' lowest trumps and
    partner's highest trumps outside the run.  An opponent with no more trumps than
    these rounds is out of trumps after them, so he can ruff none of the runs cashed
    next."""
    cdef uint32_t x, w = 0
    cdef int n = 0
    q.tn = coinche_popcount(held_run(q.rem & LANE[s.trump], q.hand))
    if q.tn == 0:
        return
    x = q.hand & LANE[s.trump]
    if coinche_popcount(x) > q.tn and coinche_popcount(q.t1) <= q.tn \
            and coinche_popcount(q.t2) <= q.tn \
            and coinche_popcount(q.mate & ABOVE[coinche_ctz(x)]) <= q.tn:
        # Long trumps: both opponents are out of trumps after the run, and partner,
        # playing his highest trumps first, has shed the ones above the leader's
        # lowest: every trump of the leader wins.  Partner may have to play his own
        # trumps of the run before the others.
        n = coinche_popcount(q.mate & q.run)
        q.tn = coinche_popcount(x)
        w = x & ~q.run
    q.low[0] = q.low[2] = forced_follow(q.o1, s.trump, q.tn)
    q.low[1] = q.low[3] = forced_follow(q.o2, s.trump, q.tn)
    q.tcash = mask_points(s, w | q.low[0] | q.low[1]
                          | partner_follow(q.mate & ~q.run, s.trump, q.tn - n))
    if coinche_popcount(q.t1) <= q.tn:
        q.t1 = 0
    if coinche_popcount(q.t2) <= q.tn:
        q.t2 = 0

cdef inline void trump_lead_lost(State* s, Sure* q, int total) noexcept nogil:
    """Lead lost with trumps, as without, when no one has to ruff the first trick: the
    top card of a plain suit wins it if partner follows or holds no trump, and, when the
    top card is fourth hand's, if his partner, second, follows or holds no trump too
    (void, he would have to ruff; E-W's choice is then not theirs).  The top trump wins
    a trump lead anyway."""
    cdef uint32_t x = lead_tops(q), plain
    if x & (q.hand | q.mate):
        return
    plain = lanes_of(q.hand) & ~LANE[s.trump]
    if ((q.mate & LANE[s.trump]) == 0 or (plain & ~lanes_of(q.mate)) == 0) \
            and (q.t1 == 0 or (plain & lanes_of(x & q.o2) & ~lanes_of(q.o1)) == 0):
        q.lost = least_lead_lost(s, q.rem, q.tops, x, total)

cdef inline void plain_runs(State* s, Sure* q) noexcept nogil:
    """The runs of the plain suits whose top card the leader's side holds, each cashed
    from now on (:func:`cashed_cards`), with the lowest cards the opponents follow with
    and partner's highest: the leader's in ``won``, partner's in ``mate_won``."""
    cdef uint32_t held = q.tops & (q.hand | q.mate), x, other, w, f1, f2
    cdef uint32_t* lo
    cdef int top, suit, n
    cdef bint mine
    if s.trump >= 0:
        held &= ~LANE[s.trump]
    while held:
        top = coinche_ctz(held)
        held &= held - 1
        suit = top >> 3
        mine = (q.hand >> top) & 1
        if mine:
            x = q.hand & LANE[suit]
            other = q.mate
            lo = q.low
        else:
            x = q.mate & LANE[suit]
            other = q.hand
            lo = q.low + 2
        # (partner's runs come after a lead to them: the leader owes that first card)
        w = cashed_cards(s, suit, held_run(q.rem & LANE[suit], x), x, other, q.o1, q.o2,
                         q.t1 != 0, q.t2 != 0, 0 if mine else 1)
        if w == 0:
            continue
        n = coinche_popcount(w)
        f1 = forced_follow(q.o1, suit, n)
        f2 = forced_follow(q.o2, suit, n)
        lo[0] |= f1
        lo[1] |= f2
        w |= f1 | f2 | partner_follow(other, suit, n)
        if mine:
            q.won |= w
            q.cashed += n
        else:
            q.mate_won |= w
            q.mate_n += n
            if q.hand & LANE[suit]:
                q.entry = True

cdef inline int side_cash(State* s, Sure* q) noexcept nogil:
    """The points of the runs the leader's side cashes, its top trumps' other cards
    included; their tricks in ``q.cashed``.  The leader cashes his runs, then leads to
    one of partner's, who cashes his (partner holds a card for each of the leader's
    tricks besides his runs); when the tricks do not suffice for both, the leader leads
    to partner at once (after his top trumps) if partner's runs are worth more."""
    cdef int cash = mask_points(s, q.won), mate_pts
    if q.entry:
        mate_pts = mask_points(s, q.mate_won)
        if q.tn + q.cashed + q.mate_n <= s.tricks_left:
            cash += mate_pts
            q.cashed += q.mate_n
            q.low[0] |= q.low[2]
            q.low[1] |= q.low[3]
        elif mate_pts > cash and q.tn + q.mate_n <= s.tricks_left:
            cash = mate_pts
            q.cashed = q.mate_n
            q.low[0] = q.low[2]
            q.low[1] = q.low[3]
    q.cashed += q.tn
    return cash + q.tcash

cdef inline int trump_side_sure(State* s, Sure* q) noexcept nogil:
    """The sure points of the side holding the top trump run.  When it is not the side
    on lead: every trick a card of that run is played to is the trump side's, and there
    are at least as many such tricks as one hand holds of the run, so each hand of the
    other side plays a card to each of them, at least its cheapest cards."""
    cdef int c, n
    if q.trump_side != side_of(s.leader):
        c = coinche_popcount(q.run & s.hands[q.trump_side])
        n = coinche_popcount(q.run & s.hands[partner(q.trump_side)])
        if n > c:
            c = n
        return q.side_trumps + cheapest(s, s.hands[next_seat(q.trump_side)], c) \
            + cheapest(s, s.hands[prev_seat(q.trump_side)], c)
    return q.side_trumps

cdef inline void side_bounds(State* s, int total, int mine, int theirs,
                             int* lb, int* ub) noexcept nogil:
    """Narrow the N-S bounds by the sure points of the side on lead (``mine``) and of
    the other side (``theirs``)."""
    if side_of(s.leader) == 0:
        if mine > lb[0]:
            lb[0] = mine
        if total - theirs < ub[0]:
            ub[0] = total - theirs
    else:
        if total - mine < ub[0]:
            ub[0] = total - mine
        if theirs > lb[0]:
            lb[0] = theirs

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
    cdef Sure q
    cdef uint32_t x
    cdef int cash, trumps
    sure_start(s, &q)
    if s.trump < 0:
        x = lead_tops(&q)
        if (x & (q.hand | q.mate)) == 0:
            # the side on lead loses the lead at once, and it can cash nothing first
            side_bounds(s, total, 0, least_lead_lost(s, q.rem, q.tops, x, total), lb, ub)
            return
    else:
        if top_trumps_alone(s, &q):
            if q.trump_side == 0:
                lb[0] = total
            else:
                ub[0] = 0
            return
        if q.trump_side == side_of(s.leader):
            leader_trumps_first(s, &q)
        trump_lead_lost(s, &q, total)
    plain_runs(s, &q)
    cash = side_cash(s, &q)
    if q.cashed == s.tricks_left:
        # every remaining trick is the leader's side's
        if side_of(s.leader) == 0:
            lb[0] = total
        else:
            ub[0] = 0
        return
    if q.cashed:
        # each opponent plays a card to each cashed trick: besides the lowest cards of
        # the runs' suits counted, his cheapest others
        cash += cheapest(s, q.o1 & ~q.low[0], q.cashed - coinche_popcount(q.low[0])) \
            + cheapest(s, q.o2 & ~q.low[1], q.cashed - coinche_popcount(q.low[1]))
    if s.trump >= 0 and q.trump_side >= 0:
        trumps = trump_side_sure(s, &q)
        if q.trump_side == side_of(s.leader):
            cash += trumps
        elif q.trump_side == 0:
            if trumps > lb[0]:
                lb[0] = trumps
        elif total - trumps < ub[0]:
            ub[0] = total - trumps
    side_bounds(s, total, cash, q.lost, lb, ub)
