// SPDX-License-Identifier: Apache-2.0
//! A tiny, stable C ABI over checksum crates from crates.io, for
//! `simdcrypt speed --peers` (src/cli/peer_registry.c dlopen()s this library).
//!
//! Every checksum function has zlib's convention: it takes the running value
//! of the previous bytes (0 for none: CRCs are pre- and post-inverted inside,
//! Adler-32 starts from 1 when given 1, as zlib's adler32(1, ...)) and
//! returns the running value after `buf[0..len)`:
//!
//!   uint32_t scpeer_<library>_<algorithm>(uint32_t value, const uint8_t *buf, size_t len);
//!
//! AES-GCM and GMAC of AWS-LC (aws-lc-sys) through its EVP_AEAD API, keyed
//! once, then one call per message (12-byte nonce, 16-byte tag):
//!
//!   void *scpeer_awslc_aes_gcm_new(const uint8_t *key, size_t key_len); /* 16, 24, 32; NULL on failure */
//!   void  scpeer_awslc_aes_gcm_free(void *ctx);
//!   int   scpeer_awslc_aes_gcm_seal(const void *ctx, const uint8_t nonce[12],
//!                                   const uint8_t *in, size_t len, uint8_t *out);  /* out: len + 16 */
//!   int   scpeer_awslc_aes_gcm_open(const void *ctx, const uint8_t nonce[12],
//!                                   const uint8_t *in, size_t len, const uint8_t tag[16], uint8_t *out);
//!   int   scpeer_awslc_aes_gmac(const void *ctx, const uint8_t nonce[12],
//!                               const uint8_t *aad, size_t len, uint8_t tag[16]);
//!
//! Each returns 1 on success (open: the tag verified), 0 otherwise.
//! AES-CTR and AES-XTS (EVP_CIPHER, keyed once; every call one message from
//! the 16-byte IV, XTS one data unit):
//!
//!   void *scpeer_awslc_aes_cipher_new(const char *mode /* "ctr"; "xts": AES-256 only */, const uint8_t *key,
//!                                     size_t key_len, int encrypt);    /* NULL on failure */
//!   void  scpeer_awslc_aes_cipher_free(void *ctx);
//!   int   scpeer_awslc_aes_cipher(void *ctx, const uint8_t iv[16], const uint8_t *in, size_t len, uint8_t *out);
//!
//! Versions: `scpeer_version("libdeflate" | "zlib-ng" | "crc-fast" |
//! "crc32fast" | "aws-lc")` returns the version of that library (NULL for another name),
//! `scpeer_versions()` one line naming all of them with their crates.
//! Symbol names carry no version, so a crate update needs no C change.
use std::ffi::{c_char, CStr, CString};
use std::sync::OnceLock;

use crc_fast::{CrcAlgorithm, Digest};

/// `buf[0..len)` as a slice; a NULL or empty buffer is the empty slice.
unsafe fn bytes<'a>(buf: *const u8, len: usize) -> &'a [u8] {
    if buf.is_null() || len == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(buf, len)
    }
}

// --- libdeflate (libdeflate-sys): its own API already is zlib's convention.

#[no_mangle]
pub unsafe extern "C" fn scpeer_libdeflate_adler32(value: u32, buf: *const u8, len: usize) -> u32 {
    let b = bytes(buf, len);
    libdeflate_sys::libdeflate_adler32(value, b.as_ptr().cast(), b.len())
}

#[no_mangle]
pub unsafe extern "C" fn scpeer_libdeflate_crc32(value: u32, buf: *const u8, len: usize) -> u32 {
    let b = bytes(buf, len);
    libdeflate_sys::libdeflate_crc32(value, b.as_ptr().cast(), b.len())
}

// --- zlib-ng native API (libz-ng-sys links libz-ng.a). The crate binds only
// the uInt-length zng_crc32/zng_adler32; the size_t ones are declared here.

extern "C" {
    fn zng_adler32_z(adler: u32, buf: *const u8, len: usize) -> u32;
    fn zng_crc32_z(crc: u32, buf: *const u8, len: usize) -> u32;
}

