//! The indentation of pretty-printed input, guessed line by line: shared by
//! the [`Reader`](super::Reader) and `Document`'s fast loop.
//!
//! Pretty-printed lines are indented by rule, so the indentation after a
//! line break is guessed from the byte before it (after `,` a sibling,
//! after `{` or `[` one step deeper, else a closing bracket one step out).
//! The next token's place then comes from the guess, and the compare
//! against spaces only confirms it, a predicted branch, instead of the next
//! token's load waiting for the compare and a bit count. A wrong guess
//! learns the indentation and the step.

/// How many spaces indent the current line, and by how many a nested line
/// is indented further, as the last line break showed them.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Indent {
    spaces: u32,
    step: u32,
}

impl Indent {
    /// The line break at `input[p]` is followed by `spaces` spaces (as
    /// `simd::leading_spaces32` counts them): the offset of the token after
    /// them when their number is the guess, which it then keeps; `None`,
    /// with nothing changed, otherwise.
    #[inline(always)]
    pub(crate) fn guessed(&mut self, input: &[u8], p: usize, spaces: u32) -> Option<usize> {
        let guess = match p.checked_sub(1).map(|q| input[q]) {
            Some(b',') => self.spaces,
            Some(b'{' | b'[') => self.spaces.wrapping_add(self.step),
            _ => self.spaces.wrapping_sub(self.step),
        };
        let at = (p + 1).wrapping_add(guess as usize);
        // `spaces ≥ guess` and a token at `at`: exactly `guess` spaces,
        // since the token is not one.
        if input.get(at).is_some_and(|&c| c > b' ') && spaces >= guess {
            self.spaces = guess;
            return Some(at);
        }
        None
    }

    /// Learns `spaces` as the current indentation (and the step from the
    /// last one), after a wrong guess.
    #[inline(always)]
    pub(crate) fn learn(&mut self, spaces: u32) {
        if spaces != self.spaces {
            self.step = spaces.abs_diff(self.spaces);
        }
        self.spaces = spaces;
    }
}
