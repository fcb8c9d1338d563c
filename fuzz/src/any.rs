//! `Any`: a self-describing JSON value with hand-written `FromJson` and
//! `ToJson`, standing in for `jetjson::Value` (being written) wherever a
//! target needs "any document". Numbers are classified exactly as serde_json
//! classifies them, so an `Any` can be compared with a `serde_json::Value`
//! variant for variant.

use std::collections::BTreeMap;

use jetjson::{Error, ErrorKind, FromJson, Reader, ToJson, Writer};

/// One JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Any {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// An integer ≥ 0 that fits a `u64` (serde_json's `PosInt`).
    U64(u64),
    /// An integer < 0 that fits an `i64` (serde_json's `NegInt`).
    I64(i64),
    /// Every other number, correctly rounded (serde_json's `Float`); `-0` is
    /// here, as in serde_json.
    F64(f64),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Any>),
    /// An object's members in input order, repeated keys included.
    Object(Vec<(String, Any)>),
}

impl<'de> FromJson<'de> for Any {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        match r.peek() {
            Some(b'n') => r.read_null().map(|()| Any::Null),
            Some(b't' | b'f') => r.read_bool().map(Any::Bool),
            Some(b'"') => r.read_string().map(Any::String),
            Some(b'-' | b'0'..=b'9') => read_number(r),
            // The `Vec` impl enters the reader's depth guard.
            Some(b'[') => Vec::<Any>::read_json(r).map(Any::Array),
            Some(b'{') => read_object(r),
            _ => Err(r.invalid_type("any JSON value")),
        }
    }
}

/// Reads a number the way serde_json does: an integer that fits becomes
/// `U64`/`I64`, anything else an `f64`, and an `f64` overflow is an error.
fn read_number(r: &mut Reader<'_>) -> Result<Any, Error> {
    let start = r.offset();
    let text = r.read_number_text()?;
    let bytes = text.as_bytes();
    let integer = !bytes.iter().any(|b| matches!(b, b'.' | b'e' | b'E'));
    if integer {
        if bytes[0] == b'-' {
            // serde_json reads `-0` as the float -0.0.
            if let Ok(v) = Reader::new(bytes).read_i64("i64") {
                if v != 0 {
                    return Ok(Any::I64(v));
                }
            }
        } else if let Ok(v) = Reader::new(bytes).read_u64("u64") {
            return Ok(Any::U64(v));
        }
    }
    match Reader::new(bytes).read_f64() {
        Ok(v) => Ok(Any::F64(v)),
        Err(_) => Err(r.error_at(ErrorKind::NumberOutOfRange { ty: "f64" }, start)),
    }
}

fn read_object(r: &mut Reader<'_>) -> Result<Any, Error> {
    r.begin_object("an object")?;
    let mut members = Vec::new();
    let mut first = true;
    while r.next_member(&mut first)? {
        let key = r.read_key()?.as_str().to_owned();
        let value = Any::read_json(r).map_err(|e| e.key(&key))?;
        members.push((key, value));
    }
    Ok(Any::Object(members))
}

impl ToJson for Any {
    fn write_json(&self, w: &mut Writer<'_>) {
        match self {
            Any::Null => w.write_null(),
            Any::Bool(b) => w.write_bool(*b),
            Any::U64(v) => w.write_u64(*v),
            Any::I64(v) => w.write_i64(*v),
            Any::F64(v) => w.write_f64(*v),
            Any::String(s) => w.write_str(s),
            Any::Array(items) => items.write_json(w),
            Any::Object(members) => {
                w.begin_object();
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        w.write_comma();
                    }
                    w.write_key(k);
                    v.write_json(w);
                }
                w.end_object();
            }
        }
    }
}

