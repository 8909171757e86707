#!/usr/bin/env python3
"""Independent reference for ballistic's embedded curves and Pedersen hash
(crates/ballistic/src/embedded/): pure Python integers, no shared code.
Prints the hash of the fixed test message under the test label on Doppio
and secq256k1, as little-endian hex of x and y (the constants `VECTORS` in
crates/ballistic/src/embedded/tests.rs), then the roots of a depth-3 Merkle
tree over the leaves 1, 2, 3 on both groups (version 2: a personalization
per level) (`MERKLE_ROOTS` in
crates/ballistic/tests/integration/embedded_circuits.rs). scripts/test compares them.

    python3 scripts/pedersen_ref.py
"""
import hashlib

L = 2**252 + 27742317777372353535851937790883648493          # ristretto255 scalar field
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141  # secp256k1 order
Q_DOPPIO = 1809251394333065553493296640760748560198346542606730328752412232071674536321
P_SECP = 2**256 - 2**32 - 977


def doppio():
    a, d = 1, (-63071) % L
    inv = pow(a - d, -1, L)
    return dict(p=L, A=2 * (a + d) * inv % L, B=4 * inv % L, C=1, D=0, h=4, q=Q_DOPPIO)


def secq():
    return dict(p=N, A=0, B=1, C=0, D=7, h=1, q=P_SECP)


def sqrt(a, p):
    """Any square root of a mod p, or None."""
    a %= p
    if a == 0:
        return 0
    if pow(a, (p - 1) // 2, p) != 1:
        return None
    s, t = 0, p - 1
    while t % 2 == 0:
        s, t = s + 1, t // 2
    z = 2
    while pow(z, (p - 1) // 2, p) == 1:
        z += 1
    m, c, tt, r = s, pow(z, t, p), pow(a, t, p), pow(a, (t + 1) // 2, p)
    while tt != 1:
        i, x = 0, tt
        while x != 1:
            x, i = x * x % p, i + 1
        b = pow(c, 2 ** (m - i - 1), p)
        m, c, tt, r = i, b * b % p, tt * b * b % p, r * b % p
    return r


def add(P, Q, k):
    p = k["p"]
    if P is None:
        return Q
    if Q is None:
        return P
    (x1, y1), (x2, y2) = P, Q
    if x1 == x2:
        if (y1 + y2) % p == 0:
            return None
        lam = (3 * x1 * x1 + 2 * k["A"] * x1 + k["C"]) * pow(2 * k["B"] * y1, -1, p) % p
    else:
        lam = (y2 - y1) * pow(x2 - x1, -1, p) % p
    x3 = (k["B"] * lam * lam - k["A"] - x1 - x2) % p
    return (x3, (lam * (x1 - x3) - y1) % p)


def mul(e, P, k):
    R = None
    while e:
        if e & 1:
            R = add(R, P, k)
        P, e = add(P, P, k), e >> 1
    return R


def hash_to_curve(label, k):
    p, ctr = k["p"], 0
    while True:
        msg = b"ballistic/embedded/hash-to-curve/v1" + len(label).to_bytes(8, "little") + label + ctr.to_bytes(4, "little")
        digest = hashlib.sha3_512(msg).digest()
        ctr += 1
        x = int.from_bytes(digest, "little") % p
        rhs = (x**3 + k["A"] * x * x + k["C"] * x + k["D"]) * pow(k["B"], -1, p) % p
        y = sqrt(rhs, p)
        if y is None:
            continue
        if (y & 1) != (digest[-1] & 1):
            y = (-y) % p
        P = mul(k["h"], (x, y), k)
        if P is not None:
            return P


def pedersen(label, bits, k):
    c = (k["q"].bit_length() - 1) // 4
    chunks = (len(bits) + 2) // 3
    padded = bits + [0] * (3 * chunks - len(bits))
    total, seg = None, 0
    while seg * c < chunks:
        tag = len(label).to_bytes(8, "little") + label + len(bits).to_bytes(8, "little") + seg.to_bytes(8, "little")
        G = hash_to_curve(tag, k)
        scalar = 0
        for j in range(min(c, chunks - seg * c)):
            b0, b1, b2 = padded[3 * (seg * c + j): 3 * (seg * c + j) + 3]
            scalar += (1 - 2 * b2) * (1 + b0 + 2 * b1) * 16**j
        total = add(total, mul(scalar % k["q"], G, k), k)
        seg += 1
    return total


def merkle_root(leaves, depth, k):
    """Root of ballistic::merkle's tree (version 2): level i's nodes are
    N_i(l, r) = y(H_{D_i}(bits(l) || bits(r))), D_i = "ballistic/merkle/v2/level" || i
    (one byte); empty leaves 0, empty subtrees E_{i+1} = N_i(E_i, E_i)."""
    nb = (k["p"] - 1).bit_length()
    bits = lambda v: [(v >> i) & 1 for i in range(nb)]
    node = lambda i, l, r: pedersen(b"ballistic/merkle/v2/level" + bytes([i]), bits(l) + bits(r), k)[1]
    level = list(leaves)
    empty = 0
    for i in range(depth):
        if len(level) % 2:
            level.append(empty)
        level = [node(i, l, r) for l, r in zip(level[::2], level[1::2])]
        empty = node(i, empty, empty)
    return level[0]


if __name__ == "__main__":
    msg = [1 if (i * 7 + 3) % 11 < 5 else 0 for i in range(384)]
    for k in (doppio(), secq()):
        x, y = pedersen(b"ballistic test vectors", msg, k)
        print(x.to_bytes(32, "little").hex())
        print(y.to_bytes(32, "little").hex())
    # Merkle roots of depth 3 over the leaves 1, 2, 3 (tests/integration/embedded_circuits.rs, MERKLE_ROOTS).
    for k in (doppio(), secq()):
        print(merkle_root([1, 2, 3], 3, k).to_bytes(32, "little").hex())
