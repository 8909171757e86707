"""Grin's and Monero's range proofs in their deployed formats: GrinProof, MoneroProof, verify_deployed_batch."""

import json
import os
import pathlib
import subprocess

import pytest

import ballistic

ROOT = pathlib.Path(__file__).resolve().parents[3]
CLI = pathlib.Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target") / "debug" / "ballistic"

GrinProof = ballistic.GrinProof
MoneroProof = ballistic.MoneroProof

# secp256k1-zkp's 33-byte generator encodings (0x0a | y non-square ‖ x): secp256k1's G and -G.
SECP_GX = bytes.fromhex("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
GEN = b"\x0a" + SECP_GX
NEG_GEN = b"\x0b" + SECP_GX
ORDER = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141  # secp256k1
REWIND = bytes(range(32))
PRIVATE = bytes(range(32, 64))


def key(i):
    """A Grin secret key (32 bytes, big-endian)."""
    return (1000 + i).to_bytes(32, "big")


def mask(i):
    """A Monero mask (32 bytes, little-endian)."""
    return (7 + i).to_bytes(32, "little")


def cli():
    if not CLI.exists():
        subprocess.run(["cargo", "build", "-q", "-p", "ballistic-cli"], cwd=ROOT, check=True)
    return str(CLI)


def flip(data, i):
    return data[:i] + bytes([data[i] ^ 1]) + data[i + 1:]


def negated(commitment):
    """The other point with the commitment's x (Grin's prefix 0x08 <-> 0x09): a valid, different commitment."""
    return bytes([commitment[0] ^ 1]) + commitment[1:]


@pytest.fixture(scope="module")
def grin():
    """One 64-bit Grin proof with every option (nonces equal: rewinding gives the blinding)."""
    proof, commitments = GrinProof.prove([1500], [key(0)], rewind_nonce=REWIND, private_nonce=REWIND,
                                         message=b"m" * 20, min_value=1000, extra=b"tx", value_generator=GEN)
    return proof, commitments


@pytest.mark.parametrize("values,bits", [([200], 8), ([2**64 - 1], 64), ([0, 65535], 16)])
def test_grin_honest_proofs_verify(values, bits):
    proof, commitments = GrinProof.prove(values, bits=bits)
    assert proof.verify()
    proof.check()
    assert proof.bits == bits and proof.commitments == commitments and len(commitments) == len(values)
    assert all(len(c) == 33 and c[0] in (8, 9) for c in commitments)
    assert proof.min_value is None and proof.extra is None and proof.value_generator is None
    data = proof.to_bytes()
    assert bytes(proof) == data and len(proof) == len(data)
    if bits == 64:
        assert len(data) == 675  # Grin's size for one 64-bit value
    back = GrinProof.from_bytes(data, commitments, bits)
    assert back == proof and back.verify()
    assert repr(proof).startswith("GrinProof(")


@pytest.mark.parametrize("system,m", [("bulletproofs-plus", 1), ("bulletproofs-plus", 3), ("bulletproofs", 2)])
def test_monero_honest_proofs_verify(system, m):
    amounts = [10**12 + i for i in range(m)]
    proof, commitments = MoneroProof.prove(amounts, system=system)
    assert proof.verify()
    proof.check()
    assert proof.system == system and proof.commitments == commitments
    assert len(commitments) == m and all(len(c) == 32 for c in commitments)
    back = MoneroProof.from_bytes(proof.to_bytes(), commitments, system)
    assert back == proof and back.verify()
    assert bytes(back) == proof.to_bytes() and len(back) == len(proof.to_bytes())
    # masks given: the commitments are theirs (random nonces make the proofs differ, not the commitments)
    again, commitments2 = MoneroProof.prove(amounts, [mask(i) for i in range(m)], system)
    assert again.verify() and commitments2 == MoneroProof.prove(amounts, [mask(i) for i in range(m)], system)[1]
    assert MoneroProof.prove([1], system="bpplus")[0].system == "bulletproofs-plus"


def test_grin_statement_is_bound(grin):
    """Tampered bytes, another commitment, minimum value, extra data or value generator: refused."""
    proof, (c,) = grin
    data = proof.to_bytes()
    assert proof.min_value == 1000 and proof.extra == b"tx" and proof.value_generator == GEN
    statement = dict(min_value=1000, extra=b"tx", value_generator=GEN)
    assert GrinProof.from_bytes(data, [c], **statement).verify()
    for i in (0, 100, 400, len(data) - 1):
        try:
            tampered = GrinProof.from_bytes(flip(data, i), [c], **statement)
        except ballistic.DecodeError:
            continue
        assert not tampered.verify()
        with pytest.raises(ballistic.VerificationError):
            tampered.check()
    wrong = [
        dict(statement, min_value=999), dict(statement, min_value=None),
        dict(statement, extra=b"tX"), dict(statement, extra=b""), dict(statement, extra=None),
        dict(statement, value_generator=NEG_GEN), dict(statement, value_generator=None),
    ]
    for kw in wrong:
        assert not GrinProof.from_bytes(data, [c], **kw).verify(), kw
    assert not GrinProof.from_bytes(data, [negated(c)], **statement).verify()


def test_monero_tampering_refused():
    proof, commitments = MoneroProof.prove([5, 6])
    other, other_commitments = MoneroProof.prove([5, 6])
    data = proof.to_bytes()
    assert not MoneroProof.from_bytes(data, [commitments[0], other_commitments[1]]).verify()
    assert not MoneroProof.from_bytes(data, commitments[::-1]).verify()
    for i in (0, 40, 200, len(data) - 1):
        try:
            assert not MoneroProof.from_bytes(flip(data, i), commitments).verify()
        except ballistic.DecodeError:
            pass
    with pytest.raises(ballistic.VerificationError):
        MoneroProof.from_bytes(data, other_commitments).check()


def test_rewind(grin):
    proof, _ = grin
    assert proof.rewind(REWIND) == (1500, key(0), b"m" * 20)
    with pytest.raises(ballistic.VerificationError):
        proof.rewind(PRIVATE)
    # another private nonce: value and message, not the blinding; no message: zeros
    other, _ = GrinProof.prove([42], [key(1)], bits=8, rewind_nonce=REWIND, private_nonce=PRIVATE)
    assert other.rewind(REWIND) == (42, None, bytes(20))
    aggregated, _ = GrinProof.prove([1, 2], bits=8, rewind_nonce=REWIND)
    with pytest.raises(ballistic.InvalidInput):
        aggregated.rewind(REWIND)
    with pytest.raises(ballistic.InvalidInput):
        proof.rewind(REWIND[:31])


def test_grin_is_deterministic():
    args = dict(bits=16, rewind_nonce=REWIND, private_nonce=PRIVATE)
    a, ca = GrinProof.prove([3, 4], [key(0), key(1)], **args)
    b, cb = GrinProof.prove([3, 4], [key(0), key(1)], **args)
    assert a.to_bytes() == b.to_bytes() and ca == cb and a == b
    c, cc = GrinProof.prove([3, 4], [key(0), key(1)], **dict(args, private_nonce=REWIND))
    assert cc == ca and c.to_bytes() != a.to_bytes() and c != a
    random1, _ = GrinProof.prove([3], bits=8)
    random2, _ = GrinProof.prove([3], bits=8)
    assert random1 != random2


def test_json_round_trip_and_cli(tmp_path, grin):
    proof, _ = grin
    monero, _ = MoneroProof.prove([7, 8], system="bulletproofs")
    assert GrinProof.from_json(proof.to_json()) == proof
    assert MoneroProof.from_json(monero.to_json()) == monero
    data = json.loads(proof.to_json())
    assert data["profile"] == "grin" and data["proof"] == proof.to_bytes().hex() and data["min_value"] == 1000
    for p, name in ((proof, "grin.json"), (monero, "monero.json")):
        path = tmp_path / name
        p.save(path)
        assert type(p).load(path) == p
        out = subprocess.run([cli(), "range", "verify", str(path)], capture_output=True, text=True)
        assert out.returncode == 0 and out.stdout.splitlines()[-1:] == ["valid"], out.stderr
    # The CLI's proof with the same blinding and nonces has the same bytes.
    (tmp_path / "values").write_text("1500\n")
    (tmp_path / "blindings").write_text(key(0).hex() + "\n")
    (tmp_path / "nonce").write_text(REWIND.hex() + "\n")
    cli_path = tmp_path / "cli.json"
    subprocess.run([cli(), "range", "prove", "--profile", "grin", "--bits", "64", "--values-file",
                    str(tmp_path / "values"), "--blindings-file", str(tmp_path / "blindings"),
                    "--rewind-nonce-file", str(tmp_path / "nonce"), "--private-nonce-file", str(tmp_path / "nonce"),
                    "--message", (b"m" * 20).hex(), "--min-value", "1000", "--extra", b"tx".hex(),
                    "--value-generator", GEN.hex(), "--out", str(cli_path)], check=True)
    assert GrinProof.load(cli_path) == proof
    # A file of another format names the class that loads it.
    with pytest.raises(ballistic.DecodeError, match="MoneroProof.from_json"):
        GrinProof.from_json(monero.to_json())
    with pytest.raises(ballistic.DecodeError, match="GrinProof.from_json"):
        MoneroProof.from_json(proof.to_json())
    with pytest.raises(ballistic.DecodeError, match="GrinProof.from_json"):
        ballistic.RangeProof.from_json(proof.to_json())
    plain, _ = ballistic.RangeProof.prove([1], 8)
    with pytest.raises(ballistic.DecodeError, match="RangeProof.from_json"):
        GrinProof.from_json(plain.to_json())
    # Grin's fields in a file without a profile: refused, as the CLI refuses them. (`extra` is
    # ballistic's own extra data there: bound into the transcript, so added afterwards it fails.)
    for field, value in (("min_value", 3), ("value_generator", GEN.hex())):
        with pytest.raises(ballistic.DecodeError, match=f"{field}: only Grin proof files"):
            ballistic.RangeProof.from_json(json.dumps(dict(json.loads(plain.to_json()), **{field: value})))
    assert not ballistic.RangeProof.from_json(json.dumps(dict(json.loads(plain.to_json()), extra="00"))).verify()


def test_bad_files_raise_decode_error(grin):
    proof, _ = grin
    data = json.loads(proof.to_json())
    monero = json.loads(MoneroProof.prove([1])[0].to_json())
    bad = [
        dict(data, proof=data["proof"].upper()),  # hex is lowercase only
        dict(data, proof=data["proof"][:-2]),
        dict(data, proof="zz"),
        dict(data, commitments=["08" + "ff" * 32]),
        dict(data, bits=32),
        dict(data, bits=3),
        dict(data, min_value=0),
        dict(data, label="x"),
        dict(data, group="ed25519"),
        dict(data, system="bulletproofs-plus"),
        dict(data, value_generator="0a" + "ff" * 32),
        dict(data, profile="zcash"),
        dict(data, unknown=1),
    ]
    for d in bad:
        with pytest.raises(ballistic.DecodeError):
            GrinProof.from_json(json.dumps(d))
    for d in (dict(monero, bits=32), dict(monero, system="bulletproofs-plus-plus"), dict(monero, min_value=5),
              dict(monero, commitments=[]), dict(monero, commitments=["01" + "00" * 31])):
        with pytest.raises(ballistic.DecodeError):
            MoneroProof.from_json(json.dumps(d))
    with pytest.raises(ballistic.DecodeError):
        GrinProof.from_json("not json")
    with pytest.raises(ballistic.DecodeError, match="too large"):
        GrinProof.load("/dev/zero")


def test_batch_names_the_bad_ones(grin):
    good_grin, _ = grin
    small, small_c = GrinProof.prove([9], bits=8)
    plus, plus_c = MoneroProof.prove([1, 2, 3])
    original, _ = MoneroProof.prove([4, 5], system="bulletproofs")
    bad_grin = GrinProof.from_bytes(small.to_bytes(), [negated(small_c[0])], bits=8)
    bad_plus = MoneroProof.from_bytes(plus.to_bytes(), plus_c[::-1])
    proofs = [good_grin, plus, bad_grin, original, small, bad_plus]
    assert ballistic.verify_deployed_batch(proofs) == [2, 5]
    assert ballistic.verify_deployed_batch(proofs[:2] + [original]) == []
    assert ballistic.verify_deployed_batch([]) == []
    with pytest.raises(TypeError):
        ballistic.verify_deployed_batch([ballistic.RangeProof.prove([1], 8)[0]])


def test_bad_inputs():
    grin_errors = [
        dict(values=[1], blindings=[key(0)[:31]]),
        dict(values=[1], blindings=[ORDER.to_bytes(32, "big")]),  # not below the order
        dict(values=[1], blindings=[bytes(32)]),  # zero: Grin refuses it
        dict(values=[1, 2], blindings=[key(0)]),
        dict(values=[1], rewind_nonce=bytes(31)),
        dict(values=[1], private_nonce=bytes(33)),
        dict(values=[1], message=bytes(19)),
        dict(values=[1], value_generator=SECP_GX),  # 32 bytes
        dict(values=[1], value_generator=b"\x0a" + b"\xff" * 32),  # x ≥ p
        dict(values=[1], value_generator=b"\x08" + SECP_GX),  # a commitment's prefix
        dict(values=[1], bits=3),
        dict(values=[1], bits=0),
        dict(values=[1, 2, 3], bits=8),  # not a power of two
        dict(values=[1, 2, 3, 4], bits=64),  # bits × values > 128
        dict(values=[], bits=8),
        dict(values=[256], bits=8),
        dict(values=[5], bits=8, min_value=0),
        dict(values=[5], bits=8, min_value=6),
        dict(values=[5, 6], bits=8, min_value=1),
    ]
    for kw in grin_errors:
        with pytest.raises(ballistic.InvalidInput):
            GrinProof.prove(**kw)
    proof, (c,) = GrinProof.prove([5], bits=8)
    data = proof.to_bytes()
    for args, kw in [
        ((data[:-1], [c]), dict(bits=8)),
        ((data + b"\x00", [c]), dict(bits=8)),
        ((data, [c]), dict(bits=64)),
        ((data, [c[:32]]), dict(bits=8)),
        ((data, [b"\x02" + c[1:]]), dict(bits=8)),
        ((data, []), dict(bits=8)),
        ((data, [c]), dict(bits=8, min_value=0)),
        ((data, [c]), dict(bits=8, value_generator=b"\x0a" + b"\xff" * 32)),
        ((data, [c]), dict(bits=8, value_generator=GEN[:32])),
    ]:
        with pytest.raises(ballistic.DecodeError):
            GrinProof.from_bytes(*args, **kw)

    monero_errors = [
        dict(amounts=[1], masks=[mask(0)[:31]]),
        dict(amounts=[1], masks=[b"\xff" * 32]),  # not canonical
        dict(amounts=[1, 2], masks=[mask(0)]),
        dict(amounts=[1, 2], masks=[mask(0), bytes(32)]),  # a zero mask: the amount by trial
        dict(amounts=[]),
        dict(amounts=list(range(17))),
        dict(amounts=[1], system="bulletproofs-plus-plus"),
        dict(amounts=[1], system="nope"),
    ]
    for kw in monero_errors:
        with pytest.raises(ballistic.InvalidInput):
            MoneroProof.prove(**kw)
    proof, commitments = MoneroProof.prove([1])
    data = proof.to_bytes()
    with pytest.raises(ballistic.InvalidInput):
        MoneroProof.from_bytes(data, commitments, "nope")
    for args in [(data[:-1], commitments), (data, [commitments[0][:31]]), (data, [b"\xff" * 32]), (data, []),
                 (data, commitments, "bulletproofs"), (data, commitments, "bulletproofs-plus-plus")]:
        with pytest.raises(ballistic.DecodeError):
            MoneroProof.from_bytes(*args)
