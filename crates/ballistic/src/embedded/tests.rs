use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

use super::pedersen::PedersenHash;
use super::*;

type Fr = <Ristretto255 as Group>::Scalar;
type Fn_ = <Secp256k1 as Group>::Scalar;

fn random_point<C: EmbeddedCurve>(rng: &mut ChaCha20Rng) -> AffinePoint<C::F> {
    let k = C::coefficients();
    let b_inv = k.b.invert_vartime();
    loop {
        let x = <C::F as ScalarOps>::random(rng);
        if let Some(y) = sqrt_vartime(curve_rhs(&k, x) * b_inv) {
            let p = AffinePoint::new(x, y);
            assert!(p.is_on_curve(&k));
            return p;
        }
    }
}

/// `h·q` as little-endian bytes.
fn group_order<C: EmbeddedCurve>() -> Vec<u8> {
    let mut out = vec![0u8; 40];
    let mut carry = 0u128;
    for (i, o) in out.iter_mut().enumerate() {
        let v = C::SUBGROUP_ORDER.get(i).copied().unwrap_or(0) as u128 * C::COFACTOR as u128 + carry;
        *o = v as u8;
        carry = v >> 8;
    }
    out
}

fn check_order<C: EmbeddedCurve>() {
    // [h·q]P = O and [h]P ≠ O (then [q]([h]P) = O with q prime): with h·q
    // in the Hasse interval this fixes the group order (module docs).
    let k = C::coefficients();
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    for _ in 0..4 {
        let p = random_point::<C>(&mut rng);
        assert!(p.mul_vartime(&group_order::<C>(), &k).infinity);
        let hp = p.mul_vartime(&C::COFACTOR.to_le_bytes(), &k);
        assert!(!hp.infinity);
        assert!(hp.mul_vartime(&C::SUBGROUP_ORDER, &k).infinity);
    }
}

#[test]
fn doppio_order_and_parameters() {
    check_order::<Doppio>();
    // d = −63071 is a non-square in 𝔽_ℓ (complete Edwards law).
    let d = -Fr::from_u64(63071);
    assert!(sqrt_vartime(d).is_none());
    // The Edwards–Montgomery map sends Edwards points to Montgomery points.
    let k = Doppio::coefficients();
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let mut found = 0;
    while found < 3 {
        let y = <Fr as ScalarOps>::random(&mut rng);
        // x² = (1 − y²)/(1 − d·y²)   (a = 1)
        let x2 = (Fr::one() - y * y) * (Fr::one() - d * y * y).invert_vartime();
        if let Some(x) = sqrt_vartime(x2) {
            if x.is_zero() {
                continue;
            }
            let u = (Fr::one() + y) * (Fr::one() - y).invert_vartime();
            let v = u * x.invert_vartime();
            assert!(AffinePoint::new(u, v).is_on_curve(&k));
            found += 1;
        }
    }
}

#[test]
fn secq256k1_order() {
    check_order::<Secq256k1>();
}

#[test]
fn secp256k1_over_the_secq256k1_scalars_order() {
    check_order::<Secp256k1Embedded>();
    for label in [b"a".as_slice(), b"ballistic"] {
        let q = hash_to_curve::<Secp256k1Embedded>(label);
        let k = Secp256k1Embedded::coefficients();
        assert!(q.is_on_curve(&k) && !q.infinity);
        assert!(q.mul_vartime(&Secp256k1Embedded::SUBGROUP_ORDER, &k).infinity);
    }
}

#[test]
fn sqrt_roundtrip() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    for _ in 0..20 {
        let a = <Fr as ScalarOps>::random(&mut rng);
        let s = sqrt_vartime(a * a).expect("square");
        assert!(s == a || s == -a);
        let b = <Fn_ as ScalarOps>::random(&mut rng);
        let t = sqrt_vartime(b * b).expect("square");
        assert!(t == b || t == -b);
    }
}

#[test]
fn generators_in_subgroup() {
    for label in [b"a".as_slice(), b"b", b"ballistic"] {
        let p = hash_to_curve::<Doppio>(label);
        let k = Doppio::coefficients();
        assert!(p.is_on_curve(&k) && !p.infinity);
        assert!(p.mul_vartime(&Doppio::SUBGROUP_ORDER, &k).infinity);
        let q = hash_to_curve::<Secq256k1>(label);
        let k2 = Secq256k1::coefficients();
        assert!(q.is_on_curve(&k2) && q.mul_vartime(&Secq256k1::SUBGROUP_ORDER, &k2).infinity);
    }
}

