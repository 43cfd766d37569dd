# SPDX-License-Identifier: Apache-2.0
"""AEADs: AESGCM and ChaCha20Poly1305 against cryptography, every AEAD name
of the library round-tripped, tampering -> InvalidTag with nothing
released, bad sizes -> ValueError, bad types -> TypeError."""
import array

import pytest

import simdcrypt
from conftest import as_buffers

aead = pytest.importorskip("cryptography.hazmat.primitives.ciphers.aead")


@pytest.mark.parametrize("bits", [128, 192, 256])
def test_aesgcm_matches_cryptography(bits, rng):
    for n in [0, 1, 15, 16, 17, 255, 4096, 70000]:
        key, nonce = rng.randbytes(bits // 8), rng.randbytes(12)
        data, aad = rng.randbytes(n), rng.choice([None, b"", rng.randbytes(rng.randrange(1, 100))])
        expect = aead.AESGCM(key).encrypt(nonce, data, aad)
        ours = simdcrypt.AESGCM(key)
        assert ours.encrypt(nonce, data, aad) == expect
        assert ours.decrypt(nonce, expect, aad) == data
        assert ours.name == f"aes-{bits}-gcm" and ours.key_size == bits // 8


@pytest.mark.parametrize("ours,ref", [(simdcrypt.ChaCha20Poly1305, aead.ChaCha20Poly1305)])
def test_chacha20poly1305_matches_cryptography(ours, ref, rng):
    for n in [0, 1, 63, 64, 65, 1000, 70000]:
        key, nonce, data, aad = rng.randbytes(32), rng.randbytes(12), rng.randbytes(n), rng.randbytes(n % 50)
        expect = ref(key).encrypt(nonce, data, aad)
        assert ours(key).encrypt(nonce, data, aad) == expect
        assert ours(key).decrypt(nonce, expect, associated_data=aad) == data


def test_xchacha20poly1305_round_trips(rng):
    key, nonce, data = simdcrypt.XChaCha20Poly1305.generate_key(), rng.randbytes(24), rng.randbytes(100)
    x = simdcrypt.XChaCha20Poly1305(key)
    ct = x.encrypt(nonce, data, b"hdr")
    assert len(ct) == 116 and x.decrypt(nonce, ct, b"hdr") == data
    with pytest.raises(simdcrypt.InvalidTag):
        x.decrypt(nonce, ct, b"HDR")
    with pytest.raises(ValueError):
        x.encrypt(nonce[:12], data, None)


def sizes(name):
    return simdcrypt.aead_info(name)


@pytest.mark.parametrize("name", simdcrypt.names("aead"))
def test_every_aead_round_trips_and_refuses_tampering(name, rng):
    info = sizes(name)
    key = rng.randbytes(info["key_size"])
    nonce = bytearray(rng.randbytes(info["nonce_size"]))
    nonce[0] &= 0x7F  # magma-mgm: the nonce's top bit is 0
    nonce = bytes(nonce)
    data, aad = rng.randbytes(rng.randrange(1, 300)), rng.randbytes(rng.randrange(0, 40))
    for tag_len in sorted({info["tag_size"], min(info["tag_sizes"])}):
        a = simdcrypt.AEAD(name, key, tag_len=tag_len)
        assert a.tag_size == tag_len and a.name == name
        ct = a.encrypt(nonce, data, aad)
        assert len(ct) == len(data) + tag_len
        assert a.decrypt(nonce, ct, aad) == data
        for where in (0, len(ct) - 1, rng.randrange(len(ct))):  # ciphertext or tag
            bad = bytearray(ct)
            bad[where] ^= 1 << rng.randrange(8)
            with pytest.raises(simdcrypt.InvalidTag):
                a.decrypt(nonce, bytes(bad), aad)
        with pytest.raises(simdcrypt.InvalidTag):
            a.decrypt(nonce, ct, aad + b"x")
        with pytest.raises(simdcrypt.InvalidTag):
            a.decrypt(nonce, ct[: tag_len - 1], aad)  # shorter than a tag
        assert a.decrypt(nonce, ct, aad) == data  # the key survives failures


@pytest.mark.parametrize("name", simdcrypt.names("aead"))
def test_every_aead_refuses_bad_sizes(name):
    info = sizes(name)
    with pytest.raises(ValueError, match="key size"):
        simdcrypt.AEAD(name, bytes(info["key_size"] + 1))
    a = simdcrypt.AEAD(name, bytes(info["key_size"]))
    with pytest.raises(ValueError, match="IV|nonce"):
        bad = info["min_nonce_size"] - 1 if info["min_nonce_size"] else info["max_nonce_size"] + 1
        a.encrypt(bytes(bad), b"data", None)
    with pytest.raises(ValueError, match="tag"):
        simdcrypt.AEAD(name, bytes(info["key_size"]), tag_len=info["tag_size"] + 1)


def test_nothing_released_on_failure(rng):
    """A failed decryption raises before any plaintext object exists; the
    caller's buffers are left as they were."""
    key, nonce = rng.randbytes(32), rng.randbytes(12)
    g = simdcrypt.AESGCM(key)
    ct = bytearray(g.encrypt(nonce, b"secret plaintext" * 100, None))
    ct[5] ^= 1
    before = bytes(ct)
    result = "untouched"
    with pytest.raises(simdcrypt.InvalidTag):
        result = g.decrypt(nonce, ct, None)
    assert result == "untouched" and bytes(ct) == before
    assert issubclass(simdcrypt.InvalidTag, Exception)
    assert not issubclass(simdcrypt.InvalidTag, ValueError)


def test_buffers_and_types(rng):
    key, nonce, data = rng.randbytes(16), rng.randbytes(12), rng.randbytes(50)
    expect = simdcrypt.AESGCM(key).encrypt(nonce, data, b"aad")
    for k, n, d, a in zip(as_buffers(key), as_buffers(nonce), as_buffers(data), as_buffers(b"aad")):
        assert simdcrypt.AESGCM(k).encrypt(n, d, a) == expect
    with pytest.raises(TypeError):
        simdcrypt.AESGCM(key).encrypt(nonce, "text", None)
    with pytest.raises(TypeError):
        simdcrypt.AESGCM("key")
    with pytest.raises(ValueError):
        simdcrypt.AESGCM(bytes(20))
    with pytest.raises(ValueError):
        simdcrypt.AEAD("no-such-aead", key)
    with pytest.raises(ValueError):
        simdcrypt.AESGCM.generate_key(100)
    assert len(simdcrypt.AESGCM.generate_key(128)) == 16
    # the key's size in bytes picks the AES variant, whatever the item size
    assert simdcrypt.AESGCM(array.array("I", [7] * 8)).name == "aes-256-gcm"
    assert simdcrypt.AESGCM(array.array("I", [7] * 4)).name == "aes-128-gcm"
