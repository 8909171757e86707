"""Bulletproofs range proofs, Bulletproofs+, arithmetic-circuit proofs and
multi-party range proofs over Ristretto255 and secp256k1 (Rust core); Grin's
and Monero's range proofs in their deployed formats (``GrinProof``,
``MoneroProof``).

Bytes in and out: blindings are 32-byte canonical scalars (little-endian),
commitments are compressed points (32 bytes on Ristretto255, 33 on
secp256k1). Proof objects serialise to the JSON files of the `ballistic`
command-line tool. Long operations release the GIL.
"""

from os import PathLike
from typing import ClassVar, Dict, List, Optional, Sequence, Tuple, Union, final

# Checked against the built module by `python -m mypy.stubtest ballistic`
# (scripts/python-test, allowlist in tests/stubtest-allowlist.txt). PyO3
# classes cannot be subclassed (hence @final), and their constructors are
# `__new__`; attributes are read-only properties.

__all__ = [
    "__version__",
    "asset_generator",
    "blinded_asset_generator",
    "MultiAssetProof",
    "verify_multi_asset_batch",
    "GROUPS",
    "SYSTEMS",
    "BallisticError",
    "InvalidInput",
    "DecodeError",
    "VerificationError",
    "CircuitError",
    "MpcError",
    "random_blinding",
    "commit",
    "verify_batch",
    "_rust_verify_batch_seconds",
    "RangeProof",
    "IntervalProof",
    "Circuit",
    "CircuitProof",
    "MerkleTree",
    "MembershipProof",
    "verify_membership_batch",
    "KeyTree",
    "prove_ownership",
    "verify_ownership",
    "Party",
    "Dealer",
    "GrinProof",
    "MoneroProof",
    "verify_deployed_batch",
]

_Path = Union[str, PathLike[str]]

__version__: str
GROUPS: List[str]
"""Supported groups: ``"ristretto255"``, ``"secp256k1"``, ``"ed25519"``, ``"secq256k1"``."""
SYSTEMS: List[str]
"""Range proof systems: ``"bulletproofs"``, ``"bulletproofs-plus"``, ``"bulletproofs-plus-plus"``
(``"bpplus"`` and ``"bppp"`` are accepted as short names)."""

class BallisticError(Exception):
    """Base class of every error raised by ballistic."""

class InvalidInput(BallisticError):
    """An argument is out of range or malformed (value too large, bad blinding, unknown group...)."""

class DecodeError(BallisticError):
    """Bytes or JSON that are not a valid encoding (length, canonical scalars, valid points)."""

class VerificationError(BallisticError):
    """A proof was rejected; the message says why."""

class CircuitError(BallisticError):
    """An .arith circuit or .in file was refused; the message names the line."""

class MpcError(BallisticError):
    """A multi-party run failed. ``bad_parties`` lists the indices of the parties that sent bad messages."""

    bad_parties: List[int]

def random_blinding(group: str = "ristretto255") -> bytes:
    """A uniformly random blinding factor (32 bytes)."""

def commit(value: int, blinding: bytes, group: str = "ristretto255") -> bytes:
    """The Pedersen commitment ``value·B + blinding·B̃`` as compressed point bytes."""

def verify_batch(
    proofs: Sequence[RangeProof],
    *,
    group: Optional[str] = None,
    system: Optional[str] = None,
    label: Optional[str] = None,
    bits: Optional[int] = None,
    extra: Optional[bytes] = None,
) -> List[int]:
    """Verify range proofs (either system, either group, any sizes) in one batch per group.

    Returns the indices of the invalid proofs; an empty list means all are valid. The statement is the verifier's:
    a proof whose group, system, label, bits or extra data is not the one pinned is invalid (not verified); ``None`` leaves it
    the proof's own. Unknown names raise ``InvalidInput``.
    """

def _rust_verify_batch_seconds(proofs: Sequence[RangeProof]) -> float:
    """Seconds the Rust library takes for ``verify_batch(proofs)`` without the Python layer
    (for ``examples/batch_1000.py``; not a stable API)."""

