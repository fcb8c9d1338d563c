//! serde and jetjson's DOM: `Serialize`/`Deserialize` for [`Value`],
//! [`Map`] and [`Number`] (as serde_json has them for its `Value`), a
//! [`ValueSerializer`] that builds a `Value` from any `Serialize` type and a
//! [`ValueDeserializer`] that reads any `Deserialize` type from a `&Value`.

use std::fmt;

use ::serde::de::{self, Deserialize, DeserializeSeed, IntoDeserializer, Unexpected, Visitor};
use ::serde::ser::{self, Impossible, Serialize};

use crate::value::convert::{invalid_type, invalid_value};
use crate::value::{FromValue, ToValue};
use crate::{Error, Map, Number, Value};

// MARK: - Serialize

impl Serialize for Value {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Number(n) => n.serialize(s),
            Value::String(v) => s.serialize_str(v),
            Value::Array(items) => s.collect_seq(items),
            Value::Object(members) => members.serialize(s),
        }
    }
}

impl Serialize for Map<String, Value> {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl Serialize for Number {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if let Some(u) = self.as_u64() {
            s.serialize_u64(u)
        } else if let Some(i) = self.as_i64() {
            s.serialize_i64(i)
        } else {
            s.serialize_f64(self.as_f64().unwrap_or(0.0))
        }
    }
}

// MARK: - Deserialize

/// Builds a [`Value`] from whatever a deserializer offers.
struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    /// Exact when it fits 64 bits, else the nearest float, as
    /// `jetjson::from_slice::<Value>` reads such an integer.
    fn visit_i128<E>(self, v: i128) -> Result<Value, E> {
        Ok(v.to_value())
    }
    fn visit_u128<E>(self, v: u128) -> Result<Value, E> {
        Ok(v.to_value())
    }
    /// NaN and the infinities, which JSON cannot hold, become `null`.
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Value::deserialize(d)
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Value, A::Error> {
        MapVisitor.visit_map(map).map(Value::Object)
    }
}

struct MapVisitor;

impl<'de> Visitor<'de> for MapVisitor {
    type Value = Map<String, Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    /// A repeated key keeps its first position and its last value.
    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut members = Map::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some((k, v)) = map.next_entry::<String, Value>()? {
            members.insert(k, v);
        }
        Ok(members)
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

impl<'de> Deserialize<'de> for Map<String, Value> {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(MapVisitor)
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Number, D::Error> {
        struct NumberVisitor;
        impl Visitor<'_> for NumberVisitor {
            type Value = Number;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON number")
            }
            fn visit_i64<E>(self, v: i64) -> Result<Number, E> {
                Ok(v.into())
            }
            fn visit_u64<E>(self, v: u64) -> Result<Number, E> {
                Ok(v.into())
            }
            fn visit_i128<E: de::Error>(self, v: i128) -> Result<Number, E> {
                match v.to_value() {
                    Value::Number(n) => Ok(n),
                    _ => Err(E::custom("number out of range")),
                }
            }
            fn visit_u128<E: de::Error>(self, v: u128) -> Result<Number, E> {
                match v.to_value() {
                    Value::Number(n) => Ok(n),
                    _ => Err(E::custom("number out of range")),
                }
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Number, E> {
                Number::from_f64(v).ok_or_else(|| E::custom("not a JSON number"))
            }
        }
        d.deserialize_any(NumberVisitor)
    }
}

// MARK: - ValueSerializer

/// A [`serde::Serializer`](::serde::Serializer) that builds a [`Value`]:
/// the value that writing JSON and reading it back would give (integers
/// beyond 64 bits become floats, non-finite floats `null`, map keys text).
///
/// ```
/// use serde::Serialize;
///
/// let v = [Some(1.5), None].serialize(jetjson::serde::ValueSerializer).unwrap();
/// assert_eq!(v, jetjson::json!([1.5, null]));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct ValueSerializer;

