// SPDX-License-Identifier: Apache-2.0
//! Names the exact versions linked: every crate's from Cargo.lock, and the C
//! library's from the header libdeflate-sys compiled (DEP_LIBDEFLATE_INCLUDE).
//! zlib-ng reports its own at run time (zlibng_version()).
use std::{env, fs, path::Path};

fn locked_version(lock: &str, name: &str) -> String {
    let key = format!("name = \"{name}\"");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == key {
            if let Some(v) = lines.next().and_then(|l| l.trim().strip_prefix("version = ")) {
                return v.trim_matches('"').to_string();
            }
        }
    }
    panic!("{name} not in Cargo.lock");
}

fn header_define(header: &Path, define: &str) -> String {
    let text = fs::read_to_string(header).expect("libdeflate.h");
    text.lines()
        .filter_map(|l| l.strip_prefix("#define ")).map(str::trim_start)
        .find_map(|l| l.strip_prefix(define)).map(|v| v.trim().trim_matches('"').to_string())
        .unwrap_or_else(|| panic!("{define} not in {}", header.display()))
}

fn main() {
    let dir = env::var("CARGO_MANIFEST_DIR").unwrap();
    let lock_path = Path::new(&dir).join("Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock_path.display());
    let lock = fs::read_to_string(&lock_path).expect("Cargo.lock (committed next to Cargo.toml)");
    for (crate_name, var) in [
        ("libdeflate-sys", "SCPEER_LIBDEFLATE_SYS"),
        ("libz-ng-sys", "SCPEER_LIBZ_NG_SYS"),
        ("crc-fast", "SCPEER_CRC_FAST"),
        ("crc32fast", "SCPEER_CRC32FAST"),
        ("aws-lc-sys", "SCPEER_AWS_LC_SYS"),
    ] {
        println!("cargo:rustc-env={var}={}", locked_version(&lock, crate_name));
    }
    let include = env::var("DEP_LIBDEFLATE_INCLUDE").expect("libdeflate-sys include dir");
    let version = header_define(&Path::new(&include).join("libdeflate.h"), "LIBDEFLATE_VERSION_STRING");
    println!("cargo:rustc-env=SCPEER_LIBDEFLATE={version}");
}
