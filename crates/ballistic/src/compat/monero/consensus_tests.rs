//! [`MoneroConsensus::Monero`] against `monero-bulletproofs` 0.1 on
//! torsioned proofs (issue 35): proofs whose points and commitments carry
//! small-order components (orders 2, 4 and 8, at every kind of position),
//! made by the provers' test hook so the transcript hashes them as sent.
//! Monero accepts them, the strict default refuses them with the position,
//! the consensus mode accepts them; and on every tampered or non-canonical
//! input the consensus mode's verdict is Monero's.

use alloc::vec::Vec;

use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::scalar::Scalar;
use monero_bulletproofs::Bulletproof;
use monero_ed25519::CompressedPoint;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

use super::{MoneroConsensus, MoneroOriginalProof, MoneroPlusProof, Site};
use crate::errors::ProofError;
use crate::group::ed25519::torsion_points;
use crate::group::ScalarOps;

#[derive(Clone, Copy, Debug, PartialEq)]
enum System {
    Plus,
    Original,
}

const SYSTEMS: [System; 2] = [System::Plus, System::Original];

/// Byte offset of a proof point with `rounds` inner-product rounds.
fn offset(system: System, site: Site, rounds: usize) -> usize {
    match (system, site) {
        (_, Site::A) => 0,
        (System::Plus, Site::A1) | (System::Original, Site::S) => 32,
        (System::Plus, Site::B) | (System::Original, Site::T1) => 64,
        (System::Original, Site::T2) => 96,
        (_, Site::L(k)) => 6 * 32 + 1 + 32 * k,
        (_, Site::R(k)) => 6 * 32 + 2 + 32 * (rounds + k),
        other => panic!("no offset for {other:?}"),
    }
}

fn point_sites(system: System, rounds: usize) -> Vec<Site> {
    let mut sites = match system {
        System::Plus => alloc::vec![Site::A, Site::A1, Site::B],
        System::Original => alloc::vec![Site::A, Site::S, Site::T1, Site::T2],
    };
    sites.extend([Site::L(0), Site::L(rounds - 1), Site::R(0), Site::R(rounds / 2)]);
    sites
}

fn prove(
    system: System,
    m: usize,
    seed: u64,
    tweak: &dyn Fn(Site) -> EdwardsPoint,
) -> (Vec<u8>, Vec<CompressedEdwardsY>, usize) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let amounts: Vec<u64> = (0..m as u64).map(|j| 1000 * j + seed).collect();
    let masks: Vec<Scalar> = (0..m).map(|_| <Scalar as ScalarOps>::random(&mut rng)).collect();
    match system {
        System::Plus => {
            let (p, c) = MoneroPlusProof::prove_tweaked(&amounts, &masks, &mut rng, Some(tweak)).unwrap();
            (p.to_bytes(), c, p.rounds())
        }
        System::Original => {
            let (p, c) = MoneroOriginalProof::prove_tweaked(&amounts, &masks, &mut rng, Some(tweak)).unwrap();
            (p.to_bytes(), c, p.rounds())
        }
    }
}

fn monero_accepts(system: System, bytes: &[u8], commitments: &[CompressedEdwardsY]) -> bool {
    let read = match system {
        System::Plus => Bulletproof::read_plus(&mut &bytes[..]),
        System::Original => Bulletproof::read(&mut &bytes[..]),
    };
    let Ok(proof) = read else { return false };
    let commitments: Vec<CompressedPoint> = commitments.iter().map(|c| CompressedPoint::from(c.to_bytes())).collect();
    proof.verify(&mut ChaCha20Rng::seed_from_u64(1), &commitments)
}

fn ours(
    system: System,
    bytes: &[u8],
    commitments: &[CompressedEdwardsY],
    consensus: MoneroConsensus,
) -> Result<(), ProofError> {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    match system {
        System::Plus => MoneroPlusProof::from_bytes_with(bytes, consensus)?.verify(commitments, &mut rng),
        System::Original => MoneroOriginalProof::from_bytes_with(bytes, consensus)?.verify(commitments, &mut rng),
    }
}

/// Torsion point indices (`k·T₈`): order 2, 4, 8, and the other points of
/// orders 4 and 8.
const TORSION: [usize; 7] = [4, 2, 1, 6, 3, 5, 7];

