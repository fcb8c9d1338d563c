//! Numbers: one scanner checks RFC 8259's grammar and gathers the significand;
//! integer reads take a tighter loop that stops at the first non-digit.

use super::Reader;
use crate::error::{Error, ErrorKind};
use crate::num::{self, Decimal};

/// What [`scan_number`] found.
pub(crate) struct Scanned {
    pub start: usize,
    /// Just past the number's text.
    pub end: usize,
    pub decimal: Decimal,
    /// No fraction and no exponent.
    pub integer: bool,
}

/// Scans one number starting at `input[start]` and checks its grammar: `-`?
/// then `0` or a digit run not starting with 0, then optional `.digits`, then
/// an optional exponent. Errors are a kind and the offset it points at. The
/// DOM's readers call this too, so there is one grammar.
pub(crate) fn scan_number(input: &[u8], start: usize) -> Result<Scanned, (ErrorKind, usize)> {
    let mut i = start;
    let negative = input.get(i) == Some(&b'-');
    if negative {
        i += 1;
    }
    let mut mantissa = 0u64;
    let mut digits = 0u32; // significant digits kept in `mantissa`
    let mut dropped = 0i64; // integer digits past the 19th
    let mut truncated = false;
    match input.get(i) {
        Some(b'0') => {
            i += 1;
            if matches!(input.get(i), Some(b'0'..=b'9')) {
                return Err((ErrorKind::InvalidNumber, i));
            }
        }
        Some(b'1'..=b'9') => loop {
            if let Some((n, v)) = digit_run(input, i) {
                if digits as usize + n <= 19 {
                    mantissa = mantissa * POW10[n] + v;
                    digits += n as u32;
                    i += n;
                    if n < 8 {
                        break;
                    }
                    continue;
                }
            }
            let Some(&d @ b'0'..=b'9') = input.get(i) else {
                break;
            };
            if digits < 19 {
                mantissa = mantissa * 10 + u64::from(d - b'0');
                digits += 1;
            } else {
                dropped += 1;
                truncated |= d != b'0';
            }
            i += 1;
        },
        Some(_) => return Err((ErrorKind::InvalidNumber, i)),
        None => return Err((ErrorKind::UnexpectedEof, i)),
    }
    let mut exponent = dropped;
    let mut integer = true;
    if input.get(i) == Some(&b'.') {
        integer = false;
        i += 1;
        let frac_start = i;
        loop {
            // Eight digits at a time once past any leading zeros (which
            // are not significant and must not use up the 19).
            if mantissa != 0 {
                if let Some((n, v)) = digit_run(input, i) {
                    if digits as usize + n <= 19 {
                        mantissa = mantissa * POW10[n] + v;
                        digits += n as u32;
                        exponent -= n as i64;
                        i += n;
                        if n < 8 {
                            break;
                        }
                        continue;
                    }
                }
            }
            let Some(&d @ b'0'..=b'9') = input.get(i) else {
                break;
            };
            if digits < 19 {
                // Leading zeros of `0.000123` add no significant digit.
                if mantissa != 0 || d != b'0' {
                    digits += 1;
                }
                mantissa = mantissa * 10 + u64::from(d - b'0');
                exponent -= 1;
            } else {
                truncated |= d != b'0';
            }
            i += 1;
        }
        if i == frac_start {
            return Err(digit_expected(input, i));
        }
    }
    if let Some(b'e' | b'E') = input.get(i) {
        integer = false;
        i += 1;
        let exp_negative = match input.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let exp_start = i;
        let mut e = 0i64;
        while let Some(&d @ b'0'..=b'9') = input.get(i) {
            // Saturate far outside the range where anything changes.
            if e < 1_000_000_000 {
                e = e * 10 + i64::from(d - b'0');
            }
            i += 1;
        }
        if i == exp_start {
            return Err(digit_expected(input, i));
        }
        exponent += if exp_negative { -e } else { e };
    }
    Ok(Scanned {
        start,
        end: i,
        decimal: Decimal {
            mantissa,
            exponent,
            truncated,
            negative,
        },
        integer,
    })
}

/// Where the number at `input[start..]` ends, when it is one: the grammar
/// of [`scan_number`] (which accepts exactly the same texts and ends them at
/// the same byte) without its value, digits counted eight at a time.
/// `None` for anything `scan_number` rejects.
#[inline]
fn number_end(input: &[u8], start: usize) -> Option<usize> {
    let mut i = start + usize::from(input.get(start) == Some(&b'-'));
    match *input.get(i)? {
        b'0' => {
            i += 1;
            if input.get(i).is_some_and(u8::is_ascii_digit) {
                return None;
            }
        }
        b'1'..=b'9' => i += digits_from(input, i),
        _ => return None,
    }
    if input.get(i) == Some(&b'.') {
        let n = digits_from(input, i + 1);
        if n == 0 {
            return None;
        }
        i += 1 + n;
    }
    if let Some(b'e' | b'E') = input.get(i) {
        i += 1;
        if let Some(b'+' | b'-') = input.get(i) {
            i += 1;
        }
        let n = digits_from(input, i);
        if n == 0 {
            return None;
        }
        i += n;
    }
    Some(i)
}

/// How many ASCII digits start `input[i..]`.
#[inline(always)]
fn digits_from(input: &[u8], start: usize) -> usize {
    let mut i = start;
    while let Some(word) = load_word(input, i) {
        let n = digit_count(word);
        i += n;
        if n < 8 {
            return i - start;
        }
    }
    while input.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    i - start
}

#[cold]
fn digit_expected(input: &[u8], at: usize) -> (ErrorKind, usize) {
    if at >= input.len() {
        (ErrorKind::UnexpectedEof, at)
    } else {
        (ErrorKind::InvalidNumber, at)
    }
}

impl<'de> Reader<'de> {
    /// [`scan_number`] at the cursor; moves past the number.
    #[inline]
    pub(super) fn scan_number(&mut self) -> Result<Scanned, Error> {
        match scan_number(self.input, self.pos) {
            Ok(scanned) => {
                self.pos = scanned.end;
                Ok(scanned)
            }
            Err((kind, at)) => Err(self.error_at(kind, at)),
        }
    }

