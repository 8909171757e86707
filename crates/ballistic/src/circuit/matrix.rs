//! The linear constraints `W_L·𝐚_L + W_R·𝐚_R + W_O·𝐚_O + W_V·𝐯 + 𝐜 = 𝟎`
//! (paper eq. (82)) as a sparse matrix, one row per constraint.
//!
//! Rows are stored compressed (CSR): per nonzero entry a packed variable
//! (`u32`) and the index of its coefficient in a table of the distinct
//! coefficients (`u32`), 8 bytes against 48 for a `(Variable, Scalar)`
//! pair. Circuits use few distinct constants (±1, powers of two, the
//! gates' constants), so the table stays small; it never holds more
//! entries than the matrix has nonzeros. Coefficients are public circuit
//! constants: interning them (a hash map) is variable time on purpose.
//!
//! [`flatten`] collapses the rows with powers of `z` into the vectors the
//! prover and the verifier need (`𝐰_L = 𝐳^{q+1}·W_L` etc.), visiting each
//! nonzero once.

use alloc::vec;
use alloc::vec::Vec;

use super::linear::{LinearCombination, Variable};
use crate::group::ScalarOps;
use crate::map::Map;

/// Indices of a variable kind that fit the packed form (`index < 2^28`);
/// larger ones are never valid (no circuit has that many multipliers) and
/// make [`Matrix::check_variables`] fail.
const MAX_PACKED_INDEX: usize = 1 << 28;

const TAG_LEFT: u32 = 0;
const TAG_RIGHT: u32 = 1;
const TAG_OUT: u32 = 2;
const TAG_COMMITTED: u32 = 3;
const TAG_ONE: u32 = 4;
const TAG_VEC: u32 = 5;

/// Coefficient table positions of 1 and −1 (always present).
const ID_ONE: u32 = 0;
const ID_MINUS_ONE: u32 = 1;

/// Sparse rows of linear constraints (see the module documentation).
#[derive(Clone, Debug)]
pub(crate) struct Matrix<S> {
    /// End (exclusive) of each row in `vars` / `coeff_ids`.
    row_ends: Vec<u32>,
    vars: Vec<u32>,
    coeff_ids: Vec<u32>,
    coeffs: Vec<S>,
    index: Map<[u8; 32], u32>,
    /// One more than the largest index of multiplier variables, of
    /// committed variables and of vector-committed entries named so far.
    max_multiplier: usize,
    max_committed: usize,
    max_vector: usize,
    /// A variable index too large to pack was named.
    overflow: bool,
}

impl<S: ScalarOps> Default for Matrix<S> {
    fn default() -> Self {
        let (one, minus_one) = (S::one(), -S::one());
        let mut index = Map::new();
        index.insert(one.to_bytes(), ID_ONE);
        index.insert(minus_one.to_bytes(), ID_MINUS_ONE);
        Matrix {
            row_ends: Vec::new(),
            vars: Vec::new(),
            coeff_ids: Vec::new(),
            coeffs: vec![one, minus_one],
            index,
            max_multiplier: 0,
            max_committed: 0,
            max_vector: 0,
            overflow: false,
        }
    }
}

fn pack(v: Variable) -> Option<(u32, usize)> {
    let (tag, i) = match v {
        Variable::MultiplierLeft(i) => (TAG_LEFT, i),
        Variable::MultiplierRight(i) => (TAG_RIGHT, i),
        Variable::MultiplierOutput(i) => (TAG_OUT, i),
        Variable::Committed(i) => (TAG_COMMITTED, i),
        Variable::One => (TAG_ONE, 0),
        Variable::VectorCommitted(i) => (TAG_VEC, i),
    };
    (i < MAX_PACKED_INDEX).then_some(((i as u32) << 3 | tag, i))
}

fn unpack(p: u32) -> Variable {
    let i = (p >> 3) as usize;
    match p & 7 {
        TAG_LEFT => Variable::MultiplierLeft(i),
        TAG_RIGHT => Variable::MultiplierRight(i),
        TAG_OUT => Variable::MultiplierOutput(i),
        TAG_COMMITTED => Variable::Committed(i),
        TAG_VEC => Variable::VectorCommitted(i),
        // TAG_ONE; `pack` writes no other tag (a new kind of variable needs
        // its own arm here and in `flatten`).
        _ => Variable::One,
    }
}

