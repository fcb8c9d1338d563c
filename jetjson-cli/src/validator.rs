//! A streaming JSON validator: feed it the input in chunks of any size and it
//! keeps only a few words of state plus one bit per open container, so a
//! document of any length is checked in constant memory.
//!
//! It accepts exactly what [`jetjson::validate`] accepts (RFC 8259, strict)
//! and, for every input, fails with the same [`ErrorKind`] at the same byte
//! offset, line and column. The rules below copy the reader's, including its
//! order of precedence inside strings: a control character or the end of the
//! input is reported before invalid UTF-8 that came earlier in the same run
//! of plain text, because the reader classifies the byte that ends a run
//! before it validates the run. `tests/validator.rs` checks the agreement on
//! the jsonchecker files and on many mutated and truncated documents.
//!
//! ```
//! use jetjson_cli::validator::Validator;
//!
//! let mut v = Validator::new(1000);
//! v.feed(b"{\"a\": [1, 2").unwrap();
//! v.feed(b".5e3, \"\xc3").unwrap(); // a chunk may end inside any token
//! v.feed(b"\xa9\"]}").unwrap();
//! v.finish().unwrap();
//!
//! let mut v = Validator::new(1000);
//! let err = v.feed(b"[1,\n 2,]").unwrap_err();
//! assert_eq!((err.position.line, err.position.column), (2, 4));
//! assert_eq!(err.to_string(), "expected a JSON value");
//! ```

use std::fmt;

use jetjson::ErrorKind;

use crate::formatter::Layout;

// MARK: - Public

/// A place in the input: byte offset from 0, line and column from 1. Columns
/// count characters (bytes that do not continue a UTF-8 sequence), as
/// `jetjson::Error::column` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// Bytes before this place.
    pub offset: u64,
    /// 1-based line.
    pub line: u64,
    /// 1-based column, in characters.
    pub column: u64,
}

impl Position {
    /// The start of the input.
    pub const START: Position = Position {
        offset: 0,
        line: 1,
        column: 1,
    };

    /// The position after byte `b`, which sits at `self`.
    #[inline]
    fn after(self, b: u8) -> Position {
        if b == b'\n' {
            Position {
                offset: self.offset + 1,
                line: self.line + 1,
                column: 1,
            }
        } else {
            Position {
                offset: self.offset + 1,
                line: self.line,
                column: self.column + u64::from(b & 0xc0 != 0x80),
            }
        }
    }
}

/// Why and where the input is not valid JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// What went wrong; displayed exactly as jetjson displays it.
    pub kind: ErrorKind,
    /// Where.
    pub position: Position,
}

impl fmt::Display for SyntaxError {
    /// The message alone, without the position: `expected a JSON value`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.kind, f)
    }
}

impl std::error::Error for SyntaxError {}

/// Checks one JSON document fed in chunks. See the [module docs](self).
pub struct Validator {
    state: State,
    stack: BitStack,
    max_depth: usize,
    /// Position of the next byte to be fed.
    pos: Position,
    /// Whether the string being read is an object key.
    in_key: bool,
    /// The backslash of the escape being read (for the first half of a
    /// surrogate pair, the first backslash).
    escape_at: Position,
    /// The backslash of the second half of a surrogate pair.
    second_escape_at: Position,
    /// Hex digits of the `\u` escape being read: how many, and their value.
    hex_digits: u8,
    hex_value: u32,
    /// UTF-8 inside the current run of string text: continuation bytes still
    /// due, the range the next one must fall in, where the sequence started,
    /// and the first invalid sequence of the run (reported when the run ends
    /// at `"` or `\`).
    utf8_need: u8,
    utf8_lo: u8,
    utf8_hi: u8,
    utf8_lead: Position,
    utf8_error: Option<Position>,
    /// The rest of the literal being read (`rue` after `t`).
    literal: &'static [u8],
    /// The first error, repeated by every later call.
    failed: Option<SyntaxError>,
    /// Values and object keys begun so far.
    values: u64,
    /// What the output of `jetjson fmt` depends on: see [`Shape`].
    shape: Shape,
}

