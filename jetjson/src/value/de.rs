//! Reading a DOM: one iterative parser for [`Value`] and [`ValueRef`], over
//! the [`Reader`] or the in-situ source.
//!
//! The parser keeps an explicit stack of open containers, so its own stack
//! use is constant whatever the nesting; the depth limit is the reader's.
//! Elements and members of open containers wait on two shared scratch
//! stacks, and each container is built with one exact-size allocation when
//! it closes.

use std::borrow::{Borrow, Cow};

use super::number::read_number;
use super::{Map, Number, Value, ValueRef};
use crate::read::{Reader, Str};
use crate::{Error, ErrorKind, FromJson};

/// Options for reading a DOM; the defaults are those of
/// `jetjson::from_slice::<Value>`.
///
/// ```
/// use jetjson::value::ValueOptions;
///
/// let v = ValueOptions::new().from_str(r#"{"a":1,"a":2}"#).unwrap();
/// assert_eq!(v.to_string(), r#"{"a":2}"#);
///
/// let err = ValueOptions::new()
///     .reject_duplicate_keys(true)
///     .from_str(r#"{"a":1,"a":2}"#)
///     .unwrap_err();
/// assert_eq!(err.to_string(), "duplicate key `a` at line 1 column 8");
///
/// let deep = "[".repeat(100_000) + &"]".repeat(100_000);
/// assert!(jetjson::from_str::<jetjson::Value>(&deep).is_err()); // depth 128
/// assert!(ValueOptions::new().max_depth(1_000_000).from_str(&deep).is_ok());
/// ```
#[derive(Debug, Clone)]
pub struct ValueOptions {
    max_depth: usize,
    reject_duplicates: bool,
}

impl Default for ValueOptions {
    fn default() -> Self {
        ValueOptions::new()
    }
}

impl ValueOptions {
    /// The defaults: depth limit 128, repeated keys allowed (last wins).
    pub fn new() -> Self {
        ValueOptions {
            max_depth: crate::read::DEFAULT_MAX_DEPTH,
            reject_duplicates: false,
        }
    }

    /// How deeply arrays and objects may nest. The parser does not recurse,
    /// so any limit is safe; the limit bounds work on hostile input.
    #[must_use]
    pub fn max_depth(mut self, max_depth: usize) -> Self {
        self.max_depth = max_depth;
        self
    }

    /// Whether a key repeated within one object is an error
    /// ([`ErrorKind::InvalidValue`] "duplicate key `k`", at the repeat)
    /// rather than the last value winning.
    #[must_use]
    pub fn reject_duplicate_keys(mut self, reject: bool) -> Self {
        self.reject_duplicates = reject;
        self
    }

    /// Reads one owned [`Value`] from `input` (whitespace around it allowed).
    pub fn from_slice(&self, input: &[u8]) -> Result<Value, Error> {
        let mut r = Reader::new(input);
        r.set_max_depth(self.max_depth);
        let v = parse(&mut r, self.reject_duplicates)?;
        r.finish()?;
        Ok(v)
    }

    /// [`from_slice`](Self::from_slice) for text.
    pub fn from_str(&self, input: &str) -> Result<Value, Error> {
        self.from_slice(input.as_bytes())
    }

    /// Reads one [`ValueRef`] whose strings borrow from `input` when they hold
    /// no escape.
    pub fn from_slice_borrowed<'a>(&self, input: &'a [u8]) -> Result<ValueRef<'a>, Error> {
        let mut r = Reader::new(input);
        r.set_max_depth(self.max_depth);
        let v = parse(&mut r, self.reject_duplicates)?;
        r.finish()?;
        Ok(v)
    }

    /// Reads one [`ValueRef`] in situ: see [`from_slice_mut`](super::from_slice_mut).
    pub fn from_slice_mut<'a>(&self, input: &'a mut [u8]) -> Result<ValueRef<'a>, Error> {
        super::insitu::parse(input, self)
    }

    /// Reads one owned [`Value`] at a reader's cursor, with this object's
    /// duplicate-key rule (the reader's own depth limit applies).
    pub fn read_value(&self, r: &mut Reader<'_>) -> Result<Value, Error> {
        parse(r, self.reject_duplicates)
    }

    pub(crate) fn depth_limit(&self) -> usize {
        self.max_depth
    }

    pub(crate) fn rejects_duplicates(&self) -> bool {
        self.reject_duplicates
    }
}

impl<'de> FromJson<'de> for Value {
    /// Reads any JSON value. Repeated keys: the last value wins (see
    /// [`ValueOptions`] to reject them).
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        parse(r, false)
    }
}

