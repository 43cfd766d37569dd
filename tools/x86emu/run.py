# SPDX-License-Identifier: Apache-2.0
"""Run an x86-64 Linux program of this repository under an emulated
Sapphire Rapids CPU (AVX-512 with VAES/VPCLMULQDQ/GFNI/VBMI/IFMA/VNNI).

    python3 tools/x86emu/run.py [--stats] -- PROGRAM [ARGS...]

1. snapshot (snapshot.py): the program starts natively under gdb with
   LD_BIND_NOW=1 and stops at main (the dynamic linker and libc's startup ran
   on the host); every readable mapping and the registers are saved.
2. emulate: each page is mapped at its own virtual address on bochscpu
   (mm.py), the registers loaded, and the program runs from main; system
   calls go to syscalls.py.  CPUID is Bochs's, so the library's lazy feature
   detection sees AVX-512 and dispatch/tests use those kernels.
The exit status is the program's (128+N if it raised signal N; 132 on an
illegal instruction, 139 on another fault).  X86EMU_DIR (default
build/x86emu, made by scripts/x86emu-setup.sh) holds the patched bochscpu
library and libx86emu_helper.so.
"""
import ctypes as C
import json
import os
import struct
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from x86emu import bochs, machine, mm, syscalls, vdso  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
STACK_EXTRA = 8 << 20  # room for the stack to grow below the snapshot's [stack]
ARGS = ("rdi", "rsi", "rdx", "r10", "r8", "r9")
EXC_NAMES = {0: "#DE divide error", 6: "#UD illegal instruction", 13: "#GP general protection",
             14: "#PF page fault", 17: "#AC alignment check", 19: "#XM SIMD floating point"}


def snapshot(argv, path):
    env = dict(os.environ, LD_BIND_NOW="1")
    cmd = ["gdb", "-batch", "-nx", "-ex", f"python X86EMU_OUT={path!r}",
           "-x", os.path.join(HERE, "snapshot.py"), "--args"] + argv
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode or not os.path.getsize(path):
        sys.stderr.write(r.stdout.decode(errors="replace"))
        raise SystemExit(f"x86emu: snapshot of {argv[0]} failed")
    with open(path, "rb") as fh:
        head = json.loads(fh.readline())
        for reg in head["regions"]:
            reg["data"] = fh.read(reg["size"])
    return head


def load_library(d):
    helper = C.CDLL(os.path.join(d, "libx86emu_helper.so"), mode=C.RTLD_GLOBAL)
    lib = bochs.load(os.path.join(d, "bochscpu-spr.so"))
    return lib, C.cast(helper.x86emu_count, C.c_void_p).value


def fault(m, ev):
    st = m.state()
    vec, err = ev[1], ev[2]
    try:
        code = m.mem.read(st.rip, 16).hex(" ")
    except MemoryError:
        code = "(unmapped)"
    what = EXC_NAMES.get(vec, f"exception {vec}")
    sys.stderr.write(f"x86emu: {what} (error {err:#x}) near rip {st.rip:#x} cr2 {st.cr2:#x} "
                     f"rsp {st.rsp:#x}\nx86emu: bytes at rip: {code}\n")
    return 132 if vec == 6 else 139


def emulate(head, d, stats):
    lib, counter = load_library(d)
    mem = mm.Memory(lib)
    m = machine.Machine(lib, mem, counter)
    for reg in head["regions"]:
        data = reg["data"]
        if reg["name"] == "[vdso]" and data:
            data = vdso.patch(data)
        if not data:
            continue
        start = reg["start"]
        if reg["name"] == "[stack]":
            mem.map(start - STACK_EXTRA, STACK_EXTRA)
        mem.map(start, reg["end"] - start)
        mem.write(start, data)
    kernel = syscalls.Kernel(mem, head["regions"])
    m.load(head["regs"], head["fs_base"])
    t0, code = time.time(), None
    while code is None:
        ev = m.run()
        if ev is None:
            sys.stderr.write("x86emu: the CPU stopped without an event\n")
            code = 125
        elif ev[0] == "syscall":
            nr = m.reg("rax")
            try:
                res = kernel.call(nr, [m.reg(r) for r in ARGS])
            except syscalls.Exit as e:
                if e.why:
                    sys.stderr.write(f"x86emu: {e.why}\n")
                code = e.code
            except MemoryError as e:
                sys.stderr.write(f"{e} (system call {nr})\n")
                code = 139
            else:
                m.set_reg("rax", res)
        else:
            code = fault(m, ev)
    dt = time.time() - t0
    if stats:
        n = m.icount.value
        calls = " ".join(f"{k}:{v}" for k, v in sorted(kernel.calls.items()))
        sys.stderr.write(f"x86emu: {n} guest instructions in {dt:.1f} s = {n / dt / 1e6:.1f} MIPS; "
                         f"{len(mem.pages)} pages; system calls {calls}\n")
    return code


def main():
    args = sys.argv[1:]
    stats = False
    while args and args[0].startswith("--"):
        opt = args.pop(0)
        if opt == "--":
            break
        if opt == "--stats":
            stats = True
        else:
            raise SystemExit(f"x86emu: unknown option {opt}")
    if not args:
        raise SystemExit(__doc__)
    d = os.environ.get("X86EMU_DIR") or os.path.join(os.getcwd(), "build", "x86emu")
    if not os.path.exists(os.path.join(d, "bochscpu-spr.so")):
        raise SystemExit(f"x86emu: no {d}/bochscpu-spr.so (run scripts/x86emu-setup.sh)")
    with tempfile.TemporaryDirectory(prefix="x86emu-") as tmp:
        head = snapshot(args, os.path.join(tmp, "snap"))
    sys.stdout.flush()
    code = emulate(head, d, stats)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)  # skip interpreter teardown (the Bochs CPU object lives in C)


if __name__ == "__main__":
    main()
