//! Building the layout. [`parse`] first runs the fast loop of `fast.rs`,
//! which reads the bytes itself; when that loop stops short (at any error),
//! the checked loop here parses the input again from its start and reports
//! the error. The checked loop is one pass over the [`Reader`]'s tokens,
//! the calls of `Value`'s parser in the same order, so `Document` and
//! `Value` accept the same input and fail with the same error. Both loops
//! keep an explicit stack of open containers (so the call stack stays flat
//! however deep the input nests) and build through the one [`Builder`].

use super::{fast, Document, Slot, ARR, DUP, END, ESCAPED, FALSE, FLOAT, KEY, NINT, NULL, OBJ};
use super::{END_OBJ, REDIRECT, SHADOWED, STR, TRUE, UINT};
use crate::read::{Reader, Span};
use crate::value::number::{read_number, N};
use crate::Error;

/// An open array or object.
pub(super) struct Frame {
    /// Its slot.
    open: usize,
    /// Byte offset of its `[` or `{`.
    start: usize,
    /// Elements or members so far.
    pub(super) count: usize,
    pub(super) object: bool,
    /// One bit per key hash seen (objects only), in one of eight words
    /// picked by the hash's top three bits (a wider shift costs more): a
    /// key whose bit is set may repeat one before it, and is compared with
    /// the earlier keys by walking the object's slots. Nothing per key is
    /// kept but the bit. 512 bits keep that walk rare up to `CHECKED_KEYS`
    /// keys (about 1.5 false hits in an object of 40 keys, against 6 with
    /// 128 bits).
    bloom: [u64; BLOOM_WORDS],
    /// A key repeats (or, past `CHECKED_KEYS` members, may): resolved
    /// exactly when the object closes.
    maybe_dup: bool,
}

/// Pushes `frame` and gives it back in place (`Vec::push_mut`, before
/// Rust 1.95).
#[inline(always)]
pub(super) fn push_frame(frames: &mut Vec<Frame>, frame: Frame) -> &mut Frame {
    frames.push(frame);
    let last = frames.len() - 1;
    &mut frames[last]
}

/// Open containers the stack has room for before it grows: 8 frames are
/// 768 bytes, inside glibc's per-thread cache of small blocks (up to 1032),
/// whose malloc and free are a few instructions; 16 were not.
pub(super) const FRAMES: usize = 8;

/// The words of a [`Frame`]'s key filter.
const BLOOM_WORDS: usize = 8;

/// Keys of one object checked one by one as they come; a larger object
/// whose filter fills is checked once, at its end, by sorting.
const CHECKED_KEYS: usize = 64;

/// The layout being built, by either loop.
pub(super) struct Builder<'a> {
    input: &'a [u8],
    pub(super) slots: Vec<Slot>,
    arena: String,
    escaped: Vec<(usize, usize)>,
    redirects: Vec<(usize, usize)>,
    /// Reused by the exact repeat check: (hash, key slot, value slot).
    members: Vec<(u64, usize, usize)>,
}

pub(super) fn parse(input: &[u8], max_depth: usize) -> Result<Document<'_>, Error> {
    match fast::parse(input, max_depth) {
        Some(doc) => Ok(doc),
        None => checked(input, max_depth),
    }
}