@final
class RangeProof:
    """A range proof with its statement (commitments, bits, label, system, group)."""

    @property
    def system(self) -> str: ...
    @property
    def group(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def extra(self) -> bytes:
        """The extra data bound into the transcript (``b""``: none)."""
    @property
    def bits(self) -> int: ...
    @property
    def commitments(self) -> List[bytes]: ...

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __eq__(self, other: object, /) -> bool:
        """Equal proofs and statements (``<`` and the other orderings raise ``TypeError``)."""

    @staticmethod
    def prove(
        values: Sequence[int],
        bits: int,
        blindings: Optional[Sequence[bytes]] = None,
        label: str = "ballistic range proof",
        system: str = "bulletproofs",
        group: str = "ristretto255",
        *,
        extra: Optional[bytes] = None,
    ) -> Tuple[RangeProof, List[bytes]]:
        """Prove every value lies in ``[0, 2**bits)`` (1 ≤ bits ≤ 64, 1 to 64 values).

        Returns the proof and the commitments. Blindings are random unless given. ``extra`` (at most 1024 bytes) is
        bound into the transcript after the label: the proof verifies with exactly these bytes.
        """
    @staticmethod
    def prove_recoverable(
        values: Sequence[int],
        bits: int,
        seed: bytes,
        output_id: bytes,
        label: str = "ballistic range proof",
        group: str = "ristretto255",
        *,
        extra: Optional[bytes] = None,
        message: Optional[bytes] = None,
        system: str = "bulletproofs-plus",
    ) -> Tuple[RangeProof, List[bytes]]:
        """A proof of any system (at most 3 values; Bulletproofs++ proofs are 48 bytes longer) whose values, blindings and ``message`` (at most
        22, 14 or 6 bytes for 1, 2 or 3 values) the holder of ``seed`` (32 bytes) can recover. ``output_id`` (1 to
        1024 bytes) must be unique per output made with the seed: the blindings derive from the seed and the id, so
        two outputs with one id would share them."""
    def recover(self, seed: bytes, output_id: bytes) -> List[Tuple[int, bytes]]:
        """``[(value, blinding), ...]`` from a recoverable proof; ``VerificationError`` for a wrong seed or id."""
    def recover_with_message(self, seed: bytes, output_id: bytes) -> Tuple[List[Tuple[int, bytes]], bytes]:
        """``([(value, blinding), ...], message)`` from a recoverable proof; ``VerificationError`` for a wrong seed
        or id."""
    def verify(
        self,
        *,
        group: Optional[str] = None,
        system: Optional[str] = None,
        label: Optional[str] = None,
        bits: Optional[int] = None,
        extra: Optional[bytes] = None,
    ) -> bool:
        """``True`` iff the proof verifies for its statement, and the statement is the verifier's: the ``group``,
        ``system``, ``label``, ``bits`` (every value in ``[0, 2**bits)``) and ``extra`` (the extra data bound,
        ``b""`` none) pinned, ``None`` for the proof's own. Unknown names raise ``InvalidInput``."""
    def check(
        self,
        *,
        group: Optional[str] = None,
        system: Optional[str] = None,
        label: Optional[str] = None,
        bits: Optional[int] = None,
        extra: Optional[bytes] = None,
    ) -> None:
        """Like ``verify`` but raises ``VerificationError`` with the reason (a pin not matched: expected and
        found)."""
    def to_bytes(self) -> bytes:
        """The proof bytes (Bulletproofs on Ristretto255: ``bulletproofs`` 5's encoding)."""
    def __bytes__(self) -> bytes: ...
    def __len__(self) -> int: ...
    @staticmethod
    def from_bytes(
        data: bytes,
        commitments: Sequence[bytes],
        bits: int,
        label: str = "ballistic range proof",
        system: str = "bulletproofs",
        group: str = "ristretto255",
        *,
        extra: Optional[bytes] = None,
    ) -> RangeProof:
        """A proof from its bytes and statement (strict decoding; ``DecodeError``)."""
    def to_json(self) -> str:
        """The JSON proof file of ``ballistic range prove``."""
    @staticmethod
    def from_json(text: str) -> RangeProof:
        """A proof from a JSON proof file's text (strict)."""
    def save(self, path: _Path) -> None:
        """Write the JSON proof file."""
    @staticmethod
    def load(path: _Path) -> RangeProof:
        """Read a JSON proof file."""

@final
class IntervalProof:
    """A proof that a committed value lies in ``[lo, hi]`` (any ``lo ≤ hi < 2**64``)."""

    @property
    def commitment(self) -> bytes: ...
    @property
    def lo(self) -> int: ...
    @property
    def hi(self) -> int: ...
    @property
    def system(self) -> str: ...
    @property
    def group(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def extra(self) -> bytes:
        """The extra data bound into the transcript (``b""``: none)."""

    @staticmethod
    def prove(
        value: int,
        lo: int,
        hi: int,
        blinding: Optional[bytes] = None,
        label: str = "ballistic range proof",
        system: str = "bulletproofs",
        group: str = "ristretto255",
        *,
        extra: Optional[bytes] = None,
    ) -> IntervalProof:
        """Prove ``lo ≤ value ≤ hi`` for the commitment ``value·B + blinding·B̃``; ``extra`` (at most 1024 bytes) is
        bound into the transcript after the label."""
    def verify(
        self,
        *,
        group: Optional[str] = None,
        system: Optional[str] = None,
        label: Optional[str] = None,
        interval: Optional[Tuple[int, int]] = None,
        extra: Optional[bytes] = None,
    ) -> bool:
        """``True`` iff the proof verifies, and its statement is the verifier's: the ``group``, ``system``,
        ``label``, ``interval`` (``(lo, hi)``) and ``extra`` (``b""`` none) pinned, ``None`` for the proof's own.
        Unknown names raise ``InvalidInput``."""
    def check(
        self,
        *,
        group: Optional[str] = None,
        system: Optional[str] = None,
        label: Optional[str] = None,
        interval: Optional[Tuple[int, int]] = None,
        extra: Optional[bytes] = None,
    ) -> None:
        """Like ``verify`` but raises ``VerificationError`` (a pin not matched: expected and found)."""
    def to_bytes(self) -> bytes:
        """The proof bytes."""
    @staticmethod
    def from_bytes(
        data: bytes,
        commitment: bytes,
        lo: int,
        hi: int,
        label: str = "ballistic range proof",
        system: str = "bulletproofs",
        group: str = "ristretto255",
        *,
        extra: Optional[bytes] = None,
    ) -> IntervalProof:
        """A proof from its bytes and statement (strict decoding)."""
    def to_json(self) -> str:
        """The JSON proof file of ``ballistic range prove --min/--max`` (``min``, ``max`` fields)."""
    @staticmethod
    def from_json(text: str) -> IntervalProof:
        """A proof from an interval proof file's text (strict; ``DecodeError``)."""
    def save(self, path: _Path) -> None:
        """Write the JSON proof file."""
    @staticmethod
    def load(path: _Path) -> IntervalProof:
        """Read a JSON proof file."""

@final
class Circuit:
    """A Pinocchio ``.arith`` circuit (input/output wires public, nizkinput wires private)."""

    @property
    def stats(self) -> Dict[str, int]: ...
    @property
    def public_inputs(self) -> List[int]: ...
    @property
    def witness_inputs(self) -> List[int]: ...
    @property
    def outputs(self) -> List[int]: ...

    @staticmethod
    def load(path: _Path) -> Circuit:
        """Load ``.arith`` or gzip-compressed ``.arith.gz``."""
    @staticmethod
    def parse(text: str) -> Circuit:
        """Parse ``.arith`` text; ``CircuitError`` names the offending line."""
    def evaluate(self, inputs: str, group: str = "ristretto255") -> List[Tuple[int, int]]:
        """Evaluate on ``.in``-format text; ``[(wire, value), ...]`` for the outputs."""
    def prove(self, inputs: str, label: str = "ballistic circuit proof", group: str = "ristretto255") -> CircuitProof:
        """Prove from ``.in``-format text (every public and witness input)."""
    def verify(self, proof: CircuitProof) -> bool:
        """``True`` iff ``proof`` is valid for this circuit and its public values."""
    def check(self, proof: CircuitProof) -> None:
        """Like ``verify`` but raises ``VerificationError``."""
    def verify_batch(self, proofs: Sequence[CircuitProof]) -> List[int]:
        """Verify proofs of this circuit as one batch per group (translated once); indices of the invalid ones."""
    def r1cs_stats(self, group: str = "ristretto255") -> Dict[str, int]:
        """The translation's sizes: multipliers, padded_multipliers, constraints, nonzeros."""

@final
class CircuitProof:
    """A circuit proof with its public inputs and outputs (``ballistic circuit prove``'s file)."""

    @property
    def group(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def inputs(self) -> List[Tuple[int, int]]: ...
    @property
    def outputs(self) -> List[Tuple[int, int]]: ...

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __eq__(self, other: object, /) -> bool:
        """Equal proofs and statements (``<`` and the other orderings raise ``TypeError``)."""

    def to_bytes(self) -> bytes: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str) -> CircuitProof: ...
    def save(self, path: _Path) -> None: ...
    @staticmethod
    def load(path: _Path) -> CircuitProof: ...

@final
class MerkleTree:
    """A Merkle tree of public leaves (elements of the group's scalar field), hashed with the
    Pedersen hash over the group's embedded curve, personalized per level (version 2: roots differ
    from earlier releases'; the format of ``ballistic merkle build``)."""

    @property
    def root(self) -> bytes: ...
    @property
    def depth(self) -> int: ...
    @property
    def group(self) -> str: ...
    @property
    def leaves(self) -> List[bytes]: ...

    def __new__(
        cls, leaves: Sequence[Union[int, bytes]], depth: int = 32, group: str = "ristretto255"
    ) -> MerkleTree:
        """Leaves are ints below the group order or 32-byte little-endian encodings; the other
        ``2**depth - len(leaves)`` positions are empty (leaf 0)."""
    def __len__(self) -> int: ...
    def prove(
        self, index: int, blinding: Optional[bytes] = None, label: str = "ballistic merkle membership"
    ) -> MembershipProof:
        """Prove that leaf ``index`` is in the tree, hiding which: commits to it with ``blinding``
        (random if not given; pass your own to range-prove the same commitment)."""
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str) -> MerkleTree:
        """Rebuilds the tree; raises ``DecodeError`` unless it has the file's root."""
    def save(self, path: _Path) -> None: ...
    @staticmethod
    def load(path: _Path) -> MerkleTree: ...

@final
class MembershipProof:
    """A zero-knowledge proof that the leaf committed in ``commitment`` is in the tree with
    ``root`` (the format of ``ballistic merkle prove``)."""

    @property
    def group(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def depth(self) -> int: ...
    @property
    def root(self) -> bytes: ...
    @property
    def commitment(self) -> bytes: ...

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __eq__(self, other: object, /) -> bool:
        """Equal proofs and statements (``<`` and the other orderings raise ``TypeError``)."""

    def verify(
        self, root: Union[MerkleTree, bytes], depth: Optional[int] = None, group: Optional[str] = None
    ) -> bool:
        """``True`` iff the proof is valid and for the verifier's tree: a ``MerkleTree`` (its root,
        depth and group; ``depth`` and ``group``, if given, must be its), or its ``root`` (32 bytes)
        with ``depth`` and ``group`` (both required). The statement
        must come from the verifier, never from the proof: anyone can build a tree holding a leaf of
        their choice. A proof for another depth is refused (``check`` raises ``VerificationError``)
        before any work; ``depth`` or ``group`` that contradict the tree given raise
        ``InvalidInput``."""
    def check(
        self, root: Union[MerkleTree, bytes], depth: Optional[int] = None, group: Optional[str] = None
    ) -> None:
        """Like ``verify``, but raises with the reason."""
    def to_bytes(self) -> bytes: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str) -> MembershipProof: ...
    def save(self, path: _Path) -> None: ...
    @staticmethod
    def load(path: _Path) -> MembershipProof: ...

def verify_membership_batch(
    proofs: Sequence[MembershipProof],
    root: Union[MerkleTree, bytes],
    depth: Optional[int] = None,
    group: Optional[str] = None,
) -> List[int]:
    """Verify proofs of membership in the verifier's tree (a ``MerkleTree``, or its root with
    ``depth`` and ``group``, as ``MembershipProof.verify``) as one batch: one circuit, one set of
    generators; indices of the invalid ones. Proofs claiming another depth or group are invalid
    without any work."""

@final
class KeyTree:
    """A Curve Trees tree of secp256k1 public keys (the key tree file format): proofs of ownership
    of one of its keys hide which one."""

    @property
    def root(self) -> str:
        """The root (hex: a secp256k1 point for an even depth, a secq256k1 point for an odd
        one)."""
    @property
    def branching(self) -> List[int]:
        """Children per node, from the leaves up."""
    @property
    def keys(self) -> List[str]:
        """The keys, SEC1 compressed (hex), in order (x-only keys as their even-``y`` point)."""

    def __new__(cls, keys: Union[str, Sequence[str]], branching: Optional[Sequence[int]] = None) -> KeyTree:
        """``keys``: a keys file's text (one key per line) or a list of keys, each SEC1 compressed
        (66 lowercase hex digits) or BIP-340 x-only (64). ``branching`` defaults to the library's
        shape for the number of keys. Raises ``InvalidInput`` for a bad key (``line n`` is
        ``keys[n - 1]`` for a list), two keys with one ``x``, too many keys for the shape or a bad
        shape."""
    def __len__(self) -> int: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str) -> KeyTree:
        """Rebuilds the tree; raises ``DecodeError`` unless it has the file's root."""
    def save(self, path: _Path) -> None: ...
    @staticmethod
    def load(path: _Path) -> KeyTree: ...

