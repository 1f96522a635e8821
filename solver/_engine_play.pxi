# Rules of play on engine masks: who may play what, who takes a trick, a card played
# and taken back, and the points a set of cards carries.  The rules are the referee's
# (solver.play), compiled by Engine.setup into State's tables (beaters, pts, twins,
# cheap): tests/test_solve_api.py checks that the legal cards here are the referee's.
# Included by _engine.pyx.

# ---------------------------------------------------------------------------
# The tables Engine.setup compiles from the referee's (solver.rules)
# ---------------------------------------------------------------------------

cdef void compile_beaters(State* s) noexcept nogil:
    """``beaters`` of the strain (``s.trump`` set): the stronger cards of a card's suit,
    and every trump for a card that is not one."""
    cdef int e
    for e in range(32):
        s.beaters[e] = ABOVE[e]
        if s.trump >= 0 and (e >> 3) != s.trump:
            s.beaters[e] |= LANE[s.trump]

cdef void compile_point_classes(State* s) noexcept nogil:
    """The tables read from the points (``s.pts`` set): ``twins``, the cards without
    points (``zero``) and the other cards by their points (``cheap``, ``cheap_pts``, in
    increasing order of points)."""
    cdef int c, e, k
    cdef bint found
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
        found = False
        for k in range(s.ncheap):
            if s.cheap_pts[k] == s.pts[e]:
                s.cheap[k] |= (<uint32_t>1) << e
                found = True
                break
        if not found:
            # a new class, put in its place in increasing order
            k = s.ncheap
            while k > 0 and s.cheap_pts[k - 1] > s.pts[e]:
                s.cheap[k] = s.cheap[k - 1]
                s.cheap_pts[k] = s.cheap_pts[k - 1]
                k -= 1
            s.cheap[k] = (<uint32_t>1) << e
            s.cheap_pts[k] = s.pts[e]
            s.ncheap += 1

cdef inline int to_move(State* s) noexcept nogil:
    """The seat to play the next card."""
    return seat_after(s.leader, s.ncards)

cdef inline bint beats(State* s, int c, int w) noexcept nogil:
    """Does card c take the trick from the card w currently winning it?"""
    return (s.beaters[w] >> c) & 1

cdef inline uint32_t legal_moves(State* s) noexcept nogil:
    """The legal cards of the player to move (engine layout)."""
    return legal_moves_at(s, s.ncards)

cdef inline uint32_t legal_moves_at(State* s, int ncards) noexcept nogil:
    """:func:`legal_moves` with ``ncards`` the cards in the trick (``s.ncards``): the
    search passes it as a constant, so each place in the trick compiles to its own code."""
    cdef int player = seat_after(s.leader, ncards)
    cdef uint32_t h = s.hands[player]
    cdef uint32_t follow, up, tr
    cdef bint partner_wins
    if ncards == 0:
        return h
    follow = h & LANE[s.led]
    partner_wins = s.win_seat == partner(player)
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
        seat = seat_after(s.leader, k)
        c = coinche_ctz(s.hands[seat])
        p += s.pts[c]
        if beats(s, c, wc):
            wc = c
            ws = seat
    if side_of(ws):
        return 0
    return p + s.trick_bonus + s.last_bonus

cdef inline int max_value(State* s) noexcept nogil:
    """The most N-S can take from here: every point left, in the trick and in the hands."""
    return s.rem_pts + s.trick_pts + s.tricks_left * s.trick_bonus + s.last_bonus

# ---------------------------------------------------------------------------
# A card played and taken back
# ---------------------------------------------------------------------------

cdef inline int play_card(State* s, int player, int c) noexcept nogil:
    """Play card ``c`` of ``player`` (the player to move); returns the points N-S win by it
    (the trick's, and the last trick's bonus, when it completes a trick N-S win; else 0).
    Callers that come back save the fields first (``Saved``) and restore them after."""
    return play_card_at(s, player, c, s.ncards)

cdef inline int play_card_at(State* s, int player, int c, int ncards) noexcept nogil:
    """:func:`play_card` with ``ncards`` the cards in the trick (``s.ncards``), a constant
    where the search calls it."""
    cdef int winner, g = 0
    s.hands[player] ^= (<uint32_t>1) << c
    s.rem_pts -= s.pts[c]
    if ncards == 0:
        s.led = c >> 3
        s.win_card = c
        s.win_seat = player
        s.trick_pts = s.pts[c]
        s.trick_mask = (<uint32_t>1) << c
        s.ncards = 1
    elif ncards < 3:
        if beats(s, c, s.win_card):
            s.win_card = c
            s.win_seat = player
        s.trick_pts += s.pts[c]
        s.trick_mask |= (<uint32_t>1) << c
        s.ncards = ncards + 1
    else:
        # the trick is complete: win_card and win_seat are left as they are (the killer
        # slot of the next lead reads the card that was winning it before this one)
        winner = player if beats(s, c, s.win_card) else s.win_seat
        if side_of(winner) == 0:
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
    """Undo :func:`play_card` of ``c`` by ``player`` from the fields saved before it (the
    hands are the only fields outside the block, and the card is the only change to them)."""
    s.hands[player] ^= (<uint32_t>1) << c
    memcpy(&s.trick_mask, v, sizeof(Saved))

# ---------------------------------------------------------------------------
# Runs and points of sets of cards
# ---------------------------------------------------------------------------

cdef inline uint32_t held_run(uint32_t lane_rem, uint32_t hand) noexcept nogil:
    """The run of highest cards of ``lane_rem`` (one suit's, still in play) held in
    ``hand``: those above the highest one ``hand`` lacks."""
    cdef uint32_t m = lane_rem & ~hand
    if m == 0:
        return lane_rem
    return lane_rem & ABOVE[highest(m)]

cdef inline uint32_t top_run(State* s, uint32_t cards, int* side) noexcept nogil:
    """The run of highest ``cards`` (one suit's, still in play) held by one side, and that
    side in ``side`` (0 N-S, 1 E-W; -1 when there are no cards): the cards above the
    other side's highest."""
    cdef uint32_t ns = s.hands[0] | s.hands[2]
    if cards == 0:
        side[0] = -1
        return 0
    if (ns >> highest(cards)) & 1:
        side[0] = 0
        return held_run(cards, ns)
    side[0] = 1
    return held_run(cards, ~ns)

cdef inline int mask_points(State* s, uint32_t m) noexcept nogil:
    """The points of the cards of ``m``."""
    cdef int p = 0
    while m:
        p += s.pts[coinche_ctz(m)]
        m &= m - 1
    return p

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
