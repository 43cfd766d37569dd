#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# scripts/x86emu-setup.sh [DIR]: prepare tools/x86emu (the emulated Sapphire
# Rapids CPU that runs the AVX-512 kernels' tests on hosts without AVX-512)
# in DIR (default build/x86emu):
#   DIR/venv                 bochscpu-python, pinned (Bochs 3.0's CPU core)
#   DIR/bochscpu-spr.so      its extension, patched to model Sapphire Rapids
#   DIR/libx86emu_helper.so  tools/x86emu/helper.c (glibc < 2.38 shim, counter)
# Then reconfigure (cmake BUILD): the emu512 tests exist when DIR does.
# Exit 77 when a prerequisite is missing (python3 venv, gdb, the package).
set -eu
DIR=${1:-build/x86emu}
VERSION=0.4.0
# The wheel's extension module before and after the patch (sha256).
ORIG=a872ef067d57b4d9de17370e1e26a41e2790960518729363627adb50fbd035fe
ROOT=$(cd "$(dirname "$0")/.." && pwd)

[ "$(uname -m)" = x86_64 ] || { echo "x86emu-setup: x86-64 hosts only"; exit 77; }
command -v gdb >/dev/null || { echo "x86emu-setup: gdb is needed (snapshots)"; exit 77; }
mkdir -p "$DIR"
if [ ! -x "$DIR/venv/bin/pip" ]; then
  python3 -m venv "$DIR/venv" || { echo "x86emu-setup: no python3 venv"; exit 77; }
fi
"$DIR/venv/bin/pip" install -q "bochscpu-python==$VERSION" ||
  { echo "x86emu-setup: cannot install bochscpu-python==$VERSION"; exit 77; }
SO=$(ls "$DIR"/venv/lib/python3*/site-packages/bochscpu/_bochscpu.cpython-3*-x86_64-linux-gnu.so | head -n 1)

# The CPU model is a compiled-in parameter default: bochscpu's src/sim.rs
# declares ParamEnum::new("model", <list of 28 cpudb names>, 27), and 27 is
# Cannon Lake (AVX-512 F/BW/VBMI/IFMA, but #UD on VAES, VPCLMULQDQ, GFNI,
# VNNI).  Bochs's cpudb continues past the Rust list; entry 30 is Sapphire
# Rapids (CPUID family 6 model 0x8F: every extension the kernels use).  The
# two immediates `mov $28, %r8d; mov $27, %r9d` at file offset 0x44a6fc
# become 32 and 30.  Only this exact file is patched.
python3 - "$SO" "$DIR/bochscpu-spr.so" "$ORIG" <<'PY'
import hashlib, sys
src, dst, want = sys.argv[1:4]
data = bytearray(open(src, "rb").read())
if hashlib.sha256(data).hexdigest() != want:
    sys.exit(f"x86emu-setup: {src} is not the bochscpu-python 0.4.0 build this patch is for")
OFF, OLD = 0x44A6FC, bytes.fromhex("41b81c000000 41b91b000000")
if data[OFF:OFF + len(OLD)] != OLD:
    sys.exit("x86emu-setup: unexpected bytes at the CPU model default; not patching")
data[OFF:OFF + len(OLD)] = bytes.fromhex("41b820000000 41b91e000000")
open(dst + ".tmp", "wb").write(data)
PY
mv "$DIR/bochscpu-spr.so.tmp" "$DIR/bochscpu-spr.so"
${CC:-cc} -O2 -shared -fPIC -o "$DIR/libx86emu_helper.so" "$ROOT/tools/x86emu/helper.c"
echo "x86emu-setup: ready in $DIR"
