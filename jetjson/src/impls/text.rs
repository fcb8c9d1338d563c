//! Types written as a string of their own text (an address, a UUID, a date):
//! the shared reading and writing, and macros that implement the JSON,
//! `Value`, map-key and MessagePack traits from one `to text` expression
//! and one `parse` expression, so every format writes and accepts the same
//! text by construction.

use std::fmt::Display;

use crate::value::convert::{invalid_type, invalid_value};
use crate::value::Value;
use crate::{Error, ErrorKind, Reader};

/// "invalid `what`: `err`", the message of a string that does not parse.
#[cold]
#[inline(never)]
pub(crate) fn parse_message(what: &str, err: impl Display) -> String {
    format!("invalid {what}: {err}")
}

/// Reads a JSON string and parses it; a value of another type is
/// "expected `expected`, found ...", a string that does not parse an
/// invalid value pointing at its opening quote.
#[inline]
pub(crate) fn read_json_text<'de, T, E: Display>(
    r: &mut Reader<'de>,
    expected: &'static str,
    what: &str,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T, Error> {
    if r.peek() != Some(b'"') {
        return Err(r.invalid_type(expected));
    }
    let start = r.offset();
    let s = r.read_str()?;
    match parse(s.as_str()) {
        Ok(v) => Ok(v),
        Err(e) => Err(r.error_at(
            ErrorKind::InvalidValue {
                message: parse_message(what, e).into(),
            },
            start,
        )),
    }
}

/// Parses an object key; the error has no position (the map reader points
/// it at the key).
#[inline]
pub(crate) fn parse_key<T, E: Display>(
    key: &str,
    what: &str,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T, Error> {
    parse(key).map_err(|e| invalid_value(parse_message(what, e)))
}

/// Parses the string in a `Value`.
#[inline]
pub(crate) fn parse_value<T, E: Display>(
    v: &Value,
    expected: &'static str,
    what: &str,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T, Error> {
    match v {
        Value::String(s) => parse_key(s, what, parse),
        other => Err(invalid_type(expected, other)),
    }
}

/// Reads a MessagePack string and parses it; a string that does not parse
/// is an invalid value at its marker.
#[inline]
pub(crate) fn read_msgpack_text<'de, T, E: Display>(
    r: &mut crate::msgpack::Reader<'de>,
    expected: &'static str,
    what: &str,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T, Error> {
    if !matches!(r.peek(), Some(0xa0..=0xbf | 0xd9..=0xdb)) {
        return Err(r.invalid_type(expected));
    }
    let start = r.offset();
    let s = r.read_str()?;
    parse(s).map_err(|e| {
        r.error_at(
            ErrorKind::InvalidValue {
                message: parse_message(what, e).into(),
            },
            start,
        )
    })
}

/// `ToJson`, `FromJson`, `ToValue` and `FromValue` for a type written as a
/// JSON string: `text` turns `&Self` into its text (anything `AsRef<str>`),
/// `parse` turns a `&str` into `Result<Self, impl Display>`.
macro_rules! text_json {
    ($ty:ty, $expected:literal, $what:literal, |$v:ident| $text:expr, |$s:ident| $parse:expr) => {
        impl $crate::ToJson for $ty {
            fn write_json(&self, w: &mut $crate::Writer<'_>) {
                let $v = self;
                w.write_str(::core::convert::AsRef::<str>::as_ref(&$text));
            }
        }

        impl<'de> $crate::FromJson<'de> for $ty {
            fn read_json(r: &mut $crate::Reader<'de>) -> Result<Self, $crate::Error> {
                $crate::impls::text::read_json_text(r, $expected, $what, |$s: &str| $parse)
            }
        }

        impl $crate::value::ToValue for $ty {
            fn to_value(&self) -> $crate::Value {
                let $v = self;
                $crate::Value::String(::core::convert::AsRef::<str>::as_ref(&$text).to_owned())
            }
        }

        impl $crate::value::FromValue for $ty {
            fn from_value_ref(v: &$crate::Value) -> Result<Self, $crate::Error> {
                $crate::impls::text::parse_value(v, $expected, $what, |$s: &str| $parse)
            }
        }
    };
}

/// The JSON and `Value` map-key traits for a type whose key is its text.
macro_rules! text_key {
    ($ty:ty, $what:literal, |$v:ident| $text:expr, |$s:ident| $parse:expr) => {
        impl $crate::ToJsonKey for $ty {
            fn write_json_key(&self, w: &mut $crate::Writer<'_>) {
                let $v = self;
                w.write_str(::core::convert::AsRef::<str>::as_ref(&$text));
            }
        }

        impl<'de> $crate::FromJsonKey<'de> for $ty {
            fn from_json_key(
                key: $crate::Str<'de, '_>,
                _r: &$crate::Reader<'de>,
            ) -> Result<Self, $crate::Error> {
                $crate::impls::text::parse_key(key.as_str(), $what, |$s: &str| $parse)
            }
        }

        impl $crate::value::ToValueKey for $ty {
            fn to_value_key(&self) -> String {
                let $v = self;
                ::core::convert::AsRef::<str>::as_ref(&$text).to_owned()
            }
        }

        impl $crate::value::FromValueKey for $ty {
            fn from_value_key(key: &str) -> Result<Self, $crate::Error> {
                $crate::impls::text::parse_key(key, $what, |$s: &str| $parse)
            }
        }
    };
}

/// `ToMsgpack` and `FromMsgpack` for a type written as a MessagePack string.
// Used only by feature-gated crates' files.
#[allow(unused_macros)]
macro_rules! text_msgpack {
    ($ty:ty, $expected:literal, $what:literal, |$v:ident| $text:expr, |$s:ident| $parse:expr) => {
        impl $crate::msgpack::ToMsgpack for $ty {
            fn write_msgpack(&self, w: &mut $crate::msgpack::Writer) {
                let $v = self;
                w.write_str(::core::convert::AsRef::<str>::as_ref(&$text));
            }
        }

        impl<'de> $crate::msgpack::FromMsgpack<'de> for $ty {
            fn read_msgpack(r: &mut $crate::msgpack::Reader<'de>) -> Result<Self, $crate::Error> {
                $crate::impls::text::read_msgpack_text(r, $expected, $what, |$s: &str| $parse)
            }
        }
    };
}

/// All three of the above: a type that is its text everywhere.
// Used only by feature-gated crates' files.
#[allow(unused_macros)]
macro_rules! text_type {
    ($ty:ty, $expected:literal, $what:literal, |$v:ident| $text:expr, |$s:ident| $parse:expr) => {
        text_json!($ty, $expected, $what, |$v| $text, |$s| $parse);
        text_key!($ty, $what, |$v| $text, |$s| $parse);
        text_msgpack!($ty, $expected, $what, |$v| $text, |$s| $parse);
    };
}
