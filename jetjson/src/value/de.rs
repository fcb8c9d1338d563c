//! Reading a DOM: one iterative parser for [`Value`] and [`ValueRef`], over
//! the [`Reader`] or the in-situ source.
//!
//! The parser keeps an explicit stack of open containers, so its own stack
//! use is constant whatever the nesting; the depth limit is the reader's.
//! Elements and members of open containers wait on two shared scratch
//! stacks, and each container is built with one exact-size allocation when
//! it closes.

use std::borrow::{Borrow, Cow};
use std::cell::Cell;

use super::number::read_number;
use super::{Map, Number, Value, ValueRef};
use crate::document::key_hash;
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

    /// Runs `f` with empty scratch stacks: fresh ones, or for [`Value`] the
    /// ones an earlier parse on this thread left (see [`Scratch::reuse`]).
    #[inline]
    fn with_scratch<R>(f: impl FnOnce(&mut Scratch<Self, Self::Key>) -> R) -> R {
        f(&mut Scratch::new())
    }
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

    #[inline]
    fn with_scratch<R>(f: impl FnOnce(&mut Scratch<Self, String>) -> R) -> R {
        thread_local! {
            static SCRATCH: Cell<Option<Scratch<Value, String>>> = const { Cell::new(None) };
        }
        // Taken out for the parse and put back after it, so a parse that
        // started inside another (none does today) would simply get fresh
        // stacks, and one that panicked would only lose them.
        let mut scratch = SCRATCH
            .try_with(Cell::take)
            .ok()
            .flatten()
            .unwrap_or_default();
        let r = f(&mut scratch);
        if scratch.reuse() {
            let _ = SCRATCH.try_with(|cell| cell.set(Some(scratch)));
        }
        r
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
/// value is being read, `hash` its [`key_hash`], and `key_offset` where it
/// is (kept only to point at a duplicate).
pub(crate) struct Frame<K> {
    start: usize,
    object: bool,
    key: K,
    hash: u64,
    key_offset: usize,
    /// One bit per key hash seen (objects only): a key whose bit is set may
    /// repeat an earlier one, and is compared with them.
    bloom: u128,
    /// A key repeats (or, past [`CHECKED_KEYS`] members, may): the map is
    /// made by the exact check when the object closes.
    maybe_dup: bool,
}

/// Members of one object checked for repeats as they come; beyond that, a
/// filter hit leaves the exact answer to the map's own check at the end.
const CHECKED_KEYS: usize = 64;

/// The parser's stacks: open containers, and the elements and members of
/// the open containers, which wait here until theirs closes and is built
/// with one exact-size allocation.
pub(crate) struct Scratch<B, K> {
    frames: Vec<Frame<K>>,
    elements: Vec<B>,
    members: Vec<(K, B)>,
    /// The [`key_hash`] of each key in `members`.
    hashes: Vec<u64>,
    /// Offsets of the keys in `members`, kept only to point at a duplicate.
    key_offsets: Vec<usize>,
}

impl<B, K> Default for Scratch<B, K> {
    fn default() -> Self {
        Scratch::new()
    }
}

/// The most scratch memory a thread keeps between parses.
const SCRATCH_KEEP: usize = 256 * 1024;

impl<B, K> Scratch<B, K> {
    fn new() -> Self {
        Scratch {
            frames: Vec::new(),
            elements: Vec::new(),
            members: Vec::new(),
            hashes: Vec::new(),
            key_offsets: Vec::new(),
        }
    }

    /// Empties the stacks (after an error they still hold values); whether
    /// they are small enough to keep for the next parse.
    fn reuse(&mut self) -> bool {
        use std::mem::size_of;
        self.frames.clear();
        self.elements.clear();
        self.members.clear();
        self.hashes.clear();
        self.key_offsets.clear();
        let bytes = self.frames.capacity() * size_of::<Frame<K>>()
            + self.elements.capacity() * size_of::<B>()
            + self.members.capacity() * size_of::<(K, B)>()
            + (self.hashes.capacity() + self.key_offsets.capacity()) * size_of::<u64>();
        bytes <= SCRATCH_KEEP
    }
}

/// Reads one value at the source's cursor, without recursion.
#[inline]
pub(crate) fn parse<'de, S: Source<'de>, B: Build<'de>>(
    src: &mut S,
    reject_duplicates: bool,
) -> Result<B, Error> {
    B::with_scratch(|scratch| parse_with(src, reject_duplicates, scratch))
}

