"""``python -m coinche_cli``: the same as the ``coinche`` command."""

from .main import main

main()
