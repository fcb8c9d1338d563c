//! `Reader`: the input side. A cursor over a byte slice with the calls that
//! generated decoders (and hand-written `FromJson` impls) make: structural
//! tokens, scalars, strings that borrow when they can, and `skip_value`.

mod indent;
mod number;
pub(crate) mod position;
mod skip;
mod string;

pub(crate) use indent::Indent;
pub(crate) use string::Span;

use crate::error::{Error, ErrorKind};

pub(crate) use number::{
    four_digits, scan_number, short_decimal, short_number, small_uint, word_integer, Short,
};
pub(crate) use string::decode_escape;

/// The default nesting limit, as serde_json's.
pub const DEFAULT_MAX_DEPTH: usize = 128;

/// A string read from the input: borrowed from it when the text held no
/// escape, otherwise unescaped into the reader's scratch buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Str<'de, 's> {
    /// Points into the input; lives as long as the input.
    Borrowed(&'de str),
    /// Points into the reader's scratch buffer; valid until the next read.
    Copied(&'s str),
}

impl<'de, 's> Str<'de, 's> {
    /// The text, whichever buffer it lives in.
    #[inline]
    pub fn as_str(&self) -> &'s str
    where
        'de: 's,
    {
        match *self {
            Str::Borrowed(s) => s,
            Str::Copied(s) => s,
        }
    }

    /// The text as bytes.
    #[inline]
    pub fn as_bytes(&self) -> &'s [u8]
    where
        'de: 's,
    {
        self.as_str().as_bytes()
    }
}

/// A saved reader state, to read the same bytes twice (internally tagged and
/// untagged enums do).
#[derive(Debug, Clone, Copy)]
pub struct Checkpoint {
    pos: usize,
    depth: usize,
}

/// Reads JSON from a byte slice.
///
/// ```
/// use jetjson::Reader;
///
/// let mut r = Reader::new(br#" {"xs": [1, 2, 3]} "#);
/// let mut sum = 0;
/// r.begin_object("an object").unwrap();
/// let mut first = true;
/// while r.next_member(&mut first).unwrap() {
///     assert_eq!(r.read_key().unwrap().as_str(), "xs");
///     r.begin_array("an array").unwrap();
///     let mut first = true;
///     while r.next_element(&mut first).unwrap() {
///         sum += r.read_u64("u64").unwrap();
///     }
/// }
/// r.finish().unwrap();
/// assert_eq!(sum, 6);
/// ```
pub struct Reader<'de> {
    input: &'de [u8],
    pos: usize,
    depth: usize,
    max_depth: usize,
    scratch: Vec<u8>,
    /// Where the block of [`skip_whitespace`](Self::skip_whitespace)'s
    /// last mask starts ([`NO_BLOCK`] before the first), and the mask: bit
    /// `k` set when `input[ws_at + k]` is not whitespace.
    ws_at: usize,
    ws_bits: u64,
    /// The indentation of pretty-printed input, as the last line break
    /// showed it ([`Indent`]).
    indent: Indent,
}

/// `Reader::ws_at` before any block: every offset minus it (wrapping) is
/// at least 65, so no cursor is ever inside it.
const NO_BLOCK: usize = usize::MAX - 64;

impl<'de> Reader<'de> {
    /// A reader at the start of `input`, with the default depth limit (128).
    pub fn new(input: &'de [u8]) -> Self {
        Reader {
            input,
            pos: 0,
            depth: 0,
            max_depth: DEFAULT_MAX_DEPTH,
            scratch: Vec::new(),
            ws_at: NO_BLOCK,
            ws_bits: 0,
            indent: Indent::default(),
        }
    }

    /// Sets how deeply arrays and objects may nest, counting the outermost as
    /// one. Deeper input fails with [`ErrorKind::DepthLimit`]. The reader never
    /// recurses on its own; the limit protects the call stack of recursive
    /// `FromJson` types.
    pub fn set_max_depth(&mut self, max_depth: usize) {
        self.max_depth = max_depth;
    }

    /// The depth limit in force.
    pub fn max_depth(&self) -> usize {
        self.max_depth
    }

    /// How many arrays and objects enclose the cursor.
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

