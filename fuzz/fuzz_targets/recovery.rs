//! Owner recovery (`RangeSystem::prove_recoverable`, `AnyRangeProof::recover`,
//! `RangeProofFile::recover`) of fixed recoverable proofs: every system
//! (Bulletproofs, Bulletproofs+, Bulletproofs++ with its sealed payload),
//! two shapes (one 8-bit value with a 22-byte message; three 4-bit values
//! with a 6-byte message), each group (Ristretto255, secp256k1): 12 cases,
//! each output with its own id under one seed, a label and extra data. The
//! first byte picks the case (its value mod 12), the second the mode; the
//! rest is:
//!
//! 0. arbitrary bytes as the case's proof;
//! 1. edits ([`common::edit`]) of the honest proof;
//! 2. a key and context for the honest proof: a seed (32 bytes), an id
//!    length byte, the id, then the label;
//! 3. arbitrary bytes as a range proof file (JSON), recovered with the
//!    case's key;
//! 4. edits of the honest proof file's JSON.
//!
//! Invariants: no panic; decoding is canonical; recovery with the right key
//! either fails or returns exactly the honest openings (values and
//! blindings) and message — never other values or another message, whatever
//! was edited — and a file that recovers claims the honest statement; a
//! wrong seed, another output's id or another label never recovers; only
//! the honest proof (file) verifies.
#![no_main]
mod common;

use std::sync::OnceLock;

use ballistic::file::{GeneratorCache, ProveOptions, ProvedRange, RangeProofFile};
use ballistic::group::ScalarOps;
use ballistic::hazmat::{from_hex, to_hex};
use ballistic::merlin::Transcript;
use ballistic::range::Recovered;
use ballistic::{
    new_transcript_with_extra, Generators, Group, RangeStatement, RangeSystem, RecoveryKey, Ristretto255, Secp256k1,
    Verifiable,
};
use libfuzzer_sys::fuzz_target;

const SEED: [u8; 32] = [0x5e; 32];
const WRONG_SEED: [u8; 32] = [0x5f; 32];
const LABEL: &str = "fuzz recovery";
const EXTRA: &[u8] = b"tx 7";
const SHAPES: [(usize, &[u64], &[u8]); 2] = [(8, &[200], b"twenty-two bytes memo!"), (4, &[3, 0, 15], b"6 byte")];

struct Case<G: Group> {
    system: RangeSystem,
    bits: usize,
    values: Vec<u64>,
    message: Vec<u8>,
    id: Vec<u8>,
    blindings: Vec<G::Scalar>,
    commitments: Vec<G::Compressed>,
    proof: Vec<u8>,
    file: RangeProofFile,
}

struct Fixture<G: Group> {
    gens: Generators<G>,
    cases: Vec<Case<G>>,
}

fn transcript() -> Transcript {
    new_transcript_with_extra(LABEL.as_bytes(), EXTRA)
}

fn build<G: Group>(first_id: usize) -> Fixture<G> {
    let cache = GeneratorCache::<G>::new();
    let mut cases = Vec::new();
    for system in RangeSystem::ALL {
        for (bits, values, message) in SHAPES {
            let id = format!("output {}", first_id + cases.len()).into_bytes();
            let options = ProveOptions { system, range: ProvedRange::Bits(bits), label: LABEL, extra: EXTRA };
            let (file, openings) =
                RangeProofFile::prove_recoverable(&cache, &options, values, RecoveryKey::new(&SEED, &id), message)
                    .expect("honest recoverable proof");
            let blindings = openings
                .blindings
                .iter()
                .map(|h| {
                    G::Scalar::from_canonical_bytes(&from_hex(h).expect("hex").try_into().expect("32")).expect("scalar")
                })
                .collect();
            let commitments = file
                .commitments
                .iter()
                .map(|h| G::compressed_from_slice(&from_hex(h).expect("hex")).expect("point"))
                .collect();
            let proof = from_hex(&file.proof).expect("hex");
            cases.push(Case {
                system,
                bits,
                values: values.to_vec(),
                message: message.to_vec(),
                id,
                blindings,
                commitments,
                proof,
                file,
            });
        }
    }
    let (mut chains, mut per_chain) = (1, 1);
    for case in &cases {
        let (c, p) = case.system.generators_needed(case.bits, case.values.len()).expect("shape");
        (chains, per_chain) = (chains.max(c), per_chain.max(p));
    }
    let f = Fixture { gens: Generators::new(per_chain, chains), cases };
    for i in 0..f.cases.len() {
        let case = &f.cases[i];
        assert!(f.verifies(i, &case.proof), "the honest proof verifies");
        let got = f.recover(i, &case.proof, RecoveryKey::new(&SEED, &case.id), &mut transcript());
        assert!(got.is_some_and(|r| f.is_honest(i, &r)), "the honest proof recovers");
        assert_eq!(case.file.verify(), Ok(()), "the honest file verifies");
    }
    f
}

