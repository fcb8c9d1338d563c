//! Navigation: [`Node`], a copyable handle on one value of a [`Document`],
//! and the iterators over arrays and objects. Nothing here allocates.

use std::fmt;

use super::parse::next;
use super::{Document, Slot, ARR, ESCAPED, FALSE, FLOAT, KEY, NINT, NULL, OBJ};
use super::{REDIRECT, SHADOWED, STR, TRUE, UINT};
use crate::value::index::{array_index, tokens};
use crate::value::number::N;
use crate::{Error, FromJson, Number, Reader};

/// The six kinds of JSON value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool,
    /// A number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

/// One value of a [`Document`]: a handle (the document and a slot index),
/// `Copy`, two words wide. Every method is a few loads; none allocates
/// except [`to_value`](Self::to_value) and [`decode`](Self::decode), which
/// build what they return.
///
/// Indexing with `[]` is not offered: `Index` must hand out a reference,
/// and a node is a handle made on the fly. Use [`get`](Self::get),
/// [`at`](Self::at) and [`pointer`](Self::pointer), which return `None` for
/// anything missing.
///
/// ```
/// let doc = jetjson::Document::parse(br#"{"a": [1, {"b": null}], "c": "\u00e9"}"#).unwrap();
/// let root = doc.root();
/// assert!(root.is_object());
/// assert_eq!(root.len(), 2);
/// assert_eq!(root.get("a").unwrap().at(0).unwrap().as_i64(), Some(1));
/// assert!(root.pointer("/a/1/b").unwrap().is_null());
/// assert_eq!(root.get("c").unwrap().as_str(), Some("é"));
/// assert_eq!(root.get("a").unwrap().raw(), "[1, {\"b\": null}]");
/// ```
#[derive(Clone, Copy)]
pub struct Node<'d> {
    doc: &'d Document<'d>,
    at: usize,
}

