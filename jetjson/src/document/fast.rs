//! The fast loop: the grammar of the checked loop in `parse.rs`, read
//! straight from the bytes with a plain offset instead of through the
//! [`Reader`]'s calls. Every token is dispatched once, on its first byte;
//! whitespace is skipped inline where machine-written and pretty-printed
//! JSON put it (none, or one space after a colon), short strings and keys
//! are scanned in two words without a call, and no `Result` is carried.
//!
//! It gives up (`None`) at the first byte it does not accept, without
//! working out why: the caller then parses the input again with the checked
//! loop, which makes the error, so errors keep their kinds and positions at
//! no cost to valid input. What it does accept it must accept exactly as the
//! checked loop does — the same grammar, the same depth limit, the same
//! layout — which the differential tests and the `document` fuzz target
//! check against `Value` and `validate`.

use super::parse::{push_frame, Builder, Frame, FRAMES};
use super::{Document, Slot, ARR, END, END_OBJ, FALSE, FLOAT, NINT, NULL, OBJ, STR, TRUE, UINT};
use crate::read::{four_digits, small_uint, word_integer};
use crate::read::{Indent, Reader, Span};
use crate::simd;
use crate::value::number::{integer, scan, Number, Scan, N};

pub(super) fn parse(input: &[u8], max_depth: usize) -> Option<Document<'_>> {
    let mut b = Builder::new(input);
    // Holds the unescaped text of strings with escapes, which it reads.
    let mut r = Reader::new(input);
    let mut frames: Vec<Frame> = Vec::with_capacity(FRAMES);
    // The indentation of pretty-printed input, as the line breaks showed it.
    let mut ind = Indent::default();
    let mut p = ws(input, 0, &mut ind);
    'value: loop {
        // `p` is on the first byte of a value (whitespace skipped).
        let at = p;
        match *input.get(p)? {
            b'"' => {
                let (span, end) = string(input, &mut r, p)?;
                b.string(&r, STR, span, at);
                p = end;
            }
            b'-' | b'0'..=b'9' => {
                if let Some((v, end)) = small_uint(input, p) {
                    b.slots.push(Slot::new(UINT, at, v));
                    p = end;
                } else if let Some((negative, magnitude, end)) = four_digits(input, p)
                    .then(|| word_integer(input, p))
                    .flatten()
                {
                    // Ids and counts, from two words at most, without
                    // `scan`'s float mask tried first; a float's integer
                    // part is rarely that long.
                    b.slots.push(number_slot(integer(negative, magnitude), at));
                    p = end;
                } else {
                    let Scan::Ok(n, end) = scan(input, p) else {
                        return None;
                    };
                    b.slots.push(number_slot(n, at));
                    p = end;
                }
            }
            b'{' => {
                // The reader's depth limit: the outermost container is one.
                if frames.len() >= max_depth {
                    return None;
                }
                let open = b.slots.len();
                p = ws(input, p + 1, &mut ind);
                match *input.get(p)? {
                    b'"' => {
                        b.slots.push(Slot::new(OBJ, 0, 0));
                        // Pushed before its first key is read, so the key's
                        // filter bit is set in place: a frame built aside and
                        // then copied is a wide load of narrow stores, which
                        // store forwarding cannot serve.
                        let frame = push_frame(&mut frames, b.object_frame(open, at));
                        p = key(input, &mut r, &mut b, frame, p, &mut ind)?;
                        continue 'value;
                    }
                    b'}' => {
                        p += 1;
                        b.slots.push(Slot::new(OBJ, 0, open as u64 + 1));
                        b.slots.push(Slot::new(END | END_OBJ, at, p as u64));
                    }
                    _ => return None,
                }
            }
            b'[' => {
                if frames.len() >= max_depth {
                    return None;
                }
                let open = b.slots.len();
                p = ws(input, p + 1, &mut ind);
                if input.get(p) == Some(&b']') {
                    p += 1;
                    b.slots.push(Slot::new(ARR, 0, open as u64 + 1));
                    b.slots.push(Slot::new(END, at, p as u64));
                } else {
                    b.slots.push(Slot::new(ARR, 0, 0));
                    frames.push(Frame::array(open, at));
                    continue 'value;
                }
            }
            b't' => {
                p = literal(input, p, b"true")?;
                b.slots.push(Slot::new(TRUE, at, 0));
            }
            b'f' => {
                p = literal(input, p, b"false")?;
                b.slots.push(Slot::new(FALSE, at, 0));
            }
            b'n' => {
                p = literal(input, p, b"null")?;
                b.slots.push(Slot::new(NULL, at, 0));
            }
            _ => return None,
        }
        // A value is complete: move on, closing every container it completes.
        loop {
            p = ws(input, p, &mut ind);
            let Some(frame) = frames.last_mut() else {
                break 'value;
            };
            frame.count += 1;
            match *input.get(p)? {
                b',' => {
                    p = ws(input, p + 1, &mut ind);
                    if frame.object {
                        if input.get(p) != Some(&b'"') {
                            return None;
                        }
                        p = key(input, &mut r, &mut b, frame, p, &mut ind)?;
                    }
                    continue 'value;
                }
                b'}' if frame.object => {}
                b']' if !frame.object => {}
                _ => return None,
            }
            p += 1;
            let frame = frames.pop()?;
            b.close(frame, p);
        }
    }
    if p != input.len() {
        return None;
    }
    // Every byte of `input` was taken by this loop: whitespace (only the
    // four whitespace bytes, by `ws`), structural characters and literal
    // letters compared with exact ASCII values, number characters (`scan`
    // takes only `-+.eE` and digits), and string literals, each checked as
    // UTF-8 where it held a byte ≥ 0x80 (`string`). So `input` is UTF-8, as
    // `finish` requires.
    Some(b.finish(max_depth))
}