    /// The integers of up to fifteen digits, read at the cursor from two
    /// bytes (one digit) or one or two words: `-`? and the digits (no leading
    /// zero before another digit) and the byte that ends them, not `.`, `e`
    /// or `E`. Moves past them and gives sign and magnitude; `None` (nothing
    /// moved) for everything else: whitespace first, sixteen digits and
    /// more, floats, errors, the end of the input near. It makes no call, so
    /// the integer reads around it are leaf functions on their short path
    /// (LLVM still saves five or six registers there for the digit masks).
    #[inline(always)]
    fn short_magnitude(&mut self) -> Option<(bool, u64)> {
        let input = self.input;
        let start = self.pos;
        let negative = input.get(start) == Some(&b'-');
        let i = start + usize::from(negative);
        // One to three digits (flags, counts, small enums as numbers) are
        // the commonest integers of all: byte tests, before any word.
        if let Some((value, end)) = small_uint(input, i) {
            self.pos = end;
            return Some((negative, value));
        }
        let word = load_word(input, i)?;
        // Everything is read from the words: the digits, the first of them
        // (a leading zero) and the byte after them.
        let n = digit_count(word);
        if n == 0 || (n > 1 && word as u8 == b'0') {
            return None;
        }
        let (end, value, after) = if n == 2 {
            // The next commonest: two digits, from the word's two low bytes
            // without the eight-digit arithmetic.
            let value = (word & 0xf) * 10 + ((word >> 8) & 0xf);
            (i + 2, value, (word >> 16) as u8)
        } else if n < 8 {
            (i + n, digits_value(word, n), (word >> (8 * n)) as u8)
        } else {
            // Ids and Unix times: eight to fifteen digits, below 10^15.
            let word2 = load_word(input, i + 8)?;
            let m = digit_count(word2);
            if m == 8 {
                return None;
            }
            let value = eight_digit_value(word) * POW10[m] + digits_value(word2, m);
            (i + 8 + m, value, (word2 >> (8 * m)) as u8)
        };
        if matches!(after, b'.' | b'e' | b'E') {
            return None;
        }
        self.pos = end;
        Some((negative, value))
    }

