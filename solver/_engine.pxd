# cython: language_level=3
"""Header of the exact search engine: the state, the transposition table, the entry points.

Card layout inside the engine
-----------------------------
A hand is a 32-bit mask with one 8-bit lane per suit (S H D C = lanes 0..3).
Unlike the public layout (bit = face rank 7 8 9 T J Q K A), inside the engine the
bit of a card in its lane is its *strength in the strain being solved*: bit 7 is
the highest card of the suit (the jack of trumps, the ace of a plain suit), bit 0
the lowest.  So "beats" is an integer comparison, "cards above c" is a mask, and
equal-point neighbours are adjacent bits.  The permutation comes from
``solver.rules.strength_table`` and the points from ``solver.rules.points_table``:
the engine is compiled from the same tables the Python referee reads.

Values
------
A node's value is the number of points N-S take *from this node to the end of the
deal*: the cards already in the current trick, the cards still in the hands, a
per-trick bonus (0 for card points, 1 when counting tricks) and the last-trick
bonus (10, "dix de der").  Values never depend on the path that led to a node,
which is what makes them safe to share through the transposition table.
"""

from libc.stdint cimport int16_t, uint8_t, uint32_t, uint64_t

# ---------------------------------------------------------------------------
# Transposition table
#
# The table holds positions at trick starts only, under their *shape*: each
# suit's remaining cards renumbered 0, 1, 2... in strength order, with their
# owners.  Two positions of one shape (say K-Q-7 of hearts against T-Q-8, with
# the same players holding the first, second and third card) are the same game:
# the same cards are legal, the same plays win the same tricks.  Only the points
# differ, and the value (N-S points from here on) can only rise with a card's
# points, by at most the rise.  So the bounds stored for one position hold for
# any position of its shape, moved by the card-by-card point differences: a
# lower bound drops by the points where ours are lower, an upper bound rises by
# the points where ours are higher.  Where the cards are the same the bounds
# carry over as they are.
#
#   TTEntry.check    64 bits   owners ^ data, where owners is (E|W) | (S|W) << 32 of
#                              the shape -- card owners
#   TTEntry.data     64 bits   laid out as below
#
# Two engines may search with one table from two threads (Engine's ``table_of``).
# Each word is written and read whole (aligned 64-bit moves), but a reader may meet
# one word of a store and the other word of another: the owners word is then
# check ^ data of two different stores, which matches the reader's key only by
# accident, as two 64-bit hashes would collide: a torn entry is passed over like
# another position's.  Values stay exact; only the node counts depend on the timing.
#
#     bits  0..31   the position's own remaining cards (engine layout)
#     bits 32..33   leader seat                            SHAPE KEY
#     bits 34..41   context (strain 3 bits, rules 2 bits,   SHAPE KEY
#                   trick-count mode 1 bit, points table 1 bit,
#                   and bit 41 free for the next rule of play;
#                   the strain field is 7 for TA's third table)
#     bits 42..49   lower bound of the value               (Bound LOWER)
#     bits 50..57   upper bound of the value               (Bound UPPER)
#     bits 58..61   best card found: its place among the leader's cards
#                   (0 his lowest in the engine layout, ..7), 15 none; the
#                   place is the same in every position of the shape
#     bits 62..63   generation, for replacement
#
# The shape key is the owners word, the leader, the context and the number of
# cards per suit (read from bits 0..31).  An entry is empty when data == 0 (a
# stored position always has cards).  Both bounds are kept; lower == upper is an
# exact value.  Bounds are bounds of the value defined above, so they stay true
# whatever search window, probe, deal or strain later reads them: the table
# never needs clearing to be right, and a replaced entry only costs time.
# Buckets hold 4 entries (one 64-byte cache line) and are chosen by the shape,
# so positions of one shape meet in one bucket; a probe combines all of them.  A
# new position takes its own slot, else the slot of an older generation holding the
# fewest cards, else an empty one, else the slot holding the fewest cards (the
# cheapest to redo), looking only at the slots before the bucket's first empty one.
# A bucket thus fills from its first slot, and no slot ever empties (a table is only
# emptied whole, when it is made): the slots in use come first, and a probe stops at
# an empty one.
# ---------------------------------------------------------------------------

ctypedef struct TTEntry:
    uint64_t check
    uint64_t data

ctypedef struct TTable:
    TTEntry* entries
    uint64_t nbuckets       # a power of two
    int shift               # 64 - log2(nbuckets)
    int generation          # 0..3

# ---------------------------------------------------------------------------
# Search state: one position being searched, plus the rules compiled to arrays.
# ---------------------------------------------------------------------------

ctypedef struct State:
    # position (the fields trick_mask..rem_pts are saved and restored as one block of
    # 16 bytes, so they are kept narrow: solver/_engine_play.pxi's Saved lists them in this
    # order, checked when an Engine is made)
    uint32_t hands[4]
    uint32_t trick_mask     # the cards of the current trick, as a mask
    uint8_t leader          # seat that led the current trick
    uint8_t ncards          # cards already in the current trick (0..3)
    uint8_t led             # suit led (valid when ncards > 0)
    uint8_t win_card        # card winning the trick so far
    uint8_t win_seat        # seat that played it
    uint8_t tricks_left     # tricks not yet complete, the current one included
    int16_t trick_pts       # points of the cards in the current trick
    int16_t rem_pts         # points of the cards still in the hands
    # rules, compiled
    int trump               # trump suit 0..3, or -1 (SA, TA)
    int ta                  # 1 in tout atout: every lead must be beaten
    int undertrump          # Rules.must_undertrump
    int overtrump_partner   # Rules.must_overtrump_partner
    int pts[32]             # points of each card (engine index)
    uint32_t twins[32]      # twins[c]: the weaker cards of c's suit with c's points
    uint32_t beaters[32]    # beaters[w]: the cards that take a trick from w, whatever was
                            # led (w is always of the suit led or a trump): the stronger
                            # ones of its suit, and every trump when w is none
    uint32_t zero           # the cards without points
    uint32_t cheap[32]      # the other cards by their points, cheap[i] all worth cheap_pts[i],
    int cheap_pts[32]       # in increasing order of points (ncheap classes)
    int ncheap
    int trick_bonus         # added to each trick (1 when counting tricks)
    int last_bonus          # added to the last trick (10, or 0 counting tricks)
    uint64_t ctx            # context bits of the TT key (see above)
    uint8_t killer[1152]    # killer[128 * tricks_left + 4 * win_card + ncards]: the card that
                            # last cut the search off there (see _engine_order.pxi's killer_slot)
    # statistics
    uint64_t nodes
    TTable* tt

cdef int search(State* s, int alpha, int beta) noexcept nogil
cdef int search_mid(State* s, int alpha, int beta) noexcept nogil
cdef int search_second(State* s, int alpha, int beta) noexcept nogil
cdef int search_third(State* s, int alpha, int beta) noexcept nogil
cdef int search_fourth(State* s, int alpha, int beta) noexcept nogil
cdef int solve_state(State* s, int guess, int lower, int upper) noexcept nogil
cdef int solve_near(State* s, int estimate, int lower, int upper) noexcept nogil
