# Move generation: the classes of equivalent cards (one move each) and the order in
# which the search tries them, scored by the position of the hand in the trick as DDS
# dispatches its move ordering: the leader, second hand, third hand, fourth hand.
# Included by _engine.pyx.

cdef enum:
    # the weights of the order (higher first); only their order matters, never a value
    KILLER_FIRST = 400000   # the killer move, before every other card (above every lead's
                            # learned weight, see lead_class)
    KEEP_LAST = -200        # a lead that wins whenever it is led: plus its points
    CASH = 300              # a sure winner with points: plus its points
    CASH_BARE = 150         # a sure winner without points
    TO_PARTNER = 250        # a low lead to partner's best card: minus its points
    TO_PARTNER_RUFF = 240   # a lead of a suit partner can ruff: minus its points
    RUFFABLE = 50           # a lead an opponent can ruff: minus its points
    LOW_LEAD = 100          # any other lead: minus its points, then by length
    SHORT_SUIT = 40         # with trumps: minus this for each card of the suit held
    LONG_SUIT = 10          # without: plus this for each card of the suit the side holds
    TAKES_LAST = 230        # fourth hand's card taking the trick: plus its points
    THROWN_ON = 200         # points onto a trick the side has for sure: plus its points
    WINS_SAFE = 180         # second hand's card that wins and the next cannot beat: plus its points
    WINS_UNSAFE = 140       # second hand's card that wins for now: minus its points
    OURS_UNSAFE = 120       # third hand, the side winning but not for sure: minus its points
    LOSING = 100            # a card that does not win the trick: minus its points
    KEEP_MASTER = 25        # taken from a master added to a trick (kept for later tricks)
    DISCARD_LENGTH = 25     # with trumps, a discard: plus this for each card of its suit held

cdef inline bint same_class(State* s, int hi, int lo, uint32_t inplay) noexcept nogil:
    """Are the cards ``hi`` > ``lo`` of one hand one move: the same suit, equal points, and
    every card strictly between them gone (``inplay``: the cards held or in the trick,
    ``lo`` among them, so it must be the highest of them below ``hi``)?"""
    return (s.twins[hi] >> lo) & 1 and ((inplay & <uint32_t>BELOW64[hi]) >> lo) == 1

cdef inline int killer_slot(State* s) noexcept nogil:
    """The killer table's slot of the node: tricks to go, cards in the trick, and the card
    winning it (at a lead, the card that was winning the previous trick when its last
    card came: a card play leaves the field as it is when it completes a trick).  The
    winning card keeps apart positions that answer different plays, which a slot keyed
    by the player alone would mix."""
    return killer_slot_at(s, s.ncards)

cdef inline int killer_slot_at(State* s, int ncards) noexcept nogil:
    """:func:`killer_slot` with ``ncards`` the cards in the trick (``s.ncards``)."""
    return 128 * s.tricks_left + 4 * s.win_card + ncards

cdef inline bint is_move(State* s, int c, uint32_t legal, uint32_t inplay) noexcept nogil:
    """Is ``c`` (any int: NO_CARD and 255 mean no card) a legal card that :func:`gen_moves`
    lists, the highest of its class?  The card above it in its class would be the lowest
    card in play above it (legal cards of a suit are the hand's from some card up)."""
    cdef uint32_t x
    if <unsigned int>c >= 32 or not (legal >> c) & 1:
        return False
    x = inplay & ABOVE[c]
    return x == 0 or not ((legal & x & (~x + 1)) and (s.twins[coinche_ctz(x)] >> c) & 1)

cdef inline uint32_t ruff_risk_of(State* s, int player, int trump) noexcept nogil:
    """At a lead with trumps: the whole lanes of the suits an opponent holding trumps is
    void in (a card's own bit tells whether its suit is one)."""
    cdef uint32_t h1 = s.hands[seat_after(player, 1)], h3 = s.hands[seat_after(player, 3)]
    cdef uint32_t risk = 0
    if h1 & LANE[trump]:
        risk = ~lanes_of(h1)
    if h3 & LANE[trump]:
        risk |= ~lanes_of(h3)
    return risk

