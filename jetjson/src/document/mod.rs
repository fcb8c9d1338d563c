//! `Document`: the read-only DOM laid out for speed, rapidjson's and yyjson's
//! role beside [`Value`](crate::Value)'s jsoncpp.
//!
//! A parse makes one flat array of 16-byte slots in document order
//! (pre-order, a container's slot before its contents, as yyjson's values
//! and simdjson's tape), one string arena for the strings that had escapes,
//! and nothing per node. Strings without escapes are spans of the input.
//! Navigation goes through [`Node`], a copyable handle (document and slot
//! index) that never allocates; a container knows where its subtree ends, so
//! stepping over it is one load.
//!
//! ```
//! use jetjson::Document;
//!
//! let input = br#"{"user": {"name": "Ada", "langs": ["en", "fr"], "id": 7}}"#;
//! let doc = Document::parse(input).unwrap();
//! let user = doc.root().get("user").unwrap();
//! assert_eq!(user.get("name").and_then(|n| n.as_str()), Some("Ada"));
//! assert_eq!(doc.root().pointer("/user/langs/1").unwrap().as_str(), Some("fr"));
//! assert_eq!(user.get("id").unwrap().as_u64(), Some(7));
//! let langs = user.get("langs").unwrap();
//! assert_eq!(langs.at(0).and_then(|n| n.as_str()), Some("en"));
//! let all: Vec<&str> = langs.elements().filter_map(|n| n.as_str()).collect();
//! assert_eq!(all, ["en", "fr"]);
//!
//! // Written back exactly as `Value` writes the same input.
//! assert_eq!(
//!     jetjson::to_string(&doc),
//!     r#"{"user":{"name":"Ada","langs":["en","fr"],"id":7}}"#
//! );
//!
//! // Typed decoding of one part: parse once, decode what you need.
//! let owned: Vec<String> = langs.decode().unwrap();
//! assert_eq!(owned, ["en", "fr"]);
//! ```
//!
//! # Reading
//!
//! [`Document::parse`] reads exactly what `jetjson::from_slice::<Value>`
//! reads, through the same [`Reader`](crate::Reader) calls, so it accepts
//! the same inputs and fails with the same [`Error`] (kind, line and column);
//! nesting is limited to 128 levels unless [`ReadOptions::max_depth`]
//! says otherwise ([`ReadOptions::parse_document`]). Numbers are
//! [`Number`](crate::Number)'s: integers exact in `u64`/`i64`, anything else (fractions,
//! exponents, `-0`, integers beyond 64 bits) a correctly rounded `f64`.
//!
//! # Duplicate keys
//!
//! As in [`Value`](crate::Value): when an object repeats a key, the last
//! value wins, at the position of the first occurrence. [`Node::get`],
//! [`Node::members`], [`Node::len`], writing and [`Node::to_value`] all see
//! that one member. The parse finds repeats as it reads: a 512-bit filter
//! of key hashes per object, and a key whose bit is already set compared
//! with the object's earlier keys; past 64 keys, a key whose bit is set
//! has its object checked once at its end, by sorting its key hashes.
//!
//! # Layout
//!
//! The invariants every other file relies on; `parse.rs` establishes them.
//!
//! - A slot is two words: `head` = kind (low 4 bits) | flags (bits 4–7) |
//!   `a` (bits 8–63), and `b`.
//! - `null`, `true`, `false`: `a` = byte offset of the literal.
//! - Numbers (`UINT`, `NINT`, `FLOAT`): `a` = byte offset, `b` = the `u64`,
//!   the `i64` (always < 0) or the finite `f64`'s bits.
//! - Strings and keys (`STR`, `KEY`): `a` = length in bytes; `b` = the byte
//!   offset of the text in the input, or with flag `ESCAPED` an index into
//!   `escaped`, which holds where the unescaped text starts in `arena` and
//!   where the string's quote is in the input.
//! - Arrays and objects (`ARR`, `OBJ`): `a` = number of elements, or of
//!   distinct keys; `b` = index of the container's `END` slot, so the next
//!   sibling is at `b + 1`. An `END` slot has `a` = byte offset of the
//!   opening bracket and `b` = the offset just past the closing one, and
//!   flag `END_OBJ` when it closes an object.
//! - An object's contents alternate key slot, value subtree. An object with
//!   a repeated key has flag `DUP`; in it, every repeat's key slot has flag
//!   `SHADOWED` (skip it and its value), and a first occurrence whose value
//!   was replaced has flag `REDIRECT`, its later value's slot index found in
//!   `redirects` (sorted by key slot).
//! - `text` is the whole input as `&str`: a parse succeeds only if every
//!   string literal is valid UTF-8 and everything outside them is ASCII.
//!
//! The slot array is sized from the input length (about one slot per eight
//! bytes) and grows if the input is denser; with the arena and the parse
//! stack that is a handful of allocations whatever the input.

