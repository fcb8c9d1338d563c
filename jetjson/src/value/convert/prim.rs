//! Booleans, integers, floats, `char` and `()`.

use super::{invalid_type, invalid_type_found, invalid_value, out_of_range};
use super::{FromValue, FromValueKey, ToValue, ToValueKey};
use crate::value::{Number, Value};
use crate::Error;

impl ToValue for bool {
    #[inline]
    fn to_value(&self) -> Value {
        Value::Bool(*self)
    }
}

impl FromValue for bool {
    #[inline]
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        match v {
            Value::Bool(b) => Ok(*b),
            other => Err(invalid_type("a boolean", other)),
        }
    }
}

impl ToValueKey for bool {
    fn to_value_key(&self) -> String {
        if *self { "true" } else { "false" }.to_owned()
    }
}

impl FromValueKey for bool {
    fn from_value_key(key: &str) -> Result<Self, Error> {
        match key {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(invalid_value(
                "expected a boolean key, \"true\" or \"false\"",
            )),
        }
    }
}

/// The number in `v`, or "expected `ty`, found ..." for anything else.
#[inline]
fn number<'v>(v: &'v Value, ty: &'static str) -> Result<&'v Number, Error> {
    match v {
        Value::Number(n) => Ok(n),
        other => Err(invalid_type(ty, other)),
    }
}

/// An integer type asked for a number held as a float: the decoder's
/// "expected u32, found floating-point number".
#[cold]
#[inline(never)]
fn float_for_integer(ty: &'static str) -> Error {
    invalid_type_found(ty, "floating-point number")
}

/// The error for a number that is not a `u64` (a negative integer or a float).
#[cold]
#[inline(never)]
fn not_unsigned(n: &Number, ty: &'static str) -> Error {
    if n.is_f64() {
        float_for_integer(ty)
    } else {
        out_of_range(ty)
    }
}

macro_rules! unsigned {
    ($($ty:ident)*) => {$(
        impl ToValue for $ty {
            #[inline]
            fn to_value(&self) -> Value {
                Value::Number(Number::from(*self))
            }
        }

        impl FromValue for $ty {
            #[inline]
            fn from_value_ref(v: &Value) -> Result<Self, Error> {
                const TY: &str = stringify!($ty);
                let n = number(v, TY)?;
                match n.as_u64() {
                    // The range check makes the cast lossless.
                    Some(u) if u <= $ty::MAX as u64 => Ok(u as $ty),
                    Some(_) => Err(out_of_range(TY)),
                    None => Err(not_unsigned(n, TY)),
                }
            }
        }
    )*};
}

macro_rules! signed {
    ($($ty:ident)*) => {$(
        impl ToValue for $ty {
            #[inline]
            fn to_value(&self) -> Value {
                Value::Number(Number::from(*self))
            }
        }

        impl FromValue for $ty {
            #[inline]
            fn from_value_ref(v: &Value) -> Result<Self, Error> {
                const TY: &str = stringify!($ty);
                let n = number(v, TY)?;
                match n.as_i64() {
                    // The range check makes the cast lossless.
                    Some(i) if i >= $ty::MIN as i64 && i <= $ty::MAX as i64 => Ok(i as $ty),
                    Some(_) => Err(out_of_range(TY)),
                    // A u64 above i64::MAX, or a float.
                    None => Err(not_unsigned(n, TY)),
                }
            }
        }
    )*};
}

unsigned!(u8 u16 u32 u64 usize);
signed!(i8 i16 i32 i64 isize);

/// Checks a map key against JSON's integer grammar, as the decoder does: an
/// optional `-`, no `+`, no leading zeros, digits only.
fn key_digits<'k>(key: &'k str, ty: &'static str) -> Result<&'k str, Error> {
    let digits = key.strip_prefix('-').unwrap_or(key);
    let ok = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits.len() == 1 || !digits.starts_with('0'));
    if ok {
        Ok(key)
    } else {
        Err(invalid_type_found(ty, "non-integer key"))
    }
}

macro_rules! integer_keys {
    ($($ty:ident)*) => {$(
        impl ToValueKey for $ty {
            fn to_value_key(&self) -> String {
                itoa::Buffer::new().format(*self).to_owned()
            }
        }

        impl FromValueKey for $ty {
            fn from_value_key(key: &str) -> Result<Self, Error> {
                let ty = stringify!($ty);
                key_digits(key, ty)?.parse().map_err(|_| out_of_range(ty))
            }
        }
    )*};
}

integer_keys!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

// MARK: - 128-bit integers

/// 2^64 and -2^63 as floats: a float beyond them can only be an integer
/// that was too wide for a 64-bit `Number`.
const TWO_POW_64: f64 = 18_446_744_073_709_551_616.0;
const MINUS_TWO_POW_63: f64 = -9_223_372_036_854_775_808.0;