fn parse_with<'de, S: Source<'de>, B: Build<'de>>(
    src: &mut S,
    reject_duplicates: bool,
    scratch: &mut Scratch<B, B::Key>,
) -> Result<B, Error> {
    let Scratch {
        frames,
        elements,
        members,
        hashes,
        key_offsets,
    } = scratch;
    'value: loop {
        let mut value: B = match src.peek() {
            Some(b'"') => B::string(src.read_str()?),
            Some(b'-' | b'0'..=b'9') => B::number(src.read_number()?),
            Some(b'{') => {
                if src.begin_object()? {
                    let key_offset = src.offset();
                    let text = src.read_key()?;
                    let hash = key_hash(text.as_bytes());
                    frames.push(Frame {
                        start: members.len(),
                        object: true,
                        key: B::key(text),
                        hash,
                        key_offset,
                        bloom: bloom_bit(hash),
                        maybe_dup: false,
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
                        hash: 0,
                        key_offset: 0,
                        bloom: 0,
                        maybe_dup: false,
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
                hashes.push(frame.hash);
                if reject_duplicates {
                    key_offsets.push(frame.key_offset);
                }
                if src.next_member()? {
                    frame.key_offset = src.offset();
                    let text = src.read_key()?;
                    let hash = key_hash(text.as_bytes());
                    let bit = bloom_bit(hash);
                    if frame.bloom & bit != 0 && !frame.maybe_dup {
                        let start = frame.start;
                        frame.maybe_dup = members.len() - start >= CHECKED_KEYS
                            || repeats(&members[start..], &hashes[start..], hash, text.as_str());
                    }
                    frame.bloom |= bit;
                    frame.hash = hash;
                    frame.key = B::key(text);
                    continue 'value;
                }
                let start = frame.start;
                let maybe_dup = frame.maybe_dup;
                frames.pop();
                let entries: Vec<(B::Key, B)> = members.drain(start..).collect();
                hashes.truncate(start);
                let map = if maybe_dup {
                    match Map::from_parsed(entries, reject_duplicates) {
                        Ok(map) => map,
                        Err((repeat, key)) => {
                            let offset = key_offsets.get(start + repeat).copied().unwrap_or(0);
                            return Err(duplicate_key(src, &key, offset));
                        }
                    }
                } else {
                    Map::from_unique(entries)
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

/// The filter bit of a key hash.
#[inline]
fn bloom_bit(hash: u64) -> u128 {
    1u128 << (hash >> 57)
}

/// Whether `key` (of hash `hash`) equals a key of `members`, whose hashes
/// are `hashes`.
#[cold]
#[inline(never)]
fn repeats<K: Borrow<str>, B>(members: &[(K, B)], hashes: &[u64], hash: u64, key: &str) -> bool {
    members
        .iter()
        .zip(hashes)
        .any(|((k, _), &h)| h == hash && k.borrow() == key)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// What reading gives, computed the slow way: the last value of each
    /// key, at the position of its first occurrence.
    fn expected(members: &[(String, u64)]) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = Vec::new();
        for (k, v) in members {
            match out.iter_mut().find(|(o, _)| o == k) {
                Some(slot) => slot.1 = *v,
                None => out.push((k.clone(), *v)),
            }
        }
        out
    }

    fn text(members: &[(String, u64)]) -> String {
        let body: Vec<String> = members
            .iter()
            .map(|(k, v)| format!("\"{k}\":{v}"))
            .collect();
        format!("{{{}}}", body.join(","))
    }

    #[test]
    fn repeats_are_found_at_every_size_and_position() {
        // Long keys that differ only in the middle share their first and
        // last eight bytes, so their filter bits and hashes collide: only
        // the exact comparison tells them apart.
        let key = |i: usize| format!("prefix__{i:04}__suffix");
        for n in [1usize, 2, 5, 12, 13, 40, 63, 64, 65, 70, 130, 300] {
            let distinct: Vec<(String, u64)> = (0..n).map(|i| (key(i), i as u64)).collect();
            let v: Value = ValueOptions::new().from_str(&text(&distinct)).unwrap();
            let got: Vec<(String, u64)> = v
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
                .collect();
            assert_eq!(got, distinct, "{n}");
            for repeat_of in [0, n / 2, n - 1] {
                for at in [n, n + 1] {
                    let mut members = distinct.clone();
                    if at > n {
                        members.push(("other".into(), 7));
                    }
                    members.push((key(repeat_of), 1000));
                    let input = text(&members);
                    let v: Value = ValueOptions::new().from_str(&input).unwrap();
                    let got: Vec<(String, u64)> = v
                        .as_object()
                        .unwrap()
                        .iter()
                        .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
                        .collect();
                    assert_eq!(got, expected(&members), "{n} {repeat_of} {at}");
                    let err = ValueOptions::new()
                        .reject_duplicate_keys(true)
                        .from_str(&input)
                        .unwrap_err();
                    let column = input.rfind(&format!("\"{}\"", key(repeat_of))).unwrap() + 1;
                    assert_eq!(
                        err.to_string(),
                        format!(
                            "duplicate key `{}` at line 1 column {column}",
                            key(repeat_of)
                        ),
                    );
                }
            }
        }
    }

    #[test]
    fn a_failed_parse_leaves_nothing_for_the_next() {
        // The scratch stacks are reused per thread: an error in the middle of
        // nested containers must not leak their values into a later parse.
        let bad = r#"{"a": [1, 2, {"b": "x", "c": [true, null, "#;
        assert!(crate::from_str::<Value>(bad).is_err());
        let bad = r#"[{"k": 1, "k": 2}, [3, 4, 5], {"z": "#;
        assert!(crate::from_str::<Value>(bad).is_err());
        let v: Value = crate::from_str(r#"{"a": [1, {"b": 2}], "c": {"d": [3]}}"#).unwrap();
        assert_eq!(v.to_string(), r#"{"a":[1,{"b":2}],"c":{"d":[3]}}"#);
        let v: Value = crate::from_str("[[], {}, [[]]]").unwrap();
        assert_eq!(v.to_string(), "[[],{},[[]]]");
        // Large containers are not kept, and reading still works after one.
        let big = format!("[{}0]", "1,".repeat(100_000));
        assert_eq!(crate::from_str::<Value>(&big).unwrap().len(), 100_001);
        assert_eq!(
            crate::from_str::<Value>("[1,[2]]").unwrap().to_string(),
            "[1,[2]]"
        );
    }
}
