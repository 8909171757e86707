"""Test options: `--slow` (or BALLISTIC_PY_SLOW=1) also runs the tests marked slow.

The Python suite checks the bindings, not the proof systems (the Rust suites do that on every
group); its slow tests repeat a binding check on the groups whose debug-build arithmetic is
slowest (Merkle membership proofs on secp256k1 and ed25519: two minutes of CI). Run them with
`scripts/python-test --slow`.
"""

import os
import tempfile

import pytest

# The generator store (circuit and Merkle generators kept on disk, checked against the digests
# pinned in the library) goes to a scratch directory, not the user's cache; the module reads the
# variable when it first needs generators, after this runs.
os.environ.setdefault("BALLISTIC_GENERATOR_CACHE", tempfile.mkdtemp(prefix="ballistic-py-store-"))


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", help="also run the tests marked slow")


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a repeat on a slower group; run with --slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--slow") or os.environ.get("BALLISTIC_PY_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow (run with --slow)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
