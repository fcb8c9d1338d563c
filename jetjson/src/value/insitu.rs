//! In-situ parsing (rapidjson's `kParseInsituFlag`): strings are unescaped
//! inside the input buffer itself, so a [`ValueRef`] is built without
//! allocating a single string — only the arrays and objects.
//!
//! Unescaping never lengthens text (`\n` is two bytes for one, `\u00e9` six
//! for two, a surrogate pair twelve for four), so each string's unescaped form
//! fits where its escaped form was, and is written there as the cursor passes.
//! Bytes behind the cursor that belong to a finished string are *frozen*:
//! the DOM borrows them as `&'a str` and they are never written again. All
//! reads and writes go through one raw pointer taken from the `&'a mut [u8]`;
//! writes only ever touch bytes at or after the frozen mark.

use std::marker::PhantomData;

use super::de::{self, Source, ValueOptions};
use super::number::{self, Scan};
use super::{Number, ValueRef};
use crate::read::{decode_escape, Str};
use crate::{simd, Error, ErrorKind, Reader};

/// Parses `input` in situ: the returned [`ValueRef`] borrows every string and
/// key from `input`, into which strings with escapes have been unescaped.
/// Defaults as for `jetjson::from_slice` (depth limit 128, last repeated key
/// wins); see [`ValueOptions::from_slice_mut`] for others.
///
/// Afterwards the bytes of `input` are unspecified (strings with escapes were
/// rewritten), whether parsing succeeded or not.
///
/// Errors carry the exact byte offset. Their line and column are counted over
/// the buffer as rewritten so far, so they can differ from the original text's
/// when a string with escapes came earlier (a `\n` escape turned into a line
/// break; a shortened string on the same line moves the column).
///
/// ```
/// use std::borrow::Cow;
/// use jetjson::value::{from_slice_mut, ValueRef};
///
/// let mut buf = br#"{"name": "Ada \"the Countess\"", "n": [1, 2.5]}"#.to_vec();
/// let v = from_slice_mut(&mut buf).unwrap();
/// // The unescaped string lives in `buf`: borrowed, not allocated.
/// assert!(matches!(&v["name"], ValueRef::String(Cow::Borrowed("Ada \"the Countess\""))));
/// assert_eq!(v["n"][1], 2.5);
/// ```
pub fn from_slice_mut(input: &mut [u8]) -> Result<ValueRef<'_>, Error> {
    parse(input, &ValueOptions::new())
}

pub(super) fn parse<'a>(
    input: &'a mut [u8],
    options: &ValueOptions,
) -> Result<ValueRef<'a>, Error> {
    let mut src = InSitu::new(input, options.depth_limit());
    let v = de::parse(&mut src, options.rejects_duplicates())?;
    match src.peek() {
        None => Ok(v),
        Some(_) => Err(src.error_at(ErrorKind::TrailingCharacters, src.pos)),
    }
}

// MARK: - Private: the buffer

/// The input buffer, as a raw pointer so that frozen parts can be lent out as
/// `&'a str` while later parts are still being rewritten.
struct InSitu<'a> {
    ptr: *mut u8,
    len: usize,
    pos: usize,
    /// `[0, frozen)` may be borrowed by the DOM and is never written again.
    frozen: usize,
    depth: usize,
    max_depth: usize,
    _buf: PhantomData<&'a mut [u8]>,
}

impl<'a> InSitu<'a> {
    fn new(input: &'a mut [u8], max_depth: usize) -> Self {
        InSitu {
            ptr: input.as_mut_ptr(),
            len: input.len(),
            pos: 0,
            frozen: 0,
            depth: 0,
            max_depth,
            _buf: PhantomData,
        }
    }

