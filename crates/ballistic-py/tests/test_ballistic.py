"""The Python bindings: every API, bad inputs, and cross-checks with the CLI's files."""

import json
import os
import pathlib
import subprocess
import threading

import pytest

import ballistic

ROOT = pathlib.Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared" / "circuits"
# The binary `cargo test` built (in $CARGO_TARGET_DIR when that is set).
CLI = pathlib.Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target") / "debug" / "ballistic"


@pytest.fixture(params=ballistic.GROUPS)
def group(request):
    return request.param


@pytest.fixture(params=ballistic.SYSTEMS)
def system(request):
    return request.param


def test_exception_hierarchy():
    for exc in (ballistic.InvalidInput, ballistic.DecodeError, ballistic.VerificationError,
                ballistic.CircuitError, ballistic.MpcError):
        assert issubclass(exc, ballistic.BallisticError)
    assert issubclass(ballistic.BallisticError, Exception)


def test_commitments(group):
    b = ballistic.random_blinding(group)
    assert isinstance(b, bytes) and len(b) == 32
    c = ballistic.commit(42, b, group)
    assert c == ballistic.commit(42, b, group)
    assert c != ballistic.commit(43, b, group)
    assert len(c) == (33 if group in ("secp256k1", "secq256k1") else 32)
    with pytest.raises(ballistic.InvalidInput):
        ballistic.commit(1, b"\x00" * 31, group)
    with pytest.raises(ballistic.InvalidInput):
        ballistic.commit(1, b"\xff" * 32, group)  # not canonical
    with pytest.raises(ballistic.InvalidInput):
        ballistic.random_blinding("ed448")


def test_prove_verify_round_trips(group, system):
    values = [0, 1, 2**32 - 1]
    proof, commitments = ballistic.RangeProof.prove(values, 32, label="pytest", system=system, group=group)
    assert proof.verify()
    proof.check()
    assert proof.bits == 32 and proof.group == group and proof.label == "pytest"
    assert proof.commitments == commitments and len(commitments) == 3
    # bytes round trip
    data = bytes(proof)
    back = ballistic.RangeProof.from_bytes(data, commitments, 32, label="pytest", system=proof.system, group=group)
    assert back == proof and back.verify()
    # JSON round trip
    again = ballistic.RangeProof.from_json(proof.to_json())
    assert again == proof and again.verify()