    /// Reads an integer as sign and magnitude, exactly, whatever precedes or
    /// follows it: what [`short_magnitude`](Self::short_magnitude) leaves.
    /// A fraction or exponent is "expected `ty`, found floating-point
    /// number"; more than fits in a u64 is out of range for `ty`.
    #[inline(never)]
    fn read_magnitude(&mut self, ty: &'static str) -> Result<(bool, u64), Error> {
        let at = self.pos;
        match self.peek() {
            // Whitespace before a short integer (array elements of
            // pretty-printed input): read it as the callers' short path does.
            Some(b'-' | b'0'..=b'9') if self.pos != at => {
                if let Some(short) = self.short_magnitude() {
                    return Ok(short);
                }
            }
            Some(b'-' | b'0'..=b'9') => {}
            _ => return Err(self.invalid_type(ty)),
        }
        let input = self.input;
        let start = self.pos;
        let negative = input[start] == b'-';
        let digits_start = start + usize::from(negative);
        let mut i = digits_start;
        let mut value = 0u64;
        let mut overflow = false;
        'digits: {
            // Two digits one at a time, then eight at a time (the integers
            // that come here have whitespace before them, or sixteen digits
            // and more, or are near the end of the input).
            for _ in 0..2 {
                match input.get(i) {
                    Some(&d @ b'0'..=b'9') => {
                        value = value * 10 + u64::from(d - b'0');
                        i += 1;
                    }
                    _ => break 'digits,
                }
            }
            loop {
                // While the value is below 10^11, eight more digits cannot overflow.
                if value < 100_000_000_000 {
                    if let Some((n, v)) = digit_run(input, i) {
                        value = value * POW10[n] + v;
                        i += n;
                        if n < 8 {
                            break;
                        }
                        continue;
                    }
                }
                let Some(&d @ b'0'..=b'9') = input.get(i) else {
                    break;
                };
                match value
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(u64::from(d - b'0')))
                {
                    Some(v) => value = v,
                    None => overflow = true,
                }
                i += 1;
            }
        }
        let leading_zero = input.get(digits_start) == Some(&b'0') && i - digits_start > 1;
        let more = matches!(input.get(i), Some(b'.' | b'e' | b'E'));
        if i == digits_start || leading_zero || more {
            // Let the full scanner report the grammar error, or the float.
            let scanned = self.scan_number()?;
            debug_assert!(!scanned.integer);
            return Err(self.error_at(
                ErrorKind::InvalidType {
                    expected: ty,
                    found: "floating-point number",
                },
                start,
            ));
        }
        self.pos = i;
        if overflow {
            return Err(self.error_at(ErrorKind::NumberOutOfRange { ty }, start));
        }
        Ok((negative, value))
    }

    /// Where the integer just read starts: before its digits and sign, which
    /// end at the cursor. (Integers are preceded by whitespace or a
    /// structural byte, never by another digit or `-`.)
    fn number_start(&self) -> usize {
        let before = &self.input[..self.pos];
        let digits = before
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let start = self.pos - digits;
        start - usize::from(start > 0 && before[start - 1] == b'-')
    }

    /// "out of range for `ty`", at the integer just read.
    #[cold]
    #[inline(never)]
    fn out_of_range(&self, ty: &'static str) -> Error {
        self.error_at(ErrorKind::NumberOutOfRange { ty }, self.number_start())
    }

    /// Reads an unsigned integer that must fit `ty` (whose maximum is `max`).
    ///
    /// One outlined call whatever the type, its result in two registers; a
    /// short integer is read in it without a further call, anything else
    /// goes on in its slow half as a tail call.
    #[inline(never)]
    pub fn read_unsigned(&mut self, ty: &'static str, max: u64) -> Result<u64, Error> {
        match self.short_magnitude() {
            Some((negative, value)) => {
                unsigned_in_range(negative, value, max).ok_or_else(|| self.out_of_range(ty))
            }
            None => self.read_unsigned_slow(ty, max),
        }
    }

    /// What [`read_unsigned`](Self::read_unsigned) leaves: whitespace first,
    /// long integers, errors.
    #[inline(never)]
    fn read_unsigned_slow(&mut self, ty: &'static str, max: u64) -> Result<u64, Error> {
        let (negative, value) = self.read_magnitude(ty)?;
        unsigned_in_range(negative, value, max).ok_or_else(|| self.out_of_range(ty))
    }

    /// Reads a signed integer that must lie in `min..=max` (the range of `ty`),
    /// in one outlined call as [`read_unsigned`](Self::read_unsigned).
    #[inline(never)]
    pub fn read_signed(&mut self, ty: &'static str, min: i64, max: i64) -> Result<i64, Error> {
        match self.short_magnitude() {
            Some((negative, magnitude)) => {
                signed_in_range(negative, magnitude, min, max).ok_or_else(|| self.out_of_range(ty))
            }
            None => self.read_signed_slow(ty, min, max),
        }
    }

    /// What [`read_signed`](Self::read_signed) leaves, as
    /// [`read_unsigned_slow`](Self::read_unsigned_slow).
    #[inline(never)]
    fn read_signed_slow(&mut self, ty: &'static str, min: i64, max: i64) -> Result<i64, Error> {
        let (negative, magnitude) = self.read_magnitude(ty)?;
        signed_in_range(negative, magnitude, min, max).ok_or_else(|| self.out_of_range(ty))
    }

    /// Reads a `u64`.
    #[inline]
    pub fn read_u64(&mut self, ty: &'static str) -> Result<u64, Error> {
        self.read_unsigned(ty, u64::MAX)
    }

    /// Reads an `i64`.
    #[inline]
    pub fn read_i64(&mut self, ty: &'static str) -> Result<i64, Error> {
        self.read_signed(ty, i64::MIN, i64::MAX)
    }

    /// Reads a 128-bit integer, exactly, as sign and magnitude.
    fn read_magnitude128(&mut self, ty: &'static str) -> Result<(bool, u128, usize), Error> {
        match self.peek() {
            Some(b'-' | b'0'..=b'9') => {}
            _ => return Err(self.invalid_type(ty)),
        }
        let scanned = self.scan_number()?;
        if !scanned.integer {
            return Err(self.error_at(
                ErrorKind::InvalidType {
                    expected: ty,
                    found: "floating-point number",
                },
                scanned.start,
            ));
        }
        let text = &self.input[scanned.start..self.pos];
        let digits = text.strip_prefix(b"-").unwrap_or(text);
        let mut value = 0u128;
        for &d in digits {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u128::from(d - b'0')))
                .ok_or_else(|| self.error_at(ErrorKind::NumberOutOfRange { ty }, scanned.start))?;
        }
        Ok((scanned.decimal.negative, value, scanned.start))
    }

    /// Reads a `u128`.
    pub fn read_u128(&mut self) -> Result<u128, Error> {
        let (negative, value, start) = self.read_magnitude128("u128")?;
        if negative && value != 0 {
            return Err(self.error_at(ErrorKind::NumberOutOfRange { ty: "u128" }, start));
        }
        Ok(value)
    }

    /// Reads an `i128`.
    pub fn read_i128(&mut self) -> Result<i128, Error> {
        let (negative, magnitude, start) = self.read_magnitude128("i128")?;
        let out_of_range = || self.error_at(ErrorKind::NumberOutOfRange { ty: "i128" }, start);
        if negative {
            if magnitude > i128::MIN.unsigned_abs() {
                return Err(out_of_range());
            }
            Ok(0i128.wrapping_sub_unsigned(magnitude))
        } else {
            i128::try_from(magnitude).map_err(|_| out_of_range())
        }
    }

    /// Reads a number as a correctly rounded `f64`. Integers are accepted;
    /// a value too large for an `f64` (`1e999`) is out of range, never
    /// infinity.
    #[inline(always)]
    pub fn read_f64(&mut self) -> Result<f64, Error> {
        // An f64 is most often a plain float: that path is inlined into
        // every caller (a few hundred bytes), so the derive's and the serde
        // bridge's element loops make no call per float (an out-of-line
        // `read_f64` cost the bridge 8% on canada); everything else out of
        // line. The byte walk's digit tests the CPU predicts (on canada 4%
        // faster than `short_decimal`'s one mask, whose bit count the next
        // read waits on).
        if let Some((decimal, end)) = walked_decimal(self.input, self.pos) {
            if let Some(v) = num::fast_f64(decimal) {
                // At most 19 digits and 10^-16: always finite.
                self.pos = end;
                return Ok(v);
            }
        }
        self.read_f64_short()
    }

    /// [`read_f64`](Self::read_f64) for what the byte walk does not take:
    /// short integers and decimals with an exponent here, the rest in
    /// [`read_f64_rest`](Self::read_f64_rest).
    #[inline(never)]
    fn read_f64_short(&mut self) -> Result<f64, Error> {
        match short_number(self.input, self.pos) {
            Some((Short::Decimal(decimal), end)) => {
                if let Some(v) = num::fast_f64(decimal) {
                    // At most 19 digits and 10^-16: always finite.
                    self.pos = end;
                    return Ok(v);
                }
            }
            Some((Short::Integer(negative, magnitude), end)) => {
                self.pos = end;
                // At most fifteen digits, below 2^53: exact in an f64.
                let v = magnitude as f64;
                return Ok(if negative { -v } else { v });
            }
            None => {}
        }
        self.read_f64_rest()
    }

    /// [`read_f64`](Self::read_f64) for every number `short_number` does
    /// not take or convert, and for whitespace before the number.
    #[inline(never)]
    fn read_f64_rest(&mut self) -> Result<f64, Error> {
        match self.peek() {
            Some(b'-' | b'0'..=b'9') => {}
            _ => return Err(self.invalid_type("f64")),
        }
        let start = self.pos;
        let decimal = match short_number(self.input, start) {
            Some((Short::Decimal(decimal), end)) => {
                self.pos = end;
                decimal
            }
            Some((Short::Integer(negative, magnitude), end)) => {
                self.pos = end;
                let v = magnitude as f64;
                return Ok(if negative { -v } else { v });
            }
            None => self.scan_number()?.decimal,
        };
        num::to_f64(decimal, &self.input[start..self.pos])
            .ok_or_else(|| self.error_at(ErrorKind::NumberOutOfRange { ty: "f64" }, start))
    }

    /// Reads a number as a correctly rounded `f32`.
    pub fn read_f32(&mut self) -> Result<f32, Error> {
        match self.peek() {
            Some(b'-' | b'0'..=b'9') => {}
            _ => return Err(self.invalid_type("f32")),
        }
        let scanned = self.scan_number()?;
        let text = self.number_text(scanned.start);
        num::to_f32(text)
            .ok_or_else(|| self.error_at(ErrorKind::NumberOutOfRange { ty: "f32" }, scanned.start))
    }

    /// Reads a number and returns its text exactly as written (grammar
    /// checked), for types that keep numbers verbatim.
    pub fn read_number_text(&mut self) -> Result<&'de str, Error> {
        match self.peek() {
            Some(b'-' | b'0'..=b'9') => {}
            _ => return Err(self.invalid_type("a number")),
        }
        let scanned = self.scan_number()?;
        Ok(self.number_text(scanned.start))
    }

    /// Skips a number, checking its grammar.
    ///
    /// Only the grammar is checked ([`number_end`]), the value is not
    /// computed; a number it declines is scanned again by
    /// [`scan_number`], which makes the error.
    #[inline]
    pub(super) fn skip_number(&mut self) -> Result<(), Error> {
        match number_end(self.input, self.pos) {
            Some(end) => {
                self.pos = end;
                Ok(())
            }
            None => self.scan_number().map(|_| ()),
        }
    }

    fn number_text(&self, start: usize) -> &'de str {
        let bytes = &self.input[start..self.pos];
        // SAFETY: `scan_number` accepted `input[start..pos]`, and it accepts
        // only ASCII bytes (`-`, `+`, `.`, `e`, `E`, digits).
        unsafe { std::str::from_utf8_unchecked(bytes) }
    }
}

