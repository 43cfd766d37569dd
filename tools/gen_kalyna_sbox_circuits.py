#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate src/kalyna/kalyna_bitsliced_circuits.h: straight-line Boolean
circuits (AND, XOR, AND-NOT, NOT on 64-bit words, one bit of 64 bytes per
word) for the four S-boxes pi_0..pi_3 of DSTU 7624:2014 and their inverses,
and xor networks for MixColumns and its inverse, for the bitsliced Kalyna
kernel (kalyna_bitsliced.c).

Run: python3 tools/gen_kalyna_sbox_circuits.py > src/kalyna/kalyna_bitsliced_circuits.h
     python3 tools/gen_kalyna_sbox_circuits.py --search   (re-pick SPLITS below)
     python3 tools/gen_kalyna_sbox_circuits.py --search-order [N [SEEDS]]
         (re-pick ORDERS below, and with SEEDS the seeds of SPLITS: needs cc
         and objdump, x86-64; a few minutes)
     python3 tools/gen_kalyna_sbox_circuits.py --check src/kalyna/kalyna_bitsliced_circuits.h
         (the ctest: prints "N passed, N failed", exit 1 if it differs)
Every circuit is checked on all 256 inputs before it is emitted.

The S-boxes have no algebraic structure to exploit, so each circuit is a
two-level algebraic normal form. The eight input bits are split into an
"outer" set O and an "inner" set I (4 + 4, 3 + 5 or 2 + 6 bits); every
output bit is

    f(x) = XOR over subsets H of O of  m_H(x_O) * a_H(x_I)

(the ANF in the outer variables, whose coefficients a_H are functions of
the inner bits). m_H are the outer monomials (ANDs of fewer-variable ones).
Each a_H is a GF(2)-linear combination of the inner monomials (ANDs as
well); the 8 * 2^|O| coefficient functions of all eight output bits share
one xor network found with Paar's greedy common-subexpression heuristic
(repeatedly materialise the pair of signals that occurs in the most
targets). The constant monomial is kept out of the network: a coefficient
a' ^ 1 becomes m_H & ~a' (one and-not) and a constant term of f a final
NOT. Then each output bit costs its nonzero products and their xors.
A few outer bits mean few products but a larger network: 4 + 4 gives ~560
gates, the best 3 + 5 or 2 + 6 splits ~510-520.

Which bits are inner changes the count by tens of gates, and Paar's
tie-breaking by a few more, so SPLITS holds, per S-box, the split and seed
that --search found best (every inner set of 4, 5 or 6 bits, then 40
seeds); the default run uses it and is fast and deterministic (the ctest
test_kalyna_sbox_circuits_generated re-runs it and compares the header).

The straight-line code is emitted depth first from the outputs (each value
next to its first use). The order in which the eight outputs are visited
changes how many values gcc keeps live, so how much it spills on x86-64's 16
registers (the kernel is dispatch-bound at ~5 instructions a cycle on Zen 3,
2.3-2.4 instructions per gate): ORDERS holds, per circuit, the order with
the fewest x86-64 instructions (gcc -O2) that --search-order 60 found (the
default order and 60 random ones; instructions 1201-1305 -> 1183-1294 per
circuit, 9994 -> 9816 over the eight; 16 KiB ECB 3 % faster, 1 KiB 8 %).
--search-order 20 4 also varies the Paar seed: 9758 instructions with a few
more gates, but 1 % slower at 16 KiB, so not used.

