//! Booleans, integers, floats, `char` and `()`.

use crate::msgpack::{FromMsgpack, Reader, ToMsgpack, Writer};
use crate::{Error, ErrorKind};

impl ToMsgpack for bool {
    #[inline]
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_bool(*self);
    }

    fn is_msgpack_empty(&self) -> bool {
        !*self
    }
}

impl<'de> FromMsgpack<'de> for bool {
    #[inline]
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_bool()
    }
}

macro_rules! unsigned {
    ($($ty:ident)*) => {$(
        impl ToMsgpack for $ty {
            #[inline]
            fn write_msgpack(&self, w: &mut Writer) {
                w.write_u64(*self as u64);
            }

            fn is_msgpack_empty(&self) -> bool {
                *self == 0
            }
        }

        impl<'de> FromMsgpack<'de> for $ty {
            #[inline]
            fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
                // The range check in `read_unsigned` makes the cast lossless.
                r.read_unsigned(stringify!($ty), $ty::MAX as u64).map(|v| v as $ty)
            }
        }
    )*};
}

macro_rules! signed {
    ($($ty:ident)*) => {$(
        impl ToMsgpack for $ty {
            #[inline]
            fn write_msgpack(&self, w: &mut Writer) {
                w.write_i64(*self as i64);
            }

            fn is_msgpack_empty(&self) -> bool {
                *self == 0
            }
        }

        impl<'de> FromMsgpack<'de> for $ty {
            #[inline]
            fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
                // The range check in `read_signed` makes the cast lossless.
                r.read_signed(stringify!($ty), $ty::MIN as i64, $ty::MAX as i64)
                    .map(|v| v as $ty)
            }
        }
    )*};
}

unsigned!(u8 u16 u32 u64 usize);
signed!(i8 i16 i32 i64 isize);

impl ToMsgpack for u128 {
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_u128(*self);
    }

    fn is_msgpack_empty(&self) -> bool {
        *self == 0
    }
}

impl<'de> FromMsgpack<'de> for u128 {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_u128()
    }
}

impl ToMsgpack for i128 {
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_i128(*self);
    }

    fn is_msgpack_empty(&self) -> bool {
        *self == 0
    }
}

impl<'de> FromMsgpack<'de> for i128 {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_i128()
    }
}

impl ToMsgpack for f64 {
    #[inline]
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_f64(*self);
    }

    fn is_msgpack_empty(&self) -> bool {
        *self == 0.0
    }
}

impl<'de> FromMsgpack<'de> for f64 {
    #[inline]
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_f64()
    }
}

impl ToMsgpack for f32 {
    #[inline]
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_f32(*self);
    }

    fn is_msgpack_empty(&self) -> bool {
        *self == 0.0
    }
}

impl<'de> FromMsgpack<'de> for f32 {
    #[inline]
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_f32()
    }
}

/// A one-character string.
impl ToMsgpack for char {
    fn write_msgpack(&self, w: &mut Writer) {
        let mut buf = [0u8; 4];
        w.write_str(self.encode_utf8(&mut buf));
    }
}

impl<'de> FromMsgpack<'de> for char {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        let start = r.offset();
        let mut chars = r.read_str()?.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(r.error_at(
                ErrorKind::InvalidValue {
                    message: "expected a string of exactly one character".into(),
                },
                start,
            )),
        }
    }
}

/// nil.
impl ToMsgpack for () {
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_nil();
    }
}

impl<'de> FromMsgpack<'de> for () {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_nil()
    }
}