/// The integer of sign `negative` and `magnitude` if it lies in `0..=max`
/// (`-0` does).
#[inline(always)]
fn unsigned_in_range(negative: bool, magnitude: u64, max: u64) -> Option<u64> {
    (magnitude <= max && (!negative || magnitude == 0)).then_some(magnitude)
}

/// The integer of sign `negative` and `magnitude` if it lies in `min..=max`.
#[inline(always)]
fn signed_in_range(negative: bool, magnitude: u64, min: i64, max: i64) -> Option<i64> {
    if negative {
        // Two's complement: wraps exactly onto -magnitude for magnitude ≤ 2^63.
        (magnitude <= min.unsigned_abs()).then(|| 0i64.wrapping_sub_unsigned(magnitude))
    } else {
        (magnitude <= max as u64).then_some(magnitude as i64)
    }
}

/// A number [`short_number`] read.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Short {
    /// An integer of one to seven digits: its sign and magnitude.
    Integer(bool, u64),
    /// A float with no exponent (see [`short_number`]).
    Decimal(Decimal),
}

/// The common numbers, read a word at a time: an integer of one to fifteen
/// digits, or a float of an integer part of one to seven digits (`-`? and no
/// leading zero before another digit), `.` and fraction digits, at most 19
/// digits in all (at most 16 after the point), with no exponent. The
/// fraction is found with one 32-byte digit mask ([`fraction_from_mask`]),
/// or a word at a time near the end of the input. Returns what it read (for
/// a float, the [`Decimal`] [`scan_number`] would give) and the offset just
/// past it; `None` for anything else, and within eight bytes of the end of
/// the input, which the full scanner then reads (and checks).
#[inline(always)]
pub(crate) fn short_number(input: &[u8], start: usize) -> Option<(Short, usize)> {
    let (negative, n, int, mut i) = short_int_part(input, start)?;
    match input[i] {
        // A fraction after at most seven digits: the mantissa below stays
        // within 19 digits.
        b'.' if n < 8 => {}
        b'.' | b'e' | b'E' => return None,
        _ => return Some((Short::Integer(negative, int), i)),
    }
    i += 1;
    let (mantissa, f) = match crate::simd::digit_mask32(input, i) {
        Some(digits) => fraction_from_mask(digits, input, i, n, int)?,
        // Fewer than 32 bytes left: eight digits at a time.
        None => fraction_from_words(input, i, n, int)?,
    };
    i += f;
    Some((
        Short::Decimal(plain_decimal(input, i, mantissa, f, negative)?),
        i,
    ))
}

/// The float `mantissa` × 10^-`f` whose text ends at `input[end]`; `None`
/// when an exponent follows there (the full scanner reads those).
#[inline(always)]
fn plain_decimal(
    input: &[u8],
    end: usize,
    mantissa: u64,
    f: usize,
    negative: bool,
) -> Option<Decimal> {
    if matches!(input[end], b'e' | b'E') {
        return None;
    }
    Some(Decimal {
        mantissa,
        exponent: -(f as i64),
        truncated: false,
        negative,
    })
}

/// The value of the first `n` (1 to 8) bytes of `word`, which are digits:
/// [`digits_value`] without its cases. `^ '0'` maps the digits to 0..=9
/// with no borrow between bytes; shifting them to the top puts zeros, that
/// is leading zeros, in the places of the bytes after them.
#[inline(always)]
fn leading_digits(word: u64, n: usize) -> u64 {
    debug_assert!((1..=8).contains(&n));
    digit_bytes_value((word ^ THREES) << (8 * (8 - n)))
}

/// 10^0 ..= 10^16, for the fraction digits of [`short_number`].
const POW10_U64: [u64; 17] = {
    let mut table = [1u64; 17];
    let mut k = 1;
    while k < 17 {
        table[k] = table[k - 1] * 10;
        k += 1;
    }
    table
};

/// The float most documents write, from one load at its first byte: `-`?,
/// one to eight integer digits (no leading zero before another), `.`, one
/// to sixteen fraction digits, at most 19 digits in all, no exponent, ending
/// inside the 32 bytes. Where it ends is one bit count of the number-byte
/// mask ([`simd::number_masks32`](crate::simd::number_masks32)), so the
/// next token's read waits only for that; the sign, the one `.` and the
/// digit counts are checked beside it, by branches the CPU predicts. `None`
/// for anything else, integers included, and within 32 bytes of the end of
/// the input.
#[inline(always)]
pub(crate) fn short_decimal(input: &[u8], start: usize) -> Option<(Decimal, usize)> {
    let (digits, number) = crate::simd::number_masks32(input, start)?;
    let len = (!number).trailing_zeros();
    // The bytes of the number other than digits (`-`, `.`, `/`) must be the
    // sign, if any, at the start and one `.` after an integer digit.
    let negative = input[start] == b'-';
    let sign = u32::from(negative);
    let inside = number & !digits & 1u32.checked_shl(len)?.wrapping_sub(1) & !sign;
    let dot = inside.trailing_zeros();
    let n = dot.wrapping_sub(sign) as usize;
    let f = len.wrapping_sub(dot + 1) as usize;
    if inside & inside.wrapping_sub(1) != 0
        || n.wrapping_sub(1) >= 8
        || f.wrapping_sub(1) >= 16
        || n + f > 19
    {
        return None;
    }
    let i = start + sign as usize;
    if input[i + n] != b'.' || (n > 1 && input[i] == b'0') {
        return None;
    }
    let int = leading_digits(load_word(input, i)?, n);
    let mantissa = fraction_value(input, i + n + 1, f, int)?;
    let end = start + len as usize;
    Some((plain_decimal(input, end, mantissa, f, negative)?, end))
}

