# SPDX-License-Identifier: Apache-2.0
"""Replace the vDSO's entry points with real system calls.

The snapshot's vDSO reads the host kernel's [vvar] time data (not dumped:
it is not readable memory) and the TSC, neither meaningful in the emulator.
glibc resolved __vdso_clock_gettime & co. at startup, before main, so their
addresses are fixed: overwrite each function's first bytes with
`mov $NR, %eax; syscall; ret` (same argument registers as the vDSO call).
"""
import struct

STUBS = {  # vDSO symbol -> Linux x86-64 system call number
    "__vdso_clock_gettime": 228, "__vdso_gettimeofday": 96, "__vdso_time": 201,
    "__vdso_getcpu": 309, "__vdso_clock_getres": 229,
    "clock_gettime": 228, "gettimeofday": 96, "time": 201, "getcpu": 309, "clock_getres": 229,
}


def symbols(image):
    """name -> offset of the dynamic symbols of an in-memory ELF64 image."""
    shoff, = struct.unpack_from("<Q", image, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", image, 0x3A)
    shdrs = [struct.unpack_from("<IIQQQQIIQQ", image, shoff + i * shentsize) for i in range(shnum)]
    out = {}
    for sh in shdrs:
        if sh[1] != 11:  # SHT_DYNSYM
            continue
        strtab = shdrs[sh[6]]
        for off in range(sh[4], sh[4] + sh[5], sh[9]):
            name, info, _, shndx, value, _ = struct.unpack_from("<IBBHQQ", image, off)
            if value and shndx and (info & 0xF) == 2:  # STT_FUNC
                s = strtab[4] + name
                out[image[s:image.index(b"\0", s)].decode()] = value
    return out


def patch(image):
    """The image with every known entry point turned into a system call."""
    image = bytearray(image)
    for name, off in symbols(image).items():
        nr = STUBS.get(name)
        if nr is not None:
            image[off:off + 8] = b"\xb8" + struct.pack("<I", nr) + b"\x0f\x05\xc3"
    return bytes(image)
