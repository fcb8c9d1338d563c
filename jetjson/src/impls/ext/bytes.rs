//! `bytes::Bytes` and `bytes::BytesMut` (feature `bytes`), as bytes' serde
//! impl writes them: serde bytes, which serde_json writes as an array of
//! numbers (`[104,105]`) and rmp-serde as MessagePack binary data.
//!
//! Read as that impl reads: an array of integers 0..=255, or a string (its
//! UTF-8 bytes, as serde_json hands a string to a bytes visitor); in
//! MessagePack also binary data (the readers `CString` shares).

use bytes::{Bytes, BytesMut};

use crate::impls::ffi::{msgpack_bytes, read_bytes, value_bytes};
use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::{FromValue, ToValue};
use crate::{Error, FromJson, Reader, ToJson, Value, Writer};

macro_rules! bytes_type {
    ($ty:ty, |$b:ident| $make:expr) => {
        impl ToJson for $ty {
            fn write_json(&self, w: &mut Writer<'_>) {
                self[..].write_json(w);
            }

            fn is_json_empty(&self) -> bool {
                self.is_empty()
            }
        }

        impl<'de> FromJson<'de> for $ty {
            fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                read_bytes(r).map(|$b| $make)
            }
        }

        impl ToValue for $ty {
            fn to_value(&self) -> Value {
                Value::Array(self.iter().map(|b| b.to_value()).collect())
            }
        }

        impl FromValue for $ty {
            fn from_value_ref(v: &Value) -> Result<Self, Error> {
                value_bytes(v).map(|$b| $make)
            }
        }

        impl ToMsgpack for $ty {
            fn write_msgpack(&self, w: &mut msgpack::Writer) {
                w.write_bin(self);
            }

            fn is_msgpack_empty(&self) -> bool {
                self.is_empty()
            }
        }

        impl<'de> FromMsgpack<'de> for $ty {
            fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
                msgpack_bytes(r).map(|$b| $make)
            }
        }
    };
}

bytes_type!(Bytes, |b| Bytes::from(b));
bytes_type!(BytesMut, |b| BytesMut::from(&b[..]));
