//! Multi-party aggregation: honest runs give proofs the ordinary verifier
//! (and, for Ristretto255 with power-of-two m, bulletproofs 5) accepts;
//! every kind of tampered message is detected and its sender named;
//! parties refuse bad challenges; messages decode strictly.

use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::mpc::{
    BitChallenge, BitCommitment, Dealer, MpcError, Party, PolyChallenge, PolyCommitment, ProofShare,
};
use ballistic::RangeProofSystem;
use ballistic::{Generators, ProofError, RangeProof};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

const LABEL: &[u8] = b"mpc test";

/// Where a test tampers: (round, party, what the tamperer does).
#[derive(Clone, Copy)]
enum Tamper {
    None,
    BitA(usize),
    BitAIdentity(usize),
    BitV(usize),
    PolyT1(usize),
    PolyT2Identity(usize),
    ShareTx(usize),
    ShareTau(usize),
    ShareMu(usize),
    ShareL(usize),
    ShareR(usize),
    ShareShort(usize),
}

fn random_point<G: Group>(rng: &mut ChaCha20Rng) -> ballistic::hazmat::ProofPoint<G> {
    let mut b = [0u8; 64];
    rng.fill(&mut b[..]);
    ballistic::hazmat::ProofPoint::from_point(G::hash_to_point(&b))
}

/// Run the protocol in process with `tampers` applied; return the dealer's
/// result.
fn run<G: Group>(
    n: usize,
    values: &[u64],
    tampers: &[Tamper],
    rng: &mut ChaCha20Rng,
) -> Result<(RangeProof<G>, Vec<G::Compressed>), MpcError> {
    let m = values.len();
    let gens = Generators::<G>::new(n, m.next_power_of_two());
    let mut transcript = Transcript::new(LABEL);
    let dealer = Dealer::new(&gens, &mut transcript, n, m)?;
    let mut parties = Vec::new();
    let mut bit_commitments = Vec::new();
    for (j, v) in values.iter().enumerate() {
        let gamma = <G::Scalar as ScalarOps>::random(rng);
        let (p, c) = Party::new(&gens, *v, gamma, n)?.assign_position_with_rng(j, rng)?;
        parties.push(p);
        bit_commitments.push(c);
    }
    for t in tampers {
        match *t {
            Tamper::BitA(j) => bit_commitments[j].a = random_point(rng),
            Tamper::BitAIdentity(j) => bit_commitments[j].a = ballistic::hazmat::ProofPoint::from_point(G::identity()),
            Tamper::BitV(j) => bit_commitments[j].v = random_point(rng),
            _ => {}
        }
    }
    let (dealer, bit_challenge) = dealer.receive_bit_commitments(bit_commitments)?;
    let mut next = Vec::new();
    let mut poly_commitments = Vec::new();
    for p in parties {
        let (p, c) = p.apply_challenge_with_rng(&bit_challenge, rng)?;
        next.push(p);
        poly_commitments.push(c);
    }
    for t in tampers {
        match *t {
            Tamper::PolyT1(j) => poly_commitments[j].t_1 = random_point(rng),
            Tamper::PolyT2Identity(j) => {
                poly_commitments[j].t_2 = ballistic::hazmat::ProofPoint::from_point(G::identity())
            }
            _ => {}
        }
    }
    let (dealer, poly_challenge) = dealer.receive_poly_commitments(poly_commitments)?;
    let mut shares: Vec<ProofShare<G>> =
        next.into_iter().map(|p| p.apply_challenge(&poly_challenge)).collect::<Result<_, _>>()?;
    let one = G::Scalar::one();
    for t in tampers {
        match *t {
            Tamper::ShareTx(j) => shares[j].t_x += one,
            Tamper::ShareTau(j) => shares[j].t_x_blinding += one,
            Tamper::ShareMu(j) => shares[j].e_blinding += one,
            Tamper::ShareL(j) => shares[j].l[0] += one,
            Tamper::ShareR(j) => {
                let last = shares[j].r.len() - 1;
                shares[j].r[last] += one
            }
            Tamper::ShareShort(j) => {
                shares[j].l.pop();
            }
            _ => {}
        }
    }
    dealer.receive_shares(shares)
}

fn values(rng: &mut ChaCha20Rng, n: usize, m: usize) -> Vec<u64> {
    (0..m).map(|_| if n == 64 { rng.gen() } else { rng.gen_range(0..1u64 << n) }).collect()
}