impl<'de: 'a, 'a> FromJson<'de> for ValueRef<'a> {
    /// Reads any JSON value, borrowing strings without escapes.
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        parse(r, false)
    }
}

// MARK: - Private: the parser

/// Where tokens come from: the [`Reader`], or the in-situ buffer.
pub(crate) trait Source<'de> {
    /// Skips whitespace; the next byte.
    fn peek(&mut self) -> Option<u8>;
    /// Byte offset of the cursor in the whole input.
    fn offset(&self) -> usize;
    /// Consumes `{` (cursor on it); `true` with the cursor on the first key,
    /// or `false` after consuming `}`.
    fn begin_object(&mut self) -> Result<bool, Error>;
    /// After a member's value: `true` with the cursor on the next key, or
    /// `false` after consuming `}`.
    fn next_member(&mut self) -> Result<bool, Error>;
    /// Consumes `[`; `true` when an element follows, `false` after `]`.
    fn begin_array(&mut self) -> Result<bool, Error>;
    /// After an element: `true` when another follows, `false` after `]`.
    fn next_element(&mut self) -> Result<bool, Error>;
    /// A key and its colon.
    fn read_key(&mut self) -> Result<Str<'de, '_>, Error>;
    /// A string (cursor on its quote).
    fn read_str(&mut self) -> Result<Str<'de, '_>, Error>;
    /// A number (cursor on `-` or a digit).
    fn read_number(&mut self) -> Result<Number, Error>;
    /// `true` or `false`.
    fn read_bool(&mut self) -> Result<bool, Error>;
    /// `null`.
    fn read_null(&mut self) -> Result<(), Error>;
    /// The error for a byte that starts no value, or for the end of input.
    fn expected_value(&mut self) -> Error;
    /// An error of `kind` at `offset`.
    fn error_at(&self, kind: ErrorKind, offset: usize) -> Error;
}

impl<'de> Source<'de> for Reader<'de> {
    #[inline]
    fn peek(&mut self) -> Option<u8> {
        Reader::peek(self)
    }

    #[inline]
    fn offset(&self) -> usize {
        Reader::offset(self)
    }

    #[inline]
    fn begin_object(&mut self) -> Result<bool, Error> {
        Reader::begin_object(self, "a JSON value")?;
        let mut first = true;
        Reader::next_member(self, &mut first)
    }

    #[inline]
    fn next_member(&mut self) -> Result<bool, Error> {
        Reader::next_member(self, &mut false)
    }

    #[inline]
    fn begin_array(&mut self) -> Result<bool, Error> {
        Reader::begin_array(self, "a JSON value")?;
        let mut first = true;
        Reader::next_element(self, &mut first)
    }

    #[inline]
    fn next_element(&mut self) -> Result<bool, Error> {
        Reader::next_element(self, &mut false)
    }

    #[inline]
    fn read_key(&mut self) -> Result<Str<'de, '_>, Error> {
        Reader::read_key(self)
    }

    #[inline]
    fn read_str(&mut self) -> Result<Str<'de, '_>, Error> {
        Reader::read_str(self)
    }

    #[inline]
    fn read_number(&mut self) -> Result<Number, Error> {
        read_number(self)
    }

    #[inline]
    fn read_bool(&mut self) -> Result<bool, Error> {
        Reader::read_bool(self)
    }

    #[inline]
    fn read_null(&mut self) -> Result<(), Error> {
        Reader::read_null(self)
    }

    #[cold]
    fn expected_value(&mut self) -> Error {
        self.invalid_type("a JSON value")
    }

    #[cold]
    fn error_at(&self, kind: ErrorKind, offset: usize) -> Error {
        Reader::error_at(self, kind, offset)
    }
}

/// A DOM node type that the parser can build.
pub(crate) trait Build<'de>: Sized {
    type Key: Borrow<str> + Default;

    fn null() -> Self;
    fn boolean(b: bool) -> Self;
    fn number(n: Number) -> Self;
    fn string(s: Str<'de, '_>) -> Self;
    fn key(s: Str<'de, '_>) -> Self::Key;
    fn array(elements: Vec<Self>) -> Self;
    fn object(members: Map<Self::Key, Self>) -> Self;
}

impl<'de> Build<'de> for Value {
    type Key = String;

    #[inline]
    fn null() -> Self {
        Value::Null
    }

    #[inline]
    fn boolean(b: bool) -> Self {
        Value::Bool(b)
    }

    #[inline]
    fn number(n: Number) -> Self {
        Value::Number(n)
    }

    #[inline]
    fn string(s: Str<'de, '_>) -> Self {
        Value::String(s.as_str().to_owned())
    }

    #[inline]
    fn key(s: Str<'de, '_>) -> String {
        s.as_str().to_owned()
    }

