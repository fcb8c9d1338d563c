//! `LineDecoder`: newline-delimited JSON pushed in as bytes arrive, pulled
//! out one typed value per line. No I/O of its own, so it serves a blocking
//! reader ([`StreamReader::line_mode`](super::StreamReader::line_mode)) and an
//! async request body (`jetjson::axum::JsonLines`) alike.
//!
//! Invariants: unconsumed input is `buf[start..]`, and it starts a line
//! (`line`, `offset` say which); `buf[start..scan]` holds no `\n`. While
//! `skipping`, the rest of an overlong line is being dropped as it arrives,
//! and `buf[start..]` is empty.

use super::Position;
use crate::{Error, ErrorKind, FromJsonOwned, Reader};

/// The longest line a [`LineDecoder`] accepts unless told otherwise: 2 MiB,
/// the size of the body axum accepts by default.
pub const DEFAULT_MAX_LINE_LEN: usize = 2 * 1024 * 1024;

/// Decodes newline-delimited JSON (NDJSON, JSON Lines) pushed in as chunks
/// of bytes, in memory bounded by the longest line allowed plus the largest
/// chunk.
///
/// Each line is one document, read as [`from_slice`](crate::from_slice)
/// reads one (whitespace around it allowed, nothing else). A line that is
/// not JSON is reported by its syntax error even where the type would have
/// failed first (`tru` for a number is an invalid literal, not a boolean). Lines that hold
/// only whitespace are skipped. A line that fails, whatever the reason, is
/// reported once, as an error whose line, column and offset count from the
/// start of the stream, and decoding goes on with the next line. A line
/// longer than [`max_line_len`](Self::max_line_len) bytes (not counting its
/// `\n`) is [`ErrorKind::LineTooLong`], found as soon as that many bytes
/// have arrived, and its remaining bytes are dropped unread.
///
/// ```
/// use jetjson::stream::LineDecoder;
///
/// let mut lines = LineDecoder::new();
/// let mut got = Vec::new();
/// for chunk in [&b"[1]\n[2"[..], b"]\n[\"x\"]\n[", b"4]"] {
///     lines.push(chunk);
///     // Take every finished line before pushing more.
///     while let Some(row) = lines.next::<Vec<u8>>() {
///         got.push(row.map_err(|e| e.to_string()));
///     }
/// }
/// lines.finish(); // the last line needs no `\n`
/// while let Some(row) = lines.next::<Vec<u8>>() {
///     got.push(row.map_err(|e| e.to_string()));
/// }
/// assert_eq!(got, [
///     Ok(vec![1]),
///     Ok(vec![2]),
///     Err("expected u8, found string at line 3 column 2 (at [0])".to_owned()),
///     Ok(vec![4]),
/// ]);
/// ```
#[derive(Debug)]
pub struct LineDecoder {
    buf: Vec<u8>,
    start: usize,
    scan: usize,
    /// 1-based number of the line at `buf[start]`.
    line: u64,
    /// Stream offset of `buf[start]`.
    offset: u64,
    skipping: bool,
    finished: bool,
    max_line_len: usize,
    max_depth: usize,
    /// Where the line most recently returned starts.
    last: Position,
}

impl Default for LineDecoder {
    fn default() -> Self {
        LineDecoder::new()
    }
}

impl LineDecoder {
    /// A decoder with lines of up to [`DEFAULT_MAX_LINE_LEN`] bytes and the
    /// default depth limit (128).
    pub fn new() -> Self {
        LineDecoder {
            buf: Vec::new(),
            start: 0,
            scan: 0,
            line: 1,
            offset: 0,
            skipping: false,
            finished: false,
            max_line_len: DEFAULT_MAX_LINE_LEN,
            max_depth: crate::read::DEFAULT_MAX_DEPTH,
            last: Position::START,
        }
    }

    /// Sets the longest line accepted, in bytes, not counting its `\n`.
    #[must_use]
    pub fn max_line_len(mut self, max_line_len: usize) -> Self {
        self.max_line_len = max_line_len;
        self
    }

    /// Sets the nesting limit for each line's document.
    #[must_use]
    pub fn max_depth(mut self, max_depth: usize) -> Self {
        self.max_depth = max_depth;
        self
    }

    /// Appends the next bytes of the stream. Take the finished lines with
    /// [`next`](Self::next) until it returns `None` before pushing more, so
    /// that the buffer holds at most one unfinished line and one chunk.
    pub fn push(&mut self, mut bytes: &[u8]) {
        if self.finished {
            return;
        }
        if self.skipping {
            match bytes.iter().position(|&b| b == b'\n') {
                None => {
                    self.offset += bytes.len() as u64;
                    return;
                }
                Some(nl) => {
                    self.offset += nl as u64 + 1;
                    self.line += 1;
                    self.skipping = false;
                    bytes = &bytes[nl + 1..];
                }
            }
        }
        if self.start > 0 {
            self.buf.drain(..self.start);
            self.scan -= self.start;
            self.start = 0;
        }
        self.buf.extend_from_slice(bytes);
    }

    /// Marks the end of the stream: the last line needs no `\n`, and
    /// [`next`](Self::next) returns `None` once every line is taken.
    pub fn finish(&mut self) {
        self.finished = true;
        self.skipping = false;
    }

