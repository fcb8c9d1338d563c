//! `Reader`: a cursor over MessagePack bytes with the calls that generated
//! decoders (and hand-written `FromMsgpack` impls) make.
//!
//! Every length in the input is checked against the bytes that remain before
//! anything is taken or reserved, every integer conversion is checked, and
//! nothing here recurses: a hostile input gets an error, never a panic, a
//! huge allocation or a deep stack.

use std::borrow::Cow;

use super::marker::*;
use crate::error::{Error, ErrorKind};

/// A MessagePack integer as read: the unsigned forms and non-negative
/// signed ones are `U`, negative ones `I`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Int {
    U(u64),
    /// Always below zero.
    I(i64),
}

/// Reads MessagePack from a byte slice, borrowing strings and binary data
/// from it.
///
/// Each `read_*` call reads one value. A value of the wrong type is an
/// [`ErrorKind::InvalidType`] that names what was found, and the cursor stays
/// on it; errors point at the byte offset of the value's marker, and running
/// out of input is [`ErrorKind::UnexpectedEof`] at the end of the input.
///
/// ```
/// use jetjson::msgpack::Reader;
///
/// let mut r = Reader::new(b"\x82\xa1a\x01\xa1b\x92\xc3\xc0");
/// assert_eq!(r.read_map_len().unwrap(), 2);
/// r.enter().unwrap();
/// assert_eq!(r.read_str().unwrap(), "a");
/// assert_eq!(r.read_u64().unwrap(), 1);
/// assert_eq!(r.read_str().unwrap(), "b");
/// r.skip_value().unwrap(); // [true, nil]
/// r.leave();
/// r.finish().unwrap();
///
/// let err = Reader::new(b"\xa3abc").read_u64().unwrap_err();
/// assert_eq!(err.to_string(), "expected u64, found string at byte 0");
/// ```
pub struct Reader<'de> {
    input: &'de [u8],
    pos: usize,
    depth: usize,
    max_depth: usize,
    /// Offset of the marker of the last array or map header read: where a
    /// depth-limit or length error points.
    container_at: usize,
    /// Offset just past that header.
    container_end: usize,
}

/// A saved reader state: the cursor and the nesting depth, to read the same
/// bytes again ([`Reader::checkpoint`], [`Reader::restore`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checkpoint {
    pos: usize,
    depth: usize,
}

impl Checkpoint {
    /// The byte offset saved.
    pub fn offset(&self) -> usize {
        self.pos
    }
}

/// Strings shorter than this are checked for ASCII before validation
/// (`simdutf8` works in 64-byte blocks and takes a slower path below).
const SHORT_STR: usize = 64;

impl<'de> Reader<'de> {
    /// A reader at the start of `input`, with the default depth limit
    /// ([`DEFAULT_MAX_DEPTH`](crate::read::DEFAULT_MAX_DEPTH), 128).
    pub fn new(input: &'de [u8]) -> Reader<'de> {
        Reader {
            input,
            pos: 0,
            depth: 0,
            max_depth: crate::read::DEFAULT_MAX_DEPTH,
            container_at: 0,
            container_end: 0,
        }
    }

    /// Sets how deeply arrays and maps may nest, counting the outermost as
    /// one. [`enter`](Self::enter) past it fails with
    /// [`ErrorKind::DepthLimit`]. The limit protects the call stack of
    /// recursive `FromMsgpack` types; `skip_value` and the `Value` reader do
    /// not recurse, so any limit is safe for them.
    pub fn set_max_depth(&mut self, n: usize) {
        self.max_depth = n;
    }

    /// The depth limit in force.
    pub fn max_depth(&self) -> usize {
        self.max_depth
    }

    /// How many arrays and maps enclose the cursor.
    pub(crate) fn depth(&self) -> usize {
        self.depth
    }

    /// The whole input.
    pub fn input(&self) -> &'de [u8] {
        self.input
    }

    /// Byte offset of the cursor.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// How many bytes are left after the cursor.
    #[inline]
    pub fn remaining(&self) -> usize {
        self.input.len() - self.pos
    }

    /// Checks that no byte follows the value just read
    /// ([`ErrorKind::TrailingCharacters`] at the first one otherwise).
    pub fn finish(&mut self) -> Result<(), Error> {
        if self.pos < self.input.len() {
            return Err(self.error_at(ErrorKind::TrailingCharacters, self.pos));
        }
        Ok(())
    }

