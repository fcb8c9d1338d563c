//! A structured input generator for the `deep_nesting` target: fuzz bytes
//! choose a shape, the generator writes a document with that shape nested
//! hundreds to tens of thousands of levels deep, and records where each
//! container opens, so the target knows exactly which error is due.

/// A generated document.
pub struct Nested {
    /// The text, possibly cut short.
    pub text: Vec<u8>,
    /// Byte offset of every container's opening `[` or `{` inside `text`,
    /// outermost first.
    pub openers: Vec<usize>,
    /// Whether `text` is the whole document (else a proper prefix of it).
    pub complete: bool,
}

impl Nested {
    /// What reading `text` with nesting limited to `limit` must give: a
    /// depth error at the first container past the limit, else success for
    /// a complete document, else the end of input.
    pub fn expect(&self, limit: usize) -> Expect {
        match self.openers.get(limit) {
            Some(&at) => Expect::DepthLimit(at),
            None if self.complete => Expect::Ok,
            None => Expect::Eof(self.text.len()),
        }
    }

    /// How deep the generated text nests.
    pub fn depth(&self) -> usize {
        self.openers.len()
    }
}

/// The result a reader must give for a [`Nested`] document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// Accepted.
    Ok,
    /// `DepthLimit` at this offset (the opener past the limit).
    DepthLimit(usize),
    /// `UnexpectedEof` at this offset (the end of the text).
    Eof(usize),
}

/// Builds a document from fuzz bytes.
///
/// - bytes 0–1: the depth, 0..2048; byte 2 bit 0 multiplies it by 4;
/// - byte 2 bit 1: cut the text short, at a point chosen by byte 3;
/// - byte 2 bits 2–3: the innermost value (`null`, `[]`, `{}`, `"s"`);
/// - each later byte shapes one level (cycling): bit 0 object or array,
///   bit 1 a sibling before the nested value, bit 2 whitespace after the
///   opener, bit 3 a sibling after it.
pub fn nested(data: &[u8]) -> Nested {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let flags = byte(2);
    let mut depth = usize::from(u16::from_le_bytes([byte(0), byte(1)]) % 2048);
    if flags & 1 != 0 {
        depth *= 4;
    }
    let shapes = data.get(4..).filter(|s| !s.is_empty()).unwrap_or(&[0]);
    let shape = |level: usize| shapes[level % shapes.len()];

    let mut text = Vec::with_capacity(depth * 8 + 8);
    let mut openers = Vec::with_capacity(depth + 1);
    for level in 0..depth {
        let s = shape(level);
        let object = s & 1 != 0;
        openers.push(text.len());
        text.push(if object { b'{' } else { b'[' });
        if s & 4 != 0 {
            text.extend_from_slice(b" \n\t");
        }
        if s & 2 != 0 {
            text.extend_from_slice(if object { b"\"s\":0," } else { b"-1.5e3," });
        }
        if object {
            text.extend_from_slice(b"\"k\":");
        }
    }
    let innermost: &[u8] = match (flags >> 2) & 3 {
        0 => b"null",
        1 => b"[]",
        2 => b"{}",
        _ => b"\"s\"",
    };
    if innermost[0] != b'n' && innermost[0] != b'"' {
        openers.push(text.len());
    }
    text.extend_from_slice(innermost);
    for level in (0..depth).rev() {
        let s = shape(level);
        let object = s & 1 != 0;
        if s & 8 != 0 {
            text.extend_from_slice(if object { b",\"t\":true" } else { b",\"t\"" });
        }
        text.push(if object { b'}' } else { b']' });
    }
    let complete = flags & 2 == 0;
    if !complete {
        // A proper prefix: the top level is never a bare number, so every
        // proper prefix is unfinished.
        let cut = (text.len() - 1) * usize::from(byte(3)) / 255;
        text.truncate(cut);
        openers.retain(|&at| at < cut);
    }
    Nested {
        text,
        openers,
        complete,
    }
}

/// `{"child":` `n` times, then `null` and the closing braces: a chain of
/// `Doc`s whose innermost one lacks every required field.
pub fn doc_chain(n: usize) -> Vec<u8> {
    let mut text = b"{\"child\":".repeat(n);
    text.extend_from_slice(b"null");
    text.resize(text.len() + n, b'}');
    text
}
