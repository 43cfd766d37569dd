#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Insert constant-time probes into textual LLVM IR (before DataFlowSanitizer).

Why probes rather than DFSan's own -dfsan-event-callbacks /
-dfsan-conditional-callbacks (LLVM 19, DataFlowSanitizer.cpp):
  * __dfsan_load_callback(label, addr) gets the union of the loaded memory's
    label and the pointer's label and no access size, so "secret address" cannot
    be told apart from "secret data loaded"; stores combine the pointer label
    only with -dfsan-combine-pointer-labels-on-store, and then not separably.
  * the conditional callback fires for `select` as well as `br`/`switch`, so the
    constant-time AVX-512 idiom blend(movepi8_mask(secret), a, b) (a vector
    select) cannot be told apart from a secret branch.
  * intrinsics (llvm.masked.load/store, the x86 gathers) only union their
    operands' labels: a masked load of secret data comes out unlabelled, a
    masked store labels nothing, a gather's index vector is never checked.
So each access gets an explicit call whose ARGUMENT is the pointer, condition,
index vector or length; DFSan hands the argument's label to the custom wrapper
(tests/ct_dfsan/ct_checker.c, listed `custom` in ct_abilist.txt), which reports
any non-zero label. Masked loads/stores get their memory labels propagated by
hand. A memory-touching intrinsic this script does not model, or inline asm
with a memory operand, makes it fail, so nothing slips through unchecked.

Probes keep the !dbg of the access, so findings print its source line.

