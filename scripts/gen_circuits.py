#!/usr/bin/env python3
"""Generate "heavy linear" arithmetic circuits in the Pinocchio `.arith` format.

For benchmarking and testing a circuit prover on circuits dominated by
linear gates (`add`, `const-mul*`, `pack`) whose wide linear combinations are
consumed by multiplications, often more than once. The format and gate
semantics are those of /work/shared/circuits/FORMAT.md. For each family NAME
the script writes OUTDIR/NAME/NAME.arith, NAME.in (`WIRE HEX` for every
public and witness input, including the one-input wire with value 1) and
NAME.out (`WIRE HEX` for every output), evaluating every wire with exact
modular arithmetic in Python. Output is reproducible (fixed seeds).

Families (each about 2^16 multiplication gates at --scale 1; "multiplication
gates" = mul + xor + or + assert + one per split output bit + two per zerop):
  add_chain          8 accumulators, each an `add` chain over 8192 products
                     of witness bits; every 256 steps every accumulator
                     enters two `mul` gates (wide combinations reused).
  wide_pack          64-bit and (bits(p)-1)-bit witness words `split` into
                     bits, re-`pack`ed in many groupings (bytes, halves,
                     reversals, rotations, xor/or mixes, cross-word windows);
                     every packed word is used in four `mul` gates.
  subset_sum_merkle  Merkle paths (depth 32) of a knapsack hash
                     H(l, r) = tag + sum_i bit_i(l || r) * a_i mod p, with a
                     constant-time select l = d(s - c) + c by a witness bit d.
  sbox_scan          16 public bytes through 8 rounds of x <- SBOX[x] ^ key,
                     each AES S-box lookup a linear scan over 256 entries
                     (one-hot by `zerop` on x - k, or by a product tree of
                     bit literals, alternately).
  hostile_quadratic  (only with --only) one wire w = add of 4096 witnesses,
                     then ONE `add` gate listing w 4096 times: a parser or
                     translator must not blow up quadratically.

Dialects. By default jsnark's: wire 0 is `input 0 # The one-input wire.`,
wire 1 its zero wire, outputs are copied by `mul <w 0>` first, and negative
constants appear both as `const-mul-neg-HEX` and as `const-mul-<hex of p-k>`.
With --pinocchio, the Pinocchio compiler's: the one-input wire is the last
public input (`# one-input`), outputs are direct, negations all `-neg-`.

`gen_circuits.py OUTDIR --check` generates, then checks; `--check DIR` alone
only checks (put OUTDIR before --only, which takes several names). The check
re-parses every DIR/NAME/NAME.arith with an independent evaluator, evaluates
it from NAME.in, compares with NAME.out, and checks the semantics of split
(value below 2^K), xor/or/pack (bit inputs), zerop and assert.
"""

import argparse
import os
import random
import sys
import time
from collections import Counter

FIELDS = {
    # Ristretto255 scalar field ℓ and the secp256k1 group order n.
    "ristretto255": 2**252 + 27742317777372353535851937790883648493,
    "secp256k1": 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141,
}
SEED = "ballistic-gen-circuits-v1"
MULT_KINDS = ("mul", "xor", "or", "assert")


def aes_sbox():
    """The AES S-box: inverse in GF(2^8) (by walking generator 3) + affine map."""
    rotl = lambda x, s: ((x << s) | (x >> (8 - s))) & 0xFF
    sbox, p, q = [0x63] * 256, 1, 1
    while True:
        p ^= ((p << 1) & 0xFF) ^ (0x1B if p & 0x80 else 0)  # p *= 3
        q ^= q << 1
        q ^= q << 2
        q ^= q << 4
        q = (q & 0xFF) ^ (0x09 if q & 0x80 else 0)  # q /= 3
        sbox[p] = q ^ rotl(q, 1) ^ rotl(q, 2) ^ rotl(q, 3) ^ rotl(q, 4) ^ 0x63
        if p == 1:
            return sbox


SBOX = aes_sbox()
assert (SBOX[0x00], SBOX[0x01], SBOX[0x52], SBOX[0x53], SBOX[0xFF]) == (0x63, 0x7C, 0x00, 0xED, 0x16)


