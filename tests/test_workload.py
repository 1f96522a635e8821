"""The committed workload (``benchmarks/workload.py``) searches exactly as many nodes as
pinned here and finds the same values.

The numbers below come from running ``python -m benchmarks.workload`` on the engine
they pin.  A change of the search (ordering, pruning, bounds, the table) moves the node
count; a change of a value moves the signature.  Moving either number is a deliberate
act: the commit that does it says why, with the new figures.
"""

from benchmarks.workload import MAIN, VARIANTS, run

# python -m benchmarks.workload: "main  36 solves  868,970 nodes  signature 4622ae14b0c52053"
MAIN_NODES = 868_970
MAIN_SIGNATURE = "4622ae14b0c52053"
# python -m benchmarks.workload: "variants  24 solves  121,424 nodes  signature c3606c5802c7eb5d"
VARIANT_NODES = 121_424
VARIANT_SIGNATURE = "c3606c5802c7eb5d"


def test_main_set_nodes_and_values():
    r = run(MAIN)
    assert (r.solves, r.nodes, r.signature) == (36, MAIN_NODES, MAIN_SIGNATURE)


def test_variant_set_nodes_and_values():
    r = run(VARIANTS)
    assert (r.solves, r.nodes, r.signature) == (24, VARIANT_NODES, VARIANT_SIGNATURE)
