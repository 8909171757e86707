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


def test_round_trip(group):
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
    assert proof.verify(tree.root)
    proof.check(tree.root)
    assert not proof.verify(other.root)
    with pytest.raises(ballistic.VerificationError):
        proof.check(other.root)
    # The commitment opens to the leaf with the blinding given (so the same
    # commitment can be range-proved); small leaves commit like values.
    small = tree.prove(1, blinding=blinding)
    assert small.commitment == ballistic.commit(6, blinding, group)
    # JSON round trips for trees and proofs.
    again = ballistic.MerkleTree.from_json(tree.to_json())
    assert again.root == tree.root and len(again) == 4
    assert ballistic.MembershipProof.from_json(proof.to_json()) == proof


def test_tampering_and_batches(group):
    tree = ballistic.MerkleTree(list(range(10)), depth=4, group=group)
    proofs = [tree.prove(i) for i in (0, 3, 9)]
    assert ballistic.verify_membership_batch(proofs, tree.root) == []
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
        assert not candidate.verify(tree.root), i
        tampered = tampered or candidate
    assert tampered is not None
    d = json.loads(proofs[2].to_json())
    d["commitment"] = json.loads(proofs[0].to_json())["commitment"]
    swapped = ballistic.MembershipProof.from_json(json.dumps(d))
    assert not swapped.verify(tree.root)
    assert ballistic.verify_membership_batch([proofs[0], tampered, proofs[2], swapped], tree.root) == [1, 3]
    # Another root: every proof named.
    assert ballistic.verify_membership_batch(proofs, bytes(32)) == [0, 1, 2]


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
        tree.prove(0).verify(b"short")
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
    out = subprocess.run([str(CLI), "merkle", "verify", tree.root.hex(), str(tmp_path / "p.json")],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    (tmp_path / "idx").write_text("2\n")
    subprocess.run([str(CLI), "merkle", "prove", str(tmp_path / "tree.json"), "--leaf-file", str(tmp_path / "idx"),
                    "--out", str(tmp_path / "q.json")], check=True)
    q = ballistic.MembershipProof.load(tmp_path / "q.json")
    assert q.verify(tree.root)
    assert ballistic.MerkleTree.load(tmp_path / "tree.json").root == tree.root
