//! `Deserializer`: serde's data model read by jetjson's [`Reader`], with its
//! strictness, number parsing, depth limit and error positions.
//!
//! serde recurses on the native stack, one frame set per nesting level; the
//! reader's depth limit (checked by `begin_array`/`begin_object`, and by
//! `skip_value` for ignored values) stops that recursion, so hostile input
//! fails with [`ErrorKind::DepthLimit`] instead of overflowing the stack.

use ::serde::de::{self, DeserializeSeed, Unexpected, Visitor};

use crate::error::ErrorKind;
use crate::read::Str;
use crate::{Error, Reader};

/// A [`serde::Deserializer`](::serde::Deserializer) that reads one JSON
/// value from a jetjson [`Reader`]. It is taken by value, as serde wants;
/// make one per value with [`Deserializer::new`] (it only borrows the
/// reader).
///
/// ```
/// use serde::Deserialize;
///
/// let mut r = jetjson::Reader::new(br#"{"a": [1, 2]} "#);
/// let m = std::collections::BTreeMap::<String, Vec<u8>>::deserialize(
///     jetjson::serde::Deserializer::new(&mut r),
/// )
/// .unwrap();
/// r.finish().unwrap();
/// assert_eq!(m["a"], [1, 2]);
/// ```
pub struct Deserializer<'a, 'de> {
    r: &'a mut Reader<'de>,
}

impl<'a, 'de> Deserializer<'a, 'de> {
    /// A deserializer for the value at `r`'s cursor.
    pub fn new(r: &'a mut Reader<'de>) -> Self {
        Deserializer { r }
    }

    /// The offset of the value about to be read (whitespace skipped).
    #[inline]
    fn start(&mut self) -> usize {
        self.r.peek();
        self.r.offset()
    }
}

/// Runs `read` on the value at `r`'s cursor; an error without a position
/// (a serde impl's own, raised after its value was read) gets the value's.
pub(crate) fn read_value<'de, T>(
    r: &mut Reader<'de>,
    read: impl FnOnce(Deserializer<'_, 'de>) -> Result<T, Error>,
) -> Result<T, Error> {
    let mut d = Deserializer::new(r);
    let at = d.start();
    read(d).map_err(|e| place(e, r.input(), at))
}

/// Gives an error without a position (a visitor's `custom` error) the line
/// and column of `offset`.
#[cold]
fn place(e: Error, input: &[u8], offset: usize) -> Error {
    e.with_position(input, offset)
}

/// Runs a visitor call, placing its errors at `at`.
macro_rules! visit {
    ($self:ident, $at:expr, $call:expr) => {{
        let at = $at;
        match $call {
            Ok(v) => Ok(v),
            Err(e) => Err(place(e, $self.r.input(), at)),
        }
    }};
}

macro_rules! signed {
    ($($method:ident $visit:ident $ty:ident,)*) => {$(
        fn $method<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
            let at = self.start();
            let v = self.r.read_signed(stringify!($ty), i64::from($ty::MIN), i64::from($ty::MAX))?;
            // In range: read_signed checked it.
            visit!(self, at, visitor.$visit(v as $ty))
        }
    )*};
}

macro_rules! unsigned {
    ($($method:ident $visit:ident $ty:ident,)*) => {$(
        fn $method<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
            let at = self.start();
            let v = self.r.read_unsigned(stringify!($ty), u64::from($ty::MAX))?;
            // In range: read_unsigned checked it.
            visit!(self, at, visitor.$visit(v as $ty))
        }
    )*};
}

