"""Build the Cython engine and the compiled bidding rollouts; everything else is in pyproject.toml.

``COINCHE_DEBUG=1`` builds with bounds checks and assertions on.

The engine is compiled where it will run (``pip install`` builds it), so when this
machine's x86-64 processor has the POPCNT and BMI2 instructions the build uses them
(one instruction where portable code takes a table walk or a loop).
``COINCHE_PORTABLE=1`` leaves them out, for a build that other machines will run.

``COINCHE_PGO=generate`` and ``COINCHE_PGO=use`` are the two halves of a profile-guided
build with GCC (opt-in; ``python -m benchmarks.pgo`` runs both around the committed
workload): the first builds an engine that records where its branches go, into
``build/pgo/``; the second builds again from that record.
"""

import os
import platform
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.editable_wheel import editable_wheel

DEBUG = os.environ.get("COINCHE_DEBUG") == "1"

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "cdivision": True,
    "initializedcheck": DEBUG,
}


def _cpu_flags() -> set:
    """The instruction-set flags Linux reports for this processor (empty elsewhere)."""
    if os.environ.get("COINCHE_PORTABLE") == "1" or platform.machine() not in ("x86_64", "AMD64"):
        return set()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


compile_args = ["-O0", "-g"] if DEBUG else ["-O3"]
compile_args += [f"-m{f}" for f in ("popcnt", "bmi2") if f in _cpu_flags()]
link_args = []

PGO = os.environ.get("COINCHE_PGO", "")
PGO_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "build", "pgo")
if PGO == "generate":
    compile_args += ["-fprofile-generate", f"-fprofile-dir={PGO_DIR}", "-fprofile-update=atomic"]
    link_args += ["-fprofile-generate"]
elif PGO == "use":
    compile_args += ["-fprofile-use", f"-fprofile-dir={PGO_DIR}", "-fprofile-correction"]
    link_args += ["-fprofile-use"]
elif PGO:
    print(f"error: COINCHE_PGO must be 'generate' or 'use', not {PGO!r}", file=sys.stderr)
    sys.exit(2)

# The search's helpers are small ``cdef inline`` functions called at every node; GCC and
# Clang take "inline" as a hint and keep some of them as calls.  Forcing them inline
# saves about 3% of the instructions of a solve.
macros = [] if sys.platform == "win32" else [("CYTHON_INLINE", "__inline__ __attribute__((always_inline))")]

extensions = [
    Extension("solver._engine", ["solver/_engine.pyx"], extra_compile_args=compile_args,
              extra_link_args=link_args, define_macros=macros),
    Extension("solver._rollout", ["solver/_rollout.pyx"], extra_compile_args=compile_args,
              extra_link_args=link_args, define_macros=macros),
]



class StrictEditableWheel(editable_wheel):
    """``pip install -e .`` in setuptools' strict mode unless another mode is asked for.

    The command line is the folder ``cli/`` installed as ``coinche_cli``; setuptools' default
    editable mode serves such a renamed package through an import hook, which type checkers
    cannot follow.  Strict mode installs a tree of links to the sources instead (a module
    added later needs the install run again).
    """

    def initialize_options(self):
        super().initialize_options()
        self.mode = "strict"


setup(ext_modules=cythonize(extensions, compiler_directives=directives),
      cmdclass={"editable_wheel": StrictEditableWheel})
