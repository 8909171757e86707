//! The Bulletproofs++ verifier: the transcript replay and the one
//! equation of the norm argument with `C` expanded.

use super::{
    domain_sep, norm_domain_sep, public_vectors, recovery, Challenges, NormRounds, PlusPlusShape, RangeProofPlusPlus,
    L_LEN,
};
use merlin::Transcript;

use super::RangeStatement;
use crate::equation::{Equation, Verifiable};
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::fast::Montgomery;
use crate::group::{Group, ScalarOps};
use crate::norm_linear::Folding;
use crate::transcript::TranscriptProtocol;

impl<G: Group> RangeProofPlusPlus<G> {
    /// Replay the transcript up to the norm argument.
    pub(super) fn replay(
        &self,
        transcript: &mut Transcript,
        shape: &PlusPlusShape,
        commitments: &[G::Compressed],
    ) -> Result<Challenges<G::Scalar>, ProofError> {
        domain_sep::<G>(transcript, shape);
        for v in commitments {
            transcript.append_point::<G>(b"V", v);
        }
        if let Some(sealed) = &self.sealed {
            transcript.append_message(recovery::SEALED_LABEL, sealed);
        }
        transcript.validate_and_append_point::<G>(b"M", &self.m_point.compressed)?;
        transcript.validate_and_append_point::<G>(b"D", &self.d_point.compressed)?;
        let e = transcript.challenge_scalar::<G>(b"e");
        transcript.validate_and_append_point::<G>(b"R", &self.r_point.compressed)?;
        let rho = transcript.challenge_scalar::<G>(b"rho");
        let x = transcript.challenge_scalar::<G>(b"x");
        let y = transcript.challenge_scalar::<G>(b"y");
        let lambda = transcript.challenge_scalar::<G>(b"lambda");
        transcript.validate_and_append_point::<G>(b"S", &self.s_point.compressed)?;
        let t = transcript.challenge_scalar::<G>(b"t");
        Ok(Challenges { e, rho, x, y, lambda, t })
    }
}

impl<G: Group> Verifiable<G> for RangeProofPlusPlus<G> {
    type Statement = RangeStatement<G>;
    type Context = Transcript;

    /// One equation: the norm argument's check with `C` expanded.
    fn add_terms(
        &self,
        statement: &RangeStatement<G>,
        transcript: &mut Transcript,
        weight: G::Scalar,
        _combine: G::Scalar,
        eq: &mut Equation<G>,
    ) -> Result<(), ProofError> {
        let rs = statement.shape();
        self.add_terms_with_shape(&PlusPlusShape::new(rs.n, rs.m)?, statement, transcript, weight, eq)
    }
}

impl<G: Group> RangeProofPlusPlus<G> {
    /// Verify against an explicit layout (see [`PlusPlusShape::with_digit_bits`]).
    pub fn verify_with_shape(
        &self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        shape: &PlusPlusShape,
        commitments: &[G::Compressed],
    ) -> Result<(), ProofError> {
        let shape = &PlusPlusShape::with_digit_bits(shape.n, shape.m, shape.digit_bits)?;
        let statement = RangeStatement::new(shape.n, commitments)?;
        if statement.shape().m != shape.m {
            return Err(ProofError::WrongNumCommitments { expected: shape.m, got: commitments.len() });
        }
        let mut eq = Equation::new();
        self.add_terms_with_shape(shape, &statement, transcript, G::Scalar::one(), &mut eq)?;
        eq.verify(gens)
    }

    /// The verification equation for `shape`. Every fallible step runs
    /// before the first term is added.
    pub(super) fn add_terms_with_shape(
        &self,
        shape: &PlusPlusShape,
        statement: &RangeStatement<G>,
        transcript: &mut Transcript,
        weight: G::Scalar,
        eq: &mut Equation<G>,
    ) -> Result<(), ProofError> {
        let shape = *shape;
        let ch = self.replay(transcript, &shape, statement.commitments())?;
        let public = public_vectors(&shape, &ch)?;
        norm_domain_sep(transcript, shape.len);
        let check =
            self.norm.verification(&mut NormRounds(transcript), ch.rho, &public.c, shape.len, Folding::Shortest)?;
        let [t1, t2, t3, _, t5, ..] = public.t_pows;
        let two_t5 = G::Scalar::from_u64(2) * t5;
        eq.add_point(weight, self.s_point.point);
        eq.add_point(weight * t1, self.m_point.point);
        eq.add_point(weight * t2, self.d_point.point);
        eq.add_point(weight * t3, self.r_point.point);
        for (lambda_j, v) in public.lambdas.iter().zip(statement.points()) {
            eq.add_point(weight * two_t5 * *lambda_j, *v);
        }
        for ((x, r), (sx, sr)) in self.norm.points().zip(check.x.iter().zip(&check.r)) {
            eq.add_point(weight * *sx, x.point);
            eq.add_point(weight * *sr, r.point);
        }
        eq.add_b(weight * (public.a_coeff + check.a));
        let fw = weight.to_fast();
        eq.add_g_layout_fast(shape.slots, public.g_shift.iter().zip(&check.g).map(|(s, g)| fw * (*s + *g)));
        if let Some((h0, rest)) = check.h.split_first() {
            eq.add_b_blinding(weight * G::Scalar::from_fast(h0));
            eq.add_h_layout_fast(L_LEN - 1, rest.iter().map(|h| fw * *h));
        }
        Ok(())
    }
}
