//! Binary data and extensions: [`Bytes`] (borrowed) and [`ByteBuf`] (owned)
//! are written as bin, [`Ext`] as an extension of its type.
//!
//! A `Vec<u8>` stays an array of integers, as in JSON and rmp-serde; wrap it
//! to get bin.

use super::{FromMsgpack, Reader, ToMsgpack, Writer};
use crate::Error;

/// Bytes borrowed from somewhere, written and read as bin (zero-copy when
/// read).
///
/// ```
/// use jetjson::msgpack::{from_slice, to_vec, Bytes};
///
/// let bytes = to_vec(&Bytes(b"\x00\xff"));
/// assert_eq!(bytes, b"\xc4\x02\x00\xff");
/// let back: Bytes = from_slice(&bytes).unwrap();
/// assert_eq!(back.0, b"\x00\xff");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Bytes<'a>(pub &'a [u8]);

impl ToMsgpack for Bytes<'_> {
    #[inline]
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_bin(self.0);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<'de: 'a, 'a> FromMsgpack<'de> for Bytes<'a> {
    #[inline]
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_bin().map(Bytes)
    }
}

/// Owned bytes, written and read as bin.
///
/// ```
/// use jetjson::msgpack::{from_slice, to_vec, ByteBuf};
///
/// let buf = ByteBuf(vec![1, 2, 3]);
/// assert_eq!(to_vec(&buf), b"\xc4\x03\x01\x02\x03");
/// assert_eq!(to_vec(&vec![1u8, 2, 3]), b"\x93\x01\x02\x03"); // a Vec<u8> is an array
/// assert_eq!(from_slice::<ByteBuf>(b"\xc4\x03\x01\x02\x03").unwrap(), buf);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct ByteBuf(pub Vec<u8>);

impl From<Vec<u8>> for ByteBuf {
    fn from(bytes: Vec<u8>) -> Self {
        ByteBuf(bytes)
    }
}

impl From<ByteBuf> for Vec<u8> {
    fn from(buf: ByteBuf) -> Self {
        buf.0
    }
}

impl ToMsgpack for ByteBuf {
    #[inline]
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_bin(&self.0);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<'de> FromMsgpack<'de> for ByteBuf {
    #[inline]
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_bin().map(|b| ByteBuf(b.to_vec()))
    }
}

/// An extension value, its data borrowed: `ty` 0 to 127 belong to the
/// application, negative types to the spec (-1 is [`Timestamp`](super::Timestamp)).
/// Reading accepts any type, -1 included.
///
/// ```
/// use jetjson::msgpack::{from_slice, to_vec, Ext};
///
/// let ext = Ext { ty: 5, data: b"abcd" };
/// assert_eq!(to_vec(&ext), b"\xd6\x05abcd"); // fixext 4
/// assert_eq!(from_slice::<Ext>(b"\xd6\x05abcd").unwrap(), ext);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ext<'a> {
    /// The extension type.
    pub ty: i8,
    /// The data, as it is in the input.
    pub data: &'a [u8],
}

impl ToMsgpack for Ext<'_> {
    #[inline]
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_ext(self.ty, self.data);
    }
}

impl<'de: 'a, 'a> FromMsgpack<'de> for Ext<'a> {
    #[inline]
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_ext().map(|(ty, data)| Ext { ty, data })
    }
}