#[test]
fn torsion_at_each_position_monero_and_consensus_accept_strict_refuses() {
    let t = torsion_points();
    let m = 2;
    for system in SYSTEMS {
        let rounds = super::plus::shape(m).2;
        let mut sites = point_sites(system, rounds);
        sites.extend([Site::V(0), Site::V(1)]);
        let mut batch = Vec::new();
        for (i, site) in sites.iter().enumerate() {
            // Orders 2, 4 and 8 at every position, the other torsion points in turn.
            for k in [4, 2, 1, TORSION[3 + i % 4]] {
                let torsion = t[k];
                let tweak = |s: Site| if s == *site { torsion } else { EdwardsPoint::default() };
                let (bytes, commitments, _) = prove(system, m, 10 + i as u64, &tweak);
                assert!(monero_accepts(system, &bytes, &commitments), "{system:?} {site:?} T{k}: Monero refuses");
                let strict = ours(system, &bytes, &commitments, MoneroConsensus::Strict);
                let expected = match site {
                    Site::V(index) => ProofError::InvalidCommitment { index: *index },
                    _ => ProofError::InvalidPoint { offset: offset(system, *site, rounds) },
                };
                assert_eq!(strict, Err(expected), "{system:?} {site:?} T{k}: strict");
                assert_eq!(
                    ours(system, &bytes, &commitments, MoneroConsensus::Monero),
                    Ok(()),
                    "{system:?} {site:?} T{k}"
                );
                batch.push((bytes, commitments));
            }
        }
        // Torsion everywhere at once, a different point at each position.
        let all = |s: Site| match s {
            Site::A => t[1],
            Site::S | Site::A1 => t[2],
            Site::T1 | Site::B => t[4],
            Site::T2 => t[3],
            Site::L(k) => t[1 + k % 7],
            Site::R(k) => t[7 - k % 7],
            Site::V(j) => t[5 + j],
        };
        let (bytes, commitments, _) = prove(system, 3, 99, &all);
        assert!(monero_accepts(system, &bytes, &commitments));
        assert!(ours(system, &bytes, &commitments, MoneroConsensus::Strict).is_err());
        assert_eq!(ours(system, &bytes, &commitments, MoneroConsensus::Monero), Ok(()));
        batch.push((bytes, commitments));
        // The batch verifier in the consensus mode; a tampered member named.
        let mut rng = ChaCha20Rng::seed_from_u64(3);
        let last = batch.len() - 1;
        batch[last].1.swap(0, 1);
        match system {
            System::Plus => {
                let proofs: Vec<MoneroPlusProof> = batch
                    .iter()
                    .map(|(b, _)| MoneroPlusProof::from_bytes_with(b, MoneroConsensus::Monero).unwrap())
                    .collect();
                assert!(proofs.iter().all(|p| p.consensus() == MoneroConsensus::Monero));
                let items: Vec<(&MoneroPlusProof, &[CompressedEdwardsY])> =
                    proofs.iter().zip(&batch).map(|(p, (_, c))| (p, c.as_slice())).collect();
                assert_eq!(MoneroPlusProof::verify_batch(&items[..last], &mut rng), Ok(()));
                assert_eq!(MoneroPlusProof::verify_batch(&items, &mut rng).unwrap_err().indices(), alloc::vec![last]);
            }
            System::Original => {
                let proofs: Vec<MoneroOriginalProof> = batch
                    .iter()
                    .map(|(b, _)| MoneroOriginalProof::from_bytes_with(b, MoneroConsensus::Monero).unwrap())
                    .collect();
                let items: Vec<(&MoneroOriginalProof, &[CompressedEdwardsY])> =
                    proofs.iter().zip(&batch).map(|(p, (_, c))| (p, c.as_slice())).collect();
                assert_eq!(MoneroOriginalProof::verify_batch(&items[..last], &mut rng), Ok(()));
                assert_eq!(
                    MoneroOriginalProof::verify_batch(&items, &mut rng).unwrap_err().indices(),
                    alloc::vec![last]
                );
            }
        }
    }
}

/// Encodings Monero refuses or that stand for other points: non-canonical
/// `y ≥ p` (`y = p + 1`, i.e. the identity), negative zero, the order-2
/// point with the sign bit, the identity, and small-order points.
fn odd_encodings() -> Vec<[u8; 32]> {
    let mut out = Vec::new();
    let mut y_p_plus_1 = [0xffu8; 32];
    y_p_plus_1[0] = 0xee;
    y_p_plus_1[31] = 0x7f;
    out.push(y_p_plus_1);
    let mut y_p = y_p_plus_1;
    y_p[0] = 0xed;
    out.push(y_p);
    let mut neg_zero = [0u8; 32];
    neg_zero[0] = 1;
    neg_zero[31] = 0x80;
    out.push(neg_zero);
    let mut order_2_signed = torsion_points()[4].compress().to_bytes();
    order_2_signed[31] |= 0x80;
    out.push(order_2_signed);
    out.extend(torsion_points().iter().map(|p| p.compress().to_bytes()));
    out
}