impl<'d> Node<'d> {
    #[inline]
    pub(super) fn new(doc: &'d Document<'d>, at: usize) -> Node<'d> {
        Node { doc, at }
    }

    #[inline]
    pub(super) fn slot(&self) -> Slot {
        self.doc.slots[self.at]
    }

    /// The slot index of this node in its document (0 for the root), for
    /// telling nodes apart.
    #[inline]
    pub fn index(&self) -> usize {
        self.at
    }

    /// The document this node belongs to.
    #[inline]
    pub fn document(&self) -> &'d Document<'d> {
        self.doc
    }

    /// Which kind of value this is.
    #[inline]
    pub fn kind(&self) -> Kind {
        match self.slot().kind() {
            NULL => Kind::Null,
            FALSE | TRUE => Kind::Bool,
            UINT | NINT | FLOAT => Kind::Number,
            STR | KEY => Kind::String,
            ARR => Kind::Array,
            _ => Kind::Object,
        }
    }

    /// Whether the value is `null`.
    #[inline]
    pub fn is_null(&self) -> bool {
        self.slot().kind() == NULL
    }

    /// Whether the value is `true` or `false`.
    #[inline]
    pub fn is_bool(&self) -> bool {
        matches!(self.slot().kind(), TRUE | FALSE)
    }

    /// Whether the value is a number.
    #[inline]
    pub fn is_number(&self) -> bool {
        matches!(self.slot().kind(), UINT | NINT | FLOAT)
    }

    /// Whether the value is an integer that fits an `i64`.
    #[inline]
    pub fn is_i64(&self) -> bool {
        self.as_i64().is_some()
    }

    /// Whether the value is an integer that fits a `u64`.
    #[inline]
    pub fn is_u64(&self) -> bool {
        self.slot().kind() == UINT
    }

    /// Whether the value is a number held as an `f64` (see [`Number`]).
    #[inline]
    pub fn is_f64(&self) -> bool {
        self.slot().kind() == FLOAT
    }

    /// Whether the value is a string.
    #[inline]
    pub fn is_string(&self) -> bool {
        matches!(self.slot().kind(), STR | KEY)
    }

    /// Whether the value is an array.
    #[inline]
    pub fn is_array(&self) -> bool {
        self.slot().kind() == ARR
    }

    /// Whether the value is an object.
    #[inline]
    pub fn is_object(&self) -> bool {
        self.slot().kind() == OBJ
    }

    /// The boolean, if the value is one.
    #[inline]
    pub fn as_bool(&self) -> Option<bool> {
        match self.slot().kind() {
            TRUE => Some(true),
            FALSE => Some(false),
            _ => None,
        }
    }

    /// The number, if the value is one.
    #[inline]
    pub fn as_number(&self) -> Option<Number> {
        let s = self.slot();
        Some(Number::from_repr(match s.kind() {
            UINT => N::PosInt(s.b()),
            NINT => N::NegInt(s.b() as i64),
            FLOAT => N::Float(f64::from_bits(s.b())),
            _ => return None,
        }))
    }

    /// The value as an `i64`, if it is an integer in range.
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        let s = self.slot();
        match s.kind() {
            UINT => i64::try_from(s.b()).ok(),
            NINT => Some(s.b() as i64),
            _ => None,
        }
    }

    /// The value as a `u64`, if it is a non-negative integer.
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        let s = self.slot();
        (s.kind() == UINT).then_some(s.b())
    }

    /// The value as an `f64`, if it is a number; integers are converted
    /// (rounding above 2^53), as [`Number::as_f64`] does.
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
        self.as_number().and_then(|n| n.as_f64())
    }

    /// The text, if the value is a string: borrowed from the input when it
    /// had no escape, else from the document's arena.
    #[inline]
    pub fn as_str(&self) -> Option<&'d str> {
        let s = self.slot();
        matches!(s.kind(), STR | KEY).then(|| self.doc.str_of(s))
    }

    /// The number of elements of an array or of distinct keys of an
    /// object; 0 for anything else.
    #[inline]
    pub fn len(&self) -> usize {
        let s = self.slot();
        match s.kind() {
            ARR | OBJ => s.a(),
            _ => 0,
        }
    }

    /// Whether [`len`](Self::len) is 0.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of `key`, if this is an object that has it (with a repeated
    /// key, the last value, as `Value` keeps).
    #[inline]
    pub fn get(&self, key: &str) -> Option<Node<'d>> {
        let s = self.slot();
        if s.kind() != OBJ {
            return None;
        }
        let slots = &self.doc.slots;
        let end = s.b() as usize;
        let mut i = self.at + 1;
        while i < end {
            let k = slots[i];
            if k.a() == key.len() && k.flags() & SHADOWED == 0 && self.doc.str_of(k) == key {
                return Some(Node::new(self.doc, self.doc.value_of(i)));
            }
            i = next(slots, i + 1);
        }
        None
    }

    /// Element `i`, if this is an array that long. O(1) when every element
    /// is a scalar, else a walk that steps over each earlier element's
    /// subtree in one load.
    #[inline]
    pub fn at(&self, i: usize) -> Option<Node<'d>> {
        let s = self.slot();
        if s.kind() != ARR || i >= s.a() {
            return None;
        }
        let end = s.b() as usize;
        if end - self.at - 1 == s.a() {
            return Some(Node::new(self.doc, self.at + 1 + i));
        }
        let mut at = self.at + 1;
        for _ in 0..i {
            at = next(&self.doc.slots, at);
        }
        Some(Node::new(self.doc, at))
    }

    /// The value an RFC 6901 JSON Pointer names (`""` is this node,
    /// `"/a/0/b"` a path, `~1` is `/` and `~0` is `~` within a token), as
    /// [`Value::pointer`](crate::Value::pointer) resolves it.
    ///
    /// ```
    /// let doc = jetjson::Document::parse(br#"{"a/b": [0, {"~": 9}]}"#).unwrap();
    /// assert_eq!(doc.root().pointer("/a~1b/1/~0").unwrap().as_u64(), Some(9));
    /// assert!(doc.root().pointer("/a~1b/01").is_none());
    /// assert!(doc.root().pointer("a").is_none());
    /// ```
    pub fn pointer(&self, pointer: &str) -> Option<Node<'d>> {
        let mut cur = *self;
        for token in tokens(pointer)? {
            let token = token.as_str();
            cur = match cur.slot().kind() {
                OBJ => cur.get(token)?,
                ARR => cur.at(array_index(token)?)?,
                _ => return None,
            };
        }
        Some(cur)
    }

    /// The elements, if this is an array; an empty iterator otherwise.
    #[inline]
    pub fn elements(&self) -> Elements<'d> {
        let s = self.slot();
        let (cur, end, left) = if s.kind() == ARR {
            (self.at + 1, s.b() as usize, s.a())
        } else {
            (0, 0, 0)
        };
        Elements {
            doc: self.doc,
            cur,
            end,
            left,
        }
    }

    /// The members in input order, if this is an object (a repeated key
    /// once, where it first appeared, with its last value); an empty
    /// iterator otherwise.
    #[inline]
    pub fn members(&self) -> Members<'d> {
        let s = self.slot();
        let (cur, end, left) = if s.kind() == OBJ {
            (self.at + 1, s.b() as usize, s.a())
        } else {
            (0, 0, 0)
        };
        Members {
            doc: self.doc,
            cur,
            end,
            left,
        }
    }

    /// Byte offset in the input where this value's text starts.
    pub fn offset(&self) -> usize {
        let s = self.slot();
        match s.kind() {
            STR | KEY if s.flags() & ESCAPED != 0 => self.doc.escaped()[s.b() as usize].1,
            STR | KEY => s.b() as usize - 1,
            ARR | OBJ => self.doc.slots[s.b() as usize].a(),
            _ => s.a(),
        }
    }

    /// The exact input text of this value (no surrounding whitespace).
    pub fn raw(&self) -> &'d str {
        let s = self.slot();
        let text = self.doc.text;
        let (start, end) = match s.kind() {
            STR | KEY if s.flags() & ESCAPED == 0 => {
                let start = s.b() as usize;
                (start - 1, start + s.a() + 1)
            }
            ARR | OBJ => {
                let close = self.doc.slots[s.b() as usize];
                (close.a(), close.b() as usize)
            }
            _ => {
                // Scalars do not store their end: scan again, which cannot
                // fail on text the parse accepted.
                let start = self.offset();
                let mut r = Reader::new(text.as_bytes());
                r.seek(start);
                match r.skip_value() {
                    Ok(()) => (start, r.offset()),
                    Err(_) => (start, start),
                }
            }
        };
        text.get(start..end).unwrap_or_default()
    }

    /// Decodes this value as a `T`, by reading its input text with `T`'s
    /// [`FromJson`] impl (so `T` may borrow from the input, and errors give
    /// the line and column in the whole input). The document's depth limit
    /// applies.
    ///
    /// ```
    /// #[derive(jetjson::Json, Debug, PartialEq)]
    /// struct User<'a> {
    ///     name: &'a str,
    ///     id: u32,
    /// }
    ///
    /// let doc = jetjson::Document::parse(br#"{"users": [{"name": "Ada", "id": 1}]}"#).unwrap();
    /// let user: User = doc.root().pointer("/users/0").unwrap().decode().unwrap();
    /// assert_eq!(user, User { name: "Ada", id: 1 });
    /// let err = doc.root().pointer("/users/0/name").unwrap().decode::<u32>().unwrap_err();
    /// assert_eq!(err.to_string(), "expected u32, found string at line 1 column 21");
    /// ```
    pub fn decode<T: FromJson<'d>>(&self) -> Result<T, Error> {
        let mut r = Reader::new(self.doc.text.as_bytes());
        r.set_max_depth(self.doc.max_depth);
        r.seek(self.offset());
        T::read_json(&mut r)
    }
}

