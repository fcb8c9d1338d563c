//! jetjson: JSON for Rust with the encoder and decoder of each type written
//! out at compile time.
//!
//! `#[derive(Json)]` generates a [`ToJson`] and a [`FromJson`] impl that talk
//! straight to a tuned [`Writer`] and [`Reader`]: constant parts of the output
//! are copied in one go, keys are matched in declaration order first, strings
//! borrow from the input when they can, and unknown values are skipped without
//! being built.
//!
//! ```
//! use jetjson::Json;
//!
//! #[derive(Json, Debug, PartialEq)]
//! #[json(rename_all = "camelCase")]
//! struct Student<'a> {
//!     id: i64,
//!     #[json(rename = "s_name")]
//!     name: &'a str,
//!     #[json(omit_empty)]
//!     tags: Vec<String>,
//!     #[json(default)]
//!     retry_count: u32,
//! }
//!
//! let input = r#"{"id": 11, "s_name": "qq", "retryCount": 2}"#;
//! let s: Student = jetjson::from_str(input).unwrap();
//! assert_eq!(s, Student { id: 11, name: "qq", tags: vec![], retry_count: 2 });
//! assert_eq!(jetjson::to_string(&s), r#"{"id":11,"s_name":"qq","retryCount":2}"#);
//!
//! let err = jetjson::from_str::<Student>(r#"{"id": "11"}"#).unwrap_err();
//! assert_eq!(err.to_string(), "expected i64, found string at line 1 column 8 (at .id)");
//! ```
//!
//! # Strictness
//!
//! Input is read as RFC 8259 says, with no extensions: no comments, trailing
//! commas, `NaN`, leading zeros, unescaped control characters, invalid UTF-8
//! or lone surrogate escapes. A byte order mark is not whitespace and is
//! rejected. Anything after the value other than whitespace is an error.
//! Nesting is limited to 128 levels by default ([`ReadOptions::max_depth`]).
//!
//! # Numbers
//!
//! Integers are read exactly across the whole range of the target type,
//! `i128`/`u128` included; a value outside it is
//! [`ErrorKind::NumberOutOfRange`], never wrapped. Floats are correctly
//! rounded for any number of digits and written as the shortest text that
//! reads back to the same bits (`-0.0` keeps its sign). JSON has no NaN or
//! infinity: non-finite floats are written as `null`, as serde_json and
//! JavaScript's `JSON.stringify` do; a number too large for the float type
//! (`1e999`) is an error when read.
//!
//! # Missing keys and `null`
//!
//! A struct field of type `Option<T>` may be left out of the input: a missing
//! key and `null` both read as `None`, and `None` is written as `null`
//! (`#[json(omit_empty)]` leaves it out). Where the two mean different
//! things, as in a PATCH request (missing: leave it; `null`: clear it), use
//! [`Maybe<T>`]: `Absent`, `Null` or `Present(v)`.
//!
//! ```
//! use jetjson::Maybe;
//!
//! #[derive(jetjson::Json)]
//! struct Patch {
//!     email: Maybe<String>,
//!     phone: Maybe<String>,
//!     note: Option<String>,
//! }
//!
//! let p: Patch = jetjson::from_str(r#"{"phone": null}"#).unwrap();
//! assert_eq!((p.email, p.phone, p.note), (Maybe::Absent, Maybe::Null, None));
//! ```
//!
//! # MessagePack
//!
//! [`msgpack`] reads and writes the same types as MessagePack:
//! [`msgpack::ToMsgpack`] and [`msgpack::FromMsgpack`] mirror the JSON
//! traits, with impls for the standard library's types and [`Value`], a
//! [`msgpack::Writer`] that always picks the smallest encoding, and a
//! [`msgpack::Reader`] that borrows strings from the input and checks every
//! length against the bytes that remain. Errors say `at byte N` instead of a
//! line and column.
//!
//! ```
//! let bytes = jetjson::msgpack::to_vec(&("id", 300u16));
//! assert_eq!(bytes, b"\x92\xa2id\xcd\x01\x2c");
//! let (key, n): (&str, u16) = jetjson::msgpack::from_slice(&bytes).unwrap();
//! assert_eq!((key, n), ("id", 300));
//! ```
//!
//! `#[derive(Msgpack)]` generates them for your types from the same
//! attributes as `#[derive(Json)]`: structs are maps keyed by field name
//! (`#[msgpack(as_array)]` makes them arrays), enums take the same four
//! representations.
//!
//! ```
//! #[derive(jetjson::Json, jetjson::Msgpack, Debug, PartialEq)]
//! struct Point {
//!     x: i8,
//!     #[json(rename = "Y")]
//!     y: i8,
//! }
//!
//! let bytes = jetjson::msgpack::to_vec(&Point { x: 1, y: -1 });
//! assert_eq!(bytes, b"\x82\xa1x\x01\xa1Y\xff");
//! assert_eq!(jetjson::msgpack::from_slice::<Point>(&bytes).unwrap(), Point { x: 1, y: -1 });
//! assert_eq!(jetjson::to_string(&Point { x: 1, y: -1 }), r#"{"x":1,"Y":-1}"#);
//! ```
//!
//! # Features
//!
//! - `std` (default): required today.
//! - `derive` (default): re-exports `#[derive(Json, ToJson, FromJson, Msgpack)]`.
//! - `serde`: the `jetjson::serde` module, any serde type through jetjson's
//!   reader and writer (JSON and MessagePack), serde impls for [`Value`],
//!   and the hooks that let the derive hand serde-only fields to serde.
//! - `axum`: the `jetjson::axum` module, for axum 0.8 web services:
//!   `Json<T>` as extractor and response, whose rejections (415, 413, 400
//!   for bad JSON, 422 for the wrong shape) carry a JSON body with the
//!   error's line, column and path; `JsonLines<T>`, a request body of
//!   newline-delimited JSON as a stream of values in constant memory, and
//!   `JsonLinesResponse`, a stream of values as an NDJSON response. Costs
//!   axum-core, http, bytes and futures-core (no tokio, no hyper).
//!
//! The standard library's types that serde covers need no feature: the
//! `std::net` addresses, `Duration`, `SystemTime`, `PathBuf`, the ranges and
//! `Bound`, `NonZero*`, `Wrapping`, `Saturating`, `Reverse`, the cells and
//! locks, `PhantomData`, `Result` (`{"Ok":v}` / `{"Err":e}`), `LinkedList`,
//! `BinaryHeap`, tuples up to 16, the atomics (their value), `rc::Weak` and
//! `sync::Weak` (the value or `null`), `Box`/`Rc`/`Arc` of `[T]`, `str`,
//! `Path`, `CStr` and `OsStr`, `Cow` of any of them, `CString` (its bytes,
//! `[104,105]`) and `OsString` (`{"Unix":[104,105]}`). One feature per ecosystem crate adds native
//! [`ToJson`]/[`FromJson`], [`ToValue`]/[`FromValue`] and
//! [`ToMsgpack`](msgpack::ToMsgpack)/[`FromMsgpack`](msgpack::FromMsgpack)
//! impls (and map-key impls where the type's serde impl works as a
//! serde_json key) that write exactly what the type's own serde impl writes
//! through serde_json (MessagePack: what rmp-serde writes) and accept what it
//! accepts. Each costs that crate, built with its default features off:
//!
//! | feature | adds | JSON form | costs |
//! | --- | --- | --- | --- |
//! | `serde_json` | `serde_json::{Value, Map, Number}`, `Box<RawValue>`; `From` both ways with [`Value`], [`Map`], [`Number`] | as is, byte for byte as serde_json writes it | `serde_json` (`std`) |
//! | `chrono` | `DateTime<Utc>`, `DateTime<FixedOffset>`, `NaiveDateTime`, `NaiveDate`, `NaiveTime`, `Weekday`, `Month` (keys too) | RFC 3339 strings, `"2023-11-14T22:13:20.000000005Z"`; `"Mon"`, `"January"` | `chrono` (`std`) |
//! | `time` | `OffsetDateTime`, `PrimitiveDateTime`, `Date`, `Time`, `UtcOffset`, `Duration`, `Month`, `Weekday` (the last two keys too) | arrays, as `time`'s `serde` feature without `serde-human-readable`: `[2020,2,3,4,5,6,-5,-30,-7]`; months and weekdays as numbers from 1 | `time` (`std`, `formatting`, `parsing`) |
//! | `uuid` | `Uuid`, `fmt::{Hyphenated, Simple, Urn, Braced}` (keys too) | `"67e55044-10b1-426f-9247-bb680e5fe0c8"`; MessagePack: 16 bytes of binary | `uuid` (`std`) |
//! | `url` | `Url` (key too) | its string | `url` (`std`; brings `idna`) |
//! | `rust_decimal` | `Decimal` (key too) | a string, scale kept: `"1.50"`; numbers read too | `rust_decimal` (`std`) |
//! | `bytes` | `Bytes`, `BytesMut` | an array of numbers; MessagePack: binary | `bytes` (`std`) |
//! | `indexmap` | `IndexMap`, `IndexSet` | objects and arrays in insertion order | `indexmap` (`std`) |
//! | `smallvec` | `SmallVec<[T; N]>` | an array | `smallvec` |
//! | `semver` | `Version`, `VersionReq`, `Comparator` (keys too) | strings | `semver` (`std`) |
//! | `camino` | `Utf8PathBuf`, `Utf8Path` (keys too) | strings | `camino` |
//!
//! ```
//! use std::net::IpAddr;
//! use std::time::Duration;
//!
//! let ip: IpAddr = "::1".parse().unwrap();
//! assert_eq!(jetjson::to_string(&ip), r#""::1""#);
//! assert_eq!(jetjson::to_string(&Duration::new(1, 5)), r#"{"secs":1,"nanos":5}"#);
//! let d: Duration = jetjson::from_str("[2, 0]").unwrap();
//! assert_eq!(d, Duration::from_secs(2));
//! ```