    /// The next marker byte, not consumed; `None` at the end of the input.
    #[inline]
    pub fn peek(&self) -> Option<u8> {
        self.input.get(self.pos).copied()
    }

    // MARK: - Errors

    /// An error of `kind` at byte `offset`; its `Display` ends `at byte N`.
    #[cold]
    #[inline(never)]
    pub fn error_at(&self, kind: ErrorKind, offset: usize) -> Error {
        Error::at_byte(kind, offset.min(self.input.len()))
    }

    /// The input ended where more bytes were due.
    #[cold]
    #[inline(never)]
    fn eof(&self) -> Error {
        self.error_at(ErrorKind::UnexpectedEof, self.input.len())
    }

    /// "expected `expected`, found X" for the value at the cursor, X being
    /// `nil`, `boolean`, `integer`, `float`, `string`, `binary`, `array`,
    /// `map` or `extension`; at the end of the input
    /// [`ErrorKind::UnexpectedEof`], and on the byte `0xc1`
    /// [`ErrorKind::InvalidMarker`].
    #[cold]
    #[inline(never)]
    pub fn invalid_type(&self, expected: &'static str) -> Error {
        match self.peek() {
            None => self.eof(),
            Some(NEVER_USED) => {
                self.error_at(ErrorKind::InvalidMarker { byte: NEVER_USED }, self.pos)
            }
            Some(m) => self.error_at(
                ErrorKind::InvalidType {
                    expected,
                    found: Family::of(m).name(),
                },
                self.pos,
            ),
        }
    }

    /// A data error with a message, at the cursor.
    #[cold]
    pub fn invalid_value(&self, message: impl Into<Cow<'static, str>>) -> Error {
        self.error_at(
            ErrorKind::InvalidValue {
                message: message.into(),
            },
            self.pos,
        )
    }

    /// "missing field `field`" at the cursor (just past the map).
    #[cold]
    pub fn missing_field(&self, field: &'static str) -> Error {
        self.error_at(ErrorKind::MissingField { field }, self.pos)
    }

    /// "duplicate field `field`" at `offset` (the repeated key).
    #[cold]
    pub fn duplicate_field(&self, field: &'static str, offset: usize) -> Error {
        self.error_at(ErrorKind::DuplicateField { field }, offset)
    }

