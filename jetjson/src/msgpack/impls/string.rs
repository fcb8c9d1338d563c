//! `str`, `String`, `&str` and `Cow<str>` (both always borrowed: MessagePack
//! strings have no escapes) and `Box<str>`.

use std::borrow::Cow;

use crate::msgpack::{FromMsgpack, Reader, ToMsgpack, Writer};
use crate::Error;

impl ToMsgpack for str {
    #[inline]
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_str(self);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

impl ToMsgpack for String {
    #[inline]
    fn write_msgpack(&self, w: &mut Writer) {
        w.write_str(self);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de> FromMsgpack<'de> for String {
    #[inline]
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_str().map(str::to_owned)
    }
}

/// Borrows from the input, always (zero-copy).
impl<'de: 'a, 'a> FromMsgpack<'de> for &'a str {
    #[inline]
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_str()
    }
}

/// Always `Cow::Borrowed`.
impl<'de: 'a, 'a> FromMsgpack<'de> for Cow<'a, str> {
    #[inline]
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_str().map(Cow::Borrowed)
    }
}

impl<'de> FromMsgpack<'de> for Box<str> {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_str().map(Box::from)
    }
}
