# The weights of the first estimate (see _engine_estimate.pxi), written by
#     python -m benchmarks.estimate --seed 930000 --deals 1500 --write-table
# (do not edit by hand).  One row a kind of strain: a trump suit, sans atout, tout atout;
# all 0: no estimate.
cdef extern from *:
    """
    static const double coinche_estimate_weight[3][22] = {
        {13.9118, 4.2092, 0.1749, -1.3091, -2.5475, -3.1845, -3.8806, -3.9017, 7.9686, 0.8383, -1.3729, -1.9678, -2.5199, -2.161, -2.2851, -1.9725, 3.4724, 7.1198, 3.2598, 0.1986, -0.0664, 80.1916},
        {11.09, 2.5662, -1.3012, -2.0441, -2.9017, -2.6356, -2.3199, -2.4537, 1.293, 0.4419, -0.0103, 63.869},
        {11.0686, 1.7988, -0.8369, -1.6906, -2.3218, -2.4732, -2.633, -2.912, 0.2371, 0.4134, -0.0411, 70.3263}
    };
    """
    const double LEARNED_ESTIMATE "coinche_estimate_weight"[3][22]
