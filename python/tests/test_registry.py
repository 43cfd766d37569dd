# SPDX-License-Identifier: Apache-2.0
"""names() and kernels() come from the library's own lists."""
import pytest

import simdcrypt


def test_names_by_kind():
    every = simdcrypt.names()
    kinds = {k: simdcrypt.names(k) for k in ("checksum", "hash", "cipher", "mac", "aead")}
    assert every == [n for k in kinds.values() for n in k]
    assert set(kinds["checksum"]) == {"crc32", "crc32c", "adler32"}
    assert {"md5", "sha3-256", "shake128", "kangarootwelve"} <= set(kinds["hash"])
    assert {"aes-256-gcm", "chacha20-poly1305", "magma-mgm"} <= set(kinds["aead"])
    assert "aes-128-cbc" in kinds["cipher"] and "poly1305" in kinds["mac"]
    with pytest.raises(ValueError):
        simdcrypt.names("nope")
    for name in kinds["hash"]:
        assert simdcrypt.new(name).name == name
    for name in kinds["cipher"] + kinds["mac"]:
        assert simdcrypt.cipher_info(name)["name"] == name
    for name in kinds["aead"]:
        assert simdcrypt.aead_info(name)["name"] == name


def test_kernels_are_the_dispatched_ones():
    k = simdcrypt.kernels()
    assert {"crc32", "crc32c", "adler32", "aes", "keccak"} <= set(k)
    for alg, kernel in k.items():
        d = simdcrypt.dispatch(alg)
        assert d["algorithm"] == alg and d["kernel"] == kernel
        assert d["reason"] in ("rule", "generic", "override")
    with pytest.raises(ValueError):
        simdcrypt.dispatch("nope")


def test_no_global_registration():
    import hashlib

    assert not hasattr(hashlib, "kangarootwelve")
    with pytest.raises(ValueError):
        hashlib.new("kangarootwelve")
