"""Curve Trees key ownership from Python: key trees, ownership proofs and their key images.

The proof system is tested in Rust (crates/ballistic/src/file/curve_tree/tests.rs); here, that the
binding hands every argument to the library and every refusal back with its reason.
"""

import json
import re

import pytest

import ballistic

CONTEXT = "example-forum/votes/2026"
MESSAGE = "session 7f3a"
BRANCHING = [4, 4]

# secp256k1, for the public keys of small secret keys (public data: no constant time needed).
P = 2**256 - 2**32 - 977
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
G = (0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
     0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8)


def _add(a, b):
    if a is None:
        return b
    if b is None:
        return a
    if a[0] == b[0] and (a[1] + b[1]) % P == 0:
        return None
    if a == b:
        lam = 3 * a[0] * a[0] * pow(2 * a[1], P - 2, P) % P
    else:
        lam = (b[1] - a[1]) * pow(b[0] - a[0], P - 2, P) % P
    x = (lam * lam - a[0] - b[0]) % P
    return x, (lam * (a[0] - x) - a[1]) % P


def point(k):
    out, add = None, G
    while k:
        if k & 1:
            out = _add(out, add)
        add, k = _add(add, add), k >> 1
    return out


def sec1(k):
    x, y = point(k)
    return ("03" if y & 1 else "02") + format(x, "064x")


def x_only(k):
    return format(point(k)[0], "064x")


def secret(k):
    """The secret key `k` as 32 bytes, big-endian."""
    return k.to_bytes(32, "big")


def image(proof):
    return json.loads(proof)["key_image"]


@pytest.fixture(scope="module")
def tree():
    """Secret keys 1..=10 in a tree of branching 4, 4."""
    return ballistic.KeyTree([sec1(k) for k in range(1, 11)], branching=BRANCHING)


@pytest.fixture(scope="module")
def proofs(tree):
    """Proofs by keys 3 (given as bytes) and 5 (as a secret key file's text)."""
    return [ballistic.prove_ownership(tree, secret(3), CONTEXT, MESSAGE),
            ballistic.prove_ownership(tree, format(5, "064x") + "\n", CONTEXT, MESSAGE)]


def test_public_keys_of_the_helper():
    assert sec1(1) == "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
    assert sec1(2) == "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"
    assert sec1(3) == "02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9"


def test_honest_proofs_verify_and_return_their_images(tree, proofs):
    assert len(tree) == 10 and tree.branching == BRANCHING
    assert tree.keys == [sec1(k) for k in range(1, 11)]
    assert ballistic.KeyTree("\n".join(sec1(k) for k in range(1, 11)) + "\n", branching=BRANCHING).root == tree.root
    for p in proofs:
        d = json.loads(p)
        assert d["system"] == "curve-tree-ownership" and d["root"] == tree.root and d["branching"] == BRANCHING
        assert d["context"] == CONTEXT and d["message"] == MESSAGE
    images = [image(p) for p in proofs]
    assert images[0] != images[1]
    assert ballistic.verify_ownership(proofs, tree, CONTEXT, MESSAGE) == images
    # The statement as a bare root with its branching; a tree's own branching may be named.
    assert ballistic.verify_ownership(proofs, tree.root, CONTEXT, MESSAGE, branching=BRANCHING) == images
    assert ballistic.verify_ownership(proofs, tree, CONTEXT, MESSAGE, branching=BRANCHING) == images
    assert ballistic.verify_ownership([], tree, CONTEXT, MESSAGE) == []
    # One key, one image per context, whatever the message and however the key is given; another
    # context, another image.
    again = ballistic.prove_ownership(tree, bytearray(secret(3)), CONTEXT, "another session")
    assert again != proofs[0] and image(again) == images[0]
    assert ballistic.verify_ownership([again], tree, CONTEXT, "another session") == [images[0]]
    elsewhere = ballistic.prove_ownership(tree, secret(3), "another context", MESSAGE)
    assert image(elsewhere) != images[0]
    assert ballistic.verify_ownership([elsewhere], tree, "another context", MESSAGE) == [image(elsewhere)]


