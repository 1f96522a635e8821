"""The engine's build options (setup.py) say what is wrong with a bad one, in one line."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_profile_guided_build_takes_generate_or_use_only():
    env = dict(os.environ, COINCHE_PGO="yes")
    done = subprocess.run([sys.executable, "setup.py", "--name"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["error: COINCHE_PGO must be 'generate' or 'use', not 'yes'"]
    assert done.stdout == ""
