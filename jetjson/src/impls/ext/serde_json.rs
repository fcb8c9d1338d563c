//! `serde_json::Value`, `serde_json::Map<String, Value>`,
//! `serde_json::Number` and `Box<serde_json::value::RawValue>` (feature
//! `serde_json`), and `From` conversions both ways between the first three
//! and jetjson's [`Value`](crate::Value), `Map` and `Number`.
//!
//! A `RawValue` is written as its text, byte for byte; reading keeps the
//! exact text of one value (checked as reading it would be), as
//! serde_json's does, and goes through [`crate::RawValue`] for `Value` and
//! MessagePack (parsed into a value; a value written as compact text).
//!
//! The two `Number`s hold the same numbers (a `u64`, a negative `i64` or a
//! finite `f64`), so every conversion is exact. Member order is serde_json's
//! `Map`'s: sorted keys, or insertion order with its `preserve_order`
//! feature; a repeated key read from text keeps the last value, as
//! serde_json does.
//!
//! Reading and converting are iterative (an explicit stack), so depth is
//! bounded only by [`Reader::max_depth`] (128 by default): deeper input is a
//! depth error, never a stack overflow. Writing recurses, as serde_json's
//! own `Serialize` does.

use serde_json::{Map as SMap, Number as SNumber, Value as SValue};

use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::{FromValue, ToValue};
use crate::{Error, FromJson, Map, Number, Reader, ToJson, Value, Writer};

// MARK: - Numbers

impl From<&Number> for SNumber {
    fn from(n: &Number) -> SNumber {
        if let Some(u) = n.as_u64() {
            SNumber::from(u)
        } else if let Some(i) = n.as_i64() {
            SNumber::from(i)
        } else {
            // A jetjson `Number` float is always finite, so this is `Some`;
            // 0 is unreachable.
            n.as_f64()
                .and_then(SNumber::from_f64)
                .unwrap_or_else(|| SNumber::from(0u8))
        }
    }
}

impl From<Number> for SNumber {
    fn from(n: Number) -> SNumber {
        SNumber::from(&n)
    }
}

impl From<&SNumber> for Number {
    fn from(n: &SNumber) -> Number {
        if let Some(u) = n.as_u64() {
            Number::from(u)
        } else if let Some(i) = n.as_i64() {
            Number::from(i)
        } else {
            // Without `arbitrary_precision` a serde_json float is finite;
            // with it, a number beyond f64 has no jetjson form (0 then).
            n.as_f64()
                .and_then(Number::from_f64)
                .unwrap_or_else(|| Number::from(0u8))
        }
    }
}

impl From<SNumber> for Number {
    fn from(n: SNumber) -> Number {
        Number::from(&n)
    }
}

impl ToJson for SNumber {
    fn write_json(&self, w: &mut Writer<'_>) {
        Number::from(self).write_json(w);
    }
}

impl<'de> FromJson<'de> for SNumber {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        Number::read_json(r).map(SNumber::from)
    }
}

impl ToValue for SNumber {
    fn to_value(&self) -> Value {
        Value::Number(Number::from(self))
    }
}

impl FromValue for SNumber {
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        Number::from_value_ref(v).map(SNumber::from)
    }
}

impl ToMsgpack for SNumber {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        Number::from(self).write_msgpack(w);
    }
}

impl<'de> FromMsgpack<'de> for SNumber {
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        Number::read_msgpack(r).map(SNumber::from)
    }
}

// MARK: - Values: conversions without recursion

/// A container being filled while converting or reading: its items so far,
/// and (for objects) the key of the value being built.
enum Frame<A, O> {
    Array(A),
    Object(O, String),
}

impl From<Value> for SValue {
    /// Moves strings, arrays and members across; any depth.
    fn from(v: Value) -> SValue {
        type Members = <Map as IntoIterator>::IntoIter;
        type Items = (Vec<SValue>, std::vec::IntoIter<Value>);
        type Pending = Frame<Items, (SMap<String, SValue>, Members)>;
        let mut stack: Vec<Pending> = Vec::new();
        let mut next = v;
        loop {
            // A leaf is done at once; a container is pushed and filled below.
            // `Value` has a `Drop` impl (iterative drop): take its parts out.
            let mut done = match &mut next {
                Value::Null => Some(SValue::Null),
                Value::Bool(b) => Some(SValue::Bool(*b)),
                Value::Number(n) => Some(SValue::Number((*n).into())),
                Value::String(s) => Some(SValue::String(std::mem::take(s))),
                Value::Array(a) => {
                    let a = std::mem::take(a);
                    stack.push(Frame::Array((Vec::with_capacity(a.len()), a.into_iter())));
                    None
                }
                Value::Object(m) => {
                    let m = std::mem::take(m);
                    stack.push(Frame::Object((SMap::new(), m.into_iter()), String::new()));
                    None
                }
            };
            // Hand finished values up until a container has another item.
            loop {
                match stack.last_mut() {
                    None => return done.unwrap_or(SValue::Null),
                    Some(Frame::Array((items, rest))) => {
                        items.extend(done.take());
                        if let Some(v) = rest.next() {
                            next = v;
                            break;
                        }
                    }
                    Some(Frame::Object((members, rest), key)) => {
                        if let Some(d) = done.take() {
                            members.insert(std::mem::take(key), d);
                        }
                        if let Some((k, v)) = rest.next() {
                            *key = k;
                            next = v;
                            break;
                        }
                    }
                }
                done = match stack.pop() {
                    Some(Frame::Array((items, _))) => Some(SValue::Array(items)),
                    Some(Frame::Object((members, _), _)) => Some(SValue::Object(members)),
                    None => None,
                };
            }
        }
    }
}

