# SPDX-License-Identifier: Apache-2.0
"""The type stubs (__init__.pyi, _simdcrypt.pyi) match what the module
really has: mypy's stubtest imports it and compares every name and
signature."""
import subprocess
import sys

import pytest


def test_stubs_match_the_module():
    pytest.importorskip("mypy.stubtest")
    r = subprocess.run([sys.executable, "-m", "mypy.stubtest", "simdcrypt"], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
