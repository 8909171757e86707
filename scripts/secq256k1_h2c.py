#!/usr/bin/env python3
"""Independent reference for ballistic's hash to secq256k1, in plain Python
integers: RFC 9380 expand_message_xmd (SHA-256), hash_to_field with L = 48
and count = 2, the Shallue-van de Woestijne map (section 6.6.1) with the Z of
Appendix H.1's search, and affine addition. The test vectors pinned in
crates/ballistic/src/group/secq256k1 were computed by this script.

    python3 scripts/secq256k1_h2c.py
"""
import hashlib

N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141  # secq256k1's field
A, B = 0, 7
DST = b"ballistic-v1-generators-secq256k1_XMD:SHA-256_SVDW_RO_"


def g(x):
    return (x * x * x + A * x + B) % N


def inv(x):
    return pow(x, N - 2, N)


def is_square(x):
    return x % N == 0 or pow(x, (N - 1) // 2, N) == 1


def sqrt(a):
    """Tonelli-Shanks (N - 1 = 2^6 * odd)."""
    a %= N
    if a == 0:
        return 0
    assert is_square(a)
    s, q = 0, N - 1
    while q % 2 == 0:
        q //= 2
        s += 1
    z = 2
    while is_square(z):
        z += 1
    m, c, t, r = s, pow(z, q, N), pow(a, q, N), pow(a, (q + 1) // 2, N)
    while t != 1:
        i, tt = 0, t
        while tt != 1:
            tt = tt * tt % N
            i += 1
        b = pow(c, 1 << (m - i - 1), N)
        m, c, t, r = i, b * b % N, t * b * b % N, r * b % N
    assert r * r % N == a
    return r


def find_z():
    """RFC 9380 Appendix H.1 (find_z_svdw): candidates 1, -1, 2, -2, ..."""
    ctr = 1
    while True:
        for z in (ctr, -ctr):
            z %= N
            if g(z) == 0:
                continue
            h = -(3 * z * z + 4 * A) * inv(4 * g(z)) % N
            if h == 0 or not is_square(h):
                continue
            if is_square(g(z)) or is_square(g(-z * inv(2) % N)):
                return z
        ctr += 1


Z = find_z()
C1 = g(Z)
C2 = -Z * inv(2) % N
C3 = sqrt(-g(Z) * (3 * Z * Z + 4 * A))
C3 = C3 if C3 % 2 == 0 else N - C3
C4 = -4 * g(Z) * inv(3 * Z * Z + 4 * A) % N


def expand_xmd(msg, dst, length):
    ell = (length + 31) // 32
    dst_prime = dst + bytes([len(dst)])
    b0 = hashlib.sha256(bytes(64) + msg + length.to_bytes(2, "big") + b"\0" + dst_prime).digest()
    out = [hashlib.sha256(b0 + b"\1" + dst_prime).digest()]
    for i in range(2, ell + 1):
        x = bytes(u ^ v for u, v in zip(b0, out[-1]))
        out.append(hashlib.sha256(x + bytes([i]) + dst_prime).digest())
    return b"".join(out)[:length]


def map_svdw(u):
    tv1 = u * u * C1 % N
    tv2 = (1 + tv1) % N
    tv1 = (1 - tv1) % N
    tv3 = tv1 * tv2 % N
    tv3 = inv(tv3) if tv3 else 0
    tv4 = u * tv1 * tv3 * C3 % N
    x1 = (C2 - tv4) % N
    x2 = (C2 + tv4) % N
    x3 = tv2 * tv2 * tv3 % N
    x3 = (x3 * x3 * C4 + Z) % N
    x = x1 if is_square(g(x1)) else (x2 if is_square(g(x2)) else x3)
    y = sqrt(g(x))
    if u % 2 != y % 2:
        y = (N - y) % N
    return (x, y)


def add(p, q):
    if p is None:
        return q
    if q is None:
        return p
    (x1, y1), (x2, y2) = p, q
    if x1 == x2:
        if (y1 + y2) % N == 0:
            return None
        lam = 3 * x1 * x1 * inv(2 * y1) % N
    else:
        lam = (y2 - y1) * inv(x2 - x1) % N
    x3 = (lam * lam - x1 - x2) % N
    return (x3, (lam * (x1 - x3) - y1) % N)


def hash_to_curve(msg, dst=DST):
    b = expand_xmd(msg, dst, 96)
    u0 = int.from_bytes(b[:48], "big") % N
    u1 = int.from_bytes(b[48:], "big") % N
    return add(map_svdw(u0), map_svdw(u1))


def compress(p):
    return bytes([2 + (p[1] & 1)]) + p[0].to_bytes(32, "big")


if __name__ == "__main__":
    print("Z", Z if Z < N // 2 else Z - N)
    for name, c in (("c2", C2), ("c3", C3), ("c4", C4)):
        print(name, f"{c:064x}")
    print("basepoint", compress(hash_to_curve(b"ballistic-v1 secq256k1 basepoint")).hex())
    print("hash_to_point([7; 64])", compress(hash_to_curve(bytes([7]) * 64)).hex())
    print('hash_to_curve("")', compress(hash_to_curve(b"")).hex())
