# SPDX-License-Identifier: Apache-2.0
"""Linux x86-64 system calls of a single-threaded test program, in Python.

Enough for this repository's test binaries: output to the host's stdout/
stderr, exit, memory (brk, anonymous mmap/munmap/mremap), read-only files
(the test vectors), time, randomness; the signal and thread bookkeeping calls
get benign answers; anything else returns -ENOSYS with a note on stderr.
"""
import errno
import os
import struct
import sys
import time

from .mm import PAGE

MMAP_TOP = 0x7F0000000000  # below every library the snapshot holds (no ASLR)


class Exit(Exception):
    def __init__(self, code, why=""):
        super().__init__(why)
        self.code, self.why = code, why


def _up(n):
    return (n + PAGE - 1) & ~(PAGE - 1)


class Kernel:
    def __init__(self, mem, regions):
        self.mem = mem
        self.fds = {0: 0, 1: 1, 2: 2}  # guest fd -> host fd
        heap = [r for r in regions if r["name"] == "[heap]"]
        low = [r["end"] for r in regions if r["end"] < MMAP_TOP and not r["name"].startswith("[")]
        self.brk0 = self.brk = heap[0]["end"] if heap else max(low)
        self.mmap_next = min(r["start"] for r in regions if r["start"] >= MMAP_TOP >> 4 and
                             r["start"] > self.brk0 + (1 << 32))
        self.holes = []  # (start, length) of unmapped mmap ranges, reused first fit
        self.calls = {}
        self.table = {
            0: self.read, 1: self.write, 3: self.close, 5: self.fstat, 8: self.lseek,
            9: self.mmap, 10: self.zero, 11: self.munmap, 12: self.sys_brk, 13: self.zero,
            14: self.zero, 16: self.ioctl, 17: self.pread, 19: self.readv, 20: self.writev,
            21: self.access, 25: self.mremap, 28: self.zero, 37: self.zero, 39: self.getpid,
            60: self.exit, 62: self.kill, 63: self.uname, 72: self.fcntl,
            96: self.gettimeofday, 102: self.zero, 104: self.zero, 107: self.zero, 108: self.zero,
            110: self.getpid, 131: self.zero, 186: self.getpid, 201: self.time, 202: self.zero,
            218: self.getpid, 228: self.clock_gettime, 229: self.clock_getres, 231: self.exit,
            234: self.tgkill, 257: self.openat, 262: self.newfstatat, 273: self.zero,
            302: self.prlimit, 309: self.getcpu, 318: self.getrandom, 334: self.zero,
        }

    def call(self, nr, a):
        self.calls[nr] = self.calls.get(nr, 0) + 1
        fn = self.table.get(nr)
        if fn is None:
            sys.stderr.write(f"x86emu: system call {nr} not emulated (-ENOSYS)\n")
            return -errno.ENOSYS
        try:
            return fn(*a)
        except OSError as e:
            return -e.errno

    # -- processes and signals
    def zero(self, *a):
        return 0

    def getpid(self, *a):
        return 4242

    def exit(self, code, *a):
        raise Exit(code & 0xFF)

    def kill(self, pid, sig, *a):
        if sig == 0:
            return 0
        raise Exit(128 + sig, f"killed by signal {sig}")

    def tgkill(self, tgid, tid, sig, *a):
        return self.kill(tgid, sig)

    def uname(self, buf, *a):
        u = os.uname()
        self.mem.write(buf, b"".join(s.encode()[:64].ljust(65, b"\0") for s in
                                     (u.sysname, u.nodename, u.release, u.version, u.machine, "")))
        return 0

    def prlimit(self, pid, res, new, old, *a):
        if old:
            self.mem.write(old, struct.pack("<QQ", 8 << 20, 2**64 - 1))  # as RLIMIT_STACK
        return 0

    def getcpu(self, cpu, node, *a):
        for p in (cpu, node):
            if p:
                self.mem.write(p, b"\0" * 4)
        return 0

    # -- time and randomness
    def _timespec(self, clk):
        ns = time.clock_gettime_ns(clk)
        return struct.pack("<qq", ns // 10**9, ns % 10**9)

    def clock_gettime(self, clk, ts, *a):
        self.mem.write(ts, self._timespec(clk))
        return 0

    def clock_getres(self, clk, ts, *a):
        if ts:
            self.mem.write(ts, struct.pack("<qq", 0, 1))
        return 0

    def gettimeofday(self, tv, tz, *a):
        if tv:
            ns = time.time_ns()
            self.mem.write(tv, struct.pack("<qq", ns // 10**9, ns % 10**9 // 1000))
        return 0

    def time(self, t, *a):
        now = int(time.time())
        if t:
            self.mem.write(t, struct.pack("<q", now))
        return now

    def getrandom(self, buf, n, flags, *a):
        self.mem.write(buf, os.urandom(n))
        return n

    # -- memory
    def sys_brk(self, addr, *a):
        if addr > self.brk:
            self.mem.map(_up(self.brk), _up(addr) - _up(self.brk))
            self.brk = addr
        elif addr >= self.brk0:
            self.brk = addr
        return self.brk

    def _place(self, length):
        for i, (start, n) in enumerate(self.holes):
            if n >= length:
                self.holes[i] = (start + length, n - length)
                return start
        self.mmap_next -= length
        return self.mmap_next

    def mmap(self, addr, length, prot, flags, fd, off):
        length = _up(length)
        if not flags & 0x20:  # MAP_ANONYMOUS only (no file mappings)
            sys.stderr.write("x86emu: file mmap not emulated (-ENODEV)\n")
            return -errno.ENODEV
        if flags & 0x10:  # MAP_FIXED
            self.mem.unmap(addr, length)
        else:  # a hint is only a hint: take the next free range
            addr = self._place(length)
        self.mem.map(addr, length)
        return addr

    def munmap(self, addr, length, *a):
        length = _up(length)
        self.mem.unmap(addr, length)
        if addr < self.mmap_next + (1 << 40) and addr >= MMAP_TOP >> 4:
            self.holes.append((addr, length))
        return 0

    def mremap(self, old, old_len, new_len, flags, new_addr, *a):
        old_len, new_len = _up(old_len), _up(new_len)
        if new_len <= old_len:
            self.munmap(old + new_len, old_len - new_len)
            return old
        if not flags & 1:  # MREMAP_MAYMOVE
            return -errno.ENOMEM
        addr = self._place(new_len)
        self.mem.move(old, addr, old_len)
        self.mem.map(addr + old_len, new_len - old_len)
        self.holes.append((old, old_len))
        return addr

    # -- files (read-only pass-through) and output
    def _host(self, fd):
        h = self.fds.get(fd)
        if h is None:
            raise OSError(errno.EBADF, "bad fd")
        return h

    def openat(self, dirfd, path, flags, mode, *a):
        name = self.mem.cstring(path).decode(errors="surrogateescape")
        if flags & 3 or flags & 0o100:  # O_WRONLY/O_RDWR/O_CREAT
            sys.stderr.write(f"x86emu: open for writing refused: {name}\n")
            return -errno.EACCES
        if dirfd != -100 and dirfd != 0xFFFFFF9C and not name.startswith("/"):
            return -errno.ENOSYS
        h = os.open(name, os.O_RDONLY | (flags & os.O_DIRECTORY) | os.O_CLOEXEC)
        fd = 3
        while fd in self.fds:
            fd += 1
        self.fds[fd] = h
        return fd

    def close(self, fd, *a):
        h = self._host(fd)
        del self.fds[fd]
        if h > 2:
            os.close(h)
        return 0

    def read(self, fd, buf, n, *a):
        data = os.read(self._host(fd), n)
        self.mem.write(buf, data)
        return len(data)

    def pread(self, fd, buf, n, off, *a):
        data = os.pread(self._host(fd), n, off)
        self.mem.write(buf, data)
        return len(data)

    def readv(self, fd, iov, cnt, *a):
        total = 0
        for i in range(cnt):
            base, n = struct.unpack("<QQ", self.mem.read(iov + 16 * i, 16))
            got = self.read(fd, base, n)
            total += got
            if got < n:
                break
        return total

    def _out(self, fd, data):
        h = self._host(fd)
        if h not in (1, 2):
            return -errno.EBADF
        (sys.stdout if h == 1 else sys.stderr).buffer.write(data)
        (sys.stdout if h == 1 else sys.stderr).flush()
        return len(data)

    def write(self, fd, buf, n, *a):
        return self._out(fd, self.mem.read(buf, n))

    def writev(self, fd, iov, cnt, *a):
        parts = []
        for i in range(cnt):
            base, n = struct.unpack("<QQ", self.mem.read(iov + 16 * i, 16))
            parts.append(self.mem.read(base, n))
        return self._out(fd, b"".join(parts))

    def lseek(self, fd, off, whence, *a):
        if off >= 1 << 63:
            off -= 1 << 64
        return os.lseek(self._host(fd), off, whence)

    def ioctl(self, fd, req, arg, *a):
        return -errno.ENOTTY  # no terminal: stdio then buffers fully, as under ctest

    def fcntl(self, fd, cmd, arg, *a):
        self._host(fd)
        return 0

    def access(self, path, mode, *a):
        return 0 if os.access(self.mem.cstring(path), mode) else -errno.ENOENT

    @staticmethod
    def _stat(st):
        return struct.pack("<QQQIIIIQqqqqqqqqqqqq", st.st_dev, st.st_ino, st.st_nlink,
                           st.st_mode, st.st_uid, st.st_gid, 0, st.st_rdev, st.st_size,
                           st.st_blksize, st.st_blocks, int(st.st_atime), 0,
                           int(st.st_mtime), 0, int(st.st_ctime), 0, 0, 0, 0)

    def fstat(self, fd, buf, *a):
        self.mem.write(buf, self._stat(os.fstat(self._host(fd))))
        return 0

    def newfstatat(self, dirfd, path, buf, flags, *a):
        name = self.mem.cstring(path)
        if not name and flags & 0x1000:  # AT_EMPTY_PATH: fstat
            return self.fstat(dirfd, buf)
        self.mem.write(buf, self._stat(os.stat(name)))
        return 0