usage: ct_probe_ir.py in.ll out.ll
"""
import re
import sys

PROBES = """
declare void @sc_ct_probe_addr(ptr)
declare void @sc_ct_probe_index(i64)
declare void @sc_ct_probe_branch(i64)
declare void @sc_ct_probe_select(i64)
declare i64 @sc_ct_label_of_memory(ptr, i64, i64, i64)
declare void @sc_ct_label_masked_store(ptr, i64, i64, i64, i64)
"""

# Intrinsics that touch memory (their declaration lacks memory(none)) must be
# modelled below or be harmless for constant time; any other one makes the
# build fail rather than let an access escape the checker.
MODELLED = re.compile(r"llvm\.(masked\.(load|store|gather|scatter)|x86\.(avx2\.gather|avx512\.(mask\.)?"
                      r"(gather|scatter))|mem(cpy|move|set)(\.inline)?|load\.relative|prefetch)\b")
HARMLESS = re.compile(r"llvm\.(lifetime\.(start|end)|assume|dbg\.\w+|experimental\.noalias\.scope\.decl|"
                      r"stacksave|stackrestore|invariant\.(start|end)|trap|debugtrap|x86\.sse2?\.[lms]fence|"
                      r"x86\.sse2\.pause)\b")


def memory_intrinsics(text):
    """Names of the intrinsics declared without memory(none)."""
    attrs = dict(re.findall(r"^attributes (#\d+) = \{(.*)\}$", text, re.M))
    names = set()
    for name, group in re.findall(r"^declare [^@]*@(llvm\.[\w.]+)\(.*?\)[^#\n]*(#\d+)?", text, re.M):
        if "memory(none)" not in attrs.get(group, ""):
            names.add(name)
    return names


X86_GATHER = re.compile(r"@llvm\.x86\.(avx2\.gather|avx512\.(mask\.)?gather)[\w.]*\(")
X86_SCATTER = re.compile(r"@llvm\.x86\.avx512\.(mask\.)?scatter[\w.]*\(")
ATTRS = {"noundef", "immarg", "nonnull", "nocapture", "readonly", "writeonly", "zeroext", "signext",
         "noalias", "inreg", "returned"}


def balanced_end(s, i):
    """Index just past the bracketed group starting at s[i]."""
    depth = 0
    for j in range(i, len(s)):
        if s[j] in "<[{(":
            depth += 1
        elif s[j] in ">]})":
            depth -= 1
            if depth == 0:
                return j + 1
    return len(s)


def split_top(s):
    """Split on commas outside brackets."""
    out, depth, cur = [], 0, []
    for ch in s:
        if ch in "<[{(":
            depth += 1
        elif ch in ">]})":
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    out.append("".join(cur).strip())
    return out


def type_and_value(tok):
    """'<8 x i64> noundef %2' -> ('<8 x i64>', '%2'); value '' when absent."""
    tok = tok.strip()
    end = balanced_end(tok, 0) if tok[:1] in "<[{" else len(tok.split()[0])
    ty, rest = tok[:end], tok[end:].split()
    while rest and (rest[0] in ATTRS or rest[0] == "align"):
        rest = rest[2:] if rest[0] == "align" else rest[1:]
    return ty, " ".join(rest)


def vector_shape(ty):
    """'<64 x i8>' -> (64, 'i8', 1) : lanes, element type, element bytes."""
    m = re.fullmatch(r"<(\d+) x (\w+)>", ty)
    if not m:
        return None
    sizes = {"i8": 1, "i16": 2, "i32": 4, "i64": 8, "float": 4, "double": 8, "ptr": 8, "half": 2}
    return int(m.group(1)), m.group(2), sizes.get(m.group(2))


def call_args(line, callee_end):
    """Argument tokens of the call whose '(' is at callee_end."""
    end = balanced_end(line, callee_end)
    return split_top(line[callee_end + 1:end - 1])


class Rewriter:
    def __init__(self, unmodelled):
        self.n = 0
        self.unmodelled = unmodelled  # memory intrinsics nobody models

    def fresh(self):
        self.n += 1
        return "%%ct.%d" % self.n

    def to_i64(self, ty, val, out, dbg):
        """Emit a conversion of a scalar value to i64 (keeps its DFSan label)."""
        if ty == "i64":
            return val
        t = self.fresh()
        if ty == "ptr":
            out.append("  %s = ptrtoint ptr %s to i64%s" % (t, val, dbg))
        elif re.fullmatch(r"i\d+", ty):
            out.append("  %s = zext %s %s to i64%s" % (t, ty, val, dbg))
        else:
            return None
        return t

    def lane0_i64(self, vty, val, out, dbg):
        """A vector's label is one label for all lanes: probe lane 0."""
        shape = vector_shape(vty)
        if not shape or not val.startswith("%"):
            return None
        lanes, ety, _ = shape
        e = self.fresh()
        out.append("  %s = extractelement %s %s, i64 0%s" % (e, vty, val, dbg))
        if ety in ("float", "double", "half"):
            b = self.fresh()
            ity = {"float": "i32", "double": "i64", "half": "i16"}[ety]
            out.append("  %s = bitcast %s %s to %s%s" % (b, ety, e, ity, dbg))
            return self.to_i64(ity, b, out, dbg)
        return self.to_i64(ety, e, out, dbg)

    def mask_bits(self, mty, mval, out, dbg):
        lanes = vector_shape(mty)[0]
        b, z = self.fresh(), self.fresh()
        out.append("  %s = bitcast %s %s to i%d%s" % (b, mty, mval, lanes, dbg))
        if lanes == 64:
            return b
        out.append("  %s = zext i%d %s to i64%s" % (z, lanes, b, dbg))
        return z

    def probe_addr(self, ptr, out, dbg):
        if ptr.startswith("%"):
            out.append("  call void @sc_ct_probe_addr(ptr %s)%s" % (ptr, dbg))

    def probe_index(self, ty, val, out, dbg):
        if not val.startswith("%"):
            return
        v = self.lane0_i64(ty, val, out, dbg) if ty.startswith("<") else self.to_i64(ty, val, out, dbg)
        if v:
            out.append("  call void @sc_ct_probe_index(i64 %s)%s" % (v, dbg))

    def rewrite(self, line):
        """Lines replacing one instruction line."""
        dbg_m = re.search(r", (!dbg !\d+)", line)
        dbg = ", " + dbg_m.group(1) if dbg_m else ""
        body = line.strip()
        out = []
        called = re.search(r"@(llvm\.[\w.]+)\(", body)
        if called and called.group(1) in self.unmodelled:
            raise SystemExit("ct_probe_ir: memory intrinsic not modelled by the checker: " + body)
        if re.search(r"\basm\b", body) and re.search(r'asm[^"]*"[^"]*", "[^"]*\*m', body):
            raise SystemExit("ct_probe_ir: inline asm with a memory operand (labels not tracked): " + body)
        m = re.match(r"(%[-\w.$\"]+ = )?(load|store) (atomic |volatile )*(.*)$", body)
        if m:
            ops = split_top(m.group(4))
            ptr = ops[1].split()[1] if len(ops) > 1 and ops[1].startswith("ptr ") else ""
            self.probe_addr(ptr, out, dbg)
            return out + [line]
        m = re.match(r"br i1 (%[-\w.$\"]+),", body)
        if m:
            t = self.fresh()
            out.append("  %s = zext i1 %s to i64%s" % (t, m.group(1), dbg))
            out.append("  call void @sc_ct_probe_branch(i64 %s)%s" % (t, dbg))
            return out + [line]
        m = re.match(r"switch (i\d+) (%[-\w.$\"]+),", body)
        if m:
            v = self.to_i64(m.group(1), m.group(2), out, dbg)
            out.append("  call void @sc_ct_probe_branch(i64 %s)%s" % (v, dbg))
            return out + [line]
        m = re.match(r"%[-\w.$\"]+ = select (?:\w+ )*i1 (%[-\w.$\"]+),", body)
        if m:  # scalar select (cmov or a branch, the backend decides)
            t = self.fresh()
            out.append("  %s = zext i1 %s to i64%s" % (t, m.group(1), dbg))
            out.append("  call void @sc_ct_probe_select(i64 %s)%s" % (t, dbg))
            return out + [line]
        m = re.search(r"\bcall\b[^(]*?\s(%[-\w.$\"]+)\(", body)
        if m:  # indirect call: the target must not be secret
            self.probe_addr(m.group(1), out, dbg)
            return out + [line]
        m = re.search(r"@llvm\.(load\.relative|prefetch)[\w.]*\(", body)
        if m:  # load.relative(base, offset): a table lookup; prefetch(addr)
            args = [type_and_value(a) for a in call_args(body, m.end() - 1)]
            self.probe_addr(args[0][1], out, dbg)
            if m.group(1) == "load.relative":
                self.probe_index(args[1][0], args[1][1], out, dbg)
            return out + [line]
        m = re.search(r"@llvm\.(memcpy|memmove|memset)[\w.]*\(", body)
        if m:
            args = [type_and_value(a) for a in call_args(body, m.end() - 1)]
            self.probe_addr(args[0][1], out, dbg)
            if m.group(1) != "memset":
                self.probe_addr(args[1][1], out, dbg)
            self.probe_index(args[2][0], args[2][1], out, dbg)
            return out + [line]
        m = X86_GATHER.search(body) or X86_SCATTER.search(body)
        if m:  # (src/mask..., ptr base, <N x iK> index, ...): base and index
            args = [type_and_value(a) for a in call_args(body, m.end() - 1)]
            for ty, val in args:
                if ty == "ptr":
                    self.probe_addr(val, out, dbg)
            # the index vector follows the base pointer in every x86 form
            base_at = next(i for i, a in enumerate(args) if a[0] == "ptr")
            if base_at + 1 < len(args):
                self.probe_index(args[base_at + 1][0], args[base_at + 1][1], out, dbg)
            return out + [line]
        m = re.search(r"@llvm\.masked\.(gather|scatter)[\w.]*\(", body)
        if m:  # gather(<N x ptr>, ...), scatter(val, <N x ptr>, ...)
            args = [type_and_value(a) for a in call_args(body, m.end() - 1)]
            pty, pval = args[0] if m.group(1) == "gather" else args[1]
            self.probe_index(pty, pval, out, dbg)
            return out + [line]
        m = re.match(r"(%[-\w.$\"]+) = (.*?)call (<\d+ x \w+>) @llvm\.masked\.load[\w.]*\(", body)
        if m:
            return self.masked_load(line, body, m, dbg)
        m = re.search(r"@llvm\.masked\.store[\w.]*\(", body)
        if m:
            args = [type_and_value(a) for a in call_args(body, m.end() - 1)]
            (vty, vval), (_, ptr), _, (mty, mval) = args
            self.probe_addr(ptr, out, dbg)
            lanes, ety, esize = vector_shape(vty)
            out.append(line)
            bits = self.mask_bits(mty, mval, out, dbg)
            carrier = self.lane0_i64(vty, vval, out, dbg) or "0"
            out.append("  call void @sc_ct_label_masked_store(ptr %s, i64 %s, i64 %d, i64 %d, i64 %s)%s"
                       % (ptr, bits, esize, lanes, carrier, dbg))
            return out
        return [line]

    def masked_load(self, line, body, m, dbg):
        """result = raw | splat(zero carrying the loaded bytes' labels)."""
        out = []
        name, vty = m.group(1), m.group(3)
        args = [type_and_value(a) for a in call_args(body, body.index("(", m.end() - 1))]
        ptr, (mty, mval) = args[0][1], args[2]
        self.probe_addr(ptr, out, dbg)
        lanes, ety, esize = vector_shape(vty)
        raw = self.fresh()
        out.append("  " + body.replace(name + " = ", raw + " = ", 1))
        bits = self.mask_bits(mty, mval, out, dbg)
        k = self.fresh()
        out.append("  %s = call i64 @sc_ct_label_of_memory(ptr %s, i64 %s, i64 %d, i64 %d)%s"
                   % (k, ptr, bits, esize, lanes, dbg))
        ity = {"float": "i32", "double": "i64", "half": "i16"}.get(ety, ety)
        ivty = "<%d x %s>" % (lanes, ity)
        src = raw
        if ity != ety:
            src = self.fresh()
            out.append("  %s = bitcast %s %s to %s%s" % (src, vty, raw, ivty, dbg))
        e, ins, spl = self.fresh(), self.fresh(), self.fresh()
        out.append("  %s = trunc i64 %s to %s%s" % (e, k, ity, dbg) if ity != "i64" else
                   "  %s = or i64 %s, 0%s" % (e, k, dbg))
        out.append("  %s = insertelement %s poison, %s %s, i64 0%s" % (ins, ivty, ity, e, dbg))
        out.append("  %s = shufflevector %s %s, %s poison, <%d x i32> zeroinitializer%s"
                   % (spl, ivty, ins, ivty, lanes, dbg))
        if ity != ety:
            o = self.fresh()
            out.append("  %s = or %s %s, %s%s" % (o, ivty, src, spl, dbg))
            out.append("  %s = bitcast %s %s to %s%s" % (name, ivty, o, vty, dbg))
        else:
            out.append("  %s = or %s %s, %s%s" % (name, vty, src, spl, dbg))
        return out


def main():
    src, dst = sys.argv[1], sys.argv[2]
    with open(src) as f:
        text = f.read()
    rw = Rewriter({n for n in memory_intrinsics(text) if not MODELLED.match(n) and not HARMLESS.match(n)})
    out = []
    in_function = False
    for line in text.split("\n"):
        if line.startswith("define "):
            in_function = True
        elif line.startswith("}"):
            in_function = False
        # instructions: two-space indent (switch case lines have four)
        if in_function and line.startswith("  ") and not line.startswith("   "):
            out.extend(rw.rewrite(line))
        else:
            out.append(line)
    out.append(PROBES)
    with open(dst, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
