//! `ValueRef<'a>`: the DOM that borrows its strings from the input.

use std::borrow::Cow;

use super::{accessors, Map, Node, Number, Tree, Value};

/// A JSON value whose strings and keys point into the input where they can:
/// text without escapes is borrowed, text with escapes is unescaped into an
/// owned `String` — or, with [`from_slice_mut`](super::from_slice_mut), into
/// the input buffer itself, so that nothing is copied.
///
/// It has the read API of [`Value`] (`v["a"][0]`, `get`, `pointer`,
/// `as_*`/`is_*`, printing, equality), and [`into_owned`](Self::into_owned)
/// turns it into a `Value`.
///
/// ```
/// use std::borrow::Cow;
/// use jetjson::value::ValueRef;
///
/// let input = br#"{"plain": "text", "escaped": "a\nb"}"#;
/// let v: ValueRef = jetjson::from_slice(input).unwrap();
/// assert!(matches!(&v["plain"], ValueRef::String(Cow::Borrowed("text"))));
/// assert!(matches!(&v["escaped"], ValueRef::String(Cow::Owned(s)) if s == "a\nb"));
/// assert_eq!(v["plain"], "text");
/// ```
#[derive(Default)]
pub enum ValueRef<'a> {
    /// `null`
    #[default]
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number.
    Number(Number),
    /// A string, borrowed from the input when possible.
    String(Cow<'a, str>),
    /// An array.
    Array(Vec<ValueRef<'a>>),
    /// An object, members in order; keys borrowed when possible.
    Object(Map<Cow<'a, str>, ValueRef<'a>>),
}

impl<'a> Tree for ValueRef<'a> {
    type Key = Cow<'a, str>;

    #[inline]
    fn node(&self) -> Node<'_, Self> {
        match self {
            ValueRef::Null => Node::Null,
            ValueRef::Bool(b) => Node::Bool(*b),
            ValueRef::Number(n) => Node::Number(n),
            ValueRef::String(s) => Node::String(s),
            ValueRef::Array(a) => Node::Array(a),
            ValueRef::Object(m) => Node::Object(m),
        }
    }

    #[inline]
    fn array_mut(&mut self) -> Option<&mut Vec<Self>> {
        match self {
            ValueRef::Array(a) => Some(a),
            _ => None,
        }
    }

    #[inline]
    fn object_mut(&mut self) -> Option<&mut Map<Cow<'a, str>, Self>> {
        match self {
            ValueRef::Object(m) => Some(m),
            _ => None,
        }
    }
}

accessors!(ValueRef<'a>, Cow<'a, str>);

/// An open container being converted, as in `clone_tree`.
enum Frame<'a> {
    Array(std::vec::IntoIter<ValueRef<'a>>, usize),
    Object(
        std::vec::IntoIter<(Cow<'a, str>, ValueRef<'a>)>,
        usize,
        String,
    ),
}

impl<'a> ValueRef<'a> {
    /// The same value with every string owned (no recursion, however deep).
    ///
    /// ```
    /// let text = String::from(r#"{"a": ["b"]}"#);
    /// let v: jetjson::value::ValueRef = jetjson::from_str(&text).unwrap();
    /// let owned: jetjson::Value = v.into_owned();
    /// drop(text);
    /// assert_eq!(owned["a"][0], "b");
    /// ```
    pub fn into_owned(mut self) -> Value {
        let mut frames: Vec<Frame<'a>> = Vec::new();
        let mut elements: Vec<Value> = Vec::new();
        let mut members: Vec<(String, Value)> = Vec::new();
        let mut cur = self.take();
        loop {
            let mut done = match &mut cur {
                ValueRef::Null => Value::Null,
                ValueRef::Bool(b) => Value::Bool(*b),
                ValueRef::Number(n) => Value::Number(*n),
                ValueRef::String(s) => Value::String(std::mem::take(s).into_owned()),
                ValueRef::Array(a) => {
                    let mut it = std::mem::take(a).into_iter();
                    match it.next() {
                        Some(first) => {
                            frames.push(Frame::Array(it, elements.len()));
                            cur = first;
                            continue;
                        }
                        None => Value::Array(Vec::new()),
                    }
                }
                ValueRef::Object(m) => {
                    let mut it = m.take_entries().into_iter();
                    match it.next() {
                        Some((k, first)) => {
                            frames.push(Frame::Object(it, members.len(), k.into_owned()));
                            cur = first;
                            continue;
                        }
                        None => Value::Object(Map::new()),
                    }
                }
            };
            loop {
                match frames.last_mut() {
                    None => return done,
                    Some(Frame::Array(it, start)) => {
                        elements.push(done);
                        if let Some(next) = it.next() {
                            cur = next;
                            break;
                        }
                        let start = *start;
                        frames.pop();
                        done = Value::Array(elements.drain(start..).collect());
                    }
                    Some(Frame::Object(it, start, key)) => {
                        members.push((std::mem::take(key), done));
                        if let Some((k, next)) = it.next() {
                            *key = k.into_owned();
                            cur = next;
                            break;
                        }
                        let start = *start;
                        frames.pop();
                        done = Value::Object(Map::from_unique(members.drain(start..).collect()));
                    }
                }
            }
        }
    }

    /// `null`, `boolean`, `number`, `string`, `array` or `object`.
    pub fn type_name(&self) -> &'static str {
        match self {
            ValueRef::Null => "null",
            ValueRef::Bool(_) => "boolean",
            ValueRef::Number(_) => "number",
            ValueRef::String(_) => "string",
            ValueRef::Array(_) => "array",
            ValueRef::Object(_) => "object",
        }
    }
}

impl<'a> From<ValueRef<'a>> for Value {
    fn from(v: ValueRef<'a>) -> Self {
        v.into_owned()
    }
}

impl<'a> From<&'a str> for ValueRef<'a> {
    fn from(v: &'a str) -> Self {
        ValueRef::String(Cow::Borrowed(v))
    }
}

impl From<Number> for ValueRef<'_> {
    fn from(v: Number) -> Self {
        ValueRef::Number(v)
    }
}

impl From<bool> for ValueRef<'_> {
    fn from(v: bool) -> Self {
        ValueRef::Bool(v)
    }
}
