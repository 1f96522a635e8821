# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The look-ahead's rollouts at C speed: auctions continued by the point-count bot.

A bidding rollout continues an auction with :class:`solver.heuristic.HeuristicBot`'s
call at every seat until it is over; an answer plays some 18,000 of them.  This module
plays them on small ints: the auction's state as :class:`solver.auction.AuctionState`
keeps it, and each seat's call as ``HeuristicBot.call`` makes it.  It decides nothing of
its own: the bids' order, keys and whether each ends the auction come in as tables made
by :mod:`solver.rollouts` from :mod:`solver.contract`, the hands' wanted levels from the
bot's point count, and ``tests/test_rollouts.py`` checks every call of many thousand
auctions against the Python bot and referee.

A call is coded ``0`` pass, ``1`` coinche, ``2`` surcoinche, ``3 + b`` bid number ``b``
of the rules' bids (in the order of ``solver.auction.AuctionState.legal_calls``).
"""

from libc.stdint cimport int16_t, int32_t

cdef enum:
    PASS = 0
    COINCHE = 1
    SURCOINCHE = 2
    BID0 = 3

# Start state columns (see solver/rollouts.py, ``Tables.start``).
cdef enum:
    S_BID = 0          # bid number of the standing bid, -1 for none
    S_BIDDER = 1       # the seat that made it
    S_COINCHE = 2      # 0 none, 1 coinched, 2 surcoinched
    S_PASSES = 3       # passes since the last call other than a pass
    S_ENDED = 4        # 1 when a call ended the auction
    S_SEAT = 5         # the seat to call
    S_LAST = 6         # S_LAST + seat: that seat's last bid number, -1 for none


cdef inline bint _over(int bid, int passes, bint ended) noexcept nogil:
    return ended or (passes >= 3 and bid >= 0) or passes == 4


cdef int _call(int seat, int bid, int bidder, int coinche, const int32_t* last,
               const int32_t* wanted_in, int held, const int32_t* level, const int32_t* strain,
               const int32_t* key, const int32_t* pick, int nbids, bint contree) noexcept nogil:
    """The point-count bot's call (``HeuristicBot.call``) for ``seat``."""
    cdef int wanted[4]
    cdef int t, u, b, extra, top, best, choice, plevel
    cdef int partner = last[(seat + 2) & 3]
    cdef bint own_team_stands, spoke, may_bid
    for t in range(4):
        wanted[t] = wanted_in[t]
    # partner's last bid in a suit, at 160 or less: support for its trump J and 9 and our side aces
    if partner >= 0 and strain[partner] < 4 and level[partner] <= 160:
        t = strain[partner]
        plevel = level[partner]
        extra = ((held >> t) & 1) + ((held >> (4 + t)) & 1)
        for u in range(4):
            if u != t:
                extra += (held >> (8 + u)) & 1
        if extra and plevel + 10 * extra > wanted[t]:
            wanted[t] = plevel + 10 * extra
    top = wanted[0]
    for t in range(1, 4):
        if wanted[t] > top:
            top = wanted[t]
    may_bid = not (coinche and not contree)
    if bid >= 0 and level[bid] > top:
        may_bid = False                # every legal bid is above what the hand wants
    own_team_stands = bid >= 0 and ((bidder ^ seat) & 1) == 0
    if own_team_stands:
        spoke = last[seat] >= 0
        if spoke or bidder == seat:
            may_bid = False            # our own bid stands, or we spoke already: no rescue
    choice = -1
    if may_bid:
        best = -1
        for b in range(nbids):
            if bid >= 0 and key[b] <= key[bid]:
                continue
            t = strain[b]
            if t >= 4 or level[b] > wanted[t]:
                continue
            if own_team_stands and t != strain[bid]:
                continue               # partner's bid stands: raise it, never another strain
            if wanted[t] > best:
                best, choice = wanted[t], b
            elif wanted[t] == best and pick[b] < pick[choice]:
                choice = b
    if choice >= 0:
        return BID0 + choice
    if bid >= 0 and not coinche and ((bidder ^ seat) & 1) == 1 and strain[bid] < 4 and level[bid] >= 100:
        t = strain[bid]
        if (held >> t) & 1 and (held >> (4 + t)) & 1:
            return COINCHE             # their trump J and 9 are ours
    return PASS


def continue_auctions(const int32_t[::1] start, const int32_t[:, :, ::1] wanted, const int32_t[:, ::1] held,
                      const int32_t[::1] level, const int32_t[::1] strain, const int32_t[::1] key,
                      const int32_t[::1] pick, const int32_t[::1] ends, bint contree, int16_t[:, ::1] out):
    """Continue the auction of state ``start`` on every deal (``wanted[deal, seat,
    suit]``, ``held[deal, seat]``; ``key``: each bid's rank in the auction's order,
    ``pick``: in the bot's choice among equally wanted bids), writing each deal's calls into its row of ``out``
    (coded as the module says, ``-1`` after the last); returns the rows that did not fit
    (0 when all did)."""
    cdef Py_ssize_t d, n = wanted.shape[0], width = out.shape[1]
    cdef int nbids = level.shape[0]
    cdef int bid, bidder, coinche, passes, seat, c, k, s
    cdef bint ended
    cdef int32_t last[4]
    cdef int overflow = 0
    with nogil:
        for d in range(n):
            bid, bidder, coinche = start[S_BID], start[S_BIDDER], start[S_COINCHE]
            passes, ended, seat = start[S_PASSES], start[S_ENDED] != 0, start[S_SEAT]
            for s in range(4):
                last[s] = start[S_LAST + s]
            k = 0
            while not _over(bid, passes, ended):
                if k == width:
                    overflow += 1
                    break
                c = _call(seat, bid, bidder, coinche, last, &wanted[d, seat, 0], held[d, seat],
                          &level[0], &strain[0], &key[0], &pick[0], nbids, contree)
                out[d, k] = c
                k += 1
                if c == PASS:
                    passes += 1
                else:
                    if c == COINCHE:
                        coinche = 1
                    elif c == SURCOINCHE:
                        coinche = 2
                        ended = not contree
                    else:
                        bid, bidder, coinche = c - BID0, seat, 0
                        last[seat] = bid
                        ended = ends[bid] != 0
                    passes = 0
                seat = (seat + 1) & 3
            if k < width:
                out[d, k] = -1
    return overflow
