//! `smallvec::SmallVec<[T; N]>` (feature `smallvec`): as a `Vec<T>`, a JSON
//! array (MessagePack: an array), as smallvec's serde impl writes it.

use smallvec::{Array, SmallVec};

use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::{FromValue, ToValue};
use crate::{Error, FromJson, Reader, ToJson, Value, Writer};

impl<A: Array> ToJson for SmallVec<A>
where
    A::Item: ToJson,
{
    fn write_json(&self, w: &mut Writer<'_>) {
        self.as_slice().write_json(w);
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, A: Array> FromJson<'de> for SmallVec<A>
where
    A::Item: FromJson<'de>,
{
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.begin_array("an array")?;
        let mut out = SmallVec::new();
        let mut first = true;
        while r.next_element(&mut first)? {
            let index = out.len();
            out.push(A::Item::read_json(r).map_err(|e| e.index(index))?);
        }
        Ok(out)
    }
}

impl<A: Array> ToValue for SmallVec<A>
where
    A::Item: ToValue,
{
    fn to_value(&self) -> Value {
        Value::Array(self.iter().map(ToValue::to_value).collect())
    }
}

impl<A: Array> FromValue for SmallVec<A>
where
    A::Item: FromValue,
{
    fn from_value(v: Value) -> Result<Self, Error> {
        Vec::<A::Item>::from_value(v).map(SmallVec::from_vec)
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        Vec::<A::Item>::from_value_ref(v).map(SmallVec::from_vec)
    }
}

impl<A: Array> ToMsgpack for SmallVec<A>
where
    A::Item: ToMsgpack,
{
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        self.as_slice().write_msgpack(w);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, A: Array> FromMsgpack<'de> for SmallVec<A>
where
    A::Item: FromMsgpack<'de>,
{
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        Vec::<A::Item>::read_msgpack(r).map(SmallVec::from_vec)
    }
}
