"""Merkle trees and zero-knowledge membership proofs from Python, and their files with the CLI."""

import json
import os
import pathlib
import subprocess

import pytest

import ballistic

ROOT = pathlib.Path(__file__).resolve().parents[3]
CLI = pathlib.Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target") / "debug" / "ballistic"


@pytest.fixture(params=ballistic.GROUPS)
def group(request):
    return request.param


# Proving and verifying membership on every group, the slower two behind --slow (conftest.py):
# the binding is one code path for all three, and test_refusals and the inner-node tests below
# still run on each.
@pytest.fixture(params=[g if g == "ristretto255" else pytest.param(g, marks=pytest.mark.slow)
                        for g in ballistic.GROUPS])
def proving_group(request):
    return request.param


def test_round_trip(proving_group):
    group = proving_group
    leaves = [5, 6, 2**64 + 7, (1).to_bytes(32, "little")]
    tree = ballistic.MerkleTree(leaves, depth=6, group=group)
    assert len(tree) == 4 and tree.depth == 6 and tree.group == group
    assert len(tree.root) == 32
    assert tree.leaves[0] == (5).to_bytes(32, "little")
    assert tree.leaves[3] == (1).to_bytes(32, "little")
    # The same leaves give the same root; another leaf another root.
    assert ballistic.MerkleTree(leaves, depth=6, group=group).root == tree.root
    other = ballistic.MerkleTree([5, 6, 8], depth=6, group=group)
    assert other.root != tree.root

    blinding = ballistic.random_blinding(group)
    proof = tree.prove(2, blinding=blinding, label="py test")
    assert proof.group == group and proof.depth == 6 and proof.label == "py test"
    assert proof.root == tree.root
    # The statement is the verifier's: a tree, or a root with its depth (and group).
    assert proof.verify(tree)
    assert proof.verify(tree.root, depth=6, group=group)
    proof.check(tree)
    proof.check(tree.root, depth=6, group=group)
    assert not proof.verify(other)
    assert not proof.verify(other.root, depth=6, group=group)
    with pytest.raises(ballistic.VerificationError, match="wrong root"):
        proof.check(other)
    with pytest.raises(ballistic.VerificationError, match="depth 6, where the tree has depth 5"):
        proof.check(tree.root, depth=5, group=group)
    # The commitment opens to the leaf with the blinding given (so the same
    # commitment can be range-proved); small leaves commit like values.
    small = tree.prove(1, blinding=blinding)
    assert small.commitment == ballistic.commit(6, blinding, group)
    # JSON round trips for trees and proofs.
    again = ballistic.MerkleTree.from_json(tree.to_json())
    assert again.root == tree.root and len(again) == 4
    assert ballistic.MembershipProof.from_json(proof.to_json()) == proof


