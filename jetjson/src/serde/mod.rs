//! The serde bridge (feature `serde`): any type that implements serde's
//! `Serialize`/`Deserialize` read and written by jetjson's own [`Reader`]
//! and [`Writer`], so numbers, strings, strictness, the depth limit and
//! error positions are exactly jetjson's, and the bytes written are
//! serde_json's.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct User<'a> {
//!     name: &'a str,
//!     age: u8,
//! }
//!
//! let users: Vec<User> = jetjson::serde::from_str(r#"[{"name": "Ada", "age": 36}]"#).unwrap();
//! assert_eq!(users, [User { name: "Ada", age: 36 }]);
//! assert_eq!(jetjson::serde::to_string(&users).unwrap(), r#"[{"name":"Ada","age":36}]"#);
//!
//! let err = jetjson::serde::from_str::<Vec<User>>(r#"[{"name": "Ada", "age": 360}]"#).unwrap_err();
//! assert_eq!(err.to_string(), "number out of range for u8 at line 1 column 25 (at [0].age)");
//! ```
//!
//! Besides the entry points here, the module has serde impls for
//! [`Value`], [`Map`](crate::Map) and [`Number`](crate::Number), a
//! [`ValueSerializer`]/[`ValueDeserializer`] pair that converts without
//! text, MessagePack ([`msgpack`]), the [`Serde`] wrapper and the
//! [`via_serde!`](crate::via_serde) macro for types that have only serde
//! impls.

mod de;
mod error;
pub mod msgpack;
mod ser;
mod value;
mod wrapper;

pub(crate) use self::de::read_value;
pub use self::de::Deserializer;
pub use self::ser::{Compound, Serializer};
pub use self::value::{ValueDeserializer, ValueSerializer};
pub use self::wrapper::Serde;

/// The helpers [`via_serde!`](crate::via_serde) expands to.
#[doc(hidden)]
pub mod __via {
    pub use super::wrapper::{from_value_key, read_key, value_key, write_key};
}

use std::io;

use ::serde::de::DeserializeOwned;
use ::serde::{Deserialize, Serialize};

use crate::{Error, Reader, Value, Writer};

// MARK: - JSON text

/// Decodes a `T` from JSON bytes through serde. `T` may borrow strings (and
/// bytes) from `input` where they hold no escape.
///
/// ```
/// let v: Vec<&str> = jetjson::serde::from_slice(br#"["a", "b"]"#).unwrap();
/// assert_eq!(v, ["a", "b"]);
/// ```
pub fn from_slice<'de, T: Deserialize<'de>>(input: &'de [u8]) -> Result<T, Error> {
    let mut r = Reader::new(input);
    let value = de::read_value(&mut r, |d| T::deserialize(d))?;
    r.finish()?;
    Ok(value)
}

/// Decodes a `T` from JSON text through serde.
///
/// ```
/// let err = jetjson::serde::from_str::<u8>("[1]").unwrap_err();
/// assert_eq!(err.to_string(), "expected u8, found array at line 1 column 1");
/// ```
pub fn from_str<'de, T: Deserialize<'de>>(input: &'de str) -> Result<T, Error> {
    from_slice(input.as_bytes())
}

/// Encodes `value` as compact JSON through serde: the bytes serde_json's
/// `to_vec` writes. Fails on the errors serde_json fails on: a custom error
/// from a `Serialize` impl, or a map key that is not a string, an integer,
/// a `bool`, a `char`, a finite float or a unit variant.
///
/// Inside jetjson's own infallible encoders (a derived type with a field
/// that goes through the bridge, or [`Serde`]), such a failure cannot be
/// returned: the field's value is cut back out of the output and `null`
/// written in its place, and the error is kept for the fallible entry
/// points, [`jetjson::try_to_vec`](crate::try_to_vec),
/// [`jetjson::try_to_string`](crate::try_to_string) and
/// [`jetjson::to_writer`](crate::to_writer), to report.
///
/// ```
/// use std::collections::BTreeMap;
///
/// let m = BTreeMap::from([(1, "one"), (2, "two")]);
/// assert_eq!(jetjson::serde::to_vec(&m).unwrap(), br#"{"1":"one","2":"two"}"#);
///
/// let m = BTreeMap::from([((1, 2), "pair")]);
/// assert_eq!(jetjson::serde::to_vec(&m).unwrap_err().to_string(), "key must be a string");
/// ```
pub fn to_vec<T: ?Sized + Serialize>(value: &T) -> Result<Vec<u8>, Error> {
    let mut w = Writer::with_capacity(128);
    let (result, failed) = crate::scope::capture(|| value.serialize(Serializer::new(&mut w)));
    result?;
    match failed {
        Some(e) => Err(e),
        None => Ok(w.into_vec()),
    }
}

