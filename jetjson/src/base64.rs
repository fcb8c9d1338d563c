//! Byte strings as base64 text, the way Go's `encoding/json` writes `[]byte`.
//!
//! `#[json(base64)]` on a `Vec<u8>` field uses this module; it is also a
//! ready-made `#[json(with = "jetjson::base64")]` module. Standard alphabet,
//! with padding (RFC 4648 §4), as Go writes it; reading accepts exactly that.
//!
//! ```
//! #[derive(jetjson::Json, Debug, PartialEq)]
//! struct Blob {
//!     #[json(base64)]
//!     data: Vec<u8>,
//! }
//!
//! let json = jetjson::to_string(&Blob { data: b"World".to_vec() });
//! assert_eq!(json, r#"{"data":"V29ybGQ="}"#);
//! assert_eq!(jetjson::from_str::<Blob>(&json).unwrap().data, b"World");
//! ```
//!
//! MessagePack has a type for bytes, so `#[derive(Msgpack)]` writes such a
//! field as `bin`, not as text ([`write_msgpack`], [`read_msgpack`]):
//!
//! ```
//! #[derive(jetjson::Msgpack, Debug, PartialEq)]
//! struct Blob {
//!     #[json(base64)]
//!     data: Vec<u8>,
//! }
//!
//! let bytes = jetjson::msgpack::to_vec(&Blob { data: vec![1, 2] });
//! assert_eq!(bytes, b"\x81\xa4data\xc4\x02\x01\x02");
//! assert_eq!(jetjson::msgpack::from_slice::<Blob>(&bytes).unwrap().data, [1, 2]);
//! ```

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;

use crate::msgpack;
use crate::{Error, Reader, Writer};

/// Writes `bytes` as a base64 string.
pub fn write_json<T: AsRef<[u8]> + ?Sized>(bytes: &T, w: &mut Writer<'_>) {
    let bytes = bytes.as_ref();
    let mut text = [0u8; 1024];
    w.write_byte(b'"');
    // Encode in blocks (a multiple of 3 input bytes) to avoid a temporary String.
    for chunk in bytes.chunks(768) {
        let n = STANDARD.encode_slice(chunk, &mut text).unwrap_or_default();
        w.write_raw(&text[..n]);
    }
    w.write_byte(b'"');
}

/// Reads a base64 string into bytes.
pub fn read_json<'de, T: From<Vec<u8>>>(r: &mut Reader<'de>) -> Result<T, Error> {
    let start = r.offset();
    let text = r.read_str()?;
    match STANDARD.decode(text.as_bytes()) {
        Ok(bytes) => Ok(T::from(bytes)),
        Err(e) => Err(r
            .invalid_value(format!("invalid base64: {e}"))
            .with_position(r.input(), start)),
    }
}

/// Writes `bytes` as MessagePack `bin` (no base64: the format has bytes).
pub fn write_msgpack<T: AsRef<[u8]> + ?Sized>(bytes: &T, w: &mut msgpack::Writer) {
    w.write_bin(bytes.as_ref());
}

/// Reads MessagePack `bin` into bytes.
pub fn read_msgpack<'de, T: From<Vec<u8>>>(r: &mut msgpack::Reader<'de>) -> Result<T, Error> {
    Ok(T::from(r.read_bin()?.to_vec()))
}