mod fast;
mod node;
mod parse;
mod write;

pub use self::node::{Elements, Kind, Members, Node};
pub(crate) use self::parse::key_hash;

use crate::{Error, ReadOptions};

/// A parsed JSON document, read-only, borrowing its input.
///
/// See the [module documentation](self) for the layout and an example.
pub struct Document<'a> {
    /// The whole input; valid UTF-8 once parsed (see the layout invariants).
    text: &'a str,
    slots: Vec<Slot>,
    /// The side tables, when a string had escapes or a key repeated: most
    /// small documents have neither, and a `Document` without them is 56
    /// bytes to move out of the parse instead of 120.
    rare: Option<Box<Rare>>,
    max_depth: usize,
}

/// What only some documents need beside their slots.
struct Rare {
    /// Unescaped text of the strings that had escapes, one after another.
    arena: String,
    /// For each escaped string: (start in `arena`, offset of its quote in the input).
    escaped: Vec<(usize, usize)>,
    /// (key slot with `REDIRECT`, slot of the value that replaced its value), sorted.
    redirects: Vec<(usize, usize)>,
}

/// One node of the layout: see the module's invariants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Slot {
    head: u64,
    b: u64,
}

// Kinds (the low 4 bits of `head`).
pub(crate) const NULL: u8 = 0;
pub(crate) const FALSE: u8 = 1;
pub(crate) const TRUE: u8 = 2;
pub(crate) const UINT: u8 = 3;
pub(crate) const NINT: u8 = 4;
pub(crate) const FLOAT: u8 = 5;
pub(crate) const STR: u8 = 6;
pub(crate) const KEY: u8 = 7;
pub(crate) const ARR: u8 = 8;
pub(crate) const OBJ: u8 = 9;
pub(crate) const END: u8 = 10;

// Flags (bits 4–7 of `head`).
/// A string or key whose text is in the arena.
pub(crate) const ESCAPED: u8 = 0x10;
/// An object with a repeated key.
pub(crate) const DUP: u8 = 0x10;
/// A key repeated earlier in its object: it and its value are hidden.
pub(crate) const SHADOWED: u8 = 0x20;
/// A key whose value was replaced by a later repeat.
pub(crate) const REDIRECT: u8 = 0x40;
/// The `END` of an object (an array's has no flag).
pub(crate) const END_OBJ: u8 = 0x10;

impl Slot {
    #[inline]
    pub(crate) fn new(kind: u8, a: usize, b: u64) -> Slot {
        Slot {
            head: u64::from(kind) | ((a as u64) << 8),
            b,
        }
    }

    #[inline]
    pub(crate) fn kind(self) -> u8 {
        (self.head & 0x0f) as u8
    }

    #[inline]
    pub(crate) fn flags(self) -> u8 {
        (self.head & 0xf0) as u8
    }

    #[inline]
    pub(crate) fn a(self) -> usize {
        (self.head >> 8) as usize
    }

    #[inline]
    pub(crate) fn b(self) -> u64 {
        self.b
    }

