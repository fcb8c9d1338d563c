//! `uuid::Uuid` (feature `uuid`), as uuid's serde impl writes it.
//!
//! - JSON, `Value` and map keys (serde's human-readable form): the
//!   hyphenated lower-case string `"67e55044-10b1-426f-9247-bb680e5fe0c8"`,
//!   read with `Uuid::parse_str` (which also takes the simple, braced and
//!   `urn:uuid:` forms).
//! - MessagePack (serde's compact form, as rmp-serde writes it): binary data
//!   of the 16 bytes; an array of 16 integers is read too, as uuid's serde
//!   impl reads a sequence. A string is not (nor is it in rmp-serde).

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
