//! Streams of JSON documents from [`std::io::Read`]: newline-delimited JSON
//! (NDJSON, JSON Lines) or documents simply concatenated, in constant memory
//! however long the stream.
//!
//! ```
//! use jetjson::stream::StreamReader;
//! use jetjson::Value;
//!
//! let input = b"{\"id\": 1}\n{\"id\": 2}\n[3] \"four\" 5\n";
//! let mut stream = StreamReader::new(&input[..]);
//! let values: Vec<Value> = stream.values().collect::<Result<_, _>>().unwrap();
//! assert_eq!(values.len(), 5);
//! assert_eq!(values[1]["id"], 2);
//!
//! // Typed: any `FromJsonOwned` type.
//! let mut stream = StreamReader::new(&b"[1, 2] [3]"[..]);
//! let rows: Vec<Vec<u32>> = stream.iter().collect::<Result<_, _>>().unwrap();
//! assert_eq!(rows, [vec![1, 2], vec![3]]);
//! ```
//!
//! # Format
//!
//! Documents are separated by whitespace. Arrays, objects and strings may
//! also follow each other directly (`{}{}`, `[1]"a"`), since their end is
//! unambiguous; after a number, `true`, `false` or `null` whitespace (or the
//! end) must come. Each document is read as strictly as
//! [`from_slice`](crate::from_slice) reads one, with the depth limit of
//! [`StreamReader::max_depth`].
//!
//! # Memory
//!
//! The reader keeps one buffer (256 KiB to start). A document that does not
//! fit makes it grow, doubling, to the size of the largest document; the
//! rest of the stream never accumulates. Bytes of finished documents are
//! dropped each time the buffer is refilled.
//!
//! # Errors
//!
//! - A document that is not valid JSON ends the stream: the error is
//!   returned once and the iterator then yields `None`.
//! - A valid document that does not fit the requested type (a data error,
//!   such as `300` for a `u8`) is skipped: its error is returned and reading
//!   goes on with the next document.
//! - An I/O error is returned once and ends the stream.
//!
//! An error's line, column and offset count from the start of the stream:
//!
//! ```
//! use jetjson::stream::StreamReader;
//!
//! let mut stream = StreamReader::new(&b"{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3,\n \"b\": tru}\n"[..]);
//! let err = stream.values().find_map(Result::err).unwrap();
//! assert_eq!((err.line(), err.column(), err.offset()), (4, 10, 36));
//! ```
//!
//! [`StreamReader::position`] tells where the last document started.
//!
//! # Line mode
//!
//! With [`StreamReader::line_mode`], each line is one document (NDJSON as
//! written: one value per line, lines of only whitespace skipped), and a
//! line that fails, syntax errors included, costs that line alone: its
//! error is returned, then reading goes on with the next line. Lines are
//! bounded by [`StreamReader::max_line_len`] (default
//! [`DEFAULT_MAX_LINE_LEN`]). The same decoder without I/O, fed chunk by
//! chunk (from an async body, say), is [`LineDecoder`].
//!
//! ```
//! use jetjson::stream::StreamReader;
//!
//! let input = b"{\"id\": 1}\n{\"id\": tru}\n{\"id\": \"3\"}\n{\"id\": 4}\n";
//! let mut stream = StreamReader::new(&input[..]).line_mode(true);
//! let got: Vec<Result<u32, String>> = stream
//!     .iter::<jetjson::Value>()
//!     .map(|r| r.map(|v| v["id"].as_u64().unwrap_or(0) as u32).map_err(|e| e.to_string()))
//!     .collect();
//! assert_eq!(got, [
//!     Ok(1),
//!     Err("invalid literal (expected true, false or null) at line 2 column 11".to_owned()),
//!     Ok(0), // a Value takes the string; a typed read would fail on this line alone
//!     Ok(4),
//! ]);
//! ```

use std::io::{self, Read};
use std::marker::PhantomData;

use crate::{Category, Error, FromJsonOwned, Reader, Value};

mod lines;

pub use lines::{LineDecoder, DEFAULT_MAX_LINE_LEN};

/// The buffer size a stream reader starts with.
const INITIAL_CAPACITY: usize = 256 * 1024;