/// A float that a `Value` holds in place of an integer wider than 64 bits:
/// whole, and outside both 64-bit ranges.
#[inline]
fn wide_integer(f: f64) -> Option<f64> {
    (f.fract() == 0.0 && !(MINUS_TWO_POW_63..TWO_POW_64).contains(&f)).then_some(f)
}

impl ToValue for u128 {
    /// Exact up to `u64::MAX`; beyond, the correctly rounded `f64`, which is
    /// what reading the written digits into a `Value` gives.
    fn to_value(&self) -> Value {
        match u64::try_from(*self) {
            Ok(u) => Value::Number(Number::from(u)),
            Err(_) => Value::from(*self as f64),
        }
    }
}

impl FromValue for u128 {
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        const TY: &str = "u128";
        let n = number(v, TY)?;
        if let Some(u) = n.as_u64() {
            return Ok(u128::from(u));
        }
        if n.is_i64() {
            return Err(out_of_range(TY));
        }
        match n.as_f64().and_then(wide_integer) {
            // 2^128 itself is the first float out of range.
            Some(f) if f > 0.0 && f < 340_282_366_920_938_463_463_374_607_431_768_211_456.0 => {
                Ok(f as u128)
            }
            Some(_) => Err(out_of_range(TY)),
            None => Err(float_for_integer(TY)),
        }
    }
}

impl ToValue for i128 {
    /// Exact within `i64::MIN..=u64::MAX`; beyond, the correctly rounded `f64`.
    fn to_value(&self) -> Value {
        if let Ok(u) = u64::try_from(*self) {
            Value::Number(Number::from(u))
        } else if let Ok(i) = i64::try_from(*self) {
            Value::Number(Number::from(i))
        } else {
            Value::from(*self as f64)
        }
    }
}

impl FromValue for i128 {
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        const TY: &str = "i128";
        const MAX: f64 = 170_141_183_460_469_231_731_687_303_715_884_105_728.0; // 2^127
        let n = number(v, TY)?;
        if let Some(u) = n.as_u64() {
            return Ok(i128::from(u));
        }
        if let Some(i) = n.as_i64() {
            return Ok(i128::from(i));
        }
        match n.as_f64().and_then(wide_integer) {
            Some(f) if (-MAX..MAX).contains(&f) => Ok(f as i128),
            Some(_) => Err(out_of_range(TY)),
            None => Err(float_for_integer(TY)),
        }
    }
}

// MARK: - Floats

impl ToValue for f64 {
    /// A number, or `Null` for NaN and the infinities (the writer writes `null`).
    #[inline]
    fn to_value(&self) -> Value {
        Value::from(*self)
    }
}

impl FromValue for f64 {
    #[inline]
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        match number(v, "f64")?.as_f64() {
            Some(f) => Ok(f),
            None => Err(out_of_range("f64")),
        }
    }
}

impl ToValue for f32 {
    /// The `f64` nearest the `f32`'s shortest decimal text (`0.1f32` gives
    /// `0.1`, not `0.10000000149011612`), which is what the written text
    /// reads back as; `Null` for NaN and the infinities.
    fn to_value(&self) -> Value {
        let v = *self;
        if !v.is_finite() {
            return Value::Null;
        }
        // Whole numbers below 2^24 are their own shortest text.
        if v.fract() == 0.0 && v.abs() < 16_777_216.0 {
            return Value::from(f64::from(v));
        }
        let mut text = zmij::Buffer::new();
        match text.format_finite(v).parse::<f64>() {
            Ok(d) => Value::from(d),
            // Cannot happen: the formatter writes Rust float syntax.
            Err(_) => Value::from(f64::from(v)),
        }
    }
}

impl FromValue for f32 {
    /// Correctly rounded from the number's decimal text, as reading that text
    /// as an `f32` would be; larger than `f32::MAX` is out of range.
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let n = number(v, "f32")?;
        let f = match (n.as_u64(), n.as_i64(), n.as_f64()) {
            // Integer to f32 rounds once, correctly.
            (Some(u), _, _) => u as f32,
            (None, Some(i), _) => i as f32,
            (None, None, Some(d)) => f64_to_f32(d),
            (None, None, None) => return Err(out_of_range("f32")),
        };
        if f.is_finite() {
            Ok(f)
        } else {
            Err(out_of_range("f32"))
        }
    }
}

/// `d` as the `f32` that reading `d`'s shortest text gives. `d as f32` is
/// that value unless `d` lies exactly halfway between two `f32`s: the text
/// is then a little off the halfway point, on either side, so only the text
/// can say which way it rounds.
fn f64_to_f32(d: f64) -> f32 {
    let near = d as f32;
    if f64::from(near) == d {
        return near;
    }
    if near.is_infinite() {
        // Past the top of the f32 range, where `as` and the text may differ
        // on the one value halfway to 2^128.
        return halfway_f64_to_f32(d);
    }
    let other = step_toward(near, d);
    // Both are f32s, so their sum and its half are exact in an f64 (an
    // infinite `other` gives infinity, never `d`).
    if (f64::from(near) + f64::from(other)) / 2.0 != d {
        return near;
    }
    halfway_f64_to_f32(d)
}

