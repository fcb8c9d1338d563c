//! Strings: find the end with the SIMD scanner, borrow when there is no
//! escape, otherwise unescape into the scratch buffer. UTF-8 is validated only
//! for runs that hold a byte ≥ 0x80.

use super::{Reader, Str};
use crate::error::{Error, ErrorKind};
use crate::simd;

/// Where a parsed string's text lives.
#[derive(Clone, Copy)]
pub(crate) enum Span {
    /// `input[start..end]`, no escapes.
    Input(usize, usize),
    /// The whole scratch buffer.
    Scratch,
}

impl<'de> Reader<'de> {
    /// Reads a string value. Anything else is "expected a string, found ...".
    #[inline]
    pub fn read_str(&mut self) -> Result<Str<'de, '_>, Error> {
        if self.peek() != Some(b'"') {
            return Err(self.invalid_type("a string"));
        }
        self.pos += 1;
        let span = self.parse_str_span()?;
        Ok(self.span_str(span))
    }

    /// Reads a string value into a new `String`.
    #[inline]
    pub fn read_string(&mut self) -> Result<String, Error> {
        self.read_str().map(|s| s.as_str().to_owned())
    }

    /// Reads a string that must borrow from the input, as `&'de str` fields
    /// do; a string with escapes cannot, and is an error that says so.
    #[inline]
    pub fn read_borrowed_str(&mut self) -> Result<&'de str, Error> {
        self.peek();
        let start = self.pos;
        match self.read_str()? {
            Str::Borrowed(s) => Ok(s),
            Str::Copied(_) => Err(self.error_at(
                ErrorKind::InvalidValue {
                    message:
                        "string with escapes cannot be borrowed as &str; use String or Cow<str>"
                            .into(),
                },
                start,
            )),
        }
    }

    /// `read_str` for a reader that keeps the text's place itself (the
    /// [`Document`](crate::Document) parser): where the text lives rather than
    /// the text. The same checks and errors as `read_str`.
    #[inline]
    pub(crate) fn read_str_span(&mut self) -> Result<Span, Error> {
        if self.peek() != Some(b'"') {
            return Err(self.invalid_type("a string"));
        }
        self.pos += 1;
        self.parse_str_span()
    }

    /// The reader's scratch buffer as text: the last string that had escapes.
    #[inline]
    pub(crate) fn scratch_str(&self) -> &str {
        match self.span_str(Span::Scratch) {
            Str::Borrowed(s) | Str::Copied(s) => s,
        }
    }

    #[inline]
    pub(crate) fn span_str(&self, span: Span) -> Str<'de, '_> {
        match span {
            Span::Input(start, end) => {
                let bytes = &self.input[start..end];
                // SAFETY: `parse_str_span` returns `Input(start, end)` only
                // after checking that `input[start..end]` is UTF-8: either
                // every byte is ASCII (the scanner saw no byte ≥ 0x80) or
                // `validate_utf8` accepted it.
                let text = unsafe { std::str::from_utf8_unchecked(bytes) };
                Str::Borrowed(text)
            }
            Span::Scratch => {
                // SAFETY: the scratch buffer is filled only by
                // `parse_escaped`, from runs checked as above and from `char`s
                // encoded by `char::encode_utf8`, so it holds UTF-8.
                let text = unsafe { std::str::from_utf8_unchecked(&self.scratch) };
                Str::Copied(text)
            }
        }
    }

    /// Parses a string whose opening quote was consumed; leaves the cursor
    /// after the closing quote.
    #[inline]
    pub(super) fn parse_str_span(&mut self) -> Result<Span, Error> {
        let start = self.pos;
        // Keys and most values end within sixteen bytes: two words inline
        // find the quote there without the call into the block scan.
        let scan = match simd::scan_short(self.input, start) {
            Some(scan) => scan,
            None => simd::scan(self.input, start),
        };
        match self.input.get(scan.stop) {
            Some(b'"') => {
                if scan.non_ascii {
                    self.validate_utf8(start, scan.stop)?;
                }
                self.pos = scan.stop + 1;
                Ok(Span::Input(start, scan.stop))
            }
            Some(b'\\') => {
                if scan.non_ascii {
                    self.validate_utf8(start, scan.stop)?;
                }
                self.parse_escaped(start, scan.stop)
            }
            Some(_) => Err(self.error_at(ErrorKind::ControlCharacter, scan.stop)),
            None => Err(self.error_at(ErrorKind::UnexpectedEof, self.input.len())),
        }
    }

    #[inline]
    fn validate_utf8(&self, start: usize, end: usize) -> Result<(), Error> {
        let run = &self.input[start..end];
        if crate::utf8::is_valid(run) {
            return Ok(());
        }
        Err(self.utf8_error(start, end))
    }

    #[cold]
    fn utf8_error(&self, start: usize, end: usize) -> Error {
        let valid = match std::str::from_utf8(&self.input[start..end]) {
            Ok(_) => end - start,
            Err(e) => e.valid_up_to(),
        };
        self.error_at(ErrorKind::InvalidUtf8, start + valid)
    }

    /// The slow path: the run `input[start..stop]` (checked) ends at a
    /// backslash. Unescapes into the scratch buffer up to the closing quote.
    fn parse_escaped(&mut self, start: usize, mut stop: usize) -> Result<Span, Error> {
        self.scratch.clear();
        self.scratch.extend_from_slice(&self.input[start..stop]);
        loop {
            // self.input[stop] is a backslash.
            let c = self.parse_escape(stop)?;
            let mut utf8 = [0u8; 4];
            self.scratch
                .extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
            let run_start = self.pos;
            let scan = simd::scan(self.input, run_start);
            stop = scan.stop;
            let closing = match self.input.get(stop) {
                Some(b'"') => true,
                Some(b'\\') => false,
                Some(_) => return Err(self.error_at(ErrorKind::ControlCharacter, stop)),
                None => return Err(self.error_at(ErrorKind::UnexpectedEof, self.input.len())),
            };
            if scan.non_ascii {
                self.validate_utf8(run_start, stop)?;
            }
            self.scratch.extend_from_slice(&self.input[run_start..stop]);
            if closing {
                self.pos = stop + 1;
                return Ok(Span::Scratch);
            }
        }
    }

    /// Decodes the escape whose backslash is at `at`; leaves the cursor after
    /// it.
    fn parse_escape(&mut self, at: usize) -> Result<char, Error> {
        match decode_escape(self.input, at) {
            Ok((c, next)) => {
                self.pos = next;
                Ok(c)
            }
            Err((kind, offset)) => Err(self.error_at(kind, offset)),
        }
    }
}

