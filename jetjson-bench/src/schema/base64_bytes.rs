//! `#[serde(with = "base64_bytes")]` for `Vec<u8>`: a base64 string in
//! human-readable formats (JSON, as Go's `encoding/json` writes `[]byte`),
//! raw bytes in binary formats (MessagePack `bin`, bincode).
//!
//! The seed types give jetjson `#[json(base64)]` beside it, jetjson's own
//! attribute for such fields. Given `#[json(with = "base64_bytes")]`
//! instead, jetjson would call [`write_json`] and [`read_json`] from this
//! module, which hand over to `jetjson::base64` (`#[serde(with)]` alone would
//! send jetjson through the serde bridge to [`serialize`] and
//! [`deserialize`]).

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Serializer;
use std::fmt;

/// Writes `bytes` as base64 text, or as bytes when the format is binary.
pub fn serialize<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
    if serializer.is_human_readable() {
        // Short values are encoded on the stack, so writing allocates nothing.
        let mut buf = [0u8; 256];
        match STANDARD.encode_slice(bytes, &mut buf) {
            Ok(n) => serializer.serialize_str(std::str::from_utf8(&buf[..n]).unwrap_or_default()),
            Err(_) => serializer.serialize_str(&STANDARD.encode(bytes)),
        }
    } else {
        serializer.serialize_bytes(bytes)
    }
}

/// Reads what [`serialize`] wrote.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
    if deserializer.is_human_readable() {
        deserializer.deserialize_str(BytesVisitor)
    } else {
        deserializer.deserialize_byte_buf(BytesVisitor)
    }
}

/// jetjson's half of `with`: the same base64 text.
pub fn write_json(bytes: &[u8], w: &mut jetjson::Writer<'_>) {
    jetjson::base64::write_json(bytes, w);
}

/// jetjson's half of `with`: reads what [`write_json`] wrote.
pub fn read_json(r: &mut jetjson::Reader<'_>) -> Result<Vec<u8>, jetjson::Error> {
    jetjson::base64::read_json(r)
}

struct BytesVisitor;

impl<'de> Visitor<'de> for BytesVisitor {
    type Value = Vec<u8>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a base64 string or a byte array")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Vec<u8>, E> {
        STANDARD.decode(v).map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
        Ok(v.to_vec())
    }

    fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
        Ok(v)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u8>, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(b) = seq.next_element()? {
            out.push(b);
        }
        Ok(out)
    }
}

/// jetjson's MessagePack half of `with`: `bin`, as rmp-serde writes it.
pub fn write_msgpack(bytes: &[u8], w: &mut jetjson::msgpack::Writer) {
    jetjson::base64::write_msgpack(bytes, w);
}

/// Reads what [`write_msgpack`] wrote.
pub fn read_msgpack(r: &mut jetjson::msgpack::Reader<'_>) -> Result<Vec<u8>, jetjson::Error> {
    jetjson::base64::read_msgpack(r)
}

#[cfg(test)]
mod tests {
    #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
    struct B {
        #[serde(with = "super")]
        b: Vec<u8>,
    }

    #[test]
    fn json_is_base64_text() {
        let v = B {
            b: b"World".to_vec(),
        };
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(json, r#"{"b":"V29ybGQ="}"#);
        assert_eq!(serde_json::from_str::<B>(&json).unwrap(), v);
    }

    #[test]
    fn long_values_are_encoded_too() {
        let v = B {
            b: (0..=255).cycle().take(1000).collect(),
        };
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(serde_json::from_str::<B>(&json).unwrap(), v);
    }

    #[test]
    fn msgpack_is_raw_bytes() {
        let v = B {
            b: b"World2".to_vec(),
        };
        let mp = rmp_serde::to_vec_named(&v).unwrap();
        assert!(mp.windows(6).any(|w| w == b"World2"));
        assert_eq!(rmp_serde::from_slice::<B>(&mp).unwrap(), v);
    }
}
