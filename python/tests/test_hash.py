# SPDX-License-Identifier: Apache-2.0
"""Hash and XOF objects against hashlib (md5, sha3_*, shake_*), RFC 9861's
TurboSHAKE/KangarooTwelve vectors, copy() mid-stream, hash_many, names."""
import hashlib
import threading
import time

import pytest

import simdcrypt
from conftest import as_buffers, exported

# ours -> hashlib's constructor
PAIRS = {
    simdcrypt.md5: hashlib.md5,
    simdcrypt.sha3_224: hashlib.sha3_224,
    simdcrypt.sha3_256: hashlib.sha3_256,
    simdcrypt.sha3_384: hashlib.sha3_384,
    simdcrypt.sha3_512: hashlib.sha3_512,
    simdcrypt.shake_128: hashlib.shake_128,
    simdcrypt.shake_256: hashlib.shake_256,
}
LENGTHS = [0, 1, 55, 56, 63, 64, 71, 72, 135, 136, 137, 168, 1000, 4096, 70000]


def digest(h, n=64):
    return h.digest(n) if h.digest_size == 0 else h.digest()


@pytest.mark.parametrize("ours,ref", PAIRS.items(), ids=[f.__name__ for f in PAIRS])
def test_matches_hashlib(ours, ref, rng):
    for n in LENGTHS:
        data = rng.randbytes(n)
        h, r = ours(data), ref(data)
        assert h.digest_size == r.digest_size and h.block_size == r.block_size
        assert digest(h) == digest(r)
        if h.digest_size == 0:
            for out in (0, 1, 200, 1000):
                assert h.digest(out) == r.digest(out)
                assert h.hexdigest(out) == r.hexdigest(out)
        else:
            assert h.hexdigest() == r.hexdigest()


@pytest.mark.parametrize("name", simdcrypt.names("hash"))
def test_update_splits_and_copy_mid_stream(name, rng):
    data = rng.randbytes(5000)
    whole = digest(simdcrypt.new(name, data))
    h = simdcrypt.new(name)
    cut = rng.randrange(len(data))
    h.update(data[:cut])
    fork = h.copy()
    fork.update(b"other")
    h.update(data[cut:])
    assert digest(h) == whole
    assert digest(h) == whole  # digest() leaves the object going
    assert digest(fork) == digest(simdcrypt.new(name, data[:cut] + b"other"))
    assert fork.name == h.name == name


def test_every_buffer_type(rng):
    data = rng.randbytes(333)
    for buf in as_buffers(data):
        assert simdcrypt.sha3_256(buf).digest() == hashlib.sha3_256(data).digest()
        h = simdcrypt.md5()
        h.update(buf)
        assert h.digest() == hashlib.md5(data).digest()


def test_names_of_hashlib_and_of_the_library():
    for spelling in ("sha3_256", "SHA3-256", "sha3-256"):
        assert simdcrypt.new(spelling, b"abc").digest() == hashlib.sha3_256(b"abc").digest()
    assert simdcrypt.new("shake_128", b"abc").digest(16) == hashlib.shake_128(b"abc").digest(16)
    assert simdcrypt.new("md5", b"x", usedforsecurity=False).digest() == hashlib.md5(b"x").digest()
    with pytest.raises(ValueError):
        simdcrypt.new("sha256")
    with pytest.raises(TypeError):
        simdcrypt.new("md5", "text")
    with pytest.raises(TypeError):
        simdcrypt.sha3_256().update(None)
    with pytest.raises(TypeError):
        simdcrypt.shake_128().digest()  # an XOF needs the length
    with pytest.raises(TypeError):
        simdcrypt.md5().digest(16)


def test_keccak_256_is_ethereum_keccak():
    # Keccak-256("") as Ethereum uses it (pre-FIPS padding)
    assert simdcrypt.keccak_256().hexdigest() == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"


def ptn(n):
    """RFC 9861's test pattern: 00 01 .. FA repeated."""
    return bytes(i % 251 for i in range(n))


