# SPDX-License-Identifier: Apache-2.0
"""Type stubs of the C extension simdcrypt._simdcrypt."""
from collections.abc import Sequence
from typing import Any, Final, Literal, TypedDict, final

from typing_extensions import Buffer, disjoint_base

__version__: str
NOGIL_MIN: int
CHECKSUM_NOGIL_MIN: int

class InvalidTag(Exception): ...

def crc32(data: Buffer, value: int = 0, /) -> int: ...
def crc32c(data: Buffer, value: int = 0) -> int: ...
def adler32(data: Buffer, value: int = 1, /) -> int: ...

_Kind = Literal["checksum", "hash", "cipher", "mac", "aead"]

def names(kind: _Kind | None = None, /) -> list[str]: ...
def kernels() -> dict[str, str]: ...

class _DispatchInfo(TypedDict):
    algorithm: str
    kernel: str
    short_kernel: str
    crossover: int
    reason: Literal["rule", "generic", "override"]
    evidence: str | None

def dispatch(algorithm: str, /) -> _DispatchInfo: ...

@final
class Hash:
    name: Final[str]
    digest_size: Final[int]
    block_size: Final[int]
    def update(self, data: Buffer, /) -> None: ...
    def digest(self, length: int = ..., /) -> bytes: ...
    def hexdigest(self, length: int = ..., /) -> str: ...
    def copy(self) -> Hash: ...

def new(
    name: str,
    data: Buffer | None = b"",
    *,
    custom: Buffer | None = None,
    domain: int | None = None,
    kernel: str | None = None,
    usedforsecurity: bool = True,
) -> Hash: ...
def hash_many(
    name: str,
    buffers: Sequence[Buffer],
    length: int | None = None,
    *,
    custom: Buffer | None = None,
    domain: int = 0,
    kernel: str | None = None,
) -> list[bytes]: ...

# Options of the generic cipher API (sc_cipher_opts), as keywords.
_Padding = bool | Literal["none", "pkcs7"] | int
_KeyMeshing = Literal["default", "none", "cryptopro"] | int
_ShortMac = Literal["default", "cryptopro", "bc"] | int

class _CipherInfo(TypedDict):
    name: str
    algorithm: str
    mode: str
    block_size: int
    key_size: int
    iv_size: int
    tag_size: int
    min_tag_size: int
    is_stream: bool
    one_shot: bool

def cipher_info(name: str, /) -> _CipherInfo: ...

@final
class Cipher:
    def __new__(
        cls,
        name: str,
        key: Buffer,
        iv: Buffer | None = None,
        encrypt: bool = True,
        *,
        kernel: str | None = ...,
        sbox: str | None = ...,
        padding: _Padding = ...,
        counter: int = ...,
        segment_bits: int = ...,
        key_meshing: _KeyMeshing = ...,
        short_mac: _ShortMac = ...,
    ) -> Cipher: ...
    name: Final[str]
    block_size: Final[int]
    key_size: Final[int]
    iv_size: Final[int]
    def update(self, data: Buffer, /) -> bytes: ...
    def finalize(self) -> bytes: ...
    def reset(self) -> None: ...

def encrypt(name: str, key: Buffer, iv: Buffer | None, data: Buffer, **opts: Any) -> bytes: ...
def decrypt(name: str, key: Buffer, iv: Buffer | None, data: Buffer, **opts: Any) -> bytes: ...

@final
class MAC:
    def __new__(cls, name: str, key: Buffer, nonce: Buffer | None = None, **opts: Any) -> MAC: ...
    name: Final[str]
    digest_size: Final[int]
    block_size: Final[int]
    def update(self, data: Buffer, /) -> None: ...
    def digest(self, length: int | None = None, /) -> bytes: ...
    def hexdigest(self, length: int | None = None, /) -> str: ...
    def verify(self, tag: Buffer, /) -> None: ...

class _AeadInfo(TypedDict):
    name: str
    algorithm: str
    key_size: int
    nonce_size: int
    min_nonce_size: int
    max_nonce_size: int
    tag_size: int
    tag_sizes: list[int]
    one_shot: bool

def aead_info(name: str, /) -> _AeadInfo: ...

@disjoint_base
class AEAD:
    def __new__(cls, name: str, key: Buffer, tag_len: int | None = None, **opts: Any) -> AEAD: ...
    name: Final[str]
    key_size: Final[int]
    nonce_size: Final[int]
    tag_size: Final[int]
    def encrypt(self, nonce: Buffer, data: Buffer, associated_data: Buffer | None = None) -> bytes: ...
    def decrypt(self, nonce: Buffer, data: Buffer, associated_data: Buffer | None = None) -> bytes: ...