    /// "unknown field `key`, expected one of ..." at `offset` (the key).
    #[cold]
    pub fn unknown_field(
        &self,
        key: &str,
        expected: &'static [&'static str],
        offset: usize,
    ) -> Error {
        self.error_at(
            ErrorKind::UnknownField {
                field: key.to_owned(),
                expected,
            },
            offset,
        )
    }

    /// "unknown variant `variant`, expected one of ..." at `offset`.
    #[cold]
    pub fn unknown_variant(
        &self,
        variant: &str,
        expected: &'static [&'static str],
        offset: usize,
    ) -> Error {
        self.error_at(
            ErrorKind::UnknownVariant {
                variant: variant.to_owned(),
                expected,
            },
            offset,
        )
    }

    /// "expected `expected`, found `found`" (an [`ErrorKind::InvalidValue`])
    /// at the marker of the last array or map header read: a tuple, a fixed
    /// array or an array-shaped struct of the wrong length.
    ///
    /// ```
    /// let err = jetjson::msgpack::from_slice::<(u8, u8)>(b"\x93\x01\x02\x03").unwrap_err();
    /// assert_eq!(err.to_string(), "expected a tuple of 2 elements, found 3 at byte 0");
    /// ```
    #[cold]
    pub fn invalid_length(&self, expected: &'static str, found: usize) -> Error {
        self.error_at(
            ErrorKind::InvalidValue {
                message: format!("expected {expected}, found {found}").into(),
            },
            self.container_at,
        )
    }

    /// "number out of range for `ty`" at `offset`, the cursor put back there.
    #[cold]
    #[inline(never)]
    fn out_of_range(&mut self, ty: &'static str, offset: usize) -> Error {
        self.pos = offset;
        self.error_at(ErrorKind::NumberOutOfRange { ty }, offset)
    }

    // MARK: - Nesting and going back

    /// Counts one more level of nesting: call it just before or just after
    /// reading an array or map header, and [`leave`](Self::leave) after the
    /// contents. Past the limit it fails with [`ErrorKind::DepthLimit`] at
    /// the header's marker.
    #[inline]
    pub fn enter(&mut self) -> Result<(), Error> {
        if self.depth >= self.max_depth {
            return Err(self.depth_limit());
        }
        self.depth += 1;
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn depth_limit(&self) -> Error {
        // Right after a header: its marker; otherwise the header is next.
        let at = if self.pos == self.container_end {
            self.container_at
        } else {
            self.pos
        };
        self.error_at(
            ErrorKind::DepthLimit {
                limit: self.max_depth,
            },
            at,
        )
    }

    /// Ends a level of nesting opened by [`enter`](Self::enter).
    #[inline]
    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Saves the cursor and the nesting depth, to read the same value again
    /// after a failed attempt ([`restore`](Self::restore)); untagged enums
    /// try each variant this way.
    #[inline]
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            pos: self.pos,
            depth: self.depth,
        }
    }

    /// Goes back to a [`checkpoint`](Self::checkpoint), the nesting depth
    /// included (the failed attempt may have entered containers it never
    /// left).
    #[inline]
    pub fn restore(&mut self, at: Checkpoint) {
        self.pos = at.pos.min(self.input.len());
        self.depth = at.depth;
    }

    /// Puts the cursor at `offset` (clamped), keeping the depth: for reading
    /// a key again to name it in an error.
    pub(crate) fn seek(&mut self, offset: usize) {
        self.pos = offset.min(self.input.len());
    }

    // MARK: - Private: bytes

    /// `N` bytes from `at`; the cursor moves past them.
    #[inline]
    fn fixed<const N: usize>(&mut self, at: usize) -> Result<[u8; N], Error> {
        match self.input.get(at..).and_then(|rest| rest.get(..N)) {
            Some(bytes) => {
                self.pos = at + N;
                let mut out = [0u8; N];
                out.copy_from_slice(bytes);
                Ok(out)
            }
            None => Err(self.eof()),
        }
    }

    /// `len` bytes from `at`; the cursor moves past them. A length beyond the
    /// input fails at once, whatever it claims.
    #[inline]
    fn bytes(&mut self, at: usize, len: usize) -> Result<&'de [u8], Error> {
        let input = self.input;
        match input.get(at..).and_then(|rest| rest.get(..len)) {
            Some(bytes) => {
                self.pos = at + len;
                Ok(bytes)
            }
            None => Err(self.eof()),
        }
    }

    /// The marker at the cursor, not consumed.
    #[inline]
    fn marker(&self) -> Result<u8, Error> {
        match self.input.get(self.pos) {
            Some(&m) => Ok(m),
            None => Err(self.eof()),
        }
    }

    /// A 1, 2 or 4-byte big-endian length after the marker at `start`.
    #[inline]
    fn len8(&mut self, start: usize) -> Result<usize, Error> {
        self.fixed::<1>(start + 1).map(|b| usize::from(b[0]))
    }

    #[inline]
    fn len16(&mut self, start: usize) -> Result<usize, Error> {
        self.fixed::<2>(start + 1)
            .map(|b| usize::from(u16::from_be_bytes(b)))
    }

    #[inline]
    fn len32(&mut self, start: usize) -> Result<usize, Error> {
        // usize is at least 32 bits on every target this crate builds for;
        // a length that did not fit could not be in the input anyway.
        self.fixed::<4>(start + 1)
            .map(|b| usize::try_from(u32::from_be_bytes(b)).unwrap_or(usize::MAX))
    }

    // MARK: - Nil and booleans

    /// Reads nil.
    #[inline]
    pub fn read_nil(&mut self) -> Result<(), Error> {
        if self.peek() == Some(NIL) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.invalid_type("nil"))
        }
    }

    /// Consumes a nil if one is next and says so; otherwise consumes nothing.
    #[inline]
    pub fn try_read_nil(&mut self) -> bool {
        if self.peek() == Some(NIL) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Reads false or true.
    #[inline]
    pub fn read_bool(&mut self) -> Result<bool, Error> {
        match self.peek() {
            Some(FALSE) => {
                self.pos += 1;
                Ok(false)
            }
            Some(TRUE) => {
                self.pos += 1;
                Ok(true)
            }
            _ => Err(self.invalid_type("a boolean")),
        }
    }

    // MARK: - Integers

    /// Reads an integer in any of its encodings; anything else is "expected
    /// `expected`, found ...".
    #[inline]
    pub(crate) fn read_int(&mut self, expected: &'static str) -> Result<Int, Error> {
        let start = self.pos;
        let m = self.marker()?;
        let v = match m {
            0x00..=0x7f => {
                self.pos += 1;
                return Ok(Int::U(u64::from(m)));
            }
            0xe0..=0xff => {
                self.pos += 1;
                return Ok(Int::I(i64::from(m as i8)));
            }
            UINT8 => return self.fixed::<1>(start + 1).map(|b| Int::U(u64::from(b[0]))),
            UINT16 => {
                return self
                    .fixed::<2>(start + 1)
                    .map(|b| Int::U(u64::from(u16::from_be_bytes(b))))
            }
            UINT32 => {
                return self
                    .fixed::<4>(start + 1)
                    .map(|b| Int::U(u64::from(u32::from_be_bytes(b))))
            }
            UINT64 => {
                return self
                    .fixed::<8>(start + 1)
                    .map(|b| Int::U(u64::from_be_bytes(b)))
            }
            INT8 => i64::from(self.fixed::<1>(start + 1)?[0] as i8),
            INT16 => i64::from(i16::from_be_bytes(self.fixed::<2>(start + 1)?)),
            INT32 => i64::from(i32::from_be_bytes(self.fixed::<4>(start + 1)?)),
            INT64 => i64::from_be_bytes(self.fixed::<8>(start + 1)?),
            _ => return Err(self.invalid_type(expected)),
        };
        Ok(match u64::try_from(v) {
            Ok(u) => Int::U(u),
            Err(_) => Int::I(v),
        })
    }

    /// Reads an integer of any encoding whose value is at most `max`;
    /// `ty` names the target in errors (`u8`, `u16`, ...).
    ///
    /// ```
    /// let mut r = jetjson::msgpack::Reader::new(b"\xd1\x01\x00"); // int 16: 256
    /// assert_eq!(r.read_unsigned("u16", u16::MAX.into()).unwrap(), 256);
    /// ```
    #[inline]
    pub fn read_unsigned(&mut self, ty: &'static str, max: u64) -> Result<u64, Error> {
        let start = self.pos;
        match self.read_int(ty)? {
            Int::U(v) if v <= max => Ok(v),
            _ => Err(self.out_of_range(ty, start)),
        }
    }

    /// Reads an integer of any encoding within `min..=max`; `ty` names the
    /// target in errors.
    #[inline]
    pub fn read_signed(&mut self, ty: &'static str, min: i64, max: i64) -> Result<i64, Error> {
        let start = self.pos;
        let v = match self.read_int(ty)? {
            Int::U(v) => i64::try_from(v).ok(),
            Int::I(v) => Some(v),
        };
        match v {
            Some(v) if min <= v && v <= max => Ok(v),
            _ => Err(self.out_of_range(ty, start)),
        }
    }

    /// Reads a `u64` from any integer encoding that holds a value in range.
    #[inline]
    pub fn read_u64(&mut self) -> Result<u64, Error> {
        self.read_unsigned("u64", u64::MAX)
    }

    /// Reads an `i64` from any integer encoding that holds a value in range.
    #[inline]
    pub fn read_i64(&mut self) -> Result<i64, Error> {
        self.read_signed("i64", i64::MIN, i64::MAX)
    }

    /// Reads a `u128`: an integer of any encoding, or bin of exactly 16
    /// bytes holding the number big-endian (see
    /// [`Writer::write_u128`](super::Writer::write_u128)).
    pub fn read_u128(&mut self) -> Result<u128, Error> {
        let start = self.pos;
        match self.peek() {
            Some(BIN8..=BIN32) => Ok(u128::from_be_bytes(self.read_wide("u128")?)),
            _ => match self.read_int("u128")? {
                Int::U(v) => Ok(u128::from(v)),
                Int::I(_) => Err(self.out_of_range("u128", start)),
            },
        }
    }

    /// Reads an `i128`: an integer of any encoding, or bin of exactly 16
    /// bytes holding the two's complement big-endian (see
    /// [`Writer::write_i128`](super::Writer::write_i128)).
    pub fn read_i128(&mut self) -> Result<i128, Error> {
        match self.peek() {
            Some(BIN8..=BIN32) => Ok(i128::from_be_bytes(self.read_wide("i128")?)),
            _ => match self.read_int("i128")? {
                Int::U(v) => Ok(i128::from(v)),
                Int::I(v) => Ok(i128::from(v)),
            },
        }
    }

    /// The 16 bytes of a wide integer written as bin.
    fn read_wide(&mut self, ty: &'static str) -> Result<[u8; 16], Error> {
        let start = self.pos;
        let bytes = self.read_bin()?;
        match <[u8; 16]>::try_from(bytes) {
            Ok(b) => Ok(b),
            Err(_) => {
                self.pos = start;
                Err(self.invalid_value(match ty {
                    "u128" => "expected u128 as an integer or 16 bytes of binary",
                    _ => "expected i128 as an integer or 16 bytes of binary",
                }))
            }
        }
    }

    // MARK: - Floats

    /// Reads an `f64` from float 64, float 32 (widened, which is exact) or an
    /// integer whose value an `f64` holds exactly (any integer up to 2^53 in
    /// magnitude, and larger ones that happen to be exact). An integer that
    /// would round is [`ErrorKind::NumberOutOfRange`]: a float read never
    /// changes the value written.
    ///
    /// ```
    /// use jetjson::msgpack::from_slice;
    ///
    /// assert_eq!(from_slice::<f64>(b"\xca\x3f\xc0\x00\x00").unwrap(), 1.5); // float 32
    /// assert_eq!(from_slice::<f64>(b"\x07").unwrap(), 7.0);
    /// // 2^53 + 1 has no f64
    /// assert!(from_slice::<f64>(b"\xcf\x00\x20\x00\x00\x00\x00\x00\x01").is_err());
    /// ```
    #[inline]
    pub fn read_f64(&mut self) -> Result<f64, Error> {
        let start = self.pos;
        match self.peek() {
            Some(FLOAT64) => Ok(f64::from_bits(u64::from_be_bytes(
                self.fixed::<8>(start + 1)?,
            ))),
            Some(FLOAT32) => Ok(f64::from(f32::from_bits(u32::from_be_bytes(
                self.fixed::<4>(start + 1)?,
            )))),
            _ => {
                let exact = match self.read_int("f64")? {
                    Int::U(v) => {
                        let f = v as f64;
                        (f < 18_446_744_073_709_551_616.0 && f as u64 == v).then_some(f)
                    }
                    Int::I(v) => {
                        let f = v as f64;
                        (f >= -9_223_372_036_854_775_808.0 && f as i64 == v).then_some(f)
                    }
                };
                exact.ok_or_else(|| self.out_of_range("f64", start))
            }
        }
    }

    /// Reads an `f32` from float 32, from float 64 when the value is exactly
    /// an `f32` (NaN and the infinities included), or from an integer that an
    /// `f32` holds exactly (up to 2^24 in magnitude, and larger exact ones).
    /// Anything that would round is [`ErrorKind::NumberOutOfRange`].
    ///
    /// ```
    /// use jetjson::msgpack::{from_slice, to_vec};
    ///
    /// assert_eq!(from_slice::<f32>(&to_vec(&0.5f64)).unwrap(), 0.5);
    /// assert!(from_slice::<f32>(&to_vec(&0.1f64)).is_err()); // 0.1f64 is no f32
    /// assert!(from_slice::<f32>(&to_vec(&f64::INFINITY)).unwrap().is_infinite());
    /// ```
    #[inline]
    pub fn read_f32(&mut self) -> Result<f32, Error> {
        let start = self.pos;
        match self.peek() {
            Some(FLOAT32) => Ok(f32::from_bits(u32::from_be_bytes(
                self.fixed::<4>(start + 1)?,
            ))),
            Some(FLOAT64) => {
                let v = f64::from_bits(u64::from_be_bytes(self.fixed::<8>(start + 1)?));
                let f = v as f32;
                if v.is_nan() || f64::from(f) == v {
                    Ok(f)
                } else {
                    Err(self.out_of_range("f32", start))
                }
            }
            _ => {
                let exact = match self.read_int("f32")? {
                    Int::U(v) => {
                        let f = v as f32;
                        (f < 18_446_744_073_709_551_616.0 && f as u64 == v).then_some(f)
                    }
                    Int::I(v) => {
                        let f = v as f32;
                        (f >= -9_223_372_036_854_775_808.0 && f as i64 == v).then_some(f)
                    }
                };
                exact.ok_or_else(|| self.out_of_range("f32", start))
            }
        }
    }

    // MARK: - Strings, binary, extensions

    /// Reads a string (fixstr, str 8/16/32), borrowed from the input and
    /// checked to be UTF-8 ([`ErrorKind::InvalidUtf8`] at its marker if not).
    #[inline]
    pub fn read_str(&mut self) -> Result<&'de str, Error> {
        let start = self.pos;
        let m = self.marker()?;
        let len = match m {
            0xa0..=0xbf => {
                self.pos += 1;
                usize::from(m & 0x1f)
            }
            STR8 => self.len8(start)?,
            STR16 => self.len16(start)?,
            STR32 => self.len32(start)?,
            _ => return Err(self.invalid_type("a string")),
        };
        let bytes = self.bytes(self.pos, len)?;
        // Keys and most short strings are ASCII: one word-at-a-time check,
        // where the validator would fall back to a byte loop at this size.
        if len < SHORT_STR && bytes.is_ascii() {
            // SAFETY: every byte is below 0x80, so the bytes are UTF-8.
            return Ok(unsafe { std::str::from_utf8_unchecked(bytes) });
        }
        match simdutf8::basic::from_utf8(bytes) {
            Ok(s) => Ok(s),
            Err(_) => {
                self.pos = start;
                Err(self.error_at(ErrorKind::InvalidUtf8, start))
            }
        }
    }

    /// Reads binary data (bin 8/16/32), borrowed from the input. A string is
    /// not binary: it is "expected binary, found string".
    #[inline]
    pub fn read_bin(&mut self) -> Result<&'de [u8], Error> {
        let start = self.pos;
        let len = match self.marker()? {
            BIN8 => self.len8(start)?,
            BIN16 => self.len16(start)?,
            BIN32 => self.len32(start)?,
            _ => return Err(self.invalid_type("binary")),
        };
        self.bytes(self.pos, len)
    }

    /// Reads an extension (fixext 1/2/4/8/16, ext 8/16/32): its type and its
    /// data, borrowed from the input.
    pub fn read_ext(&mut self) -> Result<(i8, &'de [u8]), Error> {
        let start = self.pos;
        // fixext: the type right after the marker; ext 8/16/32: after the
        // length, where `len*` leaves the cursor.
        let (len, ty_at) = match self.marker()? {
            FIXEXT1 => (1, start + 1),
            FIXEXT2 => (2, start + 1),
            FIXEXT4 => (4, start + 1),
            FIXEXT8 => (8, start + 1),
            FIXEXT16 => (16, start + 1),
            EXT8 => (self.len8(start)?, self.pos),
            EXT16 => (self.len16(start)?, self.pos),
            EXT32 => (self.len32(start)?, self.pos),
            _ => return Err(self.invalid_type("an extension")),
        };
        let ty = self.fixed::<1>(ty_at)?[0] as i8;
        let data = self.bytes(self.pos, len)?;
        Ok((ty, data))
    }

    // MARK: - Containers

    /// Reads an array header (fixarray, array 16/32) and returns the number
    /// of elements, which the caller then reads. Every value takes at least
    /// one byte, so a header that claims more elements than bytes remain is
    /// [`ErrorKind::UnexpectedEof`] at once: the number returned is never
    /// more than [`remaining`](Self::remaining). Still reserve room with care
    /// (an element may be far larger in memory than its one byte).
    #[inline]
    pub fn read_array_len(&mut self) -> Result<usize, Error> {
        let start = self.pos;
        let m = self.marker()?;
        let len = match m {
            0x90..=0x9f => {
                self.pos += 1;
                usize::from(m & 0x0f)
            }
            ARRAY16 => self.len16(start)?,
            ARRAY32 => self.len32(start)?,
            _ => return Err(self.invalid_type("an array")),
        };
        // Each element takes at least a byte.
        if len > self.remaining() {
            return Err(self.eof());
        }
        self.container_at = start;
        self.container_end = self.pos;
        Ok(len)
    }

    /// Reads a map header (fixmap, map 16/32) and returns the number of
    /// entries; the caller reads each key, then its value. A header that
    /// claims more entries than half the remaining bytes is
    /// [`ErrorKind::UnexpectedEof`] at once.
    #[inline]
    pub fn read_map_len(&mut self) -> Result<usize, Error> {
        let start = self.pos;
        let m = self.marker()?;
        let len = match m {
            0x80..=0x8f => {
                self.pos += 1;
                usize::from(m & 0x0f)
            }
            MAP16 => self.len16(start)?,
            MAP32 => self.len32(start)?,
            _ => return Err(self.invalid_type("a map")),
        };
        // Each key and each value takes at least a byte.
        if len > self.remaining() / 2 {
            return Err(self.eof());
        }
        self.container_at = start;
        self.container_end = self.pos;
        Ok(len)
    }

    /// Room to reserve for `len` items of `T` claimed by a header: never more
    /// items than bytes remain (each takes at least `min_bytes`), nor more
    /// than about 64 KiB of memory up front; the collection grows from there
    /// as items actually arrive.
    #[inline]
    pub(crate) fn capacity_for<T>(&self, len: usize, min_bytes: usize) -> usize {
        const UP_FRONT: usize = 64 * 1024;
        let by_input = self.remaining() / min_bytes.max(1);
        let by_memory = UP_FRONT / std::mem::size_of::<T>().max(1);
        len.min(by_input).min(by_memory)
    }

    // MARK: - Skipping

    /// Skips one value of any kind without building it: iterative, with the
    /// depth limit, and allocating nothing for the first 64 levels of
    /// nesting. A header that claims more elements than bytes remain is
    /// [`ErrorKind::UnexpectedEof`] at once. Strings are checked for UTF-8
    /// as [`read_str`](Self::read_str) checks them, so a skipped unknown
    /// field is held to the rules a read one is.
    pub fn skip_value(&mut self) -> Result<(), Error> {
        super::skip::skip_value(self)
    }

    /// Reads one value of any kind and returns its exact bytes.
    ///
    /// ```
    /// let mut r = jetjson::msgpack::Reader::new(b"\x92\x01\xa1x\xc0");
    /// assert_eq!(r.read_raw().unwrap(), b"\x92\x01\xa1x");
    /// assert_eq!(r.offset(), 4);
    /// ```
    pub fn read_raw(&mut self) -> Result<&'de [u8], Error> {
        let start = self.pos;
        self.skip_value()?;
        Ok(&self.input[start..self.pos])
    }

    /// If the input at the cursor starts with `bytes`, consumes them and
    /// returns `true`. Generated decoders guess the next key this way: one
    /// compare of the encoded key instead of a read and a match.
    #[inline]
    pub fn eat_raw(&mut self, bytes: &[u8]) -> bool {
        if self.input[self.pos..].starts_with(bytes) {
            self.pos += bytes.len();
            true
        } else {
            false
        }
    }

    /// Steps over the value at the cursor if it is not a container; for an
    /// array or map, consumes the header and returns how many values follow
    /// (two per map entry, as a `u64`). Used by `skip_value`.
    #[inline]
    pub(crate) fn skip_header(&mut self) -> Result<Option<u64>, Error> {
        let start = self.pos;
        let m = self.marker()?;
        let body = match m {
            0x00..=0x7f | 0xe0..=0xff | NIL | FALSE | TRUE => 0,
            0x80..=0x8f | MAP16 | MAP32 => {
                let n = self.read_map_len()?;
                return Ok(Some(2 * n as u64));
            }
            0x90..=0x9f | ARRAY16 | ARRAY32 => {
                return Ok(Some(self.read_array_len()? as u64));
            }
            0xa0..=0xbf | STR8 | STR16 | STR32 => {
                // Skipped strings are held to UTF-8 as read ones are.
                self.pos = start;
                self.read_str()?;
                return Ok(None);
            }
            NEVER_USED => return Err(self.error_at(ErrorKind::InvalidMarker { byte: m }, start)),
            BIN8 => self.len8(start)?,
            BIN16 => self.len16(start)?,
            BIN32 => self.len32(start)?,
            EXT8 => self.len8(start)? + 1,
            EXT16 => self.len16(start)? + 1,
            EXT32 => self.len32(start)?.saturating_add(1),
            FLOAT32 => 4,
            FLOAT64 => 8,
            UINT8 | INT8 => 1,
            UINT16 | INT16 => 2,
            UINT32 | INT32 => 4,
            UINT64 | INT64 => 8,
            FIXEXT1 => 2,
            FIXEXT2 => 3,
            FIXEXT4 => 5,
            FIXEXT8 => 9,
            FIXEXT16 => 17,
        };
        // Markers with a length field moved the cursor past it already.
        let at = if self.pos == start {
            start + 1
        } else {
            self.pos
        };
        self.bytes(at, body)?;
        Ok(None)
    }
}