    /// Whether [`finish`](Self::finish) was called.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// The next line's value or error, or `None` when no whole line is
    /// buffered: more input is needed, or (after [`finish`](Self::finish))
    /// the stream is over.
    #[allow(clippy::should_implement_trait)] // Generic over `T`, so not an `Iterator`.
    pub fn next<T: FromJsonOwned>(&mut self) -> Option<Result<T, Error>> {
        loop {
            let end = match self.buf[self.scan..].iter().position(|&b| b == b'\n') {
                Some(i) => self.scan + i,
                None => {
                    self.scan = self.buf.len();
                    let len = self.buf.len() - self.start;
                    if len > self.max_line_len && !self.finished {
                        return Some(Err(self.overlong()));
                    }
                    if !self.finished || len == 0 {
                        return None;
                    }
                    self.buf.len()
                }
            };
            let at = Position {
                offset: self.offset,
                line: self.line,
                column: 1,
            };
            let text_start = self.start;
            let len = end - text_start;
            let next = (end + 1).min(self.buf.len());
            self.offset += (next - text_start) as u64;
            self.line += 1;
            self.start = next;
            self.scan = next;
            if len > self.max_line_len {
                self.last = at;
                let limit = self.max_line_len;
                return Some(Err(at_line(ErrorKind::LineTooLong { limit }, at)));
            }
            let text = &self.buf[text_start..end];
            if text.iter().all(|&b| matches!(b, b' ' | b'\t' | b'\r')) {
                continue;
            }
            self.last = at;
            return Some(read_line(text, self.max_depth, at));
        }
    }

    /// Reports the unfinished line at `buf[start..]` as too long and starts
    /// dropping it.
    #[cold]
    fn overlong(&mut self) -> Error {
        let at = Position {
            offset: self.offset,
            line: self.line,
            column: 1,
        };
        self.last = at;
        self.offset += (self.buf.len() - self.start) as u64;
        self.buf.clear();
        self.start = 0;
        self.scan = 0;
        self.skipping = true;
        at_line(
            ErrorKind::LineTooLong {
                limit: self.max_line_len,
            },
            at,
        )
    }

    /// Where the line most recently returned (value or error) starts.
    pub fn position(&self) -> Position {
        self.last
    }

    /// Bytes held for an unfinished line and lines not yet taken.
    pub fn buffered(&self) -> usize {
        self.buf.len() - self.start
    }
}

/// Reads one line's document; errors count from the start of the stream.
fn read_line<T: FromJsonOwned>(text: &[u8], max_depth: usize, at: Position) -> Result<T, Error> {
    let mut r = Reader::new(text);
    r.set_max_depth(max_depth);
    let result = T::read_json(&mut r).and_then(|v| r.finish().map(|()| v));
    result.map_err(|e| {
        // A line of the wrong shape that is not JSON either is reported by
        // its syntax error, as `jetjson::axum::Json` reports a body.
        let e = match e.classify() {
            crate::Category::Data => match validate_line(text, max_depth) {
                Err(syntax) => syntax,
                Ok(()) => e,
            },
            _ => e,
        };
        // A line holds no `\n`, so a positioned error is on its line 1; one
        // without a position (a conversion's) is put at the line's start.
        let e = e.with_position(text, 0);
        let (offset, column) = (e.offset() as u64, e.column() as u64);
        e.relocate(at.offset + offset, at.line, column.max(1))
    })
}

#[cold]
fn validate_line(text: &[u8], max_depth: usize) -> Result<(), Error> {
    let mut r = Reader::new(text);
    r.set_max_depth(max_depth);
    r.skip_value()?;
    r.finish()
}

#[cold]
fn at_line(kind: ErrorKind, at: Position) -> Error {
    Error::at(kind, b"", 0).relocate(at.offset, at.line, at.column)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Value;

    fn all(dec: &mut LineDecoder) -> Vec<Result<Value, String>> {
        let mut out = Vec::new();
        while let Some(r) = dec.next::<Value>() {
            out.push(r.map_err(|e| e.to_string()));
        }
        out
    }

    #[test]
    fn overlong_line_is_reported_once_and_skipped() {
        let mut dec = LineDecoder::new().max_line_len(4);
        dec.push(b"[1]\n[1,2,");
        let got = all(&mut dec);
        assert_eq!(got.len(), 2);
        assert_eq!(
            got[1].as_ref().unwrap_err(),
            "line longer than the limit of 4 bytes at line 2 column 1"
        );
        assert_eq!(dec.buffered(), 0);
        dec.push(b"3,4,5]\n  \n7");
        assert!(all(&mut dec).is_empty());
        dec.finish();
        let got = all(&mut dec);
        assert_eq!(got, [Ok(Value::from(7))]);
        assert_eq!(dec.position().line, 4);
        assert_eq!(dec.position().offset, 19);
    }

    #[test]
    fn one_byte_pieces_give_the_same_positions() {
        let input = b"{\"a\": 1}\r\n\n{\"a\": tru}\n\"\xc3\xa9\" 5\n";
        let mut dec = LineDecoder::new();
        let mut got = Vec::new();
        for b in input {
            dec.push(std::slice::from_ref(b));
            got.extend(all(&mut dec));
        }
        dec.finish();
        got.extend(all(&mut dec));
        assert_eq!(
            got,
            [
                Ok(crate::from_str::<Value>("{\"a\": 1}").unwrap()),
                Err("invalid literal (expected true, false or null) at line 3 column 10".into()),
                Err("trailing characters after the value at line 4 column 5".into()),
            ]
        );
    }
}