def test_one_key_twice_in_a_call_is_refused_from_the_second_on(tree, proofs):
    again = ballistic.prove_ownership(tree, secret(3), CONTEXT, MESSAGE)
    assert again != proofs[0], "a fresh proof"
    out = ballistic.verify_ownership([proofs[0], proofs[1], again, proofs[0]], tree, CONTEXT, MESSAGE)
    assert out[:2] == [image(proofs[0]), image(proofs[1])]
    for refused in out[2:]:
        assert isinstance(refused, ballistic.VerificationError)
        assert re.search(r"key image of proof #?0\b.*used twice", str(refused)), str(refused)
    # Each call is on its own: remembering images across calls is the application's.
    assert ballistic.verify_ownership([again], tree, CONTEXT, MESSAGE) == [image(proofs[0])]


def refusal(out, cls, text):
    """The one result of `out`: an exception of `cls` whose message holds `text`."""
    [result] = out
    assert isinstance(result, cls), result
    assert text in str(result), str(result)


def test_the_verifiers_statement_decides(tree, proofs):
    p = proofs[0]
    refusal(ballistic.verify_ownership([p], tree, "another context", MESSAGE),
            ballistic.VerificationError, "another context")
    refusal(ballistic.verify_ownership([p], tree, CONTEXT, "another session"),
            ballistic.VerificationError, "another message")
    other = ballistic.KeyTree([sec1(k) for k in range(1, 10)], branching=BRANCHING)
    assert other.root != tree.root
    refusal(ballistic.verify_ownership([p], other, CONTEXT, MESSAGE), ballistic.VerificationError, "wrong root")
    refusal(ballistic.verify_ownership([p], tree.root, CONTEXT, MESSAGE, branching=[2, 8]),
            ballistic.VerificationError, "branching [4, 4], where the tree's is [2, 8]")
    # The file rewritten to claim the verifier's statement: the proof does not verify for it.
    for field, value, root in [("context", "another context", tree), ("message", "another session", tree),
                               ("root", other.root, other)]:
        d = json.loads(p)
        d[field] = value
        statement = {"context": CONTEXT, "message": MESSAGE}
        statement.update({field: value} if field != "root" else {})
        refusal(ballistic.verify_ownership([json.dumps(d)], root, statement["context"], statement["message"]),
                ballistic.VerificationError, "")
    # A malformed statement refuses every proof.
    for r in ballistic.verify_ownership(proofs, tree, "", MESSAGE):
        assert isinstance(r, ballistic.BallisticError) and "context" in str(r)
    for r in ballistic.verify_ownership(proofs, "00" * 33, CONTEXT, MESSAGE, branching=BRANCHING):
        assert isinstance(r, ballistic.BallisticError) and "root" in str(r)


