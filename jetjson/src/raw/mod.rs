//! `RawValue`: the exact text of one JSON value, kept unparsed (serde_json's
//! `RawValue`, Go's `json.RawMessage`).
//!
//! `RawValue` is `str` with a promise: the text is one valid JSON value with
//! no whitespace before or after it. Every way of making one keeps the
//! promise, which is what lets [`ToJson`] copy the text into the output
//! unchecked.
//!
//! - `&'a RawValue` borrows from the input: reading it validates the value
//!   ([`Reader::read_raw`]) and points at its bytes, copying nothing.
//! - `Box<RawValue>` owns a copy and reads from any input.
//!
//! The Value and MessagePack conversions are in `convert.rs`.

mod convert;

use std::borrow::ToOwned;
use std::fmt;

use crate::{Error, ErrorKind, FromJson, Reader, ToJson, Writer};

/// The text of one JSON value, unparsed: read now, decoded later (or never),
/// written back byte for byte.
///
/// Use it for a part of a document whose shape you do not know yet, for one
/// you pass through to somewhere else, or to keep numbers exactly as written
/// (`1.000000000000000000001` stays that, where an `f64` would round it).
///
/// ```
/// use jetjson::RawValue;
///
/// #[derive(jetjson::Json)]
/// struct Envelope<'a> {
///     kind: &'a str,
///     payload: &'a RawValue, // borrowed from the input, not copied
/// }
///
/// let input = r#"{"kind": "point", "payload": {"x": 1, "y": 2.50} }"#;
/// let env: Envelope = jetjson::from_str(input).unwrap();
/// assert_eq!(env.payload.get(), r#"{"x": 1, "y": 2.50}"#);
///
/// // Decode it later, once the kind is known...
/// let xy: std::collections::BTreeMap<String, f64> = jetjson::from_str(env.payload.get()).unwrap();
/// assert_eq!(xy["y"], 2.5);
/// // ...or write it back exactly as it came.
/// assert_eq!(
///     jetjson::to_string(&env),
///     r#"{"kind":"point","payload":{"x": 1, "y": 2.50}}"#
/// );
/// ```
///
/// # What the text holds
///
/// Exactly the value's bytes, from its first byte to its last: whitespace
/// *around* the value (after the `:`, before the `,` or `}`) is not part of
/// it, whitespace *inside* it is kept, and so are escapes and the spelling of
/// numbers. Reading `{"a": [1, 2] }` into a struct whose `a` is a
/// `&RawValue` gives `[1, 2]`. serde_json's `RawValue` captures the same
/// text.
///
/// # Making one
///
/// Read it as a field or element type: `&'a RawValue` borrows (zero-copy),
/// `Box<RawValue>` owns. Or build one from text:
/// [`from_json`](RawValue::from_json) borrows a `&str`,
/// [`from_string`](RawValue::from_string) takes a `String`. Both check that
/// the text is one valid JSON value and drop whitespace around it (as
/// serde_json's `from_string` does), so [`get`](RawValue::get) never starts
/// or ends with whitespace.
///
/// `Option<&RawValue>` reads `null` as `None`, as `Option` always does; the
/// text `null` itself is a `RawValue` only outside an `Option`.
///
/// # Conversions
///
/// - [`ToJson`]: the text, copied as it is.
/// - [`ToValue`](crate::ToValue): the text parsed into a [`Value`](crate::Value);
///   [`FromValue`](crate::FromValue) for `Box<RawValue>`: the value's compact text.
/// - [`ToMsgpack`](crate::msgpack::ToMsgpack): the text transcoded into
///   MessagePack; [`FromMsgpack`](crate::msgpack::FromMsgpack) for
///   `Box<RawValue>`: one MessagePack value as JSON text (bin, ext and
///   non-finite floats, which JSON cannot hold, are errors).
///
/// A number too large for an `f64` (`1e999`) is valid JSON and a valid
/// `RawValue`, but no `Value` holds it: converting such a text to a `Value`
/// or to MessagePack gives `null` (nil) in its place, as writing an infinite
/// `f64` does.
///
/// `RawValue` has no `PartialEq`: two texts can differ (`1.0`, `1`) and
/// still be the same value. Compare [`get`](RawValue::get) for the text, or
/// parse both.
#[repr(transparent)]
pub struct RawValue(str);

// MARK: - Public: constructors and access