impl<G: Group> Fixture<G> {
    fn verifies(&self, i: usize, bytes: &[u8]) -> bool {
        let case = &self.cases[i];
        let Ok(proof) = case.system.decode::<G>(bytes, case.bits, case.values.len()) else { return false };
        assert_eq!(proof.to_bytes(), bytes, "decoding is not canonical");
        let statement = RangeStatement::new(case.bits, &case.commitments).expect("statement");
        proof.verify(&self.gens, &statement, &mut transcript(), &mut common::rng()).is_ok()
    }

    fn recover(
        &self,
        i: usize,
        bytes: &[u8],
        key: RecoveryKey<'_>,
        t: &mut Transcript,
    ) -> Option<Recovered<G::Scalar>> {
        let case = &self.cases[i];
        let proof = case.system.decode::<G>(bytes, case.bits, case.values.len()).ok()?;
        proof.recover(&self.gens, t, &case.commitments, case.bits, key).ok()
    }

    fn is_honest(&self, i: usize, r: &Recovered<G::Scalar>) -> bool {
        let case = &self.cases[i];
        r.openings.iter().map(|o| o.value).eq(case.values.iter().copied())
            && r.openings.iter().map(|o| o.blinding).eq(case.blindings.iter().copied())
            && r.message.as_slice() == case.message.as_slice()
    }

    /// Another case's output id (the same seed and context).
    fn other_id(&self, i: usize) -> &[u8] {
        &self.cases[(i + 1) % self.cases.len()].id
    }

    fn binary(&self, i: usize, bytes: &[u8]) {
        let case = &self.cases[i];
        if self.verifies(i, bytes) {
            assert_eq!(bytes, &case.proof[..], "accepted a proof the prover did not make");
        }
        if let Some(r) = self.recover(i, bytes, RecoveryKey::new(&SEED, &case.id), &mut transcript()) {
            assert!(self.is_honest(i, &r), "recovered other openings or another message from an edited proof");
        }
        for key in [RecoveryKey::new(&WRONG_SEED, &case.id), RecoveryKey::new(&SEED, self.other_id(i))] {
            assert!(self.recover(i, bytes, key, &mut transcript()).is_none(), "recovered with a wrong key");
        }
    }

    fn key(&self, i: usize, data: &[u8]) {
        if data.len() < 33 {
            return;
        }
        let (seed, rest) = data.split_at(32);
        let seed: &[u8; 32] = seed.try_into().expect("32 bytes");
        let id_len = usize::from(rest[0]).min(rest.len() - 1);
        let (id, label) = rest[1..].split_at(id_len);
        let case = &self.cases[i];
        let mut t = new_transcript_with_extra(label, EXTRA);
        if let Some(r) = self.recover(i, &case.proof, RecoveryKey::new(seed, id), &mut t) {
            assert!(
                seed == &SEED && id == case.id.as_slice() && label == LABEL.as_bytes(),
                "recovered with another seed, id or label"
            );
            assert!(self.is_honest(i, &r));
        }
    }