    /// Saves the cursor (and nesting depth).
    #[inline]
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            pos: self.pos,
            depth: self.depth,
        }
    }

    /// Moves the cursor to `offset`, clamped to the input: for readers that
    /// scanned ahead themselves (the DOM's number scanner, in-situ strings)
    /// and for re-reading a key to name it in an error.
    #[inline]
    pub(crate) fn seek(&mut self, offset: usize) {
        self.pos = offset.min(self.input.len());
    }

    /// Goes back to a saved state.
    #[inline]
    pub fn restore(&mut self, checkpoint: Checkpoint) {
        self.pos = checkpoint.pos;
        self.depth = checkpoint.depth;
    }

    /// Checks that only whitespace follows the value just read.
    pub fn finish(&mut self) -> Result<(), Error> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error(ErrorKind::TrailingCharacters)),
        }
    }

    // MARK: - Errors

    /// An error of `kind` at the cursor.
    #[cold]
    #[inline(never)]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::at(kind, self.input, self.pos)
    }

    /// An error of `kind` at byte `offset`.
    #[cold]
    #[inline(never)]
    pub fn error_at(&self, kind: ErrorKind, offset: usize) -> Error {
        Error::at(kind, self.input, offset)
    }

    /// "expected `expected`, found ..." for the value at the cursor, or the
    /// syntax error that the cursor's byte is (end of input, a stray byte).
    #[cold]
    #[inline(never)]
    pub fn invalid_type(&mut self, expected: &'static str) -> Error {
        let found = match self.peek() {
            None => return self.error(ErrorKind::UnexpectedEof),
            Some(b'"') => "string",
            Some(b'{') => "object",
            Some(b'[') => "array",
            Some(b't' | b'f') => "boolean",
            Some(b'n') => "null",
            Some(b'-' | b'0'..=b'9') => "number",
            Some(_) => return self.error(ErrorKind::ExpectedValue),
        };
        self.error(ErrorKind::InvalidType { expected, found })
    }

    /// A data error with a message, at the cursor.
    #[cold]
    pub fn invalid_value(&self, message: impl Into<std::borrow::Cow<'static, str>>) -> Error {
        self.error(ErrorKind::InvalidValue {
            message: message.into(),
        })
    }

    // MARK: - Whitespace and peeking

    /// Skips whitespace and returns the next byte without consuming it.
    #[inline]
    pub fn peek(&mut self) -> Option<u8> {
        match self.input.get(self.pos) {
            // Every whitespace byte is ≤ 0x20: anything above is a token.
            Some(&b) if b > b' ' => Some(b),
            Some(_) => self.skip_whitespace(),
            None => None,
        }
    }

    /// The slow half of `peek`: the cursor is on a byte ≤ 0x20, or (after a
    /// comma not followed by `"`) on any byte, where the scan stops at once.
    ///
    /// Pretty-printed input has a line break and indentation every line, so
    /// this first tries [`guess_indentation`](Self::guess_indentation) and
    /// nothing else: a leaf that saves no registers. Everything it declines
    /// goes on in [`skip_whitespace_run`](Self::skip_whitespace_run), as a
    /// tail call.
    #[inline(never)]
    fn skip_whitespace(&mut self) -> Option<u8> {
        match self.guess_indentation() {
            Some(b) => Some(b),
            None => self.skip_whitespace_run(),
        }
    }

    /// What [`guess_indentation`](Self::guess_indentation) declines: a line
    /// break whose indentation was not the guess goes to
    /// [`skip_line_break`](Self::skip_line_break), which learns it. Any
    /// other run (or a line break it declines) uses the mask of the 64 bytes
    /// from the last run that needed one, kept, so a run inside the same
    /// block is skipped with a shift and a bit count, without waiting for a
    /// load and a compare.
    #[inline(never)]
    fn skip_whitespace_run(&mut self) -> Option<u8> {
        if let Some(b) = self.skip_line_break() {
            return Some(b);
        }
        // The input never changes under a reader, so a mask stays true.
        let off = self.pos.wrapping_sub(self.ws_at);
        if off < 64 {
            let rest = self.ws_bits >> off;
            if rest != 0 {
                self.pos += rest.trailing_zeros() as usize;
                return self.input.get(self.pos).copied();
            }
        }
        self.skip_whitespace_blocks()
    }

    /// [`skip_whitespace`](Self::skip_whitespace) past its kept block:
    /// masks of new 64-byte blocks (the last one kept), or the plain scan
    /// near the end of the input. Out of line, so the kept block's path
    /// saves no registers.
    #[inline(never)]
    fn skip_whitespace_blocks(&mut self) -> Option<u8> {
        let mut pos = self.pos;
        if pos.wrapping_sub(self.ws_at) < 64 {
            // Whitespace to the end of the kept block.
            pos = self.ws_at + 64;
        }
        loop {
            let Some(bits) = crate::simd::non_whitespace_mask64(self.input, pos) else {
                // Fewer than 64 bytes left.
                pos = crate::simd::skip_whitespace(self.input, pos);
                break;
            };
            self.ws_at = pos;
            self.ws_bits = bits;
            if bits != 0 {
                pos += bits.trailing_zeros() as usize;
                break;
            }
            pos += 64;
        }
        self.pos = pos;
        self.input.get(pos).copied()
    }

    /// The indentation after a line break, when it is the one guessed
    /// ([`Indent::guessed`]): the compare against spaces (one per 16 bytes)
    /// only confirms it. `None`, with nothing changed, for anything else: no
    /// line break, a wrong guess, fewer than 32 bytes left.
    #[inline(always)]
    fn guess_indentation(&mut self) -> Option<u8> {
        let pos = self.pos;
        if self.input.get(pos) != Some(&b'\n') {
            return None;
        }
        let spaces = crate::simd::leading_spaces32_leaf(self.input, pos + 1)?;
        let at = self.indent.guessed(self.input, pos, spaces)?;
        self.pos = at;
        Some(self.input[at])
    }

    /// A line break and the spaces that indent the next line, when a token
    /// follows them within 32 bytes; the indentation is learnt
    /// ([`Indent::learn`]) for the next
    /// [`guess_indentation`](Self::guess_indentation). `None` for any other
    /// run, with nothing consumed.
    fn skip_line_break(&mut self) -> Option<u8> {
        let pos = self.pos;
        if self.input.get(pos) != Some(&b'\n') {
            return None;
        }
        let spaces = crate::simd::leading_spaces32(self.input, pos + 1)?;
        self.indent.learn(spaces);
        let end = pos + 1 + spaces as usize;
        match self.input.get(end) {
            Some(&b) if b > b' ' => {
                self.pos = end;
                Some(b)
            }
            _ => None,
        }
    }

    /// Whether the next value is `null` (whitespace skipped, nothing consumed).
    #[inline]
    pub fn peek_null(&mut self) -> bool {
        self.peek() == Some(b'n')
    }

    #[inline]
    fn eof_or(&self, kind: ErrorKind) -> Error {
        if self.pos >= self.input.len() {
            self.error(ErrorKind::UnexpectedEof)
        } else {
            self.error(kind)
        }
    }

    // MARK: - Structure

    /// Counts one more level of nesting; the cursor is just past the `[` or
    /// `{`, which is where an error points.
    #[inline]
    fn enter(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err(self.depth_error());
        }
        Ok(())
    }

    /// Nesting past the limit, at the bracket just consumed.
    #[cold]
    fn depth_error(&self) -> Error {
        self.error_at(
            ErrorKind::DepthLimit {
                limit: self.max_depth,
            },
            self.pos - 1,
        )
    }

    /// Consumes `{`; anything else is "expected `expected`, found ...".
    #[inline]
    pub fn begin_object(&mut self, expected: &'static str) -> Result<(), Error> {
        if self.peek() == Some(b'{') {
            self.pos += 1;
            self.enter()
        } else {
            Err(self.invalid_type(expected))
        }
    }

    /// Moves to the next member of an object: returns `true` with the cursor
    /// on the opening quote of its key, or `false` after consuming `}`.
    /// `first` must start `true` for each object.
    #[inline]
    pub fn next_member(&mut self, first: &mut bool) -> Result<bool, Error> {
        // Small enough to inline into every object loop: the errors and
        // whitespace are out of line.
        match self.peek() {
            Some(b',') if !*first => {
                self.pos += 1;
                match self.input.get(self.pos) {
                    Some(b'"') => Ok(true),
                    // Pretty-printed: a line break and indentation first.
                    _ => match self.skip_whitespace() {
                        Some(b'"') => Ok(true),
                        // As before a first member: a key must come.
                        _ => Err(self.member_error(true)),
                    },
                }
            }
            Some(b'"') if *first => {
                *first = false;
                Ok(true)
            }
            Some(b'}') => {
                self.pos += 1;
                self.depth -= 1;
                Ok(false)
            }
            _ => Err(self.member_error(*first)),
        }
    }

    /// What stands where a member or the `}` should be.
    #[cold]
    fn member_error(&self, first: bool) -> Error {
        if first {
            self.eof_or(ErrorKind::ExpectedKey)
        } else {
            self.eof_or(ErrorKind::ExpectedCommaOrBrace)
        }
    }

    /// Reads an object key and the `:` after it. Call after
    /// [`next_member`](Self::next_member) returned `true`.
    #[inline]
    pub fn read_key(&mut self) -> Result<Str<'de, '_>, Error> {
        let span = self.read_key_span()?;
        Ok(self.span_str(span))
    }

    /// `read_key` for the usual key, inline: the cursor on its opening quote,
    /// at most fifteen ASCII bytes without escapes, the `:` right after the
    /// closing quote (one space after it skipped, as `read_key` skips it).
    /// `None` for anything else, with nothing consumed: the
    /// caller then calls `read_key`, which reads it or makes the error.
    #[inline(always)]
    // The serde bridge's maps use it; its test runs in every build.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    pub(crate) fn read_short_key(&mut self) -> Option<&'de str> {
        let input = self.input;
        if input.get(self.pos) != Some(&b'"') {
            return None;
        }
        let start = self.pos + 1;
        let scan = crate::simd::scan_short(input, start)?;
        if scan.non_ascii || input.get(scan.stop..scan.stop + 2) != Some(b"\":") {
            return None;
        }
        self.pos = scan.stop + 2;
        // One space after the colon, as `expect_colon` skips it.
        if input.get(self.pos) == Some(&b' ') {
            self.pos += 1;
        }
        let text = &input[start..scan.stop];
        // SAFETY: the scan saw no byte ≥ 0x80 before the stop, so `text` is
        // ASCII, which is UTF-8.
        Some(unsafe { std::str::from_utf8_unchecked(text) })
    }

    /// `read_key` in two steps, so that the key can be looked at while the
    /// reader is borrowed immutably (map keys pass both to `FromJsonKey`).
    #[inline]
    pub(crate) fn read_key_span(&mut self) -> Result<string::Span, Error> {
        if self.peek() != Some(b'"') {
            return Err(self.eof_or(ErrorKind::ExpectedKey));
        }
        self.pos += 1;
        let span = self.parse_str_span()?;
        self.expect_colon()?;
        Ok(span)
    }

    /// If the key at the cursor is exactly `quoted` (the key with its quotes,
    /// free of `"` and `\`), consumes it and the `:` and returns `true`. This is
    /// the in-order guess of generated decoders: one compare instead of a
    /// string parse and a match.
    #[inline]
    pub fn eat_key(&mut self, quoted: &[u8]) -> Result<bool, Error> {
        if self.input[self.pos..].starts_with(quoted) {
            self.pos += quoted.len();
            self.expect_colon()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// If the input at the cursor is exactly `quoted`, a key with its
    /// quotes and the colon right after it (`"id":`, the key free of `"`
    /// and `\`), consumes it and returns `true`. The in-order guess of
    /// generated decoders: one compare and nothing that can fail, so that
    /// no code is repeated per field for the colon. A key spaced from its
    /// colon is not guessed; [`read_key`](Self::read_key) reads it. As
    /// there, one space after the colon (pretty-printed JSON's) is skipped.
    #[inline(always)]
    pub fn eat_key_colon(&mut self, quoted: &[u8]) -> bool {
        let found = self.input[self.pos..].starts_with(quoted);
        if found {
            self.pos += quoted.len();
            if self.input.get(self.pos) == Some(&b' ') {
                self.pos += 1;
            }
        }
        found
    }

    #[inline]
    fn expect_colon(&mut self) -> Result<(), Error> {
        // Machine-written JSON puts the colon right after the key, and
        // pretty-printed JSON one space after the colon: skipped here, the
        // value's `peek` starts on the value.
        if self.input.get(self.pos) == Some(&b':') {
            self.pos += 1;
            if self.input.get(self.pos) == Some(&b' ') {
                self.pos += 1;
            }
            return Ok(());
        }
        if self.peek() == Some(b':') {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.eof_or(ErrorKind::ExpectedColon))
        }
    }

    /// Consumes `[`; anything else is "expected `expected`, found ...".
    #[inline]
    pub fn begin_array(&mut self, expected: &'static str) -> Result<(), Error> {
        if self.peek() == Some(b'[') {
            self.pos += 1;
            self.enter()
        } else {
            Err(self.invalid_type(expected))
        }
    }

    /// Moves to the next element of an array: `true` with the cursor before
    /// it, or `false` after consuming `]`. `first` must start `true`.
    #[inline]
    pub fn next_element(&mut self, first: &mut bool) -> Result<bool, Error> {
        match self.peek() {
            Some(b']') => {
                self.pos += 1;
                self.depth -= 1;
                Ok(false)
            }
            Some(b',') if !*first => {
                self.pos += 1;
                Ok(true)
            }
            Some(_) if *first => {
                *first = false;
                Ok(true)
            }
            _ if *first => Err(self.error(ErrorKind::UnexpectedEof)),
            _ => Err(self.eof_or(ErrorKind::ExpectedCommaOrBracket)),
        }
    }

    /// Consumes the `]` that must close a fixed-length array (tuples, `[T; N]`).
    pub fn end_array(&mut self, expected: &'static str) -> Result<(), Error> {
        match self.peek() {
            Some(b']') => {
                self.pos += 1;
                self.depth -= 1;
                Ok(())
            }
            Some(b',') => Err(self.invalid_value(format!("too many elements for {expected}"))),
            _ => Err(self.eof_or(ErrorKind::ExpectedCommaOrBracket)),
        }
    }

    // MARK: - Literals

    fn expect_literal(&mut self, literal: &[u8]) -> Result<(), Error> {
        let rest = &self.input[self.pos..];
        if rest.starts_with(literal) {
            self.pos += literal.len();
            Ok(())
        } else if literal.starts_with(rest) {
            self.pos = self.input.len();
            Err(self.error(ErrorKind::UnexpectedEof))
        } else {
            // Point at the first byte that differs.
            let bad = rest
                .iter()
                .zip(literal)
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            Err(self.error_at(ErrorKind::InvalidLiteral, self.pos + bad))
        }
    }

    /// Reads `null`.
    #[inline]
    pub fn read_null(&mut self) -> Result<(), Error> {
        match self.peek() {
            Some(b'n') => self.expect_literal(b"null"),
            _ => Err(self.invalid_type("null")),
        }
    }

    /// Reads `true` or `false`.
    #[inline]
    pub fn read_bool(&mut self) -> Result<bool, Error> {
        match self.peek() {
            Some(b't') => self.expect_literal(b"true").map(|()| true),
            Some(b'f') => self.expect_literal(b"false").map(|()| false),
            _ => Err(self.invalid_type("a boolean")),
        }
    }

    /// Skips one value of any kind, checking it as strictly as reading it
    /// would, without building anything. The depth limit applies.
    pub fn skip_value(&mut self) -> Result<(), Error> {
        skip::skip_value(self)
    }

    /// Reads one value of any kind and returns its exact text (after leading
    /// whitespace), checked but not decoded.
    pub fn read_raw(&mut self) -> Result<&'de [u8], Error> {
        self.peek();
        let start = self.pos;
        self.skip_value()?;
        Ok(&self.input[start..self.pos])
    }
}

