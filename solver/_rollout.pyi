"""Types of the compiled rollouts (solver/_rollout.pyx)."""

import numpy as np
import numpy.typing as npt

def continue_auctions(start: npt.NDArray[np.int32], wanted: npt.NDArray[np.int32], held: npt.NDArray[np.int32],
                      level: npt.NDArray[np.int32], strain: npt.NDArray[np.int32], key: npt.NDArray[np.int32],
                      pick: npt.NDArray[np.int32], ends: npt.NDArray[np.int32], contree: bool,
                      out: npt.NDArray[np.int16]) -> int: ...