    fn file(&self, i: usize, data: &[u8]) {
        let Ok(file) = RangeProofFile::from_json(data) else { return };
        let case = &self.cases[i];
        if file.verify().is_ok() {
            assert!(self.cases.iter().any(|c| c.file == file), "accepted a proof file that is not an honest one");
        }
        // This case's key, and the next case's (the fuzzer may give either's file).
        for j in [i, (i + 1) % self.cases.len()] {
            let case = &self.cases[j];
            let Ok(openings) = file.recover(RecoveryKey::new(&SEED, &case.id)) else { continue };
            let h = &case.file;
            assert!(
                (&file.system, &file.group, &file.label, &file.extra, file.bits, &file.commitments)
                    == (&h.system, &h.group, &h.label, &h.extra, h.bits, &h.commitments),
                "a file that recovers claims another statement"
            );
            let blindings: Vec<String> = case.blindings.iter().map(|b| to_hex(&ScalarOps::to_bytes(b))).collect();
            assert_eq!(openings.values, case.values, "recovered other values");
            assert_eq!(openings.blindings, blindings, "recovered other blindings");
            assert_eq!(openings.message, Some(to_hex(&case.message)), "recovered another message");
        }
        assert!(file.recover(RecoveryKey::new(&WRONG_SEED, &case.id)).is_err(), "a file recovered with a wrong seed");
    }
}

fn ristretto() -> &'static Fixture<Ristretto255> {
    static R: OnceLock<Fixture<Ristretto255>> = OnceLock::new();
    R.get_or_init(|| build(0))
}

fn secp() -> &'static Fixture<Secp256k1> {
    static S: OnceLock<Fixture<Secp256k1>> = OnceLock::new();
    S.get_or_init(|| build(100))
}

fn run<G: Group>(f: &Fixture<G>, i: usize, mode: u8, data: &[u8]) {
    match mode % 5 {
        0 => f.binary(i, data),
        1 => f.binary(i, &common::edit(&f.cases[i].proof, data)),
        2 => f.key(i, data),
        3 => f.file(i, data),
        _ => f.file(i, &common::edit(f.cases[i].file.to_json().as_bytes(), data)),
    }
}

fn seeds() {
    let mut seeds = Vec::new();
    fn add<G: Group>(f: &Fixture<G>, offset: usize, seeds: &mut Vec<(String, Vec<u8>)>) {
        for (i, case) in f.cases.iter().enumerate() {
            let which = (offset + i) as u8;
            let name = |what: &str| format!("{}-{}-m{}-{what}", G::NAME, case.system.name(), case.values.len());
            seeds.push((name("binary"), [&[which, 0][..], &case.proof].concat()));
            // Edit the last byte (Bulletproofs++: the sealed payload's tag).
            let [lo, hi] = (case.proof.len() as u16 - 1).to_le_bytes();
            seeds.push((name("edit"), vec![which, 1, lo, hi, 1]));
            let key = [&SEED[..], &[case.id.len() as u8], &case.id, LABEL.as_bytes()].concat();
            seeds.push((name("key"), [&[which, 2][..], &key].concat()));
            seeds.push((name("file"), [&[which, 3][..], case.file.to_json().as_bytes()].concat()));
            seeds.push((name("file-edit"), vec![which, 4, 0x40, 0, 1]));
        }
    }
    add(ristretto(), 0, &mut seeds);
    add(secp(), ristretto().cases.len(), &mut seeds);
    let seeds: Vec<(&str, Vec<u8>)> = seeds.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    common::write_seeds(&seeds);
}

fuzz_target!(|data: &[u8]| {
    let Some(([which, mode], rest)) = common::input(data, seeds) else { return };
    let r = ristretto().cases.len();
    let i = usize::from(*which) % (r + secp().cases.len());
    if i < r {
        run(ristretto(), i, *mode, rest);
    } else {
        run(secp(), i - r, *mode, rest);
    }
});