    #[inline]
    fn array(elements: Vec<Self>) -> Self {
        Value::Array(elements)
    }

    #[inline]
    fn object(members: Map<String, Self>) -> Self {
        Value::Object(members)
    }
}

#[inline]
fn cow<'de: 'a, 'a>(s: Str<'de, '_>) -> Cow<'a, str> {
    match s {
        Str::Borrowed(s) => Cow::Borrowed(s),
        Str::Copied(s) => Cow::Owned(s.to_owned()),
    }
}

impl<'de: 'a, 'a> Build<'de> for ValueRef<'a> {
    type Key = Cow<'a, str>;

    #[inline]
    fn null() -> Self {
        ValueRef::Null
    }

    #[inline]
    fn boolean(b: bool) -> Self {
        ValueRef::Bool(b)
    }

    #[inline]
    fn number(n: Number) -> Self {
        ValueRef::Number(n)
    }

    #[inline]
    fn string(s: Str<'de, '_>) -> Self {
        ValueRef::String(cow(s))
    }

    #[inline]
    fn key(s: Str<'de, '_>) -> Cow<'a, str> {
        cow(s)
    }

    #[inline]
    fn array(elements: Vec<Self>) -> Self {
        ValueRef::Array(elements)
    }

    #[inline]
    fn object(members: Map<Cow<'a, str>, Self>) -> Self {
        ValueRef::Object(members)
    }
}

/// An open container. For an object, `key` is the key of the member whose
/// value is being read, and `key_offset` where it is (kept only to point at a
/// duplicate).
struct Frame<K> {
    start: usize,
    object: bool,
    key: K,
    key_offset: usize,
}

/// Reads one value at the source's cursor, without recursion.
pub(crate) fn parse<'de, S: Source<'de>, B: Build<'de>>(
    src: &mut S,
    reject_duplicates: bool,
) -> Result<B, Error> {
    let mut frames: Vec<Frame<B::Key>> = Vec::new();
    let mut elements: Vec<B> = Vec::new();
    let mut members: Vec<(B::Key, B)> = Vec::new();
    // Offsets of the keys in `members`, kept only to point at a duplicate.
    let mut key_offsets: Vec<usize> = Vec::new();
    'value: loop {
        let mut value: B = match src.peek() {
            Some(b'"') => B::string(src.read_str()?),
            Some(b'-' | b'0'..=b'9') => B::number(src.read_number()?),
            Some(b'{') => {
                if src.begin_object()? {
                    let key_offset = src.offset();
                    let key = B::key(src.read_key()?);
                    frames.push(Frame {
                        start: members.len(),
                        object: true,
                        key,
                        key_offset,
                    });
                    continue 'value;
                }
                B::object(Map::new())
            }
            Some(b'[') => {
                if src.begin_array()? {
                    frames.push(Frame {
                        start: elements.len(),
                        object: false,
                        key: B::Key::default(),
                        key_offset: 0,
                    });
                    continue 'value;
                }
                B::array(Vec::new())
            }
            Some(b't' | b'f') => B::boolean(src.read_bool()?),
            Some(b'n') => {
                src.read_null()?;
                B::null()
            }
            _ => return Err(src.expected_value()),
        };
        // A value is complete: place it, closing every container it completes.
        loop {
            let Some(frame) = frames.last_mut() else {
                return Ok(value);
            };
            if frame.object {
                members.push((std::mem::take(&mut frame.key), value));
                if reject_duplicates {
                    key_offsets.push(frame.key_offset);
                }
                if src.next_member()? {
                    frame.key_offset = src.offset();
                    frame.key = B::key(src.read_key()?);
                    continue 'value;
                }
                let start = frame.start;
                frames.pop();
                let entries: Vec<(B::Key, B)> = members.drain(start..).collect();
                let map = match Map::from_parsed(entries, reject_duplicates) {
                    Ok(map) => map,
                    Err((repeat, key)) => {
                        let offset = key_offsets.get(start + repeat).copied().unwrap_or(0);
                        return Err(duplicate_key(src, &key, offset));
                    }
                };
                if reject_duplicates {
                    key_offsets.truncate(start);
                }
                value = B::object(map);
            } else {
                elements.push(value);
                if src.next_element()? {
                    continue 'value;
                }
                let start = frame.start;
                frames.pop();
                value = B::array(elements.drain(start..).collect());
            }
        }
    }
}

#[cold]
fn duplicate_key<'de, S: Source<'de>>(src: &S, key: &str, offset: usize) -> Error {
    src.error_at(
        ErrorKind::InvalidValue {
            message: format!("duplicate key `{key}`").into(),
        },
        offset,
    )
}