def test_tampering_and_batches(proving_group):
    group = proving_group
    tree = ballistic.MerkleTree(list(range(1, 11)), depth=4, group=group)
    proofs = [tree.prove(i) for i in (0, 3, 9)]
    assert ballistic.verify_membership_batch(proofs, tree) == []
    assert ballistic.verify_membership_batch(proofs, tree.root, depth=4, group=group) == []
    d = json.loads(proofs[1].to_json())
    raw = bytes.fromhex(d["proof"])
    tampered = None
    # A flipped byte is refused, as an encoding or by verification, at about
    # 32 places spread over the proof (every field kind is reached; the Rust
    # tests flip every field; each verification here is a whole circuit's).
    for i in range(0, len(raw), max(7, len(raw) // 32)):
        flipped = bytearray(raw)
        flipped[i] ^= 1
        d["proof"] = flipped.hex()
        try:
            candidate = ballistic.MembershipProof.from_json(json.dumps(d))
        except ballistic.DecodeError:
            continue
        assert not candidate.verify(tree), i
        tampered = tampered or candidate
    assert tampered is not None
    d = json.loads(proofs[2].to_json())
    d["commitment"] = json.loads(proofs[0].to_json())["commitment"]
    swapped = ballistic.MembershipProof.from_json(json.dumps(d))
    assert not swapped.verify(tree)
    assert ballistic.verify_membership_batch([proofs[0], tampered, proofs[2], swapped], tree) == [1, 3]
    # Another root, another depth: every proof named.
    assert ballistic.verify_membership_batch(proofs, bytes(32), depth=4, group=group) == [0, 1, 2]
    assert ballistic.verify_membership_batch(proofs, tree.root, depth=3, group=group) == [0, 1, 2]


def test_refusals(group):
    with pytest.raises(ballistic.InvalidInput):
        ballistic.MerkleTree([1, 2, 3], depth=1, group=group)
    with pytest.raises(ballistic.InvalidInput):
        ballistic.MerkleTree([-1], depth=4, group=group)
    with pytest.raises(ballistic.InvalidInput):
        ballistic.MerkleTree([b"\xff" * 32], depth=4, group=group)
    with pytest.raises(ballistic.InvalidInput):
        ballistic.MerkleTree(["1"], depth=4, group=group)
    with pytest.raises(ballistic.InvalidInput):
        ballistic.MerkleTree([True], depth=4, group=group)
    with pytest.raises(ballistic.InvalidInput):
        ballistic.MerkleTree([1], depth=0, group=group)
    with pytest.raises(ballistic.InvalidInput):
        ballistic.MerkleTree([1], depth=4, group="p256")
    tree = ballistic.MerkleTree([1, 2], depth=4, group=group)
    with pytest.raises(ballistic.InvalidInput):
        tree.prove(2)
    with pytest.raises(ballistic.InvalidInput):
        tree.prove(0, blinding=b"\x01")
    with pytest.raises(ballistic.InvalidInput):
        tree.prove(0).verify(b"short", depth=4, group=group)
    # A bare root needs the verifier's depth; a tree's depth and group are its own.
    proof = tree.prove(0)
    with pytest.raises(ballistic.InvalidInput, match="depth= is required"):
        proof.verify(tree.root)
    with pytest.raises(ballistic.InvalidInput, match="depth= is required"):
        ballistic.verify_membership_batch([proof], tree.root)
    with pytest.raises(ballistic.InvalidInput):
        proof.verify(tree.root, depth=65, group=group)
    with pytest.raises(ballistic.InvalidInput, match="depth=3, but the tree has depth 4"):
        proof.verify(tree, depth=3)
    with pytest.raises(ballistic.InvalidInput):
        proof.verify(tree, group="secp256k1" if group != "secp256k1" else "ed25519")
    with pytest.raises(ballistic.InvalidInput):
        proof.verify("not a root", depth=4)
    # A bare root's group is the verifier's (required: ristretto255 and ed25519 share the embedded
    # curve), never the proof's.
    other = "ed25519" if group == "ristretto255" else "ristretto255"
    assert not proof.verify(tree.root, depth=4, group=other)
    assert proof.verify(tree.root, depth=4, group=group)
    with pytest.raises(ballistic.InvalidInput, match="group= is required"):
        proof.verify(tree.root, depth=4)
    # A tree file whose leaves do not give its root; unknown fields; bad JSON.
    d = json.loads(tree.to_json())
    d["leaves"][0] = (9).to_bytes(32, "little").hex()
    with pytest.raises(ballistic.DecodeError, match="wrong root"):
        ballistic.MerkleTree.from_json(json.dumps(d))
    d = json.loads(tree.to_json())
    d["extra"] = 1
    with pytest.raises(ballistic.DecodeError):
        ballistic.MerkleTree.from_json(json.dumps(d))
    with pytest.raises(ballistic.DecodeError):
        ballistic.MembershipProof.from_json("{}")
    good = json.loads(tree.prove(0).to_json())
    for field, value in [("system", "r1cs"), ("root", "zz" * 32), ("root", "ff" * 32),
                         ("commitment", "00" * 5), ("proof", "0"), ("proof", "00" * 40), ("depth", 65)]:
        d = dict(good)
        d[field] = value
        with pytest.raises(ballistic.DecodeError):
            ballistic.MembershipProof.from_json(json.dumps(d))
    # A tree file with more leaves than its depth holds is a bad file, not a bad argument.
    d = json.loads(tree.to_json())
    d["depth"] = 1
    d["leaves"] = d["leaves"] * 2
    with pytest.raises(ballistic.DecodeError):
        ballistic.MerkleTree.from_json(json.dumps(d))


def test_files_with_the_cli(tmp_path):
    if not CLI.exists():
        subprocess.run(["cargo", "build", "-q", "-p", "ballistic-cli"], cwd=ROOT, check=True)
    tree = ballistic.MerkleTree([11, 22, 33], depth=8)
    tree.save(tmp_path / "tree.json")
    out = subprocess.run([str(CLI), "merkle", "root", str(tmp_path / "tree.json")], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert bytes.fromhex(out.stdout.strip()) == tree.root
    tree.prove(1).save(tmp_path / "p.json")
    out = subprocess.run([str(CLI), "merkle", "verify", tree.root.hex(), "--depth", "8", "--group", "ristretto255",
                          str(tmp_path / "p.json")], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    out = subprocess.run([str(CLI), "merkle", "verify", str(tmp_path / "tree.json"), str(tmp_path / "p.json")],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    (tmp_path / "idx").write_text("2\n")
    subprocess.run([str(CLI), "merkle", "prove", str(tmp_path / "tree.json"), "--leaf-file", str(tmp_path / "idx"),
                    "--out", str(tmp_path / "q.json")], check=True)
    q = ballistic.MembershipProof.load(tmp_path / "q.json")
    assert q.verify(tree)
    assert ballistic.MerkleTree.load(tmp_path / "tree.json").root == tree.root


def inner_node_attack(group, depth):
    """Issue 35, item 1: the leaves {1, 2, 3} at `depth`; the root's children are public (the roots of
    the depth-(d-1) trees over the two halves of the leaves), and the depth-1 tree over them holds the
    left child as a leaf. Its proof, claiming depth 1, used to verify against the honest root."""
    honest = ballistic.MerkleTree([1, 2, 3], depth=depth, group=group)
    # Deeper, the honest right child is the empty subtree's root, which no tree over non-zero leaves
    # has (0 is never a leaf); a stand-in takes its place here (the refusal is by depth, before any
    # hash; tests/integration/embedded_circuits.rs builds the exact attack at depth 32).
    first, rest = ([1, 2], [3]) if depth == 2 else ([1, 2, 3], [4])
    left = ballistic.MerkleTree(first, depth=depth - 1, group=group).root
    right = ballistic.MerkleTree(rest, depth=depth - 1, group=group).root
    shallow = ballistic.MerkleTree([left, right], depth=1, group=group)
    # Levels are separated: the shallow tree has another root.
    assert shallow.root != honest.root
    attack = shallow.prove(0)
    assert attack.verify(shallow)
    d = json.loads(attack.to_json())
    d["root"] = honest.root.hex()
    forged = ballistic.MembershipProof.from_json(json.dumps(d))
    d["depth"] = depth - 1
    deeper = ballistic.MembershipProof.from_json(json.dumps(d))
    for proof, got in [(attack, 1), (forged, 1), (deeper, depth - 1)]:
        message = f"a proof for a tree of depth {got}, where the tree has depth {depth}"
        assert not proof.verify(honest)
        assert not proof.verify(honest.root, depth=depth, group=group)
        with pytest.raises(ballistic.VerificationError, match=message):
            proof.check(honest)
        with pytest.raises(ballistic.VerificationError, match=message):
            proof.check(honest.root, depth=depth, group=group)
    # In a batch, next to an honest proof (at depth 2: a depth-32 proof is slow in a debug build).
    batch = [attack, forged, deeper] + ([honest.prove(2)] if depth == 2 else [])
    assert ballistic.verify_membership_batch(batch, honest) == [0, 1, 2]
    assert ballistic.verify_membership_batch(batch, honest.root, depth=depth, group=group) == [0, 1, 2]


def test_inner_node_is_no_leaf(group):
    inner_node_attack(group, 2)


def test_inner_node_is_no_leaf_depth_32():
    inner_node_attack("ristretto255", 32)



def test_generators_come_from_the_store():
    # conftest.py points BALLISTIC_GENERATOR_CACHE at a scratch directory: a depth-1 proof's
    # generators (2^11 per chain) are written there on first use (the refusal of tampered files
    # is tested in Rust and through the CLI).
    store = pathlib.Path(os.environ["BALLISTIC_GENERATOR_CACHE"])
    tree = ballistic.MerkleTree([3, 4], depth=1, group="ristretto255")
    proof = tree.prove(0)
    stored = store / "ristretto255-2048.v1.gens"
    assert stored.is_file()
    assert stored.read_bytes().startswith(b"ballistic generators v1 ristretto255 2048\n")
    assert proof.verify(tree)
