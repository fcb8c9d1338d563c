//! The `line_decoder` target: newline-delimited JSON in line mode, through
//! `jetjson::stream::LineDecoder` fed in small irregular pieces (taking the
//! finished lines after each push, as an async body does) and through
//! `StreamReader::line_mode` over an `io::Read` of pieces, must give the
//! same outcome per line, at the same whole-stream positions, as a
//! reference that splits the whole input at `\n` and reads each line with
//! the in-memory `Reader`.
//!
//! The reference follows the format documented in `jetjson::stream`: a
//! line longer than the limit is `LineTooLong` at its start; a line of only
//! whitespace is skipped; any other line is read as `from_slice` reads a
//! document (with the depth limit), and a data error on a line that is not
//! valid JSON is reported as that line's syntax error.

use std::collections::BTreeMap;
use std::fmt::Debug;

use jetjson::stream::{LineDecoder, StreamReader};
use jetjson::{Category, Error, ErrorKind, FromJsonOwned, Reader, Value};

use super::stream::Pieces;

/// One line as read: the value or the error (kind, offset, line, column,
/// from the start of the stream), and where the line starts (offset, line).
#[derive(Debug, PartialEq)]
struct Outcome<T> {
    result: Result<T, (ErrorKind, usize, usize, usize)>,
    start: (usize, usize),
}

fn read_line<T: FromJsonOwned>(line: &[u8], max_depth: usize) -> Result<T, Error> {
    let mut r = Reader::new(line);
    r.set_max_depth(max_depth);
    let e = match T::read_json(&mut r) {
        Ok(v) => match r.finish() {
            Ok(()) => return Ok(v),
            Err(e) => e,
        },
        Err(e) => e,
    };
    if e.classify() == Category::Data {
        let mut v = Reader::new(line);
        v.set_max_depth(max_depth);
        // Not JSON at all: the syntax error is the line's.
        v.skip_value().and_then(|()| v.finish())?;
    }
    Err(e)
}

fn reference<T: FromJsonOwned>(
    body: &[u8],
    max_line_len: usize,
    max_depth: usize,
) -> Vec<Outcome<T>> {
    let mut out = Vec::new();
    let mut offset = 0;
    for (i, line) in body.split(|&b| b == b'\n').enumerate() {
        let start = (offset, i + 1);
        let here = offset;
        offset += line.len() + 1;
        if line.len() > max_line_len {
            let kind = ErrorKind::LineTooLong {
                limit: max_line_len,
            };
            out.push(Outcome {
                result: Err((kind, here, i + 1, 1)),
                start,
            });
            continue;
        }
        if line.iter().all(|&b| matches!(b, b' ' | b'\t' | b'\r')) {
            continue;
        }
        let result = read_line::<T>(line, max_depth).map_err(|e| {
            if e.line() == 0 {
                (e.kind().clone(), here, i + 1, 1)
            } else {
                (e.kind().clone(), here + e.offset(), i + 1, e.column())
            }
        });
        out.push(Outcome { result, start });
    }
    out
}

fn outcome<T>(
    result: Result<T, Error>,
    start: jetjson::stream::Position,
    body: &[u8],
) -> Outcome<T> {
    let result = result.map_err(|e: Error| {
        super::check_error(&e, body);
        (e.kind().clone(), e.offset(), e.line(), e.column())
    });
    assert_eq!(start.column, 1, "a line starts in column 1");
    Outcome {
        result,
        start: (start.offset as usize, start.line as usize),
    }
}

fn decoded<T: FromJsonOwned>(
    body: &[u8],
    mut pieces: Pieces<'_>,
    max_line_len: usize,
    max_depth: usize,
) -> Vec<Outcome<T>> {
    let mut dec = LineDecoder::new()
        .max_line_len(max_line_len)
        .max_depth(max_depth);
    let mut out = Vec::new();
    let mut chunk = [0u8; 64];
    loop {
        let n = match std::io::Read::read(&mut pieces, &mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(_) => continue, // Interrupted; `Pieces` fails with nothing else.
        };
        dec.push(&chunk[..n]);
        while let Some(result) = dec.next::<T>() {
            out.push(outcome(result, dec.position(), body));
            assert!(out.len() <= body.len() + 1, "no progress");
        }
        // One unfinished line (at most the limit, plus what this push
        // brought) and nothing more.
        assert!(dec.buffered() <= max_line_len.saturating_add(n));
    }
    dec.finish();
    while let Some(result) = dec.next::<T>() {
        out.push(outcome(result, dec.position(), body));
        assert!(out.len() <= body.len() + 1, "no progress");
    }
    assert!(dec.next::<T>().is_none(), "not fused");
    out
}

fn streamed<T: FromJsonOwned>(
    body: &[u8],
    pieces: Pieces<'_>,
    capacity: usize,
    max_line_len: usize,
    max_depth: usize,
) -> Vec<Outcome<T>> {
    let mut stream = StreamReader::with_capacity(capacity, pieces)
        .line_mode(true)
        .max_line_len(max_line_len)
        .max_depth(max_depth);
    let mut out = Vec::new();
    while let Some(result) = stream.read_next::<T>() {
        out.push(outcome(result, stream.position(), body));
        assert!(out.len() <= body.len() + 1, "no progress");
    }
    assert!(stream.read_next::<T>().is_none(), "not fused");
    out
}

fn compare<T: FromJsonOwned + PartialEq + Debug>(
    body: &[u8],
    header: [u8; 4],
    max_line_len: usize,
    max_depth: usize,
) {
    let want = reference::<T>(body, max_line_len, max_depth);
    let pieces = |seed: u8| Pieces {
        data: body,
        pos: 0,
        state: u32::from(seed) << 1 | 1,
        max_piece: 1 + usize::from(header[1] & 0x1f),
        interrupts: header[1] & 0x20 != 0,
    };
    let capacity = 1 + usize::from(header[0] >> 4) * 7;
    for (how, got) in [
        (
            "decoder",
            decoded::<T>(body, pieces(header[3]), max_line_len, max_depth),
        ),
        (
            "stream",
            streamed::<T>(body, pieces(!header[3]), capacity, max_line_len, max_depth),
        ),
    ] {
        if got != want {
            let n = got.iter().zip(&want).take_while(|(a, b)| a == b).count();
            panic!(
                "{} {how} (line limit {max_line_len}, depth {max_depth}) differs at line outcome {n}:\n  \
                 got       {:?}\n  reference {:?}",
                std::any::type_name::<T>(),
                got.get(n),
                want.get(n)
            );
        }
    }
}

/// The first four bytes choose the line limit, the pieces, the document
/// type, the depth limit and the pieces' generators; the rest is the stream.
pub fn line_decoder(data: &[u8]) {
    let (h, body) = data.split_at(data.len().min(4));
    let mut header = [0u8; 4];
    header[..h.len()].copy_from_slice(h);
    let max_line_len = match header[0] & 0x0f {
        0 => jetjson::stream::DEFAULT_MAX_LINE_LEN,
        n => usize::from(n) * 3,
    };
    let max_depth = if header[2] < 0x80 {
        jetjson::read::DEFAULT_MAX_DEPTH
    } else {
        usize::from(header[2] & 0x0f)
    };
    match header[1] >> 6 {
        0 | 1 => compare::<Value>(body, header, max_line_len, max_depth),
        2 => compare::<Vec<u8>>(body, header, max_line_len, max_depth),
        _ => compare::<BTreeMap<String, Option<i8>>>(body, header, max_line_len, max_depth),
    }
}