MixColumns and its inverse (one column, a 64x64 GF(2) matrix) get Paar
networks too.
"""
import subprocess
import tempfile

import ast
import itertools
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# (inner bit set, Paar seed) per circuit (pi_0..pi_3, then the inverses),
# from --search (minutes).
SPLITS = None  # filled in below the functions
ORDERS = None  # output visiting order per circuit (--search-order), below


def load_sboxes():
    """pi_0..pi_3 from tools/gen_kalyna_tables.py's PI_TEXT (read as data,
    not executed: that script prints its tables when run)."""
    with open(os.path.join(HERE, "gen_kalyna_tables.py")) as f:
        tree = ast.parse(f.read())
    text = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "PI_TEXT" for t in node.targets):
            text = ast.literal_eval(node.value)
    boxes = []
    for part in text.split(";"):
        vals = [int(t, 16) for t in part.split()]
        assert sorted(vals) == list(range(256))
        boxes.append(vals)
    inv = []
    for b in boxes:
        t = [0] * 256
        for x, y in enumerate(b):
            t[y] = x
        inv.append(t)
    return boxes + inv


def mobius(table, nvars):
    """ANF coefficients of a truth table of nvars variables (bit m = the
    coefficient of the monomial with variable set m)."""
    a = list(table)
    for i in range(nvars):
        for m in range(1 << nvars):
            if m >> i & 1:
                a[m] ^= a[m ^ (1 << i)]
    return a


def paar(targets, seed=0):
    """Xor network for targets (sets of base-signal ids, each of size >= 2).
    Returns the list of new signals (a, b) -> id (ids continue after the
    bases) and, per target, the id computing it. Ties between pairs go to
    the lowest ids for seed 0, else to a pseudo-random one (random.Random
    with that seed: --search tries several and SPLITS keeps the best)."""
    rng = random.Random(seed) if seed else None
    targets = [set(t) for t in targets]
    next_id = 1 + max(max(t) for t in targets) if targets else 0
    gates = []
    while True:
        counts = {}
        for t in targets:
            if len(t) < 2:
                continue
            s = sorted(t)
            for i in range(len(s)):
                for j in range(i + 1, len(s)):
                    counts[(s[i], s[j])] = counts.get((s[i], s[j]), 0) + 1
        if not counts:
            break
        if rng is None:
            pair = max(counts, key=lambda p: (counts[p], -p[0], -p[1]))
        else:
            top = max(counts.values())
            pair = rng.choice(sorted(p for p in counts if counts[p] == top))
        new = next_id
        next_id += 1
        gates.append((pair, new))
        for t in targets:
            if pair[0] in t and pair[1] in t:
                t.discard(pair[0])
                t.discard(pair[1])
                t.add(new)
    return gates, [next(iter(t)) for t in targets]


class Circuit:
    """One S-box's circuit as lines of C, with its gate count."""

    def __init__(self, table, inner, seed=0, order=None):
        self.lines, self.gates = [], 0
        outer = [b for b in range(8) if b not in inner]
        self.inner, self.outer = inner, outer

        ni, no = len(inner), len(outer)
        # coef[o][H] = ANF vector (bit L: inner monomial L) of a_H for output o
        coef = []
        for o in range(8):
            slices = []  # slices[h][l] = f(x) with outer bits h, inner bits l
            for h in range(1 << no):
                g = [0] * (1 << ni)
                for l in range(1 << ni):
                    x = 0
                    for i, b in enumerate(outer):
                        x |= ((h >> i) & 1) << b
                    for i, b in enumerate(inner):
                        x |= ((l >> i) & 1) << b
                    g[l] = (table[x] >> o) & 1
                slices.append(g)
            # Mobius over h, pointwise in l, then over l
            a_h = [[0] * (1 << ni) for _ in range(1 << no)]
            for l in range(1 << ni):
                col = mobius([slices[h][l] for h in range(1 << no)], no)
                for H in range(1 << no):
                    a_h[H][l] = col[H]
            coef.append([sum(bit << L for L, bit in enumerate(mobius(a_h[H], ni))) for H in range(1 << no)])
        self.coef = coef
        self.names = {}
        # Inner monomials: signal id L (1..15); 0 (the constant) stays out.
        need_inner = set()
        targets = []
        for o in range(8):
            for H in range(1 << no):
                v = coef[o][H] & ~1
                if v:
                    need_inner |= {L for L in range(1, 1 << ni) if v >> L & 1}
                    if bin(v).count("1") >= 2:
                        targets.append(frozenset(L for L in range(1 << ni) if v >> L & 1))
        targets = sorted(set(targets), key=lambda t: sorted(t))
        self.emit_monomials("i", inner, need_inner, lambda L: L)
        gates, ids = paar(targets, seed)
        for (a, b), new in gates:
            self.names[new] = "c%d" % new
            self.emit("c%d" % new, "%s ^ %s" % (self.names[a], self.names[b]), 1)
        target_name = {t: self.names[i] for t, i in zip(targets, ids)}
        # Outer monomials: ids 100000 + H (past any network id).
        need_outer = {H for o in range(8) for H in range(1, 1 << no) if coef[o][H]}
        self.emit_monomials("o", outer, need_outer, lambda H: 100000 + H)
        for o in range(8):
            terms, invert = [], False
            for H in range(1 << no):
                v = coef[o][H]
                if v == 0:
                    continue
                c, rest = v & 1, v & ~1
                if rest == 0:
                    a = None
                elif bin(rest).count("1") == 1:
                    a = self.names[rest.bit_length() - 1]
                else:
                    a = target_name[frozenset(L for L in range(1 << ni) if rest >> L & 1)]
                if H == 0:
                    invert ^= bool(c)
                    if a:
                        terms.append(a)
                    continue
                m = self.names[100000 + H]
                if a is None:
                    terms.append(m)
                elif c:
                    terms.append("(%s & ~%s)" % (m, a))
                    self.gates += 1
                else:
                    terms.append("(%s & %s)" % (m, a))
                    self.gates += 1
            expr = " ^ ".join(terms) if terms else "0"
            self.gates += max(len(terms) - 1, 0)
            if invert:
                expr = "~(%s)" % expr
                self.gates += 1
            self.lines.append("    y[%d] = %s;" % (o, expr))
        self.lines = depth_first(self.lines, order)

    def emit(self, name, expr, cost):
        self.lines.append("    const uint64_t %s = %s;" % (name, expr))
        self.gates += cost

    def emit_monomials(self, prefix, bits, needed, sig):
        """Monomials over bits (index bit set m -> product), ANDing onto the
        monomial without its highest variable; all of `needed` and what they
        build on."""
        closure = set()
        for m in needed:
            while m:
                closure.add(m)
                m &= ~(1 << (m.bit_length() - 1))
        for m in sorted(closure, key=lambda m: (bin(m).count("1"), m)):
            if bin(m).count("1") == 1:
                self.names[sig(m)] = "x[%d]" % bits[m.bit_length() - 1]
            else:
                hi = 1 << (m.bit_length() - 1)
                name = "%s%d" % (prefix, m)
                self.names[sig(m)] = name
                self.emit(name, "%s & x[%d]" % (self.names[sig(m ^ hi)], bits[hi.bit_length() - 1]), 1)