class Circuit:
    """Builds a circuit gate by gate, evaluating every wire as it goes."""

    def __init__(self, p, pinocchio, public_values):
        self.p, self.pinocchio = p, pinocchio
        self.val = []  # value of every wire
        self.lines = []  # statements after `total`
        self.inputs = []  # public and witness input wires, in declaration order
        self.outputs = []
        self.kinds = Counter()
        self.split_bits = 0
        self._consts = {}
        if pinocchio:
            self.pub = [self._input("input", v) for v in public_values]
            self.one = self._input("input", 1, "one-input")
        else:
            self.one = self._input("input", 1, "The one-input wire.")
            self.cmul(0, self.one)  # jsnark's zero wire (wire 1)
            self.pub = [self._input("input", v) for v in public_values]

    def _wire(self, v):
        self.val.append(v % self.p)
        return len(self.val) - 1

    def _input(self, kind, v, comment=None):
        w = self._wire(v)
        self.inputs.append(w)
        self.lines.append(f"{kind} {w}" + (f"\t\t\t # {comment}" if comment else ""))
        return w

    def _gate(self, name, ins, outs, kind=None, comment=None):
        self.kinds[kind or name] += 1
        line = f"{name} in {len(ins)} <{' '.join(map(str, ins))}> out {len(outs)} <{' '.join(map(str, outs))}>"
        self.lines.append(line + (f" \t\t# {comment}" if comment else ""))

    def witness(self, v):
        return self._input("nizkinput", v)

    def add(self, ws):
        c = self._wire(sum(self.val[w] for w in ws))
        self._gate("add", ws, [c])
        return c

    def _binary(self, name, a, b, f, comment=None):
        c = self._wire(f(self.val[a], self.val[b]))
        self._gate(name, [a, b], [c], comment=comment)
        return c

    def mul(self, a, b, comment=None):
        return self._binary("mul", a, b, lambda x, y: x * y, comment)

    def xor(self, a, b):
        return self._binary("xor", a, b, lambda x, y: x + y - 2 * x * y)

    def or_(self, a, b):
        return self._binary("or", a, b, lambda x, y: x + y - x * y)

    def assert_(self, a, b, c):
        """The constraint a·b = c on existing wires."""
        if self.val[a] * self.val[b] % self.p != self.val[c]:
            raise RuntimeError("assert gate does not hold")
        self._gate("assert", [a, b], [c])

    def cmul(self, k, a):
        k %= self.p
        c = self._wire(k * self.val[a])
        self._gate(f"const-mul-{k:x}", [a], [c], kind="const-mul")
        return c

    def neg(self, k, a, style="neg"):
        """c = −k·a, as `const-mul-neg-HEX` or (style "pm", jsnark only) as
        `const-mul-<hex of p − k>`."""
        if style == "neg" or self.pinocchio:
            c = self._wire(-k * self.val[a])
            self._gate(f"const-mul-neg-{k:x}", [a], [c], kind="const-mul-neg")
            return c
        return self.cmul(-k, a)

    def sub(self, a, b, style="neg"):
        return self.add([a, self.neg(1, b, style)])

    def const_neg(self, k):
        """A wire carrying −k (cached)."""
        if k not in self._consts:
            self._consts[k] = self.neg(k, self.one)
        return self._consts[k]

    def split(self, a, n):
        v = self.val[a]
        if v >> n:
            raise RuntimeError(f"split of a value of {v.bit_length()} bits into {n}")
        bits = [self._wire((v >> i) & 1) for i in range(n)]
        self._gate("split", [a], bits)
        self.split_bits += n
        return bits

    def pack(self, bits):
        c = self._wire(sum(self.val[b] << i for i, b in enumerate(bits)))
        self._gate("pack", bits, [c])
        return c

    def zerop(self, a):
        """c = [a ≠ 0], with the auxiliary wire m = a⁻¹ (0 if a = 0)."""
        v = self.val[a]
        m = self._wire(pow(v, -1, self.p) if v else 0)
        c = self._wire(1 if v else 0)
        self._gate("zerop", [a], [m, c])
        return c

    def output(self, w, comment):
        if not self.pinocchio:  # jsnark copies each output by a `mul` with the one-wire
            w = self.mul(w, self.one, comment)
        self.outputs.append(w)
        self.lines.append(f"output {w}\t\t\t # {comment}")

    def expect(self, w, value):
        """Compare a wire with a plain-Python reference model of the family."""
        if self.val[w] != value % self.p:
            raise RuntimeError(f"wire {w} is {self.val[w]:x}, the reference model says {value % self.p:x}")

    def mult_gates(self):
        return sum(self.kinds[k] for k in MULT_KINDS) + self.split_bits + 2 * self.kinds["zerop"]

    def write(self, base):
        hexes = lambda ws: "".join(f"{w} {self.val[w]:x}\n" for w in ws)
        with open(base + ".arith", "w", newline="\n") as f:
            f.write(f"total {len(self.val)}\n")
            f.write("\n".join(self.lines) + "\n")
        with open(base + ".in", "w", newline="\n") as f:
            f.write(hexes(self.inputs))
        with open(base + ".out", "w", newline="\n") as f:
            f.write(hexes(self.outputs))


