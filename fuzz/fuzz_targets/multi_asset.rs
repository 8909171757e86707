//! Multi-asset range proofs (`ballistic::range::assets`, Confidential
//! Assets) and their files (`ballistic::file::MultiAssetProofFile`) against
//! fixed true statements: two 8-bit outputs, one on an unblinded asset tag
//! and one on a blinded tag, proved with every construction (native,
//! re-committed over Bulletproofs, Bulletproofs+ and Bulletproofs++) on each
//! group (Ristretto255, secp256k1). The first byte picks the group (bit 0),
//! the construction (bits 1–2) and the mode (bits 3–5); the rest is:
//!
//! 0. arbitrary bytes as the binary proof;
//! 1. edits ([`common::edit`]) of the honest proof followed by the
//!    statement's bytes (`V_0 ‖ V_1 ‖ H_0 ‖ H_1`): proof and statement edited;
//! 2. a source construction (a byte) and edits of its honest proof, decoded
//!    as this construction's;
//! 3. arbitrary bytes as a multi-asset proof file (JSON);
//! 4. edits of the honest file's JSON;
//! 5. a prover's secrets file (`VALUE ASSET_ID [ASSET_BLINDING [BLINDING]]`
//!    lines) and a value generator pin (hex), parsed.
//!
//! Invariants: no panic; decoding is canonical (proof bytes, and a file's
//! points re-encode to its hex); only the honest proof verifies, and only
//! against the honest statement; a file verifies (whatever the pins: the
//! file's own generators, a pinned set, one per output) only if it is one
//! of the honest files field for field, pinned verification never accepts
//! what the file's own generators refuse, and a batch with the honest file
//! names exactly the files that fail alone.
#![no_main]
mod common;

use std::sync::OnceLock;

use ballistic::file::{
    self, verify_multi_asset_files, AssetOutput, GeneratorCache, GeneratorPins, MultiAssetPins, MultiAssetProofFile,
};
use ballistic::group::{GroupId, ScalarOps};
use ballistic::hazmat::{from_hex, to_hex};
use ballistic::range::{MultiAssetStatement, MultiAssetSystem};
use ballistic::{new_transcript, Generators, Group, Ristretto255, Secp256k1, Verifiable};
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;

const LABEL: &str = "fuzz assets";
const BITS: usize = 8;
const VALUES: [u64; 2] = [200, 17];

struct Case<G: Group> {
    system: MultiAssetSystem,
    file: MultiAssetProofFile,
    proof: Vec<u8>,
    commitments: Vec<G::Compressed>,
    generators: Vec<G::Compressed>,
}

struct Fixture<G: Group> {
    gens: Generators<G>,
    cases: Vec<Case<G>>,
    /// Every honest generator's encoding (the pins).
    pins: Vec<Vec<u8>>,
}

fn build<G: Group>() -> Fixture<G> {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let cache = GeneratorCache::<G>::new();
    let (mut chains, mut per_chain) = (1, 1);
    let mut cases = Vec::new();
    for system in MultiAssetSystem::ALL {
        let (c, p) = system.generators_needed(BITS, VALUES.len()).expect("shape");
        (chains, per_chain) = (chains.max(c), per_chain.max(p));
        let outputs = [
            AssetOutput::<G> {
                value: VALUES[0],
                blinding: G::Scalar::random(&mut rng),
                asset_id: b"gold".to_vec(),
                asset_blinding: None,
            },
            AssetOutput::<G> {
                value: VALUES[1],
                blinding: G::Scalar::random(&mut rng),
                asset_id: b"silver".to_vec(),
                asset_blinding: Some(G::Scalar::random(&mut rng)),
            },
        ];
        let (file, _) =
            MultiAssetProofFile::prove(&cache, system, BITS, &outputs, LABEL, &mut rng).expect("honest proof");
        let points = |hex: &[String]| -> Vec<G::Compressed> {
            hex.iter().map(|h| G::compressed_from_slice(&from_hex(h).expect("hex")).expect("point")).collect()
        };
        let proof = from_hex(&file.proof).expect("hex");
        let commitments = points(&file.commitments);
        let generators = points(&file.value_generators);
        cases.push(Case { system, file, proof, commitments, generators });
    }
    let pins =
        cases.iter().flat_map(|c| c.generators.iter().map(|h| G::compressed_bytes(h).to_vec())).collect::<Vec<_>>();
    let f = Fixture { gens: Generators::new(per_chain, chains), cases, pins };
    for (i, case) in f.cases.iter().enumerate() {
        assert!(f.verifies(i, &case.proof, &case.commitments, &case.generators), "the honest proof verifies");
        assert_eq!(case.file.verify(&f.trust_pins()), Ok(()), "the honest file verifies");
    }
    f
}

