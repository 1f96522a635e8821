"""``python -m coinche_cli``: the same as the ``coinche`` command."""

from .entry import main

main()
