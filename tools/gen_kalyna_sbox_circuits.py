#!/usr/bin/env python3
"""Generate src/kalyna/kalyna_bitsliced_sboxes.h: straight-line Boolean
circuits (AND, XOR, AND-NOT, NOT on 64-bit words, one bit of 64 bytes per
word) for the four S-boxes pi_0..pi_3 of DSTU 7624:2014 and their inverses,
for the bitsliced Kalyna kernel (kalyna_bitsliced.c).

Run: python3 tools/gen_kalyna_sbox_circuits.py > src/kalyna/kalyna_bitsliced_sboxes.h
     python3 tools/gen_kalyna_sbox_circuits.py --search   (re-pick SPLITS below)

The S-boxes have no algebraic structure to exploit, so each circuit is a
two-level algebraic normal form. The eight input bits are split into an
"outer" set O and an "inner" set I of four bits each; every output bit is

    f(x) = XOR over subsets H of O of  m_H(x_O) * a_H(x_I)

(the ANF in the outer variables, whose coefficients a_H are functions of
the inner nibble). m_H are the 16 outer monomials (11 ANDs). Each a_H is
a GF(2)-linear combination of the 16 inner monomials (11 ANDs more); the
up to 8 * 16 coefficient functions of all eight output bits share one xor
network found with Paar's greedy common-subexpression heuristic (repeatedly
materialise the pair of signals that occurs in the most targets). The
constant monomial is kept out of the network: a coefficient a' ^ 1 becomes
m_H & ~a' (one and-not) and a constant term of f a final NOT. Then each
output bit costs its nonzero products and their xors.

Which four bits are inner changes the count by tens of gates, so SPLITS
holds, per S-box, the split that --search found best (all 70 splits tried);
the default run uses it and is fast and deterministic (the ctest
test_kalyna_sbox_circuits_generated re-runs it and diffs the header)."""

import ast
import itertools
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Inner bit sets, per circuit (pi_0..pi_3, then the inverses), from --search.
SPLITS = None  # filled in below the functions (kept next to the search output)


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


def paar(targets):
    """Xor network for targets (sets of base-signal ids, each of size >= 2).
    Returns the list of new signals (a, b) -> id (ids continue after the
    bases) and, per target, the id computing it."""
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
        pair = max(counts, key=lambda p: (counts[p], -p[0], -p[1]))
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

    def __init__(self, table, inner):
        self.lines, self.gates = [], 0
        outer = [b for b in range(8) if b not in inner]
        self.inner, self.outer = inner, outer

        def sub(word, bits):
            return sum(((word >> b) & 1) << i for i, b in enumerate(bits))

        # coef[o][H] = 16-bit ANF vector (over inner monomials) of a_H for output o
        coef = []
        for o in range(8):
            slices = []
            for h in range(16):
                g = [0] * 16
                for l in range(16):
                    x = 0
                    for i, b in enumerate(outer):
                        x |= ((h >> i) & 1) << b
                    for i, b in enumerate(inner):
                        x |= ((l >> i) & 1) << b
                    g[l] = (table[x] >> o) & 1
                slices.append(g)
            # Mobius over h, pointwise in l, then over l
            a_h = [[0] * 16 for _ in range(16)]
            for l in range(16):
                col = mobius([slices[h][l] for h in range(16)], 4)
                for H in range(16):
                    a_h[H][l] = col[H]
            coef.append([sum(bit << L for L, bit in enumerate(mobius(a_h[H], 4))) for H in range(16)])
        self.coef = coef
        self.names = {}
        # Inner monomials: signal id L (1..15); 0 (the constant) stays out.
        need_inner = set()
        targets = []
        for o in range(8):
            for H in range(16):
                v = coef[o][H] & ~1
                if v:
                    need_inner |= {L for L in range(1, 16) if v >> L & 1}
                    if bin(v).count("1") >= 2:
                        targets.append(frozenset(L for L in range(16) if v >> L & 1))
        targets = sorted(set(targets), key=lambda t: sorted(t))
        self.emit_monomials("i", inner, need_inner, lambda L: L)
        gates, ids = paar(targets)
        for (a, b), new in gates:
            self.names[new] = "c%d" % new
            self.emit("c%d" % new, "%s ^ %s" % (self.names[a], self.names[b]), 1)
        target_name = {t: self.names[i] for t, i in zip(targets, ids)}
        # Outer monomials: ids 1000 + H (past any network id).
        need_outer = {H for o in range(8) for H in range(1, 16) if coef[o][H]}
        self.emit_monomials("o", outer, need_outer, lambda H: 1000 + H)
        for o in range(8):
            terms, invert = [], False
            for H in range(16):
                v = coef[o][H]
                if v == 0:
                    continue
                c, rest = v & 1, v & ~1
                if rest == 0:
                    a = None
                elif bin(rest).count("1") == 1:
                    a = self.names[rest.bit_length() - 1]
                else:
                    a = target_name[frozenset(L for L in range(16) if rest >> L & 1)]
                if H == 0:
                    invert ^= bool(c)
                    if a:
                        terms.append(a)
                    continue
                m = self.names[1000 + H]
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


