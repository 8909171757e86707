//! GRP: the point and scalar encodings every decoder of ballistic's own
//! formats shares (`encoding::Reader`, `decode_point`, `Group::decompress`).
//! Each refused encoding is checked in the three places it can arrive: on
//! its own (`decode_point`), as a proof's point (`InvalidPoint` with its
//! offset) and as a commitment (`InvalidCommitment` with its index).

use super::*;
use ballistic::curve25519_dalek::edwards::CompressedEdwardsY;
use ballistic::hazmat::decode_point;
use ballistic::{Ed25519, Ristretto255, Secp256k1, Secq256k1};

/// A small honest proof to carry encodings (Bulletproofs+, 4 bits).
fn carrier<G: Group>() -> Honest<G> {
    Honest::new(RangeSystem::BulletproofsPlus, 4, 1, 1)
}

/// `bytes` is refused on its own, as the proof's first point and as a commitment.
fn refused_everywhere<G: Group>(h: &Honest<G>, bytes: &[u8], what: &str) {
    assert!(decode_point::<G>(bytes).is_none(), "{}: {what} decoded", G::NAME);
    if bytes.len() == G::POINT_LEN {
        assert_eq!(h.decode(&h.replaced(0, bytes)).err(), Some(ProofError::InvalidPoint { offset: 0 }), "{what}");
        let c = compressed::<G>(bytes);
        assert_eq!(
            RangeStatement::<G>::new(h.n, &[c]).err(),
            Some(ProofError::InvalidCommitment { index: 0 }),
            "{what}"
        );
    }
}

/// `bytes` decodes on its own, as a proof point and as a commitment.
fn accepted_everywhere<G: Group>(h: &Honest<G>, bytes: &[u8], what: &str) {
    assert!(decode_point::<G>(bytes).is_some(), "{}: {what} refused", G::NAME);
    assert!(h.decode(&h.replaced(0, bytes)).is_ok(), "{what}");
    RangeStatement::<G>::new(h.n, &[compressed::<G>(bytes)]).unwrap();
}

fn grp_sc_1_scalars_at_least_the_order<G: Group>() {
    let h = carrier::<G>();
    let offset = h.layout().iter().find(|(_, f)| *f == Field::Scalar).unwrap().0;
    for bad in noncanonical_scalars::<G>() {
        assert!(G::Scalar::from_canonical_bytes(&bad).is_none());
        assert_eq!(h.decode(&h.replaced(offset, &bad)).err(), Some(ProofError::NonCanonicalScalar { offset }));
    }
    for good in [[0u8; 32], order_minus_one::<G>()] {
        h.decode(&h.replaced(offset, &good)).unwrap();
    }
}

fn grp_sc_2_scalars_are_little_endian<G: Group>() {
    let mut one = [0u8; 32];
    one[0] = 1;
    assert_eq!(G::Scalar::one().to_bytes(), one);
    assert_eq!(G::Scalar::from_canonical_bytes(&one), Some(G::Scalar::one()));
    // ℓ − 1 ends with its most significant byte.
    assert_eq!(order_minus_one::<G>()[31], crate::common::order_plus::<G>(0)[31]);
}

crate::for_each_group!(grp_sc_1_scalars_at_least_the_order, grp_sc_2_scalars_are_little_endian);

#[test]
fn grp_r_1_ristretto255_noncanonical_encodings() {
    type G = Ristretto255;
    let h = carrier::<G>();
    let valid = G::compressed_bytes(&G::compress(&random_point::<G>(3))).to_vec();
    let mut high_bit = valid.clone();
    high_bit[31] |= 0x80; // s ≥ 2²⁵⁵ > p
    let mut negative = [0u8; 32];
    negative[0] = 1; // s = 1 is "negative" (odd)
    let mut p = [0xffu8; 32];
    p[0] = 0xed;
    p[31] = 0x7f; // s = p
    let mut p_plus_2 = p;
    p_plus_2[0] += 2; // s = p + 2, even, ≡ 2
    for (bad, what) in [
        (high_bit, "s ≥ 2^255"),
        (negative.to_vec(), "negative s"),
        (p.to_vec(), "s = p"),
        (p_plus_2.to_vec(), "s = p + 2"),
    ] {
        refused_everywhere::<G>(&h, &bad, what);
    }
    // A point whose ratio is not a square: the first small s that fails.
    let nonsquare = (2u8..=255)
        .step_by(2)
        .map(|s| {
            let mut b = [0u8; 32];
            b[0] = s;
            b
        })
        .find(|b| ballistic::curve25519_dalek::ristretto::CompressedRistretto(*b).decompress().is_none())
        .unwrap();
    refused_everywhere::<G>(&h, &nonsquare, "not a square");
}