/// The checked loop: see the module's documentation.
pub(super) fn checked(input: &[u8], max_depth: usize) -> Result<Document<'_>, Error> {
    let mut r = Reader::new(input);
    r.set_max_depth(max_depth);
    let mut b = Builder::new(input);
    let mut frames: Vec<Frame> = Vec::with_capacity(FRAMES);
    'value: loop {
        match r.peek() {
            Some(b'"') => {
                let at = r.offset();
                let span = r.read_str_span()?;
                b.string(&r, STR, span, at);
            }
            Some(b'-' | b'0'..=b'9') => {
                let at = r.offset();
                let n = read_number(&mut r)?;
                let slot = match n.repr() {
                    N::PosInt(v) => Slot::new(UINT, at, v),
                    N::NegInt(v) => Slot::new(NINT, at, v as u64),
                    N::Float(v) => Slot::new(FLOAT, at, v.to_bits()),
                };
                b.slots.push(slot);
            }
            Some(b'{') => {
                let at = r.offset();
                r.begin_object("a JSON value")?;
                let open = b.slots.len();
                if r.next_member(&mut true)? {
                    b.slots.push(Slot::new(OBJ, 0, 0));
                    // In place, as in the fast loop.
                    let frame = push_frame(&mut frames, b.object_frame(open, at));
                    b.key(&mut r, frame)?;
                    continue 'value;
                }
                b.slots.push(Slot::new(OBJ, 0, open as u64 + 1));
                b.slots
                    .push(Slot::new(END | END_OBJ, at, r.offset() as u64));
            }
            Some(b'[') => {
                let at = r.offset();
                r.begin_array("a JSON value")?;
                let open = b.slots.len();
                if r.next_element(&mut true)? {
                    b.slots.push(Slot::new(ARR, 0, 0));
                    frames.push(Frame::array(open, at));
                    continue 'value;
                }
                b.slots.push(Slot::new(ARR, 0, open as u64 + 1));
                b.slots.push(Slot::new(END, at, r.offset() as u64));
            }
            Some(b't' | b'f') => {
                let at = r.offset();
                let kind = if r.read_bool()? { TRUE } else { FALSE };
                b.slots.push(Slot::new(kind, at, 0));
            }
            Some(b'n') => {
                let at = r.offset();
                r.read_null()?;
                b.slots.push(Slot::new(NULL, at, 0));
            }
            _ => return Err(r.invalid_type("a JSON value")),
        }
        // A value is complete: move on, closing every container it completes.
        loop {
            let Some(frame) = frames.last_mut() else {
                break 'value;
            };
            frame.count += 1;
            if frame.object {
                if r.next_member(&mut false)? {
                    b.key(&mut r, frame)?;
                    continue 'value;
                }
            } else if r.next_element(&mut false)? {
                continue 'value;
            }
            let Some(frame) = frames.pop() else {
                break 'value;
            };
            b.close(frame, r.offset());
        }
    }
    r.finish()?;
    // The reader accepted all of `input` as one JSON value with whitespace
    // around it. It checks every string literal as UTF-8 (`parse_str_span`
    // validates each run that holds a byte ≥ 0x80), and accepts outside
    // string literals only ASCII bytes: whitespace, structural characters,
    // the letters of `true`/`false`/`null` and the characters of numbers,
    // each compared with an exact ASCII value. So the whole input is UTF-8,
    // as `finish` requires.
    Ok(b.finish(max_depth))
}

impl Frame {
    pub(super) fn array(open: usize, start: usize) -> Frame {
        Frame {
            open,
            start,
            count: 0,
            object: false,
            bloom: [0; BLOOM_WORDS],
            maybe_dup: false,
        }
    }
}

impl<'a> Builder<'a> {
    pub(super) fn new(input: &'a [u8]) -> Builder<'a> {
        Builder {
            input,
            // About one slot per eight bytes of input is what real documents
            // need (twitter 1/9, citm_catalog 1/7, canada 1/10); denser input
            // grows it.
            slots: Vec::with_capacity(input.len() / 8 + 4),
            arena: String::new(),
            escaped: Vec::new(),
            redirects: Vec::new(),
            members: Vec::new(),
        }
    }

    /// The frame of an object whose slot is `open` and whose `{` is at `start`.
    pub(super) fn object_frame(&self, open: usize, start: usize) -> Frame {
        Frame {
            open,
            start,
            count: 0,
            object: true,
            bloom: [0; BLOOM_WORDS],
            maybe_dup: false,
        }
    }

    /// The document, once a loop has accepted all of the input as one JSON
    /// value: the loop must have checked every string literal as UTF-8 and
    /// accepted only ASCII bytes outside them.
    ///
    /// By reference, and inlined: the builder moved into a call is a copy
    /// of its 136 bytes by wide loads of narrowly stored fields, which
    /// store forwarding cannot serve (a tenth of parsing a small document).
    #[inline(always)]
    pub(super) fn finish(&mut self, max_depth: usize) -> Document<'a> {
        if self.redirects.len() > 1 {
            self.redirects.sort_unstable();
        }
        debug_assert!(std::str::from_utf8(self.input).is_ok());
        // SAFETY: both callers (the checked loop above and `fast::parse`)
        // call this only after accepting the whole input, and each says at
        // the call why that makes it UTF-8. (Debug builds check it above; the
        // tests in tests/document.rs drive multibyte text inside and invalid
        // UTF-8 inside and outside strings through both loops.)
        let text = unsafe { std::str::from_utf8_unchecked(self.input) };
        let rare = if self.escaped.is_empty() && self.redirects.is_empty() {
            None
        } else {
            Some(self.rare())
        };
        Document {
            text,
            slots: std::mem::take(&mut self.slots),
            rare,
            max_depth,
        }
    }

    /// The side tables, boxed for the document (out of line: most small
    /// documents have none).
    #[cold]
    #[inline(never)]
    fn rare(&mut self) -> Box<super::Rare> {
        Box::new(super::Rare {
            arena: std::mem::take(&mut self.arena),
            escaped: std::mem::take(&mut self.escaped),
            redirects: std::mem::take(&mut self.redirects),
        })
    }

