//! The integer wrappers `NonZero*`, `Wrapping<T>`, `Saturating<T>` and
//! `Reverse<T>`: each written as the number (or value) it wraps, as serde
//! does. A `NonZero*` rejects `0`; a `Saturating<T>` clamps an integer
//! outside `T`'s range to its bounds (`300` is `Saturating(255u8)`), as
//! serde's does for any integer within the 64-bit ranges; floats are an
//! error for both.

use std::cmp::Reverse;
use std::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize, Saturating, Wrapping,
};

use crate::msgpack::read::Int;
use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::convert::invalid_value;
use crate::value::{FromValue, FromValueKey, ToValue, ToValueKey};
use crate::{
    Error, ErrorKind, FromJson, FromJsonKey, Reader, Str, ToJson, ToJsonKey, Value, Writer,
};

#[cold]
fn zero_message(ty: &str) -> String {
    format!("expected a nonzero {ty}, found 0")
}

macro_rules! nonzero {
    ($($nz:ident $prim:ident),*) => {$(
        impl ToJson for $nz {
            #[inline]
            fn write_json(&self, w: &mut Writer<'_>) {
                self.get().write_json(w);
            }
        }

        impl<'de> FromJson<'de> for $nz {
            fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                r.peek();
                let start = r.offset();
                let v = $prim::read_json(r)?;
                $nz::new(v).ok_or_else(|| {
                    r.error_at(ErrorKind::InvalidValue { message: zero_message(stringify!($prim)).into() }, start)
                })
            }
        }

        impl ToJsonKey for $nz {
            fn write_json_key(&self, w: &mut Writer<'_>) {
                self.get().write_json_key(w);
            }
        }

        impl<'de> FromJsonKey<'de> for $nz {
            fn from_json_key(key: Str<'de, '_>, r: &Reader<'de>) -> Result<Self, Error> {
                let v = $prim::from_json_key(key, r)?;
                $nz::new(v).ok_or_else(|| invalid_value(zero_message(stringify!($prim))))
            }
        }

        impl ToValue for $nz {
            fn to_value(&self) -> Value {
                self.get().to_value()
            }
        }

        impl FromValue for $nz {
            fn from_value_ref(v: &Value) -> Result<Self, Error> {
                $nz::new($prim::from_value_ref(v)?)
                    .ok_or_else(|| invalid_value(zero_message(stringify!($prim))))
            }
        }

        impl ToValueKey for $nz {
            fn to_value_key(&self) -> String {
                self.get().to_value_key()
            }
        }

        impl FromValueKey for $nz {
            fn from_value_key(key: &str) -> Result<Self, Error> {
                $nz::new($prim::from_value_key(key)?)
                    .ok_or_else(|| invalid_value(zero_message(stringify!($prim))))
            }
        }

        impl ToMsgpack for $nz {
            fn write_msgpack(&self, w: &mut msgpack::Writer) {
                self.get().write_msgpack(w);
            }
        }

        impl<'de> FromMsgpack<'de> for $nz {
            fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
                let start = r.offset();
                let v = $prim::read_msgpack(r)?;
                $nz::new(v).ok_or_else(|| {
                    r.error_at(ErrorKind::InvalidValue { message: zero_message(stringify!($prim)).into() }, start)
                })
            }
        }
    )*};
}

nonzero!(
    NonZeroU8 u8, NonZeroU16 u16, NonZeroU32 u32, NonZeroU64 u64, NonZeroU128 u128, NonZeroUsize usize,
    NonZeroI8 i8, NonZeroI16 i16, NonZeroI32 i32, NonZeroI64 i64, NonZeroI128 i128, NonZeroIsize isize
);

// MARK: - Transparent wrappers: Wrapping, Reverse

