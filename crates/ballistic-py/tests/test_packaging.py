"""The installed package: it carries its type stubs, and the signatures they show are the module's.

scripts/python-test runs this suite against the wheel `pip install crates/ballistic-py` built
into a fresh virtual environment; `python -m mypy.stubtest ballistic` then checks the stubs
name for name against the module.
"""

import importlib.metadata
import inspect
import os
import pathlib
import re
import subprocess
import sys

import pytest

import ballistic

ROOT = pathlib.Path(__file__).resolve().parents[3]
STUB = ROOT / "crates" / "ballistic-py" / "ballistic.pyi"
CLI = pathlib.Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target") / "debug" / "ballistic"
SHARED = ROOT.parent / "shared" / "circuits"


def cli():
    if not CLI.exists():
        subprocess.run(["cargo", "build", "-q", "-p", "ballistic-cli"], cwd=ROOT, check=True)
    return str(CLI)


def test_installed_package_carries_its_stubs():
    """PEP 561: `py.typed` and the stub beside the extension, recorded in the distribution."""
    package = pathlib.Path(ballistic.__file__).resolve().parent
    assert package.name == "ballistic"
    assert (package / "py.typed").is_file(), f"no py.typed in {package}"
    stub = package / "__init__.pyi"
    assert stub.is_file(), f"no __init__.pyi in {package}"
    # The stub installed is the repository's (a stale install fails here).
    assert stub.read_bytes() == STUB.read_bytes()
    # Both are files of the installed distribution (its RECORD), not leftovers.
    files = {str(f).replace("\\", "/") for f in importlib.metadata.files("ballistic") or []}
    assert {"ballistic/py.typed", "ballistic/__init__.pyi"} <= files, sorted(files)
    assert importlib.metadata.version("ballistic") == ballistic.__version__


def test_type_checkers_see_the_stubs(tmp_path):
    """mypy reads the installed stubs (without py.typed it would call the module untyped)."""
    pytest.importorskip("mypy")
    src = tmp_path / "use.py"
    src.write_text(
        "import ballistic\n"
        "proof, commitments = ballistic.RangeProof.prove([1], 8)\n"
        "reveal_type(proof.bits)\n"
        "wrong: int = ballistic.commit(1, ballistic.random_blinding())\n"
    )
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"),
         str(src)],
        capture_output=True, text=True, cwd=tmp_path,
    )
    # (mypy ≥ 1.20 writes "int", older ones "builtins.int")
    assert re.search(r'Revealed type is "(builtins\.)?int"', out.stdout), out.stdout + out.stderr
    assert 'expression has type "bytes", variable has type "int"' in out.stdout, out.stdout + out.stderr
    assert "missing library stubs or py.typed" not in out.stdout
    assert "Found 1 error" in out.stdout, out.stdout


def default(function, name="label"):
    return inspect.signature(function).parameters[name].default


def test_signatures_show_the_default_labels():
    """The runtime signatures (what stubtest compares with the stubs) carry the defaults the calls use."""
    range_label = default(ballistic.RangeProof.prove)
    assert range_label == "ballistic range proof"
    for f in (ballistic.RangeProof.prove_recoverable, ballistic.RangeProof.from_bytes, ballistic.Dealer,
              ballistic.IntervalProof.prove, ballistic.IntervalProof.from_bytes):
        assert default(f) == range_label, f
    proof, commitments = ballistic.RangeProof.prove([3], 8)
    assert proof.label == range_label
    assert ballistic.RangeProof.from_bytes(proof.to_bytes(), commitments, 8).verify()
    seed = bytes(32)
    assert ballistic.RangeProof.prove_recoverable([3], 8, seed, b"id")[0].label == range_label
    interval = ballistic.IntervalProof.prove(5, 1, 9)
    assert ballistic.IntervalProof.from_bytes(interval.to_bytes(), interval.commitment, 1, 9).verify()
    parties = [ballistic.Party(v, 8) for v in (1, 2)]
    dealer = ballistic.Dealer(2, 8)
    y_z = dealer.receive_bit_commitments([p.bit_commitment(j) for j, p in enumerate(parties)])
    x = dealer.receive_poly_commitments([p.poly_commitment(y_z) for p in parties])
    assert dealer.receive_shares([p.proof_share(x) for p in parties]).label == range_label

    tree = ballistic.MerkleTree([1, 2], depth=4)
    assert tree.prove(0).label == default(ballistic.MerkleTree.prove) == "ballistic merkle membership"

    d = SHARED / "ristretto255" / "simple_example"
    circuit = ballistic.Circuit.load(d / "simple_example.arith")
    cproof = circuit.prove((d / "simple_example.in").read_text())
    assert cproof.label == default(ballistic.Circuit.prove) == "ballistic circuit proof"


def test_default_labels_are_the_cli_defaults(tmp_path):
    """The literals in the bindings' signatures are the library's defaults, which the CLI writes."""
    out = tmp_path / "range.json"
    subprocess.run([cli(), "range", "prove", "--bits", "8", "--value", "3", "--out", str(out)], check=True)
    assert ballistic.RangeProof.load(out).label == default(ballistic.RangeProof.prove)

    d = SHARED / "ristretto255" / "simple_example"
    out = tmp_path / "circuit.json"
    subprocess.run([cli(), "circuit", "prove", str(d / "simple_example.arith"),
                    "--inputs", str(d / "simple_example.in"), "--out", str(out)], check=True)
    assert ballistic.CircuitProof.load(out).label == default(ballistic.Circuit.prove)

    ballistic.MerkleTree([11, 22], depth=4).save(tmp_path / "tree.json")
    (tmp_path / "idx").write_text("1\n")
    out = tmp_path / "member.json"
    subprocess.run([cli(), "merkle", "prove", str(tmp_path / "tree.json"), "--leaf-file", str(tmp_path / "idx"),
                    "--out", str(out)], check=True)
    assert ballistic.MembershipProof.load(out).label == default(ballistic.MerkleTree.prove)