/// The counts that fix the length of a document re-laid out by the
/// [`Formatter`](crate::formatter::Formatter), gathered while validating so
/// that `jetjson fmt` knows how much it will write before writing any of it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Shape {
    /// Whitespace outside strings (dropped by every layout).
    blank: u64,
    /// Object keys (each gains a space after its colon when pretty).
    keys: u64,
    /// Lines the pretty layout starts: one for each element and member, one
    /// for the close of each non-empty container.
    lines: u64,
    /// The nesting depth summed over those lines: the indentation in levels.
    levels: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// A value is due (at the top, after `:`, after `,` in an array).
    Value,
    /// Just after `[`: `]` or a value.
    ArrayFirst,
    /// Just after `{`: `}` or a key.
    ObjectFirst,
    /// After `,` in an object: a key.
    Key,
    /// After a key: `:`.
    Colon,
    /// A value ended: `,` or the container's end, or the end of the document.
    AfterValue,
    /// The top-level value ended: only whitespace may follow.
    Done,
    /// Inside a string's text.
    Str,
    /// After a backslash.
    Escape,
    /// Reading the four hex digits of `\uXXXX` (the first escape of a pair).
    Hex,
    /// After a high surrogate: `\` of the low half due.
    LowBackslash,
    /// After a high surrogate and `\`: `u` due.
    LowU,
    /// Reading the four hex digits of the low surrogate.
    LowHex,
    /// Inside `true`, `false` or `null`.
    Literal,
    /// Numbers: after `-`; after a leading `0`; in the integer digits; after
    /// `.`; in the fraction; after `e`; after the exponent's sign; in the
    /// exponent.
    Minus,
    Zero,
    Int,
    FracStart,
    Frac,
    ExpStart,
    ExpSign,
    Exp,
}

impl Validator {
    /// A validator for one document, allowing arrays and objects to nest
    /// `max_depth` levels (the outermost counts as one), as
    /// `jetjson::ReadOptions::max_depth` does.
    pub fn new(max_depth: usize) -> Self {
        Validator {
            state: State::Value,
            stack: BitStack::default(),
            max_depth,
            pos: Position::START,
            in_key: false,
            escape_at: Position::START,
            second_escape_at: Position::START,
            hex_digits: 0,
            hex_value: 0,
            utf8_need: 0,
            utf8_lo: 0x80,
            utf8_hi: 0xbf,
            utf8_lead: Position::START,
            utf8_error: None,
            literal: b"",
            failed: None,
            values: 0,
            shape: Shape::default(),
        }
    }

    /// Starts over for a new document (keeping the depth limit and the
    /// stack's memory). Positions count from the start again.
    pub fn reset(&mut self) {
        let max_depth = self.max_depth;
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        *self = Validator::new(max_depth);
        self.stack = stack;
    }

    /// Whether nothing but whitespace has been fed since the start.
    pub fn is_blank(&self) -> bool {
        self.state == State::Value && self.stack.is_empty() && self.failed.is_none()
    }

    /// The position of the next byte to be fed.
    pub fn position(&self) -> Position {
        self.pos
    }

    /// How many values and object keys have begun: what a DOM of the input
    /// would hold.
    pub fn values(&self) -> u64 {
        self.values
    }

    /// The exact length of the document as `jetjson fmt` would write it
    /// with `layout` (the final newline included), once [`finish`] has
    /// accepted it; earlier, the length of what was fed so far. Saturates at
    /// `u64::MAX`.
    ///
    /// ```
    /// use jetjson_cli::formatter::Layout;
    /// use jetjson_cli::validator::Validator;
    ///
    /// let mut v = Validator::new(1000);
    /// v.feed(b"{ \"a\": [1, 2] }").unwrap();
    /// v.finish().unwrap();
    /// let pretty = "{\n  \"a\": [\n    1,\n    2\n  ]\n}\n";
    /// assert_eq!(v.formatted_len(Layout::Pretty { indent: 2 }), pretty.len() as u64);
    /// assert_eq!(v.formatted_len(Layout::Minify), "{\"a\":[1,2]}\n".len() as u64);
    /// ```
    ///
    /// [`finish`]: Validator::finish
    pub fn formatted_len(&self, layout: Layout) -> u64 {
        let Shape {
            blank,
            keys,
            lines,
            levels,
        } = self.shape;
        let compact = self.pos.offset - blank + 1;
        match layout {
            Layout::Minify => compact,
            Layout::Pretty { indent } => (indent as u64)
                .saturating_mul(levels)
                .saturating_add(compact + keys + lines),
        }
    }

