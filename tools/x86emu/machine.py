# SPDX-License-Identifier: Apache-2.0
"""The emulated CPU: a 64-bit ring-3 process state on bochscpu, with system
calls delivered to Python.

System calls need no per-instruction hook: EFER.SCE is set and LSTAR points
at a kernel page holding `hlt; sysretq`.  The guest's `syscall` enters ring 0
at the hlt, whose hook stops the CPU; the caller emulates the call, puts the
result in rax and resumes, and sysretq returns to the guest (rcx/r11 hold its
rip/rflags as the architecture defines).
"""
import ctypes as C

from . import bochs

KERNEL_PAGE = 0xFFFFFFFFFF000000  # a canonical high address no process uses
CR0 = 0x80050031  # PG AM WP NE ET PE
CR4 = 0x50620  # PAE, OSFXSR, OSXMMEXCPT, FSGSBASE, OSXSAVE
EFER = 0xD01  # SCE, LME, LMA, NXE
XCR0 = 0xE7  # x87, SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM
USER_CS, USER_SS, KERNEL_CS = 0x33, 0x2B, 0x10


def _seg(sel, attr):
    return bochs.Seg(present=True, selector=sel, base=0, limit=0xFFFFFFFF, attr=attr)


class Machine:
    def __init__(self, lib, mem, counter=None):
        """counter: address of a native after_execution hook that increments
        the uint64 its ctx points at (helper.c's x86emu_count), or None."""
        self.lib, self.mem = lib, mem
        self.icount = C.c_uint64(0)
        lib.bochscpu_log_set_level(0)
        self.cpu = lib.bochscpu_cpu_new(0)
        mem.map(KERNEL_PAGE, 4096)
        mem.write(KERNEL_PAGE, b"\xf4\x48\x0f\x07")  # hlt; sysretq
        self.event = None  # ("syscall",) or ("exception", vector, error)
        self.hooks = bochs.Hooks()
        self.hooks.hlt = bochs.HLT_FN(self._on_hlt)
        self.hooks.exception = bochs.EXC_FN(self._on_exception)
        if counter:
            self.hooks.ctx = C.addressof(self.icount)
            self.hooks.after_execution = counter
        self.chain = (C.POINTER(bochs.Hooks) * 2)(C.pointer(self.hooks), None)

    def _on_hlt(self, ctx, cpu_id):
        self.event = ("syscall",)
        self.lib.bochscpu_cpu_stop(self.cpu)

    def _on_exception(self, ctx, cpu_id, vector, error):
        self.event = ("exception", vector, error)
        self.lib.bochscpu_cpu_stop(self.cpu)

    def load(self, regs, fs_base):
        """Ring 3, 64-bit, flat segments; regs: name -> value (GPRs, rip, rflags)."""
        st = bochs.State()
        for name, value in regs.items():
            setattr(st, name, value)
        st.cr0, st.cr4, st.efer, st.xcr0, st.cr3 = CR0, CR4, EFER, XCR0, self.mem.cr3
        st.cs = _seg(USER_CS, 0x22FB)  # present, DPL 3, code, L
        data = _seg(USER_SS, 0xCF3)  # present, DPL 3, data, G, D/B
        st.ss = st.ds = st.es = st.gs = data
        st.fs = _seg(USER_SS, 0xCF3)
        st.fs.base = fs_base
        st.tr = bochs.Seg(present=True, selector=0x40, base=0, limit=0x67, attr=0x8B)
        st.star = (((USER_SS - 8) | 3) << 48) | (KERNEL_CS << 32)
        st.lstar = KERNEL_PAGE
        st.sfmask = 0x700  # TF, IF, DF cleared on entry (Linux: also AC)
        st.fpcw, st.mxcsr, st.mxcsr_mask = 0x37F, 0x1F80, 0xFFFF
        st.pat = 0x0007040600070406
        st.apic_base = 0xFEE00900
        self.lib.bochscpu_cpu_set_state(self.cpu, C.byref(st))

    def state(self):
        st = bochs.State()
        self.lib.bochscpu_cpu_state(self.cpu, C.byref(st))
        return st

    def reg(self, name):
        return getattr(self.lib, "bochscpu_cpu_" + name)(self.cpu)

    def set_reg(self, name, value):
        getattr(self.lib, "bochscpu_cpu_set_" + name)(self.cpu, value & (2**64 - 1))

    def run(self):
        """Run until the next system call or exception; returns the event."""
        if self.mem.flush_needed:  # page-table entries removed: drop stale TLB entries
            self.lib.bochscpu_cpu_set_mode(self.cpu)
            self.mem.flush_needed = False
        self.event = None
        self.lib.bochscpu_cpu_run(self.cpu, self.chain)
        return self.event