impl RawValue {
    /// The text `null`.
    pub const NULL: &'static RawValue = RawValue::from_trusted("null");
    /// The text `true`.
    pub const TRUE: &'static RawValue = RawValue::from_trusted("true");
    /// The text `false`.
    pub const FALSE: &'static RawValue = RawValue::from_trusted("false");

    /// Checks that `text` is one JSON value (whitespace around it allowed)
    /// and borrows it as a `RawValue`, without the whitespace.
    ///
    /// ```
    /// use jetjson::RawValue;
    ///
    /// let raw = RawValue::from_json(" [1, 2.50, \"\\u00e9\"]\n").unwrap();
    /// assert_eq!(raw.get(), r#"[1, 2.50, "\u00e9"]"#);
    ///
    /// let err = RawValue::from_json("[1, 2").unwrap_err();
    /// assert_eq!(err.to_string(), "unexpected end of input at line 1 column 6");
    /// assert!(RawValue::from_json("1 2").is_err());
    /// ```
    pub fn from_json(text: &str) -> Result<&RawValue, Error> {
        let (start, end) = value_span(text)?;
        match text.get(start..end) {
            Some(value) => Ok(RawValue::from_trusted(value)),
            // Cannot happen: a value starts and ends on an ASCII byte.
            None => Err(Error::at(ErrorKind::InvalidUtf8, text.as_bytes(), start)),
        }
    }

    /// Checks that `text` is one JSON value (whitespace around it allowed)
    /// and keeps it as a `Box<RawValue>`, without the whitespace. Text with
    /// no whitespace around it is kept without a copy when the `String` has
    /// no spare capacity.
    ///
    /// ```
    /// use jetjson::RawValue;
    ///
    /// let raw = RawValue::from_string(" {\"a\": 1} ".to_string()).unwrap();
    /// assert_eq!(raw.get(), r#"{"a": 1}"#);
    /// assert!(RawValue::from_string(String::new()).is_err());
    /// ```
    pub fn from_string(text: String) -> Result<Box<RawValue>, Error> {
        let (start, end) = value_span(&text)?;
        if start == 0 && end == text.len() {
            return Ok(RawValue::box_trusted(text.into_boxed_str()));
        }
        match text.get(start..end) {
            Some(value) => Ok(RawValue::from_trusted(value).to_owned()),
            // Cannot happen: a value starts and ends on an ASCII byte.
            None => Err(Error::at(ErrorKind::InvalidUtf8, text.as_bytes(), start)),
        }
    }

    /// The JSON text.
    ///
    /// ```
    /// let raw = jetjson::RawValue::from_json("-0.0").unwrap();
    /// assert_eq!(raw.get(), "-0.0");
    /// ```
    #[inline]
    pub fn get(&self) -> &str {
        &self.0
    }

    /// Decodes the text as a `T`, as `jetjson::from_str(raw.get())` does;
    /// `T` may borrow from the text.
    ///
    /// ```
    /// let raw = jetjson::RawValue::from_json(r#"["a", "b"]"#).unwrap();
    /// let v: Vec<&str> = raw.parse().unwrap();
    /// assert_eq!(v, ["a", "b"]);
    /// ```
    pub fn parse<'a, T: FromJson<'a>>(&'a self) -> Result<T, Error> {
        crate::from_str(&self.0)
    }

    // MARK: - Private: the casts

    /// `text` as a `RawValue`. The caller has checked that `text` is one
    /// JSON value with no whitespace around it.
    #[inline]
    pub(crate) const fn from_trusted(text: &str) -> &RawValue {
        let ptr = text as *const str as *const RawValue;
        // SAFETY: `RawValue` is `#[repr(transparent)]` over `str`, so the two
        // have the same layout and the same pointer metadata (the length),
        // and the cast keeps both. The result borrows `text` for its
        // lifetime, so it points at live, immutable UTF-8. Tested by
        // `tests::casts_keep_the_text` and `tests/raw_value.rs`.
        unsafe { &*ptr }
    }