/// A place in a stream: byte offset (from 0), line and column (from 1,
/// columns counted in characters).
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
    const START: Position = Position {
        offset: 0,
        line: 1,
        column: 1,
    };

    /// The position after `bytes`, which start at `self`.
    fn advance(self, bytes: &[u8]) -> Position {
        let chars = |b: &[u8]| b.iter().filter(|&&b| b & 0xc0 != 0x80).count() as u64;
        let offset = self.offset + bytes.len() as u64;
        match bytes.iter().rposition(|&b| b == b'\n') {
            None => Position {
                offset,
                line: self.line,
                column: self.column + chars(bytes),
            },
            Some(last) => Position {
                offset,
                line: self.line + bytes.iter().filter(|&&b| b == b'\n').count() as u64,
                column: 1 + chars(&bytes[last + 1..]),
            },
        }
    }
}

/// Reads successive JSON documents from an [`io::Read`].
///
/// Make one with [`new`](Self::new), then take documents one at a time with
/// [`next_value`](Self::next_value) / [`read_next`](Self::read_next), or as
/// an iterator with [`values`](Self::values) / [`iter`](Self::iter). The
/// reader does its own buffering; wrapping `R` in a `BufReader` adds nothing.
pub struct StreamReader<R> {
    reader: R,
    /// Unconsumed input is `buf[start..]`.
    buf: Vec<u8>,
    start: usize,
    /// The underlying reader reported its end.
    eof: bool,
    /// An error ended the stream.
    done: bool,
    /// The last document was a number or literal, so whitespace must follow.
    after_scalar: bool,
    max_depth: usize,
    /// Position of `buf[0]` in the stream.
    base: Position,
    /// Where the last document started: an index into `buf`, or (once that
    /// part of the buffer is dropped) its position.
    last_doc: LastDoc,
    /// Line mode: the decoder that the bytes read go through (`buf` is then
    /// only the chunk read).
    lines: Option<Box<LineDecoder>>,
    max_line_len: usize,
}

#[derive(Clone, Copy)]
enum LastDoc {
    InBuffer(usize),
    Dropped(Position),
}

impl<R: Read> StreamReader<R> {
    /// A stream reader over `reader`, with the default depth limit (128).
    pub fn new(reader: R) -> Self {
        StreamReader::with_capacity(INITIAL_CAPACITY, reader)
    }

    /// A stream reader whose buffer starts at `capacity` bytes (at least 1).
    pub fn with_capacity(capacity: usize, reader: R) -> Self {
        StreamReader {
            reader,
            buf: Vec::with_capacity(capacity.max(1)),
            start: 0,
            eof: false,
            done: false,
            after_scalar: false,
            max_depth: crate::read::DEFAULT_MAX_DEPTH,
            base: Position::START,
            last_doc: LastDoc::InBuffer(0),
            lines: None,
            max_line_len: DEFAULT_MAX_LINE_LEN,
        }
    }

    /// Sets the nesting limit for each document.
    #[must_use]
    pub fn max_depth(mut self, max_depth: usize) -> Self {
        self.max_depth = max_depth;
        self.sync_lines();
        self
    }

    /// Line mode (see the [module docs](self#line-mode)): each line is one
    /// document, and after a bad line reading goes on with the next. Set it
    /// before reading the first document.
    #[must_use]
    pub fn line_mode(mut self, on: bool) -> Self {
        self.lines = on.then(|| Box::new(LineDecoder::new()));
        self.sync_lines();
        self
    }

    /// In line mode, the longest line accepted, in bytes (not counting its
    /// `\n`); a longer one is [`ErrorKind::LineTooLong`](crate::ErrorKind::LineTooLong)
    /// and is skipped without being buffered. Default [`DEFAULT_MAX_LINE_LEN`].
    #[must_use]
    pub fn max_line_len(mut self, max_line_len: usize) -> Self {
        self.max_line_len = max_line_len;
        self.sync_lines();
        self
    }

    fn sync_lines(&mut self) {
        if let Some(dec) = self.lines.take() {
            let dec = dec
                .max_depth(self.max_depth)
                .max_line_len(self.max_line_len);
            self.lines = Some(Box::new(dec));
        }
    }

    /// The next document as a [`Value`], or `None` at the end of the stream.
    pub fn next_value(&mut self) -> Option<Result<Value, Error>> {
        self.read_next()
    }