def prove_ownership(tree: KeyTree, secret_key: Union[bytes, bytearray, str], context: str, message: str) -> str:
    """Prove ownership of the key of ``secret_key`` (32 bytes, big-endian, or a secret key file's
    text: one line of 64 lowercase hex digits) in ``tree`` for ``context`` (the key image's scope,
    non-empty) and ``message`` (this use: a session, the verifier's nonce), hiding which key;
    returns the proof file (JSON). Raises ``InvalidInput`` for a malformed key or one whose public
    key is not in the tree."""

def verify_ownership(
    proofs: Sequence[str],
    root: Union[KeyTree, str],
    context: str,
    message: str,
    branching: Optional[Sequence[int]] = None,
) -> List[Union[str, BallisticError]]:
    """Verify ownership proofs (their JSON files) against the verifier's tree (a ``KeyTree``, or
    its root, hex, with ``branching``, required), ``context`` and ``message``: per proof, in
    order, its key image (hex) if it is valid, else the exception saying why (returned, not
    raised): ``VerificationError`` for a proof for another root, shape, context or message, a
    proof that does not verify, or a key image an earlier valid proof of the call carries (one key
    used twice in the context); ``DecodeError`` for a file that does not parse. Images seen in
    earlier calls are the application's to remember. The generators and prepared circuits of the
    four most recently used tree shapes are kept for the process, so a shape's later calls skip
    their making."""