def depth_first(lines, order=None):
    """Reorder the definitions depth first from y[0], y[1], ...: each value
    is computed close to its first use, which keeps fewer values live at a
    time (fewer spills on x86-64's 16 registers) than the order of the
    construction (all monomials, all of the network, then the outputs)."""
    defs, outputs = {}, []
    for line in lines:
        name = line.split(" = ")[0].split()[-1]
        if name.startswith("y["):
            outputs.append(line)
        else:
            defs[name] = line
    done, out = set(), []

    def visit(line):
        for dep in re.findall(r"\b[ioc]\d+\b", line.split(" = ", 1)[1]):
            if dep not in done:
                done.add(dep)
                visit(defs[dep])
                out.append(defs[dep])

    for line in (outputs if order is None else [outputs[i] for i in order]):
        visit(line)
        out.append(line)
    return out


def evaluate(circuit_lines):
    """Run the emitted C lines bitsliced on all 256 inputs at once (bit j
    of each value belongs to input j; Python's ints are two's complement,
    so &, ^ and ~ act bitwise as the C does) and return the 256 outputs."""
    full = (1 << 256) - 1
    env = {"x": [sum(((j >> b) & 1) << j for j in range(256)) for b in range(8)], "y": [0] * 8}
    for line in circuit_lines:
        name, expr = line.strip().rstrip(";").replace("const uint64_t ", "").split(" = ", 1)
        val = eval(expr, {}, env) & full
        if name.startswith("y["):
            env["y"][int(name[2:-1])] = val
        else:
            env[name] = val
    return [sum(((env["y"][b] >> j) & 1) << b for b in range(8)) for j in range(256)]


NAMES = ["pi0", "pi1", "pi2", "pi3", "pi0_inv", "pi1_inv", "pi2_inv", "pi3_inv"]


