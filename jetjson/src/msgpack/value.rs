//! `Value`, `ValueRef` and `Number` as MessagePack: what their JSON would be,
//! read and written without recursion.
//!
//! Writing: `Null` is nil, a `Bool` false/true, an integer `Number` the
//! smallest int form, a float `Number` float 64, a `String` str, an `Array`
//! array and an `Object` a map with str keys, members in order.
//!
//! Reading takes nil, booleans, integers (as exact `u64`/`i64` numbers),
//! floats (float 32 widened exactly), strings, arrays and maps whose keys are
//! strings. What JSON cannot hold is an error, never a lossy conversion: bin
//! and ext values and non-string keys are [`ErrorKind::InvalidType`], NaN and
//! infinities [`ErrorKind::InvalidValue`]. A repeated key: the last value
//! wins, at the place of the first, as for JSON text.

use std::borrow::{Borrow, Cow};

use super::marker::Family;
use super::read::Int;
use super::{FromMsgpack, Reader, ToMsgpack, Writer};
use crate::value::{Map, Node, Number, Tree, ValueRef};
use crate::{Error, ErrorKind, Value};

/// What an "expected ..., found ..." error says a `Value` wanted.
const EXPECTED: &str = "a JSON value";

// MARK: - Writing

/// An open container being written.
enum Frame<'v, T: Tree> {
    Array(std::slice::Iter<'v, T>),
    Object(std::slice::Iter<'v, (T::Key, T)>),
}

fn write_number(n: &Number, w: &mut Writer) {
    if let Some(v) = n.as_u64() {
        w.write_u64(v);
    } else if let Some(v) = n.as_i64() {
        w.write_i64(v);
    } else if let Some(v) = n.as_f64() {
        w.write_f64(v);
    }
}

/// Writes `v`, keeping the open containers on an explicit stack.
fn write_tree<T: Tree>(v: &T, w: &mut Writer) {
    let mut stack: Vec<Frame<'_, T>> = Vec::new();
    let mut cur = v;
    loop {
        match cur.node() {
            Node::Null => w.write_nil(),
            Node::Bool(b) => w.write_bool(b),
            Node::Number(n) => write_number(n, w),
            Node::String(s) => w.write_str(s),
            Node::Array(a) => {
                w.write_array_len(a.len());
                stack.push(Frame::Array(a.iter()));
            }
            Node::Object(m) => {
                w.write_map_len(m.len());
                stack.push(Frame::Object(m.entries().iter()));
            }
        }
        // Move to the next value, closing finished containers.
        loop {
            match stack.last_mut() {
                None => return,
                Some(Frame::Array(it)) => {
                    if let Some(next) = it.next() {
                        cur = next;
                        break;
                    }
                }
                Some(Frame::Object(it)) => {
                    if let Some((k, next)) = it.next() {
                        w.write_str(k.borrow());
                        cur = next;
                        break;
                    }
                }
            }
            stack.pop();
        }
    }
}

impl ToMsgpack for Value {
    fn write_msgpack(&self, w: &mut Writer) {
        write_tree(self, w);
    }

    /// Only `Null` is empty, as for JSON.
    fn is_msgpack_empty(&self) -> bool {
        self.is_null()
    }
}

impl ToMsgpack for ValueRef<'_> {
    fn write_msgpack(&self, w: &mut Writer) {
        write_tree(self, w);
    }

    /// Only `Null` is empty.
    fn is_msgpack_empty(&self) -> bool {
        self.is_null()
    }
}

impl<K: Borrow<str>> ToMsgpack for Map<K, Value> {
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_map_len(self.len());
        for (k, v) in self.entries() {
            w.write_str(k.borrow());
            v.write_msgpack(w);
        }
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

impl ToMsgpack for Number {
    fn write_msgpack(&self, w: &mut Writer) {
        write_number(self, w);
    }
}

// MARK: - Reading

/// A DOM type the reader can build: [`Value`] or [`ValueRef`].
trait Build<'de>: Sized {
    type Key: Borrow<str> + Default;