#[test]
fn grp_r_2_ristretto255_identity_decodes() {
    type G = Ristretto255;
    let h = carrier::<G>();
    assert_eq!(identity_bytes::<G>(), vec![0u8; 32]);
    accepted_everywhere::<G>(&h, &[0u8; 32], "identity");
}

/// The x-coordinate of `G`'s base point (a SEC1 group: secp256k1 or
/// secq256k1).
fn sec1_x<G: Group>() -> [u8; 32] {
    G::compressed_bytes(&G::compress(&G::basepoint()))[1..].try_into().unwrap()
}

fn secp_point(tag: u8, x: &[u8; 32]) -> Vec<u8> {
    let mut out = vec![tag];
    out.extend_from_slice(x);
    out
}

/// secp256k1's field prime `p`, big-endian.
fn secp_p() -> [u8; 32] {
    hex::decode("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f").unwrap().try_into().unwrap()
}

/// secq256k1's field prime (secp256k1's order `n`), big-endian.
fn secq_p() -> [u8; 32] {
    hex::decode("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141").unwrap().try_into().unwrap()
}

/// GRP-S-1, GRP-Q-1: only the tags 2 and 3 (and 0 for the identity).
fn sec1_tags_other_than_2_and_3<G: Group>() {
    let h = carrier::<G>();
    let x = sec1_x::<G>();
    accepted_everywhere::<G>(&h, &secp_point(2, &x), "tag 2");
    for tag in [0u8, 1, 4, 5, 6, 7, 8, 9, 0x0a, 0x0b, 0x82, 0xff] {
        refused_everywhere::<G>(&h, &secp_point(tag, &x), &format!("tag {tag:#x}"));
    }
}

/// GRP-S-2, GRP-Q-2: `x` at or above the field prime, never reduced.
fn sec1_x_at_least_p<G: Group>(p: [u8; 32]) {
    let h = carrier::<G>();
    let mut p_plus_1 = p;
    p_plus_1[31] += 1;
    for x in [p, p_plus_1, [0xff; 32]] {
        for tag in [2, 3] {
            refused_everywhere::<G>(&h, &secp_point(tag, &x), "x ≥ p");
        }
    }
}

/// GRP-S-3, GRP-Q-3: an `x` whose `x³ + 7` is not a square.
fn sec1_x_off_the_curve<G: Group>(small_x: u8) {
    let h = carrier::<G>();
    let mut x = [0u8; 32];
    x[31] = small_x;
    for tag in [2, 3] {
        refused_everywhere::<G>(&h, &secp_point(tag, &x), "x off the curve");
    }
}

/// GRP-S-4, GRP-Q-4: the identity is 33 zero bytes and nothing else.
fn sec1_identity_is_33_zero_bytes<G: Group>() {
    let h = carrier::<G>();
    assert_eq!(identity_bytes::<G>(), vec![0u8; 33]);
    accepted_everywhere::<G>(&h, &[0u8; 33], "identity");
    // SEC1's one-byte identity, and other lengths.
    for len in [1usize, 32, 34, 65] {
        assert!(decode_point::<G>(&vec![0u8; len]).is_none(), "{len} bytes");
    }
    let mut uncompressed = vec![4u8];
    uncompressed.extend_from_slice(&[0x11; 64]);
    assert!(decode_point::<G>(&uncompressed).is_none());
}

/// GRP-S-5, GRP-Q-5: both parities decode, to `P` and `−P`.
fn sec1_both_parities<G: Group>() {
    let x = sec1_x::<G>();
    let even = decode_point::<G>(&secp_point(2, &x)).unwrap().point;
    let odd = decode_point::<G>(&secp_point(3, &x)).unwrap().point;
    assert_eq!(even, -odd);
    assert_ne!(even, odd);
}

#[test]
fn grp_s_1_secp256k1_tags_other_than_2_and_3() {
    sec1_tags_other_than_2_and_3::<Secp256k1>();
}

#[test]
fn grp_s_2_secp256k1_x_at_least_p() {
    sec1_x_at_least_p::<Secp256k1>(secp_p());
}

#[test]
fn grp_s_3_secp256k1_x_off_the_curve() {
    // 5³ + 7 = 132 is not a square mod p.
    sec1_x_off_the_curve::<Secp256k1>(5);
}

