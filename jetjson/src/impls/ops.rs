//! `Bound<T>` and the ranges, as serde writes them.
//!
//! - `Range` and `RangeInclusive`: `{"start":..,"end":..}`; `RangeFrom`:
//!   `{"start":..}`; `RangeTo`: `{"end":..}` (MessagePack: maps with the same
//!   keys). Read from such an object or from an array of the fields in order.
//! - `Bound`: `"Unbounded"`, `{"Included":x}` or `{"Excluded":x}` (serde's
//!   externally tagged enum); `{"Unbounded":null}` is read too, as
//!   serde_json reads it.

use std::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};

use super::shape::{
    missing, msgpack_missing, msgpack_struct, read_struct, value_missing, value_struct,
};
use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::convert::{invalid_type, invalid_value};
use crate::value::{FromValue, ToValue};
use crate::{Error, ErrorKind, FromJson, Map, Reader, ToJson, Value, Writer};

const START_END: &[&str] = &["start", "end"];
const START: &[&str] = &["start"];
const END: &[&str] = &["end"];

/// Implements the three formats for a range type of the fields `$fields`
/// (the names in `$names`), built by `$make`.
macro_rules! range {
    ($ty:ident, $expected:literal, $names:ident, [$($field:ident $i:literal),+], |$($arg:ident),+| $make:expr) => {
        impl<T: ToJson> ToJson for $ty<T> {
            fn write_json(&self, w: &mut Writer<'_>) {
                w.write_byte(b'{');
                $(
                    if $i > 0 {
                        w.write_comma();
                    }
                    w.write_key($names[$i]);
                    self.$field().write_json(w);
                )+
                w.write_byte(b'}');
            }
        }

        impl<'de, T: FromJson<'de>> FromJson<'de> for $ty<T> {
            fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                $(let mut $arg: Option<T> = None;)+
                read_struct(r, $expected, $names, |r, i| {
                    match i {
                        $($i => $arg = Some(T::read_json(r)?),)+
                        _ => {}
                    }
                    Ok(())
                })?;
                $(let $arg = $arg.ok_or_else(|| missing(r, $names[$i]))?;)+
                Ok($make)
            }
        }

        impl<T: ToValue> ToValue for $ty<T> {
            fn to_value(&self) -> Value {
                let mut m = Map::with_capacity($names.len());
                $(m.insert($names[$i].to_owned(), self.$field().to_value());)+
                Value::Object(m)
            }
        }

        impl<T: FromValue> FromValue for $ty<T> {
            fn from_value_ref(v: &Value) -> Result<Self, Error> {
                $(let mut $arg: Option<T> = None;)+
                value_struct(v, $expected, $names, |v, i| {
                    match i {
                        $($i => $arg = Some(T::from_value_ref(v)?),)+
                        _ => {}
                    }
                    Ok(())
                })?;
                $(let $arg = $arg.ok_or_else(|| value_missing($names[$i]))?;)+
                Ok($make)
            }
        }

        impl<T: ToMsgpack> ToMsgpack for $ty<T> {
            fn write_msgpack(&self, w: &mut msgpack::Writer) {
                w.write_map_len($names.len());
                $(
                    w.write_str($names[$i]);
                    self.$field().write_msgpack(w);
                )+
            }
        }

        impl<'de, T: FromMsgpack<'de>> FromMsgpack<'de> for $ty<T> {
            fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
                $(let mut $arg: Option<T> = None;)+
                msgpack_struct(r, $expected, $names, |r, i| {
                    match i {
                        $($i => $arg = Some(T::read_msgpack(r)?),)+
                        _ => {}
                    }
                    Ok(())
                })?;
                $(let $arg = $arg.ok_or_else(|| msgpack_missing(r, $names[$i]))?;)+
                Ok($make)
            }
        }
    };
}

/// `range.start` as a method, so the macro can treat every type alike.
trait Fields<T> {
    fn start(&self) -> &T;
    fn end(&self) -> &T;
}

impl<T> Fields<T> for Range<T> {
    fn start(&self) -> &T {
        &self.start
    }
    fn end(&self) -> &T {
        &self.end
    }
}

impl<T> Fields<T> for RangeInclusive<T> {
    fn start(&self) -> &T {
        RangeInclusive::start(self)
    }
    fn end(&self) -> &T {
        RangeInclusive::end(self)
    }
}

trait StartField<T> {
    fn start(&self) -> &T;
}

impl<T> StartField<T> for RangeFrom<T> {
    fn start(&self) -> &T {
        &self.start
    }
}

trait EndField<T> {
    fn end(&self) -> &T;
}

impl<T> EndField<T> for RangeTo<T> {
    fn end(&self) -> &T {
        &self.end
    }
}

range!(Range, "a Range", START_END, [start 0, end 1], |start, end| start..end);
range!(RangeInclusive, "a RangeInclusive", START_END, [start 0, end 1], |start, end| start..=end);
range!(RangeFrom, "a RangeFrom", START, [start 0], |start| start..);
range!(RangeTo, "a RangeTo", END, [end 0], |end| ..end);

// MARK: - Bound

const BOUND: &[&str] = &["Unbounded", "Included", "Excluded"];
const BOUND_EXPECTED: &str = "a Bound";

impl<T: ToJson> ToJson for Bound<T> {
    fn write_json(&self, w: &mut Writer<'_>) {
        match self {
            Bound::Unbounded => w.write_raw(b"\"Unbounded\""),
            Bound::Included(v) => {
                w.write_raw(b"{\"Included\":");
                v.write_json(w);
                w.write_byte(b'}');
            }
            Bound::Excluded(v) => {
                w.write_raw(b"{\"Excluded\":");
                v.write_json(w);
                w.write_byte(b'}');
            }
        }
    }
}