/// Decodes the escape whose backslash is at `at`: the character and the
/// offset after the escape, or the error kind and where it points. Shared
/// by the reader and the DOM's in-situ parser. A surrogate without its
/// partner is an error, never replaced.
pub(crate) fn decode_escape(buf: &[u8], at: usize) -> Result<(char, usize), (ErrorKind, usize)> {
    let Some(&letter) = buf.get(at + 1) else {
        return Err((ErrorKind::UnexpectedEof, buf.len()));
    };
    let c = match letter {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\x08',
        b'f' => '\x0c',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        b'u' => return decode_unicode(buf, at),
        _ => return Err((ErrorKind::InvalidEscape, at)),
    };
    Ok((c, at + 2))
}

fn decode_unicode(buf: &[u8], at: usize) -> Result<(char, usize), (ErrorKind, usize)> {
    let first = hex4(buf, at + 2, at)?;
    let (code, next) = match first {
        0xD800..=0xDBFF => {
            let next = &buf[(at + 6).min(buf.len())..];
            if !next.starts_with(b"\\u") {
                // Running out of input while `\u` could still follow is the
                // end of input; anything else leaves the half alone.
                return Err(if b"\\u".starts_with(next) {
                    (ErrorKind::UnexpectedEof, buf.len())
                } else {
                    (ErrorKind::LoneSurrogate, at)
                });
            }
            let second = hex4(buf, at + 8, at + 6)?;
            if !(0xDC00..=0xDFFF).contains(&second) {
                return Err((ErrorKind::LoneSurrogate, at));
            }
            (
                0x10000 + (((first - 0xD800) << 10) | (second - 0xDC00)),
                at + 12,
            )
        }
        0xDC00..=0xDFFF => return Err((ErrorKind::LoneSurrogate, at)),
        _ => (first, at + 6),
    };
    char::from_u32(code)
        .map(|c| (c, next))
        .ok_or((ErrorKind::InvalidEscape, at))
}

fn hex4(buf: &[u8], from: usize, escape: usize) -> Result<u32, (ErrorKind, usize)> {
    let Some(digits) = buf.get(from..from + 4) else {
        let rest = &buf[from.min(buf.len())..];
        return Err(if rest.iter().all(u8::is_ascii_hexdigit) {
            (ErrorKind::UnexpectedEof, buf.len())
        } else {
            (ErrorKind::InvalidEscape, escape)
        });
    };
    let mut v = 0u32;
    for &d in digits {
        let n = match d {
            b'0'..=b'9' => d - b'0',
            b'a'..=b'f' => d - b'a' + 10,
            b'A'..=b'F' => d - b'A' + 10,
            _ => return Err((ErrorKind::InvalidEscape, escape)),
        };
        v = (v << 4) | u32::from(n);
    }
    Ok(v)
}
