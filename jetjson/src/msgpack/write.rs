//! `Writer`: appends MessagePack to a byte buffer, always in the smallest
//! encoding the spec allows for each value.

use super::marker::*;

/// Appends MessagePack to a `Vec<u8>`. Infallible: every call appends.
///
/// Each integer, string, binary, array, map and extension header takes the
/// smallest form that holds it (a non-negative signed integer is written in
/// the unsigned forms, as the spec recommends). `f32` is written as float 32
/// and `f64` as float 64, always, so that a value reads back with the type
/// it had.
///
/// ```
/// let mut w = jetjson::msgpack::Writer::new();
/// w.write_map_len(1);
/// w.write_str("id");
/// w.write_i64(-33);
/// assert_eq!(w.as_bytes(), b"\x81\xa2id\xd0\xdf");
/// ```
#[derive(Debug, Default, Clone)]
pub struct Writer {
    buf: Vec<u8>,
}

impl Writer {
    /// A writer with an empty buffer.
    pub fn new() -> Writer {
        Writer { buf: Vec::new() }
    }

    /// A writer with room for `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Writer {
        Writer {
            buf: Vec::with_capacity(capacity),
        }
    }

    /// A writer that appends to `buf`, keeping what it already holds. Pass a
    /// cleared buffer from an earlier run to encode without allocating.
    pub fn from_vec(buf: Vec<u8>) -> Writer {
        Writer { buf }
    }

    /// Takes the buffer out.
    pub fn into_vec(self) -> Vec<u8> {
        self.buf
    }

    /// The bytes written so far.
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf
    }

    /// Cuts the buffer back to `len` bytes: the serde bridge drops a value
    /// it could not finish, and re-heads an array or map of unknown length.
    #[cfg(feature = "serde")]
    #[inline]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.buf.truncate(len);
    }

    /// Empties the buffer, keeping its capacity.
    pub fn clear(&mut self) {
        self.buf.clear();
    }

    // MARK: - Raw bytes

    /// Appends bytes that are already MessagePack, as they are. Generated
    /// encoders use it for constant runs, such as a map header and a key.
    #[inline]
    pub fn write_raw(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    #[inline]
    fn marker_u8(&mut self, marker: u8, v: u8) {
        self.buf.extend_from_slice(&[marker, v]);
    }

    #[inline]
    fn marker_u16(&mut self, marker: u8, v: u16) {
        let b = v.to_be_bytes();
        self.buf.extend_from_slice(&[marker, b[0], b[1]]);
    }

    #[inline]
    fn marker_u32(&mut self, marker: u8, v: u32) {
        let b = v.to_be_bytes();
        self.buf
            .extend_from_slice(&[marker, b[0], b[1], b[2], b[3]]);
    }

    #[inline]
    fn marker_u64(&mut self, marker: u8, v: u64) {
        self.buf.push(marker);
        self.buf.extend_from_slice(&v.to_be_bytes());
    }

    // MARK: - Scalars

    /// nil (`0xc0`).
    #[inline]
    pub fn write_nil(&mut self) {
        self.buf.push(NIL);
    }

    /// false (`0xc2`) or true (`0xc3`).
    #[inline]
    pub fn write_bool(&mut self, v: bool) {
        self.buf.push(if v { TRUE } else { FALSE });
    }

    /// An unsigned integer: positive fixint up to 127, else uint 8/16/32/64.
    ///
    /// ```
    /// let b = |v| jetjson::msgpack::to_vec(&v);
    /// assert_eq!(b(127u64), [0x7f]);
    /// assert_eq!(b(128u64), [0xcc, 0x80]);
    /// assert_eq!(b(256u64), [0xcd, 0x01, 0x00]);
    /// ```
    #[inline]
    pub fn write_u64(&mut self, v: u64) {
        if v < 0x80 {
            self.buf.push(v as u8);
        } else if v <= u64::from(u8::MAX) {
            self.marker_u8(UINT8, v as u8);
        } else if v <= u64::from(u16::MAX) {
            self.marker_u16(UINT16, v as u16);
        } else if v <= u64::from(u32::MAX) {
            self.marker_u32(UINT32, v as u32);
        } else {
            self.marker_u64(UINT64, v);
        }
    }

    /// A signed integer: a non-negative one as [`write_u64`](Self::write_u64)
    /// does, a negative one as negative fixint down to -32, else the smallest
    /// of int 8/16/32/64.
    ///
    /// ```
    /// let b = |v| jetjson::msgpack::to_vec(&v);
    /// assert_eq!(b(5i64), [0x05]);
    /// assert_eq!(b(-32i64), [0xe0]);
    /// assert_eq!(b(-33i64), [0xd0, 0xdf]);
    /// ```
    #[inline]
    pub fn write_i64(&mut self, v: i64) {
        if v >= 0 {
            self.write_u64(v as u64);
        } else if v >= -32 {
            self.buf.push(v as u8);
        } else if v >= i64::from(i8::MIN) {
            self.marker_u8(INT8, v as u8);
        } else if v >= i64::from(i16::MIN) {
            self.marker_u16(INT16, v as u16);
        } else if v >= i64::from(i32::MIN) {
            self.marker_u32(INT32, v as u32);
        } else {
            self.marker_u64(INT64, v as u64);
        }
    }

    /// A `u128`: as [`write_u64`](Self::write_u64) when it fits 64 bits,
    /// otherwise as bin 8 of 16 bytes, the number big-endian (what rmp-serde
    /// writes for every `u128`). [`Reader::read_u128`](super::Reader::read_u128)
    /// reads both.
    ///
    /// ```
    /// let bytes = jetjson::msgpack::to_vec(&(u128::from(u64::MAX) + 1));
    /// assert_eq!(bytes[..2], [0xc4, 16]);
    /// assert_eq!(bytes[2..], (1u128 << 64).to_be_bytes());
    /// ```
    pub fn write_u128(&mut self, v: u128) {
        match u64::try_from(v) {
            Ok(v) => self.write_u64(v),
            Err(_) => self.write_bin(&v.to_be_bytes()),
        }
    }

    /// An `i128`: as an integer when it fits an `i64` or a `u64`, otherwise as
    /// bin 8 of 16 bytes, the two's complement big-endian.
    /// [`Reader::read_i128`](super::Reader::read_i128) reads both. The 16
    /// bytes carry no sign of their own, so read them as the type that wrote
    /// them: an `i128` below zero read as a `u128` is a large number.
    pub fn write_i128(&mut self, v: i128) {
        if let Ok(v) = u64::try_from(v) {
            self.write_u64(v);
        } else if let Ok(v) = i64::try_from(v) {
            self.write_i64(v);
        } else {
            self.write_bin(&v.to_be_bytes());
        }
    }

    /// float 32 (`0xca`), whatever the value, NaN and infinities included.
    #[inline]
    pub fn write_f32(&mut self, v: f32) {
        self.marker_u32(FLOAT32, v.to_bits());
    }

    /// float 64 (`0xcb`), whatever the value, NaN and infinities included.
    #[inline]
    pub fn write_f64(&mut self, v: f64) {
        self.marker_u64(FLOAT64, v.to_bits());
    }

    // MARK: - Strings, binary, extensions

    /// A string: fixstr up to 31 bytes, else str 8/16/32.
    ///
    /// # Panics
    ///
    /// If `v` is longer than `u32::MAX` bytes, which MessagePack cannot hold.
    #[inline]
    pub fn write_str(&mut self, v: &str) {
        let len = v.len();
        if len < 32 {
            self.buf.push(FIXSTR | len as u8);
        } else if len <= usize::from(u8::MAX) {
            self.marker_u8(STR8, len as u8);
        } else if len <= usize::from(u16::MAX) {
            self.marker_u16(STR16, len as u16);
        } else {
            self.marker_u32(STR32, len_u32(len, "string"));
        }
        self.buf.extend_from_slice(v.as_bytes());
    }

    /// Binary data: bin 8/16/32.
    ///
    /// # Panics
    ///
    /// If `v` is longer than `u32::MAX` bytes.
    pub fn write_bin(&mut self, v: &[u8]) {
        let len = v.len();
        if len <= usize::from(u8::MAX) {
            self.marker_u8(BIN8, len as u8);
        } else if len <= usize::from(u16::MAX) {
            self.marker_u16(BIN16, len as u16);
        } else {
            self.marker_u32(BIN32, len_u32(len, "binary value"));
        }
        self.buf.extend_from_slice(v);
    }

    /// An extension of type `ty`: fixext 1/2/4/8/16 when `data` has exactly
    /// that length, else ext 8/16/32. Types 0 to 127 are the application's;
    /// -1 is the timestamp ([`Timestamp`](super::Timestamp) writes it).
    ///
    /// ```
    /// let mut w = jetjson::msgpack::Writer::new();
    /// w.write_ext(7, &[1, 2]);
    /// w.write_ext(7, &[1, 2, 3]);
    /// assert_eq!(w.as_bytes(), [0xd5, 7, 1, 2, 0xc7, 3, 7, 1, 2, 3]);
    /// ```
    ///
    /// # Panics
    ///
    /// If `data` is longer than `u32::MAX` bytes.
    pub fn write_ext(&mut self, ty: i8, data: &[u8]) {
        let ty = ty as u8;
        match data.len() {
            1 => self.marker_u8(FIXEXT1, ty),
            2 => self.marker_u8(FIXEXT2, ty),
            4 => self.marker_u8(FIXEXT4, ty),
            8 => self.marker_u8(FIXEXT8, ty),
            16 => self.marker_u8(FIXEXT16, ty),
            len if len <= usize::from(u8::MAX) => {
                self.buf.extend_from_slice(&[EXT8, len as u8, ty]);
            }
            len if len <= usize::from(u16::MAX) => {
                self.marker_u16(EXT16, len as u16);
                self.buf.push(ty);
            }
            len => {
                self.marker_u32(EXT32, len_u32(len, "extension"));
                self.buf.push(ty);
            }
        }
        self.buf.extend_from_slice(data);
    }

    // MARK: - Containers

    /// The header of an array of `len` elements (fixarray up to 15, else
    /// array 16/32); the elements follow, written by the caller.
    ///
    /// # Panics
    ///
    /// If `len` is above `u32::MAX`.
    #[inline]
    pub fn write_array_len(&mut self, len: usize) {
        if len < 16 {
            self.buf.push(FIXARRAY | len as u8);
        } else if len <= usize::from(u16::MAX) {
            self.marker_u16(ARRAY16, len as u16);
        } else {
            self.marker_u32(ARRAY32, len_u32(len, "array"));
        }
    }

    /// The header of a map of `len` entries (fixmap up to 15, else map
    /// 16/32); the caller writes each key and then its value.
    ///
    /// # Panics
    ///
    /// If `len` is above `u32::MAX`.
    #[inline]
    pub fn write_map_len(&mut self, len: usize) {
        if len < 16 {
            self.buf.push(FIXMAP | len as u8);
        } else if len <= usize::from(u16::MAX) {
            self.marker_u16(MAP16, len as u16);
        } else {
            self.marker_u32(MAP32, len_u32(len, "map"));
        }
    }
}

/// A length for a 32-bit header; MessagePack has no larger one.
#[inline]
fn len_u32(len: usize, what: &str) -> u32 {
    match u32::try_from(len) {
        Ok(len) => len,
        Err(_) => too_long(len, what),
    }
}

#[cold]
#[inline(never)]
fn too_long(len: usize, what: &str) -> ! {
    panic!("MessagePack cannot hold a {what} of {len} items or bytes (the limit is u32::MAX)")
}