impl<G: Group> Fixture<G> {
    /// Decode `bytes` as case `i`'s construction and verify against the
    /// statement `(commitments, generators)` (canonical decoding checked).
    fn verifies(&self, i: usize, bytes: &[u8], commitments: &[G::Compressed], generators: &[G::Compressed]) -> bool {
        let case = &self.cases[i];
        let Ok(statement) = MultiAssetStatement::<G>::new(BITS, commitments, generators) else { return false };
        let Ok(proof) = case.system.decode::<G>(bytes, BITS, commitments.len()) else { return false };
        assert_eq!(proof.to_bytes(), bytes, "multi-asset proof decoding is not canonical");
        assert_eq!(proof.system(), case.system);
        let mut rng = common::rng();
        proof.verify(&self.gens, &statement, &mut new_transcript(LABEL.as_bytes()), &mut rng).is_ok()
    }

    fn binary(&self, i: usize, bytes: &[u8]) {
        let case = &self.cases[i];
        if self.verifies(i, bytes, &case.commitments, &case.generators) {
            assert_eq!(bytes, &case.proof[..], "accepted a multi-asset proof the prover did not make");
        }
    }

    /// The honest proof and statement as one blob.
    fn blob(&self, i: usize) -> Vec<u8> {
        let case = &self.cases[i];
        let mut blob = case.proof.clone();
        for p in case.commitments.iter().chain(&case.generators) {
            blob.extend_from_slice(G::compressed_bytes(p));
        }
        blob
    }

    fn edited_statement(&self, i: usize, edits: &[u8]) {
        let honest = self.blob(i);
        let blob = common::edit(&honest, edits);
        let clen = G::compressed_bytes(&self.cases[i].commitments[0]).len();
        let m = VALUES.len();
        let Some(split) = blob.len().checked_sub(2 * m * clen) else { return };
        let (proof, points) = blob.split_at(split);
        let Some(points) = points.chunks(clen).map(G::compressed_from_slice).collect::<Option<Vec<_>>>() else {
            return;
        };
        let (commitments, generators) = points.split_at(m);
        if self.verifies(i, proof, commitments, generators) {
            assert_eq!(blob, honest, "accepted an edited multi-asset proof or statement");
        }
    }

    fn cross(&self, i: usize, data: &[u8]) {
        let Some((&source, edits)) = data.split_first() else { return };
        let source = usize::from(source) % self.cases.len();
        let bytes = common::edit(&self.cases[source].proof, edits);
        self.binary(i, &bytes);
    }

    fn trust_pins(&self) -> MultiAssetPins<'_> {
        MultiAssetPins {
            group: GroupId::of::<G>().expect("named"),
            label: LABEL,
            bits: None,
            value_generators: GeneratorPins::TrustFile,
        }
    }

    fn file(&self, i: usize, data: &[u8]) {
        let Ok(file) = MultiAssetProofFile::from_json(data) else { return };
        // Canonical: what decodes re-encodes to the file's own hex.
        if let Ok(group) = file.group_id() {
            ballistic::with_group!(group, H => {
                if let Ok(decoded) = file.decode::<H>() {
                    let hex = |points: &[<H as Group>::Compressed]| -> Vec<String> {
                        points.iter().map(|p| to_hex(H::compressed_bytes(p))).collect()
                    };
                    assert_eq!(hex(decoded.statement.commitments()), file.commitments);
                    assert_eq!(hex(decoded.statement.value_generators()), file.value_generators);
                    assert_eq!(to_hex(&decoded.proof.to_bytes()), file.proof);
                    assert_eq!(decoded.proof.system().name(), file.system);
                }
            });
        }
        let trust = self.trust_pins();
        let alone = file.verify(&trust);
        if alone.is_ok() {
            assert!(
                self.cases.iter().any(|c| c.file == file),
                "accepted a multi-asset proof file that is not an honest one"
            );
        }
        let any_of = MultiAssetPins { bits: Some(BITS), value_generators: GeneratorPins::AnyOf(&self.pins), ..trust };
        let case = &self.cases[i];
        let per_output: Vec<Vec<u8>> = case.generators.iter().map(|h| G::compressed_bytes(h).to_vec()).collect();
        let per_output = MultiAssetPins { value_generators: GeneratorPins::PerOutput(&per_output), ..any_of };
        for pins in [any_of, per_output] {
            if file.verify(&pins).is_ok() {
                assert!(alone.is_ok(), "pinned generators accepted what the file's own refuse");
            }
        }
        // A batch with the honest file names exactly the bad file.
        let mut rng = common::rng();
        let batch = verify_multi_asset_files(&[Ok(file), Ok(case.file.clone())], &trust, &mut rng);
        let named: Vec<usize> = batch.iter().map(|(i, _)| *i).collect();
        assert_eq!(named, if alone.is_ok() { vec![] } else { vec![0] }, "the batch names other files: {batch:?}");
    }
}

