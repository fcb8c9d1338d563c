//! `Result<T, E>` as serde writes it: an externally tagged enum,
//! `{"Ok":value}` or `{"Err":error}` (MessagePack: a map of one entry keyed
//! by the name; the variant's index is read as a key too, as rmp-serde
//! reads it). A bare `"Ok"`, an unknown name or a second member is an
//! error, as in serde_json.

use crate::impls::shape::{
    msgpack_newtype_variant, newtype_variant_value, read_newtype_variant, value_newtype_variant,
    write_newtype_variant, write_newtype_variant_msgpack,
};
use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::{FromValue, ToValue};
use crate::{Error, FromJson, Reader, ToJson, Value, Writer};

const VARIANTS: &[&str] = &["Ok", "Err"];
const EXPECTED: &str = "a Result";

impl<T: ToJson, E: ToJson> ToJson for Result<T, E> {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        match self {
            Ok(v) => write_newtype_variant(w, "Ok", v),
            Err(e) => write_newtype_variant(w, "Err", e),
        }
    }
}

impl<'de, T: FromJson<'de>, E: FromJson<'de>> FromJson<'de> for Result<T, E> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        read_newtype_variant(r, EXPECTED, VARIANTS, |r, i| {
            Ok(if i == 0 {
                Ok(T::read_json(r)?)
            } else {
                Err(E::read_json(r)?)
            })
        })
    }
}

impl<T: ToValue, E: ToValue> ToValue for Result<T, E> {
    fn to_value(&self) -> Value {
        match self {
            Ok(v) => newtype_variant_value("Ok", v.to_value()),
            Err(e) => newtype_variant_value("Err", e.to_value()),
        }
    }
}

impl<T: FromValue, E: FromValue> FromValue for Result<T, E> {
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let (i, v) = value_newtype_variant(v, EXPECTED, VARIANTS)?;
        Ok(if i == 0 {
            Ok(T::from_value_ref(v).map_err(|e| e.field("Ok"))?)
        } else {
            Err(E::from_value_ref(v).map_err(|e| e.field("Err"))?)
        })
    }
}

impl<T: ToMsgpack, E: ToMsgpack> ToMsgpack for Result<T, E> {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        match self {
            Ok(v) => write_newtype_variant_msgpack(w, "Ok", v),
            Err(e) => write_newtype_variant_msgpack(w, "Err", e),
        }
    }
}

impl<'de, T: FromMsgpack<'de>, E: FromMsgpack<'de>> FromMsgpack<'de> for Result<T, E> {
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        msgpack_newtype_variant(r, EXPECTED, VARIANTS, |r, i| {
            Ok(if i == 0 {
                Ok(T::read_msgpack(r)?)
            } else {
                Err(E::read_msgpack(r)?)
            })
        })
    }
}