    /// The whole buffer, for reading.
    #[inline]
    fn view(&self) -> &[u8] {
        // SAFETY: `ptr` and `len` come from a `&'a mut [u8]` that this struct
        // holds exclusively for 'a, so the memory is valid and initialized.
        // Other live references into it are only the `&'a str` of frozen
        // strings (shared, like this one); the only `&mut` into it comes from
        // `tail_mut`, which borrows `self` mutably and so cannot coexist with
        // the returned slice.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    /// The buffer from the frozen mark on, for rewriting; index 0 is offset
    /// `frozen`.
    #[inline]
    fn tail_mut(&mut self) -> &mut [u8] {
        // SAFETY: `frozen <= len` (it only takes values of `pos`, which stays
        // within the buffer). The region `[frozen, len)` is not covered by any
        // `&'a str` handed out (those lie below `frozen`), and `view`'s
        // slices borrow `self`, so this is the only reference to it while the
        // returned borrow lives.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.add(self.frozen), self.len - self.frozen) }
    }

    /// Freezes everything before `to` and lends out `[start, end)` (with
    /// `end <= to`) as text for the life of the buffer, checking that it is
    /// UTF-8. `None` if it is not.
    fn freeze_str(&mut self, start: usize, end: usize, to: usize) -> Option<&'a str> {
        debug_assert!(start <= end && end <= to && to <= self.len);
        if !(start <= end && end <= to && to <= self.len) {
            return None;
        }
        self.frozen = self.frozen.max(to);
        // SAFETY: `start <= end <= len`, so the range lies in the buffer, which
        // lives and stays borrowed for 'a. It lies below `frozen`, which only
        // grows, and nothing writes below `frozen` (`tail_mut` starts there), so
        // the bytes never change while the `&'a` borrow lives.
        let bytes: &'a [u8] =
            unsafe { std::slice::from_raw_parts(self.ptr.add(start), end - start) };
        simdutf8::basic::from_utf8(bytes).ok()
    }

    /// [`freeze_str`](Self::freeze_str) for `[start, end)` (just below the
    /// cursor) known to be ASCII: the string just scanned, which had no
    /// escape and no byte >= 0x80.
    #[inline]
    fn freeze_ascii(&mut self, start: usize, end: usize) -> &'a str {
        debug_assert!(start <= end && end < self.pos && self.pos <= self.len);
        let end = end.min(self.len).max(start.min(self.len));
        let start = start.min(end);
        self.frozen = self.frozen.max(self.pos);
        // SAFETY: `start <= end <= len` (clamped above), so the range lies in
        // the buffer, which lives and stays borrowed for 'a; it lies below
        // `frozen` (`end < pos <= frozen`), where nothing writes. The caller
        // saw `simd::scan` report no byte >= 0x80 in exactly this range, and
        // nothing has written to it since (writes only happen while
        // unescaping, at or after the backslash of a string with escapes), so
        // it is ASCII and thus UTF-8.
        unsafe {
            std::str::from_utf8_unchecked(std::slice::from_raw_parts(
                self.ptr.add(start),
                end - start,
            ))
        }
    }

    #[cold]
    fn error_kind_at(&self, kind: ErrorKind, offset: usize) -> Error {
        Error::at(kind, self.view(), offset)
    }

    #[cold]
    fn eof_or(&self, kind: ErrorKind) -> Error {
        if self.pos >= self.len {
            self.error_kind_at(ErrorKind::UnexpectedEof, self.pos)
        } else {
            self.error_kind_at(kind, self.pos)
        }
    }

    #[inline]
    fn enter(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err(self.error_kind_at(
                ErrorKind::DepthLimit {
                    limit: self.max_depth,
                },
                self.pos,
            ));
        }
        Ok(())
    }

    fn expect_literal(&mut self, literal: &[u8]) -> Result<(), Error> {
        let rest = &self.view()[self.pos..];
        if rest.starts_with(literal) {
            self.pos += literal.len();
            Ok(())
        } else if literal.starts_with(rest) {
            Err(self.error_kind_at(ErrorKind::UnexpectedEof, self.len))
        } else {
            let bad = rest
                .iter()
                .zip(literal)
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            Err(self.error_kind_at(ErrorKind::InvalidLiteral, self.pos + bad))
        }
    }

    /// Reads the string whose opening quote is at the cursor, unescaping it in
    /// place. Any error is the reader's own account of the same bytes: a
    /// string is checked completely before its first byte is rewritten.
    fn string(&mut self) -> Result<&'a str, Error> {
        let quote = self.pos;
        let start = quote + 1;
        let scan = simd::scan(self.view(), start);
        let (end, close) = match self.view().get(scan.stop) {
            Some(b'"') => (scan.stop, scan.stop),
            Some(b'\\') => {
                if scan.non_ascii && !crate::utf8::is_valid(&self.view()[start..scan.stop]) {
                    return Err(self.string_error(quote, (ErrorKind::InvalidUtf8, start), 0));
                }
                let base = self.frozen;
                let at = scan.stop - base;
                // First pass: check only; second: rewrite.
                if let Err(fallback) = unescape::<false>(self.tail_mut(), at) {
                    return Err(self.string_error(quote, fallback, base));
                }
                match unescape::<true>(self.tail_mut(), at) {
                    Ok((end, close)) => (base + end, base + close),
                    Err(fallback) => return Err(self.string_error(quote, fallback, base)),
                }
            }
            Some(_) => {
                return Err(self.string_error(quote, (ErrorKind::ControlCharacter, scan.stop), 0))
            }
            None => return Err(self.string_error(quote, (ErrorKind::UnexpectedEof, self.len), 0)),
        };
        self.pos = close + 1;
        if !scan.non_ascii && end == scan.stop {
            // No escape and no byte >= 0x80: ASCII as it stands.
            return Ok(self.freeze_ascii(start, end));
        }
        match self.freeze_str(start, end, self.pos) {
            Some(s) => Ok(s),
            // Not UTF-8: only possible when nothing was rewritten (the
            // checking pass validates every run of a string with escapes).
            None => Err(self.string_error(quote, (ErrorKind::InvalidUtf8, start), 0)),
        }
    }

    /// The reader's error for the string at `quote`, which is still as it was
    /// in the input; `fallback` (offset relative to `base`) if the reader
    /// should disagree and accept it.
    #[cold]
    fn string_error(&self, quote: usize, fallback: (ErrorKind, usize), base: usize) -> Error {
        let mut r = Reader::new(self.view());
        r.seek(quote);
        match r.read_str() {
            Err(e) => e,
            Ok(_) => self.error_kind_at(fallback.0, fallback.1 + base),
        }
    }
}

