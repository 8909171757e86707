"""Multi-asset range proofs: asset_generator, blinded_asset_generator, MultiAssetProof, verify_multi_asset_batch."""

import pytest

import ballistic

SYSTEMS = [
    "native",
    "recommitted-bulletproofs",
    "recommitted-bulletproofs-plus",
    "recommitted-bulletproofs-plus-plus",
]


def gens(group, names):
    return [ballistic.asset_generator(n, group=group) for n in names]


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("group", ["ristretto255", "secp256k1"])
def test_prove_verify_round_trip(system, group):
    g = gens(group, [b"gold", b"silver", b"gold"])
    proof, commitments = ballistic.MultiAssetProof.prove([5, 255, 0], g, 8, system=system, group=group)
    assert proof.verify()
    proof.check()
    assert (proof.system, proof.group, proof.bits) == (system, group, 8)
    assert proof.commitments == commitments and proof.generators == g
    again = ballistic.MultiAssetProof.from_bytes(bytes(proof), commitments, g, 8, system=system, group=group)
    assert again.verify() and again.to_bytes() == proof.to_bytes()


def test_changed_statement_rejected():
    g = gens("ristretto255", [b"gold", b"silver"])
    proof, c = ballistic.MultiAssetProof.prove([3, 4], g, 8)
    data = proof.to_bytes()
    other = ballistic.asset_generator(b"lead")
    for gs, cs in [([g[1], g[0]], c), ([g[0], other], c), (g, [c[1], c[0]]), (g, [c[0], ballistic.commit(4, bytes(32))])]:
        p = ballistic.MultiAssetProof.from_bytes(data, cs, gs, 8)
        assert not p.verify()
        with pytest.raises(ballistic.VerificationError):
            p.check()
    assert not ballistic.MultiAssetProof.from_bytes(data, c, g, 8, label="other").verify()
    with pytest.raises(ballistic.DecodeError):
        ballistic.MultiAssetProof.from_bytes(data[:-1], c, g, 8)


def test_blinded_generators_and_given_blindings():
    gold = ballistic.asset_generator(b"gold")
    r = ballistic.random_blinding()
    tag = ballistic.blinded_asset_generator(gold, r)
    assert tag != gold and len(tag) == 32
    blindings = [ballistic.random_blinding(), ballistic.random_blinding()]
    proof, c = ballistic.MultiAssetProof.prove([1, 2], [tag, gold], 16, blindings=blindings)
    assert proof.verify()
    again, c2 = ballistic.MultiAssetProof.prove([1, 2], [tag, gold], 16, blindings=blindings)
    assert c == c2  # the same openings commit to the same points


def test_bad_inputs():
    g = gens("ristretto255", [b"a", b"b"])
    with pytest.raises(ballistic.InvalidInput):
        ballistic.MultiAssetProof.prove([1, 2], g, 8, system="fancy")
    with pytest.raises(ballistic.BallisticError):
        ballistic.MultiAssetProof.prove([1, 2], g[:1], 8)
    with pytest.raises(ballistic.BallisticError):
        ballistic.MultiAssetProof.prove([256, 2], g, 8)
    with pytest.raises(ballistic.DecodeError):
        ballistic.MultiAssetProof.prove([1, 2], [g[0], bytes(32)], 8)  # the identity
    with pytest.raises(ballistic.DecodeError):
        ballistic.MultiAssetProof.prove([1, 2], [g[0], b"\xff" * 32], 8)


def test_batch_names_bad_proofs():
    proofs = []
    for i, system in enumerate(SYSTEMS):
        group = "secp256k1" if i % 2 else "ristretto255"
        p, _ = ballistic.MultiAssetProof.prove([i, 7], gens(group, [b"x%d" % i, b"y"]), 8, system=system, group=group)
        proofs.append(p)
    assert ballistic.verify_multi_asset_batch(proofs) == []
    p = proofs[1]
    wrong = ballistic.MultiAssetProof.from_bytes(
        p.to_bytes(), p.commitments, list(reversed(p.generators)), 8, system=p.system, group=p.group
    )
    assert ballistic.verify_multi_asset_batch(proofs[:1] + [wrong] + proofs[2:]) == [1]
