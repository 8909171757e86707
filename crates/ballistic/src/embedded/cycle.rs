//! The secp256k1/secq256k1 **2-cycle**: each curve's group order is the
//! other's base-field prime, so a point of one group, by its affine
//! coordinates, *is* a point of the other group's embedded curve, with
//! no reduction. Curve Trees ([`crate::curve_tree`]) alternate between
//! the two: a node on one curve commits to the `x`-coordinates of its
//! children on the other.
//!
//! | [`Cycle`] group `A` (proofs, scalars `𝔽_A`) | `A::Other` (its points' coordinates are in `𝔽_A`) | `A::Curve` (the same curve, as [`EmbeddedCurve`]) |
//! |---|---|---|
//! | [`Secp256k1`] (`𝔽_n`) | [`Secq256k1Group`] | [`Secq256k1`](super::Secq256k1) |
//! | [`Secq256k1Group`] (`𝔽_p`) | [`Secp256k1`] | [`Secp256k1Embedded`](super::Secp256k1Embedded) |

use alloc::vec::Vec;

use k256::elliptic_curve::sec1::ToEncodedPoint;
use k256::elliptic_curve::BatchNormalize;

use super::{AffinePoint, WithEmbeddedCurve};
use crate::group::{FieldP, Group, ScalarOps, Secp256k1, Secq256k1 as Secq256k1Group, SecqPoint};

/// A group of a 2-cycle: the points of [`Cycle::Other`] are the points of
/// this group's embedded curve.
pub trait Cycle: WithEmbeddedCurve {
    /// The other group of the cycle.
    type Other: Cycle<Other = Self>;

    /// A point of the other group as a point of this group's embedded
    /// curve (`None` for the identity). Constant time.
    fn embed(p: &<Self::Other as Group>::Point) -> Option<AffinePoint<Self::Scalar>>;

    /// [`Cycle::embed`] for many public points, with one inversion
    /// (variable time).
    fn embed_batch_vartime(points: &[<Self::Other as Group>::Point]) -> Vec<Option<AffinePoint<Self::Scalar>>>;
}

impl Cycle for Secp256k1 {
    type Other = Secq256k1Group;

    fn embed(p: &SecqPoint) -> Option<AffinePoint<Self::Scalar>> {
        p.to_affine().map(|(x, y)| AffinePoint::new(x, y))
    }

    fn embed_batch_vartime(points: &[SecqPoint]) -> Vec<Option<AffinePoint<Self::Scalar>>> {
        SecqPoint::batch_to_affine_vartime(points).into_iter().map(|a| a.map(|(x, y)| AffinePoint::new(x, y))).collect()
    }
}

/// A big-endian field encoding (k256's) as an element of `𝔽_p`.
fn field_p(be: &[u8]) -> Option<FieldP> {
    let mut le: [u8; 32] = be.try_into().ok()?;
    le.reverse();
    FieldP::from_canonical_bytes(&le)
}

fn affine_of(p: &k256::AffinePoint) -> Option<AffinePoint<FieldP>> {
    let encoded = p.to_encoded_point(false);
    Some(AffinePoint::new(field_p(encoded.x()?)?, field_p(encoded.y()?)?))
}

impl Cycle for Secq256k1Group {
    type Other = Secp256k1;

    fn embed(p: &k256::ProjectivePoint) -> Option<AffinePoint<FieldP>> {
        affine_of(&p.to_affine())
    }

    fn embed_batch_vartime(points: &[k256::ProjectivePoint]) -> Vec<Option<AffinePoint<FieldP>>> {
        let finite: Vec<k256::ProjectivePoint> =
            points.iter().filter(|p| !Secp256k1::is_identity_vartime(p)).copied().collect();
        let mut affine = if finite.is_empty() {
            Vec::new()
        } else {
            <k256::ProjectivePoint as BatchNormalize<[k256::ProjectivePoint]>>::batch_normalize(finite.as_slice())
        }
        .into_iter();
        points
            .iter()
            .map(|p| if Secp256k1::is_identity_vartime(p) { None } else { affine.next().and_then(|a| affine_of(&a)) })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embedded::EmbeddedCurve;

    /// The embedding is a homomorphism into the embedded curve's law, on
    /// both halves, one point at a time and in batches.
    fn homomorphism<A: Cycle>() {
        let k = <A::Curve as EmbeddedCurve>::coefficients();
        let p = <A::Other as Group>::hash_to_point(&[1; 64]);
        let q = <A::Other as Group>::hash_to_point(&[2; 64]);
        let (ep, eq) = (A::embed(&p).unwrap(), A::embed(&q).unwrap());
        assert!(ep.is_on_curve(&k) && eq.is_on_curve(&k));
        assert_eq!(A::embed(&(p + q)).unwrap(), ep.add_vartime(&eq, &k));
        assert_eq!(A::embed(&(p - q)).unwrap(), ep.add_vartime(&eq.neg(), &k));
        assert_eq!(A::embed(&<A::Other as Group>::identity()), None);
        let batch = A::embed_batch_vartime(&[p, <A::Other as Group>::identity(), q]);
        assert_eq!(batch, alloc::vec![Some(ep), None, Some(eq)]);
    }

    #[test]
    fn embedding_secp256k1_in_secq256k1_proofs() {
        homomorphism::<Secq256k1Group>();
    }

    #[test]
    fn embedding_secq256k1_in_secp256k1_proofs() {
        homomorphism::<Secp256k1>();
    }
}