#[cfg(test)]
mod tests {
    use super::Reader;

    /// Runs of whitespace of every length (0 to 150, all four kinds) at
    /// every place relative to the 64-byte blocks whose masks the reader
    /// keeps, and near the end of the input: every token is found, every
    /// run skipped, whatever the backend (also run with `JETJSON_SIMD`).
    #[test]
    fn whitespace_runs_of_every_length_and_place() {
        let run = |out: &mut Vec<u8>, len: usize, salt: usize| {
            out.extend((0..len).map(|k| b" \n\t\r"[(k * 7 + salt) % 4]));
        };
        for seed in 0..12usize {
            let mut doc = Vec::new();
            run(&mut doc, seed * 5, seed);
            doc.push(b'[');
            for k in 0..200usize {
                if k > 0 {
                    run(&mut doc, (k * seed * 7) % 151, k);
                    doc.push(b',');
                }
                run(&mut doc, ((k + seed) * 13) % 90, k + 1);
                doc.extend(k.to_string().bytes());
            }
            run(&mut doc, seed * 11, seed);
            doc.push(b']');
            run(&mut doc, seed * 3, seed);
            let mut r = Reader::new(&doc);
            r.begin_array("an array").unwrap();
            let mut first = true;
            let mut k = 0;
            while r.next_element(&mut first).unwrap() {
                assert_eq!(r.read_u64("u64").unwrap(), k as u64, "seed {seed}");
                k += 1;
            }
            assert_eq!(k, 200, "seed {seed}");
            r.finish().unwrap();
        }
    }

