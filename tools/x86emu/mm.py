# SPDX-License-Identifier: Apache-2.0
"""Guest memory: one flat guest-physical arena (a host anonymous mapping,
zero-filled on demand) and 4-level x86-64 page tables written into it.

Every guest page is mapped user+writable+executable (the tests need no
protection; mprotect is a no-op).  The Python side keeps vpn -> gpa in a
dict, which is how the syscall emulation reads and writes guest memory.
"""
import ctypes as C
import mmap
import struct

PAGE = 4096
MAP_NORESERVE = 0x4000  # Linux x86-64 (the mmap module lacks the name)
PTE_FLAGS = 0x7  # present, writable, user


class Memory:
    def __init__(self, lib, size=4 << 30):
        self.lib = lib
        self.arena = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | MAP_NORESERVE,
                               prot=mmap.PROT_READ | mmap.PROT_WRITE)
        self.base = C.addressof(C.c_char.from_buffer(self.arena))
        self.size = size
        self.next_gpa = PAGE  # gpa 0 stays unused
        self.free = []
        self.inserted = set()
        self.pages = {}  # vpn -> gpa of every mapped guest page
        self.tables = {}  # (level, va prefix) -> gpa of a page-table page
        self.cr3 = self._alloc()
        self.flush_needed = False

    def _alloc(self):
        if self.free:
            gpa = self.free.pop()
            self.arena[gpa:gpa + PAGE] = bytes(PAGE)
            return gpa
        gpa = self.next_gpa
        if gpa + PAGE > self.size:
            raise MemoryError("x86emu: guest-physical arena exhausted")
        self.next_gpa += PAGE
        if gpa not in self.inserted:
            self.lib.bochscpu_mem_page_insert(gpa, self.base + gpa)
            self.inserted.add(gpa)
        return gpa

    def _pte_addr(self, va):
        """Guest-physical address of va's page-table entry (tables made as needed)."""
        table = self.cr3
        for level, shift in ((4, 39), (3, 30), (2, 21)):
            idx = (va >> shift) & 511
            key = (level, va >> shift)
            nxt = self.tables.get(key)
            if nxt is None:
                nxt = self._alloc()
                self.tables[key] = nxt
                struct.pack_into("<Q", self.arena, table + 8 * idx, nxt | PTE_FLAGS)
            table = nxt
        return table + 8 * ((va >> 12) & 511)

    def map(self, va, length):
        """Map [va, va+length) to fresh zero pages (pages already mapped stay)."""
        for vpn in range(va >> 12, (va + length + PAGE - 1) >> 12):
            if vpn in self.pages:
                continue
            gpa = self._alloc()
            self.pages[vpn] = gpa
            struct.pack_into("<Q", self.arena, self._pte_addr(vpn << 12), gpa | PTE_FLAGS)

    def unmap(self, va, length):
        for vpn in range(va >> 12, (va + length + PAGE - 1) >> 12):
            gpa = self.pages.pop(vpn, None)
            if gpa is not None:
                struct.pack_into("<Q", self.arena, self._pte_addr(vpn << 12), 0)
                self.free.append(gpa)
                self.flush_needed = True

    def move(self, old, new, length):
        """Remap the pages of [old, old+length) at new (mremap), keeping their contents."""
        for i in range((length + PAGE - 1) >> 12):
            gpa = self.pages.pop((old >> 12) + i, None)
            if gpa is None:
                continue
            struct.pack_into("<Q", self.arena, self._pte_addr(old + (i << 12)), 0)
            self.pages[(new >> 12) + i] = gpa
            struct.pack_into("<Q", self.arena, self._pte_addr(new + (i << 12)), gpa | PTE_FLAGS)
        self.flush_needed = True

    def mapped(self, va, length):
        return all(v in self.pages for v in range(va >> 12, (va + length + PAGE - 1) >> 12))

    def read(self, va, n):
        out = bytearray()
        while n > 0:
            off = va & (PAGE - 1)
            k = min(n, PAGE - off)
            gpa = self.pages.get(va >> 12)
            if gpa is None:
                raise MemoryError(f"x86emu: read of unmapped guest address {va:#x}")
            out += self.arena[gpa + off:gpa + off + k]
            va, n = va + k, n - k
        return bytes(out)

    def write(self, va, data):
        data = memoryview(bytes(data))
        while len(data):
            off = va & (PAGE - 1)
            k = min(len(data), PAGE - off)
            gpa = self.pages.get(va >> 12)
            if gpa is None:
                raise MemoryError(f"x86emu: write to unmapped guest address {va:#x}")
            self.arena[gpa + off:gpa + off + k] = data[:k]
            va, data = va + k, data[k:]

    def cstring(self, va, limit=4096):
        out = bytearray()
        while len(out) < limit:
            chunk = self.read(va, PAGE - (va & (PAGE - 1)))
            z = chunk.find(b"\0")
            if z >= 0:
                return bytes(out + chunk[:z])
            out += chunk
            va += len(chunk)
        return bytes(out)