cdef inline int lead_score(int c, int p, bint master, int trump, uint32_t hand, uint32_t mate,
                           uint32_t others, uint32_t opps, uint32_t opp_trumps,
                           uint32_t ruff_risk) noexcept nogil:
    """The order of a lead ``c`` worth ``p`` points (``master``: no card in play beats it;
    ``others``: the cards of the other hands, ``opps`` the opponents', ``opp_trumps``
    their trumps, ``ruff_risk``: see :func:`ruff_risk_of`)."""
    cdef int suit = c >> 3
    # can an opponent ruff a lead of this suit (void in it, with trumps)?
    cdef bint ruff = suit != trump and (ruff_risk >> c) & 1
    if suit == trump and not opp_trumps:
        # the opponents hold no trumps: ours are worth more kept (to ruff, and as sure
        # winners later) than led now, so lead them last
        return p + KEEP_LAST
    if master and trump < 0 and (opps & LANE[suit]) == 0:
        # without trumps, a master in a suit the opponents no longer hold wins whenever
        # it is led: keep it for last
        return p + KEEP_LAST
    if master and not ruff:
        # a sure winner: cash it, by its points (a master without points after the
        # leads to partner)
        return (CASH if p else CASH_BARE) + p
    if ruff:
        # an opponent can ruff it, master or not: risk as few points as can be
        return RUFFABLE - p
    if (mate >> highest(others & LANE[suit])) & 1:
        # partner holds the suit's best card: lead low to it
        return TO_PARTNER - p
    if trump >= 0 and suit != trump and (mate & LANE[suit]) == 0 and (mate & LANE[trump]) != 0:
        # partner is void and can ruff
        return TO_PARTNER_RUFF - p
    if trump >= 0:
        # a low card, from the shortest suit first (toward ruffs)
        return LOW_LEAD - p - SHORT_SUIT * coinche_popcount(hand & LANE[suit])
    # without trumps, from the side's longest suit (to set up its cards)
    return LOW_LEAD - p + LONG_SUIT * coinche_popcount((hand | mate) & LANE[suit])

# ---------------------------------------------------------------------------
# Lead classes: the features of a lead that the learned table (_engine_leads.pxi, written
# by ``python -m benchmarks.leads --write-table``) is indexed by, 11 bits:
#
#     bits 0..1   the strain's kind and the suit's: 0 a trump suit's trump, 1 a trump
#                 suit's plain suit, 2 sans atout, 3 tout atout
#     bit  2      a master (no card in the other hands beats it)
#     bits 3..4   its points: 0, 1 to 4, 10 or 11, 14 or more
#     bits 5..6   the leader's cards in its suit: 1, 2, 3, 4 or more
#     bit  7      partner is void in the suit
#     bit  8      partner holds the best card of the suit among the other hands
#     bit  9      an opponent is void in it (with trumps: void and holding trumps,
#                 who can ruff it)
#     bit 10      the opponents hold trumps (a trump suit only)
# ---------------------------------------------------------------------------

include "_engine_leads.pxi"       # LEARNED_LEAD_WEIGHT[LEAD_CLASSES], the learned weights

cdef enum:
    LEAD_CLASSES = 2048
    MAX_LEAD_WEIGHT = 100000    # below KILLER_FIRST

# the weights the search adds to each lead class's heuristic score: the compiled ones,
# unless set_lead_weights (for the learning tool) changed them; LEAD_WEIGHTS_ON is False
# when they are all equal (they order nothing: the class is not computed)
cdef int LEAD_WEIGHT[2048]
cdef bint LEAD_WEIGHTS_ON = False

cdef void _init_lead_weights() noexcept:
    global LEAD_WEIGHTS_ON
    cdef int k
    LEAD_WEIGHTS_ON = False
    for k in range(LEAD_CLASSES):
        LEAD_WEIGHT[k] = LEARNED_LEAD_WEIGHT[k]
        if LEAD_WEIGHT[k] != LEAD_WEIGHT[0]:
            LEAD_WEIGHTS_ON = True