#[test]
fn grp_s_4_secp256k1_identity_is_33_zero_bytes() {
    sec1_identity_is_33_zero_bytes::<Secp256k1>();
}

#[test]
fn grp_s_5_secp256k1_both_parities() {
    sec1_both_parities::<Secp256k1>();
}

#[test]
fn grp_q_1_secq256k1_tags_other_than_2_and_3() {
    sec1_tags_other_than_2_and_3::<Secq256k1>();
}

#[test]
fn grp_q_2_secq256k1_x_at_least_n() {
    sec1_x_at_least_p::<Secq256k1>(secq_p());
}

#[test]
fn grp_q_3_secq256k1_x_off_the_curve() {
    // 2³ + 7 = 15 is not a square mod n.
    sec1_x_off_the_curve::<Secq256k1>(2);
}

#[test]
fn grp_q_4_secq256k1_identity_is_33_zero_bytes() {
    sec1_identity_is_33_zero_bytes::<Secq256k1>();
}

#[test]
fn grp_q_5_secq256k1_both_parities() {
    sec1_both_parities::<Secq256k1>();
}

#[test]
fn grp_sc_1_secq256k1_scalars_at_least_the_order() {
    grp_sc_1_scalars_at_least_the_order::<Secq256k1>();
}

#[test]
fn grp_sc_2_secq256k1_scalars_are_little_endian() {
    grp_sc_2_scalars_are_little_endian::<Secq256k1>();
}

fn ed_bytes(p: &ballistic::curve25519_dalek::EdwardsPoint) -> Vec<u8> {
    p.compress().to_bytes().to_vec()
}

/// `p + k` for the field prime `p = 2²⁵⁵ − 19`, little-endian (`k < 19`).
fn ed_p_plus(k: u8) -> [u8; 32] {
    let mut b = [0xffu8; 32];
    b[0] = 0xed + k;
    b[31] = 0x7f;
    b
}

#[test]
fn grp_e_1_ed25519_y_at_least_p() {
    type G = Ed25519;
    let h = carrier::<G>();
    for k in [0u8, 1, 2, 18] {
        let mut b = ed_p_plus(k);
        refused_everywhere::<G>(&h, &b, "y ≥ p");
        b[31] |= 0x80;
        refused_everywhere::<G>(&h, &b, "y ≥ p, sign set");
    }
}

#[test]
fn grp_e_2_ed25519_negative_zero() {
    type G = Ed25519;
    let h = carrier::<G>();
    // x = 0 happens for y = 1 (the identity) and y = −1 (order 2).
    let mut one = [0u8; 32];
    one[0] = 1;
    one[31] = 0x80;
    let mut minus_one = ed_p_plus(0);
    minus_one[0] -= 1;
    minus_one[31] |= 0x80;
    refused_everywhere::<G>(&h, &one, "−0 at y = 1");
    refused_everywhere::<G>(&h, &minus_one, "−0 at y = −1");
}

#[test]
fn grp_e_3_ed25519_small_order_points() {
    type G = Ed25519;
    let h = carrier::<G>();
    for (k, t) in torsion().iter().enumerate().skip(1) {
        refused_everywhere::<G>(&h, &ed_bytes(t), &format!("torsion point {k}"));
    }
}

#[test]
fn grp_e_4_ed25519_torsioned_points() {
    type G = Ed25519;
    let h = carrier::<G>();
    let p = random_point::<G>(4);
    for (k, t) in torsion().iter().enumerate().skip(1) {
        refused_everywhere::<G>(&h, &ed_bytes(&(p + t)), &format!("P + T{k}"));
    }
}

#[test]
fn grp_e_5_ed25519_identity_decodes() {
    type G = Ed25519;
    let h = carrier::<G>();
    let mut id = [0u8; 32];
    id[0] = 1;
    assert_eq!(identity_bytes::<G>(), id.to_vec());
    accepted_everywhere::<G>(&h, &id, "identity");
}

#[test]
fn grp_e_6_ed25519_y_without_x() {
    type G = Ed25519;
    let h = carrier::<G>();
    let missing = (2u8..=255)
        .map(|y| {
            let mut b = [0u8; 32];
            b[0] = y;
            b
        })
        .find(|b| CompressedEdwardsY(*b).decompress().is_none())
        .unwrap();
    refused_everywhere::<G>(&h, &missing, "no x for this y");
}