def scaled(n, scale, least):
    return max(least, round(n * scale))


# ---------------------------------------------------------------- families


def add_chain(p, pinocchio, scale, rng):
    """K accumulators acc ← acc + x_i (x_i a product of two witness bits,
    every 16th scaled by a 64-bit constant); every R steps each accumulator
    is multiplied by the next one, the products summed into a checksum."""
    K, R = 8, 256
    T = scaled(8192, scale, R)
    starts = [rng.getrandbits(64) for _ in range(K)]
    c = Circuit(p, pinocchio, starts)
    bitvals = [rng.getrandbits(1) for _ in range(scaled(2048, scale, 64))]
    bits = [c.witness(b) for b in bitvals]
    acc, ref, prods, ref_chk = list(c.pub), list(starts), [], 0
    for i in range(T):
        for k in range(K):
            a, b = rng.randrange(len(bits)), rng.randrange(len(bits))
            x, coef = c.mul(bits[a], bits[b]), 1
            if i % 16 == 15:
                coef = rng.getrandbits(64)
                x = c.cmul(coef, x)
            acc[k] = c.add([acc[k], x])
            ref[k] = (ref[k] + coef * bitvals[a] * bitvals[b]) % p
        if i % R == R - 1:
            for k in range(K):
                prods.append(c.mul(acc[k], acc[(k + 1) % K]))
                ref_chk += ref[k] * ref[(k + 1) % K]
    for k in range(K):
        c.expect(acc[k], ref[k])
        c.output(acc[k], f"acc[{k}]")
    chk = c.add(prods)
    c.expect(chk, ref_chk)
    c.output(chk, "checksum")
    return c