impl<'de> Deserializer<'_, 'de> {
    /// A number of unknown type, as serde_json offers it: an integer as
    /// `u64`/`i64` when it fits, everything else (fractions, exponents,
    /// integers beyond 64 bits) as `f64`; `-0` is the float `-0.0`. Types
    /// that want 128 bits ask with `deserialize_i128`/`deserialize_u128`;
    /// serde's buffering for untagged and internally tagged enums, and
    /// serde_json's `Value`, have no 128-bit form.
    fn any_number<V: Visitor<'de>>(&mut self, at: usize, visitor: V) -> Result<V::Value, Error> {
        let checkpoint = self.r.checkpoint();
        let text = self.r.read_number_text()?;
        if !text.bytes().any(|b| matches!(b, b'.' | b'e' | b'E')) {
            if text.starts_with('-') {
                if text != "-0" {
                    if let Ok(v) = text.parse::<i64>() {
                        return visit!(self, at, visitor.visit_i64(v));
                    }
                }
            } else if let Ok(v) = text.parse::<u64>() {
                return visit!(self, at, visitor.visit_u64(v));
            }
        }
        self.r.restore(checkpoint);
        let v = self.r.read_f64()?;
        visit!(self, at, visitor.visit_f64(v))
    }

    /// After a visitor read an array: the `]`, unless the visitor already
    /// met it; elements left over are an error.
    fn end_seq(&mut self, done: bool, expected: &'static str) -> Result<(), Error> {
        if done {
            Ok(())
        } else {
            self.r.end_array(expected)
        }
    }

    /// After a visitor read an object: the `}`, unless the visitor already
    /// met it; members left over are an error.
    fn end_map(&mut self, done: bool) -> Result<(), Error> {
        if done {
            return Ok(());
        }
        let mut first = false;
        if self.r.next_member(&mut first)? {
            return Err(self.r.error(ErrorKind::TrailingCharacters));
        }
        Ok(())
    }

    fn seq<V: Visitor<'de>>(
        mut self,
        expected: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.r.begin_array(expected)?;
        let mut access = SeqAccess {
            r: &mut *self.r,
            first: true,
            done: false,
            index: 0,
        };
        let value = visitor.visit_seq(&mut access);
        let done = access.done;
        let at = self.r.offset();
        let value = visit!(self, at, value)?;
        self.end_seq(done, expected)?;
        Ok(value)
    }

    fn map<V: Visitor<'de>>(
        mut self,
        expected: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.r.begin_object(expected)?;
        let mut access = MapAccess {
            r: &mut *self.r,
            first: true,
            done: false,
            key_at: 0,
        };
        let value = visitor.visit_map(&mut access);
        let (done, key_at) = (access.done, access.key_at);
        // A visitor that stops mid-object (a duplicate field, a custom error
        // about a key) is answered at the key it read last, as the derive
        // answers; one that read to the end, at the end (a missing field).
        let at = if done || key_at == 0 {
            self.r.offset()
        } else {
            key_at
        };
        let value = visit!(self, at, value)?;
        self.end_map(done)?;
        Ok(value)
    }
}

