# The transposition table: a position's shape key, the bucket it lives in, the entry
# layout documented in _engine.pxd (read and written through the accessors below, and
# nowhere else), the point penalties that let a shape mate's bounds serve, the probe
# and the store.  Included by _engine.pyx.

cdef extern from *:
    """
    #define COINCHE_TAG_MASK 0x3FF00000000ULL
    """
    uint64_t TAG_MASK "COINCHE_TAG_MASK"     # bits 32..41 of TTEntry.data: leader, context

cdef enum:
    LEADER_SHIFT = 32
    CONTEXT_SHIFT = 34
    LB_SHIFT = 42
    UB_SHIFT = 50
    BEST_SHIFT = 58
    GEN_SHIFT = 62
    NO_BEST = 15            # the best-card field of an entry that knows no best card
    BUCKET = 4
    NO_VICTIM = 64          # a replacement score above every slot's (a slot holds at most 32 cards)

# ---------------------------------------------------------------------------
# The entry layout (TTEntry.data, see _engine.pxd)
# ---------------------------------------------------------------------------

cdef inline uint32_t entry_cards(uint64_t d) noexcept nogil:
    """The stored position's own remaining cards (bits 0..31)."""
    return <uint32_t>d

cdef inline uint64_t entry_tag(uint64_t d) noexcept nogil:
    """The leader and the context, in place (bits 32..41)."""
    return d & TAG_MASK

cdef inline uint64_t entry_position(uint64_t d) noexcept nogil:
    """The cards, the leader and the context, in place: what tells one position apart."""
    return d & (TAG_MASK | <uint64_t>0xFFFFFFFF)

cdef inline int entry_lower(uint64_t d) noexcept nogil:
    return <int>((d >> LB_SHIFT) & 0xFF)

cdef inline int entry_upper(uint64_t d) noexcept nogil:
    return <int>((d >> UB_SHIFT) & 0xFF)

cdef inline int entry_best(uint64_t d) noexcept nogil:
    """The best lead stored: its place among the leader's cards (0 for his lowest card
    in the engine layout), or NO_BEST."""
    return <int>((d >> BEST_SHIFT) & 0xF)

cdef inline int entry_generation(uint64_t d) noexcept nogil:
    return <int>((d >> GEN_SHIFT) & 3)

cdef inline uint64_t entry_data(uint64_t tag, uint32_t cards, int lb, int ub, int place,
                                int gen) noexcept nogil:
    """The data word of an entry (the bounds are values, 0..172, so they fit 8 bits)."""
    return (tag | cards | ((<uint64_t>lb) << LB_SHIFT) | ((<uint64_t>ub) << UB_SHIFT)
            | ((<uint64_t>place) << BEST_SHIFT) | ((<uint64_t>gen) << GEN_SHIFT))

# ---------------------------------------------------------------------------
# The key and the bucket
# ---------------------------------------------------------------------------

ctypedef struct TTKey:
    uint64_t owners     # owners word of the shape (see _engine.pxd)
    uint64_t tag        # leader and context, in place (bits 32..41)
    uint32_t rem        # the cards still in play
    uint32_t packed     # the shape's cards: each lane's count, as its lowest bits (hashed)

cdef inline uint32_t packed_of(uint32_t rem) noexcept nogil:
    """The shape's cards: each suit's count of ``rem`` as the lowest bits of its lane."""
    return (<uint32_t>FILL8[rem & 0xFF]) | ((<uint32_t>FILL8[(rem >> 8) & 0xFF]) << 8) \
        | ((<uint32_t>FILL8[(rem >> 16) & 0xFF]) << 16) | ((<uint32_t>FILL8[rem >> 24]) << 24)

cdef inline void tt_key(State* s, TTKey* k) noexcept nogil:
    """The position's shape: each suit's remaining cards renumbered 0, 1, 2... in
    strength order, with their owners, plus the leader and the context."""
    cdef uint32_t rem = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
    cdef uint32_t h1 = s.hands[1], h2 = s.hands[2], h3 = s.hands[3]
    cdef uint32_t bm, keep
    cdef int lane, sh
    k.rem = rem
    k.tag = ((<uint64_t>s.leader) << LEADER_SHIFT) | (s.ctx << CONTEXT_SHIFT)
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