/// Skips whitespace from `p`: none and one space are decided inline, as is
/// pretty-printing's line break and indentation ([`line`]);
/// anything else by the block scan.
#[inline(always)]
fn ws(input: &[u8], p: usize, ind: &mut Indent) -> usize {
    match input.get(p) {
        Some(&c) if c > b' ' => p,
        Some(b' ') if input.get(p + 1).is_some_and(|&c| c > b' ') => p + 1,
        Some(b'\n') => line(ind, input, p),
        Some(_) => simd::skip_whitespace(input, p),
        None => p,
    }
}

/// Skips the line break at `p` and the indentation after it: the guessed
/// indentation confirmed by one 32-byte compare ([`Indent::guessed`]), as
/// the reader skips it; a wrong guess is learnt.
#[inline(always)]
fn line(ind: &mut Indent, input: &[u8], p: usize) -> usize {
    let Some(spaces) = simd::leading_spaces32(input, p + 1) else {
        return simd::skip_whitespace(input, p);
    };
    if let Some(at) = ind.guessed(input, p, spaces) {
        return at;
    }
    ind.learn(spaces);
    let end = p + 1 + spaces as usize;
    if input.get(end).is_some_and(|&c| c > b' ') {
        return end;
    }
    simd::skip_whitespace(input, end)
}

/// Consumes the literal `word` at `p` (whose first byte matched).
#[inline(always)]
fn literal(input: &[u8], p: usize, word: &[u8]) -> Option<usize> {
    let end = p + word.len();
    (input.get(p..end)? == word).then_some(end)
}

/// Reads the string whose quote is at `quote`: its text and the offset after
/// its closing quote. Text without escapes is a span of the input, checked
/// as UTF-8 when it holds a byte ≥ 0x80; text with escapes is unescaped by
/// `r` into its scratch buffer ([`Span::Scratch`]).
#[inline(always)]
fn string<'a>(input: &'a [u8], r: &mut Reader<'a>, quote: usize) -> Option<(Span, usize)> {
    let start = quote + 1;
    let found = match simd::scan_short(input, start) {
        Some(found) => found,
        None => simd::scan(input, start),
    };
    match input.get(found.stop) {
        Some(b'"') => {
            if found.non_ascii && !crate::utf8::is_valid(&input[start..found.stop]) {
                return None;
            }
            Some((Span::Input(start, found.stop), found.stop + 1))
        }
        Some(b'\\') => escaped(r, quote),
        // A control byte, or the input's end.
        _ => None,
    }
}

/// A string with an escape, read whole by the reader (which checks escapes,
/// surrogates and UTF-8).
#[cold]
#[inline(never)]
fn escaped(r: &mut Reader<'_>, quote: usize) -> Option<(Span, usize)> {
    r.seek(quote);
    let span = r.read_str_span().ok()?;
    Some((span, r.offset()))
}