impl<'de> de::Deserializer<'de> for Deserializer<'_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let at = self.start();
        match self.r.peek() {
            Some(b'n') => {
                self.r.read_null()?;
                visit!(self, at, visitor.visit_unit())
            }
            Some(b't' | b'f') => {
                let v = self.r.read_bool()?;
                visit!(self, at, visitor.visit_bool(v))
            }
            Some(b'"') => match self.r.read_str()? {
                Str::Borrowed(s) => visit!(self, at, visitor.visit_borrowed_str(s)),
                Str::Copied(s) => {
                    let v = visitor.visit_str(s);
                    visit!(self, at, v)
                }
            },
            Some(b'[') => self.seq("a sequence", visitor),
            Some(b'{') => self.map("a map", visitor),
            Some(b'-' | b'0'..=b'9') => self.any_number(at, visitor),
            None => Err(self.r.error(ErrorKind::UnexpectedEof)),
            Some(_) => Err(self.r.error(ErrorKind::ExpectedValue)),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let at = self.start();
        let v = self.r.read_bool()?;
        visit!(self, at, visitor.visit_bool(v))
    }

    signed! {
        deserialize_i8 visit_i8 i8,
        deserialize_i16 visit_i16 i16,
        deserialize_i32 visit_i32 i32,
        deserialize_i64 visit_i64 i64,
    }

    unsigned! {
        deserialize_u8 visit_u8 u8,
        deserialize_u16 visit_u16 u16,
        deserialize_u32 visit_u32 u32,
        deserialize_u64 visit_u64 u64,
    }

    fn deserialize_i128<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let at = self.start();
        let v = self.r.read_i128()?;
        visit!(self, at, visitor.visit_i128(v))
    }

    fn deserialize_u128<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let at = self.start();
        let v = self.r.read_u128()?;
        visit!(self, at, visitor.visit_u128(v))
    }

    fn deserialize_f32<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let at = self.start();
        let v = self.r.read_f32()?;
        visit!(self, at, visitor.visit_f32(v))
    }

    fn deserialize_f64<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let at = self.start();
        let v = self.r.read_f64()?;
        visit!(self, at, visitor.visit_f64(v))
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let at = self.start();
        match self.r.read_str()? {
            Str::Borrowed(s) => visit!(self, at, visitor.visit_borrowed_str(s)),
            Str::Copied(s) => {
                let v = visitor.visit_str(s);
                visit!(self, at, v)
            }
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    /// A string's UTF-8 bytes (borrowed when it has no escape), or an array
    /// of numbers, as serde_json reads bytes.
    fn deserialize_bytes<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let at = self.start();
        match self.r.peek() {
            Some(b'"') => match self.r.read_str()? {
                Str::Borrowed(s) => visit!(self, at, visitor.visit_borrowed_bytes(s.as_bytes())),
                Str::Copied(s) => {
                    let v = visitor.visit_bytes(s.as_bytes());
                    visit!(self, at, v)
                }
            },
            Some(b'[') => self.seq("a byte array", visitor),
            _ => Err(self.r.invalid_type("a byte array")),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let at = self.start();
        if self.r.peek_null() {
            self.r.read_null()?;
            visit!(self, at, visitor.visit_none())
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let at = self.start();
        self.r.read_null()?;
        visit!(self, at, visitor.visit_unit())
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.seq("a sequence", visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.seq("a tuple", visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.seq(name, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.map("a map", visitor)
    }

    /// An object, or (as serde_json allows) an array of the fields in order.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.r.peek() {
            Some(b'[') => self.seq(name, visitor),
            _ => self.map(name, visitor),
        }
    }

    /// `"Variant"` for a unit variant, `{"Variant": content}` for the others.
    fn deserialize_enum<V: Visitor<'de>>(
        mut self,
        name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let at = self.start();
        match self.r.peek() {
            Some(b'"') => {
                let input = self.r.input();
                let key = self.r.read_str()?;
                let value = visitor.visit_enum(UnitVariant(Key {
                    key,
                    input,
                    at: Some(at),
                }));
                value.map_err(|e| place(e, input, at))
            }
            Some(b'{') => {
                self.r.begin_object(name)?;
                let mut first = true;
                if !self.r.next_member(&mut first)? {
                    return Err(self
                        .r
                        .invalid_value(format!("expected enum {name}, found an empty object")));
                }
                let value = visitor.visit_enum(VariantAccess { r: &mut *self.r });
                let end = self.r.offset();
                let value = visit!(self, end, value)?;
                if self.r.next_member(&mut first)? {
                    return Err(self.r.invalid_value(format!(
                        "expected enum {name} as an object with exactly one key"
                    )));
                }
                Ok(value)
            }
            _ => Err(self.r.invalid_type("a string or an object (an enum)")),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    /// Skips the value without building it ([`Reader::skip_value`]: no
    /// recursion, the depth limit applies).
    fn deserialize_ignored_any<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let at = self.start();
        self.r.skip_value()?;
        visit!(self, at, visitor.visit_unit())
    }
}

// MARK: - Arrays and objects

/// The elements of an array; adds `[i]` to the path of an element's error.
struct SeqAccess<'a, 'de> {
    r: &'a mut Reader<'de>,
    first: bool,
    /// Whether the `]` was consumed.
    done: bool,
    index: usize,
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.done || !self.r.next_element(&mut self.first)? {
            self.done = true;
            return Ok(None);
        }
        let index = self.index;
        self.index += 1;
        let mut d = Deserializer::new(self.r);
        let at = d.start();
        match seed.deserialize(d) {
            Ok(v) => Ok(Some(v)),
            Err(e) => Err(place(e, self.r.input(), at).index(index)),
        }
    }
}

/// The members of an object; adds `.key` to the path of a value's error.
struct MapAccess<'a, 'de> {
    r: &'a mut Reader<'de>,
    first: bool,
    /// Whether the `}` was consumed.
    done: bool,
    /// Where the current key's opening quote is.
    key_at: usize,
}

/// The key at `offset`, read again from the input for an error's path.
#[cold]
fn key_at(input: &[u8], offset: usize) -> String {
    let mut again = Reader::new(input);
    again.seek(offset);
    match again.read_key() {
        Ok(key) => key.as_str().to_owned(),
        Err(_) => String::new(),
    }
}

#[cold]
fn with_key(e: Error, input: &[u8], offset: usize) -> Error {
    e.key(&key_at(input, offset))
}

impl<'de> de::MapAccess<'de> for MapAccess<'_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if self.done || !self.r.next_member(&mut self.first)? {
            self.done = true;
            return Ok(None);
        }
        self.key_at = self.r.offset();
        let input = self.r.input();
        let at = self.key_at;
        let key = match self.r.read_short_key() {
            Some(key) => Str::Borrowed(key),
            None => self.r.read_key()?,
        };
        seed.deserialize(Key {
            key,
            input,
            at: Some(at),
        })
        .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let mut d = Deserializer::new(self.r);
        let at = d.start();
        match seed.deserialize(d) {
            Ok(v) => Ok(v),
            Err(e) => Err(with_key(
                place(e, self.r.input(), at),
                self.r.input(),
                self.key_at,
            )),
        }
    }
}