/// [`short_decimal`]'s number read a byte at a time, each digit test a
/// branch the CPU predicts: where floats repeat one shape (coordinates,
/// measurements), the next token's position is then known before the digits
/// are combined, instead of waiting on a 32-byte mask. Takes every number
/// `short_decimal` takes (an integer part of one to eight digits without a
/// leading zero before another, `.`, one to sixteen fraction digits, at most
/// 19 in all, no exponent) with the same result, and also those followed by
/// a `-` or `/`, which the mask counts as part of the number; `None` for
/// anything else and within 32 bytes of the end of the input.
#[inline(always)]
pub(crate) fn walked_decimal(input: &[u8], start: usize) -> Option<(Decimal, usize)> {
    let bytes: &[u8; 32] = input.get(start..start + 32)?.try_into().ok()?;
    let negative = bytes[0] == b'-';
    let int_start = usize::from(negative);
    // Nine digits at most, so a ninth one is seen (and refused).
    let (i, int) = walk_digits(bytes, int_start, int_start + 9, 0);
    let n = i - int_start;
    if n == 0 || n > 8 || bytes[i] != b'.' || (n > 1 && bytes[int_start] == b'0') {
        return None;
    }
    let frac_start = i + 1;
    let (i, mantissa) = walk_fraction(bytes, frac_start, frac_start + 16.min(19 - n), int);
    let f = i - frac_start;
    if f == 0 || bytes[i].is_ascii_digit() {
        return None;
    }
    let end = start + i;
    Some((plain_decimal(input, end, mantissa, f, negative)?, end))
}

/// [`walk_digits`] for a fraction, which is often long: eight digits at a
/// time while eight more are digits, then four if four are, then one at a
/// time. Each step is one predicted test; a step of eight or four makes
/// three multiplications instead of a serial multiply-add per digit (on
/// canada's 15-digit fractions, `prof canada jj_dec` 4–7% faster).
#[inline(always)]
fn walk_fraction(bytes: &[u8; 32], mut i: usize, limit: usize, mut value: u64) -> (usize, u64) {
    while i + 8 <= limit {
        // Always there: i + 8 <= limit <= 32.
        let Some(&chunk) = bytes[i..].first_chunk::<8>() else {
            break;
        };
        let word = u64::from_le_bytes(chunk);
        if non_digits(word) != 0 {
            break;
        }
        value = value * 100_000_000 + leading_digits(word, 8);
        i += 8;
    }
    if let Some(&chunk) = bytes[i..limit].first_chunk::<4>() {
        let word = u64::from(u32::from_le_bytes(chunk));
        if non_digits(word) & 0xFFFF_FFFF == 0 {
            value = value * 10_000 + leading_digits(word, 4);
            i += 4;
        }
    }
    walk_digits(bytes, i, limit, value)
}

/// The digits of `bytes` from `i`, up to `limit` (at most 31): the offset
/// after them and `value` with them appended, one predicted test a digit.
#[inline(always)]
fn walk_digits(bytes: &[u8; 32], mut i: usize, limit: usize, mut value: u64) -> (usize, u64) {
    while i < limit {
        let d = bytes[i].wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        value = value * 10 + u64::from(d);
        i += 1;
    }
    (i, value)
}

/// The fraction digits at `input[i..]` (after the `.`) from the 32-byte
/// digit mask there: where they end is one bit count away, and their value
/// is read from words at known places. Gives the mantissa of the `n` integer
/// digits `int` and the fraction, and the fraction's digit count; `None`
/// for no digit, or more than 16, or more than 19 in all.
#[inline(always)]
fn fraction_from_mask(
    digits: u32,
    input: &[u8],
    i: usize,
    n: usize,
    int: u64,
) -> Option<(u64, usize)> {
    let f = (!digits).trailing_zeros() as usize;
    // At most 16 digits: the byte after them is inside the 32 (a zero bit
    // of `digits` was found, not the end of the mask).
    if f == 0 || f > 16 || n + f > 19 {
        return None;
    }
    Some((fraction_value(input, i, f, int)?, f))
}

/// The mantissa of the integer digits' value `int` followed by the `f` (1
/// to 16) fraction digits at `input[i..]`, at most 19 digits in all.
#[inline(always)]
fn fraction_value(input: &[u8], i: usize, f: usize, int: u64) -> Option<u64> {
    let frac = if f <= 8 {
        leading_digits(load_word(input, i)?, f)
    } else {
        let high = leading_digits(load_word(input, i)?, 8);
        high * POW10[f - 8] + leading_digits(load_word(input, i + 8)?, f - 8)
    };
    // At most 19 digits: below 10^19 < 2^64.
    Some(int * POW10_U64[f] + frac)
}

/// [`fraction_from_mask`] near the end of the input, a word at a time.
#[inline(always)]
fn fraction_from_words(input: &[u8], i: usize, n: usize, int: u64) -> Option<(u64, usize)> {
    let (f, frac) = digit_run(input, i)?;
    if f == 0 {
        return None;
    }
    let mut mantissa = int * POW10[f] + frac;
    let mut scale = f;
    if f == 8 {
        let (g, more) = digit_run(input, i + 8)?;
        if g == 8 || n + 8 + g > 19 {
            return None;
        }
        mantissa = mantissa * POW10[g] + more;
        scale += g;
    }
    Some((mantissa, scale))
}

/// A non-negative integer of one to three digits at `input[i..]` (flags,
/// counts, codes: the commonest numbers), by byte tests whose branches the
/// CPU predicts, so the next token's position does not wait on a word-wise
/// digit count. Its value and the offset after it; `None` for anything else
/// (a sign, a leading zero before a digit, a fourth digit, a fraction or
/// exponent, the end of the input), which the word-wise reads then take.
#[inline(always)]
pub(crate) fn small_uint(input: &[u8], i: usize) -> Option<(u64, usize)> {
    let first = input.get(i)?.wrapping_sub(b'0');
    if first > 9 {
        return None;
    }
    let mut value = u64::from(first);
    let mut end = i + 1;
    while end - i < 3 {
        let d = input.get(end)?.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        if first == 0 {
            return None;
        }
        value = value * 10 + u64::from(d);
        end += 1;
    }
    match input.get(end)? {
        b'0'..=b'9' | b'.' | b'e' | b'E' => None,
        _ => Some((value, end)),
    }
}