/// Unescapes the string whose first backslash is `buf[at]`, writing the text
/// from `at` on when `WRITE` (otherwise only checking it). Returns where the
/// unescaped text ends and where the closing quote is, or an error kind and
/// the offset it points at.
fn unescape<const WRITE: bool>(
    buf: &mut [u8],
    at: usize,
) -> Result<(usize, usize), (ErrorKind, usize)> {
    let (mut r, mut w) = (at, at);
    loop {
        // buf[r] is a backslash.
        let (c, next) = decode_escape(buf, r)?;
        let mut utf8 = [0u8; 4];
        let encoded = c.encode_utf8(&mut utf8).as_bytes();
        // An escape is at least as long as its UTF-8 (see the module docs),
        // so this writes only bytes already read.
        if WRITE {
            buf[w..w + encoded.len()].copy_from_slice(encoded);
        }
        w += encoded.len();
        r = next;
        let scan = simd::scan(buf, r);
        if scan.non_ascii && !WRITE {
            let run = &buf[r..scan.stop];
            if !crate::utf8::is_valid(run) {
                let valid =
                    std::str::from_utf8(run).map_or_else(|e| e.valid_up_to(), |_| run.len());
                return Err((ErrorKind::InvalidUtf8, r + valid));
            }
        }
        if WRITE {
            buf.copy_within(r..scan.stop, w);
        }
        w += scan.stop - r;
        r = scan.stop;
        match buf.get(r) {
            Some(b'"') => return Ok((w, r)),
            Some(b'\\') => {}
            Some(_) => return Err((ErrorKind::ControlCharacter, r)),
            None => return Err((ErrorKind::UnexpectedEof, buf.len())),
        }
    }
}

