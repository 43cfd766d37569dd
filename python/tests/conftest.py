# SPDX-License-Identifier: Apache-2.0
"""Shared fixtures: a seeded random source (the seed is printed so that a
failure can be replayed with SIMDCRYPT_TEST_SEED) and the buffer types every
entry point must take."""
import array
import os
import random

import pytest

SEED = int(os.environ.get("SIMDCRYPT_TEST_SEED", random.SystemRandom().randrange(2**32)))


def pytest_report_header(config):
    return f"SIMDCRYPT_TEST_SEED={SEED}"


@pytest.fixture
def rng(request):
    return random.Random(f"{SEED}:{request.node.nodeid}")


def as_buffers(data):
    """The same bytes as every kind of buffer a caller may pass."""
    return [
        bytes(data),
        bytearray(data),
        memoryview(data),
        memoryview(b"xx" + bytes(data) + b"yy")[2:2 + len(data)],  # a slice: not at the start
        array.array("B", data),
    ]


def exported(ba):
    """True while some call holds a buffer export of the bytearray (resizing
    it then raises BufferError). The probe grows and shrinks it back."""
    try:
        ba.append(0)
    except BufferError:
        return True
    ba.pop()
    return False
