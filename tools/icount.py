#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Performance proxy under qemu-user: guest instructions per byte executed by
every AArch64 and RISC-V checksum kernel on one input (16 KiB by default),
against the portable reference.

QEMU gives no timing, and Debian's qemu-user has no TCG plugins, so this
counts from qemu's own log: `-d in_asm,exec,nochain` prints each translated
block (TB) once with its instructions ("IN:" + one line per instruction)
just before its first execution, and, with chaining off, one "Trace" line
per TB execution naming the TB's host address. Executed instructions = sum
over Trace lines of the size of that TB.

Each kernel is measured with tests/icount_driver twice, once calling it on
LEN bytes and once skipping the call; the difference is exactly the call,
callees (table tails, reductions) included.

--alg kalyna measures the Kalyna kernels instead: ECB encryption of LEN
bytes for each block/key size (the driver's list-kalyna), key schedule
excluded.
--alg kalyna-chain: the serial Kalyna modes, CBC encryption (kalyna-cbc-B-K)
and the DSTU 7624 MAC (kalyna-mac-B-K) of LEN bytes, for 128- and 512-bit
blocks (the driver's list-kalyna-chain), key schedule excluded.
--alg magma: ECB encryption (magma-ecb), CBC encryption (magma-cbc, the
serial chain op) and the GOST 28147-89 MAC (magma-mac16, chain16) of LEN
bytes per Magma kernel (the driver's list-magma), key setup excluded.

--alg kalyna-gf: Kalyna GCM/GMAC's GF hash (GF(2^128) and GF(2^512)) per
GF kernel (the driver's list-kalyna-gf), H's setup excluded.

--alg aes: AES-128 ECB and XTS encryption (aes-ecb, aes-xts) of LEN bytes
per AES kernel through the cipher API (the driver's list-aes), key setup
excluded.

--alg chacha: per chacha kernel (the driver's list-chacha) its ChaCha20
(chacha20: keystream xor of LEN bytes), its Poly1305 (poly1305: the blocks
of LEN bytes in one call on a fresh key, so lazily computed powers of r
included, key setup excluded) and the ChaCha20-Poly1305 AEAD (one seal of
LEN bytes, no AAD, key setup excluded). Below 8192 bytes the driver runs
8192 // LEN messages (a run's count varies by a few dozen instructions).

--alg hash: MD5 and SHA3-256 per kernel (the driver's list-hash): hash-NAME
one message of LEN bytes on the kernel's single-stream code, many-NAME 16
messages of LEN bytes through sc_hash_many (the multi-lane kernel where
there is one), per byte of all 16 (so per lane).

Usage (after scripts/cross-test.sh built build-aarch64 and build-riscv64):
  tools/icount.py [--arch aarch64|riscv64|all] [--len 16384]
                  [--build-aarch64 DIR] [--build-riscv64 DIR] [--alg kalyna] [--alg kalyna-chain] [--alg magma]
                  [--alg kalyna-gf] [--alg hash] [--alg aes] [--alg chacha]
Prints markdown tables for BENCHMARKS.md.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

RV_ALL = ("rv64,v=true,vlen={},zba=true,zbb=true,zbc=true,zbs=true,"
          "zvbb=true,zvbc=true,zvkg=true,zvkned=true")
ARCHES = {
    "aarch64": {
        "qemu": "qemu-aarch64", "sysroot": "/usr/aarch64-linux-gnu",
        # every AArch64 feature qemu has; SVE vector length 128 bits
        "configs": [("max", "max,sve-default-vector-length=16")],
    },
    "riscv64": {
        "qemu": "qemu-riscv64", "sysroot": "/usr/riscv64-linux-gnu",
        "configs": [("VLEN %d" % v, RV_ALL.format(v)) for v in (128, 256, 512)],
    },
}

IN_INSN = re.compile(r"^0x[0-9a-fA-F]+:\s")
TRACE = re.compile(r"^Trace \d+: (0x[0-9a-fA-F]+) ")


def count_log(path):
    """Executed guest instructions in a qemu in_asm,exec,nochain log."""
    size_of = {}        # host TB address -> guest instructions
    pending = None      # size of the TB just printed, not yet executed
    in_block, n, total = False, 0, 0
    with open(path, errors="replace") as log:
        for line in log:
            if in_block:
                if IN_INSN.match(line):
                    n += 1
                    continue
                in_block, pending = False, n
            if line.startswith("IN:"):
                in_block, n = True, 0
                continue
            m = TRACE.match(line)
            if m:
                if pending is not None:   # first execution of a new TB
                    size_of[m.group(1)] = pending
                    pending = None
                total += size_of.get(m.group(1), 0)
    return total


def run_count(arch, cpu, driver, args):
    spec = ARCHES[arch]
    with tempfile.NamedTemporaryFile(suffix=".log") as log:
        cmd = [spec["qemu"], "-L", spec["sysroot"], "-cpu", cpu,
               "-d", "in_asm,exec,nochain", "-D", log.name, driver] + args
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode == 77:
            return None
        if r.returncode != 0:
            sys.exit("icount: %s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr))
        return count_log(log.name)


def kernels(arch, driver, list_command="list"):
    spec = ARCHES[arch]
    out = subprocess.run([spec["qemu"], "-L", spec["sysroot"], "-cpu", "max", driver, list_command],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    return [tuple(line.split()[:2]) for line in out.splitlines() if line.strip()]


def measure(arch, build, length, list_command="list"):
    driver = os.path.join(build, "tests", "icount_driver")
    if not os.path.exists(driver):
        sys.exit("icount: %s missing: run scripts/cross-test.sh %s first" % (driver, arch))
    rows = []
    for alg, name in kernels(arch, driver, list_command):
        per_config = []
        for _, cpu in ARCHES[arch]["configs"]:
            call = run_count(arch, cpu, driver, [alg, name, str(length), "call"])
            skip = run_count(arch, cpu, driver, [alg, name, str(length), "skip"])
            # many-*: 16 messages of `length` bytes each (icount_driver.c)
            total = length * (16 if alg.startswith("many-") else 1)
            # chacha cases: 8192 // LEN messages below 8192 bytes (icount_driver.c)
            if list_command == "list-chacha" and 0 < length < 8192:
                total *= 8192 // length
            per_config.append(None if call is None or skip is None else (call - skip) / total)
        rows.append((alg, name, per_config))
    return rows


def table(arch, rows, length):
    configs = [c for c, _ in ARCHES[arch]["configs"]]
    out = ["%s, %d-byte input: guest instructions per byte (x = fewer than portable)" % (arch, length), "",
           "| algorithm | kernel | " + " | ".join(configs) + " |",
           "|---|---|" + "---:|" * len(configs)]
    portable = {alg: cfg for alg, name, cfg in rows if name == "portable"}
    for alg, name, cfg in rows:
        cells = []
        for i, v in enumerate(cfg):
            if v is None:
                cells.append("n/a")
            elif name == "portable":
                cells.append("%.3f" % v)
            else:
                cells.append("%.3f (%.1fx)" % (v, portable[alg][i] / v))
        out.append("| %s | %s | %s |" % (alg, name, " | ".join(cells)))
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arch", default="all", choices=["aarch64", "riscv64", "all"])
    ap.add_argument("--len", type=int, default=16384)
    ap.add_argument("--build-aarch64", default=os.path.join(ROOT, "build-aarch64"))
    ap.add_argument("--build-riscv64", default=os.path.join(ROOT, "build-riscv64"))
    ap.add_argument("--alg", action="append", choices=["kalyna", "kalyna-chain", "magma", "kalyna-gf", "hash", "aes", "chacha"],
                    help="measure these cipher or hash kernels instead of the checksums (repeatable)")
    a = ap.parse_args()
    for arch in (["aarch64", "riscv64"] if a.arch == "all" else [a.arch]):
        build = a.build_aarch64 if arch == "aarch64" else a.build_riscv64
        for list_command in (["list-" + alg for alg in a.alg] if a.alg else ["list"]):
            print(table(arch, measure(arch, build, a.len, list_command), a.len))
            print()


if __name__ == "__main__":
    main()
