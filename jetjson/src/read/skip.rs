//! `skip_value`: walks over one value of any shape without recursion and
//! without allocating (until nesting passes 128 levels, where a bit stack
//! spills to the heap), checking it as strictly as a full parse would.

use super::Reader;
use crate::error::{Error, ErrorKind};

/// One bit per open container: 1 for an object, 0 for an array.
struct BitStack {
    inline: u128,
    spill: Vec<bool>,
    len: usize,
}

impl BitStack {
    fn new() -> Self {
        BitStack {
            inline: 0,
            spill: Vec::new(),
            len: 0,
        }
    }

    fn push(&mut self, object: bool) {
        if self.len < 128 {
            self.inline = (self.inline & !(1 << self.len)) | (u128::from(object) << self.len);
        } else {
            self.spill.push(object);
        }
        self.len += 1;
    }

    /// Removes the top entry. Only called when the stack is not empty.
    fn pop(&mut self) {
        self.len -= 1;
        if self.len >= 128 {
            self.spill.pop();
        }
    }

    fn top_is_object(&self) -> bool {
        let i = self.len - 1;
        if i < 128 {
            self.inline & (1 << i) != 0
        } else {
            self.spill.last().copied().unwrap_or(false)
        }
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

pub(super) fn skip_value(r: &mut Reader<'_>) -> Result<(), Error> {
    let mut stack = BitStack::new();
    loop {
        // A value is due.
        match r.peek() {
            Some(b'"') => {
                r.pos += 1;
                r.parse_str_span()?;
            }
            Some(b'{') => {
                r.pos += 1;
                r.enter()?;
                match r.peek() {
                    Some(b'}') => {
                        r.pos += 1;
                        r.depth -= 1;
                    }
                    Some(b'"') => {
                        stack.push(true);
                        skip_key(r)?;
                        continue;
                    }
                    _ => return Err(r.eof_or(ErrorKind::ExpectedKey)),
                }
            }
            Some(b'[') => {
                r.pos += 1;
                r.enter()?;
                if r.peek() == Some(b']') {
                    r.pos += 1;
                    r.depth -= 1;
                } else {
                    stack.push(false);
                    continue;
                }
            }
            Some(b't') => r.expect_literal(b"true")?,
            Some(b'f') => r.expect_literal(b"false")?,
            Some(b'n') => r.expect_literal(b"null")?,
            Some(b'-' | b'0'..=b'9') => r.skip_number()?,
            Some(_) => return Err(r.error(ErrorKind::ExpectedValue)),
            None => return Err(r.error(ErrorKind::UnexpectedEof)),
        }
        // A value ended: close containers until one wants another value.
        loop {
            if stack.is_empty() {
                return Ok(());
            }
            let object = stack.top_is_object();
            match r.peek() {
                Some(b',') => {
                    r.pos += 1;
                    if object {
                        if r.peek() != Some(b'"') {
                            return Err(r.eof_or(ErrorKind::ExpectedKey));
                        }
                        skip_key(r)?;
                    }
                    break;
                }
                Some(b'}') if object => {}
                Some(b']') if !object => {}
                _ if object => return Err(r.eof_or(ErrorKind::ExpectedCommaOrBrace)),
                _ => return Err(r.eof_or(ErrorKind::ExpectedCommaOrBracket)),
            }
            r.pos += 1;
            r.depth -= 1;
            stack.pop();
        }
    }
}

/// Skips `"key":` with the cursor on the opening quote.
fn skip_key(r: &mut Reader<'_>) -> Result<(), Error> {
    r.pos += 1;
    r.parse_str_span()?;
    r.expect_colon()
}