/// The open array or object of a [`ValueSerializer`].
#[doc(hidden)]
pub struct ValueCompound {
    items: Vec<Value>,
    members: Map<String, Value>,
    next_key: Option<String>,
    /// The variant name that wraps the result (`{"V": ..}`), if any.
    variant: Option<&'static str>,
}

impl ValueCompound {
    fn new(variant: Option<&'static str>, len: usize) -> Self {
        ValueCompound {
            items: Vec::with_capacity(len.min(4096)),
            members: Map::new(),
            next_key: None,
            variant,
        }
    }

    fn wrap(variant: Option<&'static str>, v: Value) -> Value {
        match variant {
            Some(name) => {
                let mut m = Map::new();
                m.insert(name.to_owned(), v);
                Value::Object(m)
            }
            None => v,
        }
    }

    fn end_array(self) -> Value {
        ValueCompound::wrap(self.variant, Value::Array(self.items))
    }

    fn end_object(self) -> Value {
        ValueCompound::wrap(self.variant, Value::Object(self.members))
    }
}

impl ser::Serializer for ValueSerializer {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = ValueCompound;
    type SerializeTuple = ValueCompound;
    type SerializeTupleStruct = ValueCompound;
    type SerializeTupleVariant = ValueCompound;
    type SerializeMap = ValueCompound;
    type SerializeStruct = ValueCompound;
    type SerializeStructVariant = ValueCompound;

