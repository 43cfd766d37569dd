# SPDX-License-Identifier: Apache-2.0
"""gdb script: start the program natively, stop at main, write a snapshot.

Run as  gdb -batch -nx -ex 'python X86EMU_OUT="FILE"' -x snapshot.py --args BIN ARGS
(tools/x86emu/run.py does).  The environment gdb gives the program should
hold LD_BIND_NOW=1: every PLT slot is then resolved before main, so the
emulated process never enters the dynamic linker's lazy resolver.

Snapshot file: one JSON line {"regs", "fs_base", "regions": [{start, end,
perms, name, size}]} followed by each region's bytes in that order.
Unreadable mappings ([vvar], guard pages) are listed with size 0.
"""
import json

import gdb  # noqa: E402 (only inside gdb)

REGS = ("rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp", "r8", "r9", "r10", "r11",
        "r12", "r13", "r14", "r15", "rip", "eflags", "fs_base")


def main():
    out = X86EMU_OUT  # noqa: F821 (set by the caller with -ex)
    for cmd in ("set pagination off", "set confirm off", "set startup-with-shell off",
                "set disable-randomization on", "break main", "run"):
        gdb.execute(cmd, to_string=True)
    inf = gdb.selected_inferior()
    if not inf.pid:
        raise gdb.GdbError("x86emu snapshot: the program exited before main")
    regs = {r: int(gdb.parse_and_eval("$" + r)) & (2**64 - 1) for r in REGS}
    regions, blobs = [], []
    with open(f"/proc/{inf.pid}/maps") as maps, open(f"/proc/{inf.pid}/mem", "rb", 0) as mem:
        for line in maps:
            f = line.split(None, 5)
            start, end = (int(x, 16) for x in f[0].split("-"))
            name = f[5].strip() if len(f) > 5 else ""
            data = b""
            if "r" in f[1] and name not in ("[vvar]", "[vvar_vclock]", "[vsyscall]"):
                try:
                    mem.seek(start)
                    data = mem.read(end - start)
                except OSError:
                    data = b""
            regions.append({"start": start, "end": end, "perms": f[1], "name": name,
                            "size": len(data)})
            blobs.append(data)
    gdb.execute("kill", to_string=True)
    fs_base = regs.pop("fs_base")
    regs["rflags"] = regs.pop("eflags")
    with open(out, "wb") as fh:
        fh.write(json.dumps({"regs": regs, "fs_base": fs_base, "regions": regions}).encode() + b"\n")
        for b in blobs:
            fh.write(b)


main()