    /// `text` as a `Box<RawValue>`, the same allocation. The caller has
    /// checked the text as for [`from_trusted`](Self::from_trusted).
    #[inline]
    pub(crate) fn box_trusted(text: Box<str>) -> Box<RawValue> {
        let ptr = Box::into_raw(text) as *mut RawValue;
        // SAFETY: `Box::into_raw` gives a pointer to a live allocation made by
        // the global allocator for a `str` of this length. `RawValue` is
        // `#[repr(transparent)]` over `str`: the same size, alignment and
        // pointer metadata, so the allocation is valid for a `RawValue`, and
        // the new box frees it with the same layout. The pointer is owned by
        // nobody else after `into_raw`. Tested as for `from_trusted`, and by
        // `tests/raw_value.rs` under valgrind (the tests drop every box).
        unsafe { Box::from_raw(ptr) }
    }
}

/// The byte range of the one JSON value in `text`, whitespace around it
/// excluded; an error when `text` is not one value.
fn value_span(text: &str) -> Result<(usize, usize), Error> {
    let mut r = Reader::new(text.as_bytes());
    r.peek();
    let start = r.offset();
    r.skip_value()?;
    let end = r.offset();
    r.finish()?;
    Ok((start, end))
}

impl ToOwned for RawValue {
    type Owned = Box<RawValue>;

    /// A copy of the text in its own allocation.
    fn to_owned(&self) -> Box<RawValue> {
        RawValue::box_trusted(Box::from(&self.0))
    }
}

impl Clone for Box<RawValue> {
    fn clone(&self) -> Self {
        (**self).to_owned()
    }
}

/// `null`, as serde_json's.
impl Default for Box<RawValue> {
    fn default() -> Self {
        RawValue::NULL.to_owned()
    }
}

/// `null`, as serde_json's.
impl Default for &RawValue {
    fn default() -> Self {
        RawValue::NULL
    }
}

impl From<Box<RawValue>> for Box<str> {
    /// The text, copied.
    fn from(raw: Box<RawValue>) -> Self {
        Box::from(raw.get())
    }
}

impl AsRef<str> for RawValue {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// The JSON text as it is.
impl fmt::Display for RawValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `RawValue(<text>)`.
impl fmt::Debug for RawValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RawValue(")?;
        f.write_str(&self.0)?;
        f.write_str(")")
    }
}

// MARK: - Public: JSON

impl ToJson for RawValue {
    /// Copies the text: it is one valid JSON value by construction.
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_raw(self.0.as_bytes());
    }

    /// Never empty: Go's `omitempty` leaves out only a zero-length
    /// `RawMessage`, and a `RawValue` always holds a value.
    fn is_json_empty(&self) -> bool {
        false
    }
}

impl<'de: 'a, 'a> FromJson<'de> for &'a RawValue {
    /// Borrows the value's text from the input after checking it as reading
    /// it would (the depth limit included).
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let bytes = r.read_raw()?;
        match simdutf8::basic::from_utf8(bytes) {
            Ok(text) => Ok(RawValue::from_trusted(text)),
            // Cannot happen: `read_raw` checks the UTF-8 of every string,
            // and everything outside strings is ASCII.
            Err(_) => Err(r.error_at(ErrorKind::InvalidUtf8, r.offset() - bytes.len())),
        }
    }
}

impl<'de> FromJson<'de> for Box<RawValue> {
    /// Copies the value's text out of the input after checking it.
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        <&RawValue>::read_json(r).map(RawValue::to_owned)
    }
}

// MARK: - Tests of the private casts

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn casts_keep_the_text() {
        let text = String::from("[1,\"é\"]");
        let raw = RawValue::from_trusted(&text);
        assert_eq!(raw.get(), text);
        assert_eq!(raw.get().as_ptr(), text.as_ptr());
        assert_eq!(std::mem::size_of_val(raw), text.len());

        let boxed = RawValue::box_trusted(text.clone().into_boxed_str());
        assert_eq!(boxed.get(), text);
        let copy = boxed.clone();
        assert_ne!(copy.get().as_ptr(), boxed.get().as_ptr());
        drop(boxed);
        assert_eq!(copy.get(), text);

        // The empty text has a dangling, aligned pointer: the cast keeps it.
        assert_eq!(RawValue::from_trusted("").get(), "");
        assert_eq!(RawValue::box_trusted(Box::from("")).get(), "");
        assert_eq!(RawValue::NULL.get(), "null");
    }

    #[test]
    fn from_string_keeps_the_allocation_when_it_can() {
        let text = String::from("[1,2]").into_boxed_str().into_string();
        let ptr = text.as_ptr();
        let raw = RawValue::from_string(text).unwrap();
        assert_eq!(raw.get().as_ptr(), ptr);
    }
}
