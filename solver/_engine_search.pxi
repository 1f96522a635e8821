# The search: a fail-soft alpha-beta over single card plays on the N-S points from a
# node to the end, with the table and the sure bounds at trick starts only, an exact
# solver for the last two tricks, and the driver that bisects on null-window probes.
# Included by _engine.pyx.

cdef enum:
    TRIED = -1000000        # the score of a card searched or skipped: below every score
    DEFERRED = 500000       # taken from the score of a card whose neighbour failed to cut

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
    player = to_move(s)
    maximizing = side_of(player) == 0
    legal = legal_moves(s)
    best = BELOW_ANY_VALUE if maximizing else ABOVE_ANY_VALUE
    if s.ncards == 3 and s.tricks_left == 2:
        # the first trick's last card: play it in place (the hand and the next leader
        # are all the last trick reads)
        h = s.hands[player]
        ldr = s.leader
        while legal:
            c = coinche_ctz(legal)
            legal &= legal - 1
            w = player if beats(s, c, s.win_card) else s.win_seat
            g = 0 if side_of(w) else s.trick_pts + s.pts[c] + s.trick_bonus
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


cdef inline int child_value(State* s, Saved* sv, int player, int c, int alpha, int beta,
                            int ncards) noexcept nogil:
    """Play ``c``, search on, take it back (to the fields ``sv`` saved): the value of
    the position after ``c``.  ``ncards``: the cards in the trick before ``c``, a
    constant at each call, so the next place in the trick is known without a test."""
    cdef int g, v
    g = play_card_at(s, player, c, ncards)
    if ncards == 0:
        v = search_second(s, alpha, beta)
    elif ncards == 1:
        v = search_third(s, alpha, beta)
    elif ncards == 2:
        v = search_fourth(s, alpha, beta)
    elif s.tricks_left == 0 or g >= beta:
        v = g               # the tricks to come add to g, never take from it
    else:
        v = g + search(s, alpha - g, beta - g)
    unplay_card(s, sv, player, c)
    return v