impl<'a> Source<'a> for InSitu<'a> {
    #[inline]
    fn peek(&mut self) -> Option<u8> {
        let view = self.view();
        let mut i = self.pos;
        loop {
            match view.get(i) {
                Some(b' ' | b'\n' | b'\r' | b'\t') => i += 1,
                Some(&b) => {
                    self.pos = i;
                    return Some(b);
                }
                None => {
                    self.pos = i;
                    return None;
                }
            }
        }
    }

    #[inline]
    fn offset(&self) -> usize {
        self.pos
    }

    fn begin_object(&mut self) -> Result<bool, Error> {
        self.pos += 1;
        self.enter()?;
        match self.peek() {
            Some(b'}') => {
                self.pos += 1;
                self.depth -= 1;
                Ok(false)
            }
            Some(b'"') => Ok(true),
            _ => Err(self.eof_or(ErrorKind::ExpectedKey)),
        }
    }

    fn next_member(&mut self) -> Result<bool, Error> {
        match self.peek() {
            Some(b'}') => {
                self.pos += 1;
                self.depth -= 1;
                Ok(false)
            }
            Some(b',') => {
                self.pos += 1;
                match self.peek() {
                    Some(b'"') => Ok(true),
                    _ => Err(self.eof_or(ErrorKind::ExpectedKey)),
                }
            }
            _ => Err(self.eof_or(ErrorKind::ExpectedCommaOrBrace)),
        }
    }

    fn begin_array(&mut self) -> Result<bool, Error> {
        self.pos += 1;
        self.enter()?;
        match self.peek() {
            Some(b']') => {
                self.pos += 1;
                self.depth -= 1;
                Ok(false)
            }
            Some(_) => Ok(true),
            None => Err(self.error_kind_at(ErrorKind::UnexpectedEof, self.pos)),
        }
    }

    fn next_element(&mut self) -> Result<bool, Error> {
        match self.peek() {
            Some(b']') => {
                self.pos += 1;
                self.depth -= 1;
                Ok(false)
            }
            Some(b',') => {
                self.pos += 1;
                Ok(true)
            }
            _ => Err(self.eof_or(ErrorKind::ExpectedCommaOrBracket)),
        }
    }

    fn read_key(&mut self) -> Result<Str<'a, '_>, Error> {
        let key = self.string()?;
        // Machine-written JSON puts the colon right after the key; `peek`
        // finds it either way.
        if self.peek() == Some(b':') {
            self.pos += 1;
        } else {
            return Err(self.eof_or(ErrorKind::ExpectedColon));
        }
        Ok(Str::Borrowed(key))
    }

    fn read_str(&mut self) -> Result<Str<'a, '_>, Error> {
        self.string().map(Str::Borrowed)
    }

    fn read_number(&mut self) -> Result<Number, Error> {
        let start = self.pos;
        match number::scan(self.view(), start) {
            Scan::Ok(n, end) => {
                self.pos = end;
                Ok(n)
            }
            Scan::OutOfRange => {
                Err(self.error_kind_at(ErrorKind::NumberOutOfRange { ty: "f64" }, start))
            }
            Scan::Invalid => {
                // Let the reader say what is wrong, over the same bytes.
                let mut r = Reader::new(self.view());
                r.seek(start);
                Err(match r.read_number_text() {
                    Err(e) => e,
                    Ok(_) => self.error_kind_at(ErrorKind::InvalidNumber, start),
                })
            }
        }
    }

    fn read_bool(&mut self) -> Result<bool, Error> {
        if self.view().get(self.pos) == Some(&b't') {
            self.expect_literal(b"true").map(|()| true)
        } else {
            self.expect_literal(b"false").map(|()| false)
        }
    }

    fn read_null(&mut self) -> Result<(), Error> {
        self.expect_literal(b"null")
    }

    #[cold]
    fn expected_value(&mut self) -> Error {
        match self.peek() {
            None => self.error_kind_at(ErrorKind::UnexpectedEof, self.pos),
            Some(_) => self.error_kind_at(ErrorKind::ExpectedValue, self.pos),
        }
    }

    #[cold]
    fn error_at(&self, kind: ErrorKind, offset: usize) -> Error {
        self.error_kind_at(kind, offset)
    }
}