cdef inline TTEntry* tt_bucket(TTable* tt, TTKey* k) noexcept nogil:
    """The bucket of the key's shape (every position of one shape meets there)."""
    cdef uint64_t h = (k.owners * <uint64_t>0x9E3779B97F4A7C15) \
        ^ ((k.tag | k.packed) * <uint64_t>0xC2B2AE3D27D4EB4F)
    h ^= h >> 31
    h *= <uint64_t>0xD6E8FEB86659FD93
    return tt.entries + (h >> tt.shift) * BUCKET

# ---------------------------------------------------------------------------
# Shape mates, the probe and the store
# ---------------------------------------------------------------------------

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
            co = highest(run)
            ce = highest(ta)
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

cdef inline int tt_probe(State* s, TTEntry* e, TTKey* k, int alpha, int beta,
                         int* lb, int* ub, int* hint) noexcept nogil:
    """Narrow [lb, ub] with every stored position of the same shape (its bounds moved by
    the point differences).  Returns 2 when this very position is stored, 1 when only
    others of its shape are, 0 when none is.  The bounds of a position with other cards
    are only used when, as stored, they would end the search of the window (alpha,
    beta).  ``hint``: the stored best card, read at its place among our leader's cards."""
    cdef int i, dn, up, elb, eub, place = NO_BEST
    cdef int found = 0
    cdef uint64_t d
    cdef uint32_t erem
    for i in range(BUCKET):
        d = e[i].data
        if d == 0:
            break           # the slots in use come first in a bucket (see tt_store)
        if (e[i].check ^ d) != k.owners or entry_tag(d) != k.tag:
            continue
        erem = entry_cards(d)
        elb = entry_lower(d)
        eub = entry_upper(d)
        if erem != k.rem:
            if not penalties(s, erem, k.rem, &dn, &up):
                continue
            if elb >= beta or eub <= alpha:
                elb -= dn
                eub += up
            else:
                elb = BELOW_ANY_VALUE
                eub = ABOVE_ANY_VALUE
        if elb > lb[0]:
            lb[0] = elb
        if eub < ub[0]:
            ub[0] = eub
        if erem == k.rem:
            # this very position: its best card as stored, when it knows one (it wins
            # over a shape mate's)
            if entry_best(d) != NO_BEST:
                place = entry_best(d)
            found = 2
        elif not found:
            # the first shape mate: the card at the same place among the leader's cards
            # (one shape: the leaders hold cards of the same suits in the same order)
            place = entry_best(d)
            found = 1
    if place < s.tricks_left:
        hint[0] = coinche_nth(s.hands[s.leader], place)
    return found

cdef inline void tt_store(State* s, TTEntry* e, TTKey* k, int lb, int ub, int best) noexcept nogil:
    """Store the bounds.  The slot: this position's own, else, among the slots before the
    bucket's first empty one, the slot of an older generation holding the fewest cards,
    else that empty slot, else the slot holding the fewest cards (the first of them).
    ``best`` NO_CARD: no best card (keep the one stored for this position, if any).  The
    card is stored as its place among the leader's cards, which is the same in every
    position of the shape."""
    cdef int i, victim = -1, score, vscore = NO_VICTIM
    cdef int place = NO_BEST if best < 0 else coinche_popcount(s.hands[s.leader] & <uint32_t>BELOW64[best])
    cdef uint64_t d
    cdef int gen = s.tt.generation
    for i in range(BUCKET):
        d = e[i].data
        if d == 0:
            # an empty slot: the slots after it are empty too (a bucket fills from its
            # first slot, and a slot never empties but by clearing the whole table); it
            # scores -1, below a slot of this generation (its card count, 8 or more: a
            # stored position has two tricks or more to go) and above an older one's
            # (its count - 64)
            if vscore > -1:
                victim = i
                vscore = -1
            break
        if (e[i].check ^ d) == k.owners and entry_position(d) == (k.tag | k.rem):
            victim = i
            if place == NO_BEST:
                place = entry_best(d)
            break
        score = coinche_popcount(entry_cards(d))
        if entry_generation(d) != gen:
            score -= 64
        if score < vscore:
            vscore = score
            victim = i
    d = entry_data(k.tag, k.rem, lb, ub, place, gen)
    e[victim].check = k.owners ^ d
    e[victim].data = d
