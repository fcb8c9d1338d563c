//! MessagePack: the same types, as compact binary.
//!
//! [`ToMsgpack`] and [`FromMsgpack`] mirror [`ToJson`](crate::ToJson) and
//! [`FromJson`](crate::FromJson): `#[derive(Msgpack)]` writes them from the
//! same attributes, and the standard library's types have them here. The
//! [`Writer`] always picks the smallest encoding the
//! [spec](https://github.com/msgpack/msgpack/blob/master/spec.md) allows; the
//! [`Reader`] takes every encoding of a value (an integer of any width whose
//! value fits, a string of any header) and borrows strings and binary data
//! from the input.
//!
//! ```
//! use std::collections::BTreeMap;
//! use jetjson::msgpack::{from_slice, to_vec};
//!
//! let scores = BTreeMap::from([("ada", vec![1815u16, 1852]), ("bob", vec![])]);
//! let bytes = to_vec(&scores);
//! assert_eq!(bytes, b"\x82\xa3ada\x92\xcd\x07\x17\xcd\x07\x3c\xa3bob\x90");
//! let back: BTreeMap<&str, Vec<u16>> = from_slice(&bytes).unwrap();
//! assert_eq!(back, scores);
//!
//! let err = from_slice::<BTreeMap<&str, Vec<u8>>>(&bytes).unwrap_err();
//! assert_eq!(err.to_string(), "number out of range for u8 at byte 6 (at .ada[0])");
//! ```
//!
//! # How std types are written
//!
//! | Rust | MessagePack |
//! | --- | --- |
//! | `bool` | false / true |
//! | integers | the smallest int form; `u128`/`i128` beyond 64 bits as bin of 16 bytes |
//! | `f32`, `f64` | float 32, float 64 |
//! | `char`, `str`, `String`, `Cow<str>` | str (a `char` as a one-character string) |
//! | `Option<T>` | nil or the value; `()` is nil |
//! | `Vec<T>`, slices, `[T; N]`, `VecDeque`, sets, tuples | array (`Vec<u8>` too: bytes are [`Bytes`] / [`ByteBuf`]) |
//! | `HashMap`, `BTreeMap` | map; keys of any type |
//! | [`Bytes`], [`ByteBuf`] | bin |
//! | [`Ext`] | ext of its type |
//! | [`Timestamp`] | the timestamp extension (type -1), in its smallest form |
//! | [`Value`](crate::Value) | what its JSON would be: nil, bool, int or float 64, str, array, map with str keys |
//!
//! # Reading
//!
//! - Integers: any integer encoding whose value fits the target type, so a
//!   uint 8 of 200 reads into an `i16`; otherwise
//!   [`ErrorKind::NumberOutOfRange`](crate::ErrorKind::NumberOutOfRange).
//! - Floats: float 32 and float 64, and integers, whenever the target holds
//!   the value exactly (see [`Reader::read_f64`] and [`Reader::read_f32`]); a
//!   float read never rounds.
//! - Strings are checked to be UTF-8; `&str` and `Cow<str>` borrow them.
//! - Errors carry the byte offset of the offending value's marker and the
//!   field path: `expected u32, found string at byte 12 (at .users[2].age)`.
//!
//! # Hostile input
//!
//! Every length in the input is checked against the bytes that remain
//! before anything is taken or reserved (a str 32 claiming 4 GiB in a short
//! input is [`UnexpectedEof`](crate::ErrorKind::UnexpectedEof) at once, and
//! collections reserve at most one item per remaining byte); nesting is
//! limited to 128 levels by default ([`Reader::set_max_depth`]);
//! [`Reader::skip_value`] and the `Value` reader do not recurse. No input
//! panics.

mod bytes;
mod impls;
mod marker;
pub(crate) mod read;
mod skip;
mod timestamp;
mod traits;
mod value;
mod write;

pub use self::bytes::{ByteBuf, Bytes, Ext};
pub use self::read::{Checkpoint, Reader};
pub use self::timestamp::Timestamp;
pub use self::traits::{FromMsgpack, FromMsgpackOwned, ToMsgpack};
pub use self::write::Writer;

use std::io;

use crate::Error;

/// Encodes `value` as MessagePack.
///
/// ```
/// assert_eq!(jetjson::msgpack::to_vec(&("a", -1, None::<u8>)), b"\x93\xa1a\xff\xc0");
/// ```
#[inline]
pub fn to_vec<T: ToMsgpack + ?Sized>(value: &T) -> Vec<u8> {
    let mut w = Writer::with_capacity(64);
    value.write_msgpack(&mut w);
    w.into_vec()
}

/// Encodes `value` as MessagePack into `writer`. The encoding is built in
/// memory first and then written with one `write_all`. A value that cannot
/// be encoded (see [`try_to_vec`](crate::try_to_vec)) makes this an
/// [`io::ErrorKind::InvalidData`] error wrapping the [`Error`]; nothing is
/// written then.
///
/// ```
/// let mut out = Vec::new();
/// jetjson::msgpack::to_writer(&mut out, &[true, false]).unwrap();
/// assert_eq!(out, [0x92, 0xc3, 0xc2]);
/// ```
pub fn to_writer<W: io::Write, T: ToMsgpack + ?Sized>(mut writer: W, value: &T) -> io::Result<()> {
    match crate::scope::capture(|| to_vec(value)) {
        (_, Some(e)) => Err(io::Error::new(io::ErrorKind::InvalidData, e)),
        (bytes, None) => writer.write_all(&bytes),
    }
}

/// Decodes one `T` from `input`, which must hold exactly one value: bytes
/// after it are [`ErrorKind::TrailingCharacters`](crate::ErrorKind::TrailingCharacters).
/// `T` may borrow strings and bytes from `input`.
///
/// ```
/// let v: Vec<&str> = jetjson::msgpack::from_slice(b"\x92\xa1a\xa1b").unwrap();
/// assert_eq!(v, ["a", "b"]);
/// let err = jetjson::msgpack::from_slice::<u8>(b"\x01\x02").unwrap_err();
/// assert_eq!(err.to_string(), "trailing characters after the value at byte 1");
/// ```
#[inline]
pub fn from_slice<'de, T: FromMsgpack<'de>>(input: &'de [u8]) -> Result<T, Error> {
    let mut r = Reader::new(input);
    let value = T::read_msgpack(&mut r)?;
    r.finish()?;
    Ok(value)
}

/// Checks that `input` is exactly one well-formed MessagePack value (valid
/// markers, lengths within the input, strings in UTF-8, nesting within 128
/// levels), building nothing.
///
/// ```
/// assert!(jetjson::msgpack::validate(b"\x81\xa1k\x93\x01\xc0\xc3").is_ok());
/// let err = jetjson::msgpack::validate(b"\x92\x01").unwrap_err();
/// assert_eq!(err.to_string(), "unexpected end of input at byte 2");
/// ```
pub fn validate(input: &[u8]) -> Result<(), Error> {
    let mut r = Reader::new(input);
    r.skip_value()?;
    r.finish()
}