    #[inline]
    pub(crate) fn set_flag(&mut self, flag: u8) {
        self.head |= u64::from(flag);
    }

    #[inline]
    pub(crate) fn set_a(&mut self, a: usize) {
        self.head = (self.head & 0xff) | ((a as u64) << 8);
    }

    #[inline]
    pub(crate) fn set_b(&mut self, b: u64) {
        self.b = b;
    }
}

impl<'a> Document<'a> {
    /// Parses `input`, which must be one JSON value with optional whitespace
    /// around it, as strictly as `jetjson::from_slice::<Value>` and with the
    /// same errors; nesting deeper than 128 levels is
    /// [`ErrorKind::DepthLimit`](crate::ErrorKind::DepthLimit).
    ///
    /// ```
    /// let doc = jetjson::Document::parse(b"[1, 2.5, \"x\"]").unwrap();
    /// assert_eq!(doc.root().len(), 3);
    ///
    /// let err = jetjson::Document::parse(b"[1, 2,]").unwrap_err();
    /// assert_eq!(err.to_string(), "expected a JSON value at line 1 column 7");
    /// ```
    pub fn parse(input: &'a [u8]) -> Result<Document<'a>, Error> {
        parse::parse(input, crate::read::DEFAULT_MAX_DEPTH)
    }

    /// [`parse`](Self::parse) for text.
    pub fn parse_str(input: &'a str) -> Result<Document<'a>, Error> {
        Self::parse(input.as_bytes())
    }

    /// The top-level value.
    #[inline]
    pub fn root(&self) -> Node<'_> {
        Node::new(self, 0)
    }

    /// The input the document was parsed from.
    #[inline]
    pub fn input(&self) -> &'a str {
        self.text
    }

    /// An owned [`Value`](crate::Value) equal to what
    /// `jetjson::from_slice::<Value>` makes of the same input.
    pub fn to_value(&self) -> crate::Value {
        self.root().to_value()
    }

    /// How many slots (16 bytes each) the layout holds: one per value and
    /// key, plus one per array or object for its end.
    pub fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// Bytes of heap the document holds (slot array, arena and side tables,
    /// by capacity): the memory a parse costs beside the input.
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        let rare = self.rare.as_deref().map_or(0, |r| {
            size_of::<Rare>()
                + r.arena.capacity()
                + (r.escaped.capacity() + r.redirects.capacity()) * size_of::<(usize, usize)>()
        });
        self.slots.capacity() * size_of::<Slot>() + rare
    }

    /// For each escaped string: (start in the arena, offset of its quote).
    #[inline]
    fn escaped(&self) -> &[(usize, usize)] {
        self.rare.as_deref().map_or(&[], |r| &r.escaped)
    }

    /// The unescaped text of the strings that had escapes.
    #[inline]
    fn arena(&self) -> &str {
        self.rare.as_deref().map_or("", |r| &r.arena)
    }

    /// (key slot with `REDIRECT`, slot of the value that replaced its value), sorted.
    #[inline]
    fn redirects(&self) -> &[(usize, usize)] {
        self.rare.as_deref().map_or(&[], |r| &r.redirects)
    }
}

impl ReadOptions {
    /// [`Document::parse`] with these options.
    ///
    /// ```
    /// let deep = "[".repeat(200) + &"]".repeat(200);
    /// assert!(jetjson::Document::parse(deep.as_bytes()).is_err());
    /// let opts = jetjson::ReadOptions::new().max_depth(1000);
    /// assert_eq!(opts.parse_document(deep.as_bytes()).unwrap().slot_count(), 400);
    /// ```
    pub fn parse_document<'a>(&self, input: &'a [u8]) -> Result<Document<'a>, Error> {
        parse::parse(input, self.max_depth)
    }
}

impl std::fmt::Debug for Document<'_> {
    /// The document as compact JSON.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.root(), f)
    }
}

impl std::fmt::Display for Document<'_> {
    /// The document as compact JSON, as [`to_string`](crate::to_string) writes it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.root(), f)
    }
}
