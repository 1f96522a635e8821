# Bits and tables: the bit instructions the engine is written with, the constant tables
# of the card layout (see _engine.pxd), seats, and the sentinels of the search.
# Included by _engine.pyx (one C translation unit: every helper here inlines).

cdef extern from *:
    """
    #ifdef __BMI2__
    #include <immintrin.h>
    #define COINCHE_HAVE_PEXT 1
    static inline unsigned int coinche_pext(unsigned int x, unsigned int m) { return _pext_u32(x, m); }
    /* the n lowest bits of m (all of them when it has fewer; 0 <= n < 32) */
    static inline unsigned int coinche_lowest(unsigned int m, int n) { return _pdep_u32((1u << n) - 1, m); }
    /* the n-th lowest bit of m, counted from 0 (m has more than n bits) */
    static inline int coinche_nth(unsigned int m, int n) { return __builtin_ctz(_pdep_u32(1u << n, m)); }
    #else
    #define COINCHE_HAVE_PEXT 0
    static inline unsigned int coinche_pext(unsigned int x, unsigned int m) { (void)m; return x; }
    static inline unsigned int coinche_lowest(unsigned int m, int n) {
        unsigned int r = 0;
        while (m && n-- > 0) { r |= m & (0u - m); m &= m - 1; }
        return r;
    }
    static inline int coinche_nth(unsigned int m, int n) {
        while (n-- > 0) m &= m - 1;
        return __builtin_ctz(m);
    }
    #endif
    """
    bint HAVE_PEXT "COINCHE_HAVE_PEXT"
    uint32_t coinche_pext(uint32_t x, uint32_t m) nogil
    uint32_t coinche_lowest(uint32_t m, int n) nogil
    int coinche_nth(uint32_t m, int n) nogil

cdef extern from *:
    """
    static inline int coinche_ctz(unsigned int x) { return __builtin_ctz(x); }
    /* 31 ^ __builtin_clz(x) is the index of the highest bit, one BSR; written through it,
       the engine's 31 - coinche_clz(x) (the highest card) folds back to that instruction,
       where GCC leaves 31 - __builtin_clz(x) in a loop as three (BSR, XOR, SUB) */
    static inline int coinche_clz(unsigned int x) { int top = 31 ^ __builtin_clz(x); return 31 - top; }
    static inline int coinche_popcount(unsigned int x) { return __builtin_popcount(x); }
    """
    int coinche_ctz(unsigned int x) nogil
    int coinche_clz(unsigned int x) nogil
    int coinche_popcount(unsigned int x) nogil

cdef inline int highest(uint32_t m) noexcept nogil:
    """The highest card of ``m`` (not empty): its strongest in the engine layout."""
    return 31 - coinche_clz(m)

# ---------------------------------------------------------------------------
# Seats: N E S W are 0 1 2 3 in the order of play; N-S are the even seats (side 0).
# ---------------------------------------------------------------------------

cdef inline int next_seat(int p) noexcept nogil:
    """The seat that plays after ``p``: his left-hand opponent."""
    return (p + 1) & 3

cdef inline int partner(int p) noexcept nogil:
    return p ^ 2

cdef inline int prev_seat(int p) noexcept nogil:
    """The seat that plays before ``p``: his right-hand opponent."""
    return (p + 3) & 3

cdef inline int seat_after(int p, int k) noexcept nogil:
    """The seat that plays ``k`` cards after ``p`` in a trick."""
    return (p + k) & 3

cdef inline int side_of(int p) noexcept nogil:
    """0 for N-S, 1 for E-W."""
    return p & 1

# ---------------------------------------------------------------------------
# Sentinels
# ---------------------------------------------------------------------------

cdef enum:
    # A value is the points (or tricks) N-S take from a node on: 0..172.
    BELOW_ANY_VALUE = -1        # a bound that bounds nothing from below; the fail-soft start of N-S
    ABOVE_ANY_VALUE = 1000      # a bound that bounds nothing from above; the fail-soft start of E-W
    NO_CARD = -1                # no card (where a card index is read, any int outside 0..31 is none)

# ---------------------------------------------------------------------------
# Tables of the card layout
# ---------------------------------------------------------------------------

cdef uint32_t LANE[4]
cdef uint32_t ABOVE[32]       # cards of the same suit stronger than c
cdef uint64_t BELOW64[33]     # bits strictly below c (c in 0..32)

cdef uint8_t PEXT8[256][256]   # PEXT8[mask][x]: the bits of x under mask, packed low
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
            if m >> c & 1:
                j += 1
        FILL8[m] = (1 << j) - 1

_init_tables()

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