fn honest_runs_verify<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    for (n, m) in [(8, 1), (8, 2), (8, 3), (16, 4), (8, 8), (64, 1), (32, 3), (1, 5)] {
        let v = values(&mut rng, n, m);
        let (proof, commitments) = run::<G>(n, &v, &[Tamper::None], &mut rng).unwrap();
        let gens = Generators::<G>::new(n, m.next_power_of_two());
        proof.verify_multiple(&gens, &mut Transcript::new(LABEL), &commitments, n).unwrap();
        // The same proof under another label, or for other commitments: rejected.
        assert!(proof.verify_multiple(&gens, &mut Transcript::new(b"other"), &commitments, n).is_err());
        // Identical in form to a single prover's proof: the same length, and
        // a round trip through bytes.
        let bytes = proof.to_bytes();
        assert_eq!(bytes.len(), RangeProof::<G>::encoded_len(n, m).unwrap());
        let back = RangeProof::<G>::from_bytes_for(&bytes, n, m).unwrap();
        back.verify_multiple(&gens, &mut Transcript::new(LABEL), &commitments, n).unwrap();
    }
    // Edge values.
    for v in [0u64, 255] {
        let (proof, c) = run::<G>(8, &[v, 255 - v], &[Tamper::None], &mut rng).unwrap();
        let gens = Generators::<G>::new(8, 2);
        proof.verify_multiple(&gens, &mut Transcript::new(LABEL), &c, 8).unwrap();
    }
}

fn every_tampered_message_is_named<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let v = values(&mut rng, 8, 3);
    type T = Tamper;
    let cases: Vec<(Vec<Tamper>, Vec<usize>)> = vec![
        (vec![T::BitAIdentity(1)], vec![1]),
        (vec![T::BitA(2)], vec![2]),
        (vec![T::BitV(0)], vec![0]),
        (vec![T::PolyT1(1)], vec![1]),
        (vec![T::PolyT2Identity(2)], vec![2]),
        (vec![T::ShareTx(0)], vec![0]),
        (vec![T::ShareTau(1)], vec![1]),
        (vec![T::ShareMu(2)], vec![2]),
        (vec![T::ShareL(0)], vec![0]),
        (vec![T::ShareR(1)], vec![1]),
        (vec![T::ShareShort(2)], vec![2]),
        // Two cheaters, in different ways: both named.
        (vec![T::ShareTx(0), T::ShareL(2)], vec![0, 2]),
        (vec![T::BitA(0), T::PolyT1(2)], vec![0, 2]),
        (vec![T::BitAIdentity(0), T::BitAIdentity(1)], vec![0, 1]),
    ];
    for (tampers, expect) in cases {
        let err = run::<G>(8, &v, &tampers, &mut rng).unwrap_err();
        assert_eq!(err.bad_parties(), &expect[..], "{err}");
    }
}

fn parties_refuse_bad_challenges<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let gens = Generators::<G>::new(8, 1);
    let zero = G::Scalar::zero();
    let one = G::Scalar::one();
    let two = one + one;
    let party = || {
        Party::new(&gens, 5, <G::Scalar as ScalarOps>::random(&mut ChaCha20Rng::seed_from_u64(9)), 8)
            .unwrap()
            .assign_position(0)
            .unwrap()
            .0
    };
    for (y, z, err) in [
        (zero, one, MpcError::ZeroChallenge),
        (one, zero, MpcError::ZeroChallenge),
        (two, two, MpcError::RepeatedChallenge),
    ] {
        assert_eq!(party().apply_challenge(&BitChallenge::<G> { y, z }).err(), Some(err));
    }
    let (p, _) = party().apply_challenge_with_rng(&BitChallenge::<G> { y: one, z: two }, &mut rng).unwrap();
    assert_eq!(p.apply_challenge(&PolyChallenge::<G> { x: zero }).err(), Some(MpcError::ZeroChallenge));
    let (p, _) = party().apply_challenge_with_rng(&BitChallenge::<G> { y: one, z: two }, &mut rng).unwrap();
    assert_eq!(p.apply_challenge(&PolyChallenge::<G> { x: two }).err(), Some(MpcError::RepeatedChallenge));
    // Bad parameters.
    assert!(matches!(Party::new(&gens, 256, one, 8).err(), Some(MpcError::Proof(ProofError::ValueOutOfRange { .. }))));
    assert!(matches!(Party::new(&gens, 1, one, 16).err(), Some(MpcError::Proof(_))));
    assert_eq!(
        Party::new(&gens, 1, one, 8).unwrap().assign_position(1).err().map(|e| e.to_string()),
        Some(MpcError::InvalidPosition { position: 1 }.to_string())
    );
    let mut t = Transcript::new(LABEL);
    assert!(Dealer::new(&gens, &mut t, 8, 2).is_err(), "generators for one party only");
    // The dealer wants one message per party.
    let mut t = Transcript::new(LABEL);
    let dealer = Dealer::new(&gens, &mut t, 8, 1).unwrap();
    assert_eq!(
        dealer.receive_bit_commitments(Vec::new()).err(),
        Some(MpcError::WrongNumMessages { expected: 1, got: 0 })
    );
}

