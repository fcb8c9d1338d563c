//! `Writer`: the output side. Generated encoders append constant byte runs
//! (`{"id":`) and values; hand-written impls use the same calls.

mod escape;
pub mod pretty;
mod sax;

use std::io;

pub(crate) use escape::write_escaped;
use escape::write_escaped_key;
pub use sax::SaxWriter;

/// Once the buffer holds this much, a writer with an I/O sink passes it on at
/// the next element boundary.
const FLUSH_AT: usize = 64 * 1024;

/// The buffer a writer with an I/O sink starts with. Most values written to
/// a sink are small (a web response, one line of a log), and allocating the
/// whole block for each of them cost the serde bridge's `to_writer` into a
/// reused `Vec` a fifth of its time on the 140-byte doc payload. At the
/// first element boundary past it, the buffer is grown to the whole block
/// in one step (letting it double its way there copied 127 KiB per large
/// value: 3% of writing signal_timing).
const FIRST_BLOCK: usize = 1024;

/// Appends compact JSON to a byte buffer, and optionally streams it on to an
/// [`io::Write`].
///
/// The calls come in two layers. The raw layer (`write_raw`, `write_byte`)
/// copies bytes as they are; generated code uses it for the constant parts of
/// an object, such as `,"name":`. The value layer writes one JSON value each
/// (`write_str`, `write_i64`, `write_f64`, ...). The structural calls
/// (`begin_object`, `write_key`, `begin_array`, `write_comma`, ...) write
/// the punctuation; the caller decides where commas go. [`SaxWriter`] is the
/// event layer on top: it places commas itself and checks the order of calls
/// in debug builds.
///
/// ```
/// let mut w = jetjson::Writer::new();
/// w.begin_object();
/// w.write_key("name");
/// w.write_str("Ada \"Countess\" Lovelace");
/// w.write_comma();
/// w.write_key("born");
/// w.write_i64(1815);
/// w.end_object();
/// assert_eq!(w.as_bytes(), br#"{"name":"Ada \"Countess\" Lovelace","born":1815}"#);
/// ```
pub struct Writer<'a> {
    buf: Vec<u8>,
    sink: Option<&'a mut dyn io::Write>,
    flush_at: usize,
    io_error: Option<io::Error>,
}

impl Default for Writer<'static> {
    fn default() -> Self {
        Writer::new()
    }
}

impl Writer<'static> {
    /// A writer with an empty buffer.
    pub fn new() -> Self {
        Writer::from_vec(Vec::new())
    }

    /// A writer with room for `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Self {
        Writer::from_vec(Vec::with_capacity(capacity))
    }

    /// A writer that appends to `buf`, keeping what it already holds. Pass a
    /// cleared buffer from an earlier run to encode without allocating.
    pub fn from_vec(buf: Vec<u8>) -> Self {
        Writer {
            buf,
            sink: None,
            flush_at: usize::MAX,
            io_error: None,
        }
    }
}

impl<'a> Writer<'a> {
    /// A writer that passes its output on to `sink` in blocks of about 64 KiB
    /// (at element boundaries of arrays and maps), so memory stays bounded
    /// however large the value. Call [`Writer::finish`] at the end.
    pub fn to_io(sink: &'a mut dyn io::Write) -> Self {
        Writer {
            buf: Vec::with_capacity(FIRST_BLOCK),
            sink: Some(sink),
            flush_at: FIRST_BLOCK,
            io_error: None,
        }
    }

    /// Whether output goes to an I/O sink in blocks (rather than all into
    /// the buffer), for writers that size the buffer up front.
    #[inline]
    pub(crate) fn has_sink(&self) -> bool {
        self.sink.is_some()
    }

