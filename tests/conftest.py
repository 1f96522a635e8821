"""Shared by the tests: an English locale, so that the commands read and write English
whatever the machine's locale (tests/test_french.py sets the language it checks)."""

import os

os.environ["LANG"] = "en_US.UTF-8"
for name in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(name, None)
