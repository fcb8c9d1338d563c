//! Streaming re-indentation of valid JSON: the input comes in chunks of any
//! size, the output goes to an [`io::Write`] in blocks, and only whitespace
//! outside strings changes. Numbers, strings (escapes included) and literals
//! are copied byte for byte.
//!
//! The pretty layout is the one of `jetjson::to_vec_pretty` and serde_json:
//! one member or element per line, `": "` after keys, empty containers as
//! `{}` and `[]`. Minified output has no whitespace at all.
//!
//! The input must already be valid (it passed the [`Validator`]); on other
//! input the output is unspecified, but nothing panics.
//!
//! [`Validator`]: crate::validator::Validator
//!
//! ```
//! use jetjson_cli::formatter::{Formatter, Layout};
//!
//! let mut out = Vec::new();
//! let mut f = Formatter::new(Layout::Pretty { indent: 2 });
//! f.feed(b"{\"a\" : [1, 2.50 ], \"b\":{ ", &mut out).unwrap();
//! f.feed(b"}}", &mut out).unwrap();
//! f.finish(&mut out).unwrap();
//! assert_eq!(out, b"{\n  \"a\": [\n    1,\n    2.50\n  ],\n  \"b\": {}\n}\n");
//! ```

use std::io::{self, Write};

/// How to lay out the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// One member or element per line, indented by `indent` spaces a level.
    Pretty {
        /// Spaces per level.
        indent: usize,
    },
    /// No whitespace outside strings.
    Minify,
}

/// Output is handed to the writer in blocks of about this size.
const BLOCK: usize = 64 * 1024;

/// Re-indents one valid document fed in chunks.
pub struct Formatter {
    layout: Layout,
    depth: usize,
    state: State,
    /// A `{` or `[` whose layout waits on the next byte that is not
    /// whitespace: the matching close makes `{}`/`[]`, anything else opens a
    /// new indented line.
    pending_open: Option<u8>,
    buf: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Structure,
    Str,
    /// After a backslash inside a string.
    Escape,
}

impl Formatter {
    /// A formatter with the given layout.
    pub fn new(layout: Layout) -> Self {
        Formatter {
            layout,
            depth: 0,
            state: State::Structure,
            pending_open: None,
            buf: Vec::with_capacity(BLOCK + 1024),
        }
    }

    /// Formats the next part of the input into `out`.
    pub fn feed<W: Write>(&mut self, chunk: &[u8], out: &mut W) -> io::Result<()> {
        let mut i = 0;
        while i < chunk.len() {
            match self.state {
                State::Str => {
                    // Copy up to and including the next `"` or `\`.
                    let stop = jetjson::simd::scan(chunk, i).stop;
                    let end = (stop + 1).min(chunk.len());
                    self.buf.extend_from_slice(&chunk[i..end]);
                    match chunk.get(stop) {
                        Some(b'"') => self.state = State::Structure,
                        Some(b'\\') => self.state = State::Escape,
                        _ => {}
                    }
                    i = end;
                }
                State::Escape => {
                    self.buf.push(chunk[i]);
                    self.state = State::Str;
                    i += 1;
                }
                State::Structure => {
                    let b = chunk[i];
                    i += 1;
                    if matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                        continue;
                    }
                    if let Some(open) = self.pending_open.take() {
                        if b == close_of(open) {
                            self.buf.extend_from_slice(&[open, b]);
                            continue;
                        }
                        self.buf.push(open);
                        self.depth += 1;
                        self.newline(out)?;
                    }
                    match b {
                        b'"' => {
                            self.buf.push(b);
                            self.state = State::Str;
                        }
                        b'{' | b'[' => self.pending_open = Some(b),
                        b'}' | b']' => {
                            self.depth = self.depth.saturating_sub(1);
                            self.newline(out)?;
                            self.buf.push(b);
                        }
                        b',' => {
                            self.buf.push(b);
                            self.newline(out)?;
                        }
                        b':' => {
                            self.buf.push(b);
                            if let Layout::Pretty { .. } = self.layout {
                                self.buf.push(b' ');
                            }
                        }
                        _ => self.buf.push(b),
                    }
                }
            }
            if self.buf.len() >= BLOCK {
                out.write_all(&self.buf)?;
                self.buf.clear();
            }
        }
        Ok(())
    }

    /// Ends the document: writes what is left and a final newline.
    pub fn finish<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        if let Some(open) = self.pending_open.take() {
            self.buf.push(open);
        }
        self.buf.push(b'\n');
        out.write_all(&self.buf)?;
        self.buf.clear();
        out.flush()
    }

    /// Starts a line at the current depth. Indentation is written in
    /// blocks, so however deep the line, the buffer stays near [`BLOCK`].
    fn newline<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        if let Layout::Pretty { indent } = self.layout {
            self.buf.push(b'\n');
            let mut n = indent.saturating_mul(self.depth);
            while n > 0 {
                let k = n.min(BLOCK);
                self.buf.resize(self.buf.len() + k, b' ');
                n -= k;
                if self.buf.len() >= BLOCK {
                    out.write_all(&self.buf)?;
                    self.buf.clear();
                }
            }
        }
        Ok(())
    }
}

fn close_of(open: u8) -> u8 {
    if open == b'{' {
        b'}'
    } else {
        b']'
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validator::Validator;

    fn format(input: &[u8], layout: Layout, chunk: usize) -> Vec<u8> {
        let mut out = Vec::new();
        let mut f = Formatter::new(layout);
        for part in input.chunks(chunk.max(1)) {
            f.feed(part, &mut out).unwrap();
        }
        f.finish(&mut out).unwrap();
        out
    }

    #[test]
    fn matches_the_runtime_prettifier_in_any_chunking() {
        let docs: &[&[u8]] = &[
            br#"{"a":1,"b":[1,2,{"c":null}],"d":{},"e":[ ],"f":"x:,{[\"y\\"}"#,
            b"[]",
            b" { \"k\" :\n [ 1 , 2 ] }  ",
            b"\"just a \\\"string\\\\\"",
            b"-12.5e+3",
            b"[[[[]],[{}]],{\"\xc3\xa9\":\"\\u00e9\"}]",
        ];
        for &doc in docs {
            for indent in [0, 2, 4] {
                let mut want = Vec::new();
                jetjson::write::pretty::prettify(doc, indent, &mut want);
                want.push(b'\n');
                for chunk in [1, 2, 3, 7, 1000] {
                    let got = format(doc, Layout::Pretty { indent }, chunk);
                    assert_eq!(got, want, "{doc:?} indent {indent} chunk {chunk}");
                }
            }
            for layout in [
                Layout::Minify,
                Layout::Pretty { indent: 0 },
                Layout::Pretty { indent: 3 },
            ] {
                let mut v = Validator::new(1000);
                v.feed(doc).unwrap();
                v.finish().unwrap();
                let len = format(doc, layout, 1000).len() as u64;
                assert_eq!(v.formatted_len(layout), len, "{doc:?} {layout:?}");
            }
            let mut want = Vec::new();
            jetjson::write::pretty::minify(doc, &mut want);
            want.push(b'\n');
            for chunk in [1, 2, 5, 1000] {
                assert_eq!(format(doc, Layout::Minify, chunk), want, "{doc:?}");
            }
        }
    }
}