@final
class Party:
    """One party of a multi-party range proof, holding one secret value.

    Rounds, in order: ``bit_commitment(position)``, ``poly_commitment(bit_challenge)``,
    ``proof_share(poly_challenge)``; anything else raises ``MpcError``.
    """

    @property
    def commitment(self) -> bytes:
        """This party's commitment ``value·B + blinding·B̃`` (compressed point bytes)."""
    def __new__(cls, value: int, bits: int, blinding: Optional[bytes] = None, group: str = "ristretto255") -> Party:
        """A party proving ``0 ≤ value < 2**bits``; the blinding is random unless given (32 bytes)."""
    def bit_commitment(self, position: int) -> bytes: ...
    def poly_commitment(self, challenge: bytes) -> bytes: ...
    def proof_share(self, challenge: bytes) -> bytes: ...

@final
class Dealer:
    """The dealer of a multi-party range proof; it learns no value or blinding."""

    def __new__(
        cls, parties: int, bits: int, label: str = "ballistic range proof", group: str = "ristretto255"
    ) -> Dealer:
        """A dealer for ``parties`` parties proving ``bits``-bit values under ``label``."""
    def receive_bit_commitments(self, messages: Sequence[bytes]) -> bytes:
        """Round 1: returns the bit challenge for every party."""
    def receive_poly_commitments(self, messages: Sequence[bytes]) -> bytes:
        """Round 2: returns the polynomial challenge for every party."""
    def receive_shares(self, messages: Sequence[bytes]) -> RangeProof:
        """Round 3: the aggregated proof; ``MpcError.bad_parties`` names every cheater."""

