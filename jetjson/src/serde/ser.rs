//! `Serializer`: serde's data model written by jetjson's [`Writer`], byte
//! for byte what serde_json writes (compact).

use ::serde::ser::{self, Impossible, Serialize};

use crate::{Error, Writer};

/// A [`serde::Serializer`](::serde::Serializer) that writes compact JSON
/// into a jetjson [`Writer`].
///
/// ```
/// use serde::Serialize;
///
/// let mut w = jetjson::Writer::new();
/// (1, "two", [3.5]).serialize(jetjson::serde::Serializer::new(&mut w)).unwrap();
/// assert_eq!(w.as_bytes(), br#"[1,"two",[3.5]]"#);
/// ```
pub struct Serializer<'a, 'w> {
    w: &'a mut Writer<'w>,
    /// Whether element boundaries may pass the buffer on to the writer's
    /// sink. Off when the value may have to be cut back out of the buffer.
    flush: bool,
}

impl<'a, 'w> Serializer<'a, 'w> {
    /// A serializer that appends to `w`. It never passes `w`'s buffer on to
    /// a sink mid-value, so that a failed value can be cut back out.
    pub fn new(w: &'a mut Writer<'w>) -> Self {
        Serializer { w, flush: false }
    }

    /// A serializer that hands full blocks to `w`'s sink at element
    /// boundaries (for [`to_writer`](super::to_writer)).
    pub(crate) fn streaming(w: &'a mut Writer<'w>) -> Self {
        Serializer { w, flush: true }
    }
}

/// The open array or object of a seq, tuple, map or struct: whether a comma
/// is due, and what closes it.
#[doc(hidden)]
pub struct Compound<'a, 'w> {
    w: &'a mut Writer<'w>,
    flush: bool,
    first: bool,
    /// `]` or `}`.
    close: u8,
    /// Whether the content is a variant's, closed by one more `}` (of
    /// `{"V": ..}`). Bytes, not a slice: a slice of unknown length would be
    /// copied with a call to memcpy.
    in_variant: bool,
}

impl<'a, 'w> Compound<'a, 'w> {
    #[inline]
    fn element(&mut self) -> Serializer<'_, 'w> {
        if self.first {
            self.first = false;
        } else {
            self.w.write_comma();
        }
        Serializer {
            w: self.w,
            flush: self.flush,
        }
    }

    #[inline]
    fn after_element(&mut self) {
        if self.flush {
            self.w.flush_point();
        }
    }

    #[inline]
    fn end(self) {
        self.w.write_byte(self.close);
        if self.in_variant {
            self.w.end_object();
        }
    }

    #[inline]
    fn field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        if self.first {
            self.first = false;
            self.w.write_key(key);
        } else {
            self.w.write_comma_key(key);
        }
        value.serialize(Serializer {
            w: self.w,
            flush: self.flush,
        })?;
        self.after_element();
        Ok(())
    }
}

impl<'a, 'w> Serializer<'a, 'w> {
    #[inline]
    fn compound(self, open: u8, close: u8) -> Compound<'a, 'w> {
        self.w.write_byte(open);
        Compound {
            w: self.w,
            flush: self.flush,
            first: true,
            close,
            in_variant: false,
        }
    }

    /// `{"variant":` then the content, closed by `close` and `}`.
    fn variant(self, variant: &str, open: u8, close: u8) -> Compound<'a, 'w> {
        self.w.begin_object();
        self.w.write_key(variant);
        Compound {
            in_variant: true,
            ..self.compound(open, close)
        }
    }
}

// The derive inlines `Writer::write_u64` into each type's writer; here one
// shared call per number is smaller and measured faster (prof val_msg
// br_enc 600000, native build, min of 7: 0.418 s inlined, 0.392 s so).
#[inline(never)]
fn write_i64(w: &mut Writer<'_>, v: i64) {
    w.write_i64(v);
}

#[inline(never)]
fn write_u64(w: &mut Writer<'_>, v: u64) {
    w.write_u64(v);
}