    /// A line break and indentation of every length (0 to 70 spaces, inside
    /// and past one 32-byte compare), then a token, more whitespace, a
    /// control byte or the end: the token found, the control byte rejected
    /// where it stands, at every offset from the end of the input.
    #[test]
    fn line_breaks_and_indentation_of_every_length() {
        for indent in 0..=70 {
            for tail in [&b"7"[..], b"\t7", b"  \r\n 7", b"\x017", b""] {
                for pad in [0, 1, 31, 40, 100] {
                    let mut doc = b"[1,\n".to_vec();
                    doc.extend(std::iter::repeat_n(b' ', indent));
                    doc.extend_from_slice(tail);
                    let token = doc.len() - usize::from(!tail.is_empty());
                    doc.extend(std::iter::repeat_n(b' ', pad));
                    let mut r = Reader::new(&doc);
                    r.begin_array("an array").unwrap();
                    let mut first = true;
                    assert!(r.next_element(&mut first).unwrap());
                    assert_eq!(r.read_u64("u64").unwrap(), 1);
                    let next = r.next_element(&mut first);
                    let at = format!("indent {indent}, tail {tail:?}, pad {pad}");
                    let fails = |r: &mut Reader, next| match next {
                        Ok(_) => r.read_u64("u64").unwrap_err(),
                        Err(e) => e,
                    };
                    match tail {
                        b"\x017" => assert_eq!(fails(&mut r, next).offset(), 4 + indent, "{at}"),
                        b"" => assert!(fails(&mut r, next).is_eof(), "{at}"),
                        _ => {
                            assert!(next.unwrap(), "{at}");
                            assert_eq!(r.peek(), Some(b'7'), "{at}");
                            assert_eq!(r.offset(), token, "{at}");
                            assert_eq!(r.read_u64("u64").unwrap(), 7, "{at}");
                        }
                    }
                }
            }
        }
    }