@final
class GrinProof:
    """A Grin Bulletproof (secp256k1-zkp's bytes) with its statement: commitments in Grin's 33-byte
    encoding, bits, minimum value, extra data and value generator (the file of
    ``ballistic range prove --profile grin``)."""

    @property
    def bits(self) -> int: ...
    @property
    def commitments(self) -> List[bytes]:
        """Grin's 33-byte commitment encodings (``0x08``/``0x09`` ‖ x)."""
    @property
    def min_value(self) -> Optional[int]: ...
    @property
    def extra(self) -> Optional[bytes]:
        """Grin's ``extra_commit`` bytes (``None`` and ``b""`` differ)."""
    @property
    def value_generator(self) -> Optional[bytes]:
        """The value generator (secp256k1-zkp's 33-byte encoding); ``None`` for Grin's ``H``."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __eq__(self, other: object, /) -> bool:
        """Equal proofs and statements (``<`` and the other orderings raise ``TypeError``)."""

    @staticmethod
    def prove(
        values: Sequence[int],
        blindings: Optional[Sequence[bytes]] = None,
        *,
        bits: int = 64,
        rewind_nonce: Optional[bytes] = None,
        private_nonce: Optional[bytes] = None,
        message: Optional[bytes] = None,
        min_value: Optional[int] = None,
        extra: Optional[bytes] = None,
        value_generator: Optional[bytes] = None,
    ) -> Tuple[GrinProof, List[bytes]]:
        """Prove as Grin does that every value lies in ``[0, 2**bits)`` (``bits`` a power of two ≤ 64, the
        number of values a power of two, ``bits × values ≤ 128``); with ``min_value`` (one value only, not 0,
        below ``2**32``: Grin's verifier reads it as a 32-bit number and rejects larger ones), also
        ``value >= min_value`` and ``value - min_value < 2**bits``. Returns the proof and the commitments.

        Blindings are Grin's 32-byte big-endian secret keys (non-zero, below the group order), one per value;
        random if not given (and then not returned). The nonces (32 bytes) are random if not given; the proof is
        deterministic in the values, blindings, nonces and options. ``message`` (20 bytes, single values) is
        recovered by ``rewind``, as is the blinding when ``private_nonce == rewind_nonce``. ``value_generator``:
        secp256k1-zkp's 33-byte generator encoding (Grin's ``H`` if not given).
        """
    @staticmethod
    def from_bytes(
        proof: bytes,
        commitments: Sequence[bytes],
        bits: int = 64,
        min_value: Optional[int] = None,
        extra: Optional[bytes] = None,
        value_generator: Optional[bytes] = None,
    ) -> GrinProof:
        """A proof from Grin's bytes and its statement (strict decoding; ``DecodeError``)."""
    def rewind(self, rewind_nonce: bytes) -> Tuple[int, Optional[bytes], bytes]:
        """``(value, blinding, message)`` of a single-value proof, with the prover's rewind nonce; the blinding
        (32 bytes, big-endian) is ``None`` unless the private nonce was the rewind nonce. ``VerificationError``
        for a wrong nonce."""
    def verify(self) -> bool:
        """``True`` iff the proof verifies for its statement."""
    def check(self) -> None:
        """Like ``verify`` but raises ``VerificationError`` with the reason."""
    def to_bytes(self) -> bytes:
        """The proof bytes, exactly as Grin has them (675 for one 64-bit value)."""
    def __bytes__(self) -> bytes: ...
    def __len__(self) -> int: ...
    def to_json(self) -> str:
        """The JSON proof file of ``ballistic range prove --profile grin``."""
    @staticmethod
    def from_json(text: str) -> GrinProof:
        """A proof from a Grin proof file's text (strict)."""
    def save(self, path: _Path) -> None:
        """Write the JSON proof file."""
    @staticmethod
    def load(path: _Path) -> GrinProof:
        """Read a JSON proof file."""