// MARK: - Enums

/// `{"Variant": content}`, the cursor on the key.
struct VariantAccess<'a, 'de> {
    r: &'a mut Reader<'de>,
}

impl<'a, 'de> de::EnumAccess<'de> for VariantAccess<'a, 'de> {
    type Error = Error;
    type Variant = Content<'a, 'de>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Self::Variant), Error> {
        let key_at = self.r.offset();
        let input = self.r.input();
        let key = self.r.read_key()?;
        let variant = seed.deserialize(Key {
            key,
            input,
            at: Some(key_at),
        })?;
        Ok((variant, Content { r: self.r, key_at }))
    }
}

/// The content of `{"Variant": content}`; adds `.Variant` to its errors.
struct Content<'a, 'de> {
    r: &'a mut Reader<'de>,
    key_at: usize,
}

impl<'de> Content<'_, 'de> {
    fn read<T>(
        self,
        read: impl FnOnce(Deserializer<'_, 'de>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        match read(Deserializer::new(self.r)) {
            Ok(v) => Ok(v),
            Err(e) => Err(with_key(e, self.r.input(), self.key_at)),
        }
    }
}

impl<'de> de::VariantAccess<'de> for Content<'_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        self.read(|d| de::Deserialize::deserialize(d))
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

/// `"Variant"`: a unit variant, nothing more to read.
struct UnitVariant<'s, 'de>(Key<'s, 'de>);

impl<'s, 'de> de::EnumAccess<'de> for UnitVariant<'s, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let variant = seed.deserialize(self.0)?;
        Ok((variant, self))
    }
}

impl<'de> de::VariantAccess<'de> for UnitVariant<'_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value, Error> {
        Err(self.0.place(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"newtype variant",
        )))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value, Error> {
        Err(self.0.place(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"tuple variant",
        )))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Error> {
        Err(self.0.place(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"struct variant",
        )))
    }
}

// MARK: - Keys

#[cold]
fn not_a_number() -> ErrorKind {
    ErrorKind::InvalidValue {
        message: "expected a number as the key".into(),
    }
}

/// An object key (or a variant name) already read, read as serde_json reads
/// keys: as a string, or as the integer, float or `bool` written between the
/// quotes (`"12"`, `"true"`) when the visitor asks for one.
#[derive(Clone, Copy)]
struct Key<'s, 'de> {
    key: Str<'de, 's>,
    input: &'de [u8],
    /// Offset of the key's opening quote, where the key's errors point;
    /// `None` when the caller places errors itself (`FromJsonKey` impls).
    at: Option<usize>,
}

/// Reads a `T` from a map key already read, by serde_json's key rules.
/// Errors have no position: the map reader points them at the key.
pub(crate) fn from_key<'de, T: de::Deserialize<'de>>(
    key: Str<'de, '_>,
    input: &'de [u8],
) -> Result<T, Error> {
    T::deserialize(Key {
        key,
        input,
        at: None,
    })
}