    /// Lines whose indentation changes from one to the next (the reader
    /// tries the last line's first): more, less, the same, past 32, and a
    /// stray byte exactly where the last indentation would end.
    #[test]
    fn indentation_that_changes_from_line_to_line() {
        let indents = [4, 4, 2, 6, 6, 3, 0, 0, 33, 33, 1, 31, 32, 32, 5, 8, 7];
        let mut doc = b"[".to_vec();
        for (k, &indent) in indents.iter().enumerate() {
            if k > 0 {
                doc.push(b',');
            }
            doc.push(b'\n');
            doc.extend(std::iter::repeat_n(b' ', indent));
            doc.extend(k.to_string().bytes());
        }
        doc.extend_from_slice(b"\n]");
        let mut r = Reader::new(&doc);
        r.begin_array("an array").unwrap();
        let mut first = true;
        let mut k = 0;
        while r.next_element(&mut first).unwrap() {
            assert_eq!(r.read_u64("u64").unwrap(), k);
            k += 1;
        }
        assert_eq!(k, indents.len() as u64);
        r.finish().unwrap();

        // Two lines of four spaces, then one of one space and a control
        // byte where the fourth space would be.
        for bad in [&b"\n \x01  1]"[..], b"\n   \x011]", b"\n  \t\x01]"] {
            let mut doc = b"[\n    1,\n    2,".to_vec();
            doc.extend_from_slice(bad);
            let stray = doc.iter().position(|&b| b == 1).unwrap();
            let mut r = Reader::new(&doc);
            r.begin_array("an array").unwrap();
            let mut first = true;
            for want in [1, 2] {
                assert!(r.next_element(&mut first).unwrap());
                assert_eq!(r.read_u64("u64").unwrap(), want);
            }
            let err = match r.next_element(&mut first) {
                Ok(_) => r.read_u64("u64").unwrap_err(),
                Err(e) => e,
            };
            assert_eq!(err.offset(), stray, "{bad:?}");
        }
    }