@final
class MoneroProof:
    """A Monero range proof, Bulletproofs+ (RingCT type 6) or the original Bulletproofs (types 4-5), in Monero's
    serialization with its output commitments (the file of ``ballistic range prove --profile monero``)."""

    @property
    def system(self) -> str:
        """``"bulletproofs-plus"`` or ``"bulletproofs"``."""
    @property
    def commitments(self) -> List[bytes]:
        """The output commitments (32 bytes each, as ``outPk`` holds them)."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __eq__(self, other: object, /) -> bool:
        """Equal proofs and statements (``<`` and the other orderings raise ``TypeError``)."""

    @staticmethod
    def prove(
        amounts: Sequence[int], masks: Optional[Sequence[bytes]] = None, system: str = "bulletproofs-plus"
    ) -> Tuple[MoneroProof, List[bytes]]:
        """Prove 1 to 16 64-bit amounts as Monero does. Masks are 32-byte little-endian canonical scalars, one
        per amount; random if not given (and then not returned). ``system``: ``"bulletproofs-plus"`` (or
        ``"bpplus"``) or ``"bulletproofs"``. Returns the proof and the output commitments."""
    @staticmethod
    def from_bytes(proof: bytes, commitments: Sequence[bytes], system: str = "bulletproofs-plus") -> MoneroProof:
        """A proof from Monero's bytes and its output commitments (strict decoding; ``DecodeError``)."""
    def verify(self) -> bool:
        """``True`` iff the proof verifies for its commitments."""
    def check(self) -> None:
        """Like ``verify`` but raises ``VerificationError`` with the reason."""
    def to_bytes(self) -> bytes:
        """The proof bytes in Monero's serialization."""
    def __bytes__(self) -> bytes: ...
    def __len__(self) -> int: ...
    def to_json(self) -> str:
        """The JSON proof file of ``ballistic range prove --profile monero``."""
    @staticmethod
    def from_json(text: str) -> MoneroProof:
        """A proof from a Monero proof file's text (strict)."""
    def save(self, path: _Path) -> None:
        """Write the JSON proof file."""
    @staticmethod
    def load(path: _Path) -> MoneroProof:
        """Read a JSON proof file."""