    /// The bytes written so far (not yet passed to a sink).
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf
    }

    /// Takes the buffer out.
    pub fn into_vec(self) -> Vec<u8> {
        self.buf
    }

    /// Writes `value` (which writes one JSON value) and keeps only the
    /// members of the object it wrote, inline, after a `,` unless `*first`
    /// (then cleared once a member is written); a value that is no object,
    /// or an empty one, leaves nothing. Flattened fields go through here:
    /// in place, with nothing passed on to a sink until the value is done,
    /// so its `{` is still in the buffer to take out.
    pub(crate) fn write_members_of(&mut self, first: &mut bool, value: impl FnOnce(&mut Self)) {
        let flush_at = std::mem::replace(&mut self.flush_at, usize::MAX);
        let start = self.buf.len();
        value(self);
        self.flush_at = flush_at;
        let text = &self.buf[start..];
        if text.len() > 2 && text[0] == b'{' && text[text.len() - 1] == b'}' {
            self.buf.pop();
            if *first {
                self.buf.remove(start);
            } else {
                self.buf[start] = b',';
            }
            *first = false;
        } else {
            self.buf.truncate(start);
        }
    }

    /// Cuts the buffer back to `len` bytes: the serde bridge drops a value
    /// it could not finish. Bytes already passed to a sink stay written.
    #[cfg(feature = "serde")]
    #[inline]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.buf.truncate(len);
    }

    /// Empties the buffer, keeping its capacity.
    pub fn clear(&mut self) {
        self.buf.clear();
    }

    /// Writes any buffered bytes to the sink and reports the first I/O error
    /// met on the way. Without a sink it only reports `Ok`.
    pub fn finish(mut self) -> io::Result<()> {
        self.flush_buf();
        match self.io_error.take() {
            Some(e) => Err(e),
            None => match self.sink.as_mut() {
                Some(sink) => sink.flush(),
                None => Ok(()),
            },
        }
    }

    /// An element boundary: a writer with a sink hands its buffer on here once
    /// it is large. Sequence and map impls call it after each element.
    #[inline]
    pub fn flush_point(&mut self) {
        if self.buf.len() >= self.flush_at {
            self.flush_or_grow();
        }
    }

    /// Past the first block: grow to the whole one, once; past that, flush.
    #[cold]
    fn flush_or_grow(&mut self) {
        if self.flush_at < FLUSH_AT {
            self.flush_at = FLUSH_AT;
            self.buf
                .reserve((FLUSH_AT + 1024).saturating_sub(self.buf.len()));
        } else {
            self.flush_buf();
        }
    }

    #[cold]
    fn flush_buf(&mut self) {
        if let Some(sink) = self.sink.as_mut() {
            if self.io_error.is_none() {
                if let Err(e) = sink.write_all(&self.buf) {
                    self.io_error = Some(e);
                }
            }
            self.buf.clear();
        }
    }

    // MARK: - Raw layer

    /// Appends bytes as they are. The caller keeps the output valid JSON.
    #[inline]
    pub fn write_raw(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// Appends the first `len` bytes of `bytes` as they are, then `then` (a
    /// `,` or `:`): when there are fewer than 32 of them and `bytes` holds 32
    /// or more, as one fixed-size copy (two vector moves, no call to
    /// `memcpy`) whose excess is overwritten and cut off again, so a value
    /// and the punctuation after it cost one capacity check and one length
    /// update. For the short strings and integers of a document, copied from
    /// its input.
    #[inline(always)]
    pub(crate) fn write_prefix_then(&mut self, bytes: &[u8], len: usize, then: u8) {
        if len < 32 {
            if let Some(block) = bytes.first_chunk::<32>() {
                let old = self.buf.len();
                self.buf.extend_from_slice(block);
                self.buf[old + len] = then;
                self.buf.truncate(old + len + 1);
                return;
            }
        }
        self.buf.extend_from_slice(&bytes[..len]);
        self.buf.push(then);
    }

    /// [`flush_point`](Self::flush_point) for a writer that has just put
    /// the `,` after a value (see [`close_after_comma`](Self::close_after_comma)):
    /// a block passed on to the sink stops before that `,`, which stays in
    /// the buffer for a closing bracket to overwrite.
    #[inline]
    pub(crate) fn flush_point_after_comma(&mut self) {
        if self.buf.len() > self.flush_at {
            self.flush_or_grow_after_comma();
        }
    }

    #[cold]
    fn flush_or_grow_after_comma(&mut self) {
        if self.flush_at < FLUSH_AT || self.sink.is_none() {
            self.flush_or_grow();
            return;
        }
        let last = self.buf.pop();
        self.flush_buf();
        if let Some(last) = last {
            self.buf.push(last);
        }
    }

    /// Closes a container with `bracket`: over the `,` that ends the
    /// buffer (after its last element), else after its opening bracket.
    /// For writers that put a `,` after every value (`Document`'s).
    #[inline]
    pub(crate) fn close_after_comma(&mut self, bracket: u8) {
        match self.buf.last_mut() {
            Some(last) if *last == b',' => *last = bracket,
            _ => self.buf.push(bracket),
        }
    }

    /// Takes back the `,` after the last value (see
    /// [`Writer::close_after_comma`]).
    #[inline]
    pub(crate) fn drop_trailing_comma(&mut self) {
        if self.buf.last() == Some(&b',') {
            self.buf.pop();
        }
    }

    /// Appends one byte as it is.
    #[inline]
    pub fn write_byte(&mut self, byte: u8) {
        self.buf.push(byte);
    }

    /// Reserves room for `additional` more bytes.
    #[inline]
    pub fn reserve(&mut self, additional: usize) {
        self.buf.reserve(additional);
    }

    // MARK: - Structure

    /// Writes `{`.
    #[inline]
    pub fn begin_object(&mut self) {
        self.buf.push(b'{');
    }

    /// Writes `}`.
    #[inline]
    pub fn end_object(&mut self) {
        self.buf.push(b'}');
    }

    /// Writes `[`.
    #[inline]
    pub fn begin_array(&mut self) {
        self.buf.push(b'[');
    }

    /// Writes `]`.
    #[inline]
    pub fn end_array(&mut self) {
        self.buf.push(b']');
    }

    /// Writes `,` between elements or members.
    #[inline]
    pub fn write_comma(&mut self) {
        self.buf.push(b',');
    }

    /// Writes an object key, escaped and quoted, and the colon after it.
    #[inline]
    pub fn write_key(&mut self, key: &str) {
        write_escaped_key::<false>(&mut self.buf, key.as_bytes());
    }

    /// `,` and then [`Writer::write_key`], in one store.
    #[cfg(feature = "serde")]
    #[inline]
    pub(crate) fn write_comma_key(&mut self, key: &str) {
        write_escaped_key::<true>(&mut self.buf, key.as_bytes());
    }

    // MARK: - Values

    /// Writes `null`.
    #[inline]
    pub fn write_null(&mut self) {
        self.buf.extend_from_slice(b"null");
    }

    /// Writes `true` or `false`.
    #[inline]
    pub fn write_bool(&mut self, v: bool) {
        self.buf
            .extend_from_slice(if v { b"true" as &[u8] } else { b"false" });
    }

    /// Writes a string, quoted, escaping `"`, `\` and control characters
    /// (as `\n`, `\t`, ... or `\u00XX`). Other characters are written as
    /// UTF-8, unescaped.
    #[inline]
    pub fn write_str(&mut self, s: &str) {
        write_escaped(&mut self.buf, s.as_bytes());
    }

    /// Writes a signed integer.
    #[inline(always)]
    pub fn write_i64(&mut self, v: i64) {
        escape::extend_short(&mut self.buf, itoa::Buffer::new().format(v).as_bytes());
    }

    /// Writes an unsigned integer.
    #[inline(always)]
    pub fn write_u64(&mut self, v: u64) {
        escape::extend_short(&mut self.buf, itoa::Buffer::new().format(v).as_bytes());
    }

    /// Writes a 128-bit signed integer.
    pub fn write_i128(&mut self, v: i128) {
        self.buf
            .extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
    }

    /// Writes a 128-bit unsigned integer.
    pub fn write_u128(&mut self, v: u128) {
        self.buf
            .extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
    }

    /// Writes a double as the shortest text that reads back to the same bits
    /// (`-0.0` keeps its sign). NaN and the infinities have no JSON form and
    /// are written as `null`, as serde_json and JavaScript's `JSON.stringify` do.
    ///
    /// The text is byte for byte serde_json's: plain decimals from 1e-5 up to
    /// below 1e16 (`0.0001`, `123.5`, `1000000000000000.0`), scientific outside
    /// that, with the exponent signed as JavaScript and Python sign it
    /// (`1e+16`, `1.5e+300`, `1e-7`).
    ///
    /// ```
    /// let mut w = jetjson::Writer::new();
    /// w.write_f64(1e16);
    /// w.write_comma();
    /// w.write_f64(1e-7);
    /// w.write_comma();
    /// w.write_f64(0.5);
    /// assert_eq!(w.as_bytes(), b"1e+16,1e-7,0.5");
    /// ```
    #[inline]
    pub fn write_f64(&mut self, v: f64) {
        if v.is_finite() {
            self.buf
                .extend_from_slice(zmij::Buffer::new().format_finite(v).as_bytes());
        } else {
            self.write_null();
        }
    }

    /// Writes two floats with a comma between, as two
    /// [`write_f64`](Self::write_f64) calls would. Both are formatted before
    /// either is copied: copying a number's text right after formatting it
    /// waits for the formatter's stores to land, and the second number's
    /// formatting hides that wait for the first.
    #[inline]
    pub fn write_f64_pair(&mut self, a: f64, b: f64) {
        if a.is_finite() && b.is_finite() {
            let mut first = zmij::Buffer::new();
            let mut second = zmij::Buffer::new();
            let a = first.format_finite(a).as_bytes();
            let b = second.format_finite(b).as_bytes();
            self.buf.reserve(a.len() + b.len() + 1);
            self.buf.extend_from_slice(a);
            self.buf.push(b',');
            self.buf.extend_from_slice(b);
        } else {
            self.write_f64(a);
            self.buf.push(b',');
            self.write_f64(b);
        }
    }

    /// Writes a float as the shortest text that reads back to the same `f32`
    /// (in serde_json's spelling, as [`write_f64`](Self::write_f64));
    /// non-finite values as `null`.
    #[inline]
    pub fn write_f32(&mut self, v: f32) {
        if v.is_finite() {
            self.buf
                .extend_from_slice(zmij::Buffer::new().format_finite(v).as_bytes());
        } else {
            self.write_null();
        }
    }
}

impl io::Write for Writer<'_> {
    /// Raw bytes, for adapters that produce JSON text themselves.
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_raw(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Writer;

    /// Both paths of `write_prefix_then` (the fixed 32-byte copy and the
    /// plain one) append exactly the prefix and the byte after it, after
    /// what was written before, whatever the room left in the buffer.
    #[test]
    fn write_prefix_then_appends_exactly_the_prefix_and_its_byte() {
        let source: Vec<u8> = (0..80u8).collect();
        for len in 0..=40 {
            for extra in [0, 1, 31, 32, 40] {
                let bytes = &source[..len + extra];
                for capacity in [0, 3, 40, 64] {
                    let mut w = Writer::from_vec(Vec::with_capacity(capacity));
                    w.write_raw(b"ab");
                    w.write_prefix_then(bytes, len, b',');
                    let mut want = b"ab".to_vec();
                    want.extend_from_slice(&bytes[..len]);
                    want.push(b',');
                    assert_eq!(w.into_vec(), want, "len {len} extra {extra} cap {capacity}");
                }
            }
        }
    }
}
