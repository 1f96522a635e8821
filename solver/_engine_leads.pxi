# The compiled weights of the lead classes (see _engine_order.pxi's lead_class): all 0,
# the heuristic order alone.  ``python -m benchmarks.leads ... --tune N --write-table``
# writes fitted weights here; those fitted so far cut the pinned workload's nodes but
# not the 200 benchmark deals' (docs/solve.md, "Lead-ordering data"), so none ship.
cdef extern from *:
    """
    static const int coinche_lead_weight[2048] = {0};
    """
    const int LEARNED_LEAD_WEIGHT "coinche_lead_weight"[2048]
