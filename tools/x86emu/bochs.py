# SPDX-License-Identifier: Apache-2.0
"""ctypes binding of bochscpu's C API (yrp604/bochscpu's FFI, exported by the
bochscpu-python 0.4.0 wheel's extension module).

Why ctypes and not the wheel's Python classes: its nanobind layer installs
every Bochs instrumentation callback (before/after each instruction, each
linear and physical access) and tests a std::function per event, which runs
the guest at ~2 MIPS; with the C API only the hooks we fill in are non-NULL
(bochscpu treats a NULL hook as a no-op), so Bochs runs at its own speed.
The struct layouts mirror bochscpu.hpp (bochscpu-ffi, repr(C)).
"""
import ctypes as C


class Seg(C.Structure):
    _fields_ = [("present", C.c_bool), ("selector", C.c_uint16), ("base", C.c_uint64),
                ("limit", C.c_uint32), ("attr", C.c_uint16)]


class GlobalSeg(C.Structure):
    _fields_ = [("base", C.c_uint64), ("limit", C.c_uint16)]


class Zmm(C.Structure):
    _fields_ = [("q", C.c_uint64 * 8)]


class Floatx80(C.Structure):
    _fields_ = [("fraction", C.c_uint64), ("exp", C.c_uint16)]


GPRS = ("rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
        "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15")


class State(C.Structure):
    _fields_ = ([("bochscpu_seed", C.c_uint64)] + [(r, C.c_uint64) for r in GPRS] +
                [("rip", C.c_uint64), ("rflags", C.c_uint64)] +
                [(s, Seg) for s in ("es", "cs", "ss", "ds", "fs", "gs", "ldtr", "tr")] +
                [("gdtr", GlobalSeg), ("idtr", GlobalSeg), ("cr0", C.c_uint32),
                 ("cr2", C.c_uint64), ("cr3", C.c_uint64), ("cr4", C.c_uint32),
                 ("cr8", C.c_uint64), ("dr0", C.c_uint64), ("dr1", C.c_uint64),
                 ("dr2", C.c_uint64), ("dr3", C.c_uint64), ("dr6", C.c_uint32),
                 ("dr7", C.c_uint32), ("xcr0", C.c_uint32), ("zmm", Zmm * 32),
                 ("fpcw", C.c_uint16), ("fpsw", C.c_uint16), ("fptw", C.c_uint16),
                 ("fpop", C.c_uint16), ("fpst", Floatx80 * 8), ("mxcsr", C.c_uint32),
                 ("mxcsr_mask", C.c_uint32), ("tsc", C.c_uint64), ("efer", C.c_uint32)] +
                [(m, C.c_uint64) for m in ("kernel_gs_base", "apic_base", "pat", "sysenter_cs",
                                           "sysenter_eip", "sysenter_esp", "star", "lstar",
                                           "cstar", "sfmask", "tsc_aux")])


HLT_FN = C.CFUNCTYPE(None, C.c_void_p, C.c_uint32)
EXC_FN = C.CFUNCTYPE(None, C.c_void_p, C.c_uint32, C.c_uint32, C.c_uint32)
MISSING_FN = C.CFUNCTYPE(None, C.c_uint64)


class Hooks(C.Structure):
    # Only the hooks we use are typed; the others stay NULL (no-ops).
    _fields_ = ([("ctx", C.c_void_p), ("reset", C.c_void_p), ("hlt", HLT_FN)] +
                [(n, C.c_void_p) for n in ("mwait", "cnear_branch_taken", "cnear_branch_not_taken",
                                           "ucnear_branch", "far_branch", "opcode", "interrupt")] +
                [("exception", EXC_FN)] +
                [(n, C.c_void_p) for n in ("hw_interrupt", "tlb_cntrl", "cache_cntrl",
                                           "prefetch_hint", "clflush", "before_execution",
                                           "after_execution", "repeat_iteration", "inp", "inp2",
                                           "outp", "lin_access", "phy_access", "wrmsr", "vmexit")])


def load(path):
    """The extension module as a plain shared library, with argument types."""
    lib = C.CDLL(path)
    p, u64, u32 = C.c_void_p, C.c_uint64, C.c_uint32
    sigs = {
        "bochscpu_cpu_new": ([u32], p),
        "bochscpu_cpu_run": ([p, C.POINTER(C.POINTER(Hooks))], None),
        "bochscpu_cpu_stop": ([p], None),
        "bochscpu_cpu_state": ([p, C.POINTER(State)], None),
        "bochscpu_cpu_set_state": ([p, C.POINTER(State)], None),
        "bochscpu_cpu_set_mode": ([p], None),
        "bochscpu_mem_page_insert": ([u64, p], None),
        "bochscpu_mem_page_remove": ([u64], None),
        "bochscpu_mem_missing_page": ([MISSING_FN], None),
        "bochscpu_log_set_level": ([C.c_size_t], None),
    }
    for r in GPRS + ("rip", "rflags"):
        sigs["bochscpu_cpu_" + r] = ([p], u64)
        sigs["bochscpu_cpu_set_" + r] = ([p, u64], None)
    for name, (args, res) in sigs.items():
        f = getattr(lib, name)
        f.argtypes, f.restype = args, res
    return lib