/// A secrets file and a generator pin: parsed without panic; a pin that
/// parses is a point of the group.
fn secrets<G: Group>(data: &[u8]) {
    let group = GroupId::of::<G>().expect("named");
    let mut rng = common::rng();
    if let Ok(outputs) = file::parse_asset_lines::<G, _>(data, &mut rng) {
        assert!(outputs.len() <= data.len() / 3 + 1);
        for o in &outputs {
            assert!((1..=file::MAX_ASSET_ID).contains(&o.asset_id.len()));
        }
    }
    if let Ok(hex) = std::str::from_utf8(data) {
        if let Ok(bytes) = file::parse_value_generator(group, 0, hex) {
            let p = G::compressed_from_slice(&bytes).and_then(|c| G::decompress(&c)).expect("a pinned point");
            assert!(!G::is_identity_vartime(&p));
        }
    }
}

fn run<G: Group>(f: &Fixture<G>, which: u8, data: &[u8]) {
    let i = usize::from(which >> 1) % 4;
    match (which >> 3) % 6 {
        0 => f.binary(i, data),
        1 => f.edited_statement(i, data),
        2 => f.cross(i, data),
        3 => f.file(i, data),
        4 => f.file(i, &common::edit(f.cases[i].file.to_json().as_bytes(), data)),
        _ => secrets::<G>(data),
    }
}

fn seeds() {
    let mut seeds = Vec::new();
    fn add<G: Group>(f: &Fixture<G>, g: u8, seeds: &mut Vec<(String, Vec<u8>)>) {
        let group = if g == 0 { "ristretto" } else { "secp" };
        for (i, case) in f.cases.iter().enumerate() {
            let which = |mode: u8| g | (i as u8) << 1 | mode << 3;
            let name = |what: &str| format!("{group}-{}-{what}", case.system.name());
            seeds.push((name("binary"), [&[which(0)][..], &case.proof].concat()));
            let blob_len = f.blob(i).len() as u16;
            // An edit of the statement's last byte.
            let [lo, hi] = (blob_len - 1).to_le_bytes();
            seeds.push((name("edit"), vec![which(1), lo, hi, 1]));
            seeds.push((name("cross"), vec![which(2), ((i + 1) % 4) as u8]));
            seeds.push((name("file"), [&[which(3)][..], case.file.to_json().as_bytes()].concat()));
            seeds.push((name("file-edit"), vec![which(4), 0x30, 0, 1]));
        }
        let line = b"17 676f6c64 - 0100000000000000000000000000000000000000000000000000000000000000\n";
        seeds.push((format!("{group}-secrets"), [&[g | 5 << 3][..], line].concat()));
    }
    add(ristretto(), 0, &mut seeds);
    add(secp(), 1, &mut seeds);
    let seeds: Vec<(&str, Vec<u8>)> = seeds.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    common::write_seeds(&seeds);
}

fn ristretto() -> &'static Fixture<Ristretto255> {
    static R: OnceLock<Fixture<Ristretto255>> = OnceLock::new();
    R.get_or_init(build)
}

fn secp() -> &'static Fixture<Secp256k1> {
    static S: OnceLock<Fixture<Secp256k1>> = OnceLock::new();
    S.get_or_init(build)
}

fuzz_target!(|data: &[u8]| {
    let Some((&[which], rest)) = common::input(data, seeds) else { return };
    if which & 1 == 0 {
        run(ristretto(), which, rest);
    } else {
        run(secp(), which, rest);
    }
});