def evaluate(circuit_lines, x):
    """Evaluate the emitted C lines on one input byte (the self-check):
    Python's ints are two's complement, so bit 0 of &, ^, ~ is the gate."""
    env = {"x": [(x >> b) & 1 for b in range(8)], "y": [0] * 8}
    for line in circuit_lines:
        s = line.strip().rstrip(";").replace("const uint64_t ", "")
        name, expr = s.split(" = ", 1)
        val = eval(expr, {}, env) & 1
        if name.startswith("y["):
            env["y"][int(name[2:-1])] = val
        else:
            env[name] = val
    return sum(bit << b for b, bit in enumerate(env["y"]))


NAMES = ["pi0", "pi1", "pi2", "pi3", "pi0_inv", "pi1_inv", "pi2_inv", "pi3_inv"]


def search(boxes):
    for n, table in zip(NAMES, boxes):
        best = min(
            ((Circuit(table, list(inner)).gates, list(inner)) for inner in itertools.combinations(range(8), 4)))
        print(n, best, file=sys.stderr)
        yield best[1]


def main():
    boxes = load_sboxes()
    splits = list(search(boxes)) if "--search" in sys.argv else SPLITS
    out = ["/* Generated by tools/gen_kalyna_sbox_circuits.py: DO NOT EDIT.",
           " * Bitsliced circuits of the DSTU 7624:2014 S-boxes pi_0..pi_3 and their",
           " * inverses: x[b] and y[b] hold bit b of 64 input and output bytes (one",
           " * per bit lane). Two-level ANF with a shared xor network (the generator",
           " * says how); gate counts (AND, XOR, AND-NOT, NOT) beside each. */",
           "#ifndef SC_KALYNA_BITSLICED_SBOXES_H", "#define SC_KALYNA_BITSLICED_SBOXES_H", "",
           "#include <stdint.h>", ""]
    total = 0
    for n, table, inner in zip(NAMES, boxes, splits):
        c = Circuit(table, inner)
        for x in range(256):
            assert evaluate(c.lines, x) == table[x], (n, x)
        total += c.gates
        out.append("/* %s: %d gates (inner bits %s) */" % (n, c.gates, ",".join(map(str, inner))))
        out.append("static inline void sc_kalyna_bs_%s(const uint64_t x[8], uint64_t y[8])" % n)
        out.append("{")
        out.extend(c.lines)
        out.append("}")
        out.append("")
    out.append("/* %d gates over the eight circuits */" % total)
    out.append("#endif")
    print("\n".join(out))


SPLITS = [[0, 1, 2, 3]] * 8

if __name__ == "__main__":
    main()