    fn serialize_bool(self, v: bool) -> Result<Value, Error> {
        Ok(Value::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Value, Error> {
        Ok(Value::Number(v.into()))
    }
    fn serialize_i16(self, v: i16) -> Result<Value, Error> {
        Ok(Value::Number(v.into()))
    }
    fn serialize_i32(self, v: i32) -> Result<Value, Error> {
        Ok(Value::Number(v.into()))
    }
    fn serialize_i64(self, v: i64) -> Result<Value, Error> {
        Ok(Value::Number(v.into()))
    }
    fn serialize_i128(self, v: i128) -> Result<Value, Error> {
        Ok(v.to_value())
    }
    fn serialize_u8(self, v: u8) -> Result<Value, Error> {
        Ok(Value::Number(v.into()))
    }
    fn serialize_u16(self, v: u16) -> Result<Value, Error> {
        Ok(Value::Number(v.into()))
    }
    fn serialize_u32(self, v: u32) -> Result<Value, Error> {
        Ok(Value::Number(v.into()))
    }
    fn serialize_u64(self, v: u64) -> Result<Value, Error> {
        Ok(Value::Number(v.into()))
    }
    fn serialize_u128(self, v: u128) -> Result<Value, Error> {
        Ok(v.to_value())
    }
    fn serialize_f32(self, v: f32) -> Result<Value, Error> {
        Ok(v.to_value())
    }
    fn serialize_f64(self, v: f64) -> Result<Value, Error> {
        Ok(v.to_value())
    }
    fn serialize_char(self, v: char) -> Result<Value, Error> {
        Ok(Value::String(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Value, Error> {
        Ok(Value::String(v.to_owned()))
    }
    /// An array of numbers, as in JSON.
    fn serialize_bytes(self, v: &[u8]) -> Result<Value, Error> {
        Ok(Value::Array(
            v.iter().map(|&b| Value::Number(b.into())).collect(),
        ))
    }
    fn serialize_none(self) -> Result<Value, Error> {
        Ok(Value::Null)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<Value, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value, Error> {
        Ok(Value::Null)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Value, Error> {
        Ok(Value::Null)
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Value, Error> {
        Ok(Value::String(variant.to_owned()))
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        Ok(ValueCompound::wrap(Some(variant), value.serialize(self)?))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<ValueCompound, Error> {
        Ok(ValueCompound::new(None, len.unwrap_or(0)))
    }
    fn serialize_tuple(self, len: usize) -> Result<ValueCompound, Error> {
        Ok(ValueCompound::new(None, len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<ValueCompound, Error> {
        Ok(ValueCompound::new(None, len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<ValueCompound, Error> {
        Ok(ValueCompound::new(Some(variant), len))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<ValueCompound, Error> {
        Ok(ValueCompound::new(None, 0))
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<ValueCompound, Error> {
        Ok(ValueCompound::new(None, 0))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<ValueCompound, Error> {
        Ok(ValueCompound::new(Some(variant), 0))
    }
}

macro_rules! value_seq_like {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for ValueCompound {
            type Ok = Value;
            type Error = Error;

            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
                self.items.push(value.serialize(ValueSerializer)?);
                Ok(())
            }

            fn end(self) -> Result<Value, Error> {
                Ok(self.end_array())
            }
        }
    )*};
}

value_seq_like!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for ValueCompound {
    type Ok = Value;
    type Error = Error;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Error> {
        self.next_key = Some(key.serialize(KeyText)?);
        Ok(())
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        let key = self.next_key.take().unwrap_or_default();
        self.members.insert(key, value.serialize(ValueSerializer)?);
        Ok(())
    }

    fn end(self) -> Result<Value, Error> {
        Ok(self.end_object())
    }
}

macro_rules! value_struct_like {
    ($($trait:ident),*) => {$(
        impl ser::$trait for ValueCompound {
            type Ok = Value;
            type Error = Error;

            fn serialize_field<T: ?Sized + Serialize>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.members.insert(key.to_owned(), value.serialize(ValueSerializer)?);
                Ok(())
            }

            fn end(self) -> Result<Value, Error> {
                Ok(self.end_object())
            }
        }
    )*};
}

value_struct_like!(SerializeStruct, SerializeStructVariant);

/// A map key as the text of a `Value`'s object key: what the JSON
/// serializer writes between the quotes.
pub(crate) struct KeyText;

impl KeyText {
    fn via_writer(write: impl FnOnce(&mut crate::Writer<'_>)) -> Result<String, Error> {
        let mut w = crate::Writer::new();
        write(&mut w);
        // Numbers and `true`/`false`: ASCII.
        Ok(String::from_utf8_lossy(w.as_bytes()).into_owned())
    }
}

impl ser::Serializer for KeyText {
    type Ok = String;
    type Error = Error;
    type SerializeSeq = Impossible<String, Error>;
    type SerializeTuple = Impossible<String, Error>;
    type SerializeTupleStruct = Impossible<String, Error>;
    type SerializeTupleVariant = Impossible<String, Error>;
    type SerializeMap = Impossible<String, Error>;
    type SerializeStruct = Impossible<String, Error>;
    type SerializeStructVariant = Impossible<String, Error>;

    fn serialize_bool(self, v: bool) -> Result<String, Error> {
        Ok(if v { "true" } else { "false" }.to_owned())
    }
    fn serialize_i8(self, v: i8) -> Result<String, Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<String, Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<String, Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<String, Error> {
        Ok(itoa::Buffer::new().format(v).to_owned())
    }
    fn serialize_i128(self, v: i128) -> Result<String, Error> {
        Ok(itoa::Buffer::new().format(v).to_owned())
    }
    fn serialize_u8(self, v: u8) -> Result<String, Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<String, Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<String, Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<String, Error> {
        Ok(itoa::Buffer::new().format(v).to_owned())
    }
    fn serialize_u128(self, v: u128) -> Result<String, Error> {
        Ok(itoa::Buffer::new().format(v).to_owned())
    }
    fn serialize_f32(self, v: f32) -> Result<String, Error> {
        if !v.is_finite() {
            return Err(super::ser::float_key_must_be_finite());
        }
        KeyText::via_writer(|w| w.write_f32(v))
    }
    fn serialize_f64(self, v: f64) -> Result<String, Error> {
        if !v.is_finite() {
            return Err(super::ser::float_key_must_be_finite());
        }
        KeyText::via_writer(|w| w.write_f64(v))
    }
    fn serialize_char(self, v: char) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_str(self, v: &str) -> Result<String, Error> {
        Ok(v.to_owned())
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<String, Error> {
        Err(super::ser::key_must_be_a_string())
    }
    fn serialize_none(self) -> Result<String, Error> {
        Err(super::ser::key_must_be_a_string())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<String, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<String, Error> {
        Err(super::ser::key_must_be_a_string())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<String, Error> {
        Err(super::ser::key_must_be_a_string())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<String, Error> {
        Ok(variant.to_owned())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<String, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<String, Error> {
        Err(super::ser::key_must_be_a_string())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(super::ser::key_must_be_a_string())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Err(super::ser::key_must_be_a_string())
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(super::ser::key_must_be_a_string())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(super::ser::key_must_be_a_string())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(super::ser::key_must_be_a_string())
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Error> {
        Err(super::ser::key_must_be_a_string())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(super::ser::key_must_be_a_string())
    }
}

// MARK: - ValueDeserializer

/// A [`serde::Deserializer`](::serde::Deserializer) over a borrowed
/// [`Value`]: strings are lent as `&'v str`. Numbers and strings are
/// checked by jetjson's own [`FromValue`] conversions, so errors read as
/// [`jetjson::from_value`](crate::value::from_value)'s do, path included.
/// Nesting is limited as for generated `FromValue` conversions (128).
///
/// ```
/// use serde::Deserialize;
///
/// let v = jetjson::json!({"name": "Ada", "langs": ["en"]});
/// let name = <&str>::deserialize(jetjson::serde::ValueDeserializer::new(&v["name"])).unwrap();
/// assert_eq!(name, "Ada");
/// ```
#[derive(Clone, Copy)]
pub struct ValueDeserializer<'v> {
    v: &'v Value,
}

impl<'v> ValueDeserializer<'v> {
    /// A deserializer for `v`.
    pub fn new(v: &'v Value) -> Self {
        ValueDeserializer { v }
    }
}

macro_rules! value_scalar {
    ($($method:ident $visit:ident $ty:ty,)*) => {$(
        fn $method<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
            visitor.$visit(<$ty>::from_value_ref(self.v)?)
        }
    )*};
}

impl<'v> ValueDeserializer<'v> {
    fn seq<V: Visitor<'v>>(items: &'v [Value], visitor: V) -> Result<V::Value, Error> {
        let _depth = crate::__private::ValueDepth::enter()?;
        let mut access = ValueSeq {
            items: items.iter(),
            index: 0,
        };
        let value = visitor.visit_seq(&mut access)?;
        if access.items.len() > 0 {
            return Err(invalid_value(format!(
                "trailing elements: {} left over in the array",
                access.items.len()
            )));
        }
        Ok(value)
    }

    fn map<V: Visitor<'v>>(members: &'v Map<String, Value>, visitor: V) -> Result<V::Value, Error> {
        let _depth = crate::__private::ValueDepth::enter()?;
        visitor.visit_map(ValueMap {
            members: members.iter(),
            value: None,
        })
    }
}

impl<'v> de::Deserializer<'v> for ValueDeserializer<'v> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.v {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => {
                if let Some(u) = n.as_u64() {
                    visitor.visit_u64(u)
                } else if let Some(i) = n.as_i64() {
                    visitor.visit_i64(i)
                } else {
                    visitor.visit_f64(n.as_f64().unwrap_or(0.0))
                }
            }
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(items) => ValueDeserializer::seq(items, visitor),
            Value::Object(members) => ValueDeserializer::map(members, visitor),
        }
    }

    value_scalar! {
        deserialize_bool visit_bool bool,
        deserialize_i8 visit_i8 i8,
        deserialize_i16 visit_i16 i16,
        deserialize_i32 visit_i32 i32,
        deserialize_i64 visit_i64 i64,
        deserialize_i128 visit_i128 i128,
        deserialize_u8 visit_u8 u8,
        deserialize_u16 visit_u16 u16,
        deserialize_u32 visit_u32 u32,
        deserialize_u64 visit_u64 u64,
        deserialize_u128 visit_u128 u128,
        deserialize_f32 visit_f32 f32,
        deserialize_f64 visit_f64 f64,
    }

    fn deserialize_char<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.v {
            Value::String(s) => visitor.visit_borrowed_str(s),
            other => Err(invalid_type("a string", other)),
        }
    }

    fn deserialize_string<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.v {
            Value::String(s) => visitor.visit_borrowed_bytes(s.as_bytes()),
            Value::Array(items) => ValueDeserializer::seq(items, visitor),
            other => Err(invalid_type("a byte array", other)),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.v {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.v {
            Value::Null => visitor.visit_unit(),
            other => Err(invalid_type("null", other)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'v>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'v>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.v {
            Value::Array(items) => ValueDeserializer::seq(items, visitor),
            other => Err(invalid_type("a sequence", other)),
        }
    }

    fn deserialize_tuple<V: Visitor<'v>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'v>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.v {
            Value::Object(members) => ValueDeserializer::map(members, visitor),
            other => Err(invalid_type("a map", other)),
        }
    }

    fn deserialize_struct<V: Visitor<'v>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.v {
            Value::Object(members) => ValueDeserializer::map(members, visitor),
            Value::Array(items) => ValueDeserializer::seq(items, visitor),
            other => Err(invalid_type(name, other)),
        }
    }

    fn deserialize_enum<V: Visitor<'v>>(
        self,
        name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.v {
            Value::String(s) => visitor.visit_enum(ValueEnum {
                variant: s,
                content: None,
            }),
            Value::Object(members) => {
                let mut iter = members.iter();
                match (iter.next(), iter.next()) {
                    (Some((k, v)), None) => visitor.visit_enum(ValueEnum {
                        variant: k,
                        content: Some(v),
                    }),
                    _ => Err(invalid_value(format!(
                        "expected enum {name} as an object with exactly one key"
                    ))),
                }
            }
            other => Err(invalid_type("a string or an object (an enum)", other)),
        }
    }

    fn deserialize_identifier<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
}

struct ValueSeq<'v> {
    items: std::slice::Iter<'v, Value>,
    index: usize,
}

impl<'v> de::SeqAccess<'v> for ValueSeq<'v> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'v>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some(item) = self.items.next() else {
            return Ok(None);
        };
        let index = self.index;
        self.index += 1;
        seed.deserialize(ValueDeserializer::new(item))
            .map(Some)
            .map_err(|e| e.index(index))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct ValueMap<'v> {
    members: crate::value::Iter<'v, String, Value>,
    value: Option<(&'v str, &'v Value)>,
}

impl<'v> de::MapAccess<'v> for ValueMap<'v> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'v>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((k, v)) = self.members.next() else {
            return Ok(None);
        };
        self.value = Some((k, v));
        seed.deserialize(ValueKey(k)).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'v>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.value.take() {
            Some((k, v)) => seed
                .deserialize(ValueDeserializer::new(v))
                .map_err(|e| e.key(k)),
            None => Err(invalid_value("a map value was asked for before its key")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.members.len())
    }
}

/// Reads a `T` from an object key of a `Value`, by serde_json's key rules.
pub(crate) fn from_value_key<T: de::DeserializeOwned>(key: &str) -> Result<T, Error> {
    T::deserialize(ValueKey(key))
}

/// An object key of a `Value`, read as serde_json reads keys (see the JSON
/// deserializer's `Key`): a string, or a number or `bool` written as text.
#[derive(Clone, Copy)]
struct ValueKey<'v>(&'v str);

macro_rules! value_numeric_key {
    ($($method:ident $visit:ident $ty:ty,)*) => {$(
        fn $method<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
            let v: $ty = self.number()?;
            visitor.$visit(v)
        }
    )*};
}

impl ValueKey<'_> {
    /// The key's text as a number, all of it, by jetjson's number grammar.
    fn number<'de, T: crate::FromJson<'de>>(&self) -> Result<T, Error>
    where
        Self: 'de,
    {
        if !matches!(self.0.as_bytes().first(), Some(b'-' | b'0'..=b'9')) {
            return Err(invalid_value("expected a number as the key"));
        }
        let mut r = crate::Reader::new(self.0.as_bytes());
        let v = T::read_json(&mut r).map_err(|e| Error::without_position(e.kind().clone()))?;
        if r.offset() != self.0.len() {
            return Err(invalid_value("expected a number as the key"));
        }
        Ok(v)
    }
}

impl<'v> de::Deserializer<'v> for ValueKey<'v> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_borrowed_str(self.0)
    }

    value_numeric_key! {
        deserialize_i8 visit_i8 i8,
        deserialize_i16 visit_i16 i16,
        deserialize_i32 visit_i32 i32,
        deserialize_i64 visit_i64 i64,
        deserialize_i128 visit_i128 i128,
        deserialize_u8 visit_u8 u8,
        deserialize_u16 visit_u16 u16,
        deserialize_u32 visit_u32 u32,
        deserialize_u64 visit_u64 u64,
        deserialize_u128 visit_u128 u128,
        deserialize_f32 visit_f32 f32,
        deserialize_f64 visit_f64 f64,
    }

    fn deserialize_bool<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            "true" => visitor.visit_bool(true),
            "false" => visitor.visit_bool(false),
            other => Err(de::Error::invalid_type(Unexpected::Str(other), &visitor)),
        }
    }

