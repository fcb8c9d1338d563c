//! `Number`: a JSON number as an exact `u64`, an exact negative `i64`, or a
//! finite `f64`; and the one-pass scanner that makes it from text.

use std::fmt;

use crate::num;
use crate::read::{scan_number, short_decimal, short_number, Short};
use crate::{Error, FromJson, Reader, ToJson, Writer};

/// A JSON number: an integer kept exactly when it fits an `i64` or a `u64`,
/// otherwise a finite `f64`.
///
/// Reading decides the form from the text, as serde_json does:
///
/// - an integer (no `.`, no exponent) from `0` to `u64::MAX` is a `u64`,
///   from `i64::MIN` to `-1` an `i64`;
/// - everything else is an `f64`, correctly rounded: numbers with a fraction
///   or an exponent, integers beyond the 64-bit ranges (so
///   `18446744073709551616` becomes `1.8446744073709552e19`), and `-0`,
///   which becomes `-0.0` so that its sign survives;
/// - a number beyond the `f64` range (`1e999`) is an error, never infinity.
///
/// Integers and floats never compare equal (`1` is not `1.0`), as in
/// serde_json; `0.0 == -0.0` as for `f64`.
///
/// ```
/// use jetjson::value::Number;
///
/// let n: Number = jetjson::from_str("18446744073709551615").unwrap();
/// assert_eq!(n.as_u64(), Some(u64::MAX));
/// let n: Number = jetjson::from_str("-9223372036854775808").unwrap();
/// assert_eq!(n.as_i64(), Some(i64::MIN));
/// let n: Number = jetjson::from_str("-0").unwrap();
/// assert!(n.as_f64().unwrap().is_sign_negative());
/// assert_eq!(n.to_string(), "-0.0");
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Number {
    n: N,
}

#[derive(Clone, Copy)]
pub(crate) enum N {
    PosInt(u64),
    /// Always less than zero.
    NegInt(i64),
    /// Always finite.
    Float(f64),
}

impl PartialEq for N {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (N::PosInt(a), N::PosInt(b)) => a == b,
            (N::NegInt(a), N::NegInt(b)) => a == b,
            (N::Float(a), N::Float(b)) => a == b,
            _ => false,
        }
    }
}

// Floats are always finite, so `==` is an equivalence relation.
impl Eq for N {}

impl Number {
    /// Whether the number is an integer that fits an `i64`.
    #[inline]
    pub fn is_i64(&self) -> bool {
        match self.n {
            N::PosInt(v) => v <= i64::MAX as u64,
            N::NegInt(_) => true,
            N::Float(_) => false,
        }
    }

    /// Whether the number is an integer that fits a `u64`.
    #[inline]
    pub fn is_u64(&self) -> bool {
        matches!(self.n, N::PosInt(_))
    }

    /// Whether the number is held as an `f64` (it had a fraction or exponent,
    /// or did not fit 64 bits).
    #[inline]
    pub fn is_f64(&self) -> bool {
        matches!(self.n, N::Float(_))
    }

    /// The value as an `i64`, if it is an integer in range.
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        match self.n {
            N::PosInt(v) => i64::try_from(v).ok(),
            N::NegInt(v) => Some(v),
            N::Float(_) => None,
        }
    }

    /// The value as a `u64`, if it is a non-negative integer.
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        match self.n {
            N::PosInt(v) => Some(v),
            _ => None,
        }
    }

    /// The value as an `f64`; integers are converted (rounding above 2^53).
    /// Always `Some`, as in serde_json.
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
        Some(match self.n {
            N::PosInt(v) => v as f64,
            N::NegInt(v) => v as f64,
            N::Float(v) => v,
        })
    }

    /// A number from a finite `f64`; `None` for NaN and the infinities, which
    /// JSON cannot express.
    #[inline]
    pub fn from_f64(v: f64) -> Option<Number> {
        v.is_finite().then_some(Number { n: N::Float(v) })
    }

    /// The number from an `i128`, if it fits an `i64` or a `u64`.
    pub fn from_i128(v: i128) -> Option<Number> {
        if let Ok(u) = u64::try_from(v) {
            Some(Number::from(u))
        } else {
            i64::try_from(v).ok().map(Number::from)
        }
    }

    /// The number's form, for layouts that store it themselves (the
    /// [`Document`](crate::Document)).
    #[inline]
    pub(crate) fn repr(self) -> N {
        self.n
    }

    /// A number from its form; a `Float` must be finite.
    #[inline]
    pub(crate) fn from_repr(n: N) -> Number {
        Number { n }
    }

    /// Writes the number: integers exactly, floats as the shortest text that
    /// reads back to the same bits.
    #[inline]
    pub(crate) fn write(&self, w: &mut Writer<'_>) {
        match self.n {
            N::PosInt(v) => w.write_u64(v),
            N::NegInt(v) => w.write_i64(v),
            N::Float(v) => w.write_f64(v),
        }
    }
}

macro_rules! from_unsigned {
    ($($ty:ty)*) => {$(
        impl From<$ty> for Number {
            #[inline]
            fn from(v: $ty) -> Self {
                Number { n: N::PosInt(v as u64) }
            }
        }
    )*};
}