def search(boxes, seeds=40):
    """Per circuit: the inner set with the fewest gates (seed 0), then the
    best of `seeds` tie-breaking seeds on it."""
    for n, table in zip(NAMES, boxes):
        _, inner = min((Circuit(table, list(inner)).gates, list(inner))
                       for size in (4, 5, 6) for inner in itertools.combinations(range(8), size))
        gates, seed = min((Circuit(table, inner, seed).gates, seed) for seed in range(seeds))
        print(n, (inner, seed), gates, file=sys.stderr)
        yield inner, seed


def x86_instructions(lines):
    """x86-64 instructions gcc -O2 makes of one circuit (cc, objdump)."""
    with tempfile.TemporaryDirectory() as d:
        src, obj = os.path.join(d, "c.c"), os.path.join(d, "c.o")
        with open(src, "w") as f:
            f.write("#include <stdint.h>\nvoid f(const uint64_t x[8], uint64_t y[8])\n{\n%s\n}\n" % "\n".join(lines))
        subprocess.run([os.environ.get("CC", "cc"), "-O2", "-c", src, "-o", obj], check=True)
        dump = subprocess.run(["objdump", "-d", "--no-show-raw-insn", obj], capture_output=True, text=True, check=True)
    return sum(1 for line in dump.stdout.splitlines() if line.startswith(" "))


def search_order(boxes, tries, seeds):
    """Per circuit (its inner set kept): the Paar seed and output order with
    the fewest instructions among its SPLITS seed and seeds 0..`seeds`-1
    (none by default), times the default order and `tries` random
    permutations (random.Random(1) per seed)."""
    for n, table, (inner, seed0) in zip(NAMES, boxes, SPLITS):
        best = None
        for seed in sorted({seed0} | set(range(seeds))):
            rng = random.Random(1)
            lines = Circuit(table, inner, seed).lines
            cand = [None]
            for _ in range(tries):
                cand.append(list(range(8)))
                rng.shuffle(cand[-1])
            for p in cand:
                k = x86_instructions(depth_first(lines, p))
                if best is None or k < best[0]:
                    best = (k, seed, p)
        print(n, best, file=sys.stderr)
        yield (inner, best[1]), best[2]


def main():
    boxes = load_sboxes()
    splits = list(search(boxes)) if "--search" in sys.argv else SPLITS
    orders = ORDERS
    if "--search-order" in sys.argv:
        i = sys.argv.index("--search-order") + 1
        args = [int(a) for a in sys.argv[i:i + 2] if a.isdigit()]
        tries, seeds = (args + [60, 0][len(args):])[:2]
        splits, orders = zip(*search_order(boxes, tries, seeds))
    text = generate(boxes, splits, orders)
    if "--check" in sys.argv:
        # ctest: the committed header is what this run generates
        with open(sys.argv[sys.argv.index("--check") + 1]) as f:
            same = f.read() == text
        print("%d passed, %d failed" % (same, not same))
        sys.exit(0 if same else 1)
    sys.stdout.write(text)