#[no_mangle]
pub unsafe extern "C" fn scpeer_zlibng_adler32(value: u32, buf: *const u8, len: usize) -> u32 {
    let b = bytes(buf, len);
    zng_adler32_z(value, b.as_ptr(), b.len())
}

#[no_mangle]
pub unsafe extern "C" fn scpeer_zlibng_crc32(value: u32, buf: *const u8, len: usize) -> u32 {
    let b = bytes(buf, len);
    zng_crc32_z(value, b.as_ptr(), b.len())
}

// --- crc-fast: Digest::new_with_init_state takes the CRC register before the
// final xor, i.e. the inverted running value; finalize() applies the xor.

unsafe fn crc_fast(algorithm: CrcAlgorithm, value: u32, buf: *const u8, len: usize) -> u32 {
    let mut digest = Digest::new_with_init_state(algorithm, u64::from(!value));
    digest.update(bytes(buf, len));
    digest.finalize() as u32
}

#[no_mangle]
pub unsafe extern "C" fn scpeer_crcfast_crc32(value: u32, buf: *const u8, len: usize) -> u32 {
    crc_fast(CrcAlgorithm::Crc32IsoHdlc, value, buf, len)
}

#[no_mangle]
pub unsafe extern "C" fn scpeer_crcfast_crc32c(value: u32, buf: *const u8, len: usize) -> u32 {
    crc_fast(CrcAlgorithm::Crc32Iscsi, value, buf, len)
}

// --- crc32fast: new_with_initial takes zlib's running value.

#[no_mangle]
pub unsafe extern "C" fn scpeer_crc32fast_crc32(value: u32, buf: *const u8, len: usize) -> u32 {
    let mut hasher = crc32fast::Hasher::new_with_initial(value);
    hasher.update(bytes(buf, len));
    hasher.finalize()
}

// --- AWS-LC AES-GCM (aws-lc-sys): EVP_AEAD, as BoringSSL's and AWS-LC's own
// users call it. AWS-LC picks its code at run time from cpuid
// (crypto/fipsmodule/modes/gcm.c: the VAES + VPCLMULQDQ AVX-512 kernels
// aes_gcm_{en,de}crypt_avx512 and gcm_ghash_avx512 when the CPU has them).

use aws_lc_sys as awslc;

const GCM_NONCE: usize = 12;
const GCM_TAG: usize = 16;

/// An EVP_AEAD_CTX for AES-GCM with a 16-byte tag under `key` (16, 24 or 32
/// bytes), or NULL. Free with scpeer_awslc_aes_gcm_free.
#[no_mangle]
pub unsafe extern "C" fn scpeer_awslc_aes_gcm_new(key: *const u8, key_len: usize) -> *mut awslc::EVP_AEAD_CTX {
    let aead = match key_len {
        16 => awslc::EVP_aead_aes_128_gcm(),
        24 => awslc::EVP_aead_aes_192_gcm(),
        32 => awslc::EVP_aead_aes_256_gcm(),
        _ => return std::ptr::null_mut(),
    };
    if key.is_null() {
        return std::ptr::null_mut();
    }
    awslc::EVP_AEAD_CTX_new(aead, key, key_len, GCM_TAG)
}

/// EVP_AEAD_CTX_free (NULL is fine: AWS-LC's own free accepts it).
#[no_mangle]
pub unsafe extern "C" fn scpeer_awslc_aes_gcm_free(ctx: *mut awslc::EVP_AEAD_CTX) { awslc::EVP_AEAD_CTX_free(ctx) }

/// Ciphertext || tag of `in[0..len)`, no AAD, into `out[0..len + 16)`.
#[no_mangle]
pub unsafe extern "C" fn scpeer_awslc_aes_gcm_seal(
    ctx: *const awslc::EVP_AEAD_CTX,
    nonce: *const u8,
    input: *const u8,
    len: usize,
    out: *mut u8,
) -> i32 {
    seal(ctx, nonce, (input, len), (std::ptr::null(), 0), out)
}

/// EVP_AEAD_CTX_seal of `plain` with `aad` (pointer, length each) into
/// `out`: ciphertext || tag; 1 when all of it was written.
unsafe fn seal(
    ctx: *const awslc::EVP_AEAD_CTX,
    nonce: *const u8,
    plain: (*const u8, usize),
    aad: (*const u8, usize),
    out: *mut u8,
) -> i32 {
    let mut written = 0usize;
    let want = plain.1 + GCM_TAG;
    let ok = awslc::EVP_AEAD_CTX_seal(ctx, out, &mut written, want, nonce, GCM_NONCE, plain.0, plain.1, aad.0, aad.1);
    (ok == 1 && written == want) as i32
}