cdef inline int search_moves(State* s, int alpha, int beta, uint32_t legal, int hint,
                             int* best_card, int ncards) noexcept nogil:
    """The move loop shared by :func:`search` and :func:`search_mid`: fail-soft best of the
    legal cards' values, the card that gave it in ``best_card``.  ``ncards``: the cards in
    the trick (``s.ncards``), a constant at each call."""
    cdef int player = seat_after(s.leader, ncards)
    cdef bint maximizing = side_of(player) == 0
    cdef int n, i = 0, j, k, c, v, best, nb, dl, left, first
    # (the slot is read once: the compiler cannot see that the plays in between leave
    # it as it was)
    cdef int slot = killer_slot_at(s, ncards), killer = s.killer[slot]
    cdef int moves[8]
    cdef int scores[8]
    cdef int vals[32]
    cdef uint32_t done = 0, x, deferred = 0
    cdef Saved sv
    # the cards in play: still held, or in the trick in progress
    cdef uint32_t inplay = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3] | s.trick_mask
    best = BELOW_ANY_VALUE if maximizing else ABOVE_ANY_VALUE
    save(s, &sv)
    # The card the list would put first, the table's (``hint``) else the killer, is
    # searched before the list is made: when it cuts, most of the time, the list is
    # never made.  gen_moves leaves it out (``skip``), so the cards come in the order
    # the list alone would give.
    first = hint
    if not is_move(s, first, legal, inplay):
        first = killer
        if not is_move(s, first, legal, inplay):
            first = NO_CARD
    if first >= 0:
        best_card[0] = first
        best = child_value(s, &sv, player, first, alpha, beta, ncards)
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
    n = gen_moves_at(s, legal, player, killer, first, inplay, moves, scores, ncards)
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
            nb = NO_CARD
            x = inplay & ABOVE[c]
            if x and (done >> coinche_ctz(x)) & 1:
                nb = coinche_ctz(x)
            else:
                x = inplay & LANE[c >> 3] & <uint32_t>BELOW64[c]
                if x and (done >> (highest(x))) & 1:
                    nb = highest(x)
            if nb >= 0:
                dl = s.pts[c] - s.pts[nb]
                if dl < 0:
                    dl = -dl
                if maximizing:
                    if vals[nb] + dl <= alpha:
                        if vals[nb] + dl > best:
                            best = vals[nb] + dl
                        scores[j] = TRIED
                        left -= 1
                        continue
                elif vals[nb] - dl >= beta:
                    if vals[nb] - dl < best:
                        best = vals[nb] - dl
                    scores[j] = TRIED
                    left -= 1
                    continue
                if left > 1 and not (deferred >> c) & 1:
                    # its neighbour failed to cut, and so will it, nearly always: try
                    # the other cards first
                    deferred |= (<uint32_t>1) << c
                    scores[j] -= DEFERRED
                    continue
        scores[j] = TRIED
        left -= 1
        v = child_value(s, &sv, player, c, alpha, beta, ncards)
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
    to go: no table, no bounds.  One function for each place in the trick."""
    if s.ncards == 1:
        return search_second(s, alpha, beta)
    if s.ncards == 2:
        return search_third(s, alpha, beta)
    return search_fourth(s, alpha, beta)

cdef inline int search_mid_at(State* s, int alpha, int beta, int ncards) noexcept nogil:
    """:func:`search_mid` with ``ncards`` cards in the trick, a constant in each of the
    three functions below."""
    cdef uint32_t legal
    cdef int best_card
    cdef Saved sv
    s.nodes += 1
    legal = legal_moves_at(s, ncards)
    if (legal & (legal - 1)) == 0:
        # one legal card: no ordering, no bookkeeping
        save(s, &sv)
        return child_value(s, &sv, seat_after(s.leader, ncards), coinche_ctz(legal), alpha, beta,
                           ncards)
    return search_moves(s, alpha, beta, legal, NO_CARD, &best_card, ncards)

cdef int search_second(State* s, int alpha, int beta) noexcept nogil:
    return search_mid_at(s, alpha, beta, 1)

cdef int search_third(State* s, int alpha, int beta) noexcept nogil:
    return search_mid_at(s, alpha, beta, 2)

cdef int search_fourth(State* s, int alpha, int beta) noexcept nogil:
    return search_mid_at(s, alpha, beta, 3)

cdef int search(State* s, int alpha, int beta) noexcept nogil:
    """Fail-soft alpha-beta: N-S points from here to the end; exact inside (alpha, beta)."""
    cdef int best, best_card
    cdef int lb = 0, ub, hint = NO_CARD, total, found
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
        best = endgame(s, BELOW_ANY_VALUE, total + 1)
        tt_store(s, bucket, &key, best, best, NO_CARD)
        return best
    best = search_moves(s, alpha, beta, s.hands[s.leader], hint, &best_card, 0)
    if best <= alpha:
        if best < ub:
            ub = best
        if side_of(s.leader) == 0:
            best_card = NO_CARD          # every card failed: none is known best
    elif best >= beta:
        if best > lb:
            lb = best
        if side_of(s.leader):
            best_card = NO_CARD
    else:
        lb = best
        ub = best
    tt_store(s, bucket, &key, lb, ub, best_card)
    return best

cdef inline void probe_range(State* s, int* lower, int* upper) noexcept nogil:
    """Narrow the caller's bounds on the value (``upper`` -1: none) with the position's
    own: 0 to every point left, and at a trick start the sure points."""
    cdef int qlb = 0, qub = max_value(s)
    if s.ncards == 0 and s.tricks_left > 1:
        quick_bounds(s, qub, &qlb, &qub)
    if lower[0] < qlb:
        lower[0] = qlb
    if upper[0] < 0 or upper[0] > qub:
        upper[0] = qub

cdef int solve_state(State* s, int guess, int lower, int upper) noexcept nogil:
    """Exact value by null-window probes, bisecting on the fail-soft bounds they return.

    Each probe asks "do N-S take at least t?" and returns a bound; the bounds shrink
    [lower, upper] until they meet.  Fail-soft bounds rarely land far from t here, so
    bisection (about 7 probes over 0..162) beats MTD(f)'s unit steps.  ``guess`` is the
    first threshold (82 answers the most common question first; -1: the estimate below
    for a whole deal, elsewhere bisection at once);
    ``lower`` and ``upper`` are bounds the caller already knows (-1: none), such as a
    card's value being at most its position's value for the side to move.  Without a
    guess, a whole deal starts from the model's estimate (:func:`root_estimate`), and the
    second probe lies ``EST_STEP`` points beyond it on the side the first one showed:
    the estimate is within that of the value about two times in three, and then the
    bisection has a short interval left.
    """
    cdef int t = guess, v, est = -1
    probe_range(s, &lower, &upper)
    if t < 0 and lower < upper:
        est = root_estimate(s)
        if est >= 0:
            # (inside the bounds: a probe outside them would tell nothing)
            est = lower + 1 if est <= lower else upper if est > upper else est
        t = est
    while lower < upper:
        if t <= lower or t > upper:
            t = (lower + upper + 1) // 2
        v = search(s, t - 1, t)
        if v >= t:
            lower = v
        else:
            upper = v
        if est >= 0:
            t = est + EST_STEP if v >= t else est - EST_STEP
            est = -1
        else:
            t = -1
    return lower

cdef int solve_near(State* s, int estimate, int lower, int upper) noexcept nogil:
    """Exact value by null-window probes starting from an ``estimate`` of it: the probes
    step away from it by 1, 2, 4... points until one has landed on each side of the
    value, then bisect.  An estimate d points off costs about 2 log2(d) + 2 probes (2
    when it is right) where bisecting the whole range costs about 7, so it pays when
    the estimate is within a few points: a card's value next to its position's or its
    sibling's.  ``lower`` and ``upper`` as for :func:`solve_state`."""
    cdef int t = estimate, v, step = 1
    cdef bint low = False, high = False     # a probe has failed low / succeeded
    probe_range(s, &lower, &upper)
    while lower < upper:
        if low and high:
            t = (lower + upper + 1) // 2
        elif t <= lower:
            t = lower + 1
        elif t > upper:
            t = upper
        v = search(s, t - 1, t)
        if v >= t:
            lower = v
            high = True
            t = lower + step
        else:
            upper = v
            low = True
            t = upper - step + 1
        step *= 2
    return lower