#![deny(missing_docs)]
#![warn(clippy::unwrap_used, clippy::expect_used)]

#[cfg(feature = "axum")]
pub mod axum;
pub mod base64;
pub mod document;
mod error;
mod flatten;
mod impls;
mod lookup;
mod maybe;
pub mod msgpack;
mod num;
mod raw;
pub mod read;
mod scope;
#[cfg(feature = "serde")]
pub mod serde;
pub mod simd;
pub mod stream;
#[cfg(test)]
mod testing;
mod traits;
mod utf8;
pub mod value;
pub mod write;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use crate::document::Document;
pub use crate::error::{Category, Error, ErrorKind};
pub use crate::lookup::{get, get_many};
pub use crate::maybe::Maybe;
pub use crate::raw::RawValue;
pub use crate::read::{Reader, Str};
pub use crate::traits::{FromJson, FromJsonKey, FromJsonOwned, ToJson, ToJsonKey};
pub use crate::value::Value;
pub use crate::value::{from_value, to_value};
pub use crate::value::{FromValue, FromValueKey, ToValue, ToValueKey};
pub use crate::value::{Map, Number, ValueRef};
pub use crate::write::Writer;

#[cfg(feature = "derive")]
pub use jetjson_derive::{FromJson, FromValue, Json, JsonAttrs, Msgpack, ToJson, ToValue};