/// An integer of one to fifteen digits at `input[start..]` (what
/// [`short_number`] reads as [`Short::Integer`], without trying a
/// fraction): its sign, magnitude and the offset after it; `None` for
/// anything else, floats included.
#[inline(always)]
pub(crate) fn word_integer(input: &[u8], start: usize) -> Option<(bool, u64, usize)> {
    let (negative, _, int, i) = short_int_part(input, start)?;
    match input[i] {
        b'.' | b'e' | b'E' => None,
        _ => Some((negative, int, i)),
    }
}

/// The integer part of a number at `input[start..]`, read from one word,
/// or two for ids and Unix times: `-`? and one to fifteen digits, no leading
/// zero before another digit. Gives the sign, the digit count, the value
/// (below 10^15) and the offset after the digits, where the input still has
/// a byte (the word reached past the digits); `None` for anything else.
#[inline(always)]
fn short_int_part(input: &[u8], start: usize) -> Option<(bool, usize, u64, usize)> {
    let negative = input.get(start) == Some(&b'-');
    let i = start + usize::from(negative);
    let (mut n, mut int) = digit_run(input, i)?;
    if n == 0 || (n > 1 && input[i] == b'0') {
        return None;
    }
    if n == 8 {
        let (m, more) = digit_run(input, i + 8)?;
        if m == 8 {
            return None;
        }
        int = int * POW10[m] + more;
        n += m;
    }
    Some((negative, n, int, i + n))
}

/// 10^0 ..= 10^8.
const POW10: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

const THREES: u64 = 0x3030_3030_3030_3030;

/// The run of ASCII digits at `input[i..]`, up to eight of them: how many
/// (0 to 8) and their value. `None` when fewer than eight bytes remain; the
/// caller then goes byte by byte.
#[inline(always)]
fn digit_run(input: &[u8], i: usize) -> Option<(usize, u64)> {
    let word = load_word(input, i)?;
    let n = digit_count(word);
    Some((n, digits_value(word, n)))
}

/// The eight bytes at `input[i..]` as a little-endian word (the first byte
/// lowest); `None` when fewer remain.
#[inline(always)]
fn load_word(input: &[u8], i: usize) -> Option<u64> {
    let chunk: [u8; 8] = input.get(i..i.checked_add(8)?)?.try_into().ok()?;
    Some(u64::from_le_bytes(chunk))
}

/// How many of `word`'s bytes, from the first, are ASCII digits (0 to 8).
#[inline(always)]
fn digit_count(word: u64) -> usize {
    (non_digits(word).trailing_zeros() / 8) as usize
}