_init_lead_weights()

cdef inline int lead_class(State* s, int c, int p, bint master, int trump, uint32_t hand,
                           uint32_t mate, uint32_t others, uint32_t opp_trumps,
                           uint32_t ruff_risk) noexcept nogil:
    """The class of the lead ``c`` (arguments as for :func:`lead_score`)."""
    cdef int suit = c >> 3
    cdef uint32_t lane = LANE[suit], rest = others & lane
    cdef int k, n = coinche_popcount(hand & lane)
    if trump >= 0:
        k = 0 if suit == trump else 1
    else:
        k = 3 if s.ta else 2
    if master:
        k |= 1 << 2
    k |= (0 if p == 0 else 1 if p < 5 else 2 if p < 12 else 3) << 3
    k |= ((n if n < 4 else 4) - 1) << 5
    if (mate & lane) == 0:
        k |= 1 << 7
    if rest and (mate >> highest(rest)) & 1:
        k |= 1 << 8
    if trump >= 0:
        if suit != trump and (ruff_risk >> c) & 1:
            k |= 1 << 9
        if opp_trumps:
            k |= 1 << 10
    elif (s.hands[seat_after(s.leader, 1)] & lane) == 0 or (s.hands[seat_after(s.leader, 3)] & lane) == 0:
        k |= 1 << 9
    return k

cdef inline bint partner_takes_it(State* s, int player, uint32_t beat, uint32_t nextf) noexcept nogil:
    """Second hand: is the trick partner's for sure?  Partner, playing last, holds a card
    he may play that takes it from the card winning it now (``beat``: the cards that
    do), and the next player (whose possible cards are ``nextf``) cannot beat that card.
    A card to play first, not a proof: ordering only."""
    cdef uint32_t mate = s.hands[partner(player)]
    cdef uint32_t can = mate & LANE[s.led]
    if can == 0:
        can = mate              # void: any card, and only his trumps can beat
    can &= beat
    if can == 0:
        return False
    if s.trump >= 0 and (can & LANE[s.trump]):
        can &= LANE[s.trump]
    return (nextf & s.beaters[highest(can)]) == 0

cdef inline int second_score(int p, bint master, bint wins, bint safe, bint smear) noexcept nogil:
    """Second hand (his partner cannot be winning yet): ``wins`` the trick so far,
    ``safe`` when the next player cannot take it from the card winning it after this one;
    ``smear``: a discard (neither the suit led nor a trump) onto a trick that partner
    takes for sure (see :func:`partner_takes_it`)."""
    if wins and safe:
        # the trick is ours (the last card is partner's): add points, but keep masters
        # for later tricks
        return WINS_SAFE + p - (KEEP_MASTER if master else 0)
    if wins:
        return WINS_UNSAFE - p
    if smear:
        # partner takes the trick: points onto it, masters kept
        return THROWN_ON + p - (KEEP_MASTER if master else 0)
    return LOSING - p

cdef inline int third_score(int p, bint master, bint ours, bint safe) noexcept nogil:
    """Third hand: ``ours`` when partner is winning the trick or this card wins it."""
    if ours and safe:
        # the trick is ours: add points, but keep masters for later tricks, also when
        # the master would be the card taking the trick (a cheaper winner comes first)
        return THROWN_ON + p - (KEEP_MASTER if master else 0)
    if ours:
        return OURS_UNSAFE - p
    return LOSING - p

cdef inline int fourth_score(int p, bint master, bint wins, bint partner_wins) noexcept nogil:
    """Fourth hand: his card decides the trick."""
    if wins and not partner_wins:
        # the last card takes the trick: add points, but keep masters
        return TAKES_LAST + p - (KEEP_MASTER if master else 0)
    if partner_wins or wins:
        return THROWN_ON + p - (KEEP_MASTER if master else 0)
    return LOSING - p

cdef inline int gen_moves(State* s, uint32_t legal, int player, int killer, int skip,
                          uint32_t inplay, int* out, int* scores) noexcept nogil:
    """:func:`gen_moves_at` at the state's place in the trick."""
    return gen_moves_at(s, legal, player, killer, skip, inplay, out, scores, s.ncards)

