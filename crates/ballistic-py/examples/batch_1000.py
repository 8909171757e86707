"""Prove and batch-verify 1,000 64-bit range proofs from Python; print the
time per proof beside the Rust library's time for the same batch, measured
in the same run (the binding should add no more than a few percent).

    python crates/ballistic-py/examples/batch_1000.py [COUNT]
"""

import statistics
import sys
import time

import ballistic

count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
t = time.perf_counter()
proofs = [ballistic.RangeProof.prove([i * 7919], 64, label="example")[0] for i in range(count)]
prove = (time.perf_counter() - t) / count
print(f"proved {count} 64-bit proofs: {prove * 1e3:.3f} ms per proof")

py_times, rust_times = [], []
for _ in range(5):
    t = time.perf_counter()
    bad = ballistic.verify_batch(proofs)
    py_times.append(time.perf_counter() - t)
    assert bad == [], bad
    rust_times.append(ballistic._rust_verify_batch_seconds(proofs))
py = statistics.median(py_times) / count
rust = statistics.median(rust_times) / count
print(f"batch verification from Python: {py * 1e3:.4f} ms per proof")
print(f"same batch inside Rust:         {rust * 1e3:.4f} ms per proof")
print(f"ratio Python / Rust: {py / rust:.3f}")
