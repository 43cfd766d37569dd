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
//! Versions: `scpeer_version("libdeflate" | "zlib-ng" | "crc-fast" |
//! "crc32fast")` returns the version of that library (NULL for another name),
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

// --- versions

struct Versions {
    libdeflate: CString,
    zlib_ng: CString,
    crc_fast: CString,
    crc32fast: CString,
    line: CString,
}

fn versions() -> &'static Versions {
    static VERSIONS: OnceLock<Versions> = OnceLock::new();
    VERSIONS.get_or_init(|| {
        // The version zlib-ng was built as, from the library itself.
        let zlib_ng = unsafe { CStr::from_ptr(libz_ng_sys::zlibVersion()) }.to_owned();
        let line = format!(
            "libdeflate {} (crate libdeflate-sys {}), zlib-ng {} (crate libz-ng-sys {}), crc-fast {}, crc32fast {}",
            env!("SCPEER_LIBDEFLATE"),
            env!("SCPEER_LIBDEFLATE_SYS"),
            zlib_ng.to_string_lossy(),
            env!("SCPEER_LIBZ_NG_SYS"),
            env!("SCPEER_CRC_FAST"),
            env!("SCPEER_CRC32FAST"),
        );
        let c = |s: &str| CString::new(s).unwrap();
        Versions {
            libdeflate: c(env!("SCPEER_LIBDEFLATE")),
            zlib_ng,
            crc_fast: c(env!("SCPEER_CRC_FAST")),
            crc32fast: c(env!("SCPEER_CRC32FAST")),
            line: CString::new(line).unwrap(),
        }
    })
}

/// The version of one library ("libdeflate", "zlib-ng", "crc-fast",
/// "crc32fast"), NULL for any other name. The string lives until unload.
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

    #[test]
    fn versions_are_named() {
        let line = unsafe { CStr::from_ptr(scpeer_versions()) }.to_str().unwrap();
        assert!(line.contains("libdeflate 1.") && line.contains("zlib-ng 2."), "{line}");
        assert!(unsafe { scpeer_version(c"nope".as_ptr()) }.is_null());
    }
}
