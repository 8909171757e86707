"""Run-time labels and dealer sessions: what the module keeps between calls."""

import pytest

import ballistic


@pytest.fixture(params=ballistic.GROUPS)
def group(request):
    return request.param


POINT_LEN = {"ristretto255": 32, "secp256k1": 33, "ed25519": 32, "secq256k1": 33}


def test_many_distinct_labels():
    # Every proof gets its own transcript label, known only at run time.
    labels = [f"label {i} \u00e9\u2713" for i in range(300)]
    proofs = [ballistic.RangeProof.prove([i], 16, label=label)[0] for i, label in enumerate(labels)]
    assert [p.label for p in proofs] == labels
    assert all(p.verify() for p in proofs)
    assert ballistic.verify_batch(proofs) == []
    # A proof verifies under its own label only.
    moved = [ballistic.RangeProof.from_bytes(bytes(p), p.commitments, 16, label=labels[(i + 1) % len(labels)])
             for i, p in enumerate(proofs[:20])]
    assert ballistic.verify_batch(moved) == list(range(20))
    intervals = [ballistic.IntervalProof.prove(5, 1, 9, label=label) for label in labels[:20]]
    assert all(p.verify() for p in intervals)


def run_round(dealer, parties, stage, message):
    """One round for every party: the messages, then the dealer's answer."""
    if stage == 0:
        return dealer.receive_bit_commitments([p.bit_commitment(j) for j, p in enumerate(parties)])
    if stage == 1:
        return dealer.receive_poly_commitments([p.poly_commitment(message) for p in parties])
    return dealer.receive_shares([p.proof_share(message) for p in parties])


def test_dealers_keep_their_sessions_apart(group):
    # Several dealers, each mid-protocol at once, rounds interleaved: each
    # keeps its own transcript and state.
    sessions = []
    for k, (count, bits) in enumerate([(1, 8), (2, 16), (3, 32), (4, 8)]):
        values = [(k * 1000 + j) % 2**bits for j in range(count)]
        parties = [ballistic.Party(v, bits, group=group) for v in values]
        dealer = ballistic.Dealer(count, bits, label=f"session {k}", group=group)
        sessions.append([dealer, parties, None])
    for stage in range(3):
        for session in reversed(sessions):
            dealer, parties, message = session
            session[2] = run_round(dealer, parties, stage, message)
    for k, (_, parties, proof) in enumerate(sessions):
        assert proof.verify() and proof.label == f"session {k}" and proof.group == group
        assert proof.commitments == [p.commitment for p in parties]
    assert ballistic.verify_batch([s[2] for s in sessions]) == []
    # Each dealer is finished: no round is taken twice.
    with pytest.raises(ballistic.MpcError):
        sessions[0][0].receive_shares([b""])
    # Many sessions one after another.
    for k in range(20):
        parties = [ballistic.Party(k, 8, group=group) for _ in range(2)]
        dealer = ballistic.Dealer(2, 8, label=f"run {k}", group=group)
        message = None
        for stage in range(3):
            message = run_round(dealer, parties, stage, message)
        assert message.verify()


def test_dealer_retries_a_round_the_library_refused(group):
    # The library consumes its dealer state when it refuses a round; the
    # dealer takes the round again, and the run still ends in a valid proof.
    parties = [ballistic.Party(v, 16, group=group) for v in (1, 2, 3)]
    dealer = ballistic.Dealer(3, 16, label="retry", group=group)
    bits = [p.bit_commitment(j) for j, p in enumerate(parties)]
    n = POINT_LEN[group]
    identity_a = bits[2][:n] + bytes(n) + bits[2][2 * n:]  # V ‖ A = identity ‖ S
    with pytest.raises(ballistic.MpcError) as e:
        dealer.receive_bit_commitments(bits[:2] + [identity_a])
    assert e.value.bad_parties == [2]
    with pytest.raises(ballistic.MpcError) as e:
        dealer.receive_bit_commitments(bits[:2])
    assert e.value.bad_parties == []
    bit = dealer.receive_bit_commitments(bits)
    polys = [p.poly_commitment(bit) for p in parties]
    with pytest.raises(ballistic.MpcError):
        dealer.receive_poly_commitments(polys[:1])
    poly = dealer.receive_poly_commitments(polys)
    shares = [p.proof_share(poly) for p in parties]
    bad = bytearray(shares[1])
    bad[-1] ^= 1
    with pytest.raises(ballistic.MpcError) as e:
        dealer.receive_shares([shares[0], bytes(bad), shares[2]])
    assert e.value.bad_parties == [1]
    proof = dealer.receive_shares(shares)
    assert proof.verify() and proof.label == "retry"
    assert proof.commitments == [p.commitment for p in parties]
