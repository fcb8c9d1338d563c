//! serde over MessagePack: a [`Serializer`] over jetjson's
//! [`msgpack::Writer`](crate::msgpack::Writer) and a [`Deserializer`] over
//! its [`msgpack::Reader`](crate::msgpack::Reader), in rmp-serde's
//! `to_vec_named` layout: structs are maps keyed by field name, unit
//! variants their name, other variants `{name: content}`, unit structs an
//! empty array, bytes bin.
//!
//! One difference from rmp-serde: an `i128`/`u128` that fits 64 bits is
//! written as an integer (jetjson's
//! [`Writer::write_i128`](crate::msgpack::Writer::write_i128)), not always
//! as 16 bytes of bin; both read either form.
//!
//! ```
//! #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
//! struct Point {
//!     x: i8,
//!     y: i8,
//! }
//!
//! let bytes = jetjson::serde::msgpack::to_vec(&Point { x: 1, y: -1 }).unwrap();
//! assert_eq!(bytes, b"\x82\xa1x\x01\xa1y\xff");
//! let p: Point = jetjson::serde::msgpack::from_slice(&bytes).unwrap();
//! assert_eq!(p, Point { x: 1, y: -1 });
//! ```

use ::serde::de::{self, DeserializeSeed, Unexpected, Visitor};
use ::serde::ser::{self, Serialize};

use crate::msgpack::{Reader, Writer};
use crate::Error;

// MARK: - Entry points

/// Encodes `value` as MessagePack through serde. Fails only where a
/// `Serialize` impl does.
pub fn to_vec<T: ?Sized + Serialize>(value: &T) -> Result<Vec<u8>, Error> {
    let mut w = Writer::with_capacity(128);
    let (result, failed) = crate::scope::capture(|| value.serialize(Serializer::new(&mut w)));
    result?;
    match failed {
        Some(e) => Err(e),
        None => Ok(w.into_vec()),
    }
}

/// Decodes a `T` from MessagePack through serde; strings and bytes may
/// borrow from `input`.
///
/// ```
/// let err = jetjson::serde::msgpack::from_slice::<u8>(b"\xcd\x01\x00").unwrap_err();
/// assert_eq!(err.to_string(), "number out of range for u8 at byte 0");
/// ```
pub fn from_slice<'de, T: ::serde::Deserialize<'de>>(input: &'de [u8]) -> Result<T, Error> {
    let mut r = Reader::new(input);
    let value = T::deserialize(Deserializer::new(&mut r))?;
    r.finish()?;
    Ok(value)
}

// MARK: - Serializer

/// A [`serde::Serializer`] that writes MessagePack
/// into a jetjson [`msgpack::Writer`](crate::msgpack::Writer).
pub struct Serializer<'a> {
    w: &'a mut Writer,
}

impl<'a> Serializer<'a> {
    /// A serializer that appends to `w`.
    pub fn new(w: &'a mut Writer) -> Self {
        Serializer { w }
    }
}

/// The open array or map of a [`Serializer`]. A sequence or map of unknown
/// length is written first and given its header at the end.
#[doc(hidden)]
pub struct MsgpackCompound<'a> {
    w: &'a mut Writer,
    /// For unknown lengths: where the contents start, whether it is a map,
    /// and how many items came.
    unknown: Option<(usize, bool, usize)>,
}

impl<'a> MsgpackCompound<'a> {
    fn known(w: &'a mut Writer) -> Self {
        MsgpackCompound { w, unknown: None }
    }

    fn unknown(w: &'a mut Writer, map: bool) -> Self {
        let start = w.as_bytes().len();
        MsgpackCompound {
            w,
            unknown: Some((start, map, 0)),
        }
    }

    fn item<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(Serializer::new(self.w))
    }

    fn count(&mut self) {
        if let Some((_, _, n)) = &mut self.unknown {
            *n += 1;
        }
    }

    fn end(self) {
        if let Some((start, map, n)) = self.unknown {
            let contents = self.w.as_bytes()[start..].to_vec();
            self.w.truncate(start);
            if map {
                self.w.write_map_len(n);
            } else {
                self.w.write_array_len(n);
            }
            self.w.write_raw(&contents);
        }
    }
}