    /// Pushes a string or key slot for text the reader just parsed; `at` is
    /// the offset of its opening quote.
    #[inline]
    pub(super) fn string(&mut self, r: &Reader<'_>, kind: u8, span: Span, at: usize) {
        match span {
            Span::Input(start, end) => {
                self.slots.push(Slot::new(kind, end - start, start as u64));
            }
            Span::Scratch => self.escaped_string(r, kind, at),
        }
    }

    #[cold]
    #[inline(never)]
    fn escaped_string(&mut self, r: &Reader<'_>, kind: u8, at: usize) {
        let text = r.scratch_str();
        let index = self.escaped.len();
        self.escaped.push((self.arena.len(), at));
        self.arena.push_str(text);
        self.slots
            .push(Slot::new(kind | ESCAPED, text.len(), index as u64));
    }

    /// Reads a member's key (cursor on its quote) into a slot and checks
    /// whether it repeats an earlier key of the object.
    #[inline]
    fn key(&mut self, r: &mut Reader<'_>, frame: &mut Frame) -> Result<(), Error> {
        let at = r.offset();
        let span = r.read_key_span()?;
        self.add_key(r, frame, span, at);
        Ok(())
    }

    /// Pushes the slot of a key just read (its text `span`, its quote at
    /// `at`; `r` holds it if it had escapes) and checks whether it repeats
    /// an earlier key of the object.
    #[inline(always)]
    pub(super) fn add_key(&mut self, r: &Reader<'_>, frame: &mut Frame, span: Span, at: usize) {
        let hash = match span {
            Span::Input(start, end) => key_hash_in(self.input, start, end),
            Span::Scratch => key_hash(r.scratch_str().as_bytes()),
        };
        let (word, bit) = ((hash >> 61) as usize, 1u64 << ((hash >> 55) & 63));
        let slot = self.slots.len();
        self.string(r, KEY, span, at);
        let seen = frame.bloom[word] & bit != 0;
        frame.bloom[word] |= bit;
        if seen && !frame.maybe_dup {
            frame.maybe_dup = frame.count >= CHECKED_KEYS || self.repeats(frame.open, slot);
        }
    }

    /// Whether the key at `slot` equals an earlier key of the object whose
    /// slot is `open` (its earlier members are complete, so the walk from
    /// key to key can step over their values).
    #[cold]
    #[inline(never)]
    fn repeats(&self, open: usize, slot: usize) -> bool {
        let text = self.key_text(self.slots[slot]);
        let mut k = open + 1;
        while k < slot {
            if self.key_text(self.slots[k]) == text {
                return true;
            }
            k = next(&self.slots, k + 1);
        }
        false
    }

    /// Closes the container of `frame`; `end` is the offset after its bracket.
    #[inline]
    pub(super) fn close(&mut self, frame: Frame, end: usize) {
        let close = self.slots.len();
        let end_kind = if frame.object { END | END_OBJ } else { END };
        self.slots
            .push(Slot::new(end_kind, frame.start, end as u64));
        let mut len = frame.count;
        if frame.maybe_dup {
            len = self.resolve_repeats(frame.open, close);
        }
        let open = &mut self.slots[frame.open];
        open.set_a(len);
        open.set_b(close as u64);
    }

    /// The text of a key slot being built.
    fn key_text(&self, slot: Slot) -> &[u8] {
        if slot.flags() & ESCAPED != 0 {
            let (start, _) = self.escaped[slot.b() as usize];
            &self.arena.as_bytes()[start..start + slot.a()]
        } else {
            let start = slot.b() as usize;
            &self.input[start..start + slot.a()]
        }
    }

    /// The exact check for an object with a repeated key (or a large one
    /// whose filter filled): finds
    /// repeated keys, marks them (see the layout's `SHADOWED` and
    /// `REDIRECT`) and returns the number of distinct keys. Sorting by hash
    /// keeps it O(n log n) however large the object.
    #[cold]
    #[inline(never)]
    fn resolve_repeats(&mut self, open: usize, close: usize) -> usize {
        let mut members = std::mem::take(&mut self.members);
        members.clear();
        let mut i = open + 1;
        while i < close {
            let hash = key_hash(self.key_text(self.slots[i]));
            members.push((hash, i, i + 1));
            i = next(&self.slots, i + 1);
        }
        let count = members.len();
        members.sort_unstable();
        let mut shadowed = 0;
        let mut run = 0;
        while run < members.len() {
            let hash = members[run].0;
            let run_end = run + members[run..].iter().take_while(|m| m.0 == hash).count();
            // Within one hash, group equal keys (by position, first first).
            for first in run..run_end {
                let (_, key, _) = members[first];
                if self.slots[key].flags() & SHADOWED != 0 {
                    continue;
                }
                let mut last_value = None;
                for &(_, other, value) in &members[first + 1..run_end] {
                    if self.slots[other].flags() & SHADOWED == 0
                        && self.key_text(self.slots[other]) == self.key_text(self.slots[key])
                    {
                        self.slots[other].set_flag(SHADOWED);
                        shadowed += 1;
                        last_value = Some(value);
                    }
                }
                if let Some(value) = last_value {
                    self.slots[key].set_flag(REDIRECT);
                    self.redirects.push((key, value));
                }
            }
            run = run_end;
        }
        if shadowed > 0 {
            self.slots[open].set_flag(DUP);
        }
        self.members = members;
        count - shadowed
    }
}