    /// Nested arrays pretty-printed with every indentation step from 1 to 9
    /// (the guess follows the step after a few lines), read back exactly;
    /// then a control byte where the guess after `[` and after a last
    /// element would put the token.
    #[test]
    fn nested_pretty_printed_arrays_of_every_step() {
        fn write(out: &mut Vec<u8>, depth: usize, step: usize, level: usize, n: &mut u64) {
            if depth == 0 {
                out.extend(n.to_string().bytes());
                *n += 1;
                return;
            }
            out.push(b'[');
            for k in 0..3 {
                if k > 0 {
                    out.push(b',');
                }
                out.push(b'\n');
                out.extend(std::iter::repeat_n(b' ', (level + 1) * step));
                write(out, depth - 1, step, level + 1, n);
            }
            out.push(b'\n');
            out.extend(std::iter::repeat_n(b' ', level * step));
            out.push(b']');
        }
        fn read(r: &mut Reader, depth: usize, n: &mut u64) {
            if depth == 0 {
                assert_eq!(r.read_u64("u64").unwrap(), *n);
                *n += 1;
                return;
            }
            r.begin_array("an array").unwrap();
            let mut first = true;
            while r.next_element(&mut first).unwrap() {
                read(r, depth - 1, n);
            }
        }
        for step in 1..=9 {
            let mut doc = Vec::new();
            write(&mut doc, 4, step, 0, &mut 0);
            let mut r = Reader::new(&doc);
            let mut n = 0;
            read(&mut r, 4, &mut n);
            assert_eq!(n, 81, "step {step}");
            r.finish().unwrap();
        }
        // A step of 4 learnt, then a control byte before the place where
        // the guess puts a token: on a deeper line (after `[`, 12 spaces
        // guessed) and on a shallower one (after `2`, 4 guessed).
        for bad in [&b"[\n \x01          7]]"[..], b"2\n\x01   ]]"] {
            let mut doc = b"[\n    [\n        1,\n        ".to_vec();
            doc.extend_from_slice(bad);
            let stray = doc.iter().position(|&b| b == 1).unwrap();
            doc.extend_from_slice(&[b' '; 40]);
            let mut r = Reader::new(&doc);
            r.begin_array("an array").unwrap();
            let mut first = true;
            assert!(r.next_element(&mut first).unwrap());
            assert_eq!(r.skip_value().unwrap_err().offset(), stray, "{bad:?}");
        }
    }