impl<'a, 'w> ser::Serializer for Serializer<'a, 'w> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a, 'w>;
    type SerializeTuple = Compound<'a, 'w>;
    type SerializeTupleStruct = Compound<'a, 'w>;
    type SerializeTupleVariant = Compound<'a, 'w>;
    type SerializeMap = Compound<'a, 'w>;
    type SerializeStruct = Compound<'a, 'w>;
    type SerializeStructVariant = Compound<'a, 'w>;

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
        write_i64(self.w, v);
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
        write_u64(self.w, v);
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
    /// Bytes are an array of numbers, as serde_json writes them.
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        self.w.begin_array();
        for (i, &b) in v.iter().enumerate() {
            if i > 0 {
                self.w.write_comma();
            }
            self.w.write_u64(u64::from(b));
        }
        self.w.end_array();
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.w.write_null();
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
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
        self.w.begin_object();
        self.w.write_key(variant);
        value.serialize(Serializer {
            w: self.w,
            flush: self.flush,
        })?;
        self.w.end_object();
        Ok(())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a, 'w>, Error> {
        Ok(self.compound(b'[', b']'))
    }
    fn serialize_tuple(self, _len: usize) -> Result<Compound<'a, 'w>, Error> {
        Ok(self.compound(b'[', b']'))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Compound<'a, 'w>, Error> {
        Ok(self.compound(b'[', b']'))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a, 'w>, Error> {
        Ok(self.variant(variant, b'[', b']'))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a, 'w>, Error> {
        Ok(self.compound(b'{', b'}'))
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'a, 'w>, Error> {
        Ok(self.compound(b'{', b'}'))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a, 'w>, Error> {
        Ok(self.variant(variant, b'{', b'}'))
    }
}

macro_rules! seq_like {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Compound<'_, '_> {
            type Ok = ();
            type Error = Error;

            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
                value.serialize(self.element())?;
                self.after_element();
                Ok(())
            }

            fn end(self) -> Result<(), Error> {
                Compound::end(self);
                Ok(())
            }
        }
    )*};
}

seq_like!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Error> {
        if self.first {
            self.first = false;
        } else {
            self.w.write_comma();
        }
        key.serialize(KeySerializer { w: self.w })
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.w.write_byte(b':');
        value.serialize(Serializer {
            w: self.w,
            flush: self.flush,
        })?;
        self.after_element();
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self);
        Ok(())
    }
}

impl ser::SerializeStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self);
        Ok(())
    }
}

impl ser::SerializeStructVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self);
        Ok(())
    }
}

// MARK: - Map keys

/// "key must be a string", serde_json's words for a map key JSON cannot have.
#[cold]
pub(crate) fn key_must_be_a_string() -> Error {
    Error::custom("key must be a string")
}

/// A float key that is NaN or infinite.
#[cold]
pub(crate) fn float_key_must_be_finite() -> Error {
    Error::custom("float key must be finite (got NaN or +/-inf)")
}

/// Writes `key` as a quoted JSON object key by serde_json's rules.
pub(crate) fn write_key<T: ?Sized + Serialize>(key: &T, w: &mut Writer<'_>) -> Result<(), Error> {
    key.serialize(KeySerializer { w })
}

/// Writes a map key as serde_json does: strings as they are; integers,
/// `bool`, `char` and finite floats quoted; unit variants by name; newtypes
/// as what they hold. Anything else is "key must be a string".
struct KeySerializer<'a, 'w> {
    w: &'a mut Writer<'w>,
}

impl KeySerializer<'_, '_> {
    fn quoted(self, write: impl FnOnce(&mut Writer<'_>)) -> Result<(), Error> {
        self.w.write_byte(b'"');
        write(self.w);
        self.w.write_byte(b'"');
        Ok(())
    }
}

impl ser::Serializer for KeySerializer<'_, '_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.quoted(|w| w.write_bool(v))
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
        self.quoted(|w| w.write_i64(v))
    }
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.quoted(|w| w.write_i128(v))
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
        self.quoted(|w| w.write_u64(v))
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.quoted(|w| w.write_u128(v))
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        if !v.is_finite() {
            return Err(float_key_must_be_finite());
        }
        self.quoted(|w| w.write_f32(v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        if !v.is_finite() {
            return Err(float_key_must_be_finite());
        }
        self.quoted(|w| w.write_f64(v))
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.w.write_str(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.w.write_str(v);
        Ok(())
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_none(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(key_must_be_a_string())
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
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_must_be_a_string())
    }
}
