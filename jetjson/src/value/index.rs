//! Indexing: `v["key"]`, `v[0]`, `get`, `get_mut`, and JSON Pointer
//! (RFC 6901) lookups.
//!
//! Reading through `[]` never panics: a missing key, an index out of range or
//! indexing into the wrong kind of value gives `Null`. Writing through `[]`
//! creates what is missing, as jsoncpp's `operator[]` does, where that has
//! a meaning; see [`Value`]'s `IndexMut` impls.

use std::ops;

use super::{Map, Node, Tree, Value, ValueRef, NULL};

/// A type that can index a [`Value`]: `usize` for arrays, `str`/`String` for
/// objects. Sealed.
pub trait Index: private::Sealed {
    #[doc(hidden)]
    fn key(&self) -> IndexKey<'_>;
}

/// What an [`Index`] is. Not public API.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub enum IndexKey<'a> {
    Position(usize),
    Key(&'a str),
}

mod private {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for str {}
    impl Sealed for String {}
    impl<T: Sealed + ?Sized> Sealed for &T {}
}

impl Index for usize {
    fn key(&self) -> IndexKey<'_> {
        IndexKey::Position(*self)
    }
}

impl Index for str {
    fn key(&self) -> IndexKey<'_> {
        IndexKey::Key(self)
    }
}

impl Index for String {
    fn key(&self) -> IndexKey<'_> {
        IndexKey::Key(self)
    }
}

impl<T: Index + ?Sized> Index for &T {
    fn key(&self) -> IndexKey<'_> {
        (**self).key()
    }
}

#[inline]
pub(crate) fn get<'v, T: Tree>(v: &'v T, key: IndexKey<'_>) -> Option<&'v T> {
    match (v.node(), key) {
        (Node::Array(a), IndexKey::Position(i)) => a.get(i),
        (Node::Object(m), IndexKey::Key(k)) => m.get(k),
        _ => None,
    }
}

#[inline]
pub(crate) fn get_mut<'v, T: Tree>(v: &'v mut T, key: IndexKey<'_>) -> Option<&'v mut T> {
    match key {
        IndexKey::Position(i) => v.array_mut()?.get_mut(i),
        IndexKey::Key(k) => v.object_mut()?.get_mut(k),
    }
}

// MARK: - `[]`

impl<I: Index> ops::Index<I> for Value {
    type Output = Value;

    /// The element or member at `index`, or `Null` when there is none. Never
    /// panics.
    ///
    /// ```
    /// let v = jetjson::json!({"a": [10, 20]});
    /// assert_eq!(v["a"][1], 20);
    /// assert!(v["a"][7].is_null());
    /// assert!(v["nope"]["deeper"][0].is_null());
    /// ```
    #[inline]
    fn index(&self, index: I) -> &Value {
        get(self, index.key()).unwrap_or(&NULL)
    }
}

impl<I: Index> ops::IndexMut<I> for Value {
    /// The element or member at `index`, for writing.
    ///
    /// - By key: `Null` first becomes an empty object, and a missing key is
    ///   inserted (as `Null`, at the end), so `v["a"]["b"] = 1.into()` builds
    ///   `{"a":{"b":1}}` from `Null`.
    /// - By position: the array element at that position, as for a `Vec`.
    ///
    /// # Panics
    ///
    /// When indexing by key into a value that is neither an object nor `Null`,
    /// by position into a non-array, or past the end of an array. Replacing a
    /// string or number by an object behind the caller's back would lose data;
    /// check with [`Value::get_mut`] when unsure.
    ///
    /// ```
    /// let mut v = jetjson::Value::Null;
    /// v["a"]["b"] = 1.into();
    /// v["a"]["list"] = jetjson::json!([0, 0]);
    /// v["a"]["list"][1] = "x".into();
    /// assert_eq!(v.to_string(), r#"{"a":{"b":1,"list":[0,"x"]}}"#);
    /// ```
    fn index_mut(&mut self, index: I) -> &mut Value {
        match index.key() {
            IndexKey::Key(k) => {
                if self.is_null() {
                    *self = Value::Object(Map::new());
                }
                match self {
                    Value::Object(m) => m.get_or_insert_with(k, || Value::Null),
                    other => panic!(
                        "cannot index into a JSON {} with the key `{k}`",
                        other.type_name()
                    ),
                }
            }
            IndexKey::Position(i) => match self {
                Value::Array(a) => {
                    let len = a.len();
                    match a.get_mut(i) {
                        Some(v) => v,
                        None => panic!("index {i} out of range for a JSON array of length {len}"),
                    }
                }
                other => panic!(
                    "cannot index into a JSON {} with the position {i}",
                    other.type_name()
                ),
            },
        }
    }
}