impl From<SValue> for Value {
    /// Moves strings, arrays and members across; any depth.
    fn from(v: SValue) -> Value {
        type Members = <SMap<String, SValue> as IntoIterator>::IntoIter;
        type Items = (Vec<Value>, std::vec::IntoIter<SValue>);
        type Pending = Frame<Items, (Vec<(String, Value)>, Members)>;
        let mut stack: Vec<Pending> = Vec::new();
        let mut next = v;
        loop {
            let mut done = match next {
                SValue::Null => Some(Value::Null),
                SValue::Bool(b) => Some(Value::Bool(b)),
                SValue::Number(n) => Some(Value::Number(n.into())),
                SValue::String(s) => Some(Value::String(s)),
                SValue::Array(a) => {
                    stack.push(Frame::Array((Vec::with_capacity(a.len()), a.into_iter())));
                    None
                }
                SValue::Object(m) => {
                    stack.push(Frame::Object(
                        (Vec::with_capacity(m.len()), m.into_iter()),
                        String::new(),
                    ));
                    None
                }
            };
            loop {
                match stack.last_mut() {
                    None => return done.unwrap_or(Value::Null),
                    Some(Frame::Array((items, rest))) => {
                        items.extend(done.take());
                        if let Some(v) = rest.next() {
                            next = v;
                            break;
                        }
                    }
                    Some(Frame::Object((members, rest), key)) => {
                        if let Some(d) = done.take() {
                            members.push((std::mem::take(key), d));
                        }
                        if let Some((k, v)) = rest.next() {
                            *key = k;
                            next = v;
                            break;
                        }
                    }
                }
                done = match stack.pop() {
                    Some(Frame::Array((items, _))) => Some(Value::Array(items)),
                    // serde_json's keys are unique.
                    Some(Frame::Object((members, _), _)) => {
                        Some(Value::Object(Map::from_unique(members)))
                    }
                    None => None,
                };
            }
        }
    }
}

impl From<Map> for SMap<String, SValue> {
    fn from(m: Map) -> Self {
        match SValue::from(Value::Object(m)) {
            SValue::Object(m) => m,
            _ => SMap::new(),
        }
    }
}

impl From<SMap<String, SValue>> for Map {
    fn from(m: SMap<String, SValue>) -> Self {
        match &mut Value::from(SValue::Object(m)) {
            Value::Object(m) => std::mem::take(m),
            _ => Map::new(),
        }
    }
}

// MARK: - JSON

impl ToJson for SValue {
    fn write_json(&self, w: &mut Writer<'_>) {
        match self {
            SValue::Null => w.write_null(),
            SValue::Bool(b) => w.write_bool(*b),
            SValue::Number(n) => n.write_json(w),
            SValue::String(s) => w.write_str(s),
            SValue::Array(a) => a.write_json(w),
            SValue::Object(m) => m.write_json(w),
        }
    }

    fn is_json_empty(&self) -> bool {
        match self {
            SValue::Null => true,
            SValue::Bool(b) => !b,
            SValue::Number(n) => n.as_f64() == Some(0.0),
            SValue::String(s) => s.is_empty(),
            SValue::Array(a) => a.is_empty(),
            SValue::Object(m) => m.is_empty(),
        }
    }
}