fn variant_index(name: &str) -> Option<usize> {
    BOUND.iter().position(|v| *v == name)
}

impl<'de, T: FromJson<'de>> FromJson<'de> for Bound<T> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        match r.peek() {
            Some(b'"') => {
                let start = r.offset();
                let name = r.read_str()?;
                match name.as_str() {
                    "Unbounded" => Ok(Bound::Unbounded),
                    "Included" | "Excluded" => Err(r.error_at(
                        ErrorKind::InvalidType {
                            expected: "a newtype variant",
                            found: "unit variant",
                        },
                        start,
                    )),
                    other => {
                        let kind = ErrorKind::UnknownVariant {
                            variant: other.to_owned(),
                            expected: BOUND,
                        };
                        Err(r.error_at(kind, start))
                    }
                }
            }
            Some(b'{') => {
                r.begin_object(BOUND_EXPECTED)?;
                let mut first = true;
                if !r.next_member(&mut first)? {
                    return Err(r.invalid_value("expected a Bound variant, found an empty object"));
                }
                let key_start = r.offset();
                let key = r.read_key()?;
                let out = match variant_index(key.as_str()) {
                    Some(0) => r.read_null().map(|()| Bound::Unbounded)?,
                    Some(1) => Bound::Included(T::read_json(r).map_err(|e| e.field("Included"))?),
                    Some(_) => Bound::Excluded(T::read_json(r).map_err(|e| e.field("Excluded"))?),
                    None => {
                        let kind = ErrorKind::UnknownVariant {
                            variant: key.as_str().to_owned(),
                            expected: BOUND,
                        };
                        return Err(r.error_at(kind, key_start));
                    }
                };
                if r.next_member(&mut first)? {
                    return Err(r.invalid_value("expected a Bound of one variant"));
                }
                Ok(out)
            }
            _ => Err(r.invalid_type(BOUND_EXPECTED)),
        }
    }
}

impl<T: ToValue> ToValue for Bound<T> {
    fn to_value(&self) -> Value {
        let (name, v) = match self {
            Bound::Unbounded => return Value::String("Unbounded".to_owned()),
            Bound::Included(v) => ("Included", v),
            Bound::Excluded(v) => ("Excluded", v),
        };
        let mut m = Map::with_capacity(1);
        m.insert(name.to_owned(), v.to_value());
        Value::Object(m)
    }
}

impl<T: FromValue> FromValue for Bound<T> {
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        match v {
            Value::String(s) => match s.as_str() {
                "Unbounded" => Ok(Bound::Unbounded),
                "Included" | "Excluded" => Err(invalid_type_variant()),
                other => Err(unknown_variant(other)),
            },
            Value::Object(m) if m.len() == 1 => {
                let Some((k, v)) = m.iter().next() else {
                    return Err(invalid_value(
                        "expected a Bound variant, found an empty object",
                    ));
                };
                match variant_index(k) {
                    Some(0) => crate::value::convert::null(v).map(|()| Bound::Unbounded),
                    Some(1) => Ok(Bound::Included(
                        T::from_value_ref(v).map_err(|e| e.field("Included"))?,
                    )),
                    Some(_) => Ok(Bound::Excluded(
                        T::from_value_ref(v).map_err(|e| e.field("Excluded"))?,
                    )),
                    None => Err(unknown_variant(k)),
                }
            }
            Value::Object(_) => Err(invalid_value("expected a Bound of one variant")),
            other => Err(invalid_type(BOUND_EXPECTED, other)),
        }
    }
}

#[cold]
fn unknown_variant(name: &str) -> Error {
    Error::without_position(ErrorKind::UnknownVariant {
        variant: name.to_owned(),
        expected: BOUND,
    })
}

#[cold]
fn invalid_type_variant() -> Error {
    Error::without_position(ErrorKind::InvalidType {
        expected: "a newtype variant",
        found: "unit variant",
    })
}

impl<T: ToMsgpack> ToMsgpack for Bound<T> {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        let (name, v) = match self {
            Bound::Unbounded => return w.write_str("Unbounded"),
            Bound::Included(v) => ("Included", v),
            Bound::Excluded(v) => ("Excluded", v),
        };
        w.write_map_len(1);
        w.write_str(name);
        v.write_msgpack(w);
    }
}

impl<'de, T: FromMsgpack<'de>> FromMsgpack<'de> for Bound<T> {
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        match r.peek() {
            Some(0xa0..=0xbf | 0xd9..=0xdb) => {
                let start = r.offset();
                match r.read_str()? {
                    "Unbounded" => Ok(Bound::Unbounded),
                    "Included" | "Excluded" => Err(r.error_at(
                        ErrorKind::InvalidType {
                            expected: "a newtype variant",
                            found: "unit variant",
                        },
                        start,
                    )),
                    other => Err(r.unknown_variant(other, BOUND, start)),
                }
            }
            Some(0x80..=0x8f | 0xde | 0xdf) => {
                let len = r.read_map_len()?;
                if len != 1 {
                    return Err(r.invalid_length("a Bound of one variant", len));
                }
                r.enter()?;
                let key_start = r.offset();
                let key = r.read_str()?;
                let out = match variant_index(key) {
                    Some(0) => r.read_nil().map(|()| Bound::Unbounded)?,
                    Some(1) => {
                        Bound::Included(T::read_msgpack(r).map_err(|e| e.field("Included"))?)
                    }
                    Some(_) => {
                        Bound::Excluded(T::read_msgpack(r).map_err(|e| e.field("Excluded"))?)
                    }
                    None => return Err(r.unknown_variant(key, BOUND, key_start)),
                };
                r.leave();
                Ok(out)
            }
            _ => Err(r.invalid_type(BOUND_EXPECTED)),
        }
    }
}
