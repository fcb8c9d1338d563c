//! The `stream_reader` target: `jetjson::stream::StreamReader` over an
//! `io::Read` that hands out the bytes in small irregular pieces must read
//! the same sequence of documents, and fail with the same first error at the
//! same whole-stream position, as a reference that reads the bytes from one
//! slice with the in-memory `Reader`.
//!
//! The reference follows the format documented in `jetjson::stream`:
//! documents separated by whitespace, where arrays, objects and strings may
//! also follow each other directly but a number or literal must be followed
//! by whitespace or the end (else `TrailingCharacters` at the next byte);
//! each document read as `from_slice` reads one (with the stream's depth
//! limit); a syntax error ends the stream; a data error (a valid document
//! of the wrong shape, `300` for a `u8`) is returned and the document
//! skipped, unless skipping it meets a syntax error, which then ends the
//! stream.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::io::{self, Read};

use jetjson::stream::StreamReader;
use jetjson::{Category, Error, ErrorKind, FromJsonOwned, Reader, Value};

use super::grammar::is_ws;
use super::place;

/// One document as read: the value or the error (kind, offset, line,
/// column, all from the start of the stream), and where it started.
#[derive(Debug, PartialEq)]
struct Outcome<T> {
    result: Result<T, (ErrorKind, usize, usize, usize)>,
    start: (usize, usize, usize),
}

fn error_at<T>(
    body: &[u8],
    kind: ErrorKind,
    offset: usize,
) -> Result<T, (ErrorKind, usize, usize, usize)> {
    let (offset, line, column) = place(body, offset);
    Err((kind, offset, line, column))
}

/// The documents of `body` read from the whole slice at once.
fn reference<T: FromJsonOwned>(body: &[u8], max_depth: usize) -> Vec<Outcome<T>> {
    let mut out = Vec::new();
    let mut pos = 0;
    let mut needs_ws = false;
    loop {
        let ws_start = pos;
        while pos < body.len() && is_ws(body[pos]) {
            pos += 1;
        }
        if pos > ws_start {
            needs_ws = false;
        }
        if pos == body.len() {
            return out;
        }
        let start = place(body, pos);
        if needs_ws {
            let result = error_at(body, ErrorKind::TrailingCharacters, pos);
            out.push(Outcome { result, start });
            return out;
        }
        let doc = &body[pos..];
        let mut r = Reader::new(doc);
        r.set_max_depth(max_depth);
        let (result, len) = match T::read_json(&mut r) {
            Ok(v) => (Ok(v), r.offset()),
            Err(e) if e.classify() == Category::Data => {
                let mut skip = Reader::new(doc);
                skip.set_max_depth(max_depth);
                match skip.skip_value() {
                    Ok(()) => (
                        error_at(body, e.kind().clone(), pos + e.offset()),
                        skip.offset(),
                    ),
                    Err(s) => {
                        let result = error_at(body, s.kind().clone(), pos + s.offset());
                        out.push(Outcome { result, start });
                        return out;
                    }
                }
            }
            Err(e) => {
                let result = error_at(body, e.kind().clone(), pos + e.offset());
                out.push(Outcome { result, start });
                return out;
            }
        };
        out.push(Outcome { result, start });
        needs_ws = matches!(doc[0], b'-' | b'0'..=b'9' | b't' | b'f' | b'n');
        pos += len;
    }
}

/// An `io::Read` that hands out `data` in pieces of 1 to `max_piece` bytes
/// chosen by a small generator, now and then failing with `Interrupted`
/// (which a reader must retry).
pub(crate) struct Pieces<'a> {
    pub(crate) data: &'a [u8],
    pub(crate) pos: usize,
    pub(crate) state: u32,
    pub(crate) max_piece: usize,
    pub(crate) interrupts: bool,
}

impl Read for Pieces<'_> {
    // `is_multiple_of` is newer (1.87) than the MSRV of jetjson (1.80), whose
    // tests include this file.
    #[allow(clippy::manual_is_multiple_of)]
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        // xorshift32; never zero, as the seed is made odd.
        self.state ^= self.state << 13;
        self.state ^= self.state >> 17;
        self.state ^= self.state << 5;
        if self.interrupts && self.state % 5 == 0 {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let rest = &self.data[self.pos..];
        let n = (1 + (self.state >> 8) as usize % self.max_piece)
            .min(buf.len())
            .min(rest.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.pos += n;
        Ok(n)
    }
}

/// The documents of `body` through a `StreamReader` fed by `pieces`.
fn streamed<T: FromJsonOwned>(
    body: &[u8],
    pieces: Pieces<'_>,
    capacity: Option<usize>,
    max_depth: usize,
) -> Vec<Outcome<T>> {
    let stream = match capacity {
        Some(c) => StreamReader::with_capacity(c, pieces),
        None => StreamReader::new(pieces),
    };
    let mut stream = stream.max_depth(max_depth);
    let mut out = Vec::new();
    while let Some(result) = stream.read_next::<T>() {
        let result = result.map_err(|e: Error| {
            super::check_error(&e, body);
            (e.kind().clone(), e.offset(), e.line(), e.column())
        });
        let p = stream.position();
        let start = (p.offset as usize, p.line as usize, p.column as usize);
        out.push(Outcome { result, start });
        // Every document but a skipped one takes at least one byte, and
        // the stream ends at the first syntax error.
        assert!(out.len() <= body.len() + 1, "no progress");
    }
    assert!(stream.read_next::<T>().is_none(), "not fused");
    out
}

fn compare<T: FromJsonOwned + PartialEq + Debug>(
    body: &[u8],
    pieces: Pieces<'_>,
    capacity: Option<usize>,
    max_depth: usize,
) {
    let want = reference::<T>(body, max_depth);
    let got = streamed::<T>(body, pieces, capacity, max_depth);
    if got != want {
        let n = got.iter().zip(&want).take_while(|(a, b)| a == b).count();
        panic!(
            "{} stream (capacity {capacity:?}, depth {max_depth}) differs at document {n}:\n  \
             stream    {:?}\n  reference {:?}",
            std::any::type_name::<T>(),
            got.get(n),
            want.get(n)
        );
    }
}

/// The first four bytes choose the buffer's starting capacity, the largest
/// piece, the document type, interruptions, the depth limit and the pieces'
/// generator; the rest is the stream.
pub fn stream_reader(data: &[u8]) {
    let (header, body) = data.split_at(data.len().min(4));
    let h = |i: usize| header.get(i).copied().unwrap_or(0);
    let capacity = [1, 2, 3, 4, 7, 16, 64, 1000, 4096]
        .get(usize::from(h(0) % 10))
        .copied();
    let max_piece = 1 + usize::from(h(1) & 0x1f);
    let interrupts = h(1) & 0x20 != 0;
    let max_depth = if h(2) < 0x80 {
        jetjson::read::DEFAULT_MAX_DEPTH
    } else {
        usize::from(h(2) & 0x0f)
    };
    let pieces = Pieces {
        data: body,
        pos: 0,
        state: u32::from(h(3)) << 1 | 1,
        max_piece,
        interrupts,
    };
    match h(1) >> 6 {
        0 | 1 => compare::<Value>(body, pieces, capacity, max_depth),
        2 => compare::<Vec<u8>>(body, pieces, capacity, max_depth),
        _ => compare::<BTreeMap<String, Option<i8>>>(body, pieces, capacity, max_depth),
    }
}