impl<'a> ser::Serializer for Serializer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = MsgpackCompound<'a>;
    type SerializeTuple = MsgpackCompound<'a>;
    type SerializeTupleStruct = MsgpackCompound<'a>;
    type SerializeTupleVariant = MsgpackCompound<'a>;
    type SerializeMap = MsgpackCompound<'a>;
    type SerializeStruct = MsgpackCompound<'a>;
    type SerializeStructVariant = MsgpackCompound<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.w.write_bool(v);
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.w.write_i64(v);
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.w.write_i128(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.w.write_u64(v);
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.w.write_u128(v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.w.write_f32(v);
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.w.write_f64(v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.w.write_str(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.w.write_str(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        self.w.write_bin(v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.w.write_nil();
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.w.write_nil();
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.w.write_array_len(0);
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.w.write_map_len(1);
        self.w.write_str(variant);
        value.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<MsgpackCompound<'a>, Error> {
        Ok(match len {
            Some(n) => {
                self.w.write_array_len(n);
                MsgpackCompound::known(self.w)
            }
            None => MsgpackCompound::unknown(self.w, false),
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<MsgpackCompound<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<MsgpackCompound<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<MsgpackCompound<'a>, Error> {
        self.w.write_map_len(1);
        self.w.write_str(variant);
        self.serialize_seq(Some(len))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<MsgpackCompound<'a>, Error> {
        Ok(match len {
            Some(n) => {
                self.w.write_map_len(n);
                MsgpackCompound::known(self.w)
            }
            None => MsgpackCompound::unknown(self.w, true),
        })
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<MsgpackCompound<'a>, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<MsgpackCompound<'a>, Error> {
        self.w.write_map_len(1);
        self.w.write_str(variant);
        self.serialize_map(Some(len))
    }

    /// Binary, as rmp-serde: serde's compact forms (an address as bytes,
    /// not text).
    fn is_human_readable(&self) -> bool {
        false
    }
}

macro_rules! msgpack_seq_like {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for MsgpackCompound<'_> {
            type Ok = ();
            type Error = Error;

            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
                self.count();
                self.item(value)
            }

            fn end(self) -> Result<(), Error> {
                MsgpackCompound::end(self);
                Ok(())
            }
        }
    )*};
}

msgpack_seq_like!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for MsgpackCompound<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Error> {
        self.count();
        self.item(key)
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.item(value)
    }

    fn end(self) -> Result<(), Error> {
        MsgpackCompound::end(self);
        Ok(())
    }
}

macro_rules! msgpack_struct_like {
    ($($trait:ident),*) => {$(
        impl ser::$trait for MsgpackCompound<'_> {
            type Ok = ();
            type Error = Error;

            fn serialize_field<T: ?Sized + Serialize>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.w.write_str(key);
                self.item(value)
            }

            fn end(self) -> Result<(), Error> {
                MsgpackCompound::end(self);
                Ok(())
            }
        }
    )*};
}

msgpack_struct_like!(SerializeStruct, SerializeStructVariant);

// MARK: - Deserializer

/// A [`serde::Deserializer`] that reads one
/// MessagePack value from a jetjson [`msgpack::Reader`](crate::msgpack::Reader),
/// with its depth limit; errors say `at byte N`.
pub struct Deserializer<'a, 'de> {
    r: &'a mut Reader<'de>,
}

impl<'a, 'de> Deserializer<'a, 'de> {
    /// A deserializer for the value at `r`'s cursor.
    pub fn new(r: &'a mut Reader<'de>) -> Self {
        Deserializer { r }
    }
}

#[cold]
fn place(e: Error, offset: usize) -> Error {
    e.with_byte_offset(offset)
}

macro_rules! visit {
    ($at:expr, $call:expr) => {{
        let at = $at;
        $call.map_err(|e| place(e, at))
    }};
}

macro_rules! msgpack_int {
    ($($method:ident $visit:ident $ty:ident $read:ident,)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let at = self.r.offset();
            let v = msgpack_int!(@read self, $read, $ty);
            visit!(at, visitor.$visit(v as $ty))
        }
    )*};
    (@read $self:ident, signed, $ty:ident) => {
        $self.r.read_signed(stringify!($ty), i64::from($ty::MIN), i64::from($ty::MAX))?
    };
    (@read $self:ident, unsigned, $ty:ident) => {
        $self.r.read_unsigned(stringify!($ty), u64::from($ty::MAX))?
    };
}

fn is_array(m: u8) -> bool {
    matches!(m, 0x90..=0x9f | 0xdc | 0xdd)
}

fn is_map(m: u8) -> bool {
    matches!(m, 0x80..=0x8f | 0xde | 0xdf)
}

fn is_str(m: u8) -> bool {
    matches!(m, 0xa0..=0xbf | 0xd9..=0xdb)
}