impl<'a, I: Index> ops::Index<I> for ValueRef<'a> {
    type Output = ValueRef<'a>;

    /// The element or member at `index`, or `Null` when there is none. Never
    /// panics.
    #[inline]
    fn index(&self, index: I) -> &ValueRef<'a> {
        static NULL_REF: ValueRef<'static> = ValueRef::Null;
        get(self, index.key()).unwrap_or(&NULL_REF)
    }
}

// MARK: - JSON Pointer

/// Splits a pointer into unescaped tokens; `None` when it is malformed (does
/// not start with `/`, or has a `~` not followed by `0` or `1`).
pub(crate) fn tokens(pointer: &str) -> Option<impl Iterator<Item = Token<'_>>> {
    if !pointer.is_empty() && !pointer.starts_with('/') {
        return None;
    }
    // Check the escapes up front, so the walk below cannot fail on them.
    let bytes = pointer.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'~' && !matches!(bytes.get(i + 1), Some(b'0' | b'1')) {
            return None;
        }
    }
    Some(pointer.split('/').skip(1).map(|raw| {
        if raw.contains('~') {
            Token::Owned(raw.replace("~1", "/").replace("~0", "~"))
        } else {
            Token::Borrowed(raw)
        }
    }))
}

pub(crate) enum Token<'p> {
    Borrowed(&'p str),
    Owned(String),
}

impl Token<'_> {
    pub(crate) fn as_str(&self) -> &str {
        match self {
            Token::Borrowed(s) => s,
            Token::Owned(s) => s,
        }
    }
}

/// An array index token: `0` or digits without a leading zero. (`-`, the
/// position past the end, never names an existing element.)
pub(crate) fn array_index(token: &str) -> Option<usize> {
    let b = token.as_bytes();
    if b.is_empty() || (b.len() > 1 && b[0] == b'0') || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    token.parse().ok()
}

pub(crate) fn pointer<'v, T: Tree>(v: &'v T, pointer: &str) -> Option<&'v T> {
    let mut cur = v;
    for token in tokens(pointer)? {
        let token = token.as_str();
        cur = match cur.node() {
            Node::Object(m) => m.get(token)?,
            Node::Array(a) => a.get(array_index(token)?)?,
            _ => return None,
        };
    }
    Some(cur)
}

pub(crate) fn pointer_mut<'v, T: Tree>(v: &'v mut T, pointer: &str) -> Option<&'v mut T> {
    let mut cur = v;
    for token in tokens(pointer)? {
        let token = token.as_str();
        cur = if matches!(cur.node(), Node::Object(_)) {
            cur.object_mut()?.get_mut(token)?
        } else {
            let i = array_index(token)?;
            cur.array_mut()?.get_mut(i)?
        };
    }
    Some(cur)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn array_index_follows_rfc_6901() {
        assert_eq!(array_index("0"), Some(0));
        assert_eq!(array_index("10"), Some(10));
        assert_eq!(array_index("01"), None);
        assert_eq!(array_index("-"), None);
        assert_eq!(array_index(""), None);
        assert_eq!(array_index("+1"), None);
    }
}