#[test]
fn consensus_verdicts_are_monero_s_on_tampered_and_odd_inputs() {
    let t = torsion_points();
    for system in SYSTEMS {
        let tweak = |s: Site| match s {
            Site::A | Site::L(_) => t[1],
            Site::V(0) => t[2],
            Site::S | Site::B | Site::R(1) => t[4],
            _ => EdwardsPoint::default(),
        };
        let (bytes, commitments, rounds) = prove(system, 2, 7, &tweak);
        let same = |b: &[u8], c: &[CompressedEdwardsY], what: &str| {
            let theirs = monero_accepts(system, b, c);
            let mine = ours(system, b, c, MoneroConsensus::Monero);
            assert_eq!(theirs, mine.is_ok(), "{system:?} {what}: Monero {theirs}, consensus mode {mine:?}");
            theirs
        };
        assert!(same(&bytes, &commitments, "honest torsioned"));
        // Every byte flipped: Monero refuses each, so does the mode.
        for i in 0..bytes.len() {
            for bit in [0, 7] {
                let mut bad = bytes.clone();
                bad[i] ^= 1 << bit;
                assert!(!same(&bad, &commitments, &alloc::format!("byte {i} bit {bit}")));
            }
        }
        // Each point replaced by odd encodings, or given another torsion point.
        let mut sites = point_sites(system, rounds);
        sites.push(Site::L(1));
        for site in sites {
            let off = offset(system, site, rounds);
            for enc in odd_encodings() {
                let mut bad = bytes.clone();
                bad[off..off + 32].copy_from_slice(&enc);
                assert!(!same(&bad, &commitments, &alloc::format!("{site:?} := {enc:02x?}")));
            }
            let p = CompressedEdwardsY(bad_slice(&bytes, off)).decompress().unwrap();
            for k in TORSION {
                let mut bad = bytes.clone();
                bad[off..off + 32].copy_from_slice((p + t[k]).compress().as_bytes());
                assert!(!same(&bad, &commitments, &alloc::format!("{site:?} + T{k}")));
            }
        }
        // Commitments: odd encodings, other torsion, swapped, off by H.
        for index in 0..2 {
            for enc in odd_encodings() {
                let mut bad = commitments.clone();
                bad[index] = CompressedEdwardsY(enc);
                assert!(!same(&bytes, &bad, &alloc::format!("V{index} := {enc:02x?}")));
            }
            let c = commitments[index].decompress().unwrap();
            for k in TORSION {
                let mut bad = commitments.clone();
                bad[index] = (c + t[k]).compress();
                assert!(!same(&bytes, &bad, &alloc::format!("V{index} + T{k}")));
            }
            let mut bad = commitments.clone();
            bad[index] = (c + super::generators::h()).compress();
            assert!(!same(&bytes, &bad, &alloc::format!("V{index} + H")));
        }
        let mut swapped = commitments.clone();
        swapped.swap(0, 1);
        assert!(!same(&bytes, &swapped, "swapped commitments"));
        assert!(!same(&bytes, &commitments[..1], "one commitment"));
    }
}

fn bad_slice(bytes: &[u8], off: usize) -> [u8; 32] {
    bytes[off..off + 32].try_into().unwrap()
}

/// Honest proofs are unchanged: both modes accept them, and strict remains
/// the default.
#[test]
fn honest_proofs_verify_in_both_modes() {
    assert_eq!(MoneroConsensus::default(), MoneroConsensus::Strict);
    for name in ["strict", "monero"] {
        assert_eq!(MoneroConsensus::from_name(name).map(MoneroConsensus::name), Some(name));
    }
    assert_eq!(MoneroConsensus::from_name("Monero"), None);
    for system in SYSTEMS {
        for m in [1, 3] {
            let (bytes, commitments, _) = prove(system, m, 40 + m as u64, &|_| EdwardsPoint::default());
            assert!(monero_accepts(system, &bytes, &commitments));
            for consensus in [MoneroConsensus::Strict, MoneroConsensus::Monero] {
                assert_eq!(ours(system, &bytes, &commitments, consensus), Ok(()), "{system:?} {m} {consensus:?}");
            }
        }
    }
    let (bytes, _, _) = prove(System::Plus, 1, 5, &|_| EdwardsPoint::default());
    assert_eq!(MoneroPlusProof::from_bytes(&bytes).unwrap().consensus(), MoneroConsensus::Strict);
}
