//! `uuid::Uuid` (feature `uuid`), as uuid's serde impl writes it.
//!
//! - JSON, `Value` and map keys (serde's human-readable form): the
//!   hyphenated lower-case string `"67e55044-10b1-426f-9247-bb680e5fe0c8"`,
//!   read with `Uuid::parse_str` (which also takes the simple, braced and
//!   `urn:uuid:` forms).
//! - MessagePack (serde's compact form, as rmp-serde writes it): binary data
//!   of the 16 bytes; an array of 16 integers is read too, as uuid's serde
//!   impl reads a sequence. A string is not (nor is it in rmp-serde).
//!
//! The formatting adapters `uuid::fmt::{Hyphenated, Simple, Urn, Braced}`
//! are strings in every format, as uuid's serde impls write them
//! (lower-case: `"67e5504410b1426f9247bb680e5fe0c8"`,
//! `"urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8"`,
//! `"{67e55044-10b1-426f-9247-bb680e5fe0c8}"`), and read only in their own
//! format (any case).

use uuid::fmt::{Braced, Hyphenated, Simple, Urn};
use uuid::Uuid;

use crate::msgpack::{FromMsgpack, Reader, ToMsgpack, Writer};
use crate::{Error, ErrorKind};

text_json!(
    Uuid,
    "a UUID string",
    "UUID",
    |v| v.hyphenated().to_string(),
    |s| Uuid::parse_str(s)
);
text_key!(Uuid, "UUID", |v| v.hyphenated().to_string(), |s| {
    Uuid::parse_str(s)
});

impl ToMsgpack for Uuid {
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_bin(self.as_bytes());
    }
}

impl<'de> FromMsgpack<'de> for Uuid {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        const EXPECTED: &str = "a UUID of 16 bytes";
        let start = r.offset();
        match r.peek() {
            Some(0xc4..=0xc6) => {
                let bytes = r.read_bin()?;
                Uuid::from_slice(bytes).map_err(|e| {
                    r.error_at(
                        ErrorKind::InvalidValue {
                            message: crate::impls::text::parse_message("UUID", e).into(),
                        },
                        start,
                    )
                })
            }
            Some(0x90..=0x9f | 0xdc | 0xdd) => {
                let len = r.read_array_len()?;
                if len != 16 {
                    return Err(r.invalid_length(EXPECTED, len));
                }
                r.enter()?;
                let mut bytes = [0u8; 16];
                for (i, b) in bytes.iter_mut().enumerate() {
                    *b = u8::read_msgpack(r).map_err(|e| e.index(i))?;
                }
                r.leave();
                Ok(Uuid::from_bytes(bytes))
            }
            _ => Err(r.invalid_type(EXPECTED)),
        }
    }
}

/// Parses `s` as a UUID in the one format whose text is `len` bytes long
/// (each format has its own length, and `Uuid::parse_str` tells them apart
/// by it).
fn parse_format(s: &str, len: usize, format: &str) -> Result<Uuid, String> {
    if s.len() != len {
        return Err(format!(
            "expected the {format} format, found {} characters",
            s.len()
        ));
    }
    Uuid::parse_str(s).map_err(|e| e.to_string())
}

macro_rules! uuid_format {
    ($($ty:ident $len:literal $expected:literal $format:literal),*) => {$(
        text_type!(
            $ty,
            $expected,
            "UUID",
            |v| v.to_string(),
            |s| parse_format(s, $len, $format).map($ty::from)
        );
    )*};
}

uuid_format!(
    Hyphenated 36 "a hyphenated UUID string" "hyphenated",
    Simple 32 "a simple UUID string" "simple",
    Urn 45 "a URN UUID string" "URN",
    Braced 38 "a braced UUID string" "braced"
);
