"""How long a test waits for something the machine must do: a bound in seconds on a quiet
machine, stretched in proportion to the load when the test runs.

The suite runs on shared machines (CI, a laptop building something else).  A bound such as
"Ctrl-C stops the command within 2 s" holds for the command's own work; when more processes
want the cores than there are cores, every process gets a share of them, and the same work
takes longer by the ratio.  Tests that wait on another process therefore wait
``stretched(seconds)``, never a bare number of seconds.
"""

from __future__ import annotations

import os

#: Runnable processes per core above which waits are stretched: at two a core each process
#: still gets half a core, which the quiet-machine bounds allow for.
BUSY_PER_CORE = 2.0


def load() -> float:
    """The machine's load: the one-minute average, or the processes running right now when
    more (the average lags a burst of load by a minute)."""
    now = os.getloadavg()[0]
    try:
        with open("/proc/loadavg") as f:
            now = max(now, float(f.read().split()[3].split("/")[0]))
    except (OSError, IndexError, ValueError):
        pass
    return now


def stretched(seconds: float) -> float:
    """``seconds`` on a quiet machine, stretched by the load when the check is made.

    >>> stretched(2.0) >= 2.0
    True
    """
    return seconds * max(1.0, load() / (BUSY_PER_CORE * (os.cpu_count() or 1)))