/// Reads a member's key (its quote at `quote`) and the colon after it into
/// the object of `frame`; returns the offset of the member's value.
#[inline(always)]
fn key<'a>(
    input: &'a [u8],
    r: &mut Reader<'a>,
    b: &mut Builder<'a>,
    frame: &mut Frame,
    quote: usize,
    ind: &mut Indent,
) -> Option<usize> {
    let (span, end) = string(input, r, quote)?;
    b.add_key(r, frame, span, quote);
    let colon = if input.get(end) == Some(&b':') {
        end
    } else {
        let p = ws(input, end, ind);
        if input.get(p) != Some(&b':') {
            return None;
        }
        p
    };
    Some(ws(input, colon + 1, ind))
}

/// The slot of the number `n` whose text starts at byte `at`.
#[inline(always)]
fn number_slot(n: Number, at: usize) -> Slot {
    match n.repr() {
        N::PosInt(v) => Slot::new(UINT, at, v),
        N::NegInt(v) => Slot::new(NINT, at, v as u64),
        N::Float(v) => Slot::new(FLOAT, at, v.to_bits()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast loop alone: it takes what the checked loop takes, and
    /// declines (for the checked loop to report) what that one rejects.
    #[test]
    fn the_fast_loop_accepts_what_the_reader_accepts() {
        let cases: &[&[u8]] = &[
            b"{}",
            b"[]",
            b" [ ] ",
            b"{\"a\":1,\"b\":[true,false,null],\"c\":{\"d\":\"e\"}}",
            b"{ \"a\" : 1 , \"b\" : [ 1 , 2 ] }\n",
            b"{\n  \"a\": 1,\n  \"b\": {\n    \"c\": \"\\u00e9\\n\"\n  }\n}",
            b"[\n                    1,\n\t2,\r\n   3,\n        \n  4\n]\n          ",
            b"{\n                                \"k\"\n    :\n         true}",
            b"[1,\n        \x0b2]",
            // Indentation the guess gets right, then wrong: a step of 4
            // then 2, a line less indented than its closing bracket, a
            // sibling indented further, runs past 32 spaces.
            b"{\n    \"a\": [\n        1,\n        {\n          \"b\": 2\n        }\n    ],\n      \"c\": 3\n}",
            b"[\n  [\n    [\n  1\n    ]\n  ],\n  2\n]",
            b"[\n                                        1,\n                                        2\n]",
            b"[\n                                   \n   1]",
            b"{\n  \"k\":\n  1\n}",
            b"[1\n           ",
            b"\"caf\xc3\xa9 and a string longer than sixteen bytes\"",
            b"[-0, 1e5, -12.5e-3, 18446744073709551615, -9223372036854775808]",
            b"{\"k\":1,\"k\":2}",
            b"[1,]",
            b"[1 2]",
            b"{\"a\" 1}",
            b"{\"a\":1,}",
            b"{,}",
            b"[\"\x01\"]",
            b"[\"\xff\"]",
            b"\"abc",
            b"tru",
            b"nul",
            b"[1] x",
            b"[01]",
            b"[1.]",
            b"{\"a\":1}}",
            b"]",
            b"",
            b"  ",
            b"[\"\\x\"]",
            b"\xc3\xa9",
        ];
        for &case in cases {
            let fast = parse(case, 128);
            let checked = super::super::parse::checked(case, 128);
            match (&fast, &checked) {
                (Some(f), Ok(c)) => {
                    assert_eq!(f.slots, c.slots, "{:?}", String::from_utf8_lossy(case));
                    assert_eq!(f.arena(), c.arena());
                    assert_eq!(f.escaped(), c.escaped());
                    assert_eq!(f.redirects(), c.redirects());
                }
                (None, Err(_)) => {}
                _ => panic!(
                    "fast {} checked {} on {:?}",
                    fast.is_some(),
                    checked.is_ok(),
                    String::from_utf8_lossy(case)
                ),
            }
        }
    }

    #[test]
    fn the_fast_loop_keeps_the_depth_limit() {
        for depth in [1usize, 2, 5] {
            let arrays = "[".repeat(depth) + &"]".repeat(depth);
            let objects = "{\"a\":".repeat(depth - 1) + "{}" + &"}".repeat(depth - 1);
            for text in [arrays, objects] {
                assert!(parse(text.as_bytes(), depth).is_some(), "{text}");
                assert!(parse(text.as_bytes(), depth - 1).is_none(), "{text}");
            }
        }
    }
}