    fn deserialize_option<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'v>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'v>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_enum(ValueEnum {
            variant: self.0,
            content: None,
        })
    }

    fn deserialize_bytes<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_borrowed_bytes(self.0.as_bytes())
    }

    fn deserialize_byte_buf<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    ::serde::forward_to_deserialize_any! {
        <W: Visitor<'v>>
        char str string unit unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

/// An enum in a `Value`: `"Variant"` (no content) or `{"Variant": content}`.
struct ValueEnum<'v> {
    variant: &'v str,
    content: Option<&'v Value>,
}

impl<'v> de::EnumAccess<'v> for ValueEnum<'v> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'v>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let variant = seed.deserialize(ValueKey(self.variant))?;
        Ok((variant, self))
    }
}

impl<'v> ValueEnum<'v> {
    fn content<T>(
        self,
        expected: &'static str,
        read: impl FnOnce(ValueDeserializer<'v>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        match self.content {
            Some(v) => read(ValueDeserializer::new(v)).map_err(|e| e.key(self.variant)),
            None => Err(de::Error::invalid_type(Unexpected::UnitVariant, &expected)),
        }
    }
}

impl<'v> de::VariantAccess<'v> for ValueEnum<'v> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        match self.content {
            None => Ok(()),
            Some(v) => {
                <()>::deserialize(ValueDeserializer::new(v)).map_err(|e| e.key(self.variant))
            }
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'v>>(self, seed: T) -> Result<T::Value, Error> {
        self.content("newtype variant", |d| seed.deserialize(d))
    }

    fn tuple_variant<V: Visitor<'v>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.content("tuple variant", |d| {
            de::Deserializer::deserialize_seq(d, visitor)
        })
    }

    fn struct_variant<V: Visitor<'v>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.content("struct variant", |d| {
            de::Deserializer::deserialize_map(d, visitor)
        })
    }
}

impl<'v> IntoDeserializer<'v, Error> for &'v Value {
    type Deserializer = ValueDeserializer<'v>;

    fn into_deserializer(self) -> ValueDeserializer<'v> {
        ValueDeserializer::new(self)
    }
}
