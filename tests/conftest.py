"""Shared by the tests: an English locale, so that the commands read and write English
whatever the machine's locale (tests/test_french.py sets the language it checks); and
Ctrl-C as Python has it by default, even when the suite was started in the background.

A shell starts a background job (``cmd &``, ``nohup``) with SIGINT ignored, Python keeps
an ignored SIGINT ignored, and the processes the tests start inherit it: the tests of
Ctrl-C would wait for a stop that cannot come.  Python's own handler here makes SIGINT
raise KeyboardInterrupt in this process, and the commands the tests start receive SIGINT
at its default again (an exec resets a handled signal, never an ignored one).
"""

import os
import signal

os.environ["LANG"] = "en_US.UTF-8"
for name in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(name, None)

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