def test_a_bad_file_is_named_alone(tree, proofs):
    d = json.loads(proofs[1])
    raw = bytearray.fromhex(d["proof"])
    raw[len(raw) // 2] ^= 1
    d["proof"] = raw.hex()
    tampered = json.dumps(d)
    d = json.loads(proofs[0])
    d["key_image"] = image(proofs[1])
    swapped = json.dumps(d)
    d = json.loads(proofs[0])
    d["extra"] = 1
    unknown_field = json.dumps(d)
    out = ballistic.verify_ownership([proofs[0], tampered, swapped, "{", "not json", unknown_field, proofs[1]],
                                     tree, CONTEXT, MESSAGE)
    assert out[0] == image(proofs[0]) and out[6] == image(proofs[1])
    # A changed proof byte: refused by the verification equation or when decoding.
    assert isinstance(out[1], (ballistic.VerificationError, ballistic.DecodeError)), out[1]
    assert isinstance(out[2], ballistic.DecodeError) and "not the proof's key image" in str(out[2])
    for malformed in out[3:6]:
        assert isinstance(malformed, ballistic.DecodeError), malformed
        assert "not a curve-tree ownership proof file" in str(malformed), str(malformed)
    # Every single-byte change at spread places is refused.
    raw = bytes.fromhex(json.loads(proofs[0])["proof"])
    forged = []
    for i in range(0, len(raw), max(7, len(raw) // 24)):
        b = bytearray(raw)
        b[i] ^= 0x40
        d = json.loads(proofs[0])
        d["proof"] = b.hex()
        forged.append(json.dumps(d))
    for r in ballistic.verify_ownership(forged, tree, CONTEXT, MESSAGE):
        assert isinstance(r, (ballistic.VerificationError, ballistic.DecodeError)), r


def test_the_prover_refuses(tree):
    with pytest.raises(ballistic.InvalidInput, match="not in the tree"):
        ballistic.prove_ownership(tree, secret(11), CONTEXT, MESSAGE)
    with pytest.raises(ballistic.InvalidInput, match="must not be empty"):
        ballistic.prove_ownership(tree, secret(3), "", MESSAGE)
    for bad in [secret(0), N.to_bytes(32, "big"), format(0, "064x"), format(10, "064x").upper(), "zz" * 32,
                format(3, "064x") + "\n" + format(5, "064x") + "\n", ""]:
        with pytest.raises(ballistic.InvalidInput, match="secret key"):
            ballistic.prove_ownership(tree, bad, CONTEXT, MESSAGE)
    for bad in [secret(3)[1:], b"\x03"]:
        with pytest.raises(ballistic.InvalidInput, match="must be 32 bytes"):
            ballistic.prove_ownership(tree, bad, CONTEXT, MESSAGE)
    with pytest.raises(ballistic.InvalidInput):
        ballistic.prove_ownership(tree, 3, CONTEXT, MESSAGE)
    # The group order minus one is a key: -G, whose x is key 1's. A key matches its negation (a
    # BIP-340 key's secret key may be -x), and proves as key 1, with key 1's image.
    minus_one = ballistic.prove_ownership(tree, (N - 1).to_bytes(32, "big"), CONTEXT, MESSAGE)
    one = ballistic.prove_ownership(tree, secret(1), CONTEXT, MESSAGE)
    assert image(minus_one) == image(one)
    assert ballistic.verify_ownership([minus_one], tree, CONTEXT, MESSAGE) == [image(one)]


def test_keys_are_checked():
    keys = [sec1(k) for k in range(1, 6)]
    with pytest.raises(ballistic.InvalidInput, match="line 2: not a secp256k1 public key"):
        ballistic.KeyTree(f"{keys[0]}\nzz\n{keys[2]}\n")
    with pytest.raises(ballistic.InvalidInput, match="line 3: not a secp256k1 public key"):
        ballistic.KeyTree(keys[:2] + ["04" + "00" * 32])
    with pytest.raises(ballistic.InvalidInput, match="line 1"):
        ballistic.KeyTree([keys[0].upper()])
    for bad in [keys[:1] + [""], [keys[0] + "\n" + keys[1]]]:
        with pytest.raises(ballistic.InvalidInput, match="one key per item"):
            ballistic.KeyTree(bad)
    # The same key twice, and a key with its negation.
    with pytest.raises(ballistic.InvalidInput, match=r"\b1 and #?3\b.*one x-coordinate"):
        ballistic.KeyTree(keys[:3] + [keys[1]])
    negated = ("03" if keys[1].startswith("02") else "02") + keys[1][2:]
    with pytest.raises(ballistic.InvalidInput, match=r"\b1 and #?3\b.*one x-coordinate"):
        ballistic.KeyTree(keys[:3] + [negated])
    with pytest.raises(ballistic.InvalidInput, match="17 keys do not fit"):
        ballistic.KeyTree([sec1(k) for k in range(1, 18)], branching=BRANCHING)
    with pytest.raises(ballistic.InvalidInput, match="branching"):
        ballistic.KeyTree(keys, branching=[1, 4])
    with pytest.raises(ballistic.InvalidInput):
        ballistic.KeyTree("")
    with pytest.raises(ballistic.InvalidInput, match="keys"):
        ballistic.KeyTree(3)
    # The library's default shape.
    assert ballistic.KeyTree(keys).branching == [4, 2]


def test_x_only_keys_are_accepted():
    # Some of the keys 1..=6 have an odd y; the tree holds them all x-only (the even-y point).
    odd = [k for k in range(1, 7) if sec1(k).startswith("03")]
    assert odd
    tree = ballistic.KeyTree([x_only(k) for k in range(1, 7)], branching=BRANCHING)
    assert tree.keys == ["02" + x_only(k) for k in range(1, 7)]
    # Mixed with SEC1 keys in a keys file.
    mixed = ballistic.KeyTree("\n".join(x_only(k) if k % 2 else sec1(k) for k in range(1, 7)), branching=BRANCHING)
    assert [k[2:] for k in mixed.keys] == [x_only(k) for k in range(1, 7)]
    proofs = [ballistic.prove_ownership(tree, secret(k), CONTEXT, MESSAGE) for k in (odd[0], 2)]
    assert ballistic.verify_ownership(proofs, tree, CONTEXT, MESSAGE) == [image(p) for p in proofs]


def test_tree_files(tree, tmp_path):
    again = ballistic.KeyTree.from_json(tree.to_json())
    assert (again.root, again.branching, again.keys) == (tree.root, tree.branching, tree.keys)
    # A tree read back proves without a rebuild, and its proofs verify against the original.
    p = ballistic.prove_ownership(again, secret(7), CONTEXT, MESSAGE)
    assert ballistic.verify_ownership([p], tree, CONTEXT, MESSAGE) == [image(p)]
    tree.save(tmp_path / "tree.json")
    assert ballistic.KeyTree.load(tmp_path / "tree.json").root == tree.root
    d = json.loads(tree.to_json())
    d["keys"][4] = sec1(99)
    with pytest.raises(ballistic.DecodeError, match="wrong root"):
        ballistic.KeyTree.from_json(json.dumps(d))
    d = json.loads(tree.to_json())
    d["keys"][2] = "05" + "11" * 32
    with pytest.raises(ballistic.DecodeError, match="key #2"):
        ballistic.KeyTree.from_json(json.dumps(d))
    d = json.loads(tree.to_json())
    d["keys"] = d["keys"] * 2
    with pytest.raises(ballistic.DecodeError, match="20 keys do not fit"):
        ballistic.KeyTree.from_json(json.dumps(d))
    d = json.loads(tree.to_json())
    d["extra"] = 1
    with pytest.raises(ballistic.DecodeError):
        ballistic.KeyTree.from_json(json.dumps(d))
    with pytest.raises(ballistic.DecodeError):
        ballistic.KeyTree.from_json("{")


def test_the_statement_is_the_verifiers(tree, proofs):
    with pytest.raises(ballistic.InvalidInput, match="branching= is required"):
        ballistic.verify_ownership(proofs, tree.root, CONTEXT, MESSAGE)
    with pytest.raises(ballistic.InvalidInput, match=r"branching=\[2, 8\], but the tree has branching \[4, 4\]"):
        ballistic.verify_ownership(proofs, tree, CONTEXT, MESSAGE, branching=[2, 8])
    with pytest.raises(ballistic.InvalidInput, match="root"):
        ballistic.verify_ownership(proofs, bytes.fromhex(tree.root), CONTEXT, MESSAGE, branching=BRANCHING)
    with pytest.raises(TypeError):
        ballistic.verify_ownership(proofs[0], tree, CONTEXT, MESSAGE)