use std::io;

// MARK: - Writing

/// Encodes `value` as compact JSON.
///
/// ```
/// assert_eq!(jetjson::to_vec(&vec![1, 2, 3]), b"[1,2,3]");
/// ```
///
/// Encoding cannot fail, with one exception: with the `serde` feature, a
/// field that goes through the serde bridge can (a custom `Serialize`
/// error, a map key JSON cannot have). That value is then written as
/// `null` and the error dropped; [`try_to_vec`] returns it instead.
#[inline]
pub fn to_vec<T: ToJson + ?Sized>(value: &T) -> Vec<u8> {
    let mut w = Writer::with_capacity(value.__json_size_hint());
    value.write_json(&mut w);
    w.into_vec()
}

/// Encodes `value` as compact JSON text.
///
/// ```
/// assert_eq!(jetjson::to_string(&("a", 1.5, None::<u8>)), r#"["a",1.5,null]"#);
/// ```
#[inline]
pub fn to_string<T: ToJson + ?Sized>(value: &T) -> String {
    into_string(to_vec(value))
}

/// The writer's output as a `String`. It is UTF-8 unless a hand-written
/// impl wrote other bytes raw; those become U+FFFD. Not generic, so that
/// each `to_string::<T>` does not carry its own copy.
pub(crate) fn into_string(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Encodes `value` as JSON indented with two spaces, in serde_json's layout.
///
/// ```
/// let text = jetjson::to_vec_pretty(&vec![vec![1], vec![]]);
/// assert_eq!(text, b"[\n  [\n    1\n  ],\n  []\n]");
/// ```
pub fn to_vec_pretty<T: ToJson + ?Sized>(value: &T) -> Vec<u8> {
    let compact = to_vec(value);
    let mut out = Vec::with_capacity(compact.len() * 2);
    write::pretty::prettify(&compact, 2, &mut out);
    out
}

/// Like [`to_vec_pretty`], as a `String`.
pub fn to_string_pretty<T: ToJson + ?Sized>(value: &T) -> String {
    into_string(to_vec_pretty(value))
}

/// Encodes `value` as compact JSON into `writer`, in blocks of about 64 KiB,
/// so a large array or map streams out in bounded memory. Wrap an unbuffered
/// sink in a `BufWriter` only if values are small; blocks are already large.
///
/// ```
/// let mut out = Vec::new();
/// jetjson::to_writer(&mut out, &[true, false]).unwrap();
/// assert_eq!(out, b"[true,false]");
/// ```
///
/// A value that cannot be encoded (see [`try_to_vec`]) makes this an
/// [`io::ErrorKind::InvalidData`] error wrapping the [`Error`]; the output
/// then holds `null` in its place.
pub fn to_writer<W: io::Write, T: ToJson + ?Sized>(mut writer: W, value: &T) -> io::Result<()> {
    let (result, failed) = crate::scope::capture(|| write_to(&mut writer, value));
    result?;
    match failed {
        Some(e) => Err(io::Error::new(io::ErrorKind::InvalidData, e)),
        None => Ok(()),
    }
}

fn write_to<W: io::Write, T: ToJson + ?Sized>(writer: &mut W, value: &T) -> io::Result<()> {
    let mut w = Writer::to_io(writer);
    value.write_json(&mut w);
    w.finish()
}

/// [`to_vec`], reporting a value that could not be encoded.
///
/// `ToJson` cannot fail, but a few values cannot be encoded: an enum
/// variant marked `skip_serializing` (serde says "the enum variant `E::V`
/// cannot be serialized"), and, through the serde bridge (feature `serde`:
/// a serde `with` function, a type with only serde impls), a custom
/// `Serialize` error or a map key that JSON cannot have. [`to_vec`] writes
/// `null` in that value's place and carries on; this function returns the
/// first such error instead.
///
/// ```
/// assert_eq!(jetjson::try_to_vec(&[1, 2]).unwrap(), b"[1,2]");
/// ```
pub fn try_to_vec<T: ToJson + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    match crate::scope::capture(|| to_vec(value)) {
        (_, Some(e)) => Err(e),
        (bytes, None) => Ok(bytes),
    }
}