    /// The next document as a `T`, or `None` at the end of the stream. See the
    /// [module docs](self) for what happens after an error.
    pub fn read_next<T: FromJsonOwned>(&mut self) -> Option<Result<T, Error>> {
        if self.lines.is_some() {
            return self.read_next_line();
        }
        match self.read_next_in_document()? {
            Ok(v) => Some(Ok(v)),
            Err(e) => {
                let at = self.error_position(&e);
                Some(Err(e.relocate(at.offset, at.line, at.column)))
            }
        }
    }

    /// `read_next` in line mode: the decoder's next line, reading a chunk
    /// into `buf` whenever it needs more.
    fn read_next_line<T: FromJsonOwned>(&mut self) -> Option<Result<T, Error>> {
        loop {
            let dec = self.lines.as_mut()?;
            if let Some(result) = dec.next::<T>() {
                return Some(result);
            }
            if self.done || dec.is_finished() {
                return None;
            }
            if self.buf.is_empty() {
                // The chunk buffer, zeroed once and then reused whole.
                let capacity = self.buf.capacity().max(1);
                self.buf.resize(capacity, 0);
            }
            let n = loop {
                match self.reader.read(&mut self.buf) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        self.done = true;
                        return Some(Err(Error::io(e)));
                    }
                }
            };
            if n == 0 {
                self.eof = true;
                dec.finish();
            } else {
                dec.push(&self.buf[..n]);
            }
        }
    }

    /// `read_next` with error positions counted from the document's start.
    fn read_next_in_document<T: FromJsonOwned>(&mut self) -> Option<Result<T, Error>> {
        if self.done {
            return None;
        }
        loop {
            // Skip whitespace, refilling as needed.
            let ws_start = self.start;
            while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.buf.get(self.start) {
                self.start += 1;
            }
            if self.start > ws_start {
                self.after_scalar = false;
            }
            if self.start == self.buf.len() {
                if self.eof {
                    self.done = true;
                    return None;
                }
                if let Err(e) = self.refill() {
                    return Some(Err(self.fail(e)));
                }
                continue;
            }
            let doc = self.start;
            if self.after_scalar {
                self.last_doc = LastDoc::InBuffer(doc);
                let e = Error::at(crate::ErrorKind::TrailingCharacters, &self.buf[doc..], 0);
                return Some(Err(self.fail(e)));
            }
            match self.try_document::<T>(doc) {
                Attempt::Done(result) => return Some(result),
                Attempt::NeedMore => {
                    if let Err(e) = self.refill() {
                        return Some(Err(self.fail(e)));
                    }
                }
            }
        }
    }

    /// Reads the document starting at `buf[doc]` from what is buffered.
    fn try_document<T: FromJsonOwned>(&mut self, doc: usize) -> Attempt<T> {
        let input = &self.buf[doc..];
        let mut r = Reader::new(input);
        r.set_max_depth(self.max_depth);
        let result = T::read_json(&mut r);
        let more_may_come = !self.eof;
        match result {
            Ok(v) => match self.document_end(doc, r.offset()) {
                Some(()) => Attempt::Done(Ok(v)),
                None => Attempt::NeedMore,
            },
            Err(e) if e.is_eof() && more_may_come => Attempt::NeedMore,
            Err(e) if e.classify() == Category::Data => {
                // A well-formed document of the wrong shape: skip it.
                let mut r = Reader::new(input);
                r.set_max_depth(self.max_depth);
                match r.skip_value() {
                    Ok(()) => match self.document_end(doc, r.offset()) {
                        Some(()) => Attempt::Done(Err(e)),
                        None => Attempt::NeedMore,
                    },
                    Err(syntax) if syntax.is_eof() && more_may_come => Attempt::NeedMore,
                    Err(syntax) => {
                        self.last_doc = LastDoc::InBuffer(doc);
                        Attempt::Done(Err(self.fail(syntax)))
                    }
                }
            }
            Err(e) => {
                self.last_doc = LastDoc::InBuffer(doc);
                Attempt::Done(Err(self.fail(e)))
            }
        }
    }

    /// Accepts a document that ends `len` bytes after `buf[doc]`; `None` when
    /// it is a number that ends exactly where the buffered input does, and
    /// so may continue in bytes not read yet.
    fn document_end(&mut self, doc: usize, len: usize) -> Option<()> {
        let end = doc + len;
        let last = self.buf.get(end.wrapping_sub(1)).copied().unwrap_or(b' ');
        if end == self.buf.len() && !self.eof && last.is_ascii_digit() {
            return None;
        }
        self.after_scalar = last.is_ascii_alphanumeric();
        self.last_doc = LastDoc::InBuffer(doc);
        self.start = end;
        Some(())
    }

    #[cold]
    fn fail(&mut self, e: Error) -> Error {
        self.done = true;
        e
    }

    /// Drops consumed bytes, then reads until the buffer is full or the
    /// input ends. A buffer already full of one unfinished document doubles.
    fn refill(&mut self) -> Result<(), Error> {
        if self.start > 0 {
            if let LastDoc::InBuffer(i) = self.last_doc {
                self.last_doc =
                    LastDoc::Dropped(self.base.advance(&self.buf[..i.min(self.buf.len())]));
            }
            self.base = self.base.advance(&self.buf[..self.start]);
            self.buf.drain(..self.start);
            self.start = 0;
        }
        let len = self.buf.len();
        if len == self.buf.capacity() {
            self.buf.reserve(len.max(1));
        }
        let capacity = self.buf.capacity();
        self.buf.resize(capacity, 0);
        let mut filled = len;
        let mut result = Ok(());
        while filled < capacity {
            match self.reader.read(&mut self.buf[filled..]) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    result = Err(Error::io(e));
                    break;
                }
            }
        }
        self.buf.truncate(filled);
        result
    }

    /// The documents as [`Value`]s.
    pub fn values(&mut self) -> Iter<'_, R, Value> {
        self.iter()
    }

    /// The documents as `T`s.
    pub fn iter<T: FromJsonOwned>(&mut self) -> Iter<'_, R, T> {
        Iter {
            stream: self,
            _type: PhantomData,
        }
    }

    /// Where the document most recently returned (or the one that failed)
    /// starts in the stream. Costs a scan of the buffered text; meant for
    /// error reports.
    pub fn position(&self) -> Position {
        if let Some(dec) = &self.lines {
            return dec.position();
        }
        match self.last_doc {
            LastDoc::Dropped(p) => p,
            LastDoc::InBuffer(i) => self.base.advance(&self.buf[..i.min(self.buf.len())]),
        }
    }

    /// The position in the whole stream of an error whose line, column and
    /// offset count from the start of the last document. An error without a
    /// position (I/O) gets the position of the last document.
    fn error_position(&self, err: &Error) -> Position {
        let doc = self.position();
        if err.line() == 0 {
            return doc;
        }
        let line = err.line() as u64;
        let column = err.column() as u64;
        Position {
            offset: doc.offset + err.offset() as u64,
            line: doc.line + line - 1,
            column: if line == 1 {
                doc.column + column - 1
            } else {
                column
            },
        }
    }

    /// The underlying reader (bytes already buffered are lost).
    pub fn into_inner(self) -> R {
        self.reader
    }
}

enum Attempt<T> {
    Done(Result<T, Error>),
    NeedMore,
}

/// The documents of a [`StreamReader`] as `T`s: `Some(Ok(..))` per document,
/// `Some(Err(..))` per error, `None` at the end.
pub struct Iter<'r, R, T> {
    stream: &'r mut StreamReader<R>,
    _type: PhantomData<fn() -> T>,
}

impl<R: Read, T: FromJsonOwned> Iterator for Iter<'_, R, T> {
    type Item = Result<T, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        self.stream.read_next()
    }
}

impl<R: Read, T: FromJsonOwned> std::iter::FusedIterator for Iter<'_, R, T> {}

#[cfg(test)]
mod tests {
    use super::Position;

    #[test]
    fn position_advances_by_lines_and_characters() {
        let p = Position::START.advance("ab".as_bytes());
        assert_eq!((p.offset, p.line, p.column), (2, 1, 3));
        let p = p.advance("é\n\nxé".as_bytes());
        assert_eq!((p.offset, p.line, p.column), (9, 3, 3));
    }
}
