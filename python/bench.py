#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""One run of the Python package's figures (the lead puts them in
BENCHMARKS.md): per-call cost at 0 and 64 B (CRC-32 against zlib.crc32,
CRC-32C against its peers), CRC-32C throughput at 16 KiB against
google_crc32c and crc32c (measured in turn) and at 1 MiB against
the C library's own `simdcrypt speed`, and the price of releasing the GIL
(the step in time per call across simdcrypt.CHECKSUM_NOGIL_MIN, where the
checksums start releasing it).

    python python/bench.py [--cli build/src/cli/simdcrypt] [--trials 100]

Peers that are not installed are reported as absent. Each figure is the
minimum over --trials timed loops of about 2 ms.
"""
import argparse
import ctypes
import os
import re
import subprocess
import sys
import time
import zlib

# The installed package, not the sources beside this script.
sys.path = [d for d in sys.path if os.path.abspath(d or ".") != os.path.dirname(os.path.abspath(__file__))]
import simdcrypt  # noqa: E402


def per_call(fn, data, trials):
    """Best time per call of fn(data), in seconds: the minimum over `trials`
    timed loops of about 2 ms each, as `simdcrypt speed` measures (short
    trials, the minimum: on a shared machine most are disturbed)."""
    end = time.perf_counter() + 0.05
    while time.perf_counter() < end:  # warm up: caches, branch predictors, AVX-512 clocks
        fn(data)
    n = 1
    while True:  # calibrate a loop to about 2 ms
        t0 = time.perf_counter()
        for _ in range(n):
            fn(data)
        dt = time.perf_counter() - t0
        if dt >= 0.002:
            break
        n *= 2
    best = dt / n
    for _ in range(trials):
        t0 = time.perf_counter()
        for _ in range(n):
            fn(data)
        best = min(best, (time.perf_counter() - t0) / n)
    return best


def peers():
    found = {}
    try:
        import google_crc32c

        found["google_crc32c.value"] = google_crc32c.value
        found["google_crc32c impl"] = google_crc32c.implementation
    except ImportError:
        found["google_crc32c.value"] = None
    try:
        import crc32c

        found["crc32c.crc32c"] = crc32c.crc32c
    except ImportError:
        found["crc32c.crc32c"] = None
    return found


def cli_gbps(cli, size="1M"):
    """CRC-32C GB/s at `size` through the C library's public API, from its
    own benchmark's "dispatched (public API)" row, or None."""
    if not cli or not os.access(cli, os.X_OK):
        return None
    out = subprocess.run([cli, "speed", "-a", "crc32c", "--sizes", size], capture_output=True, text=True).stdout
    for line in out.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 3 and cells[1] == "dispatched (public API)":
            return float(cells[3])
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=os.path.join(os.path.dirname(__file__), "..", "build", "src", "cli", "simdcrypt"))
    ap.add_argument("--trials", type=int, default=100, help="timed loops of ~2 ms per figure (minimum taken)")
    a = ap.parse_args()
    p = peers()
    print(f"simdcrypt {simdcrypt.__version__}, Python {sys.version.split()[0]}, crc32c kernel "
          f"{simdcrypt.kernels().get('crc32c')}, GIL released from {simdcrypt.CHECKSUM_NOGIL_MIN} B "
          f"(checksums) and {simdcrypt.NOGIL_MIN} B (the rest)")

    # The fixed cost of a call: an empty buffer (no kernel, a cached small
    # int back) and 64 bytes (one short kernel call, a new int), each with
    # the timing loop's own overhead, which every peer pays too.
    peer_fns = [(name, p[name]) for name in ("google_crc32c.value", "crc32c.crc32c") if p[name] is not None]
    line = f"0 B    simdcrypt.crc32c {per_call(simdcrypt.crc32c, b'', a.trials) * 1e9:6.1f} ns/call"
    for name, fn in peer_fns:
        line += f"  {name} {per_call(fn, b'', a.trials) * 1e9:6.1f}"
    print(line)

    b64 = os.urandom(64)
    ours, theirs = per_call(simdcrypt.crc32, b64, a.trials), per_call(zlib.crc32, b64, a.trials)
    print(f"64 B  simdcrypt.crc32 {ours * 1e9:6.1f} ns/call  zlib.crc32 {theirs * 1e9:6.1f} ns/call  "
          f"ratio {theirs / ours:.2f}x")
    ours_c = per_call(simdcrypt.crc32c, b64, a.trials)
    line = f"64 B  simdcrypt.crc32c {ours_c * 1e9:6.1f} ns/call"
    for name, fn in peer_fns:
        line += f"  {name} {per_call(fn, b64, a.trials) * 1e9:6.1f}"
    print(line)

    b16 = os.urandom(16384)
    # ours and the peers in turn, twice, the better figure of each: on a
    # shared machine a ratio of figures taken a minute apart measures the
    # neighbours as well
    best = {}
    for _ in range(2):
        for name, fn in [("simdcrypt", simdcrypt.crc32c)] + peer_fns:
            t = per_call(fn, b16, a.trials)
            best[name] = min(best.get(name, t), t)
    ours = best.pop("simdcrypt")
    theirs = best
    print(f"16 KiB simdcrypt.crc32c {len(b16) / ours / 1e9:6.2f} GB/s")
    for name in ("google_crc32c.value", "crc32c.crc32c"):
        if name not in theirs:
            print(f"16 KiB {name}: absent")
            continue
        t = theirs[name]
        print(f"16 KiB {name} {len(b16) / t / 1e9:6.2f} GB/s  simdcrypt is {t / ours:.2f}x")

    big = os.urandom(1 << 20)
    # `simdcrypt speed` reads a 64-byte aligned buffer; a bytes object's data
    # sits 32 bytes into a 16-byte aligned block, and AVX-512 loads that
    # straddle cache lines cost a few percent: compare on an aligned view,
    # and show the bytes object's figure beside it.
    store = bytearray(big + bytes(64))
    skip = -ctypes.addressof((ctypes.c_char * len(store)).from_buffer(store)) % 64
    aligned = memoryview(store)[skip:skip + len(big)]
    # ours before and after the C figure, the better one: the two are taken
    # at different moments of a shared machine
    ours = per_call(simdcrypt.crc32c, aligned, a.trials)
    ref = cli_gbps(a.cli)
    ours = min(ours, per_call(simdcrypt.crc32c, aligned, a.trials))
    gbps = len(big) / ours / 1e9
    print(f"1 MiB  simdcrypt.crc32c on bytes {len(big) / per_call(simdcrypt.crc32c, big, a.trials) / 1e9:6.2f} GB/s")
    if ref:
        print(f"1 MiB  simdcrypt.crc32c aligned {gbps:6.2f} GB/s  C library (simdcrypt speed, public API) {ref:6.2f} GB/s  "
              f"ratio {gbps / ref:.3f}")
    else:
        print(f"1 MiB  simdcrypt.crc32c {gbps:6.2f} GB/s  (C library figure absent: build {a.cli})")
    gbps32 = len(big) / per_call(simdcrypt.crc32, big, a.trials) / 1e9
    print(f"1 MiB  simdcrypt.crc32 {gbps32:6.2f} GB/s  zlib.crc32 "
          f"{len(big) / per_call(zlib.crc32, big, a.trials) / 1e9:6.2f} GB/s")

    # The GIL: the same call just below and at CHECKSUM_NOGIL_MIN; the step is the
    # release/re-acquire pair (the extra byte costs well under a nanosecond).
    lo, hi = os.urandom(simdcrypt.CHECKSUM_NOGIL_MIN - 1), os.urandom(simdcrypt.CHECKSUM_NOGIL_MIN)
    t_lo = per_call(simdcrypt.crc32c, lo, a.trials)
    t_hi = per_call(simdcrypt.crc32c, hi, a.trials)
    print(f"GIL    crc32c {len(lo)} B {t_lo * 1e9:.1f} ns (GIL held), {len(hi)} B {t_hi * 1e9:.1f} ns "
          f"(GIL released): the pair costs {(t_hi - t_lo) * 1e9:.1f} ns, {(t_hi - t_lo) / t_hi * 100:.1f}% "
          f"of the call")


if __name__ == "__main__":
    main()