impl<'d> Document<'d> {
    /// The text of a string or key slot.
    #[inline]
    pub(super) fn str_of(&self, s: Slot) -> &str {
        if s.flags() & ESCAPED == 0 {
            let start = s.b() as usize;
            &self.text[start..start + s.a()]
        } else {
            let (start, _) = self.escaped()[s.b() as usize];
            &self.arena()[start..start + s.a()]
        }
    }

    /// The slot of the value of the member whose key slot is `key`.
    #[inline]
    pub(super) fn value_of(&self, key: usize) -> usize {
        if self.slots[key].flags() & REDIRECT == 0 {
            return key + 1;
        }
        self.redirected(key)
    }

    #[cold]
    fn redirected(&self, key: usize) -> usize {
        let redirects = self.redirects();
        match redirects.binary_search_by_key(&key, |&(k, _)| k) {
            Ok(i) => redirects[i].1,
            Err(_) => key + 1,
        }
    }
}

/// The elements of an array node, in order: [`Node::elements`].
#[derive(Clone)]
pub struct Elements<'d> {
    doc: &'d Document<'d>,
    cur: usize,
    end: usize,
    left: usize,
}

impl<'d> Iterator for Elements<'d> {
    type Item = Node<'d>;

    #[inline]
    fn next(&mut self) -> Option<Node<'d>> {
        if self.cur >= self.end {
            return None;
        }
        let at = self.cur;
        self.cur = next(&self.doc.slots, at);
        self.left -= 1;
        Some(Node::new(self.doc, at))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Elements<'_> {}

/// The members of an object node, in input order: [`Node::members`].
#[derive(Clone)]
pub struct Members<'d> {
    doc: &'d Document<'d>,
    cur: usize,
    end: usize,
    left: usize,
}

impl<'d> Iterator for Members<'d> {
    type Item = (&'d str, Node<'d>);

    #[inline]
    fn next(&mut self) -> Option<(&'d str, Node<'d>)> {
        let slots = &self.doc.slots;
        loop {
            if self.cur >= self.end {
                return None;
            }
            let key = self.cur;
            self.cur = next(slots, key + 1);
            let k = slots[key];
            if k.flags() & SHADOWED != 0 {
                continue;
            }
            self.left -= 1;
            let value = self.doc.value_of(key);
            return Some((self.doc.str_of(k), Node::new(self.doc, value)));
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Members<'_> {}

impl fmt::Debug for Node<'_> {
    /// The value as compact JSON.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Node<'_> {
    /// The value as compact JSON, as [`to_string`](crate::to_string) writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::to_string(self))
    }
}