    /// Checks the next part of the input. After an error, every call returns
    /// that error again.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), SyntaxError> {
        if let Some(err) = &self.failed {
            return Err(err.clone());
        }
        match self.run(chunk) {
            Ok(()) => Ok(()),
            Err(err) => {
                self.failed = Some(err.clone());
                Err(err)
            }
        }
    }

    /// Ends the input: `Ok` when one complete value was fed, with only
    /// whitespace around it.
    pub fn finish(&mut self) -> Result<(), SyntaxError> {
        if let Some(err) = &self.failed {
            return Err(err.clone());
        }
        let result = match self.state {
            State::Done => Ok(()),
            // The top-level value is complete (a number ends with the input).
            State::AfterValue | State::Zero | State::Int | State::Frac | State::Exp
                if self.stack.is_empty() =>
            {
                Ok(())
            }
            _ => Err(self.error(ErrorKind::UnexpectedEof, self.pos)),
        };
        if let Err(err) = &result {
            self.failed = Some(err.clone());
        }
        result
    }

    // MARK: - Private: the state machine

    #[cold]
    fn error(&self, kind: ErrorKind, position: Position) -> SyntaxError {
        SyntaxError { kind, position }
    }

    /// Consumes byte `b`.
    #[inline]
    fn bump(&mut self, b: u8) {
        self.pos = self.pos.after(b);
    }

    /// Consumes a whitespace byte outside strings.
    #[inline]
    fn blank(&mut self, b: u8) {
        self.bump(b);
        self.shape.blank += 1;
    }

    /// Counts a line of the pretty layout, at the current depth.
    #[inline]
    fn line(&mut self) {
        self.shape.lines += 1;
        self.shape.levels += self.stack.len() as u64;
    }

    /// An object key's opening quote: a value begun, and a line of the
    /// pretty layout.
    #[inline]
    fn begin_key(&mut self, b: u8) {
        self.values += 1;
        self.shape.keys += 1;
        self.line();
        self.begin_string(b, true);
    }

    /// Consumes `n` ASCII bytes other than `\n`.
    #[inline]
    fn bump_ascii(&mut self, n: usize) {
        self.pos.offset += n as u64;
        self.pos.column += n as u64;
    }

    /// The `eof_or` of the reader for a byte that is there: `kind` at it.
    #[cold]
    fn unexpected(&self, kind: ErrorKind) -> SyntaxError {
        self.error(kind, self.pos)
    }

    fn run(&mut self, chunk: &[u8]) -> Result<(), SyntaxError> {
        let mut i = 0;
        while i < chunk.len() {
            let b = chunk[i];
            match self.state {
                State::Str => {
                    i = self.string_text(chunk, i)?;
                    continue;
                }
                State::Value => {
                    if is_whitespace(b) {
                        self.blank(b);
                    } else {
                        self.begin_value(b)?;
                    }
                }
                State::ArrayFirst => {
                    if is_whitespace(b) {
                        self.blank(b);
                    } else if b == b']' {
                        self.bump(b);
                        self.stack.pop();
                        self.state = State::AfterValue;
                    } else {
                        // The byte starts the first element: look at it again.
                        self.line();
                        self.state = State::Value;
                        continue;
                    }
                }
                State::ObjectFirst => {
                    if is_whitespace(b) {
                        self.blank(b);
                    } else if b == b'}' {
                        self.bump(b);
                        self.stack.pop();
                        self.state = State::AfterValue;
                    } else if b == b'"' {
                        self.begin_key(b);
                    } else {
                        return Err(self.unexpected(ErrorKind::ExpectedKey));
                    }
                }
                State::Key => {
                    if is_whitespace(b) {
                        self.blank(b);
                    } else if b == b'"' {
                        self.begin_key(b);
                    } else {
                        return Err(self.unexpected(ErrorKind::ExpectedKey));
                    }
                }
                State::Colon => {
                    if is_whitespace(b) {
                        self.blank(b);
                    } else if b == b':' {
                        self.bump(b);
                        self.state = State::Value;
                    } else {
                        return Err(self.unexpected(ErrorKind::ExpectedColon));
                    }
                }
                State::AfterValue => {
                    let Some(object) = self.stack.top_is_object() else {
                        self.state = State::Done;
                        continue;
                    };
                    if is_whitespace(b) {
                        self.blank(b);
                    } else if b == b',' {
                        self.bump(b);
                        if object {
                            // The key's line is counted at its quote.
                            self.state = State::Key;
                        } else {
                            self.line();
                            self.state = State::Value;
                        }
                    } else if (object && b == b'}') || (!object && b == b']') {
                        self.bump(b);
                        self.stack.pop();
                        self.line();
                    } else if object {
                        return Err(self.unexpected(ErrorKind::ExpectedCommaOrBrace));
                    } else {
                        return Err(self.unexpected(ErrorKind::ExpectedCommaOrBracket));
                    }
                }
                State::Done => {
                    if is_whitespace(b) {
                        self.blank(b);
                    } else {
                        return Err(self.unexpected(ErrorKind::TrailingCharacters));
                    }
                }
                State::Escape => {
                    match b {
                        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => {
                            self.state = State::Str;
                        }
                        b'u' => {
                            self.hex_digits = 0;
                            self.hex_value = 0;
                            self.state = State::Hex;
                        }
                        _ => return Err(self.error(ErrorKind::InvalidEscape, self.escape_at)),
                    }
                    self.bump(b);
                }
                State::Hex | State::LowHex => {
                    let Some(digit) = hex_value(b) else {
                        let at = if self.state == State::Hex {
                            self.escape_at
                        } else {
                            self.second_escape_at
                        };
                        return Err(self.error(ErrorKind::InvalidEscape, at));
                    };
                    self.bump(b);
                    self.hex_value = (self.hex_value << 4) | digit;
                    self.hex_digits += 1;
                    if self.hex_digits == 4 {
                        self.end_hex()?;
                    }
                }
                State::LowBackslash => {
                    if b != b'\\' {
                        return Err(self.error(ErrorKind::LoneSurrogate, self.escape_at));
                    }
                    self.second_escape_at = self.pos;
                    self.bump(b);
                    self.state = State::LowU;
                }
                State::LowU => {
                    if b != b'u' {
                        return Err(self.error(ErrorKind::LoneSurrogate, self.escape_at));
                    }
                    self.bump(b);
                    self.hex_digits = 0;
                    self.hex_value = 0;
                    self.state = State::LowHex;
                }
                State::Literal => {
                    if self.literal.first() != Some(&b) {
                        return Err(self.unexpected(ErrorKind::InvalidLiteral));
                    }
                    self.bump(b);
                    self.literal = &self.literal[1..];
                    if self.literal.is_empty() {
                        self.state = State::AfterValue;
                    }
                }
                State::Minus => {
                    self.state = match b {
                        b'0' => State::Zero,
                        b'1'..=b'9' => State::Int,
                        _ => return Err(self.unexpected(ErrorKind::InvalidNumber)),
                    };
                    self.bump(b);
                }
                State::Zero | State::Int | State::Frac | State::Exp => {
                    let next = match (self.state, b) {
                        (State::Zero, b'0'..=b'9') => {
                            return Err(self.unexpected(ErrorKind::InvalidNumber))
                        }
                        (_, b'0'..=b'9') => self.state,
                        (State::Zero | State::Int, b'.') => State::FracStart,
                        (State::Zero | State::Int | State::Frac, b'e' | b'E') => State::ExpStart,
                        _ => {
                            // The number ended before this byte.
                            self.state = State::AfterValue;
                            continue;
                        }
                    };
                    self.bump(b);
                    self.state = next;
                }
                State::FracStart | State::ExpSign => {
                    if !b.is_ascii_digit() {
                        return Err(self.unexpected(ErrorKind::InvalidNumber));
                    }
                    self.bump(b);
                    self.state = if self.state == State::FracStart {
                        State::Frac
                    } else {
                        State::Exp
                    };
                }
                State::ExpStart => {
                    self.state = match b {
                        b'+' | b'-' => State::ExpSign,
                        b'0'..=b'9' => State::Exp,
                        _ => return Err(self.unexpected(ErrorKind::InvalidNumber)),
                    };
                    self.bump(b);
                }
            }
            i += 1;
        }
        Ok(())
    }

    /// The first byte of a value (not whitespace).
    #[inline]
    fn begin_value(&mut self, b: u8) -> Result<(), SyntaxError> {
        self.values += 1;
        match b {
            b'"' => self.begin_string(b, false),
            b'{' | b'[' => {
                if self.stack.len() >= self.max_depth {
                    return Err(self.unexpected(ErrorKind::DepthLimit {
                        limit: self.max_depth,
                    }));
                }
                self.bump(b);
                self.stack.push(b == b'{');
                self.state = if b == b'{' {
                    State::ObjectFirst
                } else {
                    State::ArrayFirst
                };
            }
            b't' | b'f' | b'n' => {
                self.bump(b);
                self.literal = match b {
                    b't' => b"rue",
                    b'f' => b"alse",
                    _ => b"ull",
                };
                self.state = State::Literal;
            }
            b'-' => {
                self.bump(b);
                self.state = State::Minus;
            }
            b'0' => {
                self.bump(b);
                self.state = State::Zero;
            }
            b'1'..=b'9' => {
                self.bump(b);
                self.state = State::Int;
            }
            _ => return Err(self.unexpected(ErrorKind::ExpectedValue)),
        }
        Ok(())
    }

    #[inline]
    fn begin_string(&mut self, quote: u8, key: bool) {
        self.bump(quote);
        self.in_key = key;
        self.state = State::Str;
    }

    /// Reads string text from `chunk[i..]` up to the next `"`, `\` or control
    /// byte and handles that byte; returns where to go on.
    #[inline]
    fn string_text(&mut self, chunk: &[u8], i: usize) -> Result<usize, SyntaxError> {
        let scan = jetjson::simd::scan(chunk, i);
        let run = &chunk[i..scan.stop];
        if !scan.non_ascii && self.utf8_need == 0 {
            self.bump_ascii(run.len());
        } else {
            for &b in run {
                if self.utf8_error.is_none() && (b >= 0x80 || self.utf8_need > 0) {
                    self.utf8_byte(b);
                }
                self.bump(b);
            }
        }
        let Some(&stop) = chunk.get(scan.stop) else {
            return Ok(scan.stop);
        };
        match stop {
            b'"' | b'\\' => {
                // The run ended: now its UTF-8 counts.
                if self.utf8_need > 0 && self.utf8_error.is_none() {
                    self.utf8_error = Some(self.utf8_lead);
                }
                if let Some(at) = self.utf8_error {
                    return Err(self.error(ErrorKind::InvalidUtf8, at));
                }
                if stop == b'"' {
                    self.state = if self.in_key {
                        State::Colon
                    } else {
                        State::AfterValue
                    };
                } else {
                    self.escape_at = self.pos;
                    self.state = State::Escape;
                }
                self.bump(stop);
                Ok(scan.stop + 1)
            }
            _ => Err(self.unexpected(ErrorKind::ControlCharacter)),
        }
    }

    /// One byte of string text that is non-ASCII or due to continue a
    /// sequence; records the first invalid sequence of the run.
    fn utf8_byte(&mut self, b: u8) {
        if self.utf8_need > 0 {
            if (self.utf8_lo..=self.utf8_hi).contains(&b) {
                self.utf8_need -= 1;
                self.utf8_lo = 0x80;
                self.utf8_hi = 0xbf;
            } else {
                self.utf8_error = Some(self.utf8_lead);
            }
            return;
        }
        let (need, lo, hi) = match b {
            0xc2..=0xdf => (1, 0x80, 0xbf),
            0xe0 => (2, 0xa0, 0xbf),
            0xe1..=0xec | 0xee..=0xef => (2, 0x80, 0xbf),
            0xed => (2, 0x80, 0x9f),
            0xf0 => (3, 0x90, 0xbf),
            0xf1..=0xf3 => (3, 0x80, 0xbf),
            0xf4 => (3, 0x80, 0x8f),
            _ => {
                self.utf8_error = Some(self.pos);
                return;
            }
        };
        self.utf8_lead = self.pos;
        self.utf8_need = need;
        self.utf8_lo = lo;
        self.utf8_hi = hi;
    }

    /// Four hex digits were read.
    fn end_hex(&mut self) -> Result<(), SyntaxError> {
        let code = self.hex_value;
        if self.state == State::Hex {
            self.state = match code {
                0xd800..=0xdbff => State::LowBackslash,
                0xdc00..=0xdfff => return Err(self.error(ErrorKind::LoneSurrogate, self.escape_at)),
                _ => State::Str,
            };
        } else {
            if !(0xdc00..=0xdfff).contains(&code) {
                return Err(self.error(ErrorKind::LoneSurrogate, self.escape_at));
            }
            self.state = State::Str;
        }
        Ok(())
    }
}

