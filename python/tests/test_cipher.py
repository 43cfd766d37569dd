# SPDX-License-Identifier: Apache-2.0
"""Cipher objects and one-shot encrypt/decrypt: AES ECB/CBC/CTR and ChaCha20
against cryptography, every cipher name of the library round-tripped over
random splits, PKCS#7 padding, bad sizes and types."""
import pytest

import simdcrypt
from conftest import as_buffers

crypto = pytest.importorskip("cryptography.hazmat.primitives.ciphers")
from cryptography.hazmat.primitives import padding as crypto_padding  # noqa: E402
from cryptography.hazmat.primitives.ciphers import Cipher as CCipher  # noqa: E402
from cryptography.hazmat.primitives.ciphers import algorithms, modes  # noqa: E402


def feed(ctx, data, rng):
    """update() over a random split, then finalize()."""
    out, i = [], 0
    while i < len(data):
        j = min(len(data), i + rng.choice([1, 7, 16, 33, 100, 4096]))
        out.append(ctx.update(data[i:j]))
        i = j
    out.append(ctx.finalize())
    return b"".join(out)


def reference(mode, key, iv):
    m = {"ecb": lambda: modes.ECB(), "cbc": lambda: modes.CBC(iv), "ctr": lambda: modes.CTR(iv)}[mode]()
    return CCipher(algorithms.AES(key), m)