/// The high nibble of each byte of `word` that is not an ASCII digit set.
/// A byte is a digit when `byte ^ 0x30` is at most 9: its high nibble is 0
/// and adding 6 leaves it 0. Carries only start at a non-digit byte, so the
/// lowest flagged byte, the first non-digit, is exact.
#[inline(always)]
fn non_digits(word: u64) -> u64 {
    let t = word ^ THREES;
    (t | t.wrapping_add(0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0
}

/// Whether the number at `input[p]` starts with four digits: most likely
/// an id or a count. (Negative integers that long are rare, and a sign
/// test would cost every negative float.)
#[inline(always)]
pub(crate) fn four_digits(input: &[u8], p: usize) -> bool {
    let Some(&word) = input.get(p..).and_then(|rest| rest.first_chunk::<4>()) else {
        return false;
    };
    non_digits(u64::from(u32::from_le_bytes(word))) & 0xF0F0_F0F0 == 0
}

/// The value of the first `n` bytes of `word`, which are digits.
#[inline(always)]
fn digits_value(word: u64, n: usize) -> u64 {
    let digits = match n {
        0 => return 0,
        8 => word,
        // Move the n digits to the top and fill below with '0's: the
        // eight-digit value is then the n-digit one.
        _ => (word << (8 * (8 - n))) | (THREES >> (8 * n)),
    };
    eight_digit_value(digits)
}

/// The value of eight ASCII digits, the first byte most significant.
#[inline(always)]
fn eight_digit_value(v: u64) -> u64 {
    digit_bytes_value(v - THREES)
}

/// The value of eight bytes holding 0..=9 each, the first most significant.
#[inline(always)]
fn digit_bytes_value(v: u64) -> u64 {
    // Combine neighbours in three steps: bytes → pairs (≤ 99) → quads
    // (≤ 9999) → the eight-digit value. No lane ever carries into the next.
    let v = (v.wrapping_mul(10) + (v >> 8)) & 0x00FF_00FF_00FF_00FF;
    let v = (v.wrapping_mul(100) + (v >> 16)) & 0x0000_FFFF_0000_FFFF;
    (v.wrapping_mul(10_000) + (v >> 32)) & 0xFFFF_FFFF
}

#[cfg(test)]
mod tests {
    use super::{digit_run, number_end, scan_number};

    /// Each integer part with fractions of 0 to `max_frac` digits, both
    /// signs.
    fn floats(ints: &[&str], max_frac: usize) -> Vec<String> {
        let mut out = Vec::new();
        for int in ints {
            for frac_len in 0..=max_frac {
                let frac: String = (0..frac_len)
                    .map(|k| char::from(b'0' + (k * 7 % 10) as u8))
                    .collect();
                out.push(format!("{int}.{frac}"));
                out.push(format!("-{int}.{frac}"));
            }
        }
        out
    }

    /// What may follow a number in the tests: every kind of terminator, a
    /// fraction or exponent, nothing, or spaces to fill a word (so the word
    /// reads meet the end of the input).
    const TAILS: [&str; 13] = [
        "",
        ",",
        "]",
        "}",
        " ",
        "e",
        "e1",
        "E",
        "E1",
        ".5",
        "x",
        "        ",
        ",1,2,3,4,5,6,7,8",
    ];

    /// `read_unsigned` / `read_signed` (their byte path for one digit, their
    /// word path with its two-digit case, their slow half) against std on
    /// integers of every length, signed or not, with a leading zero or not,
    /// followed by every kind of byte or by the end of the input.
    #[test]
    fn integer_reads_agree_with_std_at_every_length() {
        use crate::Reader;
        let mut numbers = vec!["0".to_string(), "-0".to_string(), "00".into(), "01".into()];
        for len in 1..=21 {
            let digits: String = (0..len)
                .map(|k| char::from(b'1' + (k * 7 % 9) as u8))
                .collect();
            numbers.push(format!("-{digits}"));
            numbers.push(format!("0{digits}"));
            numbers.push(digits);
        }
        numbers.extend(["255", "256", "-128", "-129", "99", "-99", "10"].map(String::from));
        for number in &numbers {
            let valid = {
                let digits = number.strip_prefix('-').unwrap_or(number);
                !digits.is_empty() && (digits == "0" || !digits.starts_with('0'))
            };
            for tail in TAILS {
                let text = format!("{number}{tail}");
                let float = tail.starts_with(['.', 'e', 'E']);
                let mut r = Reader::new(text.as_bytes());
                let got = r.read_unsigned("u8", 255);
                let want = number.parse::<i128>().ok().filter(|_| valid && !float);
                let fits = want.and_then(|v| u8::try_from(v).ok());
                assert_eq!(
                    got.as_ref().ok().copied(),
                    fits.map(u64::from),
                    "u8 {text:?}"
                );
                if got.is_ok() {
                    assert_eq!(r.offset(), number.len(), "u8 {text:?}");
                }
                let mut r = Reader::new(text.as_bytes());
                let got = r.read_signed("i64", i64::MIN, i64::MAX);
                let fits = want.and_then(|v| i64::try_from(v).ok());
                assert_eq!(got.as_ref().ok().copied(), fits, "i64 {text:?}");
                if got.is_ok() {
                    assert_eq!(r.offset(), number.len(), "i64 {text:?}");
                }
                let mut r = Reader::new(text.as_bytes());
                let got = r.read_unsigned("u64", u64::MAX);
                let fits = want.and_then(|v| u64::try_from(v).ok());
                assert_eq!(got.as_ref().ok().copied(), fits, "u64 {text:?}");
            }
        }
    }

    #[test]
    fn short_number_agrees_with_the_full_scanner() {
        use super::{scan_number, short_number, Short};
        // Numbers of every shape the fast path takes or must leave alone,
        // each followed by every kind of terminator (or nothing, or spaces
        // to fill a word), so the word reads meet the end of the input.
        let mut numbers: Vec<String> = [
            "0.0",
            "-0.0",
            "0.5",
            "00.5",
            "01.5",
            "1.",
            "1.e5",
            "1.5e3",
            "1.5E-3",
            "-.5",
            "-",
            "1",
            "12",
            "12345678",
            "-123456789",
            "123456789012345",
            "-999999999999999",
            "1234567890123456",
            "012345678",
            "123456789.5",
            "-123456789012.25",
            "-65.613616999999977",
            "43.420273000000009",
            "0.000123",
            "1234567.123456789012",
            "1234567.1234567890123",
            "9999999.999999999999",
            "12345678.5",
            "1.23456789",
            "1.1234567812345678",
            "0.00000000000000001",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        numbers.extend(floats(&["0", "7", "65", "1234567", "12345678"], 17));
        let mut took = 0;
        for number in &numbers {
            // Padded too: a fraction is read only with 32 bytes after its '.'.
            for tail in TAILS
                .iter()
                .flat_map(|t| [t.to_string(), format!("{t}{:40}", "")])
            {
                let text = format!("{number}{tail}");
                let input = text.as_bytes();
                let Some((short, end)) = short_number(input, 0) else {
                    continue;
                };
                took += 1;
                let full = scan_number(input, 0).unwrap_or_else(|_| panic!("{text:?}"));
                assert_eq!(end, full.end, "{text:?}");
                assert!(!full.decimal.truncated, "{text:?}");
                match short {
                    Short::Decimal(d) => {
                        assert!(!full.integer, "{text:?}");
                        assert_eq!(d.mantissa, full.decimal.mantissa, "{text:?}");
                        assert_eq!(d.exponent, full.decimal.exponent, "{text:?}");
                        assert_eq!(d.negative, full.decimal.negative, "{text:?}");
                    }
                    Short::Integer(negative, magnitude) => {
                        assert!(full.integer && full.decimal.exponent == 0, "{text:?}");
                        assert_eq!(magnitude, full.decimal.mantissa, "{text:?}");
                        assert_eq!(negative, full.decimal.negative, "{text:?}");
                    }
                }
            }
        }
        assert!(took > 200, "the fast path took only {took} numbers");
    }

    /// The 32-byte mask paths (`short_decimal`, and `short_number`'s
    /// fraction) take a number only as the full scanner reads it: every shape it takes or must leave, followed by
    /// every byte value and then by padding (digits, so a run that reaches
    /// the block's end is seen), with and without room for the whole block.
    #[test]
    fn mask_paths_agree_with_the_full_scanner() {
        use super::{scan_number, short_decimal, short_number, walked_decimal, Short};
        let mut numbers: Vec<String> = [
            "00.5",
            "01.5",
            "1.",
            "1.e5",
            "-.5",
            "-",
            ".5",
            "-0.0",
            // `-`, `.` and `/` where the number-byte mask lets them in.
            "--5.0",
            "-5.-3",
            "5-3.1",
            "1-5",
            "5/3",
            "5.3/1",
            "-/5.3",
            "1..5",
            "1.5.3",
            "/1.5",
            "-1.5-",
            "1.5--",
            "-12345678.5",
            "123456789.5",
            "1.2345678901234567",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let ints = ["0", "7", "65", "123", "1234567", "12345678", "123456789"];
        numbers.extend(floats(&ints, 19));
        numbers.extend(ints.iter().map(|int| int.to_string()));
        let mut took = 0;
        for number in &numbers {
            for next in crate::testing::bytes_to_try() {
                for pad in [0, 40] {
                    let mut text = number.as_bytes().to_vec();
                    text.push(next);
                    text.extend(std::iter::repeat(b'7').take(pad));
                    let short = match short_number(&text, 0) {
                        Some((Short::Decimal(d), end)) => Some((d, end)),
                        _ => None,
                    };
                    let walked = walked_decimal(&text, 0);
                    let masked = short_decimal(&text, 0);
                    // The byte walk takes all the mask takes (and more: a
                    // `-` or `/` right after the number, which the mask
                    // counts as the number's), and like it.
                    if masked.is_some() {
                        assert_eq!(
                            walked.map(|(d, end)| (d.mantissa, d.exponent, end)),
                            masked.map(|(d, end)| (d.mantissa, d.exponent, end)),
                            "{number:?} then {next:#04x}, {pad} more"
                        );
                    }
                    for (d, end) in short.into_iter().chain(masked).chain(walked) {
                        took += 1;
                        let full = scan_number(&text, 0).unwrap_or_else(|_| panic!("{number}"));
                        let at = format!("{number:?} then {next:#04x}, {pad} more");
                        assert_eq!(end, full.end, "{at}");
                        assert!(!full.integer && !full.decimal.truncated, "{at}");
                        assert_eq!(d.mantissa, full.decimal.mantissa, "{at}");
                        assert_eq!(d.exponent, full.decimal.exponent, "{at}");
                        assert_eq!(d.negative, full.decimal.negative, "{at}");
                    }
                }
            }
        }
        let least = if cfg!(miri) { 1_000 } else { 40_000 };
        assert!(took > least, "the mask paths took only {took} numbers");
    }

    /// The byte path for one to three digits takes a number only as the
    /// full scanner reads it, whatever byte comes at any place after it.
    #[test]
    fn small_uint_agrees_with_the_full_scanner() {
        use super::{scan_number, small_uint};
        let mut took = 0;
        for len in 1..=4 {
            for lead in [b'0', b'1', b'9'] {
                for next in 0..=255u8 {
                    for at in 1..=len {
                        let mut text = vec![lead];
                        text.extend(std::iter::repeat(b'5').take(len - 1));
                        text.insert(at, next);
                        let Some((value, end)) = small_uint(&text, 0) else {
                            continue;
                        };
                        took += 1;
                        let full = scan_number(&text, 0)
                            .unwrap_or_else(|_| panic!("{:?}", String::from_utf8_lossy(&text)));
                        assert!(full.integer && full.decimal.exponent == 0, "{text:?}");
                        assert_eq!((value, end), (full.decimal.mantissa, full.end), "{text:?}");
                        assert!(!full.decimal.negative, "{text:?}");
                    }
                }
            }
        }
        assert!(took > 1000, "the byte path took only {took} numbers");
        for text in ["-1,", "01,", "1.5", "1e5", "1234,", "12", "7"] {
            assert_eq!(small_uint(text.as_bytes(), 0), None, "{text}");
        }
    }

    /// Any byte at any place of a float the word path takes: it takes the
    /// text only as the full scanner reads it (non-ASCII bytes that carry in
    /// the digit test, a second point, a sign or exponent in the middle).
    #[test]
    fn short_number_agrees_with_the_full_scanner_on_any_byte() {
        use super::{scan_number, short_number, Short};
        // Spaces after: the fraction is read with 32 bytes after its '.'.
        let base = *b"-65.613616999999977,43.4202730                        ";
        let mut took = 0;
        for at in 0..base.len() {
            for b in 0..=255u8 {
                let mut text = base;
                text[at] = b;
                let Some((short, end)) = short_number(&text, 0) else {
                    continue;
                };
                took += 1;
                let full = scan_number(&text, 0).unwrap_or_else(|_| panic!("{text:?}"));
                assert_eq!(end, full.end, "{text:?}");
                let (mantissa, exponent) = match short {
                    Short::Decimal(d) => (d.mantissa, d.exponent),
                    Short::Integer(_, magnitude) => (magnitude, 0),
                };
                assert_eq!(mantissa, full.decimal.mantissa, "{text:?}");
                assert_eq!(exponent, full.decimal.exponent, "{text:?}");
            }
        }
        assert!(took > 2_000, "the fast path took only {took} texts");
    }

    /// `number_end` (skipping) accepts exactly what `scan_number` accepts
    /// and ends it at the same byte: every text of up to five bytes over
    /// the number alphabet and two others, alone and followed by a byte,
    /// and long digit runs across the eight-byte steps.
    #[test]
    fn skipping_a_number_takes_what_scanning_takes() {
        const ALPHABET: &[u8] = b"-+.eE0159x ";
        let mut texts: Vec<Vec<u8>> = vec![Vec::new()];
        let mut last = vec![Vec::new()];
        for _ in 0..5 {
            let mut next = Vec::new();
            for t in &last {
                for &c in ALPHABET {
                    let mut t = t.clone();
                    t.push(c);
                    next.push(t);
                }
            }
            texts.extend(next.iter().cloned());
            last = next;
        }
        for n in [1usize, 7, 8, 9, 15, 16, 17, 25, 40] {
            let run = "7".repeat(n);
            for shape in [
                "R", "-R", "0.R", "R.R", "R.Re-R", "-R.RE+R", "0R", "R.", "R.e5",
            ] {
                texts.push(shape.replace('R', &run).into_bytes());
            }
        }
        let mut accepted = 0;
        for text in &texts {
            for tail in [&b""[..], b",", b"]", b"00000000"] {
                let mut input = b"[".to_vec();
                input.extend_from_slice(text);
                input.extend_from_slice(tail);
                let want = scan_number(&input, 1).ok().map(|s| s.end);
                assert_eq!(
                    number_end(&input, 1),
                    want,
                    "{:?}",
                    String::from_utf8_lossy(&input)
                );
                accepted += usize::from(want.is_some());
            }
        }
        assert!(accepted > 1_000, "only {accepted} numbers among the texts");
    }

    #[test]
    fn digit_run_reads_up_to_eight_ascii_digits() {
        for text in ["00000000", "12345678", "99999999", "90000001", "00000009"] {
            let want: u64 = text.parse().unwrap();
            assert_eq!(digit_run(text.as_bytes(), 0), Some((8, want)), "{text}");
        }
        assert_eq!(digit_run(b"x12345678", 1), Some((8, 12_345_678)));
        assert_eq!(digit_run(b"1234567", 0), None, "fewer than eight bytes");
        // Every run length, ended by every non-digit byte.
        for n in 0..8 {
            for b in (0..=255u8).filter(|b| !b.is_ascii_digit()) {
                let mut chunk = *b"98765432";
                chunk[n] = b;
                let want = if n == 0 {
                    0
                } else {
                    std::str::from_utf8(&chunk[..n]).unwrap().parse().unwrap()
                };
                assert_eq!(
                    digit_run(&chunk, 0),
                    Some((n, want)),
                    "byte {b:#x} after {n} digits"
                );
            }
        }
    }
}