/// Plaintext of ciphertext `in[0..len)` with its separate `tag`, no AAD:
/// EVP_AEAD_CTX_open_gather, so the caller's tag needs no copy behind the
/// ciphertext. 1 when the tag verified (else AWS-LC wipes `out`).
#[no_mangle]
pub unsafe extern "C" fn scpeer_awslc_aes_gcm_open(
    ctx: *const awslc::EVP_AEAD_CTX,
    nonce: *const u8,
    input: *const u8,
    len: usize,
    tag: *const u8,
    out: *mut u8,
) -> i32 {
    awslc::EVP_AEAD_CTX_open_gather(ctx, out, nonce, GCM_NONCE, input, len, tag, GCM_TAG, std::ptr::null(), 0)
}

/// GMAC (NIST SP 800-38D: GCM with an empty plaintext): the tag of
/// `aad[0..len)` into `tag[0..16)`.
#[no_mangle]
pub unsafe extern "C" fn scpeer_awslc_aes_gmac(
    ctx: *const awslc::EVP_AEAD_CTX,
    nonce: *const u8,
    aad: *const u8,
    len: usize,
    tag: *mut u8,
) -> i32 {
    seal(ctx, nonce, (std::ptr::null(), 0), (aad, len), tag)
}

// --- AWS-LC AES-CTR and AES-XTS (EVP_CIPHER): XTS reaches AWS-LC's VAES
// AVX-512 code (aes_hw_xts_{en,de}crypt_avx512, crypto/fipsmodule/aes/
// mode_wrappers.c) on CPUs with it; its CTR is the AES-NI
// aes_hw_ctr32_encrypt_blocks.

/// An EVP_CIPHER_CTX keyed for `mode` "ctr" (key_len 16, 24, 32) or "xts"
/// (IEEE 1619's two AES-256 keys: key_len 64), encrypting when `encrypt` is
/// non-zero; NULL on failure. Free with scpeer_awslc_aes_cipher_free.
#[no_mangle]
pub unsafe extern "C" fn scpeer_awslc_aes_cipher_new(
    mode: *const c_char,
    key: *const u8,
    key_len: usize,
    encrypt: i32,
) -> *mut awslc::EVP_CIPHER_CTX {
    if mode.is_null() || key.is_null() {
        return std::ptr::null_mut();
    }
    let cipher = match (CStr::from_ptr(mode).to_bytes(), key_len) {
        (b"ctr", 16) => awslc::EVP_aes_128_ctr(),
        (b"ctr", 24) => awslc::EVP_aes_192_ctr(),
        (b"ctr", 32) => awslc::EVP_aes_256_ctr(),
        // AWS-LC has XTS with AES-256 only (EVP_aes_256_xts).
        (b"xts", 64) => awslc::EVP_aes_256_xts(),
        _ => return std::ptr::null_mut(),
    };
    let ctx = awslc::EVP_CIPHER_CTX_new();
    if !ctx.is_null()
        && awslc::EVP_CipherInit_ex(ctx, cipher, std::ptr::null_mut(), key, std::ptr::null(), i32::from(encrypt != 0))
            != 1
    {
        awslc::EVP_CIPHER_CTX_free(ctx);
        return std::ptr::null_mut();
    }
    ctx
}

/// EVP_CIPHER_CTX_free (NULL is fine: AWS-LC's own free accepts it).
#[no_mangle]
pub unsafe extern "C" fn scpeer_awslc_aes_cipher_free(ctx: *mut awslc::EVP_CIPHER_CTX) { awslc::EVP_CIPHER_CTX_free(ctx) }