macro_rules! transparent {
    ($($ty:ident),*) => {$(
        impl<T: ToJson> ToJson for $ty<T> {
            #[inline]
            fn write_json(&self, w: &mut Writer<'_>) {
                self.0.write_json(w);
            }

            fn is_json_empty(&self) -> bool {
                self.0.is_json_empty()
            }
        }

        impl<'de, T: FromJson<'de>> FromJson<'de> for $ty<T> {
            #[inline]
            fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                T::read_json(r).map($ty)
            }
        }

        impl<T: ToJsonKey> ToJsonKey for $ty<T> {
            fn write_json_key(&self, w: &mut Writer<'_>) {
                self.0.write_json_key(w);
            }
        }

        impl<'de, T: FromJsonKey<'de>> FromJsonKey<'de> for $ty<T> {
            fn from_json_key(key: Str<'de, '_>, r: &Reader<'de>) -> Result<Self, Error> {
                T::from_json_key(key, r).map($ty)
            }
        }

        impl<T: ToValue> ToValue for $ty<T> {
            fn to_value(&self) -> Value {
                self.0.to_value()
            }
        }

        impl<T: FromValue> FromValue for $ty<T> {
            fn from_value(v: Value) -> Result<Self, Error> {
                T::from_value(v).map($ty)
            }

            fn from_value_ref(v: &Value) -> Result<Self, Error> {
                T::from_value_ref(v).map($ty)
            }
        }

        impl<T: ToValueKey> ToValueKey for $ty<T> {
            fn to_value_key(&self) -> String {
                self.0.to_value_key()
            }
        }

        impl<T: FromValueKey> FromValueKey for $ty<T> {
            fn from_value_key(key: &str) -> Result<Self, Error> {
                T::from_value_key(key).map($ty)
            }
        }

        impl<T: ToMsgpack> ToMsgpack for $ty<T> {
            fn write_msgpack(&self, w: &mut msgpack::Writer) {
                self.0.write_msgpack(w);
            }

            fn is_msgpack_empty(&self) -> bool {
                self.0.is_msgpack_empty()
            }
        }

        impl<'de, T: FromMsgpack<'de>> FromMsgpack<'de> for $ty<T> {
            fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
                T::read_msgpack(r).map($ty)
            }
        }
    )*};
}

transparent!(Wrapping, Reverse);

// MARK: - Saturating

/// Reads an integer of any size (i128 range) from JSON; floats are
/// "expected `ty`, found floating-point number".
fn read_wide(r: &mut Reader<'_>, ty: &'static str) -> Result<i128, Error> {
    match r.peek() {
        Some(b'-' | b'0'..=b'9') => {}
        _ => return Err(r.invalid_type(ty)),
    }
    let start = r.offset();
    let text = r.read_number_text()?;
    if text.bytes().any(|b| matches!(b, b'.' | b'e' | b'E')) {
        let kind = ErrorKind::InvalidType {
            expected: ty,
            found: "floating-point number",
        };
        return Err(r.error_at(kind, start));
    }
    wide_in_64(text.parse::<i128>().ok())
        .ok_or_else(|| r.error_at(ErrorKind::NumberOutOfRange { ty }, start))
}

/// serde_json hands serde an integer only within the i64 and u64 ranges
/// (beyond them the number is a float, which `Saturating` refuses).
fn wide_in_64(v: Option<i128>) -> Option<i128> {
    v.filter(|v| (i128::from(i64::MIN)..=i128::from(u64::MAX)).contains(v))
}

fn wide_value(v: &Value, ty: &'static str) -> Result<i128, Error> {
    match v {
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                Ok(i128::from(u))
            } else if let Some(i) = n.as_i64() {
                Ok(i128::from(i))
            } else {
                Err(Error::without_position(ErrorKind::InvalidType {
                    expected: ty,
                    found: "floating-point number",
                }))
            }
        }
        other => Err(crate::value::convert::invalid_type(ty, other)),
    }
}

fn wide_msgpack(r: &mut msgpack::Reader<'_>, ty: &'static str) -> Result<i128, Error> {
    Ok(match r.read_int(ty)? {
        Int::U(u) => i128::from(u),
        Int::I(i) => i128::from(i),
    })
}

macro_rules! saturating {
    ($($prim:ident),*) => {$(
        impl ToJson for Saturating<$prim> {
            #[inline]
            fn write_json(&self, w: &mut Writer<'_>) {
                self.0.write_json(w);
            }

            fn is_json_empty(&self) -> bool {
                self.0 == 0
            }
        }

        impl<'de> FromJson<'de> for Saturating<$prim> {
            fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                read_wide(r, stringify!($prim)).map(clamp!($prim))
            }
        }

        impl ToValue for Saturating<$prim> {
            fn to_value(&self) -> Value {
                self.0.to_value()
            }
        }

        impl FromValue for Saturating<$prim> {
            fn from_value_ref(v: &Value) -> Result<Self, Error> {
                wide_value(v, stringify!($prim)).map(clamp!($prim))
            }
        }

        impl ToMsgpack for Saturating<$prim> {
            fn write_msgpack(&self, w: &mut msgpack::Writer) {
                self.0.write_msgpack(w);
            }

            fn is_msgpack_empty(&self) -> bool {
                self.0 == 0
            }
        }

        impl<'de> FromMsgpack<'de> for Saturating<$prim> {
            fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
                wide_msgpack(r, stringify!($prim)).map(clamp!($prim))
            }
        }
    )*};
}

/// `v` clamped to `$prim`'s range, wrapped.
macro_rules! clamp {
    ($prim:ident) => {
        |v: i128| {
            // The clamp makes the cast lossless.
            Saturating(v.clamp($prim::MIN as i128, $prim::MAX as i128) as $prim)
        }
    };
}

saturating!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);