macro_rules! from_signed {
    ($($ty:ty)*) => {$(
        impl From<$ty> for Number {
            #[inline]
            fn from(v: $ty) -> Self {
                let v = v as i64;
                Number {
                    n: if v < 0 { N::NegInt(v) } else { N::PosInt(v as u64) },
                }
            }
        }
    )*};
}

from_unsigned!(u8 u16 u32 u64 usize);
from_signed!(i8 i16 i32 i64 isize);

/// The JSON text of the number, as the [`Writer`] writes it.
impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.n {
            N::PosInt(v) => f.write_str(itoa::Buffer::new().format(v)),
            N::NegInt(v) => f.write_str(itoa::Buffer::new().format(v)),
            N::Float(v) => {
                let mut w = Writer::with_capacity(32);
                w.write_f64(v);
                f.write_str(std::str::from_utf8(w.as_bytes()).map_err(|_| fmt::Error)?)
            }
        }
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({self})")
    }
}

impl ToJson for Number {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        self.write(w);
    }
}

impl<'de> FromJson<'de> for Number {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        match r.peek() {
            Some(b'-' | b'0'..=b'9') => read_number(r),
            _ => Err(r.invalid_type("a number")),
        }
    }
}

// MARK: - Private: scanning

/// What [`scan`] found at a position that starts a number.
pub(crate) enum Scan {
    /// A number, and the offset just after its text.
    Ok(Number, usize),
    /// A well-formed number beyond the `f64` range.
    OutOfRange,
    /// Text that breaks the grammar; the reader reports exactly how.
    Invalid,
}

/// Scans the number starting at `input[start]` (a `-` or a digit) with the
/// reader's scanner (one grammar for every reader), then keeps an integer
/// exact when it fits an `i64` or `u64`.
#[inline]
pub(crate) fn scan(input: &[u8], start: usize) -> Scan {
    // A plain float first: its end from one mask (see `short_decimal`).
    if let Some((d, end)) = short_decimal(input, start) {
        if let Some(v) = num::fast_f64(d) {
            // At most 19 digits and 10^-16: always finite.
            return Scan::Ok(Number { n: N::Float(v) }, end);
        }
    }
    match short_number(input, start) {
        Some((Short::Integer(negative, magnitude), end)) => {
            return Scan::Ok(integer(negative, magnitude), end);
        }
        Some((Short::Decimal(d), end)) => {
            return match num::to_f64(d, &input[start..end]) {
                Some(v) => Scan::Ok(Number { n: N::Float(v) }, end),
                None => Scan::OutOfRange,
            };
        }
        None => {}
    }
    if let Some((n, end)) = short_integer(input, start) {
        return Scan::Ok(n, end);
    }
    scan_any(input, start)
}

/// The common case in one loop: an integer of at most 18 digits (so it
/// cannot overflow), with no fraction or exponent after it. `None` for
/// anything else, including every malformed number, which the full scan
/// then reads (or rejects) as before.
#[inline]
fn short_integer(input: &[u8], start: usize) -> Option<(Number, usize)> {
    let negative = input.get(start) == Some(&b'-');
    let first = start + usize::from(negative);
    let mut i = first;
    let mut magnitude = 0u64;
    while let Some(&b) = input.get(i) {
        let d = b.wrapping_sub(b'0');
        if d > 9 || i - first == 18 {
            break;
        }
        magnitude = magnitude * 10 + u64::from(d);
        i += 1;
    }
    let digits = i - first;
    let leading_zero = digits > 1 && input[first] == b'0';
    let goes_on = matches!(input.get(i), Some(b'.' | b'e' | b'E' | b'0'..=b'9'));
    if digits == 0 || leading_zero || goes_on {
        return None;
    }
    Some((integer(negative, magnitude), i))
}

/// [`scan`] for every number the short path leaves.
#[inline]
fn scan_any(input: &[u8], start: usize) -> Scan {
    let Ok(scanned) = scan_number(input, start) else {
        return Scan::Invalid;
    };
    let d = scanned.decimal;
    if scanned.integer {
        if !d.truncated && d.exponent == 0 {
            // At most 19 digits, all of them in the mantissa.
            return Scan::Ok(integer(d.negative, d.mantissa), scanned.end);
        }
        if let Some(magnitude) = long_integer(&input[start..scanned.end]) {
            return Scan::Ok(integer(d.negative, magnitude), scanned.end);
        }
    }
    match num::to_f64(d, &input[start..scanned.end]) {
        Some(v) => Scan::Ok(Number { n: N::Float(v) }, scanned.end),
        None => Scan::OutOfRange,
    }
}

/// The magnitude of an integer of more than 19 digits, when it fits a u64
/// (20-digit values up to 18446744073709551615).
#[cold]
fn long_integer(text: &[u8]) -> Option<u64> {
    let digits = text.strip_prefix(b"-").unwrap_or(text);
    digits.iter().try_fold(0u64, |acc, &d| {
        acc.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })
}