/// The slot after the subtree at `i`.
#[inline]
pub(super) fn next(slots: &[Slot], i: usize) -> usize {
    match slots.get(i) {
        Some(s) if s.kind() == ARR || s.kind() == OBJ => s.b() as usize + 1,
        _ => i + 1,
    }
}

/// A 64-bit hash of a key, good enough to spread keys over 64 filter bits
/// and to sort them into groups; equal keys always hash equal.
#[inline(always)]
pub(crate) fn key_hash(key: &[u8]) -> u64 {
    let n = key.len();
    if n >= 8 {
        mix(load8(&key[..8]), load8(&key[n - 8..]), n)
    } else {
        mix(short_word(key), 0, n)
    }
}

/// [`key_hash`] of `input[start..end]`, which may read the bytes after the
/// key: a key shorter than 8 bytes (most are) is one load and a mask instead
/// of [`short_word`]'s branches and byte loads.
#[inline(always)]
fn key_hash_in(input: &[u8], start: usize, end: usize) -> u64 {
    let n = end - start;
    if n < 8 {
        if let Some(word) = input.get(start..start + 8) {
            // The key's bytes, zero-padded: what `short_word` builds.
            return mix(load8(word) & ((1u64 << (8 * n)) - 1), 0, n);
        }
    }
    key_hash(&input[start..end])
}

/// The bytes of a key shorter than 8, zero-padded, as a little-endian
/// word: two overlapping 4-byte loads, or the first, middle and last byte.
#[inline(always)]
fn short_word(key: &[u8]) -> u64 {
    let n = key.len();
    debug_assert!(n < 8);
    if n >= 4 {
        u64::from(load4(&key[..4])) | u64::from(load4(&key[n - 4..])) << (8 * (n - 4))
    } else if n > 0 {
        u64::from(key[0])
            | u64::from(key[n / 2]) << (8 * (n / 2))
            | u64::from(key[n - 1]) << (8 * (n - 1))
    } else {
        0
    }
}

#[inline(always)]
fn mix(x: u64, y: u64, n: usize) -> u64 {
    let mixed = (x ^ y.rotate_left(23) ^ (n as u64)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    mixed ^ (mixed >> 29)
}

#[inline]
fn load8(bytes: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(bytes);
    u64::from_le_bytes(b)
}

#[inline]
fn load4(bytes: &[u8]) -> u32 {
    let mut b = [0u8; 4];
    b.copy_from_slice(bytes);
    u32::from_le_bytes(b)
}

#[cfg(test)]
mod tests {
    use super::{key_hash, key_hash_in};

    /// Hashing a key inside its input (reading past it) gives the hash of
    /// the key alone, at every length and with any bytes after it.
    #[test]
    fn a_key_hashes_the_same_inside_its_input() {
        let text: Vec<u8> = (0..40u8).map(|i| b'a' + i % 26).collect();
        for start in 0..4 {
            for n in 0..20 {
                for after in [0, 1, 7, 8, 20] {
                    let end = start + n;
                    let Some(input) = text.get(..end + after) else {
                        continue;
                    };
                    let mut other = input.to_vec();
                    other[end..].fill(b'"');
                    let alone = key_hash(&input[start..end]);
                    assert_eq!(key_hash_in(input, start, end), alone, "{start} {n} {after}");
                    assert_eq!(
                        key_hash_in(&other, start, end),
                        alone,
                        "{start} {n} {after}"
                    );
                }
            }
        }
        // Keys that differ in one byte, or only in length, hash apart.
        assert_ne!(key_hash(b"ab"), key_hash(b"ab\0"));
        assert_ne!(key_hash(b"abc"), key_hash(b"abd"));
        assert_ne!(key_hash(b""), key_hash(b"\0"));
    }
}