/// [`to_string`], reporting a value that could not be encoded (see
/// [`try_to_vec`]).
pub fn try_to_string<T: ToJson + ?Sized>(value: &T) -> Result<String, Error> {
    try_to_vec(value).map(into_string)
}

// MARK: - Reading

/// Options for reading; the defaults are those of [`from_slice`].
///
/// ```
/// let deep = "[".repeat(200) + &"]".repeat(200);
/// assert!(jetjson::validate(deep.as_bytes()).is_err());
/// assert!(jetjson::ReadOptions::new().max_depth(1000).validate(deep.as_bytes()).is_ok());
/// ```
#[derive(Debug, Clone)]
pub struct ReadOptions {
    max_depth: usize,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions::new()
    }
}

impl ReadOptions {
    /// The defaults: nesting up to 128 levels.
    pub fn new() -> Self {
        ReadOptions {
            max_depth: read::DEFAULT_MAX_DEPTH,
        }
    }

    /// How deeply arrays and objects may nest.
    #[must_use]
    pub fn max_depth(mut self, max_depth: usize) -> Self {
        self.max_depth = max_depth;
        self
    }

    /// A reader over `input` with these options.
    pub fn reader<'de>(&self, input: &'de [u8]) -> Reader<'de> {
        let mut r = Reader::new(input);
        r.set_max_depth(self.max_depth);
        r
    }

    /// [`from_slice`] with these options.
    pub fn from_slice<'de, T: FromJson<'de>>(&self, input: &'de [u8]) -> Result<T, Error> {
        // As the crate's `from_slice`: the value stays in its `Result`.
        let mut r = self.reader(input);
        let value = T::read_json(&mut r);
        if value.is_ok() {
            r.finish()?;
        }
        value
    }

    /// [`from_str`] with these options.
    pub fn from_str<'de, T: FromJson<'de>>(&self, input: &'de str) -> Result<T, Error> {
        self.from_slice(input.as_bytes())
    }

    /// [`validate`] with these options.
    pub fn validate(&self, input: &[u8]) -> Result<(), Error> {
        let mut r = self.reader(input);
        r.skip_value()?;
        r.finish()
    }
}