#[inline]
pub(crate) fn integer(negative: bool, magnitude: u64) -> Number {
    if !negative {
        return Number::from(magnitude);
    }
    if magnitude == 0 {
        // `-0`: keep the sign as serde_json does, as a float.
        return Number { n: N::Float(-0.0) };
    }
    if magnitude <= i64::MIN.unsigned_abs() {
        // Two's complement: wraps exactly onto -magnitude for magnitude ≤ 2^63.
        Number {
            n: N::NegInt(0i64.wrapping_sub_unsigned(magnitude)),
        }
    } else {
        // `as` rounds to the nearest double, ties to even: correctly rounded.
        Number {
            n: N::Float(-(magnitude as f64)),
        }
    }
}

/// Reads a number at the reader's cursor (which is on a `-` or a digit).
#[inline]
pub(crate) fn read_number(r: &mut Reader<'_>) -> Result<Number, Error> {
    let start = r.offset();
    match scan(r.input(), start) {
        Scan::Ok(n, end) => {
            // Advances the cursor past the number just checked.
            r.seek(end);
            Ok(n)
        }
        Scan::OutOfRange => {
            Err(r.error_at(crate::ErrorKind::NumberOutOfRange { ty: "f64" }, start))
        }
        Scan::Invalid => Err(number_error(r)),
    }
}

/// The reader's own account of a malformed number (its kind and position).
#[cold]
fn number_error(r: &mut Reader<'_>) -> Error {
    match r.read_number_text() {
        Err(e) => e,
        // Cannot happen: `scan` and the reader accept the same grammar.
        Ok(_) => r.invalid_value("invalid number"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(text: &str) -> Option<Number> {
        match scan(text.as_bytes(), 0) {
            Scan::Ok(n, end) if end == text.len() => Some(n),
            _ => None,
        }
    }

    #[test]
    fn integers_are_exact_at_the_edges() {
        assert_eq!(num("0").unwrap().as_u64(), Some(0));
        assert_eq!(
            num("18446744073709551615").unwrap().as_u64(),
            Some(u64::MAX)
        );
        assert_eq!(num("9223372036854775807").unwrap().as_i64(), Some(i64::MAX));
        assert_eq!(
            num("-9223372036854775808").unwrap().as_i64(),
            Some(i64::MIN)
        );
        assert_eq!(
            num("9007199254740993").unwrap().as_u64(),
            Some(9007199254740993)
        );
        assert_eq!(
            num("1000000000000000000").unwrap().as_u64(),
            Some(10u64.pow(18))
        );
        assert_eq!(
            num("10000000000000000000").unwrap().as_u64(),
            Some(10u64.pow(19))
        );
        let big = num("18446744073709551616").unwrap();
        assert_eq!(big.as_f64(), Some(18446744073709551616.0));
        assert!(big.is_f64());
        let small = num("-9223372036854775809").unwrap();
        assert_eq!(small.as_f64(), Some(-9223372036854775809.0));
        assert!(num("-0").unwrap().as_f64().unwrap().is_sign_negative());
    }

    #[test]
    fn floats_agree_with_std() {
        for text in [
            "1.5",
            "-0.0",
            "5e-324",
            "2.2250738585072014e-308",
            "1.7976931348623157e308",
            "123456789012345678901234567890",
            "0.1e1",
            "1E+2",
            "3.141592653589793238462643383279",
        ] {
            let want: f64 = text.parse().unwrap();
            let got = num(text).unwrap().as_f64().unwrap();
            assert_eq!(got.to_bits(), want.to_bits(), "{text}");
        }
        assert!(matches!(scan(b"1e999", 0), Scan::OutOfRange));
    }

    #[test]
    fn the_short_path_agrees_with_the_full_scan() {
        let mut cases: Vec<String> = [
            "0",
            "-0",
            "7",
            "-7",
            "00",
            "-00",
            "01",
            "-01",
            "0.5",
            "1e5",
            "1E5",
            "-",
            "--1",
            "123456789012345678",
            "-123456789012345678",
            "1234567890123456789",
            "-9223372036854775808",
            "18446744073709551615",
            "18446744073709551616",
            "12,",
            "12]",
            "12 ",
            "12}",
            "1.",
            "1x",
            "-x",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for digits in 1..=21 {
            cases.push("9".repeat(digits));
            cases.push(format!("-{}", "9".repeat(digits)));
            cases.push(format!("1{}", "0".repeat(digits - 1)));
        }
        for text in &cases {
            let input = text.as_bytes();
            let short = short_integer(input, 0);
            let full = match scan_any(input, 0) {
                Scan::Ok(n, end) => Some((n, end)),
                _ => None,
            };
            if let Some(short) = short {
                assert_eq!(Some(short), full, "{text}");
                assert!(
                    short.0.is_u64() || short.0.is_i64() || text == "-0",
                    "{text}"
                );
            }
        }
        assert!(short_integer(b"-0", 0)
            .unwrap()
            .0
            .as_f64()
            .unwrap()
            .is_sign_negative());
    }

    #[test]
    fn rejects_what_the_grammar_rejects() {
        for text in ["-", "01", "1.", "1e", "1e+", ".5", "-a", "00"] {
            assert!(matches!(scan(text.as_bytes(), 0), Scan::Invalid), "{text}");
        }
    }
}