#[test]
fn segment_bound() {
    // 4(16^c − 1)/15 < (q − 1)/2: compare bit lengths (16^c·4/15 < 2^{4c−1}).
    for (c, bits) in [
        (PedersenHash::<Doppio>::segment_chunks(), Doppio::subgroup_order_bits()),
        (PedersenHash::<Secq256k1>::segment_chunks(), Secq256k1::subgroup_order_bits()),
    ] {
        assert!(4 * c - 1 <= bits - 2, "c = {c}, |q| = {bits}");
    }
    assert_eq!(PedersenHash::<Doppio>::segment_chunks(), 62);
    assert_eq!(PedersenHash::<Secq256k1>::segment_chunks(), 63);
}

fn hash_agree<C: EmbeddedCurve>(bits: usize) {
    let params = PedersenHash::<C>::new(b"test", bits).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(bits as u64);
    let msgs: Vec<Vec<bool>> = (0..3).map(|_| (0..bits).map(|_| rng.gen()).collect()).collect();
    let many = params.hash_many_vartime(&msgs).unwrap();
    for (m, h) in msgs.iter().zip(&many) {
        let a = params.hash_vartime(m).unwrap();
        let f: Vec<C::F> = m.iter().map(|b| C::F::from_u64(*b as u64)).collect();
        let c = params.hash_ct(&f).unwrap();
        assert_eq!(a, *h);
        assert_eq!(a, c);
        assert!(a.is_on_curve(params.coefficients()));
    }
    // Length is bound: the wrong length is refused.
    assert!(params.hash_vartime(&vec![false; bits + 1]).is_err());
}

#[test]
fn hash_variants_agree() {
    for bits in [1, 3, 48, 200, 400] {
        hash_agree::<Doppio>(bits);
        hash_agree::<Secq256k1>(bits);
    }
}

#[test]
fn hash_sign_flip_is_negation() {
    // Flipping every chunk's sign bit negates the point (why nodes use y).
    let params = PedersenHash::<Doppio>::new(b"flip", 48).unwrap();
    let m: Vec<bool> = (0..48).map(|i| i % 5 == 1).collect();
    let mut f = m.clone();
    for i in (2..48).step_by(3) {
        f[i] = !f[i];
    }
    let a = params.hash_vartime(&m).unwrap();
    let b = params.hash_vartime(&f).unwrap();
    assert_eq!(a.neg(), b);
    assert_ne!(a.y, b.y);
}

fn hex(bytes: [u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Fixed vectors: the hash of fixed inputs under a fixed label, as the
/// little-endian encodings of `x ‖ y`. Changing the generator derivation,
/// the encoding or the segment size changes them. Reproduced independently
/// (pure Python integers) by `scripts/pedersen_ref.py`; `scripts/test`
/// compares the two.
#[test]
fn hash_vectors() {
    let msg = |n: usize| -> Vec<bool> { (0..n).map(|i| (i * 7 + 3) % 11 < 5).collect() };
    let d = PedersenHash::<Doppio>::new(b"ballistic test vectors", 384).unwrap().hash_vartime(&msg(384)).unwrap();
    let s = PedersenHash::<Secq256k1>::new(b"ballistic test vectors", 384).unwrap().hash_vartime(&msg(384)).unwrap();
    let got =
        [hex(d.x.to_bytes()), hex(d.y.to_bytes()), hex(ScalarOps::to_bytes(&s.x)), hex(ScalarOps::to_bytes(&s.y))];
    assert_eq!(got, VECTORS.map(String::from));
}

const VECTORS: [&str; 4] = [
    "273d923bfd39a5c9f13bdea34f61a09300c3a45415aeae90e54b1226e175bb0a",
    "f24a79118b96a87350a7cd28782be00b07594ce98c128072cc98b6a9fbadca03",
    "c21d0f30f2dd9363202734ddd5e693d0b7b9e34871418719b6e1590332754f08",
    "4db44cdd6397a84a9a6ed16699735560bcb99de2e3ae7fa52ec8e70848825774",
];