/// The `f32` next to `x` in the direction of `d` (`x != d`).
fn step_toward(x: f32, d: f64) -> f32 {
    if x == 0.0 {
        let tiny = f32::from_bits(1);
        return if d > 0.0 { tiny } else { -tiny };
    }
    let bits = x.to_bits();
    let away_from_zero = (f64::from(x) < d) == (x > 0.0);
    f32::from_bits(if away_from_zero { bits + 1 } else { bits - 1 })
}

#[cold]
fn halfway_f64_to_f32(d: f64) -> f32 {
    let mut text = zmij::Buffer::new();
    text.format_finite(d).parse::<f32>().unwrap_or(d as f32)
}

// MARK: - char and ()

impl ToValue for char {
    fn to_value(&self) -> Value {
        let mut buf = [0u8; 4];
        Value::String(self.encode_utf8(&mut buf).to_owned())
    }
}

impl FromValue for char {
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let s = super::str_ref(v, "a string")?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(invalid_value("expected a string of exactly one character")),
        }
    }
}

impl ToValueKey for char {
    fn to_value_key(&self) -> String {
        self.to_string()
    }
}

impl FromValueKey for char {
    fn from_value_key(key: &str) -> Result<Self, Error> {
        let mut chars = key.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(invalid_value("expected a one-character key")),
        }
    }
}

impl ToValue for () {
    #[inline]
    fn to_value(&self) -> Value {
        Value::Null
    }
}

impl FromValue for () {
    #[inline]
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        super::null(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    /// What the text path gives: the shortest text of `d`, read as an f32.
    fn via_text(d: f64) -> f32 {
        zmij::Buffer::new().format_finite(d).parse().unwrap()
    }

    #[test]
    fn f32_from_a_halfway_f64_follows_the_text() {
        // 1 + 2^-24 lies exactly between the f32s 1 and 1 + 2^-23; its
        // shortest text, 1.0000000596046448, is a hair above, so it rounds up.
        let halfway = 1.0 + f64::powi(2.0, -24);
        assert_eq!(f64_to_f32(halfway), via_text(halfway));
        assert_ne!(f64_to_f32(halfway), halfway as f32);
        for d in [
            0.1,
            -0.1,
            1.0 + f64::powi(2.0, -24),
            -(1.0 + f64::powi(2.0, -24)),
            3.0 * f64::powi(2.0, -150),
            f64::from(f32::MAX),
            f64::from(f32::MAX) * (1.0 + f64::powi(2.0, -25)),
            f64::from(f32::MAX) * (1.0 + f64::powi(2.0, -24)),
            f64::from(f32::MIN_POSITIVE) * 0.75,
            123_456_789.0,
            1e-46,
        ] {
            assert_eq!(f64_to_f32(d).to_bits(), via_text(d).to_bits(), "{d:e}");
        }
    }

    #[test]
    fn f32_to_value_is_the_shortest_text() {
        for x in [0.1f32, 1.0 / 3.0, 16_777_216.0, 3e38, -7.5e-45, 0.0, -0.0] {
            let text = zmij::Buffer::new().format_finite(x).to_owned();
            let want: f64 = text.parse().unwrap();
            assert_eq!(
                x.to_value().as_f64().map(f64::to_bits),
                Some(want.to_bits())
            );
        }
    }

    #[test]
    fn wide_integers_come_back_from_floats() {
        let big = 1u128 << 100;
        assert_eq!(u128::from_value(big.to_value()).unwrap(), big);
        assert_eq!(
            i128::from_value((-(1i128 << 100)).to_value()).unwrap(),
            -(1i128 << 100)
        );
        assert_eq!(
            u128::from_value(u128::MAX.to_value()).unwrap_err().kind(),
            &ErrorKind::NumberOutOfRange { ty: "u128" }
        );
        assert_eq!(
            u128::from_value(Value::from(1.5e20)).unwrap(),
            150_000_000_000_000_000_000
        );
        assert_eq!(
            u128::from_value(Value::from(1e39)).unwrap_err().kind(),
            &ErrorKind::NumberOutOfRange { ty: "u128" }
        );
        assert_eq!(
            u64::from_value(Value::from(1.5e20)).unwrap_err().kind(),
            &ErrorKind::InvalidType {
                expected: "u64",
                found: "floating-point number"
            }
        );
        assert!(matches!(
            u128::from_value(Value::from(2.5)).unwrap_err().kind(),
            ErrorKind::InvalidType { .. }
        ));
    }
}
