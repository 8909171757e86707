//! Strict byte encodings shared by every proof type.
//!
//! A proof is a fixed sequence of compressed points and canonical scalars.
//! Decoding accepts exactly one encoding per proof: lengths are checked
//! before anything is read, scalars must be `< ℓ`, points must be canonical
//! encodings of group elements. Errors carry the byte offset of the field.

use crate::errors::ProofError;
use crate::group::{Group, ScalarOps, SCALAR_LEN};

/// A point carried by a proof, kept in both forms: the compressed bytes
/// (what the transcript absorbs and the encoding writes) and the decoded
/// point (what the verifier's multiscalar multiplication uses).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ProofPoint<G: Group> {
    /// Canonical compressed encoding.
    pub compressed: G::Compressed,
    /// The decoded group element.
    pub point: G::Point,
}

impl<G: Group> ProofPoint<G> {
    /// Wrap a point computed by a prover.
    pub fn from_point(point: G::Point) -> Self {
        ProofPoint { compressed: G::compress(&point), point }
    }
}

/// Cursor over proof bytes that decodes fields strictly.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, pos: 0 }
    }

    fn take(&mut self, len: usize) -> Result<&'a [u8], ProofError> {
        let end = self.pos.checked_add(len).filter(|&e| e <= self.bytes.len());
        match end.and_then(|e| self.bytes.get(self.pos..e)) {
            Some(s) => {
                self.pos += len;
                Ok(s)
            }
            None => Err(ProofError::WrongLength { expected: 0, got: self.bytes.len() }),
        }
    }

    /// Bytes not yet read.
    pub(crate) fn remaining(&self) -> usize {
        self.bytes.len().saturating_sub(self.pos)
    }

    /// Skip `len` bytes (a field decoded elsewhere).
    pub(crate) fn skip(&mut self, len: usize) -> Result<(), ProofError> {
        self.take(len).map(|_| ())
    }

    pub(crate) fn read_point<G: Group>(&mut self) -> Result<ProofPoint<G>, ProofError> {
        let offset = self.pos;
        let raw = self.take(G::POINT_LEN)?;
        let compressed = G::compressed_from_slice(raw).ok_or(ProofError::InvalidPoint { offset })?;
        let point = G::decompress(&compressed).ok_or(ProofError::InvalidPoint { offset })?;
        Ok(ProofPoint { compressed, point })
    }

    pub(crate) fn read_scalar<G: Group>(&mut self) -> Result<G::Scalar, ProofError> {
        let offset = self.pos;
        let raw = self.take(SCALAR_LEN)?;
        let mut buf = [0u8; SCALAR_LEN];
        buf.copy_from_slice(raw);
        G::Scalar::from_canonical_bytes(&buf).ok_or(ProofError::NonCanonicalScalar { offset })
    }
}

/// Decode a compressed point given as bytes (e.g. a commitment), strictly.
pub fn decode_point<G: Group>(bytes: &[u8]) -> Option<ProofPoint<G>> {
    if bytes.len() != G::POINT_LEN {
        return None;
    }
    let compressed = G::compressed_from_slice(bytes)?;
    let point = G::decompress(&compressed)?;
    Some(ProofPoint { compressed, point })
}

/// Lowercase hexadecimal.
pub fn to_hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        for nibble in [b >> 4, b & 15] {
            s.push(char::from_digit(u32::from(nibble), 16).unwrap_or('0'));
        }
    }
    s
}

/// Parse hexadecimal (either case); `None` on odd length or a non-hex digit.
pub fn from_hex(s: &str) -> Option<Vec<u8>> {
    fn nibble(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }
    let b = s.as_bytes();
    if b.len() % 2 != 0 {
        return None;
    }
    b.chunks_exact(2)
        .map(|pair| match pair {
            [hi, lo] => Some(nibble(*hi)? << 4 | nibble(*lo)?),
            _ => None,
        })
        .collect()
}

/// `serde` for a proof type with `to_bytes` / `from_bytes`: a hex string in
/// human-readable formats, bytes otherwise; decoding is the strict
/// `from_bytes` (and refuses sequences over 64 KiB before buffering them).
macro_rules! impl_serde_as_bytes {
    ($ty:ident, $what:literal) => {
        #[cfg(feature = "serde")]
        const _: () = {
            use serde::de::{Error, Visitor};
            use serde::{Deserializer, Serializer};
            use $crate::group::Group;

            impl<G: Group> serde::Serialize for $ty<G> {
                fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                    let bytes = self.to_bytes();
                    if serializer.is_human_readable() {
                        serializer.serialize_str(&$crate::encoding::to_hex(&bytes))
                    } else {
                        serializer.serialize_bytes(&bytes)
                    }
                }
            }

            impl<'de, G: Group> serde::Deserialize<'de> for $ty<G> {
                fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                    struct V<G>(core::marker::PhantomData<G>);
                    impl<'de, G: Group> Visitor<'de> for V<G> {
                        type Value = $ty<G>;
                        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                            f.write_str(concat!($what, " as bytes or a hex string"))
                        }
                        fn visit_bytes<E: Error>(self, v: &[u8]) -> Result<Self::Value, E> {
                            $ty::from_bytes(v).map_err(E::custom)
                        }
                        fn visit_str<E: Error>(self, v: &str) -> Result<Self::Value, E> {
                            let bytes = $crate::encoding::from_hex(v).ok_or_else(|| E::custom("invalid hex"))?;
                            $ty::from_bytes(&bytes).map_err(E::custom)
                        }
                        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                            let mut bytes = Vec::new();
                            while let Some(b) = seq.next_element::<u8>()? {
                                if bytes.len() > 1 << 16 {
                                    return Err(A::Error::custom(concat!($what, " too long")));
                                }
                                bytes.push(b);
                            }
                            $ty::from_bytes(&bytes).map_err(A::Error::custom)
                        }
                    }
                    let v = V::<G>(core::marker::PhantomData);
                    if deserializer.is_human_readable() {
                        deserializer.deserialize_str(v)
                    } else {
                        deserializer.deserialize_bytes(v)
                    }
                }
            }
        };
    };
}
pub(crate) use impl_serde_as_bytes;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip() {
        let data: Vec<u8> = (0..=255).collect();
        assert_eq!(from_hex(&to_hex(&data)).as_deref(), Some(&data[..]));
        assert_eq!(from_hex("0"), None);
        assert_eq!(from_hex("zz"), None);
        assert_eq!(from_hex("AbCd"), Some(vec![0xab, 0xcd]));
    }
}
