# A first estimate of a whole deal's value, for the probes to start from: a linear model
# of the leader's side's points on features of the four hands, one model for each kind
# of strain (a trump suit, sans atout, tout atout), fitted offline to exact values by
# ``python -m benchmarks.estimate --write-table`` (the weights: _engine_estimate_fit.pxi).
# The estimate only chooses where the probes look first (see solve_state); the value
# they find is exact whatever it is.  Included by _engine.pyx.
#
# The features, each counted for the leader's side (the leader and his partner) minus
# the other side, in the engine layout (a card's bit in its lane is its strength):
#
#     a trump suit   0..7    each trump, highest first: +1 held by the leader's side,
#                            -1 by the other
#                    8..15   the plain cards of each strength rank (three suits), highest
#                            first: the leader's side's count minus the other's
#                    16      trumps held
#                    17      the longest trump holding of a side
#                    18      shortness beside trumps: 2 a void, 1 a singleton, in a plain
#                            suit of a player holding trumps
#     SA, TA         0..7    the cards of each strength rank, highest first (four suits)
#                    8       the longest suit of a side (both hands together)
#     every kind     then    the leader's side's sure points (the lower bound of the sure
#                            bounds, for that side), the other side's, and 1

cdef enum:
    EST_KINDS = 3           # a trump suit, sans atout, tout atout
    EST_FEATURES = 22       # the most features of a kind (a trump suit's 19, 2 sure, 1)
    EST_PLAIN = 12          # sans atout's and tout atout's (9, 2 sure, 1)
    EST_STEP = 12           # the second probe's distance from the first (see solve_state)

include "_engine_estimate_fit.pxi"     # LEARNED_ESTIMATE[EST_KINDS][EST_FEATURES]

# the weights the estimate uses: the compiled ones (set when the module loads, see
# _engine.pyx) unless set_estimate_weights changed them; ESTIMATE_ON is False when they
# are all 0 (no estimate: the probes bisect)
cdef double ESTIMATE_W[EST_KINDS][EST_FEATURES]
cdef bint ESTIMATE_ON = False

cdef inline int estimate_kind(State* s) noexcept nogil:
    """0 a trump suit, 1 sans atout, 2 tout atout."""
    if s.trump >= 0:
        return 0
    return 2 if s.ta else 1

cdef inline int side_count(uint32_t ours, uint32_t theirs, uint32_t m) noexcept nogil:
    return coinche_popcount(ours & m) - coinche_popcount(theirs & m)

cdef int estimate_features(State* s, double* f) noexcept nogil:
    """Fill ``f`` with the features of the position (see above) for the leader's side;
    the number of features."""
    cdef int p = s.leader, r, n = 0, i, su, k, best_l = 0, best_o = 0, t, total, lb = 0, ub
    cdef uint32_t ours = s.hands[p] | s.hands[partner(p)]
    cdef uint32_t theirs = s.hands[next_seat(p)] | s.hands[prev_seat(p)]
    cdef uint32_t tl, plain, h
    if s.trump >= 0:
        tl = LANE[s.trump]
        plain = ~tl
        for r in range(7, -1, -1):
            f[n] = side_count(ours, theirs, tl & ((<uint32_t>1) << (8 * s.trump + r)))
            n += 1
        for r in range(7, -1, -1):
            f[n] = side_count(ours, theirs, plain & ((<uint32_t>0x01010101) << r))
            n += 1
        f[n] = side_count(ours, theirs, tl)
        for i in range(4):
            t = coinche_popcount(s.hands[i] & tl)
            if side_of(i) == side_of(p):
                best_l = t if t > best_l else best_l
            else:
                best_o = t if t > best_o else best_o
        f[n + 1] = best_l - best_o
        k = 0
        for i in range(4):
            h = s.hands[i]
            if (h & tl) == 0:
                continue
            for su in range(4):
                if su == s.trump:
                    continue
                t = coinche_popcount(h & LANE[su])
                t = 2 if t == 0 else 1 if t == 1 else 0
                k += t if side_of(i) == side_of(p) else -t
        f[n + 2] = k
        n += 3
    else:
        for r in range(7, -1, -1):
            f[n] = side_count(ours, theirs, (<uint32_t>0x01010101) << r)
            n += 1
        for su in range(4):
            t = coinche_popcount(ours & LANE[su])
            best_l = t if t > best_l else best_l
            t = coinche_popcount(theirs & LANE[su])
            best_o = t if t > best_o else best_o
        f[n] = best_l - best_o
        n += 1
    total = max_value(s)
    ub = total
    quick_bounds(s, total, &lb, &ub)
    if side_of(p) == 0:
        f[n] = lb
        f[n + 1] = total - ub
    else:
        f[n] = total - ub
        f[n + 1] = lb
    f[n + 2] = 1
    return n + 3

cdef int root_estimate(State* s) noexcept nogil:
    """The estimate of the N-S value of a whole deal at its first lead (a full hand each,
    points counted), else -1: no estimate (the model knows whole deals only)."""
    cdef double f[EST_FEATURES]
    cdef double v = 0
    cdef int n, i, k, total
    if not ESTIMATE_ON or s.tricks_left != 8 or s.ncards != 0 or s.trick_bonus != 0:
        return -1
    k = estimate_kind(s)
    n = estimate_features(s, f)
    for i in range(n):
        v += ESTIMATE_W[k][i] * f[i]
    total = max_value(s)
    i = <int>(v + 0.5) if v > 0 else 0
    if i > total:
        i = total
    return i if side_of(s.leader) == 0 else total - i
