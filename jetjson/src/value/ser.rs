//! Writing a DOM, compact or pretty, without recursion: an explicit stack of
//! member iterators. The output is byte for byte serde_json's (the same
//! escaping, the same shortest float text, the same pretty layout).

use std::fmt;

use super::number::N;
use super::{Node, Tree, Value, ValueRef};
use crate::{ToJson, Writer};

/// An open container being written.
enum Frame<'v, T: Tree> {
    Array(std::slice::Iter<'v, T>),
    Object(std::slice::Iter<'v, (T::Key, T)>),
}

const SPACES: &[u8; 64] = b"                                                                ";

#[inline]
fn newline(w: &mut Writer<'_>, width: usize) {
    w.write_byte(b'\n');
    let mut n = width;
    while n > 0 {
        let k = n.min(SPACES.len());
        w.write_raw(&SPACES[..k]);
        n -= k;
    }
}

/// Writes `v` to `w`: compact when `PRETTY` is false, else indented by
/// `indent` spaces per level in serde_json's layout.
pub(crate) fn write<T: Tree, const PRETTY: bool>(v: &T, w: &mut Writer<'_>, indent: usize) {
    use std::borrow::Borrow;

    let mut stack: Vec<Frame<'_, T>> = Vec::new();
    let mut cur = v;
    loop {
        match cur.node() {
            Node::Null => w.write_null(),
            Node::Bool(b) => w.write_bool(b),
            Node::Number(n) => n.write(w),
            Node::String(s) => w.write_str(s),
            Node::Array(a) => {
                if let Some((x, y)) = float_pair::<T, PRETTY>(a) {
                    // Coordinates and other pairs of floats: both are
                    // formatted before either is copied.
                    w.begin_array();
                    w.write_f64_pair(x, y);
                    w.end_array();
                } else {
                    let mut it = a.iter();
                    if let Some(first) = it.next() {
                        w.begin_array();
                        stack.push(Frame::Array(it));
                        if PRETTY {
                            newline(w, stack.len() * indent);
                        }
                        cur = first;
                        continue;
                    }
                    w.write_raw(b"[]");
                }
            }
            Node::Object(m) => {
                let mut it = m.entries().iter();
                if let Some((k, first)) = it.next() {
                    w.begin_object();
                    stack.push(Frame::Object(it));
                    if PRETTY {
                        newline(w, stack.len() * indent);
                    }
                    w.write_key(k.borrow());
                    if PRETTY {
                        w.write_byte(b' ');
                    }
                    cur = first;
                    continue;
                }
                w.write_raw(b"{}");
            }
        }
        // `cur` is written: move to the next element, closing containers.
        loop {
            let depth = stack.len();
            match stack.last_mut() {
                None => return,
                Some(Frame::Array(it)) => {
                    if let Some(next) = it.next() {
                        w.write_comma();
                        w.flush_point();
                        if PRETTY {
                            newline(w, depth * indent);
                        }
                        cur = next;
                        break;
                    }
                    stack.pop();
                    if PRETTY {
                        newline(w, (depth - 1) * indent);
                    }
                    w.end_array();
                }
                Some(Frame::Object(it)) => {
                    if let Some((k, next)) = it.next() {
                        w.write_comma();
                        w.flush_point();
                        if PRETTY {
                            newline(w, depth * indent);
                        }
                        w.write_key(k.borrow());
                        if PRETTY {
                            w.write_byte(b' ');
                        }
                        cur = next;
                        break;
                    }
                    stack.pop();
                    if PRETTY {
                        newline(w, (depth - 1) * indent);
                    }
                    w.end_object();
                }
            }
        }
    }
}

/// The two numbers of an array of exactly two floats, for the compact
/// layout ([`Writer::write_f64_pair`]); `None` for anything else.
#[inline]
fn float_pair<T: Tree, const PRETTY: bool>(a: &[T]) -> Option<(f64, f64)> {
    let [x, y] = a else {
        return None;
    };
    if PRETTY {
        return None;
    }
    match (x.node(), y.node()) {
        (Node::Number(x), Node::Number(y)) => match (x.repr(), y.repr()) {
            (N::Float(x), N::Float(y)) => Some((x, y)),
            _ => None,
        },
        _ => None,
    }
}

pub(crate) fn to_vec<T: Tree>(v: &T, indent: Option<usize>) -> Vec<u8> {
    let mut w = Writer::with_capacity(128);
    match indent {
        None => write::<T, false>(v, &mut w, 0),
        Some(n) => write::<T, true>(v, &mut w, n),
    }
    w.into_vec()
}

pub(crate) fn to_string<T: Tree>(v: &T, indent: Option<usize>) -> String {
    crate::into_string(to_vec(v, indent))
}

fn fmt_tree<T: Tree>(v: &T, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let indent = if f.alternate() { Some(2) } else { None };
    f.write_str(&to_string(v, indent))
}

impl ToJson for Value {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        write::<Value, false>(self, w, 0);
    }

    /// Only `null` is empty (a present `Value` of any other kind is kept).
    fn is_json_empty(&self) -> bool {
        self.is_null()
    }
}

impl ToJson for ValueRef<'_> {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        write::<ValueRef<'_>, false>(self, w, 0);
    }

    /// Only `null` is empty.
    fn is_json_empty(&self) -> bool {
        self.is_null()
    }
}

impl<K: std::borrow::Borrow<str>> ToJson for super::Map<K, Value> {
    fn write_json(&self, w: &mut Writer<'_>) {
        w.begin_object();
        for (i, (k, v)) in self.entries().iter().enumerate() {
            if i > 0 {
                w.write_comma();
            }
            w.write_key(k.borrow());
            v.write_json(w);
        }
        w.end_object();
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

/// Compact JSON; `{:#}` is pretty with two-space indentation.
///
/// ```
/// let v = jetjson::json!({"a": [1, "x"]});
/// assert_eq!(format!("{v}"), r#"{"a":[1,"x"]}"#);
/// assert_eq!(format!("{v:#}"), "{\n  \"a\": [\n    1,\n    \"x\"\n  ]\n}");
/// ```
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_tree(self, f)
    }
}

/// The JSON text, as for `Display` (`{:#?}` is pretty).
impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_tree(self, f)
    }
}

/// Compact JSON; `{:#}` is pretty with two-space indentation.
impl fmt::Display for ValueRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_tree(self, f)
    }
}

/// The JSON text, as for `Display` (`{:#?}` is pretty).
impl fmt::Debug for ValueRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_tree(self, f)
    }
}
