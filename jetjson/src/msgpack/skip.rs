//! Skipping a value without building it, and without recursion.
//!
//! MessagePack says up front how many values each array and map holds, so
//! skipping is counting: one counter per open container (the values it
//! still holds), kept on a stack whose height is the nesting depth, never a
//! claimed length. The first [`INLINE`] levels live on the call stack, so
//! ordinary input allocates nothing; deeper ones spill to the heap, up to the
//! reader's depth limit.

use super::Reader;
use crate::{Error, ErrorKind};

/// Levels of nesting counted without allocating.
const INLINE: usize = 64;

/// The counters of the open containers, innermost last.
struct Counters {
    inline: [u64; INLINE],
    len: usize,
    spill: Vec<u64>,
}

impl Counters {
    fn push(&mut self, n: u64) {
        if self.len < INLINE {
            self.inline[self.len] = n;
        } else {
            self.spill.push(n);
        }
        self.len += 1;
    }

    fn top(&mut self) -> Option<&mut u64> {
        match self.len {
            0 => None,
            n if n <= INLINE => self.inline.get_mut(n - 1),
            _ => self.spill.last_mut(),
        }
    }

    fn pop(&mut self) {
        if self.len > INLINE {
            self.spill.pop();
        }
        self.len = self.len.saturating_sub(1);
    }
}

pub(super) fn skip_value(r: &mut Reader<'_>) -> Result<(), Error> {
    let mut open = Counters {
        inline: [0; INLINE],
        len: 0,
        spill: Vec::new(),
    };
    // Values that open containers hold and that have not been started: each
    // takes at least one byte, so more than remain means the input is cut
    // short, however large the headers claimed.
    let mut owed: u64 = 0;
    loop {
        if open.len > 0 {
            owed = owed.saturating_sub(1);
        }
        if let Some(n) = r.skip_header()? {
            r.enter()?;
            if n > 0 {
                owed += n;
                if owed > r.remaining() as u64 {
                    return Err(r.error_at(ErrorKind::UnexpectedEof, r.input().len()));
                }
                open.push(n);
                continue;
            }
            r.leave();
        }
        // A value is complete: count it, closing every container it completes.
        loop {
            let Some(left) = open.top() else {
                return Ok(());
            };
            *left -= 1;
            if *left > 0 {
                break;
            }
            open.pop();
            r.leave();
        }
    }
}