@pytest.mark.parametrize("bits", [128, 192, 256])
@pytest.mark.parametrize("mode", ["ecb", "cbc", "ctr"])
def test_aes_matches_cryptography(bits, mode, rng):
    name = f"aes-{bits}-{mode}"
    for n in [0, 16, 32, 160, 4096, 16 * 1001] + ([1, 15, 17, 1000] if mode == "ctr" else []):
        key, iv, data = rng.randbytes(bits // 8), rng.randbytes(16), rng.randbytes(n)
        ivarg = None if mode == "ecb" else iv
        ref = reference(mode, key, iv).encryptor()
        expect = ref.update(data) + ref.finalize()
        assert feed(simdcrypt.Cipher(name, key, ivarg), data, rng) == expect
        assert simdcrypt.encrypt(name, key, ivarg, data) == expect
        assert feed(simdcrypt.Cipher(name, key, ivarg, encrypt=False), expect, rng) == data
        assert simdcrypt.decrypt(name, key, ivarg, expect) == data


@pytest.mark.parametrize("mode", ["ecb", "cbc"])
def test_pkcs7_padding_matches_cryptography(mode, rng):
    for n in [0, 1, 15, 16, 17, 100]:
        key, iv, data = rng.randbytes(16), rng.randbytes(16), rng.randbytes(n)
        ivarg = None if mode == "ecb" else iv
        p = crypto_padding.PKCS7(128).padder()
        padded = p.update(data) + p.finalize()
        ref = reference(mode, key, iv).encryptor()
        expect = ref.update(padded) + ref.finalize()
        name = f"aes-128-{mode}"
        assert feed(simdcrypt.Cipher(name, key, ivarg, padding="pkcs7"), data, rng) == expect
        assert simdcrypt.encrypt(name, key, ivarg, data, padding=True) == expect
        assert feed(simdcrypt.Cipher(name, key, ivarg, encrypt=False, padding="pkcs7"), expect, rng) == data
        bad = bytearray(expect)
        bad[-1] ^= 0x80  # the padding length byte goes out of range
        with pytest.raises(ValueError):
            simdcrypt.decrypt(name, key, ivarg, bytes(bad), padding=True)


def test_chacha20_matches_cryptography(rng):
    for n in [0, 1, 63, 64, 65, 1000, 70000]:
        key, nonce, data = rng.randbytes(32), rng.randbytes(12), rng.randbytes(n)
        counter = rng.randrange(1000)
        ref = CCipher(algorithms.ChaCha20(key, counter.to_bytes(4, "little") + nonce), None).encryptor()
        expect = ref.update(data) + ref.finalize()
        assert simdcrypt.encrypt("chacha20", key, nonce, data, counter=counter) == expect
        assert feed(simdcrypt.Cipher("chacha20", key, nonce, counter=counter), data, rng) == expect


def message_for(info, rng):
    """A message every mode of the name takes: whole blocks unless a
    stream; key wrap: whole half blocks, at least two blocks, at most the
    128 bytes a streamed wrap or unwrap (a block more) may buffer."""
    bs = info["block_size"]
    if info["is_stream"]:
        return rng.randbytes(rng.randrange(1, 5 * bs))
    if info["one_shot"]:
        return rng.randbytes(min(128 - bs, bs * 2 + bs // 2 * rng.randrange(0, 3)))
    return rng.randbytes(bs * rng.randrange(1, 6))


@pytest.mark.parametrize("name", simdcrypt.names("cipher"))
def test_every_cipher_round_trips(name, rng):
    info = simdcrypt.cipher_info(name)
    key, iv = rng.randbytes(info["key_size"]), rng.randbytes(info["iv_size"]) or None
    data = message_for(info, rng)
    ct = simdcrypt.encrypt(name, key, iv, data)
    assert ct != data and simdcrypt.decrypt(name, key, iv, ct) == data
    c = simdcrypt.Cipher(name, key, iv)
    assert (c.name, c.block_size, c.key_size, c.iv_size) == (name, info["block_size"], info["key_size"],
                                                             info["iv_size"])
    assert feed(c, data, rng) == ct
    c.reset()  # the same key and IV again
    assert feed(c, data, rng) == ct
    assert feed(simdcrypt.Cipher(name, key, iv, encrypt=False), ct, rng) == data


@pytest.mark.parametrize("name", simdcrypt.names("cipher"))
def test_every_cipher_refuses_bad_sizes(name):
    info = simdcrypt.cipher_info(name)
    iv = bytes(info["iv_size"]) or None
    with pytest.raises(ValueError, match="key size"):
        simdcrypt.Cipher(name, bytes(info["key_size"] + 1), iv)
    with pytest.raises(ValueError, match="IV"):
        simdcrypt.Cipher(name, bytes(info["key_size"]), bytes(info["iv_size"] + 1))


def test_buffers_and_types(rng):
    key, iv, data = rng.randbytes(16), rng.randbytes(16), rng.randbytes(64)
    expect = simdcrypt.encrypt("aes-128-ctr", key, iv, data)
    for k, i, d in zip(as_buffers(key), as_buffers(iv), as_buffers(data)):
        assert simdcrypt.encrypt("aes-128-ctr", k, i, d) == expect
        assert simdcrypt.Cipher("aes-128-ctr", k, iv=i).update(d) == expect
    with pytest.raises(TypeError):
        simdcrypt.encrypt("aes-128-ctr", "key", iv, data)
    with pytest.raises(TypeError):
        simdcrypt.Cipher("aes-128-ctr", key, iv).update("text")
    with pytest.raises(TypeError):
        simdcrypt.Cipher(b"aes-128-ctr", key, iv)
    with pytest.raises(TypeError):
        simdcrypt.Cipher("aes-128-ctr", key, iv, bogus=1)
    with pytest.raises(ValueError):
        simdcrypt.Cipher("no-such-cipher", key, iv)
    with pytest.raises(ValueError):
        simdcrypt.Cipher("aes-128-ecb", key).update(b"x") and None or simdcrypt.encrypt("aes-128-ecb", key, None,
                                                                                        b"x" * 15)


def test_options_reach_the_library(rng):
    key, iv = rng.randbytes(32), rng.randbytes(8)
    data = rng.randbytes(64)
    a = simdcrypt.encrypt("magma-ctr", key, iv[:4], data)
    b = simdcrypt.encrypt("magma-ctr", key, iv[:4], data, sbox="cryptopro-a")
    assert a != b and simdcrypt.decrypt("magma-ctr", key, iv[:4], b, sbox="cryptopro-a") == data
    with pytest.raises(ValueError):
        simdcrypt.encrypt("aes-128-ctr", key[:16], bytes(16), data, sbox="cryptopro-a")
    with pytest.raises(ValueError):
        simdcrypt.encrypt("aes-128-ctr", key[:16], bytes(16), data, kernel="no-such-kernel")
    portable = simdcrypt.encrypt("aes-128-ctr", key[:16], bytes(16), data, kernel="portable")
    assert portable == simdcrypt.encrypt("aes-128-ctr", key[:16], bytes(16), data)