/// `in[0..len)` through the keyed context from the 16-byte `iv` (CTR's
/// initial counter block, XTS's tweak: one data unit) into `out`: the IV
/// set again (EVP_CipherInit_ex without cipher or key), then one
/// EVP_CipherUpdate. 1 when all `len` bytes were written.
#[no_mangle]
pub unsafe extern "C" fn scpeer_awslc_aes_cipher(
    ctx: *mut awslc::EVP_CIPHER_CTX,
    iv: *const u8,
    input: *const u8,
    len: usize,
    out: *mut u8,
) -> i32 {
    let Ok(n) = i32::try_from(len) else { return 0 };
    let mut written = 0;
    let ok = awslc::EVP_CipherInit_ex(ctx, std::ptr::null(), std::ptr::null_mut(), std::ptr::null(), iv, -1) == 1
        && awslc::EVP_CipherUpdate(ctx, out, &mut written, input, n) == 1;
    (ok && written == n) as i32
}

// --- versions

struct Versions {
    libdeflate: CString,
    zlib_ng: CString,
    crc_fast: CString,
    crc32fast: CString,
    aws_lc: CString,
    line: CString,
}

fn versions() -> &'static Versions {
    static VERSIONS: OnceLock<Versions> = OnceLock::new();
    VERSIONS.get_or_init(|| {
        // The version zlib-ng was built as, from the library itself.
        let zlib_ng = unsafe { CStr::from_ptr(libz_ng_sys::zlibVersion()) }.to_owned();
        // AWS-LC's own version, from the header the crate compiled.
        let aws_lc = CStr::from_bytes_with_nul(awslc::AWSLC_VERSION_NUMBER_STRING).unwrap().to_owned();
        let line = format!(
            "libdeflate {} (crate libdeflate-sys {}), zlib-ng {} (crate libz-ng-sys {}), crc-fast {}, crc32fast {}, \
             AWS-LC {} (crate aws-lc-sys {})",
            env!("SCPEER_LIBDEFLATE"),
            env!("SCPEER_LIBDEFLATE_SYS"),
            zlib_ng.to_string_lossy(),
            env!("SCPEER_LIBZ_NG_SYS"),
            env!("SCPEER_CRC_FAST"),
            env!("SCPEER_CRC32FAST"),
            aws_lc.to_string_lossy(),
            env!("SCPEER_AWS_LC_SYS"),
        );
        let c = |s: &str| CString::new(s).unwrap();
        Versions {
            libdeflate: c(env!("SCPEER_LIBDEFLATE")),
            zlib_ng,
            crc_fast: c(env!("SCPEER_CRC_FAST")),
            crc32fast: c(env!("SCPEER_CRC32FAST")),
            aws_lc,
            line: CString::new(line).unwrap(),
        }
    })
}

/// The version of one library ("libdeflate", "zlib-ng", "crc-fast",
/// "crc32fast", "aws-lc"), NULL for any other name. The string lives until unload.
#[no_mangle]
pub unsafe extern "C" fn scpeer_version(library: *const c_char) -> *const c_char {
    if library.is_null() {
        return std::ptr::null();
    }
    let v = versions();
    match CStr::from_ptr(library).to_bytes() {
        b"libdeflate" => v.libdeflate.as_ptr(),
        b"zlib-ng" => v.zlib_ng.as_ptr(),
        b"crc-fast" => v.crc_fast.as_ptr(),
        b"crc32fast" => v.crc32fast.as_ptr(),
        b"aws-lc" => v.aws_lc.as_ptr(),
        _ => std::ptr::null(),
    }
}