#[inline]
fn is_whitespace(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

#[inline]
fn hex_value(b: u8) -> Option<u32> {
    char::from(b).to_digit(16)
}

// MARK: - Private: one bit per open container

/// 1 for an object, 0 for an array; 64 levels to a word.
#[derive(Default)]
struct BitStack {
    words: Vec<u64>,
    len: usize,
}

impl BitStack {
    fn push(&mut self, object: bool) {
        let (word, bit) = (self.len / 64, self.len % 64);
        if word == self.words.len() {
            self.words.push(0);
        }
        if object {
            self.words[word] |= 1 << bit;
        } else {
            self.words[word] &= !(1 << bit);
        }
        self.len += 1;
    }

    fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    /// Whether the innermost open container is an object; `None` at the top.
    fn top_is_object(&self) -> Option<bool> {
        let i = self.len.checked_sub(1)?;
        Some(self.words[i / 64] & (1 << (i % 64)) != 0)
    }

    fn len(&self) -> usize {
        self.len
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn clear(&mut self) {
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: &[u8]) -> Result<(), SyntaxError> {
        let mut v = Validator::new(128);
        v.feed(input)?;
        v.finish()
    }

    #[test]
    fn bit_stack_spills_past_one_word() {
        let mut s = BitStack::default();
        for i in 0..200 {
            s.push(i % 3 == 0);
        }
        for i in (0..200).rev() {
            assert_eq!(s.top_is_object(), Some(i % 3 == 0));
            s.pop();
        }
        assert_eq!(s.top_is_object(), None);
    }

    #[test]
    fn accepts_every_kind_of_value() {
        for doc in [
            "0",
            "-0.5e-3",
            "12E+2",
            "true",
            "false",
            "null",
            "\"\"",
            "[]",
            "{}",
            " [1, {\"a\": [\"\\u00e9\\ud83d\\ude00\", null]}] ",
        ] {
            check(doc.as_bytes()).unwrap_or_else(|e| panic!("{doc}: {e}"));
        }
    }

    #[test]
    fn errors_point_where_the_reader_points() {
        let cases: &[(&[u8], &str, u64)] = &[
            (b"", "unexpected end of input", 0),
            (b"[1,]", "expected a JSON value", 3),
            (b"\"\\ud800\"", "lone surrogate in \\u escape", 1),
            (
                b"\"\xff\x01\"",
                "control character in string (must be escaped)",
                2,
            ),
            (b"\"a\xe2\x82\"", "invalid UTF-8", 2),
            (b"01", "invalid number", 1),
            (b"tru", "unexpected end of input", 3),
            (b"trux", "invalid literal (expected true, false or null)", 3),
            (b"1 2", "trailing characters after the value", 2),
        ];
        for &(input, message, offset) in cases {
            let err = check(input).unwrap_err();
            assert_eq!(
                (err.to_string().as_str(), err.position.offset),
                (message, offset)
            );
        }
    }
}
