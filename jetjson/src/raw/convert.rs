//! `RawValue` to and from [`Value`] and MessagePack.
//!
//! Text to a DOM or to MessagePack parses the text (it was validated when
//! the `RawValue` was made, so only a number beyond `f64` can stop it, and
//! that number becomes `null`). A DOM or MessagePack value to text writes
//! its compact JSON, which is valid by construction.

use std::borrow::Cow;

use super::RawValue;
use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::{FromValue, ToValue, ValueOptions, ValueRef};
use crate::{Error, ToJson, Value, Writer};

// MARK: - Public: Value

impl ToValue for RawValue {
    /// The text parsed into a [`Value`] (no depth limit: the text was
    /// checked when it was made, and the parser does not recurse). A
    /// number too large for an `f64` becomes `Null`.
    fn to_value(&self) -> Value {
        match unlimited().from_str(self.get()) {
            Ok(v) => v,
            // The text is valid and, once rewritten, every number in it is
            // finite, so this succeeds; `Null` is the answer should it not.
            Err(_) => unlimited().from_str(&dom_text(self)).unwrap_or(Value::Null),
        }
    }
}

impl FromValue for Box<RawValue> {
    /// The value's compact JSON text.
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        Ok(boxed_text_of(v))
    }
}

// MARK: - Public: MessagePack

impl ToMsgpack for RawValue {
    /// The text transcoded into MessagePack: what writing its [`Value`]
    /// writes (a number too large for an `f64` becomes nil). Strings are
    /// borrowed from the text while transcoding, not copied.
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        if let Ok(v) = unlimited().from_slice_borrowed(self.get().as_bytes()) {
            v.write_msgpack(w);
            return;
        }
        // As in `to_value`.
        let text = dom_text(self);
        match unlimited().from_slice_borrowed(text.as_bytes()) {
            Ok(v) => v.write_msgpack(w),
            Err(_) => w.write_nil(),
        };
    }
}

impl<'de> FromMsgpack<'de> for Box<RawValue> {
    /// One MessagePack value as compact JSON text. What JSON cannot hold is
    /// an error, as for [`Value`]: bin and ext values and non-string keys
    /// are [`ErrorKind::InvalidType`](crate::ErrorKind::InvalidType), NaN
    /// and the infinities [`ErrorKind::InvalidValue`](crate::ErrorKind::InvalidValue).
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        let v = ValueRef::read_msgpack(r)?;
        Ok(boxed_text_of(&v))
    }
}

// MARK: - Private

/// Options for parsing a `RawValue`'s own text.
fn unlimited() -> ValueOptions {
    ValueOptions::new().max_depth(usize::MAX)
}

/// The compact text of a DOM value as a `Box<RawValue>`.
fn boxed_text_of<T: ToJson + ?Sized>(v: &T) -> Box<RawValue> {
    let mut w = Writer::new();
    v.write_json(&mut w);
    let text = match String::from_utf8(w.into_vec()) {
        Ok(text) => text,
        // Cannot happen: the writer writes UTF-8 only.
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    };
    // The writer wrote one value, compact: valid, no surrounding whitespace.
    RawValue::box_trusted(text.into_boxed_str())
}

/// The text with every number too large for an `f64` replaced by `null`,
/// so that a DOM can hold it; the text itself (not a copy) when there is
/// none. Called only when parsing the text as it is failed, which such a
/// number is the one cause of.
fn dom_text(raw: &RawValue) -> Cow<'_, str> {
    let text = raw.get();
    let bytes = text.as_bytes();
    let mut out = String::new();
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => i = string_end(bytes, i),
            b'-' | b'0'..=b'9' => {
                let end = number_end(bytes, i);
                let number = &text[i..end];
                if number.parse::<f64>().is_ok_and(f64::is_infinite) {
                    out.push_str(&text[copied..i]);
                    out.push_str("null");
                    copied = end;
                }
                i = end;
            }
            _ => i += 1,
        }
    }
    if copied == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

/// The index just past the string that opens at `start` (on its `"`); the
/// text is valid JSON, so the string is closed.
fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The index just past the number that starts at `start`.
fn number_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < bytes.len() && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> &RawValue {
        RawValue::from_json(text).unwrap()
    }

    #[test]
    fn dom_text_replaces_only_numbers_beyond_f64() {
        assert!(matches!(dom_text(raw("[1e5,\"e\",-2]")), Cow::Borrowed(_)));
        assert_eq!(
            dom_text(raw(r#"{"1e999":[1e999,-1E+400,1e308,1e-999,"x\"1e999"]}"#)),
            r#"{"1e999":[null,null,1e308,1e-999,"x\"1e999"]}"#
        );
        let long = "9".repeat(400);
        assert_eq!(dom_text(raw(&long)), "null");
        assert_eq!(dom_text(raw(&"9".repeat(300))), "9".repeat(300));
    }
}