/// Every library with the crate it came from, on one line.
#[no_mangle]
pub extern "C" fn scpeer_versions() -> *const c_char {
    versions().line.as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    // Check values of the catalogue ("123456789") and continuation from a
    // running value, for every export: the same conventions the simdcrypt
    // harness verifies before timing.
    #[test]
    fn check_values_and_chaining() {
        let data = b"123456789";
        type F = unsafe extern "C" fn(u32, *const u8, usize) -> u32;
        let cases: [(F, u32, u32); 7] = [
            (scpeer_libdeflate_adler32, 1, 0x091e01de),
            (scpeer_zlibng_adler32, 1, 0x091e01de),
            (scpeer_libdeflate_crc32, 0, 0xcbf43926),
            (scpeer_zlibng_crc32, 0, 0xcbf43926),
            (scpeer_crcfast_crc32, 0, 0xcbf43926),
            (scpeer_crc32fast_crc32, 0, 0xcbf43926),
            (scpeer_crcfast_crc32c, 0, 0xe3069283),
        ];
        for (f, init, check) in cases {
            unsafe {
                assert_eq!(f(init, data.as_ptr(), data.len()), check);
                let head = f(init, data.as_ptr(), 4);
                assert_eq!(f(head, data[4..].as_ptr(), 5), check);
                assert_eq!(f(init, std::ptr::null(), 0), init);
            }
        }
    }

    fn hex(s: &str) -> Vec<u8> {
        (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
    }

    // McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)", test
    // cases 2 (AES-128), 8 (AES-192) and 14 (AES-256): zero key, zero
    // 96-bit IV, one zero block, no AAD. Then open (and a wrong tag refused)
    // and GMAC of that ciphertext as AAD against our own seal of nothing.
    #[test]
    fn aes_gcm_known_answers() {
        let cases = [
            (16, "0388dace60b6a392f328c2b971b2fe78", "ab6e47d42cec13bdf53a67b21257bddf"),
            (24, "98e7247c07f0fe411c267e4384b0f600", "2ff58d80033927ab8ef4d4587514f0fb"),
            (32, "cea7403d4d606b6e074ec5d3baf39d18", "d0d1c8a799996bf0265b98b5d48ab919"),
        ];
        let key = [0u8; 32];
        let nonce = [0u8; GCM_NONCE];
        for (key_len, ct, tag) in cases {
            unsafe {
                let ctx = scpeer_awslc_aes_gcm_new(key.as_ptr(), key_len);
                assert!(!ctx.is_null());
                let mut sealed = [0u8; 32];
                assert_eq!(scpeer_awslc_aes_gcm_seal(ctx, nonce.as_ptr(), [0u8; 16].as_ptr(), 16, sealed.as_mut_ptr()), 1);
                assert_eq!(sealed[..16], hex(ct)[..]);
                assert_eq!(sealed[16..], hex(tag)[..]);
                let mut plain = [1u8; 16];
                assert_eq!(scpeer_awslc_aes_gcm_open(ctx, nonce.as_ptr(), sealed.as_ptr(), 16, sealed[16..].as_ptr(), plain.as_mut_ptr()), 1);
                assert_eq!(plain, [0u8; 16]);
                let mut bad = hex(tag);
                bad[15] ^= 1;
                assert_eq!(scpeer_awslc_aes_gcm_open(ctx, nonce.as_ptr(), sealed.as_ptr(), 16, bad.as_ptr(), plain.as_mut_ptr()), 0);
                // GMAC of the empty message is GCM's tag of nothing: the
                // same for seal and gmac; GMAC of 16 bytes differs from it.
                let (mut empty_seal, mut empty_gmac, mut gmac) = ([0u8; 16], [0u8; 16], [0u8; 16]);
                assert_eq!(scpeer_awslc_aes_gcm_seal(ctx, nonce.as_ptr(), std::ptr::null(), 0, empty_seal.as_mut_ptr()), 1);
                assert_eq!(scpeer_awslc_aes_gmac(ctx, nonce.as_ptr(), std::ptr::null(), 0, empty_gmac.as_mut_ptr()), 1);
                assert_eq!(empty_seal, empty_gmac);
                assert_eq!(scpeer_awslc_aes_gmac(ctx, nonce.as_ptr(), sealed.as_ptr(), 16, gmac.as_mut_ptr()), 1);
                assert_ne!(gmac, empty_gmac);
                scpeer_awslc_aes_gcm_free(ctx);
            }
        }
        assert!(unsafe { scpeer_awslc_aes_gcm_new(key.as_ptr(), 20) }.is_null());
    }

    /// AES-256 of one block with the first 32 bytes of `key`, through
    /// AWS-LC's EVP_aes_256_ecb: the block cipher the XTS check builds on.
    unsafe fn aes256_block(key: &[u8], block: &[u8; 16]) -> [u8; 16] {
        let ctx = awslc::EVP_CIPHER_CTX_new();
        let mut out = [0u8; 16];
        let mut n = 0;
        assert_eq!(awslc::EVP_EncryptInit_ex(ctx, awslc::EVP_aes_256_ecb(), std::ptr::null_mut(), key.as_ptr(), std::ptr::null()), 1);
        assert_eq!(awslc::EVP_EncryptUpdate(ctx, out.as_mut_ptr(), &mut n, block.as_ptr(), 16), 1);
        awslc::EVP_CIPHER_CTX_free(ctx);
        out
    }

    // AES-256-XTS against IEEE 1619-2007 5.3.1 written out for the first two
    // blocks (T = E_K2(i) * alpha^j, C_j = E_K1(P_j ^ T) ^ T, alpha = x in
    // GF(2^128), little-endian, reduction 0x87), then its decryption;
    // AES-CTR against NIST SP 800-38A F.5.1 (CTR-AES128.Encrypt), block 1.
    #[test]
    fn aes_ctr_xts_known_answers() {
        unsafe {
            let key: Vec<u8> = (0..64u8).map(|i| i.wrapping_mul(37).wrapping_add(11)).collect();
            let tweak: [u8; 16] = std::array::from_fn(|i| 0xa0 + i as u8);
            let plain: Vec<u8> = (0..32u8).collect();
            let mut t = aes256_block(&key[32..], &tweak);
            let mut expect = Vec::new();
            for j in 0..2 {
                let mut x: [u8; 16] = std::array::from_fn(|i| plain[16 * j + i] ^ t[i]);
                x = aes256_block(&key[..32], &x);
                expect.extend((0..16).map(|i| x[i] ^ t[i]));
                let carry = t[15] >> 7;
                for i in (1..16).rev() {
                    t[i] = t[i] << 1 | t[i - 1] >> 7;
                }
                t[0] = t[0] << 1 ^ 0x87 * carry;
            }
            let xts = scpeer_awslc_aes_cipher_new(c"xts".as_ptr(), key.as_ptr(), 64, 1);
            assert!(!xts.is_null());
            let mut out = [0u8; 32];
            assert_eq!(scpeer_awslc_aes_cipher(xts, tweak.as_ptr(), plain.as_ptr(), 32, out.as_mut_ptr()), 1);
            assert_eq!(out[..], expect[..]);
            // The IV set again per call: the same data unit, the same bytes.
            let mut again = [0u8; 32];
            assert_eq!(scpeer_awslc_aes_cipher(xts, tweak.as_ptr(), plain.as_ptr(), 32, again.as_mut_ptr()), 1);
            assert_eq!(again, out);
            scpeer_awslc_aes_cipher_free(xts);
            let xts_dec = scpeer_awslc_aes_cipher_new(c"xts".as_ptr(), key.as_ptr(), 64, 0);
            let mut back = [0u8; 32];
            assert_eq!(scpeer_awslc_aes_cipher(xts_dec, tweak.as_ptr(), out.as_ptr(), 32, back.as_mut_ptr()), 1);
            assert_eq!(back[..], plain[..]);
            scpeer_awslc_aes_cipher_free(xts_dec);

            let key = hex("2b7e151628aed2a6abf7158809cf4f3c");
            let ctr = scpeer_awslc_aes_cipher_new(c"ctr".as_ptr(), key.as_ptr(), 16, 1);
            let iv = hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
            let pt = hex("6bc1bee22e409f96e93d7e117393172a");
            let mut ct = [0u8; 16];
            assert_eq!(scpeer_awslc_aes_cipher(ctr, iv.as_ptr(), pt.as_ptr(), 16, ct.as_mut_ptr()), 1);
            assert_eq!(ct[..], hex("874d6191b620e3261bef6864990db6ce")[..]);
            scpeer_awslc_aes_cipher_free(ctr);
            assert!(scpeer_awslc_aes_cipher_new(c"xts".as_ptr(), key.as_ptr(), 32, 1).is_null());
        }
    }

    #[test]
    fn versions_are_named() {
        let line = unsafe { CStr::from_ptr(scpeer_versions()) }.to_str().unwrap();
        assert!(line.contains("libdeflate 1.") && line.contains("zlib-ng 2.") && line.contains("AWS-LC "), "{line}");
        assert!(!unsafe { scpeer_version(c"aws-lc".as_ptr()) }.is_null());
        assert!(unsafe { scpeer_version(c"nope".as_ptr()) }.is_null());
    }
}