fn messages_round_trip_and_decode_strictly<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    let gens = Generators::<G>::new(8, 2);
    let (party, bit) = Party::new(&gens, 77, <G::Scalar as ScalarOps>::random(&mut rng), 8)
        .unwrap()
        .assign_position_with_rng(1, &mut rng)
        .unwrap();
    let bit_challenge = BitChallenge::<G> {
        y: <G::Scalar as ScalarOps>::random(&mut rng),
        z: <G::Scalar as ScalarOps>::random(&mut rng),
    };
    let (party, poly) = party.apply_challenge_with_rng(&bit_challenge, &mut rng).unwrap();
    let poly_challenge = PolyChallenge::<G> { x: <G::Scalar as ScalarOps>::random(&mut rng) };
    let share = party.apply_challenge(&poly_challenge).unwrap();

    fn check<M: PartialEq + core::fmt::Debug + serde::Serialize + serde::de::DeserializeOwned>(
        m: &M,
        to: impl Fn(&M) -> Vec<u8>,
        from: impl Fn(&[u8]) -> Result<M, ProofError>,
        scalar_at: Option<usize>,
    ) {
        let bytes = to(m);
        assert_eq!(&from(&bytes).unwrap(), m);
        for cut in 0..bytes.len() {
            assert!(from(&bytes[..cut]).is_err(), "truncated to {cut} accepted");
        }
        let mut long = bytes.clone();
        long.push(0);
        assert!(from(&long).is_err());
        if let Some(off) = scalar_at {
            let mut bad = bytes.clone();
            bad[off..off + 32].fill(0xff);
            assert_eq!(from(&bad).err(), Some(ProofError::NonCanonicalScalar { offset: off }));
        }
        let json = serde_json::to_string(m).unwrap();
        assert_eq!(&serde_json::from_str::<M>(&json).unwrap(), m);
        assert!(serde_json::from_str::<M>("\"00\"").is_err());
    }
    check(&bit, BitCommitment::to_bytes, BitCommitment::<G>::from_bytes, None);
    check(&bit_challenge, BitChallenge::to_bytes, BitChallenge::<G>::from_bytes, Some(32));
    check(&poly, PolyCommitment::to_bytes, PolyCommitment::<G>::from_bytes, None);
    check(&poly_challenge, PolyChallenge::to_bytes, PolyChallenge::<G>::from_bytes, Some(0));
    check(&share, ProofShare::to_bytes, ProofShare::<G>::from_bytes, Some(96 + 4 + 32));
    // Invalid points, and share length fields that do not fit.
    let mut bad = bit.to_bytes();
    bad[G::POINT_LEN..2 * G::POINT_LEN].fill(0xff);
    assert_eq!(BitCommitment::<G>::from_bytes(&bad).err(), Some(ProofError::InvalidPoint { offset: G::POINT_LEN }));
    let mut bytes = share.to_bytes();
    bytes[96..100].copy_from_slice(&0u32.to_le_bytes());
    assert!(ProofShare::<G>::from_bytes(&bytes).is_err());
    bytes[96..100].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(ProofShare::<G>::from_bytes(&bytes).is_err());
    bytes[96..100].copy_from_slice(&9u32.to_le_bytes());
    assert!(ProofShare::<G>::from_bytes(&bytes).is_err());
}

for_each_group!(
    honest_runs_verify,
    every_tampered_message_is_named,
    parties_refuse_bad_challenges,
    messages_round_trip_and_decode_strictly,
);

/// Power-of-two shapes on Ristretto255: bulletproofs 5 accepts the dealer's
/// proof.
#[test]
fn bulletproofs5_accepts_mpc_proofs() {
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    for (n, m) in [(8usize, 1usize), (16, 2), (64, 4), (8, 8)] {
        let v = values(&mut rng, n, m);
        let (proof, commitments) = run::<ballistic::Ristretto255>(n, &v, &[Tamper::None], &mut rng).unwrap();
        let theirs = bulletproofs::RangeProof::from_bytes(&proof.to_bytes()).unwrap();
        let c: Vec<_> = commitments.iter().map(|c| dalek4::ristretto::CompressedRistretto(c.to_bytes())).collect();
        let bp = bulletproofs::BulletproofGens::new(n, m);
        let pc = bulletproofs::PedersenGens::default();
        theirs.verify_multiple(&bp, &pc, &mut Transcript::new(LABEL), &c, n).unwrap();
    }
}

#[test]
fn a_position_beyond_any_statement_is_refused() {
    // Generators for more chains than a statement has parties: the
    // position is still bounded by the largest statement (64 values).
    type G = ballistic::Ristretto255;
    let gens = Generators::<G>::new(1, 66);
    let gamma = <<G as Group>::Scalar as ScalarOps>::one();
    let party = || Party::new(&gens, 1, gamma, 1).unwrap();
    assert!(party().assign_position(63).is_ok());
    for j in [64, 65, 255, usize::MAX] {
        assert_eq!(party().assign_position(j).err(), Some(MpcError::InvalidPosition { position: j }));
    }
}