impl Any {
    /// Equality with floats compared bit for bit (`-0.0 != 0.0`) and objects
    /// compared member by member in order.
    pub fn same(&self, other: &Any) -> bool {
        match (self, other) {
            (Any::F64(a), Any::F64(b)) => a.to_bits() == b.to_bits(),
            (Any::Array(a), Any::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same(y))
            }
            (Any::Object(a), Any::Object(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b)
                        .all(|((ka, va), (kb, vb))| ka == kb && va.same(vb))
            }
            _ => self == other,
        }
    }

    /// Nesting depth: 0 for a scalar, 1 for `[]`.
    pub fn depth(&self) -> usize {
        match self {
            Any::Array(items) => 1 + items.iter().map(Any::depth).max().unwrap_or(0),
            Any::Object(members) => 1 + members.iter().map(|(_, v)| v.depth()).max().unwrap_or(0),
            _ => 0,
        }
    }

    /// Whether this value is the one serde_json parsed: same variants, same
    /// numbers bit for bit, and objects equal with the last of a repeated key
    /// winning (serde_json's rule). Returns where they first differ.
    pub fn check_serde(&self, v: &serde_json::Value) -> Result<(), String> {
        use serde_json::Value;
        let ok = match (self, v) {
            (Any::Null, Value::Null) => true,
            (Any::Bool(a), Value::Bool(b)) => a == b,
            (Any::U64(a), Value::Number(n)) => n.is_u64() && n.as_u64() == Some(*a),
            (Any::I64(a), Value::Number(n)) => !n.is_u64() && n.is_i64() && n.as_i64() == Some(*a),
            (Any::F64(a), Value::Number(n)) => {
                n.is_f64() && n.as_f64().map(f64::to_bits) == Some(a.to_bits())
            }
            (Any::String(a), Value::String(b)) => a == b,
            (Any::Array(a), Value::Array(b)) => {
                if a.len() != b.len() {
                    return Err(format!("array lengths {} vs {}", a.len(), b.len()));
                }
                for (i, (x, y)) in a.iter().zip(b).enumerate() {
                    x.check_serde(y).map_err(|e| format!("[{i}]{e}"))?;
                }
                true
            }
            (Any::Object(a), Value::Object(b)) => {
                let last_wins: BTreeMap<&str, &Any> =
                    a.iter().map(|(k, v)| (k.as_str(), v)).collect();
                if last_wins.len() != b.len() {
                    return Err(format!("object sizes {} vs {}", last_wins.len(), b.len()));
                }
                for (k, x) in last_wins {
                    let y = b
                        .get(k)
                        .ok_or_else(|| format!(".{k:?} missing in serde_json"))?;
                    x.check_serde(y).map_err(|e| format!(".{k:?}{e}"))?;
                }
                true
            }
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(format!(": jetjson {self:?} vs serde_json {v:?}"))
        }
    }

    /// The value serde_json parsed, as an `Any` (objects in serde_json's
    /// map order).
    pub fn from_serde(v: &serde_json::Value) -> Any {
        use serde_json::Value;
        match v {
            Value::Null => Any::Null,
            Value::Bool(b) => Any::Bool(*b),
            Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
                (Some(u), _, _) => Any::U64(u),
                (None, Some(i), _) => Any::I64(i),
                (None, None, f) => Any::F64(f.unwrap_or(f64::NAN)),
            },
            Value::String(s) => Any::String(s.clone()),
            Value::Array(items) => Any::Array(items.iter().map(Any::from_serde).collect()),
            Value::Object(members) => Any::Object(
                members
                    .iter()
                    .map(|(k, v)| (k.clone(), Any::from_serde(v)))
                    .collect(),
            ),
        }
    }

    /// The same value as a `serde_json::Value` (the last of a repeated key
    /// wins). Non-finite floats become `null`, as both libraries write them.
    pub fn to_serde(&self) -> serde_json::Value {
        use serde_json::Value;
        match self {
            Any::Null => Value::Null,
            Any::Bool(b) => Value::Bool(*b),
            Any::U64(v) => Value::from(*v),
            Any::I64(v) => Value::from(*v),
            Any::F64(v) => serde_json::Number::from_f64(*v).map_or(Value::Null, Value::Number),
            Any::String(s) => Value::String(s.clone()),
            Any::Array(items) => Value::Array(items.iter().map(Any::to_serde).collect()),
            Any::Object(members) => Value::Object(
                members
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_serde()))
                    .collect(),
            ),
        }
    }
}
