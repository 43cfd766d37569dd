# SPDX-License-Identifier: Apache-2.0
"""Checksums against zlib, google_crc32c and crc32c, on random inputs and
every buffer type; bad types; the GIL released on long buffers."""
import array
import threading
import time
import zlib

import pytest

import simdcrypt
from conftest import as_buffers, exported

google_crc32c = pytest.importorskip("google_crc32c")
crc32c_pkg = pytest.importorskip("crc32c")

LENGTHS = [0, 1, 2, 3, 7, 8, 15, 16, 31, 63, 64, 65, 255, 256, 1023, 4096, 5553, 65536 + 17, 300000]


def test_crc32_matches_zlib(rng):
    for n in LENGTHS:
        data = rng.randbytes(n)
        start = rng.randrange(2**32)
        assert simdcrypt.crc32(data) == zlib.crc32(data)
        assert simdcrypt.crc32(data, start) == zlib.crc32(data, start)


def test_adler32_matches_zlib(rng):
    for n in LENGTHS:
        data = rng.randbytes(n)
        start = rng.randrange(2**32)
        assert simdcrypt.adler32(data) == zlib.adler32(data)
        assert simdcrypt.adler32(data, start) == zlib.adler32(data, start)


def test_crc32c_matches_google_and_crc32c(rng):
    for n in LENGTHS:
        data = rng.randbytes(n)
        start = rng.randrange(2**32)
        expect = google_crc32c.value(data)
        assert simdcrypt.crc32c(data) == expect == crc32c_pkg.crc32c(data)
        assert simdcrypt.value(data) == expect
        assert simdcrypt.crc32c(data, start) == google_crc32c.extend(start, data)
        assert simdcrypt.crc32c(data, value=start) == crc32c_pkg.crc32c(data, value=start)
        assert simdcrypt.extend(start, data) == google_crc32c.extend(start, data)


def test_running_value_over_splits(rng):
    data = rng.randbytes(10000)
    for fn, ref in ((simdcrypt.crc32, zlib.crc32(data)), (simdcrypt.adler32, zlib.adler32(data)),
                    (simdcrypt.crc32c, google_crc32c.value(data))):
        cut = sorted(rng.sample(range(len(data)), 5))
        v = fn(b"")
        for a, b in zip([0] + cut, cut + [len(data)]):
            v = fn(data[a:b], v)
        assert v == ref


def test_every_buffer_type(rng):
    data = rng.randbytes(777)
    for buf in as_buffers(data):
        assert simdcrypt.crc32(buf) == zlib.crc32(data)
        assert simdcrypt.crc32c(buf) == google_crc32c.value(data)
        assert simdcrypt.adler32(buf) == zlib.adler32(data)
    wide = array.array("I", range(100))  # any C-contiguous buffer, as its bytes
    assert simdcrypt.crc32(wide) == zlib.crc32(wide.tobytes())


def test_value_is_taken_modulo_2_32_as_zlib():
    assert simdcrypt.crc32(b"abc", -1) == zlib.crc32(b"abc", -1)
    assert simdcrypt.crc32(b"abc", 2**40 + 5) == zlib.crc32(b"abc", 2**40 + 5)
    assert simdcrypt.adler32(b"", 2**32 + 9) == 9
    assert simdcrypt.crc32c(b"", 0x1234) == 0x1234  # empty input keeps the value


@pytest.mark.parametrize("fn", [simdcrypt.crc32, simdcrypt.crc32c, simdcrypt.adler32])
def test_bad_arguments(fn):
    with pytest.raises(TypeError):
        fn("text")
    with pytest.raises(TypeError):
        fn(None)
    with pytest.raises(TypeError):
        fn(b"x", "1")
    with pytest.raises(TypeError):
        fn(b"x", 1.0)
    with pytest.raises(TypeError):
        fn()
    with pytest.raises(TypeError):
        fn(b"x", 1, 2)
    with pytest.raises(TypeError):
        fn(b"x", start=1)
    with pytest.raises(TypeError):
        fn(memoryview(b"abcdef")[::2])  # not contiguous
    with pytest.raises(TypeError):
        fn(b"x", 1, value=2)


def test_gil_released_two_checksums_at_once():
    """Two threads checksum a big bytearray each, over and over. Their
    exports can be seen from this thread only while a call is inside C with
    the GIL released (with the GIL held throughout, export and release
    happen with no other thread running in between). Passes once this
    thread has seen both buffers exported at the same moment: two checksums
    running concurrently."""
    assert simdcrypt.CHECKSUM_NOGIL_MIN <= 16 << 20
    bufs = [bytearray(16 << 20), bytearray(b"\x5a" * (16 << 20))]
    stop = threading.Event()
    calls = [0, 0]

    def work(i, fn):
        while not stop.is_set():
            assert isinstance(fn(bufs[i]), int)
            calls[i] += 1

    workers = [threading.Thread(target=work, args=(0, simdcrypt.crc32c)),
               threading.Thread(target=work, args=(1, simdcrypt.crc32))]
    for w in workers:
        w.start()
    seen = [False, False]
    both = False
    deadline = time.monotonic() + 20
    try:
        while not both and time.monotonic() < deadline:
            now = [exported(b) for b in bufs]
            seen = [a or b for a, b in zip(seen, now)]
            both = all(now)
    finally:
        stop.set()
        for w in workers:
            w.join()
    assert seen == [True, True], f"a checksum never ran without the GIL ({calls} calls)"
    assert both, f"the two checksums never ran at the same time ({calls} calls)"


def test_short_calls_keep_the_gil():
    """Below CHECKSUM_NOGIL_MIN a call holds the GIL: its export is never seen."""
    buf = bytearray(simdcrypt.CHECKSUM_NOGIL_MIN - 2)  # the probe adds one byte
    stop = threading.Event()

    def work():
        while not stop.is_set():
            simdcrypt.crc32c(buf)

    w = threading.Thread(target=work)
    w.start()
    try:
        seen = any(exported(buf) for _ in range(20000))
    finally:
        stop.set()
        w.join()
    assert not seen