def test_shapes_of_every_size_share_the_growing_generators(group):
    # The module's generators grow with the shapes asked for (up to the
    # largest padded layout, 3 bits × 64 values → 86 chains); proofs made
    # before a growth still verify after it, and the other way round.
    shapes = [(8, 1), (64, 5), (3, 64), (1, 1), (33, 3)]
    proofs = []
    for bits, m in shapes:
        values = [(2**bits - 1) // (i + 1) for i in range(m)]
        proof, _ = ballistic.RangeProof.prove(values, bits, group=group)
        assert proof.verify(), (bits, m)
        proofs.append(proof)
    assert all(p.verify() for p in proofs)
    assert ballistic.verify_batch(proofs) == []
    with pytest.raises(ballistic.InvalidInput):
        ballistic.RangeProof.prove([1] * 65, 8, group=group)


def test_given_blindings_make_the_commitments(group):
    blindings = [ballistic.random_blinding(group) for _ in range(2)]
    proof, commitments = ballistic.RangeProof.prove([10, 20], 64, blindings=blindings, group=group)
    assert commitments == [ballistic.commit(10, blindings[0], group), ballistic.commit(20, blindings[1], group)]
    with pytest.raises(ballistic.InvalidInput):
        ballistic.RangeProof.prove([10, 20], 64, blindings=blindings[:1], group=group)
    # A zero blinding (V = v·B reveals a small value by trial) is refused (issue 35).
    with pytest.raises(ballistic.InvalidInput, match="blinding #1: zero"):
        ballistic.RangeProof.prove([10, 20], 64, blindings=[blindings[0], bytes(32)], group=group)


def test_rejections(group, system):
    proof, commitments = ballistic.RangeProof.prove([7], 8, system=system, group=group)
    data = bytes(proof)
    # a flipped byte
    bad = bytearray(data)
    bad[len(bad) // 2] ^= 1
    try:
        tampered = ballistic.RangeProof.from_bytes(bytes(bad), commitments, 8, system=system, group=group)
        assert not tampered.verify()
        with pytest.raises(ballistic.VerificationError):
            tampered.check()
    except ballistic.DecodeError:
        pass
    # truncated, wrong bits, wrong label, wrong commitment
    with pytest.raises(ballistic.DecodeError):
        ballistic.RangeProof.from_bytes(data[:-1], commitments, 8, system=system, group=group)
    with pytest.raises(ballistic.DecodeError):
        ballistic.RangeProof.from_bytes(data, commitments, 16, system=system, group=group)
    assert not ballistic.RangeProof.from_bytes(data, commitments, 8, label="other", system=system, group=group).verify()
    other = ballistic.commit(8, ballistic.random_blinding(group), group)
    assert not ballistic.RangeProof.from_bytes(data, [other], 8, system=system, group=group).verify()
    with pytest.raises(ballistic.DecodeError):
        ballistic.RangeProof.from_bytes(data, [b"\x01" * len(other)], 8, system=system, group=group)


def test_bad_arguments():
    with pytest.raises(ballistic.InvalidInput):
        ballistic.RangeProof.prove([256], 8)
    with pytest.raises(ballistic.InvalidInput):
        ballistic.RangeProof.prove([1], 65)
    with pytest.raises(ballistic.InvalidInput):
        ballistic.RangeProof.prove([], 8)
    with pytest.raises(ballistic.InvalidInput):
        ballistic.RangeProof.prove([1], 8, system="zk-snark")
    with pytest.raises(ballistic.InvalidInput):
        ballistic.RangeProof.prove([1], 8, label="x" * 2000)
    with pytest.raises(OverflowError):
        ballistic.RangeProof.prove([-1], 8)
    with pytest.raises(ballistic.DecodeError):
        ballistic.RangeProof.from_json("{not json")
    with pytest.raises(ballistic.DecodeError):
        ballistic.RangeProof.from_json(json.dumps({"system": "bulletproofs"}))


def test_bulletproofs_plus_plus(group):
    proof, commitments = ballistic.RangeProof.prove([2**64 - 1], 64, system="bppp", group=group)
    assert proof.system == "bulletproofs-plus-plus"
    assert len(proof.to_bytes()) == (426 if group in ("secp256k1", "secq256k1") else 416)
    assert proof.verify()
    odd, odd_commitments = ballistic.RangeProof.prove([0, 100, 127], 7, system="bulletproofs-plus-plus", group=group)
    assert odd.verify()
    # The same bytes for another shape or system: refused, not misread
    # (7 and 8 bits × 3 have the same length; 64 bits does not).
    assert not ballistic.RangeProof.from_bytes(odd.to_bytes(), odd_commitments, 8, system="bppp", group=group).verify()
    with pytest.raises(ballistic.DecodeError):
        ballistic.RangeProof.from_bytes(odd.to_bytes(), odd_commitments, 64, system="bppp", group=group)
    with pytest.raises(ballistic.DecodeError):
        ballistic.RangeProof.from_bytes(proof.to_bytes(), commitments, 64, system="bulletproofs-plus", group=group)
    with pytest.raises(ballistic.InvalidInput):
        ballistic.RangeProof.prove([128], 7, system="bppp", group=group)


def test_verify_batch_names_invalid_proofs():
    proofs = [ballistic.RangeProof.prove([i], 64, system=s, group=g)[0]
              for i, (s, g) in enumerate([(s, g) for s in ballistic.SYSTEMS for g in ballistic.GROUPS] * 2)]
    assert ballistic.verify_batch(proofs) == []
    # Proof k·n is system k on the first group (n groups).
    n = len(ballistic.GROUPS)
    wrong = json.loads(proofs[n].to_json())
    wrong["label"] = "wrong"
    proofs[n] = ballistic.RangeProof.from_json(json.dumps(wrong))
    other = json.loads(proofs[2 * n].to_json())
    donor = json.loads(proofs[0].to_json())  # another proof on the same group
    assert donor["group"] == other["group"]
    other["commitments"] = donor["commitments"]
    proofs[2 * n] = ballistic.RangeProof.from_json(json.dumps(other))
    assert ballistic.verify_batch(proofs) == [n, 2 * n]
    assert ballistic.verify_batch([]) == []


def test_interval_proofs(group, system):
    p = ballistic.IntervalProof.prove(1000, 900, 1100, system=system, group=group)
    assert p.verify() and p.lo == 900 and p.hi == 1100
    back = ballistic.IntervalProof.from_bytes(p.to_bytes(), p.commitment, 900, 1100, system=system, group=group)
    assert back.verify()
    assert not ballistic.IntervalProof.from_bytes(p.to_bytes(), p.commitment, 900, 1100, label="x",
                                                  system=system, group=group).verify()
    with pytest.raises(ballistic.InvalidInput):
        ballistic.IntervalProof.prove(5, 10, 20, group=group)
    with pytest.raises(ballistic.InvalidInput):
        ballistic.IntervalProof.prove(5, 20, 10, group=group)


def test_extra_data_is_bound(system):
    proof, commitments = ballistic.RangeProof.prove([7], 8, system=system, extra=b"tx 42")
    assert proof.verify() and proof.extra == b"tx 42"
    assert ballistic.RangeProof.from_bytes(proof.to_bytes(), commitments, 8, system=system, extra=b"tx 42").verify()
    for other in (None, b"tx 43"):
        assert not ballistic.RangeProof.from_bytes(proof.to_bytes(), commitments, 8, system=system,
                                                   extra=other).verify()
    back = ballistic.RangeProof.from_json(proof.to_json())
    assert back.verify() and back.extra == b"tx 42" and back == proof
    data = json.loads(proof.to_json())
    assert data["extra"] == b"tx 42".hex()
    data["extra"] = b"tx 43".hex()
    assert not ballistic.RangeProof.from_json(json.dumps(data)).verify()
    data["extra"] = ""
    with pytest.raises(ballistic.DecodeError):
        ballistic.RangeProof.from_json(json.dumps(data))
    with pytest.raises(ballistic.InvalidInput):
        ballistic.RangeProof.prove([7], 8, extra=bytes(1025))
    plain, _ = ballistic.RangeProof.prove([7], 8)
    assert plain.extra == b""
    interval = ballistic.IntervalProof.prove(15, 10, 20, system=system, extra=b"ctx")
    assert interval.verify() and interval.extra == b"ctx"
    assert not ballistic.IntervalProof.from_bytes(interval.to_bytes(), interval.commitment, 10, 20,
                                                  system=system).verify()
    assert ballistic.IntervalProof.from_bytes(interval.to_bytes(), interval.commitment, 10, 20, system=system,
                                              extra=b"ctx").verify()


def test_interval_files(tmp_path):
    p = ballistic.IntervalProof.prove(2**64 - 2, 2**64 - 100, 2**64 - 1, system="bppp", group="secp256k1",
                                      label="app", extra=b"\x01")
    data = json.loads(p.to_json())
    assert (data["min"], data["max"], data["bits"], data["system"]) == (2**64 - 100, 2**64 - 1, 7,
                                                                         "bulletproofs-plus-plus")
    back = ballistic.IntervalProof.from_json(p.to_json())
    assert back.verify() and (back.lo, back.hi, back.label, back.group) == (p.lo, p.hi, "app", "secp256k1")
    assert back.system == "bulletproofs-plus-plus" and back.extra == b"\x01"
    path = tmp_path / "interval.json"
    p.save(path)
    assert ballistic.IntervalProof.load(path).verify()
    # Another interval of the same size: rejected. Range and interval files go to their own classes.
    data["min"] -= 1
    data["max"] -= 1
    assert not ballistic.IntervalProof.from_json(json.dumps(data)).verify()
    with pytest.raises(ballistic.DecodeError, match="IntervalProof"):
        ballistic.RangeProof.from_json(p.to_json())
    plain, _ = ballistic.RangeProof.prove([7], 8)
    with pytest.raises(ballistic.DecodeError, match="RangeProof"):
        ballistic.IntervalProof.from_json(plain.to_json())
    for field, value in (("min", 2**64 - 1), ("bits", 8)):
        bad = json.loads(p.to_json())
        bad[field] = value
        with pytest.raises(ballistic.DecodeError):
            ballistic.IntervalProof.from_json(json.dumps(bad))
    # The CLI reads these files, and writes them.
    if not CLI.exists():
        subprocess.run(["cargo", "build", "-q", "-p", "ballistic-cli"], cwd=ROOT, check=True)
    out = subprocess.run([str(CLI), "range", "verify", str(path)], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.splitlines()[-1:] == ["valid"], out.stderr
    cli_path = tmp_path / "cli-interval.json"
    subprocess.run([str(CLI), "range", "prove", "--min", "3", "--max", "9", "--value", "4", "--extra", "ab",
                    "--out", str(cli_path)], check=True)
    loaded = ballistic.IntervalProof.load(cli_path)
    assert loaded.verify() and (loaded.lo, loaded.hi, loaded.extra) == (3, 9, b"\xab")


def test_owner_recovery(group):
    seed = os.urandom(32)
    proof, commitments = ballistic.RangeProof.prove_recoverable([123, 456], 64, seed, b"tx 1/0",
                                                                label="wallet", group=group)
    assert proof.verify()
    openings = proof.recover(seed, b"tx 1/0")
    assert [v for v, _ in openings] == [123, 456]
    for (v, b), c in zip(openings, commitments):
        assert ballistic.commit(v, b, group) == c
    with pytest.raises(ballistic.VerificationError):
        proof.recover(os.urandom(32), b"tx 1/0")
    with pytest.raises(ballistic.VerificationError):
        proof.recover(seed, b"tx 1/1")
    with pytest.raises(ballistic.InvalidInput):
        proof.recover(b"short", b"tx 1/0")
    with pytest.raises(ballistic.InvalidInput):
        ballistic.RangeProof.prove_recoverable([1], 64, seed, b"", group=group)
    # A plain (random-nonce) proof of any system recovers nothing.
    plain, _ = ballistic.RangeProof.prove([1], 8, system="bppp", group=group)
    with pytest.raises(ballistic.VerificationError):
        plain.recover(seed, b"tx 1/0")
    plain, _ = ballistic.RangeProof.prove([1], 8, group=group)
    with pytest.raises(ballistic.VerificationError):
        plain.recover(seed, b"tx 1/0")
    # Two outputs under one seed and label never share a blinding.
    _, (c1,) = ballistic.RangeProof.prove_recoverable([1000], 64, seed, b"tx 2/0", label="wallet", group=group)
    _, (c2,) = ballistic.RangeProof.prove_recoverable([1000], 64, seed, b"tx 2/1", label="wallet", group=group)
    assert c1 != c2


@pytest.mark.parametrize("system", ["bulletproofs", "bulletproofs-plus", "bulletproofs-plus-plus"])
def test_owner_recovery_with_message_and_extra(system):
    seed = os.urandom(32)
    proof, commitments = ballistic.RangeProof.prove_recoverable([7, 2**64 - 1], 64, seed, b"out 3", system=system,
                                                                message=b"fourteen bytes", extra=b"ctx")
    assert proof.verify() and proof.system == system and proof.extra == b"ctx"
    openings, message = proof.recover_with_message(seed, b"out 3")
    assert message == b"fourteen bytes" and [v for v, _ in openings] == [7, 2**64 - 1]
    for (v, b), c in zip(openings, commitments):
        assert ballistic.commit(v, b) == c
    # Through the JSON file (extra data included); the CLI's `range recover` reads the same file.
    back = ballistic.RangeProof.from_json(proof.to_json())
    assert back.recover_with_message(seed, b"out 3")[1] == b"fourteen bytes"
    assert proof.recover(seed, b"out 3") == openings
    with pytest.raises(ballistic.VerificationError):
        proof.recover_with_message(bytes(32), b"out 3")
    with pytest.raises(ballistic.VerificationError):
        ballistic.RangeProof.from_bytes(proof.to_bytes(), commitments, 64, system=system).recover(seed, b"out 3")
    # No message: empty. Too long for the values: refused.
    short, _ = ballistic.RangeProof.prove_recoverable([1], 8, seed, b"x", system=system)
    assert short.recover_with_message(seed, b"x")[1] == b""
    assert ballistic.RangeProof.prove_recoverable([1], 8, seed, b"x", system=system, message=bytes(22))[0].verify()
    with pytest.raises(ballistic.InvalidInput):
        ballistic.RangeProof.prove_recoverable([1, 2], 8, seed, b"x", system=system, message=bytes(15))


def test_recovery_files_interoperate_with_the_cli(tmp_path):
    """A recoverable proof saved here is recovered by `ballistic range recover`, and the CLI's by Python."""
    if not CLI.exists():
        subprocess.run(["cargo", "build", "-q", "-p", "ballistic-cli"], cwd=ROOT, check=True)
    seed = bytes(range(32))
    key = tmp_path / "seed"
    key.write_text(seed.hex())
    proof, _ = ballistic.RangeProof.prove_recoverable([99], 16, seed, b"out 1", message=b"py", extra=b"\x07",
                                                      system="bulletproofs")
    path = tmp_path / "py-recoverable.json"
    proof.save(path)
    out = subprocess.run([str(CLI), "range", "recover", str(path), "--recover-key", str(key), "--output-id", "out 1"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout == f"value: 99\nmessage: {b'py'.hex()}\n"
    cli_path = tmp_path / "cli-recoverable.json"
    subprocess.run([str(CLI), "range", "prove", "--bits", "16", "--value", "5", "--system", "bpplus", "--recover-key",
                    str(key), "--output-id", "out 2", "--message", b"cli".hex(), "--extra", "0102",
                    "--out", str(cli_path)], check=True)
    openings, message = ballistic.RangeProof.load(cli_path).recover_with_message(seed, b"out 2")
    assert openings[0][0] == 5 and message == b"cli"


def test_mpc(group):
    values = [3, 1000, 2**40]
    parties = [ballistic.Party(v, 64, group=group) for v in values]
    dealer = ballistic.Dealer(len(parties), 64, label="mpc", group=group)
    bit = dealer.receive_bit_commitments([p.bit_commitment(j) for j, p in enumerate(parties)])
    poly = dealer.receive_poly_commitments([p.poly_commitment(bit) for p in parties])
    proof = dealer.receive_shares([p.proof_share(poly) for p in parties])
    assert proof.verify()
    assert proof.commitments == [p.commitment for p in parties]


def test_mpc_names_cheaters(group):
    parties = [ballistic.Party(v, 16, group=group) for v in (1, 2, 3, 4)]
    dealer = ballistic.Dealer(4, 16, group=group)
    bits = [p.bit_commitment(j) for j, p in enumerate(parties)]
    with pytest.raises(ballistic.MpcError) as e:
        dealer.receive_bit_commitments(bits[:1] + [b"garbage"] + bits[2:3] + [bits[3][:-1]])
    assert e.value.bad_parties == [1, 3]
    bit = dealer.receive_bit_commitments(bits)
    polys = [p.poly_commitment(bit) for p in parties]
    poly = dealer.receive_poly_commitments(polys)
    shares = [bytearray(p.proof_share(poly)) for p in parties]
    shares[2][-1] ^= 1
    shares[0][40] ^= 1
    with pytest.raises(ballistic.MpcError) as e:
        dealer.receive_shares([bytes(s) for s in shares])
    assert sorted(e.value.bad_parties) == [0, 2]


def test_mpc_out_of_order():
    p = ballistic.Party(1, 8)
    with pytest.raises(ballistic.MpcError):
        p.proof_share(b"\x00" * 32)
    d = ballistic.Dealer(1, 8)
    with pytest.raises(ballistic.MpcError):
        d.receive_shares([b""])
    with pytest.raises(ballistic.InvalidInput):
        ballistic.Dealer(0, 8)


def shared_circuit(name):
    d = SHARED / "ristretto255" / name
    return ballistic.Circuit.load(d / f"{name}.arith"), (d / f"{name}.in").read_text(), (d / f"{name}.out").read_text()


def test_circuits():
    circuit, inputs, expected = shared_circuit("dot_product")
    # 4 multiplications and 7 public inputs (half a gate each)
    assert circuit.stats["multipliers"] == 8
    r1cs = circuit.r1cs_stats()
    assert r1cs["multipliers"] == 8 and r1cs["padded_multipliers"] == 8 and r1cs["constraints"] > 0
    outs = circuit.evaluate(inputs)
    assert outs == [(int(w), int(v, 16)) for w, v in (line.split() for line in expected.splitlines())]
    proof = circuit.prove(inputs, label="py")
    assert circuit.verify(proof)
    assert proof.outputs == outs
    again = ballistic.CircuitProof.from_json(proof.to_json())
    assert again == proof and circuit.verify(again)
    # a wrong public output is rejected
    doc = json.loads(proof.to_json())
    doc["outputs"][0]["value"] = "1"
    assert not circuit.verify(ballistic.CircuitProof.from_json(json.dumps(doc)))
    with pytest.raises(ballistic.VerificationError):
        circuit.check(ballistic.CircuitProof.from_json(json.dumps(doc)))
    # another circuit
    other, _, _ = shared_circuit("simple_example")
    assert not other.verify(proof)
    # a batch of proofs of this circuit names exactly the bad ones
    tampered = ballistic.CircuitProof.from_json(json.dumps(doc))
    second = circuit.prove(inputs, label="py2")
    assert circuit.verify_batch([proof, second]) == []
    assert circuit.verify_batch([proof, tampered, second, tampered]) == [1, 3]
    secp, secp_inputs, _ = (
        ballistic.Circuit.load(SHARED / "secp256k1" / "dot_product" / "dot_product.arith"),
        (SHARED / "secp256k1" / "dot_product" / "dot_product.in").read_text(),
        None,
    )
    on_secp = secp.prove(secp_inputs, group="secp256k1")
    assert secp.verify_batch([on_secp]) == [] and other.verify_batch([proof]) == [0]


def test_circuit_errors():
    with pytest.raises(ballistic.CircuitError, match="line 3: unknown gate"):
        ballistic.Circuit.parse("total 3\ninput 0\nfrob in 1 <0> out 1 <1>\n")
    with pytest.raises(ballistic.CircuitError):
        ballistic.Circuit.load("/nonexistent.arith")
    c = ballistic.Circuit.parse("total 3\ninput 0\nnizkinput 1\nmul in 2 <1 1> out 1 <2>\noutput 2\n")
    with pytest.raises(ballistic.CircuitError, match="no value for input wire 1"):
        c.prove("0 1\n")
    with pytest.raises(ballistic.DecodeError):
        ballistic.CircuitProof.from_json("{}")


def test_cli_files_interoperate(tmp_path):
    """Files written here verify with the CLI, and the CLI's files load here."""
    if not CLI.exists():
        subprocess.run(["cargo", "build", "-q", "-p", "ballistic-cli"], cwd=ROOT, check=True)
    proof, _ = ballistic.RangeProof.prove([5, 6], 16, system="bulletproofs-plus", group="secp256k1")
    path = tmp_path / "py.json"
    proof.save(path)
    out = subprocess.run([str(CLI), "range", "verify", str(path)], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.splitlines()[-1:] == ["valid"], out.stderr
    cli_path = tmp_path / "cli.json"
    subprocess.run([str(CLI), "range", "prove", "--bits", "32", "--value", "9", "--out", str(cli_path)], check=True)
    loaded = ballistic.RangeProof.load(cli_path)
    assert loaded.verify() and loaded.bits == 32
    # circuits
    circuit, inputs, _ = shared_circuit("simple_example")
    cproof = circuit.prove(inputs)
    cpath = tmp_path / "circuit.json"
    cproof.save(cpath)
    arith = SHARED / "ristretto255" / "simple_example" / "simple_example.arith"
    out = subprocess.run([str(CLI), "circuit", "verify", str(arith), str(cpath)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert circuit.verify(ballistic.CircuitProof.load(cpath))


def test_threads_verify_in_parallel():
    """Verification releases the GIL: threads run and all results agree."""
    proofs = [ballistic.RangeProof.prove([i], 64)[0] for i in range(8)]
    results = []

    def work(p):
        results.append(p.verify())

    threads = [threading.Thread(target=work, args=(p,)) for p in proofs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [True] * 8


def test_load_is_bounded_and_files_have_one_encoding(tmp_path):
    """`load` reads through the library's bounded reader; hex is lowercase only, no unknown fields."""
    with pytest.raises(ballistic.DecodeError, match="too large"):
        ballistic.RangeProof.load("/dev/zero")
    with pytest.raises(ballistic.DecodeError, match="too large"):
        ballistic.CircuitProof.load("/dev/zero")
    proof, _ = ballistic.RangeProof.prove([5], 8)
    data = json.loads(proof.to_json())
    upper = dict(data, proof=data["proof"].upper())
    with pytest.raises(ballistic.DecodeError):
        ballistic.RangeProof.from_json(json.dumps(upper))
    with pytest.raises(ballistic.DecodeError, match="unknown field"):
        ballistic.RangeProof.from_json(json.dumps(dict(data, unknown=1)))
    circuit, inputs, _ = shared_circuit("simple_example")
    cdata = json.loads(circuit.prove(inputs).to_json())
    cdata["inputs"][0]["value"] = "0" + cdata["inputs"][0]["value"]
    with pytest.raises(ballistic.DecodeError, match="not canonical"):
        ballistic.CircuitProof.from_json(json.dumps(cdata))


def test_range_statements_are_pinned_by_the_verifier():
    label = "node amounts"
    narrow, _ = ballistic.RangeProof.prove([5, 6], 32, label=label)
    wide, _ = ballistic.RangeProof.prove([5, 6], 64, label=label)
    foreign, _ = ballistic.RangeProof.prove([5, 6], 32, label="another application")
    pins = dict(group="ristretto255", system="bulletproofs", label=label, bits=32)
    assert narrow.verify(**pins) and narrow.verify()
    narrow.check(**pins)
    assert wide.verify() and not wide.verify(bits=32)
    with pytest.raises(ballistic.VerificationError, match="64-bit values, where the verifier's are 32-bit"):
        wide.check(bits=32)
    with pytest.raises(ballistic.VerificationError, match='label "another application", where the verifier'):
        foreign.check(label=label)
    with pytest.raises(ballistic.VerificationError, match="ristretto255 file where a secp256k1 one"):
        narrow.check(group="secp256k1")
    with pytest.raises(ballistic.VerificationError, match='where the verifier\'s system is "bulletproofs-plus"'):
        narrow.check(system="bpplus")
    with pytest.raises(ballistic.InvalidInput):
        narrow.verify(group="no such group")
    with pytest.raises(ballistic.InvalidInput):
        narrow.verify(system="no such system")
    assert ballistic.verify_batch([narrow, wide, foreign, narrow], **pins) == [1, 2]
    assert ballistic.verify_batch([narrow, wide, foreign, narrow]) == []

    interval = ballistic.IntervalProof.prove(50, 10, 99, label=label)
    assert interval.verify(label=label, interval=(10, 99))
    assert not interval.verify(interval=(10, 98))
    with pytest.raises(ballistic.VerificationError, match=r"values in \[10, 99\], where the verifier's range is \[11, 99\]"):
        interval.check(interval=(11, 99))
    with pytest.raises(ballistic.InvalidInput):
        interval.verify(interval=(99, 10))


def test_extra_data_is_pinned_by_the_verifier():
    mine, _ = ballistic.RangeProof.prove([5], 8, extra=b"tx 1")
    theirs, _ = ballistic.RangeProof.prove([5], 8, extra=b"tx 2")
    plain, _ = ballistic.RangeProof.prove([5], 8)
    assert mine.verify(extra=b"tx 1") and plain.verify(extra=b"")
    assert not theirs.verify(extra=b"tx 1")
    with pytest.raises(ballistic.VerificationError, match="extra data 74782032, where the verifier's binds extra data 74782031"):
        theirs.check(extra=b"tx 1")
    with pytest.raises(ballistic.VerificationError, match="binding no extra data"):
        plain.check(extra=b"tx 1")
    with pytest.raises(ballistic.VerificationError, match="where the verifier's binds no extra data"):
        mine.check(extra=b"")
    with pytest.raises(ballistic.InvalidInput):
        mine.verify(extra=bytes(1025))
    assert ballistic.verify_batch([mine, theirs, plain, mine], extra=b"tx 1") == [1, 2]
    interval = ballistic.IntervalProof.prove(50, 10, 99, extra=b"tx 1")
    assert interval.verify(interval=(10, 99), extra=b"tx 1")
    assert not interval.verify(interval=(10, 99), extra=b"tx 2")
    with pytest.raises(ballistic.VerificationError, match="binding extra data"):
        interval.check(extra=b"")