cdef inline int gen_moves_at(State* s, uint32_t legal, int player, int killer, int skip,
                             uint32_t inplay, int* out, int* scores, int ncards) noexcept nogil:
    """Fill ``out`` with one card per class of equivalent legal cards and ``scores`` with
    their order, higher first, ties in the order of ``out`` (unsorted: the search picks
    them as it needs them).  ``inplay``: the cards still held and those of the trick in
    progress.  ``legal`` holds two cards or more: the search plays a single legal card
    without a list.  ``skip``: a card already searched, left out of the list (the
    table's card, else the killer: see :func:`search_moves`).  ``killer``: the card that
    last cut off with this card winning the trick so far (at a lead: the previous trick),
    as many cards in the trick and as many tricks to go, comes first (in a sibling
    position it often cuts again, see killer_slot).  ``ncards``: the cards in the trick
    (``s.ncards``), a constant where the search calls it, so each place in the trick
    compiles to its own code."""
    # the state's fields are read once into locals: ``out`` and ``scores`` are ints, so
    # the compiler would otherwise read them again after every store
    cdef int trump = s.trump, led = s.led
    cdef uint32_t hand = s.hands[player], mate = s.hands[partner(player)]
    cdef uint32_t others = inplay & ~(s.trick_mask | hand)     # the other hands' cards
    cdef uint32_t opps = s.hands[next_seat(player)] | s.hands[prev_seat(player)]
    cdef uint32_t opp_trumps = (opps & LANE[trump]) if trump >= 0 else 0
    cdef uint32_t beat = 0, nextf = 0, discards = 0
    cdef int c, prev = -1, n = 0, sc, p
    cdef uint32_t ruff_risk = ruff_risk_of(s, player, trump) if ncards == 0 and opp_trumps else 0
    cdef bint partner_wins = ncards > 0 and s.win_seat == partner(player)
    cdef bint master, wins, safe, smear = False
    if ncards > 0:
        beat = s.beaters[s.win_card]            # the cards that take the trick now
        # the cards the next player may beat with: those of the suit led when he has
        # some (he must follow, so he cannot ruff), else any (of which only trumps beat)
        nextf = s.hands[next_seat(player)] & LANE[led]
        if nextf == 0:
            nextf = s.hands[next_seat(player)]
        if trump >= 0:
            discards = ~(LANE[led] | LANE[trump])   # neither the suit led nor trumps
        if ncards == 1:
            smear = partner_takes_it(s, player, beat, nextf)
    # classes: scan legal cards from the top; c joins prev's class (see same_class)
    while legal:
        c = highest(legal)
        legal &= ~((<uint32_t>1) << c)
        if prev >= 0 and same_class(s, prev, c, inplay):
            prev = c
            continue
        prev = c
        if c == skip:
            continue
        p = s.pts[c]
        master = (ABOVE[c] & others) == 0
        if c == killer:
            sc = KILLER_FIRST
        elif ncards == 0:
            sc = lead_score(c, p, master, trump, hand, mate, others, opps, opp_trumps, ruff_risk)
            if LEAD_WEIGHTS_ON:
                sc += LEAD_WEIGHT[lead_class(s, c, p, master, trump, hand, mate, others, opp_trumps,
                                             ruff_risk)]
        else:
            wins = (beat >> c) & 1
            if ncards == 3:
                sc = fourth_score(p, master, wins, partner_wins)
            else:
                # can the next player not take the trick from the card winning it after c?
                safe = (nextf & (s.beaters[c] if wins else beat)) == 0
                if ncards == 2:
                    sc = third_score(p, master, partner_wins or wins, safe)
                else:
                    sc = second_score(p, master, wins, safe, smear and (c >> 3) != led
                                      and (c >> 3) != trump)
            if (discards >> c) & 1:
                sc += DISCARD_LENGTH * coinche_popcount(hand & LANE[c >> 3])   # discard from length
        scores[n] = sc
        out[n] = c
        n += 1
    return n
