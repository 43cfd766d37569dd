# SPDX-License-Identifier: Apache-2.0
"""MAC objects: AES-GMAC and Poly1305 against cryptography, every MAC name:
digest, verify (constant time, InvalidTag), truncated tags, state rules."""
import pytest

import simdcrypt

aead = pytest.importorskip("cryptography.hazmat.primitives.ciphers.aead")
from cryptography.hazmat.primitives import poly1305  # noqa: E402


def test_gmac_is_gcm_without_plaintext(rng):
    for bits in (128, 192, 256):
        key, nonce, msg = rng.randbytes(bits // 8), rng.randbytes(12), rng.randbytes(rng.randrange(0, 500))
        m = simdcrypt.MAC(f"aes-{bits}-gmac", key, nonce)
        m.update(msg)
        assert m.digest() == aead.AESGCM(key).encrypt(nonce, b"", msg)


def test_poly1305_matches_cryptography(rng):
    for n in (0, 1, 16, 17, 1000):
        key, msg = rng.randbytes(32), rng.randbytes(n)
        m = simdcrypt.MAC("poly1305", key)
        m.update(msg)
        assert m.digest() == poly1305.Poly1305.generate_tag(key, msg)


def new_mac(name, rng):
    info = simdcrypt.cipher_info(name)
    nonce = rng.randbytes(12) if name.endswith("gmac") and name.startswith("aes") else None
    key = rng.randbytes(info["key_size"])
    return (lambda: simdcrypt.MAC(name, key, nonce)), info


@pytest.mark.parametrize("name", simdcrypt.names("mac"))
def test_every_mac_digest_and_verify(name, rng):
    make, info = new_mac(name, rng)
    msg = rng.randbytes(info["block_size"] * rng.randrange(1, 5))  # whole blocks: every MAC takes them
    m = make()
    m.update(msg[:5])
    m.update(msg[5:])
    tag = m.digest()
    assert len(tag) == info["tag_size"] == m.digest_size and m.digest() == tag and m.hexdigest() == tag.hex()
    with pytest.raises(ValueError):
        m.update(b"more")  # the message is finished
    v = make()
    v.update(msg)
    v.verify(tag)
    bad = bytearray(tag)
    bad[-1] ^= 1
    v = make()
    v.update(msg)
    with pytest.raises(simdcrypt.InvalidTag):
        v.verify(bytes(bad))
    with pytest.raises(ValueError):
        v.verify(tag)  # one verdict per message
    short = info["min_tag_size"]
    t = make()
    t.update(msg)
    assert t.digest(short) == tag[:short]
    v = make()
    v.update(msg)
    v.verify(tag[:short])


def test_errors(rng):
    with pytest.raises(ValueError, match="key size"):
        simdcrypt.MAC("poly1305", bytes(31))
    with pytest.raises(ValueError):
        simdcrypt.MAC("aes-128-ctr", bytes(16))  # a cipher, not a MAC
    with pytest.raises(TypeError):
        simdcrypt.MAC("poly1305", bytes(32)).update("text")
    m = simdcrypt.MAC("poly1305", bytes(32))
    with pytest.raises(ValueError, match="tag"):
        m.digest(17)