/// [`to_vec`] as a `String`.
pub fn to_string<T: ?Sized + Serialize>(value: &T) -> Result<String, Error> {
    to_vec(value).map(crate::into_string)
}

/// [`to_vec`], indented with two spaces in serde_json's `to_vec_pretty`
/// layout.
///
/// ```
/// let text = jetjson::serde::to_vec_pretty(&(1, [2])).unwrap();
/// assert_eq!(text, b"[\n  1,\n  [\n    2\n  ]\n]");
/// ```
pub fn to_vec_pretty<T: ?Sized + Serialize>(value: &T) -> Result<Vec<u8>, Error> {
    let compact = to_vec(value)?;
    let mut out = Vec::with_capacity(compact.len() * 2);
    crate::write::pretty::prettify(&compact, 2, &mut out);
    Ok(out)
}

/// [`to_vec_pretty`] as a `String`.
pub fn to_string_pretty<T: ?Sized + Serialize>(value: &T) -> Result<String, Error> {
    to_vec_pretty(value).map(crate::into_string)
}

/// [`to_vec`] into `writer`, in blocks of about 64 KiB. After a failure the
/// sink may hold part of the value.
///
/// ```
/// let mut out = Vec::new();
/// jetjson::serde::to_writer(&mut out, &Some([1.5])).unwrap();
/// assert_eq!(out, b"[1.5]");
/// ```
pub fn to_writer<W: io::Write, T: ?Sized + Serialize>(
    mut writer: W,
    value: &T,
) -> Result<(), Error> {
    let mut w = Writer::to_io(&mut writer);
    let (result, failed) = crate::scope::capture(|| value.serialize(Serializer::streaming(&mut w)));
    result?;
    if let Some(e) = failed {
        return Err(e);
    }
    w.finish().map_err(Error::io)
}

// MARK: - Value

/// Converts `value` into a jetjson [`Value`] through serde, without text:
/// the value `jetjson::from_slice::<Value>(&to_vec(value)?)` would give.
///
/// ```
/// let v = jetjson::serde::to_value(&("a", [1, 2])).unwrap();
/// assert_eq!(v, jetjson::json!(["a", [1, 2]]));
/// ```
pub fn to_value<T: ?Sized + Serialize>(value: &T) -> Result<Value, Error> {
    let (result, failed) = crate::scope::capture(|| value.serialize(ValueSerializer));
    let v = result?;
    match failed {
        Some(e) => Err(e),
        None => Ok(v),
    }
}

/// Converts a jetjson [`Value`] into `T` through serde, without text.
/// Errors have the path (`.users[2].age`) and no line or column.
///
/// ```
/// let xs: Vec<u8> = jetjson::serde::from_value(jetjson::json!([1, 2])).unwrap();
/// assert_eq!(xs, [1, 2]);
/// let err = jetjson::serde::from_value::<Vec<u8>>(jetjson::json!([1, 300])).unwrap_err();
/// assert_eq!(err.to_string(), "number out of range for u8 (at [1])");
/// ```
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, Error> {
    T::deserialize(ValueDeserializer::new(&value))
}

// MARK: - An absent field

/// A deserializer of nothing, for a field whose key is missing: an
/// `Option` (anything that calls `deserialize_option`) reads `None`, every
/// other request fails. serde's derive asks a missing field's type the
/// same way.
pub(crate) struct Absent;

impl<'de> ::serde::Deserializer<'de> for Absent {
    type Error = Error;

    fn deserialize_any<V: ::serde::de::Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Error> {
        Err(Error::custom("missing value"))
    }

    fn deserialize_option<V: ::serde::de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_none()
    }

    ::serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}
