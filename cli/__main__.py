"""``python -m cli``: the same as the ``coinche`` command."""

from cli.main import main

main()