macro_rules! numeric_key {
    ($($method:ident $visit:ident $read:expr,)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let v = self.number(stringify!($method), $read)?;
            visitor.$visit(v).map_err(|e| self.place(e))
        }
    )*};
}

impl<'de> Key<'_, 'de> {
    #[cold]
    fn place(&self, e: Error) -> Error {
        match self.at {
            Some(at) => e.with_position(self.input, at),
            None => e,
        }
    }

    /// An error of `kind` at `offset` bytes into the key's text.
    #[cold]
    fn key_error(&self, kind: ErrorKind, offset: usize) -> Error {
        match self.at {
            Some(at) => Error::at(kind, self.input, at + 1 + offset),
            None => Error::without_position(kind),
        }
    }

    /// The key's text parsed by `read` (a reader method), all of it: a
    /// number with nothing around it and no escapes, as serde_json wants.
    fn number<T>(
        &self,
        _method: &'static str,
        read: impl FnOnce(&mut Reader<'_>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let text = match self.key {
            Str::Borrowed(s) if matches!(s.as_bytes().first(), Some(b'-' | b'0'..=b'9')) => s,
            _ => return Err(self.key_error(not_a_number(), 0)),
        };
        let mut r = Reader::new(text.as_bytes());
        // An error of the key's own little reader, moved to the key's place.
        let v = read(&mut r).map_err(|e| self.key_error(e.kind().clone(), e.offset()))?;
        if r.offset() != text.len() {
            return Err(self.key_error(not_a_number(), r.offset()));
        }
        Ok(v)
    }
}

impl<'de> de::Deserializer<'de> for Key<'_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.key {
            Str::Borrowed(s) => visitor.visit_borrowed_str(s),
            Str::Copied(s) => visitor.visit_str(s),
        }
        .map_err(|e| self.place(e))
    }

    numeric_key! {
        deserialize_i8 visit_i8 |r: &mut Reader<'_>| r.read_signed("i8", -128, 127).map(|v| v as i8),
        deserialize_i16 visit_i16 |r: &mut Reader<'_>| r.read_signed("i16", i16::MIN.into(), i16::MAX.into()).map(|v| v as i16),
        deserialize_i32 visit_i32 |r: &mut Reader<'_>| r.read_signed("i32", i32::MIN.into(), i32::MAX.into()).map(|v| v as i32),
        deserialize_i64 visit_i64 |r: &mut Reader<'_>| r.read_i64("i64"),
        deserialize_i128 visit_i128 |r: &mut Reader<'_>| r.read_i128(),
        deserialize_u8 visit_u8 |r: &mut Reader<'_>| r.read_unsigned("u8", 255).map(|v| v as u8),
        deserialize_u16 visit_u16 |r: &mut Reader<'_>| r.read_unsigned("u16", u16::MAX.into()).map(|v| v as u16),
        deserialize_u32 visit_u32 |r: &mut Reader<'_>| r.read_unsigned("u32", u32::MAX.into()).map(|v| v as u32),
        deserialize_u64 visit_u64 |r: &mut Reader<'_>| r.read_u64("u64"),
        deserialize_u128 visit_u128 |r: &mut Reader<'_>| r.read_u128(),
        deserialize_f32 visit_f32 |r: &mut Reader<'_>| r.read_f32(),
        deserialize_f64 visit_f64 |r: &mut Reader<'_>| r.read_f64(),
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.key {
            Str::Borrowed("true") => visitor.visit_bool(true),
            Str::Borrowed("false") => visitor.visit_bool(false),
            other => Err(de::Error::invalid_type(
                Unexpected::Str(other.as_str()),
                &visitor,
            )),
        }
        .map_err(|e| self.place(e))
    }

    /// Keys cannot be `null`.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor
            .visit_enum(UnitVariant(self))
            .map_err(|e| self.place(e))
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.key {
            Str::Borrowed(s) => visitor.visit_borrowed_bytes(s.as_bytes()),
            Str::Copied(s) => visitor.visit_bytes(s.as_bytes()),
        }
        .map_err(|e| self.place(e))
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    ::serde::forward_to_deserialize_any! {
        char str string unit unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}