    fn null() -> Self;
    fn boolean(b: bool) -> Self;
    fn number(n: Number) -> Self;
    fn string(s: &'de str) -> Self;
    fn key(s: &'de str) -> Self::Key;
    fn array(elements: Vec<Self>) -> Self;
    fn object(members: Map<Self::Key, Self>) -> Self;
}

impl<'de> Build<'de> for Value {
    type Key = String;

    fn null() -> Self {
        Value::Null
    }

    fn boolean(b: bool) -> Self {
        Value::Bool(b)
    }

    fn number(n: Number) -> Self {
        Value::Number(n)
    }

    fn string(s: &'de str) -> Self {
        Value::String(s.to_owned())
    }

    fn key(s: &'de str) -> String {
        s.to_owned()
    }

    fn array(elements: Vec<Self>) -> Self {
        Value::Array(elements)
    }

    fn object(members: Map<String, Self>) -> Self {
        Value::Object(members)
    }
}

impl<'de: 'a, 'a> Build<'de> for ValueRef<'a> {
    type Key = Cow<'a, str>;

    fn null() -> Self {
        ValueRef::Null
    }

    fn boolean(b: bool) -> Self {
        ValueRef::Bool(b)
    }

    fn number(n: Number) -> Self {
        ValueRef::Number(n)
    }

    fn string(s: &'de str) -> Self {
        ValueRef::String(Cow::Borrowed(s))
    }

    fn key(s: &'de str) -> Cow<'a, str> {
        Cow::Borrowed(s)
    }

    fn array(elements: Vec<Self>) -> Self {
        ValueRef::Array(elements)
    }

    fn object(members: Map<Cow<'a, str>, Self>) -> Self {
        ValueRef::Object(members)
    }
}

/// A number at the cursor: an integer exactly, a float when finite.
fn read_number(r: &mut Reader<'_>) -> Result<Number, Error> {
    let start = r.offset();
    match r.peek().map(Family::of) {
        Some(Family::Float) => {
            let f = r.read_f64()?;
            Number::from_f64(f).ok_or_else(|| {
                r.error_at(
                    ErrorKind::InvalidValue {
                        message: "NaN and infinity have no JSON number".into(),
                    },
                    start,
                )
            })
        }
        _ => match r.read_int("a number")? {
            Int::U(v) => Ok(Number::from(v)),
            Int::I(v) => Ok(Number::from(v)),
        },
    }
}

/// A map key: a string, and nothing else.
#[inline]
fn read_key<'de, B: Build<'de>>(r: &mut Reader<'de>) -> Result<B::Key, Error> {
    match r.peek().map(Family::of) {
        Some(Family::String) => r.read_str().map(B::key),
        _ => Err(r.invalid_type("a string key")),
    }
}

/// An open array or map: how many values it still owes, where its items
/// start on the shared scratch stacks, and for a map the key of the member
/// being read.
struct Open<K> {
    left: usize,
    start: usize,
    object: bool,
    key: K,
}

/// Reads one value at the cursor without recursion; the reader's depth limit
/// applies.
fn parse<'de, B: Build<'de>>(r: &mut Reader<'de>) -> Result<B, Error> {
    let mut open: Vec<Open<B::Key>> = Vec::new();
    let mut elements: Vec<B> = Vec::new();
    let mut members: Vec<(B::Key, B)> = Vec::new();
    'value: loop {
        let family = match r.peek() {
            Some(m) => Family::of(m),
            None => return Err(r.invalid_type(EXPECTED)),
        };
        let mut value = match family {
            Family::Nil => {
                r.read_nil()?;
                B::null()
            }
            Family::Boolean => B::boolean(r.read_bool()?),
            Family::Integer | Family::Float => B::number(read_number(r)?),
            Family::String => B::string(r.read_str()?),
            Family::Array => {
                let left = r.read_array_len()?;
                r.enter()?;
                if left > 0 {
                    open.push(Open {
                        left,
                        start: elements.len(),
                        object: false,
                        key: B::Key::default(),
                    });
                    continue 'value;
                }
                r.leave();
                B::array(Vec::new())
            }
            Family::Map => {
                let left = r.read_map_len()?;
                r.enter()?;
                if left > 0 {
                    let key = read_key::<B>(r)?;
                    open.push(Open {
                        left,
                        start: members.len(),
                        object: true,
                        key,
                    });
                    continue 'value;
                }
                r.leave();
                B::object(Map::new())
            }
            Family::Binary | Family::Extension | Family::Invalid => {
                return Err(r.invalid_type(EXPECTED))
            }
        };
        // A value is complete: place it, closing every container it completes.
        loop {
            let Some(top) = open.last_mut() else {
                return Ok(value);
            };
            top.left -= 1;
            if top.object {
                members.push((std::mem::take(&mut top.key), value));
                if top.left > 0 {
                    top.key = read_key::<B>(r)?;
                    continue 'value;
                }
                let start = top.start;
                open.pop();
                r.leave();
                value = B::object(Map::from_members(members.drain(start..).collect()));
            } else {
                elements.push(value);
                if top.left > 0 {
                    continue 'value;
                }
                let start = top.start;
                open.pop();
                r.leave();
                value = B::array(elements.drain(start..).collect());
            }
        }
    }
}

/// Any value JSON could hold (see the module docs); iterative, so a
/// reader with a large depth limit is safe.
///
/// ```
/// use jetjson::{json, Value};
/// use jetjson::msgpack::{from_slice, to_vec};
///
/// let v = json!({"a": [1, -2, 2.5, null, true, "x"]});
/// assert_eq!(from_slice::<Value>(&to_vec(&v)).unwrap(), v);
///
/// let err = from_slice::<Value>(b"\x81\x01\x02").unwrap_err(); // {1: 2}
/// assert_eq!(err.to_string(), "expected a string key, found integer at byte 1");
/// ```
impl<'de> FromMsgpack<'de> for Value {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        parse(r)
    }
}

/// As for [`Value`], strings and keys borrowed from the input.
impl<'de: 'a, 'a> FromMsgpack<'de> for ValueRef<'a> {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        parse(r)
    }
}

/// An integer (exact) or a finite float.
impl<'de> FromMsgpack<'de> for Number {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        read_number(r)
    }
}
