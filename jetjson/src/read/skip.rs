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
                enter(r, &stack)?;
                match r.peek() {
                    Some(b'}') => r.pos += 1,
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
                enter(r, &stack)?;
                if r.peek() == Some(b']') {
                    r.pos += 1;
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
            stack.pop();
        }
    }
}

/// The reader's depth check for a container just opened (the cursor past
/// its bracket) inside the `stack.len` open ones of this skip. The reader's
/// own count is left as it is: keeping it in step here cost a 16-byte load
/// of the cursor and the count together, just after the cursor's 8-byte
/// store, on every bracket.
#[inline(always)]
fn enter(r: &Reader<'_>, stack: &BitStack) -> Result<(), Error> {
    if r.depth + stack.len + 1 > r.max_depth {
        return Err(r.depth_error());
    }
    Ok(())
}

/// Skips `"key":` with the cursor on the opening quote.
fn skip_key(r: &mut Reader<'_>) -> Result<(), Error> {
    r.pos += 1;
    r.parse_str_span()?;
    r.expect_colon()
}

#[cfg(test)]
mod tests {
    use crate::{ErrorKind, Reader};

    /// A skip inside open containers counts them toward the limit, fails at
    /// the bracket past it, and leaves the reader's depth where it was.
    #[test]
    fn skipping_keeps_the_depth_limit_of_where_it_starts() {
        // The input, and the column of the bracket that opens a fourth level.
        for (input, past) in [
            (&b"[[[1]], 2]"[..], None),
            (b"[[{}], 2]", None),
            (b"[[[[1]]], 2]", Some(4)),
            (b"[[{\"a\":{}}], 2]", Some(8)),
        ] {
            let ok = past.is_none();
            let mut r = Reader::new(input);
            r.set_max_depth(3);
            r.begin_array("an array").unwrap();
            let mut first = true;
            assert!(r.next_element(&mut first).unwrap());
            match r.skip_value() {
                Ok(()) => {
                    assert!(ok, "{:?}", std::str::from_utf8(input));
                    // The rest reads on at the same depth: one more element
                    // and the close.
                    assert!(r.next_element(&mut first).unwrap());
                    assert_eq!(r.read_u64("a number").unwrap(), 2);
                    assert!(!r.next_element(&mut first).unwrap());
                    r.finish().unwrap();
                }
                Err(e) => {
                    assert!(!ok, "{:?}: {e}", std::str::from_utf8(input));
                    assert_eq!(e.kind(), &ErrorKind::DepthLimit { limit: 3 });
                    assert_eq!(Some(e.column()), past, "{e}");
                }
            }
        }
    }
}
