"""Build the Cython engine; everything else is in pyproject.toml.

``COINCHE_DEBUG=1`` builds with bounds checks and assertions on.
"""

import os

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("COINCHE_DEBUG") == "1"

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "cdivision": True,
    "initializedcheck": DEBUG,
}
compile_args = ["-O0", "-g"] if DEBUG else ["-O3"]

extensions = [
    Extension("solver._engine", ["solver/_engine.pyx"], extra_compile_args=compile_args),
]

setup(ext_modules=cythonize(extensions, compiler_directives=directives,
                            compile_time_env={"DEBUG": DEBUG}))