impl<'de> Deserializer<'_, 'de> {
    fn seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.r.offset();
        let len = self.r.read_array_len()?;
        self.r.enter()?;
        let mut access = Seq {
            r: &mut *self.r,
            left: len,
            index: 0,
        };
        let value = visit!(at, visitor.visit_seq(&mut access))?;
        if access.left > 0 {
            return Err(self.r.invalid_length("fewer elements", len));
        }
        self.r.leave();
        Ok(value)
    }

    fn map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.r.offset();
        let len = self.r.read_map_len()?;
        self.r.enter()?;
        let mut access = MapAccess {
            r: &mut *self.r,
            left: len,
            key_at: 0,
        };
        let value = visitor.visit_map(&mut access);
        let left = access.left;
        let value = visit!(self.r.offset().max(at), value)?;
        if left > 0 {
            return Err(self.r.invalid_length("fewer entries", len));
        }
        self.r.leave();
        Ok(value)
    }
}

impl<'de> de::Deserializer<'de> for Deserializer<'_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.r.offset();
        match self.r.peek() {
            Some(0xc0) => {
                self.r.read_nil()?;
                visit!(at, visitor.visit_unit())
            }
            Some(0xc2 | 0xc3) => {
                let v = self.r.read_bool()?;
                visit!(at, visitor.visit_bool(v))
            }
            Some(0xca) => {
                let v = self.r.read_f32()?;
                visit!(at, visitor.visit_f32(v))
            }
            Some(0xcb) => {
                let v = self.r.read_f64()?;
                visit!(at, visitor.visit_f64(v))
            }
            Some(0xc4..=0xc6) => {
                let v = self.r.read_bin()?;
                visit!(at, visitor.visit_borrowed_bytes(v))
            }
            Some(m) if is_str(m) => {
                let v = self.r.read_str()?;
                visit!(at, visitor.visit_borrowed_str(v))
            }
            Some(m) if is_array(m) => self.seq(visitor),
            Some(m) if is_map(m) => self.map(visitor),
            Some(0x00..=0x7f | 0xcc..=0xcf) => {
                let v = self.r.read_u64()?;
                visit!(at, visitor.visit_u64(v))
            }
            Some(0xe0..=0xff | 0xd0..=0xd3) => {
                let v = self.r.read_i64()?;
                match u64::try_from(v) {
                    Ok(u) => visit!(at, visitor.visit_u64(u)),
                    Err(_) => visit!(at, visitor.visit_i64(v)),
                }
            }
            Some(0xc7..=0xc9 | 0xd4..=0xd8) => Err(self
                .r
                .invalid_value("MessagePack extension types have no serde form here")),
            _ => Err(self.r.invalid_type("a MessagePack value")),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.r.offset();
        let v = self.r.read_bool()?;
        visit!(at, visitor.visit_bool(v))
    }

    msgpack_int! {
        deserialize_i8 visit_i8 i8 signed,
        deserialize_i16 visit_i16 i16 signed,
        deserialize_i32 visit_i32 i32 signed,
        deserialize_i64 visit_i64 i64 signed,
        deserialize_u8 visit_u8 u8 unsigned,
        deserialize_u16 visit_u16 u16 unsigned,
        deserialize_u32 visit_u32 u32 unsigned,
        deserialize_u64 visit_u64 u64 unsigned,
    }

    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.r.offset();
        let v = self.r.read_i128()?;
        visit!(at, visitor.visit_i128(v))
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.r.offset();
        let v = self.r.read_u128()?;
        visit!(at, visitor.visit_u128(v))
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.r.offset();
        let v = self.r.read_f32()?;
        visit!(at, visitor.visit_f32(v))
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.r.offset();
        let v = self.r.read_f64()?;
        visit!(at, visitor.visit_f64(v))
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.r.offset();
        let v = self.r.read_str()?;
        visit!(at, visitor.visit_borrowed_str(v))
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    /// bin, a string's bytes, or an array of numbers.
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.r.offset();
        match self.r.peek() {
            Some(m) if is_str(m) => {
                let v = self.r.read_str()?;
                visit!(at, visitor.visit_borrowed_bytes(v.as_bytes()))
            }
            Some(m) if is_array(m) => self.seq(visitor),
            _ => {
                let v = self.r.read_bin()?;
                visit!(at, visitor.visit_borrowed_bytes(v))
            }
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.r.offset();
        if self.r.try_read_nil() {
            visit!(at, visitor.visit_none())
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.r.offset();
        self.r.read_nil()?;
        visit!(at, visitor.visit_unit())
    }

    /// An empty array (rmp-serde's form) or nil.
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let at = self.r.offset();
        if self.r.peek() == Some(0x90) {
            self.r.read_array_len()?;
        } else {
            self.r.read_nil()?;
        }
        visit!(at, visitor.visit_unit())
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.r.peek() {
            Some(m) if is_array(m) => self.seq(visitor),
            _ => Err(self.r.invalid_type("an array")),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.r.peek() {
            Some(m) if is_map(m) => self.map(visitor),
            _ => Err(self.r.invalid_type("a map")),
        }
    }

    /// A map keyed by field name, or an array of the fields in order.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.r.peek() {
            Some(m) if is_map(m) => self.map(visitor),
            Some(m) if is_array(m) => self.seq(visitor),
            _ => Err(self.r.invalid_type(name)),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let at = self.r.offset();
        match self.r.peek() {
            Some(m) if is_str(m) => {
                let variant = self.r.read_str()?;
                visit!(at, visitor.visit_enum(UnitVariant { variant, at }))
            }
            Some(m) if is_map(m) => {
                if self.r.read_map_len()? != 1 {
                    return Err(self.r.error_at(
                        crate::ErrorKind::InvalidValue {
                            message: format!("expected enum {name} as a map with exactly one key")
                                .into(),
                        },
                        at,
                    ));
                }
                self.r.enter()?;
                let value = visit!(at, visitor.visit_enum(Variant { r: &mut *self.r }))?;
                self.r.leave();
                Ok(value)
            }
            _ => Err(self.r.invalid_type("a string or a map (an enum)")),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_any(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.r.offset();
        self.r.skip_value()?;
        visit!(at, visitor.visit_unit())
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

struct Seq<'a, 'de> {
    r: &'a mut Reader<'de>,
    left: usize,
    index: usize,
}

impl<'de> de::SeqAccess<'de> for Seq<'_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let index = self.index;
        self.index += 1;
        seed.deserialize(Deserializer::new(self.r))
            .map(Some)
            .map_err(|e| e.index(index))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

struct MapAccess<'a, 'de> {
    r: &'a mut Reader<'de>,
    left: usize,
    key_at: usize,
}

/// An error's path gains the key at `offset` when that key is a string.
#[cold]
fn with_key(e: Error, input: &[u8], offset: usize) -> Error {
    let mut again = Reader::new(input);
    again.seek(offset);
    match again.read_str() {
        Ok(key) => e.key(key),
        Err(_) => e,
    }
}

impl<'de> de::MapAccess<'de> for MapAccess<'_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        self.key_at = self.r.offset();
        seed.deserialize(Deserializer::new(self.r)).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(Deserializer::new(self.r))
            .map_err(|e| with_key(e, self.r.input(), self.key_at))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// `{name: content}`, the cursor on the name.
struct Variant<'a, 'de> {
    r: &'a mut Reader<'de>,
}

impl<'a, 'de> de::EnumAccess<'de> for Variant<'a, 'de> {
    type Error = Error;
    type Variant = Content<'a, 'de>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Self::Variant), Error> {
        let key_at = self.r.offset();
        let variant = seed.deserialize(Deserializer::new(self.r))?;
        Ok((variant, Content { r: self.r, key_at }))
    }
}

struct Content<'a, 'de> {
    r: &'a mut Reader<'de>,
    key_at: usize,
}

impl<'de> Content<'_, 'de> {
    fn read<T>(
        self,
        read: impl FnOnce(Deserializer<'_, 'de>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        read(Deserializer::new(self.r)).map_err(|e| with_key(e, self.r.input(), self.key_at))
    }
}

impl<'de> de::VariantAccess<'de> for Content<'_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        self.read(|d| ::serde::Deserialize::deserialize(d))
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        self.read(|d| seed.deserialize(d))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        self.read(|d| de::Deserializer::deserialize_tuple(d, len, visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.read(|d| de::Deserializer::deserialize_struct(d, "", fields, visitor))
    }
}

/// A unit variant written as its name.
struct UnitVariant<'de> {
    variant: &'de str,
    at: usize,
}

impl<'de> de::EnumAccess<'de> for UnitVariant<'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let d = de::value::BorrowedStrDeserializer::<'de, Error>::new(self.variant);
        let variant = seed.deserialize(d).map_err(|e| place(e, self.at))?;
        Ok((variant, self))
    }
}

impl<'de> de::VariantAccess<'de> for UnitVariant<'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value, Error> {
        Err(place(
            de::Error::invalid_type(Unexpected::UnitVariant, &"newtype variant"),
            self.at,
        ))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value, Error> {
        Err(place(
            de::Error::invalid_type(Unexpected::UnitVariant, &"tuple variant"),
            self.at,
        ))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Error> {
        Err(place(
            de::Error::invalid_type(Unexpected::UnitVariant, &"struct variant"),
            self.at,
        ))
    }
}