impl<S: ScalarOps> Matrix<S> {
    /// Append `lc = 0` as a row (terms kept as given, repeats included:
    /// they add up in [`flatten`]).
    pub(crate) fn push(&mut self, lc: &LinearCombination<S>) {
        for (v, c) in &lc.terms {
            let Some((packed, i)) = pack(*v) else {
                self.overflow = true;
                continue;
            };
            match v {
                Variable::Committed(_) => self.max_committed = self.max_committed.max(i + 1),
                Variable::VectorCommitted(_) => self.max_vector = self.max_vector.max(i + 1),
                Variable::One => {}
                _ => self.max_multiplier = self.max_multiplier.max(i + 1),
            }
            let next = self.coeffs.len() as u32;
            let id = *self.index.entry(c.to_bytes()).or_insert(next);
            if id == next {
                self.coeffs.push(*c);
            }
            self.vars.push(packed);
            self.coeff_ids.push(id);
        }
        self.row_ends.push(self.vars.len() as u32);
    }

    /// Number of rows (constraints).
    pub(crate) fn rows(&self) -> usize {
        self.row_ends.len()
    }

    /// Number of stored entries (nonzeros, repeats counted).
    pub(crate) fn nonzeros(&self) -> usize {
        self.vars.len()
    }

    /// Every variable names a multiplier below `n`, a commitment below
    /// `m` or a vector-committed entry below `entries`?
    pub(crate) fn check_variables(&self, n: usize, m: usize, entries: usize) -> bool {
        !self.overflow && self.max_multiplier <= n && self.max_committed <= m && self.max_vector <= entries
    }

    /// Each row's entries `(variable, coefficient)`, in order.
    pub(crate) fn for_each_row(&self, mut each: impl FnMut(&mut dyn Iterator<Item = (Variable, S)>)) {
        let mut start = 0usize;
        for &end in &self.row_ends {
            let end = end as usize;
            let vars = self.vars.get(start..end).unwrap_or(&[]);
            let ids = self.coeff_ids.get(start..end).unwrap_or(&[]);
            let mut row = vars
                .iter()
                .zip(ids)
                .map(|(v, id)| (unpack(*v), self.coeffs.get(*id as usize).copied().unwrap_or_default()));
            each(&mut row);
            start = end;
        }
    }
}

/// The constraints collapsed with powers of `z`: row `q` has weight
/// `z^{q+1}`.
pub(crate) struct Flattened<S> {
    pub(crate) w_l: Vec<S>,
    pub(crate) w_r: Vec<S>,
    pub(crate) w_o: Vec<S>,
    pub(crate) w_v: Vec<S>,
    /// `𝐰_C = 𝐳·W_C`, one entry per vector-committed value (signed as
    /// `𝐰_L`: these weights join `𝐫(X)`, not the checked constant).
    pub(crate) w_cv: Vec<S>,
    pub(crate) w_c: S,
}

/// `𝐰_L, 𝐰_R, 𝐰_O` (length `n`), `𝐰_V` (length `m`), `𝐰_C` (length
/// `entries`) and `w_c` of the rows
/// of `parts` taken in order (one system stored in pieces), with the
/// committed and constant columns negated (`lc = 0` form), in Montgomery
/// form ([`crate::group::fast`]): one pass over the entries, a product only
/// for coefficients other than ±1. Entries naming variables outside `n`,
/// `m` are skipped; callers check [`Matrix::check_variables`] first.
pub(crate) fn flatten<S: ScalarOps>(
    parts: &[&Matrix<S>],
    z: S,
    n: usize,
    m: usize,
    entries: usize,
) -> Flattened<S::Fast> {
    let zero = S::Fast::default();
    let mut f = Flattened {
        w_l: vec![zero; n],
        w_r: vec![zero; n],
        w_o: vec![zero; n],
        w_v: vec![zero; m],
        w_cv: vec![zero; entries],
        w_c: zero,
    };
    let z = z.to_fast();
    let mut exp_z = z;
    for part in parts {
        let coeffs: Vec<S::Fast> = part.coeffs.iter().map(|c| c.to_fast()).collect();
        let mut start = 0usize;
        for &end in &part.row_ends {
            let end = end as usize;
            let minus_exp_z = -exp_z;
            let vars = part.vars.get(start..end).unwrap_or(&[]);
            let ids = part.coeff_ids.get(start..end).unwrap_or(&[]);
            for (packed, id) in vars.iter().zip(ids) {
                // Most coefficients are ±1: skip the multiplication.
                let c = match *id {
                    ID_ONE => exp_z,
                    ID_MINUS_ONE => minus_exp_z,
                    id => exp_z * coeffs.get(id as usize).copied().unwrap_or_default(),
                };
                let i = (packed >> 3) as usize;
                let slot = match packed & 7 {
                    TAG_LEFT => f.w_l.get_mut(i),
                    TAG_RIGHT => f.w_r.get_mut(i),
                    TAG_OUT => f.w_o.get_mut(i),
                    TAG_VEC => f.w_cv.get_mut(i),
                    TAG_COMMITTED => {
                        if let Some(w) = f.w_v.get_mut(i) {
                            *w -= c;
                        }
                        None
                    }
                    TAG_ONE => {
                        f.w_c -= c;
                        None
                    }
                    // `pack` writes no other tag.
                    _ => None,
                };
                if let Some(w) = slot {
                    *w += c;
                }
            }
            exp_z *= z;
            start = end;
        }
    }
    f
}

