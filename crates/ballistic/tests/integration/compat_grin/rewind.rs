//! Rewinding (owner recovery) both ways between ballistic and the C code.

use super::*;

/// Rewinding both ways, with messages, minimum values, value generators,
/// and refusal with a wrong nonce or statement.
#[test]
fn rewind_both_ways() {
    let c = C::new();
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    for (round, n) in [64usize, 32, 16, 8, 64, 64].into_iter().enumerate() {
        let min = if round % 2 == 1 { rng.gen_range(1..1000u64) } else { 0 };
        let value = min + value_below(&mut rng, n.min(48));
        let value = if n < 64 { value & ((1u64 << n) - 1) } else { value };
        let min = min.min(value);
        let (blind_bytes, blind) = random_blind(&mut rng);
        let nonces = random_nonces(&mut rng, round != 4);
        let g = if round % 3 == 2 { random_gen(&mut rng) } else { grin_generators().value_gen() };
        let extra: Option<Vec<u8>> = (round % 2 == 0).then(|| vec![round as u8; round]);
        let message: [u8; 20] = rng.gen();
        let mins = [min];
        let options = GrinProveOptions {
            n_bits: n,
            value_gen: Some(g),
            min_values: (min > 0).then_some(&mins[..]),
            extra_commit: extra.as_deref(),
            message: Some(message),
        };
        let (ours, v) = GrinProof::prove(&[GrinOpening { value, blinding: blind }], &nonces, &options).unwrap();
        let theirs = c.prove(&[value], &[blind_bytes], &nonces, &options).unwrap();
        assert_eq!(ours.as_bytes(), &theirs[..]);
        let cb = commitment_to_bytes(&v[0]).unwrap();
        // Grin rewinds ours.
        let (cv, cblind, cmsg) =
            c.rewind(ours.as_bytes(), &cb, &xy(&g), &nonces.rewind, extra.as_deref(), min).unwrap();
        assert_eq!((cv, cmsg), (value, message));
        // Ballistic rewinds Grin's.
        let parsed = GrinProof::from_bytes(&theirs).unwrap();
        let got = parsed.rewind(&v[0], Some(&g), min, extra.as_deref(), &nonces.rewind).unwrap();
        assert_eq!(got.value, value);
        assert_eq!(got.message, message);
        if nonces.rewind == nonces.private {
            assert_eq!(cblind, blind_bytes);
            assert_eq!(got.blinding.map(|b| scalar_to_bytes(&b)), Some(blind_bytes));
        } else {
            assert_eq!(got.blinding, None);
        }
        // Wrong nonce, extra_commit, commitment, generator or minimum: refused.
        let mut wrong = nonces.rewind;
        wrong[0] ^= 1;
        assert_eq!(
            parsed.rewind(&v[0], Some(&g), min, extra.as_deref(), &wrong).unwrap_err(),
            ProofError::RecoveryFailed
        );
        assert!(c.rewind(&theirs, &cb, &xy(&g), &wrong, extra.as_deref(), min).is_none());
        let other_extra = Some(&b"other"[..]);
        assert!(parsed.rewind(&v[0], Some(&g), min, other_extra, &nonces.rewind).is_err());
        assert!(parsed.rewind(&(v[0] + g), Some(&g), min, extra.as_deref(), &nonces.rewind).is_err());
        assert!(parsed.rewind(&v[0], Some(&(g + g)), min, extra.as_deref(), &nonces.rewind).is_err());
        assert!(parsed.rewind(&v[0], Some(&g), min + 1, extra.as_deref(), &nonces.rewind).is_err());
    }
}