/// Decodes a `T` from JSON bytes. `T` may borrow strings from `input`.
///
/// ```
/// let v: Vec<&str> = jetjson::from_slice(br#"["a", "b"]"#).unwrap();
/// assert_eq!(v, ["a", "b"]);
/// ```
#[inline]
pub fn from_slice<'de, T: FromJson<'de>>(input: &'de [u8]) -> Result<T, Error> {
    // Instantiated once per `T` in every program: the value is not moved
    // out of its `Result` and back, and the reader is made out of line, so
    // each copy is little more than the two calls and the drop of a value
    // followed by trailing characters.
    let mut r = document_reader(input);
    let value = T::read_json(&mut r);
    if value.is_ok() {
        r.finish()?;
    }
    value
}

/// A reader for one whole document, out of line (see [`from_slice`]).
#[inline(never)]
fn document_reader(input: &[u8]) -> Reader<'_> {
    Reader::new(input)
}

/// Decodes a `T` from JSON text.
///
/// ```
/// let n: u8 = jetjson::from_str(" 255 ").unwrap();
/// assert_eq!(n, 255);
/// let err = jetjson::from_str::<u8>("256").unwrap_err();
/// assert_eq!(err.to_string(), "number out of range for u8 at line 1 column 1");
/// ```
#[inline]
pub fn from_str<'de, T: FromJson<'de>>(input: &'de str) -> Result<T, Error> {
    from_slice(input.as_bytes())
}

/// Checks that `input` is one valid JSON document, building nothing.
///
/// ```
/// assert!(jetjson::validate(br#"{"a": [1, 2.5e3, "\u00e9"]}"#).is_ok());
/// let err = jetjson::validate(b"[1, 2,]").unwrap_err();
/// assert_eq!(err.to_string(), "expected a JSON value at line 1 column 7");
/// ```
pub fn validate(input: &[u8]) -> Result<(), Error> {
    ReadOptions::new().validate(input)
}