impl<F: Copy> Flattened<F> {
    /// Out of Montgomery form.
    pub(crate) fn into_scalars<S: ScalarOps<Fast = F>>(self) -> Flattened<S> {
        let out = |v: Vec<F>| v.iter().map(S::from_fast).collect();
        Flattened {
            w_l: out(self.w_l),
            w_r: out(self.w_r),
            w_o: out(self.w_o),
            w_v: out(self.w_v),
            w_cv: out(self.w_cv),
            w_c: S::from_fast(&self.w_c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::{Group, Ristretto255};

    type S = <Ristretto255 as Group>::Scalar;

    /// The sparse form flattens exactly as the rows' definition says.
    #[test]
    fn flatten_matches_the_definition() {
        let s = |v: u64| S::from_u64(v);
        let rows: Vec<LinearCombination<S>> = vec![
            Variable::MultiplierLeft(0).plus(Variable::MultiplierOutput(1).times(s(7))) - s(3),
            Variable::MultiplierRight(1).minus(Variable::Committed(0)) + Variable::MultiplierRight(1).times(s(2)),
            LinearCombination::default(),
            Variable::MultiplierLeft(1).times(-s(1)) + Variable::One + Variable::VectorCommitted(1).times(s(9)),
        ];
        let (first, second) = rows.split_at(2);
        let (mut a, mut b) = (Matrix::default(), Matrix::default());
        first.iter().for_each(|r| a.push(r));
        second.iter().for_each(|r| b.push(r));
        assert!(a.check_variables(2, 1, 0) && b.check_variables(2, 0, 2));
        assert!(!a.check_variables(1, 1, 0) && !a.check_variables(2, 0, 0) && !b.check_variables(2, 0, 1));
        let z = s(5);
        let f = flatten(&[&a, &b], z, 2, 1, 2).into_scalars::<S>();
        let (z1, z2, z4) = (z, z * z, z * z * z * z);
        assert_eq!(f.w_l, vec![z1, -z4]);
        assert_eq!(f.w_r, vec![S::zero(), z2 * s(3)]);
        assert_eq!(f.w_o, vec![S::zero(), z1 * s(7)]);
        assert_eq!(f.w_v, vec![z2]);
        assert_eq!(f.w_cv, vec![S::zero(), z4 * s(9)]);
        assert_eq!(f.w_c, z1 * s(3) - z4);
        assert_eq!(a.nonzeros() + b.nonzeros(), 9); // 3 + 3 + 0 + 3
        let mut seen = Vec::new();
        a.for_each_row(&mut |row: &mut dyn Iterator<Item = (Variable, S)>| seen.push(row.collect::<Vec<_>>()));
        assert_eq!(seen, vec![first[0].terms.clone(), first[1].terms.clone()]);
        let mut huge = Matrix::<S>::default();
        huge.push(&LinearCombination::from(Variable::MultiplierLeft(usize::MAX)));
        assert!(!huge.check_variables(usize::MAX, 0, 0));
        let mut seen = Vec::new();
        b.for_each_row(&mut |row: &mut dyn Iterator<Item = (Variable, S)>| seen.push(row.collect::<Vec<_>>()));
        assert_eq!(seen, vec![second[0].terms.clone(), second[1].terms.clone()]);
    }
}