    /// The inline key read agrees with `read_key` wherever it answers, and
    /// consumes nothing where it declines.
    #[test]
    fn the_short_key_read_agrees_with_read_key_or_declines() {
        let cases: &[&[u8]] = &[
            b"\"a\":1",
            b"\"phase\":1,\"time\":10}",
            b"\"\":1                ",
            b"\"fifteen_bytes__\":1    ",
            b"\"sixteen_bytes___\":1   ",
            b"\"key\" :1               ",
            b"\"key\": 1               ",
            b"\"key\":  1              ",
            b"\"key\":\n  1            ",
            b"\"key\": ",
            b"\"key\"1                 ",
            b"\"k\\u00e9y\":1            ",
            b"\"caf\xc3\xa9\":1              ",
            b"\"bad\xff\":1               ",
            b"\"tab\tkey\":1            ",
            b"\"short\":",
            b"\"short\"",
            b"\"",
            b"x\"key\":1               ",
        ];
        for &case in cases {
            let mut short = Reader::new(case);
            let mut full = Reader::new(case);
            let full_key = full.read_key().map(|k| k.as_str().to_owned()).ok();
            match short.read_short_key() {
                Some(key) => {
                    assert_eq!(full_key.as_deref(), Some(key), "{case:?}");
                    assert_eq!(short.offset(), full.offset(), "{case:?}");
                    assert!(key.is_ascii() && key.len() < 16, "{case:?}");
                }
                None => assert_eq!(short.offset(), 0, "{case:?} consumed on decline"),
            }
        }
        let mut r = Reader::new(b"\"phase\":1,\"time\":10}");
        assert_eq!(r.read_short_key(), Some("phase"));
        assert_eq!(r.offset(), 8);
    }
}
