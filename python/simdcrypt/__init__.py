# SPDX-License-Identifier: Apache-2.0
"""simdcrypt: fast constant-time checksums, hashes, ciphers, MACs and AEADs.

Everything runs in the C library (``_simdcrypt``): buffers are read in place
(bytes, bytearray, memoryview, any C-contiguous buffer) and long calls
release the GIL (checksums from ``CHECKSUM_NOGIL_MIN`` bytes, the rest from
``NOGIL_MIN``: the C source, python/ext/py_util.h, says why). Nothing is registered in global
state: hashlib, zlib and cryptography are left as they are.
"""
import os as _os

from ._simdcrypt import (
    AEAD,
    CHECKSUM_NOGIL_MIN,
    MAC,
    NOGIL_MIN,
    Cipher,
    Hash,
    InvalidTag,
    __version__,
    adler32,
    aead_info,
    cipher_info,
    crc32,
    crc32c,
    decrypt,
    dispatch,
    encrypt,
    hash_many,
    kernels,
    names,
    new,
)

__all__ = [
    "AEAD", "AESGCM", "CHECKSUM_NOGIL_MIN", "ChaCha20Poly1305", "Cipher", "Hash", "InvalidTag", "MAC", "NOGIL_MIN",
    "XChaCha20Poly1305", "adler32", "aead_info", "cipher_info", "crc32", "crc32c", "decrypt", "dispatch", "encrypt",
    "extend", "hash_many", "kangarootwelve", "keccak_256", "kernels", "md5", "names", "new", "sha3_224",
    "sha3_256", "sha3_384", "sha3_512", "shake_128", "shake_256", "turboshake128", "turboshake256", "value",
]


# google_crc32c's spelling of CRC-32C.
def value(data):
    """CRC-32C of data (google_crc32c.value)."""
    return crc32c(data)


def extend(crc, data):
    """CRC-32C of data continuing from crc (google_crc32c.extend)."""
    return crc32c(data, crc)


# hashlib's constructors (hashlib.md5(data, usedforsecurity=True) and so on).
def _constructor(name, doc):
    def make(data=b"", **opts):
        return new(name, data, **opts)

    make.__name__ = make.__qualname__ = name.replace("-", "_")
    make.__doc__ = doc
    return make


md5 = _constructor("md5", "MD5 (RFC 1321); not for security.")
sha3_224 = _constructor("sha3-224", "SHA3-224 (FIPS 202).")
sha3_256 = _constructor("sha3-256", "SHA3-256 (FIPS 202).")
sha3_384 = _constructor("sha3-384", "SHA3-384 (FIPS 202).")
sha3_512 = _constructor("sha3-512", "SHA3-512 (FIPS 202).")
shake_128 = _constructor("shake128", "SHAKE128 XOF (FIPS 202): digest(length).")
shake_256 = _constructor("shake256", "SHAKE256 XOF (FIPS 202): digest(length).")
keccak_256 = _constructor("keccak-256", "Keccak-256 with the pre-FIPS padding (Ethereum).")


def turboshake128(data=b"", domain=0x1F, **opts):
    """TurboSHAKE128 XOF (RFC 9861), domain byte 0x01..0x7F."""
    return new("turboshake128", data, domain=domain, **opts)


def turboshake256(data=b"", domain=0x1F, **opts):
    """TurboSHAKE256 XOF (RFC 9861), domain byte 0x01..0x7F."""
    return new("turboshake256", data, domain=domain, **opts)


def kangarootwelve(data=b"", custom=b"", **opts):
    """KangarooTwelve (KT128, RFC 9861) XOF with a customization string."""
    return new("kangarootwelve", data, custom=custom, **opts)


class _FixedAEAD(AEAD):
    """An AEAD of one family whose name follows from the key (cryptography's
    classes take the key only)."""

    _key_bits = (256,)

    def __new__(cls, key):
        return super().__new__(cls, cls._name_for(memoryview(key).nbytes), key)

    def __init__(self, key):
        pass

    @classmethod
    def generate_key(cls, bit_length=None):
        """A fresh random key from os.urandom (bit_length: AESGCM only)."""
        bits = cls._key_bits[-1] if bit_length is None else bit_length
        if not isinstance(bits, int):
            raise TypeError("bit_length must be an int")
        if bits not in cls._key_bits:
            raise ValueError("bit_length must be one of %s" % (cls._key_bits,))
        return _os.urandom(bits // 8)


class AESGCM(_FixedAEAD):
    """AES-GCM as cryptography's AESGCM: AESGCM(key).encrypt(nonce, data, aad)."""

    _key_bits = (128, 192, 256)

    @classmethod
    def _name_for(cls, key_len):
        # another length gets the library's key-size error from aes-256-gcm
        return "aes-%d-gcm" % (key_len * 8 if key_len * 8 in cls._key_bits else 256)


class ChaCha20Poly1305(_FixedAEAD):
    """ChaCha20-Poly1305 (RFC 8439): 32-byte key, 12-byte nonce."""

    @classmethod
    def _name_for(cls, key_len):
        return "chacha20-poly1305"


class XChaCha20Poly1305(_FixedAEAD):
    """XChaCha20-Poly1305: 32-byte key, 24-byte nonce."""

    @classmethod
    def _name_for(cls, key_len):
        return "xchacha20-poly1305"