impl ToJson for SMap<String, SValue> {
    fn write_json(&self, w: &mut Writer<'_>) {
        w.begin_object();
        for (i, (k, v)) in self.iter().enumerate() {
            if i > 0 {
                w.write_comma();
            }
            w.write_key(k);
            v.write_json(w);
            w.flush_point();
        }
        w.end_object();
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

/// Reads one value without recursion: containers wait on a stack while
/// their items are read, so nesting is bounded by the reader's depth limit.
fn read_svalue(r: &mut Reader<'_>) -> Result<SValue, Error> {
    let mut stack: Vec<Frame<Vec<SValue>, SMap<String, SValue>>> = Vec::new();
    loop {
        // A leaf is done at once; a non-empty container is pushed.
        let mut done = match r.peek() {
            Some(b'[') => {
                r.begin_array("a value")?;
                let mut first = true;
                if r.next_element(&mut first)? {
                    stack.push(Frame::Array(Vec::new()));
                    continue;
                }
                SValue::Array(Vec::new())
            }
            Some(b'{') => {
                r.begin_object("a value")?;
                let mut first = true;
                if r.next_member(&mut first)? {
                    let key = r.read_key()?.as_str().to_owned();
                    stack.push(Frame::Object(SMap::new(), key));
                    continue;
                }
                SValue::Object(SMap::new())
            }
            Some(b'"') => SValue::String(r.read_string()?),
            Some(b't' | b'f') => SValue::Bool(r.read_bool()?),
            Some(b'n') => r.read_null().map(|()| SValue::Null)?,
            _ => SValue::Number(Number::read_json(r)?.into()),
        };
        // Hand finished values up until a container has another item.
        loop {
            let mut first = false;
            match stack.last_mut() {
                None => return Ok(done),
                Some(Frame::Array(items)) => {
                    items.push(done);
                    if r.next_element(&mut first)? {
                        break;
                    }
                }
                Some(Frame::Object(members, key)) => {
                    // A repeated key: the last value wins, as in serde_json.
                    members.insert(std::mem::take(key), done);
                    if r.next_member(&mut first)? {
                        *key = r.read_key()?.as_str().to_owned();
                        break;
                    }
                }
            }
            done = match stack.pop() {
                Some(Frame::Array(items)) => SValue::Array(items),
                Some(Frame::Object(members, _)) => SValue::Object(members),
                None => SValue::Null,
            };
        }
    }
}

impl<'de> FromJson<'de> for SValue {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        read_svalue(r)
    }
}

impl<'de> FromJson<'de> for SMap<String, SValue> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        if r.peek() != Some(b'{') {
            return Err(r.invalid_type("an object"));
        }
        match read_svalue(r)? {
            SValue::Object(m) => Ok(m),
            _ => Ok(SMap::new()),
        }
    }
}

// MARK: - Value

impl ToValue for SValue {
    fn to_value(&self) -> Value {
        Value::from(self.clone())
    }
}

impl FromValue for SValue {
    fn from_value(v: Value) -> Result<Self, Error> {
        Ok(SValue::from(v))
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        Ok(SValue::from(v.clone()))
    }
}

impl ToValue for SMap<String, SValue> {
    fn to_value(&self) -> Value {
        Value::Object(Map::from(self.clone()))
    }
}

impl FromValue for SMap<String, SValue> {
    fn from_value(v: Value) -> Result<Self, Error> {
        crate::value::convert::object(v, "an object").map(SMap::from)
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        crate::value::convert::object_ref(v, "an object").map(|m| SMap::from(m.clone()))
    }
}

// MARK: - MessagePack

impl ToMsgpack for SValue {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        match self {
            SValue::Null => w.write_nil(),
            SValue::Bool(b) => w.write_bool(*b),
            SValue::Number(n) => n.write_msgpack(w),
            SValue::String(s) => w.write_str(s),
            SValue::Array(a) => {
                w.write_array_len(a.len());
                for v in a {
                    v.write_msgpack(w);
                }
            }
            SValue::Object(m) => m.write_msgpack(w),
        }
    }
}

impl ToMsgpack for SMap<String, SValue> {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        w.write_map_len(self.len());
        for (k, v) in self {
            w.write_str(k);
            v.write_msgpack(w);
        }
    }
}

/// Read as jetjson's `Value` (iteratively, within the depth limit), then
/// moved across.
impl<'de> FromMsgpack<'de> for SValue {
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        Value::read_msgpack(r).map(SValue::from)
    }
}

impl<'de> FromMsgpack<'de> for SMap<String, SValue> {
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        match r.peek() {
            Some(0x80..=0x8f | 0xde | 0xdf) => {}
            _ => return Err(r.invalid_type("a map")),
        }
        match &mut Value::read_msgpack(r)? {
            Value::Object(m) => Ok(SMap::from(std::mem::take(m))),
            _ => Ok(SMap::new()),
        }
    }
}

// MARK: - RawValue

impl ToJson for serde_json::value::RawValue {
    /// Copies the text: serde_json checked it when the value was made.
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_raw(self.get().as_bytes());
    }
}

/// serde_json's own check of text jetjson already checked; it cannot fail,
/// but an error is passed on should it.
fn to_serde_raw(text: &str) -> Result<Box<serde_json::value::RawValue>, Error> {
    serde_json::value::RawValue::from_string(text.to_owned()).map_err(Error::custom)
}

impl<'de> FromJson<'de> for Box<serde_json::value::RawValue> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.peek();
        let start = r.offset();
        let raw = <&crate::RawValue>::read_json(r)?;
        to_serde_raw(raw.get()).map_err(|e| e.with_position(r.input(), start))
    }
}

impl ToValue for serde_json::value::RawValue {
    fn to_value(&self) -> Value {
        crate::RawValue::from_trusted(self.get()).to_value()
    }
}

impl FromValue for Box<serde_json::value::RawValue> {
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        to_serde_raw(Box::<crate::RawValue>::from_value_ref(v)?.get())
    }
}

impl ToMsgpack for serde_json::value::RawValue {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        crate::RawValue::from_trusted(self.get()).write_msgpack(w);
    }
}

impl<'de> FromMsgpack<'de> for Box<serde_json::value::RawValue> {
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        let start = r.offset();
        let raw = Box::<crate::RawValue>::read_msgpack(r)?;
        to_serde_raw(raw.get()).map_err(|e| r.error_at(e.kind().clone(), start))
    }
}