def verify_deployed_batch(proofs: Sequence[Union[GrinProof, MoneroProof]]) -> List[int]:
    """Verify Grin and Monero proofs, one batch per generator set (Grin's; Monero's Bulletproofs+; Monero's
    Bulletproofs); indices of the invalid ones (an empty list: all valid)."""

def asset_generator(asset_id: bytes, group: str = "ristretto255") -> bytes:
    """The asset generator of the asset named ``asset_id`` (hash to the group; compressed point)."""

def blinded_asset_generator(asset: bytes, blinding: bytes, group: str = "ristretto255") -> bytes:
    """A blinded asset tag ``asset + blinding·B̃`` (32-byte blinding; compressed point)."""

@final
class MultiAssetProof:
    """One range proof over outputs on different value generators (Confidential Assets):
    commitment ``j`` is ``value_j·H_j + blinding_j·B̃`` with ``H_j = generators[j]``."""

    @property
    def system(self) -> str: ...
    @property
    def group(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def bits(self) -> int: ...
    @property
    def commitments(self) -> List[bytes]: ...
    @property
    def generators(self) -> List[bytes]: ...
    @staticmethod
    def prove(
        values: Sequence[int],
        generators: Sequence[bytes],
        bits: int,
        blindings: Optional[Sequence[bytes]] = None,
        label: str = "ballistic multi-asset proof",
        system: str = "native",
        group: str = "ristretto255",
    ) -> Tuple[MultiAssetProof, List[bytes]]:
        """Prove every value in ``[0, 2**bits)``, each on its generator; returns the proof and
        the commitments. ``system``: ``"native"`` (Bulletproofs, smallest) or
        ``"recommitted-bulletproofs"``, ``"recommitted-bulletproofs-plus"``,
        ``"recommitted-bulletproofs-plus-plus"``."""
    @staticmethod
    def from_bytes(
        proof: bytes,
        commitments: Sequence[bytes],
        generators: Sequence[bytes],
        bits: int,
        label: str = "ballistic multi-asset proof",
        system: str = "native",
        group: str = "ristretto255",
    ) -> MultiAssetProof:
        """A proof from its bytes and statement (strict decoding)."""
    def verify(self) -> bool:
        """``True`` iff the proof verifies."""
    def check(self) -> None:
        """Like ``verify`` but raises ``VerificationError``."""
    def to_bytes(self) -> bytes:
        """The proof bytes."""
    def __bytes__(self) -> bytes: ...

def verify_multi_asset_batch(proofs: Sequence[MultiAssetProof]) -> List[int]:
    """Verify multi-asset proofs (any construction, group, size, generators) in one batch per group.

    Returns the indices of the invalid proofs; an empty list means all are valid.
    """
