"""The tests run against this checkout.

``solver`` is imported from here because ``python -m pytest`` puts the working directory
first on ``sys.path``.  The command line lives in ``cli/`` but installs as ``coinche_cli``;
this makes ``import coinche_cli`` load ``cli/`` of this checkout as well, so that a module
added there is tested before the editable install is run again.  Tests that start the
``coinche`` command in a subprocess use the installed one.
"""

import importlib.util
import sys
from pathlib import Path

_CLI = Path(__file__).resolve().parent / "cli"

if "coinche_cli" not in sys.modules:
    _spec = importlib.util.spec_from_file_location(
        "coinche_cli", _CLI / "__init__.py", submodule_search_locations=[str(_CLI)])
    _module = importlib.util.module_from_spec(_spec)
    sys.modules["coinche_cli"] = _module
    _spec.loader.exec_module(_module)