def test_rfc9861_vectors():
    # RFC 9861 section 5 (TurboSHAKE128, KT128), 32-byte outputs
    assert simdcrypt.turboshake128().hexdigest(32) == \
        "1e415f1c5983aff2169217277d17bb538cd945a397ddec541f1ce41af2c1b74c"
    assert simdcrypt.kangarootwelve().hexdigest(32) == \
        "1ac2d450fc3b4205d19da7bfca1b37513c0803577ac7167f06fe2ce1f0ef39e5"
    assert simdcrypt.kangarootwelve(ptn(17)).hexdigest(32) == \
        "6bf75fa2239198db4772e36478f8e19b0f371205f6a9a93a273f51df37122888"
    # the options reach the library: another domain byte or customization changes the output
    assert simdcrypt.turboshake128(domain=0x06).digest(32) != simdcrypt.turboshake128().digest(32)
    assert simdcrypt.kangarootwelve(custom=ptn(1)).digest(32) != simdcrypt.kangarootwelve().digest(32)
    with pytest.raises(ValueError):
        simdcrypt.turboshake128(domain=0x80)
    with pytest.raises(ValueError):
        simdcrypt.sha3_256(custom=b"x")


def test_kangarootwelve_custom_outlives_its_buffer():
    """The library keeps a pointer to the customization string: the object
    must own a copy of it (here the caller's bytearray is changed)."""
    custom = bytearray(b"context")
    h = simdcrypt.kangarootwelve(b"msg", custom=custom)
    expect = simdcrypt.kangarootwelve(b"msg", custom=b"context").digest(32)
    custom[:] = b"CONTEXT"
    assert h.digest(32) == expect
    assert h.copy().digest(32) == expect


@pytest.mark.parametrize("name", simdcrypt.names("hash"))
def test_hash_many_equals_one_by_one(name, rng):
    msgs = [rng.randbytes(rng.choice([0, 1, 100, 136, 3000, 20000])) for _ in range(11)]
    length = 40 if simdcrypt.new(name).digest_size == 0 else None
    got = simdcrypt.hash_many(name, [bytearray(m) for m in msgs], length)
    assert got == [digest(simdcrypt.new(name, m), length or 0) for m in msgs]
    assert simdcrypt.hash_many(name, [], length) == []


def test_hash_many_errors():
    with pytest.raises(TypeError):
        simdcrypt.hash_many("shake128", [b"x"])  # no length for an XOF
    with pytest.raises(TypeError):
        simdcrypt.hash_many("md5", [b"x", "text"])
    with pytest.raises(ValueError):
        simdcrypt.hash_many("nope", [b"x"])
    with pytest.raises(ValueError):
        simdcrypt.hash_many("md5", [b"x"], 5)  # a fixed-size digest has one length


def test_one_object_shared_by_threads():
    """Four threads feed one SHA3-256 object the same 1 MiB chunk, each
    many times: with the GIL released during update, only the object's
    lock keeps them from interleaving inside the state. Every chunk is
    equal, so whatever the order the digest is that of the concatenation."""
    assert simdcrypt.NOGIL_MIN <= 1 << 20
    chunk = bytes(range(256)) * 4096
    h = simdcrypt.sha3_256()
    rounds, nthreads = 6, 4

    def work():
        for _ in range(rounds):
            h.update(chunk)
            h.copy()  # takes the lock too

    ts = [threading.Thread(target=work) for _ in range(nthreads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert h.digest() == hashlib.sha3_256(chunk * (rounds * nthreads)).digest()


def test_gil_released_during_update():
    """A thread hashes a 1 MiB bytearray over and over; this thread must see
    its export (only visible while update runs in C without the GIL). The
    probe changes the buffer's length for a moment, so no digest is
    checked here."""
    chunk = bytearray(1 << 20)
    stop = threading.Event()

    def work():
        h = simdcrypt.shake_128()
        while not stop.is_set():
            h.update(chunk)

    t = threading.Thread(target=work)
    t.start()
    seen = False
    deadline = time.monotonic() + 20
    try:
        while not seen and time.monotonic() < deadline:
            seen = exported(chunk)
    finally:
        stop.set()
        t.join()
    assert seen, "update never ran without the GIL"
