//! Booleans, integers, floats, `char` and `()`.

use crate::{Error, ErrorKind, FromJson, FromJsonKey, Reader, Str, ToJson, ToJsonKey, Writer};

impl ToJson for bool {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_bool(*self);
    }

    fn is_json_empty(&self) -> bool {
        !*self
    }
}

impl<'de> FromJson<'de> for bool {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_bool()
    }
}

impl ToJsonKey for bool {
    fn write_json_key(&self, w: &mut Writer<'_>) {
        w.write_raw(if *self { b"\"true\"" } else { b"\"false\"" });
    }
}

impl<'de> FromJsonKey<'de> for bool {
    fn from_json_key(key: Str<'de, '_>, _r: &Reader<'de>) -> Result<Self, Error> {
        match key.as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(Error::custom(
                "expected a boolean key, \"true\" or \"false\"",
            )),
        }
    }
}

/// Checks a map key against JSON's integer grammar (an optional `-`, no
/// `+`, no leading zeros, digits only) and returns the text to parse, `-0`
/// read as `0` as it is in a value. Errors have no position: the map reader
/// points them at the key.
fn key_digits<'k>(key: &'k str, ty: &'static str) -> Result<&'k str, Error> {
    let digits = key.strip_prefix('-').unwrap_or(key);
    let ok = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits.len() == 1 || !digits.starts_with('0'));
    if !ok {
        return Err(Error::without_position(ErrorKind::InvalidType {
            expected: ty,
            found: "non-integer key",
        }));
    }
    Ok(if digits == "0" { digits } else { key })
}

macro_rules! unsigned {
    ($($ty:ident)*) => {$(
        impl ToJson for $ty {
            #[inline]
            fn write_json(&self, w: &mut Writer<'_>) {
                w.write_u64(*self as u64);
            }

            fn is_json_empty(&self) -> bool {
                *self == 0
            }
        }

        impl<'de> FromJson<'de> for $ty {
            #[inline]
            fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                // The range check in `read_unsigned` makes the cast lossless.
                r.read_unsigned(stringify!($ty), $ty::MAX as u64).map(|v| v as $ty)
            }
        }
    )*};
}

macro_rules! signed {
    ($($ty:ident)*) => {$(
        impl ToJson for $ty {
            #[inline]
            fn write_json(&self, w: &mut Writer<'_>) {
                w.write_i64(*self as i64);
            }

            fn is_json_empty(&self) -> bool {
                *self == 0
            }
        }

        impl<'de> FromJson<'de> for $ty {
            #[inline]
            fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                // The range check in `read_signed` makes the cast lossless.
                r.read_signed(stringify!($ty), $ty::MIN as i64, $ty::MAX as i64)
                    .map(|v| v as $ty)
            }
        }
    )*};
}

unsigned!(u8 u16 u32 u64 usize);
signed!(i8 i16 i32 i64 isize);

macro_rules! integer_keys {
    ($($ty:ident)*) => {$(
        impl ToJsonKey for $ty {
            fn write_json_key(&self, w: &mut Writer<'_>) {
                w.write_byte(b'"');
                w.write_raw(itoa::Buffer::new().format(*self).as_bytes());
                w.write_byte(b'"');
            }
        }

        impl<'de> FromJsonKey<'de> for $ty {
            fn from_json_key(key: Str<'de, '_>, _r: &Reader<'de>) -> Result<Self, Error> {
                let ty = stringify!($ty);
                key_digits(key.as_str(), ty)?
                    .parse()
                    .map_err(|_| Error::without_position(ErrorKind::NumberOutOfRange { ty }))
            }
        }
    )*};
}

integer_keys!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

impl ToJson for u128 {
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_u128(*self);
    }

    fn is_json_empty(&self) -> bool {
        *self == 0
    }
}

impl<'de> FromJson<'de> for u128 {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_u128()
    }
}

impl ToJson for i128 {
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_i128(*self);
    }

    fn is_json_empty(&self) -> bool {
        *self == 0
    }
}

impl<'de> FromJson<'de> for i128 {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_i128()
    }
}

impl ToJson for f64 {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_f64(*self);
    }

    #[inline(always)]
    fn __as_f64(&self) -> Option<f64> {
        Some(*self)
    }

    fn is_json_empty(&self) -> bool {
        *self == 0.0
    }
}

impl<'de> FromJson<'de> for f64 {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_f64()
    }
}

impl ToJson for f32 {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_f32(*self);
    }

    fn is_json_empty(&self) -> bool {
        *self == 0.0
    }
}

impl<'de> FromJson<'de> for f32 {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_f32()
    }
}

impl ToJson for char {
    fn write_json(&self, w: &mut Writer<'_>) {
        let mut buf = [0u8; 4];
        w.write_str(self.encode_utf8(&mut buf));
    }
}

impl<'de> FromJson<'de> for char {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let start = r.offset();
        let s = r.read_str()?;
        let mut chars = s.as_str().chars();
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

impl ToJsonKey for char {
    fn write_json_key(&self, w: &mut Writer<'_>) {
        self.write_json(w);
    }
}

impl<'de> FromJsonKey<'de> for char {
    fn from_json_key(key: Str<'de, '_>, _r: &Reader<'de>) -> Result<Self, Error> {
        let mut chars = key.as_str().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(Error::custom("expected a one-character key")),
        }
    }
}

impl ToJson for () {
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_null();
    }
}

impl<'de> FromJson<'de> for () {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_null()
    }
}
