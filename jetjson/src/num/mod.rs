//! Number text → Rust numbers, exactly.
//!
//! The reader has already checked the RFC 8259 grammar and gathered the
//! decimal significand; this module turns it into a value. Integers are exact
//! or an error, never wrapped. Doubles are correctly rounded, by the first of
//! these that can decide:
//!
//! 1. Clinger's fast path: a significand below 2^53 and a power of ten up to
//!    10^22 are both exact doubles, so one IEEE multiplication or division
//!    rounds correctly;
//! 2. Eisel–Lemire ([`mod@eisel_lemire`]): one or two 128-bit multiplications by
//!    a table of powers of five ([`pow5`]), for up to 19 significant digits;
//!    with more, the first 19 are rounded twice (as written, and plus one in
//!    the last place) and the answer is kept when both agree;
//! 3. the standard library's parser, which is correctly rounded for any
//!    number of digits, re-reading the text.

mod eisel_lemire;
mod pow5;

use eisel_lemire::{eisel_lemire, INFINITY_BITS};

/// Powers of ten that are exact in an `f64` (10^22 is the last one).
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// What the reader learned while scanning one number.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Decimal {
    /// The first `digits` significant digits as an integer (at most 19 fit).
    pub mantissa: u64,
    /// The power of ten to apply to `mantissa`, saturated far outside f64 range.
    pub exponent: i64,
    /// Whether digits were dropped because more than 19 were written.
    pub truncated: bool,
    /// A leading `-`.
    pub negative: bool,
}

/// The value of `decimal`, whose full text is `text`, as a correctly rounded
/// `f64`; `None` when it overflows to infinity. The text is ASCII as the
/// reader's scanners accept it; it is read (and checked as UTF-8) only on the
/// rare slow path.
#[inline]
pub(crate) fn to_f64(decimal: Decimal, text: &[u8]) -> Option<f64> {
    match fast_f64(decimal) {
        Some(v) if v.is_finite() => Some(v),
        Some(_) => None,
        None => to_f64_slow(std::str::from_utf8(text).ok()?),
    }
}

/// Steps 1 and 2 of the module docs: the correctly rounded value (infinite
/// when it overflows), or `None` when only the full text can decide.
#[inline(always)]
pub(crate) fn fast_f64(decimal: Decimal) -> Option<f64> {
    let Decimal {
        mantissa: w,
        exponent: q,
        truncated,
        negative,
    } = decimal;
    let bits = if !truncated {
        if w <= 1 << 53 && (-22..=22).contains(&q) {
            // Clinger: both operands are exact, so the one IEEE operation
            // rounds correctly.
            let m = w as f64;
            let e = POW10[q.unsigned_abs() as usize];
            let v = if q < 0 { m / e } else { m * e };
            return Some(if negative { -v } else { v });
        }
        eisel_lemire(w, q)?
    } else {
        // The value lies strictly between w × 10^q and (w + 1) × 10^q, and
        // rounding is monotonic: if both ends round to the same double, so
        // does everything between.
        let below = eisel_lemire(w, q)?;
        let above = eisel_lemire(w.checked_add(1)?, q)?;
        if below != above {
            return None;
        }
        below
    };
    debug_assert!(bits <= INFINITY_BITS);
    Some(f64::from_bits(bits | u64::from(negative) << 63))
}

#[cold]
fn to_f64_slow(text: &str) -> Option<f64> {
    // The grammar was checked by the reader, and JSON numbers are a subset of
    // what `f64::from_str` accepts, so the parse itself cannot fail.
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() => Some(v),
        _ => None,
    }
}

/// `text` as a correctly rounded `f32` (parsed directly: going through `f64`
/// would round twice); `None` when it overflows to infinity.
pub(crate) fn to_f32(text: &str) -> Option<f32> {
    match text.parse::<f32>() {
        Ok(v) if v.is_finite() => Some(v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decimal(mantissa: u64, exponent: i64, negative: bool) -> Decimal {
        Decimal {
            mantissa,
            exponent,
            truncated: false,
            negative,
        }
    }

    #[test]
    fn fast_path_agrees_with_std() {
        let cases = [
            (1u64, 0i64, "1"),
            (12345, -2, "123.45"),
            (9007199254740992, 0, "9007199254740992"),
            (17976931348623157, 292, "1.7976931348623157e308"),
            (5, -324, "5e-324"),
            (1, 22, "1e22"),
            (1, -22, "1e-22"),
            (3, -1, "0.3"),
        ];
        for (m, e, text) in cases {
            let want: f64 = text.parse().unwrap();
            assert_eq!(
                to_f64(decimal(m, e, false), text.as_bytes()).map(f64::to_bits),
                Some(want.to_bits()),
                "{text}"
            );
        }
        assert_eq!(
            to_f64(decimal(0, 0, true), b"-0").map(f64::to_bits),
            Some((-0.0f64).to_bits())
        );
        assert_eq!(to_f64(decimal(1, 999, false), b"1e999"), None);
    }
}
