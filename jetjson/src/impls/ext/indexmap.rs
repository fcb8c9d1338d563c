//! `indexmap::IndexMap` and `indexmap::IndexSet` (feature `indexmap`): as
//! maps (JSON objects, keys as for `HashMap`) and sets (arrays), in
//! insertion order, as indexmap's serde impl writes them. A repeated key read
//! keeps the last value at the first key's position (`IndexMap::insert`).

use std::hash::{BuildHasher, Hash};

use indexmap::{IndexMap, IndexSet};

use crate::impls::map::{read_map, write_map};
use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::convert::{array, array_ref, object, object_ref};
use crate::value::{FromValue, FromValueKey, ToValue, ToValueKey};
use crate::{Error, FromJson, FromJsonKey, Map, Reader, ToJson, ToJsonKey, Value, Writer};

impl<K: ToJsonKey, V: ToJson, S> ToJson for IndexMap<K, V, S> {
    fn write_json(&self, w: &mut Writer<'_>) {
        write_map(w, self);
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, K, V, S> FromJson<'de> for IndexMap<K, V, S>
where
    K: FromJsonKey<'de> + Eq + Hash,
    V: FromJson<'de>,
    S: BuildHasher + Default,
{
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = IndexMap::with_hasher(S::default());
        read_map(r, |k, v| {
            out.insert(k, v);
        })?;
        Ok(out)
    }
}

impl<K: ToValueKey, V: ToValue, S> ToValue for IndexMap<K, V, S> {
    fn to_value(&self) -> Value {
        // Keys that collide as text: the last value at the first position.
        Value::Object(
            self.iter()
                .map(|(k, v)| (k.to_value_key(), v.to_value()))
                .collect::<Map>(),
        )
    }
}

impl<K, V, S> FromValue for IndexMap<K, V, S>
where
    K: FromValueKey + Eq + Hash,
    V: FromValue,
    S: BuildHasher + Default,
{
    fn from_value(v: Value) -> Result<Self, Error> {
        let members = object(v, "an object")?;
        let mut out = IndexMap::with_capacity_and_hasher(members.len(), S::default());
        for (k, v) in members {
            let v = V::from_value(v).map_err(|e| e.key(&k))?;
            out.insert(K::from_value_key_owned(k)?, v);
        }
        Ok(out)
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let members = object_ref(v, "an object")?;
        let mut out = IndexMap::with_capacity_and_hasher(members.len(), S::default());
        for (k, v) in members {
            let key = K::from_value_key(k)?;
            out.insert(key, V::from_value_ref(v).map_err(|e| e.key(k))?);
        }
        Ok(out)
    }
}

impl<K: ToMsgpack, V: ToMsgpack, S> ToMsgpack for IndexMap<K, V, S> {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        w.write_map_len(self.len());
        for (k, v) in self {
            k.write_msgpack(w);
            v.write_msgpack(w);
        }
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, K, V, S> FromMsgpack<'de> for IndexMap<K, V, S>
where
    K: FromMsgpack<'de> + Eq + Hash,
    V: FromMsgpack<'de>,
    S: BuildHasher + Default,
{
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        let len = r.read_map_len()?;
        r.enter()?;
        let mut out = IndexMap::with_hasher(S::default());
        for _ in 0..len {
            let k = K::read_msgpack(r)?;
            let v = V::read_msgpack(r)?;
            out.insert(k, v);
        }
        r.leave();
        Ok(out)
    }
}

impl<T: ToJson, S> ToJson for IndexSet<T, S> {
    fn write_json(&self, w: &mut Writer<'_>) {
        w.begin_array();
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                w.write_comma();
            }
            v.write_json(w);
            w.flush_point();
        }
        w.end_array();
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, T, S> FromJson<'de> for IndexSet<T, S>
where
    T: FromJson<'de> + Eq + Hash,
    S: BuildHasher + Default,
{
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.begin_array("an array")?;
        let mut out = IndexSet::with_hasher(S::default());
        let mut first = true;
        let mut index = 0;
        while r.next_element(&mut first)? {
            out.insert(T::read_json(r).map_err(|e| e.index(index))?);
            index += 1;
        }
        Ok(out)
    }
}

impl<T: ToValue, S> ToValue for IndexSet<T, S> {
    fn to_value(&self) -> Value {
        Value::Array(self.iter().map(ToValue::to_value).collect())
    }
}

impl<T, S> FromValue for IndexSet<T, S>
where
    T: FromValue + Eq + Hash,
    S: BuildHasher + Default,
{
    fn from_value(v: Value) -> Result<Self, Error> {
        let items = array(v, "an array")?;
        let mut out = IndexSet::with_capacity_and_hasher(items.len(), S::default());
        for (i, v) in items.into_iter().enumerate() {
            out.insert(T::from_value(v).map_err(|e| e.index(i))?);
        }
        Ok(out)
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let items = array_ref(v, "an array")?;
        let mut out = IndexSet::with_capacity_and_hasher(items.len(), S::default());
        for (i, v) in items.iter().enumerate() {
            out.insert(T::from_value_ref(v).map_err(|e| e.index(i))?);
        }
        Ok(out)
    }
}

impl<T: ToMsgpack, S> ToMsgpack for IndexSet<T, S> {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        w.write_array_len(self.len());
        for v in self {
            v.write_msgpack(w);
        }
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, T, S> FromMsgpack<'de> for IndexSet<T, S>
where
    T: FromMsgpack<'de> + Eq + Hash,
    S: BuildHasher + Default,
{
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        let len = r.read_array_len()?;
        r.enter()?;
        let mut out = IndexSet::with_hasher(S::default());
        for i in 0..len {
            out.insert(T::read_msgpack(r).map_err(|e| e.index(i))?);
        }
        r.leave();
        Ok(out)
    }
}
