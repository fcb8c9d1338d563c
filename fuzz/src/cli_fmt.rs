//! The `cli_fmt` target: the `jetjson` command's streaming
//! `validator::Validator` and `formatter::Formatter`, fed in irregular
//! chunks.
//!
//! Not a module of `lib.rs`: `jetjson/tests/fuzz_replay.rs` includes that
//! file, and jetjson's tests cannot depend on jetjson-cli. The fuzz binary
//! (`fuzz_targets/cli_fmt.rs`) and `jetjson-cli/tests/fuzz_replay.rs`
//! include this file by path instead; it uses nothing from `lib.rs`.
//!
//! Properties:
//! - the Validator's verdict, error kind, offset, line and column equal
//!   `jetjson::validate`'s on the whole input with the same depth limit, in
//!   any chunking; after an error every call repeats it;
//! - for valid input: `Layout::Minify` output is the input with the
//!   whitespace outside strings removed (a reference minifier below) and a
//!   final newline; `Layout::Pretty { indent }` output is the runtime's
//!   `pretty::prettify` and a newline, minifies to the minified output, is
//!   valid (to `validate` and the Validator) and reads as the same `Value`;
//!   `Validator::formatted_len` gives the length of each output exactly;
//! - on invalid input the Formatter does not panic.

use jetjson_cli::formatter::{Formatter, Layout};
use jetjson_cli::validator::{SyntaxError, Validator};

/// The largest input looked at: keeps the pretty output (at most about
/// depth × indent bytes a line) small.
const MAX_INPUT: usize = 64 * 1024;

/// The input without whitespace outside strings: what minifying must give.
pub fn minify_reference(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut in_string = false;
    let mut escaped = false;
    for &b in text {
        if in_string {
            out.push(b);
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
        } else if !matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
            out.push(b);
            in_string = b == b'"';
        }
    }
    out
}

/// `text` cut into pieces of 0 to `max` bytes chosen by a small generator
/// (empty pieces included: feeding nothing must change nothing).
fn chunks(text: &[u8], seed: u8, max: usize) -> Vec<&[u8]> {
    let mut state = u32::from(seed) << 1 | 1;
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let n = ((state >> 8) as usize % (max + 1)).min(rest.len());
        let (piece, tail) = rest.split_at(n);
        out.push(piece);
        rest = tail;
    }
    out
}

type Verdict = Result<(), (jetjson::ErrorKind, u64, u64, u64)>;

fn validate_chunks(pieces: &[&[u8]], max_depth: usize) -> (Verdict, Validator) {
    let mut v = Validator::new(max_depth);
    let result: Result<(), SyntaxError> = pieces
        .iter()
        .try_for_each(|piece| v.feed(piece))
        .and_then(|()| v.finish());
    if let Err(e) = &result {
        // Every later call repeats the first error.
        assert_eq!(v.feed(b"[").as_ref(), Err(e), "feed after an error");
        assert_eq!(v.finish().as_ref(), Err(e), "finish after an error");
    }
    let verdict = result.map_err(|e| {
        (
            e.kind,
            e.position.offset,
            e.position.line,
            e.position.column,
        )
    });
    (verdict, v)
}

fn format_chunks(pieces: &[&[u8]], layout: Layout) -> Vec<u8> {
    let mut out = Vec::new();
    let mut f = Formatter::new(layout);
    for piece in pieces {
        f.feed(piece, &mut out).expect("a Vec does not fail");
    }
    f.finish(&mut out).expect("a Vec does not fail");
    out
}

/// The first two bytes choose the depth limit, the indent and the
/// chunking; the rest (up to 64 KiB) is the document.
pub fn cli_fmt(data: &[u8]) {
    let (header, body) = data.split_at(data.len().min(2));
    let body = &body[..body.len().min(MAX_INPUT)];
    let h = |i: usize| header.get(i).copied().unwrap_or(0);
    let max_depth = if h(0) & 0x80 == 0 {
        jetjson::read::DEFAULT_MAX_DEPTH
    } else {
        usize::from(h(0) & 0x0f)
    };
    let indent = usize::from((h(0) >> 4) & 0x07);
    let max_chunk = 1 + usize::from(h(1) & 0x0f) * usize::from(h(1) >> 4).max(1);
    let pieces = chunks(body, h(1), max_chunk);

    let want: Verdict = jetjson::ReadOptions::new()
        .max_depth(max_depth)
        .validate(body)
        .map_err(|e| {
            (
                e.kind().clone(),
                e.offset() as u64,
                e.line() as u64,
                e.column() as u64,
            )
        });
    let (got, validator) = validate_chunks(&pieces, max_depth);
    assert_eq!(got, want, "Validator vs validate (depth {max_depth})");

    if got.is_err() {
        // Unspecified output, but no panic. Pretty output of invalid input
        // can be quadratic (a run of `[`), hence the size cap.
        format_chunks(&pieces, Layout::Minify);
        if body.len() <= 1024 {
            format_chunks(&pieces, Layout::Pretty { indent });
        }
        return;
    }

    let mut minified = minify_reference(body);
    minified.push(b'\n');
    let got = format_chunks(&pieces, Layout::Minify);
    assert_eq!(
        got,
        minified,
        "minified output\n{}",
        String::from_utf8_lossy(&got)
    );
    assert_eq!(
        validator.formatted_len(Layout::Minify),
        got.len() as u64,
        "formatted_len(Minify)"
    );

    let layout = Layout::Pretty { indent };
    let pretty = format_chunks(&pieces, layout);
    let mut want = Vec::new();
    jetjson::write::pretty::prettify(body, indent, &mut want);
    want.push(b'\n');
    assert_eq!(
        pretty,
        want,
        "Formatter vs prettify, indent {indent}:\n{}\n{}",
        String::from_utf8_lossy(&pretty),
        String::from_utf8_lossy(&want)
    );
    assert_eq!(
        validator.formatted_len(layout),
        pretty.len() as u64,
        "formatted_len(Pretty {{ indent: {indent} }})"
    );
    let mut again = minify_reference(&pretty);
    again.push(b'\n');
    assert_eq!(again, minified, "minify(pretty) != minify(input)");

    let opts = jetjson::ReadOptions::new().max_depth(max_depth);
    if let Err(e) = opts.validate(&pretty) {
        panic!("pretty output invalid: {e:?}");
    }
    let (verdict, _) = validate_chunks(&chunks(&pretty, h(1), max_chunk), max_depth);
    assert_eq!(verdict, Ok(()), "Validator rejects the pretty output");
    let ours = opts.from_slice::<jetjson::Value>(body);
    let theirs = opts.from_slice::<jetjson::Value>(&pretty);
    match (ours, theirs) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "pretty output reads differently"),
        // A number beyond f64 has no Value, in both.
        (Err(a), Err(b)) => assert_eq!(a.kind(), b.kind()),
        (a, b) => panic!("Value of input {a:?} vs of pretty output {b:?}"),
    }
}