def wide_pack(p, pinocchio, scale, rng):
    """Witness words split into bits and re-packed in many groupings; each
    packed word is then used in four `mul` gates, summed into 16 outputs."""
    n64, nw, wb = scaled(320, scale, 8), scaled(64, scale, 2), p.bit_length() - 1
    tweak = rng.getrandbits(64)
    c = Circuit(p, pinocchio, [tweak])
    w64 = [c.split(c.witness(rng.getrandbits(64)), 64) for _ in range(n64)]
    ww = [c.split(c.witness(rng.getrandbits(wb)), wb) for _ in range(nw)]
    packed = []
    for i, b in enumerate(w64):
        nb = w64[(i + 1) % n64]
        mixed = [c.xor(b[j], nb[j]) if j < 32 else c.or_(b[j], nb[j]) for j in range(64)]
        r = rng.randrange(1, 64)
        groups = [b[8 * j : 8 * j + 8] for j in range(8)]  # bytes
        groups += [b[:32], b[32:], b[::-1], b[r:] + b[:r], mixed, b[32:] + nb[:32]]
        packed += [c.pack(g) for g in groups]
    q, h = wb // 4, wb // 2
    for i, b in enumerate(ww):
        nb = ww[(i + 1) % nw]
        groups = [b[q * j : q * j + q] for j in range(4)]
        groups += [b[::-1], b[0::2], b[1::2], b[h:] + nb[:h]]
        packed += [c.pack(g) for g in groups]
    rng.shuffle(packed)
    n = len(packed)
    prods = [c.mul(packed[i], packed[(i + d) % n]) for i in range(n) for d in (1, n // 3)]
    for j in range(16):
        c.output(c.add(prods[j::16] + [c.pub[0]]), f"sum[{j}]")
    return c


def subset_sum_merkle(p, pinocchio, scale, rng):
    """Merkle paths of the knapsack hash H(l, r) = tag + Σ bit_i(l‖r)·a_i."""
    full = p.bit_length()  # every value < p splits into `full` bits
    levels = scaled(128, scale, 4)
    depth = min(32, levels)
    paths = -(-levels // depth)
    tag = rng.randrange(p)
    c = Circuit(p, pinocchio, [tag])
    a = [rng.randrange(p) for _ in range(2 * full)]

    def hash_ref(left, right):
        x = left | right << full
        return (tag + sum(ai for i, ai in enumerate(a) if x >> i & 1)) % p

    for path in range(paths):
        ref = rng.randrange(p)
        cur = c.witness(ref)  # the leaf
        for _ in range(depth):
            sv, dv = rng.randrange(p), rng.getrandbits(1)
            sib, d = c.witness(sv), c.witness(dv)
            c.assert_(d, d, d)  # d is a bit
            left = c.add([c.mul(d, c.sub(sib, cur, "pm")), cur])  # d ? sib : cur
            right = c.add([cur, sib, c.neg(1, left)])
            bits = c.split(left, full) + c.split(right, full)
            cur = c.add([c.cmul(ai, b) for ai, b in zip(a, bits)] + [c.pub[0]])
            ref = hash_ref(sv, ref) if dv else hash_ref(ref, sv)
        c.expect(cur, ref)
        c.output(cur, f"root[{path}]")
    return c


def lookup_zerop(c, x):
    """SBOX[x] for a byte wire x: one-hot_k = 1 − zerop(x − k)."""
    onehot = []
    for k in range(256):
        d = x if k == 0 else c.add([x, c.const_neg(k)])
        onehot.append(c.sub(c.one, c.zerop(d), "pm"))
    return c.add([c.cmul(SBOX[k], h) for k, h in enumerate(onehot) if SBOX[k]])


def lookup_minterm(c, bits):
    """SBOX[x] for the bits of x (LSB first): the 256 minterms of the bit
    literals by a product tree (508 `mul`), then Σ SBOX[k]·minterm_k."""
    terms = None
    for b in reversed(bits):  # most significant first: index = 2·index + bit
        lits = (c.sub(c.one, b), b)
        terms = list(lits) if terms is None else [c.mul(t, lit) for t in terms for lit in lits]
    return c.add([c.cmul(SBOX[k], t) for k, t in enumerate(terms) if SBOX[k]])


def sbox_scan(p, pinocchio, scale, rng):
    """16 public bytes through rounds of x ← SBOX[x] ⊕ key (witness key bits)."""
    rounds = scaled(8, scale, 1)
    ref = [rng.getrandbits(8) for _ in range(16)]
    c = Circuit(p, pinocchio, ref)
    state = [(w, None) for w in c.pub]  # (byte wire, its bits if known)
    for r in range(rounds):
        for j in range(16):
            x, xbits = state[j]
            if (r + j) % 2 == 0:
                y = lookup_zerop(c, x)
            else:
                y = lookup_minterm(c, xbits or c.split(x, 8))
            key = rng.getrandbits(8)
            kbits = [c.witness(key >> i & 1) for i in range(8)]
            nbits = [c.xor(yb, kb) for yb, kb in zip(c.split(y, 8), kbits)]
            state[j] = (c.pack(nbits), nbits)
            ref[j] = SBOX[ref[j]] ^ key
    for j in range(16):
        c.expect(state[j][0], ref[j])
        c.output(state[j][0], f"state[{j}]")
    return c


def hostile_quadratic(p, pinocchio, scale, rng):
    """w = add of n distinct witnesses; ONE `add` gate naming w n times."""
    n = scaled(4096, scale, 16)
    pub = rng.randrange(p)
    c = Circuit(p, pinocchio, [pub])
    vals = [rng.randrange(p) for _ in range(n)]
    wide = c.add([c.witness(v) for v in vals])
    big = c.add([wide] * n)
    c.expect(big, n * sum(vals))
    c.output(big, "n*sum")
    c.output(c.mul(c.pub[0], wide), "pub*sum")
    return c


FAMILIES = {f.__name__: f for f in (add_chain, wide_pack, subset_sum_merkle, sbox_scan, hostile_quadratic)}
DEFAULT = ["add_chain", "wide_pack", "subset_sum_merkle", "sbox_scan"]


# ------------------------------------------------- independent checker


class CheckError(Exception):
    pass


def read_values(path):
    vals = {}
    with open(path) as f:
        for ln, line in enumerate(f, 1):
            t = line.split("#")[0].split()
            if not t:
                continue
            if len(t) != 2 or int(t[0]) in vals:
                raise CheckError(f"{path}:{ln}: bad or repeated line")
            vals[int(t[0])] = int(t[1], 16)
    return vals


def check_circuit(base, p):
    """Evaluate BASE.arith from BASE.in with no help from the generator and
    compare with BASE.out. Returns (wires, gates, multiplication gates)."""
    given, want = read_values(base + ".in"), read_values(base + ".out")
    val, declared, outputs, ones = None, [], [], 0
    gates = mults = 0
    ln = 0

    def need(cond, msg):
        if not cond:
            raise CheckError(f"{base}.arith:{ln}: {msg}")

    def bit(v):
        need(v in (0, 1), "an input of xor/or/pack is not a bit")
        return v

    with open(base + ".arith") as f:
        for ln, line in enumerate(f, 1):
            t = line.split("#")[0].replace("<", " ").replace(">", " ").split()
            if not t:
                continue
            op = t[0]
            if op == "total":
                need(val is None and len(t) == 2, "bad `total`")
                val = [None] * int(t[1])
                continue
            need(val is not None, "statement before `total`")
            if op in ("input", "nizkinput", "output"):
                w = int(t[1])
                need(len(t) == 2 and 0 <= w < len(val), "bad wire")
                if op == "output":
                    need(val[w] is not None, "output of an undefined wire")
                    outputs.append(w)
                    continue
                need(val[w] is None, "wire defined twice")
                need(w in given and given[w] < p, f"input {w} has no value below p in .in")
                val[w] = given[w]
                declared.append(w)
                if "one-input" in line:
                    need(op == "input" and given[w] == 1, "the one-input wire is not 1")
                    ones += 1
                continue
            need(len(t) >= 5 and t[1] == "in", "malformed gate")
            k = int(t[2])
            need(len(t) >= 5 + k and t[3 + k] == "out", "malformed gate")
            ins, l = [int(x) for x in t[3 : 3 + k]], int(t[4 + k])
            outs = [int(x) for x in t[5 + k :]]
            need(len(outs) == l and all(0 <= w < len(val) for w in ins + outs), "bad wire list")
            need(all(val[w] is not None for w in ins), "use of an undefined wire")
            a = [val[w] for w in ins]
            gates += 1
            if op.startswith("const-mul-"):
                neg = op.startswith("const-mul-neg-")
                c = int(op[len("const-mul-neg-" if neg else "const-mul-") :], 16)
                need(k == 1 and l == 1 and c < p, "bad const-mul")
                res = [(-c if neg else c) * a[0] % p]
            elif op in ("add", "pack"):
                need(k >= 1 and l == 1, f"bad {op}")
                res = [sum(a) % p if op == "add" else sum(bit(v) << i for i, v in enumerate(a)) % p]
            elif op in ("mul", "xor", "or", "assert"):
                need(k == 2 and l == 1, f"bad {op}")
                mults += 1
                x, y = a
                if op == "assert":
                    need(val[outs[0]] is not None and x * y % p == val[outs[0]], "assert fails")
                    continue
                if op != "mul":
                    bit(x), bit(y)
                res = [x * y % p if op == "mul" else x + y - (2 if op == "xor" else 1) * x * y]
            elif op == "split":
                need(k == 1 and l >= 1 and a[0] < 1 << l, "split of a value too wide for its bits")
                res = [a[0] >> i & 1 for i in range(l)]
                mults += l
            elif op == "zerop":
                need(k == 1 and l == 2, "bad zerop")
                x = a[0]
                m, c = (pow(x, -1, p), 1) if x else (0, 0)
                need(x * (1 - c) % p == 0 and x * m % p == c, "zerop constraints fail")
                res = [m, c]
                mults += 2
            else:
                need(False, f"unknown gate `{op}`")
            for w, v in zip(outs, res):
                need(val[w] is None, f"wire {w} defined twice")
                val[w] = v
    need(val is not None and ones == 1, "no `total` or not exactly one one-input wire")
    need(sorted(declared) == sorted(given), ".in does not list exactly the inputs")
    need(sorted(outputs) == sorted(want), ".out does not list exactly the outputs")
    for w in outputs:
        need(val[w] == want[w], f"output {w} is {val[w]:x}, .out says {want[w]:x}")
    return len(val), gates, mults


def check_dir(d, p, names=None):
    found = sorted(n for n in os.listdir(d) if os.path.isfile(os.path.join(d, n, n + ".arith")))
    found = [n for n in found if names is None or n in names]
    if not found:
        raise CheckError(f"no NAME/NAME.arith under {d}")
    for name in found:
        t = time.time()
        wires, gates, mults = check_circuit(os.path.join(d, name, name), p)
        print(f"check {name}: ok ({wires:,} wires, {gates:,} gates, {mults:,} multiplication gates, {time.time() - t:.1f} s)")


# ------------------------------------------------------------------- main


def report(name, c, base, seconds):
    kinds = ", ".join(f"{k} {n:,}" for k, n in sorted(c.kinds.items(), key=lambda kv: -kv[1]))
    size = lambda ext: os.path.getsize(base + ext)
    pub = len(c.inputs) - sum(1 for line in c.lines if line.startswith("nizkinput"))
    print(
        f"{name}: wires {len(c.val):,}; public inputs {pub} (incl. one-input), witness {len(c.inputs) - pub:,}, "
        f"outputs {len(c.outputs)}\n  gates: {kinds}; split bits {c.split_bits:,}\n"
        f"  multiplication gates {c.mult_gates():,}; .arith {size('.arith'):,} B, .in {size('.in'):,} B, "
        f".out {size('.out'):,} B ({seconds:.1f} s)"
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outdir", nargs="?", help="write OUTDIR/NAME/NAME.{arith,in,out}")
    ap.add_argument("--field", choices=FIELDS, default="ristretto255")
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies every family's size (default 1)")
    ap.add_argument("--only", nargs="+", choices=FAMILIES, metavar="NAME", help="these families only")
    ap.add_argument("--pinocchio", action="store_true", help="the Pinocchio compiler's dialect")
    ap.add_argument("--check", nargs="?", const="", metavar="DIR", help="check DIR (default: OUTDIR) afterwards")
    args = ap.parse_args()
    if args.outdir is None and not args.check:
        ap.error("give OUTDIR, or --check DIR")
    p = FIELDS[args.field]
    names = args.only or DEFAULT
    if args.outdir is not None:
        for name in names:
            t = time.time()
            rng = random.Random(f"{SEED}/{args.field}/{name}")
            c = FAMILIES[name](p, args.pinocchio, args.scale, rng)
            os.makedirs(os.path.join(args.outdir, name), exist_ok=True)
            base = os.path.join(args.outdir, name, name)
            c.write(base)
            report(name, c, base, time.time() - t)
    if args.check is not None:
        try:
            check_dir(args.check or args.outdir, p, names if args.only or args.outdir is not None else None)
        except CheckError as e:
            sys.exit(f"check failed: {e}")


if __name__ == "__main__":
    main()