def gmul(a, b):
    """a * b in GF(2^8) mod x^8+x^4+x^3+x^2+1 (0x11D)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        if a & 0x100:
            a ^= 0x11D
        b >>= 1
    return r


MDS = [0x01, 0x01, 0x05, 0x01, 0x08, 0x06, 0x07, 0x04]
MDS_INV = [0xAD, 0x95, 0x76, 0xA8, 0x2F, 0x49, 0xD7, 0xCA]


def mix_circuit(v):
    """MixColumns with circulant row v (DSTU 7624:2014 6.2.3: out row r =
    sum_d v[d] * in row (r + d) mod 8) on one column as a 64x64 GF(2)
    matrix, x[8 r + b] = bit b of row r, computed by Paar's network.
    Returns the lines and the xor count."""
    targets = []
    for r in range(8):
        for b in range(8):
            targets.append(frozenset(8 * ((r + d) % 8) + c for d in range(8) for c in range(8)
                                     if gmul(v[d], 1 << c) >> b & 1))
    gates, ids = paar(targets)
    names = {i: "x[%d]" % i for i in range(64)}
    lines = []
    for (a, b), new in gates:
        names[new] = "c%d" % new
        lines.append("    const uint64_t c%d = %s ^ %s;" % (new, names[a], names[b]))
    lines += ["    y[%d] = %s;" % (o, names[i]) for o, i in enumerate(ids)]
    # check: y = M x on 64 random-ish columns, one per bit lane
    ref = [0] * 64
    for lane in range(64):
        col = [(lane * 0x9E3779B97F4A7C15 >> (8 * r)) & 0xFF for r in range(8)]
        for r in range(8):
            out = 0
            for d in range(8):
                out ^= gmul(v[d], col[(r + d) % 8])
            for b in range(8):
                ref[8 * r + b] |= (out >> b & 1) << lane
    env = {"x": [sum(((((lane * 0x9E3779B97F4A7C15) >> (8 * (i // 8))) & 0xFF) >> (i % 8) & 1) << lane
                     for lane in range(64)) for i in range(64)], "y": [0] * 64}
    for line in lines:
        name, expr = line.strip().rstrip(";").replace("const uint64_t ", "").split(" = ", 1)
        if name.startswith("y["):
            env["y"][int(name[2:-1])] = eval(expr, {}, env)
        else:
            env[name] = eval(expr, {}, env)
    assert env["y"] == ref
    return depth_first(lines), len(gates)


def generate(boxes, splits, orders):
    out = ["/* SPDX-License-Identifier: Apache-2.0 */",
           "/* Generated by tools/gen_kalyna_sbox_circuits.py: DO NOT EDIT.",
           " * Bitsliced circuits for Kalyna (DSTU 7624:2014). The S-boxes pi_0..pi_3 and",
           " * their inverses: x[b] and y[b] hold bit b of 64 input and output bytes (one",
           " * per bit lane); two-level ANF with a shared xor network (the generator",
           " * says how); gate counts (AND, XOR, AND-NOT, NOT) beside each. MixColumns",
           " * and its inverse on one column: x[8 r + b] and y[8 r + b] hold bit b of",
           " * row r; Paar xor networks. */",
           "#ifndef SC_KALYNA_BITSLICED_CIRCUITS_H", "#define SC_KALYNA_BITSLICED_CIRCUITS_H", "",
           "#include <stdint.h>", ""]
    total = 0
    for n, table, (inner, seed), order in zip(NAMES, boxes, splits, orders):
        c = Circuit(table, inner, seed, order)
        assert evaluate(c.lines) == table, n
        total += c.gates
        out.append("/* %s: %d gates (inner bits %s, seed %d) */" % (n, c.gates, ",".join(map(str, inner)), seed))
        out.append("static inline void sc_kalyna_bs_%s(const uint64_t x[8], uint64_t y[8])" % n)
        out.append("{")
        out.extend(c.lines)
        out.append("}")
        out.append("")
    out.append("/* %d gates over the eight circuits */" % total)
    out.append("")
    for name, v in (("mix", MDS), ("mix_inv", MDS_INV)):
        lines, xors = mix_circuit(v)
        out.append("/* %s: %d xors */" % (name, xors))
        out.append("static inline void sc_kalyna_bs_%s(const uint64_t x[64], uint64_t y[64])" % name)
        out.append("{")
        out.extend(lines)
        out.append("}")
        out.append("")
    out.append("#endif")
    return "\n".join(out) + "\n"


SPLITS = [([0, 1, 2, 4, 7], 26), ([1, 2, 3, 6, 7], 0), ([0, 1, 2, 3, 7], 0), ([1, 2, 4, 5, 6], 0),
          ([0, 2, 5, 6, 7], 0), ([0, 1, 2, 3, 4, 5], 0), ([0, 1, 3, 4, 5, 6], 0), ([1, 3, 4, 6, 7], 0)]
ORDERS = [[7, 4, 2, 0, 3, 1, 5, 6], [2, 7, 5, 4, 1, 3, 0, 6], [5, 6, 0, 2, 1, 4, 3, 7], [7, 4, 2, 0, 3, 1, 5, 6],
          [3, 7, 2, 1, 5, 4, 0, 6], [3, 5, 1, 0, 7, 6, 2, 4], [0, 3, 5, 6, 4, 7, 1, 2], [6, 1, 4, 5, 0, 2, 7, 3]]

if __name__ == "__main__":
    main()
